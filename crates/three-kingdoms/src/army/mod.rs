//! Armies: the characters fielded at the start, their Titles, the Strategist, the Commander, the
//! Ambush choices, the Event, and the deck; the building rules; the preconstructed armies.
//!
//! An army file is JSON: `{ "format": "pbp-three-kingdoms-armies", "version": 1, "armies": [...] }`
//! where each army is an [`ArmySpec`].
//!
//! One job a file: this file (the army types), `problem.rs` (each violation of the building
//! rules and its words), `validate.rs` (the building rules checked), `file.rs` (the army file
//! format), `starter.rs` (the preconstructed armies).

use serde::{Deserialize, Serialize};

use crate::cards::Faction;

mod file;
mod problem;
mod starter;
mod validate;

pub use file::{ARMY_FORMAT, ARMY_FORMAT_VERSION, armies_from_json, validate_army_file};
pub use problem::ArmyProblem;
pub(crate) use starter::preset_of;
pub use starter::{STARTER_ARMIES, preset};
pub use validate::{selection_cost, title_fits, validate_army};

/// A Title given to a character of the army at the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TitleGrant {
    /// The Title card's id.
    pub title: String,
    /// The id of the character holding it.
    pub on: String,
}

/// Copies of one card in a deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckEntry {
    /// The card's id.
    pub card: String,
    /// How many copies.
    pub copies: u8,
}

/// An army and its deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmySpec {
    /// The army's name.
    pub name: String,
    /// The Lord's card id.
    pub lord: String,
    /// The Generals and Advisers fielded at the start (the Lord not included).
    pub characters: Vec<String>,
    /// Titles bought at the start.
    #[serde(default)]
    pub titles: Vec<TitleGrant>,
    /// The Strategist, an eligible Adviser of the army.
    #[serde(default)]
    pub strategist: Option<String>,
    /// The Commander, an eligible General of the army (none with a War Lord, who is Commander).
    #[serde(default)]
    pub commander: Option<String>,
    /// Generals of the army starting in Ambush.
    #[serde(default)]
    pub ambush: Vec<String>,
    /// Events played before the match (at most one).
    #[serde(default)]
    pub events: Vec<String>,
    /// The deck.
    pub deck: Vec<DeckEntry>,
}

/// How a seat's army is chosen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ArmyChoice {
    /// The preconstructed army of a faction.
    Preset(Faction),
    /// An army of one's own.
    Custom(Box<ArmySpec>),
}
