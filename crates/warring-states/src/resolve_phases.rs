//! The phases of a turn's resolution after the battles and around them, in the order
//! [`resolve`](crate::resolve::resolve) runs them; the draws each makes are in that module's docs.

use crate::error::WarringStatesError;
use crate::map::StateId;
use crate::model::{GainReason, Order, OrderSheet, School, WarringStatesEvent, WarringStatesState};
use pbp_core::{Coin, Dice, Seat, Visible};
use std::collections::BTreeMap;

use crate::resolve::{Events, below_cap, finish, gift, outcome, pick_index, take_general, toss};

/// Spending: each sheet's Rice leaves its player's store.
pub(crate) fn spend(state: &mut WarringStatesState, sheets: &BTreeMap<Seat, OrderSheet>) {
    for (&seat, sheet) in sheets {
        let total = sheet.total(state, seat);
        if let Some(p) = state.player_mut(seat) {
            p.rice = p.rice.saturating_sub(total);
        }
    }
}

/// Dismissals, by seat then sheet order: a coin each (heads: the general joins a random
/// other player below the cap; tails: it vanishes).
pub(crate) fn dismiss(
    state: &mut WarringStatesState,
    sheets: &BTreeMap<Seat, OrderSheet>,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Result<(), WarringStatesError> {
    for (&seat, sheet) in sheets {
        for order in &sheet.orders {
            let Order::Dismiss { general } = order else {
                continue;
            };
            let Some(g) = take_general(state, seat, *general) else {
                continue;
            };
            let coin = toss(dice)?;
            let mut joined = None;
            if coin == Coin::Heads {
                let eligible = below_cap(state, &[seat]);
                if !eligible.is_empty() {
                    let to = eligible[pick_index(dice, eligible.len())?];
                    if let Some(p) = state.player_mut(to) {
                        p.generals.push(g.clone());
                    }
                    joined = Some(to);
                }
            }
            events.push(Visible::public(WarringStatesEvent::Dismissed {
                seat,
                general: g.clone(),
                coin,
                joined,
            }));
            if let Some(to) = joined {
                events.push(Visible::public(WarringStatesEvent::GeneralJoined {
                    seat: to,
                    general: g,
                    reason: GainReason::Dismissed { from: seat },
                }));
            }
        }
    }
    Ok(())
}

/// Investments: each raises its state's output by the Rice over the cost, up to the maximum.
pub(crate) fn invest(
    state: &mut WarringStatesState,
    sheets: &BTreeMap<Seat, OrderSheet>,
    events: &mut Events,
) {
    for (&seat, sheet) in sheets {
        for order in &sheet.orders {
            let Order::Invest { state: s, rice } = order else {
                continue;
            };
            let cost = state.invest_cost(seat, *s);
            let gain = u8::try_from(rice / cost).unwrap_or(u8::MAX);
            let ix = usize::from(*s);
            let output = state.output[ix]
                .saturating_add(gain)
                .min(state.rules.max_output);
            state.output[ix] = output;
            events.push(Visible::public(WarringStatesEvent::Invested {
                seat,
                state: *s,
                rice: *rice,
                gain,
                output,
            }));
        }
    }
}

/// Recruits, by seat: a new general each, or the Rice back for one above the cap (costs as
/// at the start of the turn, in `before`).
pub(crate) fn recruit(
    state: &mut WarringStatesState,
    sheets: &BTreeMap<Seat, OrderSheet>,
    before: &WarringStatesState,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Result<(), WarringStatesError> {
    for (&seat, sheet) in sheets {
        if state.player(seat).is_none_or(|p| p.eliminated) {
            continue;
        }
        let cost = before.recruit_cost(seat);
        for order in &sheet.orders {
            let Order::Recruit { count } = order else {
                continue;
            };
            for _ in 0..*count {
                if !gift(state, seat, GainReason::Recruited, dice, events)? {
                    if let Some(p) = state.player_mut(seat) {
                        p.rice = p.rice.saturating_add(cost);
                    }
                    events.push(Visible::public(WarringStatesEvent::Refunded {
                        seat,
                        rice: cost,
                    }));
                }
            }
        }
    }
    Ok(())
}

/// Kingdoms declared, checked on the holdings after the battles.
pub(crate) fn declare_kingdoms(
    state: &mut WarringStatesState,
    sheets: &BTreeMap<Seat, OrderSheet>,
    events: &mut Events,
) {
    for (&seat, sheet) in sheets {
        for order in &sheet.orders {
            let Order::DeclareKingdom { state: s } = order else {
                continue;
            };
            if state
                .player(seat)
                .is_none_or(|p| p.eliminated || p.kingdom.is_some())
            {
                continue;
            }
            if !state.kingdom_ready(seat, *s) {
                events.push(Visible::public(WarringStatesEvent::KingdomFailed {
                    seat,
                    state: *s,
                }));
                continue;
            }
            if let Some(p) = state.player_mut(seat) {
                p.kingdom = Some(*s);
            }
            events.push(Visible::public(WarringStatesEvent::Kingdom {
                seat,
                state: *s,
            }));
        }
    }
}

/// Mohist regrowth: a Mohist's state at output 0 grows back to 1.
pub(crate) fn regrow(state: &mut WarringStatesState, events: &mut Events) {
    for s in 0..state.map.len() {
        if state.output[s] == 0
            && let Some(h) = state.holders[s]
            && state.player(h).is_some_and(|p| p.school == School::Mohist)
        {
            state.output[s] = 1;
            events.push(Visible::public(WarringStatesEvent::Regrew {
                state: s as StateId,
            }));
        }
    }
}

/// Income: every active player collects its states' output.
pub(crate) fn collect_income(state: &mut WarringStatesState, events: &mut Events) {
    for seat in state.active_seats() {
        let gained = state.income(seat);
        if let Some(p) = state.player_mut(seat) {
            p.rice = p.rice.saturating_add(gained);
            let rice = p.rice;
            events.push(Visible::public(WarringStatesEvent::Income {
                seat,
                gained,
                rice,
            }));
        }
    }
}

/// Victory and the limits, then the next turn and its gifts.
pub(crate) fn end_turn(
    state: &mut WarringStatesState,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Result<(), WarringStatesError> {
    if let Some(seat) = state
        .active_seats()
        .into_iter()
        .find(|&s| state.imperial(s))
    {
        let outcome = outcome(
            state,
            vec![seat],
            format!(
                "{} holds the imperial capital and {} KINGDOM-type states in one dominion: Imperial victory",
                state.seat_name(seat),
                state.kingdom_states_held(seat) - 1
            ),
        );
        finish(state, outcome, events);
        return Ok(());
    }
    state.turn += 1;
    if state.turn > state.rules.turn_limit {
        let outcome = outcome(
            state,
            Vec::new(),
            format!("the turn limit of {} was reached", state.rules.turn_limit),
        );
        finish(state, outcome, events);
        return Ok(());
    }
    if state.active_seats().is_empty() && !state.joining_open() {
        let outcome = outcome(
            state,
            Vec::new(),
            "no player is left and joining is closed".into(),
        );
        finish(state, outcome, events);
        return Ok(());
    }
    events.push(Visible::public(WarringStatesEvent::TurnBegan {
        turn: state.turn,
    }));
    let eligible = below_cap(state, &[]);
    if !eligible.is_empty() {
        let seat = eligible[pick_index(dice, eligible.len())?];
        gift(state, seat, GainReason::TurnGift, dice, events)?;
    }
    for seat in state.active_seats() {
        if state
            .player(seat)
            .is_some_and(|p| p.school == School::Militarist)
        {
            gift(state, seat, GainReason::Militarist, dice, events)?;
        }
    }
    Ok(())
}
