//! # pbp-scroll-race
//!
//! Scroll Race (seed 004) for pbp: two teams of five race to carry their scroll into the enemy
//! base. Each team's carrier is secret; passes, Genjutsu and Fuinjutsu seals are secret orders to
//! the organizer; and sixteen techniques at three ranks push, burn, paralyse, trap, summon and
//! sense. The rules, clause by clause, and every decision taken where the seed is silent are in
//! `docs/rules/scroll-race.md`.
//!
//! The game is a pure state machine on pbp-core's [`Game`](pbp_core::engine::Game) contract: randomness comes only from
//! the [`pbp_core::Dice`] source, and each viewer's [`ScrollRaceView`] shows only what that
//! viewer may know.
//!
//! ```
//! use pbp_core::{SeededDice, engine::{Actor, Game, Seat, Viewer}};
//! use pbp_scroll_race::{ScrollRaceAction, Phase, ScrollRace, ScrollRaceConfig};
//!
//! let mut dice = SeededDice::new(4);
//! let mut state = ScrollRace::setup(&ScrollRaceConfig::default(), &mut dice)?;
//! // Each team's captain (seats 0 and 5) secretly names its carrier.
//! for seat in [0, 5] {
//!     let action = ScrollRace::parse_action(&state, Actor::Seat(Seat(seat)), &format!("carrier {}", seat + 2))?;
//!     ScrollRace::apply(&mut state, Actor::Seat(Seat(seat)), &action, &mut dice)?;
//! }
//! assert_eq!(state.phase, Phase::Play);
//! // Nobody on the other team, nor the public, can see team 0's carrier.
//! let public = ScrollRace::view(&state, Viewer::Public);
//! assert_eq!(public.scrolls[0].carrier, None);
//! assert_eq!(ScrollRace::view(&state, Viewer::Seat(Seat(1))).scrolls[0].carrier, Some(2));
//! # Ok::<(), pbp_scroll_race::ScrollRaceError>(())
//! ```
//!
//! ## Features
//!
//! None: the whole game, always.
// docs.rs (Cargo.toml's `[package.metadata.docs.rs]`) badges each item with the features it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

mod bot;
mod config;
mod engine;
mod error;
mod field;
mod game;
mod legal;
mod model;
mod setup;
mod state;
mod technique;
mod text;
mod view;

pub use bot::heuristic_action;
pub use config::{
    CharacterConfig, GenjutsuScope, Metric, ScrollRaceConfig, SuitonReading, Talent, TurnOrder,
};
pub use error::{Refusal, ScrollRaceError};
pub use field::{Cell, Dir, Field, Square, TEAM_SIZE};
pub use game::ScrollRace;
pub use model::{CharId, Movement, Ruling, ScrollRaceAction, ScrollRaceEvent, Target, Use};
pub use state::{
    Character, Ending, Genjutsu, Holder, Phase, Scroll, ScrollRaceState, Sensing, Skill, Summon,
    Trap, TrapKind, captain, team_of, team_seats,
};
pub use technique::{Technique, allowance, chance, half_chance, quarter_chance};
pub use view::{CharacterView, ScrollRaceView, ScrollView, UsesView};

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;
