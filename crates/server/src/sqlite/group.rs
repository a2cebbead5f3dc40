//! Group commit on SQLite ([`Store::begin_group`](crate::Store::begin_group)): during a group
//! each write commits with `synchronous=NORMAL`, which in WAL mode appends the transaction to the
//! log without waiting for the disk (still atomic and consistent, and safe from a killed process:
//! the page cache holds it); the group's end syncs the log file once, which makes every
//! transaction written to it durable, then goes back to `synchronous=FULL`.

use super::{SqliteStore, backend};
use crate::store::StoreError;

/// The write-ahead log of a database in a file (`None` in memory): the database's path with
/// `-wal` appended, as SQLite names it.
fn wal_path(store: &SqliteStore) -> Option<std::path::PathBuf> {
    store
        .connection
        .path()
        .filter(|path| !path.is_empty())
        .map(|path| std::path::PathBuf::from(format!("{path}-wal")))
}

pub(super) fn begin(store: &mut SqliteStore) -> Result<(), StoreError> {
    if store.group.is_none() && wal_path(store).is_some() {
        store
            .connection
            .execute_batch("PRAGMA synchronous=NORMAL")
            .map_err(backend)?;
        store.group = Some(store.connection.total_changes());
    }
    Ok(())
}

pub(super) fn end(store: &mut SqliteStore) -> Result<(), StoreError> {
    let Some(changes) = store.group.take() else {
        return Ok(());
    };
    let restored = store
        .connection
        .execute_batch("PRAGMA synchronous=FULL")
        .map_err(backend);
    // Nothing written (a group of reads, a stream's looks): nothing to wait for.
    if store.connection.total_changes() != changes
        && let Some(wal) = wal_path(store)
    {
        std::fs::File::open(&wal)
            .and_then(|log| log.sync_all())
            .map_err(|e| StoreError::Backend(format!("syncing {} failed: {e}", wal.display())))?;
    }
    restored
}
