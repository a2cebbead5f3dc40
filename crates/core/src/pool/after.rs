//! Pools that choose their kept dice after the rank bonuses ([`KeepOrder::AfterBonuses`]): each
//! rank bonus goes to the die of that rank as rolled, and the kept dice are then the highest of
//! the dice so changed.

use serde::{Deserialize, Serialize};

use super::{Limits, Pool, PoolDie, PoolRoll};
use crate::dice::Dice;
use crate::error::PoolError;

/// When a pool chooses its kept dice: before or after its rank bonuses ("+2 to your highest
/// die", "-2 to their highest die").
///
/// The two differ only when a bonus changes the order of the dice: with `2k1 h-2` and dice 8
/// and 7, [`KeepOrder::BeforeBonuses`] keeps the 8 and makes it 6 (total 6, second die 7);
/// [`KeepOrder::AfterBonuses`] makes the 8 a 6 and keeps the higher of 6 and 7 (total 7,
/// second die 6).
///
/// ```
/// use pbp_core::{KeepOrder, Pool, ScriptedDice};
/// let mut pool = Pool::new(2, 1);
/// pool.modifiers.add_rank_bonus(1, -2);
/// assert_eq!(pool.roll(&mut ScriptedDice::new([8, 7])).unwrap().total(), 6);
/// pool.keep = KeepOrder::AfterBonuses;
/// let roll = pool.roll(&mut ScriptedDice::new([8, 7])).unwrap();
/// assert_eq!((roll.total(), roll.second_highest()), (7, 6));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KeepOrder {
    /// The kept dice are the highest as rolled; a rank bonus goes to the kept die of its rank
    /// (and none to a die not kept).
    #[default]
    BeforeBonuses,
    /// Every rank bonus goes to the die of its rank as rolled, kept or not; the dice are then
    /// ordered again and the highest kept. Written `a` in the notation (`2k1 h-2 a`).
    AfterBonuses,
}

impl KeepOrder {
    /// Whether this is the default, [`KeepOrder::BeforeBonuses`] (for serde).
    pub fn is_before(&self) -> bool {
        *self == KeepOrder::BeforeBonuses
    }
}

impl Pool {
    /// Whether this pool keeps after its rank bonuses and has a rank bonus to do it with.
    #[inline(always)]
    pub(crate) fn keeps_after_bonuses(&self) -> bool {
        self.keep == KeepOrder::AfterBonuses && !self.modifiers.ranks.is_empty()
    }

    /// Whether the rank bonuses can change the order of the dice rolled: unless they never grow
    /// from one rank to the next and the last one on a die with a die below it is not negative
    /// (then [`KeepOrder::BeforeBonuses`] and [`KeepOrder::AfterBonuses`] keep the same dice).
    pub fn rank_bonuses_can_reorder(&self) -> bool {
        let (rolled, _, _) = self.effective();
        let top = self
            .modifiers
            .ranks
            .iter()
            .filter(|r| r.bonus != 0 && r.rank <= rolled)
            .map(|r| r.rank)
            .max()
            .unwrap_or(0);
        let bonus = |rank: u32| self.modifiers.rank_bonus(rank);
        (1..top).any(|rank| bonus(rank) < bonus(rank + 1)) || (top < rolled && bonus(top) < 0)
    }

    /// [`Pool::roll_limited`] for a pool that keeps after its bonuses: the dice are drawn as
    /// for the same pool without rank bonuses (the same values in the same order), then each
    /// die gets the bonus of its rank, and the highest are kept.
    #[cold]
    #[inline(never)]
    pub(crate) fn roll_after_bonuses<D: Dice + ?Sized>(
        &self,
        dice: &mut D,
        limits: &Limits,
    ) -> Result<PoolRoll, PoolError> {
        let mut plain = self.clone();
        plain.modifiers.ranks.clear();
        plain.keep = KeepOrder::BeforeBonuses;
        let roll = plain.roll_limited(dice, limits)?;
        let (_, kept, ten_dice_bonus) = self.effective();
        let mut ranked: Vec<PoolDie> = roll.dice().iter().collect();
        for (rank, die) in ranked.iter_mut().enumerate() {
            die.value += self.modifiers.rank_bonus(rank as u32 + 1);
            die.kept = false;
        }
        // A stable sort: dice of equal value keep their order as rolled.
        ranked.sort_by_key(|die| std::cmp::Reverse(die.value));
        let mut sum = 0;
        for die in ranked.iter_mut().take(kept as usize) {
            die.kept = true;
            sum += die.value;
        }
        let faces = roll.all_faces().to_vec();
        Ok(PoolRoll::from_lists(
            ranked,
            faces,
            self.modifiers.total + ten_dice_bonus + sum,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;

    fn pool(rolled: u32, kept: u32, ranks: &[(u32, i64)]) -> Pool {
        let mut pool = Pool::new(rolled, kept);
        for &(rank, bonus) in ranks {
            pool.modifiers.add_rank_bonus(rank, bonus);
        }
        pool.keep = KeepOrder::AfterBonuses;
        pool
    }

    #[test]
    fn the_penalised_die_falls_below_the_next_and_is_not_kept() {
        // 8 and 7, -2 to the highest: 6 and 7, the 7 kept. Faces stay with their dice.
        let mut p = pool(2, 1, &[(1, -2)]);
        p.modifiers.each_die = 1;
        let roll = p.roll(&mut ScriptedDice::new([10, 2, 7])).unwrap();
        let dice: Vec<(i64, bool)> = roll.dice().iter().map(|d| (d.value, d.kept)).collect();
        // 10+2 = 12 +1 -2 = 11; 7 + 1 = 8: no change of order.
        assert_eq!(dice, [(11, true), (8, false)]);
        let roll = p.roll(&mut ScriptedDice::new([8, 9])).unwrap();
        let dice: Vec<(i64, bool)> = roll.dice().iter().map(|d| (d.value, d.kept)).collect();
        // 9+1-2 = 8 and 8+1 = 9: the 8 rolled is kept, shown first.
        assert_eq!(dice, [(9, true), (8, false)]);
        assert_eq!(roll.faces(0), [8]);
        assert_eq!(roll.faces(1), [9]);
        assert_eq!(roll.total(), 9);
        assert_eq!(roll.second_highest(), 8);
    }

    #[test]
    fn the_fast_roll_agrees_with_the_full_roll() {
        let p = pool(3, 2, &[(1, -3), (2, 1)]);
        for script in [
            vec![5, 4, 3],
            vec![9, 9, 1],
            vec![10, 1, 6, 6],
            vec![2, 2, 2],
        ] {
            let full = p.roll(&mut ScriptedDice::new(script.clone())).unwrap();
            let fast = p
                .roll_fast(&mut ScriptedDice::new(script.clone()), &Limits::default())
                .unwrap();
            assert_eq!(fast, full.summary(), "{script:?}");
        }
        // 5 4 3: 2, 5, 3 -> kept 5 and 3.
        let roll = p.roll(&mut ScriptedDice::new([5, 4, 3])).unwrap();
        assert_eq!((roll.total(), roll.second_highest()), (8, 3));
    }

    #[test]
    fn which_bonuses_can_reorder() {
        assert!(!pool(2, 1, &[(1, 2)]).rank_bonuses_can_reorder());
        assert!(!pool(2, 1, &[(1, 2), (2, 2)]).rank_bonuses_can_reorder());
        assert!(pool(2, 1, &[(1, -2)]).rank_bonuses_can_reorder());
        assert!(pool(3, 1, &[(1, 1), (2, 3)]).rank_bonuses_can_reorder());
        // The lowest die may lose points without passing any die.
        assert!(!pool(2, 1, &[(2, -1)]).rank_bonuses_can_reorder());
        assert!(pool(3, 1, &[(2, -1)]).rank_bonuses_can_reorder());
        // A rank beyond the dice rolled does nothing.
        assert!(!pool(2, 1, &[(3, 5)]).rank_bonuses_can_reorder());
        // The order of a roll with no bonus stays.
        assert!(!Pool::new(4, 2).rank_bonuses_can_reorder());
    }
}
