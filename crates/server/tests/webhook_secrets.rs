//! Nothing secret reaches a webhook: random games of all four games, played through the API
//! with a webhook of each format, send notices that hold no seed, salt, token or webhook
//! secret, and whose turn summary is exactly the public's forum post of the turn's steps
//! (rebuilt here from the record), never a seat's or the game master's (no hand, no sealed
//! order, no carrier).

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::time::Duration;

use common::receiver::{Receiver, accepted};
use common::{Table, create, get, post, start_hooked, temp_dir};
use pbp_core::engine::Viewer;
use pbp_server::WebhookOptions;
use serde_json::{Value, json};

/// Plays up to `steps` random legal actions, each as the actor the turn names first (the game
/// master acting for a seat), choosing with a small generator from `seed`.
fn play(base: &str, table: &Table, steps: usize, mut seed: u64) {
    for _ in 0..steps {
        let view = get(base, &table.path("view"), Some(&table.gm)).json();
        let Some(acting) = view["turn"]["acting"].as_array() else {
            return;
        };
        // A seat before the game master, so that turns move on.
        let actor = acting
            .iter()
            .find(|a| a.get("seat").is_some())
            .or(acting.first())
            .cloned()
            .unwrap_or(Value::Null);
        let seat = actor["seat"].as_u64();
        let path = match seat {
            Some(seat) => format!("{}?as={seat}", table.path("legal")),
            None => table.path("legal"),
        };
        let legal = get(base, &path, Some(&table.gm)).json();
        let Some(legal) = legal.as_array().filter(|l| !l.is_empty()) else {
            return;
        };
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let chosen = &legal[usize::try_from(seed >> 33).unwrap() % legal.len()];
        let mut body = json!({ "action": chosen["text"] });
        if let Some(seat) = seat {
            body["as"] = json!(seat);
        }
        let answer = post(base, &table.path("act"), Some(&table.gm), &body.to_string());
        assert_eq!(answer.status, 200, "{}: {}", chosen["text"], answer.body);
    }
}

fn game_keeps_its_secrets_from_the_webhooks(game: &str, steps: usize) {
    let dir = temp_dir(&format!("hook-secrets-{game}"));
    let receiver = Receiver::start(0, Duration::ZERO);
    let options = WebhookOptions {
        allow_private: true,
        first_backoff: Duration::from_millis(100),
        ..WebhookOptions::default()
    };
    let server = start_hooked(&dir.join("db.sqlite"), options);
    let base = &server.base;
    let table = create(base, &json!({ "game": game }).to_string());
    let mut secrets = Vec::new();
    for format in ["json", "discord", "slack"] {
        let body = json!({ "url": format!("{}/{format}", receiver.base), "format": format });
        let answer = post(
            base,
            &table.path("webhooks"),
            Some(&table.gm),
            &body.to_string(),
        );
        assert_eq!(answer.status, 201, "{}", answer.body);
        secrets.push(answer.json()["secret"].as_str().unwrap().to_owned());
    }
    play(base, &table, steps, 7);
    // Every notice written is delivered (none pending), then read as the receiver got it.
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        let listing = get(base, &table.path("webhooks"), Some(&table.gm)).json();
        let pending = listing.to_string().contains("\"pending\"");
        if !pending {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "{listing:#}");
        std::thread::sleep(Duration::from_millis(100));
    }
    let got = accepted(&receiver.got());
    let closed = got
        .iter()
        .filter(|g| g.path == "/json" && g.event == "turn_closed")
        .count();
    assert!(closed >= 1, "{game}: {steps} steps closed no turn");
    let gm_view = get(base, &table.path("view"), Some(&table.gm)).json();
    let seed = gm_view["seed"]
        .as_u64()
        .expect("the game master's view has the seed");
    let salt = gm_view["salt"].as_str().unwrap_or("no salt").to_owned();
    let mut forbidden = vec![seed.to_string(), salt, table.gm.clone()];
    forbidden.extend(table.seats.iter().cloned());
    forbidden.extend(secrets);
    for g in &got {
        for secret in &forbidden {
            assert!(
                !g.body.contains(secret.as_str()),
                "{game}: {} holds a secret",
                g.body
            );
        }
    }
    // Each turn's summary is the public's post of its steps, rebuilt from the record.
    let record = get(base, &table.path("record"), Some(&table.gm)).body;
    for g in got
        .iter()
        .filter(|g| g.path == "/json" && g.event == "turn_closed")
    {
        let notice = g.json();
        let step = notice["step"].as_u64().unwrap();
        let from = notice["from_step"].as_u64().unwrap();
        let mut replayed = pbp_frontend::Table::load(&record).unwrap();
        while replayed.steps() as u64 > step {
            replayed.undo().unwrap();
        }
        let post = replayed
            .bbcode_since(Viewer::Public, Some(usize::try_from(from - 1).unwrap()))
            .unwrap();
        if post.chars().count() < 20_000 {
            assert_eq!(
                notice["bbcode"].as_str().unwrap(),
                post,
                "{game}, step {step}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn clan_war_notices_hold_only_what_the_public_sees() {
    game_keeps_its_secrets_from_the_webhooks("clan-war", 60);
}

#[test]
fn three_kingdoms_notices_hold_only_what_the_public_sees() {
    game_keeps_its_secrets_from_the_webhooks("three-kingdoms", 40);
}

#[test]
fn warring_states_notices_hold_only_what_the_public_sees() {
    game_keeps_its_secrets_from_the_webhooks("warring-states", 40);
}

#[test]
fn scroll_race_notices_hold_only_what_the_public_sees() {
    game_keeps_its_secrets_from_the_webhooks("scroll-race", 60);
}
