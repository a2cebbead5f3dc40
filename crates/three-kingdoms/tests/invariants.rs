//! Invariants under random play, with proptest choosing the seeds, armies and choices.

use pbp_core::engine::testing::{BotOptions, random_action_with, text_round_trip};
use pbp_core::{
    SeededDice,
    engine::{Actor, Game, Seat, Viewer},
};
use pbp_three_kingdoms::{
    CardType, Faction, ThreeKingdoms, ThreeKingdomsAction, ThreeKingdomsConfig, ThreeKingdomsEvent,
    ThreeKingdomsState,
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
        while let Some((actor, action)) = random_action_with::<ThreeKingdoms>(&s, BotOptions::WITH_RULINGS, &mut dice) {
            text_round_trip::<ThreeKingdoms>(&s, actor, &action).map_err(|v| TestCaseError::fail(v.0))?;
            ThreeKingdoms::apply(&mut s, actor, &action, &mut dice).unwrap();
            check(&s)?;
            steps += 1;
            prop_assert!(steps < 20_000);
        }
        prop_assert!(ThreeKingdoms::turn(&s).outcome().is_some());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    /// A state read back from its JSON (which looks each card up by id until its first `apply`)
    /// writes the same JSON and has the same legal actions, views and results as the state it
    /// was written from (which reads its resolved cards); the game master's legal actions are
    /// the acting seat's that choose nothing for them.
    #[test]
    fn a_state_read_from_json_plays_as_the_original(seed in any::<u64>(), a in 0usize..5, b in 0usize..5) {
        let config = ThreeKingdomsConfig::presets(Faction::ALL[a], Faction::ALL[b]);
        let mut dice = SeededDice::new(seed);
        let mut s = ThreeKingdoms::setup(&config, &mut dice).unwrap();
        let mut steps = 0;
        while let Some((actor, action)) = random_action_with::<ThreeKingdoms>(&s, BotOptions::WITH_RULINGS, &mut dice) {
            let json = serde_json::to_string(&s).unwrap();
            let mut read: ThreeKingdomsState = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(&serde_json::to_string(&read).unwrap(), &json);
            prop_assert_eq!(&read, &s);
            for who in [Actor::Seat(Seat(0)), Actor::Seat(Seat(1)), Actor::GameMaster] {
                prop_assert_eq!(
                    ThreeKingdoms::legal_actions(&read, who),
                    ThreeKingdoms::legal_actions(&s, who)
                );
            }
            if let Some(seat) = ThreeKingdoms::turn(&s).actors().iter().find_map(|a| a.seat()) {
                let for_absent: Vec<_> = ThreeKingdoms::legal_actions(&s, Actor::Seat(seat))
                    .into_iter()
                    .filter(|a| matches!(
                        a,
                        ThreeKingdomsAction::End
                            | ThreeKingdomsAction::FollowUp { with: None }
                    ) || matches!(a, ThreeKingdomsAction::Intercept { with } if with.is_empty()))
                    .collect();
                prop_assert_eq!(ThreeKingdoms::legal_actions(&s, Actor::GameMaster), for_absent);
            }
            for viewer in [Viewer::Seat(Seat(0)), Viewer::Seat(Seat(1)), Viewer::GameMaster] {
                prop_assert_eq!(ThreeKingdoms::view(&read, viewer), ThreeKingdoms::view(&s, viewer));
            }
            let mut read_dice = dice.clone();
            let events = ThreeKingdoms::apply(&mut s, actor, &action, &mut dice).unwrap();
            let read_events = ThreeKingdoms::apply(&mut read, actor, &action, &mut read_dice).unwrap();
            prop_assert_eq!(read_events, events);
            prop_assert_eq!(&read, &s);
            steps += 1;
            prop_assert!(steps < 20_000);
        }
    }
}

/// Whether `events` hold nothing after a `GameOver`: nothing happens after the game ends.
fn nothing_after_the_end(events: &[pbp_core::engine::Visible<ThreeKingdomsEvent>]) -> bool {
    let over = events
        .iter()
        .position(|e| matches!(e.event, ThreeKingdomsEvent::GameOver { .. }));
    over.is_none_or(|i| i + 1 == events.len())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// The game over event is the last of its step, however the game ends.
    #[test]
    fn nothing_happens_after_the_game_ends(seed in any::<u64>(), a in 0usize..5, b in 0usize..5, empty in any::<bool>()) {
        let config = ThreeKingdomsConfig::presets(Faction::ALL[a], Faction::ALL[b]);
        let mut dice = SeededDice::new(seed);
        let mut s = ThreeKingdoms::setup(&config, &mut dice).unwrap();
        if empty {
            // Both decks emptied (to the discard piles): the next draw loses the match.
            for p in &mut s.players {
                while let Ok(card) = p.deck.draw_at(1) {
                    p.discard.push(card);
                }
            }
        }
        while let Some((actor, action)) = random_action_with::<ThreeKingdoms>(&s, BotOptions::WITH_RULINGS, &mut dice) {
            let events = ThreeKingdoms::apply(&mut s, actor, &action, &mut dice).unwrap();
            prop_assert!(nothing_after_the_end(&events), "{:?}", events);
            check(&s)?;
        }
    }
}

/// The audit's case: a seat that must draw from an empty deck loses, and no Preparation Phase
/// begins after it ("Lord of A: Preparation Phase" was emitted after the game over).
#[test]
fn a_loss_by_an_empty_deck_ends_the_turn_s_events() {
    let mut dice = SeededDice::new(1);
    let mut s = ThreeKingdoms::setup(&ThreeKingdomsConfig::default(), &mut dice).unwrap();
    let next = pbp_three_kingdoms::opponent(s.active);
    let p = &mut s.players[usize::from(next.0)];
    while let Ok(card) = p.deck.draw_at(1) {
        p.discard.push(card);
    }
    let mut last = Vec::new();
    while ThreeKingdoms::turn(&s).outcome().is_none() {
        let actor = Actor::Seat(s.active);
        last = ThreeKingdoms::apply(&mut s, actor, &ThreeKingdomsAction::End, &mut dice).unwrap();
    }
    assert!(
        matches!(last.last().map(|e| &e.event), Some(ThreeKingdomsEvent::GameOver { winner: Some(w), .. }) if *w != next),
        "{last:?}"
    );
    assert!(
        !last
            .iter()
            .any(|e| matches!(e.event, ThreeKingdomsEvent::PhaseBegan { .. })),
        "{last:?}"
    );
}

proptest! {
    /// Undo restores byte-identical saves: random legal play; at every step save, act, undo and
    /// save again, and the two saves are the same bytes (and the state and log the same), with
    /// `pbp_core::engine::testing::undo_restores_the_save`.
    #[test]
    fn undo_restores_byte_identical_saves(seed in any::<u64>(), steps in 1u32..40) {
        let checked = pbp_core::engine::testing::undo_restores_the_save::<pbp_three_kingdoms::ThreeKingdoms>(
            &pbp_three_kingdoms::ThreeKingdomsConfig::default(),
            seed,
            steps,
        )
        .map_err(|f| TestCaseError::fail(f.to_string()))?;
        prop_assert!(checked > 0, "no step was checked");
    }
}
