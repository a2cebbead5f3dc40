//! The store's test suite, one suite for both backends: every case runs on a SQLite file and
//! on PostgreSQL (the database `PBP_TEST_POSTGRES` names; skipped with a printed line when it
//! is not set). A case gets a way to open the store, and opens it more than once where it tests
//! what several instances on one database see.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[macro_use]
mod common;

use common::stored_duel;

use std::sync::{Arc, Barrier};

use pbp_server::{
    AbsentDefault, BotPlay, Draft, MIGRATIONS, NewAct, POSTGRES_MIGRATIONS, PostgresStore,
    SqliteStore, Store, StoreError, StoredSeat, TokenHash, TurnState,
};

/// Opens one more handle (connection) to the case's database.
type Open<'a> = &'a (dyn Fn() -> Box<dyn Store> + Sync);

fn act<'a>(
    id: &'a str,
    from_step: u64,
    version: u64,
    entry: &'a str,
    turn: &'a TurnState,
) -> NewAct<'a> {
    NewAct {
        table: id,
        from_step,
        version,
        actor: "seat 0",
        action: "{\"choose\":\"focus\"}",
        entry,
        save: None,
        turn,
        notices: &[],
    }
}

fn tables_round_trip(open: Open<'_>) {
    let mut store = open();
    store.create(&stored_duel("a")).unwrap();
    assert!(matches!(
        store.create(&stored_duel("a")),
        Err(StoreError::Exists(_))
    ));
    assert_eq!(store.load("a").unwrap().unwrap(), stored_duel("a"));
    assert_eq!(store.load("b").unwrap(), None);
    assert_eq!(store.version("a").unwrap(), Some(0));
    assert_eq!(store.version("b").unwrap(), None);
    // Another connection sees it too.
    assert_eq!(open().load("a").unwrap().unwrap(), stored_duel("a"));
    store.create(&stored_duel("c")).unwrap();
    assert_eq!(store.count().unwrap(), 2);
    // A name with quotes and non-ASCII letters, and a long save, come back as they went in.
    let mut odd = stored_duel("d");
    odd.seats[0].name = "Zhào 'the \"Red\"'".into();
    odd.save = "x".repeat(200_000);
    store.create(&odd).unwrap();
    assert_eq!(store.load("d").unwrap().unwrap(), odd);
}

fn actions_check_their_version(open: Open<'_>) {
    let mut store = open();
    store.create(&stored_duel("a")).unwrap();
    let turn = TurnState {
        deadline: Some(99),
        grace: 1,
        drafts: vec![Draft {
            seat: 1,
            action: "x".into(),
            ready: true,
        }],
        ..TurnState::default()
    };
    store.commit_act(&act("a", 0, 0, "one", &turn)).unwrap();
    // The same step (and version) again is a conflict and writes nothing.
    let error = store
        .commit_act(&act("a", 0, 0, "other", &TurnState::default()))
        .unwrap_err();
    assert!(
        matches!(
            error,
            StoreError::Conflict {
                expected: 0,
                found: 1
            }
        ),
        "{error:?}"
    );
    // The right step from an old version (the drafts changed since) is one too.
    store.set_turn("a", 1, &TurnState::default()).unwrap();
    assert!(matches!(
        store.commit_act(&act("a", 1, 1, "two", &turn)),
        Err(StoreError::Conflict { .. })
    ));
    assert!(matches!(
        store.commit_act(&act("zz", 0, 0, "x", &turn)),
        Err(StoreError::NoTable(_))
    ));
    // The table is its creation's save with the one act's entry after it.
    let loaded = store.load("a").unwrap().unwrap();
    assert_eq!(
        (
            loaded.step,
            loaded.version,
            loaded.save.as_str(),
            loaded.saved
        ),
        (1, 2, "{}", 0)
    );
    assert_eq!(loaded.entries, vec!["one".to_owned()]);
    assert_eq!(loaded.turn, TurnState::default());
    store.commit_act(&act("a", 1, 2, "two", &turn)).unwrap();
    let loaded = store.load("a").unwrap().unwrap();
    assert_eq!((loaded.step, loaded.version), (2, 3));
    assert_eq!(loaded.turn, turn);
    let acts = store.acts("a").unwrap();
    assert_eq!(
        acts.iter().map(|(step, ..)| *step).collect::<Vec<_>>(),
        vec![1, 2]
    );
    assert_eq!(acts[0].1, "seat 0");
    assert_eq!(acts[0].2, "{\"choose\":\"focus\"}");
}

fn turns_check_their_version(open: Open<'_>) {
    let mut store = open();
    store.create(&stored_duel("a")).unwrap();
    let turn = TurnState {
        deadline: Some(50),
        grace: 10,
        ..TurnState::default()
    };
    store.set_turn("a", 0, &turn).unwrap();
    assert_eq!(store.version("a").unwrap(), Some(1));
    // A draft saved from the old version (another instance's) is refused, not lost silently.
    assert!(matches!(
        store.set_turn("a", 0, &TurnState::default()),
        Err(StoreError::Conflict { .. })
    ));
    assert!(matches!(
        store.set_turn("zz", 0, &turn),
        Err(StoreError::NoTable(_))
    ));
    assert_eq!(store.load("a").unwrap().unwrap().turn, turn);
    // A new token raises the version, so that other instances read the table again.
    let seat = |name: &str| StoredSeat {
        name: name.into(),
        token: TokenHash([9; 32]),
    };
    store.set_seat("a", 1, 1, &seat("Bo")).unwrap();
    let loaded = store.load("a").unwrap().unwrap();
    assert_eq!(
        (loaded.seats[1].token, loaded.version),
        (TokenHash([9; 32]), 2)
    );
    // From an old version it is refused, as every write is.
    assert!(matches!(
        store.set_seat("a", 1, 1, &seat("Bo")),
        Err(StoreError::Conflict { .. })
    ));
    assert!(matches!(
        store.set_seat("zz", 0, 1, &seat("Bo")),
        Err(StoreError::NoTable(_))
    ));
    // A seat the game added later is a new row, after the others.
    let count = loaded.seats.len();
    store
        .set_seat("a", 2, u16::try_from(count).unwrap(), &seat("Dee"))
        .unwrap();
    let loaded = store.load("a").unwrap().unwrap();
    assert_eq!(loaded.seats.len(), count + 1);
    assert_eq!(loaded.seats[count].name, "Dee");
}

fn deadlines_are_due_once_leased(open: Open<'_>) {
    let mut one = open();
    let mut two = open();
    one.create(&stored_duel("a")).unwrap();
    one.create(&stored_duel("b")).unwrap();
    one.set_turn(
        "a",
        0,
        &TurnState {
            deadline: Some(100),
            grace: 20,
            ..TurnState::default()
        },
    )
    .unwrap();
    one.set_turn(
        "b",
        0,
        &TurnState {
            deadline: Some(110),
            ..TurnState::default()
        },
    )
    .unwrap();
    // Due at deadline plus grace, soonest first.
    assert!(two.due(109).unwrap().is_empty());
    assert_eq!(two.due(110).unwrap(), vec!["b".to_owned()]);
    assert_eq!(two.due(500).unwrap(), vec!["b".to_owned(), "a".to_owned()]);
    // One instance gets the lease; the other does not until it expires or is given back.
    assert!(one.claim("a", "one", 200, 30).unwrap());
    assert!(!two.claim("a", "two", 200, 30).unwrap());
    assert!(!two.claim("a", "two", 229, 30).unwrap());
    assert!(two.claim("a", "two", 230, 30).unwrap());
    assert!(!one.claim("a", "one", 231, 30).unwrap());
    // Giving back another's lease does nothing; one's own frees it.
    one.release("a", "one").unwrap();
    assert!(!one.claim("a", "one", 232, 30).unwrap());
    two.release("a", "two").unwrap();
    assert!(one.claim("a", "one", 232, 30).unwrap());
    assert!(!one.claim("zz", "one", 232, 30).unwrap());
    // The lease is not part of the table's version: holding it changes nothing others read.
    assert_eq!(one.version("a").unwrap(), Some(1));
    // An action that ends the turn clears its deadline, so it is no longer due.
    one.commit_act(&act("a", 0, 1, "s", &TurnState::default()))
        .unwrap();
    assert_eq!(two.due(500).unwrap(), vec!["b".to_owned()]);
}

/// Several connections race to commit on one table, each from the version it read: every step
/// is taken exactly once, and every success is one row of `acts`.
fn racing_writers_take_each_step_once(open: Open<'_>) {
    open().create(&stored_duel("race")).unwrap();
    const WRITERS: usize = 4;
    const TRIES: usize = 40;
    let barrier = Arc::new(Barrier::new(WRITERS));
    let wins: usize = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..WRITERS)
            .map(|writer| {
                let mut store = open();
                let barrier = Arc::clone(&barrier);
                scope.spawn(move || {
                    barrier.wait();
                    let mut wins = 0;
                    for attempt in 0..TRIES {
                        let loaded = store.load("race").unwrap().unwrap();
                        let entry = format!("{writer}/{attempt}");
                        let turn = TurnState::default();
                        let mut new = act("race", loaded.step, loaded.version, &entry, &turn);
                        let actor = format!("seat {writer}");
                        new.actor = &actor;
                        match store.commit_act(&new) {
                            Ok(()) => wins += 1,
                            Err(StoreError::Conflict { .. }) => {}
                            Err(other) => panic!("{other}"),
                        }
                    }
                    wins
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).sum()
    });
    let mut store = open();
    let loaded = store.load("race").unwrap().unwrap();
    assert!(wins >= TRIES, "every round has a winner: {wins}");
    assert_eq!(loaded.step, wins as u64);
    assert_eq!(loaded.version, wins as u64);
    let steps: Vec<u64> = store.acts("race").unwrap().iter().map(|a| a.0).collect();
    assert_eq!(steps, (1..=wins as u64).collect::<Vec<_>>());
}

/// A save written with an act, or on its own, replaces the entries a load reads up to its
/// step; an older save changes nothing, and no save raises the version.
fn saves_bound_the_entries_a_load_reads(open: Open<'_>) {
    let mut store = open();
    store.create(&stored_duel("a")).unwrap();
    let turn = TurnState::default();
    store.commit_act(&act("a", 0, 0, "e1", &turn)).unwrap();
    store.commit_act(&act("a", 1, 1, "e2", &turn)).unwrap();
    let mut third = act("a", 2, 2, "e3", &turn);
    third.save = Some("s3");
    store.commit_act(&third).unwrap();
    store.commit_act(&act("a", 3, 3, "e4", &turn)).unwrap();
    let loaded = open().load("a").unwrap().unwrap();
    assert_eq!(
        (
            loaded.step,
            loaded.version,
            loaded.save.as_str(),
            loaded.saved
        ),
        (4, 4, "s3", 3)
    );
    assert_eq!(loaded.entries, vec!["e4".to_owned()]);
    // An older save than the stored one changes nothing.
    store.store_save("a", 2, "s2").unwrap();
    let loaded = open().load("a").unwrap().unwrap();
    assert_eq!((loaded.save.as_str(), loaded.saved), ("s3", 3));
    store.store_save("a", 4, "s4").unwrap();
    let loaded = open().load("a").unwrap().unwrap();
    assert_eq!(
        (
            loaded.step,
            loaded.version,
            loaded.save.as_str(),
            loaded.saved
        ),
        (4, 4, "s4", 4)
    );
    assert!(loaded.entries.is_empty());
    assert_eq!(store.version("a").unwrap(), Some(4));
    // Every act is kept, whatever the saves.
    let steps: Vec<u64> = store.acts("a").unwrap().iter().map(|a| a.0).collect();
    assert_eq!(steps, vec![1, 2, 3, 4]);
}

/// Opening the store again runs no migration twice and keeps the tables; many instances
/// opening a fresh database at once migrate it once.
fn migrations_run_once(open: Open<'_>) {
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4).map(|_| scope.spawn(open)).collect();
        for handle in handles {
            drop(handle.join().unwrap());
        }
    });
    open().create(&stored_duel("kept")).unwrap();
    assert!(open().load("kept").unwrap().is_some());
    assert_eq!(open().count().unwrap(), 1);
}

#[test]
fn both_backends_have_every_migration() {
    // Version for version the same schema: one list each, of the same length.
    assert_eq!(MIGRATIONS.len(), POSTGRES_MIGRATIONS.len());
}

#[test]
fn postgres_refuses_a_newer_schema() {
    let Some(db) = common::pg::test_db("postgres_refuses_a_newer_schema") else {
        return;
    };
    let mut store = PostgresStore::connect(&db.url).unwrap();
    assert_eq!(
        store.schema_version().unwrap(),
        POSTGRES_MIGRATIONS.len() as i64
    );
    drop(store);
    let mut client = ::postgres::Client::connect(&db.url, ::postgres::NoTls).unwrap();
    client
        .batch_execute("UPDATE pbp_schema SET version = 99")
        .unwrap();
    let error = PostgresStore::connect(&db.url).unwrap_err();
    assert!(
        matches!(error, StoreError::SchemaTooNew { found: 99, .. }),
        "{error}"
    );
}

#[test]
fn postgres_upgrades_a_version_2_database() {
    let Some(db) = common::pg::test_db("postgres_upgrades_a_version_2_database") else {
        return;
    };
    let mut client = ::postgres::Client::connect(&db.url, ::postgres::NoTls).unwrap();
    client
        .batch_execute(&format!(
            "CREATE TABLE pbp_schema (version BIGINT NOT NULL); INSERT INTO pbp_schema VALUES (2);
             {} {}
             INSERT INTO tables (id, game, step, save, gm_token, created_at, updated_at, turn, deadline)
             VALUES ('v2', 'duel', 3, 'old save', '\\x{}', 0, 0, '{{\"deadline\":100,\"grace\":20}}', 100);",
            POSTGRES_MIGRATIONS[0],
            POSTGRES_MIGRATIONS[1],
            "01".repeat(32)
        ))
        .unwrap();
    let mut store = PostgresStore::connect(&db.url).unwrap();
    assert_eq!(
        store.schema_version().unwrap(),
        POSTGRES_MIGRATIONS.len() as i64
    );
    let loaded = store.load("v2").unwrap().unwrap();
    assert_eq!((loaded.version, loaded.turn.grace), (0, 20));
    // Its save moved to `saves` as the save of its step, with no entry after it.
    assert_eq!(
        (loaded.save.as_str(), loaded.saved, loaded.step),
        ("old save", 3, 3)
    );
    assert!(loaded.entries.is_empty());
    assert!(store.due(119).unwrap().is_empty());
    assert_eq!(store.due(120).unwrap(), vec!["v2".to_owned()]);
}

#[test]
fn a_location_that_is_no_store_is_refused() {
    assert!(matches!(
        pbp_server::open_store("mysql://db/pbp"),
        Err(StoreError::BadLocation(_))
    ));
    assert!(matches!(
        pbp_server::open_store(""),
        Err(StoreError::BadLocation(_))
    ));
}

fn the_bot_default_and_its_plays_are_kept(open: Open<'_>) {
    let mut store = open();
    let mut created = stored_duel("a");
    created.turn.absent = AbsentDefault::Bot;
    store.create(&created).unwrap();
    assert_eq!(
        store.load("a").unwrap().unwrap().turn.absent,
        AbsentDefault::Bot
    );
    let turn = TurnState {
        absent: AbsentDefault::Bot,
        bot: vec![BotPlay { step: 1, seat: 1 }],
        ..TurnState::default()
    };
    store.commit_act(&act("a", 0, 0, "s1", &turn)).unwrap();
    // Another handle (another instance) reads both back.
    let loaded = open().load("a").unwrap().unwrap();
    assert_eq!((loaded.turn, loaded.step), (turn, 1));
}

/// In a group of writes (group commit), each write is still its own: seen by the next write
/// at once, refused alone on a conflict, and the group ends with every accepted write kept and
/// seen by every handle; racing writers in groups still take each step once.
fn groups_keep_each_write_its_own(open: Open<'_>) {
    let mut store = open();
    store.create(&stored_duel("g")).unwrap();
    let turn = TurnState::default();
    store.begin_group().unwrap();
    store.commit_act(&act("g", 0, 0, "s1", &turn)).unwrap();
    assert_eq!(store.load("g").unwrap().unwrap().step, 1, "seen at once");
    assert!(matches!(
        store.commit_act(&act("g", 0, 0, "late", &turn)),
        Err(StoreError::Conflict { found: 1, .. })
    ));
    store.commit_act(&act("g", 1, 1, "s2", &turn)).unwrap();
    store.end_group().unwrap();
    let loaded = open().load("g").unwrap().unwrap();
    assert_eq!((loaded.step, loaded.version), (2, 2));
    let steps: Vec<u64> = open().acts("g").unwrap().iter().map(|a| a.0).collect();
    assert_eq!(steps, vec![1, 2]);

    open().create(&stored_duel("grace")).unwrap();
    const WRITERS: u64 = 3;
    const GROUPS: u64 = 10;
    let wins: u64 = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..WRITERS)
            .map(|writer| {
                let mut store = open();
                scope.spawn(move || {
                    let mut wins = 0;
                    for group in 0..GROUPS {
                        store.begin_group().unwrap();
                        for attempt in 0..4 {
                            let loaded = store.load("grace").unwrap().unwrap();
                            let entry = format!("{writer}/{group}/{attempt}");
                            let turn = TurnState::default();
                            let new = act("grace", loaded.step, loaded.version, &entry, &turn);
                            match store.commit_act(&new) {
                                Ok(()) => wins += 1,
                                Err(StoreError::Conflict { .. }) => {}
                                Err(other) => panic!("{other}"),
                            }
                        }
                        store.end_group().unwrap();
                    }
                    wins
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).sum()
    });
    let loaded = open().load("grace").unwrap().unwrap();
    assert_eq!(loaded.step, wins);
    let steps: Vec<u64> = open().acts("grace").unwrap().iter().map(|a| a.0).collect();
    assert_eq!(steps, (1..=wins).collect::<Vec<_>>());
}

/// On PostgreSQL the other instances hear of a group's writes (`LISTEN`) only at its end,
/// once they are durable, and then of each table changed.
#[test]
fn postgres_notifies_a_group_s_writes_at_its_end() {
    let Some(db) = common::pg::test_db("postgres_notifies_a_group_s_writes_at_its_end") else {
        return;
    };
    let mut store = PostgresStore::connect(&db.url).unwrap();
    store.create(&stored_duel("n")).unwrap();
    let mut listener = ::postgres::Client::connect(&db.url, ::postgres::NoTls).unwrap();
    let channel: String = listener
        .query_one(
            "SELECT 'pbp_tables_' || left(md5(current_schema()), 12)",
            &[],
        )
        .unwrap()
        .get(0);
    listener
        .batch_execute(&format!("LISTEN \"{channel}\""))
        .unwrap();
    let heard = |listener: &mut ::postgres::Client| -> Vec<String> {
        let mut notifications = listener.notifications();
        let mut payloads = Vec::new();
        let mut waiting = notifications.timeout_iter(std::time::Duration::from_millis(300));
        while let Ok(Some(note)) =
            ::postgres::fallible_iterator::FallibleIterator::next(&mut waiting)
        {
            payloads.push(note.payload().to_owned());
        }
        payloads
    };
    let turn = TurnState::default();
    store.begin_group().unwrap();
    store.commit_act(&act("n", 0, 0, "s1", &turn)).unwrap();
    store.commit_act(&act("n", 1, 1, "s2", &turn)).unwrap();
    assert_eq!(
        heard(&mut listener),
        Vec::<String>::new(),
        "nothing before the end"
    );
    store.end_group().unwrap();
    assert_eq!(
        heard(&mut listener),
        vec!["n".to_owned()],
        "one notice for the table"
    );
    // Outside a group, each write is heard at once.
    store.commit_act(&act("n", 2, 2, "s3", &turn)).unwrap();
    assert_eq!(heard(&mut listener), vec!["n".to_owned()]);
}

store_suite!(
    tables_round_trip,
    actions_check_their_version,
    turns_check_their_version,
    deadlines_are_due_once_leased,
    racing_writers_take_each_step_once,
    saves_bound_the_entries_a_load_reads,
    migrations_run_once,
    the_bot_default_and_its_plays_are_kept,
    groups_keep_each_write_its_own,
);
