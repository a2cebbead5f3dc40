//! The heuristic bot as a table's default for absent seats, through the API: it sends the order
//! sheet of a Warring States seat that sent nothing when the turn closes, plays the turn of the
//! seat to act in a sequential game when its deadline passes, chooses the same from the same
//! table, and the log everyone reads names the player it played for.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::time::{Duration, Instant};

use common::{Table, create, get, post, save_of, start, temp_dir};
use serde_json::{Value, json};

const DEFEND_TANG: &str = "[b]10 Rice for Defense of Tang.[/b]";

fn three_player_config() -> Value {
    let (game, _) = pbp_frontend::catalog::catalog()
        .get("warring-states")
        .unwrap();
    let mut config = game.default_config().unwrap();
    config["players"].as_array_mut().unwrap().truncate(3);
    config
}

/// A three-player Warring States table from a save made here with `seed` (so that two tables
/// can hold the same game), with the bot as the default for absent seats.
fn bot_table(base: &str, seed: u64) -> Table {
    let config = three_player_config().to_string();
    let save = save_of("warring-states", Some(&config), seed, &[]);
    create(
        base,
        &json!({ "record": save, "players": ["Ann", "Bo", "Cy"], "absent": "bot" }).to_string(),
    )
}

fn entries(base: &str, table: &Table) -> Vec<Value> {
    let record: Value =
        serde_json::from_str(&get(base, &table.path("record"), Some(&table.gm)).body).unwrap();
    record["record"]["entries"].as_array().unwrap().clone()
}

fn log_text(base: &str, table: &Table, token: Option<&str>) -> Vec<String> {
    get(base, &table.path("log"), token)
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|line| line["text"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn the_bot_sends_the_order_sheets_of_absent_seats_and_the_log_names_them() {
    let dir = temp_dir("bot-orders");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = bot_table(base, 2026);
    let ann = Some(table.seats[0].as_str());
    let status = get(base, &table.path("view"), None).json()["table"].clone();
    assert_eq!(status["absent"], "bot");

    // Ann sends her orders; Bo and Cy send nothing. Until the turn closes the bot does nothing.
    let body = json!({ "action": DEFEND_TANG }).to_string();
    assert_eq!(post(base, &table.path("draft"), ann, &body).status, 200);
    assert!(
        !log_text(base, &table, None)
            .iter()
            .any(|l| l.contains("bot")),
        "the bot played before the turn closed"
    );
    let answer = post(base, &table.path("resolve"), Some(&table.gm), "");
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.json()["resolved"], true);

    // Three order sheets, each the seat's own: Ann's as drafted, Bo's and Cy's from the bot
    // (orders, not the game master's "no orders").
    let entries = entries(base, &table);
    assert_eq!(entries.len(), 3, "{entries:?}");
    for (seat, entry) in entries.iter().enumerate() {
        assert_eq!(entry["actor"], json!({ "seat": seat }), "{entry}");
        assert!(entry["action"].get("orders").is_some(), "{entry}");
    }
    assert!(entries[0]["action"].to_string().contains("10"));

    // Every viewer's log names the players the bot played for, once each, at their steps.
    for token in [None, ann, Some(table.seats[1].as_str()), Some(&table.gm)] {
        let log = get(base, &table.path("log"), token).json();
        let bot_lines: Vec<&Value> = log
            .as_array()
            .unwrap()
            .iter()
            .filter(|line| line["event"].get("bot_played").is_some())
            .collect();
        let said: Vec<(u64, &str)> = bot_lines
            .iter()
            .map(|l| (l["step"].as_u64().unwrap(), l["text"].as_str().unwrap()))
            .collect();
        assert_eq!(
            said,
            [
                (2, "the bot played for Bo, who sent nothing by the deadline"),
                (3, "the bot played for Cy, who sent nothing by the deadline"),
            ],
            "{log}"
        );
    }
    // The turn moved on, the deadline and the drafts with it.
    let status = get(base, &table.path("view"), None).json()["table"].clone();
    assert_eq!(status["deadline"], Value::Null);
    assert_eq!(status["drafts"], json!([]));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_bot_chooses_the_same_on_the_same_table_and_tells_nothing_of_the_seed() {
    let dir = temp_dir("bot-same");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let seed: u64 = 7_340_991_230_117;
    let first = bot_table(base, seed);
    let second = bot_table(base, seed);
    for table in [&first, &second] {
        let answer = post(base, &table.path("resolve"), Some(&table.gm), "");
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    let (a, b) = (entries(base, &first), entries(base, &second));
    assert_eq!(a.len(), 3);
    assert_eq!(a, b, "the same table, the same bot");
    // Duel has no heuristic: the bot picks among the legal actions with its own dice, seeded
    // from the table's secret, step and seat; the same table still gives the same choices.
    let duels: Vec<Table> = (0..2)
        .map(|_| {
            let save = save_of("duel", None, seed, &[]);
            create(
                base,
                &json!({ "record": save, "absent": "bot" }).to_string(),
            )
        })
        .collect();
    let mut records = Vec::new();
    for table in &duels {
        let answer = post(base, &table.path("resolve"), Some(&table.gm), "");
        assert_eq!(answer.status, 200, "{}", answer.body);
        records.push(entries(base, table));
    }
    assert!(!records[0].is_empty());
    assert_eq!(records[0], records[1]);
    for table in [&first, &second] {
        for token in [None, Some(table.seats[0].as_str())] {
            for endpoint in ["log", "view", "view?format=text", "view?format=bbcode"] {
                let seen = get(base, &table.path(endpoint), token).body;
                assert!(!seen.contains(&seed.to_string()), "{endpoint}: {seen}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn at_the_deadline_the_bot_plays_the_turn_of_the_seat_to_act_in_a_sequential_game() {
    let dir = temp_dir("bot-sequential");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(
        base,
        &json!({ "game": "three-kingdoms", "players": ["Liu", "Cao"], "absent": "bot" })
            .to_string(),
    );
    let view = get(base, &table.path("view"), None).json();
    let to_act: Vec<u64> = view["table"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["to_act"] == true)
        .map(|s| s["seat"].as_u64().unwrap())
        .collect();
    assert_eq!(to_act.len(), 1, "{view}");
    let absent = to_act[0];
    // The table's names reached the game: the log calls a seat by its player and faction.
    let name = ["Liu (Wei)", "Cao (Shu)"][usize::try_from(absent).unwrap()];

    let deadline = r#"{"in_seconds":0}"#;
    let answer = post(base, &table.path("deadline"), Some(&table.gm), deadline);
    assert_eq!(answer.status, 200, "{}", answer.body);
    let started = Instant::now();
    let mut played = Vec::new();
    while played.is_empty() && started.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(200));
        played = entries(base, &table);
    }
    // The bot played the seat's whole turn (several actions), every one of them the absent
    // seat's, and the log says once, before them, whose turn it played, by name.
    assert!(played.len() > 1, "{played:?}");
    for entry in &played {
        assert_eq!(entry["actor"], json!({ "seat": absent }), "{entry}");
    }
    let log = log_text(base, &table, None);
    let expected = format!("the bot played for {name}, who sent nothing by the deadline");
    let said: Vec<usize> = (0..log.len()).filter(|&i| log[i] == expected).collect();
    assert_eq!(said.len(), 1, "{log:?}");
    assert!(
        log[..said[0]].iter().all(|l| l.starts_with("the setup")),
        "{log:?}"
    );
    // The seat's turn is over and the deadline with it: the next waits for the game master.
    let status = get(base, &table.path("view"), None).json()["table"].clone();
    assert_eq!(status["deadline"], Value::Null, "{status}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_unknown_absent_default_is_refused_with_the_known_ones_named() {
    let dir = temp_dir("bot-refused");
    let server = start(&dir.join("db.sqlite"));
    let answer = post(
        &server.base,
        "/api/tables",
        None,
        r#"{"game":"duel","absent":"robot"}"#,
    );
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert!(
        answer.body.contains("no-orders") && answer.body.contains("bot"),
        "{}",
        answer.body
    );
    let _ = std::fs::remove_dir_all(dir);
}
