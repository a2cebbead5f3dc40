//! Invariants under random play, with proptest choosing the seeds, armies and choices.

use pbp_core::testing::{random_action, text_round_trip};
use pbp_core::{Game, Seat, SeededDice};
use pbp_three_kingdoms::{
    CardType, Faction, ThreeKingdoms, ThreeKingdomsConfig, ThreeKingdomsState,
};
use proptest::prelude::*;

fn check(s: &ThreeKingdomsState) -> Result<(), TestCaseError> {
    for seat in [Seat(0), Seat(1)] {
        let p = s.player(seat);
        // Cards are conserved: each instance in exactly one place.
        let mut all = s.locations(seat);
        all.sort_unstable();
        let expected: Vec<u32> = (0..p.cards.len() as u32).collect();
        prop_assert_eq!(all, expected, "seat {} lost or duplicated a card", seat);
        prop_assert!(p.hand.len() <= usize::from(s.rules.hand_limit));
        // One Strategist and one Commander at most.
        let strategists = p
            .field
            .iter()
            .filter(|c| p.strategist == Some(c.card))
            .count();
        prop_assert!(strategists <= 1);
        let commanders = p
            .field
            .iter()
            .filter(|c| p.commander == Some(c.card) || (c.card == p.lord && s.war_lord(seat)))
            .count();
        prop_assert!(commanders <= 1);
        prop_assert!(p.commander.is_none() || !s.war_lord(seat));
        // No cost below 1.
        for &c in &p.hand {
            match s.def(seat, c).map(|d| d.card_type) {
                Some(CardType::General | CardType::Adviser) => {
                    prop_assert!(s.summon_cost(seat, c) >= 1);
                    prop_assert!(s.revive_cost(seat, c) >= 2);
                }
                Some(
                    CardType::Tactic
                    | CardType::Strategy
                    | CardType::Title
                    | CardType::Reinforcement,
                ) => {
                    prop_assert!(s.play_cost(seat, c) >= 1)
                }
                _ => {}
            }
        }
        // The Lord is always in play until the game ends.
        prop_assert!(s.character(seat, p.lord).is_some());
        // Evacuated Advisers are out of the game, not in the discard pile.
        for &c in &p.discard {
            prop_assert_ne!(s.def(seat, c).map(|d| d.card_type), Some(CardType::Lord));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn invariants_hold_through_random_games(seed in any::<u64>(), a in 0usize..5, b in 0usize..5) {
        let config = ThreeKingdomsConfig::presets(Faction::ALL[a], Faction::ALL[b]);
        let mut dice = SeededDice::new(seed);
        let mut s = ThreeKingdoms::setup(&config, &mut dice).unwrap();
        check(&s)?;
        let mut steps = 0;
        while let Some((actor, action)) = random_action::<ThreeKingdoms>(&s, &mut dice) {
            text_round_trip::<ThreeKingdoms>(&s, actor, &action).map_err(|v| TestCaseError::fail(v.0))?;
            ThreeKingdoms::apply(&mut s, actor, &action, &mut dice).unwrap();
            check(&s)?;
            steps += 1;
            prop_assert!(steps < 20_000);
        }
        prop_assert!(ThreeKingdoms::turn(&s).outcome().is_some());
    }
}
