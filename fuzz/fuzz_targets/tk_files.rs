//! Three Kingdoms: the card file loader and the army file validation on arbitrary text.
//!
//! Input: a mode byte, then a card file and an army file separated by the first NUL byte (either
//! may be empty). A card set that loads writes itself back as a file that loads to the same set;
//! an army file is validated against the starter pool plus those cards without panicking; and
//! when its first army is legal, a game of that army against the second (or itself) sets up with
//! the cards and plays up to 32 random moves (80 until issue 37).
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbp_core::{
    SeededDice,
    engine::{Game, Seat},
};
use pbp_three_kingdoms::{
    ArmyChoice, CardSet, Rules, ThreeKingdoms, ThreeKingdomsConfig, armies_from_json,
    validate_army, validate_army_file, validate_card,
};

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let (cards_text, armies_text) = text.split_once('\0').unwrap_or((text, ""));
    let extra = match CardSet::from_json(cards_text) {
        Ok(set) => {
            for card in set.iter() {
                assert_eq!(validate_card(card), Ok(()), "{card:?}");
            }
            let written = set.to_json("fuzz");
            assert_eq!(CardSet::from_json(&written).as_ref(), Ok(&set), "{written}");
            Some(set)
        }
        Err(e) => {
            let _ = e.to_string();
            None
        }
    };
    let rules = Rules::default();
    let cards = (!cards_text.is_empty()).then_some(cards_text);
    if let Ok(report) = validate_army_file(armies_text, cards, &rules) {
        for (_, problems) in &report {
            for problem in problems {
                let _ = problem.to_string();
            }
        }
    }
    let Ok(armies) = armies_from_json(armies_text) else {
        return;
    };
    let mut pool = CardSet::starter();
    if let Some(extra) = &extra
        && pool.extend(extra).is_err()
    {
        return;
    }
    let legal: Vec<_> = armies
        .iter()
        .filter(|a| validate_army(a, &pool, &rules).is_empty())
        .take(2)
        .collect();
    let Some(&first) = legal.first() else {
        return;
    };
    let second = legal.get(1).copied().unwrap_or(first);
    let config = ThreeKingdomsConfig {
        armies: [
            ArmyChoice::Custom(Box::new(first.clone())),
            ArmyChoice::Custom(Box::new(second.clone())),
        ],
        rules,
        first: (mode % 3 < 2).then_some(Seat(u16::from(mode % 3))),
        extra_cards: extra
            .map(|s| s.iter().cloned().collect())
            .unwrap_or_default(),
        players: Vec::new(),
    };
    let seed = u64::from(mode);
    let Ok(mut state) = ThreeKingdoms::setup(&config, &mut SeededDice::new(seed)) else {
        return;
    };
    pbp_fuzz::random_moves::<ThreeKingdoms>(&mut state, seed, 32);
});
