//! Property tests of Clan War's invariants over random action sequences: cards are conserved
//! across deck, hands, battles and discards; every hex has exactly one holder, a clan in play
//! or the Spirit Army; scores never decrease.

mod common;

use pbp_clan_war::*;
use pbp_core::{Game, SeededDice};
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
            ClanWar::apply(&mut state, actor, &action, &mut dice)
                .map_err(|e| TestCaseError::fail(format!("{action:?}: {e}")))?;
            check(&state, &mut scores)?;
            // Every seat's view shows its own hand only.
            for p in &state.players {
                let view = ClanWar::view(&state, pbp_core::Viewer::Seat(p.seat));
                prop_assert!(view.hands.iter().all(|h| h.owner == p.seat));
            }
        }
    }
}
