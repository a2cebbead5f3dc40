//! The joint distributions of the total and the second highest die that exact odds are read
//! from: a dice sum's, a die's value chains, and a pool's, by the walk over its order statistics
//! that the parent module's docs describe.

use super::{
    DIE_TAIL, Joint, MAX_CELLS, MAX_ODDS_DICE, MAX_WORK, OddsError, PRUNE, constant_second,
};
use crate::die::Die;
use crate::notation::DiceSum;
use crate::pool::{KeepOrder, Pool};

pub(super) fn sum_joint(sum: &DiceSum) -> Result<Joint, OddsError> {
    if sum.sides == 0 {
        return Err(OddsError::NoSides);
    }
    if sum.count > MAX_ODDS_DICE {
        return Err(OddsError::TooManyDice {
            dice: sum.count,
            limit: MAX_ODDS_DICE,
        });
    }
    let sides = sum.sides as usize;
    let width = (sum.count as usize)
        .checked_mul(sides)
        .filter(|&w| w < MAX_CELLS)
        .ok_or(OddsError::TooLarge)?;
    let p = 1.0 / f64::from(sum.sides);
    // probs[i] = P(sum of the dice so far = i).
    let mut probs = vec![0.0; width + 1];
    probs[0] = 1.0;
    let mut reach = 0;
    for _ in 0..sum.count {
        // New P(s) = p * sum of old P over s-sides..=s-1: a sliding window.
        let mut next = vec![0.0; width + 1];
        let mut window: f64 = 0.0;
        for s in 1..=reach + sides {
            if s - 1 <= reach {
                window += probs[s - 1];
            }
            if s > sides && s - sides - 1 <= reach {
                window -= probs[s - sides - 1];
            }
            next[s] = window.max(0.0) * p;
        }
        reach += sides;
        probs = next;
    }
    // Values below `count` are impossible; drop the leading zeros.
    let lowest = sum.count as usize;
    let probs = probs.split_off(lowest.min(probs.len()));
    let min = i64::from(sum.count)
        .checked_add(sum.bonus)
        .ok_or(OddsError::Overflow)?;
    min.checked_add(probs.len() as i64)
        .ok_or(OddsError::Overflow)?;
    Ok(constant_second(min, probs, 0.0))
}

/// The distribution of one die's raw value (the sum of its chain): `probs[v]` = P(value = v),
/// and the mass cut off.
pub(super) fn die_values(die: Die) -> Result<(Vec<f64>, f64), OddsError> {
    let sides = die.sides() as usize;
    if sides == 0 {
        return Err(OddsError::NoSides);
    }
    if sides >= MAX_CELLS {
        return Err(OddsError::TooLarge);
    }
    let p = 1.0 / sides as f64;
    let Some(threshold) = die.explode_at() else {
        let mut probs = vec![p; sides + 1];
        probs[0] = 0.0;
        return Ok((probs, 0.0));
    };
    let threshold = threshold as usize;
    let mut probs: Vec<f64> = vec![0.0; sides + 1];
    // Partial sums of chains still exploding, and their mass.
    let mut open: Vec<(usize, f64)> = vec![(0, 1.0)];
    let mut work: u64 = 0;
    loop {
        let mut next: Vec<f64> = Vec::new();
        let mut next_base = usize::MAX;
        work = work.saturating_add((open.len() as u64).saturating_mul(sides as u64));
        if work > MAX_WORK {
            return Err(OddsError::TooLarge);
        }
        for &(base, mass) in &open {
            let top = base + sides;
            if top >= MAX_CELLS {
                return Err(OddsError::TooLarge);
            }
            if probs.len() <= top {
                probs.resize(top + 1, 0.0);
            }
            let share = mass * p;
            for face in 1..threshold {
                probs[base + face] += share;
            }
            if next_base == usize::MAX {
                next_base = base + threshold;
            }
            let need = top + 1 - next_base;
            if next.len() < need {
                next.resize(need, 0.0);
            }
            for face in threshold..=sides {
                next[base + face - next_base] += share;
            }
        }
        open = next
            .iter()
            .enumerate()
            .filter(|&(_, &m)| m > 0.0)
            .map(|(i, &m)| (next_base + i, m))
            .collect();
        let remaining: f64 = open.iter().map(|&(_, m)| m).sum();
        if remaining <= DIE_TAIL {
            return Ok((probs, remaining));
        }
    }
}

pub(super) fn pool_joint(pool: &Pool, with_second: bool) -> Result<Joint, OddsError> {
    if pool.keep == KeepOrder::AfterBonuses {
        return super::after::after_joint(pool, with_second);
    }
    let (rolled, kept, ten_dice_bonus) = pool.effective();
    if rolled > MAX_ODDS_DICE {
        return Err(OddsError::TooManyDice {
            dice: rolled,
            limit: MAX_ODDS_DICE,
        });
    }
    let modifiers = &pool.modifiers;
    // The constant part of the total: flat bonus, ten dice rule, per-die bonus on each kept die,
    // and the bonuses of the kept ranks.
    let mut offset = modifiers
        .total
        .checked_add(ten_dice_bonus)
        .ok_or(OddsError::Overflow)?;
    offset = modifiers
        .each_die
        .checked_mul(i64::from(kept))
        .and_then(|e| offset.checked_add(e))
        .ok_or(OddsError::Overflow)?;
    for rank in &modifiers.ranks {
        if rank.rank >= 1 && rank.rank <= kept {
            offset = offset.checked_add(rank.bonus).ok_or(OddsError::Overflow)?;
        }
    }
    let second_shift = modifiers
        .each_die
        .checked_add(if kept >= 2 {
            modifiers.rank_bonus(2)
        } else {
            0
        })
        .ok_or(OddsError::Overflow)?;
    let with_second = with_second && rolled >= 2;
    let need = kept.max(if with_second { 2 } else { 0 }) as usize;
    if need == 0 {
        return Ok(constant_second(offset, vec![1.0], 0.0));
    }
    let (probs, tail) = die_values(pool.die)?;
    let x = rolled as usize;
    let y = kept as usize;
    // Die values with a chance, highest first, and P(value below each).
    let values: Vec<(usize, f64)> = probs
        .iter()
        .enumerate()
        .rev()
        .filter(|&(_, &p)| p > 0.0)
        .map(|(v, &p)| (v, p))
        .collect();
    let vmax = values.first().map_or(0, |&(v, _)| v);
    let smax = y.checked_mul(vmax).ok_or(OddsError::TooLarge)?;
    let rows = smax + 1;
    let cols = if with_second { values.len() } else { 1 };
    let cells = rows.checked_mul(cols).ok_or(OddsError::TooLarge)?;
    let states = cells.checked_mul(need).ok_or(OddsError::TooLarge)?;
    if states > MAX_CELLS * 4 {
        return Err(OddsError::TooLarge);
    }
    let work = (states as u64)
        .saturating_mul(values.len() as u64)
        .saturating_mul(x as u64);
    if work > MAX_WORK {
        return Err(OddsError::TooLarge);
    }
    let binomial = binomials(x);
    let mut pruned = 0.0;
    let result = if with_second && y >= 1 {
        kept_sum_and_second(x, y, &values, rows, &binomial)
    } else {
        let (result, dropped) =
            order_statistics_dp(x, y, need, with_second, &values, rows, &binomial);
        pruned = dropped;
        result
    };
    let seconds: Vec<i64> = if with_second {
        values
            .iter()
            .rev()
            .map(|&(v, _)| (v as i64).checked_add(second_shift))
            .collect::<Option<Vec<i64>>>()
            .ok_or(OddsError::Overflow)?
    } else {
        vec![0]
    };
    // Trim the impossible low totals.
    let first_row = result
        .chunks(cols)
        .position(|row| row.iter().any(|&p| p > 0.0))
        .unwrap_or(0);
    let last_row = result
        .chunks(cols)
        .rposition(|row| row.iter().any(|&p| p > 0.0))
        .unwrap_or(0);
    let trimmed = result[first_row * cols..(last_row + 1) * cols].to_vec();
    let min = offset
        .checked_add(first_row as i64)
        .ok_or(OddsError::Overflow)?;
    offset
        .checked_add(last_row as i64)
        .ok_or(OddsError::Overflow)?;
    Ok(Joint {
        min,
        seconds,
        cells: trimmed,
        truncated: (tail * x as f64 + pruned).min(1.0),
    })
}

/// The joint weights of the kept sum (row, `rows` of them) and the second highest die (column,
/// ascending by value) of `x >= 2` dice keeping `1 <= y <= x`, `values` the die's values with a
/// chance, highest first.
///
/// Where [`order_statistics_dp`] carries the second highest die through the rest of its walk
/// (one more dimension in every state), this walks the values from the lowest up and writes each
/// column once. With `v` the second highest die, either one die is higher (`u > v`: `x` ways to
/// choose it) and the other `x - 1` dice are at most `v` with at least one at `v`, keeping `y - 1`
/// of them; or no die is higher and at least two are at `v`, keeping `y`. In both cases the dice
/// at `v` are kept first and the rest are all below `v`: their kept sum is `below[k]`, the
/// weights of "`k + x - y` dice all below `v`, the `k` highest summing to s", kept for every
/// `k` as the walk goes up (`k + x - y` dice keeping `k`, so `x - y` are always dropped, is the
/// only shape either case asks for, and zero kept dice is a power of the cumulative chance).
pub(super) fn kept_sum_and_second(
    x: usize,
    y: usize,
    values: &[(usize, f64)],
    rows: usize,
    binomial: &[Vec<f64>],
) -> Vec<f64> {
    let cols = values.len();
    let dropped = x - y;
    let ascending: Vec<(usize, f64)> = values.iter().rev().copied().collect();
    let mut result = vec![0.0; rows * cols];
    // below[k][s], k in 1..=y (below[0] unused): see above.
    let mut below: Vec<Vec<f64>> = vec![vec![0.0; rows]; y + 1];
    // cumulative^n for n in 0..=x: the chance that n dice are all below the current value.
    let mut powers = vec![0.0; x + 1];
    powers[0] = 1.0;
    let mut p_pow = vec![1.0; x + 1];
    let mut higher = vec![0.0; rows];
    let mut column = vec![0.0; rows];
    for (index, &(value, p)) in ascending.iter().enumerate() {
        for c in 1..=x {
            p_pow[c] = p_pow[c - 1] * p;
        }
        // The weights of `m` dice at most `value`, at least `at_least` of them at `value`, the
        // `k` highest summing to s (`m - k == dropped`, or `k == 0`), added into `into`
        // scaled by `scale`.
        let with_value = |m: usize, k: usize, at_least: usize, scale: f64, into: &mut [f64]| {
            for c in at_least..=m {
                let at_value = c.min(k);
                let factor = scale * binomial[m][c] * p_pow[c];
                let shift = value * at_value;
                let (rest_dice, rest_kept) = (m - c, k - at_value);
                if rest_kept == 0 {
                    into[shift] += factor * powers[rest_dice];
                } else {
                    let rest = &below[rest_kept];
                    let len = rows - shift;
                    for (cell, &weight) in into[shift..].iter_mut().zip(&rest[..len]) {
                        *cell += factor * weight;
                    }
                }
            }
        };
        // No die above `value`: at least two at it.
        column.fill(0.0);
        with_value(x, y, 2, 1.0, &mut column);
        // One die above it, at `u`: the other x - 1 at most `value`, at least one at it.
        if index + 1 < cols {
            higher.fill(0.0);
            with_value(x - 1, y - 1, 1, x as f64, &mut higher);
            let reach = (y - 1) * value;
            for &(u, pu) in &ascending[index + 1..] {
                if u > rows - 1 {
                    continue;
                }
                let len = (reach + 1).min(rows - u);
                for (cell, &weight) in column[u..u + len].iter_mut().zip(&higher[..len]) {
                    *cell += pu * weight;
                }
            }
        }
        for (s, &weight) in column.iter().enumerate() {
            result[s * cols + index] = weight;
        }
        // Take `value` into "below" for the values above it: k from the top, so that the
        // smaller k read are still those of the values below `value`.
        for k in (1..=y).rev() {
            let m = k + dropped;
            let mut next = std::mem::take(&mut below[k]);
            for c in 1..=m {
                let at_value = c.min(k);
                let factor = binomial[m][c] * p_pow[c];
                let shift = value * at_value;
                let (rest_dice, rest_kept) = (m - c, k - at_value);
                if shift >= rows {
                    continue;
                }
                if rest_kept == 0 {
                    next[shift] += factor * powers[rest_dice];
                } else {
                    let len = rows - shift;
                    for (cell, &weight) in next[shift..].iter_mut().zip(&below[rest_kept][..len]) {
                        *cell += factor * weight;
                    }
                }
            }
            below[k] = next;
        }
        let cumulative = powers[1] + p;
        for n in 1..=x {
            powers[n] = powers[n - 1] * cumulative;
        }
    }
    result
}

/// The joint weights of the kept sum (row) and the second highest die (column, ascending by
/// value; one column without `with_second`) of `x` dice keeping `y`, by dynamic programming
/// over the order statistics from the highest value down, and the weight pruned.
pub(super) fn order_statistics_dp(
    x: usize,
    y: usize,
    need: usize,
    with_second: bool,
    values: &[(usize, f64)],
    rows: usize,
    binomial: &[Vec<f64>],
) -> (Vec<f64>, f64) {
    let cols = if with_second { values.len() } else { 1 };
    let cells = rows * cols;
    // dp[n][s * cols + m]: weight of "n dice placed, kept sum s, second highest column m".
    let mut dp: Vec<Vec<f64>> = vec![vec![0.0; cells]; need];
    dp[0][0] = 1.0;
    let mut result = vec![0.0; cells];
    let mut below: f64 = values.iter().map(|&(_, p)| p).sum();
    let mut powers = vec![1.0; x + 1];
    // Rows that may hold weight, per count of dice placed (empty while lo > hi).
    let mut lo = vec![usize::MAX; need];
    let mut hi = vec![0_usize; need];
    (lo[0], hi[0]) = (0, 0);
    let mut pruned = 0.0;
    let mut p_pow = vec![1.0; x + 1];
    for (index, &(value, p)) in values.iter().enumerate() {
        below = (below - p).max(0.0);
        // powers[k] = P(a die is below this value)^k, p_pow[c] = p^c.
        for k in 1..=x {
            powers[k] = powers[k - 1] * below;
            p_pow[k] = p_pow[k - 1] * p;
        }
        // The second highest column of this value (columns ascending by value); columns of
        // higher values are the only ones in use so far.
        let column = values.len() - 1 - index;
        for n in (0..need).rev() {
            if lo[n] > hi[n] {
                continue;
            }
            let free = x - n;
            let kept_slots = y.saturating_sub(n);
            // The columns in use: with two dice placed, those of the values visited so far;
            // before, the one column of "no second die yet".
            let (m_lo, m_hi) = if with_second && n >= 2 {
                (column, cols)
            } else {
                (0, 1)
            };
            let width = m_hi - m_lo;
            let (done, ahead) = dp.split_at_mut(n + 1);
            let from = &mut done[n];
            for s in lo[n]..=hi[n] {
                let start = s * cols + m_lo;
                let row = &mut from[start..start + width];
                let mut live = false;
                for weight in row.iter_mut() {
                    if *weight != 0.0 {
                        if *weight < PRUNE {
                            // Everything this state could still become has at most its weight.
                            pruned += *weight;
                            *weight = 0.0;
                        } else {
                            live = true;
                        }
                    }
                }
                if !live {
                    continue;
                }
                let row = &from[start..start + width];
                // `c` more dice at this value: every column of the row moves alike (the second
                // highest die, once placed, stays), so each move is one scaled row added to
                // another, which the compiler vectorises.
                for c in 1..=free {
                    let placed = n + c;
                    let s2 = s + value * c.min(kept_slots);
                    let to_lo = if with_second && n < 2 && placed >= 2 {
                        column
                    } else {
                        m_lo
                    };
                    let factor = binomial[free][c] * p_pow[c];
                    let (target, factor) = if placed >= need {
                        (&mut result[..], factor * powers[x - placed])
                    } else {
                        lo[placed] = lo[placed].min(s2);
                        hi[placed] = hi[placed].max(s2);
                        (&mut ahead[placed - n - 1][..], factor)
                    };
                    let to = s2 * cols + to_lo;
                    for (cell, &weight) in target[to..to + width].iter_mut().zip(row) {
                        *cell += weight * factor;
                    }
                }
            }
        }
    }
    (result, pruned)
}

/// Pascal's triangle up to `n`.
pub(super) fn binomials(n: usize) -> Vec<Vec<f64>> {
    let mut rows: Vec<Vec<f64>> = Vec::with_capacity(n + 1);
    for i in 0..=n {
        let mut row = vec![1.0; i + 1];
        for j in 1..i {
            row[j] = rows[i - 1][j - 1] + rows[i - 1][j];
        }
        rows.push(row);
    }
    rows
}
