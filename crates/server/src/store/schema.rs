//! The schema, written once for both databases: the migrations with a type dialect, so
//! that SQLite's [`MIGRATIONS`](super::sqlite::MIGRATIONS) and PostgreSQL's
//! [`POSTGRES_MIGRATIONS`](super::postgres::POSTGRES_MIGRATIONS) are the same tables, columns,
//! keys and indexes. The macro expands at compile time, so both stay `&'static str` constants.
//! What the dialect fills in differs, and why:
//!
//! - `int`: a whole number. SQLite's `INTEGER` is 64 bits; PostgreSQL's is 32, so it takes
//!   `BIGINT` (steps, versions and times in milliseconds do not fit 32 bits).
//! - `blob`: the tokens' hashes, bytes. SQLite's `BLOB`, PostgreSQL's `BYTEA`.
//! - `serial`: the outbox's key, an integer the database hands out, never reused (a delivery's
//!   key is made of it). SQLite's `INTEGER PRIMARY KEY AUTOINCREMENT` (without AUTOINCREMENT a
//!   deleted row's id could come back), PostgreSQL's `BIGSERIAL PRIMARY KEY`.
//! - `grace`: the turn's grace, read from the turn state's JSON text. Each database has its own
//!   JSON functions: SQLite's `json_extract`, PostgreSQL's `jsonb` operators and a cast.
//!
//! Append only: a released migration is never edited (a database records how many it applied,
//! SQLite in `user_version`, PostgreSQL in its table `pbp_schema`).

/// The migrations in one dialect (see the module's documentation): migration `i` takes the
/// database from version `i` to `i + 1`.
macro_rules! migrations {
    (int = $int:literal, blob = $blob:literal, serial = $serial:literal, grace = $grace:literal) => {
        &[
            // 1: tables, their seats and every action.
            concat!(
                "CREATE TABLE tables (
                    id TEXT PRIMARY KEY,
                    game TEXT NOT NULL,
                    step ", $int, " NOT NULL,
                    save TEXT NOT NULL,
                    gm_token ", $blob, " NOT NULL,
                    created_at ", $int, " NOT NULL,
                    updated_at ", $int, " NOT NULL
                );
                CREATE TABLE seats (
                    table_id TEXT NOT NULL REFERENCES tables(id),
                    seat ", $int, " NOT NULL,
                    name TEXT NOT NULL,
                    token ", $blob, " NOT NULL,
                    PRIMARY KEY (table_id, seat)
                );
                CREATE TABLE acts (
                    table_id TEXT NOT NULL REFERENCES tables(id),
                    step ", $int, " NOT NULL,
                    actor TEXT NOT NULL,
                    action TEXT NOT NULL,
                    at ", $int, " NOT NULL,
                    PRIMARY KEY (table_id, step)
                );"
            ),
            // 2: the turn workflow: drafts, deadline and defaults per table.
            concat!(
                "ALTER TABLE tables ADD COLUMN turn TEXT NOT NULL DEFAULT '{}';
                ALTER TABLE tables ADD COLUMN deadline ", $int, ";
                CREATE INDEX tables_deadline ON tables(deadline) WHERE deadline IS NOT NULL;"
            ),
            // 3: several instances: a version per table raised by every write, the time its
            // turn closes (deadline plus grace) for the scheduler, and the lease of that
            // deadline.
            concat!(
                "ALTER TABLE tables ADD COLUMN version ", $int, " NOT NULL DEFAULT 0;
                ALTER TABLE tables ADD COLUMN closes_at ", $int, ";
                ALTER TABLE tables ADD COLUMN lease_owner TEXT;
                ALTER TABLE tables ADD COLUMN lease_until ", $int, ";
                UPDATE tables SET closes_at = deadline + COALESCE(", $grace, ", 0)
                    WHERE deadline IS NOT NULL;
                DROP INDEX tables_deadline;
                CREATE INDEX tables_closes_at ON tables(closes_at) WHERE closes_at IS NOT NULL;"
            ),
            // 4: webhooks per table, and the outbox of their notices (written in the act's
            // transaction, delivered by a background task; times in milliseconds).
            concat!(
                "CREATE TABLE webhooks (
                    id TEXT PRIMARY KEY,
                    table_id TEXT NOT NULL REFERENCES tables(id),
                    url TEXT NOT NULL,
                    format TEXT NOT NULL,
                    secret TEXT NOT NULL,
                    remind_before ", $int, " NOT NULL,
                    reminded ", $int, ",
                    created_at ", $int, " NOT NULL
                );
                CREATE INDEX webhooks_table ON webhooks(table_id);
                CREATE TABLE outbox (
                    id ", $serial, ",
                    webhook_id TEXT NOT NULL REFERENCES webhooks(id),
                    table_id TEXT NOT NULL,
                    step ", $int, " NOT NULL,
                    kind TEXT NOT NULL,
                    notice TEXT NOT NULL,
                    created_at ", $int, " NOT NULL,
                    next_at ", $int, " NOT NULL,
                    attempts ", $int, " NOT NULL DEFAULT 0,
                    state TEXT NOT NULL DEFAULT 'pending',
                    status ", $int, ",
                    outcome TEXT,
                    lease_owner TEXT,
                    lease_until ", $int, ",
                    done_at ", $int, "
                );
                CREATE INDEX outbox_pending ON outbox(webhook_id, id) WHERE state = 'pending';
                CREATE INDEX outbox_webhook ON outbox(webhook_id, id);"
            ),
            // 5: an action writes its record entry, not the whole save: the save moves to a
            // table of its own, written now and then (the table is its save plus the entries
            // of the acts after it; the acts before this version are all inside their table's
            // save).
            concat!(
                "CREATE TABLE saves (
                    table_id TEXT PRIMARY KEY REFERENCES tables(id),
                    step ", $int, " NOT NULL,
                    save TEXT NOT NULL
                );
                INSERT INTO saves (table_id, step, save) SELECT id, step, save FROM tables;
                ALTER TABLE tables DROP COLUMN save;
                ALTER TABLE acts ADD COLUMN entry TEXT;"
            ),
            // 6: tables played in Discord: the channel (the game's thread) of each, with its
            // game master token and the Discord user who started it, and the Discord user of
            // each seat (`store/discord.rs`).
            concat!(
                "CREATE TABLE discord_tables (
                    channel_id TEXT PRIMARY KEY,
                    table_id TEXT NOT NULL UNIQUE REFERENCES tables(id),
                    gm_token TEXT NOT NULL,
                    gm_user TEXT NOT NULL,
                    created_at ", $int, " NOT NULL
                );
                CREATE TABLE discord_seats (
                    table_id TEXT NOT NULL REFERENCES discord_tables(table_id),
                    seat ", $int, " NOT NULL,
                    user_id TEXT NOT NULL,
                    PRIMARY KEY (table_id, seat)
                );"
            ),
        ]
    };
}

/// SQLite's migrations.
pub(crate) const SQLITE: &[&str] = migrations!(
    int = "INTEGER",
    blob = "BLOB",
    serial = "INTEGER PRIMARY KEY AUTOINCREMENT",
    grace = "json_extract(turn, '$.grace')"
);

/// PostgreSQL's migrations.
pub(crate) const POSTGRES: &[&str] = migrations!(
    int = "BIGINT",
    blob = "BYTEA",
    serial = "BIGSERIAL PRIMARY KEY",
    grace = "(turn::jsonb ->> 'grace')::BIGINT"
);

#[cfg(test)]
mod tests {
    /// The words of a migration, whatever its spacing.
    fn words(sql: &str) -> Vec<&str> {
        sql.split_whitespace().collect()
    }

    #[test]
    fn both_dialects_have_every_migration_and_differ_only_in_types_and_json() {
        assert_eq!(super::SQLITE.len(), super::POSTGRES.len());
        for (sqlite, postgres) in super::SQLITE.iter().zip(super::POSTGRES) {
            let (a, b) = (words(sqlite), words(postgres));
            // Same statements, same columns; only the dialect's words differ.
            assert_eq!(
                a.iter().filter(|w| w.ends_with(';')).count(),
                b.iter().filter(|w| w.ends_with(';')).count()
            );
            assert!(!a.contains(&"BIGINT") && !a.contains(&"BYTEA"), "{sqlite}");
            assert!(
                !b.contains(&"BLOB") && !b.contains(&"INTEGER"),
                "{postgres}"
            );
        }
    }
}
