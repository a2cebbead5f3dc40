//! # pbp-core
//!
//! The shared primitives of pbp, a rules engine for play-by-post games, on two levels:
//!
//! - **the root is a dice library**: dice of any size ([`Die`]), exploding roll-and-keep pools
//!   (`XkY`: [`Pool`], [`PreparedPool`]), contests ([`roll_off`]), coin tosses and percent
//!   chances ([`Coin`], [`Percent`]), decks drawn without replacement ([`Deck`]), the dice
//!   notation ([`RollExpr`]) with exact odds ([`distribution`], [`contest_odds`]), and dice
//!   sources ([`Dice`]: seeded, scripted from outside rolls, recording, replaying);
//! - **[`engine`] is the game engine** built on them: the [`Game`](engine::Game) contract every
//!   pbp game implements, sessions and records (the save file), the seed commitment and the
//!   history chain, the type-erased layer frontends use, action forms, bots and the simulator,
//!   the test harnesses (feature `testing`), the words of the texts people read, and
//!   [`duel`](engine::duel), the example game.
//!
//! A program that only rolls dice needs nothing from [`engine`]; a game imports from both
//! (`use pbp_core::{Dice, Pool}; use pbp_core::engine::{Actor, Game, Seat};`).
//!
//! ```
//! use pbp_core::{roll_off, Comparison, Pool, SeededDice, Side};
//!
//! // Seed 000's duel: 2k1 exploding d10s, higher total wins, ties go to the second die.
//! let mut dice = SeededDice::new(2026);
//! let attacker = Pool::new(2, 1).plus(1); // "+1 to all your rolls" on home ground
//! let defender = Pool::new(2, 1);
//! let contest = roll_off(&attacker, &defender, Comparison::HighestThenSecond, &mut dice, 100)?;
//! assert!(matches!(contest.winner, Side::First | Side::Second));
//! # Ok::<(), pbp_core::PoolError>(())
//! ```
//!
//! Every random value is a roll of "one to n" drawn through a [`Dice`] source, so the numbers a
//! forum's dice roller posted can be fed to any game with [`ScriptedDice`], and a
//! [`Record`](engine::Record)
//! replays a whole game exactly.
//!
//! A simulation that rolls the same pool many times prepares it once and keeps only the totals,
//! without allocation; the values drawn are the same as a full [`Pool::roll`]'s:
//!
//! ```
//! use pbp_core::{Limits, Pool, SeededDice};
//! let duel = Pool::new(2, 1).prepare(&Limits::default())?;
//! let mut dice = SeededDice::new(7);
//! let wins = (0..1000)
//!     .filter(|_| duel.roll(&mut dice).is_ok_and(|roll| roll.total >= 8))
//!     .count();
//! assert!(wins > 420 && wins < 600); // 51% of 2k1 rolls reach 8
//! # Ok::<(), pbp_core::PoolError>(())
//! ```
//!
//! Many rolls at once are faster still with [`PreparedPool::roll_many`], which fills a slice
//! with the same rolls, in the same order.
//!
//! Rolls also have a text form, [`RollExpr`] (`2k1`, `3k2+1`, `5k3 h+2`, `d10+19`, `3d6`, `coin`,
//! `75%`; the syntax is in its docs), and exact odds computed rather than sampled:
//!
//! ```
//! use pbp_core::{Comparison, RollExpr, contest_odds, distribution};
//! let pool: RollExpr = "3k2+1".parse()?;
//! let odds = distribution(&pool)?;
//! assert!(odds.mean() > 12.0);
//! let contest = contest_odds(&pool, &"2k1".parse()?, Comparison::HighestThenSecond)?;
//! assert!(contest.win > 0.5 && (contest.win + contest.lose - 1.0).abs() < 1e-12);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Features
//!
//! - `os-random` (off by default): seeds and commitment salts drawn from the operating system
//!   (`engine::Secret::from_os`, `engine::os_seed`; getrandom).
//! - `parallel` (off by default): [`engine::sim::simulate_with`] on several threads (rayon).
//! - `testing` (off by default): the harnesses every game's tests use (`engine::testing`: the
//!   contract checks, random play, scenario files, the secrecy property) and their macros.
// docs.rs (Cargo.toml's `[package.metadata.docs.rs]`) badges each item with the features it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

mod chance;
mod contest;
mod deck;
mod dice;
mod die;
pub mod engine;
mod error;
mod full_roll;
mod game;
mod notation;
mod odds;
mod outside;
mod pool;
mod prepared;
mod pretty;
mod record;
pub use chance::{Coin, Percent, PercentError, pick};
pub use contest::{Comparison, Contest, Side, Verdict, roll_off, strictly_higher};
pub use deck::{Deck, DeckError, Reshuffle};
pub use dice::{Dice, Draw, RecordingDice, ReplayDice, ScriptedDice, SeededDice};
pub use die::{Die, DieRoll};
pub use error::{DiceError, PoolError};
pub use notation::{
    DiceSum, MAX_BONUS, MAX_COUNT, MAX_SIDES, MAX_TERMS, NotationError, OutcomeDie, RollExpr,
    RollOutcome,
};
pub use odds::{
    ContestOdds, Distribution, Joint, MAX_ODDS_DICE, OddsError, contest_odds, distribution,
    joint_distribution, pool_distribution,
};
pub use pool::{
    FastRoll, KeepOrder, Limits, Modifiers, Pool, PoolDelta, PoolDice, PoolDiceIter, PoolDie,
    PoolFaces, PoolFacesIter, PoolRoll, RankBonus,
};
pub use prepared::PreparedPool;

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;
