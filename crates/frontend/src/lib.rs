//! # pbp-frontend
//!
//! The one place every pbp frontend goes through: the [catalog] of games (each with its
//! renderer), the [`Table`] facade (a game in progress with its save: acting by text or JSON with
//! seeded or outside dice, views, logs, undo, legal actions, renderings) with its typed
//! [`TableError`], the [words] for seats, viewers and turns, and the [dice] answers of `roll` and
//! `odds`. The `pbp` CLI only translates argv to a `Table`, the wasm crate JavaScript, and the
//! table server HTTP requests; a bot does the same.
//!
//! The games are cargo features named as the games (`clan-war`, `three-kingdoms`,
//! `warring-states`, `scroll-race`), all on by default (`default-features = false` and one
//! feature builds a catalog of the duel and that game, as the page's per-game wasm modules do).
//! The feature `png` (off by default) adds [`Table::png`], the picture as a PNG (pbp-render's
//! `png`: resvg with the fonts pbp ships); the CLI and the server take it, the page does not.
//!
//! ```
//! use pbp_core::engine::erased::ErasedError;
//! use pbp_core::engine::{Actor, DiceChoice, Seat, Viewer};
//! use pbp_frontend::{Table, TableError};
//!
//! let mut table = Table::new("clan-war", None, 7, DiceChoice::Seeded)?;
//! assert_eq!(table.seats().len(), 5);
//! let crab = Actor::Seat(Seat(0));
//! let legal = table.legal_actions(crab)?;
//! table.act_text(crab, &legal[0].text, DiceChoice::Seeded)?;
//! // A refusal says what kind it is.
//! match table.act_text(crab, "dance", DiceChoice::Seeded) {
//!     Err(TableError::Game(ErasedError::Parse { .. })) => {}
//!     other => panic!("{other:?}"),
//! }
//! let view = table.view(Viewer::Seat(Seat(1)))?; // seat 1 sees its own hand only
//! assert_eq!(view.game, "clan-war");
//! # Ok::<(), TableError>(())
//! ```
//!
//! ## Features
//!
//! - `clan-war`, `three-kingdoms`, `warring-states`, `scroll-race` (all on by default): each
//!   game in the catalog, with its renderer. The duel is always there.
//! - `png` (off by default): `Table::png`, the picture as a PNG.
//! - `testing` (off by default): the table's surfaces for pbp-core's secrecy property.
// docs.rs (Cargo.toml's `[package.metadata.docs.rs]`) badges each item with the features it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod catalog;
pub mod dice;
mod error;
mod history;
#[cfg(feature = "png")]
mod picture;
mod report;
mod table;
#[cfg(all(feature = "testing", not(target_arch = "wasm32")))]
pub mod testing;
#[cfg(not(target_arch = "wasm32"))]
pub mod thread;
pub mod words;

pub use dice::parse_dice;
pub use error::TableError;
pub use history::outside_text;
pub use pbp_render::{BbcodeStyle, PostOptions};
#[cfg(feature = "png")]
pub use pbp_render::{PngError, svg_to_png};
pub use report::{
    ActReport, ChainReport, EventLine, GameInfo, PlayerName, SecretReport, ViewReport, game_list,
    to_json,
};
pub use table::Table;

#[cfg(test)]
mod tests {
    use super::*;

    /// A table can be shared between threads and moved into async tasks: this fails to compile
    /// if `Table` stops being `Send + Sync`.
    #[test]
    fn tables_are_send_and_sync() {
        fn shared<T: Send + Sync>() {}
        shared::<Table>();
        shared::<TableError>();
    }
}

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;
