//! The carriers: each captain's secret choice before the first turn, and the second team's one
//! chance, during the first round, to change its carrier or keep it.

use pbp_core::{Seat, Visible};

use crate::engine::{Events, own};
use crate::error::ScrollRaceError as E;
use crate::model::{CharId, ScrollRaceEvent};
use crate::state::{Holder, Phase, ScrollRaceState, captain, team_of};

impl ScrollRaceState {
    /// Seat `seat` names `c` its team's carrier: its first choice, or the second team's change.
    pub(crate) fn choose_carrier(
        &mut self,
        seat: Seat,
        c: CharId,
        events: &mut Events,
    ) -> Result<(), E> {
        let chosen = self.find(c)?.id;
        match self.phase {
            Phase::ChooseCarriers => {
                let team = self.may_choose_carrier(seat).ok_or_else(|| {
                    E::NotYourTurn(format!("seat {seat} has no carrier to choose"))
                })?;
                if team_of(chosen) != team {
                    return Err(E::UnknownCharacter(self.ch(chosen).name.to_string()));
                }
                self.scrolls[usize::from(team)].holder = Holder::Carrier(chosen);
                events.push(Visible {
                    audience: own(team),
                    event: ScrollRaceEvent::CarrierChosen {
                        team,
                        carrier: chosen,
                    },
                });
                events.push(Visible::public(ScrollRaceEvent::CarrierDecided { team }));
                if self.scrolls.iter().all(|s| s.holder != Holder::Unassigned) {
                    self.phase = Phase::Play;
                    self.settle(events);
                }
            }
            Phase::ChangeCarrier => {
                let team = 1 - self.starting_team;
                if seat != captain(team) {
                    return Err(E::NotYourTurn(format!(
                        "seat {seat} does not decide a carrier change"
                    )));
                }
                if team_of(chosen) != team {
                    return Err(E::UnknownCharacter(self.ch(chosen).name.to_string()));
                }
                match self.carrier(team) {
                    Some(old) if old != chosen => {}
                    Some(_) => {
                        return Err(E::Target("that is already the carrier: use keep".into()));
                    }
                    None => {
                        return Err(E::Target(
                            "the scroll lies on the ground and cannot be handed over".into(),
                        ));
                    }
                }
                self.scrolls[usize::from(team)].holder = Holder::Carrier(chosen);
                events.push(Visible {
                    audience: own(team),
                    event: ScrollRaceEvent::CarrierChosen {
                        team,
                        carrier: chosen,
                    },
                });
                events.push(Visible::public(ScrollRaceEvent::CarrierDecided { team }));
                self.change_done = true;
                self.phase = Phase::Play;
                self.settle(events);
            }
            _ => return Err(E::NotYourTurn("carriers are not chosen now".into())),
        }
        Ok(())
    }

    /// Seat `seat` keeps its team's carrier at the second team's carrier change.
    pub(crate) fn keep_carrier(&mut self, seat: Seat, events: &mut Events) -> Result<(), E> {
        let team = 1 - self.starting_team;
        if self.phase != Phase::ChangeCarrier || seat != captain(team) {
            return Err(E::NotYourTurn(format!(
                "seat {seat} has no carrier change to decide"
            )));
        }
        events.push(Visible::public(ScrollRaceEvent::CarrierDecided { team }));
        self.change_done = true;
        self.phase = Phase::Play;
        self.settle(events);
        Ok(())
    }
}
