//! A type-erased game interface, so frontends (the `pbp` CLI, the web page) handle every game the
//! same way, through JSON.
//!
//! [`DynGame`] is one game (its name, default config, new sessions, loading saves) and
//! [`DynSession`] one game in progress (turn, legal actions, acting, views, the log, undo,
//! saving). Both are implemented once, generically: [`Erased<G>`] for every [`Game`](crate::engine::Game), and
//! [`Session<G>`](crate::engine::Session) itself. A [`Registry`] lists the games a frontend offers by name, each with an
//! extra value of the frontend's choice (the CLI keeps each game's renderer there).
//!
//! ```
//! use pbp_core::engine::duel::Duel;
//! use pbp_core::engine::erased::{ActionInput, Registry};
//! use pbp_core::engine::{Actor, DiceChoice, Seat, Viewer};
//!
//! let mut registry = Registry::<()>::new();
//! registry.register::<Duel>(());
//! let game = registry.game("duel")?;
//! let mut session = game.new_session(None, 7, DiceChoice::Seeded)?;
//! let events = session.act(
//!     Actor::Seat(Seat(0)),
//!     &ActionInput::Auto("focus".into()),
//!     DiceChoice::Seeded,
//! )?;
//! assert_eq!(events.len(), 2);
//! let save = session.save()?;
//! let (loaded, ()) = registry.load(&save)?;
//! assert_eq!(loaded.view(Viewer::GameMaster)?, session.view(Viewer::GameMaster)?);
//! # Ok::<(), pbp_core::engine::erased::ErasedError>(())
//! ```
//!
//! The save file's envelope, canonical JSON and checksum are in [`crate::engine::save`], re-exported
//! here.
//!
//! The layer is split by job: [`ErasedError`] (`error.rs`), the JSON forms of actions, events
//! and seats (`forms.rs`), [`DynGame`] and [`Erased`] (`game.rs`), [`DynSession`] and its
//! implementation for [`Session`](crate::engine::Session) (`session.rs`), and the [`Registry`]
//! (`registry.rs`).

mod error;
mod fields;
mod forms;
mod game;
mod registry;
mod session;
#[cfg(test)]
mod tests;

pub use crate::engine::save::{
    SAVE_FORMAT, canonical_json, checksum, fnv1a64, load_session, save_game,
};
pub use error::ErasedError;
pub use forms::{
    ActionInput, ErasedEvent, GameMasterAction, LegalAction, SeatInfo, json_value, seat_named,
};
pub use game::{DynGame, Erased};
pub use registry::Registry;
pub use session::DynSession;
#[cfg(feature = "testing")]
pub(crate) use session::read_action;
