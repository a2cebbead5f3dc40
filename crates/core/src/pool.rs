//! Roll-and-keep pools (`XkY`): roll X dice, keep the Y highest, total them.

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::dice::Dice;
use crate::die::Die;
use crate::error::{DiceError, PoolError};

mod after;
mod result;
#[cfg(test)]
mod tests;
mod views;

pub use after::KeepOrder;
pub(crate) use result::{
    INLINE_FACE_SIDES, INLINE_ROLL_DICE, INLINE_ROLL_FACES, chain_code, low_bits,
};
pub use result::{PoolDie, PoolRoll};
pub use views::{PoolDice, PoolDiceIter, PoolFaces, PoolFacesIter};

/// Bounds that keep hostile input from hanging a roll or exhausting memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// The most dice one pool may roll.
    pub max_dice: u32,
    /// The most rolls one exploding die may make (its chain length).
    pub max_chain: u32,
}

impl Default for Limits {
    /// 100 dice, and chains of up to 100 rolls (a chance of 10^-99 on an exploding d10).
    fn default() -> Self {
        Limits {
            max_dice: 100,
            max_chain: 100,
        }
    }
}

/// A bonus to the die of one rank among the kept dice: rank 1 is the highest.
///
/// "+2 to your highest die" is `RankBonus { rank: 1, bonus: 2 }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RankBonus {
    /// 1 for the highest die, 2 for the second highest, and so on.
    pub rank: u32,
    /// Added to that die (negative to subtract).
    pub bonus: i64,
}

/// Modifiers to a pool's roll.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifiers {
    /// Added to the kept total ("+3").
    pub total: i64,
    /// Added to every die, kept or not ("+1 to all your rolls").
    pub each_die: i64,
    /// Added to the die of a given rank ("+2 to your highest die", "-2 to their highest").
    pub ranks: SmallVec<[RankBonus; 2]>,
}

impl Modifiers {
    /// No modifier at all.
    pub fn is_empty(&self) -> bool {
        self.total == 0 && self.each_die == 0 && self.ranks.iter().all(|r| r.bonus == 0)
    }

    /// The sum of the rank bonuses for `rank` (1 = highest).
    pub fn rank_bonus(&self, rank: u32) -> i64 {
        self.ranks
            .iter()
            .filter(|r| r.rank == rank)
            .map(|r| r.bonus)
            .sum()
    }

    /// Adds a bonus to the die of `rank` (1 = highest), merging with any bonus already there.
    ///
    /// A bonus that comes to zero is removed, so equal modifiers compare and print equal.
    pub fn add_rank_bonus(&mut self, rank: u32, bonus: i64) {
        if let Some(existing) = self.ranks.iter_mut().find(|r| r.rank == rank) {
            existing.bonus += bonus;
        } else {
            self.ranks.push(RankBonus { rank, bonus });
            self.ranks.sort_by_key(|r| r.rank);
        }
        self.ranks.retain(|r| r.bonus != 0);
    }
}

/// A roll-and-keep pool: roll `rolled` dice, keep the `kept` highest, apply the modifiers.
///
/// ```
/// use pbp_core::{Pool, ScriptedDice};
/// let pool = Pool::new(2, 1); // 2k1 with exploding d10s
/// let roll = pool.roll(&mut ScriptedDice::new([7, 10, 5])).unwrap();
/// assert_eq!(roll.total(), 15);
/// assert_eq!(roll.second_highest(), 7);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    /// Dice rolled (X).
    pub rolled: u32,
    /// Dice kept (Y); keeping more than is rolled keeps all.
    pub kept: u32,
    /// The die rolled; an exploding d10 unless said otherwise.
    pub die: Die,
    /// Modifiers to dice and total.
    pub modifiers: Modifiers,
    /// The L5R "ten dice rule": rolled dice above 10 become kept dice; kept dice above 10 become
    /// +2 each. Off by default.
    pub ten_dice_rule: bool,
    /// When the kept dice are chosen: before the rank bonuses (the default; a bonus goes to the
    /// die of its rank among the kept dice) or after them ([`KeepOrder::AfterBonuses`]).
    /// Written in a save only when it is not the default, so older saves read the same.
    #[serde(default, skip_serializing_if = "KeepOrder::is_before")]
    pub keep: KeepOrder,
}

/// A change to a pool's size: `+1k0` adds a rolled die, `+0k1` a kept one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PoolDelta {
    /// Change to the dice rolled.
    pub rolled: i32,
    /// Change to the dice kept.
    pub kept: i32,
}

impl Pool {
    /// `XkY` with exploding d10s and no modifier.
    pub fn new(rolled: u32, kept: u32) -> Pool {
        Pool {
            rolled,
            kept,
            die: Die::EXPLODING_D10,
            modifiers: Modifiers::default(),
            ten_dice_rule: false,
            keep: KeepOrder::BeforeBonuses,
        }
    }

    /// The same pool with another die.
    pub fn with_die(mut self, die: Die) -> Pool {
        self.die = die;
        self
    }

    /// The same pool with `bonus` added to the total.
    pub fn plus(mut self, bonus: i64) -> Pool {
        self.modifiers.total += bonus;
        self
    }

    /// Adds `+XkY` (negative values remove dice; sizes never go below zero).
    pub fn add(&mut self, delta: PoolDelta) {
        self.rolled = self.rolled.saturating_add_signed(delta.rolled);
        self.kept = self.kept.saturating_add_signed(delta.kept);
    }

    /// Doubles the dice rolled ("roll twice as many dice").
    pub fn double_rolled(&mut self) {
        self.rolled = self.rolled.saturating_mul(2);
    }

    /// The dice actually rolled and kept after the ten dice rule and "keeping more than is
    /// rolled keeps all", and the flat bonus the ten dice rule adds.
    #[inline]
    pub fn effective(&self) -> (u32, u32, i64) {
        let (mut rolled, mut kept, mut bonus) = (self.rolled, self.kept, 0_i64);
        if self.ten_dice_rule {
            if rolled > 10 {
                kept = kept.saturating_add(rolled - 10);
                rolled = 10;
            }
            if kept > 10 {
                bonus = 2 * i64::from(kept - 10);
                kept = 10;
            }
        }
        (rolled, kept.min(rolled), bonus)
    }

    /// The pool's effective numbers (see [`Pool::effective`]), if it rolls no more dice than
    /// `limits` allow.
    #[inline(always)]
    pub(crate) fn within_limits(&self, limits: &Limits) -> Result<(u32, u32, i64), PoolError> {
        let (rolled, kept, ten_dice_bonus) = self.effective();
        if rolled > limits.max_dice {
            return Err(PoolError::TooManyDice {
                rolled,
                limit: limits.max_dice,
            });
        }
        Ok((rolled, kept, ten_dice_bonus))
    }

    /// Rolls the pool within the default [`Limits`].
    ///
    /// # Errors
    /// See [`Pool::roll_limited`].
    #[inline]
    pub fn roll<D: Dice + ?Sized>(&self, dice: &mut D) -> Result<PoolRoll, PoolError> {
        self.roll_limited(dice, &Limits::default())
    }

    /// Rolls the pool, keeping every die and the faces of its chain. Makes no heap allocation
    /// for pools of up to ten dice with up to twenty-four faces among them.
    ///
    /// # Errors
    /// [`PoolError::TooManyDice`] when the pool rolls more than `limits.max_dice`, and the dice
    /// source's errors (including an explosion chain longer than `limits.max_chain`).
    #[inline(always)]
    pub fn roll_limited<D: Dice + ?Sized>(
        &self,
        dice: &mut D,
        limits: &Limits,
    ) -> Result<PoolRoll, PoolError> {
        if self.keeps_after_bonuses() {
            return self.roll_after_bonuses(dice, limits);
        }
        let (rolled, kept, ten_dice_bonus) = self.within_limits(limits)?;
        // From a seeded source, the dice are drawn from the batch in registers, with the
        // exploding d10's own copy of the loop, in which the die is a constant.
        if (1..=INLINE_ROLL_DICE as u32).contains(&rolled)
            && (2..=INLINE_FACE_SIDES).contains(&self.die.sides())
            && let Some(seeded) = dice.as_seeded()
        {
            let numbers = (rolled, kept, ten_dice_bonus);
            // Written through a reference and not dropped on unwinding (only an allocation
            // failing past 24 faces could unwind). The roll is then moved into the `Result`:
            // with the toolchain of rust-toolchain.toml, a copy of its 152 bytes (about 23
            // instructions) wherever the caller's result has had its address taken, as in the
            // benchmarks' `black_box(&roll)`.
            let mut roll = std::mem::ManuallyDrop::new(PoolRoll::empty());
            let too_long = if self.die == Die::EXPLODING_D10 {
                self.roll_seeded_d10(seeded, limits.max_chain, numbers, &mut roll)
            } else {
                self.roll_seeded_any(seeded, limits.max_chain, numbers, &mut roll)
            };
            let roll = std::mem::ManuallyDrop::into_inner(roll);
            if too_long {
                return Err(DiceError::ChainTooLong {
                    limit: limits.max_chain,
                }
                .into());
            }
            return Ok(roll);
        }
        self.roll_generic(dice, limits, rolled, kept, ten_dice_bonus)
    }

    /// [`Pool::roll_limited`] after the checks, from any source.
    #[inline(never)]
    fn roll_generic<D: Dice + ?Sized>(
        &self,
        dice: &mut D,
        limits: &Limits,
        rolled: u32,
        kept: u32,
        ten_dice_bonus: i64,
    ) -> Result<PoolRoll, PoolError> {
        // The exploding d10 gets its own copy of the loop, in which the die is a constant.
        if self.die == Die::EXPLODING_D10 {
            self.roll_full(
                Die::EXPLODING_D10,
                dice,
                limits,
                rolled,
                kept,
                ten_dice_bonus,
            )
        } else {
            self.roll_full(self.die, dice, limits, rolled, kept, ten_dice_bonus)
        }
    }

    /// [`Pool::roll_limited`] after the checks, with the die passed in, for any source: one
    /// face after another through [`Dice::roll`].
    #[inline(always)]
    fn roll_full<D: Dice + ?Sized>(
        &self,
        die: Die,
        dice: &mut D,
        limits: &Limits,
        rolled: u32,
        kept: u32,
        ten_dice_bonus: i64,
    ) -> Result<PoolRoll, PoolError> {
        let mut roll = PoolRoll::empty();
        let threshold = die.explode_at().unwrap_or(u32::MAX);
        let max_rolls = limits.max_chain.max(1);
        for _ in 0..rolled {
            let first = roll.face_count();
            let (mut len, mut sum) = (0_u32, 0_u64);
            loop {
                if len >= max_rolls {
                    return Err(DiceError::ChainTooLong {
                        limit: limits.max_chain,
                    }
                    .into());
                }
                let face = if len == 0 {
                    dice.roll(die.sides())?
                } else {
                    dice.roll_again(die.sides())?
                };
                roll.push_face(face);
                len += 1;
                sum += u64::from(face);
                if face < threshold {
                    break;
                }
            }
            roll.insert(first, len, sum as i64 + self.modifiers.each_die);
        }
        self.finish(&mut roll, kept, ten_dice_bonus);
        Ok(roll)
    }

    /// Marks the `kept` highest dice of `roll` kept, adds their rank bonuses and sets the
    /// total.
    #[inline(always)]
    pub(crate) fn finish(&self, roll: &mut PoolRoll, kept: u32, ten_dice_bonus: i64) {
        let ranked = !self.modifiers.ranks.is_empty();
        let kept_sum = roll.keep_highest(kept as usize, |rank| {
            if ranked {
                self.modifiers.rank_bonus(rank + 1)
            } else {
                0
            }
        });
        roll.total = self.modifiers.total + ten_dice_bonus + kept_sum;
    }

    /// Rolls the pool and returns only the kept total and the second highest die (the seed 000
    /// tie-breaker), without keeping the chains: the fast path, for simulations. To roll the
    /// same pool many times, [`Pool::prepare`] it once and roll the [`PreparedPool`](crate::PreparedPool).
    ///
    /// # Errors
    /// As [`Pool::roll_limited`].
    #[inline]
    pub fn roll_fast<D: Dice + ?Sized>(
        &self,
        dice: &mut D,
        limits: &Limits,
    ) -> Result<FastRoll, PoolError> {
        if self.keeps_after_bonuses() {
            return self
                .roll_after_bonuses(dice, limits)
                .map(|roll| roll.summary());
        }
        let (rolled, kept, ten_dice_bonus) = self.within_limits(limits)?;
        self.prepared(rolled, kept, ten_dice_bonus, limits.max_chain)
            .roll(dice)
    }
}

/// The totals of a pool roll without its dice (see [`Pool::roll_fast`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FastRoll {
    /// The kept total with modifiers.
    pub total: i64,
    /// The second highest die, with its modifiers (0 when only one die was rolled).
    pub second_highest: i64,
}
