//! Names given once, used everywhere (issue 40): a game of every kind started with its
//! players' names (`Table::named_config`, what `pbp new --players` and a hosted table's
//! `players` call) names them in its text view, its BBCode post, its picture, its log and its
//! refusals, with the game's own identity beside them; a forum thread's authors are matched
//! by those same names; bad names are refused with a typed error.

// Tests and their helpers unwrap, expect and panic: a failed test is their way to report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_core::engine::erased::{ActionInput, ErasedError};
use pbp_core::engine::names::NamesError;
use pbp_core::engine::{Actor, DiceChoice, Seat, Viewer};
use pbp_frontend::thread::{Layout, Outcome, Post, ThreadOptions, apply_posts};
use pbp_frontend::{Table, TableError};

/// Every game of the catalog with a name per seat of its standard setup, and how its seat 0
/// is then called ("Ann (Red)": the player with the seat's colour, clan, faction or team).
const GAMES: [(&str, &[&str], &str); 5] = [
    ("duel", &["Ann", "Bo"], "Ann"),
    ("clan-war", &["Ann", "Bo", "Cy", "Di", "Ed"], "Ann (Crab)"),
    ("three-kingdoms", &["Ann", "Bo"], "Ann (Wei)"),
    ("warring-states", &["Ann", "Bo", "Cy", "Di"], "Ann (Red)"),
    (
        "scroll-race",
        &[
            "Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal", "Ivy", "Jo",
        ],
        "Ann (Red)",
    ),
];

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|n| (*n).to_owned()).collect()
}

fn named(game: &str, list: &[&str]) -> Table {
    let config = Table::named_config(game, None, &names(list)).unwrap();
    Table::new(game, Some(&config), 7, DiceChoice::Seeded).unwrap()
}

/// The table after `steps` actions of its bot (or first legal action), each by the first seat
/// that may act.
fn played(mut table: Table, steps: usize) -> Table {
    for _ in 0..steps {
        let Some(seat) = table.turn().actors().iter().find_map(|a| a.seat()) else {
            break;
        };
        let action = match table.bot_action(seat).unwrap() {
            Some(action) => action,
            None => table.legal_actions(Actor::Seat(seat)).unwrap().remove(0),
        };
        table
            .act(
                Actor::Seat(seat),
                &ActionInput::Json(action.json),
                DiceChoice::Seeded,
            )
            .unwrap();
    }
    table
}

#[test]
fn every_seat_is_called_by_its_players_name() {
    for (game, list, first) in GAMES {
        let table = named(game, list);
        assert_eq!(table.actor_name(Actor::Seat(Seat(0))), first, "{game}");
        let seats = table.seat_names();
        for (seat, name) in seats.iter().zip(list) {
            assert!(
                seat == name || seat.starts_with(&format!("{name} (")),
                "{game}: {seats:?}"
            );
        }
    }
}

#[test]
fn the_text_view_names_the_players() {
    for (game, list, first) in GAMES {
        let table = played(named(game, list), 2);
        let text = table.text(Viewer::Public).unwrap();
        assert!(text.contains(first), "{game}: {text}");
        assert!(!text.contains("Player 1"), "{game}: {text}");
    }
}

#[test]
fn the_bbcode_post_names_the_players() {
    for (game, list, _) in GAMES {
        let table = played(named(game, list), 2);
        let post = table.bbcode_since(Viewer::Public, None).unwrap();
        assert!(
            list.iter().any(|name| post.contains(name)),
            "{game}: {post}"
        );
        assert!(!post.contains("Player 1"), "{game}: {post}");
    }
}

#[test]
fn the_picture_names_the_players() {
    for (game, list, _) in GAMES {
        let svg = named(game, list).svg(Viewer::Public).unwrap();
        assert!(svg.contains(list[0]), "{game}: {svg}");
        assert!(!svg.contains("Player 1"), "{game}");
    }
}

#[test]
fn the_log_names_the_players() {
    for (game, list, _) in GAMES {
        let table = played(named(game, list), 3);
        let log: Vec<String> = table
            .log(Viewer::GameMaster)
            .unwrap()
            .into_iter()
            .map(|line| line.text)
            .collect();
        assert!(
            log.iter()
                .any(|line| list.iter().any(|name| line.contains(name))),
            "{game}: {log:?}"
        );
        assert!(
            !log.iter().any(|line| line.contains("Player 1")),
            "{game}: {log:?}"
        );
    }
}

#[test]
fn a_refusal_names_the_player() {
    // The duel: a stance sealed twice in a round.
    let mut duel = named("duel", &["Ann", "Bo"]);
    let seat = Actor::Seat(Seat(1));
    duel.act(
        seat,
        &ActionInput::Auto("strike".into()),
        DiceChoice::Seeded,
    )
    .unwrap();
    let refused = duel
        .act(
            seat,
            &ActionInput::Auto("strike".into()),
            DiceChoice::Seeded,
        )
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("Bo cannot choose a stance now"),
        "{refused}"
    );
    // Warring States: a player who sent no orders cannot mark them again.
    let mut states = named("warring-states", &["Ann", "Bo", "Cy", "Di"]);
    let to_act = states.describe_turn();
    assert!(to_act.contains("Bo (Yellow)"), "{to_act}");
    let refused = states
        .act(
            Actor::GameMaster,
            &ActionInput::Auto("no orders Bo".into()),
            DiceChoice::Seeded,
        )
        .and_then(|_| {
            states.act(
                Actor::Seat(Seat(1)),
                &ActionInput::Auto("[b]10 Rice for Defense of Qin.[/b]".into()),
                DiceChoice::Seeded,
            )
        })
        .unwrap_err()
        .to_string();
    assert!(refused.contains("Bo (Yellow)"), "{refused}");
}

#[test]
fn a_threads_authors_are_the_names_the_texts_show() {
    let table = named("duel", &["Ann Lee", "Bo"]);
    let post = |n: usize, author: &str, body: &str| Post {
        id: Some(format!("p{n}")),
        author: author.to_owned(),
        time: None,
        body: body.to_owned(),
        rolls: Vec::new(),
    };
    let mut table = table;
    // The author as the forum spells it: case and spacing aside, the name the game shows.
    let report = apply_posts(
        &mut table,
        Layout::Jsonl,
        &[post(1, "ann  LEE", "focus"), post(2, "Bo", "strike")],
        &ThreadOptions::default(),
    )
    .unwrap();
    for p in &report.posts {
        assert_eq!(p.outcome, Outcome::Applied, "{}", report.text());
    }
    let log: Vec<String> = table
        .log(Viewer::Public)
        .unwrap()
        .into_iter()
        .map(|l| l.text)
        .collect();
    assert!(
        log.contains(&"Ann Lee sealed a stance".to_owned()),
        "{log:?}"
    );
}

#[test]
fn bad_names_are_refused_with_their_reason() {
    let long = "a".repeat(81);
    for (game, list, said) in [
        (
            "duel",
            vec!["Ann", "ANN"],
            "player 1 ('Ann') and player 2 ('ANN') are the same name",
        ),
        ("duel", vec!["Ann", "B\u{202E}o"], "U+202E"),
        ("duel", vec!["Ann", long.as_str()], "at most 80 characters"),
        ("duel", vec!["Ann", " "], "empty"),
        (
            "duel",
            vec!["Ann"],
            "this Duel game has 2 seats, but 1 player names",
        ),
        ("warring-states", vec!["Ann", "Bo"], "has 4 seats, but 2"),
        (
            "scroll-race",
            vec![
                "Ann Lee", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal", "Ivy", "Jo",
            ],
            "written in posts",
        ),
    ] {
        match Table::named_config(game, None, &names(&list)) {
            Err(TableError::Game(ErasedError::Names(error))) => {
                assert!(error.to_string().contains(said), "{game} {list:?}: {error}");
            }
            other => panic!("{game} {list:?}: {other:?}"),
        }
    }
    assert!(matches!(
        Table::named_config("duel", None, &names(&["Ann", "Ann"])),
        Err(TableError::Game(ErasedError::Names(
            NamesError::Same { .. }
        )))
    ));
}

#[test]
fn a_config_keeps_its_own_settings_and_dice_key_when_named() {
    let config = Table::named_config(
        "duel",
        Some(r#"{"dice": "seeded", "first_to": 2}"#),
        &names(&["Ann", "Bo"]),
    )
    .unwrap();
    let value: serde_json::Value = serde_json::from_str(&config).unwrap();
    assert_eq!(value["dice"], "seeded");
    assert_eq!(value["first_to"], 2);
    assert_eq!(value["players"], serde_json::json!(["Ann", "Bo"]));
    let table = Table::new("duel", Some(&config), 1, DiceChoice::Seeded).unwrap();
    let view = table.view(Viewer::Public).unwrap();
    assert_eq!(view.view["first_to"], 2);
    assert_eq!(view.title, "Duel");
    // Without names a game keeps its own, and its config its shape.
    let plain = Table::new("duel", None, 1, DiceChoice::Seeded).unwrap();
    assert_eq!(plain.seat_names(), ["Player 1", "Player 2"]);
}
