//! Refusals in words over HTTP (issue 27 part 0c), as a client meets them at `POST .../act`: a
//! field no action has (or no request has) is named, and forum rolls that fall short say how
//! many more values the step needs and why. Nothing refused changes the table.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{create, get, post, start, temp_dir};

#[test]
fn a_field_no_action_or_request_has_is_refused_by_its_name() {
    let dir = temp_dir("words-field");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(base, r#"{"game":"duel"}"#);
    let seat0 = Some(table.seats[0].as_str());
    let record = get(base, &table.path("record"), Some(&table.gm)).body;
    // A key beside the action's kind, inside the action: dice go beside the action.
    let answer = post(
        base,
        &table.path("act"),
        seat0,
        r#"{"action":{"choose":"strike","dice":[9,1]}}"#,
    );
    assert_eq!(answer.status, 422, "{}", answer.body);
    let value = answer.json();
    assert_eq!(value["error"], "not_an_action", "{value}");
    assert_eq!(
        value["message"],
        "not an action of duel: 'dice' is not part of an action: an action is an object with one key, what it does (here 'choose'); remove it"
    );
    // A field of the request that it does not have.
    let answer = post(
        base,
        &table.path("act"),
        seat0,
        r#"{"action":"strike","dcie":[9,1]}"#,
    );
    assert_eq!(answer.status, 400, "{}", answer.body);
    let value = answer.json();
    assert_eq!(value["error"], "bad_request", "{value}");
    assert_eq!(
        value["message"],
        "'dcie' is not a field of this request (its fields: action, dice, expect_step, as)"
    );
    assert_eq!(
        get(base, &table.path("record"), Some(&table.gm)).body,
        record,
        "nothing changed"
    );
    let answer = post(base, &table.path("act"), seat0, r#"{"action":"strike"}"#);
    assert_eq!(answer.status, 200, "{}", answer.body);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn forum_rolls_that_fall_short_say_how_many_more_and_why() {
    let dir = temp_dir("words-dice");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(base, r#"{"game":"duel"}"#);
    let gm = Some(table.gm.as_str());
    let answer = post(
        base,
        &table.path("act"),
        gm,
        r#"{"action":"strike","as":0}"#,
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    let record = get(base, &table.path("record"), gm).body;
    // 7 and 4 against 4 and 7: a tie on both dice, which is rolled again.
    let short = r#"{"action":"strike","as":1,"dice":[7,4,4,7]}"#;
    let answer = post(base, &table.path("act"), gm, short);
    assert_eq!(answer.status, 422, "{}", answer.body);
    let value = answer.json();
    assert_eq!(value["error"], "refused", "{value}");
    assert_eq!(
        value["message"],
        "all 4 dice values given were used and the step needs at least 4 more: a tie re-rolls: 4 more dice"
    );
    // The re-roll's first die given, a 10: it explodes, and the re-roll's other dice are to come.
    let exploded = r#"{"action":"strike","as":1,"dice":[7,4,4,7,2,10]}"#;
    let value = post(base, &table.path("act"), gm, exploded).json();
    assert_eq!(
        value["message"],
        "all 6 dice values given were used and the step needs at least 3 more: a 10 explodes and is rolled again: 1 more die; a tie re-rolls: 2 more dice"
    );
    assert_eq!(
        get(base, &table.path("record"), gm).body,
        record,
        "nothing changed"
    );
    let whole = r#"{"action":"strike","as":1,"dice":[7,4,4,7,2,10,5,1,3]}"#;
    let answer = post(base, &table.path("act"), gm, whole);
    assert_eq!(answer.status, 200, "{}", answer.body);
    // The step holds seat 1's sealed stance: its forum dice are the game master's and seat 1's.
    let view = get(base, &table.path("view"), gm).json();
    assert_eq!(view["outside_dice"][0]["step"], 2, "{view}");
    let _ = std::fs::remove_dir_all(dir);
}
