//! The full result of a pool rolled from a [`SeededDice`]: every die with its chain and its
//! kept flag, drawn from the generator's batch held in registers.

use crate::dice::SeededDice;
use crate::die::Die;
use crate::error::{DiceError, PoolError};
use smallvec::SmallVec;

use crate::pool::{INLINE_ROLL_DICE, INLINE_ROLL_FACES, Pool, PoolDie, PoolRoll};

impl Pool {
    /// [`Pool::roll_limited`] from a [`SeededDice`], after the checks, for `1..=10` exploding d10s: the
    /// same values, in the same order, as rolling face after face with [`Dice::roll`](crate::Dice::roll),
    /// and the same result.
    #[inline(always)]
    pub(crate) fn roll_seeded_d10(
        &self,
        dice: &mut SeededDice,
        max_chain: u32,
        numbers: (u32, u32, i64),
    ) -> Result<PoolRoll, PoolError> {
        self.roll_seeded_with(Die::EXPLODING_D10, dice, max_chain, numbers)
    }

    /// As [`Pool::roll_seeded_d10`], for any die of at least two sides.
    #[inline(never)]
    pub(crate) fn roll_seeded_any(
        &self,
        dice: &mut SeededDice,
        max_chain: u32,
        numbers: (u32, u32, i64),
    ) -> Result<PoolRoll, PoolError> {
        self.roll_seeded_with(self.die, dice, max_chain, numbers)
    }

    /// Rolls the dice one after another into plain arrays, each die sorted into place as it
    /// comes (highest first, ties in roll order), marks the kept ones, and moves the arrays
    /// into the result once (cheaper, in instructions, than pushing onto its lists).
    #[inline(always)]
    fn roll_seeded_with(
        &self,
        die: Die,
        dice: &mut SeededDice,
        max_chain: u32,
        (rolled, kept, ten_dice_bonus): (u32, u32, i64),
    ) -> Result<PoolRoll, PoolError> {
        let threshold = die.explode_at().unwrap_or(u32::MAX);
        let max_rolls = max_chain.max(1);
        let each_die = self.modifiers.each_die;
        let mut faces = Faces {
            inline: [0; INLINE_ROLL_FACES],
            len: 0,
            more: Vec::new(),
        };
        let mut ranked = [PoolDie::new(0, 0, 0); INLINE_ROLL_DICE];
        let count = (rolled as usize).min(INLINE_ROLL_DICE);
        let mut cursor = dice.cursor(die.sides());
        for index in 0..count {
            let first = faces.len;
            let (mut len, mut sum) = (0_u32, 0_u64);
            loop {
                if cursor.left == 0 {
                    dice.refill_cursor(&mut cursor);
                }
                let face = cursor.take();
                faces.push(face);
                len += 1;
                sum += u64::from(face);
                if face < threshold {
                    break;
                }
                // The chain goes on: one more roll, if the limit allows it.
                if len >= max_rolls {
                    dice.settle(cursor);
                    return Err(DiceError::ChainTooLong { limit: max_chain }.into());
                }
            }
            let value = sum as i64 + each_die;
            let mut at = index;
            while at > 0 && ranked[at - 1].value < value {
                ranked[at] = ranked[at - 1];
                at -= 1;
            }
            ranked[at] = PoolDie::new(value, first, len);
        }
        dice.settle(cursor);
        let mut roll = PoolRoll::from_parts(
            SmallVec::from_buf_and_len(ranked, count),
            faces.into_small_vec(),
        );
        self.finish(&mut roll, kept, ten_dice_bonus);
        Ok(roll)
    }
}

/// The faces of a roll being drawn: the first [`INLINE_ROLL_FACES`] in an array, any more in
/// a list (about once in 10^11 rolls of ten exploding d10s).
struct Faces {
    inline: [u32; INLINE_ROLL_FACES],
    /// Faces pushed, in `inline` and `more`.
    len: usize,
    more: Vec<u32>,
}

impl Faces {
    #[inline(always)]
    fn push(&mut self, face: u32) {
        if self.len < INLINE_ROLL_FACES {
            self.inline[self.len] = face;
        } else {
            self.push_more(face);
        }
        self.len += 1;
    }

    #[cold]
    #[inline(never)]
    fn push_more(&mut self, face: u32) {
        self.more.push(face);
    }

    #[inline(always)]
    fn into_small_vec(self) -> SmallVec<[u32; INLINE_ROLL_FACES]> {
        if self.more.is_empty() {
            SmallVec::from_buf_and_len(self.inline, self.len)
        } else {
            let mut all = self.inline.to_vec();
            all.extend(self.more);
            SmallVec::from_vec(all)
        }
    }
}
