//! Who may bring dice rolled elsewhere: the game master always, a seat only at a table created
//! with `"dice": "players"`, which every viewer is told; a seat's dice elsewhere are refused with
//! 403 and change nothing.

mod common;

use common::{create, get, post, start, temp_dir};
use serde_json::json;

#[test]
fn a_seat_cannot_choose_its_own_dice() {
    let dir = temp_dir("dice-403");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(base, r#"{"game":"duel"}"#);
    let seat0 = Some(table.seats[0].as_str());
    let seat1 = Some(table.seats[1].as_str());
    // Both choose: seat 0 focuses, seat 1 would strike with dice of its own choosing.
    let answer = post(base, &table.path("act"), seat0, r#"{"action":"focus"}"#);
    assert_eq!(answer.status, 200, "{}", answer.body);
    let view = get(base, &table.path("view"), Some(&table.gm)).body;
    let log = get(base, &table.path("log"), Some(&table.gm)).body;
    let save = get(base, &table.path("record"), Some(&table.gm)).body;
    let forged = r#"{"action":"strike","dice":[10,10,10,10,10,10,9,1,1,1]}"#;
    let answer = post(base, &table.path("act"), seat1, forged);
    assert_eq!(answer.status, 403, "{}", answer.body);
    let value = answer.json();
    assert_eq!(value["error"], "forbidden");
    assert!(
        value["message"]
            .as_str()
            .unwrap()
            .contains("only the game master"),
        "{value}"
    );
    // Nothing changed: the view, the log and the save are as before.
    assert_eq!(get(base, &table.path("view"), Some(&table.gm)).body, view);
    assert_eq!(get(base, &table.path("log"), Some(&table.gm)).body, log);
    assert_eq!(get(base, &table.path("record"), Some(&table.gm)).body, save);
    // Every viewer is told the table's rule.
    for token in [None, seat0, seat1, Some(table.gm.as_str())] {
        let view = get(base, &table.path("view"), token).json();
        assert_eq!(view["table"]["dice"], "game-master", "{view}");
    }
    // The same action without dice is rolled by the server.
    let answer = post(base, &table.path("act"), seat1, r#"{"action":"strike"}"#);
    assert_eq!(answer.status, 200, "{}", answer.body);
    // The game master may still enter forum rolls, for any seat.
    let answer = post(
        base,
        &table.path("act"),
        Some(&table.gm),
        r#"{"action":"focus","as":0}"#,
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer = post(
        base,
        &table.path("act"),
        Some(&table.gm),
        r#"{"action":"strike","as":1,"dice":[2,10,4,1,9,9]}"#,
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_table_created_for_the_players_rolls_takes_them_and_says_so() {
    let dir = temp_dir("dice-players");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(base, r#"{"game":"duel","dice":"players"}"#);
    let seat0 = Some(table.seats[0].as_str());
    let seat1 = Some(table.seats[1].as_str());
    for token in [None, seat0, seat1, Some(table.gm.as_str())] {
        let view = get(base, &table.path("view"), token).json();
        assert_eq!(view["table"]["dice"], "players", "{view}");
    }
    let answer = post(base, &table.path("act"), seat0, r#"{"action":"focus"}"#);
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer = post(
        base,
        &table.path("act"),
        seat1,
        r#"{"action":"strike","dice":[2,10,4,1,9,9]}"#,
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(answer.body.contains("14 to 9"), "{}", answer.body);
    assert_eq!(
        get(base, &table.path("view"), None).json()["view"]["wins"],
        json!([1, 0])
    );
    // The option is checked when the table is created.
    let answer = post(
        base,
        "/api/tables",
        None,
        r#"{"game":"duel","dice":"anyone"}"#,
    );
    assert_eq!(answer.status, 400, "{}", answer.body);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn outside_dice_are_marked_and_every_post_ends_with_the_chain() {
    let dir = temp_dir("dice-marked");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(base, r#"{"game":"duel"}"#);
    let seat0 = Some(table.seats[0].as_str());
    post(base, &table.path("act"), seat0, r#"{"action":"focus"}"#);
    let answer = post(
        base,
        &table.path("act"),
        Some(&table.gm),
        r#"{"action":"strike","as":1,"dice":[2,10,4,1,9,9]}"#,
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    let events = answer.json()["events"].clone();
    assert!(
        events
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["text"] == "rolled on the forum: 2, 10+4, 1, 9, 9"),
        "{events}"
    );
    // Every viewer's log ends with the chain's head at step 2; the step's forum dice are for
    // those who see the whole step (seat 1's stance is sealed in it): seat 1 and the game
    // master, not seat 0 nor the public.
    let mut heads = Vec::new();
    let seat1 = Some(table.seats[1].as_str());
    for (token, sees) in [
        (None, false),
        (seat0, false),
        (seat1, true),
        (Some(table.gm.as_str()), true),
    ] {
        let log = get(base, &table.path("log"), token).json();
        let lines = log.as_array().unwrap();
        assert_eq!(
            lines.iter().any(|l| l["step"] == 2
                && l["event"]["outside_dice"]["values"] == json!([2, 10, 4, 1, 9, 9])),
            sees,
            "{log}"
        );
        let last = lines.last().unwrap();
        assert_eq!(last["event"]["chain"]["step"], 2, "{log}");
        heads.push(last["event"]["chain"]["head"].clone());
        for format in ["text", "bbcode"] {
            let post = get(base, &table.path(&format!("view?format={format}")), token).body;
            let end = post.trim_end().lines().last().unwrap().to_owned();
            assert_eq!(
                end,
                format!(
                    "chain at step 2: {}",
                    heads.last().unwrap().as_str().unwrap()
                ),
                "{post}"
            );
            assert_eq!(
                post.contains("step 2: rolled on the forum: 2, 10+4, 1, 9, 9"),
                sees,
                "{post}"
            );
        }
        let view = get(base, &table.path("view"), token).json();
        assert_eq!(
            view["outside_dice"].as_array().unwrap().len(),
            usize::from(sees),
            "{view}"
        );
    }
    assert!(heads.windows(2).all(|w| w[0] == w[1]), "{heads:?}");
    let _ = std::fs::remove_dir_all(dir);
}
