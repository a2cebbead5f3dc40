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
//! | `NdS`, `dS`   | roll N plain S-sided dice (no explosion) and add them (`3d6`, `d10`) |
//! | `NdS+M`       | the same plus M (`d10+19`) |
//! | `coin`        | a coin toss; its total is 1 for heads, 0 for tails |
//! | `P%`          | a P in 100 chance; its total is 1 on a success, 0 on a failure |
//!
//! The suffixes of a pool may come in any order and repeat (repeated bonuses add up). [`Display`]
//! writes the canonical order: `XkY`, the die, the explosion, `t`, the total bonus, then ` e`,
//! ` h` and ` rK` bonuses, for example `5k3!9t+1 e+1 h+2 r2+1`.
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
//! [`Display`]: std::fmt::Display
//! [`Modifiers::add_rank_bonus`]: crate::Modifiers::add_rank_bonus

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::chance::{Coin, Percent};
use crate::dice::Dice;
use crate::die::Die;
use crate::error::PoolError;
use crate::pool::{Limits, Pool};

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

struct Parser<'a> {
    text: &'a str,
    at: usize,
    terms: usize,
}

const START: &str = "a roll such as 2k1, 3k2+1, d10+19, 3d6, coin or 75%";

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Self {
        Parser {
            text,
            at: 0,
            terms: 0,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn peek_lower(&self) -> Option<char> {
        self.peek().map(|c| c.to_ascii_lowercase())
    }

    fn bump(&mut self) {
        if let Some(c) = self.peek() {
            self.at += c.len_utf8();
        }
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    fn expected(&self, expected: &'static str) -> NotationError {
        NotationError::Expected {
            position: self.at,
            expected,
            found: self.peek(),
        }
    }

    /// Reads a decimal number of at most `limit`.
    fn number(&mut self, limit: u64, expected: &'static str) -> Result<u64, NotationError> {
        let start = self.at;
        let mut value: u64 = 0;
        let mut digits = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            value = value.saturating_mul(10).saturating_add(u64::from(d));
            digits += 1;
            self.bump();
        }
        if digits == 0 {
            return Err(self.expected(expected));
        }
        if value > limit {
            return Err(NotationError::TooLarge {
                position: start,
                limit,
            });
        }
        Ok(value)
    }

    fn count(&mut self, expected: &'static str) -> Result<u32, NotationError> {
        // MAX_COUNT fits in u32, so the conversion cannot fail after the limit check.
        self.number(u64::from(MAX_COUNT), expected)
            .map(|v| u32::try_from(v).unwrap_or(MAX_COUNT))
    }

    fn sides(&mut self) -> Result<u32, NotationError> {
        let start = self.at;
        let sides = self
            .number(u64::from(MAX_SIDES), "the number of sides")
            .map(|v| u32::try_from(v).unwrap_or(MAX_SIDES))?;
        if sides == 0 {
            return Err(NotationError::NoSides { position: start });
        }
        Ok(sides)
    }

    /// Reads `+N` or `-N` (spaces allowed after the sign).
    fn signed(&mut self) -> Result<i64, NotationError> {
        let negative = match self.peek() {
            Some('+') => false,
            Some('-') => true,
            _ => return Err(self.expected("'+' or '-'")),
        };
        self.bump();
        self.skip_spaces();
        // MAX_BONUS is far below i64::MAX, so the conversion cannot fail after the limit check.
        let value = self.number(MAX_BONUS as u64, "a number")? as i64;
        Ok(if negative { -value } else { value })
    }

    fn term(&mut self) -> Result<(), NotationError> {
        if self.terms >= MAX_TERMS {
            return Err(NotationError::TooManyTerms {
                position: self.at,
                limit: MAX_TERMS,
            });
        }
        self.terms += 1;
        Ok(())
    }

    fn keyword(&mut self, word: &str) -> bool {
        let rest = &self.text[self.at..];
        if rest.len() >= word.len()
            && rest.is_char_boundary(word.len())
            && rest[..word.len()].eq_ignore_ascii_case(word)
        {
            self.at += word.len();
            true
        } else {
            false
        }
    }

    fn end(&mut self, expected: &'static str) -> Result<(), NotationError> {
        self.skip_spaces();
        if self.peek().is_some() {
            return Err(self.expected(expected));
        }
        Ok(())
    }

    fn expression(&mut self) -> Result<RollExpr, NotationError> {
        self.skip_spaces();
        if self.keyword("coin") {
            self.end("the end of the input after 'coin'")?;
            return Ok(RollExpr::Coin);
        }
        match self.peek_lower() {
            Some('d') => {
                self.bump();
                self.sum(1)
            }
            Some(c) if c.is_ascii_digit() => {
                let start = self.at;
                let first = self.number(u64::from(u32::MAX), "a number")?;
                match self.peek_lower() {
                    Some('%') => {
                        self.bump();
                        let value = u32::try_from(first).unwrap_or(u32::MAX);
                        let percent =
                            Percent::new(value).map_err(|_| NotationError::BadPercent {
                                position: start,
                                value,
                            })?;
                        self.end("the end of the input after a percentage")?;
                        Ok(RollExpr::Percent(percent))
                    }
                    Some('k') => {
                        let rolled = self.limit_count(first, start)?;
                        self.bump();
                        self.pool(rolled)
                    }
                    Some('d') => {
                        let count = self.limit_count(first, start)?;
                        self.bump();
                        self.sum(count)
                    }
                    _ => Err(self.expected("'k', 'd' or '%'")),
                }
            }
            _ => Err(self.expected(START)),
        }
    }

    fn limit_count(&self, value: u64, position: usize) -> Result<u32, NotationError> {
        if value > u64::from(MAX_COUNT) {
            return Err(NotationError::TooLarge {
                position,
                limit: u64::from(MAX_COUNT),
            });
        }
        Ok(u32::try_from(value).unwrap_or(MAX_COUNT))
    }

    fn sum(&mut self, count: u32) -> Result<RollExpr, NotationError> {
        let sides = self.sides()?;
        let mut bonus: i64 = 0;
        loop {
            self.skip_spaces();
            match self.peek() {
                None => break,
                Some('+' | '-') => {
                    self.term()?;
                    bonus += self.signed()?;
                }
                Some(_) => return Err(self.expected("'+', '-' or the end of the input")),
            }
        }
        Ok(RollExpr::Sum(DiceSum {
            count,
            sides,
            bonus,
        }))
    }

    fn pool(&mut self, rolled: u32) -> Result<RollExpr, NotationError> {
        let kept = self.count("the number of dice kept")?;
        let mut sides = 10;
        if self.peek_lower() == Some('d') {
            self.bump();
            sides = self.sides()?;
        }
        // The explosion: None = at the top face (the default), Some(None) = off,
        // Some(Some((threshold, position))) = at a threshold.
        let mut explosion: Option<Option<(u32, usize)>> = None;
        let mut pool = Pool::new(rolled, kept);
        loop {
            self.skip_spaces();
            let Some(c) = self.peek_lower() else { break };
            match c {
                '!' => {
                    self.bump();
                    if self.peek_lower() == Some('n') {
                        self.bump();
                        explosion = Some(None);
                    } else {
                        let position = self.at;
                        let threshold = self
                            .number(u64::from(MAX_SIDES), "'n' or an explosion threshold")
                            .map(|v| u32::try_from(v).unwrap_or(MAX_SIDES))?;
                        explosion = Some(Some((threshold, position)));
                    }
                }
                't' => {
                    self.bump();
                    pool.ten_dice_rule = true;
                }
                '+' | '-' => {
                    self.term()?;
                    pool.modifiers.total += self.signed()?;
                }
                'e' => {
                    self.bump();
                    self.term()?;
                    self.skip_spaces();
                    pool.modifiers.each_die += self.signed()?;
                }
                'h' => {
                    self.bump();
                    self.term()?;
                    self.skip_spaces();
                    let bonus = self.signed()?;
                    pool.modifiers.add_rank_bonus(1, bonus);
                }
                'r' => {
                    self.bump();
                    self.term()?;
                    let position = self.at;
                    let rank = self.count("a rank (1 is the highest die)")?;
                    if rank == 0 {
                        return Err(NotationError::BadRank { position });
                    }
                    self.skip_spaces();
                    let bonus = self.signed()?;
                    pool.modifiers.add_rank_bonus(rank, bonus);
                }
                _ => {
                    return Err(self.expected(
                        "a pool suffix ('!n', '!T', 't', '+N', '-N', 'e+N', 'h+N', 'rK+N') or the end of the input",
                    ));
                }
            }
        }
        // Sides were checked to be at least 1, so only the threshold can be refused.
        let no_sides = NotationError::NoSides { position: self.at };
        pool.die = match explosion {
            None => Die::exploding(sides, sides)
                .or_else(|_| Die::new(sides))
                .map_err(|_| no_sides)?,
            Some(None) => Die::new(sides).map_err(|_| no_sides)?,
            Some(Some((threshold, position))) => {
                Die::exploding(sides, threshold).map_err(|_| NotationError::BadThreshold {
                    position,
                    threshold,
                    sides,
                })?
            }
        };
        Ok(RollExpr::Pool(pool))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;

    fn parse(text: &str) -> RollExpr {
        RollExpr::parse(text).unwrap()
    }

    #[test]
    fn pools() {
        assert_eq!(parse("2k1"), RollExpr::Pool(Pool::new(2, 1)));
        assert_eq!(parse(" 3K2 + 1 "), RollExpr::Pool(Pool::new(3, 2).plus(1)));
        let mut pool = Pool::new(5, 3);
        pool.modifiers.add_rank_bonus(1, 2);
        pool.modifiers.add_rank_bonus(2, 1);
        pool.modifiers.each_die = 1;
        pool.modifiers.total = -3;
        let expr = parse("5k3 h+2 r2+1 e+1 -3");
        assert_eq!(expr, RollExpr::Pool(pool.clone()));
        assert_eq!(expr.to_string(), "5k3-3 e+1 h+2 r2+1");
        assert_eq!(parse("5k3-3 e+1 h+2 r2+1"), RollExpr::Pool(pool));
    }

    #[test]
    fn bonuses_beyond_one_term_round_trip_with_their_prefix() {
        // Found by the `notation` fuzz target: the second term of a large rank bonus was read
        // back as a bonus to the total.
        for text in [
            "5k3 r2+999999999 r2+999999999",
            "5k3 h-999999999 h-999999999 e+999999999 e+999999999",
            "2k1+999999999+999999999",
            "5k3 r2+1 r2-1",
        ] {
            let expr = parse(text);
            assert_eq!(parse(&expr.to_string()), expr, "{text} -> {expr}");
        }
    }

    #[test]
    fn explosion_variants() {
        assert_eq!(
            parse("2k1!n"),
            RollExpr::Pool(Pool::new(2, 1).with_die(Die::D10))
        );
        let nine = parse("2k1!9");
        assert_eq!(
            nine,
            RollExpr::Pool(Pool::new(2, 1).with_die(Die::exploding(10, 9).unwrap()))
        );
        assert_eq!(nine.to_string(), "2k1!9");
        assert_eq!(parse("2k1!10"), parse("2k1"));
        assert_eq!(parse("4k2d6").to_string(), "4k2d6");
        assert_eq!(parse("4k2d1").to_string(), "4k2d1!n");
        assert_eq!(
            RollExpr::parse("2k1!1"),
            Err(NotationError::BadThreshold {
                position: 4,
                threshold: 1,
                sides: 10
            })
        );
        assert_eq!(RollExpr::parse("2k1!11").map_err(|e| e.position()), Err(4));
    }

    #[test]
    fn ten_dice_rule() {
        let RollExpr::Pool(pool) = parse("12k4t") else {
            panic!("not a pool")
        };
        assert!(pool.ten_dice_rule);
        assert_eq!(parse("12k4t").to_string(), "12k4t");
    }

    #[test]
    fn sums_coins_and_percents() {
        assert_eq!(
            parse("d10"),
            RollExpr::Sum(DiceSum {
                count: 1,
                sides: 10,
                bonus: 0
            })
        );
        assert_eq!(parse("d10+19").to_string(), "d10+19");
        assert_eq!(parse("3d6").to_string(), "3d6");
        assert_eq!(parse("1d6").to_string(), "d6");
        assert_eq!(parse("0d6-2").to_string(), "0d6-2");
        assert_eq!(parse("coin"), RollExpr::Coin);
        assert_eq!(parse(" COIN "), RollExpr::Coin);
        assert_eq!(parse("75%"), RollExpr::Percent(Percent::new(75).unwrap()));
        assert_eq!(parse("75%").to_string(), "75%");
    }

    #[test]
    fn errors_name_the_position() {
        for (text, position) in [
            ("", 0),
            ("   ", 3),
            ("2k", 2),
            ("2k1x", 3),
            ("2k1 h", 5),
            ("2k1 r0+1", 5),
            ("101%", 0),
            ("d0", 1),
            ("3d6 e+1", 4),
            ("coins", 4),
            ("99999999999999999999999k1", 0),
            ("2k1+1000000001", 4),
            ("é", 0),
            ("2k1 hé", 5),
        ] {
            let error = RollExpr::parse(text).unwrap_err();
            assert_eq!(error.position(), position, "{text:?}: {error}");
        }
        assert_eq!(
            RollExpr::parse("2k").unwrap_err().to_string(),
            "at byte 2: expected the number of dice kept, found the end of the input"
        );
    }

    #[test]
    fn bonuses_cannot_overflow() {
        let text = format!("2k1{}", "+1000000000".repeat(MAX_TERMS));
        let expr = RollExpr::parse(&text).unwrap();
        assert_eq!(RollExpr::parse(&expr.to_string()), Ok(expr));
        let text = format!("2k1{}", "+1000000000".repeat(MAX_TERMS + 1));
        assert!(matches!(
            RollExpr::parse(&text),
            Err(NotationError::TooManyTerms { .. })
        ));
    }

    #[test]
    fn rolls() {
        let outcome = parse("2k1")
            .roll(&mut ScriptedDice::new([10, 3, 4]))
            .unwrap();
        assert_eq!(outcome.total, 13);
        assert_eq!(outcome.dice[0].faces, vec![10, 3]);
        assert_eq!(outcome.second_highest, Some(4));
        let outcome = parse("3d6+1")
            .roll(&mut ScriptedDice::new([6, 6, 6]))
            .unwrap();
        assert_eq!(outcome.total, 19);
        assert_eq!(
            parse("75%")
                .roll(&mut ScriptedDice::new([76]))
                .unwrap()
                .success,
            Some(false)
        );
        assert_eq!(
            parse("coin")
                .roll(&mut ScriptedDice::new([2]))
                .unwrap()
                .coin,
            Some(Coin::Tails)
        );
        assert!(parse("101d6").roll(&mut ScriptedDice::new([])).is_err());
    }
}
