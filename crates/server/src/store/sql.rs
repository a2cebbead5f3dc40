//! The SQL both stores share, written once with a placeholder dialect: each statement is
//! written in SQLite's placeholders (`?1`, `?2`, ...), and PostgreSQL's text (`$1`, `$2`, ...)
//! is made from it at compile time ([`Sql::postgres`]), so that either is a `&'static str`
//! and no query allocates or converts anything when it runs. Where one database needs a word
//! the other has not (a row lock), the statement carries a PostgreSQL suffix, and says why.
//!
//! What is not here differs per database and is written in its backend (see
//! docs/ARCHITECTURE.md): an act's commit and a turn's change on PostgreSQL are one
//! `WITH ... RETURNING` statement with its notification (one round trip, and the notification
//! sent only if it commits), around the same `UPDATE` as SQLite's ([`COMMIT_ACT`],
//! [`SET_TURN`]); a table's load on PostgreSQL is one statement with arrays, on SQLite three
//! reads in one transaction; migrations, group commit and connection set-up are each
//! database's own.

/// One statement in both dialects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Sql {
    /// SQLite's text (placeholders `?N`).
    pub(crate) sqlite: &'static str,
    /// PostgreSQL's text (placeholders `$N`, and the suffix, if any).
    pub(crate) postgres: &'static str,
}

/// `text` with every `?` made `$`: PostgreSQL's placeholders for SQLite's. `N` is the text's
/// length. Run at compile time only (by [`shared!`]).
const fn dollars<const N: usize>(text: &str) -> [u8; N] {
    let bytes = text.as_bytes();
    let mut out = [0u8; N];
    let mut i = 0;
    while i < N {
        out[i] = if bytes[i] == b'?' { b'$' } else { bytes[i] };
        i += 1;
    }
    out
}

/// `bytes` as text: only ever ASCII `?` made `$` in UTF-8 text, so it is always UTF-8. Run at
/// compile time only, where a failure would stop the build.
#[allow(clippy::panic)] // A panic in a constant's evaluation is a compile error, never a run-time one.
const fn utf8(bytes: &'static [u8]) -> &'static str {
    match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(_) => panic!("a statement is not UTF-8"),
    }
}

/// Declares a statement written once: `NAME = "SQLite text"`, optionally followed by
/// `postgres_suffix = "..."` for the words PostgreSQL adds.
macro_rules! shared {
    ($(#[doc = $doc:literal])* $name:ident = $sql:literal $(, postgres_suffix = $suffix:literal)?;) => {
        $(#[doc = $doc])*
        pub(crate) const $name: Sql = {
            const TEXT: &str = concat!($sql $(, $suffix)?);
            const BYTES: [u8; TEXT.len()] = dollars(TEXT);
            Sql {
                sqlite: $sql,
                postgres: utf8(&BYTES),
            }
        };
    };
}

// --- tables -------------------------------------------------------------------------------

shared! {
    /// A table's version (`Store::version`).
    VERSION = "SELECT version FROM tables WHERE id = ?1";
}

shared! {
    /// A table's step, to explain a write refused (`StoreError::Conflict`) or missing table.
    STEP = "SELECT step FROM tables WHERE id = ?1";
}

shared! {
    /// A new table's row; a taken id inserts nothing (`StoreError::Exists`).
    CREATE_TABLE = "INSERT INTO tables (id, game, step, gm_token, created_at, updated_at, turn,
             deadline, version, closes_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?6, ?7, ?8, ?9)
         ON CONFLICT (id) DO NOTHING";
}

shared! {
    /// A new table's seat.
    CREATE_SEAT = "INSERT INTO seats (table_id, seat, name, token) VALUES (?1, ?2, ?3, ?4)";
}

shared! {
    /// A table's save at a step, kept only if it is of a later step than the one stored.
    SAVE = "INSERT INTO saves (table_id, step, save) VALUES (?1, ?2, ?3)
         ON CONFLICT (table_id) DO UPDATE SET step = excluded.step, save = excluded.save
         WHERE excluded.step > saves.step";
}

shared! {
    /// An act: the table moves on one step if it is at the step and version the act was
    /// applied to (?1 turn, ?2 deadline, ?3 closes at, ?4 now, ?5 id, ?6 step, ?7 version).
    /// SQLite runs it alone; PostgreSQL inside its act's `WITH` statement.
    COMMIT_ACT = "UPDATE tables SET step = step + 1, version = version + 1, turn = ?1,
             deadline = ?2, closes_at = ?3, updated_at = ?4
         WHERE id = ?5 AND step = ?6 AND version = ?7";
}

shared! {
    /// A turn's change without an act, from the table's version (?1 turn, ?2 deadline,
    /// ?3 closes at, ?4 now, ?5 id, ?6 version). SQLite runs it alone; PostgreSQL inside a
    /// `WITH` statement with its notification.
    SET_TURN = "UPDATE tables SET turn = ?1, deadline = ?2, closes_at = ?3, updated_at = ?4,
             version = version + 1
         WHERE id = ?5 AND version = ?6";
}

shared! {
    /// A seat's new token: the table's version checked and raised.
    RAISE_VERSION = "UPDATE tables SET version = version + 1, updated_at = ?1
         WHERE id = ?2 AND version = ?3";
}

shared! {
    /// A seat's name and token, written or replaced.
    SET_SEAT = "INSERT INTO seats (table_id, seat, name, token) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (table_id, seat) DO UPDATE SET name = excluded.name,
             token = excluded.token";
}

shared! {
    /// The tables whose turn closes at or before a time, soonest first.
    DUE = "SELECT id FROM tables WHERE closes_at IS NOT NULL AND closes_at <= ?1
         ORDER BY closes_at, id";
}

shared! {
    /// A deadline's lease taken, if nobody else holds an unexpired one (?1 owner, ?2 until,
    /// ?3 id, ?4 now).
    CLAIM = "UPDATE tables SET lease_owner = ?1, lease_until = ?2
         WHERE id = ?3 AND (lease_until IS NULL OR lease_until <= ?4 OR lease_owner = ?1)";
}

shared! {
    /// A deadline's lease given back by its owner.
    RELEASE = "UPDATE tables SET lease_owner = NULL, lease_until = NULL
         WHERE id = ?1 AND lease_owner = ?2";
}

shared! {
    /// How many tables there are.
    COUNT = "SELECT COUNT(*) FROM tables";
}

shared! {
    /// A table's acts, in order.
    ACTS = "SELECT step, actor, action FROM acts WHERE table_id = ?1 ORDER BY step";
}

// --- webhooks and their outbox ------------------------------------------------------------

shared! {
    /// An act's notice, for every webhook of its table (?1 step, ?2 kind, ?3 notice, ?4 now,
    /// ?5 table).
    INSERT_NOTICES = "INSERT INTO outbox (webhook_id, table_id, step, kind, notice, created_at,
             next_at)
         SELECT id, table_id, ?1, ?2, ?3, ?4, ?4 FROM webhooks WHERE table_id = ?5
         ORDER BY created_at, id";
}

shared! {
    /// A webhook, inserted only if its table exists (nothing inserted: `StoreError::NoTable`).
    ADD_HOOK = "INSERT INTO webhooks (id, table_id, url, format, secret, remind_before,
             created_at)
         SELECT ?1, id, ?3, ?4, ?5, ?6, ?7 FROM tables WHERE id = ?2";
}

shared! {
    /// A table's webhooks, oldest first.
    HOOKS = "SELECT id, table_id, url, format, secret, remind_before, created_at
         FROM webhooks WHERE table_id = ?1 ORDER BY created_at, id";
}

shared! {
    /// Whether a table has a webhook.
    HAS_HOOKS = "SELECT 1 FROM webhooks WHERE table_id = ?1 LIMIT 1";
}

shared! {
    /// A webhook of a table, found before it is removed. PostgreSQL locks its row, so that no
    /// other instance's act adds a notice of it between the two deletes that follow (the
    /// notice's foreign key would then refuse the webhook's delete); SQLite's write
    /// transaction holds the whole database already, and has no `FOR UPDATE`.
    FIND_HOOK = "SELECT 1 FROM webhooks WHERE id = ?1 AND table_id = ?2",
    postgres_suffix = " FOR UPDATE";
}

shared! {
    /// A webhook's notices, deleted with it.
    DELETE_NOTICES = "DELETE FROM outbox WHERE webhook_id = ?1";
}

shared! {
    /// A webhook, deleted.
    DELETE_HOOK = "DELETE FROM webhooks WHERE id = ?1";
}

shared! {
    /// A webhook's newest notices, newest first.
    DELIVERIES = "SELECT id, webhook_id, step, kind, state, attempts, status, outcome,
             created_at, next_at, done_at
         FROM outbox WHERE webhook_id = ?1 ORDER BY id DESC LIMIT ?2";
}

shared! {
    /// The reminders due at a time (Unix seconds).
    DUE_REMINDERS = "SELECT w.id, t.id, t.deadline FROM webhooks w JOIN tables t ON t.id = w.table_id
         WHERE w.remind_before > 0 AND t.deadline IS NOT NULL AND t.deadline > ?1
             AND t.deadline - w.remind_before <= ?1
             AND (w.reminded IS NULL OR w.reminded <> t.deadline)
         ORDER BY t.id, w.id";
}

shared! {
    /// A webhook marked as reminded of a deadline, unless it was already (?1 deadline, ?2 id).
    MARK_REMINDED = "UPDATE webhooks SET reminded = ?1
         WHERE id = ?2 AND (reminded IS NULL OR reminded <> ?1)";
}

shared! {
    /// A reminder's notice for one webhook (?1 step, ?2 kind, ?3 notice, ?4 now, ?5 webhook).
    INSERT_REMINDER = "INSERT INTO outbox (webhook_id, table_id, step, kind, notice, created_at,
             next_at)
         SELECT id, table_id, ?1, ?2, ?3, ?4, ?4 FROM webhooks WHERE id = ?5";
}

shared! {
    /// The notices to claim: the oldest pending one of each webhook, due, and not leased to
    /// another (?1 now, ?2 limit). PostgreSQL locks the rows it answers and skips those
    /// another instance's claim holds (`SKIP LOCKED`), so that two instances never claim one
    /// notice; SQLite's claim is a write transaction that holds the whole database already,
    /// and has no `FOR UPDATE`.
    CLAIMABLE = "SELECT o.id, o.notice, o.attempts, o.created_at, w.id, w.table_id, w.url,
             w.format, w.secret, w.remind_before, w.created_at
         FROM outbox o JOIN webhooks w ON w.id = o.webhook_id
         WHERE o.state = 'pending'
             AND o.id = (SELECT MIN(p.id) FROM outbox p
                         WHERE p.webhook_id = o.webhook_id AND p.state = 'pending')
             AND o.next_at <= ?1
             AND (o.lease_until IS NULL OR o.lease_until <= ?1)
         ORDER BY o.id LIMIT ?2",
    postgres_suffix = " FOR UPDATE OF o SKIP LOCKED";
}

shared! {
    /// A claimed notice's lease (?1 owner, ?2 until, ?3 id).
    LEASE = "UPDATE outbox SET lease_owner = ?1, lease_until = ?2 WHERE id = ?3";
}

shared! {
    /// A try's outcome, and the lease given back.
    RECORD_ATTEMPT = "UPDATE outbox SET state = ?1, attempts = attempts + 1, status = ?2,
             outcome = ?3, next_at = ?4, done_at = ?5, lease_owner = NULL, lease_until = NULL
         WHERE id = ?6";
}

shared! {
    /// A webhook's finished notices beyond the newest ?2, once its notice ?1 finished.
    PRUNE_DONE = "DELETE FROM outbox
         WHERE webhook_id = (SELECT webhook_id FROM outbox WHERE id = ?1)
             AND state <> 'pending'
             AND id < (SELECT MIN(id) FROM (
                 SELECT id FROM outbox
                 WHERE webhook_id = (SELECT webhook_id FROM outbox WHERE id = ?1)
                     AND state <> 'pending'
                 ORDER BY id DESC LIMIT ?2) AS newest)";
}

/// Every shared statement, for the tests.
#[cfg(test)]
pub(crate) const ALL: &[Sql] = &[
    VERSION,
    STEP,
    CREATE_TABLE,
    CREATE_SEAT,
    SAVE,
    COMMIT_ACT,
    SET_TURN,
    RAISE_VERSION,
    SET_SEAT,
    DUE,
    CLAIM,
    RELEASE,
    COUNT,
    ACTS,
    INSERT_NOTICES,
    ADD_HOOK,
    HOOKS,
    HAS_HOOKS,
    FIND_HOOK,
    DELETE_NOTICES,
    DELETE_HOOK,
    DELIVERIES,
    DUE_REMINDERS,
    MARK_REMINDED,
    INSERT_REMINDER,
    CLAIMABLE,
    LEASE,
    RECORD_ATTEMPT,
    PRUNE_DONE,
];

#[cfg(test)]
mod tests {
    use super::ALL;

    #[test]
    fn postgres_text_is_sqlite_s_with_dollar_placeholders_and_its_suffix() {
        for sql in ALL {
            // SQLite's text has no `$`, so PostgreSQL's `$` are exactly SQLite's `?`.
            assert!(!sql.sqlite.contains('$'), "{}", sql.sqlite);
            assert!(sql.sqlite.contains("?1") || !sql.sqlite.contains('?'));
            let converted = sql.sqlite.replace('?', "$");
            assert!(sql.postgres.starts_with(&converted), "{}", sql.postgres);
            let suffix = &sql.postgres[converted.len()..];
            assert!(
                suffix.is_empty() || suffix.starts_with(" FOR UPDATE"),
                "{suffix}"
            );
            assert!(!sql.postgres.contains('?'));
        }
    }

    #[test]
    fn every_shared_statement_prepares_on_sqlite() {
        let store = crate::store::sqlite::SqliteStore::in_memory().unwrap();
        for sql in ALL {
            store.prepare_for_test(sql.sqlite);
        }
    }
}
