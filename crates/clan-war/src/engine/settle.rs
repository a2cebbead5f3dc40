//! Battles moved past the steps no one is left to take.

use pbp_core::{Dice, Side, engine::Visible};

use super::defensive::advance_nullify;
use super::draws::close;
use super::effects::resolve;
use super::play::after_play_step;
use super::roll::roll_sides;
use super::{Events, Res, auto_sides, effect, side_index};
use crate::model::{CardEffect, ClanWarEvent, ForcedEnd};
use crate::state::*;

/// Moves every open battle past the steps no one is left to take: a side that acts by itself
/// (the Spirit Army, a retired player) passes, makes no Defensive choice, forfeits its Cunning
/// and Tactical choices and draws nothing; a retired player never rolls, so an opponent who
/// has rolled wins at once (the seed gives the battle to the one who rolled); a Cunning give
/// owed from an empty hand lapses (announced), so that it never blocks the draws; a battle
/// whose draws are all made or lost closes.
pub(super) fn settle(
    state: &mut ClanWarState,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Res<()> {
    for bi in 0..state.battles.len() {
        // Each pass moves the battle one phase at most; five phases follow card play.
        for _ in 0..8 {
            if !settle_step(state, bi, dice, events)? {
                break;
            }
        }
    }
    Ok(())
}

/// One step of [`settle`] for battle `bi`; whether anything changed.
fn settle_step(
    state: &mut ClanWarState,
    bi: usize,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Res<bool> {
    let auto = auto_sides(state, &state.battles[bi]);
    let ring_cards = state.config.options.ring_cards_take_effect;
    let id = state.battles[bi].id;
    match state.battles[bi].phase.clone() {
        Phase::Play { next, .. } => {
            if !auto[side_index(next)] {
                return Ok(false);
            }
            after_play_step(state, bi, events);
            Ok(true)
        }
        Phase::Nullify { .. } => {
            let before = state.battles[bi].phase.clone();
            advance_nullify(&mut state.battles[bi], ring_cards, auto, events);
            Ok(state.battles[bi].phase != before)
        }
        Phase::Roll => {
            let rolled = state.battles[bi].sides.each_ref().map(|s| s.roll.is_some());
            for (me, other) in [(Side::First, Side::Second), (Side::Second, Side::First)] {
                let (m, o) = (side_index(me), side_index(other));
                if auto[m] && !rolled[m] && rolled[o] && !auto[o] {
                    if state.battles[bi].seat(me).is_none() {
                        // The Spirit Army rolls with its opponent; should it not have, it
                        // rolls now.
                        roll_sides(state, bi, me, false, dice, events)?;
                    } else {
                        // "If only one player has rolled, they count as the victor in the
                        // battle": a retired player will never roll.
                        events.push(Visible::public(ClanWarEvent::Forced {
                            battle: id,
                            how: ForcedEnd::OtherRetired,
                        }));
                        state.battles[bi].forced = true;
                        resolve(state, bi, other, false, events)?;
                    }
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Phase::Choices(list) => {
            let b = &state.battles[bi];
            let keep: Vec<Pending> = list
                .iter()
                .copied()
                .filter(|p| {
                    let side = match *p {
                        Pending::Take(s) | Pending::Give(s) => s,
                        Pending::Tactical { side, .. } => side,
                    };
                    if auto[side_index(side)] {
                        return false;
                    }
                    match (*p, b.seat(side)) {
                        (Pending::Give(_), Some(seat)) => {
                            !state.players[usize::from(seat.0)].hand.is_empty()
                        }
                        _ => true,
                    }
                })
                .collect();
            if keep.len() == list.len() {
                return Ok(false);
            }
            for p in &list {
                if let Pending::Give(side) = *p
                    && !keep.contains(p)
                    && !auto[side_index(side)]
                    && let Some(seat) = b.seat(side)
                {
                    let clan = state.players[usize::from(seat.0)].clan;
                    events.push(effect(id, CardEffect::GiveLapses { clan }));
                }
            }
            state.battles[bi].phase = if keep.is_empty() {
                Phase::Draws
            } else {
                Phase::Choices(keep)
            };
            Ok(true)
        }
        Phase::Draws if state.battles[bi].sides.iter().all(|s| s.end_done) => {
            // A battle force-resolved at the end of a round, its choices now made.
            close(state, bi, events)?;
            Ok(true)
        }
        Phase::Draws => {
            let mut changed = false;
            for side in [Side::First, Side::Second] {
                let s = &mut state.battles[bi].sides[side_index(side)];
                if auto[side_index(side)] && !s.end_done {
                    s.end_done = true;
                    changed = true;
                }
            }
            if changed && state.battles[bi].sides.iter().all(|s| s.end_done) {
                close(state, bi, events)?;
            }
            Ok(changed)
        }
        Phase::Closed => Ok(false),
    }
}
