//! Exact odds: the distribution of any roll, and the chance of winning a contest, computed (not
//! sampled).
//!
//! # Method
//!
//! A die's value distribution is built chain by chain. A pool `XkY` is then solved by dynamic
//! programming over its order statistics: the die values are visited from the highest down, and
//! the state is "how many dice are at or above this value, and the sum of the kept ones among
//! them" (plus the second highest die, when a contest needs it). Once the kept dice are placed,
//! the other dice only have to be lower, which is one power of a cumulative probability. Per-die
//! and per-rank modifiers shift the total and the second highest die by constants, because every
//! die gets the same per-die bonus and the kept ranks are always the same ones.
//!
//! A contest's tie-breaker needs the joint distribution of the total and the second highest
//! die. That one is built a column (a second highest value `v`) at a time, visiting the values
//! from the lowest up: either one die is above `v` and the others are at most `v` with at least
//! one at `v`, or none is above and at least two are at `v`; the dice below `v` contribute the
//! kept-sum distribution of "so many dice all below `v`", which is carried up as the walk goes.
//! Each column is written once, so 10k5 against 10k5 takes a few milliseconds instead of the
//! tens that carrying the second highest die through every state of the walk above took.
//!
//! # Truncation
//!
//! An exploding die can reach any value, so its chains are cut when the probability that a chain
//! is still exploding falls to at most [`DIE_TAIL`] (`1e-15`). A pool has at most
//! [`MAX_ODDS_DICE`] (100) dice, so the probability mass left out of any distribution is at most
//! `100 * 1e-15 = 1e-13`. The pool computation also drops states whose weight is below `1e-30`
//! (a state's weight bounds all the probability it could still lead to), and it visits at most
//! `3e9` states, so that adds at most `3e-21`. The total, below `1.1e-13`, is within
//! [`TRUNCATION_BOUND`] (`1e-12`). Each distribution reports the
//! mass it left out ([`Distribution::truncated`]); its probabilities sum to `1 - truncated` up to
//! floating-point rounding. A contest's win and lose chances are each off by at most the sum of
//! both sides' truncated mass divided by the chance that a round is decided.
//!
//! ```
//! use pbp_core::{Comparison, RollExpr, contest_odds, distribution};
//! let two_keep_one = RollExpr::parse("2k1")?;
//! let odds = distribution(&two_keep_one)?;
//! assert!((odds.mass() - 1.0).abs() < 1e-12);
//! assert!((odds.probability(5) - 0.09).abs() < 1e-12); // 5 and 1-5, or 1-4 and 5
//! let contest = contest_odds(&two_keep_one, &two_keep_one, Comparison::HighestThenSecond)?;
//! assert!((contest.win - 0.5).abs() < 1e-12);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::contest::Comparison;
use crate::die::Die;
use crate::notation::{DiceSum, RollExpr};
use crate::pool::Pool;

/// The most probability mass any computed distribution leaves out (see the module docs).
pub const TRUNCATION_BOUND: f64 = 1e-12;
/// The probability, per die, at which explosion chains are cut.
pub const DIE_TAIL: f64 = 1e-15;
/// The most dice a pool or a dice sum may roll for its odds to be computed.
pub const MAX_ODDS_DICE: u32 = 100;
/// The widest range of values a distribution may span.
const MAX_CELLS: usize = 1 << 22;
/// States of the pool computation lighter than this are dropped; their weight bounds the mass
/// they could still carry, and is counted in the truncated mass.
const PRUNE: f64 = 1e-30;
/// A bound on the arithmetic one computation may do (about a few seconds).
const MAX_WORK: u64 = 3_000_000_000;

/// Exact odds could not be computed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum OddsError {
    /// More dice than [`MAX_ODDS_DICE`].
    #[error("{dice} dice is more than the limit of {limit} for exact odds")]
    TooManyDice {
        /// Dice asked for.
        dice: u32,
        /// The limit.
        limit: u32,
    },
    /// The values span too wide a range, or the computation would take too long.
    #[error("the roll has too many possible values for exact odds")]
    TooLarge,
    /// A die without sides.
    #[error("a die needs at least one side")]
    NoSides,
    /// A bonus so large that totals would overflow.
    #[error("the bonuses are too large")]
    Overflow,
    /// Every round of the contest is a push, so no one can ever win.
    #[error("every round of this contest is a push")]
    EndlessPush,
}

/// The exact distribution of a roll's total.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Distribution {
    min: i64,
    probs: Vec<f64>,
    truncated: f64,
}

impl Distribution {
    /// The smallest total with a probability above zero (or the only total computed).
    pub fn min(&self) -> i64 {
        self.min
    }

    /// The largest total computed.
    pub fn max(&self) -> i64 {
        self.min
            .saturating_add(self.probs.len().saturating_sub(1) as i64)
    }

    /// The chance of the total `value`.
    pub fn probability(&self, value: i64) -> f64 {
        value
            .checked_sub(self.min)
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| self.probs.get(i))
            .copied()
            .unwrap_or(0.0)
    }

    /// The chance of a total of at least `value`.
    pub fn at_least(&self, value: i64) -> f64 {
        self.table()
            .filter(|&(v, _)| v >= value)
            .map(|(_, p)| p)
            .sum()
    }

    /// Every total with a chance above zero, lowest first.
    pub fn table(&self) -> impl Iterator<Item = (i64, f64)> + '_ {
        self.probs
            .iter()
            .enumerate()
            .filter(|&(_, &p)| p > 0.0)
            .map(|(i, &p)| (self.min.saturating_add(i as i64), p))
    }

    /// The sum of the probabilities: `1 - truncated()`, up to rounding.
    pub fn mass(&self) -> f64 {
        self.probs.iter().sum()
    }

    /// The probability mass left out by cutting explosion chains (at most [`TRUNCATION_BOUND`]).
    pub fn truncated(&self) -> f64 {
        self.truncated
    }

    /// The mean total (of the computed mass, renormalised).
    pub fn mean(&self) -> f64 {
        let mass = self.mass();
        if mass <= 0.0 {
            return 0.0;
        }
        self.table().map(|(v, p)| v as f64 * p).sum::<f64>() / mass
    }

    /// The smallest total whose cumulative chance reaches `fraction` (0.5 for the median),
    /// clamped to `0..=1`.
    pub fn percentile(&self, fraction: f64) -> i64 {
        let target = fraction.clamp(0.0, 1.0) * self.mass();
        let mut cumulative = 0.0;
        let mut last = self.min;
        for (value, p) in self.table() {
            cumulative += p;
            last = value;
            // A relative tolerance absorbs rounding in the cumulative sum.
            if cumulative >= target * (1.0 - 1e-12) {
                return value;
            }
        }
        last
    }
}

/// The exact joint distribution of a roll's total and its second highest die (seed 000's
/// tie-breaker). Rolls without a second die have a second highest of 0.
#[derive(Clone, Debug, PartialEq)]
pub struct Joint {
    min: i64,
    /// The second-highest values of the columns, ascending.
    seconds: Vec<i64>,
    /// Row-major: one row per total from `min`, one column per entry of `seconds`.
    cells: Vec<f64>,
    truncated: f64,
}

impl Joint {
    fn row(&self, total: i64) -> Option<&[f64]> {
        let cols = self.seconds.len();
        let index = usize::try_from(total.checked_sub(self.min)?).ok()?;
        self.cells.get(index * cols..(index + 1) * cols)
    }

    /// The chance of the total `total` with second highest die `second`.
    pub fn probability(&self, total: i64, second: i64) -> f64 {
        match (self.row(total), self.seconds.binary_search(&second)) {
            (Some(row), Ok(col)) => row[col],
            _ => 0.0,
        }
    }

    /// The probability mass left out by cutting explosion chains.
    pub fn truncated(&self) -> f64 {
        self.truncated
    }

    /// The distribution of the total alone.
    pub fn totals(&self) -> Distribution {
        let cols = self.seconds.len().max(1);
        Distribution {
            min: self.min,
            probs: self
                .cells
                .chunks(cols)
                .map(|row| row.iter().sum())
                .collect(),
            truncated: self.truncated,
        }
    }
}

/// The chances of a contest, pushes rerolled.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ContestOdds {
    /// The chance that the first side wins (pushes rerolled).
    pub win: f64,
    /// The chance that the second side wins (pushes rerolled); `win + lose = 1`.
    pub lose: f64,
    /// The chance that one round is a push.
    pub push: f64,
    /// The probability mass both distributions left out.
    pub truncated: f64,
}

/// The exact distribution of a roll's total.
///
/// ```
/// use pbp_core::{RollExpr, distribution};
/// let odds = distribution(&RollExpr::parse("3d6")?)?;
/// assert!((odds.mean() - 10.5).abs() < 1e-12);
/// assert!((odds.probability(18) - 1.0 / 216.0).abs() < 1e-15);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`OddsError`] when the roll is too large to compute.
pub fn distribution(expr: &RollExpr) -> Result<Distribution, OddsError> {
    match expr {
        RollExpr::Pool(pool) => pool_distribution(pool),
        _ => Ok(joint_distribution(expr)?.totals()),
    }
}

/// The exact distribution of a pool's kept total, with all its modifiers.
///
/// # Errors
/// [`OddsError`] when the pool is too large to compute.
pub fn pool_distribution(pool: &Pool) -> Result<Distribution, OddsError> {
    Ok(pool_joint(pool, false)?.totals())
}

/// The exact joint distribution of a roll's total and second highest die.
///
/// # Errors
/// [`OddsError`] when the roll is too large to compute.
pub fn joint_distribution(expr: &RollExpr) -> Result<Joint, OddsError> {
    match expr {
        RollExpr::Pool(pool) => pool_joint(pool, true),
        RollExpr::Sum(sum) => sum_joint(sum),
        RollExpr::Coin => Ok(constant_second(0, vec![0.5, 0.5], 0.0)),
        RollExpr::Percent(percent) => {
            let p = f64::from(percent.get()) / 100.0;
            Ok(constant_second(0, vec![1.0 - p, p], 0.0))
        }
    }
}

/// The exact chance that `first` beats `second` under `comparison`, pushes rerolled.
///
/// ```
/// use pbp_core::{Comparison, RollExpr, contest_odds};
/// let attack = RollExpr::parse("d10+19")?;
/// let defence = RollExpr::parse("d10+19")?;
/// let odds = contest_odds(&attack, &defence, Comparison::FirstMustExceed)?;
/// assert!((odds.win - 0.45).abs() < 1e-12); // ties go to the defence
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`OddsError`] when a roll is too large to compute, and [`OddsError::EndlessPush`] when every
/// round would be a push.
pub fn contest_odds(
    first: &RollExpr,
    second: &RollExpr,
    comparison: Comparison,
) -> Result<ContestOdds, OddsError> {
    let a = joint_distribution(first)?;
    // The same roll on both sides (the usual battle) is computed once.
    let b = if first == second {
        a.clone()
    } else {
        joint_distribution(second)?
    };
    let (ta, tb) = (a.totals(), b.totals());
    // P(total of a > total of b), through the cumulative distribution of b.
    let mut higher = 0.0;
    let mut lower = 0.0;
    let mut below_b = 0.0; // P(b < value), as value rises
    let mut b_iter = tb.table().peekable();
    let mut tie_rows = Vec::new();
    for (value, p) in ta.table() {
        while let Some(&(bv, bp)) = b_iter.peek() {
            if bv < value {
                below_b += bp;
                b_iter.next();
            } else {
                break;
            }
        }
        higher += p * below_b;
        if tb.probability(value) > 0.0 {
            tie_rows.push(value);
        }
    }
    let mut below_a = 0.0;
    let mut a_iter = ta.table().peekable();
    for (value, p) in tb.table() {
        while let Some(&(av, ap)) = a_iter.peek() {
            if av < value {
                below_a += ap;
                a_iter.next();
            } else {
                break;
            }
        }
        lower += p * below_a;
    }
    let (mut win, mut lose, mut push) = (higher, lower, 0.0);
    match comparison {
        Comparison::FirstMustExceed => {
            let ties: f64 = tie_rows
                .iter()
                .map(|&v| ta.probability(v) * tb.probability(v))
                .sum();
            lose += ties;
        }
        Comparison::HighestThenSecond => {
            for &total in &tie_rows {
                let (Some(ra), Some(rb)) = (a.row(total), b.row(total)) else {
                    continue;
                };
                let (w, l, t) = compare_rows(&a.seconds, ra, &b.seconds, rb);
                win += w;
                lose += l;
                push += t;
            }
        }
    }
    let decided = win + lose;
    if decided <= 0.0 {
        return Err(OddsError::EndlessPush);
    }
    Ok(ContestOdds {
        win: win / decided,
        lose: lose / decided,
        push,
        truncated: a.truncated + b.truncated,
    })
}

/// For one shared total: P(second of a > second of b), P(<), P(=).
fn compare_rows(sa: &[i64], ra: &[f64], sb: &[i64], rb: &[f64]) -> (f64, f64, f64) {
    let (mut win, mut lose, mut tie) = (0.0, 0.0, 0.0);
    let total_b: f64 = rb.iter().sum();
    let mut below = 0.0; // mass of b with second < current a second
    let mut j = 0;
    for (i, &value) in sa.iter().enumerate() {
        let p = ra[i];
        while j < sb.len() && sb[j] < value {
            below += rb[j];
            j += 1;
        }
        if p == 0.0 {
            continue;
        }
        let equal = if j < sb.len() && sb[j] == value {
            rb[j]
        } else {
            0.0
        };
        win += p * below;
        tie += p * equal;
        lose += p * (total_b - below - equal).max(0.0);
    }
    (win, lose, tie)
}

fn constant_second(min: i64, probs: Vec<f64>, truncated: f64) -> Joint {
    Joint {
        min,
        seconds: vec![0],
        cells: probs,
        truncated,
    }
}

fn sum_joint(sum: &DiceSum) -> Result<Joint, OddsError> {
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
fn die_values(die: Die) -> Result<(Vec<f64>, f64), OddsError> {
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

fn pool_joint(pool: &Pool, with_second: bool) -> Result<Joint, OddsError> {
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
fn kept_sum_and_second(
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
fn order_statistics_dp(
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
fn binomials(n: usize) -> Vec<Vec<f64>> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn expr(text: &str) -> RollExpr {
        RollExpr::parse(text).unwrap()
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    /// The column-by-column joint of the kept sum and the second highest die is the one the
    /// order statistics walk computes, for every shape of pool and dice of several kinds (the
    /// large pools of exploding d10s are pinned in `tests/odds_exact.rs`) (the walk prunes below 1e-30, so they agree to far better than 1e-12).
    #[test]
    fn kept_sum_and_second_is_the_order_statistics_walk() {
        // The walk is slow in a debug build: the dice with long chains get fewer dice.
        let dice = [
            (Die::EXPLODING_D10, 4),
            (Die::exploding(10, 9).unwrap(), 3),
            (Die::exploding(2, 2).unwrap(), 6),
            (Die::new(6).unwrap(), 10),
            (Die::new(10).unwrap(), 10),
        ];
        for (die, most) in dice {
            let (probs, _) = die_values(die).unwrap();
            let values: Vec<(usize, f64)> = probs
                .iter()
                .enumerate()
                .rev()
                .filter(|&(_, &p)| p > 0.0)
                .map(|(v, &p)| (v, p))
                .collect();
            for x in 2..=most {
                let binomial = binomials(x);
                for y in 1..=x {
                    let rows = y * values[0].0 + 1;
                    let need = y.max(2);
                    let (walk, pruned) =
                        order_statistics_dp(x, y, need, true, &values, rows, &binomial);
                    let columns = kept_sum_and_second(x, y, &values, rows, &binomial);
                    assert_eq!(walk.len(), columns.len());
                    let mut difference = 0.0;
                    for (a, b) in walk.iter().zip(&columns) {
                        difference += (a - b).abs();
                    }
                    assert!(
                        difference <= 1e-14 + pruned,
                        "{die:?} {x}k{y}: off by {difference:e} in all"
                    );
                }
            }
        }
    }

    #[test]
    fn exploding_d10_values() {
        let (probs, tail) = die_values(Die::EXPLODING_D10).unwrap();
        assert!(close(probs[5], 0.1));
        assert_eq!(probs[10], 0.0);
        assert!(close(probs[13], 0.01));
        assert!(close(probs[23], 0.001));
        assert!(tail <= DIE_TAIL);
        let mass: f64 = probs.iter().sum();
        assert!((mass + tail - 1.0).abs() < 1e-14);
    }

    #[test]
    fn one_kept_die_hand_computed() {
        let odds = distribution(&expr("2k1")).unwrap();
        // max of two dice = 5 with neither exploding: 2*0.1*0.5 - 0.01 = 0.09.
        assert!(close(odds.probability(5), 0.09));
        // P(one die <= 13) = 0.9 + 0.03 (faces 1-9, or 10 then 1-3); <= 12: 0.92.
        // P(max = 13) = 0.93^2 - 0.92^2 = 0.0185.
        assert!(close(odds.probability(13), 0.0185));
        assert_eq!(odds.probability(10), 0.0);
        assert!((odds.mass() - 1.0).abs() < TRUNCATION_BOUND);
    }

    #[test]
    fn modifiers_shift_totals() {
        let base = distribution(&expr("3k2")).unwrap();
        let shifted = distribution(&expr("3k2+1 e+1 h+2 r3+5")).unwrap();
        // +1 total, +1 on each of the two kept dice, +2 to the highest; rank 3 is not kept.
        for value in 2..60 {
            assert!(close(
                base.probability(value),
                shifted.probability(value + 5)
            ));
        }
    }

    #[test]
    fn ten_dice_rule_odds() {
        let rule = distribution(&expr("12k4t")).unwrap();
        let plain = distribution(&expr("10k6")).unwrap();
        assert!(close(rule.mean(), plain.mean()));
        let over = distribution(&expr("12k10t")).unwrap();
        let ten = distribution(&expr("10k10")).unwrap();
        assert!(close(over.mean(), ten.mean() + 4.0));
    }

    #[test]
    fn edge_pools() {
        let nothing = distribution(&expr("0k0+3")).unwrap();
        assert_eq!(nothing.table().collect::<Vec<_>>(), vec![(3, 1.0)]);
        let all = distribution(&expr("2k5!n")).unwrap();
        assert!(close(all.mean(), 11.0));
        assert_eq!(
            pool_distribution(&Pool::new(101, 1)),
            Err(OddsError::TooManyDice {
                dice: 101,
                limit: 100
            })
        );
        assert_eq!(
            distribution(&expr("2k1d1000000!2")),
            Err(OddsError::TooLarge)
        );
    }

    #[test]
    fn contests() {
        let odds = contest_odds(&expr("2k1"), &expr("2k1"), Comparison::HighestThenSecond).unwrap();
        assert!(close(odds.win, 0.5) && close(odds.lose, 0.5));
        assert!(odds.push > 0.0);
        let odds =
            contest_odds(&expr("coin"), &expr("coin"), Comparison::HighestThenSecond).unwrap();
        assert!(close(odds.win, 0.5) && close(odds.push, 0.5));
        let odds = contest_odds(
            &expr("d10+20"),
            &expr("d10+19"),
            Comparison::FirstMustExceed,
        )
        .unwrap();
        assert!(close(odds.win, 0.55));
        assert_eq!(
            contest_odds(&expr("0k0"), &expr("0k0"), Comparison::HighestThenSecond),
            Err(OddsError::EndlessPush)
        );
    }

    #[test]
    fn huge_bonuses_are_errors_not_overflows() {
        let pool = Pool::new(2, 1).plus(i64::MAX - 5);
        assert_eq!(pool_distribution(&pool), Err(OddsError::Overflow));
        let sum = RollExpr::Sum(DiceSum {
            count: 1,
            sides: 10,
            bonus: i64::MAX - 5,
        });
        assert_eq!(distribution(&sum), Err(OddsError::Overflow));
    }

    #[test]
    fn percentiles() {
        let odds = distribution(&expr("d10")).unwrap();
        assert_eq!(odds.percentile(0.5), 5);
        assert_eq!(odds.percentile(0.0), 1);
        assert_eq!(odds.percentile(1.0), 10);
        assert!(close(odds.at_least(8), 0.3));
    }
}
