//! Seat fairness: the two teams' rosters and sides of the field swapped play the same game
//! (issue 12), and the simulator's seat rotation.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use pbp_core::{
    ScriptedDice,
    engine::{Actor, Game, Seat},
};
use pbp_scroll_race::*;

/// Plays `turns` (character name, text, rolls) in `state`, each as that character's turn.
fn play(state: &mut ScrollRaceState, turns: &[(&str, &str, &[u32])]) {
    for (name, text, rolls) in turns {
        let id = state
            .characters
            .iter()
            .find(|c| &*c.name == *name)
            .map(|c| c.id)
            .unwrap();
        assert_eq!(state.current(), Some(id), "{name}'s turn");
        let actor = Actor::Seat(Seat(u16::from(id)));
        let action = ScrollRace::parse_action(state, actor, text).unwrap();
        let mut dice = ScriptedDice::new(rolls.to_vec());
        ScrollRace::apply(state, actor, &action, &mut dice)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(dice.remaining(), 0, "{text}");
    }
}

/// Where each character stands, and who carries each roster's scroll, by name.
fn by_name(state: &ScrollRaceState) -> Vec<(String, Square, bool)> {
    let mut all: Vec<(String, Square, bool)> = state
        .characters
        .iter()
        .map(|c| {
            (
                c.name.to_string(),
                c.square,
                state.carrier(c.team) == Some(c.id),
            )
        })
        .collect();
    all.sort();
    all
}

#[test]
fn swapping_the_teams_seats_and_sides_plays_the_same_game() {
    let config = config();
    // Team indices (and so seats) swapped with the field's sides: the Red roster is team 1 and
    // still plays from the north.
    let swapped = ScrollRace::rotate_seats(&config, TEAM_SIZE, TEAM_SIZE).unwrap();
    assert_eq!(swapped.characters[1][0].name, "Red1");
    assert_eq!(swapped.carriers[1].as_deref(), Some("Red1"));
    assert_eq!(
        swapped.field.cell(Square::parse("f1").unwrap()),
        Some(Cell::Base(1))
    );
    // The coin gives the start to the Red roster in both.
    let mut a = ScrollRace::setup(&config, &mut ScriptedDice::new([1])).unwrap();
    let mut b = ScrollRace::setup(&swapped, &mut ScriptedDice::new([2])).unwrap();
    a.change_done = true;
    b.change_done = true;
    assert_eq!(by_name(&a), by_name(&b));
    let turns: &[(&str, &str, &[u32])] = &[
        ("Red1", "sprint s e", &[]),
        ("Red2", "step s", &[]),
        ("Red3", "step s", &[]),
        ("Red4", "wait", &[]),
        ("Red5", "step e", &[]),
        ("Blue1", "sprint n w", &[]),
        ("Blue2", "step n", &[]),
        ("Blue3", "step n", &[]),
        ("Blue4", "wait", &[]),
        ("Blue5", "step e", &[]),
        ("Red1", "step s", &[]),
        ("Red2", "step s", &[]),
        ("Red3", "step s", &[]),
        ("Red4", "step s", &[]),
        ("Red5", "step s", &[]),
    ];
    play(&mut a, turns);
    play(&mut b, turns);
    assert_eq!(by_name(&a), by_name(&b));
    let name = |s: &ScrollRaceState, team: u8| s.config.team_names[usize::from(team)].clone();
    assert_eq!(name(&a, 0), name(&b, 1));
}

#[test]
fn rotated_simulations_win_alike_from_either_side() {
    let summary = pbp_core::engine::sim::simulate::<ScrollRace>(
        &ScrollRaceConfig::default(),
        40,
        3,
        pbp_core::engine::sim::Bot::Heuristic,
        true,
        |_| {},
    )
    .unwrap();
    assert_eq!(summary.finished, 40);
    let side = |s: &str| -> u64 {
        summary
            .by_position
            .iter()
            .filter(|(k, _)| k.starts_with(s))
            .map(|(_, r)| r.won)
            .sum()
    };
    let (north, south) = (side("north") / 5, side("south") / 5);
    assert!(north.abs_diff(south) <= 10, "north {north}, south {south}");
}
