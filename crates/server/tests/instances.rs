//! Several `pbp serve` instances on one database: concurrent posts to the same tables through
//! two instances, a `kill -9` of one of them mid-load, and a check that every acknowledged
//! action is in the record exactly once, at its step; and a deadline that both instances'
//! schedulers see fires once; and an act sent to an instance whose table in memory is behind
//! the stored one is judged on the stored table. Each runs on a SQLite file shared by two processes and on
//! PostgreSQL (the database `PBP_TEST_POSTGRES` names; skipped with a printed line without it).

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{ServerProcess, Table, create, get, post, temp_dir, try_post};
use serde_json::{Value, json};

/// How many tables the load runs on (two clients each, one per seat).
const TABLES: usize = 4;

const LONG_DUEL: &str =
    r#"{"game":"duel","config":{"first_to":100,"focus_tokens":2,"rolled":2,"kept":1}}"#;

/// One `pbp serve` process: this test binary run as [`instance_server_process`].
fn spawn_instance(db: &str) -> ServerProcess {
    common::spawn_server_process("instance_server_process", "PBP_INSTANCE_DB", db)
}

fn entries(base: &str, table: &Table) -> Vec<Value> {
    let record = get(base, &table.path("record"), Some(&table.gm));
    assert_eq!(record.status, 200, "{}", record.body);
    pbp_frontend::catalog::catalog().load(&record.body).unwrap();
    let save: Value = serde_json::from_str(&record.body).unwrap();
    save["record"]["entries"].as_array().unwrap().clone()
}

/// What the clients saw: acknowledged actions by table, and posts whose answer was lost.
#[derive(Default)]
struct Seen {
    acknowledged: BTreeMap<usize, Vec<(u64, Value)>>,
    lost: BTreeMap<usize, usize>,
    refused: usize,
}

fn two_instances_lose_and_double_nothing(db: &str) {
    let one = spawn_instance(db);
    let mut two = spawn_instance(db);
    let tables: Vec<Table> = (0..TABLES).map(|_| create(&one.base, LONG_DUEL)).collect();
    let seen = Arc::new(Mutex::new(Seen::default()));
    let two_alive = Arc::new(AtomicBool::new(true));
    let bases = [one.base.clone(), two.base.clone()];
    let mut clients = Vec::new();
    for client in 0..8usize {
        let index = client % TABLES;
        let table = tables[index].clone();
        let seen = Arc::clone(&seen);
        let two_alive = Arc::clone(&two_alive);
        let bases = bases.clone();
        clients.push(std::thread::spawn(move || {
            for attempt in 0..40usize {
                // Every client goes through both instances in turn while the second lives.
                let through = if two_alive.load(Ordering::SeqCst) {
                    (client + attempt) % 2
                } else {
                    0
                };
                let token = &table.seats[(client / TABLES) % 2];
                let action = if attempt % 3 == 0 { "focus" } else { "strike" };
                let body = json!({ "action": action }).to_string();
                match try_post(&bases[through], &table.path("act"), token, &body) {
                    Some((200, value)) => seen
                        .lock()
                        .unwrap()
                        .acknowledged
                        .entry(index)
                        .or_default()
                        .push((
                            value["step"].as_u64().unwrap(),
                            value["action"]["json"].clone(),
                        )),
                    Some((409 | 422, _)) => seen.lock().unwrap().refused += 1,
                    Some((status, value)) => panic!("unexpected {status}: {value}"),
                    None => {
                        assert_eq!(through, 1, "only the killed instance fails to answer");
                        *seen.lock().unwrap().lost.entry(index).or_default() += 1;
                    }
                }
            }
        }));
    }
    // Let the load run through both, then kill the second without warning, mid-load.
    let started = Instant::now();
    let count = |seen: &Mutex<Seen>| {
        seen.lock()
            .unwrap()
            .acknowledged
            .values()
            .map(Vec::len)
            .sum::<usize>()
    };
    while count(&seen) < 40 && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(10));
    }
    two.process.kill().unwrap(); // SIGKILL
    let _ = two.process.wait();
    two_alive.store(false, Ordering::SeqCst);
    for client in clients {
        client.join().unwrap();
    }
    let seen = seen.lock().unwrap();
    let total: usize = seen.acknowledged.values().map(Vec::len).sum();
    assert!(total >= 40, "the load ran: {total} acknowledged");
    assert!(seen.refused > 0, "the posts raced: none was refused");

    // A restarted second instance and the first read the same records; every acknowledged
    // action is there exactly once, at the step it was acknowledged with.
    let restarted = spawn_instance(db);
    let mut store = pbp_server::open_store(db).unwrap();
    for (index, table) in tables.iter().enumerate() {
        let entries = entries(&restarted.base, table);
        assert_eq!(entries, self::entries(&one.base, table), "table {index}");
        let mine = seen.acknowledged.get(&index).cloned().unwrap_or_default();
        let mut steps: Vec<u64> = mine.iter().map(|(step, _)| *step).collect();
        steps.sort_unstable();
        steps.dedup();
        assert_eq!(
            steps.len(),
            mine.len(),
            "table {index}: a step acknowledged twice"
        );
        for (step, action) in &mine {
            let entry = &entries[usize::try_from(*step).unwrap() - 1];
            assert_eq!(entry["action"], *action, "table {index} step {step}");
        }
        // Nothing but the acknowledged actions and those whose answer the kill lost.
        let lost = seen.lost.get(&index).copied().unwrap_or(0);
        assert!(
            entries.len() >= mine.len() && entries.len() <= mine.len() + lost,
            "table {index}: {} entries, {} acknowledged, {lost} lost answers",
            entries.len(),
            mine.len()
        );
        // The store has one row per step, and no other.
        let acts: Vec<u64> = store.acts(&table.id).unwrap().iter().map(|a| a.0).collect();
        assert_eq!(acts, (1..=entries.len() as u64).collect::<Vec<_>>());
    }
}

fn a_deadline_fires_once_with_two_instances(db: &str) {
    let one = spawn_instance(db);
    let two = spawn_instance(db);
    let table = create(&one.base, r#"{"game":"warring-states"}"#);
    let seats = table.seats.len();
    // Set through the second instance; both run the scheduler.
    let answer = post(
        &two.base,
        &table.path("deadline"),
        Some(&table.gm),
        r#"{"in_seconds":1}"#,
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    let started = Instant::now();
    while entries(&one.base, &table).is_empty() && started.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(100));
    }
    // Both schedulers tick every second: give them three more.
    std::thread::sleep(Duration::from_secs(3));
    let entries = entries(&two.base, &table);
    // The turn closed once: "no orders" for each seat, nothing more.
    assert_eq!(entries.len(), seats, "{entries:?}");
    for entry in &entries {
        assert_eq!(entry["actor"], json!("game-master"), "{entry}");
    }
    let view = get(&one.base, &table.path("view"), Some(&table.gm)).json();
    assert_eq!(view["table"]["deadline"], Value::Null);
}

/// An instance acts on the table it holds in memory without asking the store first: an act
/// that table would refuse, but the stored one (moved on by the other instance) takes, is
/// taken; one the stored table refuses is refused, whichever instance holds it.
fn an_act_is_judged_on_the_stored_table(db: &str) {
    let one = spawn_instance(db);
    let two = spawn_instance(db);
    let table = create(&one.base, LONG_DUEL);
    let strike = r#"{"action":"strike"}"#;
    let act =
        |base: &str, seat: usize| post(base, &table.path("act"), Some(&table.seats[seat]), strike);
    let first = act(&one.base, 0);
    assert_eq!(first.status, 200, "{}", first.body);
    // The second instance now holds the table with seat 0's strike sealed for the round.
    assert_eq!(
        get(&two.base, &table.path("log"), Some(&table.seats[0])).status,
        200
    );
    assert_eq!(
        act(&two.base, 0).status,
        422,
        "seat 0 struck this round already"
    );
    // Seat 1 strikes through the first instance: the round resolves.
    let second = act(&one.base, 1);
    assert_eq!(second.status, 200, "{}", second.body);
    // Through the second, whose table in memory is a round behind, seat 0 strikes again.
    let third = act(&two.base, 0);
    assert_eq!(
        third.status, 200,
        "judged on the stored table: {}",
        third.body
    );
    assert_eq!(third.json()["step"], 3);
    // The first instance's table is now behind: seat 1's strike there is taken (the round
    // resolves), then seat 0's of a new round; a second strike of seat 0 in that round is
    // refused through both.
    let fourth = act(&one.base, 1);
    assert_eq!(fourth.status, 200, "{}", fourth.body);
    assert_eq!(fourth.json()["step"], 4);
    let replayed = act(&one.base, 0);
    assert_eq!(replayed.status, 200, "a new round: {}", replayed.body);
    assert_eq!(replayed.json()["step"], 5);
    assert_eq!(
        act(&two.base, 0).status,
        422,
        "seat 0 struck this round already"
    );
    assert_eq!(
        act(&one.base, 0).status,
        422,
        "seat 0 struck this round already"
    );
    assert_eq!(entries(&two.base, &table).len(), 5);
    assert_eq!(entries(&one.base, &table), entries(&two.base, &table));
}

#[test]
fn sqlite_an_act_is_judged_on_the_stored_table() {
    let dir = temp_dir("judged-on-stored");
    an_act_is_judged_on_the_stored_table(dir.join("db.sqlite").to_str().unwrap());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn postgres_an_act_is_judged_on_the_stored_table() {
    if let Some(db) = common::pg::test_db("an_act_is_judged_on_the_stored_table") {
        an_act_is_judged_on_the_stored_table(&db.url);
    }
}

#[test]
fn sqlite_two_instances_lose_and_double_nothing() {
    let dir = temp_dir("instances");
    two_instances_lose_and_double_nothing(dir.join("db.sqlite").to_str().unwrap());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn postgres_two_instances_lose_and_double_nothing() {
    if let Some(db) = common::pg::test_db("two_instances_lose_and_double_nothing") {
        two_instances_lose_and_double_nothing(&db.url);
    }
}

#[test]
fn sqlite_a_deadline_fires_once_with_two_instances() {
    let dir = temp_dir("deadline-once");
    a_deadline_fires_once_with_two_instances(dir.join("db.sqlite").to_str().unwrap());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn postgres_a_deadline_fires_once_with_two_instances() {
    if let Some(db) = common::pg::test_db("a_deadline_fires_once_with_two_instances") {
        a_deadline_fires_once_with_two_instances(&db.url);
    }
}

/// The server process of these tests, started by them with the database in
/// `PBP_INSTANCE_DB`: opens it as `pbp serve --db` does, prints its address, serves until
/// killed.
#[test]
#[ignore = "the server process of the two-instance tests, which start it themselves"]
fn instance_server_process() {
    let db = std::env::var("PBP_INSTANCE_DB").expect("started by a two-instance test");
    let store = pbp_server::open_store(&db).unwrap();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async move {
        let server = pbp_server::Server::bind(store, "127.0.0.1:0")
            .await
            .unwrap();
        println!("LISTENING http://{}", server.addr());
        server.serve_until(std::future::pending()).await.unwrap();
    });
}
