//! The errors of pbp-core.

use thiserror::Error;

/// A dice source could not answer a roll.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DiceError {
    /// A roll of zero sides was asked for.
    #[error("a roll needs at least one side")]
    NoSides,
    /// A scripted value is outside the range asked for.
    #[error("value {value} at position {position} is out of range: the roll is 1-{sides}")]
    OutOfRange {
        /// The value given.
        value: u32,
        /// The range asked for, `1..=sides`.
        sides: u32,
        /// Its 1-based position in the script.
        position: u64,
    },
    /// The script ran out before the roll.
    #[error("no value left for roll {position} (1-{sides}): more dice are needed")]
    Exhausted {
        /// The range asked for.
        sides: u32,
        /// The 1-based position of the missing value.
        position: u64,
    },
    /// A replayed record asked for a different roll than it recorded.
    #[error(
        "record diverged at draw {position}: it recorded a roll of 1-{recorded}, the game asked for 1-{asked}"
    )]
    Diverged {
        /// The 1-based position of the draw.
        position: u64,
        /// The range recorded.
        recorded: u32,
        /// The range the game asked for on replay.
        asked: u32,
    },
    /// An exploding die exploded more times than the configured limit allows.
    #[error("an exploding die rolled more than {limit} times in a row")]
    ChainTooLong {
        /// The limit on rolls of one die.
        limit: u32,
    },
}

/// A pool, die or roll description is not valid.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PoolError {
    /// A die needs at least one side.
    #[error("a die needs at least one side")]
    NoSides,
    /// The explosion threshold could never stop exploding, or is above the die.
    #[error(
        "explosion threshold {threshold} is invalid for a d{sides}: it must be between 2 and {sides}"
    )]
    BadThreshold {
        /// The threshold asked for.
        threshold: u32,
        /// The die's sides.
        sides: u32,
    },
    /// More dice rolled than the limit allows.
    #[error("{rolled} dice is more than the limit of {limit}")]
    TooManyDice {
        /// Dice asked for.
        rolled: u32,
        /// The configured limit.
        limit: u32,
    },
    /// Both sides kept tying.
    #[error("the contest was still a push after {rounds} rounds")]
    EndlessPush {
        /// Rounds rolled.
        rounds: u32,
    },
    /// A roll failed to draw.
    #[error(transparent)]
    Dice(#[from] DiceError),
    /// [`Pool::prepare`](crate::Pool::prepare) was asked for a pool that keeps its dice after
    /// its rank bonuses ([`KeepOrder::AfterBonuses`](crate::KeepOrder::AfterBonuses)), which the
    /// prepared loops do not roll: roll it with [`Pool::roll`](crate::Pool::roll).
    #[error("a pool that keeps its dice after its rank bonuses cannot be prepared; roll it whole")]
    KeepsAfterBonuses,
}
