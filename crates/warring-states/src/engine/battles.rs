//! The battles of a turn, all against the holdings at the start of the turn: the forces of each
//! side, the d10s, the largest attack, the fates of generals who lose, and the conquests won.

use std::collections::BTreeMap;

use pbp_core::{
    Coin, Dice,
    engine::{Seat, Visible},
    strictly_higher,
};

use crate::config::School;
use crate::engine::generals::take_general;
use crate::engine::{Events, pick_index, toss};
use crate::error::{Refusal, WarringStatesError};
use crate::map::StateId;
use crate::model::{
    Battle, Force, GeneralId, GeneralInBattle, Order, OrderSheet, Trait, WarringStatesEvent,
};
use crate::state::WarringStatesState;

/// The generals `ids` of `seat` as they fight, with their bonuses.
fn generals_of(
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
fn fates(
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

/// One conquest order.
struct Attack<'a> {
    seat: Seat,
    rice: u32,
    generals: &'a [GeneralId],
}

/// Picks the largest attack among `candidates` (indices into `attacks`), ties by a coin toss
/// (two) or a pick (more).
fn largest(
    attacks: &[Attack<'_>],
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
        0 => Err(WarringStatesError::NotNow(Refusal::NoAttackToChoose)),
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

/// A state won: by whom, with which generals, and how.
pub(crate) struct Conquest<'a> {
    /// The state.
    pub(crate) target: StateId,
    /// The winning attacker.
    pub(crate) to: Seat,
    /// The generals of the winning attack (a Just general pillages less).
    pub(crate) generals: &'a [GeneralId],
    /// Taken without a battle (undefended).
    pub(crate) walkover: bool,
    /// The coin toss or pick that settled a tie of equal winning attacks.
    pub(crate) tie_break: Option<u32>,
}

/// Fights every battle, by target state in map order, against the holdings after the
/// investments (no state changes hands before every battle is fought; each general fights in
/// one battle at most, so those who die in one are in no other). Whether an attack crosses the
/// river is decided by `launches_at_start`, the states that could launch an attack when the
/// turn began (not devastated then): a state invested out of devastation this turn launches
/// attacks only from the next. Returns the conquests in that order.
pub(crate) fn fight<'a>(
    state: &mut WarringStatesState,
    sheets: &'a BTreeMap<Seat, OrderSheet>,
    launches_at_start: &[bool],
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Result<Vec<Conquest<'a>>, WarringStatesError> {
    let mut defences: BTreeMap<StateId, (Seat, u32, &[GeneralId])> = BTreeMap::new();
    let mut attacks: BTreeMap<StateId, Vec<Attack>> = BTreeMap::new();
    for (&seat, sheet) in sheets {
        for order in &sheet.orders {
            match order {
                Order::Defense {
                    state: s,
                    rice,
                    generals,
                } => {
                    defences.insert(*s, (seat, *rice, generals));
                }
                Order::Conquest {
                    state: s,
                    rice,
                    generals,
                } => attacks.entry(*s).or_default().push(Attack {
                    seat,
                    rice: *rice,
                    generals,
                }),
                _ => {}
            }
        }
    }
    let launches = |n: StateId| launches_at_start.get(usize::from(n)) == Some(&true);
    let mut conquests: Vec<Conquest<'a>> = Vec::new();
    for (&target, list) in &attacks {
        let holder = state.holders[usize::from(target)];
        let defence = match holder {
            Some(h) => defences.get(&target).filter(|d| d.0 == h).copied(),
            None => Some((
                Seat(u16::MAX),
                if target == state.map.capital {
                    state.rules.capital_defence
                } else {
                    state.rules.independent_defence
                },
                &[][..],
            )),
        };
        let all: Vec<usize> = (0..list.len()).collect();
        let undefended_walk = holder.is_some()
            && defence.is_none()
            && !(state.rules.river_defends_empty
                && list
                    .iter()
                    .any(|a| state.across_river_with(a.seat, target, launches)));
        if undefended_walk {
            let (winner, tie) = largest(list, &all, dice)?;
            conquests.push(Conquest {
                target,
                to: list[winner].seat,
                generals: list[winner].generals,
                walkover: true,
                tie_break: tie,
            });
            continue;
        }
        let (d_rice, d_generals) = defence.map_or((0, &[][..]), |d| (d.1, d.2));
        let k = list.len() as u32;
        let mut shares = vec![d_rice / k; list.len()];
        let leftover = d_rice % k;
        if leftover > 0 {
            let (at, _) = largest(list, &all, dice)?;
            shares[at] += leftover;
        }
        let mohist = match holder {
            Some(h)
                if d_rice >= 1 && state.player(h).is_some_and(|p| p.school == School::Mohist) =>
            {
                state.rules.mohist_bonus
            }
            _ => 0,
        };
        let d_gens = holder.map_or_else(Vec::new, |h| generals_of(state, h, d_generals, false));
        let d_gen_bonus: u32 = d_gens.iter().map(|g| g.bonus).sum();
        let mut winners = Vec::new();
        let mut losers = Vec::new();
        for (i, a) in list.iter().enumerate() {
            let a_gens = generals_of(state, a.seat, a.generals, true);
            let a_roll = dice.roll(10)?;
            let d_roll = dice.roll(10)?;
            let across = state.across_river_with(a.seat, target, launches);
            let river = if across { state.rules.river_bonus } else { 0 };
            let a_bonus = a_gens.iter().fold(0_u32, |t, g| t.saturating_add(g.bonus));
            let a_total = a.rice.saturating_add(a_roll).saturating_add(a_bonus);
            let d_total = shares[i]
                .saturating_add(d_roll)
                .saturating_add(mohist)
                .saturating_add(river)
                .saturating_add(d_gen_bonus);
            let won = strictly_higher(i64::from(a_total), i64::from(d_total));
            if won {
                winners.push(i);
            } else {
                losers.push(i);
            }
            events.push(Visible::public(WarringStatesEvent::Battle(Battle {
                target,
                defender: holder,
                attacker: a.seat,
                attack: Force {
                    rice: a.rice,
                    roll: a_roll,
                    generals: a_gens,
                    mohist: 0,
                    river: 0,
                    total: a_total,
                },
                defence: Force {
                    rice: shares[i],
                    roll: d_roll,
                    generals: d_gens.clone(),
                    mohist,
                    river,
                    total: d_total,
                },
                across_river: across,
                attacker_won: won,
            })));
        }
        let taken = if winners.is_empty() {
            None
        } else {
            let (w, tie) = largest(list, &winners, dice)?;
            Some((w, tie))
        };
        for &i in &losers {
            fates(state, list[i].seat, list[i].generals, dice, events)?;
        }
        if let Some((w, tie)) = taken {
            if let Some(h) = holder {
                fates(state, h, d_generals, dice, events)?;
            }
            conquests.push(Conquest {
                target,
                to: list[w].seat,
                generals: list[w].generals,
                walkover: false,
                tie_break: tie,
            });
        }
    }
    Ok(conquests)
}
