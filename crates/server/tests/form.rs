//! Orders built, not typed, through the API: a seat's form (`GET .../form`) and the check of an
//! action before it is sent (`POST .../check`), which previews the post and changes nothing.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{create, get, post, start, temp_dir};
use serde_json::{Value, json};

/// The first choice of `field` of the row kind `kind` of the sheet's form.
fn first_choice(form: &Value, kind: &str, field: &str) -> Value {
    let rows = &form["kinds"][0]["fields"][1]["input"]["kinds"];
    let kind = rows
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["key"] == kind)
        .unwrap();
    let field = kind["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["key"] == field)
        .unwrap();
    field["input"]["choices"][0]["value"].clone()
}

#[test]
fn a_seat_builds_its_sheet_from_its_form_and_checks_it_before_sending() {
    let dir = temp_dir("form-sheet");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(
        base,
        &json!({ "game": "warring-states", "players": ["Ann", "Bo", "Cy", "Di"] }).to_string(),
    );
    let ann = Some(table.seats[0].as_str());
    let form = get(base, &table.path("form"), ann);
    assert_eq!(form.status, 200, "{}", form.body);
    let form = form.json();
    assert_eq!(form["kinds"][0]["key"], "orders");
    assert_eq!(form["kinds"][0]["fields"][0]["input"]["type"], "fixed");
    // Another seat's form: the game master only.
    let bo = Some(table.seats[1].as_str());
    assert_eq!(
        get(base, &format!("{}?as=0", table.path("form")), bo).status,
        403
    );
    let gm = get(
        base,
        &format!("{}?as=0", table.path("form")),
        Some(&table.gm),
    );
    assert_eq!(gm.json(), form);
    assert_eq!(get(base, &table.path("form"), None).status, 401);

    let state = first_choice(&form, "defense", "state");
    let general = first_choice(&form, "defense", "generals");
    let sheet = |rice: u32| {
        json!({ "action": { "orders": { "turn": 1, "orders": [
            { "defense": { "state": state, "rice": rice, "generals": [general] } }
        ] } } })
        .to_string()
    };
    let checked = post(base, &table.path("check"), ann, &sheet(5));
    assert_eq!(checked.status, 200, "{}", checked.body);
    let text = checked.json()["text"].as_str().unwrap().to_owned();
    assert!(text.starts_with("[b]5 Rice for Defense of "), "{text}");
    let refused = post(base, &table.path("check"), ann, &sheet(100_000));
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(refused.json()["message"].as_str().unwrap().contains("Rice"));
    // Checking sent nothing.
    let view = get(base, &table.path("view"), None).json();
    assert_eq!(view["steps"], 0);
    assert_eq!(view["table"]["seats"][0]["orders"], "none");
    // The sheet, sent as checked.
    let sent = post(base, &table.path("act"), ann, &sheet(5));
    assert_eq!(sent.status, 200, "{}", sent.body);
    assert_eq!(get(base, &table.path("view"), None).json()["steps"], 1);
}
