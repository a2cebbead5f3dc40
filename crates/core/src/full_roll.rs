//! The full result of a pool rolled from a [`SeededDice`]: every die with its chain and its
//! kept flag, drawn from the generator's batch held in registers.

use crate::dice::{Cursor, SeededDice};
use crate::die::Die;

use crate::pool::{INLINE_ROLL_DICE, INLINE_ROLL_FACES, Pool, PoolDie, PoolRoll};

impl Pool {
    /// [`Pool::roll_limited`] from a [`SeededDice`], after the checks, for `1..=10` exploding
    /// d10s: the same values, in the same order, as rolling face after face with
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
        self.roll_seeded_with(Die::EXPLODING_D10, dice, max_chain, numbers, roll)
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
        self.roll_seeded_with(self.die, dice, max_chain, numbers, roll)
    }

    /// [`Pool::roll_seeded_with`] for one or two dice, which needs no sort keys: the second
    /// die goes above the first if it is higher (one comparison).
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
        let count = (rolled as usize).min(2);
        let mut faces = 0_usize;
        let mut cursor = dice.cursor(die.sides());
        for index in 0..count {
            let first = faces;
            let Some((len, sum)) =
                roll_chain(dice, &mut cursor, roll, &mut faces, threshold, max_rolls)
            else {
                dice.settle(cursor);
                return true;
            };
            let value = sum as i64 + each_die;
            let at = if index == 1 && roll.dice[0].value < value {
                roll.dice[1] = roll.dice[0];
                0
            } else {
                index
            };
            roll.dice[at] = PoolDie::new(value, first, len);
        }
        dice.settle(cursor);
        roll.dice_len = count as u8;
        roll.faces_len = faces.min(INLINE_ROLL_FACES) as u8;
        // The kept dice: the highest, with their rank bonuses (as `Pool::finish`).
        let ranked = !self.modifiers.ranks.is_empty();
        let mut total = self.modifiers.total + ten_dice_bonus;
        for rank in 0..count.min(kept as usize) {
            roll.dice[rank].kept = true;
            if ranked {
                roll.dice[rank].value += self.modifiers.rank_bonus(rank as u32 + 1);
            }
            total += roll.dice[rank].value;
        }
        roll.total = total;
        false
    }

    /// Rolls the dice one after another straight into the arrays of a new roll, each face as
    /// it comes; keeps a sort key per die (its chain's sum, and its place in the roll below
    /// it), each sunk into the sorted keys by compare-and-swap without branches (a branch on
    /// a random comparison mispredicts half the time); then writes the dice in the keys' order
    /// (highest first, ties in roll order) with their kept flags, and the total.
    #[inline(always)]
    fn roll_seeded_with(
        &self,
        die: Die,
        dice: &mut SeededDice,
        max_chain: u32,
        (rolled, kept, ten_dice_bonus): (u32, u32, i64),
        roll: &mut PoolRoll,
    ) -> bool {
        let threshold = die.explode_at().unwrap_or(u32::MAX);
        let max_rolls = max_chain.max(1);
        let count = (rolled as usize).min(INLINE_ROLL_DICE);
        // Die `i` (in roll order) has the chain of `lens[i]` faces from `firsts[i]`.
        let mut firsts = [0_u32; KEY_SLOTS];
        let mut lens = [0_u32; KEY_SLOTS];
        // The keys so far, highest first; 0 is below every key.
        let mut keys = [0_u64; INLINE_ROLL_DICE];
        let mut sums = 0_u64;
        let mut faces = 0_usize;
        let mut cursor = dice.cursor(die.sides());
        for index in 0..count {
            let first = faces;
            let Some((len, sum)) =
                roll_chain(dice, &mut cursor, roll, &mut faces, threshold, max_rolls)
            else {
                dice.settle(cursor);
                return true;
            };
            firsts[index] = first as u32;
            lens[index] = len;
            sums |= sum;
            let mut key = (sum << KEY_SHIFT) | (KEY_MASK - index as u64);
            for slot in &mut keys[..=index] {
                let higher = (*slot).max(key);
                key = (*slot).min(key);
                *slot = higher;
            }
        }
        dice.settle(cursor);
        roll.dice_len = count as u8;
        roll.faces_len = faces.min(INLINE_ROLL_FACES) as u8;
        if sums >> (64 - KEY_SHIFT) != 0 {
            // A sum does not fit in a key (only with chains of millions of faces).
            self.sort_wide_sums(roll, &firsts[..count], &lens[..count]);
            self.finish(roll, kept, ten_dice_bonus);
            return false;
        }
        let each_die = self.modifiers.each_die;
        let ranked = !self.modifiers.ranks.is_empty();
        let kept = kept as usize;
        let mut total = self.modifiers.total + ten_dice_bonus;
        for (rank, &key) in keys[..count].iter().enumerate() {
            let index = (KEY_MASK - (key & KEY_MASK)) as usize % KEY_SLOTS;
            let mut value = (key >> KEY_SHIFT) as i64 + each_die;
            let is_kept = rank < kept;
            if ranked && is_kept {
                value += self.modifiers.rank_bonus(rank as u32 + 1);
            }
            total += if is_kept { value } else { 0 };
            roll.dice[rank] = PoolDie::with_chain(value, is_kept, firsts[index], lens[index]);
        }
        roll.total = total;
        false
    }

    /// The dice of `roll`, whose faces are drawn, sorted by value, stably, when some chain's
    /// sum does not fit in a sort key: die `i` (in roll order) has the `lens[i]` faces from
    /// `firsts[i]`.
    #[cold]
    #[inline(never)]
    fn sort_wide_sums(&self, roll: &mut PoolRoll, firsts: &[u32], lens: &[u32]) {
        roll.dice_len = 0;
        for (&first, &len) in firsts.iter().zip(lens) {
            let (from, to) = (first as usize, first as usize + len as usize);
            let sum: u64 = roll
                .all_faces()
                .get(from..to)
                .unwrap_or(&[])
                .iter()
                .map(|&face| u64::from(face))
                .sum();
            roll.insert(from, len, sum as i64 + self.modifiers.each_die);
        }
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
            roll.faces[*faces] = face;
        } else {
            roll.push_face_on_heap(face);
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

/// Sort keys of the seeded full roll: a die's chain sum above [`KEY_SHIFT`] bits, and below
/// them `15 - i` for the `i`-th die rolled, so that a higher sum comes first and, among equal
/// sums, the die rolled first. Indices read back from a key are taken modulo [`KEY_SLOTS`],
/// which the compiler knows to be in bounds.
const KEY_SHIFT: u32 = 4;
const KEY_MASK: u64 = (1 << KEY_SHIFT) - 1;
const KEY_SLOTS: usize = 1 << KEY_SHIFT;
const _: () = assert!(INLINE_ROLL_DICE <= KEY_SLOTS);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pool::Limits;

    #[test]
    fn sums_too_wide_for_a_key_are_sorted_the_same() {
        // The fallback for sums of 2^60 or more (chains of millions of faces) cannot be reached
        // by rolling in a test, so it is given the faces and chains of ordinary rolls.
        for seed in 0..200 {
            let mut pool = Pool::new(7, 3).plus(2);
            pool.modifiers.each_die = 1;
            pool.modifiers.add_rank_bonus(1, 2);
            let expected = pool.roll(&mut SeededDice::new(seed)).unwrap();
            // The chains in roll order: by where their faces start.
            let mut chains: Vec<(u32, u32)> = expected
                .dice()
                .iter()
                .map(|die| (die.first(), die.chain_len()))
                .collect();
            chains.sort_unstable();
            let mut roll = PoolRoll::empty();
            for &face in expected.all_faces() {
                roll.push_face(face);
            }
            let firsts: Vec<u32> = chains.iter().map(|c| c.0).collect();
            let lens: Vec<u32> = chains.iter().map(|c| c.1).collect();
            pool.sort_wide_sums(&mut roll, &firsts, &lens);
            let (_, kept, bonus) = pool.within_limits(&Limits::default()).unwrap();
            pool.finish(&mut roll, kept, bonus);
            assert_eq!(roll, expected, "seed {seed}");
        }
    }
}
