//! Property tests of Clan War's invariants over random action sequences: cards are conserved
//! across deck, hands, battles and discards; every hex has exactly one holder, a clan in play
//! or the Spirit Army; scores never decrease.

mod common;

use pbp_clan_war::{
    Clan, ClanWar, ClanWarAction, ClanWarConfig, ClanWarState, Holder, NullifyTarget, PlayerSetup,
};
use pbp_core::engine::testing;
use pbp_core::{SeededDice, engine::Game};
use proptest::prelude::*;

fn config(players: usize) -> ClanWarConfig {
    ClanWarConfig {
        players: Clan::ALL
            .iter()
            .take(players)
            .enumerate()
            .map(|(i, &clan)| PlayerSetup {
                clan,
                strategies: [
                    pbp_clan_war::Strategy::ALL[i % 11],
                    pbp_clan_war::Strategy::ALL[(i + 5) % 11],
                ],
                name: String::new(),
            })
            .collect(),
        rounds: 3,
        ..ClanWarConfig::default()
    }
}

fn check(state: &ClanWarState, scores: &mut Vec<i64>) -> Result<(), TestCaseError> {
    common::check_cards(state);
    prop_assert_eq!(state.holders.len(), state.map.hexes.len());
    for h in &state.holders {
        if let Holder::Clan(c) = h {
            prop_assert!(state.players.iter().any(|p| p.clan == *c));
        }
    }
    scores.resize(state.players.len(), 0);
    for (i, p) in state.players.iter().enumerate() {
        prop_assert!(p.score_halves() >= scores[i], "a score decreased");
        prop_assert!(p.gold >= 0 && p.glory_halves >= 0);
        scores[i] = p.score_halves();
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn invariants_hold_over_random_play(
        players in 2_usize..=8,
        seed in any::<u64>(),
        picks in proptest::collection::vec(any::<u32>(), 1..400),
    ) {
        let mut dice = SeededDice::new(seed);
        let mut state = ClanWar::setup(&config(players), &mut dice).unwrap();
        let mut scores = Vec::new();
        check(&state, &mut scores)?;
        for pick in picks {
            let mut choices = Vec::new();
            for &actor in ClanWar::turn(&state).actors() {
                for action in ClanWar::legal_actions(&state, actor) {
                    choices.push((actor, action));
                }
            }
            if choices.is_empty() {
                break;
            }
            // Lean towards the players: the game master ends the round one time in eight.
            let players_only: Vec<_> = choices
                .iter()
                .filter(|(a, _)| a.seat().is_some())
                .cloned()
                .collect();
            let pool = if pick % 8 == 0 || players_only.is_empty() { &choices } else { &players_only };
            let (actor, action) = pool[(pick / 8) as usize % pool.len()].clone();
            // A listed action reads back from its text and is accepted.
            testing::text_round_trip::<ClanWar>(&state, actor, &action)
                .map_err(|v| TestCaseError::fail(v.0))?;
            ClanWar::apply(&mut state, actor, &action, &mut dice)
                .map_err(|e| TestCaseError::fail(format!("{action:?}: {e}")))?;
            check(&state, &mut scores)?;
            // Every seat's view shows its own hand only.
            for p in &state.players {
                let view = ClanWar::view(&state, pbp_core::engine::Viewer::Seat(p.seat));
                prop_assert!(view.hands.iter().all(|h| h.owner == p.seat));
            }
        }
    }
}

fn any_strategy() -> impl Strategy<Value = pbp_clan_war::Strategy> {
    (0_usize..11).prop_map(|i| pbp_clan_war::Strategy::ALL[i])
}

fn any_action() -> impl Strategy<Value = ClanWarAction> {
    let hex = (0_u8..12, 0_u8..9).prop_map(|(c, r)| format!("{}{}", char::from(b'A' + c), r));
    prop_oneof![
        (hex.clone(), hex).prop_map(|(target, from)| ClanWarAction::Attack {
            target: target.into(),
            from: from.into(),
        }),
        (
            0_u32..4,
            0_u8..60,
            proptest::collection::vec(0_u8..60, 0..4)
        )
            .prop_map(|(battle, card, discards)| ClanWarAction::Play {
                battle,
                card,
                discards
            }),
        (0_u32..4).prop_map(|battle| ClanWarAction::Pass { battle }),
        (0_u32..4).prop_map(|battle| ClanWarAction::Roll { battle }),
        (0_u32..4).prop_map(|battle| ClanWarAction::Draw { battle }),
        (0_u32..4, 0_u8..60).prop_map(|(battle, c)| ClanWarAction::Nullify {
            battle,
            target: NullifyTarget::Card(c)
        }),
        (0_u32..4, proptest::option::of(0_u8..60))
            .prop_map(|(battle, card)| ClanWarAction::Take { battle, card }),
        (0_u32..4, 0_u8..60).prop_map(|(battle, card)| ClanWarAction::Give { battle, card }),
        (0_u32..4, proptest::collection::vec(any_strategy(), 0..3))
            .prop_map(|(battle, strategies)| ClanWarAction::Tactical { battle, strategies }),
        (0_u32..4, any_strategy(), any_strategy())
            .prop_map(|(battle, from, to)| ClanWarAction::Switch { battle, from, to }),
        Just(ClanWarAction::EndRound),
        (0_usize..8, any_strategy(), any_strategy()).prop_map(|(c, a, b)| ClanWarAction::Join {
            clan: Clan::ALL[c],
            strategies: [a, b]
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Arbitrary actions by arbitrary actors never panic, and a refused one changes nothing.
    #[test]
    fn arbitrary_actions_never_panic_and_refusals_change_nothing(
        seed in any::<u64>(),
        steps in proptest::collection::vec((0_u16..4, any_action()), 1..120),
    ) {
        let mut dice = SeededDice::new(seed);
        let mut state = ClanWar::setup(&config(3), &mut dice).unwrap();
        for (who, action) in steps {
            let actor = if who == 3 {
                pbp_core::engine::Actor::GameMaster
            } else {
                pbp_core::engine::Actor::Seat(pbp_core::engine::Seat(who))
            };
            let _refused = testing::checked_apply::<ClanWar>(&mut state, actor, &action, &mut dice)
                .map_err(|v| TestCaseError::fail(v.0))?;
            common::check_cards(&state);
        }
    }

    /// Any text is read without panicking; what is read writes back to the same action.
    #[test]
    fn any_text_parses_without_panic(text in "\\PC{0,40}", who in 0_u16..3) {
        let state = ClanWar::setup(&config(3), &mut SeededDice::new(1)).unwrap();
        let actor = pbp_core::engine::Actor::Seat(pbp_core::engine::Seat(who));
        if let Ok(action) = ClanWar::parse_action(&state, actor, &text) {
            testing::text_round_trip::<ClanWar>(&state, actor, &action)
                .map_err(|v| TestCaseError::fail(v.0))?;
        }
    }

    /// Parsing the text of every legal action gives that action back.
    #[test]
    fn every_legal_action_reads_back_from_its_text(seed in any::<u64>(), steps in 0_usize..60) {
        let mut dice = SeededDice::new(seed);
        let mut state = ClanWar::setup(&config(3), &mut dice).unwrap();
        for _ in 0..steps {
            let Some((actor, action)) = testing::random_action_with::<ClanWar>(&state, testing::BotOptions::WITH_RULINGS, &mut dice) else { break };
            ClanWar::apply(&mut state, actor, &action, &mut dice).unwrap();
        }
        for &actor in ClanWar::turn(&state).actors() {
            for action in ClanWar::legal_actions(&state, actor) {
                testing::text_round_trip::<ClanWar>(&state, actor, &action)
                    .map_err(|v| TestCaseError::fail(v.0))?;
            }
        }
    }
}

proptest! {
    /// Undo restores byte-identical saves: random legal play; at every step save, act, undo and
    /// save again, and the two saves are the same bytes (and the state and log the same), with
    /// `pbp_core::engine::testing::undo_restores_the_save`.
    #[test]
    fn undo_restores_byte_identical_saves(seed in any::<u64>(), steps in 1u32..40) {
        let checked = pbp_core::engine::testing::undo_restores_the_save::<pbp_clan_war::ClanWar>(
            &pbp_clan_war::ClanWarConfig::default(),
            seed,
            steps,
        )
        .map_err(|f| TestCaseError::fail(f.to_string()))?;
        prop_assert!(checked > 0, "no step was checked");
    }
}
