//! "Something was committed": the one notice of every write that reached the store, for
//! whatever must react to it (the live event streams of [`crate::stream`]; a delivery worker
//! that reads an outbox).
//!
//! The hub's store is wrapped in [`Signalling`], which publishes a [`Committed`] after each
//! write the store acknowledged (an action, a turn state, a new table, a new seat token). On a
//! database several instances share, the store's own notifications of the other instances'
//! writes are published here too (`stream::listen`), so a subscriber sees every commit
//! to the database, from any instance.
//!
//! A notice says only which table changed, never what: the subscriber reads the table as
//! stored. So notices may be merged or repeated without harm, and one that is lost (a lagging
//! subscriber of [`Commits::subscribe`]) is made good by reading the store again.
//!
//! Two ways to listen:
//! - [`Commits::watch`]: one table's counter (a `tokio::sync::watch`), which coalesces: a slow
//!   watcher sees only that something changed since it last looked. The streams use it.
//! - [`Commits::subscribe`]: every table's notices (a bounded `tokio::sync::broadcast`, which
//!   tells a receiver that fell behind how many it missed, so it can read the store again).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::{broadcast, watch};

use crate::store::discord::{DiscordStore, TableBinding};
use crate::store::outbox::{
    Attempt, Claimed, DueReminder, Notice, OutboxEntry, StoredHook, WebhookStore,
};
use crate::store::{NewAct, Store, StoreError, StoredSeat, StoredTable, TurnState};

/// What was committed to a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Committed {
    /// The table.
    pub table: String,
    /// The kind of write.
    pub kind: CommitKind,
}

/// The kind of a committed write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommitKind {
    /// A new table.
    Created,
    /// An action: the table is now at this step.
    Act {
        /// The step the action made (1 for the first action).
        step: u64,
    },
    /// The turn state (a draft, a ready mark, the deadline) without an action.
    Turn,
    /// A seat's token was replaced.
    Token,
    /// Another instance wrote to the table (its kind is not known here).
    Elsewhere,
}

/// How many notices [`Commits::subscribe`] keeps for a receiver that is behind.
const BROADCAST_CAPACITY: usize = 4096;

/// The commits of one instance's store (and, on a shared database, of the others'), for any
/// number of subscribers. Cheap to share behind an [`Arc`].
#[derive(Debug)]
pub struct Commits {
    tables: Mutex<BTreeMap<String, watch::Sender<u64>>>,
    all: broadcast::Sender<Committed>,
}

impl Default for Commits {
    fn default() -> Self {
        Commits::new()
    }
}

impl Commits {
    /// No subscribers yet.
    pub fn new() -> Commits {
        Commits {
            tables: Mutex::new(BTreeMap::new()),
            all: broadcast::channel(BROADCAST_CAPACITY).0,
        }
    }

    /// Tells every subscriber that `committed.table` changed.
    pub fn publish(&self, committed: Committed) {
        {
            let tables = self.tables.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(sender) = tables.get(&committed.table) {
                sender.send_modify(|count| *count = count.wrapping_add(1));
            }
        }
        // No receiver is not an error: nobody listens to every table now.
        let _ = self.all.send(committed);
    }

    /// Tells every watcher of every table to read its table again (after notices may have
    /// been missed: a shared database's notification connection was lost).
    pub fn publish_all_watched(&self) {
        let tables = self.tables.lock().unwrap_or_else(PoisonError::into_inner);
        for sender in tables.values() {
            sender.send_modify(|count| *count = count.wrapping_add(1));
        }
    }

    /// Watches one table: the receiver's value changes after every commit to it. The entry is
    /// dropped once its last watcher is (see [`TableWatch`]).
    pub fn watch(self: &Arc<Self>, table: &str) -> TableWatch {
        let mut tables = self.tables.lock().unwrap_or_else(PoisonError::into_inner);
        let receiver = match tables.get(table) {
            Some(sender) => sender.subscribe(),
            None => {
                let (sender, receiver) = watch::channel(0);
                tables.insert(table.to_owned(), sender);
                receiver
            }
        };
        TableWatch {
            commits: Arc::clone(self),
            table: table.to_owned(),
            receiver: Some(receiver),
        }
    }

    /// Every notice, of every table, from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Committed> {
        self.all.subscribe()
    }

    /// How many tables have a watcher now.
    pub fn watched(&self) -> usize {
        self.tables
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

/// A watch on one table's commits; dropping the last one of a table forgets the table.
#[derive(Debug)]
pub struct TableWatch {
    commits: Arc<Commits>,
    table: String,
    receiver: Option<watch::Receiver<u64>>,
}

impl TableWatch {
    /// Waits for the next commit to the table after the last one this watch saw (at once if
    /// one came meanwhile). Answers `false` if no notice can come any more.
    pub async fn changed(&mut self) -> bool {
        match self.receiver.as_mut() {
            Some(receiver) => receiver.changed().await.is_ok(),
            None => false,
        }
    }

    /// Marks every commit so far as seen.
    pub fn seen(&mut self) {
        if let Some(receiver) = self.receiver.as_mut() {
            receiver.borrow_and_update();
        }
    }
}

impl Drop for TableWatch {
    fn drop(&mut self) {
        drop(self.receiver.take());
        let mut tables = self
            .commits
            .tables
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if tables
            .get(&self.table)
            .is_some_and(|sender| sender.receiver_count() == 0)
        {
            tables.remove(&self.table);
        }
    }
}

/// A store that publishes each of its acknowledged writes to [`Commits`]; everything else is
/// the wrapped store's.
pub struct Signalling {
    inner: Box<dyn Store>,
    commits: Arc<Commits>,
}

impl Signalling {
    /// `inner`, publishing to `commits`.
    pub fn new(inner: Box<dyn Store>, commits: Arc<Commits>) -> Signalling {
        Signalling { inner, commits }
    }

    fn published<T>(
        &self,
        table: &str,
        kind: CommitKind,
        result: Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        if result.is_ok() {
            self.commits.publish(Committed {
                table: table.to_owned(),
                kind,
            });
        }
        result
    }
}

impl Store for Signalling {
    fn create(&mut self, table: &StoredTable) -> Result<(), StoreError> {
        let result = self.inner.create(table);
        self.published(&table.id, CommitKind::Created, result)
    }

    fn load(&mut self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        self.inner.load(id)
    }

    fn version(&mut self, id: &str) -> Result<Option<u64>, StoreError> {
        self.inner.version(id)
    }

    fn commit_act(&mut self, act: &NewAct<'_>) -> Result<(), StoreError> {
        let result = self.inner.commit_act(act);
        let step = act.from_step + 1;
        self.published(act.table, CommitKind::Act { step }, result)
    }

    /// Not published: a save changes no table's version (the game is the same).
    fn store_save(&mut self, id: &str, step: u64, save: &str) -> Result<(), StoreError> {
        self.inner.store_save(id, step, save)
    }

    fn set_turn(&mut self, id: &str, version: u64, turn: &TurnState) -> Result<(), StoreError> {
        let result = self.inner.set_turn(id, version, turn);
        self.published(id, CommitKind::Turn, result)
    }

    fn set_seat(
        &mut self,
        id: &str,
        version: u64,
        seat: u16,
        stored: &StoredSeat,
    ) -> Result<(), StoreError> {
        let result = self.inner.set_seat(id, version, seat, stored);
        self.published(id, CommitKind::Token, result)
    }

    fn due(&mut self, now: u64) -> Result<Vec<String>, StoreError> {
        self.inner.due(now)
    }

    fn claim(&mut self, id: &str, owner: &str, now: u64, seconds: u64) -> Result<bool, StoreError> {
        self.inner.claim(id, owner, now, seconds)
    }

    fn release(&mut self, id: &str, owner: &str) -> Result<(), StoreError> {
        self.inner.release(id, owner)
    }

    fn count(&mut self) -> Result<u64, StoreError> {
        self.inner.count()
    }

    fn acts(&mut self, id: &str) -> Result<Vec<(u64, String, String)>, StoreError> {
        self.inner.acts(id)
    }

    fn begin_group(&mut self) -> Result<(), StoreError> {
        self.inner.begin_group()
    }

    fn end_group(&mut self) -> Result<(), StoreError> {
        self.inner.end_group()
    }

    fn notify_url(&self) -> Option<String> {
        self.inner.notify_url()
    }
}

/// The webhooks' part of the store, the wrapped store's own (their writes raise no table's
/// version, so they are not published).
impl WebhookStore for Signalling {
    fn add_hook(&mut self, hook: &StoredHook) -> Result<(), StoreError> {
        self.inner.add_hook(hook)
    }

    fn hooks(&mut self, table: &str) -> Result<Vec<StoredHook>, StoreError> {
        self.inner.hooks(table)
    }

    fn has_hooks(&mut self, table: &str) -> Result<bool, StoreError> {
        self.inner.has_hooks(table)
    }

    fn remove_hook(&mut self, table: &str, hook: &str) -> Result<bool, StoreError> {
        self.inner.remove_hook(table, hook)
    }

    fn deliveries(&mut self, hook: &str, limit: u32) -> Result<Vec<OutboxEntry>, StoreError> {
        self.inner.deliveries(hook, limit)
    }

    fn due_reminders(&mut self, now: u64) -> Result<Vec<DueReminder>, StoreError> {
        self.inner.due_reminders(now)
    }

    fn add_reminder(
        &mut self,
        hook: &str,
        deadline: u64,
        step: u64,
        notice: &Notice,
        now_ms: u64,
    ) -> Result<bool, StoreError> {
        self.inner
            .add_reminder(hook, deadline, step, notice, now_ms)
    }

    fn claim_deliveries(
        &mut self,
        owner: &str,
        now_ms: u64,
        lease_ms: u64,
        limit: u32,
    ) -> Result<Vec<Claimed>, StoreError> {
        self.inner.claim_deliveries(owner, now_ms, lease_ms, limit)
    }

    fn record_attempt(&mut self, id: i64, attempt: &Attempt) -> Result<(), StoreError> {
        self.inner.record_attempt(id, attempt)
    }
}

/// The Discord venue's bindings, the wrapped store's own (they raise no table's version, so
/// they are not published).
impl DiscordStore for Signalling {
    fn bind_table(&mut self, binding: &TableBinding, users: &[String]) -> Result<(), StoreError> {
        self.inner.bind_table(binding, users)
    }

    fn table_in(&mut self, channel: &str) -> Result<Option<TableBinding>, StoreError> {
        self.inner.table_in(channel)
    }

    fn thread_of(&mut self, table: &str) -> Result<Option<String>, StoreError> {
        self.inner.thread_of(table)
    }

    fn bind_seat(&mut self, table: &str, seat: u16, user: &str) -> Result<(), StoreError> {
        self.inner.bind_seat(table, seat, user)
    }

    fn user_of(&mut self, table: &str, seat: u16) -> Result<Option<String>, StoreError> {
        self.inner.user_of(table, seat)
    }

    fn seats_of(&mut self, table: &str, user: &str) -> Result<Vec<u16>, StoreError> {
        self.inner.seats_of(table, user)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_watch_sees_its_tables_commits_and_is_forgotten_when_dropped() {
        let commits = Arc::new(Commits::new());
        let mut all = commits.subscribe();
        let mut watch = commits.watch("a");
        let mut twin = commits.watch("a");
        assert_eq!(commits.watched(), 1);
        commits.publish(Committed {
            table: "b".into(),
            kind: CommitKind::Turn,
        });
        commits.publish(Committed {
            table: "a".into(),
            kind: CommitKind::Act { step: 3 },
        });
        commits.publish(Committed {
            table: "a".into(),
            kind: CommitKind::Act { step: 4 },
        });
        // Two commits, one wake-up: a watch coalesces.
        assert!(watch.changed().await);
        let again =
            tokio::time::timeout(std::time::Duration::from_millis(50), watch.changed()).await;
        assert!(again.is_err(), "no third notice");
        assert!(twin.changed().await);
        assert_eq!(all.recv().await.unwrap().table, "b");
        assert_eq!(all.recv().await.unwrap().kind, CommitKind::Act { step: 3 });
        drop(watch);
        assert_eq!(commits.watched(), 1);
        drop(twin);
        assert_eq!(commits.watched(), 0);
    }

    #[test]
    fn only_acknowledged_writes_are_published() {
        let commits = Arc::new(Commits::new());
        let mut all = commits.subscribe();
        let mut store = Signalling::new(
            Box::new(crate::SqliteStore::in_memory().unwrap()),
            Arc::clone(&commits),
        );
        let turn = TurnState::default();
        assert!(store.set_turn("nothing", 0, &turn).is_err());
        assert!(all.try_recv().is_err(), "a refused write is not published");
        let table = StoredTable {
            id: "t1".into(),
            game: "duel".into(),
            step: 0,
            version: 0,
            save: "{}".into(),
            saved: 0,
            entries: Vec::new(),
            gm_token: crate::token::TokenHash([0; 32]),
            seats: Vec::new(),
            turn: turn.clone(),
        };
        store.create(&table).unwrap();
        store.set_turn("t1", 0, &turn).unwrap();
        assert_eq!(all.try_recv().unwrap().kind, CommitKind::Created);
        assert_eq!(all.try_recv().unwrap().kind, CommitKind::Turn);
    }
}
