//! The embedded store: SQLite in one file, through rusqlite (SQLite compiled in, so the server
//! needs nothing installed).
//!
//! The file is opened in WAL mode with `synchronous=FULL`: a commit returns only once the
//! write-ahead log is on disk, so an action answered 200 survives a `kill -9` and a power cut.
//! The schema is versioned in SQLite's `user_version`; [`MIGRATIONS`] are applied in order at
//! open, each in its own transaction, and never changed once released (forward only).

use std::path::Path;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, ErrorCode, OptionalExtension, TransactionBehavior, params};

use crate::store::closes_at;
use crate::store::{NewAct, Store, StoreError, StoredSeat, StoredTable, TurnState, turn_json};

/// The schema, one migration per version: migration `i` takes the database from version `i` to
/// `i + 1`. Append only; a released migration is never edited. Written once for both
/// databases, in SQLite's dialect here (`store/schema.rs`).
pub const MIGRATIONS: &[&str] = super::schema::SQLITE;

fn backend(error: rusqlite::Error) -> StoreError {
    StoreError::Backend(error.to_string())
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
        .unwrap_or_default()
}

fn to_i64(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
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
        tables::create(&mut self.connection, table)
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
            .prepare_cached("SELECT version FROM tables WHERE id = ?1")
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
            .prepare_cached(
                "UPDATE tables SET turn = ?1, deadline = ?2, closes_at = ?3, updated_at = ?4,
                     version = version + 1
                 WHERE id = ?5 AND version = ?6",
            )
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
            return Err(refusal(&transaction, id));
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
        let transaction = group::Unit::write(&mut self.connection).map_err(backend)?;
        let changed = transaction
            .execute(
                "UPDATE tables SET version = version + 1, updated_at = ?1
                 WHERE id = ?2 AND version = ?3",
                params![now(), id, to_i64(version)],
            )
            .map_err(backend)?;
        if changed == 0 {
            return Err(refusal(&transaction, id));
        }
        transaction
            .execute(
                "INSERT INTO seats (table_id, seat, name, token) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (table_id, seat) DO UPDATE SET name = excluded.name,
                     token = excluded.token",
                params![id, i64::from(seat), stored.name, stored.token.0.as_slice()],
            )
            .map_err(backend)?;
        transaction.commit().map_err(backend)
    }

    fn due(&mut self, now: u64) -> Result<Vec<String>, StoreError> {
        let mut statement = self
            .connection
            .prepare_cached(
                "SELECT id FROM tables WHERE closes_at IS NOT NULL AND closes_at <= ?1
                 ORDER BY closes_at, id",
            )
            .map_err(backend)?;
        statement
            .query_map([to_i64(now)], |row| row.get::<_, String>(0))
            .map_err(backend)?
            .map(|row| row.map_err(backend))
            .collect()
    }

    fn claim(&mut self, id: &str, owner: &str, now: u64, seconds: u64) -> Result<bool, StoreError> {
        let changed = self
            .connection
            .prepare_cached(
                "UPDATE tables SET lease_owner = ?1, lease_until = ?2
                 WHERE id = ?3 AND (lease_until IS NULL OR lease_until <= ?4 OR lease_owner = ?1)",
            )
            .map_err(backend)?
            .execute(params![
                owner,
                to_i64(now.saturating_add(seconds)),
                id,
                to_i64(now)
            ])
            .map_err(backend)?;
        Ok(changed == 1)
    }

    fn release(&mut self, id: &str, owner: &str) -> Result<(), StoreError> {
        self.connection
            .prepare_cached(
                "UPDATE tables SET lease_owner = NULL, lease_until = NULL
                 WHERE id = ?1 AND lease_owner = ?2",
            )
            .map_err(backend)?
            .execute(params![id, owner])
            .map_err(backend)?;
        Ok(())
    }

    fn count(&mut self) -> Result<u64, StoreError> {
        let count: i64 = self
            .connection
            .query_row("SELECT COUNT(*) FROM tables", [], |row| row.get(0))
            .map_err(backend)?;
        Ok(u64::try_from(count).unwrap_or_default())
    }

    fn acts(&mut self, id: &str) -> Result<Vec<(u64, String, String)>, StoreError> {
        let mut statement = self
            .connection
            .prepare_cached(
                "SELECT step, actor, action FROM acts WHERE table_id = ?1 ORDER BY step",
            )
            .map_err(backend)?;
        statement
            .query_map([id], |row| {
                Ok((
                    row.get::<_, i64>(0)?,
                    row.get::<_, String>(1)?,
                    row.get::<_, String>(2)?,
                ))
            })
            .map_err(backend)?
            .map(|row| {
                let (step, actor, action) = row.map_err(backend)?;
                Ok((u64::try_from(step).unwrap_or_default(), actor, action))
            })
            .collect()
    }
}

/// Why a write from a table's version changed nothing: the table is not there, or has moved on.
fn refusal(transaction: &rusqlite::Connection, id: &str) -> StoreError {
    let found = transaction
        .query_row("SELECT step FROM tables WHERE id = ?1", [id], |row| {
            row.get::<_, i64>(0)
        })
        .optional();
    match found {
        Err(error) => backend(error),
        Ok(None) => StoreError::NoTable(id.to_owned()),
        Ok(Some(step)) => {
            let step = u64::try_from(step).unwrap_or_default();
            StoreError::Conflict {
                expected: step,
                found: step,
            }
        }
    }
}

mod discord;
mod group;
mod outbox;
mod tables;
#[cfg(test)]
mod tests;
