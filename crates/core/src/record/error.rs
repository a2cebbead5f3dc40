//! [`RecordError`]: why a step was refused or a record does not replay.

use thiserror::Error;

use crate::engine::commitment::CommitmentError;

/// Why a step needs more outside dice than were given: how many more values each cause asks
/// for, counted with every further die at a face that neither explodes nor ties again where
/// that can finish the step (so at least that many; a further 10 or tie asks for more still).
///
/// ```
/// use pbp_core::engine::Shortfall;
/// let why = Shortfall { rolled: 0, exploded: 1, tied: 4 };
/// assert_eq!(why.total(), 5);
/// assert_eq!(
///     why.to_string(),
///     "a 10 explodes and is rolled again: 1 more die; a tie re-rolls: 4 more dice"
/// );
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Shortfall {
    /// Dice of the step's own rolls, past the values given.
    pub rolled: usize,
    /// Further faces of exploding dice (a 10 is rolled again and added).
    pub exploded: usize,
    /// Dice rolled after a tie, which is rolled again (a push).
    pub tied: usize,
}

impl Shortfall {
    /// How many more values in all.
    pub fn total(&self) -> usize {
        self.rolled + self.exploded + self.tied
    }
}

impl std::fmt::Display for Shortfall {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let dice = |n: usize| {
            if n == 1 {
                "1 more die".to_owned()
            } else {
                format!("{n} more dice")
            }
        };
        let mut parts = Vec::new();
        if self.rolled > 0 {
            parts.push(format!(
                "it rolls more dice than were given: {}",
                dice(self.rolled)
            ));
        }
        if self.exploded == 1 {
            parts.push(format!("a 10 explodes and is rolled again: {}", dice(1)));
        } else if self.exploded > 1 {
            parts.push(format!(
                "10s explode and are rolled again: {}",
                dice(self.exploded)
            ));
        }
        if self.tied > 0 {
            parts.push(format!("a tie re-rolls: {}", dice(self.tied)));
        }
        if parts.is_empty() {
            parts.push(format!("it rolls more dice than were given: {}", dice(1)));
        }
        f.write_str(&parts.join("; "))
    }
}

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
        "all {given} dice values given were used and the step needs at least {more} more: {why}"
    )]
    MoreDice {
        /// Values given.
        given: usize,
        /// How many more values the step needs at least: the count with every further die
        /// rolling its lowest face (an exploding die or a tie asks for more).
        more: usize,
        /// Why: how many of those `more` each cause asks for.
        why: Shortfall,
    },
    /// An outside dice value does not fit the roll it was given to.
    #[error(
        "dice value {value}, the {} value given, is out of range: that roll is a d{sides}, which rolls 1 to {sides}",
        crate::engine::words::ordinal(*position)
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
