//! The game master's rulings: a turn skipped, a character placed, the scroll given, a square
//! cleared, the game ended.

use pbp_core::Visible;

use crate::engine::{Events, own};
use crate::error::ScrollRaceError as E;
use crate::field::Cell;
use crate::model::{Ruling, ScrollRaceEvent};
use crate::state::{Holder, Phase, ScrollRaceState, team_of};

impl ScrollRaceState {
    /// A game master's ruling.
    pub(crate) fn rule(&mut self, ruling: &Ruling, events: &mut Events) -> Result<(), E> {
        let bad = |m: &str| Err(E::Ruling(m.to_owned()));
        match *ruling {
            Ruling::Skip => {
                let Some(id) = self.current() else {
                    return bad("nobody is taking a turn");
                };
                events.push(Visible::public(ScrollRaceEvent::Skipped { character: id }));
                self.close_turn(id, events);
            }
            Ruling::Place { character, square } => {
                self.find(character)?;
                let cell = self.config.field.cell(square);
                if cell.is_none() || cell == Some(Cell::Wall) {
                    return bad("that square cannot hold a character");
                }
                if self.occupant(square).is_some_and(|c| c != character)
                    || self.summon_at(square).is_some()
                    || self.dropped_at(square).is_some()
                {
                    return bad("that square is not free");
                }
                if self.in_enemy_zone(character, square) && !self.carries(character) {
                    return bad("only a scroll carrier may stand in the enemy zone");
                }
                if self.carries(character) && cell == Some(Cell::Base(1 - team_of(character))) {
                    return bad(
                        "placing the carrier in the enemy base would end the game: use end",
                    );
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
                    return bad("the teams are still choosing their carriers");
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
                    return bad("teams are 0 and 1");
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
