//! A seat the game adds after the table was created (a Clan War clan signed up late, docs/rules/
//! clan-war.md) is a seat of the table: the turn may name it, and the game master sees its legal
//! actions and acts for it (`?as=N`, `"as": N`), as for any absent player.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::time::Duration;

use common::sse::open;
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

/// The clan that signed up late gets a link of its own: its player then acts and sees for
/// themselves, the game master no longer relays their hand, and the link outlives a restart.
#[test]
fn a_clan_signed_up_late_gets_its_own_link() {
    let dir = temp_dir("late-seat-link");
    let db = dir.join("db.sqlite");
    let server = start(&db);
    let base = &server.base;
    let table = create(base, &json!({ "game": "clan-war" }).to_string());
    let link = table.path("seats/5/link");
    // Not before the game has the seat, and never on a seat's token or the public's.
    assert_eq!(post(base, &link, Some(&table.gm), "").status, 400);
    let join = json!({ "action": "join Scorpion Honor Tactical" }).to_string();
    assert_eq!(
        post(base, &table.path("act"), Some(&table.gm), &join).status,
        200
    );
    let by_seat = post(base, &link, Some(&table.seats[0]), "");
    assert_eq!(by_seat.status, 403, "{}", by_seat.body);
    assert_eq!(post(base, &link, None, "").status, 401);
    // Not a name a thread could not tell from another seat's: another seat's player, its
    // clan, or its whole name, whatever the case and spacing.
    for clash in ["  MONGOOSEH ", "crab", "Plainsfox  (Lion)"] {
        let body = json!({ "name": clash }).to_string();
        let refused = post(base, &link, Some(&table.gm), &body);
        assert_eq!(refused.status, 400, "{clash}: {}", refused.body);
        assert!(
            refused.body.contains("a thread could not tell"),
            "{}",
            refused.body
        );
    }

    let given = post(base, &link, Some(&table.gm), r#"{"name":"Dee"}"#);
    assert_eq!(given.status, 200, "{}", given.body);
    let given = given.json();
    assert_eq!(
        (given["seat"].as_u64(), given["name"].as_str()),
        (Some(5), Some("Dee"))
    );
    let dee = given["token"].as_str().unwrap().to_owned();
    assert_eq!(dee.len(), 64);

    // Dee's view is Dee's: the table names her seat, and her legal actions are the ones the
    // game master saw for seat 5.
    let view = get(base, &table.path("view"), Some(&dee));
    assert_eq!(view.status, 200, "{}", view.body);
    assert_eq!(view.json()["table"]["you"]["seat"].as_u64(), Some(5));
    let seats = view.json()["table"]["seats"].clone();
    assert_eq!(seats[5]["name"].as_str(), Some("Dee"), "{seats}");
    let own = get(base, &table.path("legal"), Some(&dee)).json();
    let relayed = get(
        base,
        &format!("{}?as=5", table.path("legal")),
        Some(&table.gm),
    )
    .json();
    assert_eq!(own, relayed);
    // Another seat's token does not reach Dee's actions.
    let other = get(
        base,
        &format!("{}?as=5", table.path("legal")),
        Some(&table.seats[0]),
    );
    assert_eq!(other.status, 403);
    drop(server);

    // After a restart Dee's link still works, and a second link for her seat replaces it.
    let server = start(&db);
    let base = &server.base;
    assert_eq!(get(base, &table.path("view"), Some(&dee)).status, 200);
    let again = post(base, &link, Some(&table.gm), "");
    assert_eq!(again.status, 200, "{}", again.body);
    let fresh = again.json()["token"].as_str().unwrap().to_owned();
    assert_ne!(fresh, dee);
    assert_eq!(again.json()["name"].as_str(), Some("Dee"));
    assert_eq!(get(base, &table.path("view"), Some(&dee)).status, 401);
    assert_eq!(get(base, &table.path("view"), Some(&fresh)).status, 200);
}

/// A seat of the table's creation gets a new link when its player lost the old one (or it
/// leaked): the old token stops working, the name stays, and no other seat changes.
#[test]
fn a_lost_link_is_replaced_and_the_old_one_stops_working() {
    let dir = temp_dir("replaced-link");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(
        base,
        &json!({ "game": "duel", "players": ["Ann", "Bo"] }).to_string(),
    );
    let link = table.path("seats/1/link");
    let renamed = post(base, &link, Some(&table.gm), r#"{"name":"Bob"}"#);
    assert_eq!(renamed.status, 400, "{}", renamed.body);
    assert!(
        renamed.body.contains("Bo's seat keeps its name"),
        "{}",
        renamed.body
    );
    let unknown = post(base, &link, Some(&table.gm), r#"{"nom":"Bob"}"#);
    assert_eq!(unknown.status, 400, "{}", unknown.body);
    assert_eq!(
        post(base, &table.path("seats/2/link"), Some(&table.gm), "").status,
        400
    );
    assert_eq!(
        post(base, &table.path("seats/x/link"), Some(&table.gm), "").status,
        400
    );

    // Bo's stream, open with the old link, is told and closed at the table's next event.
    let mut stream = open(base, &table.id, Some(&table.seats[1]), None).unwrap();
    let wait = Duration::from_secs(10);
    stream.until(wait, |e| e.name == "status").unwrap();
    let answer = post(base, &link, Some(&table.gm), "");
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.json()["name"].as_str(), Some("Bo"));
    let strike = r#"{"action":"strike"}"#;
    assert_eq!(
        post(base, &table.path("act"), Some(&table.seats[0]), strike).status,
        200
    );
    let cut = stream.until(wait, |e| e.name == "error").unwrap();
    assert_eq!(
        cut.json()["error"].as_str(),
        Some("unauthorized"),
        "{}",
        cut.data
    );
    let fresh = answer.json()["token"].as_str().unwrap().to_owned();
    assert_eq!(
        get(base, &table.path("view"), Some(&table.seats[1])).status,
        401
    );
    let view = get(base, &table.path("view"), Some(&fresh)).json();
    assert_eq!(view["table"]["you"]["seat"].as_u64(), Some(1));
    let ann = get(base, &table.path("view"), Some(&table.seats[0])).json();
    assert_eq!(ann["table"]["you"]["seat"].as_u64(), Some(0));
}
