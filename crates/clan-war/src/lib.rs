//! # pbp-clan-war
//!
//! Clan War (seed 000): up to eight Great Clans fight over a hex map of Rokugan with cards and
//! exploding 2k1 dice, one attack per player per day, scored in gold and glory. The game is a
//! pure state machine on pbp-core's [`Game`](pbp_core::engine::Game) contract; the rules, clause by
//! clause, and every decision the seed leaves open are in `docs/rules/clan-war.md`.
//!
//! ```
//! use pbp_clan_war::{ClanWar, ClanWarConfig};
//! use pbp_core::{ScriptedDice, engine::{Actor, Game, Seat}};
//!
//! // The seed's five players; each draws two cards with rolls of 1-52, 1-51, ...
//! let draws: Vec<u32> = (0..10).map(|i| 1 + i % 3).collect();
//! let mut state = ClanWar::setup(&ClanWarConfig::default(), &mut ScriptedDice::new(draws))?;
//! assert_eq!(state.players[0].hand.len(), 2);
//! // The Crab attacks D6 (a Scorpion province; no one plays the Scorpion, so the Spirit Army
//! // holds it) from its own C6.
//! let crab = Actor::Seat(Seat(0));
//! let attack = ClanWar::parse_action(&state, crab, "attack D6 from C6")?;
//! ClanWar::apply(&mut state, crab, &attack, &mut ScriptedDice::new([]))?;
//! assert_eq!(state.battles.len(), 1);
//! # Ok::<(), pbp_clan_war::ClanWarError>(())
//! ```
//!
//! ## Features
//!
//! None: the whole game, always.
// docs.rs (Cargo.toml's `[package.metadata.docs.rs]`) badges each item with the features it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

mod bot;
mod cards;
mod clan;
mod config;
mod engine;
mod error;
mod game;
mod hex_label;
mod legal;
mod map;
mod model;
mod setup;
mod state;
mod text;
mod view;

pub use bot::{heuristic_action, heuristic_win_rates, play_out};
pub use cards::{Card, CardKind, CardNo, card, deck, ring_of};
pub use clan::{Clan, Element, Strategy};
pub use config::{
    ClanWarConfig, Contested, DuelistSpan, HomeBonus, KeptDice, Options, PlayerSetup,
};
pub use engine::{BATTLE_RULE, battle_odds, battle_pools, pool_for};
pub use error::{BattleName, ClanWarError, Refusal};
pub use game::ClanWar;
pub use hex_label::HexLabel;
pub use map::{DEFAULT_GRID, HexSpec, Map, MapHex, MapSpec, Terrain, label, parse_label};
pub use model::{
    CardEffect, ClanWarAction, ClanWarEvent, ForcedEnd, NullifyTarget, StrategyChange,
};
pub use state::{
    Battle, BattleReport, BattleResult, ClanWarState, Defender, Holder, Pending, Phase, Played,
    Player, Rolled, RoundReport, SideState, Slot,
};
pub use text::battle_id;
pub use view::{ClanWarView, HandView, HexView, PlayerView};

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;
