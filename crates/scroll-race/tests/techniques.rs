//! Who hears of each technique: the event audiences a scenario file cannot state (a scenario
//! reads the views and the events in the organiser's words). What every technique does at every
//! rank, with the boundary rolls of its chances, is a scenario file of docs/rules/scroll-race/
//! (played by `tests/scenarios.rs`), linked from docs/rules/scroll-race.md.

mod common;

use common::*;
use pbp_core::engine::{Game, Viewer};
use pbp_scroll_race::*;

// Characters: 0-4 are Red1-Red5 (team 0, zone rows 1-6), 5-9 are Blue1-Blue5 (team 1, zone rows 10-15).
// Rows 7-9 are neutral. Red1 (0) and Blue1 (5) carry.

#[test]
fn a_pass_is_heard_by_the_passing_team_alone() {
    // Rank 3, adjacent, 51: not spotted. The blue team hears nothing of it; rank_3_sprint_and_pass.txt
    // plays the ranks and chances.
    let mut g = game();
    put(&mut g, 0, "f8");
    put(&mut g, 1, "f7");
    let events = act(&mut g, 0, "pass Red2", &[51]);
    assert_eq!(g.carrier(0), Some(1));
    assert!(
        seen(&events, seat(5))
            .iter()
            .all(|e| !matches!(e, ScrollRaceEvent::Passed { .. }))
    );
    assert!(
        seen(&events, seat(2))
            .iter()
            .any(|e| matches!(e, ScrollRaceEvent::Passed { .. }))
    );
    assert_eq!(ScrollRace::view(&g, seat(5)).scrolls[0].carrier, None);
}

fn strike_setup(technique: Technique, rank: u8) -> ScrollRaceState {
    let mut g = game();
    teach(&mut g, 1, technique, rank);
    put(&mut g, 1, "f8");
    put(&mut g, 5, "f9");
    put(&mut g, 6, "g9");
    g
}

#[test]
fn goken_does_not_tell_why_the_scroll_did_not_fall() {
    // A miss on the carrier and a hit on a non-carrier look the same to the striker.
    let mut g = strike_setup(Technique::Goken, 1);
    put(&mut g, 6, "e8");
    let missed = act(&mut g, 1, "goken Blue1", &[100, 100]);
    let mut g = strike_setup(Technique::Goken, 1);
    put(&mut g, 6, "e8");
    let empty = act(&mut g, 1, "goken Blue2", &[100, 1]);
    let strip = |events: Vec<ScrollRaceEvent>| -> Vec<String> {
        events
            .into_iter()
            .map(|e| {
                format!("{e:?}")
                    .replace("target: 5", "target: X")
                    .replace("target: 6", "target: X")
            })
            .collect()
    };
    assert_eq!(strip(seen(&missed, seat(1))), strip(seen(&empty, seat(1))));
}

#[test]
fn a_genjutsu_is_cast_without_a_trace_for_the_enemy_and_the_public() {
    // genjutsu.txt plays the ranks and what the Genjutsu cancels.
    let mut g = game();
    teach(&mut g, 7, Technique::Genjutsu, 1);
    let cast = act(&mut g, 7, "genjutsu", &[]);
    for v in [seat(0), seat(1), Viewer::Public] {
        assert!(
            seen(&cast, v)
                .iter()
                .all(|e| !format!("{e:?}").contains("Genjutsu"))
        );
    }
    // A failed Genjutsu is spent in silence: its team hears of it, the striker does not.
    teach(&mut g, 1, Technique::Goken, 3);
    put(&mut g, 1, "f8");
    put(&mut g, 5, "f9");
    let events = act(&mut g, 1, "goken Blue1", &[26, 100, 100]);
    assert!(
        seen(&events, seat(1))
            .iter()
            .all(|e| !matches!(e, ScrollRaceEvent::GenjutsuSpent(_)))
    );
    assert!(
        seen(&events, seat(7))
            .iter()
            .any(|e| matches!(e, ScrollRaceEvent::GenjutsuSpent(_)))
    );
}

#[test]
fn a_seal_is_laid_without_a_trace_for_the_enemy_and_the_public() {
    // fuinjutsu.txt plays the ranks, the reach and who springs a seal.
    let mut g = game();
    teach(&mut g, 1, Technique::Fuinjutsu, 1);
    put(&mut g, 1, "f8");
    let events = act(&mut g, 1, "fuinjutsu f9", &[]);
    for v in [seat(5), Viewer::Public] {
        assert!(
            seen(&events, v)
                .iter()
                .all(|e| !format!("{e:?}").contains("Fuinjutsu"))
        );
    }
}

#[test]
fn a_restored_technique_is_not_told_to_the_enemy() {
    // iroujutsu.txt plays the ranks.
    let mut g = game();
    teach(&mut g, 1, Technique::Iroujutsu, 1);
    for s in &mut g.characters[1].skills {
        if s.technique == Technique::Goken {
            s.left = Some(0);
        }
    }
    let events = act(&mut g, 1, "iroujutsu Red2 goken", &[]);
    assert_eq!(left(&g, 1, Technique::Goken), Some(1));
    assert!(
        seen(&events, seat(5))
            .iter()
            .all(|e| !matches!(e, ScrollRaceEvent::Restored { .. }))
    );
}

#[test]
fn the_sensed_names_are_told_to_the_user_alone() {
    // sensory.txt plays the ranks and the picks.
    let mut g = game();
    teach(&mut g, 1, Technique::Sensory, 3);
    let events = act(&mut g, 1, "sensory", &[1]);
    assert!(
        seen(&events, seat(1))
            .iter()
            .any(|e| matches!(e, ScrollRaceEvent::Sensed(_)))
    );
    for v in [seat(0), seat(5), Viewer::Public] {
        assert!(
            seen(&events, v)
                .iter()
                .all(|e| !matches!(e, ScrollRaceEvent::Sensed(_)))
        );
    }
}
