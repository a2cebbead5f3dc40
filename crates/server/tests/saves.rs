//! The store writes an action's record entry with the action and the whole save only now and
//! then (every 100 actions of a table, on idle, at the end): a `kill -9` under load between two
//! saves loses no acknowledged action, and the table after the restart, loaded as its last save
//! plus the entries after it, is the game that replaying the acknowledged actions gives, byte for
//! byte, in the restarted instance and in a second instance that held the table from before the
//! load. On a SQLite file shared by two processes and on PostgreSQL (`PBP_TEST_POSTGRES`;
//! skipped with a printed line without it).

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{ServerProcess, Table, create, get, temp_dir, try_post};
use pbp_core::engine::erased::ActionInput;
use pbp_core::engine::{Actor, DiceChoice, Seat};
use serde_json::{Value, json};

/// Long enough that no duel ends within the test (an ended game is saved at once).
const LONG_DUEL: &str =
    r#"{"game":"duel","config":{"first_to":255,"focus_tokens":2,"rolled":2,"kept":1}}"#;

const TABLES: usize = 6;

/// The actions a client had answered on one table: `(step, action JSON)`.
type Acknowledged = Arc<Mutex<Vec<(u64, Value)>>>;

/// Each table gets this many acknowledged actions before the kill: past its first periodic
/// save (the hub saves every 100th action, `Hub::SAVE_EVERY`) and short of its second.
const BEFORE_KILL: u64 = 150;

fn spawn(db: &str) -> ServerProcess {
    common::spawn_server_process("saves_server_process", "PBP_SAVES_DB", db)
}

fn record(base: &str, table: &Table) -> String {
    let answer = get(base, &table.path("record"), Some(&table.gm));
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.body
}

/// Posts strikes to `table` through `base`, each seat in turn, until the server stops
/// answering; pushes `(step, action)` of every answered one.
fn play(base: &str, table: &Table, acknowledged: &Mutex<Vec<(u64, Value)>>) {
    let mut step = 0u64;
    loop {
        let token = &table.seats[(step % 2) as usize];
        let body = json!({"action": "strike", "expect_step": step}).to_string();
        let Some((status, value)) = try_post(base, &table.path("act"), token, &body) else {
            return;
        };
        assert_eq!(status, 200, "{value}");
        step = value["step"].as_u64().unwrap();
        acknowledged
            .lock()
            .unwrap()
            .push((step, value["action"]["json"].clone()));
    }
}

fn kill_9_between_two_saves(db: &str) {
    let mut one = spawn(db);
    let two = spawn(db);
    let tables: Vec<Table> = (0..TABLES).map(|_| create(&one.base, LONG_DUEL)).collect();
    let created: Vec<String> = tables.iter().map(|t| record(&one.base, t)).collect();
    // The second instance holds every table in memory from step 0 on.
    for (table, save) in tables.iter().zip(&created) {
        assert_eq!(record(&two.base, table), *save);
    }
    let acknowledged: Vec<Acknowledged> = (0..TABLES).map(|_| Arc::default()).collect();
    let clients: Vec<_> = tables
        .iter()
        .zip(&acknowledged)
        .map(|(table, seen)| {
            let (base, table, seen) = (one.base.clone(), table.clone(), Arc::clone(seen));
            std::thread::spawn(move || play(&base, &table, &seen))
        })
        .collect();
    let started = Instant::now();
    let least = || {
        acknowledged
            .iter()
            .map(|seen| seen.lock().unwrap().len() as u64)
            .min()
            .unwrap()
    };
    while least() < BEFORE_KILL && started.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(5));
    }
    one.process.kill().unwrap(); // SIGKILL, mid-load
    let _ = one.process.wait();
    for client in clients {
        client.join().unwrap();
    }
    assert!(least() >= BEFORE_KILL, "the load ran: {}", least());

    // The store holds each table as a save past step 0 and the entries after it, and the kill
    // came between two saves of at least one table.
    let mut store = pbp_server::open_store(db).unwrap();
    let mut between = 0;
    for table in &tables {
        let stored = store.load(&table.id).unwrap().unwrap();
        assert!(stored.saved > 0, "a periodic save was written");
        assert_eq!(stored.saved + stored.entries.len() as u64, stored.step);
        between += usize::from(stored.saved < stored.step);
    }
    assert!(between > 0, "no table had actions after its last save");

    let restarted = spawn(db);
    for (index, table) in tables.iter().enumerate() {
        let mine = acknowledged[index].lock().unwrap().clone();
        let after = record(&restarted.base, table);
        let save: Value = serde_json::from_str(&after).unwrap();
        let entries = save["record"]["entries"].as_array().unwrap();
        // Every acknowledged action, at its step; at most the one in flight beyond them.
        for (step, action) in &mine {
            let entry = &entries[usize::try_from(*step).unwrap() - 1];
            assert_eq!(entry["action"], *action, "table {index} step {step}");
        }
        assert!(entries.len() <= mine.len() + 1, "table {index}");
        // The game replayed from its creation with these actions is the stored one.
        let mut replay = pbp_frontend::Table::load(&created[index]).unwrap();
        for (step, entry) in entries.iter().enumerate() {
            let actor = Actor::Seat(Seat(u16::try_from(step % 2).unwrap()));
            let input = ActionInput::Json(entry["action"].clone());
            replay.act(actor, &input, DiceChoice::Seeded).unwrap();
        }
        let replayed = replay.save().unwrap();
        assert_eq!(after, replayed, "table {index}: restarted");
        // The second instance, which held the table at step 0, reads it again, the same.
        assert_eq!(record(&two.base, table), replayed, "table {index}: second");
        // And the table goes on, through either.
        let step = entries.len() as u64;
        let token = &table.seats[(step % 2) as usize];
        let body = json!({"action": "strike", "expect_step": step}).to_string();
        let (status, value) = try_post(&two.base, &table.path("act"), token, &body).unwrap();
        assert_eq!(status, 200, "{value}");
    }
}

#[test]
fn sqlite_kill_9_between_two_saves_loses_nothing() {
    let dir = temp_dir("saves");
    kill_9_between_two_saves(dir.join("db.sqlite").to_str().unwrap());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn postgres_kill_9_between_two_saves_loses_nothing() {
    if let Some(db) = common::pg::test_db("kill_9_between_two_saves") {
        kill_9_between_two_saves(&db.url);
    }
}

/// The server process of these tests, started by them with the database in `PBP_SAVES_DB`:
/// opens it as `pbp serve --db` does, prints its address, serves until killed.
#[test]
#[ignore = "the server process of the save tests, which start it themselves"]
fn saves_server_process() {
    let db = std::env::var("PBP_SAVES_DB").expect("started by a save test");
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
