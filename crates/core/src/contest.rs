//! Contests between two rolls: who wins, and rolling off until someone does.

use serde::{Deserialize, Serialize};

use crate::dice::Dice;
use crate::error::PoolError;
use crate::pool::{FastRoll, Pool, PoolRoll};

/// One of the two sides of a contest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The first side named (the attacker, by convention).
    First,
    /// The second side named (the defender, by convention).
    Second,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// How one comparison of two rolls came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// One side won.
    Win(Side),
    /// Neither: both roll again.
    Push,
}

/// How two rolls are compared.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Comparison {
    /// Seed 000: the higher total wins; on a tie the higher second-highest die wins; if that ties
    /// too it is a push and both roll again.
    #[default]
    HighestThenSecond,
    /// Seed 003: the first side (the attacker) wins only with a strictly higher total; any tie
    /// goes to the second side. Never a push.
    FirstMustExceed,
}

impl Comparison {
    /// Compares two roll summaries.
    ///
    /// ```
    /// use pbp_core::{Comparison, FastRoll, Side, Verdict};
    /// let a = FastRoll { total: 8, second_highest: 3 };
    /// let b = FastRoll { total: 8, second_highest: 5 };
    /// assert_eq!(Comparison::HighestThenSecond.compare(a, b), Verdict::Win(Side::Second));
    /// assert_eq!(Comparison::FirstMustExceed.compare(a, b), Verdict::Win(Side::Second));
    /// ```
    pub fn compare(self, first: FastRoll, second: FastRoll) -> Verdict {
        match self {
            Comparison::HighestThenSecond => {
                let a = (first.total, first.second_highest);
                let b = (second.total, second.second_highest);
                match a.cmp(&b) {
                    std::cmp::Ordering::Greater => Verdict::Win(Side::First),
                    std::cmp::Ordering::Less => Verdict::Win(Side::Second),
                    std::cmp::Ordering::Equal => Verdict::Push,
                }
            }
            Comparison::FirstMustExceed => {
                if first.total > second.total {
                    Verdict::Win(Side::First)
                } else {
                    Verdict::Win(Side::Second)
                }
            }
        }
    }
}

/// Seed 003's battle test: the attack succeeds only if its total is strictly higher.
///
/// ```
/// assert!(pbp_core::strictly_higher(14, 13));
/// assert!(!pbp_core::strictly_higher(13, 13));
/// ```
pub fn strictly_higher(attack: i64, defence: i64) -> bool {
    attack > defence
}

/// A finished contest: every round rolled (pushes included) and the winner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contest {
    /// Each round's two rolls, first side then second; every round but the last was a push.
    pub rounds: Vec<(PoolRoll, PoolRoll)>,
    /// The side that won the last round.
    pub winner: Side,
}

/// Rolls both pools, again and again while the comparison says push, up to `max_rounds`.
///
/// ```
/// use pbp_core::{roll_off, Comparison, Pool, ScriptedDice, Side};
/// // 7 and 4 against 7 and 4 is a push; then 9 and 1 against 3 and 2.
/// let mut dice = ScriptedDice::new([7, 4, 4, 7, 9, 1, 3, 2]);
/// let contest = roll_off(&Pool::new(2, 1), &Pool::new(2, 1), Comparison::HighestThenSecond, &mut dice, 10).unwrap();
/// assert_eq!(contest.rounds.len(), 2);
/// assert_eq!(contest.winner, Side::First);
/// ```
///
/// # Errors
/// The pools' roll errors, and [`PoolError::EndlessPush`] after `max_rounds` pushes.
pub fn roll_off<D: Dice + ?Sized>(
    first: &Pool,
    second: &Pool,
    comparison: Comparison,
    dice: &mut D,
    max_rounds: u32,
) -> Result<Contest, PoolError> {
    let mut rounds = Vec::new();
    for _ in 0..max_rounds.max(1) {
        let a = first.roll(dice)?;
        let b = second.roll(dice)?;
        let verdict = comparison.compare(a.summary(), b.summary());
        rounds.push((a, b));
        if let Verdict::Win(winner) = verdict {
            return Ok(Contest { rounds, winner });
        }
        dice.tie();
    }
    Err(PoolError::EndlessPush { rounds: max_rounds })
}
