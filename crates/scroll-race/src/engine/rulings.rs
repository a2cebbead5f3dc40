//! The game master's rulings: a turn skipped, a character placed, the scroll given, a square
//! cleared, the game ended.

use pbp_core::engine::Visible;

use crate::engine::{Events, own};
use crate::error::{Refusal, ScrollRaceError as E};
use crate::field::Cell;
use crate::model::{Ruling, ScrollRaceEvent};
use crate::state::{Holder, Phase, ScrollRaceState, team_of};

impl ScrollRaceState {
    /// A game master's ruling.
    pub(crate) fn rule(&mut self, ruling: &Ruling, events: &mut Events) -> Result<(), E> {
        let bad = |r: Refusal| Err(E::Ruling(r));
        match *ruling {
            Ruling::Skip => {
                let Some(id) = self.current() else {
                    return bad(Refusal::NobodyPlaying);
                };
                events.push(Visible::public(ScrollRaceEvent::Skipped { character: id }));
                self.close_turn(id, events);
            }
            Ruling::Place { character, square } => {
                self.find(character)?;
                let cell = self.config.field.cell(square);
                if cell.is_none() || cell == Some(Cell::Wall) {
                    return bad(Refusal::CannotHold);
                }
                if self.occupant(square).is_some_and(|c| c != character)
                    || self.summon_at(square).is_some()
                    || self.dropped_at(square).is_some()
                {
                    return bad(Refusal::NotFree);
                }
                if self.in_enemy_zone(character, square) && !self.carries(character) {
                    return bad(Refusal::OnlyCarrierInEnemyZone);
                }
                if self.carries(character) && cell == Some(Cell::Base(1 - team_of(character))) {
                    return bad(Refusal::PlaceEndsGame);
                }
                self.ch_mut(character).square = square;
                events.push(Visible::public(ScrollRaceEvent::Placed {
                    character,
                    square,
                }));
            }
            Ruling::GiveScroll { character } => {
                self.find(character)?;
                let team = team_of(character);
                if self.phase == Phase::ChooseCarriers {
                    return bad(Refusal::StillChoosing);
                }
                self.scrolls[usize::from(team)].holder = Holder::Carrier(character);
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
                self.summons.retain(|s| s.square != square);
                self.traps.retain(|t| t.square != square);
                events.push(Visible::public(ScrollRaceEvent::Cleared(square)));
            }
            Ruling::End { winner } => {
                if winner.is_some_and(|w| w > 1) {
                    return bad(Refusal::NoSuchTeam);
                }
                let reason = match winner {
                    Some(w) => format!(
                        "the organizer declares {} the winner",
                        self.config.team_names[usize::from(w)]
                    ),
                    None => "the organizer declares a draw".to_owned(),
                };
                self.end_game(winner, reason, events);
            }
        }
        Ok(())
    }
}
