//! A game of one's own through pbp-frontend's `Table`, once registered in the catalog: started,
//! played by text, shown to each viewer, saved and loaded back.

// Test code: a failed unwrap, expect or panic is how a test reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_core::engine::erased::ErasedError;
use pbp_core::engine::{Actor, DiceChoice, Seat, Viewer};
use pbp_frontend::{Table, TableError, catalog};
use pbp_rps::Rps;

#[test]
fn a_registered_game_plays_through_the_table() {
    catalog::register::<Rps>().unwrap();
    // Registering it again changes nothing.
    catalog::register::<Rps>().unwrap();
    assert!(catalog::catalog().names().contains(&"rps"));
    let mut table = Table::new("rps", None, 7, DiceChoice::Seeded).unwrap();
    let (ann, bob) = (Actor::Seat(Seat(0)), Actor::Seat(Seat(1)));
    let legal: Vec<String> = table
        .legal_actions(ann)
        .unwrap()
        .into_iter()
        .map(|a| a.text)
        .collect();
    assert_eq!(legal, ["rock", "paper", "scissors"]);
    table.act_text(ann, "paper", DiceChoice::Seeded).unwrap();
    // Bob does not see Ann's throw; Ann does.
    let bob_sees = table.text(Viewer::Seat(Seat(1))).unwrap();
    assert!(
        bob_sees.contains("seat 0 has thrown") && !bob_sees.contains("paper"),
        "{bob_sees}"
    );
    assert!(
        table
            .text(Viewer::Seat(Seat(0)))
            .unwrap()
            .contains("seat 0 threw paper")
    );
    let report = table.act_text(bob, "rock", DiceChoice::Seeded).unwrap();
    let lines: Vec<&str> = report.events.iter().map(|e| e.text.as_str()).collect();
    assert!(
        lines.contains(&"paper against rock: seat 0 wins the round"),
        "{lines:?}"
    );
    match table.act_text(bob, "lizard", DiceChoice::Seeded) {
        Err(TableError::Game(ErasedError::Parse { .. })) => {}
        other => panic!("{other:?}"),
    }
    let again = Table::load(&table.save().unwrap()).unwrap();
    assert_eq!(
        again.view(Viewer::GameMaster).unwrap(),
        table.view(Viewer::GameMaster).unwrap()
    );
}

#[test]
fn a_game_cannot_take_a_built_in_games_name() {
    assert_eq!(
        catalog::register::<pbp_core::engine::duel::Duel>(),
        Err(TableError::NameTaken { name: "duel" })
    );
}
