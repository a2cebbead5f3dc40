//! # pbp-render
//!
//! Turns a game's views and events into what people read: plain text for a terminal, BBCode for a
//! forum post, and SVG for a map or field. Both frontends (the `pbp` CLI and the web page) use it,
//! so a game renders the same everywhere.
//!
//! ```
//! use pbp_core::duel::Duel;
//! use pbp_core::{Game, ScriptedDice, Viewer};
//! use pbp_render::Render;
//!
//! let state = Duel::setup(&Default::default(), &mut ScriptedDice::new([])).unwrap();
//! let text = Duel::text(&state, Viewer::Public);
//! assert!(text.contains("0 - 0"));
//! ```

pub mod catalog;
mod clan_war;
pub mod dice;
mod duel;
mod escape;
mod scroll_race;
mod three_kingdoms;
mod warring_states;

pub use escape::{bbcode_escape, xml_escape};

use pbp_core::{Game, LoggedEvent, Viewer};

/// How a game is shown to people. Implemented here for every game.
pub trait Render: Game {
    /// The state as `viewer` may see it, as plain text.
    fn text(state: &Self::State, viewer: Viewer) -> String;

    /// A summary as a game master would post it on a forum: the state as `viewer` sees it and the
    /// given events (usually the last round's, already filtered for `viewer`).
    fn bbcode(state: &Self::State, viewer: Viewer, events: &[&LoggedEvent<Self>]) -> String;

    /// The map or field as `viewer` may see it, as a standalone SVG document.
    fn svg(state: &Self::State, viewer: Viewer) -> String;

    /// One event as a line of plain text.
    fn event_text(event: &Self::Event) -> String;
}
