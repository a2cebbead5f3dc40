//! # pbp-three-kingdoms
//!
//! Three Kingdoms (seed 001), a two-player card game of Lords, Generals and Advisers of Wei, Shu,
//! Wu, Han and Qun, as a pure state machine on pbp-core's [`Game`](pbp_core::engine::Game) contract.
//!
//! Cards are data ([`CardSet`], a versioned JSON format validated on load) whose effects are
//! built from a small set of primitives ([`Effect`]); armies are checked against the building
//! rules ([`validate_army`]); every option the seed leaves open is in [`Rules`].
//!
//! ```
//! use pbp_core::{SeededDice, engine::{Actor, Game, Seat, Turn}};
//! use pbp_three_kingdoms::{Faction, ThreeKingdoms, ThreeKingdomsConfig};
//!
//! let config = ThreeKingdomsConfig::presets(Faction::Wei, Faction::Wu);
//! let mut dice = SeededDice::new(1);
//! let mut state = ThreeKingdoms::setup(&config, &mut dice)?;
//! let Turn::Acting(actors) = ThreeKingdoms::turn(&state) else { unreachable!() };
//! let seat = actors[0];
//! let end = ThreeKingdoms::parse_action(&state, seat, "end")?;
//! ThreeKingdoms::apply(&mut state, seat, &end, &mut dice)?;
//! assert_eq!(state.phase, pbp_three_kingdoms::Phase::Combat);
//! # Ok::<(), pbp_three_kingdoms::ThreeKingdomsError>(())
//! ```
//!
//! ## Features
//!
//! None: the whole game, always.
// docs.rs (Cargo.toml's `[package.metadata.docs.rs]`) badges each item with the features it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

mod army;
mod bot;
mod cards;
mod config;
mod engine;
mod error;
mod game;
mod legal;
mod model;
mod resolved;
mod setup;
mod state;
mod text;
mod view;

pub use army::{
    ARMY_FORMAT, ARMY_FORMAT_VERSION, ArmyChoice, ArmyProblem, ArmySpec, DeckEntry, STARTER_ARMIES,
    TitleGrant, armies_from_json, preset, selection_cost, title_fits, validate_army,
    validate_army_file,
};
pub use bot::heuristic_action;
pub use cards::{
    Ability, AbilityKind, CARD_FORMAT, CARD_FORMAT_VERSION, CardDef, CardFile, CardSet, CardType,
    CostScope, Duration, Effect, Faction, Rarity, STARTER_CARDS, Target, Timing, TitleClass, Trait,
    Whom, validate_card,
};
pub use config::{
    AmbushTie, AmbushVisibility, DeckOut, PoliticsRule, ResourceExpiry, Rules, StrengthTie,
    ThreeKingdomsConfig,
};
pub use error::{Refusal, ThreeKingdomsError};
pub use game::ThreeKingdoms;
pub use model::{CardSeen, FightResult, ThreeKingdomsAction, ThreeKingdomsEvent};
/// The opponent of a seat in a two-player game.
pub use state::other as opponent;
pub use state::{
    Character, CostMod, Ending, Modifier, Pending, Phase, Player, TargetRef, ThreeKingdomsState,
    Zone,
};
pub use text::{duration_text, effect_text};
pub use view::{CharacterView, PlayerView, ThreeKingdomsView};

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctest;
