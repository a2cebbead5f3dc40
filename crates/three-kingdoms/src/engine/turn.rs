//! The turn's flow: the `end` action (the end of a phase), drawing, starting a turn, the End
//! Phase and the end of the match.

use pbp_core::{
    Dice,
    engine::{Audience, Game, Seat, Visible},
};

use super::{Events, Res, public};
use crate::config::{DeckOut, ResourceExpiry};
use crate::game::ThreeKingdoms;
use crate::model::ThreeKingdomsEvent;
use crate::state::{Ending, Phase, ThreeKingdomsState, other};
use crate::view::seen;

/// `end`: the Preparation Phase gives way to the Combat Phase, the Combat Phase ends the turn
/// and starts the opponent's. It is always allowed to the acting seat: no check of its own.
pub(crate) fn end(
    state: &mut ThreeKingdomsState,
    seat: Seat,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Res<()> {
    match state.phase {
        Phase::Preparation => {
            state.phase = Phase::Combat;
            if state.rules.resource_expiry == ResourceExpiry::EndOfPhase {
                state.player_mut(seat).resources = 0;
            }
            public(
                events,
                ThreeKingdomsEvent::PhaseBegan {
                    seat,
                    phase: Phase::Combat,
                },
            );
        }
        Phase::Combat => {
            end_phase(state, events);
            start_turn(state, other(seat), dice, events)?;
        }
    }
    Ok(())
}

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
) -> Res<()> {
    if state.ending.is_some() {
        return Ok(());
    }
    if state.player(seat).deck.remaining() == 0 {
        let reason = format!(
            "{} had to draw from an empty deck",
            ThreeKingdoms::seat_label(state, seat)
        );
        end_game(state, Some(other(seat)), reason, events);
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
    // Not while the opening hands are dealt (turn 0): the match has not begun.
    if state.rules.deck_out == DeckOut::LastCard
        && state.turn > 0
        && state.player(seat).deck.remaining() == 0
    {
        let reason = format!(
            "{} drew the last card of its deck",
            ThreeKingdoms::seat_label(state, seat)
        );
        end_game(state, Some(other(seat)), reason, events);
    }
    Ok(())
}

/// Starts `seat`'s turn: its characters untap, it draws (but on the first turn where the rules
/// say so) and its Preparation Phase begins.
pub(crate) fn start_turn(
    state: &mut ThreeKingdomsState,
    seat: Seat,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Res<()> {
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
        ch.attacked = false;
    }
    public(
        events,
        ThreeKingdomsEvent::TurnBegan {
            seat,
            turn: state.turn,
        },
    );
    if state.turn > 1 || state.rules.first_turn_draw {
        draw(state, seat, dice, events)?;
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

/// The End Phase: modifiers that expire now go, resources are lost, damage heals (but the
/// Lords').
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
