//! A turn played for real, its end (burns heal, summons count down), the next character up, a
//! new round, the carrier change and paralysed characters skipped.

use pbp_core::{Dice, engine::Visible};

use super::check::check_use;
use super::movement::{legs, walk};
use super::techniques::{genjutsu_cancels, resolve_use};
use super::{ch_mut, consume, end_game};
use crate::engine::{Events, Mode, audience_for};
use crate::error::ScrollRaceError as E;
use crate::model::{CharId, Movement, ScrollRaceEvent, Use};
use crate::state::{Phase, ScrollRaceState, team_of};
use crate::technique::Technique;

/// Plays a turn for real, checked by [`check_play`] before.
pub(crate) fn play(
    state: &mut ScrollRaceState,
    id: CharId,
    movement: Option<Movement>,
    technique: Option<&Use>,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Result<(), E> {
    let mut goes_on = true;
    if let Some(m) = movement {
        let legs = legs(state, id, m)?;
        let mut cancelled = false;
        if matches!(m, Movement::Sprint { .. }) {
            let rank = state.ready(id, Technique::Sprint)?;
            consume(state, id, Technique::Sprint);
            events.push(Visible::public(ScrollRaceEvent::Used {
                character: id,
                technique: Technique::Sprint,
                rank,
            }));
            cancelled = genjutsu_cancels(state, id, Technique::Sprint, dice, events)?;
        }
        if !cancelled {
            goes_on = walk(state, id, &legs, Mode::Real, events)?;
        }
    }
    if let Some(u) = technique
        && goes_on
        && state.phase != Phase::Over
    {
        match check_use(state, id, u) {
            Ok(rank) => resolve_use(state, id, u, rank, dice, events)?,
            Err(_) => events.push(Visible {
                audience: audience_for(team_of(id), u.technique()),
                event: ScrollRaceEvent::Fizzled {
                    character: id,
                    technique: u.technique(),
                },
            }),
        }
    }
    if state.phase != Phase::Over {
        events.push(Visible::public(ScrollRaceEvent::TurnEnded {
            character: id,
        }));
        close_turn(state, id, events);
    }
    Ok(())
}

/// The end of `id`'s turn (played or lost): its burn heals, its summons count down, and the
/// next character comes up.
pub(crate) fn close_turn(state: &mut ScrollRaceState, id: CharId, events: &mut Events) {
    end_of_turn_upkeep(state, id, events);
    step_pointer(state, events);
    settle(state, events);
}

/// The upkeep at the end of `id`'s turn: its burn heals and its summons count down.
pub(super) fn end_of_turn_upkeep(state: &mut ScrollRaceState, id: CharId, events: &mut Events) {
    ch_mut(state, id).burned = false;
    let mut i = 0;
    while i < state.summons.len() {
        if state.summons[i].caster == id {
            state.summons[i].turns_left = state.summons[i].turns_left.saturating_sub(1);
            if state.summons[i].turns_left == 0 {
                let square = state.summons.remove(i).square;
                events.push(Visible::public(ScrollRaceEvent::SummonExpired { square }));
                continue;
            }
        }
        i += 1;
    }
}

/// The next character up; after the last, a new round (or the draw at the round limit).
pub(super) fn step_pointer(state: &mut ScrollRaceState, events: &mut Events) {
    state.turn_index += 1;
    if state.turn_index >= state.order.len() {
        state.turn_index = 0;
        state.round += 1;
        if let Some(limit) = state.config.round_limit
            && state.round > limit
        {
            end_game(
                state,
                None,
                format!("the organizer calls a draw after {limit} rounds"),
                events,
            );
            return;
        }
        events.push(Visible::public(ScrollRaceEvent::RoundStarted {
            round: state.round,
        }));
    }
}

/// Stops at the carrier change, or skips paralysed characters.
pub(crate) fn settle(state: &mut ScrollRaceState, events: &mut Events) {
    loop {
        if state.phase == Phase::Over {
            return;
        }
        if state.round == 1 && !state.change_done && state.turn_index == state.change_point {
            state.phase = Phase::ChangeCarrier;
            return;
        }
        state.phase = Phase::Play;
        let Some(id) = state.current() else { return };
        if !state.ch(id).paralysed {
            return;
        }
        let c = ch_mut(state, id);
        c.paralysed = false;
        events.push(Visible::public(ScrollRaceEvent::TurnLost { character: id }));
        end_of_turn_upkeep(state, id, events);
        step_pointer(state, events);
    }
}
