//! Battles: the forces of each side, the largest attack, and the fates of generals who lose.

use pbp_core::{Coin, Dice, Seat, Visible};

use crate::engine::generals::take_general;
use crate::engine::{Events, pick_index, toss};
use crate::error::WarringStatesError;
use crate::model::{GeneralId, GeneralInBattle, Trait, WarringStatesEvent};
use crate::state::WarringStatesState;

pub(crate) fn generals_of(
    state: &WarringStatesState,
    seat: Seat,
    ids: &[GeneralId],
    attacking: bool,
) -> Vec<GeneralInBattle> {
    let Some(p) = state.player(seat) else {
        return Vec::new();
    };
    ids.iter()
        .filter_map(|id| p.generals.iter().find(|g| g.id == *id))
        .map(|g| GeneralInBattle {
            id: g.id,
            name: g.name.clone(),
            r#trait: g.r#trait,
            bonus: g
                .bonus(attacking)
                .min(state.rules.general_bonus_cap.unwrap_or(u32::MAX)),
        })
        .collect()
}

/// Each general of a failed attack or defence tosses for its life.
pub(crate) fn fates(
    state: &mut WarringStatesState,
    seat: Seat,
    ids: &[GeneralId],
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Result<(), WarringStatesError> {
    for &id in ids {
        let Some(g) = state
            .player(seat)
            .and_then(|p| p.generals.iter().find(|g| g.id == id))
            .cloned()
        else {
            continue;
        };
        let mut tosses = vec![toss(dice)?];
        if g.r#trait == Some(Trait::Elusive) && tosses[0] == Coin::Tails {
            tosses.push(toss(dice)?);
        }
        let died = tosses.iter().all(|&c| c == Coin::Tails);
        if died {
            take_general(state, seat, id);
        }
        events.push(Visible::public(WarringStatesEvent::GeneralFate {
            seat,
            general: id,
            name: g.name,
            tosses,
            died,
        }));
    }
    Ok(())
}

pub(crate) struct Attack {
    pub(crate) seat: Seat,
    pub(crate) rice: u32,
    pub(crate) generals: Vec<GeneralId>,
}

/// Picks the largest attack among `candidates` (indices into `attacks`), ties by a coin toss
/// (two) or a pick (more).
pub(crate) fn largest(
    attacks: &[Attack],
    candidates: &[usize],
    dice: &mut dyn Dice,
) -> Result<(usize, Option<u32>), WarringStatesError> {
    let top = candidates
        .iter()
        .map(|&i| attacks[i].rice)
        .max()
        .unwrap_or(0);
    let tied: Vec<usize> = candidates
        .iter()
        .copied()
        .filter(|&i| attacks[i].rice == top)
        .collect();
    match tied.len() {
        0 => Err(WarringStatesError::NotNow("no attack to choose".into())),
        1 => Ok((tied[0], None)),
        2 => {
            let coin = toss(dice)?;
            let at = usize::from(coin == Coin::Tails);
            Ok((tied[at], Some(at as u32 + 1)))
        }
        n => {
            let at = pick_index(dice, n)?;
            Ok((tied[at], Some(at as u32 + 1)))
        }
    }
}
