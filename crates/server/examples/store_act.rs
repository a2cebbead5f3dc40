//! The time of an act in the SQLite store alone, without HTTP or the hub (docs/BENCHMARKS.md):
//! what the hub asks of the store per act of a duel table (the table's version, whether it has
//! webhooks, the act's commit), in groups of 64 acts as the hub writes them under load (one
//! sync of the disk per group), on a file in a temporary folder.
//!
//! ```text
//! cargo run --release -p pbp-server --example store_act [ACTS] [RUNS]
//! ```
//!
//! Prints one line per run (nanoseconds per act) and the fastest run.

// A benchmark: a failed unwrap or expect is how it reports.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Instant;

use pbp_server::{
    NewAct, SqliteStore, Store, StoredSeat, StoredTable, TokenHash, TurnState, WebhookStore,
};

/// Acts per group (the hub's groups under load are of this order).
const GROUP: u64 = 64;

fn main() {
    let mut args = std::env::args().skip(1);
    let acts: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let runs: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let dir = std::env::temp_dir().join(format!("pbp-store-act-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let mut best = f64::MAX;
    for run in 0..runs {
        let path = dir.join(format!("run{run}.sqlite"));
        let mut store = SqliteStore::open(&path).expect("the store opens");
        let tables: Vec<String> = (0..100).map(|i| format!("t{i}")).collect();
        for id in &tables {
            store.create(&table(id)).expect("a table");
        }
        let turn = TurnState::default();
        let mut steps = vec![0u64; tables.len()];
        let start = Instant::now();
        for n in 0..acts {
            if n % GROUP == 0 {
                store.begin_group().expect("a group");
            }
            let index = usize::try_from(n).unwrap_or_default() % tables.len();
            let id = &tables[index];
            let version = store.version(id).expect("a version").expect("the table");
            store.has_hooks(id).expect("its webhooks");
            store
                .commit_act(&NewAct {
                    table: id,
                    from_step: steps[index],
                    version,
                    actor: "seat 0",
                    action: "{\"choose\":\"focus\"}",
                    entry: "{\"actor\":\"seat 0\",\"action\":{\"choose\":\"focus\"}}",
                    save: None,
                    turn: &turn,
                    notices: &[],
                })
                .expect("the act");
            steps[index] += 1;
            if n % GROUP == GROUP - 1 || n + 1 == acts {
                store.end_group().expect("the group's end");
            }
        }
        let per_act = start.elapsed().as_nanos() as f64 / acts as f64;
        best = best.min(per_act);
        println!("run {run}: {per_act:.0} ns an act ({acts} acts, groups of {GROUP})");
        drop(store);
        let _ = std::fs::remove_file(&path);
    }
    println!("fastest: {best:.0} ns an act");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The duel table every act goes to. The test suites' twin is `tests/common`'s `stored_duel`,
/// which an example cannot include (it builds without the tests' helpers and their
/// dependencies), and a table with made-up token hashes has no place in the library's public
/// API: so the example keeps its own.
fn table(id: &str) -> StoredTable {
    StoredTable {
        id: id.to_owned(),
        game: "duel".into(),
        step: 0,
        version: 0,
        save: "{}".into(),
        saved: 0,
        entries: Vec::new(),
        gm_token: TokenHash([1; 32]),
        seats: vec![
            StoredSeat {
                name: "Ann".into(),
                token: TokenHash([2; 32]),
            },
            StoredSeat {
                name: "Bob".into(),
                token: TokenHash([3; 32]),
            },
        ],
        turn: TurnState::default(),
    }
}
