//! Group commit on SQLite ([`Store::begin_group`](crate::Store::begin_group)): a group is one
//! SQLite transaction, begun `IMMEDIATE` (it holds the database's write lock from its start,
//! so another instance on the same file waits for the group's end, never for a snapshot gone
//! stale) and committed at the group's end with `synchronous=FULL`: one append of the group's
//! pages to the write-ahead log and one sync of it for all its writes. Each write within the
//! group is a savepoint of its own ([`Unit`]): whole or not at all, and visible to the next
//! write at once; a write refused or failed is rolled back alone. Outside a group a write is
//! an immediate transaction of its own, durable when it commits.
//!
//! If the group's commit fails, SQLite has rolled the group back: every write of it is gone
//! and none of them is acknowledged (the hub answers the group with the failure and drops the
//! tables it holds in memory, to load them again as stored).

use std::ops::Deref;

use rusqlite::{Connection, Savepoint, Transaction, TransactionBehavior};

use super::{SqliteStore, backend};
use crate::store::StoreError;

pub(super) fn begin(store: &mut SqliteStore) -> Result<(), StoreError> {
    if store.connection.is_autocommit() {
        store
            .connection
            .execute_batch("BEGIN IMMEDIATE")
            .map_err(backend)?;
    }
    Ok(())
}

pub(super) fn end(store: &mut SqliteStore) -> Result<(), StoreError> {
    if store.connection.is_autocommit() {
        return Ok(());
    }
    store.connection.execute_batch("COMMIT").map_err(|error| {
        // A commit refused (the disk full, an I/O error) may leave the transaction open:
        // end it, so that the next group starts clean and nothing of this one stays.
        if !store.connection.is_autocommit() {
            let _ = store.connection.execute_batch("ROLLBACK");
        }
        backend(error)
    })
}

/// One write's own unit (or a read's that must see one state): a savepoint inside the group's
/// transaction, or a transaction of its own outside a group. Dropped without
/// [`Unit::commit`], it is rolled back alone.
pub(super) enum Unit<'a> {
    /// A write outside a group: its own transaction.
    Alone(Transaction<'a>),
    /// A write inside a group: a savepoint of the group's transaction.
    InGroup(Savepoint<'a>),
}

impl<'a> Unit<'a> {
    /// Begins a write on `connection`: within its group if one is open.
    pub(super) fn write(connection: &'a mut Connection) -> rusqlite::Result<Unit<'a>> {
        Self::begin_with(connection, TransactionBehavior::Immediate)
    }

    /// Begins a read that must see one state of the database throughout (deferred outside a
    /// group, so that it takes no write lock).
    pub(super) fn read(connection: &'a mut Connection) -> rusqlite::Result<Unit<'a>> {
        Self::begin_with(connection, TransactionBehavior::Deferred)
    }

    fn begin_with(
        connection: &'a mut Connection,
        behavior: TransactionBehavior,
    ) -> rusqlite::Result<Unit<'a>> {
        if connection.is_autocommit() {
            connection
                .transaction_with_behavior(behavior)
                .map(Unit::Alone)
        } else {
            connection.savepoint().map(Unit::InGroup)
        }
    }

    /// Keeps the write: commits its transaction, or releases its savepoint into the group.
    pub(super) fn commit(self) -> rusqlite::Result<()> {
        match self {
            Unit::Alone(transaction) => transaction.commit(),
            Unit::InGroup(savepoint) => savepoint.commit(),
        }
    }
}

impl Deref for Unit<'_> {
    type Target = Connection;

    fn deref(&self) -> &Connection {
        match self {
            Unit::Alone(transaction) => transaction,
            Unit::InGroup(savepoint) => savepoint,
        }
    }
}
