//! The errors of pbp-three-kingdoms.

use std::borrow::Cow;

use pbp_core::{DeckError, DiceError, Seat};
use thiserror::Error;

use crate::army::ArmyProblem;

/// Why a card file, an army, a setup or an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ThreeKingdomsError {
    /// The card file is not a card file of this version.
    #[error("card file: {0}")]
    CardFile(String),
    /// A card is invalid.
    #[error("card {card}: field {field}: {reason}")]
    Card {
        /// The card's id (or its position in the file).
        card: String,
        /// The field at fault.
        field: &'static str,
        /// Why.
        reason: String,
    },
    /// An army file could not be read.
    #[error("army file: {0}")]
    ArmyFile(String),
    /// An army breaks the building rules.
    #[error("army {army} is not legal: {}", problems.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("; "))]
    Army {
        /// The army's name.
        army: String,
        /// Every violation.
        problems: Vec<ArmyProblem>,
    },
    /// The config cannot be played.
    #[error("invalid config: {0}")]
    Config(String),
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// This actor may not act now.
    #[error("{0} may not act now")]
    NotYourTurn(String),
    /// The action is not legal now (most reasons are fixed words, borrowed, not copied).
    #[error("illegal action: {0}")]
    Illegal(Cow<'static, str>),
    /// Text that is not an action.
    #[error("cannot read '{text}': {reason}")]
    Parse {
        /// The text (shortened).
        text: String,
        /// Why.
        reason: String,
    },
    /// The dice failed.
    #[error(transparent)]
    Dice(#[from] DiceError),
}

impl From<DeckError> for ThreeKingdomsError {
    fn from(e: DeckError) -> Self {
        match e {
            DeckError::Dice(d) => ThreeKingdomsError::Dice(d),
            other => ThreeKingdomsError::Illegal(other.to_string().into()),
        }
    }
}

impl ThreeKingdomsError {
    pub(crate) fn illegal(reason: impl Into<Cow<'static, str>>) -> ThreeKingdomsError {
        ThreeKingdomsError::Illegal(reason.into())
    }

    pub(crate) fn not_your_turn(seat: Seat) -> ThreeKingdomsError {
        ThreeKingdomsError::NotYourTurn(format!("seat {seat}"))
    }
}
