//! Coin tosses, percent chances and uniform picks.

use serde::{Deserialize, Serialize};

use crate::dice::Dice;
use crate::error::DiceError;

/// A coin's face. A toss is a roll of two: 1 is heads, 2 is tails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Coin {
    /// Heads (a roll of 1).
    Heads,
    /// Tails (a roll of 2).
    Tails,
}

impl Coin {
    /// Tosses a coin.
    ///
    /// ```
    /// use pbp_core::{Coin, ScriptedDice};
    /// assert_eq!(Coin::toss(&mut ScriptedDice::new([2])), Ok(Coin::Tails));
    /// ```
    ///
    /// # Errors
    /// The source's errors.
    pub fn toss<D: Dice + ?Sized>(dice: &mut D) -> Result<Coin, DiceError> {
        Ok(if dice.roll(2)? == 1 {
            Coin::Heads
        } else {
            Coin::Tails
        })
    }
}

/// A chance in whole percent: succeeds when a roll of 1-100 is at most the percentage.
///
/// ```
/// use pbp_core::{Percent, ScriptedDice};
/// let chance = Percent::new(75).unwrap();
/// assert_eq!(chance.test(&mut ScriptedDice::new([75])), Ok(true));
/// assert_eq!(chance.test(&mut ScriptedDice::new([76])), Ok(false));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u32", into = "u32")]
pub struct Percent(u32);

impl Percent {
    /// A chance of `percent` in 100.
    ///
    /// # Errors
    /// [`PercentError`] above 100.
    pub fn new(percent: u32) -> Result<Percent, PercentError> {
        if percent > 100 {
            Err(PercentError(percent))
        } else {
            Ok(Percent(percent))
        }
    }

    /// The percentage.
    pub fn get(self) -> u32 {
        self.0
    }

    /// Rolls 1-100 and succeeds on a roll at most the percentage. 0% and 100% draw nothing.
    ///
    /// # Errors
    /// The source's errors.
    pub fn test<D: Dice + ?Sized>(self, dice: &mut D) -> Result<bool, DiceError> {
        match self.0 {
            0 => Ok(false),
            100 => Ok(true),
            p => Ok(dice.roll(100)? <= p),
        }
    }
}

impl TryFrom<u32> for Percent {
    type Error = PercentError;
    fn try_from(value: u32) -> Result<Self, Self::Error> {
        Percent::new(value)
    }
}

impl From<Percent> for u32 {
    fn from(value: Percent) -> Self {
        value.0
    }
}

/// A percentage above 100.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}% is not a chance: it must be between 0 and 100")]
pub struct PercentError(pub u32);

/// Picks an index in `0..count` uniformly (a roll of 1 to `count`, less one).
///
/// ```
/// use pbp_core::{pick, ScriptedDice};
/// assert_eq!(pick(&mut ScriptedDice::new([3]), 5), Ok(2));
/// ```
///
/// # Errors
/// [`DiceError::NoSides`] when `count` is 0, and the source's errors.
pub fn pick<D: Dice + ?Sized>(dice: &mut D, count: u32) -> Result<u32, DiceError> {
    Ok(dice.roll(count)? - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{RecordingDice, ScriptedDice};

    #[test]
    fn certain_chances_draw_nothing() {
        let mut dice = RecordingDice::new(ScriptedDice::new([]));
        assert_eq!(Percent::new(0).unwrap().test(&mut dice), Ok(false));
        assert_eq!(Percent::new(100).unwrap().test(&mut dice), Ok(true));
        assert!(dice.draws().is_empty());
    }

    #[test]
    fn percent_is_bounded() {
        assert_eq!(Percent::new(101), Err(PercentError(101)));
        assert!(serde_json::from_str::<Percent>("150").is_err());
    }

    #[test]
    fn picking_from_nothing_is_an_error() {
        assert_eq!(
            pick(&mut ScriptedDice::new([1]), 0),
            Err(DiceError::NoSides)
        );
    }
}
