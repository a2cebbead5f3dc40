//! The engine's secrecy at the HTTP boundary: twin tables that differ only in one seat's
//! secret answer every other viewer byte for byte the same, on every endpoint and format.

mod common;

use common::{Table, get, import, post, save_of, start, temp_dir};
use pbp_core::{Actor, Seat};

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
            let body = pbp_core::chain::mask_heads(&answer.body);
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
    let gm = Actor::GameMaster;
    let a = import(
        base,
        &save_of(
            "warring-states",
            None,
            5,
            &[
                (gm, "close"),
                (seat(1), "[b]20 Rice for Defense of Lai.[/b]"),
            ],
        ),
    );
    let b = import(
        base,
        &save_of(
            "warring-states",
            None,
            5,
            &[(gm, "close"), (seat(1), "[b]No orders.[/b]")],
        ),
    );
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
