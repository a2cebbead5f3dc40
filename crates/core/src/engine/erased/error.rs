//! The erased layer's one error type, and how record errors map onto it.

use thiserror::Error;

use crate::engine::commitment::CommitmentError;
use crate::engine::names::NamesError;
use crate::game::{Actor, Turn};
use crate::record::{RecordError, Shortfall};

/// Why a type-erased operation failed. Messages never reveal hidden information.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ErasedError {
    /// No registered game has this name.
    #[error("there is no game named '{name}' (known games: {known})")]
    UnknownGame {
        /// The name asked for.
        name: String,
        /// The registered names, comma-separated.
        known: String,
    },
    /// A config was not valid for the game.
    #[error("the config is not valid for {game}: {message}")]
    Config {
        /// The game.
        game: &'static str,
        /// What is wrong, with its line and column.
        message: String,
    },
    /// An input could not be read as an action of the game, neither as JSON nor in the game's
    /// text form.
    #[error("not an action of {game}: {message}")]
    Parse {
        /// The game.
        game: &'static str,
        /// Why, in the game's words.
        message: String,
    },
    /// The action was read but the game refused it: not legal now.
    #[error("{reason}")]
    Illegal {
        /// Who tried.
        actor: Actor,
        /// The game's reason.
        reason: String,
    },
    /// The actor may not act now (it is another's turn, or the game is over); nothing changed.
    #[error("{reason}")]
    NotYourTurn {
        /// Who tried.
        actor: Actor,
        /// Who may act now (empty when the game is over).
        acting: Vec<Actor>,
        /// The game's reason.
        reason: String,
    },
    /// Outside dice ran out before the step was done: post more and try again.
    #[error(
        "all {given} dice values given were used and the step needs at least {more} more: {why}"
    )]
    MoreDice {
        /// Values given.
        given: usize,
        /// How many more the step needs at least.
        more: usize,
        /// Why, by cause.
        why: Shortfall,
    },
    /// An outside dice value does not fit its roll (a 0, or an 11 on a d10).
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
    /// More outside dice values were given than the step used.
    #[error(
        "{given} dice values were given but the step used only the first {used}: send those {used}"
    )]
    UnusedDice {
        /// Values given.
        given: usize,
        /// Values used.
        used: usize,
    },
    /// Outside dice were given to a game that takes only seeded dice (`"dice": "seeded"`).
    #[error(
        "this game takes only pbp's seeded dice (its config says \"dice\": \"seeded\"): send the action without dice rolled elsewhere"
    )]
    SeededOnly,
    /// A simulation could not run: a setup that fails or a game that breaks its contract.
    #[error("{0}")]
    Simulation(String),
    /// Nothing to undo.
    #[error("there is no action to undo")]
    NothingToUndo,
    /// The save file is not JSON (truncated or corrupted).
    #[error("the save is not valid JSON: {0}")]
    SaveSyntax(String),
    /// The save file's envelope is not a pbp save.
    #[error("the save is not a pbp save: {0}")]
    SaveShape(String),
    /// The save envelope's version is not one this build reads.
    #[error("save format {found} is not supported (this build reads format {supported})")]
    SaveFormat {
        /// The save's version.
        found: u64,
        /// The version this build reads.
        supported: u32,
    },
    /// The save is for another game.
    #[error("this save is for the game '{found}', not '{expected}'")]
    WrongGame {
        /// The game asked for.
        expected: String,
        /// The save's game.
        found: String,
    },
    /// The record's checksum does not match: the file was changed after it was saved.
    #[error(
        "checksum mismatch: the save says {stored} but its record hashes to {computed} (the file was changed after it was saved)"
    )]
    Checksum {
        /// The checksum written in the save.
        stored: String,
        /// The checksum of the record as found.
        computed: String,
    },
    /// The record inside the save does not have the game's record format.
    #[error("the record in the save is not valid for {game}: {message}")]
    RecordShape {
        /// The game.
        game: &'static str,
        /// What is wrong.
        message: String,
    },
    /// The record's format version is not one this build reads.
    #[error("record format {found} is not supported (this build reads format {supported})")]
    RecordFormat {
        /// The record's version.
        found: u32,
        /// The version this build reads.
        supported: u32,
    },
    /// A step of the record does not replay.
    #[error("step {step} of the record does not replay: {message}")]
    Step {
        /// 0 for the setup, then 1 for the first action.
        step: usize,
        /// Why.
        message: String,
    },
    /// A value could not be written as JSON.
    #[error("cannot write JSON: {0}")]
    Serialize(String),
    /// The record's seed, salt and commitment do not agree, or a published commitment does not
    /// match.
    #[error(transparent)]
    Commitment(#[from] CommitmentError),
    /// The players' names given to a game's seats were refused (see [`crate::engine::names`]).
    #[error(transparent)]
    Names(#[from] NamesError),
}

impl ErasedError {
    /// The error's kind as one word, stable for scripts and scenario files (`refused illegal`):
    /// `unknown-game`, `config`, `parse`, `illegal`, `not-your-turn`, `more-dice`, `bad-dice`,
    /// `unused-dice`, `seeded-only`, `simulation`, `nothing-to-undo`, `bad-record` (any error
    /// [`is_bad_record`](ErasedError::is_bad_record) names), `serialize`, `names` or
    /// `commitment`.
    pub fn kind(&self) -> &'static str {
        match self {
            ErasedError::UnknownGame { .. } => "unknown-game",
            ErasedError::Config { .. } => "config",
            ErasedError::Parse { .. } => "parse",
            ErasedError::Illegal { .. } => "illegal",
            ErasedError::NotYourTurn { .. } => "not-your-turn",
            ErasedError::MoreDice { .. } => "more-dice",
            ErasedError::BadDice { .. } => "bad-dice",
            ErasedError::UnusedDice { .. } => "unused-dice",
            ErasedError::SeededOnly => "seeded-only",
            ErasedError::Simulation(_) => "simulation",
            ErasedError::NothingToUndo => "nothing-to-undo",
            ErasedError::Serialize(_) => "serialize",
            ErasedError::Names(_) => "names",
            e if e.is_bad_record() => "bad-record",
            _ => "commitment",
        }
    }

    /// Whether the error is about a save or a record that cannot be loaded (syntax, envelope,
    /// versions, game, checksum, fields, or a step that does not replay): a "bad record".
    pub fn is_bad_record(&self) -> bool {
        matches!(
            self,
            ErasedError::SaveSyntax(_)
                | ErasedError::SaveShape(_)
                | ErasedError::SaveFormat { .. }
                | ErasedError::WrongGame { .. }
                | ErasedError::Checksum { .. }
                | ErasedError::RecordShape { .. }
                | ErasedError::RecordFormat { .. }
                | ErasedError::Step { .. }
                | ErasedError::Commitment(CommitmentError::Altered { .. })
                | ErasedError::Commitment(CommitmentError::Incomplete { .. })
        )
    }

    /// Whether the error is about outside dice values (too few, too many, one that does not
    /// fit its roll, or any at all in a game that takes only seeded dice).
    pub fn is_dice(&self) -> bool {
        matches!(
            self,
            ErasedError::MoreDice { .. }
                | ErasedError::BadDice { .. }
                | ErasedError::UnusedDice { .. }
                | ErasedError::SeededOnly
        )
    }
}

/// A step's error for `actor`: the game's refusal becomes [`ErasedError::NotYourTurn`] when the
/// actor was not among those who may act, [`ErasedError::Illegal`] otherwise.
pub(super) fn step_error<E: std::error::Error + 'static>(
    error: RecordError<E>,
    actor: Actor,
    turn: &Turn,
) -> ErasedError {
    match error {
        RecordError::Game(e) if !turn.actors().contains(&actor) => ErasedError::NotYourTurn {
            actor,
            acting: turn.actors().to_vec(),
            reason: e.to_string(),
        },
        RecordError::Game(e) => ErasedError::Illegal {
            actor,
            reason: e.to_string(),
        },
        other => other.into(),
    }
}

/// A setup's error: the game's refusal is a bad config.
pub(super) fn setup_error<E: std::error::Error + 'static>(
    error: RecordError<E>,
    game: &'static str,
) -> ErasedError {
    match error {
        RecordError::Game(e) => ErasedError::Config {
            game,
            message: e.to_string(),
        },
        other => other.into(),
    }
}

impl<E: std::error::Error + 'static> From<RecordError<E>> for ErasedError {
    fn from(error: RecordError<E>) -> Self {
        match error {
            // Outside a step (a setup or an act, which name the actor), a refusal is a bad
            // record step; `step_error` and `setup_error` classify the others.
            RecordError::Game(e) => ErasedError::Step {
                step: 0,
                message: e.to_string(),
            },
            RecordError::UnusedDice { given, used } => ErasedError::UnusedDice { given, used },
            RecordError::MoreDice { given, more, why } => {
                ErasedError::MoreDice { given, more, why }
            }
            RecordError::BadDice {
                value,
                sides,
                position,
            } => ErasedError::BadDice {
                value,
                sides,
                position,
            },
            RecordError::WrongGame { expected, found } => {
                ErasedError::WrongGame { expected, found }
            }
            RecordError::Format { found, supported } => {
                ErasedError::RecordFormat { found, supported }
            }
            RecordError::Step { step, message } => ErasedError::Step { step, message },
            RecordError::NothingToUndo => ErasedError::NothingToUndo,
            RecordError::Commitment(e) => ErasedError::Commitment(e),
        }
    }
}
