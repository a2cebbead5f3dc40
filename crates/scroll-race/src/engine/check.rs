//! A turn checked before it is played: each technique's ranks, range, line and targets, and the
//! whole turn against what the actor knows.

use crate::error::ScrollRaceError as E;
use crate::field::{Cell, Square};
use crate::model::{CharId, Movement, Target, Use};
use crate::state::{Character, Phase, ScrollRaceState};

impl ScrollRaceState {
    /// Checks that `id` may use `u` now; returns its rank.
    // Long function: one arm per technique, each its reach and target checks, side by side with
    // the other techniques'.
    #[allow(clippy::too_many_lines)]
    pub(crate) fn check_use(&self, id: CharId, u: &Use) -> Result<u8, E> {
        let tech = u.technique();
        let rank = self.ready(id, tech)?;
        let me = self.ch(id);
        let at = me.square;
        let team = me.team;
        let target = |m: String| Err(E::Target(m));
        let enemy = |other: CharId| -> Result<&Character, E> {
            let c = self.find(other)?;
            if c.team == team {
                Err(E::Target(format!("{} is not an enemy", c.name)))
            } else {
                Ok(c)
            }
        };
        let ally = |other: CharId| -> Result<&Character, E> {
            let c = self.find(other)?;
            if c.team != team || c.id == id {
                Err(E::Target(format!("{} is not an ally", c.name)))
            } else {
                Ok(c)
            }
        };
        let free_square = |s: Square| -> Result<(), E> {
            match self.config.field.cell(s) {
                None => Err(E::Target(format!("{s} is off the field"))),
                Some(Cell::Wall) => Err(E::Target(format!("{s} is a wall"))),
                _ if self.occupant(s).is_some() => Err(E::Target(format!("{s} is taken"))),
                _ if self.summon_at(s).is_some() => {
                    Err(E::Target(format!("a summon stands on {s}")))
                }
                _ => Ok(()),
            }
        };
        match *u {
            Use::Pass(to) => {
                if !self.carries(id) {
                    return target(format!("{} does not carry the scroll", me.name));
                }
                if self.in_enemy_zone(id, at) {
                    return target("the scroll cannot be passed inside the enemy zone".into());
                }
                let other = ally(to)?;
                let reach = match rank {
                    1 => at.orthogonal_to(other.square),
                    2 => at.chebyshev(other.square) == 1,
                    _ => self.distance(at, other.square) <= 2,
                };
                if !reach {
                    return target(format!(
                        "{} is out of reach of a rank {rank} pass",
                        other.name
                    ));
                }
            }
            Use::Attack {
                technique,
                target: aim,
            } => {
                if !technique.is_offensive() {
                    return target(format!("{} is not an attack", technique.name()));
                }
                let square = match aim {
                    Target::Character(t) => enemy(t)?.square,
                    Target::Summon(s) => {
                        let summon = self
                            .summon_at(s)
                            .ok_or_else(|| E::Target(format!("no summon stands on {s}")))?;
                        if summon.rank > rank {
                            return target(format!(
                                "a rank {rank} {} cannot destroy a rank {} summon",
                                technique.name(),
                                summon.rank
                            ));
                        }
                        s
                    }
                };
                if technique.is_melee() {
                    let adjacent = at.orthogonal_to(square)
                        || (self.config.diagonal_strikes && at.diagonal_to(square));
                    if !adjacent {
                        return target(format!("{square} is not adjacent"));
                    }
                } else if self.distance(at, square) > u32::from(self.config.ranged_reach)
                    || !self.clear_line(at, square)
                {
                    return target(format!("{square} is out of reach or out of sight"));
                }
            }
            Use::Genjutsu => {}
            Use::Doton => {
                if me.doton.is_some() {
                    return target(format!("{} already has a Doton up", me.name));
                }
            }
            Use::Sensory => {
                if self.carrier(1 - team).is_none() {
                    return target("nobody carries the enemy scroll".into());
                }
            }
            Use::Kuchiyose(s) => {
                let reach = if rank < 3 {
                    at.orthogonal_to(s)
                } else {
                    s != at && self.distance(at, s) <= 2
                };
                if !reach {
                    return target(format!("{s} is out of reach"));
                }
                free_square(s)?;
                if self.dropped_at(s).is_some() {
                    return target(format!("a scroll lies on {s}"));
                }
            }
            Use::Fuinjutsu(s) | Use::Suiton(s) => {
                let range = if rank == 1 { 1 } else { 2 };
                if s == at || self.distance(at, s) > range {
                    return target(format!("{s} is out of reach"));
                }
                free_square(s)?;
                if self.traps.iter().any(|t| t.square == s && t.team == team) {
                    return target(format!("your team already has a trap on {s}"));
                }
            }
            Use::Kujutsu { ally: a, to } => {
                let other = ally(a)?;
                let range = [2, 3, 2][usize::from(rank.clamp(1, 3) - 1)];
                if self.distance(at, other.square) > range || !self.clear_line(at, other.square) {
                    return target(format!("{} is out of reach or out of sight", other.name));
                }
                if !other.square.orthogonal_to(to) {
                    return target(format!("{to} is not next to {}", other.name));
                }
                if rank < 3 && self.distance(at, to) >= self.distance(at, other.square) {
                    return target(format!(
                        "a rank {rank} Kujutsu only draws an ally towards its caster"
                    ));
                }
                if rank == 3 && self.config.field.cell(to) == Some(Cell::Base(1 - other.team)) {
                    return target("a rank 3 Kujutsu cannot move into the enemy base".into());
                }
                self.can_enter(a, to).map_err(E::Target)?;
            }
            Use::Iroujutsu {
                target: t,
                technique,
            } => {
                let other = self.find(t)?;
                if t != id && (other.team != team || !other.square.orthogonal_to(at)) {
                    return target(format!(
                        "{} is neither you nor an adjacent ally",
                        other.name
                    ));
                }
                let skill = other.skill(technique).ok_or_else(|| {
                    E::Target(format!("{} does not know {}", other.name, technique.name()))
                })?;
                if skill.rank != rank || skill.left != Some(0) {
                    return target(format!(
                        "{}'s {} is not a spent rank {rank} technique",
                        other.name,
                        technique.name()
                    ));
                }
            }
            Use::Fuuton(over) => {
                if me.burned {
                    return target(format!("{} is burnt and cannot jump this turn", me.name));
                }
                let foe = enemy(over)?;
                if !at.orthogonal_to(foe.square) {
                    return target(format!("{} is not adjacent", foe.name));
                }
                let (dx, dy) = at.delta(foe.square);
                let landing = foe
                    .square
                    .offset(dx, dy)
                    .ok_or_else(|| E::Target("the landing square is off the field".into()))?;
                self.can_enter(id, landing).map_err(E::Target)?;
            }
        }
        Ok(rank)
    }

    /// Checks a whole turn against what the actor knows: the move square by square (hidden enemy
    /// traps and Genjutsu ignored), then the technique from where the move would end. A move the
    /// actor knows will end the turn (onto a trap its team knows of, or into the enemy base with
    /// the scroll) stops there: a technique after it is checked from that square, and is lost
    /// when the turn is played.
    pub(crate) fn check_play(
        &self,
        id: CharId,
        movement: Option<Movement>,
        technique: Option<&Use>,
    ) -> Result<(), E> {
        let Some(m) = movement else {
            // Nothing moves: the technique is checked on the state itself, without a copy.
            if let Some(u) = technique
                && self.phase != Phase::Over
            {
                self.check_use(id, u)?;
            }
            return Ok(());
        };
        let sim = self.planned_move(id, m)?;
        if let Some(u) = technique {
            sim.check_use(id, u)?;
        }
        Ok(())
    }
}
