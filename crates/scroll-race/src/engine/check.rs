//! A turn checked before it is played: each technique's ranks, range, line and targets (one
//! check per technique), and the whole turn against what the actor knows.

use super::movement::{plan_into, unplan};
use crate::error::{Refusal, ScrollRaceError as E};
use crate::field::{Cell, Square};
use crate::model::{CharId, Movement, Target, Use};
use crate::state::{Character, Phase, ScrollRaceState};
use crate::technique::Technique;

/// A refusal of a technique's target or square.
fn target<T>(refusal: Refusal) -> Result<T, E> {
    Err(E::Target(refusal))
}

/// Checks that `id` may use `u` now; returns its rank.
pub(crate) fn check_use(state: &ScrollRaceState, id: CharId, u: &Use) -> Result<u8, E> {
    let rank = state.ready(id, u.technique())?;
    match *u {
        Use::Pass(to) => check_pass(state, id, rank, to)?,
        Use::Attack {
            technique,
            target: aim,
        } => check_attack(state, id, rank, technique, aim)?,
        Use::Genjutsu => {}
        Use::Doton => {
            let me = state.ch(id);
            if me.doton.is_some() {
                return target(Refusal::DotonUp(me.name.to_string()));
            }
        }
        Use::Sensory => {
            if state.carrier(1 - state.ch(id).team).is_none() {
                return target(Refusal::NoEnemyCarrier);
            }
        }
        Use::Kuchiyose(s) => check_kuchiyose(state, id, rank, s)?,
        Use::Fuinjutsu(s) | Use::Suiton(s) => check_trap(state, id, rank, s)?,
        Use::Kujutsu { ally: a, to } => check_kujutsu(state, id, rank, a, to)?,
        Use::Iroujutsu {
            target: t,
            technique,
        } => check_iroujutsu(state, id, rank, t, technique)?,
        Use::Fuuton(over) => check_fuuton(state, id, over)?,
    }
    Ok(rank)
}

/// `other`, an enemy of `id`.
fn enemy_of(state: &ScrollRaceState, id: CharId, other: CharId) -> Result<&Character, E> {
    let c = state.find(other)?;
    if c.team == state.ch(id).team {
        target(Refusal::NotAnEnemy(c.name.to_string()))
    } else {
        Ok(c)
    }
}

/// `other`, an ally of `id` (not `id` itself).
fn ally_of(state: &ScrollRaceState, id: CharId, other: CharId) -> Result<&Character, E> {
    let c = state.find(other)?;
    if c.team != state.ch(id).team || c.id == id {
        target(Refusal::NotAnAlly(c.name.to_string()))
    } else {
        Ok(c)
    }
}

/// Square `s`, on the field, neither a wall nor taken by a character or a summon.
fn free_square(state: &ScrollRaceState, s: Square) -> Result<(), E> {
    match state.config.field.cell(s) {
        None => target(Refusal::OffField(s)),
        Some(Cell::Wall) => target(Refusal::Wall(s)),
        _ if state.occupant(s).is_some() => target(Refusal::Taken(s)),
        _ if state.summon_at(s).is_some() => target(Refusal::SummonOn(s)),
        _ => Ok(()),
    }
}

/// A pass of the scroll to ally `to`: by its carrier, outside the enemy zone, within the
/// reach of its rank.
fn check_pass(state: &ScrollRaceState, id: CharId, rank: u8, to: CharId) -> Result<(), E> {
    let me = state.ch(id);
    let at = me.square;
    if !state.carries(id) {
        return target(Refusal::NotCarrying(me.name.to_string()));
    }
    if state.in_enemy_zone(id, at) {
        return target(Refusal::PassInEnemyZone);
    }
    let other = ally_of(state, id, to)?;
    let reach = match rank {
        1 => at.orthogonal_to(other.square),
        2 => at.chebyshev(other.square) == 1,
        _ => state.distance(at, other.square) <= 2,
    };
    if !reach {
        return target(Refusal::PassOutOfReach {
            name: other.name.to_string(),
            rank,
        });
    }
    Ok(())
}

/// An attack on an enemy or a summon no stronger than it: adjacent for melee, within reach
/// and sight for a ranged attack.
fn check_attack(
    state: &ScrollRaceState,
    id: CharId,
    rank: u8,
    technique: Technique,
    aim: Target,
) -> Result<(), E> {
    let at = state.ch(id).square;
    if !technique.is_offensive() {
        return target(Refusal::NotAnAttack(technique));
    }
    let square = match aim {
        Target::Character(t) => enemy_of(state, id, t)?.square,
        Target::Summon(s) => {
            let summon = state
                .summon_at(s)
                .ok_or(E::Target(Refusal::NoSummonOn(s)))?;
            if summon.rank > rank {
                return target(Refusal::SummonTooStrong {
                    rank,
                    technique,
                    summon: summon.rank,
                });
            }
            s
        }
    };
    if technique.is_melee() {
        let adjacent =
            at.orthogonal_to(square) || (state.config.diagonal_strikes && at.diagonal_to(square));
        if !adjacent {
            return target(Refusal::SquareNotAdjacent(square));
        }
    } else if state.distance(at, square) > u32::from(state.config.ranged_reach)
        || !state.clear_line(at, square)
    {
        return target(Refusal::SquareOutOfSight(square));
    }
    Ok(())
}

/// A Kuchiyose on `s`: next to the caster (within two squares at rank 3), free, no scroll
/// on it.
fn check_kuchiyose(state: &ScrollRaceState, id: CharId, rank: u8, s: Square) -> Result<(), E> {
    let at = state.ch(id).square;
    let reach = if rank < 3 {
        at.orthogonal_to(s)
    } else {
        s != at && state.distance(at, s) <= 2
    };
    if !reach {
        return target(Refusal::OutOfReach(s));
    }
    free_square(state, s)?;
    if state.dropped_at(s).is_some() {
        return target(Refusal::ScrollOn(s));
    }
    Ok(())
}

/// A Fuinjutsu or Suiton trap on `s`: within its rank's range, free, not on a trap of the
/// caster's team.
fn check_trap(state: &ScrollRaceState, id: CharId, rank: u8, s: Square) -> Result<(), E> {
    let me = state.ch(id);
    let range = if rank == 1 { 1 } else { 2 };
    if s == me.square || state.distance(me.square, s) > range {
        return target(Refusal::OutOfReach(s));
    }
    free_square(state, s)?;
    if state
        .traps
        .iter()
        .any(|t| t.square == s && t.team == me.team)
    {
        return target(Refusal::TrapOn(s));
    }
    Ok(())
}

/// A Kujutsu drawing ally `a` to `to`: the ally within reach and sight, `to` next to it,
/// towards the caster below rank 3, never into the enemy base, and open to the ally.
fn check_kujutsu(
    state: &ScrollRaceState,
    id: CharId,
    rank: u8,
    a: CharId,
    to: Square,
) -> Result<(), E> {
    let at = state.ch(id).square;
    let other = ally_of(state, id, a)?;
    let range = [2, 3, 2][usize::from(rank.clamp(1, 3) - 1)];
    if state.distance(at, other.square) > range || !state.clear_line(at, other.square) {
        return target(Refusal::OutOfSight(other.name.to_string()));
    }
    if !other.square.orthogonal_to(to) {
        return target(Refusal::NotNextTo {
            square: to,
            name: other.name.to_string(),
        });
    }
    if rank < 3 && state.distance(at, to) >= state.distance(at, other.square) {
        return target(Refusal::KujutsuTowards(rank));
    }
    if rank == 3 && state.config.field.cell(to) == Some(Cell::Base(1 - other.team)) {
        return target(Refusal::KujutsuIntoBase);
    }
    state.can_enter(a, to).map_err(E::Target)
}

/// An Iroujutsu restoring `t`'s `technique`: the caster or an adjacent ally, whose
/// technique of the same rank is spent.
fn check_iroujutsu(
    state: &ScrollRaceState,
    id: CharId,
    rank: u8,
    t: CharId,
    technique: Technique,
) -> Result<(), E> {
    let me = state.ch(id);
    let other = state.find(t)?;
    if t != id && (other.team != me.team || !other.square.orthogonal_to(me.square)) {
        return target(Refusal::NotYouNorAdjacentAlly(other.name.to_string()));
    }
    let skill = other.skill(technique).ok_or_else(|| {
        E::Target(Refusal::DoesNotKnow {
            name: other.name.to_string(),
            technique,
        })
    })?;
    if skill.rank != rank || skill.left != Some(0) {
        return target(Refusal::NotSpent {
            name: other.name.to_string(),
            technique,
            rank,
        });
    }
    Ok(())
}

/// A Fuuton jump over adjacent enemy `over`: not burnt, landing on a square open to the
/// caster.
fn check_fuuton(state: &ScrollRaceState, id: CharId, over: CharId) -> Result<(), E> {
    let me = state.ch(id);
    if me.burned {
        return target(Refusal::BurntJump(me.name.to_string()));
    }
    let foe = enemy_of(state, id, over)?;
    if !me.square.orthogonal_to(foe.square) {
        return target(Refusal::NotAdjacent(foe.name.to_string()));
    }
    let (dx, dy) = me.square.delta(foe.square);
    let landing = foe
        .square
        .offset(dx, dy)
        .ok_or(E::Target(Refusal::LandingOffField))?;
    state.can_enter(id, landing).map_err(E::Target)
}

/// Checks a whole turn against what the actor knows: the move square by square (hidden enemy
/// traps and Genjutsu ignored), then the technique from where the move would end. A move the
/// actor knows will end the turn (onto a trap its team knows of, or into the enemy base with
/// the scroll) stops there: a technique after it is checked from that square, and is lost
/// when the turn is played.
///
/// The move is planned on `sim`, a copy of this state, and taken back after the check
/// ([`plan_into`]): `sim` is this state again, whatever the answer.
pub(crate) fn check_play(
    state: &ScrollRaceState,
    id: CharId,
    movement: Option<Movement>,
    technique: Option<&Use>,
    sim: &mut ScrollRaceState,
) -> Result<(), E> {
    let Some(m) = movement else {
        // Nothing moves: the technique is checked on the state itself, without a copy.
        if let Some(u) = technique
            && state.phase != Phase::Over
        {
            check_use(state, id, u)?;
        }
        return Ok(());
    };
    plan_into(state, id, m, sim, true)?;
    let checked = technique.map_or(Ok(()), |u| check_use(sim, id, u).map(|_| ()));
    unplan(sim, state, id);
    checked
}
