//! Generals: new ones drawn (name, trait, skill), gifts below the cap, dismissals and recruits.

use std::collections::BTreeMap;

use pbp_core::{
    Coin, Dice,
    engine::{Seat, Visible},
};

use crate::config::School;
use crate::engine::{Events, pick_index, toss};
use crate::error::WarringStatesError;
use crate::model::{GainReason, General, GeneralId, Order, OrderSheet, Trait, WarringStatesEvent};
use crate::state::WarringStatesState;

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

/// "II", "III", ... for the `n`th general of one name (`n` from 2).
fn numeral(n: usize) -> String {
    const ROMAN: [&str; 9] = ["II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];
    ROMAN
        .get(n.wrapping_sub(2))
        .map_or_else(|| n.to_string(), |r| (*r).to_owned())
}

/// Whether a general's name `borne` is `base` with the numeral `suffix` ("Sun Bin III"), or
/// `base` itself when there is none.
fn bears(borne: &str, base: &str, suffix: Option<&str>) -> bool {
    match suffix {
        None => borne == base,
        Some(s) => borne.strip_prefix(base).and_then(|r| r.strip_prefix(' ')) == Some(s),
    }
}

/// Draws a new general for a player of `school`. Its name is drawn among the names no general
/// in the game bears, so that no roster, and no summary, has two generals of one name: the
/// names of [`GENERAL_NAMES`] that none bears, in that order; once all are borne, the same
/// names with "II" (then "III", ...). Only the drawn name is written out.
pub(crate) fn new_general(
    state: &mut WarringStatesState,
    school: School,
    dice: &mut dyn Dice,
) -> Result<General, WarringStatesError> {
    let name = {
        let borne: Vec<&str> = state
            .players
            .iter()
            .flat_map(|p| p.generals.iter())
            .map(|g| g.name.as_str())
            .collect();
        // Each generation has 48 names, so one within `borne.len() / 48 + 1` has a free name.
        let mut drawn = None;
        for generation in 1..=borne.len() / GENERAL_NAMES.len() + 1 {
            let suffix = (generation > 1).then(|| numeral(generation));
            let free = |n: &&&str| !borne.iter().any(|b| bears(b, n, suffix.as_deref()));
            let count = GENERAL_NAMES.iter().filter(free).count();
            if count > 0 {
                let at = pick_index(dice, count)?;
                if let Some(base) = GENERAL_NAMES.iter().filter(free).nth(at) {
                    drawn = Some(match &suffix {
                        None => (*base).to_owned(),
                        Some(s) => format!("{base} {s}"),
                    });
                }
                break;
            }
        }
        match drawn {
            Some(name) => name,
            None => GENERAL_NAMES[pick_index(dice, GENERAL_NAMES.len())?].to_owned(),
        }
    };
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
/// Recruits, by seat: a new general each, or the Rice back for one above the cap (at the cost
/// of the player's school, which no phase changes).
pub(crate) fn recruit(
    state: &mut WarringStatesState,
    sheets: &BTreeMap<Seat, OrderSheet>,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Result<(), WarringStatesError> {
    for (&seat, sheet) in sheets {
        if state.player(seat).is_none_or(|p| p.eliminated) {
            continue;
        }
        let cost = state.recruit_cost(seat);
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
