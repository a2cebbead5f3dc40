//! The effect primitives every card effect is built from, and characters' abilities.

use serde::{Deserialize, Serialize};

use super::kinds::{CostScope, Duration, Target, Trait, Whom};

/// The effect primitives. Every card effect is a list of these.
///
/// Read by a reader of its own (`effect_de.rs`), which takes the same objects as serde's derive
/// would, without the derive's buffering.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Effect {
    /// Changes the target's Strength by `amount` for the duration.
    Strength {
        /// The change (negative lowers).
        amount: i32,
        /// How long.
        duration: Duration,
    },
    /// Deals `amount` damage to the target: at 0 Strength it becomes Vulnerable, and a Vulnerable
    /// target is Evacuated.
    Damage {
        /// Damage dealt.
        amount: u32,
    },
    /// A player draws `count` cards.
    Draw {
        /// Cards drawn.
        count: u8,
        /// Who draws.
        player: Whom,
    },
    /// A player discards `count` cards at random (drawn by the dice).
    Discard {
        /// Cards discarded.
        count: u8,
        /// Who discards.
        player: Whom,
    },
    /// The card's player gains Resource points.
    Resources {
        /// Points gained.
        amount: u8,
    },
    /// Changes a player's costs (never below 1).
    CostChange {
        /// The change (negative is cheaper).
        amount: i8,
        /// Which costs.
        cards: CostScope,
        /// Whose costs.
        player: Whom,
        /// How long.
        duration: Duration,
    },
    /// The target ignores enemy Tactics of printed cost up to `max_cost`.
    TacticImmunity {
        /// The highest printed cost ignored.
        max_cost: u8,
        /// How long.
        duration: Duration,
    },
    /// Taps the target.
    Tap,
    /// Untaps the target.
    Untap,
    /// Moves the target General to the other deployment zone.
    Move,
    /// The target cannot be attacked nor chosen by enemy cards.
    Protect {
        /// How long.
        duration: Duration,
    },
    /// The target gains a General trait (Assault or Defend).
    Grant {
        /// The trait.
        #[serde(rename = "trait")]
        grant: Trait,
        /// How long.
        duration: Duration,
    },
    /// The target becomes Alert again at full Strength.
    Rally,
}

impl Effect {
    /// Whether the effect acts on a character (rather than on a player).
    pub fn on_character(&self) -> bool {
        !matches!(
            self,
            Effect::Draw { .. }
                | Effect::Discard { .. }
                | Effect::Resources { .. }
                | Effect::CostChange { .. }
        )
    }

    /// Whether the effect can hold continuously (Titles, passive abilities, Events).
    pub fn is_continuous(&self) -> bool {
        matches!(
            self,
            Effect::Strength { .. }
                | Effect::CostChange { .. }
                | Effect::TacticImmunity { .. }
                | Effect::Protect { .. }
                | Effect::Grant { .. }
        )
    }

    /// The effect's duration, if it has one.
    pub fn duration(&self) -> Option<Duration> {
        match self {
            Effect::Strength { duration, .. }
            | Effect::CostChange { duration, .. }
            | Effect::TacticImmunity { duration, .. }
            | Effect::Protect { duration }
            | Effect::Grant { duration, .. } => Some(*duration),
            _ => None,
        }
    }
}

/// How a character's ability works.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AbilityKind {
    /// Holds while the character is in play and untapped.
    Passive,
    /// Used in its owner's Preparation Phase by tapping the character, once a turn.
    Activated,
}

/// A character's ability, built from effect primitives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ability {
    /// Passive or activated.
    pub kind: AbilityKind,
    /// What it targets.
    pub target: Target,
    /// What it does.
    pub effects: Vec<Effect>,
}
