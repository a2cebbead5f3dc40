//! A turn played for real, its end (burns heal, summons count down), the next character up, a
//! new round, the carrier change and paralysed characters skipped.

use pbp_core::{Dice, engine::Visible};

use crate::engine::{Events, Mode, audience_for};
use crate::error::ScrollRaceError as E;
use crate::model::{CharId, Movement, ScrollRaceEvent, Use};
use crate::state::{Phase, ScrollRaceState, team_of};
use crate::technique::Technique;

impl ScrollRaceState {
    /// Plays a checked turn for real.
    pub(crate) fn play(
        &mut self,
        id: CharId,
        movement: Option<Movement>,
        technique: Option<&Use>,
        dice: &mut dyn Dice,
        events: &mut Events,
    ) -> Result<(), E> {
        self.check_play(id, movement, technique)?;
        let mut goes_on = true;
        if let Some(m) = movement {
            let legs = self.legs(id, m)?;
            let mut cancelled = false;
            if matches!(m, Movement::Sprint { .. }) {
                let rank = self.ready(id, Technique::Sprint)?;
                self.consume(id, Technique::Sprint);
                events.push(Visible::public(ScrollRaceEvent::Used {
                    character: id,
                    technique: Technique::Sprint,
                    rank,
                }));
                cancelled = self.genjutsu_cancels(id, Technique::Sprint, dice, events)?;
            }
            if !cancelled {
                goes_on = self.walk(id, &legs, Mode::Real, events)?;
            }
        }
        if let Some(u) = technique
            && goes_on
            && self.phase != Phase::Over
        {
            match self.check_use(id, u) {
                Ok(rank) => self.resolve_use(id, u, rank, dice, events)?,
                Err(_) => events.push(Visible {
                    audience: audience_for(team_of(id), u.technique()),
                    event: ScrollRaceEvent::Fizzled {
                        character: id,
                        technique: u.technique(),
                    },
                }),
            }
        }
        if self.phase != Phase::Over {
            events.push(Visible::public(ScrollRaceEvent::TurnEnded {
                character: id,
            }));
            self.close_turn(id, events);
        }
        Ok(())
    }

    /// The end of `id`'s turn (played or lost): its burn heals, its summons count down, and the
    /// next character comes up.
    pub(crate) fn close_turn(&mut self, id: CharId, events: &mut Events) {
        self.end_of_turn_upkeep(id, events);
        self.step_pointer(events);
        self.settle(events);
    }

    /// The upkeep at the end of `id`'s turn: its burn heals and its summons count down.
    pub(super) fn end_of_turn_upkeep(&mut self, id: CharId, events: &mut Events) {
        self.ch_mut(id).burned = false;
        let mut i = 0;
        while i < self.summons.len() {
            if self.summons[i].caster == id {
                self.summons[i].turns_left = self.summons[i].turns_left.saturating_sub(1);
                if self.summons[i].turns_left == 0 {
                    let square = self.summons.remove(i).square;
                    events.push(Visible::public(ScrollRaceEvent::SummonExpired { square }));
                    continue;
                }
            }
            i += 1;
        }
    }

    /// The next character up; after the last, a new round (or the draw at the round limit).
    pub(super) fn step_pointer(&mut self, events: &mut Events) {
        self.turn_index += 1;
        if self.turn_index >= self.order.len() {
            self.turn_index = 0;
            self.round += 1;
            if let Some(limit) = self.config.round_limit
                && self.round > limit
            {
                self.end_game(
                    None,
                    format!("the organizer calls a draw after {limit} rounds"),
                    events,
                );
                return;
            }
            events.push(Visible::public(ScrollRaceEvent::RoundStarted {
                round: self.round,
            }));
        }
    }

    /// Stops at the carrier change, or skips paralysed characters.
    pub(crate) fn settle(&mut self, events: &mut Events) {
        loop {
            if self.phase == Phase::Over {
                return;
            }
            if self.round == 1 && !self.change_done && self.turn_index == self.change_point {
                self.phase = Phase::ChangeCarrier;
                return;
            }
            self.phase = Phase::Play;
            let Some(id) = self.current() else { return };
            if !self.ch(id).paralysed {
                return;
            }
            let c = self.ch_mut(id);
            c.paralysed = false;
            events.push(Visible::public(ScrollRaceEvent::TurnLost { character: id }));
            self.end_of_turn_upkeep(id, events);
            self.step_pointer(events);
        }
    }
}
