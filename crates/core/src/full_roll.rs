//! The full result of a pool rolled from a [`SeededDice`]: every die with its chain and its
//! kept flag, drawn from the generator's batch held in registers.

use crate::dice::{Cursor, SeededDice};
use crate::die::Die;

use crate::pool::{INLINE_ROLL_DICE, INLINE_ROLL_FACES, Pool, PoolRoll, chain_code, low_bits};

mod network;

use network::{sink_key, sort_keys, sort_ten};

impl Pool {
    /// [`Pool::roll_limited`] from a [`SeededDice`], after the checks, for `1..=10` exploding
    /// d10s (or, for [`Pool::roll_seeded_any`], dice of 2 to 255 sides, whose faces fit in the
    /// roll's bytes): the same values, in the same order, as rolling face after face with
    /// [`Dice::roll`](crate::Dice::roll), and the same result, written into `roll` (a new
    /// [`PoolRoll::empty`]). True when a chain went past `max_chain` (the roll is then an
    /// error): the roll is written through a reference rather than returned in a `Result`.
    #[inline(always)]
    pub(crate) fn roll_seeded_d10(
        &self,
        dice: &mut SeededDice,
        max_chain: u32,
        numbers: (u32, u32, i64),
        roll: &mut PoolRoll,
    ) -> bool {
        match numbers.0 {
            0..=2 => self.roll_seeded_pair_d10(dice, max_chain, numbers, roll),
            3 if FIXED_COUNT_LOOPS => self.roll_seeded_d10_of::<3>(dice, max_chain, numbers, roll),
            5 if FIXED_COUNT_LOOPS => self.roll_seeded_d10_of::<5>(dice, max_chain, numbers, roll),
            10 if FIXED_COUNT_LOOPS => {
                self.roll_seeded_d10_of::<10>(dice, max_chain, numbers, roll)
            }
            _ => self.roll_seeded_d10_of::<0>(dice, max_chain, numbers, roll),
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

    /// [`Pool::roll_seeded_with`] with the exploding d10: `DICE` of them exactly (3, 5 or 10:
    /// the number of dice is a constant, so the dice are drawn, sorted and written out one
    /// after another as written, with no count of dice), or any number for `DICE = 0`. Each
    /// `DICE` is a copy of its own, out of line.
    #[inline(never)]
    fn roll_seeded_d10_of<const DICE: usize>(
        &self,
        dice: &mut SeededDice,
        max_chain: u32,
        numbers: (u32, u32, i64),
        roll: &mut PoolRoll,
    ) -> bool {
        self.roll_seeded_with::<DICE>(Die::EXPLODING_D10, dice, max_chain, numbers, roll)
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

    /// [`Pool::roll_seeded_with`] for one or two dice: the two keys need a single comparison,
    /// without a branch (the second die, whose chain starts after the first's, goes first only
    /// if it is higher: ties keep roll order).
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
        let mut faces = 0_usize;
        let mut cursor = dice.cursor(die.sides());
        // Draws one die's key; on a chain past the limit, settles the generator and answers
        // that the roll is an error.
        macro_rules! draw {
            () => {{
                let Some(key) =
                    roll_chain(dice, &mut cursor, roll, &mut faces, threshold, max_rolls)
                else {
                    dice.settle(cursor);
                    return true;
                };
                key
            }};
        }
        let each_die = self.modifiers.each_die;
        let first = draw!();
        let value0 = (first >> KEY_SUM_SHIFT) as i64 + each_die;
        let count = if rolled >= 2 {
            let second = draw!();
            let value1 = (second >> KEY_SUM_SHIFT) as i64 + each_die;
            // The second die goes first only if it is higher: ties keep roll order.
            let swap = value0 < value1;
            roll.values[0] = value0.max(value1);
            roll.values[1] = value0.min(value1);
            // A key's low 16 bits are the chain as the roll holds it.
            roll.chains[0] = (if swap { second } else { first }) as u16;
            roll.chains[1] = (if swap { first } else { second }) as u16;
            2
        } else {
            roll.values[0] = value0;
            roll.chains[0] = first as u16;
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
    /// it comes, with a sort key per die ([`KEY_SUM_SHIFT`]); sorts the keys without branches (a
    /// branch on a random comparison mispredicts half the time): once all are drawn, by a
    /// sorting network in registers (three keys, five, or ten, with the slots past the dice
    /// holding 0, below every key), or in the browser's wasm, where size comes first, by
    /// sinking each into the keys so far as it comes; then writes the dice in the keys' order
    /// (highest first, ties in roll order) with their kept flags, and the total. `COUNT` dice
    /// when it is not 0 (the caller checked that the pool rolls that many), else as many as the
    /// pool rolls.
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
        let count = if COUNT > 0 {
            COUNT
        } else {
            (rolled as usize).min(INLINE_ROLL_DICE)
        };
        // The keys so far; 0 is below every key.
        let mut keys = [0_u64; INLINE_ROLL_DICE];
        let mut faces = 0_usize;
        let mut cursor = dice.cursor(die.sides());
        // Draws die `index` and files its key; on a chain past the limit, settles the
        // generator and answers that the roll is an error.
        macro_rules! draw {
            ($index:expr) => {{
                let index = $index;
                let Some(key) =
                    roll_chain(dice, &mut cursor, roll, &mut faces, threshold, max_rolls)
                else {
                    dice.settle(cursor);
                    return true;
                };
                if SORTING_NETWORKS {
                    keys[index] = key;
                } else {
                    sink_key(&mut keys[..=index], key);
                }
            }};
        }
        if COUNT > 0 {
            // Written out die by die, with no count of dice.
            macro_rules! die {
                ($($index:literal)*) => {$(
                    if COUNT > $index {
                        draw!($index);
                    }
                )*};
            }
            die!(0 1 2 3 4 5 6 7 8 9);
        } else {
            for index in 0..count {
                draw!(index);
            }
        }
        dice.settle(cursor);
        // The keys are distinct (each holds where its chain starts): any sort gives the same
        // order.
        if SORTING_NETWORKS {
            match count {
                0..=3 => sort_keys::<3>(&mut keys),
                4 | 5 => sort_keys::<5>(&mut keys),
                _ => sort_ten(&mut keys),
            }
        }
        self.write_dice(
            roll,
            &keys[..count],
            faces,
            threshold,
            (kept, ten_dice_bonus),
        );
        false
    }

    /// Writes the dice of `keys` (sorted, highest first) into `roll`, whose `faces` faces are
    /// drawn: each die's value and chain, then the kept dice's rank bonuses, kept bits and
    /// total. A roll of more faces than the array holds finds its dice again from its faces.
    #[inline(always)]
    fn write_dice(
        &self,
        roll: &mut PoolRoll,
        keys: &[u64],
        faces: usize,
        threshold: u32,
        (kept, ten_dice_bonus): (u32, i64),
    ) {
        let count = keys.len().min(INLINE_ROLL_DICE);
        roll.dice_len = count as u8;
        roll.faces_len = faces.min(INLINE_ROLL_FACES) as u8;
        if faces > INLINE_ROLL_FACES {
            // The keys hold the chains of twenty-four faces at most.
            self.chains_from_faces(roll, threshold, kept, ten_dice_bonus);
            return;
        }
        let each_die = self.modifiers.each_die;
        for (rank, &key) in keys.iter().enumerate().take(count) {
            roll.values[rank] = (key >> KEY_SUM_SHIFT) as i64 + each_die;
            // The key's low 16 bits are the chain as the roll holds it.
            roll.chains[rank] = key as u16;
        }
        // The kept dice: the highest, with their rank bonuses (as `Pool::finish`), summed
        // once every die is written.
        let kept = count.min(kept as usize);
        if !self.modifiers.ranks.is_empty() {
            for rank in 0..kept {
                roll.values[rank] += self.modifiers.rank_bonus(rank as u32 + 1);
            }
        }
        let mut total = self.modifiers.total + ten_dice_bonus;
        for &value in &roll.values[..kept] {
            total += value;
        }
        roll.kept = low_bits(kept);
        roll.total = total;
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
/// above `threshold` explodes into one more. The chain's sort key ([`KEY_SUM_SHIFT`]), or `None`
/// once it reaches `max_rolls` faces and would go on.
#[inline(always)]
fn roll_chain(
    dice: &mut SeededDice,
    cursor: &mut Cursor,
    roll: &mut PoolRoll,
    faces: &mut usize,
    threshold: u32,
    max_rolls: u32,
) -> Option<u64> {
    let first = *faces;
    // The key is summed as the faces come: each adds itself above the chain code and 1 to
    // the length below.
    let mut key = u64::from(chain_code(first, 0));
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
        key = key.wrapping_add((u64::from(face) << KEY_SUM_SHIFT) + 1);
        if face < threshold {
            return Some(key);
        }
        // The chain goes on: one more roll, if the limit allows it.
        if *faces - first >= max_rolls as usize {
            return None;
        }
    }
}

/// Whether three, five and ten exploding d10s get a full roll's loop of their own each
/// (`Pool::roll_seeded_d10_of::<10>`): not in the browser's wasm, where size comes first.
const FIXED_COUNT_LOOPS: bool = !cfg!(target_arch = "wasm32");

/// Whether the keys are sorted by a network once drawn: not in the browser's wasm, where size
/// comes before speed (the page's budget) and every key is sunk as it comes.
const SORTING_NETWORKS: bool = !cfg!(target_arch = "wasm32");

/// Where a sort key's sum starts. The sort key of a die of the seeded full roll, as
/// [`roll_chain`] sums it, is its chain's sum above these bits, then the chain as a
/// [`PoolRoll`] holds it ([`chain_code`]: `255 - first`, where its chain starts among the
/// faces, and its length, a byte each). A higher sum comes first and, among equal sums, the
/// die rolled first (whose chain starts before). Exact for the twenty-four faces of the array
/// (first and length below 256, sums below 2^48); a roll with more faces does not use its keys.
const KEY_SUM_SHIFT: u32 = 16;
const _: () = assert!(INLINE_ROLL_FACES < u8::MAX as usize);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Dice;
    use crate::error::DiceError;
    use crate::pool::Limits;

    /// A seeded source that answers only [`Dice::roll`]: a pool rolled from it takes the
    /// generic path, face after face, each die inserted by value as it comes.
    struct FaceByFace(SeededDice);

    impl Dice for FaceByFace {
        fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
            self.0.roll(sides)
        }
    }

    #[test]
    fn the_seeded_loops_roll_what_face_by_face_rolling_rolls() {
        // Three, five and ten exploding d10s have loops of their own, other counts and dice
        // the shared ones, twelve dice the generic path; d2s that explode go past the array
        // of faces. Each roll is compared die for die (value, kept flag, where its chain
        // starts, its length), face for face and by total, errors included, and the two
        // generators must stand at the same point after.
        let dice = [
            Die::EXPLODING_D10,
            Die::new(10).unwrap(),
            Die::new(6).unwrap(),
            Die::exploding(6, 6).unwrap(),
            Die::exploding(2, 2).unwrap(),
            Die::exploding(12, 11).unwrap(),
            Die::new(100).unwrap(),
            Die::exploding(255, 250).unwrap(),
        ];
        let sizes = [
            (1, 1),
            (2, 1),
            (3, 2),
            (3, 3),
            (4, 2),
            (5, 3),
            (7, 4),
            (10, 5),
            (10, 10),
            (12, 5),
        ];
        for (case, die) in dice.into_iter().enumerate() {
            for (rolled, kept) in sizes {
                for modified in [false, true] {
                    let mut pool = Pool::new(rolled, kept).with_die(die);
                    if modified {
                        pool = pool.plus(3);
                        pool.modifiers.each_die = -1;
                        pool.modifiers.add_rank_bonus(1, 2);
                        pool.modifiers.add_rank_bonus(3, -4);
                    }
                    for max_chain in [100, 2] {
                        let limits = Limits {
                            max_dice: 100,
                            max_chain,
                        };
                        for seed in 0..150 {
                            let seed = seed * 7 + case as u64;
                            let mut fast = SeededDice::new(seed);
                            let mut reference = FaceByFace(SeededDice::new(seed));
                            for round in 0..3 {
                                let a = pool.roll_limited(&mut fast, &limits);
                                let b = pool.roll_limited(&mut reference, &limits);
                                assert_eq!(
                                    a, b,
                                    "{die:?} {rolled}k{kept}, seed {seed}, round {round}"
                                );
                            }
                            assert_eq!(fast.roll(10), reference.roll(10), "seed {seed}");
                        }
                    }
                }
            }
        }
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
