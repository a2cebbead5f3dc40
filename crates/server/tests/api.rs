//! The JSON API against a real server on a loopback port: every endpoint with every kind of
//! token (the seat's own, another seat's, none, the game master's, a wrong one, a malformed
//! header), the status codes, and the save the CLI reads.

mod common;

use common::{Table, create, get, import, post, save_of, start, temp_dir};
use pbp_core::engine::{Actor, Seat};
use serde_json::json;

const S0: Actor = Actor::Seat(Seat(0));
const S1: Actor = Actor::Seat(Seat(1));

/// The tokens a request can carry.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Who {
    Own,
    OtherSeat,
    Public,
    Gm,
    Wrong,
    OtherTable,
}

const EVERYONE: [Who; 6] = [
    Who::Own,
    Who::OtherSeat,
    Who::Public,
    Who::Gm,
    Who::Wrong,
    Who::OtherTable,
];

fn token<'a>(table: &'a Table, other: &'a Table, who: Who) -> Option<&'a str> {
    match who {
        Who::Own => Some(&table.seats[0]),
        Who::OtherSeat => Some(&table.seats[1]),
        Who::Public => None,
        Who::Gm => Some(&table.gm),
        Who::Wrong => Some("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"),
        Who::OtherTable => Some(&other.gm),
    }
}

#[test]
fn every_endpoint_with_every_kind_of_token() {
    let dir = temp_dir("tokens");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(base, r#"{"game":"duel","players":["Ann","Bo"]}"#);
    let other = create(base, r#"{"game":"duel"}"#);
    assert_eq!(table.seats.len(), 2);
    assert!(table.gm.len() >= 32 && table.seats.iter().all(|t| t.len() >= 32));

    for who in EVERYONE {
        let t = token(&table, &other, who);
        let unknown = matches!(who, Who::Wrong | Who::OtherTable);

        // view: anyone with a known token or none.
        let view = get(base, &table.path("view"), t);
        assert_eq!(
            view.status,
            if unknown { 401 } else { 200 },
            "{who:?} view: {}",
            view.body
        );
        if !unknown {
            let you = &view.json()["table"]["you"];
            let expected = match who {
                Who::Own => json!({"seat": 0}),
                Who::OtherSeat => json!({"seat": 1}),
                Who::Public => json!("public"),
                _ => json!("gm"),
            };
            assert_eq!(*you, expected, "{who:?}");
        }
        for format in ["text", "bbcode", "svg"] {
            let view = get(base, &format!("{}?format={format}", table.path("view")), t);
            assert_eq!(
                view.status,
                if unknown { 401 } else { 200 },
                "{who:?} {format}"
            );
        }

        // legal: a seat or the game master.
        let legal = get(base, &table.path("legal"), t);
        let expected = match who {
            Who::Public | Who::Wrong | Who::OtherTable => 401,
            _ => 200,
        };
        assert_eq!(legal.status, expected, "{who:?} legal: {}", legal.body);
        // Another seat's legal actions: the game master only.
        let legal = get(base, &format!("{}?as=0", table.path("legal")), t);
        let expected = match who {
            Who::Own | Who::Gm => 200,
            Who::OtherSeat => 403,
            _ => 401,
        };
        assert_eq!(legal.status, expected, "{who:?} legal as 0: {}", legal.body);

        // log: like view.
        let log = get(base, &table.path("log"), t);
        assert_eq!(log.status, if unknown { 401 } else { 200 }, "{who:?} log");

        // record: the game master only.
        let record = get(base, &table.path("record"), t);
        let expected = match who {
            Who::Gm => 200,
            Who::Own | Who::OtherSeat => 403,
            _ => 401,
        };
        assert_eq!(record.status, expected, "{who:?} record: {}", record.body);
        if who != Who::Gm {
            assert!(!record.body.contains("pbp_save"), "{who:?} got the save");
        }

        // act for seat 0, as seat 0 (the game master names the seat).
        let body = r#"{"action":"strike","as":0,"expect_step":999}"#;
        let act = post(base, &table.path("act"), t, body);
        let expected = match who {
            Who::Own | Who::Gm => 409, // known and allowed, but stale: nothing applied
            Who::OtherSeat => 403,
            _ => 401,
        };
        assert_eq!(act.status, expected, "{who:?} act: {}", act.body);
    }

    // A malformed Authorization header and an unknown table.
    let answer = common::agent()
        .get(format!("{base}{}", table.path("view")))
        .header("Authorization", "Basic abc")
        .call()
        .unwrap();
    assert_eq!(answer.status().as_u16(), 401);
    assert_eq!(
        get(base, "/api/tables/ffffffffffffffff/view", None).status,
        404
    );
    // The client resolves the dots: /etc/view is no endpoint.
    assert_eq!(get(base, "/api/tables/../../etc/view", None).status, 404);
    assert_eq!(get(base, "/api/nothing", None).status, 404);

    // Nothing was applied so far.
    assert_eq!(get(base, &table.path("view"), None).json()["steps"], 0);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn acting_answers_the_step_and_the_status_codes() {
    let dir = temp_dir("act");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(base, r#"{"game":"duel"}"#);
    let own = Some(table.seats[0].as_str());

    let answer = post(
        base,
        &table.path("act"),
        own,
        r#"{"action":"focus","expect_step":0}"#,
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    let value = answer.json();
    assert_eq!(value["step"], 1);
    assert_eq!(value["action"]["json"], json!({"choose": "focus"}));
    // The actor sees its own choice.
    assert!(value["events"].to_string().contains("focus"), "{value}");
    assert_eq!(
        value["turn"],
        json!({"acting": [{"seat": 1}, "game-master"]})
    );

    // 409: stale; 422: refused by the rules, or not an action; 400: not the body expected.
    let stale = post(
        base,
        &table.path("act"),
        own,
        r#"{"action":"strike","expect_step":0}"#,
    );
    assert_eq!(
        (stale.status, stale.json()["error"].as_str()),
        (409, Some("stale_step"))
    );
    let refused = post(base, &table.path("act"), own, r#"{"action":"strike"}"#);
    assert_eq!(
        (refused.status, refused.json()["error"].as_str()),
        (422, Some("refused"))
    );
    let nonsense = post(base, &table.path("act"), own, r#"{"action":"dance"}"#);
    assert_eq!(
        (nonsense.status, nonsense.json()["error"].as_str()),
        (422, Some("not_an_action"))
    );
    for bad in [
        "",
        "{",
        r#"{"action":"x","colour":1}"#,
        r#"{"action":null}"#,
        "[]",
    ] {
        let answer = post(base, &table.path("act"), own, bad);
        assert_eq!(answer.status, 400, "{bad}: {}", answer.body);
        assert_eq!(answer.json()["error"], "bad_request");
    }
    // 413: an action or a body over the limits.
    let long = json!({ "action": "x".repeat(20_000) }).to_string();
    assert_eq!(post(base, &table.path("act"), own, &long).status, 413);
    let huge = json!({ "action": "x", "dice": vec![1; 40_000] }).to_string();
    assert_eq!(post(base, &table.path("act"), own, &huge).status, 413);

    // Outside dice for seat 1 (the game master acting for it); the roll is decided by them.
    let answer = post(
        base,
        &table.path("act"),
        Some(&table.gm),
        r#"{"action":{"choose":"strike"},"as":1,"dice":[2,10,4,1,9,9]}"#,
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(answer.body.contains("14 to 9"), "{}", answer.body);
    // Wrong outside dice are refused by the rules.
    let answer = post(
        base,
        &table.path("act"),
        Some(&table.gm),
        r#"{"action":"strike","as":0,"dice":[1]}"#,
    );
    assert_eq!(answer.status, 422, "{}", answer.body);

    // The log and the view follow.
    let view = get(base, &table.path("view"), None).json();
    assert_eq!(view["steps"], 2);
    assert_eq!(view["view"]["wins"], json!([1, 0]));
    let log = get(base, &table.path("log"), None).json();
    assert!(
        log.as_array()
            .unwrap()
            .iter()
            .all(|e| e["text"].is_string())
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn create_and_import_refuse_what_they_cannot_host() {
    let dir = temp_dir("create");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let cases = [
        (r#"{"game":"chess"}"#, 400),
        (r#"{"game":"duel","players":["only one"]}"#, 400),
        (r#"{"game":"duel","config":{"first_to":0}}"#, 422),
        (r#"{"game":"duel","config":{"first_too":2}}"#, 422),
        (r#"{"record":"not a save"}"#, 422),
        (r#"{"game":"duel","record":{}}"#, 400),
        ("not json", 400),
    ];
    for (body, status) in cases {
        let answer = post(base, "/api/tables", None, body);
        assert_eq!(answer.status, status, "{body}: {}", answer.body);
        assert!(answer.json()["message"].is_string());
    }
    // Every game can be hosted with its default config.
    let games = get(base, "/api/games", None).json();
    for game in games.as_array().unwrap() {
        let table = create(base, &json!({ "game": game }).to_string());
        let view = get(base, &table.path("view"), Some(&table.gm));
        assert_eq!(view.status, 200, "{game}");
        assert_eq!(view.json()["game"], *game);
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_cli_save_imports_and_the_record_is_a_cli_save() {
    let dir = temp_dir("import");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let save = save_of("duel", None, 2026, &[(S0, "focus"), (S1, "strike")]);
    let table = import(base, &save);
    let view = get(base, &table.path("view"), Some(&table.gm)).json();
    assert_eq!(view["steps"], 2);
    // Untouched, the record is the save byte for byte.
    let record = get(base, &table.path("record"), Some(&table.gm));
    assert_eq!(record.status, 200);
    assert_eq!(record.body, save);
    // After an action on the server, the record replays with the seed check, as `pbp replay`
    // and `pbp verify` read it.
    let answer = post(
        base,
        &table.path("act"),
        Some(&table.seats[1]),
        r#"{"action":"focus"}"#,
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    let record = get(base, &table.path("record"), Some(&table.gm)).body;
    let (session, _) = pbp_frontend::catalog::catalog().load(&record).unwrap();
    assert_eq!(session.steps(), 3);
    // An edited save is refused.
    let edited = save.replacen("\"seed\": 2026", "\"seed\": 2027", 1);
    assert_ne!(edited, save);
    let answer = post(
        base,
        "/api/tables",
        None,
        &json!({ "record": edited }).to_string(),
    );
    assert_eq!(answer.status, 422, "{}", answer.body);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn tokens_appear_in_no_answer_but_the_creation() {
    let dir = temp_dir("leak");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(base, r#"{"game":"warring-states"}"#);
    let mut tokens = table.seats.clone();
    tokens.push(table.gm.clone());
    let mut answers = Vec::new();
    for t in tokens.iter().map(|t| Some(t.as_str())).chain([None]) {
        for endpoint in [
            "view",
            "view?format=text",
            "view?format=bbcode",
            "view?format=svg",
            "legal",
            "log",
            "record",
        ] {
            answers.push(get(base, &table.path(endpoint), t).body);
        }
        answers.push(post(base, &table.path("act"), t, r#"{"action":"nonsense"}"#).body);
    }
    for body in &answers {
        for secret in &tokens {
            assert!(!body.contains(secret.as_str()), "a token leaked: {body}");
        }
    }
    // The database keeps hashes only.
    drop(server);
    let bytes = std::fs::read(dir.join("db.sqlite")).unwrap();
    let wal = std::fs::read(dir.join("db.sqlite-wal")).unwrap_or_default();
    for secret in &tokens {
        let needle = secret.as_bytes();
        assert!(!bytes.windows(needle.len()).any(|w| w == needle));
        assert!(!wal.windows(needle.len()).any(|w| w == needle));
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn turn_endpoints_with_every_kind_of_token() {
    let dir = temp_dir("turn-tokens");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(base, r#"{"game":"duel"}"#);
    let other = create(base, r#"{"game":"duel"}"#);
    for who in EVERYONE {
        let t = token(&table, &other, who);
        let allowed_seat = match who {
            Who::Own | Who::Gm => 200,
            Who::OtherSeat => 403,
            _ => 401,
        };
        let draft = post(
            base,
            &table.path("draft"),
            t,
            r#"{"action":"strike","as":0}"#,
        );
        assert_eq!(draft.status, allowed_seat, "{who:?} draft: {}", draft.body);
        let ready = post(base, &table.path("ready"), t, r#"{"ready":false,"as":0}"#);
        assert_eq!(ready.status, allowed_seat, "{who:?} ready: {}", ready.body);
        let game_master = match who {
            Who::Gm => 200,
            Who::Own | Who::OtherSeat => 403,
            _ => 401,
        };
        let deadline = post(base, &table.path("deadline"), t, r#"{"in_seconds":null}"#);
        assert_eq!(
            deadline.status, game_master,
            "{who:?} deadline: {}",
            deadline.body
        );
        let resolve = post(base, &table.path("resolve"), t, "");
        assert_eq!(
            resolve.status, game_master,
            "{who:?} resolve: {}",
            resolve.body
        );
    }
    // The game master drafts only for a seat.
    let answer = post(
        base,
        &table.path("draft"),
        Some(&table.gm),
        r#"{"action":"concede 0"}"#,
    );
    assert_eq!(answer.status, 400, "{}", answer.body);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_pages_are_served() {
    let dir = temp_dir("pages");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    for (path, kind, needle) in [
        ("/", "text/html", "host a table"),
        ("/t/0123abcd", "text/html", "/assets/table.js"),
        ("/assets/table.js", "text/javascript", "Authorization"),
        ("/assets/index.js", "text/javascript", "/api/tables"),
        ("/assets/style.css", "text/css", "body"),
    ] {
        let answer = get(base, path, None);
        assert_eq!(answer.status, 200, "{path}");
        assert!(
            answer.content_type.starts_with(kind),
            "{path}: {}",
            answer.content_type
        );
        assert!(answer.body.contains(needle), "{path}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_new_table_answers_its_commitment_and_the_seed_stays_the_game_masters() {
    let dir = temp_dir("commitment");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let answer = post(base, "/api/tables", None, r#"{"game":"duel"}"#);
    assert_eq!(answer.status, 201, "{}", answer.body);
    let created = answer.json();
    let commitment = created["commitment"].as_str().unwrap().to_owned();
    assert_eq!(commitment.len(), 64, "{created}");
    let id = created["id"].as_str().unwrap();
    let gm = created["gm_token"].as_str().unwrap();
    let seat0 = created["seat_tokens"][0].as_str().unwrap();
    let view = |token: Option<&str>| get(base, &format!("/api/tables/{id}/view"), token).json();
    // The record holds the seed; the game master's view shows it, no other view does.
    let record: serde_json::Value =
        serde_json::from_str(&get(base, &format!("/api/tables/{id}/record"), Some(gm)).body)
            .unwrap();
    assert_eq!(record["record"]["commitment"], commitment.as_str());
    let seed = record["record"]["seed"].as_u64().unwrap();
    assert_eq!(view(Some(gm))["seed"], seed);
    for token in [None, Some(seat0)] {
        let shown = view(token);
        assert_eq!(shown["commitment"], commitment.as_str(), "{shown}");
        assert!(
            shown.get("seed").is_none() && shown.get("salt").is_none(),
            "{shown}"
        );
        for format in ["text", "bbcode", "svg"] {
            let path = format!("/api/tables/{id}/view?format={format}");
            let body = get(base, &path, token).body;
            assert!(!body.contains(&seed.to_string()), "{format}: {body}");
        }
    }
    // The game master acting for seat 1 sees what it chose; seat 0 sees it sealed only.
    let answer = post(
        base,
        &format!("/api/tables/{id}/act"),
        Some(gm),
        r#"{"action":"strike","as":1}"#,
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(
        answer.body.contains("Player 2 chose strike"),
        "{}",
        answer.body
    );
    let log = get(base, &format!("/api/tables/{id}/log"), Some(seat0)).body;
    assert!(!log.contains("strike"), "{log}");
}
