//! Rice and output: spending, investments, Mohist regrowth and income.

use std::collections::BTreeMap;

use pbp_core::engine::{Seat, Visible};

use crate::config::School;
use crate::engine::Events;
use crate::map::StateId;
use crate::model::{Order, OrderSheet, WarringStatesEvent};
use crate::state::WarringStatesState;

/// Spending: each sheet's Rice leaves its player's store.
pub(crate) fn spend(state: &mut WarringStatesState, sheets: &BTreeMap<Seat, OrderSheet>) {
    for (&seat, sheet) in sheets {
        let total = sheet.total(state, seat);
        if let Some(p) = state.player_mut(seat) {
            p.rice = p.rice.saturating_sub(total);
        }
    }
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
