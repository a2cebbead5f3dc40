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

/// A seeded, portable generator: PCG-64 MCG (`Mcg128Xsl64`) from `rand_pcg`, sampled in batches.
///
/// # Seeding
///
/// The 64-bit seed is expanded to the generator's 128-bit state with SplitMix64 (two outputs, the
/// first is the high half), written here so that the mapping from seed to values can never change
/// with a dependency's version.
///
/// # Sampling (exact, so that it can be reimplemented)
///
/// A roll of `1..=n` with `n >= 2` is served from a *batch* of `n`-sided values drawn from one
/// 64-bit generator word `x`:
///
/// 1. The batch length `k` is the largest integer with `n^k <= 2^32` (`k = 9` for a d10, `12`
///    for a d6, `32` for a coin, `4` for a d100, `1` for any `n > 65536`); let `N = n^k`.
/// 2. Draw a word `x`. If `(x * N) mod 2^64 < 2^64 mod N`, reject `x` and draw another
///    (Lemire's multiply-and-reject; this happens with probability below `N / 2^64 <= 2^-32`).
///    Then `floor(x * N / 2^64)` is exactly uniform on `0..N`.
/// 3. Its `k` base-`n` digits, most significant first, are the batch's values (plus one). They
///    are computed one at a time, when asked for: with `r = x`, each value is
///    `floor(r * n / 2^64) + 1`, and `r` becomes `(r * n) mod 2^64` (128-bit products).
/// 4. A roll with another number of sides, or after the batch's `k` values are used, discards
///    what is left of the batch and starts a new one from the next word.
///
/// Every value is therefore exactly uniform and independent of the values before it, with no
/// floating point, no `usize` and no platform-dependent arithmetic: a seed gives the same
/// values everywhere. A roll of `1..=1` draws nothing and leaves the batch as it is.
/// [`SeededDice::next_u64`] takes a raw word from the generator without touching the batch.
///
/// ```
/// use pbp_core::{Dice, SeededDice};
/// let mut a = SeededDice::new(9);
/// let mut b = a.clone(); // a clone continues the same batch
/// assert_eq!(a.roll(10), b.roll(10));
/// ```
#[derive(Clone, Debug)]
pub struct SeededDice {
    seed: u64,
    rng: Pcg64Mcg,
    /// The sides of the current batch (0 before the first roll).
    sides: u32,
    /// The batch length `k` for `sides`.
    length: u32,
    /// `sides^length`.
    size: u64,
    /// Values of the current batch not yet served.
    left: u32,
    /// The running remainder `r` of the current batch.
    rest: u64,
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
            sides: 0,
            length: 0,
            size: 0,
            left: 0,
            rest: 0,
        }
    }

    /// The seed this generator was started from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The next raw 64-bit word of the generator (for benchmarks and custom sampling). The
    /// current batch of values is left as it is.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// A value in `1..=sides`, for `sides >= 2`, from the current batch (see the type's docs).
    #[inline(always)]
    fn draw(&mut self, sides: u32) -> u32 {
        if self.left == 0 || self.sides != sides {
            self.refill(sides);
        }
        self.left -= 1;
        next_value(&mut self.rest, sides)
    }

    /// Starts a batch of `sides`-sided values from the next accepted generator word.
    #[inline]
    fn refill(&mut self, sides: u32) {
        self.shape_for(sides);
        self.rest = accepted_word(&mut self.rng, self.size);
        self.left = self.length;
    }

    /// Makes the batch one of `sides`-sided values; returns whether it was of other sides (its
    /// values are then stale, and the caller discards them).
    #[inline(always)]
    fn shape_for(&mut self, sides: u32) -> bool {
        if self.sides == sides {
            return false;
        }
        let (length, size) = batch_shape(sides);
        self.sides = sides;
        self.length = length;
        self.size = size;
        true
    }
}

/// The next generator word accepted for a batch of `size` outcomes (step 2 of [`SeededDice`]'s
/// docs).
#[inline(always)]
fn accepted_word(rng: &mut Pcg64Mcg, size: u64) -> u64 {
    let mut word = rng.next_u64();
    if word.wrapping_mul(size) < size {
        let threshold = size.wrapping_neg() % size;
        while word.wrapping_mul(size) < threshold {
            word = rng.next_u64();
        }
    }
    word
}

/// A copy of a [`SeededDice`]'s batch of `sides`-sided values, held in registers while a pool
/// is drawn from it, instead of being read from and written back to the generator for every
/// value. It serves the same values, in the same order, as one [`Dice::roll`] after another.
/// Made by [`SeededDice::cursor`], refilled by [`SeededDice::refill_cursor`], handed back with
/// [`SeededDice::settle`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cursor {
    /// The sides of the batch's values.
    pub(crate) sides: u32,
    /// The running remainder `r` (step 3 of [`SeededDice`]'s docs).
    pub(crate) rest: u64,
    /// Values left in the batch.
    pub(crate) left: u32,
}

impl Cursor {
    /// Takes the next value; the batch must not be empty.
    #[inline(always)]
    pub(crate) fn take(&mut self) -> u32 {
        self.left -= 1;
        next_value(&mut self.rest, self.sides)
    }
}

/// The next value of a batch with remainder `rest` (step 3 of [`SeededDice`]'s docs), which
/// moves on.
#[inline(always)]
pub(crate) fn next_value(rest: &mut u64, sides: u32) -> u32 {
    let product = u128::from(*rest) * u128::from(sides);
    *rest = product as u64;
    // The high word is below `sides`, which fits in u32, so the cast is exact.
    ((product >> 64) as u32) + 1
}

impl SeededDice {
    /// The batch, as a cursor for `sides >= 2`. A batch of other sides is discarded, as a
    /// [`Dice::roll`] would discard it, so take a cursor only to draw at least one value.
    #[inline(always)]
    pub(crate) fn cursor(&mut self, sides: u32) -> Cursor {
        if self.shape_for(sides) {
            self.left = 0;
        }
        Cursor {
            sides,
            rest: self.rest,
            left: self.left,
        }
    }

    /// Starts the next batch in `cursor`, whose batch must be used up.
    #[inline(always)]
    pub(crate) fn refill_cursor(&mut self, cursor: &mut Cursor) {
        (cursor.rest, cursor.left) = self.next_batch();
    }

    /// The remainder and length of the next batch (of the current shape). Out of line: it runs
    /// once in several pools, and keeping the generator's arithmetic out of a pool's loop leaves
    /// that loop its registers; the batch comes back in registers too.
    #[cold]
    #[inline(never)]
    fn next_batch(&mut self) -> (u64, u32) {
        (accepted_word(&mut self.rng, self.size), self.length)
    }

    /// The total of one die's chain drawn from `cursor`: faces at or above `threshold` are
    /// rolled again and added, up to `max_rolls` rolls (at least one). The values are those of
    /// one [`Dice::roll`] after another.
    #[inline(always)]
    pub(crate) fn chain_total(
        &mut self,
        cursor: &mut Cursor,
        threshold: u32,
        max_rolls: u32,
    ) -> Result<u64, DiceError> {
        let (mut total, mut rolls) = (0_u64, 1_u32);
        loop {
            if cursor.left == 0 {
                self.refill_cursor(cursor);
            }
            let face = cursor.take();
            total += u64::from(face);
            if face < threshold {
                return Ok(total);
            }
            // The chain goes on: one more roll, if the limit allows it.
            if rolls >= max_rolls {
                return Err(DiceError::ChainTooLong { limit: max_rolls });
            }
            rolls += 1;
        }
    }

    /// Takes back the batch from `cursor`, with the values it took gone.
    #[inline(always)]
    pub(crate) fn settle(&mut self, cursor: Cursor) {
        self.rest = cursor.rest;
        self.left = cursor.left;
    }
}

/// The batch length `k` (the largest with `sides^k <= 2^32`) and `sides^k`, for `sides >= 2`.
fn batch_shape(sides: u32) -> (u32, u64) {
    const LIMIT: u64 = 1 << 32;
    let sides = u64::from(sides.max(2));
    let (mut length, mut size) = (1_u32, sides);
    // `size <= 2^32` and `sides < 2^32`, so the product cannot overflow.
    while size * sides <= LIMIT {
        size *= sides;
        length += 1;
    }
    (length, size)
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
            _ => Ok(self.draw(sides)),
        }
    }

    /// The same draws as the provided method, from the current batch held in registers for the
    /// whole chain (the loop [`PreparedPool`](crate::PreparedPool) rolls its dice with).
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
        let mut cursor = self.cursor(sides);
        let total = self.chain_total(&mut cursor, explode_at.unwrap_or(u32::MAX), max_rolls);
        self.settle(cursor);
        total
    }

    #[inline]
    fn as_seeded(&mut self) -> Option<&mut SeededDice> {
        Some(self)
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
    fn batch_shapes() {
        assert_eq!(batch_shape(2), (32, 1 << 32));
        assert_eq!(batch_shape(6), (12, 2_176_782_336));
        assert_eq!(batch_shape(10), (9, 1_000_000_000));
        assert_eq!(batch_shape(100), (4, 100_000_000));
        assert_eq!(batch_shape(65_536), (2, 1 << 32));
        assert_eq!(batch_shape(65_537), (1, 65_537));
        assert_eq!(batch_shape(u32::MAX), (1, u64::from(u32::MAX)));
    }

    /// The values of a batch are the base-`n` digits of Lemire's `floor(x * n^k / 2^64)`, most
    /// significant first, from the first accepted generator word.
    #[test]
    fn a_batch_is_the_digits_of_one_lemire_draw() {
        for sides in [
            2_u32,
            3,
            6,
            7,
            10,
            52,
            100,
            1000,
            65_536,
            65_537,
            4_000_000_000,
        ] {
            let mut dice = SeededDice::new(u64::from(sides));
            let mut raw = dice.clone();
            let (length, size) = batch_shape(sides);
            for _ in 0..5 {
                let threshold = (u128::from(u64::MAX) + 1) % u128::from(size);
                let mut word = raw.next_u64();
                while (u128::from(word) * u128::from(size)) % (1 << 64) < threshold {
                    word = raw.next_u64();
                }
                let mut index = (u128::from(word) * u128::from(size)) >> 64;
                let mut digits = Vec::new();
                for _ in 0..length {
                    digits.push((index % u128::from(sides)) as u32 + 1);
                    index /= u128::from(sides);
                }
                digits.reverse();
                let drawn: Vec<u32> = (0..length).map(|_| dice.roll(sides).unwrap()).collect();
                assert_eq!(drawn, digits, "{sides} sides");
            }
        }
    }

    #[test]
    fn another_range_starts_a_new_batch_and_one_side_draws_nothing() {
        let mut dice = SeededDice::new(3);
        let mut twin = SeededDice::new(3);
        let first = dice.roll(10).unwrap();
        assert_eq!(twin.roll(10), Ok(first));
        // A one-sided roll leaves the batch alone.
        assert_eq!(dice.roll(1), Ok(1));
        assert_eq!(dice.roll(10), twin.roll(10));
        // A coin discards the rest of the d10 batch and takes the next word.
        let mut raw = SeededDice::new(3);
        raw.next_u64();
        let word = raw.next_u64();
        assert_eq!(dice.roll(2), Ok(u32::from(word >> 63 == 1) + 1));
    }

    #[test]
    fn every_face_of_a_d10_is_equally_likely() {
        // 100,000 rolls of seed 11: each face within 5 standard deviations of 10,000.
        let mut dice = SeededDice::new(11);
        let mut counts = [0_u32; 10];
        for _ in 0..100_000 {
            counts[dice.roll(10).unwrap() as usize - 1] += 1;
        }
        for count in counts {
            assert!((9_526..=10_474).contains(&count), "{counts:?}");
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
