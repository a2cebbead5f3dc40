//! A seat the game adds after the table was created (a Clan War clan signed up late, docs/rules/
//! clan-war.md) is a seat of the table: the turn may name it, and the game master sees its legal
//! actions and acts for it (`?as=N`, `"as": N`), as for any absent player.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{create, get, post, start, temp_dir};
use serde_json::json;

#[test]
fn a_clan_signed_up_late_is_a_seat_the_game_master_acts_for() {
    let dir = temp_dir("late-seats");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(base, &json!({ "game": "clan-war" }).to_string());
    assert_eq!(table.seats.len(), 5);
    let legal = table.path("legal");
    assert_eq!(
        get(base, &format!("{legal}?as=5"), Some(&table.gm)).status,
        400
    );

    let join = json!({ "action": "join Scorpion Honor Tactical" }).to_string();
    let joined = post(base, &table.path("act"), Some(&table.gm), &join);
    assert_eq!(joined.status, 200, "{}", joined.body);

    let answer = get(base, &format!("{legal}?as=5"), Some(&table.gm));
    assert_eq!(answer.status, 200, "{}", answer.body);
    let actions = answer.json();
    let first = actions
        .as_array()
        .unwrap()
        .first()
        .expect("the Scorpion may act");
    let act = json!({ "action": first["json"], "as": 5 }).to_string();
    let acted = post(base, &table.path("act"), Some(&table.gm), &act);
    assert_eq!(acted.status, 200, "{}", acted.body);
    assert_eq!(
        get(base, &format!("{legal}?as=6"), Some(&table.gm)).status,
        400
    );
}
