//! The public turn in a table's Discord thread, as Discord sees it: the bot posts each notice
//! of a table bound to a thread (`discord-bot`) in that thread through the outbox, with the
//! players to act or late mentioned and no one else, the table's picture as a PNG attachment,
//! long texts cut under 2,000 characters with nothing lost, 429s waited out, and a notice
//! tried again after a lost answer posted once. The API never makes such a hook.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::discord::{BOT_TOKEN, FakeDiscord, Message};
use common::players::SeatUsers;
use common::{
    Table, agent, all_delivered, bind_thread, create, get, post, start_posting, temp_dir,
};
use pbp_server::WebhookOptions;
use serde_json::json;

const THREAD: &str = "500000000000000005";
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

fn options() -> WebhookOptions {
    WebhookOptions {
        allow_private: true,
        timeout: Duration::from_secs(5),
        retry_for: Duration::from_secs(300),
        first_backoff: Duration::from_millis(100),
        public_url: None,
    }
}

fn act(base: &str, table: &Table, seat: usize, action: &str) {
    let body = json!({ "action": action }).to_string();
    let answer = post(base, &table.path("act"), Some(&table.seats[seat]), &body);
    assert_eq!(answer.status, 200, "{}", answer.body);
}

/// The public's picture of `table` as it stands.
fn public_png(base: &str, table: &Table) -> Vec<u8> {
    let mut answer = agent()
        .get(format!("{base}{}", table.path("view?format=png")))
        .call()
        .unwrap();
    answer.body_mut().read_to_vec().unwrap()
}

fn assert_discords_limits(messages: &[Message]) {
    let nonces: BTreeSet<&str> = messages.iter().map(|m| m.nonce.as_str()).collect();
    assert_eq!(
        nonces.len(),
        messages.len(),
        "each message once: {messages:#?}"
    );
    for message in messages {
        assert!(
            message.content.chars().count() <= 2000,
            "{}",
            message.content
        );
        assert!(message.parse.is_empty(), "no mention parsed: {message:?}");
        assert!(message.nonce.len() <= 25);
    }
}

/// A server posting to `fake`, and a duel between Al and Bo bound to the thread [`THREAD`]
/// with a reminder `remind_before` seconds before a deadline, Al played by Discord user 111
/// and Bo by 222. Answers the server (kept running while it lives), its hub, the table and
/// the hook's id.
fn duel_in_thread(
    dir: &std::path::Path,
    fake: &FakeDiscord,
    remind_before: u64,
) -> (common::Running, pbp_server::HubHandle, Table, String) {
    let bound = Arc::new(SeatUsers::default());
    let (server, hub) = start_posting(
        &dir.join("db.sqlite"),
        options(),
        Some(fake.options()),
        bound.clone(),
    );
    let table = create(&server.base, r#"{"game":"duel","players":["Al","Bo"]}"#);
    bound.bind(&table.id, 0, "111");
    bound.bind(&table.id, 1, "222");
    let hook = bind_thread(&hub, &table.id, THREAD, remind_before);
    (server, hub, table, hook)
}

#[test]
fn a_duels_turn_is_posted_in_its_thread_with_the_mentions_and_the_map() {
    let dir = temp_dir("discord-posts-duel");
    // Every second call is answered 429: the bot waits its `retry_after` and posts again.
    let fake = FakeDiscord::start(2);
    let (server, hub, table, hook) = duel_in_thread(&dir, &fake, 0);
    let base = &server.base;
    // Bound again to the same thread: the same hook.
    assert_eq!(bind_thread(&hub, &table.id, THREAD, 0), hook);
    // The API makes no such hook.
    let refused = post(
        base,
        &table.path("webhooks"),
        Some(&table.gm),
        &json!({ "url": format!("discord-channel:{THREAD}"), "format": "discord-bot" }).to_string(),
    );
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(
        refused.body.contains("not made over the API"),
        "{}",
        refused.body
    );
    act(base, &table, 0, "strike");
    act(base, &table, 1, "focus");
    let map = public_png(base, &table);
    let messages = fake.wait_for_messages(THREAD, |m| m.len() >= 2);
    assert_eq!(messages.len(), 2, "{messages:#?}");
    assert_discords_limits(&messages);
    // The turn's summary in words, with the public's picture at its step attached.
    let summary = &messages[0];
    assert!(
        summary.content.starts_with("Duel: the turn is over.\n"),
        "{}",
        summary.content
    );
    assert!(summary.content.contains("Al") && summary.content.contains("Bo"));
    assert!(summary.users.is_empty(), "{summary:?}");
    let (name, png) = summary.file.as_ref().expect("the map is attached");
    assert_eq!(name, "table.png");
    assert!(png.starts_with(PNG_SIGNATURE));
    assert!(png.len() > 1000, "{} bytes", png.len());
    assert_eq!(png, &map, "the public's picture at the summary's step");
    // Who acts now, mentioned, and only they.
    let opened = &messages[1];
    assert!(
        opened
            .content
            .starts_with("Duel: a new turn: Al and Bo send their orders.")
    );
    assert!(
        opened.content.ends_with("Your turn: <@111> <@222>"),
        "{}",
        opened.content
    );
    assert_eq!(opened.users, ["111", "222"]);
    assert!(opened.file.is_none());
    // With the bot's token, and 429s on the way.
    let calls = fake.calls();
    let posts: Vec<_> = calls
        .iter()
        .filter(|c| c.path == format!("/api/v10/channels/{THREAD}/messages"))
        .collect();
    assert!(posts.iter().all(|c| c.method == "POST"));
    assert!(
        posts
            .iter()
            .all(|c| c.authorization == format!("Bot {BOT_TOKEN}"))
    );
    assert!(posts.iter().any(|c| c.answered == 429), "{posts:#?}");
    // The game master's listing shows the hook and its deliveries.
    let listing = all_delivered(base, &table.path("webhooks"), &table.gm);
    let listed = &listing["webhooks"][0];
    assert_eq!(listed["format"], "discord-bot");
    assert_eq!(listed["url"], format!("discord-channel:{THREAD}"));
    assert_eq!(listed["id"], hook.as_str());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_long_summary_is_cut_under_2000_characters_with_nothing_lost() {
    let dir = temp_dir("discord-posts-long");
    let fake = FakeDiscord::start(0);
    let (server, hub) = start_posting(
        &dir.join("db.sqlite"),
        options(),
        Some(fake.options()),
        Arc::new(SeatUsers::default()),
    );
    let base = &server.base;
    let table = create(base, r#"{"game":"duel","players":["Al","Bo"]}"#);
    let first_map = public_png(base, &table);
    let hook = bind_thread(&hub, &table.id, THREAD, 0);
    act(base, &table, 0, "strike");
    act(base, &table, 1, "focus");
    let before = fake.wait_for_messages(THREAD, |m| m.len() >= 2).len();
    // A summary of step 0 far over a message, written to the outbox as the hub writes one
    // (the table has moved on: its picture is the table's at step 0, replayed).
    let lines: Vec<String> = (0..150)
        .map(|n| format!("[b]Al[/b] moves army {n} to [i]Qi[/i]"))
        .collect();
    let notice = json!({
        "event": "turn_closed",
        "table": table.id,
        "step": 0,
        "text": "Duel: the turn is over.",
        "bbcode": lines.join("\n"),
    });
    let written = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(hub.call(move |hub| {
            let notice = pbp_server::webhooks::Notice {
                kind: pbp_server::webhooks::NoticeKind::TurnClosed,
                json: notice.to_string(),
            };
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_millis();
            hub.store()
                .add_reminder(&hook, 1, 0, &notice, u64::try_from(now).unwrap())
                .map_err(|e| pbp_server::ApiError::Internal(e.to_string()))
        }))
        .unwrap();
    assert!(written);
    let messages = fake.wait_for_messages(THREAD, |m| m.len() >= before + 3);
    let parts = &messages[before..];
    assert_discords_limits(&messages);
    assert_eq!(parts.len(), 3, "{parts:#?}");
    let expected: Vec<String> = (0..150)
        .map(|n| format!("**Al** moves army {n} to *Qi*"))
        .collect();
    let whole = format!("Duel: the turn is over.\n{}", expected.join("\n"));
    let contents: Vec<&str> = parts.iter().map(|m| m.content.as_str()).collect();
    assert_eq!(contents.join("\n"), whole, "nothing lost, cut at line ends");
    // The picture once, on the last part: the table as it stood at step 0.
    assert!(parts[..2].iter().all(|m| m.file.is_none()));
    assert_eq!(parts[2].file.as_ref().unwrap().1, first_map);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_reminder_mentions_the_late_players_only() {
    let dir = temp_dir("discord-posts-remind");
    let fake = FakeDiscord::start(0);
    let (server, _hub, table, _hook) = duel_in_thread(&dir, &fake, 600);
    let base = &server.base;
    let draft = post(
        base,
        &table.path("draft"),
        Some(&table.seats[0]),
        r#"{"action":"strike"}"#,
    );
    assert_eq!(draft.status, 200, "{}", draft.body);
    let ready = post(
        base,
        &table.path("ready"),
        Some(&table.seats[0]),
        r#"{"ready":true}"#,
    );
    assert_eq!(ready.status, 200, "{}", ready.body);
    let deadline = post(
        base,
        &table.path("deadline"),
        Some(&table.gm),
        r#"{"in_seconds":300}"#,
    );
    assert_eq!(deadline.status, 200, "{}", deadline.body);
    let messages = fake.wait_for_messages(THREAD, |m| !m.is_empty());
    assert_eq!(messages.len(), 1, "{messages:#?}");
    let reminder = &messages[0];
    assert!(
        reminder.content.starts_with("Duel: the deadline is in "),
        "{}",
        reminder.content
    );
    assert!(reminder.content.contains("no orders yet from Bo"));
    assert!(
        reminder.content.ends_with("Orders awaited from <@222>"),
        "{}",
        reminder.content
    );
    assert!(!reminder.content.contains("<@111>"));
    assert_eq!(reminder.users, ["222"]);
    assert_discords_limits(&messages);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_notice_tried_again_after_a_lost_answer_posts_once() {
    let dir = temp_dir("discord-posts-lost");
    // The answer to every second message is lost: kept by Discord, unknown to pbp.
    let fake = FakeDiscord::start_losing(0, 2);
    let (server, hub) = start_posting(
        &dir.join("db.sqlite"),
        options(),
        Some(fake.options()),
        Arc::new(SeatUsers::default()),
    );
    let base = &server.base;
    let table = create(base, r#"{"game":"duel","players":["Al","Bo"]}"#);
    bind_thread(&hub, &table.id, THREAD, 0);
    for _ in 0..2 {
        act(base, &table, 0, "strike");
        act(base, &table, 1, "focus");
    }
    let listing = all_delivered(base, &table.path("webhooks"), &table.gm);
    let deliveries = listing["webhooks"][0]["deliveries"].as_array().unwrap();
    assert_eq!(deliveries.len(), 4, "{listing:#}");
    let messages = fake.messages(THREAD);
    assert_eq!(messages.len(), 4, "one message per notice: {messages:#?}");
    assert_discords_limits(&messages);
    let posted = fake
        .calls()
        .iter()
        .filter(|c| c.path.ends_with("/messages"))
        .count();
    assert!(
        posted > messages.len(),
        "{posted} posts for {} messages",
        messages.len()
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn without_the_bot_a_post_waits_and_says_why() {
    let dir = temp_dir("discord-posts-nobot");
    let (server, hub) = start_posting(
        &dir.join("db.sqlite"),
        options(),
        None,
        Arc::new(SeatUsers::default()),
    );
    let base = &server.base;
    let table = create(base, r#"{"game":"duel","players":["Al","Bo"]}"#);
    bind_thread(&hub, &table.id, THREAD, 0);
    act(base, &table, 0, "strike");
    act(base, &table, 1, "focus");
    let started = Instant::now();
    loop {
        let listing = get(base, &table.path("webhooks"), Some(&table.gm)).json();
        let deliveries = listing["webhooks"][0]["deliveries"]
            .as_array()
            .unwrap()
            .clone();
        // The oldest waits, tried again and again, and says why; the next waits behind it.
        let waiting = deliveries.len() == 2
            && deliveries.iter().all(|d| d["state"] == "pending")
            && deliveries.last().unwrap()["outcome"]
                .as_str()
                .is_some_and(|o| o.contains("without its Discord bot"));
        if waiting {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "{listing:#}");
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = std::fs::remove_dir_all(dir);
}
