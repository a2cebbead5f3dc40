//! The errors of Warring States.

use pbp_core::DiceError;
use thiserror::Error;

/// One refused line of an order sheet, with the reason.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct OrderProblem {
    /// The order as written (or as the sheet holds it).
    pub line: String,
    /// Why it is refused.
    pub reason: String,
}

impl std::fmt::Display for OrderProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "'{}': {}", self.line, self.reason)
    }
}

fn list(problems: &[OrderProblem]) -> String {
    problems
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// Why a map, a setup or an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum WarringStatesError {
    /// The map cannot be played.
    #[error("invalid map: {0}")]
    Map(String),
    /// The config cannot be played.
    #[error("invalid config: {0}")]
    Config(String),
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// This actor may not do this now.
    #[error("{0}")]
    NotNow(String),
    /// The order sheet was refused; nothing of it is applied.
    #[error("order sheet refused: {}", list(.0))]
    Orders(Vec<OrderProblem>),
    /// A join was refused.
    #[error("cannot join: {0}")]
    Join(String),
    /// Text that is not an action of this game.
    #[error("{0}")]
    Parse(String),
    /// The dice failed.
    #[error(transparent)]
    Dice(#[from] DiceError),
}
