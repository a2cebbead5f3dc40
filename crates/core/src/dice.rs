//! Dice sources: the one door through which every random value in pbp enters.
//!
//! Every random decision in pbp is a roll of "one to n": a die face, a coin (two sides), a percent
//! chance (one to a hundred), a uniform pick, a card drawn by its position among the remaining
//! cards. A [`Dice`] source answers those rolls. Three sources ship:
//!
//! - [`SeededDice`]: a portable PCG generator seeded from a `u64`;
//! - [`ScriptedDice`]: values rolled elsewhere (a forum's dice roller), checked against the range;
//! - [`RecordingDice`]: wraps another source and keeps every value drawn, for the save file.

use rand_core::Rng;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

use crate::error::DiceError;
use crate::sample::sample_one_to;

/// A source of random rolls.
///
/// `roll(n)` returns an integer in `1..=n`. A roll with one side is certain: every source answers
/// `1` without drawing anything, so a scripted source is never asked for "a number from 1 to 1".
///
/// ```
/// use pbp_core::{Dice, SeededDice};
/// let mut dice = SeededDice::new(7);
/// let face = dice.roll(10).unwrap();
/// assert!((1..=10).contains(&face));
/// ```
pub trait Dice {
    /// Rolls a number from 1 to `sides`.
    ///
    /// # Errors
    /// [`DiceError::NoSides`] when `sides` is 0; a scripted source also fails when its next value is
    /// out of range or it has no values left.
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError>;

    /// Rolls one die of `sides` again and again while it shows `explode_at` or more (never, for
    /// `None`), making at most `max_rolls` rolls (at least one), and returns the sum.
    ///
    /// The provided method calls [`Dice::roll`] for each face; a source may override it with a
    /// faster loop that draws exactly the same values in the same order.
    ///
    /// # Errors
    /// The source's errors, and [`DiceError::ChainTooLong`] when the die would need more than
    /// `max_rolls` rolls.
    #[inline]
    fn roll_chain_total(
        &mut self,
        sides: u32,
        explode_at: Option<u32>,
        max_rolls: u32,
    ) -> Result<u64, DiceError> {
        let mut total: u64 = 0;
        let mut rolls = 0_u32;
        loop {
            if rolls >= max_rolls.max(1) {
                return Err(DiceError::ChainTooLong { limit: max_rolls });
            }
            let face = self.roll(sides)?;
            rolls += 1;
            total += u64::from(face);
            match explode_at {
                Some(threshold) if face >= threshold => continue,
                _ => return Ok(total),
            }
        }
    }
}

impl<D: Dice + ?Sized> Dice for &mut D {
    #[inline]
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        (**self).roll(sides)
    }

    #[inline]
    fn roll_chain_total(
        &mut self,
        sides: u32,
        explode_at: Option<u32>,
        max_rolls: u32,
    ) -> Result<u64, DiceError> {
        (**self).roll_chain_total(sides, explode_at, max_rolls)
    }
}

impl<D: Dice + ?Sized> Dice for Box<D> {
    #[inline]
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        (**self).roll(sides)
    }

    #[inline]
    fn roll_chain_total(
        &mut self,
        sides: u32,
        explode_at: Option<u32>,
        max_rolls: u32,
    ) -> Result<u64, DiceError> {
        (**self).roll_chain_total(sides, explode_at, max_rolls)
    }
}

/// One value drawn from a dice source: the range asked for and the value answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Draw {
    /// The number of sides asked for (the roll was "one to `sides`").
    pub sides: u32,
    /// The value drawn, in `1..=sides`.
    pub value: u32,
}

/// A seeded, portable generator: PCG-64 MCG (`Mcg128Xsl64`) from `rand_pcg`.
///
/// The 64-bit seed is expanded to the generator's 128-bit state with SplitMix64, written here so
/// that the mapping from seed to values can never change with a dependency's version. Values are
/// drawn with [`sample_one_to`], which is exact and platform independent.
#[derive(Clone, Debug)]
pub struct SeededDice {
    seed: u64,
    rng: Pcg64Mcg,
}

impl SeededDice {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        let mut state = seed;
        let high = splitmix64(&mut state);
        let low = splitmix64(&mut state);
        let full = (u128::from(high) << 64) | u128::from(low);
        Self {
            seed,
            rng: Pcg64Mcg::new(full),
        }
    }

    /// The seed this generator was started from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The next raw 64-bit word of the generator (for benchmarks and custom sampling).
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.rng.next_u64()
    }
}

fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Dice for SeededDice {
    #[inline]
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        match sides {
            0 => Err(DiceError::NoSides),
            1 => Ok(1),
            _ => {
                let rng = &mut self.rng;
                Ok(sample_one_to(sides, || rng.next_u64()))
            }
        }
    }

    /// The same draws as the provided method, in a loop that cannot fail until the chain limit.
    #[inline]
    fn roll_chain_total(
        &mut self,
        sides: u32,
        explode_at: Option<u32>,
        max_rolls: u32,
    ) -> Result<u64, DiceError> {
        if sides < 2 {
            // No side, or one side: no draw at all (a one-sided die cannot explode: the
            // threshold would be 1, which `Die` refuses, but stay exact for any input).
            let face = self.roll(sides)?;
            return match explode_at {
                Some(threshold) if face >= threshold => {
                    Err(DiceError::ChainTooLong { limit: max_rolls })
                }
                _ => Ok(u64::from(face)),
            };
        }
        let threshold = explode_at.unwrap_or(u32::MAX);
        let limit = max_rolls.max(1);
        let rng = &mut self.rng;
        let mut total: u64 = 0;
        let mut rolls = 0_u32;
        loop {
            if rolls >= limit {
                return Err(DiceError::ChainTooLong { limit: max_rolls });
            }
            let face = sample_one_to(sides, || rng.next_u64());
            rolls += 1;
            total += u64::from(face);
            if face < threshold {
                return Ok(total);
            }
        }
    }
}

/// Values rolled elsewhere, handed over in order.
///
/// Each roll takes the next value; a value outside `1..=sides` or an exhausted script is an error
/// (never a panic, never a silent fallback), and the value is not consumed, so the caller can
/// report it and try again with a corrected script.
///
/// ```
/// use pbp_core::{Dice, DiceError, ScriptedDice};
/// let mut dice = ScriptedDice::new([10, 4, 11]);
/// assert_eq!(dice.roll(10), Ok(10));
/// assert_eq!(dice.roll(10), Ok(4));
/// assert_eq!(
///     dice.roll(10),
///     Err(DiceError::OutOfRange { value: 11, sides: 10, position: 3 })
/// );
/// assert_eq!(dice.remaining(), 1);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScriptedDice {
    values: Vec<u32>,
    next: usize,
}

impl ScriptedDice {
    /// A script of values, used in order.
    pub fn new(values: impl IntoIterator<Item = u32>) -> Self {
        Self {
            values: values.into_iter().collect(),
            next: 0,
        }
    }

    /// How many values have not been used yet.
    pub fn remaining(&self) -> usize {
        self.values.len() - self.next
    }

    /// How many values have been used.
    pub fn used(&self) -> usize {
        self.next
    }
}

impl Dice for ScriptedDice {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        match sides {
            0 => return Err(DiceError::NoSides),
            1 => return Ok(1),
            _ => {}
        }
        let position = self.next as u64 + 1;
        let Some(&value) = self.values.get(self.next) else {
            return Err(DiceError::Exhausted { sides, position });
        };
        if value == 0 || value > sides {
            return Err(DiceError::OutOfRange {
                value,
                sides,
                position,
            });
        }
        self.next += 1;
        Ok(value)
    }
}

/// Replays the draws of a record, checking that each roll asks for the same range as before.
///
/// ```
/// use pbp_core::{Dice, Draw, ReplayDice};
/// let mut dice = ReplayDice::new(vec![Draw { sides: 52, value: 17 }]);
/// assert_eq!(dice.roll(52), Ok(17));
/// assert!(dice.roll(10).is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReplayDice {
    draws: Vec<Draw>,
    next: usize,
}

impl ReplayDice {
    /// Replays `draws` in order.
    pub fn new(draws: Vec<Draw>) -> Self {
        Self { draws, next: 0 }
    }

    /// How many draws have not been replayed yet.
    pub fn remaining(&self) -> usize {
        self.draws.len() - self.next
    }
}

impl Dice for ReplayDice {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        match sides {
            0 => return Err(DiceError::NoSides),
            1 => return Ok(1),
            _ => {}
        }
        let position = self.next as u64 + 1;
        let Some(draw) = self.draws.get(self.next).copied() else {
            return Err(DiceError::Exhausted { sides, position });
        };
        if draw.sides != sides {
            return Err(DiceError::Diverged {
                position,
                recorded: draw.sides,
                asked: sides,
            });
        }
        if draw.value == 0 || draw.value > sides {
            return Err(DiceError::OutOfRange {
                value: draw.value,
                sides,
                position,
            });
        }
        self.next += 1;
        Ok(draw.value)
    }
}

/// Wraps a source and keeps every value it draws.
///
/// ```
/// use pbp_core::{Dice, Draw, RecordingDice, ScriptedDice};
/// let mut dice = RecordingDice::new(ScriptedDice::new([3, 9]));
/// dice.roll(6).unwrap();
/// dice.roll(10).unwrap();
/// assert_eq!(dice.draws(), &[Draw { sides: 6, value: 3 }, Draw { sides: 10, value: 9 }]);
/// ```
#[derive(Clone, Debug)]
pub struct RecordingDice<D> {
    inner: D,
    draws: Vec<Draw>,
}

impl<D: Dice> RecordingDice<D> {
    /// Records the draws of `inner`.
    pub fn new(inner: D) -> Self {
        Self {
            inner,
            draws: Vec::new(),
        }
    }

    /// Every value drawn so far, in order.
    pub fn draws(&self) -> &[Draw] {
        &self.draws
    }

    /// Forgets the draws after the first `len` (used when an action fails and is rolled back).
    pub fn truncate(&mut self, len: usize) {
        self.draws.truncate(len);
    }

    /// Takes the recorded draws, leaving the record empty.
    pub fn take_draws(&mut self) -> Vec<Draw> {
        std::mem::take(&mut self.draws)
    }

    /// The wrapped source.
    pub fn inner_mut(&mut self) -> &mut D {
        &mut self.inner
    }

    /// Unwraps the source and its draws.
    pub fn into_parts(self) -> (D, Vec<Draw>) {
        (self.inner, self.draws)
    }
}

impl<D: Dice> Dice for RecordingDice<D> {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        let value = self.inner.roll(sides)?;
        if sides > 1 {
            self.draws.push(Draw { sides, value });
        }
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_dice_are_reproducible_and_in_range() {
        let mut a = SeededDice::new(42);
        let mut b = SeededDice::new(42);
        for sides in [2, 6, 10, 52, 100, 1_000_000] {
            for _ in 0..200 {
                let x = a.roll(sides).unwrap();
                assert_eq!(Ok(x), b.roll(sides));
                assert!((1..=sides).contains(&x));
            }
        }
    }

    #[test]
    fn zero_sides_is_an_error_everywhere() {
        assert_eq!(SeededDice::new(1).roll(0), Err(DiceError::NoSides));
        assert_eq!(ScriptedDice::new([1]).roll(0), Err(DiceError::NoSides));
    }

    #[test]
    fn one_sided_rolls_draw_nothing() {
        let mut dice = RecordingDice::new(ScriptedDice::new([]));
        assert_eq!(dice.roll(1), Ok(1));
        assert!(dice.draws().is_empty());
    }

    #[test]
    fn exhausted_script_is_an_error() {
        let mut dice = ScriptedDice::new([5]);
        assert_eq!(dice.roll(6), Ok(5));
        assert_eq!(
            dice.roll(6),
            Err(DiceError::Exhausted {
                sides: 6,
                position: 2
            })
        );
    }

    #[test]
    fn replay_detects_divergence() {
        let mut dice = ReplayDice::new(vec![Draw {
            sides: 10,
            value: 3,
        }]);
        assert_eq!(
            dice.roll(6),
            Err(DiceError::Diverged {
                position: 1,
                recorded: 10,
                asked: 6
            })
        );
        assert_eq!(dice.roll(10), Ok(3));
    }
}
