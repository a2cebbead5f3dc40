//! The turn workflow of simultaneous games through the API: drafts checked at once and
//! changeable until ready, secret from the other seats, resolution when every seat is ready or
//! when the turn closes (deadline or the game master), the default for absent seats, and the
//! drafts and deadline surviving a restart.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::time::{Duration, Instant};

use common::{Table, create, get, post, start, temp_dir};
use serde_json::{Value, json};

/// A Warring States table for three players.
fn three_player_ws(base: &str) -> Table {
    let (game, _) = pbp_frontend::catalog::catalog()
        .get("warring-states")
        .unwrap();
    let mut config = game.default_config().unwrap();
    config["players"].as_array_mut().unwrap().truncate(3);
    create(
        base,
        &json!({ "game": "warring-states", "config": config, "players": ["Ann", "Bo", "Cy"] })
            .to_string(),
    )
}

fn status(base: &str, table: &Table, token: Option<&str>) -> Value {
    get(base, &table.path("view"), token).json()["table"].clone()
}

fn orders(base: &str, table: &Table) -> Vec<String> {
    status(base, table, None)["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["orders"].as_str().unwrap().to_owned())
        .collect()
}

fn steps(base: &str, table: &Table) -> u64 {
    get(base, &table.path("view"), None).json()["steps"]
        .as_u64()
        .unwrap()
}

const DEFEND_TANG: &str = "[b]10 Rice for Defense of Tang.[/b]";

#[test]
fn drafts_are_checked_private_and_resolve_when_all_are_ready() {
    let dir = temp_dir("turns-ready");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = three_player_ws(base);
    let [ann, bo, cy] = [0, 1, 2].map(|i| Some(table.seats[i].as_str()));

    // An order the rules refuse is refused at once, and nothing is kept.
    let answer = post(
        base,
        &table.path("draft"),
        ann,
        r#"{"action":"[b]900 Rice for Defense of Tang.[/b]"}"#,
    );
    assert_eq!(answer.status, 422, "{}", answer.body);
    let answer = post(base, &table.path("draft"), ann, r#"{"action":"hello"}"#);
    assert_eq!(answer.status, 422, "{}", answer.body);
    assert_eq!(orders(base, &table), ["none", "none", "none"]);

    // A draft, then a changed one: only Ann and the game master read it.
    let first = json!({ "action": "[b]No orders.[/b]" }).to_string();
    assert_eq!(post(base, &table.path("draft"), ann, &first).status, 200);
    let second = json!({ "action": DEFEND_TANG }).to_string();
    let answer = post(base, &table.path("draft"), ann, &second);
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(orders(base, &table), ["draft", "none", "none"]);
    let own = status(base, &table, ann);
    assert_eq!(own["drafts"].as_array().unwrap().len(), 1);
    assert!(own["drafts"].to_string().contains("rice"), "{own}");
    assert_eq!(
        status(base, &table, Some(&table.gm))["drafts"],
        own["drafts"]
    );
    let sheet = own["drafts"][0]["action"].to_string();
    for other in [bo, cy, None] {
        assert_eq!(status(base, &table, other)["drafts"], json!([]));
        for endpoint in [
            "view",
            "view?format=text",
            "view?format=bbcode",
            "log",
            "legal",
        ] {
            let seen = get(base, &table.path(endpoint), other).body;
            assert!(!seen.contains(&sheet), "a draft leaked: {seen}");
        }
    }
    // Nothing is applied until the turn resolves.
    assert_eq!(steps(base, &table), 0);

    // Ready, not ready, ready again; others' seats cannot be marked by a seat.
    let answer = post(base, &table.path("ready"), ann, "");
    assert_eq!(
        (answer.status, answer.json()["resolved"].clone()),
        (200, json!(false))
    );
    assert_eq!(
        post(base, &table.path("ready"), ann, r#"{"ready":false}"#).status,
        200
    );
    assert_eq!(orders(base, &table), ["draft", "none", "none"]);
    assert_eq!(post(base, &table.path("ready"), ann, "").status, 200);
    assert_eq!(
        post(base, &table.path("ready"), bo, r#"{"as":0}"#).status,
        403
    );
    let answer = post(base, &table.path("ready"), bo, "");
    assert_eq!(answer.status, 422, "no draft yet");
    // The refusal names the player as the table's names reached the game, not a seat number.
    assert!(
        answer.body.contains("Bo (Yellow) has no draft to mark"),
        "{}",
        answer.body
    );

    // Bo and Cy send theirs; the last ready resolves the turn.
    for seat in [bo, cy] {
        let body = json!({ "action": "[b]No orders.[/b]" }).to_string();
        assert_eq!(post(base, &table.path("draft"), seat, &body).status, 200);
    }
    assert_eq!(post(base, &table.path("ready"), bo, "").status, 200);
    assert_eq!(orders(base, &table), ["ready", "ready", "draft"]);
    let answer = post(base, &table.path("ready"), cy, "");
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.json()["resolved"], true);
    assert_eq!(steps(base, &table), 3);
    assert_eq!(orders(base, &table), ["none", "none", "none"]);
    // The record has the three order sheets, Ann's as she last drafted it.
    let record: Value =
        serde_json::from_str(&get(base, &table.path("record"), Some(&table.gm)).body).unwrap();
    let entries = record["record"]["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[0]["actor"], json!({"seat": 0}));
    assert!(
        entries[0]["action"].to_string().contains("10"),
        "{}",
        entries[0]
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_deadline_closes_the_turn_with_drafts_and_no_orders() {
    let dir = temp_dir("turns-deadline");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = three_player_ws(base);
    let ann = Some(table.seats[0].as_str());
    let body = json!({ "action": DEFEND_TANG }).to_string();
    assert_eq!(post(base, &table.path("draft"), ann, &body).status, 200);

    // Only the game master sets a deadline.
    let deadline = r#"{"in_seconds":0,"grace":1}"#;
    assert_eq!(
        post(base, &table.path("deadline"), ann, deadline).status,
        403
    );
    assert_eq!(
        post(base, &table.path("deadline"), None, deadline).status,
        401
    );
    assert_eq!(post(base, &table.path("resolve"), ann, "").status, 403);
    let answer = post(base, &table.path("deadline"), Some(&table.gm), deadline);
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(answer.json()["table"]["deadline"].is_u64());

    // The scheduler closes it after the grace: Ann's draft is applied (though not marked
    // ready), Bo and Cy get no orders from the game master, and turn 2 begins.
    let started = Instant::now();
    while steps(base, &table) < 3 && started.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(200));
    }
    let record: Value =
        serde_json::from_str(&get(base, &table.path("record"), Some(&table.gm)).body).unwrap();
    let entries = record["record"]["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 3, "{entries:?}");
    assert_eq!(entries[0]["actor"], json!({"seat": 0}));
    assert_eq!(entries[1]["actor"], "game-master");
    assert_eq!(entries[2]["actor"], "game-master");
    let now = status(base, &table, None);
    assert_eq!(now["deadline"], Value::Null);
    assert_eq!(orders(base, &table), ["none", "none", "none"]);

    // The game master closes the next turn at once.
    let answer = post(base, &table.path("resolve"), Some(&table.gm), "");
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.json()["resolved"], true);
    assert_eq!(steps(base, &table), 6);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn drafts_and_deadlines_survive_a_restart() {
    let dir = temp_dir("turns-restart");
    let db = dir.join("db.sqlite");
    let server = start(&db);
    let table = three_player_ws(&server.base);
    let ann = Some(table.seats[0].as_str());
    let body = json!({ "action": DEFEND_TANG }).to_string();
    assert_eq!(
        post(&server.base, &table.path("draft"), ann, &body).status,
        200
    );
    assert_eq!(
        post(&server.base, &table.path("ready"), ann, "").status,
        200
    );
    let deadline = r#"{"in_seconds":3600}"#;
    assert_eq!(
        post(
            &server.base,
            &table.path("deadline"),
            Some(&table.gm),
            deadline
        )
        .status,
        200
    );
    let before = status(&server.base, &table, ann);
    drop(server);
    let server = start(&db);
    assert_eq!(status(&server.base, &table, ann), before);
    assert_eq!(orders(&server.base, &table), ["ready", "none", "none"]);
    let _ = std::fs::remove_dir_all(dir);
}
