//! `POST /api/tables/{id}/thread`: the game master's forum thread applied to a hosted table, as
//! `pbp thread` applies it; only the game master's token may, and every step is committed like
//! an action (the record the table keeps is the one `act` makes, each step with its post).

// Tests and their helpers unwrap, expect and panic: a failed test is their way to report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{get, import, post, start, temp_dir};
use pbp_core::engine::erased::ActionInput;
use pbp_core::engine::{Actor, DiceChoice, Seat};
use serde_json::{Value, json};

const THREAD: &str = include_str!("../../cli/tests/threads/clan-war.phpbb.txt");

/// The Clan War table of the thread: seed 5, nothing played.
fn clan_war_save() -> String {
    common::save_of("clan-war", None, 5, &[])
}

/// The same game with the thread's seven actions typed, as `pbp act` would take them.
fn typed_entries() -> Value {
    let (game, _) = pbp_frontend::catalog::catalog().get("clan-war").unwrap();
    let mut session = game.load(&clan_war_save()).unwrap();
    let crab = Actor::Seat(Seat(0));
    let dragon = Actor::Seat(Seat(1));
    for (actor, action, dice) in [
        (crab, "attack B6 from B7", None),
        (dragon, "attack E3 from E2", None),
        (crab, "pass", None),
        (crab, "roll", Some(vec![7, 3, 4, 6, 5])),
        (crab, "draw", Some(vec![17])),
        (dragon, "pass in 2", None),
        (Actor::GameMaster, "end round", None),
    ] {
        let dice = dice.map_or(DiceChoice::Seeded, DiceChoice::Outside);
        session
            .act(actor, &ActionInput::Text(action.into()), dice)
            .unwrap_or_else(|e| panic!("{action}: {e}"));
    }
    session.record().unwrap()["entries"].clone()
}

fn body(check: bool) -> String {
    json!({
        "posts": THREAD,
        "gm": ["Sensei"],
        "rollers": ["Dice Roller"],
        "dice": "forum",
        "check": check,
    })
    .to_string()
}

#[test]
fn the_game_master_applies_a_thread() {
    let dir = temp_dir("thread-applies");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = import(base, &clan_war_save());
    let path = table.path("thread");

    // A seat's token may not; the public may not.
    let seat = post(base, &path, Some(&table.seats[0]), &body(false));
    assert_eq!(seat.status, 403, "{}", seat.body);
    assert_eq!(seat.json()["error"], "forbidden");
    let public = post(base, &path, None, &body(false));
    assert_eq!(public.status, 401, "{}", public.body);

    // --check: the report, nothing applied.
    let checked = post(base, &path, Some(&table.gm), &body(true));
    assert_eq!(checked.status, 200, "{}", checked.body);
    let report = checked.json();
    assert_eq!(report["check"], true);
    assert_eq!(report["applied"], 7);
    let view = get(base, &table.path("view"), Some(&table.gm)).json();
    assert_eq!(view["steps"], 0, "{view}");

    let applied = post(base, &path, Some(&table.gm), &body(false));
    assert_eq!(applied.status, 200, "{}", applied.body);
    let report = applied.json();
    assert_eq!(report["applied"], 7);
    assert_eq!(report["steps"], 7);
    let posts = report["posts"].as_array().unwrap();
    assert_eq!(posts[4]["outcome"], "refused");
    assert_eq!(posts[4]["player"], "Plainsfox (Lion)");
    assert_eq!(posts[3]["outcome"], "not-a-player");
    assert_eq!(
        posts[5]["actions"][1]["events"][2],
        "battle 1: Mongooseh (Crab) (attacker) wins"
    );

    // The table committed every step, as typed, each with its post.
    let record: Value =
        serde_json::from_str(&get(base, &table.path("record"), Some(&table.gm)).body).unwrap();
    let mut entries = record["record"]["entries"].clone();
    for entry in entries.as_array_mut().unwrap() {
        assert!(
            entry.as_object_mut().unwrap().remove("post").is_some(),
            "{entry}"
        );
    }
    assert_eq!(entries, typed_entries());
    let log = get(base, &table.path("log"), Some(&table.gm)).json();
    assert!(log.to_string().contains("round 1 is scored"), "{log}");

    // Sent again, nothing applies twice.
    let again = post(base, &path, Some(&table.gm), &body(false)).json();
    assert_eq!(again["applied"], 0, "{again}");
    assert_eq!(again["posts"][1]["outcome"], "already-applied");
}

/// The status answered to a body announced at `length` bytes (tower-http's limit answers on the
/// headers, before the body is sent).
fn announced(base: &str, path: &str, length: usize) -> u16 {
    use std::io::{Read, Write};
    let host = base.trim_start_matches("http://");
    let mut stream = std::net::TcpStream::connect(host).unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: {length}\r\nConnection: close\r\n\r\n{{"
    )
    .unwrap();
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let raw = String::from_utf8_lossy(&raw).into_owned();
    raw.split(' ').nth(1).unwrap().parse().unwrap()
}

#[test]
fn a_thread_that_cannot_be_read_is_refused_whole() {
    let dir = temp_dir("thread-refused");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = import(base, &clan_war_save());
    let path = table.path("thread");
    for (request, status, words) in [
        (
            json!({"posts": "{\"author\": \"Mongooseh\"}"}),
            400,
            "missing field `body`",
        ),
        (
            json!({"posts": "hello there"}),
            400,
            "pbp does not recognise the layout",
        ),
        (
            json!({"posts": THREAD, "layout": "vbulletin"}),
            400,
            "not a thread layout pbp knows",
        ),
        (
            json!({"posts": THREAD, "dice": "loaded"}),
            400,
            "not a dice choice",
        ),
        (json!({"posts": THREAD, "bogus": 1}), 400, "unknown field"),
    ] {
        let answer = post(base, &path, Some(&table.gm), &request.to_string());
        assert_eq!(answer.status, status, "{request}: {}", answer.body);
        assert!(
            answer.json()["message"].as_str().unwrap().contains(words),
            "{}",
            answer.body
        );
    }
    assert_eq!(announced(base, &path, pbp_server::MAX_THREAD_BODY + 1), 413);
    let view = get(base, &table.path("view"), Some(&table.gm)).json();
    assert_eq!(view["steps"], 0, "{view}");
}

#[test]
fn the_tables_player_names_are_the_forum_names() {
    let dir = temp_dir("thread-names");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let body =
        json!({"record": clan_war_save(), "players": ["Alice", "Bob", "Carol", "Dan", "Eve"]});
    let table = common::create(base, &body.to_string());
    let thread = "{\"author\": \"alice \", \"body\": \"attack B6 from B7\"}\n";
    let answer = post(
        base,
        &table.path("thread"),
        Some(&table.gm),
        &json!({"posts": thread}).to_string(),
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(
        answer.json()["posts"][0]["outcome"],
        "applied",
        "{}",
        answer.body
    );
}

/// Issue 37: a player's post brings no die at a table whose dice are the game master's, neither
/// a roll line typed in it nor the rolls the forum attached to it (`rolls`); at a table created
/// with `"dice": "players"` the forum's attached rolls count, and a typed roll line never does.
#[test]
fn a_player_never_chooses_the_dice_through_a_thread() {
    let dir = temp_dir("thread-dice");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let posts = [
        json!({"id": 1, "author": "Mongooseh", "body": "attack B6 from B7"}),
        json!({"id": 2, "author": "Mongooseh",
               "body": "pass\nroll\nMongooseh rolled 2d10: 9, 8\nSpirit Army rolled 3d10: 1, 1, 1",
               "rolls": ["2d10: 9, 9", "3d10: 1, 1, 2"]}),
        json!({"id": 3, "author": "Dice Roller", "body": "Mongooseh rolled 2d10: 2, 3"}),
        json!({"id": 4, "author": "Dice Roller", "body": "Spirit Army rolled 3d10: 9, 8, 7"}),
    ]
    .iter()
    .map(Value::to_string)
    .collect::<Vec<_>>()
    .join("\n");
    let request = json!({"posts": posts, "rollers": ["Dice Roller"], "dice": "forum"}).to_string();
    let roll_of = |dice: Option<&str>| {
        let mut body = json!({"record": clan_war_save()});
        if let Some(dice) = dice {
            body["dice"] = json!(dice);
        }
        let table = common::create(base, &body.to_string());
        let answer = post(base, &table.path("thread"), Some(&table.gm), &request);
        assert_eq!(answer.status, 200, "{}", answer.body);
        let report = answer.json();
        assert_eq!(report["applied"], 3, "{report}");
        report
    };

    let report = roll_of(None);
    let post2 = &report["posts"][1];
    assert_eq!(
        post2["actions"][1]["dice"],
        json!([2, 3, 9, 8, 7]),
        "{report}"
    );
    let reasons: Vec<&str> = post2["not_dice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["reason"].as_str().unwrap())
        .collect();
    assert_eq!(reasons.len(), 4, "{post2}");
    assert!(reasons[0].starts_with("a roll typed in the post, not the forum's: not used"));
    assert!(reasons[3].contains("a player never brings dice"), "{post2}");

    let report = roll_of(Some("players"));
    let post2 = &report["posts"][1];
    assert_eq!(
        post2["actions"][1]["dice"],
        json!([9, 9, 1, 1, 2]),
        "{report}"
    );
    assert_eq!(post2["not_dice"].as_array().unwrap().len(), 2, "{post2}");
    assert_eq!(
        report["unused_rolls"],
        json!([[2, 3], [9, 8, 7]]),
        "{report}"
    );
}

/// Scroll Race: Red's first character played by Solo, Blue's by Kira, the rest computer-played;
/// carriers fixed, so play starts at once.
const SCROLL_RACE: &str =
    r#"{"characters": [[{"name": "Solo"}], [{"name": "Kira"}]], "carriers": ["Solo", "Kira"]}"#;

#[test]
fn a_scroll_race_turn_is_the_move_posted_and_the_technique_sent_in_private() {
    let dir = temp_dir("thread-private");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let save = common::save_of("scroll-race", Some(SCROLL_RACE), 3, &[]);
    let table = import(base, &save);
    let turn = get(base, &table.path("view"), Some(&table.gm)).json();
    let red_first = turn["turn"]["acting"][0]["seat"] == 0;
    // The mover, its move forward, its team's computer-played second character, and a seat of
    // the other team.
    let (me, step, ally, mine, other) = if red_first {
        ("Solo", "step s", "Red-2", 0, 5)
    } else {
        ("Kira", "step n", "Blue-2", 5, 0)
    };
    let thread = format!(
        "{}\n{}\n{}\n",
        json!({"author": me, "body": step}),
        json!({"author": "Sensei", "body": format!("private {me}: pass {ally}")}),
        // The team's player posts the computer-played character's turn.
        json!({"author": me, "body": "rien"}),
    );
    let answer = post(
        base,
        &table.path("thread"),
        Some(&table.gm),
        &json!({"posts": thread, "gm": ["Sensei"]}).to_string(),
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    let report = answer.json();
    assert_eq!(report["applied"], 2, "{report}");
    assert_eq!(
        report["posts"][0]["actions"][0]["action"],
        format!("{step}; pass {ally}"),
        "{report}"
    );
    assert_eq!(report["posts"][1]["outcome"], "applied", "{report}");
    assert_eq!(report["posts"][2]["outcome"], "applied", "{report}");
    // What the other team sees of it is what it sees of the same turn typed whole by its
    // player (a secret pass: only the chance of being spotted shows it).
    let typed = import(base, &save);
    let act = |token: &str, body: Value| {
        let answer = post(base, &typed.path("act"), Some(token), &body.to_string());
        assert_eq!(answer.status, 200, "{}", answer.body);
    };
    act(
        &typed.seats[mine],
        json!({"action": format!("{step}; pass {ally}")}),
    );
    act(&typed.gm, json!({"action": "wait", "as": mine + 1}));
    for path in ["view", "log"] {
        let seen = |t: &common::Table| {
            let mut value = get(base, &t.path(path), Some(&t.seats[other])).json();
            // The table's own links and history chain differ (another table, whose steps keep
            // no post); the game's words do not.
            if let Some(object) = value.as_object_mut() {
                object.remove("chain");
                object.remove("table");
            }
            if let Some(lines) = value.as_array_mut() {
                lines.retain(|line| line["event"].get("chain").is_none());
            }
            value
        };
        assert_eq!(seen(&table), seen(&typed), "{path}");
    }
    let ours = get(base, &table.path("log"), Some(&table.seats[mine])).json();
    assert!(ours.to_string().contains(ally), "{ours}");
}
