//! How `pbp` fails: a message for standard error and an exit code per kind of failure, so a
//! script can tell "post more dice" from "not your turn" (see docs/CLI.md).

use std::process::ExitCode;

use pbp_core::engine::CommitmentError;
use pbp_core::engine::erased::ErasedError;
use pbp_frontend::TableError;

/// Exit code: any other failure (a file that cannot be read or written, an illegal army).
pub const OTHER: u8 = 1;
/// Exit code: the action cannot be read (neither its JSON nor the game's text form).
pub const PARSE: u8 = 3;
/// A malformed command line: clap's usage errors, and a `--as` that names no seat of the game
/// (read once the save is loaded, since seats are named by the game).
pub const USAGE: u8 = 2;
/// Exit code: the game refused the action (not legal now).
pub const ILLEGAL: u8 = 4;
/// Exit code: the actor may not act now (another's turn, or the game is over).
pub const NOT_YOUR_TURN: u8 = 5;
/// Exit code: the outside dice ran out: post more and try again.
pub const MORE_DICE: u8 = 6;
/// Exit code: an outside dice value does not fit, or more were given than used.
pub const BAD_DICE: u8 = 7;
/// Exit code: the config, or the game's name, is not valid.
pub const BAD_CONFIG: u8 = 8;
/// Exit code: the save file cannot be loaded (syntax, format, checksum, a step that does not
/// replay, a seeded roll that does not match the seed).
pub const BAD_SAVE: u8 = 9;
/// Exit code: there is no action to undo.
pub const NOTHING_TO_UNDO: u8 = 10;
/// Exit code: the save is not at the step `--expect-step` names: the game moved on, look again.
pub const STALE: u8 = 11;
/// Exit code: `pbp verify` found the save does not match the published commitment (or has none).
pub const NOT_VERIFIED: u8 = 12;

/// Exit code: the thread given to `pbp thread` cannot be read (its size, its encoding, its
/// layout, a line, an author matching several seats); nothing was applied.
pub const BAD_THREAD: u8 = 13;

/// A failed command: what to print and the exit code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The exit code.
    pub code: u8,
    /// The message, printed after `pbp: `.
    pub message: String,
}

impl Failure {
    /// The process's exit code.
    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(self.code)
    }

    /// A failure of the table, its message after `context` (`seat 1 cannot do that`, a file
    /// name) when given.
    pub fn table(error: &TableError, context: Option<&str>) -> Failure {
        let message = match context {
            Some(context) => format!("{context}: {error}"),
            None => error.to_string(),
        };
        Failure {
            code: code_of(error),
            message,
        }
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure {
            code: OTHER,
            message,
        }
    }
}

impl From<TableError> for Failure {
    fn from(error: TableError) -> Failure {
        Failure::table(&error, None)
    }
}

/// The exit code of a table's failure.
pub fn code_of(error: &TableError) -> u8 {
    let TableError::Game(error) = error else {
        return match error {
            TableError::DiceText { .. } => BAD_DICE,
            TableError::Stale { .. } => STALE,
            TableError::Who(_) => USAGE,
            TableError::ThreadTooLarge { .. }
            | TableError::PostTooLarge { .. }
            | TableError::ThreadEncoding { .. }
            | TableError::ThreadLayout(_)
            | TableError::ThreadLine { .. }
            | TableError::AuthorSeats { .. } => BAD_THREAD,
            TableError::Chain(pbp_core::engine::chain::ChainError::BadClaim { .. }) => USAGE,
            TableError::Chain(_) => NOT_VERIFIED,
            _ => OTHER,
        };
    };
    match error {
        ErasedError::Parse { .. } => PARSE,
        ErasedError::Illegal { .. } => ILLEGAL,
        ErasedError::NotYourTurn { .. } => NOT_YOUR_TURN,
        ErasedError::MoreDice { .. } => MORE_DICE,
        ErasedError::BadDice { .. } | ErasedError::UnusedDice { .. } | ErasedError::SeededOnly => {
            BAD_DICE
        }
        ErasedError::Config { .. } | ErasedError::UnknownGame { .. } | ErasedError::Names(_) => {
            BAD_CONFIG
        }
        ErasedError::NothingToUndo => NOTHING_TO_UNDO,
        ErasedError::Commitment(CommitmentError::Mismatch { .. } | CommitmentError::Missing) => {
            NOT_VERIFIED
        }
        e if e.is_bad_record() => BAD_SAVE,
        _ => OTHER,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_own_code() {
        let codes = [
            OTHER,
            2,
            PARSE,
            ILLEGAL,
            NOT_YOUR_TURN,
            MORE_DICE,
            BAD_DICE,
            BAD_CONFIG,
            BAD_SAVE,
            NOTHING_TO_UNDO,
            STALE,
            NOT_VERIFIED,
        ];
        let mut sorted = codes.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), codes.len());
        let more = TableError::Game(ErasedError::MoreDice {
            given: 2,
            more: 3,
            why: pbp_core::engine::Shortfall {
                rolled: 3,
                ..pbp_core::engine::Shortfall::default()
            },
        });
        assert_eq!(
            Failure::table(&more, Some("seat 1 cannot do that")).code,
            MORE_DICE
        );
        assert_eq!(
            code_of(&TableError::Game(ErasedError::SaveSyntax("x".into()))),
            BAD_SAVE
        );
        let stale = TableError::Stale { at: 2, expected: 1 };
        assert_eq!(code_of(&stale), STALE);
        let missing = TableError::Game(ErasedError::Commitment(CommitmentError::Missing));
        assert_eq!(code_of(&missing), NOT_VERIFIED);
    }
}
