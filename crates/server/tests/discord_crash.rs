//! `kill -9` of a server with the Discord venue while the bot's posts are pending: a table
//! started by `/start` through the fake Discord, played to its end, the server killed while
//! Discord holds the answer to a post it kept, and restarted on the same database: every
//! acknowledged act's post reaches the thread exactly once (the outbox keeps it, the nonce
//! stops the one sent again from posting twice), none lost, none doubled.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use common::discord::{FakeDiscord, THREAD, options_for, start_table};
use common::{ServerProcess, Start, all_delivered, get, post, temp_dir};
use pbp_server::{DiscordStore, SqliteStore, WebhookOptions};
use serde_json::json;

/// The database and the fake's API, a tab between them.
const SERVER_VARIABLE: &str = "PBP_DISCORD_CRASH_SERVER";
const CHANNEL: &str = "400000000000000004";
const GM: &str = "11";

#[test]
#[ignore = "the server process of the Discord crash test, which starts it itself"]
fn discord_crash_server_process() {
    let variable = std::env::var(SERVER_VARIABLE).expect("started by the crash test");
    let (db, api) = variable.split_once('\t').unwrap();
    let (server, _hub) = Start {
        webhooks: WebhookOptions {
            allow_private: true,
            timeout: Duration::from_secs(2),
            retry_for: Duration::from_secs(300),
            first_backoff: Duration::from_millis(200),
            public_url: None,
        },
        discord: Some(options_for(api)),
        ..Start::default()
    }
    .run(std::path::Path::new(db));
    println!("LISTENING {}", server.base);
    loop {
        std::thread::sleep(Duration::from_secs(60));
    }
}

fn spawn_server(db: &std::path::Path, api: &str) -> ServerProcess {
    common::spawn_server_process(
        "discord_crash_server_process",
        SERVER_VARIABLE,
        &format!("{}\t{api}", db.to_str().unwrap()),
    )
}

#[test]
fn kill_9_with_posts_pending_then_restart_posts_each_once() {
    let dir = temp_dir("discord-crash");
    let db = dir.join("db.sqlite");
    // Discord keeps each new message and answers it 700 ms later, so a post is in flight most
    // of the time.
    let fake = FakeDiscord::start_slow(Duration::from_millis(700));
    let mut first = spawn_server(&db, &fake.api);
    let base = first.base.clone();
    start_table(
        &fake,
        &base,
        GM,
        CHANNEL,
        "duel",
        &[("21", "Ann"), ("22", "Bo")],
    );
    let binding = SqliteStore::open(&db)
        .unwrap()
        .table_in(THREAD)
        .unwrap()
        .unwrap();
    let (table, gm) = (binding.table.clone(), binding.gm_token.clone());
    // Rounds until the duel is over, each act acknowledged: two posts a round, and who won.
    for _ in 0..20 {
        let view = get(&base, &format!("/api/tables/{table}/view"), None).json();
        if view["turn"].get("over").is_some() {
            break;
        }
        for seat in [0, 1] {
            let body = json!({ "action": "strike", "as": seat }).to_string();
            let answer = post(&base, &format!("/api/tables/{table}/act"), Some(&gm), &body);
            assert_eq!(answer.status, 200, "{}", answer.body);
        }
    }
    // Once two posts are in the thread and a third is kept but not answered, the server is
    // killed.
    let started = Instant::now();
    while !(fake.messages(THREAD).len() >= 2 && fake.in_flight() == 1) {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "{:#?}",
            fake.messages(THREAD)
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    first.process.kill().unwrap();
    first.process.wait().unwrap();
    let before_kill = fake.messages(THREAD).len();
    let second = spawn_server(&db, &fake.api);
    let base = second.base.clone();
    // Every post of the outbox is delivered after the restart.
    let listing = all_delivered(&base, &format!("/api/tables/{table}/webhooks"), &gm);
    let deliveries = listing["webhooks"][0]["deliveries"].as_array().unwrap();
    let messages = fake.messages(THREAD);
    // One message per post (a duel's notices are short: none is split), each once.
    assert_eq!(messages.len(), deliveries.len(), "{messages:#?}");
    let mut nonces: Vec<&str> = messages.iter().map(|m| m.nonce.as_str()).collect();
    nonces.sort_unstable();
    nonces.dedup();
    assert_eq!(nonces.len(), messages.len(), "none doubled: {messages:#?}");
    // A whole duel: at least three rounds, two posts each, the last who won.
    assert!(messages.len() >= 6, "{messages:#?}");
    assert!(
        messages
            .last()
            .unwrap()
            .content
            .starts_with("Duel is over: "),
        "{messages:#?}"
    );
    // The post the kill cut short was sent again, with its nonce, and kept once.
    let mut sent: BTreeMap<String, usize> = BTreeMap::new();
    for call in fake.calls() {
        if call.path == format!("/api/v10/channels/{THREAD}/messages") {
            // The summary carries the picture: its JSON is the form's `payload_json`.
            let payload = if call.content_type.starts_with("multipart/") {
                call.with_file().0
            } else {
                call.json()
            };
            *sent
                .entry(payload["nonce"].as_str().unwrap().to_owned())
                .or_default() += 1;
        }
    }
    assert!(
        sent.values().any(|&n| n > 1),
        "the post cut by the kill was sent again ({before_kill} kept before it): {sent:?}"
    );
    drop(second);
    let _ = std::fs::remove_dir_all(dir);
}
