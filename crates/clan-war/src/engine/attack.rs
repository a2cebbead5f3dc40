//! Declaring an attack: its checks and the battle it opens.

use pbp_core::{
    Side,
    engine::{Seat, Visible},
};

use super::{Events, Res, player};
use crate::error::{ClanWarError, Refusal, illegal};
use crate::model::*;
use crate::state::*;

/// Why an attack from one hex on another is refused, found without building any text (the
/// legal actions ask this of every pair of hexes in reach).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AttackRefusal {
    /// The attacker does not hold the hex it attacks from.
    NotYours,
    /// The target is the attacker's own.
    AlreadyYours,
    /// The target is more than two hexes away.
    TooFar(u32),
    /// The target is itself attacking this round.
    TargetAttacking,
    /// The hex attacked from is itself under attack this round.
    FromAttacked,
}

/// Whether the player `p` may attack hex `t` from hex `f` (both in range of the map), and why
/// not. The player's one attack per round is checked by the caller.
pub(crate) fn attack_refusal(
    state: &ClanWarState,
    p: &Player,
    f: usize,
    t: usize,
) -> Option<AttackRefusal> {
    if state.holders[f] != Holder::Clan(p.clan) {
        return Some(AttackRefusal::NotYours);
    }
    if state.holders[t] == Holder::Clan(p.clan) {
        return Some(AttackRefusal::AlreadyYours);
    }
    let distance = state.map.distance(f, t);
    if distance > 2 {
        return Some(AttackRefusal::TooFar(distance));
    }
    if is_attacking(state, t) {
        return Some(AttackRefusal::TargetAttacking);
    }
    if is_attacked(state, f) {
        return Some(AttackRefusal::FromAttacked);
    }
    None
}

/// Whether hex `hex` attacks this round (it may then not be attacked); a battle of an earlier
/// round still waiting for its choices does not count.
pub(crate) fn is_attacking(state: &ClanWarState, hex: usize) -> bool {
    state.battles.iter().any(|b| b.from == hex && !b.carried)
}

/// Whether hex `hex` is attacked this round (it may then not attack); a battle of an earlier
/// round still waiting for its choices does not count.
pub(crate) fn is_attacked(state: &ClanWarState, hex: usize) -> bool {
    state.battles.iter().any(|b| b.target == hex && !b.carried)
}

/// Checks an attack and returns (from, target) hex indices.
pub(crate) fn check_attack(
    state: &ClanWarState,
    seat: Seat,
    target: &str,
    from: &str,
) -> Res<(usize, usize)> {
    let p = player(state, seat)?;
    if p.attacked {
        return illegal(Refusal::AttackedAlready);
    }
    let find = |label: &str| {
        state.map.index_of(label).ok_or_else(|| {
            ClanWarError::Illegal(Refusal::NoSuchHex(label.chars().take(8).collect()))
        })
    };
    let (f, t) = (find(from)?, find(target)?);
    let (fl, tl) = (state.map.hex_label(f), state.map.hex_label(t));
    illegal(match attack_refusal(state, p, f, t) {
        None => return Ok((f, t)),
        Some(AttackRefusal::NotYours) => Refusal::NotYourHex(fl),
        Some(AttackRefusal::AlreadyYours) => Refusal::AlreadyYours(tl),
        Some(AttackRefusal::TooFar(distance)) => Refusal::TooFar {
            target: tl,
            from: fl,
            distance,
        },
        Some(AttackRefusal::TargetAttacking) => Refusal::TargetAttacking(tl),
        Some(AttackRefusal::FromAttacked) => Refusal::FromAttacked(fl),
    })
}

/// Declares `seat`'s attack on `target` from `from` and opens its battle.
pub(super) fn attack(
    state: &mut ClanWarState,
    seat: Seat,
    target: &str,
    from: &str,
) -> Res<Events> {
    let (f, t) = check_attack(state, seat, target, from)?;
    let holder = state.holders[t];
    let defender = match holder {
        Holder::SpiritArmy => Defender::SpiritArmy,
        Holder::Clan(c) => match state.players.iter().find(|p| p.clan == c) {
            Some(p) => Defender::Seat(p.seat),
            None => return illegal(Refusal::HolderGone),
        },
    };
    let id = state.next_battle;
    state.next_battle += 1;
    state.players[usize::from(seat.0)].attacked = true;
    let fresh = SideState {
        plays_left: 1,
        ..SideState::default()
    };
    let spirit = SideState {
        end_done: true,
        ..SideState::default()
    };
    state.battles.push(Battle {
        id,
        attacker: seat,
        defender,
        from: f,
        target: t,
        // Room for the usual plays, reserved as the battle opens.
        played: Vec::with_capacity(4),
        experienced_nullified: false,
        sides: [
            fresh.clone(),
            if defender == Defender::SpiritArmy {
                spirit
            } else {
                fresh
            },
        ],
        phase: Phase::Play {
            next: Side::First,
            passes: 0,
        },
        result: None,
        forced: false,
        carried: false,
    });
    Ok(vec![Visible::public(ClanWarEvent::Attack {
        battle: id,
        seat,
        from: state.map.hex_label(f),
        target: state.map.hex_label(t),
        defender: holder,
    })])
}
