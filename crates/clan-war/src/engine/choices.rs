//! The choices after a battle: Cunning's take and give, Tactical's new strategies.

use pbp_core::{
    Side,
    engine::{Seat, Visible},
};

use super::{Events, Res, choice_context, named, side_index, step_events, take_from_hand};
use crate::cards::CardNo;
use crate::clan::Strategy;
use crate::error::{ClanWarError, Refusal, illegal};
use crate::model::*;
use crate::state::*;

fn pending_index(b: &Battle, side: Side, want: impl Fn(&Pending) -> bool) -> Option<usize> {
    let Phase::Choices(list) = &b.phase else {
        return None;
    };
    list.iter().position(|p| {
        want(p)
            && match *p {
                Pending::Take(s) | Pending::Give(s) => s == side,
                Pending::Tactical { side: s, .. } => s == side,
            }
    })
}

fn finish_choice(b: &mut Battle, at: usize) {
    if let Phase::Choices(list) = &mut b.phase {
        list.remove(at);
        if list.is_empty() {
            b.phase = Phase::Draws;
        }
    }
}

/// A Cunning winner takes card `no` from the loser's hand, or nothing.
pub(super) fn take(
    state: &mut ClanWarState,
    seat: Seat,
    battle: u32,
    no: Option<CardNo>,
) -> Res<Events> {
    let (bi, side) = choice_context(state, seat, battle)?;
    let at = pending_index(&state.battles[bi], side, |p| matches!(p, Pending::Take(_)))
        .ok_or_else(|| ClanWarError::Illegal(Refusal::NoTake(named(state, battle, seat))))?;
    let mut events = step_events();
    if let Some(no) = no {
        let Some(other) = state.battles[bi].seat(side.other()) else {
            return illegal(Refusal::SpiritHasNoHand);
        };
        if !takeable(state, bi, side, other).any(|c| c == no) {
            let shown = &state.battles[bi].sides[side_index(side)].shown;
            return illegal(if shown.is_empty() || shown.contains(&no) {
                Refusal::NotInTheirHand(no)
            } else {
                Refusal::NotShown(no)
            });
        }
        take_from_hand(state, other, no)?;
        state.players[usize::from(seat.0)].hand.push(no);
        events.push(Visible::to(
            vec![other, seat],
            ClanWarEvent::CardPassed {
                seats: pair(other, seat),
                from: other,
                to: seat,
                card: no,
            },
        ));
        events.push(Visible::public(ClanWarEvent::CardMoved {
            from: other,
            to: seat,
        }));
    }
    finish_choice(&mut state.battles[bi], at);
    Ok(events)
}

/// The cards `side` may take in battle `bi` from `other`'s hand: those it was shown that are
/// still there (a card drawn since was never shown). A save from before the shown hand was kept
/// has none recorded: then the whole hand.
pub(crate) fn takeable<'a>(
    state: &'a ClanWarState,
    bi: usize,
    side: Side,
    other: Seat,
) -> impl Iterator<Item = CardNo> + 'a {
    let shown = &state.battles[bi].sides[side_index(side)].shown;
    state.players[usize::from(other.0)]
        .hand
        .iter()
        .copied()
        .filter(move |c| shown.is_empty() || shown.contains(c))
}

fn pair(a: Seat, b: Seat) -> [Seat; 2] {
    if a <= b { [a, b] } else { [b, a] }
}

/// A Cunning loser gives card `no` to the winner.
pub(super) fn give(state: &mut ClanWarState, seat: Seat, battle: u32, no: CardNo) -> Res<Events> {
    let (bi, side) = choice_context(state, seat, battle)?;
    let at = pending_index(&state.battles[bi], side, |p| matches!(p, Pending::Give(_)))
        .ok_or_else(|| ClanWarError::Illegal(Refusal::OweNone(named(state, battle, seat))))?;
    let Some(other) = state.battles[bi].seat(side.other()) else {
        return illegal(Refusal::SpiritTakesNone);
    };
    take_from_hand(state, seat, no)?;
    state.players[usize::from(other.0)].hand.push(no);
    finish_choice(&mut state.battles[bi], at);
    Ok(vec![
        Visible::to(
            vec![seat, other],
            ClanWarEvent::CardPassed {
                seats: pair(seat, other),
                from: seat,
                to: other,
                card: no,
            },
        ),
        Visible::public(ClanWarEvent::CardMoved {
            from: seat,
            to: other,
        }),
    ])
}

/// The slot a lost Tactical changes: the one not holding Tactical (the second if neither does).
fn other_slot(p: &Player) -> usize {
    if p.strategies[1].strategy == Strategy::Tactical {
        0
    } else {
        1
    }
}

fn set_temporary(p: &mut Player, slot: usize, to: Strategy, events: &mut Events) {
    let s = &mut p.strategies[slot];
    if s.strategy == to {
        return;
    }
    let from = s.strategy;
    let original = s.original.unwrap_or(s.strategy);
    s.strategy = to;
    s.original = if original == to { None } else { Some(original) };
    s.revert_after = None;
    events.push(Visible::public(ClanWarEvent::StrategyChanged {
        seat: p.seat,
        from,
        to,
        why: StrategyChange::Tactical,
    }));
}

/// A Tactical choice: the new strategies (two after a win, one after a loss) or none.
pub(super) fn tactical(
    state: &mut ClanWarState,
    seat: Seat,
    battle: u32,
    new: &[Strategy],
) -> Res<Events> {
    let (bi, side) = choice_context(state, seat, battle)?;
    let at = pending_index(&state.battles[bi], side, |p| {
        matches!(p, Pending::Tactical { .. })
    })
    .ok_or_else(|| ClanWarError::Illegal(Refusal::NoTactical(named(state, battle, seat))))?;
    let won = matches!(
        &state.battles[bi].phase,
        Phase::Choices(list) if matches!(list[at], Pending::Tactical { won: true, .. })
    );
    let p = &state.players[usize::from(seat.0)];
    let mut events = step_events();
    match (won, new.len()) {
        (_, 0) => {}
        (true, 2) => {
            if new[0] == new[1] {
                return illegal(Refusal::SameStrategies);
            }
            let p = &mut state.players[usize::from(seat.0)];
            set_temporary(p, 0, new[0], &mut events);
            set_temporary(p, 1, new[1], &mut events);
        }
        (false, 1) => {
            let slot = other_slot(p);
            if p.strategies[1 - slot].strategy == new[0] {
                return illegal(Refusal::AlreadyHave(new[0]));
            }
            set_temporary(
                &mut state.players[usize::from(seat.0)],
                slot,
                new[0],
                &mut events,
            );
        }
        (true, _) => {
            return illegal(Refusal::NameTwo);
        }
        (false, _) => {
            return illegal(Refusal::NameOne);
        }
    }
    finish_choice(&mut state.battles[bi], at);
    Ok(events)
}
