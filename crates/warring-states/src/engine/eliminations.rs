//! Eliminations: a player who lost every state leaves, and its generals go to others.

use std::collections::BTreeMap;

use pbp_core::{
    Dice,
    engine::{Seat, Visible},
};

use crate::engine::generals::below_cap;
use crate::engine::{Events, pick_index};
use crate::error::WarringStatesError;
use crate::model::{GainReason, WarringStatesEvent};
use crate::state::WarringStatesState;

/// Eliminates every active player without a state: its rice and Kingdom are lost, and each of
/// its generals goes to a picked player below the cap who did not take its states (or is lost).
pub(crate) fn eliminate(
    state: &mut WarringStatesState,
    eliminators: &BTreeMap<Seat, Vec<Seat>>,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Result<(), WarringStatesError> {
    let mut out_now = Vec::new();
    for seat in state.active_seats() {
        if !state.holders.contains(&Some(seat)) {
            out_now.push(seat);
        }
    }
    for &seat in &out_now {
        if let Some(p) = state.player_mut(seat) {
            p.eliminated = true;
        }
    }
    for &seat in &out_now {
        let by = eliminators.get(&seat).cloned().unwrap_or_default();
        events.push(Visible::public(WarringStatesEvent::Eliminated {
            seat,
            by: by.clone(),
        }));
        let generals = state
            .player_mut(seat)
            .map(|p| {
                p.rice = 0;
                p.kingdom = None;
                std::mem::take(&mut p.generals)
            })
            .unwrap_or_default();
        for g in generals {
            let eligible = below_cap(state, &by);
            if eligible.is_empty() {
                events.push(Visible::public(WarringStatesEvent::GeneralLost {
                    seat,
                    general: g.id,
                    name: g.name.clone(),
                }));
                continue;
            }
            let to = eligible[pick_index(dice, eligible.len())?];
            if let Some(p) = state.player_mut(to) {
                p.generals.push(g.clone());
            }
            events.push(Visible::public(WarringStatesEvent::GeneralJoined {
                seat: to,
                general: g,
                reason: GainReason::Inherited { from: seat },
            }));
        }
    }
    Ok(())
}
