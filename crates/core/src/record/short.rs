//! How many more outside dice a step needs, and why ([`Shortfall`]): the step is run again with
//! the values given and then dice of its own, which count what each cause asks for.

use super::{Shortfall, step_seed};
use crate::dice::{Dice, ScriptedDice, SeededDice};
use crate::error::DiceError;

/// The given values, then values from `pad`, counting how many of those the step drew and
/// why: each a die of the step's rolls, the next face of a die that exploded, or a roll after
/// a tie.
struct Padded<'a> {
    given: ScriptedDice,
    pad: &'a mut dyn Dice,
    why: Shortfall,
    tied: bool,
}

impl Padded<'_> {
    fn draw(&mut self, sides: u32, again: bool) -> Result<u32, DiceError> {
        if sides <= 1 || self.given.remaining() > 0 {
            return self.given.roll(sides);
        }
        if again {
            self.why.exploded += 1;
        } else if self.tied {
            self.why.tied += 1;
        } else {
            self.why.rolled += 1;
        }
        self.pad.roll(sides)
    }
}

impl Dice for Padded<'_> {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        self.draw(sides, false)
    }

    fn roll_again(&mut self, sides: u32) -> Result<u32, DiceError> {
        self.draw(sides, true)
    }

    fn tie(&mut self) {
        self.tied = true;
    }
}

/// Faces below a die's highest, in turn (1, 2, 3, ... then 1 again): the dice of a re-rolled
/// tie that neither tie again nor explode, where all 1s would tie forever.
struct Ascending(u32);

impl Dice for Ascending {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        self.0 += 1;
        Ok(1 + (self.0 - 1) % sides.saturating_sub(1).max(1))
    }
}

/// How many values past the given ones a step needs, and why: run again (on the session's
/// state, which a refused step leaves unchanged and the step's snapshot puts back after a run
/// that succeeds) with every further die at its lowest face, or, if that cannot finish (a tie
/// rerolled forever), with faces that neither repeat nor explode, or else with the step's
/// seeded dice. At least one.
pub(super) fn more_needed<T, E>(
    seed: u64,
    index: u64,
    given: &[u32],
    step: &mut impl FnMut(&mut dyn Dice) -> Result<T, E>,
) -> Shortfall {
    const PAD: usize = 10_000;
    let mut lowest = ScriptedDice::new(std::iter::repeat_n(1, PAD));
    let mut ascending = Ascending(0);
    let mut seeded = SeededDice::new(step_seed(seed, index));
    for pad in [&mut lowest as &mut dyn Dice, &mut ascending, &mut seeded] {
        let mut dice = Padded {
            given: ScriptedDice::new(given.iter().copied()),
            pad,
            why: Shortfall::default(),
            tied: false,
        };
        if step(&mut dice).is_ok() && dice.why.total() > 0 {
            return dice.why;
        }
    }
    Shortfall {
        rolled: 1,
        ..Shortfall::default()
    }
}
