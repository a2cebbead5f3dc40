//! The store's contract as a model: random sequences of creates, acts, turn and seat writes
//! (each from the version it names, current or stale), deadline leases and webhook outbox
//! operations, applied both to a store and to a small in-memory model of what the `Store` and
//! `WebhookStore` traits promise, every answer compared: the same results (including what a
//! conflict reports), the same tables on load, the same due list and the same outbox. It runs
//! on SQLite and on PostgreSQL (`PBP_TEST_POSTGRES`; skipped with a printed line when unset),
//! so the two stores cannot drift apart unseen.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::collections::BTreeMap;

use pbp_server::webhooks::{HookFormat, Notice, NoticeKind, StoredHook};
use pbp_server::{
    NewAct, PostgresStore, SqliteStore, Store, StoreError, StoredSeat, StoredTable, TokenHash,
    TurnState,
};
use proptest::prelude::*;

const TABLES: [&str; 3] = ["t0", "t1", "t2"];
const OWNERS: [&str; 2] = ["east", "west"];

/// One operation of a sequence.
#[derive(Clone, Debug)]
enum Op {
    Create(usize),
    /// An act on table `.0`, from its step minus `.1` and its version minus `.2` (0: current),
    /// with a turn-opened notice when `.3`.
    Act(usize, u64, u64, bool),
    /// The turn's deadline set (or cleared), from the version minus `.2`.
    SetTurn(usize, Option<u64>, u64),
    /// Seat `.1`'s name and token written, from the version minus `.2`.
    SetSeat(usize, u16, u64),
    Claim(usize, usize, u64, u64),
    Release(usize, usize),
    Due(u64),
    AddHook(usize, usize),
    RemoveHook(usize, usize),
    Load(usize),
}

fn op() -> impl Strategy<Value = Op> {
    let t = 0..TABLES.len();
    prop_oneof![
        t.clone().prop_map(Op::Create),
        (
            t.clone(),
            prop_oneof![4 => Just(0u64), 1 => 1..3u64],
            prop_oneof![4 => Just(0u64), 1 => 1..3u64],
            any::<bool>()
        )
            .prop_map(|(t, s, v, n)| Op::Act(t, s, v, n)),
        (
            t.clone(),
            proptest::option::of(0..100u64),
            prop_oneof![3 => Just(0u64), 1 => 1..3u64]
        )
            .prop_map(|(t, d, v)| Op::SetTurn(t, d, v)),
        (
            t.clone(),
            0..3u16,
            prop_oneof![3 => Just(0u64), 1 => 1..3u64]
        )
            .prop_map(|(t, s, v)| Op::SetSeat(t, s, v)),
        (t.clone(), 0..OWNERS.len(), 0..100u64, 0..30u64)
            .prop_map(|(t, o, n, s)| Op::Claim(t, o, n, s)),
        (t.clone(), 0..OWNERS.len()).prop_map(|(t, o)| Op::Release(t, o)),
        (0..120u64).prop_map(Op::Due),
        (t.clone(), 0..2usize).prop_map(|(t, h)| Op::AddHook(t, h)),
        (t.clone(), 0..2usize).prop_map(|(t, h)| Op::RemoveHook(t, h)),
        t.prop_map(Op::Load),
    ]
}

/// A table as the contract says the store keeps it.
#[derive(Clone, Debug, Default)]
struct Table {
    step: u64,
    version: u64,
    seats: Vec<StoredSeat>,
    turn: TurnState,
    lease: Option<(usize, u64)>,
    /// The webhooks, by id, in the order added, each with its outbox (step, kind), oldest first.
    hooks: Vec<(String, Vec<(u64, String)>)>,
}

/// The contract, in memory.
#[derive(Debug, Default)]
struct Model {
    tables: BTreeMap<usize, Table>,
}

/// An answer, as compared: the value, or the error's kind and what a conflict reports.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Answer {
    Done,
    Bool(bool),
    Ids(Vec<String>),
    Loaded(Option<(u64, u64, Vec<StoredSeat>, TurnState)>),
    Hooks(Vec<(String, Vec<(u64, String)>)>),
    Conflict { expected: u64, found: u64 },
    NoTable,
    Exists,
}

fn answer<T>(result: Result<T, StoreError>, ok: impl FnOnce(T) -> Answer) -> Answer {
    match result {
        Ok(value) => ok(value),
        Err(StoreError::Conflict { expected, found }) => Answer::Conflict { expected, found },
        Err(StoreError::NoTable(_)) => Answer::NoTable,
        Err(StoreError::Exists(_)) => Answer::Exists,
        Err(other) => panic!("the store failed: {other}"),
    }
}

fn seat(n: u16, generation: u64) -> StoredSeat {
    StoredSeat {
        name: format!("Seat {n}.{generation}"),
        token: TokenHash([u8::try_from(n).unwrap() + 10; 32]),
    }
}

fn new_table(id: &str) -> StoredTable {
    StoredTable {
        seats: vec![seat(0, 0), seat(1, 0)],
        ..common::stored_duel(id)
    }
}

fn hook_id(t: usize, h: usize) -> String {
    format!("h{t}{h}")
}

impl Model {
    /// What the contract answers to `op`, and its effect on the model.
    #[allow(clippy::too_many_lines)] // One arm per operation of the contract, read side by side.
    fn apply(&mut self, op: &Op, clock: u64) -> Answer {
        match *op {
            Op::Create(t) => {
                if self.tables.contains_key(&t) {
                    return Answer::Exists;
                }
                let stored = new_table(TABLES[t]);
                self.tables.insert(
                    t,
                    Table {
                        seats: stored.seats,
                        ..Table::default()
                    },
                );
                Answer::Done
            }
            Op::Act(t, stale_step, stale_version, notice) => {
                let Some(table) = self.tables.get_mut(&t) else {
                    return Answer::NoTable;
                };
                let from = table.step.saturating_sub(stale_step);
                let version = table.version.saturating_sub(stale_version);
                if from != table.step || version != table.version {
                    return Answer::Conflict {
                        expected: from,
                        found: table.step,
                    };
                }
                table.step += 1;
                table.version += 1;
                if notice {
                    for (_, outbox) in &mut table.hooks {
                        outbox.push((table.step, "turn_opened".into()));
                    }
                }
                Answer::Done
            }
            Op::SetTurn(t, deadline, stale) => {
                let Some(table) = self.tables.get_mut(&t) else {
                    return Answer::NoTable;
                };
                if table.version.saturating_sub(stale) != table.version {
                    return Answer::Conflict {
                        expected: table.step,
                        found: table.step,
                    };
                }
                table.version += 1;
                table.turn.deadline = deadline;
                Answer::Done
            }
            Op::SetSeat(t, n, stale) => {
                let Some(table) = self.tables.get_mut(&t) else {
                    return Answer::NoTable;
                };
                if table.version.saturating_sub(stale) != table.version {
                    return Answer::Conflict {
                        expected: table.step,
                        found: table.step,
                    };
                }
                table.version += 1;
                let stored = seat(n, clock);
                match table.seats.get_mut(usize::from(n)) {
                    Some(slot) => *slot = stored,
                    None => table.seats.push(stored),
                }
                Answer::Done
            }
            Op::Claim(t, owner, now, seconds) => {
                let Some(table) = self.tables.get_mut(&t) else {
                    return Answer::Bool(false);
                };
                let free = match table.lease {
                    None => true,
                    Some((holder, until)) => until <= now || holder == owner,
                };
                if free {
                    table.lease = Some((owner, now + seconds));
                }
                Answer::Bool(free)
            }
            Op::Release(t, owner) => {
                if let Some(table) = self.tables.get_mut(&t)
                    && table.lease.is_some_and(|(holder, _)| holder == owner)
                {
                    table.lease = None;
                }
                Answer::Done
            }
            Op::Due(now) => {
                let mut due: Vec<(u64, String)> = self
                    .tables
                    .iter()
                    .filter_map(|(t, table)| {
                        let closes = table.turn.deadline? + table.turn.grace;
                        (closes <= now).then(|| (closes, TABLES[*t].to_owned()))
                    })
                    .collect();
                due.sort();
                Answer::Ids(due.into_iter().map(|(_, id)| id).collect())
            }
            Op::AddHook(t, h) => {
                let Some(table) = self.tables.get_mut(&t) else {
                    return Answer::NoTable;
                };
                let id = hook_id(t, h);
                if table.hooks.iter().any(|(known, _)| *known == id) {
                    // The store refuses a taken id as its database's own error: not generated.
                    return Answer::Done;
                }
                table.hooks.push((id, Vec::new()));
                Answer::Done
            }
            Op::RemoveHook(t, h) => {
                let Some(table) = self.tables.get_mut(&t) else {
                    return Answer::Bool(false);
                };
                let before = table.hooks.len();
                table.hooks.retain(|(id, _)| *id != hook_id(t, h));
                Answer::Bool(table.hooks.len() < before)
            }
            Op::Load(t) => {
                let loaded = self.tables.get(&t).map(|table| {
                    (
                        table.step,
                        table.version,
                        table.seats.clone(),
                        table.turn.clone(),
                    )
                });
                Answer::Loaded(loaded)
            }
        }
    }

    fn hooks(&self, t: usize) -> Answer {
        Answer::Hooks(
            self.tables
                .get(&t)
                .map(|table| table.hooks.clone())
                .unwrap_or_default(),
        )
    }
}

/// What the store answers to `op` (its version numbers read from the model's table, as a hub
/// would hold them).
fn run(store: &mut dyn Store, model: &Model, op: &Op, clock: u64) -> Answer {
    let held = |t: usize| {
        model
            .tables
            .get(&t)
            .map_or((0, 0), |table| (table.step, table.version))
    };
    match *op {
        Op::Create(t) => answer(store.create(&new_table(TABLES[t])), |()| Answer::Done),
        Op::Act(t, stale_step, stale_version, notice) => {
            let (step, version) = held(t);
            let turn = model
                .tables
                .get(&t)
                .map(|table| table.turn.clone())
                .unwrap_or_default();
            let notices = [Notice {
                kind: NoticeKind::TurnOpened,
                json: "{}".into(),
            }];
            let act = NewAct {
                table: TABLES[t],
                from_step: step.saturating_sub(stale_step),
                version: version.saturating_sub(stale_version),
                actor: "seat 0",
                action: "{}",
                entry: "{}",
                save: None,
                turn: &turn,
                notices: if notice { &notices } else { &[] },
            };
            answer(store.commit_act(&act), |()| Answer::Done)
        }
        Op::SetTurn(t, deadline, stale) => {
            let (_, version) = held(t);
            let turn = TurnState {
                deadline,
                ..TurnState::default()
            };
            answer(
                store.set_turn(TABLES[t], version.saturating_sub(stale), &turn),
                |()| Answer::Done,
            )
        }
        Op::SetSeat(t, n, stale) => {
            let (_, version) = held(t);
            let result =
                store.set_seat(TABLES[t], version.saturating_sub(stale), n, &seat(n, clock));
            answer(result, |()| Answer::Done)
        }
        Op::Claim(t, owner, now, seconds) => answer(
            store.claim(TABLES[t], OWNERS[owner], now, seconds),
            Answer::Bool,
        ),
        Op::Release(t, owner) => answer(store.release(TABLES[t], OWNERS[owner]), |()| Answer::Done),
        Op::Due(now) => answer(store.due(now), Answer::Ids),
        Op::AddHook(t, h) => {
            let id = hook_id(t, h);
            let taken = model
                .tables
                .get(&t)
                .is_some_and(|table| table.hooks.iter().any(|(k, _)| *k == id));
            if taken {
                return Answer::Done;
            }
            let hook = StoredHook {
                id,
                table: TABLES[t].to_owned(),
                url: "https://example.com/hook".into(),
                format: HookFormat::Json,
                secret: "0123456789abcdef".into(),
                remind_before: 0,
                created_at: clock,
            };
            answer(store.add_hook(&hook), |()| Answer::Done)
        }
        Op::RemoveHook(t, h) => answer(store.remove_hook(TABLES[t], &hook_id(t, h)), Answer::Bool),
        Op::Load(t) => answer(store.load(TABLES[t]), |loaded| {
            Answer::Loaded(loaded.map(|table| (table.step, table.version, table.seats, table.turn)))
        }),
    }
}

/// The store's webhooks of table `t` with their outbox, oldest first, as the model keeps them.
fn stored_hooks(store: &mut dyn Store, t: usize) -> Answer {
    let hooks = store.hooks(TABLES[t]).unwrap();
    Answer::Hooks(
        hooks
            .into_iter()
            .map(|hook| {
                let mut outbox: Vec<(u64, String)> = store
                    .deliveries(&hook.id, 1000)
                    .unwrap()
                    .into_iter()
                    .map(|entry| (entry.step, entry.kind))
                    .collect();
                outbox.reverse();
                (hook.id, outbox)
            })
            .collect(),
    )
}

/// Runs `ops` on a fresh store and on the model, comparing every answer and, at the end, every
/// table's webhooks and outbox.
fn check(store: &mut dyn Store, ops: &[Op]) -> Result<(), TestCaseError> {
    let mut model = Model::default();
    for (clock, op) in (1u64..).zip(ops) {
        let stored = run(store, &model, op, clock);
        let expected = model.apply(op, clock);
        prop_assert_eq!(&stored, &expected, "operation {} of {:?}", clock, ops);
    }
    for t in 0..TABLES.len() {
        prop_assert_eq!(stored_hooks(store, t), model.hooks(t));
    }
    Ok(())
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 64,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn sqlite_keeps_the_contract(ops in proptest::collection::vec(op(), 1..40)) {
        let mut store = SqliteStore::in_memory().unwrap();
        check(&mut store, &ops)?;
    }

    #[test]
    fn postgres_keeps_the_contract(ops in proptest::collection::vec(op(), 1..40)) {
        let Some(db) = common::pg::test_db("store_model") else { return Ok(()) };
        let mut store = PostgresStore::connect(&db.url).unwrap();
        check(&mut store, &ops)?;
    }
}
