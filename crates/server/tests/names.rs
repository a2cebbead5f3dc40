//! A table created without player names names its players as the game does, the same names
//! `pbp new` and `pbp show` print ("Player 1 (Red)", "Mongooseh (Crab)"), in the creation's
//! answer, the status, the links' page and the messages; the game master's names win when given,
//! and reach the game: every text, post, picture, log line, refusal and notice says "Ann (Red)".

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::time::Duration;

use common::receiver::Receiver;
use common::{create, get, post, start, start_hooked, temp_dir};
use pbp_server::WebhookOptions;
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
        // The names reach the game, so a name clashes with another seat's colour or clan.
        (
            json!({ "game": "warring-states", "players": ["Yellow", "Bo", "Cy", "Di"] }),
            "Bo (Yellow) (player 2)",
        ),
        (
            json!({ "game": "clan-war", "players": ["Lion", "Bo", "Cy", "Di", "Ed"] }),
            "Cy (Lion) (player 3)",
        ),
        (
            json!({ "game": "warring-states", "players": ["Ann", "Bo", "Cy"] }),
            "has 4 seats, but 3 player names were given",
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
        &json!({ "game": "warring-states", "players": ["Player 1", "Player 2", "Ann", "Anne"] }),
    );
    created(
        base,
        &json!({ "game": "warring-states", "players": ["Red", "Bo", "Cy", "Di"] }),
    );
    created(
        base,
        &json!({ "game": "duel", "players": ["\u{1F600} Ann", "Bo\u{200D}b"] }),
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_tables_names_are_in_every_output_and_notice() {
    let dir = temp_dir("names-everywhere");
    let receiver = Receiver::start(0, Duration::ZERO);
    let server = start_hooked(
        &dir.join("db.sqlite"),
        WebhookOptions {
            allow_private: true,
            timeout: Duration::from_secs(2),
            retry_for: Duration::from_secs(60),
            first_backoff: Duration::from_millis(200),
            public_url: None,
        },
    );
    let base = &server.base;
    let table = create(
        base,
        r#"{"game":"warring-states","players":["Ann","Bo","Cy","Di"]}"#,
    );
    let hook = json!({ "url": format!("{}/json", receiver.base), "format": "json" });
    let answer = post(
        base,
        &table.path("webhooks"),
        Some(&table.gm),
        &hook.to_string(),
    );
    assert_eq!(answer.status, 201, "{}", answer.body);
    let view = |format: &str| {
        get(
            base,
            &format!("{}?format={format}", table.path("view")),
            None,
        )
        .body
    };
    // The page's header reads the title, never a capitalised slug.
    let status = get(base, &table.path("view"), None).json();
    assert_eq!(status["title"], "Warring States");
    let seats = status["table"]["seats"].as_array().unwrap();
    assert_eq!(seats[0]["name"], "Ann");
    let text = view("text");
    assert!(
        text.contains("to act: Ann (Red), Bo (Yellow), Cy (Green), Di (Cyan)"),
        "{text}"
    );
    let bbcode = view("bbcode");
    assert!(bbcode.contains("[b]Ann (Red)[/b]"), "{bbcode}");
    let svg = view("svg");
    assert!(svg.contains("Di (Cyan)"), "{svg}");
    for output in [&text, &bbcode, &svg] {
        assert!(!output.contains("Player 1"), "{output}");
    }
    // A refusal names the player as the texts do.
    let refused = post(base, &table.path("ready"), Some(&table.seats[1]), "");
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused.body.contains("Bo (Yellow) has no draft to mark"),
        "{}",
        refused.body
    );
    // The game master gives every seat no orders, which resolves the turn: the log and every
    // notice name the players alike.
    for player in ["Ann", "Bo", "Cy", "Di"] {
        let body = json!({ "action": format!("no orders {player}") }).to_string();
        let answer = post(base, &table.path("act"), Some(&table.gm), &body);
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    let log = get(base, &table.path("log"), None).body;
    assert!(
        log.contains("Ann (Red)") && !log.contains("Player 1"),
        "{log}"
    );
    let got = receiver.wait_for(Duration::from_secs(30), |g| {
        g.iter().any(|g| g.event == "turn_opened") && g.iter().any(|g| g.event == "turn_closed")
    });
    let body = |event: &str| got.iter().find(|g| g.event == event).unwrap().json();
    let opened = body("turn_opened");
    assert_eq!(
        opened["text"],
        "Warring States: a new turn: Ann (Red), Bo (Yellow), Cy (Green) and Di (Cyan) send \
         their orders."
    );
    assert_eq!(
        opened["to_act"][0],
        json!({ "seat": 0, "name": "Ann (Red)" })
    );
    let summary = body("turn_closed");
    let summary = summary["bbcode"].as_str().unwrap();
    assert!(
        summary.contains("Ann (Red)") && !summary.contains("Player 1"),
        "{summary}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
