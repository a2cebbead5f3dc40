//! A text form for rolls: `2k1`, `3k2+1`, `5k3 h+2`, `d10+19`, `3d6`, `coin`, `75%`.
//!
//! # Syntax
//!
//! Letters may be written in either case; spaces are allowed around every part.
//!
//! | Form          | Meaning |
//! |---------------|---------|
//! | `XkY`         | roll X exploding d10s, keep the Y highest, total them (`2k1`, `10k5`) |
//! | `XkYdS`       | the same with S-sided dice, exploding on S (`4k2d6`) |
//! | `XkY!n`       | no explosion |
//! | `XkY!T`       | explode on any face at or above T (`2k1!9`); T must be 2 to the die's sides |
//! | `XkYt`        | the L5R ten dice rule (rolled dice above 10 become kept dice, kept dice above 10 become +2 each) |
//! | `+N`, `-N`    | added to the kept total (`3k2+1`) |
//! | `e+N`, `e-N`  | added to each die, kept or not ("+1 to all your rolls") |
//! | `h+N`, `h-N`  | added to the highest die ("+2 to your highest die", "-2 to their highest") |
//! | `rK+N`, `rK-N`| added to the die of rank K among the kept dice (`r2+1`: "+1 to your second highest") |
//! | `a`           | the kept dice are chosen after the rank bonuses: `h` and `rK` go to the dice of those ranks as rolled, then the highest are kept (`2k1 h-2 a`, [`KeepOrder::AfterBonuses`]) |
//! | `NdS`, `dS`   | roll N plain S-sided dice (no explosion) and add them (`3d6`, `d10`) |
//! | `NdS+M`       | the same plus M (`d10+19`) |
//! | `coin`        | a coin toss; its total is 1 for heads, 0 for tails |
//! | `P%`          | a P in 100 chance; its total is 1 on a success, 0 on a failure |
//!
//! The suffixes of a pool may come in any order and repeat (repeated bonuses add up). [`Display`]
//! writes the canonical order: `XkY`, the die, the explosion, `t`, the total bonus, then ` e`,
//! ` h` and ` rK` bonuses, then ` a`, for example `5k3!9t+1 e+1 h+2 r2+1`.
//!
//! `parse(display(x)) == x` for every expression the parser returns, and for every expression
//! built by hand whose rank bonuses are kept the way [`Modifiers::add_rank_bonus`] keeps them
//! (one entry per rank, sorted by rank).
//!
//! # Limits
//!
//! Dice counts and ranks are at most [`MAX_COUNT`], sides at most [`MAX_SIDES`], and each bonus
//! at most [`MAX_BONUS`] in size (so sums of bonuses cannot overflow); a larger number is an error
//! naming its position, never an overflow. The parser never panics.
//!
//! ```
//! use pbp_core::{RollExpr, ScriptedDice};
//! let expr: RollExpr = "3k2+1".parse()?;
//! let outcome = expr.roll(&mut ScriptedDice::new([4, 9, 6]))?;
//! assert_eq!(outcome.total, 16);
//! assert_eq!(expr.to_string(), "3k2+1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! This module holds the expressions, their rolls and their canonical text; `parse` reads the
//! text.
//!
//! [`Display`]: std::fmt::Display
//! [`Modifiers::add_rank_bonus`]: crate::Modifiers::add_rank_bonus
//! [`KeepOrder::AfterBonuses`]: crate::KeepOrder::AfterBonuses

mod parse;
#[cfg(test)]
mod tests;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::chance::{Coin, Percent};
use crate::dice::Dice;
use crate::error::PoolError;
use crate::pool::{KeepOrder, Limits, Pool};
use parse::Parser;

/// The largest dice count, kept count or rank the notation accepts.
pub const MAX_COUNT: u32 = 10_000;
/// The largest number of sides the notation accepts.
pub const MAX_SIDES: u32 = 1_000_000;
/// The largest bonus (in absolute value) one term of the notation may carry.
pub const MAX_BONUS: i64 = 1_000_000_000;
/// The most bonus terms one expression may carry (which bounds the sum of bonuses).
pub const MAX_TERMS: usize = 64;

/// A roll written in pbp's notation.
///
/// ```
/// use pbp_core::{Pool, RollExpr};
/// let expr: RollExpr = "5k3 h+2".parse()?;
/// let mut pool = Pool::new(5, 3);
/// pool.modifiers.add_rank_bonus(1, 2);
/// assert_eq!(expr, RollExpr::Pool(pool));
/// # Ok::<(), pbp_core::NotationError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RollExpr {
    /// A roll-and-keep pool (`2k1`, `5k3 h+2`).
    Pool(Pool),
    /// Plain dice added together, plus a bonus (`3d6`, `d10+19`).
    Sum(DiceSum),
    /// A coin toss (`coin`).
    Coin,
    /// A percent chance (`75%`).
    Percent(Percent),
}

/// Plain dice added together, plus a bonus: `NdS+M`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DiceSum {
    /// How many dice.
    pub count: u32,
    /// Their sides (at least 1).
    pub sides: u32,
    /// Added to their sum.
    pub bonus: i64,
}

/// One die of a [`RollOutcome`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutcomeDie {
    /// Every face rolled for this die (more than one when it exploded).
    pub faces: Vec<u32>,
    /// Its value with the modifiers that apply to it.
    pub value: i64,
    /// Whether it counts toward the total.
    pub kept: bool,
}

/// The result of rolling a [`RollExpr`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollOutcome {
    /// The total: the kept total of a pool, the sum of plain dice with their bonus, 1 for heads
    /// or 0 for tails, 1 for a percent success or 0 for a failure.
    pub total: i64,
    /// Every die rolled (a pool's highest first); empty when nothing was drawn.
    pub dice: Vec<OutcomeDie>,
    /// A pool's second highest die (seed 000's tie-breaker).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second_highest: Option<i64>,
    /// A coin's face.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coin: Option<Coin>,
    /// Whether a percent chance succeeded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub success: Option<bool>,
}

impl RollExpr {
    /// Parses the notation (the same as `str::parse`).
    ///
    /// # Errors
    /// [`NotationError`] naming the byte position of the bad input and what was expected there.
    pub fn parse(text: &str) -> Result<RollExpr, NotationError> {
        Parser::new(text).expression()
    }

    /// Rolls the expression within the default [`Limits`].
    ///
    /// # Errors
    /// As [`RollExpr::roll_limited`].
    pub fn roll<D: Dice + ?Sized>(&self, dice: &mut D) -> Result<RollOutcome, PoolError> {
        self.roll_limited(dice, &Limits::default())
    }

    /// Rolls the expression.
    ///
    /// ```
    /// use pbp_core::{RollExpr, ScriptedDice};
    /// let expr = RollExpr::parse("d10+19")?;
    /// assert_eq!(expr.roll(&mut ScriptedDice::new([4]))?.total, 23);
    /// let coin = RollExpr::parse("coin")?;
    /// assert_eq!(coin.roll(&mut ScriptedDice::new([1]))?.total, 1); // heads
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PoolError::TooManyDice`] beyond `limits.max_dice`, and the dice source's errors.
    pub fn roll_limited<D: Dice + ?Sized>(
        &self,
        dice: &mut D,
        limits: &Limits,
    ) -> Result<RollOutcome, PoolError> {
        match self {
            RollExpr::Pool(pool) => {
                let roll = pool.roll_limited(dice, limits)?;
                Ok(RollOutcome {
                    total: roll.total(),
                    dice: roll
                        .dice()
                        .iter()
                        .enumerate()
                        .map(|(index, d)| OutcomeDie {
                            faces: roll.faces(index).to_vec(),
                            value: d.value,
                            kept: d.kept,
                        })
                        .collect(),
                    second_highest: Some(roll.second_highest()),
                    coin: None,
                    success: None,
                })
            }
            RollExpr::Sum(sum) => {
                if sum.count > limits.max_dice {
                    return Err(PoolError::TooManyDice {
                        rolled: sum.count,
                        limit: limits.max_dice,
                    });
                }
                if sum.sides == 0 {
                    return Err(PoolError::NoSides);
                }
                let mut total = sum.bonus;
                let mut rolled = Vec::with_capacity(sum.count as usize);
                for _ in 0..sum.count {
                    let face = dice.roll(sum.sides)?;
                    total = total.saturating_add(i64::from(face));
                    rolled.push(OutcomeDie {
                        faces: vec![face],
                        value: i64::from(face),
                        kept: true,
                    });
                }
                Ok(RollOutcome {
                    total,
                    dice: rolled,
                    second_highest: None,
                    coin: None,
                    success: None,
                })
            }
            RollExpr::Coin => {
                let face = dice.roll(2)?;
                let coin = if face == 1 { Coin::Heads } else { Coin::Tails };
                Ok(RollOutcome {
                    total: i64::from(coin == Coin::Heads),
                    dice: vec![OutcomeDie {
                        faces: vec![face],
                        value: i64::from(face),
                        kept: true,
                    }],
                    second_highest: None,
                    coin: Some(coin),
                    success: None,
                })
            }
            RollExpr::Percent(percent) => {
                // As `Percent::test`: 0% and 100% are certain and draw nothing.
                let (success, rolled) = match percent.get() {
                    0 => (false, Vec::new()),
                    100 => (true, Vec::new()),
                    p => {
                        let face = dice.roll(100)?;
                        (
                            face <= p,
                            vec![OutcomeDie {
                                faces: vec![face],
                                value: i64::from(face),
                                kept: true,
                            }],
                        )
                    }
                };
                Ok(RollOutcome {
                    total: i64::from(success),
                    dice: rolled,
                    second_highest: None,
                    coin: None,
                    success: Some(success),
                })
            }
        }
    }
}

impl FromStr for RollExpr {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        RollExpr::parse(text)
    }
}

/// Writes a bonus as `+N` or `-N`, each term after `prefix` (`""` for the total, `" e"`, `" h"`,
/// `" r2"`); a sum of several terms above [`MAX_BONUS`] is written as several terms again, each
/// with its prefix, so that it parses back to the same modifier.
fn write_signed(f: &mut fmt::Formatter<'_>, prefix: &str, value: i64) -> fmt::Result {
    let sign = if value < 0 { '-' } else { '+' };
    let mut rest = value.unsigned_abs();
    let chunk = MAX_BONUS.unsigned_abs();
    while rest > chunk {
        write!(f, "{prefix}{sign}{chunk}")?;
        rest -= chunk;
    }
    write!(f, "{prefix}{sign}{rest}")
}

impl fmt::Display for RollExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RollExpr::Pool(pool) => {
                write!(f, "{}k{}", pool.rolled, pool.kept)?;
                let sides = pool.die.sides();
                if sides != 10 {
                    write!(f, "d{sides}")?;
                }
                match pool.die.explode_at() {
                    None => f.write_str("!n")?,
                    Some(threshold) if threshold == sides => {}
                    Some(threshold) => write!(f, "!{threshold}")?,
                }
                if pool.ten_dice_rule {
                    f.write_str("t")?;
                }
                if pool.modifiers.total != 0 {
                    write_signed(f, "", pool.modifiers.total)?;
                }
                if pool.modifiers.each_die != 0 {
                    write_signed(f, " e", pool.modifiers.each_die)?;
                }
                for rank in &pool.modifiers.ranks {
                    let prefix = if rank.rank == 1 {
                        " h".to_owned()
                    } else {
                        format!(" r{}", rank.rank)
                    };
                    write_signed(f, &prefix, rank.bonus)?;
                }
                if pool.keep == KeepOrder::AfterBonuses {
                    f.write_str(" a")?;
                }
                Ok(())
            }
            RollExpr::Sum(sum) => {
                if sum.count != 1 {
                    write!(f, "{}", sum.count)?;
                }
                write!(f, "d{}", sum.sides)?;
                if sum.bonus != 0 {
                    write_signed(f, "", sum.bonus)?;
                }
                Ok(())
            }
            RollExpr::Coin => f.write_str("coin"),
            RollExpr::Percent(p) => write!(f, "{}%", p.get()),
        }
    }
}

/// The notation could not be read. Every error names the byte position of the bad input.
///
/// ```
/// use pbp_core::{NotationError, RollExpr};
/// assert_eq!(
///     RollExpr::parse("2x1"),
///     Err(NotationError::Expected { position: 1, expected: "'k', 'd' or '%'", found: Some('x') })
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum NotationError {
    /// Something other than what the grammar allows at this position.
    #[error("at byte {position}: expected {expected}, found {}", describe(*found))]
    Expected {
        /// Byte offset of the bad input.
        position: usize,
        /// What the grammar allows here.
        expected: &'static str,
        /// The character found, or `None` at the end of the input.
        found: Option<char>,
    },
    /// A number above the notation's limit.
    #[error("at byte {position}: number is too large (the limit is {limit})")]
    TooLarge {
        /// Byte offset of the number.
        position: usize,
        /// The largest value allowed there.
        limit: u64,
    },
    /// A die without sides.
    #[error("at byte {position}: a die needs at least one side")]
    NoSides {
        /// Byte offset of the sides.
        position: usize,
    },
    /// An explosion threshold that could never stop, or above the die.
    #[error(
        "at byte {position}: explosion threshold {threshold} is invalid for a d{sides}: it must be between 2 and {sides}"
    )]
    BadThreshold {
        /// Byte offset of the threshold.
        position: usize,
        /// The threshold written.
        threshold: u32,
        /// The die's sides.
        sides: u32,
    },
    /// A percentage above 100.
    #[error("at byte {position}: {value}% is not a chance: it must be between 0 and 100")]
    BadPercent {
        /// Byte offset of the number.
        position: usize,
        /// The percentage written.
        value: u32,
    },
    /// A rank of 0 (ranks start at 1, the highest die).
    #[error("at byte {position}: ranks start at 1 (the highest die)")]
    BadRank {
        /// Byte offset of the rank.
        position: usize,
    },
    /// More bonus terms than [`MAX_TERMS`].
    #[error("at byte {position}: more than {limit} bonus terms")]
    TooManyTerms {
        /// Byte offset of the extra term.
        position: usize,
        /// The limit.
        limit: usize,
    },
}

impl NotationError {
    /// The byte offset of the bad input.
    pub fn position(&self) -> usize {
        match *self {
            NotationError::Expected { position, .. }
            | NotationError::TooLarge { position, .. }
            | NotationError::NoSides { position }
            | NotationError::BadThreshold { position, .. }
            | NotationError::BadPercent { position, .. }
            | NotationError::BadRank { position }
            | NotationError::TooManyTerms { position, .. } => position,
        }
    }
}

fn describe(found: Option<char>) -> String {
    match found {
        Some(c) => format!("{c:?}"),
        None => "the end of the input".to_string(),
    }
}
