//! The store: where tables live between requests and across restarts.
//!
//! [`Store`] is a trait so that another database can follow the embedded default
//! ([`crate::SqliteStore`]); everything above it (the table hub, the HTTP API) is written against
//! the trait alone. A store keeps, per table, the save file (the same text `pbp` writes), the
//! step it is at, the hashes of its tokens, its seats' names, its turn settings, and one row per
//! action taken, and it refuses an action whose step is not the one the table is at: that check
//! and the action's insert happen in one transaction, which is what lets several writers share
//! one database without two actions on the same step.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::token::TokenHash;

/// Why the store failed.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The table is not at the step the action was made for (another writer was first).
    #[error("the table is at step {found}, not {expected}")]
    Conflict {
        /// The step the action was made for.
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
    /// The database itself failed (disk full, file locked, I/O error).
    #[error("the database failed: {0}")]
    Backend(String),
}

/// One seat of a table as stored: who plays it and the hash of its token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSeat {
    /// The player's name, as the game master gave it (or `seat N`).
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
    /// The save file, as `pbp` writes it.
    pub save: String,
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
    /// Who acted (`seat N` or `gm`).
    pub actor: &'a str,
    /// The action, as JSON text.
    pub action: &'a str,
    /// The save after the action.
    pub save: &'a str,
    /// The turn state after the action (drafts of a resolved turn cleared).
    pub turn: &'a TurnState,
}

/// Where tables are kept. Every method is one transaction: it is done whole or not at all.
pub trait Store: Send {
    /// Stores a new table.
    ///
    /// # Errors
    /// [`StoreError::Exists`] for a taken id, or the backend's failure.
    fn create(&mut self, table: &StoredTable) -> Result<(), StoreError>;

    /// The table `id`, or `None`.
    ///
    /// # Errors
    /// The backend's failure, or [`StoreError::Damaged`].
    fn load(&mut self, id: &str) -> Result<Option<StoredTable>, StoreError>;

    /// Commits one action: checks that the table is at `act.from_step`, records the action,
    /// and stores the new save and turn state, all in one transaction.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the table is at another step, [`StoreError::NoTable`], or the
    /// backend's failure; nothing is written then.
    fn commit_act(&mut self, act: &NewAct<'_>) -> Result<(), StoreError>;

    /// Stores a table's turn state (drafts, deadline) without an action.
    ///
    /// # Errors
    /// [`StoreError::NoTable`], or the backend's failure.
    fn set_turn(&mut self, id: &str, turn: &TurnState) -> Result<(), StoreError>;

    /// Replaces the token of one seat (the game master hands out a new link).
    ///
    /// # Errors
    /// [`StoreError::NoTable`], or the backend's failure.
    fn set_seat_token(&mut self, id: &str, seat: u16, token: &TokenHash) -> Result<(), StoreError>;

    /// The ids of the tables with a deadline, and the deadline (for the scheduler after a
    /// restart).
    ///
    /// # Errors
    /// The backend's failure.
    fn deadlines(&mut self) -> Result<Vec<(String, u64)>, StoreError>;

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
}
