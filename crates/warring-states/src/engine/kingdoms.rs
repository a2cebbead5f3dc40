//! Kingdoms declared, checked on the holdings after the battles.

use std::collections::BTreeMap;

use pbp_core::engine::{Seat, Visible};

use crate::engine::Events;
use crate::model::{Order, OrderSheet, WarringStatesEvent};
use crate::state::WarringStatesState;

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
