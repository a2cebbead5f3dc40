//! The game master's rulings: a turn skipped, a character placed, the scroll given, a square
//! cleared, the game ended.

use pbp_core::engine::Visible;

use super::turn::close_turn;
use super::{ch_mut, end_game};
use crate::engine::{Events, own};
use crate::error::{Refusal, ScrollRaceError as E};
use crate::field::Cell;
use crate::model::{Ruling, ScrollRaceEvent};
use crate::state::{Holder, Phase, ScrollRaceState, team_of};

/// A game master's ruling.
pub(crate) fn rule(
    state: &mut ScrollRaceState,
    ruling: &Ruling,
    events: &mut Events,
) -> Result<(), E> {
    let bad = |r: Refusal| Err(E::Ruling(r));
    match *ruling {
        Ruling::Skip => {
            let Some(id) = state.current() else {
                return bad(Refusal::NobodyPlaying);
            };
            events.push(Visible::public(ScrollRaceEvent::Skipped { character: id }));
            close_turn(state, id, events);
        }
        Ruling::Place { character, square } => {
            state.find(character)?;
            let cell = state.config.field.cell(square);
            if cell.is_none() || cell == Some(Cell::Wall) {
                return bad(Refusal::CannotHold);
            }
            if state.occupant(square).is_some_and(|c| c != character)
                || state.summon_at(square).is_some()
                || state.dropped_at(square).is_some()
            {
                return bad(Refusal::NotFree);
            }
            if state.in_enemy_zone(character, square) && !state.carries(character) {
                return bad(Refusal::OnlyCarrierInEnemyZone);
            }
            if state.carries(character) && cell == Some(Cell::Base(1 - team_of(character))) {
                return bad(Refusal::PlaceEndsGame);
            }
            ch_mut(state, character).square = square;
            events.push(Visible::public(ScrollRaceEvent::Placed {
                character,
                square,
            }));
        }
        Ruling::GiveScroll { character } => {
            state.find(character)?;
            let team = team_of(character);
            if state.phase == Phase::ChooseCarriers {
                return bad(Refusal::StillChoosing);
            }
            state.scrolls[usize::from(team)].holder = Holder::Carrier(character);
            events.push(Visible {
                audience: own(team),
                event: ScrollRaceEvent::ScrollGiven {
                    team,
                    carrier: character,
                },
            });
            events.push(Visible::public(ScrollRaceEvent::ScrollRuling { team }));
        }
        Ruling::Clear(square) => {
            state.summons.retain(|s| s.square != square);
            state.traps.retain(|t| t.square != square);
            events.push(Visible::public(ScrollRaceEvent::Cleared(square)));
        }
        Ruling::End { winner } => {
            if winner.is_some_and(|w| w > 1) {
                return bad(Refusal::NoSuchTeam);
            }
            let reason = match winner {
                Some(w) => format!(
                    "the organizer declares {} the winner",
                    state.config.team_names[usize::from(w)]
                ),
                None => "the organizer declares a draw".to_owned(),
            };
            end_game(state, winner, reason, events);
        }
    }
    Ok(())
}
