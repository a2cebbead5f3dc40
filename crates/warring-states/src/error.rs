//! The errors of Warring States.

use pbp_core::{DiceError, engine::Seat};

use crate::config::Colour;
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
    NotNow(Refusal),
    /// The order sheet was refused; nothing of it is applied.
    #[error("order sheet refused: {}", list(.0))]
    Orders(Vec<OrderProblem>),
    /// A join was refused, and why (worded by the text module).
    #[error("cannot join: {0}")]
    Join(JoinRefusal),
    /// Text that is not an action of this game.
    #[error("{0}")]
    Parse(String),
    /// The dice failed.
    #[error(transparent)]
    Dice(#[from] DiceError),
}

/// Why an order of a sheet, a sheet or an action was refused: an [`OrderProblem`]'s reason, or
/// [`WarringStatesError::NotNow`]'s. Its words are the text module's (`Display`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refusal {
    /// The seat has no player.
    NotInGame(Seat),
    /// The player (named) has been eliminated.
    Eliminated(String),
    /// The sheet is for another turn.
    WrongTurn {
        /// The sheet's turn.
        sheet: u32,
        /// This turn.
        now: u32,
    },
    /// More orders than any legal sheet holds.
    TooLong(usize),
    /// No state has that number.
    NoSuchState,
    /// An order of no rice.
    NoRice,
    /// More generals than an order takes.
    TooManyGenerals,
    /// Fewer rice than generals (this many).
    RiceForGenerals(usize),
    /// The general (named) is not the player's.
    NotYours(String),
    /// The general is on another order.
    OnAnotherTask(String),
    /// The general is dismissed by the same sheet.
    BeingDismissed(String),
    /// A conquest of a state the player holds.
    AlreadyHold(String),
    /// A conquest of a state out of reach.
    NoBorder(String),
    /// A state attacked by two orders.
    AttackedTwice(String),
    /// A state the player does not hold.
    DoNotHold(String),
    /// A state defended by two orders.
    DefendedTwice(String),
    /// A state invested in by two orders.
    InvestedTwice(String),
    /// An investment that is not a whole number of steps.
    PartialInvestment {
        /// The state.
        state: String,
        /// Rice per +1 output.
        cost: u32,
    },
    /// An investment past the most a state yields.
    OutputCap {
        /// The state.
        state: String,
        /// Its output now.
        now: u32,
        /// The output the investment adds.
        gain: u32,
        /// The most a state yields.
        max: u32,
    },
    /// A recruit of no general.
    NoRecruit,
    /// More recruits than a turn allows (this many).
    RecruitLimit(u32),
    /// More generals than the player's cap.
    GeneralCap {
        /// The generals the sheet would leave.
        after: u32,
        /// The cap.
        cap: u32,
    },
    /// A general dismissed twice.
    DismissedTwice(String),
    /// The player is already a Kingdom.
    AlreadyKingdom,
    /// A second declaration on one sheet.
    DeclaredOnce,
    /// A state that does not qualify as a Kingdom's.
    KingdomNotReady {
        /// The neighbours a Kingdom needs.
        neighbours: u32,
        /// The state.
        state: String,
    },
    /// The orders so far spend more rice than the player has.
    Overspending {
        /// Rice spent so far.
        spent: u64,
        /// Rice the player has.
        rice: u32,
    },
    /// The player (named) may not send orders now.
    MayNotSend(String),
    /// The player (named) has no orders to give now.
    NoOrdersToGive(String),
    /// The game master sent orders.
    GameMasterSendsNone,
    /// A player tried one of the game master's actions.
    GameMasterOnly,
    /// A battle with no attack to choose among.
    NoAttackToChoose,
}

impl std::error::Error for Refusal {}

/// Why the game master may not admit a player now ([`WarringStatesError::Join`]). Its words are
/// the text module's (`Display`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum JoinRefusal {
    /// Joining closed when this turn began.
    Closed(u32),
    /// Every seat the game has is taken.
    TableFull {
        /// The most players the game seats.
        most: usize,
        /// The eliminated players whose seats a new player may take: each one's name and seat.
        eliminated: Vec<(String, Seat)>,
    },
    /// The seat's player (named) is still in the game.
    SeatHeld {
        /// The seat asked for.
        seat: Seat,
        /// Its player's name.
        player: String,
    },
    /// The seat is neither the next free one nor an eliminated player's.
    NotNextSeat {
        /// The seat asked for.
        seat: Seat,
        /// The next free seat.
        next: Seat,
    },
    /// A name that is empty or longer than 60 characters.
    BadName,
    /// The colour is taken.
    ColourTaken(Colour),
    /// No state has that number.
    NoSuchState,
    /// The state (named) is the imperial capital.
    OffLimits(String),
    /// A player holds the state (named).
    NotIndependent(String),
    /// The state borders one held by a player who has sent orders this turn.
    Borders {
        /// The state asked for.
        state: String,
        /// The neighbouring state.
        neighbour: String,
        /// Its holder's name.
        holder: String,
    },
}

impl std::error::Error for JoinRefusal {}
