//! Why a setup or an action was refused.

use pbp_core::{DeckError, DiceError, PoolError};
use thiserror::Error;

/// Why a Clan War setup or action was refused. Messages never reveal a hidden hand.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ClanWarError {
    /// The config cannot be played.
    #[error("invalid config: {0}")]
    Config(String),
    /// The map is invalid.
    #[error("invalid map: {0}")]
    Map(String),
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// Text that is not an action, with the reason.
    #[error("cannot read '{text}': {reason}")]
    Parse {
        /// The text (shortened).
        text: String,
        /// What was wrong and what to write instead.
        reason: String,
    },
    /// An action the rules do not allow now, with the reason.
    #[error("{0}")]
    Illegal(String),
    /// The dice source failed.
    #[error(transparent)]
    Dice(#[from] DiceError),
}

impl From<PoolError> for ClanWarError {
    fn from(e: PoolError) -> Self {
        match e {
            PoolError::Dice(d) => ClanWarError::Dice(d),
            other => ClanWarError::Illegal(other.to_string()),
        }
    }
}

impl From<DeckError> for ClanWarError {
    fn from(e: DeckError) -> Self {
        match e {
            DeckError::Dice(d) => ClanWarError::Dice(d),
            other => ClanWarError::Illegal(other.to_string()),
        }
    }
}

/// A refusal of an action that breaks a rule, with the reason players read.
pub(crate) fn illegal<T>(reason: impl Into<String>) -> Result<T, ClanWarError> {
    Err(ClanWarError::Illegal(reason.into()))
}
