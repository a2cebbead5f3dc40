//! # pbp-warring-states
//!
//! Warring States of Han (seed 003) as a pure state machine on pbp-core's [`Game`] contract:
//! up to twelve players on a 70-state map split by the Great River send simultaneous order
//! sheets (rice for defence, investment and conquest, generals, Kingdoms); the game master's
//! turn summary resolves them with d10 battles and coin tosses.
//!
//! ```
//! use pbp_core::{SeededDice, engine::{Actor, Game, Seat}};
//! use pbp_warring_states::{WarringStates, WarringStatesAction, WarringStatesConfig};
//!
//! let mut dice = SeededDice::new(3);
//! let mut state = WarringStates::setup(&WarringStatesConfig::default(), &mut dice)?;
//! // Seat 0 holds Tang: an order post, bolded as the seed requires.
//! let post = "My orders:\n[b]5 Rice for Defense of Tang.\n5 Rice for Conquest of Sui.[/b]";
//! let action = WarringStates::parse_action(&state, Actor::Seat(Seat(0)), post)?;
//! WarringStates::apply(&mut state, Actor::Seat(Seat(0)), &action, &mut dice)?;
//! // The game master closes the turn: the others sent nothing.
//! WarringStates::apply(&mut state, Actor::GameMaster, &WarringStatesAction::CloseTurn, &mut dice)?;
//! assert_eq!(state.turn, 2);
//! # Ok::<(), pbp_warring_states::WarringStatesError>(())
//! ```
//!
//! The rules, clause by clause, with every decision and the test of each, are in
//! `docs/rules/warring-states.md`.
//!
//! [`Game`]: pbp_core::engine::Game
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
mod form;
mod game;
mod legal;
mod map;
mod model;
mod setup;
mod state;
mod text;
mod view;

pub use bot::{attack_odds, expected_defence, heuristic_sheet};
pub use config::{Colour, PlayerSpec, Rounding, Rules, School, WarringStatesConfig};
pub use engine::generals::GENERAL_NAMES;
pub use engine::sheets::{GENERALS_PER_ORDER, check_sheet};
pub use error::{JoinRefusal, OrderProblem, Refusal, WarringStatesError};
pub use game::{MAX_PLAYERS, WarringStates};
pub use map::{Bank, Link, Map, MapSpec, Province, StateId, StateSpec};
pub use model::{
    Battle, Force, GainReason, General, GeneralId, GeneralInBattle, JoinSpec, Order, OrderSheet,
    Player, SealedSheet, Trait, WarringStatesAction, WarringStatesEvent,
};
pub use state::WarringStatesState;
pub use text::{format_order, format_sheet, parse_post};
pub use view::WarringStatesView;

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;
