//! Benchmarks of pbp live in `benches/` (`cargo bench -p pbp-benches`), the allocation test of
//! the pool roll in `tests/alloc.rs`, and two measuring programs in `examples/`: `ratios`
//! (wall-clock ratios, interleaved in one process) and `icount` (instruction counts under
//! callgrind). This library holds the reference they all compare pbp's pools with: the bare
//! loop.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use pbp_core::SeededDice;

/// The values of a d10 batch: `10^9`, the largest power of ten up to `2^32` (see
/// `SeededDice`'s docs), and the nine values it holds.
const D10_BATCH: u64 = 1_000_000_000;
const D10_BATCH_LEN: u32 = 9;

/// The bare-loop reference: a roll-and-keep pool of exploding d10s drawn with pbp's own
/// sampling (nine values from one Lemire-accepted generator word, the word taken from
/// [`SeededDice::next_u64`]), with the sizes known only at run time, and none of pbp's
/// bookkeeping: no limits, no modifiers, no chain limit, no `Result`. It returns the kept
/// total and the second highest die, as `PreparedPool::roll` does.
///
/// It draws the same faces as pbp for the same words, but keeps its own batch (`rest`,
/// `left`), so it is a reference for speed, not a replacement for pbp's rolls.
#[derive(Clone, Debug)]
pub struct BareLoop {
    dice: SeededDice,
    rest: u64,
    left: u32,
}

impl BareLoop {
    /// A bare loop drawing its words from `SeededDice::new(seed)`.
    pub fn new(seed: u64) -> BareLoop {
        BareLoop {
            dice: SeededDice::new(seed),
            rest: 0,
            left: 0,
        }
    }

    /// Rolls `rolled` exploding d10s and keeps the `kept` highest (`kept <= rolled <= 10`):
    /// the kept total and the second highest die (0 for one die).
    #[inline]
    pub fn roll(&mut self, rolled: usize, kept: usize) -> (u64, u64) {
        let mut top = [0_u64; 10];
        let width = kept.clamp(2, 10);
        let (mut rest, mut left) = (self.rest, self.left);
        for _ in 0..rolled {
            let mut value = 0_u64;
            loop {
                if left == 0 {
                    rest = accepted(&mut self.dice);
                    left = D10_BATCH_LEN;
                }
                let product = u128::from(rest) * 10;
                rest = product as u64;
                left -= 1;
                let face = (product >> 64) as u64 + 1;
                value += face;
                if face < 10 {
                    break;
                }
            }
            for slot in &mut top[..width] {
                let higher = (*slot).max(value);
                value = (*slot).min(value);
                *slot = higher;
            }
        }
        (self.rest, self.left) = (rest, left);
        (top[..kept].iter().sum(), top[1])
    }
}

/// The next generator word accepted for a d10 batch (Lemire's multiply-and-reject).
#[inline]
fn accepted(dice: &mut SeededDice) -> u64 {
    loop {
        let word = dice.next_u64();
        if word.wrapping_mul(D10_BATCH) >= D10_BATCH.wrapping_neg() % D10_BATCH {
            return word;
        }
    }
}
