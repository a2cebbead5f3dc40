//! The full result of a pool rolled from a [`SeededDice`]: every die with its chain and its
//! kept flag, drawn from the generator's batch held in registers.

use crate::dice::{Cursor, SeededDice};
use crate::die::Die;

use crate::pool::{INLINE_ROLL_DICE, INLINE_ROLL_FACES, Pool, PoolRoll, low_bits};

impl Pool {
    /// [`Pool::roll_limited`] from a [`SeededDice`], after the checks, for `1..=10` exploding
    /// d10s (or, for [`Pool::roll_seeded_any`], dice of 2 to 255 sides, whose faces fit in the
    /// roll's bytes): the same values, in the same order, as rolling face after face with
    /// [`Dice::roll`](crate::Dice::roll), and the same result, written into `roll` (a new
    /// [`PoolRoll::empty`]). True when a chain went past `max_chain` (the roll is then an
    /// error): the roll is written through a reference rather than returned in a `Result`, so
    /// that it is built in the caller's memory instead of in a local copied out.
    #[inline(always)]
    pub(crate) fn roll_seeded_d10(
        &self,
        dice: &mut SeededDice,
        max_chain: u32,
        numbers: (u32, u32, i64),
        roll: &mut PoolRoll,
    ) -> bool {
        if numbers.0 <= 2 {
            self.roll_seeded_pair_d10(dice, max_chain, numbers, roll)
        } else if numbers.0 == 10 && TEN_DICE_LOOP {
            self.roll_seeded_keyed_ten_d10(dice, max_chain, numbers, roll)
        } else {
            self.roll_seeded_keyed_d10(dice, max_chain, numbers, roll)
        }
    }

    /// As [`Pool::roll_seeded_d10`], for any die of at least two sides.
    #[inline(always)]
    pub(crate) fn roll_seeded_any(
        &self,
        dice: &mut SeededDice,
        max_chain: u32,
        numbers: (u32, u32, i64),
        roll: &mut PoolRoll,
    ) -> bool {
        if numbers.0 <= 2 {
            self.roll_seeded_pair_any(dice, max_chain, numbers, roll)
        } else {
            self.roll_seeded_keyed_any(dice, max_chain, numbers, roll)
        }
    }

    /// [`Pool::roll_seeded_pair`] with the exploding d10: each copy of the loop is out of line
    /// on its own, so that it has the registers to itself, and the die is a constant in it.
    #[inline(never)]
    fn roll_seeded_pair_d10(
        &self,
        dice: &mut SeededDice,
        max_chain: u32,
        numbers: (u32, u32, i64),
        roll: &mut PoolRoll,
    ) -> bool {
        self.roll_seeded_pair(Die::EXPLODING_D10, dice, max_chain, numbers, roll)
    }

    /// [`Pool::roll_seeded_with`] with the exploding d10.
    #[inline(never)]
    fn roll_seeded_keyed_d10(
        &self,
        dice: &mut SeededDice,
        max_chain: u32,
        numbers: (u32, u32, i64),
        roll: &mut PoolRoll,
    ) -> bool {
        self.roll_seeded_with::<0>(Die::EXPLODING_D10, dice, max_chain, numbers, roll)
    }

    /// [`Pool::roll_seeded_with`] with exactly ten exploding d10s (every pool of ten or more
    /// under the ten dice rule): the number of dice is a constant, so the dice are drawn,
    /// sunk and written out one after another as written, with no count of dice and each sink
    /// of a known length.
    #[inline(never)]
    fn roll_seeded_keyed_ten_d10(
        &self,
        dice: &mut SeededDice,
        max_chain: u32,
        numbers: (u32, u32, i64),
        roll: &mut PoolRoll,
    ) -> bool {
        self.roll_seeded_with::<10>(Die::EXPLODING_D10, dice, max_chain, numbers, roll)
    }

    /// [`Pool::roll_seeded_pair`] with the pool's die.
    #[inline(never)]
    fn roll_seeded_pair_any(
        &self,
        dice: &mut SeededDice,
        max_chain: u32,
        numbers: (u32, u32, i64),
        roll: &mut PoolRoll,
    ) -> bool {
        self.roll_seeded_pair(self.die, dice, max_chain, numbers, roll)
    }

    /// [`Pool::roll_seeded_with`] with the pool's die.
    #[inline(never)]
    fn roll_seeded_keyed_any(
        &self,
        dice: &mut SeededDice,
        max_chain: u32,
        numbers: (u32, u32, i64),
        roll: &mut PoolRoll,
    ) -> bool {
        self.roll_seeded_with::<0>(self.die, dice, max_chain, numbers, roll)
    }

    /// [`Pool::roll_seeded_with`] for one or two dice, which needs no sort keys: the second
    /// die goes above the first if it is higher (one comparison, without a branch).
    #[inline(always)]
    fn roll_seeded_pair(
        &self,
        die: Die,
        dice: &mut SeededDice,
        max_chain: u32,
        (rolled, kept, ten_dice_bonus): (u32, u32, i64),
        roll: &mut PoolRoll,
    ) -> bool {
        let threshold = die.explode_at().unwrap_or(u32::MAX);
        let max_rolls = max_chain.max(1);
        let each_die = self.modifiers.each_die;
        let mut faces = 0_usize;
        let mut cursor = dice.cursor(die.sides());
        let Some((len0, sum0)) =
            roll_chain(dice, &mut cursor, roll, &mut faces, threshold, max_rolls)
        else {
            dice.settle(cursor);
            return true;
        };
        let value0 = sum0 as i64 + each_die;
        let count = if rolled >= 2 {
            let Some((len1, sum1)) =
                roll_chain(dice, &mut cursor, roll, &mut faces, threshold, max_rolls)
            else {
                dice.settle(cursor);
                return true;
            };
            let value1 = sum1 as i64 + each_die;
            // The second die (whose chain starts after the first's) goes first only if it is
            // higher: ties keep roll order.
            let swap = value0 < value1;
            roll.values[0] = value0.max(value1);
            roll.values[1] = value0.min(value1);
            roll.firsts[0] = if swap { len0 as u8 } else { 0 };
            roll.firsts[1] = if swap { 0 } else { len0 as u8 };
            roll.lens[0] = (if swap { len1 } else { len0 }) as u8;
            roll.lens[1] = (if swap { len0 } else { len1 }) as u8;
            2
        } else {
            roll.values[0] = value0;
            roll.lens[0] = len0 as u8;
            1
        };
        dice.settle(cursor);
        roll.dice_len = count as u8;
        roll.faces_len = faces.min(INLINE_ROLL_FACES) as u8;
        if faces > INLINE_ROLL_FACES {
            self.chains_from_faces(roll, threshold, kept, ten_dice_bonus);
            return false;
        }
        // The kept dice: the highest, with their rank bonuses (as `Pool::finish`).
        let ranked = !self.modifiers.ranks.is_empty();
        let kept = count.min(kept as usize);
        let mut total = self.modifiers.total + ten_dice_bonus;
        for rank in 0..kept {
            if ranked {
                roll.values[rank] += self.modifiers.rank_bonus(rank as u32 + 1);
            }
            total += roll.values[rank];
        }
        roll.kept = low_bits(kept);
        roll.total = total;
        false
    }

    /// Rolls the dice one after another straight into the faces of a new roll, each face as
    /// it comes; keeps a sort key per die (its chain's sum, where its chain starts and its
    /// length), sorted without branches (a branch on a random comparison mispredicts half the
    /// time): up to five keys by a sorting network in registers once all are drawn, more (and
    /// every key in the browser's wasm) by sinking each into the keys so far as it comes; then writes the dice in the keys' order
    /// (highest first, ties in roll order) with their kept flags, and the total.
    #[inline(always)]
    fn roll_seeded_with<const COUNT: usize>(
        &self,
        die: Die,
        dice: &mut SeededDice,
        max_chain: u32,
        (rolled, kept, ten_dice_bonus): (u32, u32, i64),
        roll: &mut PoolRoll,
    ) -> bool {
        let threshold = die.explode_at().unwrap_or(u32::MAX);
        let max_rolls = max_chain.max(1);
        // `COUNT` dice when it is not 0 (the caller checked), else as many as the pool rolls.
        let count = if COUNT > 0 {
            COUNT
        } else {
            (rolled as usize).min(INLINE_ROLL_DICE)
        };
        // The keys so far, highest first; 0 is below every key.
        let mut keys = [0_u64; INLINE_ROLL_DICE];
        let mut faces = 0_usize;
        let mut cursor = dice.cursor(die.sides());
        // Draws die `index` and files its key; on a chain past the limit, settles the
        // generator and answers that the roll is an error.
        macro_rules! draw {
            ($index:expr) => {{
                let index = $index;
                let first = faces;
                let Some((len, sum)) =
                    roll_chain(dice, &mut cursor, roll, &mut faces, threshold, max_rolls)
                else {
                    dice.settle(cursor);
                    return true;
                };
                let key = sort_key(sum, first, len);
                if SORTING_NETWORKS && count <= 5 {
                    keys[index] = key;
                } else {
                    // Sunk into the keys so far as it comes (measured faster than the network
                    // for ten keys, which has more values than registers).
                    sink_key(&mut keys[..=index], key);
                }
            }};
        }
        if COUNT > 0 {
            // Written out die by die: no count of dice, and each sink of a known length.
            macro_rules! die {
                ($index:literal) => {
                    if COUNT > $index {
                        draw!($index);
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
        } else {
            for index in 0..count {
                draw!(index);
            }
        }
        dice.settle(cursor);
        // The keys are distinct (each holds where its chain starts), and the slots past the
        // dice hold 0, below every key: any sort gives the same order.
        if SORTING_NETWORKS {
            match count {
                0..=3 => sort_keys::<3>(&mut keys),
                4 | 5 => sort_keys::<5>(&mut keys),
                _ => {}
            }
        }
        roll.dice_len = count as u8;
        roll.faces_len = faces.min(INLINE_ROLL_FACES) as u8;
        if faces > INLINE_ROLL_FACES {
            // The keys hold the chains of twenty-four faces at most.
            self.chains_from_faces(roll, threshold, kept, ten_dice_bonus);
            return false;
        }
        let each_die = self.modifiers.each_die;
        let ranked = !self.modifiers.ranks.is_empty();
        let kept = count.min(kept as usize);
        let mut total = self.modifiers.total + ten_dice_bonus;
        for (rank, &key) in keys[..count].iter().enumerate() {
            let mut value = (key >> KEY_SUM_SHIFT) as i64 + each_die;
            let is_kept = rank < kept;
            if ranked && is_kept {
                value += self.modifiers.rank_bonus(rank as u32 + 1);
            }
            total += if is_kept { value } else { 0 };
            roll.values[rank] = value;
            roll.firsts[rank] = u8::MAX - (key >> 8) as u8;
            roll.lens[rank] = key as u8;
        }
        roll.kept = low_bits(kept);
        roll.total = total;
        false
    }

    /// The dice of `roll`, whose faces are drawn, found again from the faces alone (a chain
    /// ends at its first face below `threshold`), sorted by value, stably, and kept: for a
    /// roll whose faces went beyond the array (the dice then point further than a byte
    /// reaches, and their sums may not fit in a sort key).
    #[cold]
    #[inline(never)]
    fn chains_from_faces(&self, roll: &mut PoolRoll, threshold: u32, kept: u32, bonus: i64) {
        roll.dice_len = 0;
        roll.kept = 0;
        let faces = roll.all_faces().to_vec();
        let (mut first, mut sum) = (0_usize, 0_u64);
        for (at, &face) in faces.iter().enumerate() {
            sum += u64::from(face);
            if face < threshold {
                let len = (at + 1 - first) as u32;
                roll.insert(first, len, sum as i64 + self.modifiers.each_die);
                (first, sum) = (at + 1, 0);
            }
        }
        self.finish(roll, kept, bonus);
    }
}

/// Rolls one die's chain straight into `roll`'s faces (from face `*faces` on): a face at or
/// above `threshold` explodes into one more. The chain's length and sum, or `None` once it
/// reaches `max_rolls` faces and would go on.
#[inline(always)]
fn roll_chain(
    dice: &mut SeededDice,
    cursor: &mut Cursor,
    roll: &mut PoolRoll,
    faces: &mut usize,
    threshold: u32,
    max_rolls: u32,
) -> Option<(u32, u64)> {
    let (mut len, mut sum) = (0_u32, 0_u64);
    loop {
        if cursor.left == 0 {
            dice.refill_cursor(cursor);
        }
        let face = cursor.take();
        if *faces < INLINE_ROLL_FACES {
            // The die has at most 255 sides.
            roll.faces[*faces] = face as u8;
        } else {
            roll.push_face_on_heap(face, *faces);
        }
        *faces += 1;
        len += 1;
        sum += u64::from(face);
        if face < threshold {
            return Some((len, sum));
        }
        // The chain goes on: one more roll, if the limit allows it.
        if len >= max_rolls {
            return None;
        }
    }
}

/// The sort key of a die of the seeded full roll: its chain's sum above [`KEY_SUM_SHIFT`]
/// bits, then `255 - first` (where its chain starts among the faces) and its chain's length,
/// a byte each. A higher sum comes first and, among equal sums, the die rolled first (whose
/// chain starts before). Exact for the twenty-four faces of the array (first and length below
/// 256, sums below 2^48); a roll with more faces does not use its keys.
#[inline(always)]
fn sort_key(sum: u64, first: usize, len: u32) -> u64 {
    (sum << KEY_SUM_SHIFT) | (u64::from(u8::MAX - first as u8) << 8) | u64::from(len as u8)
}

/// Whether ten exploding d10s get a full roll's loop of their own (see
/// [`Pool::roll_seeded_keyed_ten_d10`]): not in the browser's wasm, where size comes first.
const TEN_DICE_LOOP: bool = !cfg!(target_arch = "wasm32");

/// Whether up to five keys are sorted by a network once drawn: not in the browser's wasm, where
/// size comes before speed (the page's budget) and every key is sunk as it comes.
const SORTING_NETWORKS: bool = !cfg!(target_arch = "wasm32");

/// Sinks `key` into `keys`, sorted highest first, by compare-and-swap without branches.
#[inline(always)]
fn sink_key(keys: &mut [u64], mut key: u64) {
    for slot in keys {
        let higher = (*slot).max(key);
        key = (*slot).min(key);
        *slot = higher;
    }
}

/// Sorts the first `N` keys, highest first, by the sorting network [`network`] builds for `N`:
/// the keys in registers, each comparator a branchless compare-and-swap.
#[inline(always)]
fn sort_keys<const N: usize>(keys: &mut [u64; INLINE_ROLL_DICE]) {
    let (pairs, len) = const { network(N) };
    let mut sorted = [0_u64; N];
    sorted.copy_from_slice(&keys[..N]);
    for &(high, low) in &pairs[..len] {
        let (a, b) = (sorted[high as usize], sorted[low as usize]);
        sorted[high as usize] = a.max(b);
        sorted[low as usize] = a.min(b);
    }
    keys[..N].copy_from_slice(&sorted);
}

/// The comparators of Batcher's merge-exchange sorting network for `n <= 16` values (Knuth,
/// The Art of Computer Programming 3, 5.2.2, Algorithm M), each `(i, j)` with `i < j`: after
/// every comparator puts the higher of slots `i` and `j` in `i`, the values are sorted highest
/// first. 3 comparators for 3 values, 9 for 5, 31 for 10. Built at compile time.
const fn network(n: usize) -> ([(u8, u8); 64], usize) {
    let mut pairs = [(0_u8, 0_u8); 64];
    let mut len = 0;
    if n < 2 {
        return (pairs, 0);
    }
    let mut t = 0;
    while (1 << t) < n {
        t += 1;
    }
    let mut p = 1 << (t - 1);
    while p > 0 {
        let (mut q, mut r, mut d) = (1 << (t - 1), 0, p);
        loop {
            let mut i = 0;
            while i + d < n {
                if i & p == r {
                    pairs[len] = (i as u8, (i + d) as u8);
                    len += 1;
                }
                i += 1;
            }
            if q == p {
                break;
            }
            d = q - p;
            q >>= 1;
            r = p;
        }
        p >>= 1;
    }
    (pairs, len)
}

/// Where a sort key's sum starts (see [`sort_key`]).
const KEY_SUM_SHIFT: u32 = 16;
const _: () = assert!(INLINE_ROLL_FACES < u8::MAX as usize);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pool::Limits;

    #[test]
    fn the_sorting_networks_sort_every_input() {
        // The 0-1 principle: a comparator network sorts every input if it sorts every input of
        // zeros and ones.
        for n in [3, 5, INLINE_ROLL_DICE] {
            let (pairs, len) = network(n);
            for bits in 0_u32..(1 << n) {
                let mut values: Vec<u32> = (0..n).map(|i| (bits >> i) & 1).collect();
                for &(i, j) in &pairs[..len] {
                    let (a, b) = (values[i as usize], values[j as usize]);
                    values[i as usize] = a.max(b);
                    values[j as usize] = a.min(b);
                }
                assert!(
                    values.windows(2).all(|w| w[0] >= w[1]),
                    "n {n}, input {bits:b}"
                );
            }
        }
        assert_eq!((network(3).1, network(5).1, network(10).1), (3, 9, 31));
    }

    #[test]
    fn chains_found_again_from_the_faces_are_the_same_dice() {
        // The fallback for rolls past the array of faces (reached by rolling only once in
        // about 10^11 rolls of ten exploding d10s) is given the faces of ordinary rolls.
        for seed in 0..200 {
            for (rolled, kept) in [(1, 1), (2, 1), (7, 3)] {
                let mut pool = Pool::new(rolled, kept).plus(2);
                pool.modifiers.each_die = 1;
                pool.modifiers.add_rank_bonus(1, 2);
                let expected = pool.roll(&mut SeededDice::new(seed)).unwrap();
                let mut roll = PoolRoll::empty();
                for face in expected.all_faces() {
                    roll.push_face(face);
                }
                let (_, kept, bonus) = pool.within_limits(&Limits::default()).unwrap();
                pool.chains_from_faces(&mut roll, 10, kept, bonus);
                // Equal dice include where each chain starts and how long it is.
                assert_eq!(roll, expected, "seed {seed}, {rolled}k{kept}");
            }
        }
    }
}
