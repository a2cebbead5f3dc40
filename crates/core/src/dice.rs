//! Dice sources: the one door through which every random value in pbp enters.
//!
//! Every random decision in pbp is a roll of "one to n": a die face, a coin (two sides), a percent
//! chance (one to a hundred), a uniform pick, a card drawn by its position among the remaining
//! cards. A [`Dice`] source answers those rolls. Three sources ship:
//!
//! - [`SeededDice`]: a portable PCG generator seeded from a `u64`;
//! - [`ScriptedDice`]: values rolled elsewhere (a forum's dice roller), checked against the range;
//! - [`RecordingDice`]: wraps another source and keeps every value drawn, for the save file.

use serde::{Deserialize, Serialize};

use crate::error::DiceError;

mod seeded;
#[cfg(test)]
mod tests;

pub use seeded::SeededDice;
pub(crate) use seeded::{Cursor, next_value};

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
            let face = if rolls == 0 {
                self.roll(sides)?
            } else {
                self.roll_again(sides)?
            };
            rolls += 1;
            total += u64::from(face);
            match explode_at {
                Some(threshold) if face >= threshold => continue,
                _ => return Ok(total),
            }
        }
    }

    /// Rolls the next face of an exploding die whose last face exploded. The provided method is
    /// [`Dice::roll`]: every source draws the same values either way; a recording source tells
    /// the two apart so that it can write the die as a forum's roller does (`10+3`).
    ///
    /// # Errors
    /// As [`Dice::roll`].
    #[inline]
    fn roll_again(&mut self, sides: u32) -> Result<u32, DiceError> {
        self.roll(sides)
    }

    /// Tells the source that a contest tied and is rolled again: the rolls that follow are the
    /// tie's re-roll (a push, in [`roll_off`](crate::roll_off)). Draws nothing; the provided
    /// method does nothing. A step short of outside dice uses it to say why it needs more ("a
    /// tie re-rolls: 4 more dice").
    #[inline]
    fn tie(&mut self) {}

    /// This source as a [`SeededDice`], when it is one (or a reference to one), so that a pool
    /// can be drawn straight from the generator's batch; every other source answers `None`, and
    /// so must any wrapper that has to see each value drawn (as [`RecordingDice`] does). The
    /// values drawn are the same on either path.
    #[inline]
    fn as_seeded(&mut self) -> Option<&mut SeededDice> {
        None
    }
}

/// A reference to a source, or a boxed one, is a source: every method goes to the source itself
/// (so a `SeededDice` behind it keeps its faster loops).
macro_rules! forward_dice {
    ($($wrapper:ty),*) => {$(
        impl<D: Dice + ?Sized> Dice for $wrapper {
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

            #[inline]
            fn roll_again(&mut self, sides: u32) -> Result<u32, DiceError> {
                (**self).roll_again(sides)
            }

            #[inline]
            fn tie(&mut self) {
                (**self).tie();
            }

            #[inline]
            fn as_seeded(&mut self) -> Option<&mut SeededDice> {
                (**self).as_seeded()
            }
        }
    )*};
}

forward_dice!(&mut D, Box<D>);

/// One value drawn from a dice source: the range asked for and the value answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Draw {
    /// The number of sides asked for (the roll was "one to `sides`").
    pub sides: u32,
    /// The value drawn, in `1..=sides`.
    pub value: u32,
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
    again: Vec<u32>,
}

impl<D: Dice> RecordingDice<D> {
    /// Records the draws of `inner`.
    pub fn new(inner: D) -> Self {
        Self {
            inner,
            draws: Vec::new(),
            again: Vec::new(),
        }
    }

    /// The positions among the draws of the faces that continue an exploding die
    /// ([`Dice::roll_again`]), in order.
    pub fn chained(&self) -> &[u32] {
        &self.again
    }

    /// Takes [`RecordingDice::chained`], leaving it empty.
    pub fn take_chained(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.again)
    }

    /// Every value drawn so far, in order.
    pub fn draws(&self) -> &[Draw] {
        &self.draws
    }

    /// Forgets the draws after the first `len` (used when an action fails and is rolled back).
    pub fn truncate(&mut self, len: usize) {
        self.draws.truncate(len);
        self.again.retain(|&at| (at as usize) < len);
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
    fn roll_again(&mut self, sides: u32) -> Result<u32, DiceError> {
        let value = self.inner.roll_again(sides)?;
        if sides > 1 {
            self.again
                .push(u32::try_from(self.draws.len()).unwrap_or(u32::MAX));
            self.draws.push(Draw { sides, value });
        }
        Ok(value)
    }

    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        let value = self.inner.roll(sides)?;
        if sides > 1 {
            self.draws.push(Draw { sides, value });
        }
        Ok(value)
    }

    fn tie(&mut self) {
        self.inner.tie();
    }
}
