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
//! The write that makes the flush wait is an update of the schema's row to itself: a
//! transaction that writes nothing has no commit record to wait for.

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
    store
        .client
        .batch_execute("SET synchronous_commit = on")
        .map_err(backend)?;
    let mut transaction = store.client.transaction().map_err(backend)?;
    transaction
        .batch_execute("UPDATE pbp_schema SET version = version")
        .map_err(backend)?;
    for id in &group.changed {
        transaction
            .execute(&store.prepared.notify, &[id])
            .map_err(backend)?;
    }
    transaction.commit().map_err(backend)
}
