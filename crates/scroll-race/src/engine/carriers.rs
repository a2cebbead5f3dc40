//! The carriers: each captain's secret choice before the first turn, and the second team's one
//! chance, during the first round, to change its carrier or keep it.

use pbp_core::engine::{Game, Seat, Visible};

use super::turn::settle;
use crate::engine::{Events, own};
use crate::error::{Refusal, ScrollRaceError as E};
use crate::game::ScrollRace;
use crate::model::{CharId, ScrollRaceEvent};
use crate::state::{Holder, Phase, ScrollRaceState, captain, team_of};

/// Seat `seat` names `c` its team's carrier: its first choice, or the second team's change.
pub(crate) fn choose_carrier(
    state: &mut ScrollRaceState,
    seat: Seat,
    c: CharId,
    events: &mut Events,
) -> Result<(), E> {
    let chosen = state.find(c)?.id;
    match state.phase {
        Phase::ChooseCarriers => {
            let team = state.may_choose_carrier(seat).ok_or_else(|| {
                E::NotYourTurn(Refusal::NoCarrierToChoose {
                    who: ScrollRace::seat_name(state, seat),
                })
            })?;
            if team_of(chosen) != team {
                return Err(E::UnknownCharacter(state.ch(chosen).name.to_string()));
            }
            name_carrier(state, team, chosen, events);
            if state.scrolls.iter().all(|s| s.holder != Holder::Unassigned) {
                state.phase = Phase::Play;
                settle(state, events);
            }
        }
        Phase::ChangeCarrier => {
            let team = 1 - state.starting_team;
            if seat != captain(team) {
                return Err(E::NotYourTurn(Refusal::NotTheChanger {
                    who: ScrollRace::seat_name(state, seat),
                    captain: ScrollRace::seat_name(state, captain(team)),
                }));
            }
            if team_of(chosen) != team {
                return Err(E::UnknownCharacter(state.ch(chosen).name.to_string()));
            }
            match state.carrier(team) {
                Some(old) if old != chosen => {}
                Some(_) => {
                    return Err(E::Target(Refusal::AlreadyCarrier));
                }
                None => {
                    return Err(E::Target(Refusal::ScrollOnGround));
                }
            }
            name_carrier(state, team, chosen, events);
            end_carrier_change(state, events);
        }
        _ => return Err(E::NotYourTurn(Refusal::NotChoosingCarriers)),
    }
    Ok(())
}

/// Seat `seat` keeps its team's carrier at the second team's carrier change.
pub(crate) fn keep_carrier(
    state: &mut ScrollRaceState,
    seat: Seat,
    events: &mut Events,
) -> Result<(), E> {
    let team = 1 - state.starting_team;
    if state.phase != Phase::ChangeCarrier || seat != captain(team) {
        return Err(E::NotYourTurn(Refusal::NoChangeToDecide {
            who: ScrollRace::seat_name(state, seat),
            captain: (state.phase == Phase::ChangeCarrier)
                .then(|| ScrollRace::seat_name(state, captain(team))),
        }));
    }
    events.push(Visible::public(ScrollRaceEvent::CarrierDecided { team }));
    end_carrier_change(state, events);
    Ok(())
}

/// `chosen` now carries `team`'s scroll: its team learns who, everyone else only that the
/// team decided.
fn name_carrier(state: &mut ScrollRaceState, team: u8, chosen: CharId, events: &mut Events) {
    state.scrolls[usize::from(team)].holder = Holder::Carrier(chosen);
    events.push(Visible {
        audience: own(team),
        event: ScrollRaceEvent::CarrierChosen {
            team,
            carrier: chosen,
        },
    });
    events.push(Visible::public(ScrollRaceEvent::CarrierDecided { team }));
}

/// The carrier change is decided: play resumes where round 1 stopped.
fn end_carrier_change(state: &mut ScrollRaceState, events: &mut Events) {
    state.change_done = true;
    state.phase = Phase::Play;
    settle(state, events);
}
