//! A table created without player names names its players as the game does, the same names
//! `pbp new` and `pbp show` print ("Player 1 (Red)", "Mongooseh (Crab)"), in the creation's
//! answer, the status, the links' page and the messages; the game master's names win when given.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{get, post, start, temp_dir};
use serde_json::{Value, json};

fn created(base: &str, body: &Value) -> Value {
    let answer = post(base, "/api/tables", None, &body.to_string());
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.json()
}

fn names(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|name| name.as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn players_without_names_get_the_games_own() {
    let dir = temp_dir("names-default");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let expected: [(&str, &[&str]); 2] = [
        (
            "warring-states",
            &[
                "Player 1 (Red)",
                "Player 2 (Yellow)",
                "Player 3 (Green)",
                "Player 4 (Cyan)",
            ],
        ),
        (
            "clan-war",
            &[
                "Mongooseh (Crab)",
                "BegrudginglyGood (Dragon)",
                "Plainsfox (Lion)",
                "xX_Terei_Xx (Mantis)",
                "Paidi tou Selini (Phoenix)",
            ],
        ),
    ];
    for (game, players) in expected {
        let answer = created(base, &json!({ "game": game }));
        assert_eq!(names(&answer["players"]), players, "{game}");
    }
    for game in [
        "three-kingdoms",
        "scroll-race",
        "warring-states",
        "clan-war",
    ] {
        let answer = created(base, &json!({ "game": game }));
        let players = names(&answer["players"]);
        let path = format!("/api/tables/{}/view", answer["id"].as_str().unwrap());
        // The status lists the same names, and the text view's "to act:" line (the line
        // `pbp new` prints) names the seats to act with them.
        let view = get(base, &path, None).json();
        let seats = view["table"]["seats"].as_array().unwrap();
        let listed: Vec<&str> = seats.iter().map(|s| s["name"].as_str().unwrap()).collect();
        assert_eq!(listed, players, "{game}");
        let text = get(base, &format!("{path}?format=text"), None).body;
        let to_act = text
            .lines()
            .find(|l| l.starts_with("to act: "))
            .unwrap_or_else(|| panic!("{game}: {text}"));
        for seat in seats.iter().filter(|s| s["to_act"] == true) {
            let name = seat["name"].as_str().unwrap();
            assert!(to_act.contains(name), "{game}: {name} not in '{to_act}'");
        }
        for name in &players {
            assert!(!name.starts_with("seat "), "{game}: {players:?}");
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_game_masters_names_are_kept_and_used_in_messages() {
    let dir = temp_dir("names-given");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let answer = created(
        base,
        &json!({ "game": "three-kingdoms", "players": ["Liu", "Cao"] }),
    );
    assert_eq!(names(&answer["players"]), ["Liu", "Cao"]);
    // Without names, a refusal names the player as the game does, never "seat N".
    let answer = created(base, &json!({ "game": "warring-states" }));
    let id = answer["id"].as_str().unwrap();
    let token = answer["seat_tokens"][1].as_str().unwrap();
    let refused = post(base, &format!("/api/tables/{id}/ready"), Some(token), "");
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused
            .body
            .contains("Player 2 (Yellow) has no draft to mark"),
        "{}",
        refused.body
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn names_that_a_thread_could_not_tell_apart_are_refused_at_creation() {
    let dir = temp_dir("names-clash");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let long = "a".repeat(81);
    for (body, said) in [
        (
            json!({ "game": "duel", "players": ["Ann", "ann"] }),
            "the same name",
        ),
        (
            json!({ "game": "duel", "players": ["Ann Lee", "  ann   LEE "] }),
            "the same name",
        ),
        (
            json!({ "game": "warring-states", "players": ["Ann", "Player 1", "Cy", "Di"] }),
            "Player 1 (Red) (seat 0)",
        ),
        (
            json!({ "game": "warring-states", "players": ["Yellow", "Bo", "Cy", "Di"] }),
            "Player 2 (Yellow) (seat 1)",
        ),
        (
            json!({ "game": "clan-war", "players": ["Lion", "Bo", "Cy", "Di", "Ed"] }),
            "Plainsfox (Lion) (seat 2)",
        ),
        (
            json!({ "game": "duel", "players": ["Ann\u{202E}", "Bo"] }),
            "U+202E",
        ),
        (
            json!({ "game": "duel", "players": ["A\u{200B}nn", "Bo"] }),
            "U+200B",
        ),
        (
            json!({ "game": "duel", "players": [long, "Bo"] }),
            "at most 80",
        ),
    ] {
        let answer = post(base, "/api/tables", None, &body.to_string());
        assert_eq!(answer.status, 400, "{body}: {}", answer.body);
        let refusal = answer.json();
        assert_eq!(refusal["error"], "bad_request", "{body}");
        let message = refusal["message"].as_str().unwrap();
        assert!(message.contains(said), "{body}: {message}");
    }
    // A seat may keep its own game name, and names that only look alike are different.
    created(
        base,
        &json!({ "game": "warring-states", "players": ["Player 1", "Yellow", "Ann", "Anne"] }),
    );
    created(
        base,
        &json!({ "game": "duel", "players": ["\u{1F600} Ann", "Bo\u{200D}b"] }),
    );
    let _ = std::fs::remove_dir_all(dir);
}
