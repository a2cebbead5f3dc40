//! Defensive cards: what each may nullify, and the owner's choice.

use pbp_core::{
    Side,
    engine::{Seat, Visible},
};

use super::{Events, Res, auto_sides, battle_index, card, side_index, step_events};
use crate::clan::Strategy;
use crate::error::{Refusal, illegal};
use crate::model::*;
use crate::state::*;

/// Whether a played card's own effects apply: not nullified, and not played through a Ring when
/// the option `ring_cards_take_effect` is off.
pub(super) fn takes_effect(p: &Played, ring_cards: bool) -> bool {
    !p.nullified && (ring_cards || !p.via_ring)
}

fn is_defensive(p: &Played, ring_cards: bool) -> bool {
    p.strategy_on
        && (ring_cards || !p.via_ring)
        && card(p.card).strategy() == Some(Strategy::Defensive)
}

/// The targets the Defensive card at `index` may nullify.
fn nullify_candidates(b: &Battle, index: usize) -> Vec<NullifyTarget> {
    let side = b.played[index].side;
    let mut out: Vec<NullifyTarget> = b
        .played
        .iter()
        .filter(|p| p.side != side && !p.nullified)
        .map(|p| NullifyTarget::Card(p.card))
        .collect();
    if side == Side::First && b.defender == Defender::SpiritArmy && !b.experienced_nullified {
        out.push(NullifyTarget::Experienced);
    }
    out
}

/// The Defensive card now waiting for its owner's choice, with its candidates.
/// `ring_cards` is the option `ring_cards_take_effect`.
pub(crate) fn nullify_waiting(b: &Battle, ring_cards: bool) -> Option<(usize, Vec<NullifyTarget>)> {
    let Phase::Nullify { done } = &b.phase else {
        return None;
    };
    let index = (0..b.played.len()).find(|&i| {
        is_defensive(&b.played[i], ring_cards) && !b.played[i].nullified && !done.contains(&i)
    })?;
    Some((index, nullify_candidates(b, index)))
}

fn apply_nullify(b: &mut Battle, target: NullifyTarget, events: &mut Events) {
    match target {
        NullifyTarget::Experienced => b.experienced_nullified = true,
        NullifyTarget::Card(no) => {
            if let Some(p) = b.played.iter_mut().find(|p| p.card == no) {
                p.nullified = true;
            }
        }
    }
    events.push(Visible::public(ClanWarEvent::Nullified {
        battle: b.id,
        target,
    }));
}

/// Handles Defensive cards in play order: no target skips, one target is automatic, more wait
/// for the owner's choice (a side that acts by itself, `auto`, makes none: its card nullifies
/// nothing). Then the battle goes to the roll.
pub(super) fn advance_nullify(
    b: &mut Battle,
    ring_cards: bool,
    auto: [bool; 2],
    events: &mut Events,
) {
    while let Some((index, candidates)) = nullify_waiting(b, ring_cards) {
        let by_itself = auto[side_index(b.played[index].side)];
        if candidates.len() > 1 && !by_itself {
            return;
        }
        if let (Some(&target), 1) = (candidates.first(), candidates.len()) {
            apply_nullify(b, target, events);
        }
        if let Phase::Nullify { done } = &mut b.phase {
            done.push(index);
        }
    }
    if matches!(b.phase, Phase::Nullify { .. }) {
        b.phase = Phase::Roll;
    }
}

/// The owner's choice of what its waiting Defensive card nullifies.
pub(super) fn nullify(
    state: &mut ClanWarState,
    seat: Seat,
    battle: u32,
    target: NullifyTarget,
) -> Res<Events> {
    let bi = battle_index(state, battle)?;
    let ring_cards = state.config.options.ring_cards_take_effect;
    let auto = auto_sides(state, &state.battles[bi]);
    let mut events = step_events();
    nullify_in(
        &mut state.battles[bi],
        seat,
        target,
        ring_cards,
        auto,
        &mut events,
    )?;
    Ok(events)
}

/// `seat`'s Defensive choice `target` made in battle `b` (whose sides act by themselves as
/// `auto` says), then the next Defensive cards handled: a battle's own step, which the bot
/// tries on a copy of the battle alone. Refused before any change.
pub(crate) fn nullify_in(
    b: &mut Battle,
    seat: Seat,
    target: NullifyTarget,
    ring_cards: bool,
    auto: [bool; 2],
    events: &mut Events,
) -> Res<()> {
    let Some((index, candidates)) = nullify_waiting(b, ring_cards) else {
        return illegal(Refusal::NoDefensive);
    };
    if b.seat(b.played[index].side) != Some(seat) {
        return illegal(Refusal::NotYourDefensive);
    }
    if !candidates.contains(&target) {
        return illegal(Refusal::NotNullifiable);
    }
    apply_nullify(b, target, events);
    if let Phase::Nullify { done } = &mut b.phase {
        done.push(index);
    }
    advance_nullify(b, ring_cards, auto, events);
    Ok(())
}
