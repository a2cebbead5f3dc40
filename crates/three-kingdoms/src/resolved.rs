//! Each seat's card instances resolved to their definitions, so that reading a card's
//! definition is an index, not a search of the state's `defs` by id.

use std::collections::BTreeMap;
use std::sync::Arc;

use pbp_core::engine::Seat;

use crate::cards::CardDef;
use crate::state::ThreeKingdomsState;

/// Each seat's card instances resolved to their definitions. Derived from the state's `defs` and
/// the players' `cards`, and used only while these are the very ones it was built from (it holds
/// them, so they cannot change in place while it does); a state built otherwise, such as one read
/// from JSON, searches by id until [`ThreeKingdomsState::resolve`] runs. Not part of a state's
/// value: it is never saved, and every two compare equal.
#[derive(Clone, Debug, Default)]
pub(crate) struct Resolved {
    /// What it was built from: `defs` and each seat's `cards`.
    from: Option<(Defs, [Arc<[String]>; 2])>,
    /// Each seat's definitions, by instance number.
    seats: [Arc<[Option<Arc<CardDef>>]>; 2],
}

type Defs = Arc<BTreeMap<String, Arc<CardDef>>>;

impl PartialEq for Resolved {
    fn eq(&self, _: &Resolved) -> bool {
        true
    }
}

impl Eq for Resolved {}

impl ThreeKingdomsState {
    /// Seat index `s`'s resolved definitions, if they were built from this state's cards.
    fn resolved_seat(&self, s: usize) -> Option<&[Option<Arc<CardDef>>]> {
        let (defs, cards) = self.resolved.from.as_ref()?;
        (Arc::ptr_eq(defs, &self.defs) && Arc::ptr_eq(&cards[s], &self.players[s].cards))
            .then(|| &*self.resolved.seats[s])
    }

    /// The definition of a seat's card instance.
    pub fn def(&self, seat: Seat, card: u32) -> Option<&CardDef> {
        let s = usize::from(seat.0.min(1));
        if let Some(resolved) = self.resolved_seat(s) {
            return resolved.get(card as usize)?.as_deref();
        }
        let id = self.players[s].cards.get(card as usize)?;
        self.defs.get(id).map(|d| &**d)
    }

    /// The definition of a seat's card instance, shared: for the engine, which changes the state
    /// while it reads the card.
    pub(crate) fn shared_def(&self, seat: Seat, card: u32) -> Option<Arc<CardDef>> {
        let s = usize::from(seat.0.min(1));
        if let Some(resolved) = self.resolved_seat(s) {
            return resolved.get(card as usize)?.clone();
        }
        let id = self.players[s].cards.get(card as usize)?;
        self.defs.get(id).cloned()
    }

    /// Resolves every card instance to its definition again, unless the resolution was built
    /// from this state's `defs` and `cards` (after setup, it always was).
    pub(crate) fn resolve(&mut self) {
        if self.resolved_seat(0).is_some() && self.resolved_seat(1).is_some() {
            return;
        }
        let seat = |s: usize| -> Arc<[Option<Arc<CardDef>>]> {
            self.players[s]
                .cards
                .iter()
                .map(|id| self.defs.get(id).cloned())
                .collect()
        };
        self.resolved = Resolved {
            seats: [seat(0), seat(1)],
            from: Some((
                Arc::clone(&self.defs),
                [
                    Arc::clone(&self.players[0].cards),
                    Arc::clone(&self.players[1].cards),
                ],
            )),
        };
    }
}
