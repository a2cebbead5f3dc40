//! Decks drawn without replacement, by position among the remaining cards.
//!
//! Seed 000 draws with a forum's dice roller: "The first roll on this RNG must be between 1-52. The
//! second between 1-51. The third between 1-50..." A roll of `k` takes the `k`-th card among the
//! cards still in the draw pile, in the deck's own order. [`Deck::draw`] asks the dice source for
//! exactly that roll, so a card drawn with an outside roll is the same card pbp would draw.
//!
//! Reshuffle policy: when the draw pile is empty, [`Reshuffle::Never`] refuses the draw, and
//! [`Reshuffle::Discards`] moves the discard pile back into the draw pile (sorted back into the
//! deck's original order, which makes the next draw by position well defined) and draws from it.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::dice::Dice;
use crate::error::DiceError;

/// What a deck does when its draw pile runs out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reshuffle {
    /// Drawing from an empty pile is an error.
    #[default]
    Never,
    /// The discard pile becomes the draw pile again.
    Discards,
}

/// A deck could not be drawn from.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DeckError {
    /// No card is left to draw (and none may be reshuffled).
    #[error("the deck is empty")]
    Empty,
    /// An outside roll named a position beyond the remaining cards.
    #[error("position {position} is out of range: {remaining} cards remain")]
    NoSuchPosition {
        /// The position asked for (1-based).
        position: u32,
        /// Cards in the draw pile.
        remaining: u32,
    },
    /// The card to discard or return is not out of the deck.
    #[error("that card is not out of the deck")]
    NotOut,
    /// The dice source failed.
    #[error(transparent)]
    Dice(#[from] DiceError),
}

/// A deck of cards: a draw pile in a fixed order and a discard pile.
///
/// Each card is tracked by its original index, so cards are never created or lost: every index is
/// in exactly one of the draw pile, the discard pile, or out (in someone's hand or in play).
///
/// ```
/// use pbp_core::{Deck, ScriptedDice};
/// let mut deck = Deck::new(vec!["a", "b", "c"]);
/// // A roll of 2 among 3 takes "b"; then a roll of 2 among the 2 left takes "c".
/// let mut dice = ScriptedDice::new([2, 2]);
/// assert_eq!(deck.draw(&mut dice).unwrap(), 1);
/// assert_eq!(deck.draw(&mut dice).unwrap(), 2);
/// assert_eq!(deck.card(0), Some(&"a"));
/// assert_eq!(deck.remaining(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck<T> {
    /// The cards themselves, which never change: shared by every copy of the deck.
    cards: Arc<[T]>,
    draw_pile: Vec<u32>,
    discard_pile: Vec<u32>,
    reshuffle: Reshuffle,
}

impl<T> Deck<T> {
    /// A deck holding `cards` in this order, all in the draw pile, that never reshuffles.
    pub fn new(cards: Vec<T>) -> Deck<T> {
        Deck::with_reshuffle(cards, Reshuffle::Never)
    }

    /// A deck with a reshuffle policy.
    pub fn with_reshuffle(cards: Vec<T>, reshuffle: Reshuffle) -> Deck<T> {
        let draw_pile = (0..cards.len() as u32).collect();
        Deck {
            cards: cards.into(),
            draw_pile,
            discard_pile: Vec::new(),
            reshuffle,
        }
    }

    /// The card with original index `index`.
    pub fn card(&self, index: u32) -> Option<&T> {
        self.cards.get(index as usize)
    }

    /// Every card in the deck's original order.
    pub fn cards(&self) -> &[T] {
        &self.cards
    }

    /// Whether the discard pile is shuffled back in when the draw pile runs out.
    pub fn reshuffle(&self) -> Reshuffle {
        self.reshuffle
    }

    /// Cards left in the draw pile.
    pub fn remaining(&self) -> u32 {
        self.draw_pile.len() as u32
    }

    /// The draw pile's card indices, in order.
    pub fn draw_pile(&self) -> &[u32] {
        &self.draw_pile
    }

    /// The discard pile's card indices, oldest first.
    pub fn discard_pile(&self) -> &[u32] {
        &self.discard_pile
    }

    /// Cards neither in the draw pile nor discarded: in hands or in play.
    pub fn out(&self) -> Vec<u32> {
        (0..self.cards.len() as u32)
            .filter(|i| !self.draw_pile.contains(i) && !self.discard_pile.contains(i))
            .collect()
    }

    /// Draws a card by rolling its position among the remaining cards; returns its index.
    ///
    /// # Errors
    /// [`DeckError::Empty`] when nothing can be drawn, and the source's errors (the deck is then
    /// unchanged).
    pub fn draw<D: Dice + ?Sized>(&mut self, dice: &mut D) -> Result<u32, DeckError> {
        if self.draw_pile.is_empty() && !self.refill() {
            return Err(DeckError::Empty);
        }
        let position = dice.roll(self.remaining())?;
        self.draw_at(position)
    }

    /// Draws the card at 1-based `position` among the remaining cards (an outside roll).
    ///
    /// # Errors
    /// [`DeckError::NoSuchPosition`] when `position` is 0 or beyond the remaining cards.
    pub fn draw_at(&mut self, position: u32) -> Result<u32, DeckError> {
        if self.draw_pile.is_empty() {
            self.refill();
        }
        let remaining = self.remaining();
        if position == 0 || position > remaining {
            return Err(DeckError::NoSuchPosition {
                position,
                remaining,
            });
        }
        Ok(self.draw_pile.remove(position as usize - 1))
    }

    /// Puts a drawn card on the discard pile.
    ///
    /// # Errors
    /// [`DeckError::NotOut`] when the card is not out of the deck (already in a pile, or unknown).
    pub fn discard(&mut self, index: u32) -> Result<(), DeckError> {
        self.check_out(index)?;
        self.discard_pile.push(index);
        Ok(())
    }

    /// Returns a drawn card to the draw pile, at its place in the deck's original order.
    ///
    /// # Errors
    /// [`DeckError::NotOut`] when the card is not out of the deck.
    pub fn return_to_pile(&mut self, index: u32) -> Result<(), DeckError> {
        self.check_out(index)?;
        let at = self.draw_pile.partition_point(|&i| i < index);
        self.draw_pile.insert(at, index);
        Ok(())
    }

    fn check_out(&self, index: u32) -> Result<(), DeckError> {
        if index as usize >= self.cards.len()
            || self.draw_pile.contains(&index)
            || self.discard_pile.contains(&index)
        {
            return Err(DeckError::NotOut);
        }
        Ok(())
    }

    fn refill(&mut self) -> bool {
        if self.reshuffle == Reshuffle::Never || self.discard_pile.is_empty() {
            return false;
        }
        self.draw_pile.append(&mut self.discard_pile);
        self.draw_pile.sort_unstable();
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;

    #[test]
    fn seed_000_ranges_shrink_by_one() {
        let mut deck = Deck::new((1..=52).collect::<Vec<u32>>());
        let mut dice = crate::dice::RecordingDice::new(crate::dice::SeededDice::new(3));
        for _ in 0..52 {
            deck.draw(&mut dice).unwrap();
        }
        let sides: Vec<u32> = dice.draws().iter().map(|d| d.sides).collect();
        assert_eq!(sides, (2..=52).rev().collect::<Vec<_>>());
        assert_eq!(deck.draw(&mut dice), Err(DeckError::Empty));
        assert_eq!(deck.out().len(), 52);
    }

    #[test]
    fn failed_draw_leaves_the_deck_unchanged() {
        let mut deck = Deck::new(vec![1, 2, 3]);
        let before = deck.clone();
        assert!(deck.draw(&mut ScriptedDice::new([4])).is_err());
        assert_eq!(deck, before);
    }

    #[test]
    fn discards_reshuffle_when_allowed() {
        let mut deck = Deck::with_reshuffle(vec!['x', 'y'], Reshuffle::Discards);
        let a = deck.draw_at(1).unwrap();
        let b = deck.draw_at(1).unwrap();
        deck.discard(b).unwrap();
        deck.discard(a).unwrap();
        assert_eq!(deck.discard(a), Err(DeckError::NotOut));
        assert_eq!(deck.draw_at(2).unwrap(), 1);
        assert_eq!(deck.remaining(), 1);
    }
}
