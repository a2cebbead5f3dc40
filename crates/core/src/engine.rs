//! The game engine: the [`Game`] contract every pbp game implements, and what runs a game on it.
//!
//! - the contract: [`Game`], who acts ([`Actor`], [`Seat`], [`GameMasterRole`], [`Turn`]), who
//!   sees what ([`Viewer`], [`Audience`], [`Visible`]) and how a game ends ([`Outcome`]);
//! - a game in progress and its history: [`Session`], the [`Record`] of its steps ([`Entry`],
//!   [`LoggedEvent`]), where their dice came from ([`DiceChoice`], [`Source`], [`DicePolicy`],
//!   [`outside_steps`]) and the save file ([`save`]);
//! - what a game master publishes to prove the game fair: the seed [`commitment`] and the history
//!   [`chain`];
//! - the type-erased layer every frontend goes through ([`erased`]: one game, one session, by
//!   JSON), with the action [`form`]s a page builds actions from, forum [`post`]s as a game reads
//!   them and players' [`names`];
//! - computer players and the simulator ([`sim`]), and the harnesses every game's tests use
//!   ([`testing`], feature `testing`);
//! - [`words`], for the texts people read (counts, ordinals);
//! - [`duel`], the example game: small, and exercising the whole contract.
//!
//! The dice a game rolls are the crate's root: [`Dice`](crate::Dice), [`Pool`](crate::Pool),
//! [`Deck`](crate::Deck) and the rest.
//!
//! ```
//! use pbp_core::engine::duel::{Duel, DuelAction, Stance};
//! use pbp_core::engine::{Actor, DiceChoice, Game, Seat, Session, Turn};
//!
//! let mut session = Session::<Duel>::new(Default::default(), 7, DiceChoice::Seeded)?;
//! assert!(matches!(Duel::turn(session.state()), Turn::Acting(_)));
//! let strike = DuelAction::Choose(Stance::Strike);
//! session.act(Actor::Seat(Seat(0)), strike, DiceChoice::Seeded)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod chain;
pub mod commitment;
pub mod duel;
pub mod erased;
pub mod form;
pub mod names;
pub mod post;
pub mod save;
pub mod sim;
#[cfg(feature = "testing")]
pub mod testing;
pub mod words;

#[cfg(feature = "os-random")]
pub use crate::engine::commitment::os_seed;
pub use crate::engine::commitment::{COMMITMENT_TAG, Commitment, CommitmentError, Salt, Secret};
pub use crate::game::{
    Actor, Audience, Game, GameMasterRole, Outcome, Seat, Turn, Viewer, Visible,
};
pub use crate::outside::{DicePolicy, OutsideStep, outside_steps};
pub use crate::record::{
    DiceChoice, Entry, FORMAT_VERSION, LoggedEvent, Record, RecordError, Session, Shortfall,
    Source, step_seed,
};
