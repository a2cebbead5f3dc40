//! The Discord venue's side of the store, one suite for both backends (as tests/store.rs): a
//! table is bound to one channel, with its game master and the Discord users of its seats; a
//! seat is bound again to another user; nothing is bound twice, nor to a table the store does
//! not have; and the bindings survive the store being opened again.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[macro_use]
mod common;

use common::stored_duel;

use pbp_server::{PostgresStore, SqliteStore, Store, StoreError, TableBinding};

type Open<'a> = &'a (dyn Fn() -> Box<dyn Store> + Sync);

fn binding(channel: &str, table: &str) -> TableBinding {
    TableBinding {
        channel: channel.to_owned(),
        table: table.to_owned(),
        gm_token: format!("token-of-{table}"),
        gm_user: "100".into(),
    }
}

fn users(ids: &[&str]) -> Vec<String> {
    ids.iter().map(|&id| id.to_owned()).collect()
}

fn a_table_is_bound_to_its_thread_and_its_seats_to_users(open: Open<'_>) {
    let mut store = open();
    store.create(&stored_duel("t1")).unwrap();
    store.create(&stored_duel("t2")).unwrap();
    assert_eq!(store.table_in("500").unwrap(), None);
    assert_eq!(store.thread_of("t1").unwrap(), None);
    store
        .bind_table(&binding("500", "t1"), &users(&["201", "202"]))
        .unwrap();
    // The same user may play two seats (a game master testing alone).
    store
        .bind_table(&binding("600", "t2"), &users(&["201", "201"]))
        .unwrap();
    drop(store);
    let mut store = open();
    assert_eq!(store.table_in("500").unwrap(), Some(binding("500", "t1")));
    assert_eq!(store.thread_of("t1").unwrap().as_deref(), Some("500"));
    assert_eq!(store.thread_of("t2").unwrap().as_deref(), Some("600"));
    assert_eq!(store.user_of("t1", 0).unwrap().as_deref(), Some("201"));
    assert_eq!(store.user_of("t1", 1).unwrap().as_deref(), Some("202"));
    assert_eq!(store.user_of("t1", 2).unwrap(), None);
    assert_eq!(store.seats_of("t1", "202").unwrap(), vec![1]);
    assert_eq!(store.seats_of("t2", "201").unwrap(), vec![0, 1]);
    assert_eq!(store.seats_of("t1", "999").unwrap(), Vec::<u16>::new());
}

fn a_seat_is_bound_again_to_another_user(open: Open<'_>) {
    let mut store = open();
    store.create(&stored_duel("t1")).unwrap();
    store
        .bind_table(&binding("500", "t1"), &users(&["201", "202"]))
        .unwrap();
    store.bind_seat("t1", 1, "303").unwrap();
    assert_eq!(store.user_of("t1", 1).unwrap().as_deref(), Some("303"));
    assert_eq!(store.seats_of("t1", "202").unwrap(), Vec::<u16>::new());
    assert_eq!(store.seats_of("t1", "303").unwrap(), vec![1]);
    // A seat the game added later gets its user too.
    store.bind_seat("t1", 2, "404").unwrap();
    assert_eq!(store.user_of("t1", 2).unwrap().as_deref(), Some("404"));
    // Seat 0 did not move.
    assert_eq!(store.user_of("t1", 0).unwrap().as_deref(), Some("201"));
}

fn nothing_is_bound_twice_nor_to_a_missing_table(open: Open<'_>) {
    let mut store = open();
    store.create(&stored_duel("t1")).unwrap();
    store.create(&stored_duel("t2")).unwrap();
    store
        .bind_table(&binding("500", "t1"), &users(&["201"]))
        .unwrap();
    // The channel plays a table already.
    assert!(matches!(
        store.bind_table(&binding("500", "t2"), &users(&["201"])),
        Err(StoreError::Exists(_))
    ));
    // The table is played in a channel already.
    assert!(matches!(
        store.bind_table(&binding("501", "t1"), &users(&["201"])),
        Err(StoreError::Exists(_))
    ));
    assert!(matches!(
        store.bind_table(&binding("502", "nope"), &users(&["201"])),
        Err(StoreError::NoTable(_))
    ));
    // A table not played in Discord has no seat to bind.
    assert!(matches!(
        store.bind_seat("t2", 0, "201"),
        Err(StoreError::NoTable(_))
    ));
    // The refused bindings left nothing behind.
    assert_eq!(store.thread_of("t2").unwrap(), None);
    assert_eq!(store.user_of("t2", 0).unwrap(), None);
    assert_eq!(store.table_in("501").unwrap(), None);
}

store_suite!(
    a_table_is_bound_to_its_thread_and_its_seats_to_users,
    a_seat_is_bound_again_to_another_user,
    nothing_is_bound_twice_nor_to_a_missing_table,
);
