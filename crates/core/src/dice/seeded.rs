//! [`SeededDice`]: the portable seeded generator and its exact batch sampling, and the
//! [`Cursor`] through which a pool draws a whole batch in registers.

use rand_core::Rng;
use rand_pcg::Pcg64Mcg;

use super::Dice;
use crate::error::DiceError;

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

    /// The next accepted word of a batch of the current shape, drawn inline: for the bulk
    /// draws of [`PreparedPool::roll_many`](crate::PreparedPool::roll_many), which take a new
    /// batch every nine faces or so and keep the generator's state in registers for it. The
    /// batch's shape must be set (by [`SeededDice::cursor`]).
    #[inline(always)]
    pub(crate) fn next_word(&mut self) -> u64 {
        accepted_word(&mut self.rng, self.size)
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
pub(super) fn batch_shape(sides: u32) -> (u32, u64) {
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
