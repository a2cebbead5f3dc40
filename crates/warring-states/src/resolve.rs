//! Resolving a turn: the order in which everything happens, and every random draw.
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

use std::collections::BTreeMap;

use pbp_core::{Coin, Dice, Outcome, Seat, Visible, pick, strictly_higher};

use crate::error::WarringStatesError;
use crate::map::StateId;
use crate::model::{
    Battle, Force, GainReason, General, GeneralId, GeneralInBattle, Order, OrderSheet, Rounding,
    School, Trait, WarringStatesEvent, WarringStatesState,
};
use crate::resolve_phases::{
    collect_income, declare_kingdoms, dismiss, end_turn, invest, recruit, regrow, spend,
};

/// Names generals are drawn from.
pub const GENERAL_NAMES: [&str; 48] = [
    "Bai Qi",
    "Wang Jian",
    "Lian Po",
    "Li Mu",
    "Tian Dan",
    "Yue Yi",
    "Sun Bin",
    "Pang Juan",
    "Wu Qi",
    "Sima Cuo",
    "Meng Tian",
    "Zhao She",
    "Wang Ben",
    "Meng Ao",
    "Huan Yi",
    "Xiang Yan",
    "Zhuang Qiao",
    "Yue Yang",
    "Pang Nuan",
    "Tian Ji",
    "Kuang Zhang",
    "Sima Rangju",
    "Gongsun Yan",
    "Jing She",
    "Zhao Kuo",
    "Wei Liao",
    "Sun Ce",
    "Cao Ren",
    "Lu Zhou",
    "Le Cheng",
    "Hu Shang",
    "Qu Gai",
    "Jing Yang",
    "Teng Hu",
    "Xin Sheng",
    "Zhang Tang",
    "Meng Wu",
    "Li Xin",
    "Yang Duanhe",
    "Feng Ting",
    "Gongsun Xi",
    "Shen Buhai",
    "Mi Rong",
    "Tang Mei",
    "Zhang Yi",
    "Su Qin",
    "Fan Ju",
    "Chen Zhen",
];

pub(crate) type Events = Vec<Visible<WarringStatesEvent>>;

pub(crate) fn toss(dice: &mut dyn Dice) -> Result<Coin, WarringStatesError> {
    Ok(Coin::toss(dice)?)
}

/// Picks an index among `n` (no draw when `n` is 1).
pub(crate) fn pick_index(dice: &mut dyn Dice, n: usize) -> Result<usize, WarringStatesError> {
    Ok(pick(dice, n as u32)? as usize)
}

/// "II", "III", ... for the `n`th general of one name (`n` from 2).
fn numeral(n: usize) -> String {
    const ROMAN: [&str; 9] = ["II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];
    ROMAN
        .get(n.wrapping_sub(2))
        .map_or_else(|| n.to_string(), |r| (*r).to_owned())
}

/// The names a new general may get: the names of [`GENERAL_NAMES`] that no general now in the
/// game bears, in that order; once all are borne, the same names with "II" (then "III", ...).
fn free_names(state: &WarringStatesState) -> Vec<String> {
    let borne: Vec<&str> = state
        .players
        .iter()
        .flat_map(|p| p.generals.iter())
        .map(|g| g.name.as_str())
        .collect();
    // Each generation has 48 names, so one within `borne.len() / 48 + 1` has a free name.
    for generation in 1..=borne.len() / GENERAL_NAMES.len() + 1 {
        let free: Vec<String> = GENERAL_NAMES
            .iter()
            .map(|n| {
                if generation == 1 {
                    (*n).to_owned()
                } else {
                    format!("{n} {}", numeral(generation))
                }
            })
            .filter(|n| !borne.contains(&n.as_str()))
            .collect();
        if !free.is_empty() {
            return free;
        }
    }
    GENERAL_NAMES.iter().map(|n| (*n).to_owned()).collect()
}

/// Draws a new general for a player of `school`. Its name is drawn among the names no general
/// in the game bears (see `free_names`), so that no roster, and no summary, has two generals
/// of one name.
pub(crate) fn new_general(
    state: &mut WarringStatesState,
    school: School,
    dice: &mut dyn Dice,
) -> Result<General, WarringStatesError> {
    let mut names = free_names(state);
    let name = names.swap_remove(pick_index(dice, names.len())?);
    let r#trait = if school == School::Militarist {
        Some(Trait::ALL[pick_index(dice, 4)?])
    } else {
        Trait::ALL.get(pick_index(dice, 5)?).copied()
    };
    let skill = match toss(dice)? {
        Coin::Tails => 1,
        Coin::Heads => match toss(dice)? {
            Coin::Tails => 2,
            Coin::Heads => 3,
        },
    };
    let id = state.next_general;
    state.next_general += 1;
    Ok(General {
        id,
        name,
        r#trait,
        skill,
    })
}

/// Gives `seat` a new general if it is below its cap.
pub(crate) fn gift(
    state: &mut WarringStatesState,
    seat: Seat,
    reason: GainReason,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Result<bool, WarringStatesError> {
    let Some(p) = state.player(seat) else {
        return Ok(false);
    };
    if p.generals.len() as u32 >= state.general_cap(seat) {
        return Ok(false);
    }
    let school = p.school;
    let general = new_general(state, school, dice)?;
    if let Some(p) = state.player_mut(seat) {
        p.generals.push(general.clone());
    }
    events.push(Visible::public(WarringStatesEvent::GeneralJoined {
        seat,
        general,
        reason,
    }));
    Ok(true)
}

/// Active seats below their general cap, except those listed.
pub(crate) fn below_cap(state: &WarringStatesState, except: &[Seat]) -> Vec<Seat> {
    state
        .active_seats()
        .into_iter()
        .filter(|s| !except.contains(s))
        .filter(|&s| {
            state
                .player(s)
                .is_some_and(|p| (p.generals.len() as u32) < state.general_cap(s))
        })
        .collect()
}

pub(crate) fn take_general(
    state: &mut WarringStatesState,
    seat: Seat,
    id: GeneralId,
) -> Option<General> {
    let p = state.player_mut(seat)?;
    let at = p.generals.iter().position(|g| g.id == id)?;
    Some(p.generals.remove(at))
}

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

struct Attack {
    seat: Seat,
    rice: u32,
    generals: Vec<GeneralId>,
}

/// Picks the largest attack among `candidates` (indices into `attacks`), ties by a coin toss
/// (two) or a pick (more).
fn largest(
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

pub(crate) fn finish(state: &mut WarringStatesState, outcome: Outcome, events: &mut Events) {
    events.push(Visible::public(WarringStatesEvent::GameOver(
        outcome.clone(),
    )));
    state.outcome = Some(outcome);
}

/// The outcome with `winners` first and the rest ranked by states held.
pub(crate) fn outcome(state: &WarringStatesState, winners: Vec<Seat>, reason: String) -> Outcome {
    let mut scores = BTreeMap::new();
    for i in 0..state.players.len() {
        let seat = Seat(i as u16);
        scores.insert(seat, state.holdings(seat).len() as i64);
    }
    let mut ranking: Vec<Vec<Seat>> = Vec::new();
    if !winners.is_empty() {
        ranking.push(winners.clone());
    }
    let mut rest: Vec<(i64, Seat)> = scores
        .iter()
        .filter(|(s, _)| !winners.contains(s))
        .map(|(&s, &n)| (n, s))
        .collect();
    rest.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut last: Option<i64> = None;
    for (n, s) in rest {
        match (last, ranking.last_mut()) {
            (Some(l), Some(place)) if l == n => place.push(s),
            _ => ranking.push(vec![s]),
        }
        last = Some(n);
    }
    Outcome {
        winners,
        ranking,
        scores,
        score_denominator: 1,
        reason,
    }
}
