//! [`RecordError`]: why a step was refused or a record does not replay.

use thiserror::Error;

use crate::commitment::CommitmentError;

/// A step refused, or a record that does not replay.
#[derive(Clone, Debug, PartialEq, Error)]
#[non_exhaustive]
pub enum RecordError<E: std::error::Error + 'static> {
    /// The game refused the setup or an action.
    #[error("{0}")]
    Game(#[source] E),
    /// Outside dice were given and not all were needed.
    #[error(
        "{given} dice values were given but the step used only the first {used}: send those {used}"
    )]
    UnusedDice {
        /// Values given.
        given: usize,
        /// Values used.
        used: usize,
    },
    /// Outside dice were given and ran out before the step was done.
    #[error(
        "all {given} dice values given were used and the step needs at least {more} more: it rolls more dice than were given, and each 10 that explodes or tie that is rolled again asks for more still"
    )]
    MoreDice {
        /// Values given.
        given: usize,
        /// How many more values the step needs at least: the count with every further die
        /// rolling its lowest face (an exploding die or a tie asks for more).
        more: usize,
    },
    /// An outside dice value does not fit the roll it was given to.
    #[error(
        "dice value {value}, the {} value given, is out of range: that roll is a d{sides}, which rolls 1 to {sides}",
        crate::words::ordinal(*position)
    )]
    BadDice {
        /// The value given.
        value: u32,
        /// The roll's range, `1..=sides`.
        sides: u32,
        /// Its 1-based position among the values given.
        position: u64,
    },
    /// The record is for another game.
    #[error("this record is for the game '{found}', not '{expected}'")]
    WrongGame {
        /// This game.
        expected: String,
        /// The record's game.
        found: String,
    },
    /// The record's format version is not one this build reads.
    #[error("record format {found} is not supported (this build reads format {supported})")]
    Format {
        /// The record's version.
        found: u32,
        /// The version this build reads.
        supported: u32,
    },
    /// A step of the record did not replay.
    #[error("step {step} of the record does not replay: {message}")]
    Step {
        /// 0 for the setup, then 1 for the first action.
        step: usize,
        /// Why.
        message: String,
    },
    /// Nothing to undo.
    #[error("there is no action to undo")]
    NothingToUndo,
    /// The record's seed, salt and commitment do not agree.
    #[error(transparent)]
    Commitment(CommitmentError),
}
