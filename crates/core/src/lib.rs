//! # pbp-core
//!
//! The shared primitives of pbp, a rules engine for play-by-post games: dice of any size,
//! exploding roll-and-keep pools (`XkY`), contests, coin tosses, percent chances, decks drawn
//! without replacement, dice sources (seeded, scripted from outside rolls, recording), records
//! (the save file) and the [`Game`] contract every pbp game implements.
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
//! forum's dice roller posted can be fed to any game with [`ScriptedDice`], and a [`Record`]
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
//!   (`Secret::from_os`, `os_seed`; getrandom).
//! - `parallel` (off by default): [`sim::simulate_with`] on several threads (rayon).
//! - `testing` (off by default): the harnesses every game's tests use (`testing`: the contract
//!   checks, random play, scenario files, the secrecy property) and their macros.
// docs.rs (Cargo.toml's `[package.metadata.docs.rs]`) badges each item with the features it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod chain;
mod chance;
pub mod commitment;
mod contest;
mod deck;
mod dice;
mod die;
pub mod duel;
pub mod erased;
mod error;
pub mod form;
mod full_roll;
mod game;
pub mod names;
mod notation;
mod odds;
mod outside;
mod pool;
pub mod post;
mod prepared;
mod pretty;
mod record;
mod sample;
pub mod save;
pub mod sim;
#[cfg(feature = "testing")]
pub mod testing;
mod words;

pub use chance::{Coin, Percent, PercentError, pick};
#[cfg(feature = "os-random")]
pub use commitment::os_seed;
pub use commitment::{COMMITMENT_TAG, Commitment, CommitmentError, Salt, Secret};
pub use contest::{Comparison, Contest, Side, Verdict, roll_off, roll_off_fast, strictly_higher};
pub use deck::{Deck, DeckError, Reshuffle};
pub use dice::{Dice, Draw, RecordingDice, ReplayDice, ScriptedDice, SeededDice};
pub use die::{Die, DieRoll};
pub use error::{DiceError, PoolError};
pub use game::{Actor, Audience, Game, GameMasterRole, Outcome, Seat, Turn, Viewer, Visible};
pub use notation::{
    DiceSum, MAX_BONUS, MAX_COUNT, MAX_SIDES, MAX_TERMS, NotationError, OutcomeDie, RollExpr,
    RollOutcome,
};
pub use odds::{
    ContestOdds, DIE_TAIL, Distribution, Joint, MAX_ODDS_DICE, OddsError, TRUNCATION_BOUND,
    contest_odds, distribution, joint_distribution, pool_distribution,
};
pub use outside::{DicePolicy, OutsideStep, forum_values, outside_steps};
pub use pool::{
    FastRoll, KeepOrder, Limits, Modifiers, Pool, PoolDelta, PoolDice, PoolDiceIter, PoolDie,
    PoolFaces, PoolFacesIter, PoolRoll, RankBonus,
};
pub use prepared::PreparedPool;
pub use record::{
    DiceChoice, Entry, FORMAT_VERSION, LoggedEvent, Record, RecordError, Session, Shortfall,
    Source, step_seed,
};
pub use sample::sample_one_to;
pub use words::{counted, ordinal};

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;
