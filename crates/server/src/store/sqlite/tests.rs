// The behaviour every store shares is tested against both backends in tests/store.rs;
// here, what is SQLite's own: the file's migrations, and a group as one transaction.
use super::*;
use crate::token::TokenHash;

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
        seats: vec![StoredSeat {
            name: "Ann".into(),
            token: TokenHash([2; 32]),
        }],
        turn: TurnState::default(),
    }
}

#[test]
fn migrations_run_once_and_a_newer_schema_is_refused() {
    let dir = std::env::temp_dir().join(format!("pbp-store-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("migrate.sqlite");
    let _ = std::fs::remove_file(&path);
    {
        let mut store = SqliteStore::open(&path).unwrap();
        assert_eq!(store.schema_version().unwrap(), MIGRATIONS.len() as i64);
        store.create(&table("kept")).unwrap();
    }
    // Reopening runs no migration again and keeps the data.
    {
        let mut store = SqliteStore::open(&path).unwrap();
        assert!(store.load("kept").unwrap().is_some());
        store
            .connection
            .execute_batch("PRAGMA user_version = 99")
            .unwrap();
    }
    let error = SqliteStore::open(&path).unwrap_err();
    assert!(matches!(error, StoreError::SchemaTooNew { found: 99, .. }));
    // A database at version 1 (before the turn workflow) is brought up to date.
    let old = dir.join("old.sqlite");
    let _ = std::fs::remove_file(&old);
    {
        let connection = Connection::open(&old).unwrap();
        connection.execute_batch(MIGRATIONS[0]).unwrap();
        connection
            .execute(
                "INSERT INTO tables VALUES ('v1', 'duel', 2, 'old save', ?1, 0, 0)",
                [vec![1u8; 32]],
            )
            .unwrap();
        connection
            .execute_batch(
                "INSERT INTO acts VALUES ('v1', 1, 'seat 0', '\"focus\"', 0);
                 INSERT INTO acts VALUES ('v1', 2, 'seat 1', '\"focus\"', 0);",
            )
            .unwrap();
        connection.execute_batch("PRAGMA user_version = 1").unwrap();
    }
    let mut store = SqliteStore::open(&old).unwrap();
    assert_eq!(store.schema_version().unwrap(), MIGRATIONS.len() as i64);
    let loaded = store.load("v1").unwrap().unwrap();
    assert_eq!((loaded.turn, loaded.version), (TurnState::default(), 0));
    // Its save moved to `saves` as the save of its step: the acts before have no entry, and
    // none is read.
    assert_eq!(
        (loaded.save.as_str(), loaded.saved, loaded.step),
        ("old save", 2, 2)
    );
    assert!(loaded.entries.is_empty());
    // A database at version 2 with a deadline gets the time its turn closes.
    let two = dir.join("two.sqlite");
    let _ = std::fs::remove_file(&two);
    {
        let connection = Connection::open(&two).unwrap();
        connection.execute_batch(MIGRATIONS[0]).unwrap();
        connection.execute_batch(MIGRATIONS[1]).unwrap();
        connection
            .execute(
                "INSERT INTO tables (id, game, step, save, gm_token, created_at, updated_at,
                         turn, deadline)
                     VALUES ('v2', 'duel', 0, '{}', ?1, 0, 0, '{\"deadline\":100,\"grace\":20}', 100)",
                [vec![1u8; 32]],
            )
            .unwrap();
        connection.execute_batch("PRAGMA user_version = 2").unwrap();
    }
    let mut store = SqliteStore::open(&two).unwrap();
    assert!(store.due(119).unwrap().is_empty());
    assert_eq!(store.due(120).unwrap(), vec!["v2".to_owned()]);
    let _ = std::fs::remove_dir_all(&dir);
}

fn act<'a>(from_step: u64, turn: &'a TurnState) -> NewAct<'a> {
    NewAct {
        table: "d",
        from_step,
        version: from_step,
        actor: "seat 0",
        action: "{\"choose\":\"focus\"}",
        entry: "{}",
        save: None,
        turn,
        notices: &[],
    }
}

/// A group is one transaction: another handle (another instance on the same file) sees none of
/// its writes before the group's end has made them durable, then all of them; a write refused
/// within the group is rolled back alone, the writes before it kept.
#[test]
fn a_group_s_writes_are_seen_by_others_only_once_durable() {
    let dir = std::env::temp_dir().join(format!("pbp-group-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("group.sqlite");
    let _ = std::fs::remove_file(&path);
    let mut store = SqliteStore::open(&path).unwrap();
    let mut other = SqliteStore::open(&path).unwrap();
    store.create(&table("d")).unwrap();
    let turn = TurnState::default();
    store.begin_group().unwrap();
    store.commit_act(&act(0, &turn)).unwrap();
    store.commit_act(&act(1, &turn)).unwrap();
    assert!(matches!(
        store.commit_act(&act(0, &turn)),
        Err(StoreError::Conflict { found: 2, .. })
    ));
    assert_eq!(
        store.load("d").unwrap().unwrap().step,
        2,
        "the group sees its own"
    );
    assert_eq!(
        other.load("d").unwrap().unwrap().step,
        0,
        "not before the end"
    );
    assert!(other.acts("d").unwrap().is_empty());
    store.end_group().unwrap();
    let loaded = other.load("d").unwrap().unwrap();
    assert_eq!((loaded.step, loaded.version), (2, 2));
    let steps: Vec<u64> = other.acts("d").unwrap().iter().map(|a| a.0).collect();
    assert_eq!(steps, vec![1, 2]);
    drop((store, other));
    let _ = std::fs::remove_dir_all(dir);
}
