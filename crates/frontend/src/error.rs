//! The one error type of `pbp-frontend`.

use pbp_core::engine::erased::ErasedError;
use thiserror::Error;

/// Why a [`Table`](crate::Table) operation failed. Messages never reveal hidden information.
///
/// Most refusals come from the game or the save, as [`TableError::Game`] wrapping the erased
/// layer's [`ErasedError`], whose variants tell an action that cannot be read
/// ([`ErasedError::Parse`]) from an illegal one ([`ErasedError::Illegal`]), another actor's turn
/// ([`ErasedError::NotYourTurn`]), outside dice that ran out ([`ErasedError::MoreDice`], with
/// how many more) or do not fit ([`ErasedError::BadDice`], [`ErasedError::UnusedDice`]), a bad
/// config ([`ErasedError::Config`]) and a bad save ([`ErasedError::is_bad_record`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TableError {
    /// The game, its record or its save refused.
    #[error(transparent)]
    Game(#[from] ErasedError),
    /// Who acts or looks could not be read (`--as`): what is expected.
    #[error("{0}")]
    Who(String),
    /// Outside dice text that is not whole numbers.
    #[error("invalid die value '{value}': {message}")]
    DiceText {
        /// The part that is not a number (at most 20 characters).
        value: String,
        /// Why.
        message: String,
    },
    /// A session was handed to another game's renderer.
    #[error("a {session} session was shown as {renderer}")]
    WrongRenderer {
        /// The session's game.
        session: &'static str,
        /// The renderer's game.
        renderer: &'static str,
    },
    /// A game registered at run time ([`register`](crate::catalog::register)) under the name of
    /// another game of the catalog.
    #[error(
        "there is already a game named '{name}' in the catalog: give the new game another name"
    )]
    NameTaken {
        /// The name.
        name: &'static str,
    },
    /// The events' text could not be written from the session's log (a renderer that does not
    /// follow the erased layer's log: a bug, never the user's input).
    #[error("the events of {game} could not be written: {message}")]
    Event {
        /// The game.
        game: &'static str,
        /// Why.
        message: String,
    },
    /// The table is not at the step the caller expected: the game moved on since it was shown.
    #[error(
        "the table is at step {at}, not {expected}: the game moved on since it was shown (nothing was done; look again)"
    )]
    Stale {
        /// The table's step.
        at: usize,
        /// The step expected.
        expected: usize,
    },
    #[cfg(not(target_arch = "wasm32"))]
    /// A forum thread larger than pbp reads.
    #[error(
        "the thread is {bytes} bytes, more than the {limit} bytes pbp reads at once: split it or give only the new posts"
    )]
    ThreadTooLarge {
        /// Its size.
        bytes: usize,
        /// [`MAX_THREAD_BYTES`](crate::thread::MAX_THREAD_BYTES).
        limit: usize,
    },
    #[cfg(not(target_arch = "wasm32"))]
    /// A post of the thread larger than pbp reads.
    #[error("{post} is {bytes} bytes, more than the {limit} bytes pbp reads in one post")]
    PostTooLarge {
        /// Which post ("post 3 by Plainsfox").
        post: String,
        /// Its size.
        bytes: usize,
        /// [`MAX_POST_BYTES`](crate::thread::MAX_POST_BYTES).
        limit: usize,
    },
    #[cfg(not(target_arch = "wasm32"))]
    /// A thread that is not UTF-8 text.
    #[error(
        "the thread is not UTF-8 text: byte {offset} (line {line}) is not valid UTF-8; save the page as UTF-8"
    )]
    ThreadEncoding {
        /// The first bad byte, from 0.
        offset: usize,
        /// Its line, from 1.
        line: usize,
    },
    #[cfg(not(target_arch = "wasm32"))]
    /// A thread whose layout pbp does not recognise, or an unknown `--layout`.
    #[error("{0}")]
    ThreadLayout(String),
    #[cfg(not(target_arch = "wasm32"))]
    /// A line of a thread that its layout cannot read.
    #[error("line {line} of the {layout} thread: {message}")]
    ThreadLine {
        /// The layout.
        layout: &'static str,
        /// The line, from 1.
        line: usize,
        /// Why.
        message: String,
    },
    #[cfg(not(target_arch = "wasm32"))]
    /// A post author whose name matches more than one seat.
    #[error(
        "the author '{author}' matches more than one seat ({seats}): give the players different names"
    )]
    AuthorSeats {
        /// The author as posted.
        author: String,
        /// The seats it matches, by name.
        seats: String,
    },
    /// A value could not be written as JSON.
    #[error("cannot write JSON: {0}")]
    Json(String),
    /// A head of the history chain posted during the game does not hold for this save.
    #[error(transparent)]
    Chain(#[from] pbp_core::engine::chain::ChainError),
    /// The picture could not be drawn as a PNG ([`Table::png`](crate::Table::png); a bug,
    /// never the user's input: the SVGs are the renderer's own).
    #[cfg(feature = "png")]
    #[error(transparent)]
    Picture(#[from] pbp_render::PngError),
}

impl TableError {
    /// The erased layer's error, if the game, its record or its save refused.
    pub fn game(&self) -> Option<&ErasedError> {
        match self {
            TableError::Game(e) => Some(e),
            _ => None,
        }
    }
}
