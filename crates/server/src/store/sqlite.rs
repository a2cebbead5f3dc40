//! The embedded store: SQLite in one file, through rusqlite (SQLite compiled in, so the server
//! needs nothing installed).
//!
//! The file is opened in WAL mode with `synchronous=FULL`: a commit returns only once the
//! write-ahead log is on disk, so an action answered 200 survives a `kill -9` and a power cut.
//! The schema is versioned in SQLite's `user_version`; [`MIGRATIONS`] are applied in order at
//! open, each in its own transaction, and never changed once released (forward only).

use std::path::Path;
use std::time::{Duration, Instant};

use rusqlite::{Connection, ErrorCode, OptionalExtension, TransactionBehavior, params};

use crate::store::db::{self as shared, now, to_i64};
use crate::store::sql;
use crate::store::{NewAct, Store, StoreError, StoredSeat, StoredTable, TurnState};
use crate::store::{closes_at, turn_json};

/// The schema, one migration per version: migration `i` takes the database from version `i` to
/// `i + 1`. Append only; a released migration is never edited. Written once for both
/// databases, in SQLite's dialect here (`store/schema.rs`).
pub const MIGRATIONS: &[&str] = super::schema::SQLITE;

fn backend(error: rusqlite::Error) -> StoreError {
    StoreError::Backend(error.to_string())
}

/// Tables in one SQLite file.
pub struct SqliteStore {
    connection: Connection,
}

impl std::fmt::Debug for SqliteStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SqliteStore")
            .field("path", &self.connection.path())
            .finish()
    }
}

impl SqliteStore {
    /// Opens (or creates) the database at `path` and brings its schema up to date.
    ///
    /// # Errors
    /// [`StoreError::Backend`] if the file cannot be opened or a migration fails,
    /// [`StoreError::SchemaTooNew`] for a database written by a newer build.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let connection = Connection::open(path).map_err(backend)?;
        Self::with_connection(connection)
    }

    /// A database in memory, for tests.
    ///
    /// # Errors
    /// As [`SqliteStore::open`].
    pub fn in_memory() -> Result<SqliteStore, StoreError> {
        Self::with_connection(Connection::open_in_memory().map_err(backend)?)
    }

    fn with_connection(connection: Connection) -> Result<SqliteStore, StoreError> {
        connection.busy_timeout(BUSY_TIMEOUT).map_err(backend)?;
        // Every statement is prepared once and kept (rusqlite's cache, 16 by default, is
        // fewer than the store's statements: the outbox's would push out an act's).
        connection.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
        let deadline = Instant::now() + BUSY_TIMEOUT;
        retry_while_busy(deadline, || {
            // journal_mode answers with a row, so it is read rather than executed.
            let _mode: String =
                connection.query_row("PRAGMA journal_mode=WAL", [], |row| row.get(0))?;
            connection.execute_batch("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;")
        })
        .map_err(backend)?;
        let mut store = SqliteStore { connection };
        store.migrate(deadline)?;
        Ok(store)
    }

    /// Prepares `sql` on the store's connection (a statement's check).
    #[cfg(test)]
    pub(crate) fn prepare_for_test(&self, sql: &str) {
        if let Err(error) = self.connection.prepare(sql) {
            panic!("{sql}: {error}");
        }
    }

    /// The schema version of the open database.
    ///
    /// # Errors
    /// [`StoreError::Backend`].
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        read_schema_version(&self.connection).map_err(backend)
    }

    fn migrate(&mut self, deadline: Instant) -> Result<(), StoreError> {
        let supported = i64::try_from(MIGRATIONS.len()).unwrap_or(i64::MAX);
        loop {
            let version = retry_while_busy(deadline, || read_schema_version(&self.connection))
                .map_err(backend)?;
            if version > supported {
                return Err(StoreError::SchemaTooNew {
                    found: version,
                    supported,
                });
            }
            let Some(sql) = usize::try_from(version)
                .ok()
                .and_then(|v| MIGRATIONS.get(v))
            else {
                return Ok(());
            };
            retry_while_busy(deadline, || {
                apply_migration(&mut self.connection, version, sql)
            })
            .map_err(backend)?;
        }
    }
}

/// How many prepared statements a connection keeps: more than the store has.
const STATEMENT_CACHE: usize = 64;

/// How long an open waits for another connection's lock before it gives up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Runs `operation` again while another connection holds the lock, until `deadline`.
///
/// SQLite's busy handler covers ordinary transactions, but not every lock taken while a fresh
/// file is set up: switching it to WAL takes its lock without the handler, so several
/// instances opening one new database at once would otherwise see "database is locked".
fn retry_while_busy<T>(
    deadline: Instant,
    mut operation: impl FnMut() -> rusqlite::Result<T>,
) -> rusqlite::Result<T> {
    loop {
        match operation() {
            Err(error) if is_busy(&error) && Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(2));
            }
            result => return result,
        }
    }
}

fn is_busy(error: &rusqlite::Error) -> bool {
    matches!(
        error,
        rusqlite::Error::SqliteFailure(failure, _)
            if matches!(failure.code, ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
    )
}

fn read_schema_version(connection: &Connection) -> rusqlite::Result<i64> {
    connection.query_row("PRAGMA user_version", [], |row| row.get(0))
}

/// Takes the database from `version` to `version + 1` under an exclusive lock, unless another
/// instance did so in the meantime.
fn apply_migration(connection: &mut Connection, version: i64, sql: &str) -> rusqlite::Result<()> {
    let transaction = connection.transaction_with_behavior(TransactionBehavior::Exclusive)?;
    let current = read_schema_version(&transaction)?;
    if current == version {
        transaction.execute_batch(sql)?;
        transaction.execute_batch(&format!("PRAGMA user_version = {}", version + 1))?;
    }
    transaction.commit()
}

impl Store for SqliteStore {
    fn begin_group(&mut self) -> Result<(), StoreError> {
        group::begin(self)
    }

    fn end_group(&mut self) -> Result<(), StoreError> {
        group::end(self)
    }

    fn create(&mut self, table: &StoredTable) -> Result<(), StoreError> {
        shared::create(self, table)
    }

    fn load(&mut self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        tables::load(&mut self.connection, id)
    }

    fn commit_act(&mut self, act: &NewAct<'_>) -> Result<(), StoreError> {
        tables::commit_act(&mut self.connection, act)
    }

    fn store_save(&mut self, id: &str, step: u64, save: &str) -> Result<(), StoreError> {
        tables::save(&self.connection, id, step, save)
    }

    fn version(&mut self, id: &str) -> Result<Option<u64>, StoreError> {
        let version: Option<i64> = self
            .connection
            .prepare_cached(sql::VERSION.sqlite)
            .map_err(backend)?
            .query_row([id], |row| row.get(0))
            .optional()
            .map_err(backend)?;
        Ok(version.map(|v| u64::try_from(v).unwrap_or_default()))
    }

    fn set_turn(&mut self, id: &str, version: u64, turn: &TurnState) -> Result<(), StoreError> {
        let json = turn_json(id, turn)?;
        let transaction = group::Unit::write(&mut self.connection).map_err(backend)?;
        let changed = transaction
            .prepare_cached(sql::SET_TURN.sqlite)
            .map_err(backend)?
            .execute(params![
                json,
                turn.deadline.map(to_i64),
                closes_at(turn),
                now(),
                id,
                to_i64(version)
            ])
            .map_err(backend)?;
        if changed == 0 {
            return Err(shared::refusal(&mut db::Sqlite(&transaction), id, None));
        }
        transaction.commit().map_err(backend)
    }

    fn set_seat(
        &mut self,
        id: &str,
        version: u64,
        seat: u16,
        stored: &StoredSeat,
    ) -> Result<(), StoreError> {
        shared::set_seat(self, id, version, seat, stored)
    }

    fn due(&mut self, now: u64) -> Result<Vec<String>, StoreError> {
        shared::due(self, now)
    }

    fn claim(&mut self, id: &str, owner: &str, now: u64, seconds: u64) -> Result<bool, StoreError> {
        shared::claim(self, id, owner, now, seconds)
    }

    fn release(&mut self, id: &str, owner: &str) -> Result<(), StoreError> {
        shared::release(self, id, owner)
    }

    fn count(&mut self) -> Result<u64, StoreError> {
        shared::count(self)
    }

    fn acts(&mut self, id: &str) -> Result<Vec<(u64, String, String)>, StoreError> {
        shared::acts(self, id)
    }
}

mod db;
mod discord;
mod group;
mod tables;
#[cfg(test)]
mod tests;
