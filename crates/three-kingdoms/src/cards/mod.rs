//! Cards as data: the card file format, the effect primitives, and validation on load.
//!
//! A card file is JSON:
//!
//! ```json
//! { "format": "pbp-three-kingdoms-cards", "version": 1, "set": "starter", "cards": [ ... ] }
//! ```
//!
//! Each card has an `id` (lowercase letters, digits and `-`, unique), a `name`, a `type`
//! (`lord`, `general`, `adviser`, `tactic`, `strategy`, `title`, `reinforcement`, `event`), a
//! `rarity` (`SR`, `R`, `UC`, `C`), a `cost`, and the fields its type needs: `strength` and
//! `traits` for characters, `commander` for Generals, `strategist_ability` for Advisers, `timing`
//! for Tactics, `class` for Titles, `target` and `effects` for the rest. Effects are built only from
//! the primitives of [`Effect`]; a card has no free rules text. [`CardSet::from_json`] checks every
//! field and names the card and the field of the first problem.
//!
//! One job a file: `kinds.rs` (the words a card is made of: faction, rarity, type, trait, title
//! class, timing, duration, whom, target, cost scope), `effect.rs` (the effect primitives and
//! abilities), this file (one card, [`CardDef`]), `file.rs` (the card file format and
//! [`CardSet`]), `validate.rs` (the checks of one card), `starter.rs` (the starter pool).

use serde::{Deserialize, Serialize};

mod effect;
mod effect_de;
mod file;
mod kinds;
mod starter;
mod validate;

pub use effect::{Ability, AbilityKind, Effect};
pub use file::{CARD_FORMAT, CARD_FORMAT_VERSION, CardFile, CardSet};
pub use kinds::{
    CardType, CostScope, Duration, Faction, Rarity, Target, Timing, TitleClass, Trait, Whom,
};
pub use starter::STARTER_CARDS;
pub(crate) use starter::starter_set;
pub use validate::validate_card;

/// One card as written in a card file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    /// Unique id: lowercase letters, digits and `-`.
    pub id: String,
    /// The card's name.
    pub name: String,
    /// The character's epithet (characters only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub epithet: Option<String>,
    /// The faction; none for shared cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faction: Option<Faction>,
    /// Rarity.
    pub rarity: Rarity,
    /// The card type.
    #[serde(rename = "type")]
    pub card_type: CardType,
    /// The printed cost.
    pub cost: u8,
    /// Strength (characters only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strength: Option<u32>,
    /// Traits (characters only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub traits: Vec<Trait>,
    /// Whether a General may be the Commander.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub commander: bool,
    /// The character's ability.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ability: Option<Ability>,
    /// An Adviser's second ability as Strategist; having one makes it eligible as Strategist.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strategist_ability: Option<Ability>,
    /// When a Tactic is played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timing: Option<Timing>,
    /// A Title's class.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<TitleClass>,
    /// What a Tactic, Strategy, Reinforcement or Event targets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Target>,
    /// What a non-character card does (a Title's effects act on its bearer while held).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
}

impl CardDef {
    /// Whether the card has a trait printed.
    pub fn has_trait(&self, t: Trait) -> bool {
        self.traits.contains(&t)
    }

    /// The printed Strength (0 for non-characters).
    pub fn base_strength(&self) -> u32 {
        self.strength.unwrap_or(0)
    }

    /// The Tactic's timing (Preparation by default).
    pub fn tactic_timing(&self) -> Timing {
        self.timing.unwrap_or_default()
    }
}
