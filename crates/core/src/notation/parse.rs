//! The parser of the notation: a hand-written recursive descent over the text's bytes that
//! names the position of the first bad input and never panics.

use super::{DiceSum, MAX_BONUS, MAX_COUNT, MAX_SIDES, MAX_TERMS, NotationError, RollExpr};
use crate::chance::Percent;
use crate::die::Die;
use crate::pool::{KeepOrder, Pool};

pub(super) struct Parser<'a> {
    text: &'a str,
    at: usize,
    terms: usize,
}

const START: &str = "a roll such as 2k1, 3k2+1, d10+19, 3d6, coin or 75%";

impl<'a> Parser<'a> {
    pub(super) fn new(text: &'a str) -> Self {
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

    pub(super) fn expression(&mut self) -> Result<RollExpr, NotationError> {
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
                'a' => {
                    self.bump();
                    pool.keep = KeepOrder::AfterBonuses;
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
                        "a pool suffix ('!n', '!T', 't', '+N', '-N', 'e+N', 'h+N', 'rK+N', 'a') or the end of the input",
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
