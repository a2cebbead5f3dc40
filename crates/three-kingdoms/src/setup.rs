//! Setting a match up: each seat's side built from a legal army.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::Arc;

use pbp_core::{Deck, Dice, engine::Seat};

use crate::army::{ArmyChoice, ArmySpec, preset_of};
use crate::cards::{CardSet, CardType, starter_set};
use crate::config::{AmbushVisibility, ThreeKingdomsConfig};
use crate::engine::{draw, start_turn};
use crate::error::ThreeKingdomsError;
use crate::game::ThreeKingdoms;
use crate::state::{Character, Phase, Player, ThreeKingdomsState, Zone};
use crate::validate_army;

/// Builds a seat's side from a legal army.
pub(crate) fn build_player(
    state_defs: &mut BTreeMap<String, Arc<crate::cards::CardDef>>,
    cards: &CardSet,
    army: &ArmySpec,
) -> Player {
    let mut ids: Vec<String> = Vec::new();
    ids.push(army.lord.clone());
    ids.extend(army.characters.iter().cloned());
    ids.extend(army.titles.iter().map(|t| t.title.clone()));
    ids.extend(army.events.iter().cloned());
    let army_len = ids.len() as u32;
    for entry in &army.deck {
        for _ in 0..entry.copies {
            ids.push(entry.card.clone());
        }
    }
    for id in &ids {
        if let Some(d) = cards.get_shared(id)
            && !state_defs.contains_key(id)
        {
            state_defs.insert(id.clone(), Arc::clone(d));
        }
    }
    let mut deck = Deck::new((0..ids.len() as u32).collect());
    // The army's cards are out of the deck from the start: take positions 1..army_len.
    for _ in 0..army_len {
        let _ = deck.draw_at(1);
    }
    let index_of = |id: &str| army.characters.iter().position(|c| c == id);
    let mut field = vec![Character::new(0, Zone::Command)];
    for (i, id) in army.characters.iter().enumerate() {
        let card = 1 + i as u32;
        let zone = match cards.get(id).map(|d| d.card_type) {
            Some(CardType::General) => Zone::Home,
            _ => Zone::Command,
        };
        let mut ch = Character::new(card, zone);
        ch.ambush = army.ambush.contains(id);
        field.push(ch);
    }
    let titles_start = 1 + army.characters.len() as u32;
    for (i, grant) in army.titles.iter().enumerate() {
        let title = titles_start + i as u32;
        let bearer = if grant.on == army.lord {
            Some(0)
        } else {
            index_of(&grant.on).map(|p| 1 + p as u32)
        };
        if let Some(b) = bearer
            && let Some(ch) = field.iter_mut().find(|c| c.card == b)
        {
            ch.titles.push(title);
        }
    }
    let event = army
        .events
        .first()
        .map(|_| titles_start + army.titles.len() as u32);
    Player {
        name: String::new(),
        army: army.name.as_str().into(),
        commander: army
            .commander
            .as_deref()
            .and_then(index_of)
            .map(|p| 1 + p as u32),
        strategist: army
            .strategist
            .as_deref()
            .and_then(index_of)
            .map(|p| 1 + p as u32),
        cards: ids.into(),
        deck,
        hand: Vec::new(),
        discard: Vec::new(),
        removed: Vec::new(),
        field,
        lord: 0,
        event,
        resources: 0,
        lord_moved: false,
        commander_fell: None,
    }
}

impl ThreeKingdoms {
    /// Every army problem for a config, by seat.
    ///
    /// # Errors
    /// The cards added by the config are invalid.
    pub fn resolve_armies(
        config: &ThreeKingdomsConfig,
    ) -> Result<(CardSet, [ArmySpec; 2]), ThreeKingdomsError> {
        let (cards, [a, b]) = ThreeKingdoms::armies_of(config)?;
        Ok((cards.into_owned(), [a.into_owned(), b.into_owned()]))
    }

    /// [`ThreeKingdoms::resolve_armies`], borrowing what it can: the starter pool and the
    /// preconstructed armies are read once and shared, and copied only to add a config's cards.
    fn armies_of(
        config: &ThreeKingdomsConfig,
    ) -> Result<(Cow<'static, CardSet>, [Cow<'_, ArmySpec>; 2]), ThreeKingdomsError> {
        let mut cards = Cow::Borrowed(starter_set());
        for c in &config.extra_cards {
            cards.to_mut().insert(c.clone())?;
        }
        let pick = |choice| -> Result<Cow<'_, ArmySpec>, ThreeKingdomsError> {
            match choice {
                &ArmyChoice::Preset(f) => preset_of(f).map(Cow::Borrowed).ok_or_else(|| {
                    ThreeKingdomsError::Config(format!("no preset army for {}", f.name()))
                }),
                ArmyChoice::Custom(a) => Ok(Cow::Borrowed(&**a)),
            }
        };
        Ok((cards, [pick(&config.armies[0])?, pick(&config.armies[1])?]))
    }
}

/// [`Game::setup`](pbp_core::engine::Game::setup).
pub(crate) fn setup(
    config: &ThreeKingdomsConfig,
    dice: &mut dyn Dice,
) -> Result<ThreeKingdomsState, ThreeKingdomsError> {
    let rules = &config.rules;
    if rules.hand_limit == 0 || rules.opening_hand > rules.hand_limit {
        return Err(ThreeKingdomsError::Config(
            "the opening hand must fit the hand limit, which is at least 1".into(),
        ));
    }
    if rules.deck_min == 0 || rules.deck_min > rules.deck_max || rules.max_copies == 0 {
        return Err(ThreeKingdomsError::Config(
            "deck_min must be 1 to deck_max, and max_copies at least 1".into(),
        ));
    }
    if config.first.is_some_and(|s| s.0 > 1) {
        return Err(ThreeKingdomsError::Config(
            "first must be seat 0 or 1".into(),
        ));
    }
    let (cards, armies) = ThreeKingdoms::armies_of(config)?;
    for army in &armies {
        let problems = validate_army(army, &cards, rules);
        if !problems.is_empty() {
            return Err(ThreeKingdomsError::Army {
                army: army.name.clone(),
                problems,
            });
        }
    }
    if !config.players.is_empty() && config.players.len() != 2 {
        return Err(ThreeKingdomsError::Config(format!(
            "the game has two players, but {} names were given",
            config.players.len()
        )));
    }
    let mut defs = BTreeMap::new();
    let mut players = [
        build_player(&mut defs, &cards, &armies[0]),
        build_player(&mut defs, &cards, &armies[1]),
    ];
    for (player, name) in players.iter_mut().zip(&config.players) {
        player.name.clone_from(name);
    }
    let mut state = ThreeKingdomsState {
        rules: rules.clone(),
        defs: defs.into(),
        players,
        active: Seat(0),
        phase: Phase::Preparation,
        turn: 0,
        pending: None,
        cost_mods: Vec::new(),
        ending: None,
        resolved: Default::default(),
    };
    state.resolve();
    let first = match config.first {
        Some(s) => s,
        None => Seat(dice.roll(2)? as u16 - 1),
    };
    if rules.ambush == AmbushVisibility::Public {
        for p in &mut state.players {
            for ch in &mut p.field {
                ch.ambush_revealed = true;
            }
        }
    }
    let mut events = Vec::new();
    for seat in [Seat(0), Seat(1)] {
        if state.player(seat).deck.remaining() < u32::from(rules.opening_hand) {
            return Err(ThreeKingdomsError::Config(
                "a deck is smaller than the opening hand".into(),
            ));
        }
        for _ in 0..rules.opening_hand {
            draw(&mut state, seat, dice, &mut events)?;
        }
    }
    start_turn(&mut state, first, dice, &mut events)?;
    Ok(state)
}
