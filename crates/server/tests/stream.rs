//! The live event stream, `GET /api/tables/{id}/events`, over real HTTP: what each role's
//! stream holds in each of the four games (exactly its `log`, nothing of another's secrets),
//! twin tables whose streams look alike to everyone who may not know the difference, resuming
//! with `Last-Event-ID` after a reconnect and after a restart, heartbeats, and the limits.
//! Long file: one scenario per game and per stream property, sharing the helpers at its top.
// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::time::Duration;

use common::sse::{EventStream, open};
use common::{Table, create, get, import, post, save_of, start, start_streaming, temp_dir};
use pbp_core::engine::{Actor, Game, Seat, Viewer};
use serde_json::{Value, json};

const WAIT: Duration = Duration::from_secs(10);

/// Every token of a table, with the viewer it is: the public, each seat, the game master.
fn viewers(table: &Table) -> Vec<(Viewer, Option<String>)> {
    let mut all = vec![(Viewer::Public, None)];
    for (seat, token) in table.seats.iter().enumerate() {
        all.push((
            Viewer::Seat(Seat(u16::try_from(seat).unwrap())),
            Some(token.clone()),
        ));
    }
    all.push((Viewer::GameMaster, Some(table.gm.clone())));
    all
}

/// Plays up to `actions` legal actions, each by the token of whoever may act first (the
/// `pick`-th legal action, trying the next ones if the rules refuse it).
fn play(base: &str, table: &Table, actions: usize) -> usize {
    let mut played = 0;
    for round in 0..actions {
        let view = get(base, &table.path("view"), Some(&table.gm)).json();
        // Only the table's seats and the game master (Clan War's turn may list a seat past
        // the table's, for a spirit army's side of a battle).
        let acting: Vec<&Value> = view["turn"]["acting"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|a| {
                a["seat"]
                    .as_u64()
                    .is_none_or(|s| (s as usize) < table.seats.len())
            })
            .collect();
        if acting.is_empty() {
            break;
        }
        let who = acting[round % acting.len()];
        let token = match who["seat"].as_u64() {
            Some(seat) => table.seats[usize::try_from(seat).unwrap()].clone(),
            None => table.gm.clone(),
        };
        let legal = get(base, &table.path("legal"), Some(&token)).json();
        let legal = legal.as_array().unwrap();
        for offset in 0..legal.len().min(8) {
            let action = &legal[(round * 7 + offset) % legal.len()];
            let body = json!({ "action": action["json"] }).to_string();
            if post(base, &table.path("act"), Some(&token), &body).status == 200 {
                played += 1;
                break;
            }
        }
    }
    played
}

/// The table's `log` without the line it ends with, the chain's head at the current step,
/// which the stream does not carry (the view and the posts do).
fn without_chain(log: Value) -> Value {
    let mut lines = log.as_array().unwrap().clone();
    assert!(
        lines
            .pop()
            .is_some_and(|last| last["event"].get("chain").is_some())
    );
    Value::Array(lines)
}

/// Reads every stream until its log is as long as the table's `log` for its token, then
/// checks that it is that log, line for line (the event texts too), with ids `STEP.SUB` in
/// order.
fn assert_streams_are_logs(
    base: &str,
    table: &Table,
    streams: &mut [(Viewer, Option<String>, EventStream)],
) {
    for (viewer, token, stream) in streams.iter_mut() {
        let log = without_chain(get(base, &table.path("log"), token.as_deref()).json());
        let log = log.as_array().unwrap().clone();
        assert!(
            stream.until_log(log.len(), WAIT),
            "{viewer:?}'s stream has {} of {} lines",
            stream.log().len(),
            log.len()
        );
        stream.drain(Duration::from_millis(100));
        let streamed = stream.log();
        let lines: Vec<Value> = streamed.iter().map(|(_, line)| line.clone()).collect();
        assert_eq!(lines, log, "{viewer:?}: the stream is the log");
        let mut last: Option<(u64, u64)> = None;
        for (id, line) in &streamed {
            let (step, sub) = id.split_once('.').unwrap();
            let id = (step.parse::<u64>().unwrap(), sub.parse::<u64>().unwrap());
            assert_eq!(
                id.0,
                line["step"].as_u64().unwrap(),
                "{viewer:?}: id {id:?}"
            );
            if let Some(last) = last {
                assert!(
                    id > last && (id.0 > last.0 || id.1 == last.1 + 1),
                    "{viewer:?}: {last:?} then {id:?}"
                );
            }
            last = Some(id);
            // The audience filter of the log: nothing addressed to someone else.
            let audience = &line["audience"];
            match viewer {
                Viewer::Public => assert_eq!(audience, "everyone", "{line}"),
                Viewer::Seat(seat) => assert!(
                    audience == "everyone"
                        || audience["seats"]
                            .as_array()
                            .is_some_and(|s| s.contains(&json!(seat.0))),
                    "{viewer:?} got {line}"
                ),
                Viewer::GameMaster => {}
            }
        }
        // The status is the viewer's: a seat's drafts are its own.
        let status = stream.status().expect("every stream starts with a status");
        for draft in status["table"]["drafts"].as_array().unwrap() {
            if let Viewer::Seat(seat) = viewer {
                assert_eq!(draft["seat"], json!(seat.0));
            }
            assert_ne!(*viewer, Viewer::Public);
        }
    }
}

/// Checks that nothing the game lists as a secret of another viewer at the end
/// ([`Game::secrets`]) is in a viewer's stream; answers how many secrets were looked for.
fn assert_no_secrets<G: Game>(
    base: &str,
    table: &Table,
    streams: &[(Viewer, Option<String>, EventStream)],
) -> usize {
    let record = get(base, &table.path("record"), Some(&table.gm));
    let session = pbp_core::engine::save::load_session::<G>(&record.body).unwrap();
    let mut checked = 0;
    for (viewer, _, stream) in streams {
        let secrets = G::secrets(session.state(), *viewer);
        checked += secrets.len();
        let everything: String = stream.seen.iter().map(|e| e.data.clone()).collect();
        for secret in &secrets {
            assert!(
                !everything.contains(secret.as_str()),
                "{viewer:?}'s stream holds the secret {secret}"
            );
        }
    }
    checked
}

fn every_role_streams_its_own_log<G: Game>(game: &str, actions: usize) {
    let dir = temp_dir(&format!("stream-roles-{game}"));
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(base, &json!({ "game": game }).to_string());
    let mut streams: Vec<(Viewer, Option<String>, EventStream)> = viewers(&table)
        .into_iter()
        .map(|(viewer, token)| {
            let stream = open(base, &table.id, token.as_deref(), None).unwrap();
            (viewer, token, stream)
        })
        .collect();
    let played = play(base, &table, actions);
    assert!(
        played >= actions / 2,
        "{game}: only {played} actions played"
    );
    assert_streams_are_logs(base, &table, &mut streams);
    let secrets = assert_no_secrets::<G>(base, &table, &streams);
    assert!(secrets > 0, "{game}: the game had secrets to keep");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn clan_war_every_role_streams_its_own_log() {
    every_role_streams_its_own_log::<pbp_clan_war::ClanWar>("clan-war", 30);
}

#[test]
fn three_kingdoms_every_role_streams_its_own_log() {
    every_role_streams_its_own_log::<pbp_three_kingdoms::ThreeKingdoms>("three-kingdoms", 30);
}

#[test]
fn warring_states_every_role_streams_its_own_log() {
    every_role_streams_its_own_log::<pbp_warring_states::WarringStates>("warring-states", 12);
}

#[test]
fn scroll_race_every_role_streams_its_own_log() {
    every_role_streams_its_own_log::<pbp_scroll_race::ScrollRace>("scroll-race", 30);
}

fn seat(n: u16) -> Actor {
    Actor::Seat(Seat(n))
}

/// Everything a stream sends, ids and names and data, in order, until it has been quiet a
/// while.
fn everything(stream: &mut EventStream) -> Vec<(String, Option<String>, String)> {
    stream.drain(Duration::from_millis(300));
    stream
        .seen
        .iter()
        .map(|e| (e.name.clone(), e.id.clone(), e.data.clone()))
        .collect()
}

#[test]
fn a_sealed_order_reaches_the_others_only_as_the_public_learns_it() {
    // Twin Warring States tables that differ in one seat's sealed orders, and then in how
    // often that seat saved its draft of the next turn: every other viewer's stream is the
    // same, event for event; the game master's differs.
    let dir = temp_dir("stream-twins");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let gm = Actor::GameMaster;
    let twins: Vec<Table> = ["[b]20 Rice for Defense of Lai.[/b]", "[b]No orders.[/b]"]
        .iter()
        .map(|orders| {
            import(
                base,
                &save_of(
                    "warring-states",
                    None,
                    5,
                    &[(gm, "close"), (seat(1), orders)],
                ),
            )
        })
        .collect();
    let mut streams: Vec<Vec<(Viewer, Option<String>, EventStream)>> = twins
        .iter()
        .map(|table| {
            viewers(table)
                .into_iter()
                .map(|(viewer, token)| {
                    let stream = open(base, &table.id, token.as_deref(), None).unwrap();
                    (viewer, token, stream)
                })
                .collect()
        })
        .collect();
    // Seat 2 saves a draft once on the first twin, three times (changing it) on the second.
    let draft = |table: &Table, orders: &str| {
        let body = json!({ "action": orders }).to_string();
        let answer = post(base, &table.path("draft"), Some(&table.seats[2]), &body);
        assert_eq!(answer.status, 200, "{}", answer.body);
    };
    draft(&twins[0], "[b]3 Rice for Defense of Cheng.[/b]");
    for orders in [
        "[b]1 Rice for Defense of Cheng.[/b]",
        "[b]No orders.[/b]",
        "[b]2 Rice for Defense of Cheng.[/b]",
    ] {
        draft(&twins[1], orders);
    }
    for table in &twins {
        let answer = post(
            base,
            &table.path("ready"),
            Some(&table.seats[2]),
            r#"{"ready":true}"#,
        );
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    let [first, second] = &mut streams[..] else {
        unreachable!()
    };
    for ((viewer, _, a), (_, _, b)) in first.iter_mut().zip(second.iter_mut()) {
        let (a, b) = (everything(a), everything(b));
        match viewer {
            Viewer::Seat(Seat(1 | 2)) | Viewer::GameMaster => {
                assert_ne!(a, b, "{viewer:?} knows the difference");
            }
            _ => assert_eq!(a, b, "{viewer:?} sees the twins alike"),
        }
        if *viewer == Viewer::Public {
            assert!(
                a.iter()
                    .any(|(name, _, data)| name == "orders" && data.contains("\"ready\"")),
                "the public learns that seat 2 is ready: {a:?}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

const LONG_DUEL: &str = r#"{"game":"duel","config":{"first_to":100}}"#;

fn act(base: &str, table: &Table, seat: usize, action: &str) {
    let body = json!({ "action": action }).to_string();
    let answer = post(base, &table.path("act"), Some(&table.seats[seat]), &body);
    assert_eq!(answer.status, 200, "{}", answer.body);
}

fn duel_round(base: &str, table: &Table) {
    act(base, table, 0, "strike");
    act(base, table, 1, "strike");
}

#[test]
fn a_reconnect_gets_every_event_it_missed_once_in_order() {
    let dir = temp_dir("stream-resume");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(base, LONG_DUEL);
    let token = Some(table.seats[1].as_str());
    let mut first = open(base, &table.id, token, None).unwrap();
    duel_round(base, &table);
    assert!(first.until_log(3, WAIT));
    let last = first.last_id().unwrap();
    let before = first.log();
    first.close();
    // Missed while away.
    duel_round(base, &table);
    duel_round(base, &table);
    let mut second = open(base, &table.id, token, Some(&last)).unwrap();
    let log = without_chain(get(base, &table.path("log"), token).json());
    let log = log.as_array().unwrap();
    let missing = log.len() - before.len();
    assert!(second.until_log(missing, WAIT));
    second.drain(Duration::from_millis(200));
    let mut whole: Vec<Value> = before.into_iter().map(|(_, line)| line).collect();
    whole.extend(second.log().into_iter().map(|(_, line)| line));
    assert_eq!(&whole, log, "no gap, no duplicate");
    assert_eq!(
        second.seen[0].name, "log",
        "a resumed stream starts with what it missed"
    );
    // A resume from the last id sends no line again, only the status.
    let now = second.last_id().unwrap();
    let mut third = open(base, &table.id, token, Some(&now)).unwrap();
    third.drain(Duration::from_millis(300));
    assert!(third.log().is_empty(), "{:?}", third.seen);
    assert_eq!(third.seen[0].name, "status");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_restart_loses_no_event() {
    let dir = temp_dir("stream-restart");
    let db = dir.join("db.sqlite");
    let server = start(&db);
    let table = create(&server.base, LONG_DUEL);
    let token = Some(table.seats[0].as_str());
    let mut stream = open(&server.base, &table.id, token, None).unwrap();
    duel_round(&server.base, &table);
    assert!(stream.until_log(3, WAIT));
    let before = stream.log();
    drop(server);
    // The server's shutdown ended the stream.
    assert!(stream.until(WAIT, |e| e.name == "(closed)").is_some());
    let server = start(&db);
    duel_round(&server.base, &table);
    let mut again = open(
        &server.base,
        &table.id,
        token,
        Some(&before.last().unwrap().0),
    )
    .unwrap();
    let log = without_chain(get(&server.base, &table.path("log"), token).json());
    let log = log.as_array().unwrap();
    assert!(again.until_log(log.len() - before.len(), WAIT));
    let mut whole: Vec<(String, Value)> = before;
    whole.extend(again.log());
    let lines: Vec<Value> = whole.iter().map(|(_, line)| line.clone()).collect();
    assert_eq!(&lines, log);
    let ids: Vec<&String> = whole.iter().map(|(id, _)| id).collect();
    let mut unique = ids.clone();
    unique.dedup();
    assert_eq!(ids, unique, "no id twice");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_events_of_a_turn_deadline_and_orders_reach_every_viewer() {
    let dir = temp_dir("stream-status");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = import(
        base,
        &save_of("warring-states", None, 5, &[(Actor::GameMaster, "close")]),
    );
    let mut public = open(base, &table.id, None, None).unwrap();
    let set = post(
        base,
        &table.path("deadline"),
        Some(&table.gm),
        r#"{"in_seconds":3600}"#,
    );
    assert_eq!(set.status, 200, "{}", set.body);
    let deadline = public.until(WAIT, |e| e.name == "deadline").unwrap().json();
    assert!(deadline["deadline"].as_u64().is_some(), "{deadline}");
    let cleared = post(
        base,
        &table.path("deadline"),
        Some(&table.gm),
        r#"{"in_seconds":null}"#,
    );
    assert_eq!(cleared.status, 200);
    let deadline = public.until(WAIT, |e| e.name == "deadline").unwrap().json();
    assert_eq!(deadline["deadline"], Value::Null);
    // Orders: a draft, ready, not ready.
    let body = json!({ "action": "[b]No orders.[/b]" }).to_string();
    assert_eq!(
        post(base, &table.path("draft"), Some(&table.seats[0]), &body).status,
        200
    );
    for (ready, word) in [(true, "ready"), (false, "draft")] {
        let body = json!({ "ready": ready }).to_string();
        assert_eq!(
            post(base, &table.path("ready"), Some(&table.seats[0]), &body).status,
            200
        );
        let orders = public
            .until(WAIT, |e| e.name == "orders" && e.json()["orders"] == word)
            .unwrap()
            .json();
        assert_eq!(orders["seat"], 0);
    }
    // The turn closes: a turn event, and a new turn's orders are none again.
    let mut seat = open(base, &table.id, Some(&table.seats[1]), None).unwrap();
    assert_eq!(
        post(base, &table.path("resolve"), Some(&table.gm), "{}").status,
        200
    );
    let turn = seat.until(WAIT, |e| e.name == "turn").unwrap().json();
    assert_eq!(turn["your_turn"], true, "{turn}");
    assert!(public.until(WAIT, |e| e.name == "turn").is_some());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_end_of_a_game_is_an_event() {
    let dir = temp_dir("stream-over");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(base, r#"{"game":"duel","config":{"first_to":1}}"#);
    let mut public = open(base, &table.id, None, None).unwrap();
    duel_round(base, &table);
    let over = public.until(WAIT, |e| e.name == "over").unwrap().json();
    let winners = over["outcome"]["winners"].as_array().unwrap();
    assert!(
        winners == &[json!("Player 1")] || winners == &[json!("Player 2")],
        "the winner by name: {over}"
    );
    assert!(over["outcome"]["reason"].as_str().unwrap().contains("won"));
    let status = public.until(WAIT, |e| e.name == "status").unwrap().json();
    assert_eq!(status["over"], over["outcome"]);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_idle_stream_gets_heartbeats() {
    let dir = temp_dir("stream-heartbeat");
    let limits = pbp_server::StreamLimits {
        heartbeat: Duration::from_millis(100),
        ..pbp_server::StreamLimits::default()
    };
    let server = start_streaming(&dir.join("db.sqlite"), limits);
    let table = create(&server.base, r#"{"game":"duel"}"#);
    let stream = open(&server.base, &table.id, None, None).unwrap();
    let comment = stream.comments.recv_timeout(WAIT).unwrap();
    assert_eq!(comment, "heartbeat");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn streams_past_a_limit_are_refused_with_a_json_error() {
    let dir = temp_dir("stream-limits");
    let limits = pbp_server::StreamLimits {
        per_token: 2,
        per_instance: 4,
        heartbeat: Duration::from_millis(100),
        ..pbp_server::StreamLimits::default()
    };
    let server = start_streaming(&dir.join("db.sqlite"), limits);
    let base = &server.base;
    let table = create(base, r#"{"game":"duel"}"#);
    let token = Some(table.seats[0].as_str());
    let one = open(base, &table.id, token, None).unwrap();
    let _two = open(base, &table.id, token, None).unwrap();
    let refused = open(base, &table.id, token, None).err().unwrap();
    assert_eq!(refused.status, 429);
    assert_eq!(refused.json()["error"], "too_many_streams");
    assert!(
        refused.json()["message"]
            .as_str()
            .unwrap()
            .contains("2 open")
    );
    // Another token has its own share; the instance's limit is for all.
    let _other = open(base, &table.id, Some(&table.seats[1]), None).unwrap();
    let _public = open(base, &table.id, None, None).unwrap();
    let full = open(base, &table.id, None, None).err().unwrap();
    assert_eq!(full.status, 503);
    assert_eq!(full.json()["error"], "too_many_streams");
    // A closed stream gives its place back.
    one.close();
    let mut reopened = None;
    for _ in 0..100 {
        if let Ok(stream) = open(base, &table.id, token, None) {
            reopened = Some(stream);
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        reopened.is_some(),
        "the closed stream's place is free again"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_bad_request_for_a_stream_is_a_json_error() {
    let dir = temp_dir("stream-refusals");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(base, r#"{"game":"duel"}"#);
    let unknown = open(base, &table.id, Some(&"0".repeat(64)), None)
        .err()
        .unwrap();
    assert_eq!(unknown.status, 401);
    assert_eq!(unknown.json()["error"], "unauthorized");
    let missing = open(base, "0123456789abcdef", None, None).err().unwrap();
    assert_eq!(missing.status, 404);
    assert_eq!(missing.json()["error"], "not_found");
    // The table and the token are checked before the Last-Event-ID.
    let missing = open(base, "0123456789abcdef", None, Some("x"))
        .err()
        .unwrap();
    assert_eq!(missing.status, 404);
    let unknown = open(base, &table.id, Some(&"0".repeat(64)), Some("x"));
    assert_eq!(unknown.err().unwrap().status, 401);
    for bad in [
        "x",
        "1",
        "1.",
        ".1",
        "1.2.3",
        "-1.0",
        "99999999999999999999.0",
        "99.0",
    ] {
        let refused = open(base, &table.id, None, Some(bad)).err().unwrap();
        assert_eq!(refused.status, 400, "{bad}");
        assert_eq!(refused.json()["error"], "bad_request", "{bad}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// An act through one instance reaches a stream held by the other within a second, both
/// ways, and the stream is the log.
fn an_act_on_one_instance_reaches_a_stream_on_the_other(db: &str) {
    let one = common::start_on(db);
    let two = common::start_on(db);
    let table = create(&one.base, LONG_DUEL);
    let token = Some(table.seats[1].as_str());
    let mut on_two = open(&two.base, &table.id, token, None).unwrap();
    let mut on_one = open(&one.base, &table.id, token, None).unwrap();
    let mut slowest = Duration::ZERO;
    for round in 0..6 {
        let (acting, watching) = if round % 2 == 0 {
            (&one.base, &mut on_two)
        } else {
            (&two.base, &mut on_one)
        };
        let before = watching.log().len();
        let seen = watching.seen.len();
        act(acting, &table, 0, "strike");
        let acted = std::time::Instant::now();
        assert!(
            watching.until_log(before + 1, Duration::from_secs(5)),
            "round {round}: nothing came"
        );
        slowest = slowest.max(acted.elapsed());
        // The other seat's act, for the next round.
        act(acting, &table, 1, "strike");
        assert!(watching.seen.len() > seen);
    }
    // Not asserted as a time (a loaded machine makes any bound below `until_log`'s 5 seconds
    // flaky): printed, for whoever looks.
    println!("the slowest round took {slowest:?}");
    let log = without_chain(get(&one.base, &table.path("log"), token).json());
    let log = log.as_array().unwrap();
    for stream in [&mut on_one, &mut on_two] {
        assert!(stream.until_log(log.len(), WAIT));
        let lines: Vec<Value> = stream.log().into_iter().map(|(_, line)| line).collect();
        assert_eq!(&lines, log);
    }
}

#[test]
fn postgres_an_act_on_one_instance_reaches_a_stream_on_the_other() {
    if let Some(db) = common::pg::test_db("stream_two_instances") {
        an_act_on_one_instance_reaches_a_stream_on_the_other(&db.url);
    }
}
