//! Exact odds of a pool that keeps its dice after its rank bonuses (see the parent module's
//! docs, "Keeping after the rank bonuses").

use std::collections::BTreeMap;

use super::joint::{binomials, die_values, pool_joint};
use super::{Joint, MAX_ODDS_DICE, MAX_WORK, OddsError};
use crate::pool::{KeepOrder, Pool};

/// The joint distribution of the total and the second highest die of `pool`, which keeps after
/// its rank bonuses.
pub(super) fn after_joint(pool: &Pool, with_second: bool) -> Result<Joint, OddsError> {
    let (rolled, kept, ten_dice_bonus) = pool.effective();
    let m = &pool.modifiers;
    let (b1, b2) = (m.rank_bonus(1), m.rank_bonus(2));
    if !pool.rank_bonuses_can_reorder() {
        // The same dice are kept as before the bonuses; only the second highest die, when it
        // is not kept, carries its bonus too.
        let mut before = pool.clone();
        before.keep = KeepOrder::BeforeBonuses;
        let mut joint = pool_joint(&before, with_second)?;
        if with_second && rolled >= 2 && kept < 2 && b2 != 0 {
            for second in &mut joint.seconds {
                *second = second.checked_add(b2).ok_or(OddsError::Overflow)?;
            }
        }
        return Ok(joint);
    }
    if rolled > MAX_ODDS_DICE {
        return Err(OddsError::TooManyDice {
            dice: rolled,
            limit: MAX_ODDS_DICE,
        });
    }
    let other_ranks = m.ranks.iter().any(|r| r.rank > 2 && r.rank <= rolled);
    if other_ranks || kept > 2 || (rolled > 2 && b2 < 0) {
        return Err(OddsError::Unsupported);
    }
    let (probs, tail) = die_values(pool.die)?;
    // The die's values with a chance, lowest first, and the chance of a value below each.
    let values: Vec<(i64, f64)> = probs
        .iter()
        .enumerate()
        .filter(|&(_, &p)| p > 0.0)
        .map(|(v, &p)| (v as i64, p))
        .collect();
    let below: Vec<f64> = values
        .iter()
        .scan(0.0, |sum, &(_, p)| {
            let here = *sum;
            *sum += p;
            Some(here)
        })
        .collect();
    let (x, n) = (rolled as usize, values.len() as u64);
    let work = n
        .saturating_mul(n)
        .saturating_mul(n)
        .saturating_mul(x as u64);
    if work > MAX_WORK {
        return Err(OddsError::TooLarge);
    }
    let flat = m
        .each_die
        .checked_mul(i64::from(kept))
        .and_then(|e| e.checked_add(m.total))
        .and_then(|t| t.checked_add(ten_dice_bonus))
        .ok_or(OddsError::Overflow)?;
    let shape = Shape {
        x,
        kept,
        b1,
        b2,
        flat,
        each_die: m.each_die,
        with_second,
    };
    let binomial = binomials(x);
    let mut cells: BTreeMap<(i64, i64), f64> = BTreeMap::new();
    for (ib, &(b, pb)) in values.iter().enumerate() {
        // No die above the second: `c >= 2` dice at `b`, the others below it.
        for (c, &ways) in binomial[x].iter().enumerate().skip(2) {
            let weight = ways * pb.powi(c as i32);
            shape.others(
                b,
                b,
                weight,
                c - 2,
                x - c,
                &values[..ib],
                &below,
                &mut cells,
            )?;
        }
        // One die above it, at `a` (`x` ways to choose it): `c >= 1` of the others at `b`.
        for &(a, pa) in &values[ib + 1..] {
            for (c, &ways) in binomial[x - 1].iter().enumerate().skip(1) {
                let weight = x as f64 * pa * ways * pb.powi(c as i32);
                shape.others(
                    a,
                    b,
                    weight,
                    c - 1,
                    x - 1 - c,
                    &values[..ib],
                    &below,
                    &mut cells,
                )?;
            }
        }
    }
    joint_from_cells(&cells, (tail * x as f64).min(1.0))
}

/// The pool's numbers for [`Shape::result`].
struct Shape {
    x: usize,
    kept: u32,
    b1: i64,
    b2: i64,
    flat: i64,
    each_die: i64,
    with_second: bool,
}

impl Shape {
    /// Adds the results of highest die `a`, second `b` (weight `weight`), with `at_b` more
    /// dice at `b` and `lower` dice below it (`values` the die's values below `b`, `below`
    /// the chance of a value below each of the die's values).
    #[allow(clippy::too_many_arguments)] // the walk's state, read once per call
    fn others(
        &self,
        a: i64,
        b: i64,
        weight: f64,
        at_b: usize,
        lower: usize,
        values: &[(i64, f64)],
        below: &[f64],
        cells: &mut BTreeMap<(i64, i64), f64>,
    ) -> Result<(), OddsError> {
        let all_below = below.get(values.len()).copied().unwrap_or(1.0);
        let m1 = a.checked_add(self.b1).ok_or(OddsError::Overflow)?;
        if at_b > 0 || lower == 0 || m1 >= b {
            // The highest of the others is `b`, or there is none, or it cannot pass the
            // highest die: one result.
            let third = (at_b > 0 || lower > 0).then_some(b);
            let w = weight * all_below.powi(lower as i32);
            return self.add(a, b, third, w, cells);
        }
        for (iu, &(u, pu)) in values.iter().enumerate() {
            let w = weight
                * ((below[iu] + pu).powi(lower as i32) - below[iu].powi(lower as i32)).max(0.0);
            self.add(a, b, Some(u), w, cells)?;
        }
        Ok(())
    }

    /// Adds `weight` to the result of the highest die `a`, the second `b` and the highest of
    /// the others `third` (none for two dice).
    fn add(
        &self,
        a: i64,
        b: i64,
        third: Option<i64>,
        weight: f64,
        cells: &mut BTreeMap<(i64, i64), f64>,
    ) -> Result<(), OddsError> {
        if weight <= 0.0 {
            return Ok(());
        }
        let m1 = a + self.b1;
        let m2 = b.checked_add(self.b2).ok_or(OddsError::Overflow)?;
        // With more than two dice the second's bonus is not negative: it stays above `third`.
        let kept_sum = match (self.kept, third) {
            (0, _) => 0,
            (1, _) => m1.max(m2),
            (_, None) => m1 + m2,
            (_, Some(t)) => m2 + m1.max(t),
        };
        let second = match third {
            _ if self.x < 2 => 0,
            None => m1.min(m2),
            Some(_) if m1 >= m2 => m2,
            Some(t) => m1.max(t),
        };
        let total = kept_sum.checked_add(self.flat).ok_or(OddsError::Overflow)?;
        let second = if self.with_second {
            second
                .checked_add(self.each_die)
                .ok_or(OddsError::Overflow)?
        } else {
            0
        };
        *cells.entry((total, second)).or_insert(0.0) += weight;
        Ok(())
    }
}

/// The [`Joint`] of the weights of (total, second highest die).
fn joint_from_cells(cells: &BTreeMap<(i64, i64), f64>, truncated: f64) -> Result<Joint, OddsError> {
    let mut seconds: Vec<i64> = cells.keys().map(|&(_, s)| s).collect();
    seconds.sort_unstable();
    seconds.dedup();
    let min = cells.keys().map(|&(t, _)| t).min().unwrap_or(0);
    let max = cells.keys().map(|&(t, _)| t).max().unwrap_or(0);
    let rows = usize::try_from(max - min + 1).map_err(|_| OddsError::TooLarge)?;
    let cols = seconds.len().max(1);
    let mut grid = vec![0.0; rows.checked_mul(cols).ok_or(OddsError::TooLarge)?];
    for (&(total, second), &weight) in cells {
        let row = (total - min) as usize;
        let col = seconds.binary_search(&second).unwrap_or(0);
        grid[row * cols + col] += weight;
    }
    if seconds.is_empty() {
        seconds.push(0);
    }
    Ok(Joint {
        min,
        seconds,
        cells: grid,
        truncated,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Comparison;
    use crate::dice::ScriptedDice;
    use crate::die::Die;
    use crate::notation::RollExpr;
    use crate::odds::{contest_odds, joint_distribution};

    /// Every outcome of `rolled` plain d6s, rolled through the pool: the exact joint by
    /// brute force, against the computed one.
    fn check_against_every_outcome(rolled: u32, kept: u32, b1: i64, b2: i64, each: i64) {
        let mut pool = Pool::new(rolled, kept)
            .with_die(Die::new(6).unwrap())
            .plus(1);
        pool.modifiers.each_die = each;
        pool.modifiers.add_rank_bonus(1, b1);
        pool.modifiers.add_rank_bonus(2, b2);
        pool.keep = KeepOrder::AfterBonuses;
        let joint = joint_distribution(&RollExpr::Pool(pool.clone())).unwrap();
        let mut counted: BTreeMap<(i64, i64), f64> = BTreeMap::new();
        let outcomes = 6_u32.pow(rolled);
        for i in 0..outcomes {
            let faces: Vec<u32> = (0..rolled).map(|d| i / 6_u32.pow(d) % 6 + 1).collect();
            let roll = pool.roll(&mut ScriptedDice::new(faces)).unwrap();
            *counted
                .entry((roll.total(), roll.second_highest()))
                .or_insert(0.0) += 1.0 / f64::from(outcomes);
        }
        for (&(total, second), &p) in &counted {
            let q = joint.probability(total, second);
            assert!(
                (p - q).abs() < 1e-12,
                "{rolled}k{kept} h{b1} r2{b2} e{each}: ({total}, {second}) {p} against {q}"
            );
        }
        let mass: f64 = counted.keys().map(|&(t, s)| joint.probability(t, s)).sum();
        assert!((mass - 1.0).abs() < 1e-12, "{mass}");
    }

    #[test]
    fn the_odds_match_every_outcome_of_small_pools() {
        for rolled in 2..=4 {
            for kept in 0..=2.min(rolled) {
                for (b1, b2) in [(-2, 0), (-3, 1), (0, 2), (1, 3), (-1, -1), (2, 0)] {
                    if rolled > 2 && b2 < 0 {
                        continue;
                    }
                    check_against_every_outcome(rolled, kept, b1, b2, 1);
                }
            }
        }
        // Two dice with a penalty on the second.
        check_against_every_outcome(2, 1, 0, -2, 0);
    }

    #[test]
    fn shapes_beyond_the_computation_are_refused_not_guessed() {
        for text in ["3k3 h-2 a", "4k1 h-2 r3+1 a", "3k1 h-1 r2-1 a"] {
            let expr = RollExpr::parse(text).unwrap();
            assert_eq!(
                joint_distribution(&expr).err(),
                Some(OddsError::Unsupported),
                "{text}"
            );
        }
    }

    #[test]
    fn the_penalty_weighs_less_when_the_kept_die_is_chosen_after_it() {
        let odds = |text: &str| {
            contest_odds(
                &RollExpr::parse(text).unwrap(),
                &RollExpr::parse("2k1").unwrap(),
                Comparison::HighestThenSecond,
            )
            .unwrap()
            .win
        };
        let (before, after, none) = (odds("2k1 h-2"), odds("2k1 h-2 a"), odds("2k1"));
        assert!(before < after && after < none, "{before} {after} {none}");
        // Bonuses that keep the order give the same odds either way.
        assert!((odds("3k2 h+2 r2+1") - odds("3k2 h+2 r2+1 a")).abs() < 1e-12);
    }
}
