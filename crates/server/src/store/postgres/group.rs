//! Group commit on PostgreSQL ([`Store::begin_group`](crate::Store::begin_group)): during a
//! group every write is still its own transaction, whole or not at all and seen by the next
//! at once, but commits with `synchronous_commit = off`, so it does not wait for the
//! write-ahead log to reach the disk; the group's end commits one small transaction that
//! waits for it (the log is written in order, so that one flush makes every earlier commit of
//! the group durable), and only then are the group's notifications sent, in that transaction:
//! the other instances hear of no write before it is durable. A write that the group's end
//! cannot vouch for (the connection was lost in the group, the flush failed) makes the end
//! fail, and the hub then answers none of the group's jobs but with the store's failure.
//!
//! The write that makes the flush wait is a transactional logical-decoding message
//! (`pg_logical_emit_message`, open to every role): a transaction that writes nothing has no
//! commit record to wait for, and a write to a row would make the group ends of every instance
//! on the database wait for each other's row lock (and flush) one after another. The end is one
//! round trip: `SET synchronous_commit = on`, the message and the notifications are sent as one
//! simple query, which PostgreSQL runs as one transaction.

use super::{PostgresStore, backend};
use crate::store::StoreError;

/// A group under way.
#[derive(Debug, Default)]
pub(super) struct Group {
    /// The tables changed, whose notifications wait for the end.
    changed: Vec<String>,
    /// Whether the connection was lost and made again during the group: the commits made on
    /// the lost one may not have reached the disk.
    pub(super) lost: bool,
}

impl PostgresStore {
    /// Notes a table whose change the other instances must hear of: at once outside a group
    /// (its statement notified them), at the group's end inside one.
    pub(super) fn notify_later(&mut self, id: &str) {
        if let Some(group) = &mut self.group
            && !group.changed.iter().any(|c| c == id)
        {
            group.changed.push(id.to_owned());
        }
    }
}

/// Starts a group: the session's commits stop waiting for the disk.
pub(super) fn begin(store: &mut PostgresStore) -> Result<(), StoreError> {
    if store.group.is_some() {
        return Ok(());
    }
    store.ready()?;
    store
        .client
        .batch_execute("SET synchronous_commit = off")
        .map_err(backend)?;
    store.group = Some(Group::default());
    Ok(())
}

/// Ends the group: one commit that waits for the disk, with the group's notifications.
pub(super) fn end(store: &mut PostgresStore) -> Result<(), StoreError> {
    let Some(group) = store.group.take() else {
        return Ok(());
    };
    if group.lost || store.client.is_closed() {
        // The commits made on the lost connection may not have reached the disk.
        return Err(StoreError::Backend(
            "the connection to PostgreSQL was lost during a group of writes".to_owned(),
        ));
    }
    let ended = store.client.batch_execute(&end_sql(&group.changed));
    if ended.is_err() {
        // The failed query's transaction (and its `SET`) rolled back: the session's later
        // writes must still wait for the disk.
        let _ = store.client.batch_execute("SET synchronous_commit = on");
    }
    ended.map_err(backend)
}

/// The group's end as one simple query (one implicit transaction): the commit waits for the
/// disk, then the other instances hear of every table changed. Table ids are letters and
/// digits (the hub refuses others), written as string literals; any other character is
/// doubled or escaped as SQL wants, so the query stays one whatever an id holds.
fn end_sql(changed: &[String]) -> String {
    let mut sql = String::from(
        "SET synchronous_commit = on; SELECT pg_logical_emit_message(true, 'pbp', 'group end')",
    );
    if !changed.is_empty() {
        sql.push_str("; SELECT ");
        for (index, id) in changed.iter().enumerate() {
            if index > 0 {
                sql.push_str(", ");
            }
            sql.push_str("pg_notify(");
            sql.push_str(super::NOTIFY_CHANNEL);
            sql.push_str(", ");
            push_literal(&mut sql, id);
            sql.push(')');
        }
    }
    sql
}

/// Appends `text` as an SQL string literal (`E'...'`: quotes and backslashes escaped, so the
/// literal means the same whatever `standard_conforming_strings` is).
fn push_literal(sql: &mut String, text: &str) {
    sql.push_str("E'");
    for c in text.chars() {
        match c {
            '\'' => sql.push_str("''"),
            '\\' => sql.push_str("\\\\"),
            '\0' => {}
            c => sql.push(c),
        }
    }
    sql.push('\'');
}

#[cfg(test)]
mod tests {
    use super::{end_sql, push_literal};

    #[test]
    fn literals_escape_quotes_and_backslashes() {
        let mut sql = String::new();
        push_literal(&mut sql, "a'b\\c");
        assert_eq!(sql, "E'a''b\\\\c'");
    }

    #[test]
    fn the_end_notifies_every_table_changed_once_each() {
        let sql = end_sql(&["abc".to_owned(), "d1".to_owned()]);
        assert!(sql.starts_with("SET synchronous_commit = on; SELECT pg_logical_emit_message("));
        assert_eq!(sql.matches("pg_notify(").count(), 2);
        assert!(sql.ends_with("E'd1')"));
        assert!(!end_sql(&[]).contains("pg_notify"));
    }
}
