//! The engine: an action applied, and a turn resolved phase by phase.
//!
//! Draws come in this order (the scripted-dice tests rely on it):
//! 1. dismissals, by seat then sheet order: a coin (heads joins a random other player below the
//!    cap, picked with a roll of 1..n when several; tails vanishes);
//! 2. battles, by target state in map order; per target, when the defence leaves a remainder
//!    and several attackers tie for the largest attack, a pick among them for the remainder;
//!    then per attacker in seat order the attacker's d10 then the defender's d10; then a coin
//!    (two) or a pick (more) among equally large winning attacks; then the deaths: each general
//!    of a failed attack (seat order) and of a failed defence tosses a coin (Elusive: a second
//!    coin after a first tails);
//! 3. eliminations: each general of an eliminated player goes to a picked eligible player;
//! 4. recruits, by seat: each new general's name, trait and skill;
//! 5. the next turn's gifts: a pick of the player gaining a general, then its general, then a
//!    general for each Militarist by seat.
//!
//! A new general draws: its name (a pick among the names), its trait (a roll of 1-5: Brave,
//! Cautious, Elusive, Just, none; a Militarist's 1-4), its skill (a coin: tails 1; heads another
//! coin: tails 2, heads 3).

pub(crate) mod battles;
pub(crate) mod economy;
pub(crate) mod end;
pub(crate) mod generals;
pub(crate) mod kingdoms;
pub(crate) mod sheets;

use std::collections::BTreeMap;

use pbp_core::{Coin, Dice, Seat, Visible, pick, strictly_higher};

use crate::config::{Rounding, School};
use crate::error::WarringStatesError;
use crate::legal::{may_send, waiting};
use crate::map::StateId;
use crate::model::WarringStatesAction;
use crate::model::{
    Battle, Force, GainReason, GeneralId, Order, OrderSheet, Trait, WarringStatesEvent,
};
use crate::setup::{check_join, seat_player};
use crate::state::WarringStatesState;
use crate::text::problems_for;
use battles::{Attack, fates, generals_of, largest};
use economy::{collect_income, invest, regrow, spend};
use end::end_turn;
use generals::{below_cap, dismiss, recruit};
use kingdoms::declare_kingdoms;
use pbp_core::{Actor, Audience};
use sheets::check_sheet;

/// Applies `action` of `actor` on a copy of the state, resolving the turn once every sheet is in;
/// the state changes only if the action is accepted.
pub(crate) fn apply(
    state: &mut WarringStatesState,
    actor: Actor,
    action: &WarringStatesAction,
    dice: &mut dyn Dice,
) -> Result<Vec<Visible<WarringStatesEvent>>, WarringStatesError> {
    if state.outcome.is_some() {
        return Err(WarringStatesError::Over);
    }
    let mut next = state.clone();
    let events = match (action, actor) {
        (WarringStatesAction::Orders(sheet), Actor::Seat(seat)) => {
            if may_send(&next, actor).is_none() {
                return Err(WarringStatesError::NotNow(format!(
                    "{} may not send orders now (not playing, eliminated, or already sent)",
                    next.seat_name(seat)
                )));
            }
            let raw = check_sheet(&next, seat, sheet);
            if !raw.is_empty() {
                return Err(WarringStatesError::Orders(problems_for(
                    &next, sheet, None, raw,
                )));
            }
            next.sheets.insert(seat, sheet.clone());
            let mut events = vec![
                Visible::public(WarringStatesEvent::Submitted { seat }),
                Visible {
                    audience: Audience::only(seat),
                    event: WarringStatesEvent::Sealed(next.sealed(seat, sheet)),
                },
            ];
            if waiting(&next).is_empty() {
                events.extend(resolve(&mut next, dice)?);
            }
            events
        }
        (WarringStatesAction::NoOrders { seat }, Actor::GameMaster) => {
            let seat = *seat;
            if may_send(&next, Actor::Seat(seat)).is_none() {
                return Err(WarringStatesError::NotNow(format!(
                    "{} has no orders to give now (not playing, eliminated, or already sent)",
                    next.seat_name(seat)
                )));
            }
            next.sheets.insert(
                seat,
                OrderSheet {
                    turn: next.turn,
                    orders: Vec::new(),
                    notes: Vec::new(),
                },
            );
            let mut events = vec![Visible::public(WarringStatesEvent::NoOrders { seat })];
            if waiting(&next).is_empty() {
                events.extend(resolve(&mut next, dice)?);
            }
            events
        }
        (WarringStatesAction::CloseTurn, Actor::GameMaster) => {
            let missing = waiting(&next);
            let mut events = vec![Visible::public(WarringStatesEvent::TurnClosed { missing })];
            events.extend(resolve(&mut next, dice)?);
            events
        }
        (WarringStatesAction::Join(spec), Actor::GameMaster) => {
            check_join(&next, spec)?;
            let rice = next.join_rice();
            seat_player(&mut next, spec, rice, dice)?
        }
        (WarringStatesAction::Orders(_), Actor::GameMaster) => {
            return Err(WarringStatesError::NotNow(
                "the game master does not send orders".into(),
            ));
        }
        (_, Actor::Seat(_)) => {
            return Err(WarringStatesError::NotNow(
                "only the game master closes turns, admits players and gives no orders for an absent player".into(),
            ));
        }
    };
    *state = next;
    Ok(events)
}

pub(crate) type Events = Vec<Visible<WarringStatesEvent>>;

pub(crate) fn toss(dice: &mut dyn Dice) -> Result<Coin, WarringStatesError> {
    Ok(Coin::toss(dice)?)
}

/// Picks an index among `n` (no draw when `n` is 1).
pub(crate) fn pick_index(dice: &mut dyn Dice, n: usize) -> Result<usize, WarringStatesError> {
    Ok(pick(dice, n as u32)? as usize)
}

/// Resolves the turn: reveals the sheets and applies them, phase by phase (spending, dismissals,
/// investments, battles with their transfers, pillage and eliminations, recruits, kingdoms,
/// Mohist regrowth, income, then the end of the turn); see the module docs for the draws.
pub(crate) fn resolve(
    state: &mut WarringStatesState,
    dice: &mut dyn Dice,
) -> Result<Events, WarringStatesError> {
    let mut events: Events = Vec::new();
    let sheets: BTreeMap<Seat, OrderSheet> = std::mem::take(&mut state.sheets);
    for (&seat, sheet) in &sheets {
        events.push(Visible::public(WarringStatesEvent::Revealed(
            state.sealed(seat, sheet),
        )));
    }
    spend(state, &sheets);
    dismiss(state, &sheets, dice, &mut events)?;
    invest(state, &sheets, &mut events);
    // Battles, all against the holdings at the start of the turn.
    let mut defences: BTreeMap<StateId, (Seat, u32, Vec<GeneralId>)> = BTreeMap::new();
    let mut attacks: BTreeMap<StateId, Vec<Attack>> = BTreeMap::new();
    for (&seat, sheet) in &sheets {
        for order in &sheet.orders {
            match order {
                Order::Defense {
                    state: s,
                    rice,
                    generals,
                } => {
                    defences.insert(*s, (seat, *rice, generals.clone()));
                }
                Order::Conquest {
                    state: s,
                    rice,
                    generals,
                } => attacks.entry(*s).or_default().push(Attack {
                    seat,
                    rice: *rice,
                    generals: generals.clone(),
                }),
                _ => {}
            }
        }
    }
    let before = state.clone();
    let mut conquests: Vec<(StateId, Seat, u32, bool, Option<u32>)> = Vec::new();
    for (&target, list) in &attacks {
        let holder = before.holders[usize::from(target)];
        let defence = match holder {
            Some(h) => defences.get(&target).filter(|d| d.0 == h).cloned(),
            None => Some((
                Seat(u16::MAX),
                if target == before.map.capital {
                    before.rules.capital_defence
                } else {
                    before.rules.independent_defence
                },
                Vec::new(),
            )),
        };
        let all: Vec<usize> = (0..list.len()).collect();
        let undefended_walk = holder.is_some()
            && defence.is_none()
            && !(before.rules.river_defends_empty
                && list.iter().any(|a| before.across_river(a.seat, target)));
        if undefended_walk {
            let (winner, tie) = largest(list, &all, dice)?;
            conquests.push((target, list[winner].seat, winner as u32, true, tie));
            continue;
        }
        let (d_rice, d_generals) = defence.map(|d| (d.1, d.2)).unwrap_or((0, Vec::new()));
        let k = list.len() as u32;
        let mut shares = vec![d_rice / k; list.len()];
        let leftover = d_rice % k;
        if leftover > 0 {
            let (at, _) = largest(list, &all, dice)?;
            shares[at] += leftover;
        }
        let mohist = match holder {
            Some(h)
                if d_rice >= 1 && before.player(h).is_some_and(|p| p.school == School::Mohist) =>
            {
                before.rules.mohist_bonus
            }
            _ => 0,
        };
        let d_gens = holder.map_or_else(Vec::new, |h| generals_of(&before, h, &d_generals, false));
        let d_gen_bonus: u32 = d_gens.iter().map(|g| g.bonus).sum();
        let mut winners = Vec::new();
        let mut losers = Vec::new();
        for (i, a) in list.iter().enumerate() {
            let a_gens = generals_of(&before, a.seat, &a.generals, true);
            let a_roll = dice.roll(10)?;
            let d_roll = dice.roll(10)?;
            let across = before.across_river(a.seat, target);
            let river = if across { before.rules.river_bonus } else { 0 };
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
            fates(state, list[i].seat, &list[i].generals, dice, &mut events)?;
        }
        if let Some((w, tie)) = taken {
            if let Some(h) = holder {
                fates(state, h, &d_generals, dice, &mut events)?;
            }
            conquests.push((target, list[w].seat, w as u32, false, tie));
        }
    }
    // Transfers and pillage.
    let mut eliminators: BTreeMap<Seat, Vec<Seat>> = BTreeMap::new();
    for &(target, to, index, walkover, tie_break) in &conquests {
        let from = before.holders[usize::from(target)];
        let attack = &attacks[&target][index as usize];
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
                    .filter(|g| attack.generals.contains(&g.id) && g.r#trait == Some(Trait::Just))
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
    // Eliminations.
    let mut out_now = Vec::new();
    for seat in state.active_seats() {
        if state.holdings(seat).is_empty() {
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
    recruit(state, &sheets, &before, dice, &mut events)?;
    declare_kingdoms(state, &sheets, &mut events);
    regrow(state, &mut events);
    collect_income(state, &mut events);
    end_turn(state, dice, &mut events)?;
    Ok(events)
}
