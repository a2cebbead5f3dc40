//! A golden playthrough: a whole scripted game, written in the text form with the dice a forum's
//! roller would have posted, whose every event (with its audience) must match
//! `tests/golden/playthrough.txt` (the golden convention of `pbp_core::engine::testing::golden`: rewrite
//! it after an intended change with `PBP_BLESS=1 cargo test -p pbp-scroll-race --test golden`,
//! and review the difference).

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_core::engine::testing::{self, golden};
use pbp_core::{
    ScriptedDice,
    engine::{Actor, Game, Seat, Turn},
};
use pbp_scroll_race::*;

mod common;
use common::config;

/// (round, character, action, rolls); every other turn is `wait`.
const SCRIPT: &[(u32, u8, &str, &[u32])] = &[
    (1, 0, "sprint s e", &[]),
    (1, 1, "step s", &[]),
    (1, 3, "doton", &[]),
    (1, 4, "step s", &[]),
    (1, 5, "step n", &[]),
    (1, 6, "sprint n w", &[]),
    (2, 0, "sprint s e", &[]),
    (2, 1, "step s", &[]),
    (2, 6, "step e; katon Red1", &[30]),
    (3, 0, "doton", &[]),
    (3, 1, "sprint s e", &[]),
    (3, 6, "step e; goken Red1", &[60, 20, 10]),
    (4, 0, "step w", &[]),
    (4, 1, "step s", &[]),
    (5, 1, "step e", &[]),
    (6, 1, "sprint s w", &[]),
    (7, 1, "step w", &[]),
    (8, 1, "sprint s e", &[]),
];

fn transcript() -> (String, ScrollRaceState) {
    let mut state = ScrollRace::setup(&config(), &mut ScriptedDice::new([1])).unwrap();
    let mut out = String::new();
    while let Turn::Acting(actors) = ScrollRace::turn(&state) {
        let (actor, text, rolls): (Actor, String, Vec<u32>) = match state.phase {
            Phase::ChangeCarrier => (actors[0], "keep".into(), Vec::new()),
            _ => {
                let id = state.current().unwrap();
                let entry = SCRIPT
                    .iter()
                    .find(|(r, c, _, _)| *r == state.round && *c == id);
                let (text, rolls) = entry.map_or(("wait".to_owned(), Vec::new()), |e| {
                    (e.2.to_owned(), e.3.to_vec())
                });
                (Actor::Seat(Seat(u16::from(id))), text, rolls)
            }
        };
        let action = ScrollRace::parse_action(&state, actor, &text).unwrap();
        let round = state.round;
        let events = testing::try_act(
            &common::CONTRACT,
            &mut state,
            actor,
            &text,
            testing::Rolls::Exactly(&rolls),
        )
        .unwrap_or_else(|e| panic!("round {round}: {text}: refused ({}): {e}", e.kind));
        out.push_str(&format!(
            "{actor:?}: {}\n",
            ScrollRace::format_action(&state, &action)
        ));
        for e in events {
            out.push_str(&format!("  {}\n", serde_json::to_string(&e).unwrap()));
        }
        assert!(state.round <= 8, "the script should have ended the game");
    }
    (out, state)
}

#[test]
fn the_golden_playthrough_replays_exactly() {
    let (text, state) = transcript();
    assert_eq!(state.ending.as_ref().and_then(|e| e.winner), Some(0));
    assert_eq!(state.carrier(0), Some(1));
    golden::assert(
        &golden::path(env!("CARGO_MANIFEST_DIR"), "playthrough.txt"),
        &text,
    );
}
