//! Benchmarks of pbp live in `benches/` (`cargo bench -p pbp-benches`), the allocation test of
//! the pool roll in `tests/alloc.rs`, and measuring programs in `examples/`: `ratios`
//! (wall-clock ratios, interleaved in one process) and `icount` (instruction counts under
//! callgrind). This library holds
//! the two references they compare pbp's pools with: the [`BareLoop`] (pbp's batch sampling with
//! none of its bookkeeping, the physical limit of its pools) and the [`HandLoop`] (what a user
//! writes in ten lines with rand 0.9).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use pbp_core::SeededDice;
use rand_pcg09::Pcg64Mcg;
use rand09::{Rng, SeedableRng};

/// The values of a d10 batch: `10^9`, the largest power of ten up to `2^32` (see
/// `SeededDice`'s docs), and the nine values it holds.
const D10_BATCH: u64 = 1_000_000_000;
const D10_BATCH_LEN: u32 = 9;

/// The register-batch bare loop: a roll-and-keep pool of exploding d10s drawn with pbp's own
/// sampling (nine values from one Lemire-accepted generator word, the word taken from
/// [`SeededDice::next_u64`]), with the pool's sizes as constants and none of pbp's bookkeeping:
/// no limits, no modifiers, no chain limit, no `Result`, no other die. The batch stays in
/// registers for the whole pool; each die sinks into the highest dice by compare-and-swap
/// without branches. It returns the kept total and the second highest die, as
/// `PreparedPool::roll` does (so it tracks at least two dice, also for 2k1).
///
/// It draws the same faces as pbp for the same words, but keeps its own batch (`rest`,
/// `left`), so it is a reference for speed, not a replacement for pbp's rolls. It is the limit
/// the prepared pools are measured against: no simpler loop measured beats it (see
/// docs/BENCHMARKS.md).
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

    /// Rolls `ROLLED` exploding d10s and keeps the `KEPT` highest (`KEPT <= ROLLED <= 10`):
    /// the kept total and the second highest die (0 for one die).
    #[inline]
    pub fn roll<const ROLLED: usize, const KEPT: usize>(&mut self) -> (u64, u64) {
        let mut top = [0_u64; 10];
        let width = KEPT.clamp(2, 10);
        let (mut rest, mut left) = (self.rest, self.left);
        let mut die = |dice: &mut SeededDice| {
            let mut value = 0_u64;
            loop {
                if left == 0 {
                    (rest, left) = next_batch(dice);
                }
                let product = u128::from(rest) * 10;
                rest = product as u64;
                left -= 1;
                let face = (product >> 64) as u64 + 1;
                value += face;
                if face < 10 {
                    return value;
                }
            }
        };
        // Written out die by die (no count of dice), each die sinking only through the slots
        // the dice before it can have filled, as pbp's loops for up to ten d10s do.
        macro_rules! die {
            ($index:literal) => {
                if ROLLED > $index {
                    let mut value = die(&mut self.dice);
                    for slot in &mut top[..width.min($index + 1)] {
                        let higher = (*slot).max(value);
                        value = (*slot).min(value);
                        *slot = higher;
                    }
                }
            };
        }
        die!(0);
        die!(1);
        die!(2);
        die!(3);
        die!(4);
        die!(5);
        die!(6);
        die!(7);
        die!(8);
        die!(9);
        (self.rest, self.left) = (rest, left);
        (top[..KEPT].iter().sum(), top[1])
    }
}

/// The next d10 batch: its remainder and length. Out of line and cold, as in pbp: it runs once
/// in several pools, and keeping the generator's arithmetic out of the loop leaves the loop its
/// registers.
#[cold]
#[inline(never)]
fn next_batch(dice: &mut SeededDice) -> (u64, u32) {
    (accepted(dice), D10_BATCH_LEN)
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

/// The d10 face stream in bulk: pbp's own sampling of d10 faces (nine from one Lemire-accepted
/// word of [`SeededDice::next_u64`], as `SeededDice` draws them) written to a buffer, with
/// nothing else: no pool, no chain, no batch kept between calls. Any pool of exploding d10s
/// drawn from pbp's generator needs its faces, about `10 / 9` per die, so the stream's rate in
/// faces, over the faces a roll needs, is the limit of any roll in bulk.
#[derive(Clone, Debug)]
pub struct FaceStream {
    dice: SeededDice,
}

impl FaceStream {
    /// A face stream drawing its words from `SeededDice::new(seed)`.
    pub fn new(seed: u64) -> FaceStream {
        FaceStream {
            dice: SeededDice::new(seed),
        }
    }

    /// Fills `out` with the next d10 faces (1 to 10), nine from each word: the same faces as
    /// one `roll(10)` after another from a new `SeededDice` of the same seed. A length that is
    /// not a multiple of nine leaves the last word's other faces unused.
    #[inline]
    pub fn fill(&mut self, out: &mut [u8]) {
        for batch in out.chunks_mut(D10_BATCH_LEN as usize) {
            let mut rest = accepted(&mut self.dice);
            for face in batch {
                let product = u128::from(rest) * 10;
                rest = product as u64;
                *face = (product >> 64) as u8 + 1;
            }
        }
    }
}

/// The hand-written top-k loop: what a competent user writes in ten lines with rand 0.9, on
/// the generator `SeededDice` wraps (PCG-64 MCG, here `rand_pcg` 0.9's `Pcg64Mcg`). Each face
/// is `random_range(1..=10)` (rand 0.9's name for `gen_range`), a die explodes on a 10, and the
/// highest dice are kept in a sorted array by insertion; the sizes are constants. Like
/// `PreparedPool::roll` it answers the kept total and the second highest die, so it keeps at
/// least two dice.
#[derive(Clone, Debug)]
pub struct HandLoop {
    rng: Pcg64Mcg,
}

impl HandLoop {
    /// A hand loop on `Pcg64Mcg::seed_from_u64(seed)`.
    pub fn new(seed: u64) -> HandLoop {
        HandLoop {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }

    /// Rolls `ROLLED` exploding d10s and keeps the `KEPT` highest (`KEPT <= ROLLED <= 10`):
    /// the kept total and the second highest die (0 for one die).
    #[inline]
    pub fn roll<const ROLLED: usize, const KEPT: usize>(&mut self) -> (u32, u32) {
        let width = KEPT.clamp(2, 10);
        let mut best = [0_u32; 10]; // the `width` highest dice, highest first
        for _ in 0..ROLLED {
            let mut die = 0;
            loop {
                let face: u32 = self.rng.random_range(1..=10);
                die += face;
                if face < 10 {
                    break;
                }
            }
            // Insertion: the die goes down the sorted dice, swapping places with each lower one.
            for slot in &mut best[..width] {
                if die > *slot {
                    std::mem::swap(&mut die, slot);
                }
            }
        }
        (best[..KEPT].iter().sum(), best[1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pbp_core::{FastRoll, Limits, Pool};

    /// The bare loop draws the same faces as pbp for the same words: from a new generator of
    /// the same seed, its rolls are the prepared pool's, roll for roll.
    fn bare_is_prepared<const ROLLED: usize, const KEPT: usize>() {
        let prepared = Pool::new(ROLLED as u32, KEPT as u32)
            .prepare(&Limits::default())
            .expect("within the limits");
        let (mut bare, mut dice) = (BareLoop::new(11), SeededDice::new(11));
        for _ in 0..20_000 {
            let (total, second) = bare.roll::<ROLLED, KEPT>();
            let expected = prepared.roll(&mut dice).expect("a seeded roll");
            let second = if ROLLED > 1 { second as i64 } else { 0 };
            assert_eq!(
                FastRoll {
                    total: total as i64,
                    second_highest: second
                },
                expected
            );
        }
    }

    #[test]
    fn the_face_stream_draws_the_faces_of_pbp() {
        use pbp_core::Dice;
        let (mut stream, mut dice) = (FaceStream::new(3), SeededDice::new(3));
        let mut faces = [0_u8; 1008];
        for _ in 0..20 {
            stream.fill(&mut faces);
            for &face in &faces {
                assert_eq!(u32::from(face), dice.roll(10).expect("a d10"));
            }
        }
    }

    #[test]
    fn the_bare_loop_rolls_the_pools_of_pbp() {
        bare_is_prepared::<1, 1>();
        bare_is_prepared::<2, 1>();
        bare_is_prepared::<3, 2>();
        bare_is_prepared::<5, 3>();
        bare_is_prepared::<10, 5>();
        bare_is_prepared::<10, 10>();
    }

    /// The hand loop keeps the highest dice: against sorting every die of the same faces.
    fn hand_keeps_the_highest<const ROLLED: usize, const KEPT: usize>() {
        let (mut hand, mut rng) = (HandLoop::new(5), Pcg64Mcg::seed_from_u64(5));
        for _ in 0..20_000 {
            let mut dice: Vec<u32> = (0..ROLLED)
                .map(|_| {
                    let mut die = 0;
                    loop {
                        let face: u32 = rng.random_range(1..=10);
                        die += face;
                        if face < 10 {
                            return die;
                        }
                    }
                })
                .collect();
            dice.sort_unstable_by(|a, b| b.cmp(a));
            let second = dice.get(1).copied().unwrap_or(0);
            let expected = (dice[..KEPT].iter().sum(), second);
            assert_eq!(hand.roll::<ROLLED, KEPT>(), expected);
        }
    }

    #[test]
    fn the_hand_loop_keeps_the_highest_dice() {
        hand_keeps_the_highest::<1, 1>();
        hand_keeps_the_highest::<2, 1>();
        hand_keeps_the_highest::<3, 2>();
        hand_keeps_the_highest::<5, 3>();
        hand_keeps_the_highest::<10, 5>();
        hand_keeps_the_highest::<10, 10>();
    }
}
