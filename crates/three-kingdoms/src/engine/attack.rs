//! The Combat Phase's actions, each its check and its apply: declaring an attack, and the
//! defender's interception and follow-up. `combat` holds the fight they lead to.

use pbp_core::engine::Seat;

use super::{Events, Res, Stage, can_attack, can_be_attacked, can_intercept, fight, lose};
use super::{public, resolve_interception, tr};
use crate::error::Refusal;
use crate::model::{FightResult, ThreeKingdomsEvent};
use crate::state::{Pending, ThreeKingdomsState, other};

/// Checks `attack ATTACKER on TARGET`: in the Combat Phase, a character that may attack now
/// (not fresh, unless the rules allow it) on an enemy character it may attack.
pub(crate) fn check_attack(
    state: &ThreeKingdomsState,
    seat: Seat,
    stage: Stage,
    attacker: u32,
    target: u32,
) -> Res<()> {
    if !stage.combat {
        return Err(Refusal::AttackPhase.into());
    }
    if state.character(seat, attacker).is_some_and(|c| c.attacked) {
        return Err(Refusal::AttacksOnce.into());
    }
    if !can_attack(state, seat, attacker) {
        return Err(Refusal::CannotAttack.into());
    }
    if state
        .character(seat, attacker)
        .is_some_and(|c| c.fresh && !state.rules.attack_when_summoned)
    {
        return Err(Refusal::Fresh.into());
    }
    if !can_be_attacked(state, tr(seat, attacker), tr(other(seat), target)) {
        return Err(Refusal::CannotBeAttacked.into());
    }
    Ok(())
}

/// The attacker taps and the attack is declared: an Ambush it uncovers foils it, any other
/// target waits for the defender's interception.
pub(crate) fn attack(
    state: &mut ThreeKingdomsState,
    seat: Seat,
    attacker: u32,
    target: u32,
    events: &mut Events,
) {
    let t = tr(other(seat), target);
    if let Some(ch) = state.character_mut(seat, attacker) {
        ch.tapped = true;
        ch.attacked = true;
    }
    public(
        events,
        ThreeKingdomsEvent::AttackDeclared {
            attacker: tr(seat, attacker),
            target: t,
        },
    );
    let hidden = state
        .character(t.seat, t.card)
        .is_some_and(|c| c.ambush && !c.ambush_revealed);
    if hidden {
        if let Some(ch) = state.character_mut(t.seat, t.card) {
            ch.ambush_revealed = true;
        }
        public(events, ThreeKingdomsEvent::AmbushFoiled { general: t });
    } else {
        state.pending = Some(Pending::Intercept {
            attacker,
            target: t,
        });
    }
}

/// Checks `intercept GENERALS` (or `intercept none`): the defender, an attack waiting, each
/// General once and able to intercept.
pub(crate) fn check_intercept(
    state: &ThreeKingdomsState,
    seat: Seat,
    stage: Stage,
    with: &[u32],
) -> Res<()> {
    let Some(Pending::Intercept { target, .. }) = &state.pending else {
        return Err(Refusal::NoAttackWaiting.into());
    };
    if stage.active {
        return Err(Refusal::OnlyDefenderIntercepts.into());
    }
    for (i, &g) in with.iter().enumerate() {
        if with[..i].contains(&g) {
            return Err(Refusal::InterceptsOnce.into());
        }
        if !can_intercept(state, seat, g, *target) {
            return Err(Refusal::CannotIntercept.into());
        }
    }
    Ok(())
}

/// The defender's interception, fought General by General.
pub(crate) fn intercept(
    state: &mut ThreeKingdomsState,
    seat: Seat,
    with: &[u32],
    events: &mut Events,
) -> Res<()> {
    let Some(Pending::Intercept { attacker, target }) = state.pending.take() else {
        return Err(Refusal::NoAttackWaiting.into());
    };
    public(
        events,
        ThreeKingdomsEvent::Intercepted {
            seat,
            with: with.to_vec(),
        },
    );
    resolve_interception(state, seat, attacker, target, with, events);
    Ok(())
}

/// Checks `follow GENERAL` (or `follow none`): the defender, a follow-up possible, a character
/// that may attack.
pub(crate) fn check_follow_up(
    state: &ThreeKingdomsState,
    seat: Seat,
    stage: Stage,
    with: Option<u32>,
) -> Res<()> {
    let Some(Pending::FollowUp { .. }) = &state.pending else {
        return Err(Refusal::NoFollowUp.into());
    };
    if stage.active {
        return Err(Refusal::OnlyDefenderFollowsUp.into());
    }
    match with {
        Some(g) if !can_attack(state, seat, g) => Err(Refusal::CannotAttack.into()),
        _ => Ok(()),
    }
}

/// The defender's follow-up attack on the attacker, if it makes one.
pub(crate) fn follow_up(
    state: &mut ThreeKingdomsState,
    seat: Seat,
    with: Option<u32>,
    events: &mut Events,
) -> Res<()> {
    let Some(Pending::FollowUp { attacker }) = state.pending.take() else {
        return Err(Refusal::NoFollowUp.into());
    };
    public(events, ThreeKingdomsEvent::FollowUpChosen { seat, with });
    if let Some(g) = with {
        if let Some(ch) = state.character_mut(seat, g) {
            ch.tapped = true;
        }
        let f = tr(seat, g);
        let a = tr(state.active, attacker);
        if state.character(a.seat, a.card).is_some() {
            match fight(state, f, a, [true, false], events) {
                FightResult::AttackerWins => lose(state, a.seat, a.card, events),
                FightResult::DefenderWins => lose(state, seat, g, events),
                FightResult::BothLose => {
                    lose(state, a.seat, a.card, events);
                    lose(state, seat, g, events);
                }
            }
        }
    }
    Ok(())
}
