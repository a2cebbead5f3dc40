//! # pbp-render
//!
//! Turns a game's views and events into what people read: plain text for a terminal, BBCode for a
//! forum post, and SVG for a map or field. Both frontends (the `pbp` CLI and the web page) use it,
//! so a game renders the same everywhere.
//!
//! ```
//! use pbp_core::engine::duel::Duel;
//! use pbp_core::{ScriptedDice, engine::{Game, Viewer}};
//! use pbp_render::Render;
//!
//! let state = Duel::setup(&Default::default(), &mut ScriptedDice::new([])).unwrap();
//! let text = Duel::text(&Duel::view(&state, Viewer::Public));
//! assert!(text.contains("0 - 0"));
//! ```
//!
//! Renderers see views only: every [`Render`] function takes the viewer's [`Game::View`] (which
//! carries what is public, such as the map), never the game's state, so a rendering cannot show
//! what its viewer may not see. The game master's renderings take the game master's view.
//!
//! Each game's renderer is behind a cargo feature named as the game (`clan-war`,
//! `three-kingdoms`, `warring-states`, `scroll-race`), all on by default; the duel's is always
//! built. A build for one game (the page's per-game wasm modules) takes only that game's code.
//!
//! The feature `png` (off by default) adds [`svg_to_png`]: any of the SVGs drawn as a PNG by
//! resvg, in pure Rust, with the fonts shipped in this crate (subsets of DejaVu Sans and Serif,
//! and Droid Sans Fallback and NanumSquare for Chinese, Japanese and Korean names: 5.7 MB) and
//! no system font, so a picture is the same on every machine. The page's
//! wasm leaves it out; the CLI and the server take it.
//!
//! ## Features
//!
//! - `clan-war`, `three-kingdoms`, `warring-states`, `scroll-race` (all on by default): each
//!   game's renderer, with its crate.
//! - `png` (off by default): `svg_to_png`, the SVGs drawn as PNG pictures with the shipped fonts.
//! - `testing` (off by default): the renderings as surfaces of pbp-core's secrecy property.
// docs.rs (Cargo.toml's `[package.metadata.docs.rs]`) badges each item with the features it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "clan-war")]
mod clan_war;
mod duel;
mod escape;
// Text colours on the clans' and players' colours: the two maps with coloured regions.
#[cfg(any(feature = "clan-war", feature = "warring-states"))]
mod ink;
#[cfg(feature = "scroll-race")]
mod scroll_race;
#[cfg(feature = "three-kingdoms")]
mod three_kingdoms;
#[cfg(feature = "warring-states")]
mod warring_states;

#[cfg(feature = "png")]
mod png;
mod post;
#[cfg(feature = "testing")]
pub mod testing;

pub use escape::{bbcode_escape, xml_escape};
#[cfg(feature = "png")]
pub use png::{MAX_PNG_SIDE, PNG_SCALE, PngError, svg_to_png};
pub use post::{BbcodeStyle, PostOptions};

use pbp_core::engine::{Game, LoggedEvent};

/// How a game is shown to people. Implemented here for every game.
///
/// Every function takes a viewer's view ([`Game::view`]), never the state: what a rendering
/// shows is what that viewer may see.
pub trait Render: Game {
    /// The view as plain text.
    fn text(view: &Self::View) -> String;

    /// A summary as a game master would post it on a forum: the view and the given events
    /// (usually the last action's, already filtered for the view's viewer), laid out in the
    /// default [`PostOptions`] (plain lists, which every forum shows).
    fn bbcode(view: &Self::View, events: &[&LoggedEvent<Self>]) -> String {
        Self::bbcode_with(view, events, &PostOptions::default())
    }

    /// [`Render::bbcode`] laid out as `options` say (plain lists or `[table]`s). The games'
    /// posts open with where they stand in the thread: the turn or round and the steps they
    /// cover. A game without tables ignores `options`.
    fn bbcode_with(
        view: &Self::View,
        events: &[&LoggedEvent<Self>],
        options: &PostOptions,
    ) -> String;

    /// The map or field as the view shows it, as a standalone SVG document.
    fn svg(view: &Self::View) -> String;

    /// One event as a line of plain text. `view` is the view of the viewer who reads the event
    /// (one it may see), which gives the names of seats, places and cards; a game whose events
    /// carry their own names may ignore it.
    fn event_text(event: &Self::Event, view: &Self::View) -> String;
}

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;
