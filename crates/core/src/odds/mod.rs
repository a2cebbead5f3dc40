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
//! # Keeping after the rank bonuses
//!
//! A pool that keeps its dice after its rank bonuses ([`KeepOrder::AfterBonuses`]) whose
//! bonuses cannot change the order of the dice (see [`Pool::rank_bonuses_can_reorder`]) keeps
//! the same dice as one that keeps before, and its odds are that pool's, with the second
//! highest die carrying its rank bonus even when it is not kept. When the bonuses can change the
//! order, the odds are computed for bonuses on the highest and second highest dice only, the
//! second's not negative (unless only two dice are rolled), and at most two dice kept: the
//! highest die `a`, the second `b`, and the highest of the others are enumerated with their
//! exact chances (the others all at most `b`), which fixes the total and the second highest
//! die. Other such pools answer [`OddsError::Unsupported`], never a wrong number.
//!
//! [`KeepOrder::AfterBonuses`]: crate::KeepOrder::AfterBonuses
//! [`Pool::rank_bonuses_can_reorder`]: crate::Pool::rank_bonuses_can_reorder
//!
//! # Truncation
//!
//! An exploding die can reach any value, so its chains are cut when the probability that a chain
//! is still exploding falls to at most `1e-15`. A pool has at most
//! [`MAX_ODDS_DICE`] (100) dice, so the probability mass left out of any distribution is at most
//! `100 * 1e-15 = 1e-13`. The pool computation also drops states whose weight is below `1e-30`
//! (a state's weight bounds all the probability it could still lead to), and it visits at most
//! `3e9` states, so that adds at most `3e-21`. The total, below `1.1e-13`, is within
//! `1e-12`, the bound every distribution keeps. Each distribution reports the
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
//!
//! This module holds the distributions and the public functions; `joint` builds the joint
//! distributions they read (a dice sum's, a die's chains, a pool's order statistics walk).

mod after;
mod joint;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::contest::Comparison;
use crate::notation::RollExpr;
use crate::pool::Pool;
use joint::{pool_joint, sum_joint};

/// The most probability mass any computed distribution leaves out (see the module docs).
#[cfg(test)]
pub(crate) const TRUNCATION_BOUND: f64 = 1e-12;
/// The probability, per die, at which explosion chains are cut.
pub(crate) const DIE_TAIL: f64 = 1e-15;
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
    /// A pool that keeps its dice after rank bonuses that can change their order, in a shape
    /// the exact computation does not cover (see [`KeepOrder::AfterBonuses`]'s odds in the
    /// module docs).
    ///
    /// [`KeepOrder::AfterBonuses`]: crate::KeepOrder::AfterBonuses
    #[error(
        "exact odds are computed for a pool keeping after its rank bonuses only with bonuses on the two highest dice, not negative on the second unless two dice are rolled, and at most two dice kept"
    )]
    Unsupported,
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

    /// The probability mass left out by cutting explosion chains (at most `1e-12`).
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
