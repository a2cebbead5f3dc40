//! The engine's secrecy at the HTTP boundary: twin tables that differ only in one seat's
//! secret answer every other viewer byte for byte the same, on every endpoint and format.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::time::Duration;

use common::receiver::Receiver;
use common::{Table, get, import, post, save_of, start, start_hooked, start_of_a_second, temp_dir};
use pbp_core::engine::{Actor, Seat};
use pbp_server::WebhookOptions;
use serde_json::json;

fn seat(n: u16) -> Actor {
    Actor::Seat(Seat(n))
}

const ENDPOINTS: [&str; 6] = [
    "view",
    "view?format=text",
    "view?format=bbcode",
    "view?format=svg",
    "legal",
    "log",
];

/// What `token` gets from every read endpoint of `table`.
fn everything(base: &str, table: &Table, token: Option<&str>) -> Vec<(String, u16, String)> {
    ENDPOINTS
        .iter()
        .map(|endpoint| {
            let answer = get(base, &table.path(endpoint), token);
            // The history chain's head covers the twins' secrets, keyed with the seed and
            // salt: it differs between them and tells an outsider nothing, so it is masked.
            let body = pbp_core::engine::chain::mask_heads(&answer.body);
            (endpoint.to_string(), answer.status, body)
        })
        .collect()
}

/// Checks that the twins look the same to `others` (seat numbers) and to the public, and
/// different to the game master (or the twins would prove nothing).
fn assert_twins(base: &str, a: &Table, b: &Table, others: &[usize]) {
    assert_eq!(
        everything(base, a, None),
        everything(base, b, None),
        "the public"
    );
    for &other in others {
        assert_eq!(
            everything(base, a, Some(&a.seats[other])),
            everything(base, b, Some(&b.seats[other])),
            "seat {other}"
        );
    }
    assert_ne!(
        everything(base, a, Some(&a.gm)),
        everything(base, b, Some(&b.gm)),
        "the game master sees the difference"
    );
}

#[test]
fn a_sealed_duel_stance_is_hidden_from_the_other_seat() {
    let dir = temp_dir("twins-duel");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let a = import(
        base,
        &save_of(
            "duel",
            None,
            9,
            &[(seat(0), "strike"), (seat(1), "focus"), (seat(1), "focus")],
        ),
    );
    let b = import(
        base,
        &save_of(
            "duel",
            None,
            9,
            &[(seat(0), "strike"), (seat(1), "focus"), (seat(1), "strike")],
        ),
    );
    assert_twins(base, &a, &b, &[0]);
    // Seat 0's own action answers the same until the round resolves it: then both learn.
    let body = r#"{"action":"strike"}"#;
    let answer_a = post(base, &a.path("act"), Some(&a.seats[0]), body);
    let answer_b = post(base, &b.path("act"), Some(&b.seats[0]), body);
    assert_eq!((answer_a.status, answer_b.status), (200, 200));
    assert_ne!(
        answer_a.body, answer_b.body,
        "the resolved round shows both stances"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn warring_states_orders_are_hidden_until_the_turn_resolves() {
    let dir = temp_dir("twins-ws");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let [a, b] = warring_states_twins().map(|save| import(base, &save));
    assert_twins(base, &a, &b, &[0, 2, 3]);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_scroll_carrier_is_hidden_from_the_other_team() {
    let dir = temp_dir("twins-sr");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let a = import(
        base,
        &save_of("scroll-race", None, 5, &[(seat(0), "carrier Red-2")]),
    );
    let b = import(
        base,
        &save_of("scroll-race", None, 5, &[(seat(0), "carrier Red-3")]),
    );
    assert_twins(base, &a, &b, &[5, 6, 7, 8, 9]);
    let _ = std::fs::remove_dir_all(dir);
}

/// The twin Warring States saves: seat 1 has sealed other orders.
fn warring_states_twins() -> [String; 2] {
    let gm = Actor::GameMaster;
    ["[b]20 Rice for Defense of Lai.[/b]", "[b]No orders.[/b]"].map(|orders| {
        save_of(
            "warring-states",
            None,
            5,
            &[(gm, "close"), (seat(1), orders)],
        )
    })
}

#[test]
fn drafts_ready_marks_and_the_reminder_tell_outsiders_nothing_more() {
    // What only the server keeps (a seat's draft, the ready marks, the deadline and the
    // webhook's reminder) on twin tables whose seat 1 sealed other orders and whose seat 2
    // saved another draft: every other seat and the public read the same, endpoint for
    // endpoint, and both reminders say the same words. Seat 2 marks its draft ready.
    let dir = temp_dir("twins-server-state");
    let receiver = Receiver::start(0, Duration::ZERO);
    let hooks = WebhookOptions {
        allow_private: true,
        timeout: Duration::from_secs(2),
        retry_for: Duration::from_secs(60),
        first_backoff: Duration::from_millis(200),
        public_url: None,
    };
    let server = start_hooked(&dir.join("db.sqlite"), hooks);
    let base = &server.base;
    let twins = warring_states_twins().map(|save| import(base, &save));
    let drafts = [
        "[b]3 Rice for Defense of Cheng.[/b]",
        "[b]2 Rice for Defense of Cheng.[/b]",
    ];
    for ((table, draft), path) in twins.iter().zip(drafts).zip(["/a", "/b"]) {
        let hook = json!({
            "url": format!("{}{path}", receiver.base),
            "format": "json",
            "remind_before": 600,
        });
        let answer = post(
            base,
            &table.path("webhooks"),
            Some(&table.gm),
            &hook.to_string(),
        );
        assert_eq!(answer.status, 201, "{}", answer.body);
        let body = json!({ "action": draft }).to_string();
        let answer = post(base, &table.path("draft"), Some(&table.seats[2]), &body);
        assert_eq!(answer.status, 200, "{}", answer.body);
        let answer = post(
            base,
            &table.path("ready"),
            Some(&table.seats[2]),
            r#"{"ready":true}"#,
        );
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    // The deadline is kept in Unix seconds from `in_seconds`: both twins' are set early in one
    // second, so that they fall in the same one (the reminders say the time).
    start_of_a_second();
    for table in &twins {
        let deadline = r#"{"in_seconds":300}"#;
        let answer = post(base, &table.path("deadline"), Some(&table.gm), deadline);
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    let [a, b] = &twins;
    assert_twins(base, a, b, &[0, 3]);
    // Seat 2's own page shows its own draft.
    let own = |table: &Table| get(base, &table.path("view"), Some(&table.seats[2])).body;
    assert_ne!(own(a), own(b), "seat 2 reads its own draft back");
    let got = receiver.wait_for(Duration::from_secs(20), |g| g.len() >= 2);
    let reminder = |path: &str, table: &Table| {
        let notice = got
            .iter()
            .find(|g| g.path == path)
            .unwrap_or_else(|| panic!("no reminder at {path}: {got:?}"));
        assert_eq!(notice.event, "reminder");
        let mut body = notice.json();
        // The one difference allowed: which table it is (its id, its page's address).
        body.as_object_mut().unwrap().remove("table");
        body.to_string().replace(&table.id, "TABLE")
    };
    let (first, second) = (reminder("/a", a), reminder("/b", b));
    assert_eq!(first, second, "the reminders of the twins");
    assert!(
        !first.contains("Cheng") && !first.contains("Rice"),
        "no draft's words: {first}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
