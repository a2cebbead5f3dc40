//! Moving: the squares of a step or a sprint, a walk along them (traps, floods, the scroll
//! picked up, the enemy base reached) and a move planned on a copy of the state.

use pbp_core::engine::Visible;
use smallvec::SmallVec;

use super::{ch_mut, end_game};
use crate::engine::{Events, Mode};
use crate::error::{Refusal, ScrollRaceError as E};
use crate::field::{Cell, Dir, Square};
use crate::model::{CharId, Movement, ScrollRaceEvent};
use crate::state::{Barrier, Holder, ScrollRaceState, TrapKind, team_of};
use crate::technique::Technique;

/// The squares of a move, each with the direction it is entered in (at most four: a rank 3
/// sprint), kept inline.
pub(crate) type Legs = SmallVec<[(Square, Dir); 4]>;

/// A walk stopped by a square its walker may not enter: the square and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Blocked {
    /// The square.
    pub(crate) square: Square,
    /// Why.
    pub(crate) barrier: Barrier,
}

impl From<Blocked> for E {
    fn from(b: Blocked) -> E {
        E::Move(b.barrier.refusal(b.square))
    }
}

/// Why a move has no squares ([`legs`]), before its reason is put in words.
#[derive(Debug)]
enum Shape {
    /// The sprinter has no use of Sprint (rare: only with a limit on Sprint's uses).
    NotReady(E),
    /// A rank 1 sprint given a turn.
    Straight,
    /// A rank 2 or 3 sprint without a turn at right angles.
    Turn {
        /// The rank.
        rank: u8,
        /// Squares of the long leg.
        long: usize,
    },
    /// A square beyond the edge of coordinates.
    OffField,
}

/// What happens when `id` arrives on `square` by its own team's doing: picking up its
/// scroll, revealing itself in the enemy zone, winning in the enemy base, and (when `traps`)
/// springing traps and floods. Returns whether the turn ends (a trap or a win).
pub(super) fn arrive(
    state: &mut ScrollRaceState,
    id: CharId,
    square: Square,
    mode: Mode,
    traps: bool,
    flood: &mut bool,
    events: &mut Events,
) -> bool {
    let team = team_of(id);
    let t = usize::from(team);
    if state.scrolls[t].holder == Holder::Ground(square) {
        state.scrolls[t].holder = Holder::Carrier(id);
        state.scrolls[t].last_seen = Some(id);
        events.push(Visible::public(ScrollRaceEvent::PickedUp {
            team,
            carrier: id,
        }));
    }
    let cell = state.config.field.cell(square);
    if state.carries(id) {
        if cell.and_then(Cell::zone_of) == Some(1 - team) && state.scrolls[t].last_seen != Some(id)
        {
            state.scrolls[t].last_seen = Some(id);
            events.push(Visible::public(ScrollRaceEvent::EnteredEnemyZone {
                character: id,
            }));
        }
        if cell == Some(Cell::Base(1 - team)) {
            let reason = format!(
                "{} brought the {} scroll into the {} base",
                state.ch(id).name,
                state.config.team_names[t],
                state.config.team_names[usize::from(1 - team)]
            );
            end_game(state, Some(team), reason, events);
            return true;
        }
    }
    if !traps {
        return false;
    }
    let mut ended = false;
    let mut i = 0;
    while i < state.traps.len() {
        let trap = state.traps[i];
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
            state.traps.remove(i);
        }
    }
    ended
}

/// Walks `id` along `legs` (each a square entered and the direction of entry), then slides
/// one square further if it crossed a flood. Returns whether the turn goes on.
pub(super) fn walk(
    state: &mut ScrollRaceState,
    id: CharId,
    legs: &[(Square, Dir)],
    mode: Mode,
    events: &mut Events,
) -> Result<bool, Blocked> {
    let mut walked = 0;
    let mut later = Vec::new();
    let mut flood = false;
    let mut last = None;
    let mut ended = false;
    for &(square, dir) in legs {
        if let Some(barrier) = state.barrier(id, square) {
            return Err(Blocked { square, barrier });
        }
        ch_mut(state, id).square = square;
        walked += 1;
        last = Some(dir);
        if arrive(state, id, square, mode, true, &mut flood, &mut later) {
            ended = true;
            break;
        }
    }
    // A plan's events are thrown away: the path is only written out for real.
    if mode == Mode::Real {
        events.push(Visible::public(ScrollRaceEvent::Moved {
            character: id,
            path: legs[..walked].iter().map(|l| l.0).collect(),
        }));
    }
    events.append(&mut later);
    if ended {
        return Ok(false);
    }
    if flood && let Some(dir) = last {
        let from = state.ch(id).square;
        if let Some(to) = from.step(dir)
            && state.barrier(id, to).is_none()
        {
            ch_mut(state, id).square = to;
            events.push(Visible::public(ScrollRaceEvent::Slid { character: id, to }));
            let mut again = false;
            if arrive(state, id, to, mode, true, &mut again, events) {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// The squares of a move, checking the Sprint's shape against its rank.
pub(crate) fn legs(state: &ScrollRaceState, id: CharId, movement: Movement) -> Result<Legs, E> {
    shaped_legs(state, id, movement).map_err(|shape| match shape {
        Shape::NotReady(e) => e,
        Shape::Straight => E::Move(Refusal::SprintStraight),
        Shape::Turn { rank, long } => E::Move(Refusal::SprintShape { rank, long }),
        Shape::OffField => E::Move(Refusal::LeavesField),
    })
}

/// [`legs`], with the reason of a refusal left out of words.
fn shaped_legs(state: &ScrollRaceState, id: CharId, movement: Movement) -> Result<Legs, Shape> {
    let mut dirs: SmallVec<[Dir; 4]> = SmallVec::new();
    match movement {
        Movement::Step(d) => dirs.push(d),
        Movement::Sprint { long, short } => {
            let rank = state
                .ready(id, Technique::Sprint)
                .map_err(Shape::NotReady)?;
            let n = if rank == 3 { 3 } else { 2 };
            dirs.extend(std::iter::repeat_n(long, n));
            match (rank, short) {
                (1, None) => {}
                (1, Some(_)) => return Err(Shape::Straight),
                (_, Some(s)) if s.perpendicular(long) => dirs.push(s),
                _ => return Err(Shape::Turn { rank, long: n }),
            }
        }
    }
    let mut at = state.ch(id).square;
    let mut legs = Legs::new();
    for d in dirs {
        at = at.step(d).ok_or(Shape::OffField)?;
        legs.push((at, d));
    }
    Ok(legs)
}

/// The state after `id`'s move `m` as the actor plans it (hidden enemy traps and Genjutsu
/// ignored; the move stops on a known trap, or on winning); an error if the move is not
/// allowed.
#[cfg(test)]
pub(crate) fn planned_move(
    state: &ScrollRaceState,
    id: CharId,
    m: Movement,
) -> Result<ScrollRaceState, E> {
    if state.ch(id).burned {
        return Err(E::Move(Refusal::BurntMove(state.ch(id).name.to_string())));
    }
    let legs = legs(state, id, m)?;
    let mut sim = state.clone();
    let mut scratch = Vec::new();
    walk(&mut sim, id, &legs, Mode::Plan, &mut scratch)?;
    Ok(sim)
}

/// [`planned_move`] without a copy of the state: plans `m` on `sim`, a copy of this
/// state that earlier plans of `id` may have changed, after putting back what a plan changes
/// ([`unplan`]); `Ok(false)` if the move is not allowed (its reason is not put in
/// words), an error only as [`planned_move`]'s when `words`. The legal list plans
/// every move on one copy this way, and `apply` its turn on the copy it plays on.
pub(crate) fn plan_into(
    state: &ScrollRaceState,
    id: CharId,
    m: Movement,
    sim: &mut ScrollRaceState,
    words: bool,
) -> Result<bool, E> {
    if state.ch(id).burned {
        return match words {
            true => Err(E::Move(Refusal::BurntMove(state.ch(id).name.to_string()))),
            false => Ok(false),
        };
    }
    let legs = match (shaped_legs(state, id, m), words) {
        (Ok(legs), _) => legs,
        (Err(_), false) => return Ok(false),
        (Err(_), true) => return legs(state, id, m).map(|_| false),
    };
    // Nothing has changed before the first square: a move barred there needs no plan.
    if let Some(&(square, _)) = legs.first()
        && let Some(barrier) = state.barrier(id, square)
    {
        return match words {
            true => Err(Blocked { square, barrier }.into()),
            false => Ok(false),
        };
    }
    unplan(sim, state, id);
    let mut scratch = Vec::new();
    match (walk(sim, id, &legs, Mode::Plan, &mut scratch), words) {
        (Ok(_), _) => Ok(true),
        (Err(_), false) => Ok(false),
        (Err(blocked), true) => Err(blocked.into()),
    }
}

/// Puts back in this copy of `source` what a plan of `id`'s move changes (the walker's
/// square, the scrolls, the phase and the end once it wins, the known traps it springs),
/// and nothing else, since a walk in [`Mode::Plan`] changes nothing else: the copy is then
/// `source` again, without copying the state.
pub(crate) fn unplan(state: &mut ScrollRaceState, source: &ScrollRaceState, id: CharId) {
    ch_mut(state, id).square = source.ch(id).square;
    state.scrolls = source.scrolls;
    state.phase = source.phase;
    if state.ending != source.ending {
        state.ending.clone_from(&source.ending);
    }
    // A plan only takes traps away.
    if state.traps.len() != source.traps.len() {
        state.traps.clone_from(&source.traps);
    }
}
