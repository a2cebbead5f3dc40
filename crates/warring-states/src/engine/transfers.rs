//! Transfers: each conquered state changes hands and is pillaged.

use std::collections::BTreeMap;

use pbp_core::engine::{Seat, Visible};

use crate::config::{Rounding, School};
use crate::engine::Events;
use crate::engine::battles::Conquest;
use crate::model::{Trait, WarringStatesEvent};
use crate::state::WarringStatesState;

/// Hands each conquered state to its conqueror, pillaging half its output (less for a Taoist
/// and for each Just general of the attack). Returns, for each player who lost a state, the
/// players who took one (its eliminators, should it have lost its last).
pub(crate) fn transfer(
    state: &mut WarringStatesState,
    conquests: &[Conquest<'_>],
    events: &mut Events,
) -> BTreeMap<Seat, Vec<Seat>> {
    let mut eliminators: BTreeMap<Seat, Vec<Seat>> = BTreeMap::new();
    for c in conquests {
        let Conquest {
            target,
            to,
            walkover,
            tie_break,
            ..
        } = *c;
        let from = state.holders[usize::from(target)];
        let ix = usize::from(target);
        let output = state.output[ix];
        let half = match state.rules.pillage_rounding {
            Rounding::Up => output.div_ceil(2),
            Rounding::Down => output / 2,
        };
        let mut relief = 0_u8;
        if state.player(to).is_some_and(|p| p.school == School::Taoist) {
            relief += 1;
        }
        if let Some(p) = state.player(to) {
            relief = relief.saturating_add(
                p.generals
                    .iter()
                    .filter(|g| c.generals.contains(&g.id) && g.r#trait == Some(Trait::Just))
                    .count() as u8,
            );
        }
        let pillage = half.saturating_sub(relief);
        state.output[ix] = output - pillage;
        state.holders[ix] = Some(to);
        if let Some(f) = from {
            let by = eliminators.entry(f).or_default();
            if !by.contains(&to) {
                by.push(to);
            }
        }
        events.push(Visible::public(WarringStatesEvent::Conquered {
            state: target,
            from,
            to,
            walkover,
            tie_break,
            pillage,
            output: state.output[ix],
        }));
    }
    eliminators
}
