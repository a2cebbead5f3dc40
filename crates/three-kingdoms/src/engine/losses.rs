//! Cards leaving play: evacuation, losing a card, damage, Lords falling, advancing a winner.

use pbp_core::engine::{Game, Seat};

use super::{Events, end_game, public, tr};
use crate::cards::CardType;
use crate::game::ThreeKingdoms;
use crate::model::ThreeKingdomsEvent;
use crate::state::{TargetRef, ThreeKingdomsState, Zone, other};

/// Evacuates a character: Generals to the discard pile, Advisers out of the game, Titles to
/// the discard pile; a Commander takes every General with it.
pub(crate) fn evacuate(state: &mut ThreeKingdomsState, seat: Seat, card: u32, events: &mut Events) {
    let Some(i) = state.find(seat, card) else {
        return;
    };
    if card == state.player(seat).lord {
        return;
    }
    let kind = state.card_type(seat, card);
    let p = state.player_mut(seat);
    let ch = p.field.remove(i);
    p.discard.extend(ch.titles.iter().copied());
    let removed = kind == Some(CardType::Adviser);
    if removed {
        p.removed.push(card);
    } else {
        p.discard.push(card);
    }
    public(
        events,
        ThreeKingdomsEvent::Evacuated {
            who: tr(seat, card),
            removed,
        },
    );
    if state.player(seat).commander == Some(card) {
        let turn = state.turn;
        state.player_mut(seat).commander_fell = Some(turn);
        public(events, ThreeKingdomsEvent::CommanderFell { seat });
        let generals: Vec<u32> = state
            .player(seat)
            .field
            .iter()
            .map(|c| c.card)
            .filter(|&c| state.card_type(seat, c) == Some(CardType::General))
            .collect();
        for g in generals {
            evacuate(state, seat, g, events);
        }
    }
}

/// A character lost a fight or was damaged to 0: Vulnerable, or Evacuated if it already was.
pub(crate) fn lose(state: &mut ThreeKingdomsState, seat: Seat, card: u32, events: &mut Events) {
    if card == state.player(seat).lord {
        return;
    }
    let Some(ch) = state.character_mut(seat, card) else {
        return;
    };
    if ch.vulnerable {
        evacuate(state, seat, card, events);
    } else {
        ch.vulnerable = true;
        public(
            events,
            ThreeKingdomsEvent::Vulnerable {
                who: tr(seat, card),
            },
        );
    }
}

pub(crate) fn set_strength_zero(state: &mut ThreeKingdomsState, seat: Seat, card: u32) {
    let max = state.max_strength(seat, card);
    if let Some(ch) = state.character_mut(seat, card) {
        ch.damage = ch.damage.max(max);
    }
}

pub(crate) fn take_damage(state: &mut ThreeKingdomsState, seat: Seat, card: u32, amount: u32) {
    if let Some(ch) = state.character_mut(seat, card) {
        ch.damage = ch.damage.saturating_add(amount);
    }
}

/// A Lord at 0 Strength loses the match. Both seats are checked together, so when one fight
/// (or one effect) brings both Lords to 0 at once, neither seat is favoured: a draw.
pub(crate) fn check_lords(state: &mut ThreeKingdomsState, events: &mut Events) {
    let fallen = [Seat(0), Seat(1)].map(|seat| {
        let lord = state.player(seat).lord;
        state.strength(seat, lord) == 0
    });
    let name = |state: &ThreeKingdomsState, seat: Seat| ThreeKingdoms::seat_label(state, seat);
    match fallen {
        [true, true] => {
            let reason = format!(
                "both Lords fell to 0 Strength at once ({} and {}): a draw",
                name(state, Seat(0)),
                name(state, Seat(1))
            );
            end_game(state, None, reason, events);
        }
        [true, false] | [false, true] => {
            let seat = if fallen[0] { Seat(0) } else { Seat(1) };
            let reason = format!("{}'s Lord fell to 0 Strength", name(state, seat));
            end_game(state, Some(other(seat)), reason, events);
        }
        [false, false] => {}
    }
}

pub(crate) fn advance(state: &mut ThreeKingdomsState, who: TargetRef, events: &mut Events) {
    if state.card_type(who.seat, who.card) != Some(CardType::General) {
        return;
    }
    if let Some(ch) = state.character_mut(who.seat, who.card) {
        ch.zone = Zone::Front;
        public(events, ThreeKingdomsEvent::Advanced { who });
    }
}

// ---- Legality ----
