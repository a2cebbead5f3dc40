//! Exact attack odds and a heuristic bot.

use pbp_core::engine::Seat;

use crate::engine::sheets::check_sheet;
use crate::map::StateId;
use crate::model::{Order, OrderSheet};
use crate::state::WarringStatesState;

/// The exact chance that an attack wins one battle: `attack` (rice and generals' bonuses) plus a
/// d10 must be strictly higher than `defence` (rice share and every bonus) plus a d10. Returns the
/// winning pairs of rolls out of 100.
///
/// ```
/// use pbp_warring_states::attack_odds;
/// assert_eq!(attack_odds(10, 10), 45); // equal forces: the attacker needs the higher roll
/// assert_eq!(attack_odds(19, 12), 94); // the seed's Cheng example before the dice
/// assert_eq!(attack_odds(0, 10), 0);
/// ```
pub fn attack_odds(attack: u32, defence: u32) -> u32 {
    let mut wins = 0;
    for a in 1..=10 {
        for d in 1..=10 {
            if attack.saturating_add(a) > defence.saturating_add(d) {
                wins += 1;
            }
        }
    }
    wins
}

/// The defence a lone attack of `seat` on `target` would face, as far as `seat` can know:
/// an independent state's fixed rice and river bonus; for a player's state, its output as a
/// guess of the rice set aside for it, plus the river and Mohist bonuses.
pub fn expected_defence(state: &WarringStatesState, seat: Seat, target: StateId) -> u32 {
    let river = if state.across_river(seat, target) {
        state.rules.river_bonus
    } else {
        0
    };
    match state.holders.get(usize::from(target)).copied().flatten() {
        None if target == state.map.capital => state.rules.capital_defence.saturating_add(river),
        None => state.rules.independent_defence.saturating_add(river),
        Some(h) => {
            let mohist = if state
                .player(h)
                .is_some_and(|p| p.school == crate::config::School::Mohist)
            {
                state.rules.mohist_bonus
            } else {
                0
            };
            u32::from(state.output_of(target))
                .saturating_add(river)
                .saturating_add(mohist)
        }
    }
}

/// A heuristic bot's order sheet: it declares a Kingdom when it can, defends its states that
/// border other players with about two fifths of its rice, attacks up to three of its weakest
/// neighbours while it can give each attack odds of at least 60% (its best generals with the
/// first), recruits a general when it has four times the cost to spare, and invests what is
/// left where investment is cheapest. The sheet is always legal; if a rule refuses it the bot sends no
/// orders.
pub fn heuristic_sheet(state: &WarringStatesState, seat: Seat) -> OrderSheet {
    let empty = OrderSheet {
        turn: state.turn,
        orders: Vec::new(),
        notes: Vec::new(),
    };
    let Some(player) = state.player(seat) else {
        return empty;
    };
    let mut rice = player.rice;
    let held = state.holdings(seat);
    let mut orders = Vec::new();
    if player.kingdom.is_none()
        && let Some(k) = held.iter().copied().find(|&k| state.kingdom_ready(seat, k))
    {
        orders.push(Order::DeclareKingdom { state: k });
    }
    // Generals, best attackers first.
    let mut generals: Vec<(u32, u32)> = player
        .generals
        .iter()
        .map(|g| (g.bonus(true), g.id))
        .collect();
    generals.sort_by(|a, b| b.cmp(a));
    // Borders with other players.
    let threatened: Vec<StateId> = held
        .iter()
        .copied()
        .filter(|&s| {
            state.map.province(s).is_some_and(|p| {
                p.neighbours
                    .iter()
                    .any(|&(n, _)| matches!(state.holders[usize::from(n)], Some(h) if h != seat))
            })
        })
        .collect();
    let defence_budget = if threatened.is_empty() {
        0
    } else {
        ((u64::from(rice) * 2 / 5) as u32)
            .max(threatened.len() as u32)
            .min(rice)
    };
    let mut left_for_defence = defence_budget;
    for (i, &s) in threatened.iter().enumerate() {
        let remaining = (threatened.len() - i) as u32;
        let share = left_for_defence / remaining;
        if share == 0 {
            continue;
        }
        left_for_defence -= share;
        orders.push(Order::Defense {
            state: s,
            rice: share,
            generals: Vec::new(),
        });
    }
    rice -= defence_budget - left_for_defence;
    // The weakest targets first, while the rice lasts: each attack gets enough rice for good
    // odds; the best generals go with the first.
    let mut targets: Vec<(u32, StateId)> = state
        .targets(seat)
        .into_iter()
        .map(|t| (expected_defence(state, seat, t), t))
        .collect();
    targets.sort_unstable();
    let mut free_generals = generals.iter();
    for (defence, t) in targets.into_iter().take(3) {
        let chosen: Vec<(u32, u32)> = free_generals.by_ref().take(3).copied().collect();
        let bonus: u32 = chosen.iter().map(|g| g.0).sum();
        let wanted = defence
            .saturating_add(5)
            .saturating_sub(bonus)
            .max(chosen.len() as u32)
            .max(1);
        if wanted > rice || attack_odds(wanted.saturating_add(bonus), defence) < 60 {
            break;
        }
        orders.push(Order::Conquest {
            state: t,
            rice: wanted,
            generals: chosen.iter().map(|g| g.1).collect(),
        });
        rice -= wanted;
    }
    // A general when rich and below the cap.
    let cost = state.recruit_cost(seat);
    if rice >= 4 * cost && (player.generals.len() as u32) < state.general_cap(seat) {
        orders.push(Order::Recruit { count: 1 });
        rice -= cost;
    }
    // Invest the rest where it buys the most.
    if let Some((s, r)) = held
        .iter()
        .filter_map(|&s| {
            let (points, cost) = state.affordable_investment(seat, s, rice)?;
            Some((s, points * cost, cost))
        })
        .min_by_key(|&(s, _, cost)| (cost, s))
        .map(|(s, r, _)| (s, r))
    {
        orders.push(Order::Invest { state: s, rice: r });
    }
    let sheet = OrderSheet {
        turn: state.turn,
        orders,
        notes: Vec::new(),
    };
    if check_sheet(state, seat, &sheet).is_empty() {
        sheet
    } else {
        empty
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::WarringStatesConfig;
    use crate::game::WarringStates;
    use crate::model::WarringStatesAction;
    use pbp_core::{
        SeededDice,
        engine::{Actor, Game},
    };

    #[test]
    fn odds_count_the_hundred_pairs_of_rolls() {
        assert_eq!(attack_odds(0, 0), 45);
        assert_eq!(attack_odds(9, 0), 99);
        assert_eq!(attack_odds(10, 0), 100);
        assert_eq!(attack_odds(0, 9), 0);
        assert_eq!(attack_odds(1, 0), 55);
        // Liao: 13 against 11 before the dice (10 + 3 against 5 + 6).
        assert_eq!(attack_odds(13, 11), 64);
    }

    #[test]
    fn heuristic_bots_play_legal_games_to_the_end() {
        let mut config = WarringStatesConfig::default();
        config.rules.turn_limit = 30;
        for seed in 0..4 {
            let mut dice = SeededDice::new(seed);
            let mut state = WarringStates::setup(&config, &mut dice).unwrap();
            let mut conquests = 0;
            while state.outcome.is_none() {
                let waiting = WarringStates::waiting(&state);
                if waiting.is_empty() {
                    WarringStates::apply(
                        &mut state,
                        Actor::GameMaster,
                        &WarringStatesAction::CloseTurn,
                        &mut dice,
                    )
                    .unwrap();
                    continue;
                }
                let seat = waiting[0];
                let sheet = heuristic_sheet(&state, seat);
                conquests += sheet
                    .orders
                    .iter()
                    .filter(|o| matches!(o, Order::Conquest { .. }))
                    .count();
                WarringStates::apply(
                    &mut state,
                    Actor::Seat(seat),
                    &WarringStatesAction::Orders(sheet),
                    &mut dice,
                )
                .unwrap();
            }
            assert!(conquests > 0, "the bots attack");
            // The bots grow: someone holds more than its starting state.
            assert!(
                state
                    .players
                    .iter()
                    .enumerate()
                    .any(|(i, _)| state.holdings(Seat(i as u16)).len() > 3)
            );
        }
    }
}
