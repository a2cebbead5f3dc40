//! `kill -9` of the server in the middle of a delivery: after a restart on the same database,
//! every notice is delivered, and the receiver, de-duplicating on `X-Pbp-Delivery`, has each
//! exactly once, in order; the delivery the kill cut short is sent again with its key.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use common::receiver::{Receiver, accepted};
use common::{ServerProcess, Table, all_delivered, create, get, post, start_hooked, temp_dir};
use pbp_server::WebhookOptions;
use serde_json::{Value, json};

const DB_VARIABLE: &str = "PBP_WEBHOOK_CRASH_DB";

#[test]
#[ignore = "the server process of the webhook crash test, which starts it itself"]
fn webhook_crash_server_process() {
    let db = std::env::var(DB_VARIABLE).expect("started by the crash test");
    let options = WebhookOptions {
        allow_private: true,
        timeout: Duration::from_secs(2),
        retry_for: Duration::from_secs(300),
        first_backoff: Duration::from_millis(200),
        public_url: None,
    };
    let server = start_hooked(std::path::Path::new(&db), options);
    println!("LISTENING {}", server.base);
    loop {
        std::thread::sleep(Duration::from_secs(60));
    }
}

fn spawn_server(db: &std::path::Path) -> ServerProcess {
    common::spawn_server_process(
        "webhook_crash_server_process",
        DB_VARIABLE,
        db.to_str().unwrap(),
    )
}

fn act(base: &str, table: &Table, seat: usize) {
    let answer = post(
        base,
        &table.path("act"),
        Some(&table.seats[seat]),
        r#"{"action":"strike"}"#,
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
}

#[test]
fn kill_9_mid_delivery_then_restart_delivers_every_notice_once_per_key() {
    let dir = temp_dir("hook-crash");
    let db = dir.join("db.sqlite");
    // Each request is answered 700 ms after it arrives, so a delivery is in flight most of
    // the time.
    let receiver = Receiver::start(0, Duration::from_millis(700));
    let mut first = spawn_server(&db);
    let base = first.base.clone();
    let table = create(&base, r#"{"game":"duel","players":["Al","Bo"]}"#);
    let hook = json!({ "url": format!("{}/crash", receiver.base), "format": "json" });
    let answer = post(
        &base,
        &table.path("webhooks"),
        Some(&table.gm),
        &hook.to_string(),
    );
    assert_eq!(answer.status, 201, "{}", answer.body);
    let secret = answer.json()["secret"].as_str().unwrap().to_owned();
    // Rounds until the duel is over: two notices a round, and who won.
    for _ in 0..20 {
        if get(&base, &table.path("view"), None).json()["turn"]
            .get("over")
            .is_some()
        {
            break;
        }
        act(&base, &table, 0);
        act(&base, &table, 1);
    }
    // Once two notices arrived and a third is on its way, the server is killed.
    let started = Instant::now();
    while !(receiver.got().len() >= 2 && receiver.in_flight() == 1) {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "{:#?}",
            receiver.got()
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    first.process.kill().unwrap();
    first.process.wait().unwrap();
    let before_kill = receiver.got().len();
    let second = spawn_server(&db);
    let base = second.base.clone();
    // Every notice of the outbox is delivered after the restart.
    let listed = all_delivered(&base, &table.path("webhooks"), &table.gm);
    let listing = listed["webhooks"][0]["deliveries"].as_array().unwrap();
    let got = receiver.got();
    let once = accepted(&got);
    // One per notice, in the outbox's order (the listing is newest first).
    let keys: Vec<&str> = once.iter().map(|g| g.key.as_str()).collect();
    let mut expected: Vec<&str> = listing.iter().map(|d| d["key"].as_str().unwrap()).collect();
    expected.reverse();
    assert_eq!(keys, expected);
    // At least three rounds: two notices each, the last one's second being who won.
    assert!(once.len() >= 6, "a whole duel: {} notices", once.len());
    assert_eq!(once.last().unwrap().event, "game_over");
    // The delivery in flight at the kill came again, byte for byte, with its key.
    let mut copies: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for g in &got {
        copies
            .entry(g.key.as_str())
            .or_default()
            .push(g.body.as_str());
        assert!(g.signed_by(&secret));
    }
    let repeated: Vec<&str> = copies
        .iter()
        .filter(|(_, bodies)| bodies.len() > 1)
        .map(|(key, _)| *key)
        .collect();
    assert!(
        !repeated.is_empty(),
        "the delivery cut by the kill was sent again ({before_kill} arrived before it)"
    );
    for key in repeated {
        let bodies = &copies[key];
        assert!(bodies.iter().all(|b| b == &bodies[0]), "{key}: {bodies:?}");
    }
    let events: Vec<Value> = once.iter().map(|g| g.json()).collect();
    assert!(events.iter().all(|e| e["table"] == table.id.as_str()));
    drop(second);
    let _ = std::fs::remove_dir_all(dir);
}
