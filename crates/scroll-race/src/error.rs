//! Why a setup or an action was refused.

use pbp_core::DiceError;
use thiserror::Error;

/// Why a setup or an action was refused. Messages name only what the actor already knows.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ScrollRaceError {
    /// The config cannot be played.
    #[error("invalid scroll race config: {0}")]
    Config(String),
    /// The field cannot be played.
    #[error("invalid field: {0}")]
    Field(String),
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// This actor may not act now.
    #[error("{0}")]
    NotYourTurn(String),
    /// No character has this name or number.
    #[error("no character is called '{0}'")]
    UnknownCharacter(String),
    /// The character does not know the technique, or has used it up.
    #[error("{0}")]
    Technique(String),
    /// The move cannot be made.
    #[error("illegal move: {0}")]
    Move(String),
    /// The target or square of a technique is not allowed.
    #[error("illegal target: {0}")]
    Target(String),
    /// A game master ruling that cannot be carried out.
    #[error("illegal ruling: {0}")]
    Ruling(String),
    /// Text that is not an action.
    #[error("cannot read '{text}': {reason}")]
    Parse {
        /// The text, shortened.
        text: String,
        /// What was expected.
        reason: String,
    },
    /// The dice failed.
    #[error(transparent)]
    Dice(#[from] DiceError),
}
