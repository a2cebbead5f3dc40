//! Webhooks through the API with a real receiver on a loopback port: retries with backoff,
//! signatures, each format's payload, reminders, who may manage them, and the refusal of
//! private addresses.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::time::Duration;

use common::receiver::{Receiver, accepted};
use common::{Table, create, get, post, start, start_hooked, temp_dir};
use pbp_server::WebhookOptions;
use serde_json::{Value, json};

const SECRET: &str = "a-secret-of-sixteen-or-more";

fn options() -> WebhookOptions {
    WebhookOptions {
        allow_private: true,
        timeout: Duration::from_secs(2),
        retry_for: Duration::from_secs(120),
        first_backoff: Duration::from_millis(200),
        public_url: None,
    }
}

fn delete(base: &str, path: &str, token: Option<&str>) -> (u16, Value) {
    let mut request = common::agent().delete(format!("{base}{path}"));
    if let Some(token) = token {
        request = request.header("Authorization", format!("Bearer {token}"));
    }
    let mut response = request.call().unwrap();
    let status = response.status().as_u16();
    let body = response.body_mut().read_to_string().unwrap();
    (status, serde_json::from_str(&body).unwrap())
}

fn add_hook(base: &str, table: &Table, body: &Value) -> Value {
    let answer = post(
        base,
        &table.path("webhooks"),
        Some(&table.gm),
        &body.to_string(),
    );
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.json()
}

fn act(base: &str, table: &Table, seat: usize, action: &str) -> Value {
    let body = json!({ "action": action }).to_string();
    let answer = post(base, &table.path("act"), Some(&table.seats[seat]), &body);
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.json()
}

/// The game master's listing, polled until `done` holds for it.
fn listing_when(base: &str, table: &Table, done: impl Fn(&Value) -> bool) -> Value {
    let start = std::time::Instant::now();
    loop {
        let answer = get(base, &table.path("webhooks"), Some(&table.gm));
        assert_eq!(answer.status, 200, "{}", answer.body);
        let value = answer.json();
        if done(&value) {
            return value;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "{value:#}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_failing_receiver_gets_every_notice_after_backoff_each_signed_and_in_order() {
    let dir = temp_dir("hook-retry");
    let receiver = Receiver::start(3, Duration::ZERO);
    let server = start_hooked(&dir.join("db.sqlite"), options());
    let base = &server.base;
    let table = create(base, r#"{"game":"duel","players":["Al","Bo"]}"#);
    let hook = add_hook(
        base,
        &table,
        &json!({ "url": format!("{}/pbp", receiver.base), "format": "json", "secret": SECRET }),
    );
    assert_eq!(hook["format"], "json");
    assert!(
        hook.get("secret").is_none(),
        "a chosen secret is not echoed"
    );
    act(base, &table, 0, "strike");
    act(base, &table, 1, "focus");
    let got = receiver.wait_for(Duration::from_secs(30), |g| accepted(g).len() >= 2);
    // The first notice failed three times (503) and was then delivered; the second followed.
    let answered: Vec<u16> = got.iter().map(|g| g.answered).collect();
    assert_eq!(answered, [503, 503, 503, 200, 200], "{got:#?}");
    assert!(got[..4].iter().all(|g| g.key == got[0].key));
    assert_ne!(got[4].key, got[0].key);
    // Exponential backoff: 200 ms, 400 ms, 800 ms between the tries (less a little slack).
    for (i, least) in [(1, 180), (2, 380), (3, 780)] {
        let gap = got[i].at.duration_since(got[i - 1].at);
        assert!(
            gap >= Duration::from_millis(least),
            "try {i} came after {gap:?}"
        );
    }
    for g in &got {
        assert!(g.signed_by(SECRET), "{g:?}");
        assert!(!g.signed_by("another-secret-of-sixteen"), "{g:?}");
        assert_eq!(g.path, "/pbp");
    }
    let delivered = accepted(&got);
    let events: Vec<Value> = delivered.iter().map(|g| g.json()).collect();
    assert_eq!(events[0]["event"], "turn_closed");
    assert_eq!(delivered[0].event, "turn_closed");
    assert_eq!(events[0]["from_step"], 1);
    assert_eq!(events[0]["step"], 2);
    assert_eq!(events[1]["event"], "turn_opened");
    assert_eq!(
        events[1]["to_act"],
        json!([{ "seat": 0, "name": "Al" }, { "seat": 1, "name": "Bo" }])
    );
    assert_eq!(
        events[1]["text"],
        "Duel: a new turn: Al and Bo send their orders."
    );
    assert_eq!(events[1]["table"], table.id.as_str());
    // The game master sees each delivery's outcome, newest first, and never the secret.
    let listing = listing_when(base, &table, |v| {
        v["webhooks"][0]["deliveries"]
            .as_array()
            .is_some_and(|d| d.len() == 2 && d.iter().all(|d| d["state"] == "delivered"))
    });
    assert!(!listing.to_string().contains(SECRET));
    let deliveries = &listing["webhooks"][0]["deliveries"];
    assert_eq!(deliveries[0]["event"], "turn_opened");
    assert_eq!(deliveries[0]["attempts"], 1);
    assert_eq!(deliveries[1]["event"], "turn_closed");
    assert_eq!(deliveries[1]["attempts"], 4);
    assert_eq!(deliveries[1]["status"], 200);
    assert_eq!(deliveries[1]["outcome"], "HTTP 200 OK");
    assert_eq!(deliveries[1]["key"], got[0].key.as_str());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn each_format_gets_its_own_payload_and_the_game_end_names_the_winner() {
    let dir = temp_dir("hook-formats");
    let receiver = Receiver::start(0, Duration::ZERO);
    let server = start_hooked(&dir.join("db.sqlite"), options());
    let base = &server.base;
    let table = create(base, r#"{"game":"duel","players":["Al","Bo"]}"#);
    let mut secrets = Vec::new();
    for format in ["discord", "slack", "json"] {
        let url = format!("{}/{format}", receiver.base);
        let hook = add_hook(base, &table, &json!({ "url": url, "format": format }));
        let secret = hook["secret"].as_str().unwrap().to_owned();
        assert_eq!(secret.len(), 64, "a made secret is answered once");
        secrets.push(secret);
    }
    let listing = get(base, &table.path("webhooks"), Some(&table.gm));
    for secret in &secrets {
        assert!(!listing.body.contains(secret.as_str()));
    }
    // Both strike until the duel is over.
    for _ in 0..40 {
        let view = get(base, &table.path("view"), None).json();
        if view["turn"].get("over").is_some() {
            break;
        }
        act(base, &table, 0, "strike");
        act(base, &table, 1, "strike");
    }
    let got = receiver.wait_for(Duration::from_secs(30), |g| {
        g.iter().filter(|g| g.event == "game_over").count() == 3
    });
    for g in &got {
        let body = g.json();
        let secret = match g.path.as_str() {
            "/discord" => {
                let content = body["content"].as_str().unwrap();
                assert!(!content.is_empty() && content.chars().count() <= 2000);
                assert_eq!(body["allowed_mentions"], json!({ "parse": [] }));
                assert_eq!(body.as_object().unwrap().len(), 2, "{body}");
                &secrets[0]
            }
            "/slack" => {
                assert!(!body["text"].as_str().unwrap().is_empty());
                assert_eq!(body.as_object().unwrap().len(), 1, "{body}");
                &secrets[1]
            }
            "/json" => {
                assert_eq!(body["event"], g.event.as_str());
                assert_eq!(body["game"], "duel");
                &secrets[2]
            }
            other => panic!("{other}"),
        };
        assert!(g.signed_by(secret), "{g:?}");
        assert!(!g.key.is_empty());
    }
    let text_of = |path: &str, event: &str| -> String {
        let g = got
            .iter()
            .find(|g| g.path == path && g.event == event)
            .unwrap_or_else(|| panic!("no {event} at {path}"));
        let body = g.json();
        body["content"]
            .as_str()
            .or(body["text"].as_str())
            .unwrap()
            .to_owned()
    };
    for path in ["/discord", "/slack", "/json"] {
        assert_eq!(
            text_of(path, "turn_opened"),
            "Duel: a new turn: Al and Bo send their orders."
        );
        let over = text_of(path, "game_over");
        assert!(over.starts_with("Duel is over: "), "{over}");
        // The players are named as the table names them, the reason's words too: "Al won
        // (Al won 3 rounds)", never "seat 0".
        assert!(
            !over.contains("seat ") && (over.contains("Al won") || over.contains("Bo won")),
            "the table's names in the players' text: {over}"
        );
        let closed = text_of(path, "turn_closed");
        assert!(closed.starts_with("Duel: the turn is over.\n"), "{closed}");
        assert!(
            closed.contains("Al sealed a stance")
                && closed.contains("Bo sealed a stance")
                && !closed.contains("seat "),
            "the summary names players as the other notices do: {closed}"
        );
    }
    // The turn's summary is the forum post in each chat's markup: bold is ** or *, never [b].
    let discord = text_of("/discord", "turn_closed");
    let slack = text_of("/slack", "turn_closed");
    assert!(
        !discord.contains("[b]") && !slack.contains("[b]"),
        "{discord}\n{slack}"
    );
    let json_game_over = got
        .iter()
        .find(|g| g.path == "/json" && g.event == "game_over")
        .unwrap()
        .json();
    let winner = &json_game_over["winners"][0];
    assert!(
        ["Al", "Bo"].contains(&winner["name"].as_str().unwrap()),
        "{winner}"
    );
    // Every notice once per format: the keys differ per webhook.
    let keys: std::collections::BTreeSet<&str> = got.iter().map(|g| g.key.as_str()).collect();
    assert_eq!(keys.len(), got.len());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_reminder_before_the_deadline_names_who_has_not_sent_orders() {
    let dir = temp_dir("hook-remind");
    let receiver = Receiver::start(0, Duration::ZERO);
    let server = start_hooked(&dir.join("db.sqlite"), options());
    let base = &server.base;
    let table = create(base, r#"{"game":"duel","players":["Al","Bo"]}"#);
    add_hook(
        base,
        &table,
        &json!({ "url": format!("{}/r", receiver.base), "format": "json", "remind_before": 600 }),
    );
    let draft = post(
        base,
        &table.path("draft"),
        Some(&table.seats[0]),
        r#"{"action":"strike"}"#,
    );
    assert_eq!(draft.status, 200, "{}", draft.body);
    let deadline = post(
        base,
        &table.path("deadline"),
        Some(&table.gm),
        r#"{"in_seconds":300}"#,
    );
    assert_eq!(deadline.status, 200, "{}", deadline.body);
    let got = receiver.wait_for(Duration::from_secs(20), |g| !g.is_empty());
    let reminder = got[0].json();
    assert_eq!(reminder["event"], "reminder");
    assert_eq!(
        reminder["waiting"],
        json!([{ "seat": 0, "name": "Al" }, { "seat": 1, "name": "Bo" }])
    );
    let text = reminder["text"].as_str().unwrap();
    assert!(text.starts_with("Duel: the deadline is in "), "{text}");
    assert!(
        text.contains(" minutes (") && text.contains(" UTC); "),
        "{text}"
    );
    assert!(
        text.contains("no orders yet from Bo; orders not marked ready from Al"),
        "{text}"
    );
    // Once per deadline.
    std::thread::sleep(Duration::from_millis(2500));
    assert_eq!(receiver.got().len(), 1);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn only_the_game_master_manages_webhooks() {
    let dir = temp_dir("hook-roles");
    let server = start_hooked(&dir.join("db.sqlite"), options());
    let base = &server.base;
    let table = create(base, r#"{"game":"duel"}"#);
    let body = json!({ "url": "http://127.0.0.1:9/h", "format": "slack" }).to_string();
    let path = table.path("webhooks");
    let seat = post(base, &path, Some(&table.seats[0]), &body);
    assert_eq!(seat.status, 403, "{}", seat.body);
    assert_eq!(seat.json()["error"], "forbidden");
    assert_eq!(post(base, &path, None, &body).status, 401);
    assert_eq!(get(base, &path, Some(&table.seats[1])).status, 403);
    assert_eq!(get(base, &path, None).status, 401);
    let bad = post(
        base,
        &path,
        Some(&table.gm),
        r#"{"url":"http://127.0.0.1:9/","format":"xml"}"#,
    );
    assert_eq!(bad.status, 400);
    assert_eq!(bad.json()["error"], "bad_request");
    assert!(
        bad.json()["message"]
            .as_str()
            .unwrap()
            .contains("discord, slack or json")
    );
    let hook = add_hook(base, &table, &serde_json::from_str(&body).unwrap());
    let hook_path = format!("{path}/{}", hook["id"].as_str().unwrap());
    let (status, refused) = delete(base, &hook_path, Some(&table.seats[0]));
    assert_eq!(
        (status, refused["error"].as_str()),
        (403, Some("forbidden"))
    );
    let (status, missing) = delete(base, &format!("{path}/nosuchhook"), Some(&table.gm));
    assert_eq!(status, 404);
    assert_eq!(missing["message"], "this table has no webhook 'nosuchhook'");
    for _ in 1..8 {
        add_hook(base, &table, &serde_json::from_str(&body).unwrap());
    }
    let ninth = post(base, &path, Some(&table.gm), &body);
    assert_eq!(ninth.status, 422);
    assert_eq!(ninth.json()["error"], "bad_webhook");
    let (status, removed) = delete(base, &hook_path, Some(&table.gm));
    assert_eq!(
        (status, removed["removed"].clone()),
        (200, hook["id"].clone())
    );
    let listing = get(base, &path, Some(&table.gm)).json();
    assert_eq!(listing["webhooks"].as_array().unwrap().len(), 7);
    assert_eq!(
        post(base, "/api/tables/nosuch/webhooks", Some(&table.gm), &body).status,
        404
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn private_addresses_are_refused_without_the_flag() {
    let dir = temp_dir("hook-ssrf");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(base, r#"{"game":"duel"}"#);
    for url in [
        "http://127.0.0.1:9/hook",
        "http://localhost:9/hook",
        "http://[::1]:9/hook",
        "http://169.254.169.254/latest/meta-data",
        "http://10.0.0.1/hook",
        "http://0.0.0.0:9/",
        "http://[2002:7f00:1::]/",
        "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
        "http://[64:ff9b:1::a00:1]/",
        "http://[fec0::1]/",
        "http://[3fff::1]/",
        "file:///etc/passwd",
    ] {
        let body = json!({ "url": url, "format": "json" }).to_string();
        let answer = post(base, &table.path("webhooks"), Some(&table.gm), &body);
        assert_eq!(answer.status, 422, "{url}: {}", answer.body);
        let refusal = answer.json();
        assert_eq!(refusal["error"], "bad_webhook", "{url}");
        let message = refusal["message"].as_str().unwrap();
        if !url.starts_with("file:") {
            assert!(
                message.contains("private") && message.contains("--allow-private-webhooks"),
                "{url}: {message}"
            );
        }
    }
    let listing = get(base, &table.path("webhooks"), Some(&table.gm)).json();
    assert_eq!(listing["webhooks"], json!([]));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_imported_game_summarizes_its_turns_from_the_import_on() {
    let dir = temp_dir("hook-import");
    let receiver = Receiver::start(0, Duration::ZERO);
    let server = start_hooked(&dir.join("db.sqlite"), options());
    let base = &server.base;
    let seat = |n| pbp_core::engine::Actor::Seat(pbp_core::engine::Seat(n));
    let save = common::save_of("duel", None, 3, &[(seat(0), "strike"), (seat(1), "strike")]);
    let table = common::import(base, &save);
    add_hook(
        base,
        &table,
        &json!({ "url": format!("{}/i", receiver.base), "format": "json" }),
    );
    act(base, &table, 0, "strike");
    act(base, &table, 1, "strike");
    let got = receiver.wait_for(Duration::from_secs(20), |g| g.len() >= 2);
    let closed = got[0].json();
    assert_eq!(closed["event"], "turn_closed");
    assert_eq!(
        (closed["from_step"].as_u64(), closed["step"].as_u64()),
        (Some(3), Some(4))
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_receiver_that_keeps_failing_is_given_up_after_the_retry_time_and_a_4xx_at_once() {
    let dir = temp_dir("hook-give-up");
    let failing = Receiver::start(usize::MAX, Duration::ZERO);
    let server = start_hooked(
        &dir.join("db.sqlite"),
        WebhookOptions {
            retry_for: Duration::from_millis(1500),
            first_backoff: Duration::from_millis(300),
            ..options()
        },
    );
    let base = &server.base;
    let table = create(base, r#"{"game":"duel","players":["Al","Bo"]}"#);
    add_hook(
        base,
        &table,
        &json!({ "url": format!("{}/down", failing.base), "format": "slack" }),
    );
    add_hook(
        base,
        &table,
        &json!({ "url": format!("{}/gone", failing.base), "format": "discord" }),
    );
    act(base, &table, 0, "strike");
    act(base, &table, 1, "strike");
    let listing = listing_when(base, &table, |v| {
        (0..2).all(|hook| {
            v["webhooks"][hook]["deliveries"]
                .as_array()
                .is_some_and(|d| d.len() == 2 && d.iter().all(|d| d["state"] == "failed"))
        })
    });
    let hook = |format: &str| {
        listing["webhooks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|h| h["format"] == format)
            .unwrap()
            .clone()
    };
    // A 4xx is not tried again.
    for delivery in hook("discord")["deliveries"].as_array().unwrap() {
        assert_eq!(delivery["attempts"], 1, "{delivery}");
        assert_eq!(delivery["outcome"], "HTTP 410 Gone");
    }
    let slack = hook("slack");
    let first = &slack["deliveries"][1];
    let tries = first["attempts"].as_u64().unwrap();
    // 300 ms, 600 ms, then the next wait would pass the 1.5 s: three or four tries, no more.
    assert!((2..=4).contains(&tries), "{first}");
    assert_eq!(first["status"], 503);
    let outcome = first["outcome"].as_str().unwrap();
    assert!(
        outcome.starts_with("HTTP 503 Service Unavailable; given up after "),
        "{outcome}"
    );
    let sent = failing.got().len() as u64;
    assert_eq!(
        failing.got().iter().filter(|g| g.path == "/gone").count(),
        2,
        "each notice once at the 410"
    );
    std::thread::sleep(Duration::from_millis(1200));
    assert_eq!(
        failing.got().len() as u64,
        sent,
        "nothing is sent after giving up"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_redirect_is_a_failed_try_retried_never_followed_and_no_referer_is_sent() {
    let dir = temp_dir("hook-redirect");
    let receiver = Receiver::start(0, Duration::ZERO);
    let server = start_hooked(
        &dir.join("db.sqlite"),
        WebhookOptions {
            retry_for: Duration::from_millis(1500),
            first_backoff: Duration::from_millis(300),
            ..options()
        },
    );
    let base = &server.base;
    let table = create(base, r#"{"game":"duel","players":["Al","Bo"]}"#);
    for (path, format) in [("moved", "json"), ("found", "slack")] {
        add_hook(
            base,
            &table,
            &json!({ "url": format!("{}/hook/{path}", receiver.base), "format": format, "secret": SECRET }),
        );
    }
    act(base, &table, 0, "strike");
    act(base, &table, 1, "strike");
    let listing = listing_when(base, &table, |v| {
        (0..2).all(|hook| {
            v["webhooks"][hook]["deliveries"]
                .as_array()
                .is_some_and(|d| d.len() == 2 && d.iter().all(|d| d["state"] == "failed"))
        })
    });
    for hook in listing["webhooks"].as_array().unwrap() {
        let (code, reason) = if hook["format"] == "json" {
            (301, "HTTP 301 Moved Permanently")
        } else {
            (302, "HTTP 302 Found")
        };
        // The older notice (listed last) was tried again after the backoff; the newer one,
        // waiting behind it, may have had one try before the retry time ran out.
        let first = &hook["deliveries"][1];
        assert!(
            first["attempts"].as_u64().unwrap() >= 2,
            "a redirect is tried again: {first}"
        );
        for delivery in hook["deliveries"].as_array().unwrap() {
            assert_eq!(delivery["status"], code, "{delivery}");
            let outcome = delivery["outcome"].as_str().unwrap();
            assert!(
                outcome.starts_with(reason)
                    && outcome.contains("not followed")
                    && outcome.contains("given up after"),
                "{outcome}"
            );
        }
    }
    let got = receiver.got();
    assert!(got.len() >= 8, "{got:#?}");
    for g in &got {
        assert_eq!(g.method, "POST", "never a GET after a redirect: {g:?}");
        assert_ne!(g.path, "/landed", "the redirect was followed: {g:?}");
        assert_eq!(g.referer, None, "{g:?}");
        assert!(g.signed_by(SECRET), "{g:?}");
    }
    let _ = std::fs::remove_dir_all(dir);
}
