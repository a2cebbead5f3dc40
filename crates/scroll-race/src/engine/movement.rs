//! Moving: the squares of a step or a sprint, a walk along them (traps, floods, the scroll
//! picked up, the enemy base reached) and a move planned on a copy of the state.

use pbp_core::Visible;

use crate::engine::{Events, Mode};
use crate::error::ScrollRaceError as E;
use crate::field::{Cell, Dir, Square};
use crate::model::{CharId, Movement, ScrollRaceEvent};
use crate::state::{Holder, ScrollRaceState, TrapKind, team_of};
use crate::technique::Technique;

impl ScrollRaceState {
    /// What happens when `id` arrives on `square` by its own team's doing: picking up its
    /// scroll, revealing itself in the enemy zone, winning in the enemy base, and (when `traps`)
    /// springing traps and floods. Returns whether the turn ends (a trap or a win).
    pub(super) fn arrive(
        &mut self,
        id: CharId,
        square: Square,
        mode: Mode,
        traps: bool,
        flood: &mut bool,
        events: &mut Events,
    ) -> bool {
        let team = team_of(id);
        let t = usize::from(team);
        if self.scrolls[t].holder == Holder::Ground(square) {
            self.scrolls[t].holder = Holder::Carrier(id);
            self.scrolls[t].last_seen = Some(id);
            events.push(Visible::public(ScrollRaceEvent::PickedUp {
                team,
                carrier: id,
            }));
        }
        let cell = self.config.field.cell(square);
        if self.carries(id) {
            if cell.and_then(Cell::zone_of) == Some(1 - team)
                && self.scrolls[t].last_seen != Some(id)
            {
                self.scrolls[t].last_seen = Some(id);
                events.push(Visible::public(ScrollRaceEvent::EnteredEnemyZone {
                    character: id,
                }));
            }
            if cell == Some(Cell::Base(1 - team)) {
                let reason = format!(
                    "{} brought the {} scroll into the {} base",
                    self.ch(id).name,
                    self.config.team_names[t],
                    self.config.team_names[usize::from(1 - team)]
                );
                self.end_game(Some(team), reason, events);
                return true;
            }
        }
        if !traps {
            return false;
        }
        let mut ended = false;
        let mut i = 0;
        while i < self.traps.len() {
            let trap = self.traps[i];
            let applies = trap.square == square
                && !(trap.enemies_only && trap.team == team)
                && !(mode == Mode::Plan && trap.hidden() && trap.team != team);
            if !applies {
                i += 1;
                continue;
            }
            events.push(Visible::public(ScrollRaceEvent::TrapSprung {
                trap,
                character: id,
            }));
            match trap.kind {
                TrapKind::Seal => ended = true,
                TrapKind::Flood => *flood = true,
            }
            if trap.persistent {
                i += 1;
            } else {
                self.traps.remove(i);
            }
        }
        ended
    }

    /// Walks `id` along `legs` (each a square entered and the direction of entry), then slides
    /// one square further if it crossed a flood. Returns whether the turn goes on.
    pub(super) fn walk(
        &mut self,
        id: CharId,
        legs: &[(Square, Dir)],
        mode: Mode,
        events: &mut Events,
    ) -> Result<bool, E> {
        let mut path = Vec::new();
        let mut later = Vec::new();
        let mut flood = false;
        let mut last = None;
        let mut ended = false;
        for &(square, dir) in legs {
            self.can_enter(id, square).map_err(E::Move)?;
            self.ch_mut(id).square = square;
            path.push(square);
            last = Some(dir);
            if self.arrive(id, square, mode, true, &mut flood, &mut later) {
                ended = true;
                break;
            }
        }
        events.push(Visible::public(ScrollRaceEvent::Moved {
            character: id,
            path,
        }));
        events.append(&mut later);
        if ended {
            return Ok(false);
        }
        if flood && let Some(dir) = last {
            let from = self.ch(id).square;
            if let Some(to) = from.step(dir)
                && self.can_enter(id, to).is_ok()
            {
                self.ch_mut(id).square = to;
                events.push(Visible::public(ScrollRaceEvent::Slid { character: id, to }));
                let mut again = false;
                if self.arrive(id, to, mode, true, &mut again, events) {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// The squares of a move, checking the Sprint's shape against its rank.
    pub(crate) fn legs(&self, id: CharId, movement: Movement) -> Result<Vec<(Square, Dir)>, E> {
        let dirs: Vec<Dir> = match movement {
            Movement::Step(d) => vec![d],
            Movement::Sprint { long, short } => {
                let rank = self.ready(id, Technique::Sprint)?;
                let n = if rank == 3 { 3 } else { 2 };
                let mut dirs = vec![long; n];
                match (rank, short) {
                    (1, None) => {}
                    (1, Some(_)) => {
                        return Err(E::Move("a rank 1 sprint goes two squares straight".into()));
                    }
                    (_, Some(s)) if s.perpendicular(long) => dirs.push(s),
                    _ => {
                        return Err(E::Move(format!(
                            "a rank {rank} sprint goes {n} squares then one square at right angles"
                        )));
                    }
                }
                dirs
            }
        };
        let mut at = self.ch(id).square;
        let mut legs = Vec::new();
        for d in dirs {
            at = at
                .step(d)
                .ok_or_else(|| E::Move("that leaves the field".into()))?;
            legs.push((at, d));
        }
        Ok(legs)
    }

    /// The state after `id`'s move `m` as the actor plans it (hidden enemy traps and Genjutsu
    /// ignored; the move stops on a known trap, or on winning); an error if the move is not
    /// allowed.
    pub(crate) fn planned_move(&self, id: CharId, m: Movement) -> Result<Self, E> {
        if self.ch(id).burned {
            return Err(E::Move(format!(
                "{} is burnt and cannot move this turn",
                self.ch(id).name
            )));
        }
        let mut sim = self.clone();
        let mut scratch = Vec::new();
        let legs = sim.legs(id, m)?;
        sim.walk(id, &legs, Mode::Plan, &mut scratch)?;
        Ok(sim)
    }
}
