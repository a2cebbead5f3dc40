//! The engine of Three Kingdoms: the turn's flow (drawing, starting a turn, the End Phase, the
//! end of the match) and the helpers its modules share; `execute` applies an action, `combat`
//! fights, `effects` resolves card effects, `targets` validates them, `losses` removes cards.

mod combat;
mod effects;
mod execute;
mod losses;
mod targets;

use pbp_core::{Audience, Dice, Game, Seat, Visible};

use crate::cards::Duration;
use crate::error::ThreeKingdomsError;
use crate::game::ThreeKingdoms;
use crate::model::ThreeKingdomsEvent;
use crate::state::{Ending, Phase, TargetRef, ThreeKingdomsState, other};
use crate::view::seen;

pub(crate) fn tr(seat: Seat, card: u32) -> TargetRef {
    TargetRef { seat, card }
}

pub(crate) type Events = Vec<Visible<ThreeKingdomsEvent>>;

pub(crate) fn public(events: &mut Events, e: ThreeKingdomsEvent) {
    events.push(Visible::public(e));
}

pub(crate) fn expiry(state: &ThreeKingdomsState, d: Duration) -> Option<u32> {
    match d {
        Duration::EndOfTurn => Some(state.turn),
        Duration::Turns(n) => Some(state.turn + 2 * u32::from(n.max(1) - 1)),
        Duration::Permanent => None,
    }
}

pub(crate) fn check_seat(seat: Seat) -> Result<(), ThreeKingdomsError> {
    if seat.0 > 1 {
        return Err(ThreeKingdomsError::not_your_turn(seat));
    }
    Ok(())
}

impl ThreeKingdoms {
    /// Ends the match: `winner` wins, or none (both Lords fell at once) for a draw.
    pub(crate) fn end_game(
        state: &mut ThreeKingdomsState,
        winner: Option<Seat>,
        reason: String,
        events: &mut Events,
    ) {
        if state.ending.is_some() {
            return;
        }
        state.ending = Some(Ending {
            winner,
            reason: reason.clone(),
        });
        state.pending = None;
        public(events, ThreeKingdomsEvent::GameOver { winner, reason });
    }

    /// Draws one card for `seat`; an empty deck loses the match.
    pub(crate) fn draw(
        state: &mut ThreeKingdomsState,
        seat: Seat,
        dice: &mut dyn Dice,
        events: &mut Events,
    ) -> Result<(), ThreeKingdomsError> {
        if state.ending.is_some() {
            return Ok(());
        }
        if state.player(seat).deck.remaining() == 0 {
            let reason = format!(
                "{} had to draw from an empty deck",
                Self::seat_label(state, seat)
            );
            Self::end_game(state, Some(other(seat)), reason, events);
            return Ok(());
        }
        let limit = usize::from(state.rules.hand_limit);
        let card = state.player_mut(seat).deck.draw(dice)?;
        let shown = seen(state, seat, card);
        let p = state.player_mut(seat);
        if p.hand.len() >= limit {
            p.discard.push(card);
            public(events, ThreeKingdomsEvent::Drew { seat });
            public(events, ThreeKingdomsEvent::Burned { seat, card: shown });
        } else {
            p.hand.push(card);
            public(events, ThreeKingdomsEvent::Drew { seat });
            events.push(Visible {
                audience: Audience::only(seat),
                event: ThreeKingdomsEvent::DrewCard { seat, card: shown },
            });
        }
        Ok(())
    }

    pub(crate) fn start_turn(
        state: &mut ThreeKingdomsState,
        seat: Seat,
        dice: &mut dyn Dice,
        events: &mut Events,
    ) -> Result<(), ThreeKingdomsError> {
        state.active = seat;
        state.turn += 1;
        state.phase = Phase::Preparation;
        let p = state.player_mut(seat);
        p.resources = 0;
        p.lord_moved = false;
        for ch in &mut p.field {
            ch.tapped = false;
            ch.vulnerable = false;
            ch.defending = false;
            ch.fresh = false;
            ch.ability_used = false;
        }
        public(
            events,
            ThreeKingdomsEvent::TurnBegan {
                seat,
                turn: state.turn,
            },
        );
        if state.turn > 1 || state.rules.first_turn_draw {
            Self::draw(state, seat, dice, events)?;
        }
        if state.ending.is_some() {
            // The draw lost the match (an empty deck): no phase begins after the game ends.
            return Ok(());
        }
        public(
            events,
            ThreeKingdomsEvent::PhaseBegan {
                seat,
                phase: Phase::Preparation,
            },
        );
        Ok(())
    }

    pub(crate) fn end_phase(state: &mut ThreeKingdomsState, events: &mut Events) {
        let turn = state.turn;
        let keep = |e: Option<u32>| e.is_none_or(|t| t > turn);
        for p in &mut state.players {
            p.resources = 0;
            for ch in &mut p.field {
                ch.mods.retain(|m| keep(m.expires));
            }
        }
        state.cost_mods.retain(|m| keep(m.expires));
        for seat in [Seat(0), Seat(1)] {
            let lord = state.player(seat).lord;
            for ch in &mut state.player_mut(seat).field {
                if ch.card != lord {
                    ch.damage = 0;
                }
            }
        }
        public(events, ThreeKingdomsEvent::EndPhase { seat: state.active });
    }
}
