//! [`PreparedPool::roll_many`]: many rolls of one pool at once. From a [`SeededDice`], a pool of
//! one to ten exploding d10s draws its faces in bulk and resolves its rolls over them, with no
//! branch on the faces drawn.

use super::{PreparedPool, SIZED_LOOPS, Width};
use crate::dice::{Dice, SeededDice, next_value};
use crate::die::Die;
use crate::error::PoolError;
use crate::pool::FastRoll;

/// The dice of one chunk of rolls at most: the rolls of a pool of `R` dice are drawn
/// `CHUNK_DICE / R` at a time.
const CHUNK_DICE: usize = 500;

/// The length of the buffer of running sums, a power of two above `CHUNK_DICE + 9` (the last
/// word of a chunk may end up to eight dice past it): an index masked with `BUFFER - 1` needs
/// no bounds check.
const BUFFER: usize = 512;
const _: () = assert!(CHUNK_DICE + 9 < BUFFER && BUFFER.is_power_of_two());

/// Faces a chunk may draw before it leaves the bulk path (the chunk is then rolled one roll
/// after another, with the same values): a run of 10s this long never comes in practice, and
/// the cap keeps every running sum far within a `u32`.
const FACE_CAP: u32 = 1 << 20;

/// Below this many rolls, one roll after another (the same values): the bulk path's buffer
/// would cost more than it saves.
const BULK_FROM: usize = 16;

impl PreparedPool {
    /// Rolls the pool `out.len()` times into `out`: exactly what as many calls of
    /// [`PreparedPool::roll`] on the same dice would give, in the same order, with the dice left
    /// at the same point. Makes no heap allocation for pools that keep up to ten dice.
    ///
    /// From a [`SeededDice`], a pool of one to ten exploding d10s draws its faces in bulk, a
    /// generator word (nine faces) at a time, keeping for each die only the running sum of the
    /// faces where its chain ends; each roll then takes its dice as differences of those sums,
    /// so that no branch depends on a face (an explosion or a new batch), where
    /// [`PreparedPool::roll`] branches on both. Other pools and other dice sources roll one
    /// roll after another.
    ///
    /// ```
    /// use pbp_core::{FastRoll, Limits, Pool, SeededDice};
    /// let prepared = Pool::new(2, 1).prepare(&Limits::default())?;
    /// let mut rolls = [FastRoll { total: 0, second_highest: 0 }; 1000];
    /// let (mut a, mut b) = (SeededDice::new(7), SeededDice::new(7));
    /// prepared.roll_many(&mut a, &mut rolls)?;
    /// for roll in rolls {
    ///     assert_eq!(roll, prepared.roll(&mut b)?);
    /// }
    /// # Ok::<(), pbp_core::PoolError>(())
    /// ```
    ///
    /// # Errors
    /// The first error [`PreparedPool::roll`] would meet (an explosion chain longer than the
    /// limits allow, or the dice source's own): the rolls before it are in `out`, the ones from
    /// it on are left as they were, and the dice stand where that roll left them.
    pub fn roll_many<D: Dice + ?Sized>(
        &self,
        dice: &mut D,
        out: &mut [FastRoll],
    ) -> Result<(), PoolError> {
        if let Some(seeded) = dice.as_seeded() {
            return self.roll_many_seeded(seeded, out);
        }
        for slot in out {
            *slot = self.roll(dice)?;
        }
        Ok(())
    }

    /// One [`PreparedPool::roll`] after another from a [`SeededDice`].
    fn roll_each(&self, dice: &mut SeededDice, out: &mut [FastRoll]) -> Result<(), PoolError> {
        for slot in out {
            *slot = self.roll_seeded(dice)?;
        }
        Ok(())
    }

    /// [`PreparedPool::roll_many`] from a [`SeededDice`]: the bulk path of the pool's number of
    /// dice and width for one to ten exploding d10s (not in the browser's wasm, where size comes
    /// first), one roll after another otherwise.
    fn roll_many_seeded(
        &self,
        dice: &mut SeededDice,
        out: &mut [FastRoll],
    ) -> Result<(), PoolError> {
        if !SIZED_LOOPS || self.die != Die::EXPLODING_D10 || out.len() < BULK_FROM {
            return self.roll_each(dice, out);
        }
        // The dice kept, for width two (one or two: a constant of the loop), else 0.
        let kept_of_two = if self.width == Width::Two {
            self.kept
        } else {
            0
        };
        macro_rules! bulk {
            ($(($rolled:literal, $width:ident, $tracked:literal, $kept:literal)),* $(,)?) => {
                match (self.rolled, self.width, kept_of_two) {
                    $(($rolled, Width::$width, $kept) => {
                        self.bulk::<$rolled, $tracked, $kept>(dice, out)
                    })*
                    // No die kept: rare enough to roll one after another.
                    _ => self.roll_each(dice, out),
                }
            };
        }
        bulk! {
            (1, Two, 2, 1), (2, Two, 2, 1), (3, Two, 2, 1), (4, Two, 2, 1), (5, Two, 2, 1),
            (6, Two, 2, 1), (7, Two, 2, 1), (8, Two, 2, 1), (9, Two, 2, 1), (10, Two, 2, 1),
            (2, Two, 2, 2), (3, Two, 2, 2), (4, Two, 2, 2), (5, Two, 2, 2), (6, Two, 2, 2),
            (7, Two, 2, 2), (8, Two, 2, 2), (9, Two, 2, 2), (10, Two, 2, 2),
            (3, Three, 3, 0), (4, Three, 3, 0), (5, Three, 3, 0), (6, Three, 3, 0),
            (7, Three, 3, 0), (8, Three, 3, 0), (9, Three, 3, 0), (10, Three, 3, 0),
            (4, Five, 5, 0), (5, Five, 5, 0), (6, Five, 5, 0), (7, Five, 5, 0), (8, Five, 5, 0),
            (9, Five, 5, 0), (10, Five, 5, 0),
            (6, Ten, 10, 0), (7, Ten, 10, 0), (8, Ten, 10, 0), (9, Ten, 10, 0), (10, Ten, 10, 0),
        }
    }

    /// The bulk path of `R` exploding d10s tracking the `W` highest (and keeping `K`, for width
    /// two; 0 reads the dice kept from the pool), chunk by chunk. A chunk
    /// with a chain at or past the limit (or past [`FACE_CAP`] faces) is rolled again one roll
    /// after another from where it began, which meets the error at the same roll.
    #[inline(never)]
    fn bulk<const R: usize, const W: usize, const K: usize>(
        &self,
        dice: &mut SeededDice,
        out: &mut [FastRoll],
    ) -> Result<(), PoolError> {
        let mut sums = [0_u32; BUFFER];
        let mut keep = [0_i32; W];
        for (rank, mask) in keep.iter_mut().enumerate() {
            if rank < self.kept as usize {
                *mask = -1;
            }
        }
        for chunk in out.chunks_mut(CHUNK_DICE / R) {
            let start = dice.clone();
            if !self.bulk_chunk::<R, W, K>(dice, &mut sums, chunk, &keep) {
                *dice = start;
                self.roll_each(dice, chunk)?;
            }
        }
        Ok(())
    }

    /// Rolls `chunk` in bulk: draws the faces of `chunk.len() * R` dice into `sums` (see
    /// [`draw_sums`]), settles the generator right after the last of them, and resolves each
    /// roll from its dice. Answers `false`, with `chunk` and the generator anywhere, when a
    /// chain went as far as the limit (or the chunk past [`FACE_CAP`] faces): the chunk is then
    /// to be rolled one roll after another.
    ///
    /// A chain of `t` rolls to 10 and a last face `f` is `10 t + f`, so it is at or past the
    /// limit exactly when the die is. No die can be when the chunk's 10s, its faces less its
    /// dice, are fewer than `max(max_chain, 1)`: with the default of 100 and about 56 10s in a
    /// chunk, the dice are looked at only for small chain limits.
    #[inline(always)]
    fn bulk_chunk<const R: usize, const W: usize, const K: usize>(
        &self,
        dice: &mut SeededDice,
        sums: &mut [u32; BUFFER],
        chunk: &mut [FastRoll],
        keep: &[i32; W],
    ) -> bool {
        let needed = chunk.len() * R;
        let Some(faces) = draw_sums(dice, sums, needed) else {
            return false;
        };
        let tens = u64::from(faces).saturating_sub(needed as u64);
        if tens >= self.d10_chain_limit / 10 {
            let mut highest = 0_u32;
            for die in 0..needed {
                let value = sums[(die + 1) & (BUFFER - 1)].wrapping_sub(sums[die & (BUFFER - 1)]);
                highest = highest.max(value);
            }
            if u64::from(highest) >= self.d10_chain_limit {
                return false;
            }
        }
        // The ranks always kept: `K` for width two, and at least 3, 4 and 6 of widths 3, 5 and
        // 10 (see `Width::for_kept`); the others by their masks.
        let always = match W {
            2 => K,
            3 => 3,
            5 => 4,
            10 => 6,
            _ => 0,
        };
        // The dice as `i32` (every running sum is below `10 * (FACE_CAP + 18)`): the
        // vectorised compare of SSE2, the baseline of x86-64, is a signed one.
        for (index, slot) in chunk.iter_mut().enumerate() {
            let first = index * R;
            let mut top = [0_i32; W];
            let mut before = sums[first & (BUFFER - 1)];
            // `R` is a constant: the loop unrolls, and each die sinks only through the slots
            // the dice before it can have filled.
            for die in 0..R {
                let end = sums[(first + die + 1) & (BUFFER - 1)];
                let value = end.wrapping_sub(before) as i32;
                before = end;
                // The dice before this one filled the first `die` slots: it sinks through
                // them, and what falls out of them takes the next slot, if tracked.
                let fallen = sink_by_sum(&mut top[..W.min(die)], value);
                if die < W {
                    top[die] = fallen;
                }
            }
            let mut kept = 0_i32;
            for (rank, (value, mask)) in top.iter().zip(keep).enumerate() {
                kept = kept.wrapping_add(if rank < always { *value } else { value & mask });
            }
            *slot = FastRoll {
                total: i64::from(kept).wrapping_add(self.kept_bonus),
                second_highest: i64::from(top[1]).wrapping_add(self.second_add),
            };
        }
        true
    }
}

/// Sinks a die's `value` into the highest dice so far, highest first, as
/// [`sink`](super::draw::sink) does, with the lower of each pair found as the sum of the pair
/// less the higher: one compare a slot (which SSE2 makes four operations, the minimum as many
/// again) and two additions. Answers the value that falls out of the last slot.
#[inline(always)]
fn sink_by_sum(top: &mut [i32], mut value: i32) -> i32 {
    for slot in top {
        let higher = (*slot).max(value);
        value = slot.wrapping_add(value).wrapping_sub(higher);
        *slot = higher;
    }
    value
}

/// Draws the faces of `needed` exploding d10s (`needed <= CHUNK_DICE`) from `dice`, exactly as
/// one roll after another draws them: first what is left of the current d10 batch, then a
/// generator word (nine faces) at a time. `sums[k + 1]` is the running sum of every face drawn
/// up to the last face of die `k` (`sums[0]` is 0), so die `k` is `sums[k + 1] - sums[k]`:
/// each face adds to the running sum, which is written at the slot of the die it belongs to,
/// and a face below 10 ends that die. The generator is then settled right after the last
/// face of die `needed - 1`. Answers the number of faces those dice took, or `None`, with
/// the generator anywhere, past [`FACE_CAP`] faces.
///
/// The running sum is kept as the sum of the faces less one (the high words of the products,
/// one addition a face: the only chain from face to face besides the count of dice) plus the
/// number of faces drawn, a constant offset for each face of a word.
#[inline(always)]
fn draw_sums(dice: &mut SeededDice, sums: &mut [u32; BUFFER], needed: usize) -> Option<u32> {
    let cursor = dice.cursor(10);
    let (mut dealt, mut highs) = (0_usize, 0_u32);
    // The batch in hand: its remainder before its first face, its length, the running sum
    // before it and the faces drawn before it.
    let (mut batch, mut length, mut before, mut earlier) = (cursor.rest, cursor.left, 0, 0);
    let mut rest = cursor.rest;
    for drawn in 0..cursor.left {
        let high = next_high(&mut rest);
        highs += high;
        sums[(dealt + 1) & (BUFFER - 1)] = highs + drawn + 1;
        dealt += usize::from(high < 9);
    }
    let mut drawn = cursor.left;
    while dealt < needed {
        if drawn >= FACE_CAP {
            return None;
        }
        let word = dice.next_word();
        (batch, length, before, earlier) = (word, 9, highs + drawn, drawn);
        let mut rest = word;
        // Nine faces: a constant count, so the loop unrolls with no branch on a face.
        for face in 0..9 {
            let high = next_high(&mut rest);
            highs += high;
            sums[(dealt + 1) & (BUFFER - 1)] = highs + drawn + face + 1;
            dealt += usize::from(high < 9);
        }
        drawn += 9;
    }
    // The last die needed ended in the batch in hand (the dice before it did not reach
    // `needed`): find its last face again, and leave the rest of the batch to the next roll.
    let target = sums[needed & (BUFFER - 1)];
    let (mut rest, mut used, mut reached) = (batch, 0_u32, before);
    while reached != target && used < length {
        reached += next_value(&mut rest, 10);
        used += 1;
    }
    let mut end = cursor;
    end.rest = rest;
    end.left = length - used;
    dice.settle(end);
    Some(earlier + used)
}

/// The next d10 face of a batch with remainder `rest`, less one (0 to 9), as
/// [`next_value`] draws it.
#[inline(always)]
fn next_high(rest: &mut u64) -> u32 {
    let product = u128::from(*rest) * 10;
    *rest = product as u64;
    // The high word is below 10.
    (product >> 64) as u32
}
