//! The techniques, their ranks, allowances and chances.

use pbp_core::{Dice, DiceError, Percent};
use serde::{Deserialize, Serialize};

/// A technique. `Sprint` and `Pass` need no talent; the others are talents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Technique {
    /// Sprint: a longer move (counts as the move).
    Sprint,
    /// Passe: give the scroll to an ally (secret).
    Pass,
    /// Gôken: strike, may push the target back and make the scroll fall.
    Goken,
    /// Suiken: strike, the striker may recoil, may make the scroll fall.
    Suiken,
    /// Genjutsu: may cancel the next enemy technique (secret).
    Genjutsu,
    /// Kuchiyose: a summon blocks a square.
    Kuchiyose,
    /// Fuinjutsu: a hidden seal that ends the turn of who steps on it (secret).
    Fuinjutsu,
    /// Kujutsu: move an ally one square.
    Kujutsu,
    /// Iroujutsu: restore a spent technique.
    Iroujutsu,
    /// Taijutsu: strike, may push the target back.
    Taijutsu,
    /// Sensoriel: learn a short list of names that holds the enemy carrier.
    Sensory,
    /// Doton: may block the next attack on oneself.
    Doton,
    /// Fuuton: may jump over an adjacent enemy.
    Fuuton,
    /// Katon: may burn an enemy, who cannot move on its next turn.
    Katon,
    /// Raiton: may paralyse an enemy, who loses its next turn.
    Raiton,
    /// Suiton: floods (rank 1) or traps (ranks 2 and 3) a square.
    Suiton,
}

impl Technique {
    /// The fourteen talents (every technique but Sprint and Pass).
    pub const TALENTS: [Technique; 14] = [
        Technique::Goken,
        Technique::Suiken,
        Technique::Genjutsu,
        Technique::Kuchiyose,
        Technique::Fuinjutsu,
        Technique::Kujutsu,
        Technique::Iroujutsu,
        Technique::Taijutsu,
        Technique::Sensory,
        Technique::Doton,
        Technique::Fuuton,
        Technique::Katon,
        Technique::Raiton,
        Technique::Suiton,
    ];

    /// Every technique.
    pub const ALL: [Technique; 16] = [
        Technique::Sprint,
        Technique::Pass,
        Technique::Goken,
        Technique::Suiken,
        Technique::Genjutsu,
        Technique::Kuchiyose,
        Technique::Fuinjutsu,
        Technique::Kujutsu,
        Technique::Iroujutsu,
        Technique::Taijutsu,
        Technique::Sensory,
        Technique::Doton,
        Technique::Fuuton,
        Technique::Katon,
        Technique::Raiton,
        Technique::Suiton,
    ];

    /// Whether anyone may use it without a talent.
    pub fn is_free(self) -> bool {
        matches!(self, Technique::Sprint | Technique::Pass)
    }

    /// Whether it is a secret order sent to the organizer (Passe, Genjutsu, Fuinjutsu).
    pub fn is_secret(self) -> bool {
        matches!(
            self,
            Technique::Pass | Technique::Genjutsu | Technique::Fuinjutsu
        )
    }

    /// Whether it is one of the offensive techniques that can destroy a summon (Gôken, Suiken,
    /// Taijutsu, Katon, Raiton).
    pub fn is_offensive(self) -> bool {
        matches!(
            self,
            Technique::Goken
                | Technique::Suiken
                | Technique::Taijutsu
                | Technique::Katon
                | Technique::Raiton
        )
    }

    /// Whether it strikes an adjacent target (the others among the offensive ones reach farther).
    pub fn is_melee(self) -> bool {
        matches!(
            self,
            Technique::Goken | Technique::Suiken | Technique::Taijutsu
        )
    }

    /// The English text name.
    pub fn name(self) -> &'static str {
        match self {
            Technique::Sprint => "sprint",
            Technique::Pass => "pass",
            Technique::Goken => "goken",
            Technique::Suiken => "suiken",
            Technique::Genjutsu => "genjutsu",
            Technique::Kuchiyose => "kuchiyose",
            Technique::Fuinjutsu => "fuinjutsu",
            Technique::Kujutsu => "kujutsu",
            Technique::Iroujutsu => "iroujutsu",
            Technique::Taijutsu => "taijutsu",
            Technique::Sensory => "sensory",
            Technique::Doton => "doton",
            Technique::Fuuton => "fuuton",
            Technique::Katon => "katon",
            Technique::Raiton => "raiton",
            Technique::Suiton => "suiton",
        }
    }

    /// Reads a name, English or French (`passe`, `gôken`, `sensoriel`), any case.
    pub fn parse(text: &str) -> Option<Technique> {
        let t = text.to_lowercase();
        let t = t.replace('ô', "o");
        match t.as_str() {
            "passe" => Some(Technique::Pass),
            "sensoriel" | "sensor" => Some(Technique::Sensory),
            other => Technique::ALL.into_iter().find(|x| x.name() == other),
        }
    }
}

/// Uses per game of a talent of this rank: three at rank 1 (minor), two at rank 2 (major), one at
/// rank 3 (optimal).
pub fn allowance(rank: u8) -> u8 {
    match rank {
        1 => 3,
        2 => 2,
        _ => 1,
    }
}

/// Tests a chance of `percent` in 100 through core's [`Percent`] (a roll of 1-100; 0% and 100%
/// draw nothing).
///
/// # Errors
/// The dice source's errors.
pub fn chance(dice: &mut dyn Dice, percent: u32) -> Result<bool, DiceError> {
    match Percent::new(percent) {
        Ok(p) => p.test(dice),
        Err(_) => Ok(true),
    }
}

/// 25% at rank 1, 50% at rank 2, 75% at rank 3 (Gôken, Suiken, Genjutsu, Raiton).
pub fn quarter_chance(rank: u8) -> u32 {
    25 * u32::from(rank.clamp(1, 3))
}

/// 50% at rank 1, 75% at rank 2, 100% at rank 3 (Taijutsu, Doton, Fuuton, Katon).
pub fn half_chance(rank: u8) -> u32 {
    25 + 25 * u32::from(rank.clamp(1, 3))
}
