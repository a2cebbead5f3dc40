//! Legal actions: the seats that may send orders, a documented generator of representative
//! order sheets, and the game master's commands.
//!
//! An order sheet is amounts of rice over states and generals, far too many to list, so a seat's
//! legal actions are not every legal sheet but a documented generator of representative ones
//! ([`representative_sheets`]). It is separate from the bot (`bot.rs`): it reads only the state
//! and the rules' own checks ([`check_sheet`], `WarringStatesState::affordable_investment`) and
//! calls nothing of the bot, and the bot calls nothing of it. `apply` is the authority: a sheet
//! is legal when `apply` accepts it, listed or not; every generated sheet is one `apply` accepts.
//! The game master's actions are listed in full (closing the turn, "no orders" for each seat
//! still to send) except admissions, whose player name is free text: a representative two
//! ([`representative_joins`]).

use pbp_core::engine::{Actor, Seat};

use crate::config::{Colour, School};
use crate::engine::sheets::check_sheet;
use crate::game::MAX_PLAYERS;
use crate::map::StateId;
use crate::model::{JoinSpec, Order, OrderSheet, WarringStatesAction};
use crate::state::WarringStatesState;

/// A seat still to send orders gets a finite set of representative legal sheets (generated, not
/// every legal sheet; `apply` is the authority): no orders; everything on
/// defence spread over its states; everything on the conquest of each of its three weakest
/// targets (with up to three generals); half on defending its first state and half on its
/// weakest target; the largest whole investment that fits; one recruit; one dismissal; a
/// Kingdom declaration where one is ready. Each is checked with the same rules as `apply`.
/// The game master may always close the turn and send "no orders" for each seat still to send
/// (all listed) and, while joining is open, admit a player at the first and last allowed state
/// with the first free colour (representative: the name is free text).
pub(crate) fn legal_actions(state: &WarringStatesState, actor: Actor) -> Vec<WarringStatesAction> {
    if state.outcome.is_some() {
        return Vec::new();
    }
    match actor {
        Actor::GameMaster => {
            let mut actions = vec![WarringStatesAction::CloseTurn];
            actions.extend(
                waiting(state)
                    .into_iter()
                    .map(|seat| WarringStatesAction::NoOrders { seat }),
            );
            actions.extend(
                representative_joins(state)
                    .into_iter()
                    .map(WarringStatesAction::Join),
            );
            actions
        }
        Actor::Seat(_) => match may_send(state, actor) {
            Some(seat) => representative_sheets(state, seat)
                .into_iter()
                .map(WarringStatesAction::Orders)
                .collect(),
            None => Vec::new(),
        },
    }
}

/// The seat `actor` sends orders for, if it may send them now: in the game, not eliminated,
/// not yet sent, and the game not over.
pub(crate) fn may_send(state: &WarringStatesState, actor: Actor) -> Option<Seat> {
    let seat = actor.seat()?;
    let p = state.player(seat)?;
    (!p.eliminated && !state.sheets.contains_key(&seat) && state.outcome.is_none()).then_some(seat)
}
/// The representative legal order sheets generated for `seat` (see `legal_actions`): built from
/// the state and the rules' checks alone, never from the bot, and each kept only if
/// [`check_sheet`] (the check `apply` makes) finds nothing wrong with it.
pub(crate) fn representative_sheets(state: &WarringStatesState, seat: Seat) -> Vec<OrderSheet> {
    let Some(p) = state.player(seat) else {
        return Vec::new();
    };
    let rice = p.rice;
    let held = state.holdings(seat);
    let gens: Vec<u32> = p.generals.iter().map(|g| g.id).collect();
    let turn = state.turn;
    let sheet = |orders: Vec<Order>| OrderSheet {
        turn,
        orders,
        notes: Vec::new(),
    };
    let mut out = vec![sheet(Vec::new())];
    // Everything on defence, spread over the held states.
    if rice > 0 && !held.is_empty() {
        let n = (held.len() as u32).min(rice);
        let mut orders = Vec::new();
        for (i, &s) in held.iter().take(n as usize).enumerate() {
            let share = rice / n + u32::from((i as u32) < rice % n);
            orders.push(Order::Defense {
                state: s,
                rice: share,
                generals: Vec::new(),
            });
        }
        out.push(sheet(orders));
    }
    // Targets, weakest first (independent defence, or output for players' states).
    let mut targets: Vec<StateId> = state.targets(seat);
    targets.sort_by_key(|&t| {
        let weight = match state.holders[usize::from(t)] {
            None if t == state.map.capital => state.rules.capital_defence,
            None => state.rules.independent_defence,
            Some(_) => u32::from(state.output_of(t)),
        };
        (weight, t)
    });
    for &t in targets.iter().take(3) {
        if rice >= 1 {
            let k = gens.len().min(3).min(rice as usize);
            out.push(sheet(vec![Order::Conquest {
                state: t,
                rice,
                generals: gens[..k].to_vec(),
            }]));
        }
    }
    // Half on the home defence, half on the weakest target.
    if let (Some(&home), Some(&t)) = (held.first(), targets.first())
        && rice >= 2
    {
        let d = rice / 2;
        let a = rice - d;
        let g_def: Vec<u32> = gens.iter().take(1.min(d as usize)).copied().collect();
        let g_att: Vec<u32> = gens
            .iter()
            .skip(g_def.len())
            .take(2.min(a as usize))
            .copied()
            .collect();
        out.push(sheet(vec![
            Order::Defense {
                state: home,
                rice: d,
                generals: g_def,
            },
            Order::Conquest {
                state: t,
                rice: a,
                generals: g_att,
            },
        ]));
    }
    // The largest whole investment that fits.
    if let Some((s, r)) = held
        .iter()
        .filter_map(|&s| {
            let (points, cost) = state.affordable_investment(seat, s, rice)?;
            Some((s, points * cost))
        })
        .max_by_key(|&(_, r)| r)
    {
        out.push(sheet(vec![Order::Invest { state: s, rice: r }]));
    }
    // One recruit; one dismissal.
    out.push(sheet(vec![Order::Recruit { count: 1 }]));
    if let Some(&g) = gens.first() {
        out.push(sheet(vec![Order::Dismiss { general: g }]));
    }
    // A Kingdom where one is ready, with the rest on its defence.
    if let Some(k) = held.iter().copied().find(|&k| state.kingdom_ready(seat, k)) {
        let mut orders = vec![Order::DeclareKingdom { state: k }];
        if rice > 0 {
            orders.push(Order::Defense {
                state: k,
                rice,
                generals: Vec::new(),
            });
        }
        out.push(sheet(orders));
    }
    out.retain(|s| check_sheet(state, seat, s).is_empty());
    let mut unique: Vec<OrderSheet> = Vec::new();
    for s in out {
        if !unique.contains(&s) {
            unique.push(s);
        }
    }
    unique
}
/// The joins the game master is offered, representative since the name is free text: the first
/// and last allowed state, the first free colour, the player named by its seat.
pub(crate) fn representative_joins(state: &WarringStatesState) -> Vec<JoinSpec> {
    if !state.joining_open() {
        return Vec::new();
    }
    let seat = state
        .players
        .iter()
        .position(|p| p.eliminated)
        .or((state.players.len() < MAX_PLAYERS).then_some(state.players.len()));
    let Some(seat) = seat else {
        return Vec::new();
    };
    let Some(colour) = Colour::ALL
        .into_iter()
        .find(|c| !state.used_colours.contains(c))
    else {
        return Vec::new();
    };
    let places: Vec<StateId> = (0..state.map.len() as StateId)
        .filter(|&s| state.may_join_at(s))
        .collect();
    let mut picks = Vec::new();
    if let Some(&first) = places.first() {
        picks.push(first);
    }
    if let Some(&last) = places.last()
        && !picks.contains(&last)
    {
        picks.push(last);
    }
    picks
        .into_iter()
        .enumerate()
        .map(|(i, s)| JoinSpec {
            seat: Seat(seat as u16),
            name: format!("Player {}", seat + 1),
            state: s,
            colour,
            school: School::ALL[(seat + i) % School::ALL.len()],
        })
        .collect()
}
/// Every seat still to send orders this turn.
pub(crate) fn waiting(state: &WarringStatesState) -> Vec<Seat> {
    state
        .active_seats()
        .into_iter()
        .filter(|s| !state.sheets.contains_key(s))
        .collect()
}
