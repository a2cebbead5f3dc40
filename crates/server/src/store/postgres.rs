//! The shared store: PostgreSQL, through the `postgres` crate (the blocking client of
//! rust-postgres), for several `pbp serve` instances on one database.
//!
//! The hub calls its store from one thread of its own, so the blocking client fits it as it
//! is. Every write is one statement, and so one transaction: an action's update of its table
//! (checked against the version the action was applied to, which takes the row's lock) and the
//! insert of its row in `acts` are one `WITH ... INSERT` statement, so two instances can never
//! both commit an action on the same step, and an action acknowledged is durable: the hub's
//! groups of writes (group commit, `postgres/group.rs`) commit each without waiting for the
//! disk and wait once, at the group's end, before any of them is answered.
//!
//! The schema is versioned in the table `pbp_schema`; [`POSTGRES_MIGRATIONS`] (version for
//! version the same schema as [`crate::MIGRATIONS`], in PostgreSQL's types) are applied in
//! order at connect, each in its own transaction under an advisory lock, so instances starting
//! together migrate once. Forward only: a released migration is never edited.
//!
//! The URL is libpq's (`postgres://user:password@host:port/database`); its `options` parameter
//! can choose a schema (`?options=-csearch_path%3Dname`), as the tests do to keep apart.

use postgres::{Client, NoTls, Statement};

mod db;
mod discord;
mod group;
mod tables;

use crate::store::db::{self as shared, now, to_i64, to_u64};
use crate::store::sql;
use crate::store::{NewAct, Store, StoreError, StoredSeat, StoredTable, TurnState};
use crate::store::{closes_at, turn_json};

/// The schema in PostgreSQL, one migration per version, as [`crate::MIGRATIONS`]: migration `i`
/// takes the database from version `i` to `i + 1`. Append only. Written once for both
/// databases, in PostgreSQL's dialect here (`store/schema.rs`).
pub const POSTGRES_MIGRATIONS: &[&str] = super::schema::POSTGRES;

/// The channel of the notification that every action and turn state sends in its own
/// statement (so when, and only when, it commits): its table's id, for the live streams of every
/// instance on this database (`crate::stream::listen`). One channel per schema, as the schema is
/// one pbp database (the tests keep theirs apart so).
pub(crate) const NOTIFY_CHANNEL: &str = "'pbp_tables_' || left(md5(current_schema()), 12)";

/// The advisory lock that serializes migrations (any fixed number; "pbp" in ASCII).
const MIGRATION_LOCK: i64 = 0x70_62_70;

fn backend(error: postgres::Error) -> StoreError {
    StoreError::Backend(error.to_string())
}

/// The statements of the hot paths, prepared once per connection.
struct Prepared {
    version: Statement,
    table: Statement,
    act: Statement,
    save: Statement,
    turn: Statement,
    /// `act` and `turn` without their notification, for the writes of a group, whose
    /// notifications wait for the group's end (`postgres/group.rs`).
    act_quiet: Statement,
    turn_quiet: Statement,
}

/// The act's statement: the table moves on ([`sql::COMMIT_ACT`], `$1` to `$7`), its action's
/// row and perhaps its save go in, and `tail` answers one row when the action went in. One
/// statement where SQLite runs three: PostgreSQL's `WITH` feeds the update's `RETURNING` to
/// the inserts, so the act is one round trip.
fn act_sql(tail: &str) -> String {
    format!(
        "WITH moved AS (
            {update}
            RETURNING step
        )
        , inserted AS (
            INSERT INTO acts (table_id, step, actor, action, at, entry)
            SELECT $5, step, $8, $9, $4, $10 FROM moved
            RETURNING table_id, step
        )
        , saved AS (
            INSERT INTO saves (table_id, step, save)
            SELECT table_id, step, $11::text FROM inserted WHERE $11::text IS NOT NULL
            ON CONFLICT (table_id) DO UPDATE SET step = excluded.step,
                save = excluded.save
            WHERE excluded.step > saves.step
        )
        {tail} FROM inserted",
        update = sql::COMMIT_ACT.postgres,
    )
}

/// The turn's statement: the table's turn changes if it is at the version given
/// ([`sql::SET_TURN`]), and `tail` answers one row when it did (with the notification, in the
/// same statement, so that it is sent only if the change commits).
fn turn_sql(tail: &str) -> String {
    format!(
        "WITH changed AS (
            {update}
            RETURNING id
        )
        {tail} FROM changed",
        update = sql::SET_TURN.postgres,
    )
}

impl Prepared {
    fn new(client: &mut Client) -> Result<Prepared, StoreError> {
        Ok(Prepared {
            version: client.prepare(sql::VERSION.postgres).map_err(backend)?,
            // One statement with arrays where SQLite reads three times: one round trip, one
            // snapshot.
            table: client
                .prepare(
                    "SELECT t.game, t.step, s.save, t.gm_token, t.turn, t.version, s.step,
                         ARRAY(SELECT name FROM seats WHERE table_id = t.id ORDER BY seat),
                         ARRAY(SELECT token FROM seats WHERE table_id = t.id ORDER BY seat),
                         ARRAY(SELECT entry FROM acts WHERE table_id = t.id AND step > s.step
                               ORDER BY step)
                     FROM tables t JOIN saves s ON s.table_id = t.id WHERE t.id = $1",
                )
                .map_err(backend)?,
            // One statement, so one transaction: the table moves on only if it is at the
            // version the action was applied to, and the action's row (with its record
            // entry) goes in with it, and the save too when the act carries one ($11).
            act: client
                .prepare(&act_sql(&format!(
                    "SELECT pg_notify({NOTIFY_CHANNEL}, table_id)"
                )))
                .map_err(backend)?,
            act_quiet: client
                .prepare(&act_sql("SELECT table_id"))
                .map_err(backend)?,
            save: client.prepare(sql::SAVE.postgres).map_err(backend)?,
            turn: client
                .prepare(&turn_sql(&format!(
                    "SELECT pg_notify({NOTIFY_CHANNEL}, id)"
                )))
                .map_err(backend)?,
            turn_quiet: client.prepare(&turn_sql("SELECT id")).map_err(backend)?,
        })
    }
}

/// Tables in a PostgreSQL database, shared by any number of instances.
pub struct PostgresStore {
    url: String,
    client: Client,
    prepared: Prepared,
    /// In a group of writes ([`Store::begin_group`]): the tables whose notifications wait for
    /// its end.
    group: Option<group::Group>,
}

impl std::fmt::Debug for PostgresStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The URL may carry a password: it is not shown.
        f.debug_struct("PostgresStore").finish_non_exhaustive()
    }
}

impl PostgresStore {
    /// Connects to the database at `url` and brings its schema up to date.
    ///
    /// Call it outside an async runtime: the blocking client runs one of its own.
    ///
    /// # Errors
    /// [`StoreError::Backend`] if the database cannot be reached or a migration fails,
    /// [`StoreError::SchemaTooNew`] for a database written by a newer build.
    pub fn connect(url: &str) -> Result<PostgresStore, StoreError> {
        let mut client = Client::connect(url, NoTls).map_err(backend)?;
        migrate(&mut client)?;
        let prepared = Prepared::new(&mut client)?;
        Ok(PostgresStore {
            url: url.to_owned(),
            client,
            prepared,
            group: None,
        })
    }

    /// The schema version of the database.
    ///
    /// # Errors
    /// [`StoreError::Backend`].
    pub fn schema_version(&mut self) -> Result<i64, StoreError> {
        self.ready()?;
        let row = self
            .client
            .query_one("SELECT version FROM pbp_schema", &[])
            .map_err(backend)?;
        Ok(row.get(0))
    }

    /// Connects again if the connection was lost (the database restarted): the request that
    /// saw it fail got an error, the next one finds the database again.
    fn ready(&mut self) -> Result<(), StoreError> {
        if self.client.is_closed() {
            if let Some(group) = &mut self.group {
                group.lost = true;
            }
            let mut client = Client::connect(&self.url, NoTls).map_err(backend)?;
            self.prepared = Prepared::new(&mut client)?;
            self.client = client;
        }
        Ok(())
    }

    /// The conflict (or missing table) that explains a write that changed nothing.
    fn refusal(&mut self, id: &str, expected: Option<u64>) -> StoreError {
        shared::refusal(&mut db::Postgres(&mut self.client), id, expected)
    }
}

/// Applies the migrations this database lacks, each in its own transaction, under an advisory
/// lock held by that transaction.
fn migrate(client: &mut Client) -> Result<(), StoreError> {
    let supported = i64::try_from(POSTGRES_MIGRATIONS.len()).unwrap_or(i64::MAX);
    loop {
        let mut transaction = client.transaction().map_err(backend)?;
        transaction
            .execute("SELECT pg_advisory_xact_lock($1)::text", &[&MIGRATION_LOCK])
            .map_err(backend)?;
        transaction
            .batch_execute("CREATE TABLE IF NOT EXISTS pbp_schema (version BIGINT NOT NULL)")
            .map_err(backend)?;
        let version: i64 = match transaction
            .query_opt("SELECT version FROM pbp_schema", &[])
            .map_err(backend)?
        {
            Some(row) => row.get(0),
            None => {
                transaction
                    .execute("INSERT INTO pbp_schema (version) VALUES (0)", &[])
                    .map_err(backend)?;
                0
            }
        };
        if version > supported {
            return Err(StoreError::SchemaTooNew {
                found: version,
                supported,
            });
        }
        let Some(sql) = usize::try_from(version)
            .ok()
            .and_then(|v| POSTGRES_MIGRATIONS.get(v))
        else {
            return transaction.commit().map_err(backend);
        };
        transaction.batch_execute(sql).map_err(backend)?;
        transaction
            .execute("UPDATE pbp_schema SET version = $1", &[&(version + 1)])
            .map_err(backend)?;
        transaction.commit().map_err(backend)?;
    }
}

impl Store for PostgresStore {
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
        self.ready()?;
        self.load_table(id)
    }

    fn version(&mut self, id: &str) -> Result<Option<u64>, StoreError> {
        self.ready()?;
        Ok(self
            .client
            .query_opt(&self.prepared.version, &[&id])
            .map_err(backend)?
            .map(|row| to_u64(row.get(0))))
    }

    fn commit_act(&mut self, act: &NewAct<'_>) -> Result<(), StoreError> {
        self.ready()?;
        self.commit(act)
    }

    fn store_save(&mut self, id: &str, step: u64, save: &str) -> Result<(), StoreError> {
        self.ready()?;
        self.client
            .execute(&self.prepared.save, &[&id, &to_i64(step), &save])
            .map_err(backend)?;
        Ok(())
    }

    fn set_turn(&mut self, id: &str, version: u64, turn: &TurnState) -> Result<(), StoreError> {
        self.ready()?;
        let json = turn_json(id, turn)?;
        let statement = if self.group.is_some() {
            &self.prepared.turn_quiet
        } else {
            &self.prepared.turn
        };
        let changed = self
            .client
            .query(
                statement,
                &[
                    &json,
                    &turn.deadline.map(to_i64),
                    &closes_at(turn),
                    &now(),
                    &id,
                    &to_i64(version),
                ],
            )
            .map_err(backend)?
            .len();
        if changed == 0 {
            return Err(self.refusal(id, None));
        }
        self.notify_later(id);
        Ok(())
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

    fn notify_url(&self) -> Option<String> {
        Some(self.url.clone())
    }
}
