//! A heuristic bot: a greedy player that scores each legal action with a few rules of thumb.
//!
//! It keeps its Lord in the Command, revives its Commander first, summons the strongest General
//! it can pay for, plays damage on enemy Generals and buffs on its own, discards cards it cannot
//! use to pay for those it can, attacks only where it wins (a Vulnerable target, or a weaker one),
//! intercepts with the cheapest General that beats the attacker, and always follows up. It sees
//! only what its seat may see: its hand and the public table.

use pbp_core::engine::{Actor, Game, Seat};

use crate::cards::{CardType, Effect, Target};
use crate::game::ThreeKingdoms;
use crate::model::ThreeKingdomsAction;
use crate::state::{Pending, ThreeKingdomsState, other};

fn score_play(
    state: &ThreeKingdomsState,
    seat: Seat,
    card: u32,
    target: Option<crate::TargetRef>,
) -> i64 {
    let Some(d) = state.def(seat, card) else {
        return 0;
    };
    let mut score = 0;
    for e in &d.effects {
        score += match e {
            Effect::Damage { amount } => {
                let hurts = target.is_some_and(|t| {
                    t.seat != seat
                        && (state.strength(t.seat, t.card) <= *amount
                            || state
                                .character(t.seat, t.card)
                                .is_some_and(|c| c.vulnerable))
                });
                if hurts { 60 } else { 20 }
            }
            Effect::Strength { amount, .. } => {
                let on_enemy = target.is_some_and(|t| t.seat != seat)
                    || d.target == Some(Target::AllEnemyGenerals);
                if (*amount > 0) != on_enemy { 25 } else { -50 }
            }
            Effect::Draw { .. } if state.player(seat).hand.len() >= 6 => -10,
            Effect::Draw { .. } => 15,
            Effect::Tap | Effect::Move => {
                if target.is_some_and(|t| t.seat != seat) {
                    20
                } else {
                    -20
                }
            }
            Effect::Untap | Effect::Rally => {
                let useful = target.is_some_and(|t| {
                    state
                        .character(t.seat, t.card)
                        .is_some_and(|c| c.tapped || c.vulnerable)
                });
                if useful { 20 } else { -20 }
            }
            _ => 15,
        };
    }
    if d.card_type == CardType::Title {
        score += 30;
    }
    score
}

/// The heuristic bot's choice for `seat` now, if it may act.
pub fn heuristic_action(state: &ThreeKingdomsState, seat: Seat) -> Option<ThreeKingdomsAction> {
    let actions = ThreeKingdoms::legal_actions(state, Actor::Seat(seat));
    if actions.is_empty() {
        return None;
    }
    let enemy = other(seat);
    let mut best: Option<(i64, &ThreeKingdomsAction)> = None;
    for action in &actions {
        let score = match action {
            ThreeKingdomsAction::End => 0,
            ThreeKingdomsAction::MoveLord => -100,
            ThreeKingdomsAction::Revive { card } => {
                if state.player(seat).commander == Some(*card) {
                    100
                } else {
                    40 + i64::from(state.printed_cost(seat, *card))
                }
            }
            ThreeKingdomsAction::Summon { card } => 50 + i64::from(state.printed_cost(seat, *card)),
            ThreeKingdomsAction::Play { card, target } => score_play(state, seat, *card, *target),
            ThreeKingdomsAction::Use { target, .. } => {
                if target.is_none_or(|t| t.seat == enemy) {
                    30
                } else {
                    10
                }
            }
            ThreeKingdomsAction::Defend { general } => {
                let mine = state.strength(seat, *general);
                let strongest = state
                    .player(enemy)
                    .field
                    .iter()
                    .map(|c| state.strength(enemy, c.card))
                    .max()
                    .unwrap_or(0);
                if strongest > mine { 5 } else { -5 }
            }
            ThreeKingdomsAction::Discard { card } => {
                // Worth it only if the points buy something in hand that is not yet affordable.
                let points = state.player(seat).resources + state.printed_cost(seat, *card);
                let buys = state.player(seat).hand.iter().any(|&c| {
                    c != *card
                        && match state.def(seat, c).map(|d| d.card_type) {
                            Some(CardType::General) => {
                                state.summon_cost(seat, c) > state.player(seat).resources
                                    && state.summon_cost(seat, c) <= points
                            }
                            Some(
                                CardType::Tactic
                                | CardType::Strategy
                                | CardType::Title
                                | CardType::Reinforcement,
                            ) => {
                                state.play_cost(seat, c) > state.player(seat).resources
                                    && state.play_cost(seat, c) <= points
                            }
                            _ => false,
                        }
                });
                let commander_back = state.player(seat).commander.is_some_and(|c| {
                    state.player(seat).discard.contains(&c)
                        && state.revive_cost(seat, c) > state.player(seat).resources
                });
                let is_general = state.card_type(seat, *card) == Some(CardType::General);
                if buys || commander_back {
                    8 - i64::from(is_general) * 3 - i64::from(state.printed_cost(seat, *card))
                } else {
                    -10
                }
            }
            ThreeKingdomsAction::Attack { attacker, target } => {
                let a = state.strength(seat, *attacker);
                let t = state.strength(enemy, *target);
                let target_lord = *target == state.player(enemy).lord;
                let vulnerable = state
                    .character(enemy, *target)
                    .is_some_and(|c| c.vulnerable);
                if target_lord && a >= t {
                    200
                } else if vulnerable && !target_lord {
                    70 + i64::from(state.printed_cost(enemy, *target))
                } else if a > t {
                    40 + i64::from(state.printed_cost(enemy, *target))
                } else {
                    -30
                }
            }
            ThreeKingdomsAction::Intercept { with } => {
                let Some(Pending::Intercept { attacker, target }) = &state.pending else {
                    continue;
                };
                let a = state.strength(enemy, *attacker);
                let target_survives = state.strength(target.seat, target.card) > a;
                match with.as_slice() {
                    [] => {
                        if target_survives {
                            10
                        } else {
                            0
                        }
                    }
                    [g] => {
                        let s = state.strength(seat, *g);
                        let ambush = state.character(seat, *g).is_some_and(|c| c.ambush)
                            && state.printed_cost(seat, *g) > state.printed_cost(enemy, *attacker);
                        if s > a || ambush {
                            30 - i64::from(state.printed_cost(seat, *g))
                        } else {
                            -20
                        }
                    }
                    _ => -5,
                }
            }
            ThreeKingdomsAction::FollowUp { with } => match with {
                Some(g) => 20 - i64::from(state.printed_cost(seat, *g)),
                None => 0,
            },
        };
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, action));
        }
    }
    let (score, action) = best?;
    // Nothing worth doing in this phase: move on.
    if score < 0 && state.pending.is_none() {
        return Some(ThreeKingdomsAction::End);
    }
    Some(action.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Faction, ThreeKingdomsConfig};
    use pbp_core::{Dice, SeededDice, engine::Turn};

    /// Plays a game: seat 0 heuristic, seat 1 uniform random (or heuristic too).
    fn game(config: &ThreeKingdomsConfig, seed: u64, both: bool) -> Option<Seat> {
        let mut dice = SeededDice::new(seed);
        let mut state = ThreeKingdoms::setup(config, &mut dice).ok()?;
        for _ in 0..20_000 {
            let Turn::Acting(actors) = ThreeKingdoms::turn(&state) else {
                break;
            };
            let actor = *actors.first()?;
            let seat = actor.seat()?;
            let action = if seat == Seat(0) || both {
                heuristic_action(&state, seat)?
            } else {
                let legal = ThreeKingdoms::legal_actions(&state, actor);
                let pick = dice.roll(legal.len() as u32).ok()? as usize - 1;
                legal[pick].clone()
            };
            ThreeKingdoms::apply(&mut state, actor, &action, &mut dice).ok()?;
        }
        ThreeKingdoms::turn(&state)
            .outcome()?
            .winners
            .first()
            .copied()
    }

    #[test]
    fn the_heuristic_bot_beats_the_random_bot() {
        let mut wins = 0;
        let games = 20;
        for seed in 0..games {
            let a = Faction::ALL[(seed % 5) as usize];
            let b = Faction::ALL[((seed / 5 + 1 + seed) % 5) as usize];
            let config = ThreeKingdomsConfig::presets(a, b);
            if game(&config, seed, false) == Some(Seat(0)) {
                wins += 1;
            }
        }
        assert!(wins * 10 >= games * 7, "won {wins} of {games}");
    }

    #[test]
    fn heuristic_games_end() {
        for seed in 0..5 {
            let config = ThreeKingdomsConfig::presets(
                Faction::ALL[seed as usize],
                Faction::ALL[4 - seed as usize],
            );
            assert!(game(&config, seed, true).is_some());
        }
    }
}
