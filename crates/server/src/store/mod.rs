//! The store: where tables live between requests and across restarts.
//!
//! [`Store`] is a trait with two backends (the tables; the webhooks' outbox is a store of its
//! own beside it, [`WebhookStore`] in `outbox.rs`, in the same database, as is the Discord
//! venue's, [`DiscordStore`] in `discord.rs`), the embedded default ([`crate::SqliteStore`], one
//! file) and [`crate::PostgresStore`] (one database shared by several `pbp serve` instances);
//! everything above it (the table hub, the HTTP API) is written against the trait alone, and
//! [`open_store`] picks the backend from the `--db` argument. A store keeps, per table, the step
//! it is at, a version that every write raises, the hashes of its tokens, its seats' names, its
//! turn settings, one row per action taken (append only, with the action's entry of the record:
//! who acted, the action, its dice), and a save file (the same text `pbp` writes) of some step,
//! written only now and then: the table is its last save with the entries of the actions after
//! it ([`StoredTable::entries`]), which loading applies again through the game's rules.
//!
//! Every write names the version it was computed from and is refused with
//! [`StoreError::Conflict`] if the table moved on meanwhile: the check, the version's rise and
//! an action's insert happen in one transaction, which is what lets several instances share one
//! database without two actions on the same step or a lost draft. Deadlines are claimed with a
//! lease ([`Store::claim`]) so that a turn closes once even when every instance runs the
//! scheduler.
//!
//! One contract, two dialects: the schema (`schema.rs`) and the SQL both databases share
//! (`sql.rs`, SQLite's placeholders made PostgreSQL's at compile time) are written once, and so
//! are the flows over them that need no more than a statement at a time or one transaction
//! (`db.rs`: a table's creation, a seat's token, the deadline's lease, the lists; the webhooks'
//! outbox in `outbox/flow.rs`), over a small per-database trait that each backend implements
//! (`sqlite/db.rs`, `postgres/db.rs`). What differs is each backend's own and says why: an act's
//! commit, a turn's change and a table's load (one `WITH` statement with its notification, or
//! one statement with arrays, on PostgreSQL), the migrations' bookkeeping, group commit.

use serde::{Deserialize, Serialize};
use thiserror::Error;

mod db;
pub mod discord;
pub mod outbox;
pub(crate) mod postgres;
mod schema;
mod sql;
pub(crate) mod sqlite;

use crate::token::TokenHash;
use discord::DiscordStore;
use outbox::{Notice, WebhookStore};

/// Why the store failed.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The table changed since the version the write was made from (another writer was
    /// first): its step is `found` where the write expected `expected`, or, at the same step,
    /// its drafts or deadline changed.
    #[error("the table is at step {found}, not {expected}")]
    Conflict {
        /// The step the write was made for.
        expected: u64,
        /// The step the store has.
        found: u64,
    },
    /// No table has this id.
    #[error("there is no table '{0}'")]
    NoTable(String),
    /// A table with this id exists already.
    #[error("a table '{0}' exists already")]
    Exists(String),
    /// The database's schema is newer than this build knows.
    #[error("the database's schema version {found} is newer than this build's {supported}")]
    SchemaTooNew {
        /// The database's version.
        found: i64,
        /// The newest version this build knows.
        supported: i64,
    },
    /// A stored value does not read back (the database was changed by hand).
    #[error("table '{table}' in the store is damaged: {message}")]
    Damaged {
        /// The table.
        table: String,
        /// What is wrong.
        message: String,
    },
    /// The database itself failed (disk full, file locked, I/O error, connection lost).
    #[error("the database failed: {0}")]
    Backend(String),
    /// The `--db` argument names no store this build knows.
    #[error("'{0}' is neither a SQLite file nor a postgres:// URL")]
    BadLocation(String),
}

/// One seat of a table as stored: who plays it and the hash of its token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSeat {
    /// The player's name, as the game master gave it (or the game's own name for the seat).
    pub name: String,
    /// The hash of the seat's token.
    pub token: TokenHash,
}

/// What a seat that sent nothing gets when a simultaneous turn resolves at its deadline.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AbsentDefault {
    /// No orders: the game's own action for an absent player, from the game master
    /// (`no orders SEAT` in Warring States), or the game's `close` of the turn.
    #[default]
    NoOrders,
    /// The game's heuristic computer player plays the seat's turn (its order sheet in a
    /// simultaneous game), and the log says so by the player's name.
    Bot,
}

/// Who may bring dice rolled elsewhere (a forum's dice roller) with an action at a hosted
/// table. Every other action is rolled by the server from the table's committed seed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TableDice {
    /// The game master alone (the default): a seat's `dice` is refused with 403.
    #[default]
    GameMaster,
    /// The players too: each seat may send its own forum rolls with its action (a table
    /// created with `"dice": "players"`, which every seat is shown).
    Players,
}

impl TableDice {
    /// The option's name, as the API reads and writes it.
    pub fn name(self) -> &'static str {
        match self {
            TableDice::GameMaster => "game-master",
            TableDice::Players => "players",
        }
    }

    fn is_default(&self) -> bool {
        *self == TableDice::GameMaster
    }
}

/// A step the computer player took for an absent seat, kept so that the log can say so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotPlay {
    /// The step it took (1 for the first action).
    pub step: u64,
    /// The seat it played for.
    pub seat: u16,
}

/// A table's turn settings and the drafts of its current turn (the turn workflow of
/// simultaneous games).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// The deadline of the current turn, in seconds since the Unix epoch.
    pub deadline: Option<u64>,
    /// Seconds after the deadline before it resolves (a grace period for late orders).
    pub grace: u64,
    /// What an absent seat gets at the deadline.
    pub absent: AbsentDefault,
    /// The drafts of the current turn, by seat: the action's JSON and whether it is ready.
    pub drafts: Vec<Draft>,
    /// Every step the computer player took for an absent seat, in order (kept for the whole
    /// game, not only the current turn).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bot: Vec<BotPlay>,
    /// Who may bring dice rolled elsewhere with an action (a table setting, fixed at creation).
    #[serde(skip_serializing_if = "TableDice::is_default")]
    pub dice: TableDice,
    /// The step the current turn began after (0: the setup), so that a webhook's notice of the
    /// turn's close summarizes the steps after it.
    #[serde(skip_serializing_if = "is_zero")]
    pub began: u64,
}

fn is_zero(value: &u64) -> bool {
    *value == 0
}

/// One seat's draft of the current turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    /// The seat.
    pub seat: u16,
    /// The action, as JSON text.
    pub action: String,
    /// Whether the player marked it ready.
    pub ready: bool,
}

/// A table as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTable {
    /// The table's id (its part of every URL).
    pub id: String,
    /// The game's name.
    pub game: String,
    /// Actions taken so far.
    pub step: u64,
    /// The table's version: raised by every write (an action, a draft, a deadline, a token), so
    /// that an instance knows whether the table it holds in memory is the stored one. A new
    /// table is at version 0.
    pub version: u64,
    /// The table's last save file, as `pbp` writes it: the game at step `saved`.
    pub save: String,
    /// The step of `save` (at most `step`).
    pub saved: u64,
    /// The record entries of the actions after `saved`, in order, as JSON text
    /// ([`NewAct::entry`]): `step - saved` of them. Empty for a table being created.
    pub entries: Vec<String>,
    /// The hash of the game master's token.
    pub gm_token: TokenHash,
    /// The seats, in order.
    pub seats: Vec<StoredSeat>,
    /// The turn settings and drafts.
    pub turn: TurnState,
}

/// An action to commit: the table moves from `from_step` to `from_step + 1`.
#[derive(Clone, Debug)]
pub struct NewAct<'a> {
    /// The table.
    pub table: &'a str,
    /// The step the table was at when the action was applied.
    pub from_step: u64,
    /// The version of the table the action was applied to; the table is then at `version + 1`.
    pub version: u64,
    /// Who acted (`seat N` or `gm`).
    pub actor: &'a str,
    /// The action, as JSON text.
    pub action: &'a str,
    /// The record's entry of the action (who acted, the action, the dice drawn and their
    /// source, its post mark), as JSON text: appended to the table's acts with the action.
    pub entry: &'a str,
    /// The whole save after the action, when it is written with it (every
    /// `Hub::SAVE_EVERY` actions, and at a game's end); `None` for most actions.
    pub save: Option<&'a str>,
    /// The turn state after the action (drafts of a resolved turn cleared).
    pub turn: &'a TurnState,
    /// The webhook notices the action caused, written to the outbox of each of the table's
    /// webhooks in the action's transaction (none for most actions).
    pub notices: &'a [Notice],
}

/// Where tables are kept, and nothing else: the webhooks and their outbox are a store of their
/// own ([`WebhookStore`], `outbox.rs`), which every `Store` also is, in the same database, so
/// that an act and the notices it causes are written in one transaction
/// ([`NewAct::notices`]). Every method is one transaction: it is done whole or not at all.
pub trait Store: Send + WebhookStore + DiscordStore {
    /// Stores a new table (at the version it carries, normally 0).
    ///
    /// # Errors
    /// [`StoreError::Exists`] for a taken id, or the backend's failure.
    fn create(&mut self, table: &StoredTable) -> Result<(), StoreError>;

    /// The table `id`, or `None`.
    ///
    /// # Errors
    /// The backend's failure, or [`StoreError::Damaged`].
    fn load(&mut self, id: &str) -> Result<Option<StoredTable>, StoreError>;

    /// The version of table `id` (one small read, to check a table held in memory), or `None`.
    ///
    /// # Errors
    /// The backend's failure.
    fn version(&mut self, id: &str) -> Result<Option<u64>, StoreError>;

    /// Commits one action: checks that the table is at `act.version` (and so at
    /// `act.from_step`), appends the action with its record entry, and stores the new turn state
    /// (and the save, if the act carries one) at the next version, all in one transaction.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the table is at another version, [`StoreError::NoTable`], or
    /// the backend's failure; nothing is written then.
    fn commit_act(&mut self, act: &NewAct<'_>) -> Result<(), StoreError>;

    /// Stores the save of table `id` at `step`, in place of its last save if that one is of an
    /// earlier step (otherwise nothing changes). The table's version is not raised: a save is
    /// the same game as the save before it with the actions recorded after that one, so every
    /// instance's copy stays current.
    ///
    /// # Errors
    /// The backend's failure.
    fn store_save(&mut self, id: &str, step: u64, save: &str) -> Result<(), StoreError>;

    /// Stores a table's turn state (drafts, deadline) without an action, if the table is at
    /// `version`; it is then at `version + 1`.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the table is at another version, [`StoreError::NoTable`], or
    /// the backend's failure.
    fn set_turn(&mut self, id: &str, version: u64, turn: &TurnState) -> Result<(), StoreError>;

    /// Stores one seat's name and token, from the table's stored `version`, raising it: the
    /// game master hands out a new link for the seat (the old token stops working), or a first
    /// one for a seat the game added after the table was created (a new row).
    ///
    /// # Errors
    /// [`StoreError::NoTable`], [`StoreError::Conflict`] if the table is no longer at
    /// `version` (another instance wrote first), or the backend's failure.
    fn set_seat(
        &mut self,
        id: &str,
        version: u64,
        seat: u16,
        stored: &StoredSeat,
    ) -> Result<(), StoreError>;

    /// The ids of the tables whose turn closes (deadline plus grace) at or before `now`, in
    /// Unix seconds, soonest first.
    ///
    /// # Errors
    /// The backend's failure.
    fn due(&mut self, now: u64) -> Result<Vec<String>, StoreError>;

    /// Takes the lease of table `id`'s deadline for `owner` until `now + seconds`, if nobody
    /// holds an unexpired one: answers whether `owner` has it. The instance that has it closes
    /// the turn; one that dies holding it loses it when it expires.
    ///
    /// # Errors
    /// The backend's failure.
    fn claim(&mut self, id: &str, owner: &str, now: u64, seconds: u64) -> Result<bool, StoreError>;

    /// Gives back `owner`'s lease of table `id` (nothing if another holds it).
    ///
    /// # Errors
    /// The backend's failure.
    fn release(&mut self, id: &str, owner: &str) -> Result<(), StoreError>;

    /// How many tables the store holds.
    ///
    /// # Errors
    /// The backend's failure.
    fn count(&mut self) -> Result<u64, StoreError>;

    /// The actions recorded for a table, as `(step, actor, action JSON)`, in order.
    ///
    /// # Errors
    /// The backend's failure.
    fn acts(&mut self, id: &str) -> Result<Vec<(u64, String, String)>, StoreError>;

    /// Starts a group of writes made durable together by [`Store::end_group`] (group commit:
    /// the hub answers none of the group's requests before that). Each write stays its own,
    /// whole or not at all (refused alone), and visible to the next write at once; the wait
    /// for the disk is shared (SQLite: `sqlite/group.rs`, one transaction for the group, each
    /// write a savepoint in it, seen by other instances at the group's end; PostgreSQL:
    /// `postgres/group.rs`, each write its own transaction, whose notifications to the other
    /// instances wait for the end). The default makes every
    /// write durable as it commits.
    ///
    /// # Errors
    /// The backend's failure.
    fn begin_group(&mut self) -> Result<(), StoreError> {
        Ok(())
    }

    /// Makes every write since [`Store::begin_group`] durable (one sync of the disk for all of
    /// them), and ends the group.
    ///
    /// # Errors
    /// The backend's failure: the group's writes may then be lost (SQLite rolls the group
    /// back; PostgreSQL's may be lost in a power cut), and none of them may be acknowledged.
    fn end_group(&mut self) -> Result<(), StoreError> {
        Ok(())
    }

    /// For a database several instances share: the location whose notifications tell of
    /// every instance's commits (PostgreSQL's `LISTEN`, see `crate::stream::listen`). `None`
    /// (the default) for a store whose writes only this instance makes.
    fn notify_url(&self) -> Option<String> {
        None
    }
}

/// Opens the store that `location` names: a `postgres://` (or `postgresql://`) URL opens
/// [`crate::PostgresStore`], anything else is a SQLite file ([`crate::SqliteStore`]). Either
/// brings its schema up to date first.
///
/// This connects synchronously: call it outside an async runtime (the PostgreSQL client runs
/// one of its own).
///
/// # Errors
/// The database cannot be opened or reached, a migration fails, or its schema is newer than
/// this build's.
pub fn open_store(location: &str) -> Result<Box<dyn Store>, StoreError> {
    if location.starts_with("postgres://") || location.starts_with("postgresql://") {
        return Ok(Box::new(self::postgres::PostgresStore::connect(location)?));
    }
    if location.is_empty() || location.contains("://") {
        return Err(StoreError::BadLocation(location.to_owned()));
    }
    Ok(Box::new(sqlite::SqliteStore::open(std::path::Path::new(
        location,
    ))?))
}

/// A seat's token hash as a backend stored it: 32 bytes, or the table is damaged.
pub(crate) fn hash_from(table: &str, bytes: &[u8]) -> Result<TokenHash, StoreError> {
    <[u8; 32]>::try_from(bytes)
        .map(TokenHash)
        .map_err(|_| StoreError::Damaged {
            table: table.to_owned(),
            message: "a token hash is not 32 bytes".into(),
        })
}

/// A table's turn state as the JSON text both backends store.
pub(crate) fn turn_json(table: &str, turn: &TurnState) -> Result<String, StoreError> {
    serde_json::to_string(turn).map_err(|e| StoreError::Damaged {
        table: table.to_owned(),
        message: e.to_string(),
    })
}

/// When a turn with this state closes: its deadline plus grace, in Unix seconds (both stores
/// keep it in a column of its own, which [`Store::due`] reads).
pub(crate) fn closes_at(turn: &TurnState) -> Option<i64> {
    turn.deadline
        .map(|d| i64::try_from(d.saturating_add(turn.grace)).unwrap_or(i64::MAX))
}
