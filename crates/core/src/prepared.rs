//! A pool checked once and rolled many times: the fast path of pool rolls, for simulations.

use crate::dice::{Dice, SeededDice};
use crate::die::Die;
use crate::error::{DiceError, PoolError};
use crate::pool::{FastRoll, Limits, Pool};

mod draw;
mod many;
use draw::{CHAIN_TOO_LONG, d10_chain, seeded_d10_top, seeded_top, sink};

/// How many of the highest dice a roll tracks: the kept dice, and at least two (the second
/// highest is seed 000's tie-breaker), in a fixed array sized at compile time so that it lives
/// in registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Width {
    Two,
    Three,
    Five,
    Ten,
    /// More than ten kept dice (only without the ten dice rule): every die is kept in a list.
    Wide,
}

impl Width {
    fn for_kept(kept: u32) -> Width {
        match kept {
            0..=2 => Width::Two,
            3 => Width::Three,
            4 | 5 => Width::Five,
            6..=10 => Width::Ten,
            _ => Width::Wide,
        }
    }
}

/// A [`Pool`] checked against its [`Limits`] once, with its ten dice rule and its modifiers
/// folded into a few numbers, ready to be rolled many times: the fastest way to roll the same
/// pool again and again, as a simulation does.
///
/// A roll returns the kept total and the second highest die ([`FastRoll`]), exactly as
/// [`Pool::roll_fast`] would, from the same values drawn in the same order as [`Pool::roll`]
/// draws them. It makes no heap allocation for pools that keep up to ten dice.
///
/// ```
/// use pbp_core::{Limits, Pool, SeededDice};
/// let pool = Pool::new(5, 3).plus(2);
/// let prepared = pool.prepare(&Limits::default())?;
/// let (mut a, mut b) = (SeededDice::new(7), SeededDice::new(7));
/// for _ in 0..100 {
///     assert_eq!(prepared.roll(&mut a)?, pool.roll(&mut b)?.summary());
/// }
/// # Ok::<(), pbp_core::PoolError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PreparedPool {
    /// Dice rolled, after the ten dice rule.
    rolled: u32,
    /// Dice kept, after the ten dice rule; at most `rolled`.
    kept: u32,
    die: Die,
    /// Added to every die.
    each_die: i64,
    /// Added to the kept total: the total modifier, the ten dice rule's bonus and the bonuses
    /// of the ranks that are kept.
    flat: i64,
    /// The bonus to the second highest die, when it is kept.
    second_bonus: i64,
    /// What the seeded loops add to the sum of the kept dice drawn (which leave out the
    /// per-die modifier): `flat` and the per-die modifier of every kept die.
    kept_bonus: i64,
    /// What the seeded loops add to the second highest die drawn: the per-die modifier and
    /// `second_bonus` (0 for one die rolled, whose second is 0).
    second_add: i64,
    /// The total at which a chain of exploding d10s may not roll again (see
    /// [`seeded_d10_top`]).
    d10_chain_limit: u64,
    max_chain: u32,
    width: Width,
    /// The drawing loop for a [`SeededDice`], chosen once.
    seeded: Seeded,
}

/// The pools of up to ten exploding d10s that get a drawing loop of their own, with the
/// number of dice rolled (`R`), the width tracked (`W`, as [`Width`] picks it from the kept
/// dice) and, for width two, the dice kept (`K`; 0 reads it from the pool) as constants: every
/// pool of one to ten exploding d10s that keeps at least one die. Each loop is written out die
/// by die, with no count of dice, no test of a pool of none and no slot a die cannot reach (see
/// [`PreparedPool::sized_sums`]); issue 28 measured 2k1 at 95 -> 65 instructions a roll, 5k3
/// at 215 -> 165 and 10k5 at 504 -> 354.
macro_rules! sized_d10_loops {
    ($($name:ident = ($rolled:literal, $width:literal, $kept:literal)),* $(,)?) => {
        /// Which drawing loop rolls a [`PreparedPool`] from a [`SeededDice`]: for up to ten
        /// exploding d10s one per number of dice and width; otherwise one per width, and the
        /// exploding d10 with its own copies, in which the die is a constant.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        enum Seeded {
            $(
                #[doc = concat!("The exploding d10, ", stringify!($rolled), " dice rolled, ",
                    stringify!($width), " tracked, ", stringify!($kept), " kept (0: as many as the pool says).")]
                $name,
            )*
            D10Two,
            D10Three,
            D10Five,
            D10Ten,
            Two,
            Three,
            Five,
            Ten,
            /// The generic path: a die of fewer than two sides draws nothing, and more than ten
            /// kept dice are rolled one after another.
            Generic,
        }

        impl Seeded {
            /// The loop of `rolled` exploding d10s tracking the `width` highest and keeping
            /// `kept`, if it has one.
            fn sized_d10(rolled: u32, width: Width, kept: u32) -> Option<Seeded> {
                let width = match width {
                    Width::Two => 2,
                    Width::Three => 3,
                    Width::Five => 5,
                    Width::Ten => 10,
                    Width::Wide => return None,
                };
                $(
                    if (rolled, width) == ($rolled, $width) && ($kept == 0 || kept == $kept) {
                        return Some(Seeded::$name);
                    }
                )*
                None
            }
        }

        impl PreparedPool {
            /// [`PreparedPool::roll`] from a [`SeededDice`]: the drawing loop chosen at
            /// preparation, those of up to two dice in the caller, the others out of line and
            /// small enough to keep their values in registers.
            #[inline(always)]
            fn roll_seeded(&self, dice: &mut SeededDice) -> Result<FastRoll, PoolError> {
                match self.seeded {
                    $(Seeded::$name => self.sized::<$rolled, $width, $kept>(dice),)*
                    Seeded::D10Two => self.sums_to_roll(self.sums::<2, true>(dice)),
                    Seeded::D10Three => self.seeded::<3, true>(dice),
                    Seeded::D10Five => self.seeded::<5, true>(dice),
                    Seeded::D10Ten => self.seeded::<10, true>(dice),
                    Seeded::Two => self.seeded::<2, false>(dice),
                    Seeded::Three => self.seeded::<3, false>(dice),
                    Seeded::Five => self.seeded::<5, false>(dice),
                    Seeded::Ten => self.seeded::<10, false>(dice),
                    Seeded::Generic => self.roll_generic(dice),
                }
            }
        }
    };
}

sized_d10_loops! {
    D10R1K1 = (1, 2, 1),
    D10R2K1 = (2, 2, 1),
    D10R2K2 = (2, 2, 2),
    D10R3K1 = (3, 2, 1),
    D10R3K2 = (3, 2, 2),
    D10R3W3 = (3, 3, 3),
    D10R4K1 = (4, 2, 1),
    D10R4K2 = (4, 2, 2),
    D10R4W3 = (4, 3, 3),
    D10R4W5 = (4, 5, 0),
    D10R5K1 = (5, 2, 1),
    D10R5K2 = (5, 2, 2),
    D10R5W3 = (5, 3, 3),
    D10R5W5 = (5, 5, 0),
    D10R6K1 = (6, 2, 1),
    D10R6K2 = (6, 2, 2),
    D10R6W3 = (6, 3, 3),
    D10R6W5 = (6, 5, 0),
    D10R6W10 = (6, 10, 0),
    D10R7K1 = (7, 2, 1),
    D10R7K2 = (7, 2, 2),
    D10R7W3 = (7, 3, 3),
    D10R7W5 = (7, 5, 0),
    D10R7W10 = (7, 10, 0),
    D10R8K1 = (8, 2, 1),
    D10R8K2 = (8, 2, 2),
    D10R8W3 = (8, 3, 3),
    D10R8W5 = (8, 5, 0),
    D10R8W10 = (8, 10, 0),
    D10R9K1 = (9, 2, 1),
    D10R9K2 = (9, 2, 2),
    D10R9W3 = (9, 3, 3),
    D10R9W5 = (9, 5, 0),
    D10R9W10 = (9, 10, 0),
    D10R10K1 = (10, 2, 1),
    D10R10K2 = (10, 2, 2),
    D10R10W3 = (10, 3, 3),
    D10R10W5 = (10, 5, 0),
    D10R10W10 = (10, 10, 0),
}

impl Seeded {
    fn for_pool(rolled: u32, kept: u32, width: Width, die: Die) -> Seeded {
        let d10 = die == Die::EXPLODING_D10;
        if d10
            && SIZED_LOOPS
            && let Some(sized) = Seeded::sized_d10(rolled, width, kept)
        {
            return sized;
        }
        match (width, d10) {
            _ if die.sides() < 2 => Seeded::Generic,
            (Width::Two, true) => Seeded::D10Two,
            (Width::Three, true) => Seeded::D10Three,
            (Width::Five, true) => Seeded::D10Five,
            (Width::Ten, true) => Seeded::D10Ten,
            (Width::Two, false) => Seeded::Two,
            (Width::Three, false) => Seeded::Three,
            (Width::Five, false) => Seeded::Five,
            (Width::Ten, false) => Seeded::Ten,
            (Width::Wide, _) => Seeded::Generic,
        }
    }
}

/// Whether pools of up to ten exploding d10s get their own loops (see `sized_d10_loops!`):
/// not in the browser's wasm, where size comes first (thirty loops, against one per width).
const SIZED_LOOPS: bool = !cfg!(target_arch = "wasm32");

impl Pool {
    /// Checks the pool against `limits` and prepares it for [`PreparedPool::roll`].
    ///
    /// # Errors
    /// [`PoolError::TooManyDice`] when the pool rolls more than `limits.max_dice`, and
    /// [`PoolError::KeepsAfterBonuses`] for a pool that keeps its dice after its rank bonuses
    /// ([`KeepOrder::AfterBonuses`](crate::KeepOrder::AfterBonuses) with a rank bonus), which
    /// [`Pool::roll`] and [`Pool::roll_fast`] roll.
    #[inline]
    pub fn prepare(&self, limits: &Limits) -> Result<PreparedPool, PoolError> {
        if self.keeps_after_bonuses() {
            return Err(PoolError::KeepsAfterBonuses);
        }
        let (rolled, kept, ten_dice_bonus) = self.within_limits(limits)?;
        Ok(self.prepared(rolled, kept, ten_dice_bonus, limits.max_chain))
    }

    /// The prepared pool from its effective numbers, once checked (see [`Pool::effective`]).
    /// [`Pool::roll_fast`] builds it in place with this, rather than through the `Result` of
    /// [`Pool::prepare`], so that it is not copied before the roll reads it.
    #[inline(always)]
    pub(crate) fn prepared(
        &self,
        rolled: u32,
        kept: u32,
        ten_dice_bonus: i64,
        max_chain: u32,
    ) -> PreparedPool {
        let width = Width::for_kept(kept);
        let (ranked, second_bonus) = if self.modifiers.ranks.is_empty() {
            (0, 0)
        } else {
            self.rank_bonuses(kept)
        };
        let each_die = self.modifiers.each_die;
        let flat = self.modifiers.total + ten_dice_bonus + ranked;
        PreparedPool {
            rolled,
            kept,
            die: self.die,
            each_die,
            flat,
            second_bonus,
            kept_bonus: flat.wrapping_add(each_die.wrapping_mul(i64::from(kept))),
            second_add: if rolled > 1 {
                each_die.wrapping_add(second_bonus)
            } else {
                0
            },
            d10_chain_limit: 10 * u64::from(max_chain.max(1)),
            max_chain,
            width,
            seeded: Seeded::for_pool(rolled, kept, width, self.die),
        }
    }

    /// The rank bonuses that apply to the `kept` highest dice: their sum, and the bonus to the
    /// second highest.
    #[cold]
    fn rank_bonuses(&self, kept: u32) -> (i64, i64) {
        let (mut ranked, mut second_bonus) = (0, 0);
        for rank in &self.modifiers.ranks {
            if rank.rank >= 1 && rank.rank <= kept {
                ranked += rank.bonus;
                if rank.rank == 2 {
                    second_bonus += rank.bonus;
                }
            }
        }
        (ranked, second_bonus)
    }
}

impl PreparedPool {
    /// Rolls the pool: the kept total and the second highest die, with every modifier.
    ///
    /// From a [`SeededDice`] the dice are drawn straight from the generator's batch, held in
    /// registers for the whole pool; from any other source, one roll after another. Both draw
    /// the same values as [`Pool::roll`].
    ///
    /// # Errors
    /// The dice source's errors, including an explosion chain longer than the limits allow.
    #[inline]
    pub fn roll<D: Dice + ?Sized>(&self, dice: &mut D) -> Result<FastRoll, PoolError> {
        if let Some(seeded) = dice.as_seeded() {
            return self.roll_seeded(seeded);
        }
        self.roll_generic(dice)
    }

    /// The dice rolled, after the ten dice rule.
    pub fn rolled(&self) -> u32 {
        self.rolled
    }

    /// The dice kept, after the ten dice rule (never more than are rolled).
    pub fn kept(&self) -> u32 {
        self.kept
    }

    /// The `N` highest dice from a [`SeededDice`], for a die of at least two sides (with `D10`,
    /// the die is the exploding d10), as [`seeded_top`] draws them: the result from its sums.
    #[inline(always)]
    fn seeded<const N: usize, const D10: bool>(
        &self,
        dice: &mut SeededDice,
    ) -> Result<FastRoll, PoolError> {
        self.sums_to_roll(self.seeded_sums::<N, D10>(dice))
    }

    /// `R` exploding d10s tracking the `W` highest, from a [`SeededDice`]: up to two dice in
    /// the caller's loop, more out of line (inline, 3k2 took fewer instructions, 92 against
    /// 109, but was slower in every run of `ratios`: 12.3 against 9.8 ns).
    #[inline(always)]
    fn sized<const R: usize, const W: usize, const K: usize>(
        &self,
        dice: &mut SeededDice,
    ) -> Result<FastRoll, PoolError> {
        let sums = if R <= 2 {
            self.sized_sums::<R, W, K>(dice)
        } else {
            self.sized_sums_out_of_line::<R, W, K>(dice)
        };
        self.sums_to_roll(sums)
    }

    /// [`PreparedPool::sized_sums`] out of line, answered in two registers.
    #[inline(never)]
    fn sized_sums_out_of_line<const R: usize, const W: usize, const K: usize>(
        &self,
        dice: &mut SeededDice,
    ) -> (u64, u64) {
        self.sized_sums::<R, W, K>(dice)
    }

    /// [`PreparedPool::sums`] for `R` exploding d10s (`1 <= R <= 10`) tracking the `W`
    /// highest and keeping `K` (or, for 0, `kept`), all constants: the dice are drawn one after another as written out below (no
    /// count of dice), the first goes to the top, and each later one sinks only through the
    /// slots the dice before it can have filled. The kept dice are the first `kept` slots,
    /// which for widths 3, 5 and 10 are at least 3, 4 and 6 of them (see [`Width::for_kept`]).
    #[inline(always)]
    fn sized_sums<const R: usize, const W: usize, const K: usize>(
        &self,
        dice: &mut SeededDice,
    ) -> (u64, u64) {
        let limit = self.d10_chain_limit;
        let mut cursor = dice.cursor(10);
        let mut top = [0_u64; W];
        let drawn = (|| {
            top[0] = d10_chain(dice, &mut cursor, limit)?;
            // Written out for each die, so that no loop counts them: `R` is a constant.
            macro_rules! die {
                ($index:literal) => {
                    if R > $index {
                        let total = d10_chain(dice, &mut cursor, limit)?;
                        sink(&mut top[..W.min($index + 1)], total);
                    }
                };
            }
            die!(1);
            die!(2);
            die!(3);
            die!(4);
            die!(5);
            die!(6);
            die!(7);
            die!(8);
            die!(9);
            Some(())
        })();
        if drawn.is_none() {
            // `d10_chain` settled the generator after the chain's last face.
            return (0, CHAIN_TOO_LONG);
        }
        dice.settle(cursor);
        let always = match W {
            3 => 3,
            5 => 4,
            10 => 6,
            _ => 0,
        };
        let kept = if K > 0 { K } else { self.kept as usize };
        let mut sum = 0_u64;
        for (rank, value) in top.iter().enumerate() {
            if rank < always || rank < kept {
                sum += value;
            }
        }
        (sum, top[1])
    }

    /// The result from the sums [`PreparedPool::sums`] answers.
    #[inline(always)]
    fn sums_to_roll(&self, (kept_sum, second): (u64, u64)) -> Result<FastRoll, PoolError> {
        if second == CHAIN_TOO_LONG {
            return Err(PoolError::Dice(DiceError::ChainTooLong {
                limit: self.max_chain,
            }));
        }
        // The drawn dice leave out the per-die modifier, which changes no order; for one die,
        // the second is 0 and `second_add` too.
        Ok(FastRoll {
            total: (kept_sum as i64).wrapping_add(self.kept_bonus),
            second_highest: (second as i64).wrapping_add(self.second_add),
        })
    }

    /// [`PreparedPool::sums`] out of line, and answered in two registers rather than in a
    /// `Result` in memory.
    #[inline(never)]
    fn seeded_sums<const N: usize, const D10: bool>(&self, dice: &mut SeededDice) -> (u64, u64) {
        self.sums::<N, D10>(dice)
    }

    /// The sum of the kept dice and the second highest die (0 for one die) as drawn, without
    /// any modifier, or [`CHAIN_TOO_LONG`] as the second when a chain went past the limit.
    #[inline(always)]
    fn sums<const N: usize, const D10: bool>(&self, dice: &mut SeededDice) -> (u64, u64) {
        let top = if D10 {
            seeded_d10_top::<N>(dice, self.rolled, self.d10_chain_limit)
        } else {
            seeded_top::<N>(dice, self.die, self.rolled, self.max_chain)
        };
        let Some(top) = top else {
            return (0, CHAIN_TOO_LONG);
        };
        // `kept <= rolled`, so every kept slot is filled. The loop has a fixed length, so it
        // unrolls into a few conditional adds.
        let kept = self.kept as usize;
        let mut sum = 0_u64;
        for (rank, value) in top.iter().enumerate() {
            if rank < kept {
                sum += value;
            }
        }
        (sum, top[1])
    }

    /// [`PreparedPool::roll`] from any dice source, one die after another.
    fn roll_generic<D: Dice + ?Sized>(&self, dice: &mut D) -> Result<FastRoll, PoolError> {
        match self.width {
            Width::Two => self.generic_top::<2, D>(dice),
            Width::Three => self.generic_top::<3, D>(dice),
            Width::Five => self.generic_top::<5, D>(dice),
            Width::Ten => self.generic_top::<10, D>(dice),
            Width::Wide => self.roll_wide(dice),
        }
    }

    /// The `N` highest dice, each rolled with [`Die::roll_total`].
    #[inline(always)]
    fn generic_top<const N: usize, D: Dice + ?Sized>(
        &self,
        dice: &mut D,
    ) -> Result<FastRoll, PoolError> {
        let mut top = [i64::MIN; N];
        self.draw_top(dice, &mut top)?;
        Ok(self.finish(&top))
    }

    /// More than ten kept dice (only without the ten dice rule): the same as
    /// [`PreparedPool::generic_top`] with the highest dice in a list, so it is rare, out of line,
    /// and may allocate.
    #[cold]
    #[inline(never)]
    fn roll_wide<D: Dice + ?Sized>(&self, dice: &mut D) -> Result<FastRoll, PoolError> {
        let mut top = vec![i64::MIN; self.kept as usize];
        self.draw_top(dice, &mut top)?;
        Ok(self.finish(&top))
    }

    /// Rolls every die with [`Die::roll_total`], keeping the highest in `top` (highest first).
    #[inline(always)]
    fn draw_top<D: Dice + ?Sized>(&self, dice: &mut D, top: &mut [i64]) -> Result<(), PoolError> {
        for _ in 0..self.rolled {
            let total = self.die.roll_total(dice, self.max_chain)?;
            sink(top, total as i64 + self.each_die);
        }
        Ok(())
    }

    /// The result from the highest die values (highest first, with the per-die modifier); `top`
    /// holds at least two values and at least `kept`.
    #[inline(always)]
    fn finish(&self, top: &[i64]) -> FastRoll {
        // `kept <= rolled`, so every kept slot is filled. For an array the loop has a fixed
        // length, so it unrolls into a few conditional adds.
        let kept = self.kept as usize;
        let mut total = self.flat;
        for (rank, value) in top.iter().enumerate() {
            if rank < kept {
                total += value;
            }
        }
        let second_highest = if self.rolled > 1 {
            top[1] + self.second_bonus
        } else {
            0
        };
        FastRoll {
            total,
            second_highest,
        }
    }
}

#[cfg(test)]
mod tests;
