//! Order sheets checked against the rules before they are sealed (the same check refuses a post,
//! filters the generated representative sheets of `legal.rs` and guards the bot).

use pbp_core::Seat;

use crate::map::StateId;
use crate::model::{GeneralId, Order, OrderSheet};
use crate::state::WarringStatesState;

/// The most generals one conquest or defence may take.
pub const GENERALS_PER_ORDER: usize = 3;

impl Order {
    /// Rice this order spends (recruits at `recruit_cost` each).
    pub fn rice(&self, recruit_cost: u32) -> u32 {
        match self {
            Order::Defense { rice, .. }
            | Order::Invest { rice, .. }
            | Order::Conquest { rice, .. } => *rice,
            Order::Recruit { count } => count.saturating_mul(recruit_cost),
            Order::Dismiss { .. } | Order::DeclareKingdom { .. } => 0,
        }
    }

    /// The generals this order sends.
    pub fn generals(&self) -> &[GeneralId] {
        match self {
            Order::Defense { generals, .. } | Order::Conquest { generals, .. } => generals,
            _ => &[],
        }
    }
}

impl OrderSheet {
    /// Rice the sheet spends for `seat` in `state`.
    pub fn total(&self, state: &WarringStatesState, seat: Seat) -> u32 {
        let cost = state.recruit_cost(seat);
        self.orders
            .iter()
            .fold(0_u32, |t, o| t.saturating_add(o.rice(cost)))
    }
}

/// Checks `sheet` as `seat`'s orders now. Returns every problem: the index of the order (or
/// `None` for the sheet as a whole) and the reason. Empty means the sheet is legal.
// Long function: one arm per kind of order, each checked against the rules with its problem
// worded, beside the others.
#[allow(clippy::too_many_lines)]
pub fn check_sheet(
    state: &WarringStatesState,
    seat: Seat,
    sheet: &OrderSheet,
) -> Vec<(Option<usize>, String)> {
    let mut problems: Vec<(Option<usize>, String)> = Vec::new();
    let Some(player) = state.player(seat) else {
        return vec![(None, format!("seat {seat} is not in the game"))];
    };
    if player.eliminated {
        return vec![(
            None,
            format!("{} has been eliminated", state.seat_name(seat)),
        )];
    }
    if sheet.turn != state.turn {
        problems.push((
            None,
            format!(
                "these orders are for turn {}, but this is turn {}",
                sheet.turn, state.turn
            ),
        ));
    }
    // No legal sheet is longer: a defence, an investment and a conquest per state, plus
    // recruits, dismissals and a declaration.
    let longest = 3 * state.map.len() + 64;
    if sheet.orders.len() > longest {
        return vec![(None, format!("a sheet holds at most {longest} orders"))];
    }
    let name = |s: StateId| state.map.name(s).to_owned();
    let dismissed: Vec<GeneralId> = sheet
        .orders
        .iter()
        .filter_map(|o| match o {
            Order::Dismiss { general } => Some(*general),
            _ => None,
        })
        .collect();
    let owns = |g: GeneralId| player.generals.iter().any(|x| x.id == g);
    let mut used: Vec<GeneralId> = Vec::new();
    let mut defended: Vec<StateId> = Vec::new();
    let mut invested: Vec<StateId> = Vec::new();
    let mut attacked: Vec<StateId> = Vec::new();
    let mut dismissed_seen: Vec<GeneralId> = Vec::new();
    let mut recruits = 0_u32;
    let mut declared = false;
    let mut spent = 0_u64;
    let recruit_cost = state.recruit_cost(seat);
    for (i, order) in sheet.orders.iter().enumerate() {
        let mut bad = |reason: String| problems.push((Some(i), reason));
        let valid_state = |s: StateId| usize::from(s) < state.map.len();
        match order {
            Order::Defense {
                state: s,
                rice,
                generals,
            }
            | Order::Conquest {
                state: s,
                rice,
                generals,
            } => {
                let attack = matches!(order, Order::Conquest { .. });
                if !valid_state(*s) {
                    bad("no such state".into());
                    continue;
                }
                if *rice == 0 {
                    bad("an order needs at least 1 rice".into());
                }
                if generals.len() > GENERALS_PER_ORDER {
                    bad(format!("at most {GENERALS_PER_ORDER} generals per order"));
                }
                if (*rice as usize) < generals.len() {
                    bad(format!(
                        "{} generals need at least {} rice (1 per general)",
                        generals.len(),
                        generals.len()
                    ));
                }
                for &g in generals {
                    let who = || general_name(state, g);
                    if !owns(g) {
                        bad(format!("{} is not yours", who()));
                    } else if used.contains(&g) {
                        bad(format!("{} is already on another task", who()));
                    } else if dismissed.contains(&g) {
                        bad(format!("{} is being dismissed", who()));
                    }
                    used.push(g);
                }
                if attack {
                    if state.holds(seat, *s) {
                        bad(format!("you already hold {}", name(*s)));
                    } else if !state.can_attack(seat, *s) {
                        bad(format!(
                            "{} does not border any of your states that can launch an attack (devastated states cannot)",
                            name(*s)
                        ));
                    }
                    if attacked.contains(s) {
                        bad(format!("{} is attacked twice", name(*s)));
                    }
                    attacked.push(*s);
                } else {
                    if !state.holds(seat, *s) {
                        bad(format!("you do not hold {}", name(*s)));
                    }
                    if defended.contains(s) {
                        bad(format!("{} is defended twice", name(*s)));
                    }
                    defended.push(*s);
                }
            }
            Order::Invest { state: s, rice } => {
                if !valid_state(*s) {
                    bad("no such state".into());
                    continue;
                }
                if !state.holds(seat, *s) {
                    bad(format!("you do not hold {}", name(*s)));
                }
                if invested.contains(s) {
                    bad(format!("{} is invested in twice", name(*s)));
                }
                invested.push(*s);
                let cost = state.invest_cost(seat, *s);
                if *rice == 0 {
                    bad("an order needs at least 1 rice".into());
                } else if !rice.is_multiple_of(cost) {
                    bad(format!(
                        "partial investments are not allowed: {} costs {cost} rice per +1 output",
                        name(*s)
                    ));
                } else {
                    let gain = rice / cost;
                    let now = u32::from(state.output_of(*s));
                    let max = u32::from(state.rules.max_output);
                    if now.saturating_add(gain) > max {
                        bad(format!(
                            "{} yields {now}; +{gain} would pass the most a state can yield, {max}",
                            name(*s)
                        ));
                    }
                }
            }
            Order::Recruit { count } => {
                if *count == 0 {
                    bad("recruit at least one general".into());
                }
                recruits = recruits.saturating_add(*count);
                if recruits > state.rules.max_recruits {
                    bad(format!(
                        "at most {} generals may be recruited in a turn",
                        state.rules.max_recruits
                    ));
                }
                let after = ((player.generals.len() - dismissed_count(&dismissed, player)) as u32)
                    .saturating_add(recruits);
                let cap = state.general_cap(seat);
                if after > cap {
                    bad(format!(
                        "that would make {after} generals; your cap is {cap}"
                    ));
                }
            }
            Order::Dismiss { general } => {
                let who = || general_name(state, *general);
                if !owns(*general) {
                    bad(format!("{} is not yours", who()));
                }
                if dismissed_seen.contains(general) {
                    bad(format!("{} is dismissed twice", who()));
                }
                dismissed_seen.push(*general);
            }
            Order::DeclareKingdom { state: s } => {
                if !valid_state(*s) {
                    bad("no such state".into());
                    continue;
                }
                if player.kingdom.is_some() {
                    bad("you are already a Kingdom".into());
                } else if declared {
                    bad("a Kingdom is declared once".into());
                } else if !state.kingdom_ready(seat, *s) {
                    bad(format!(
                        "a Kingdom needs a KINGDOM-type state you hold and {} states you hold adjacent to it; {} does not qualify",
                        state.rules.kingdom_neighbours,
                        name(*s)
                    ));
                }
                declared = true;
            }
        }
        let cost = order.rice(recruit_cost);
        spent += u64::from(cost);
        if cost > 0 && spent > u64::from(player.rice) {
            problems.push((
                Some(i),
                format!(
                    "overspending: the orders so far spend {spent} rice but you have {}",
                    player.rice
                ),
            ));
        }
    }
    problems
}

fn dismissed_count(dismissed: &[GeneralId], player: &crate::model::Player) -> usize {
    player
        .generals
        .iter()
        .filter(|g| dismissed.contains(&g.id))
        .count()
}

/// A general as people call it, "General Sun Ce"; a number that is nobody's general (a sheet
/// built by hand) is "an unknown general".
fn general_name(state: &WarringStatesState, id: GeneralId) -> String {
    state
        .players
        .iter()
        .flat_map(|p| p.generals.iter())
        .find(|g| g.id == id)
        .map_or_else(
            || format!("an unknown general (number {id})"),
            |g| format!("General {}", g.name),
        )
}
