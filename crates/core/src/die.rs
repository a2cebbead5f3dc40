//! Single dice: any number of sides, optionally exploding.

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::dice::Dice;
use crate::error::{DiceError, PoolError};

/// A die: `sides` faces, exploding (rolled again and added) on a face at or above `explode_at`.
///
/// ```
/// use pbp_core::{Die, ScriptedDice};
/// let mut dice = ScriptedDice::new([10, 10, 3]);
/// let roll = Die::EXPLODING_D10.roll(&mut dice, 100).unwrap();
/// assert_eq!(roll.total(), 23);
/// assert_eq!(roll.faces(), &[10, 10, 3]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Die {
    sides: u32,
    explode_at: Option<u32>,
}

impl Die {
    /// A plain ten-sided die.
    pub const D10: Die = Die {
        sides: 10,
        explode_at: None,
    };
    /// The exploding d10 of roll-and-keep games: a 10 is rolled again and added, again and again.
    pub const EXPLODING_D10: Die = Die {
        sides: 10,
        explode_at: Some(10),
    };

    /// A plain die with `sides` faces.
    ///
    /// # Errors
    /// [`PoolError::NoSides`] when `sides` is 0.
    pub fn new(sides: u32) -> Result<Die, PoolError> {
        if sides == 0 {
            return Err(PoolError::NoSides);
        }
        Ok(Die {
            sides,
            explode_at: None,
        })
    }

    /// A die that explodes on any face at or above `threshold`.
    ///
    /// # Errors
    /// [`PoolError::BadThreshold`] unless `2 <= threshold <= sides` (a threshold of 1 would
    /// never stop), and [`PoolError::NoSides`] for a die without sides.
    pub fn exploding(sides: u32, threshold: u32) -> Result<Die, PoolError> {
        if sides == 0 {
            return Err(PoolError::NoSides);
        }
        if threshold < 2 || threshold > sides {
            return Err(PoolError::BadThreshold { threshold, sides });
        }
        Ok(Die {
            sides,
            explode_at: Some(threshold),
        })
    }

    /// The number of faces.
    pub fn sides(&self) -> u32 {
        self.sides
    }

    /// The face at or above which the die explodes, if it explodes.
    pub fn explode_at(&self) -> Option<u32> {
        self.explode_at
    }

    /// The same die without explosion.
    pub fn without_explosion(self) -> Die {
        Die {
            explode_at: None,
            ..self
        }
    }

    /// Rolls the die, keeping every face of its explosion chain.
    ///
    /// `max_rolls` bounds the chain (at least one roll is always made).
    ///
    /// # Errors
    /// The source's errors, and [`DiceError::ChainTooLong`] when the die would need more than
    /// `max_rolls` rolls.
    #[inline]
    pub fn roll<D: Dice + ?Sized>(
        &self,
        dice: &mut D,
        max_rolls: u32,
    ) -> Result<DieRoll, DiceError> {
        let mut faces = SmallVec::new();
        let mut total: u64 = 0;
        loop {
            if faces.len() as u64 >= u64::from(max_rolls.max(1)) {
                return Err(DiceError::ChainTooLong { limit: max_rolls });
            }
            let face = if faces.is_empty() {
                dice.roll(self.sides)?
            } else {
                dice.roll_again(self.sides)?
            };
            faces.push(face);
            total += u64::from(face);
            match self.explode_at {
                Some(threshold) if face >= threshold => continue,
                _ => break,
            }
        }
        Ok(DieRoll { faces, total })
    }

    /// Rolls the die and returns only its total (no chain kept; the fastest path).
    ///
    /// # Errors
    /// As [`Die::roll`].
    #[inline]
    pub fn roll_total<D: Dice + ?Sized>(
        &self,
        dice: &mut D,
        max_rolls: u32,
    ) -> Result<u64, DiceError> {
        dice.roll_chain_total(self.sides, self.explode_at, max_rolls)
    }
}

/// One rolled die: every face of its explosion chain and their sum.
///
/// Chains of up to [`DieRoll::INLINE_FACES`] rolls are stored inline, without heap allocation;
/// a longer chain (one chance in 10^8 for an exploding d10) moves to the heap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieRoll {
    faces: SmallVec<[u32; 8]>,
    total: u64,
}

impl DieRoll {
    /// The longest chain stored without heap allocation.
    pub const INLINE_FACES: usize = 8;

    /// Every face rolled, in order; all but the last are at or above the explosion threshold.
    pub fn faces(&self) -> &[u32] {
        &self.faces
    }

    /// The sum of the faces.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// Whether the die exploded at least once.
    pub fn exploded(&self) -> bool {
        self.faces.len() > 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;

    #[test]
    fn a_plain_die_never_explodes() {
        let mut dice = ScriptedDice::new([10, 10]);
        assert_eq!(Die::D10.roll(&mut dice, 100).unwrap().faces(), &[10]);
    }

    #[test]
    fn thresholds_are_validated() {
        assert_eq!(
            Die::exploding(10, 1),
            Err(PoolError::BadThreshold {
                threshold: 1,
                sides: 10
            })
        );
        assert!(Die::exploding(10, 11).is_err());
        assert!(Die::exploding(10, 9).is_ok());
        assert_eq!(Die::new(0), Err(PoolError::NoSides));
    }

    #[test]
    fn chains_are_bounded() {
        let mut dice = ScriptedDice::new([10; 5]);
        assert_eq!(
            Die::EXPLODING_D10.roll(&mut dice, 3),
            Err(DiceError::ChainTooLong { limit: 3 })
        );
        let mut dice = ScriptedDice::new([10, 10, 2]);
        assert_eq!(Die::EXPLODING_D10.roll_total(&mut dice, 3), Ok(22));
    }

    #[test]
    fn lower_thresholds_explode_more() {
        let die = Die::exploding(10, 9).unwrap();
        let mut dice = ScriptedDice::new([9, 10, 4]);
        assert_eq!(die.roll(&mut dice, 10).unwrap().total(), 23);
    }
}
