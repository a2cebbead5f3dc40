//! Every legal action of an actor, listed in full. Interceptions are every ordered choice of
//! the eligible Generals up to the bound of [`MAX_INTERCEPTIONS`] (which only a field of seven or
//! more eligible Generals reaches); see [`interceptions`].

use pbp_core::engine::Actor;

use crate::cards::{CardType, Target};
use crate::engine::{acting, can_intercept, check, game_master_may, single_targets};
use crate::model::ThreeKingdomsAction;
use crate::state::{Pending, ThreeKingdomsState, other};

/// The most interceptions [`interceptions`] lists: every ordered choice of up to six eligible
/// Generals (1,957 with six) fits under it.
pub(crate) const MAX_INTERCEPTIONS: u64 = 2_000;

/// The interceptions of an attack by the eligible Generals `eligible` (in field order): every
/// ordered choice of them, the seed's "as many Alert Generals as you want", each order apart
/// since the attacker fights them in the order given. With `n` eligible Generals there are
/// `sum over k of n!/(n-k)!` choices: 1, 2, 5, 16, 65, 326 and 1,957 for `n` = 0 to 6. They come
/// by size (no one, each General alone, then every ordered pair, ...), each size in field order.
///
/// The bound: sizes are listed while the list stays within [`MAX_INTERCEPTIONS`], so with up to
/// six eligible Generals the list is complete; with seven or more (13,700 choices and more) it
/// holds every choice of at most `k` Generals, `k` the largest size that keeps it within the
/// bound (4 for seven, 3 for eight to thirteen, 2 for fourteen to forty-four). `apply` accepts
/// any choice, listed or not.
pub(crate) fn interceptions(eligible: &[u32]) -> Vec<Vec<u32>> {
    let n = eligible.len() as u64;
    let mut out: Vec<Vec<u32>> = vec![Vec::new()];
    // The choices of the last size listed, and the number of the next size: n!/(n-k)!.
    let mut layer: Vec<Vec<u32>> = vec![Vec::new()];
    let mut next = 1_u64;
    for k in 0..n {
        next = next.saturating_mul(n - k);
        if (out.len() as u64).saturating_add(next) > MAX_INTERCEPTIONS {
            break;
        }
        let mut longer = Vec::new();
        for choice in &layer {
            for &g in eligible {
                if !choice.contains(&g) {
                    let mut with = choice.clone();
                    with.push(g);
                    longer.push(with);
                }
            }
        }
        out.extend(longer.iter().cloned());
        layer = longer;
    }
    out
}

/// [`Game::legal_actions`](pbp_core::engine::Game::legal_actions).
pub(crate) fn legal_actions(state: &ThreeKingdomsState, actor: Actor) -> Vec<ThreeKingdomsAction> {
    let Some(seat) = actor.seat() else {
        // The game master, for the absent player who must act now: of that player's legal
        // actions, the one that chooses nothing for them (`game_master_may`) there is now.
        let Some(seat) = acting(state) else {
            return Vec::new();
        };
        let never_chooses = match state.pending {
            Some(Pending::Intercept { .. }) => ThreeKingdomsAction::Intercept { with: Vec::new() },
            Some(Pending::FollowUp { .. }) => ThreeKingdomsAction::FollowUp { with: None },
            None => ThreeKingdomsAction::End,
        };
        debug_assert!(game_master_may(&never_chooses));
        return if check(state, seat, &never_chooses).is_ok() {
            vec![never_chooses]
        } else {
            Vec::new()
        };
    };
    if acting(state) != Some(seat) {
        return Vec::new();
    }
    let mut candidates = Vec::new();
    let p = state.player(seat);
    match &state.pending {
        Some(Pending::Intercept { target, .. }) => {
            let eligible: Vec<u32> = p
                .field
                .iter()
                .map(|c| c.card)
                .filter(|&c| can_intercept(state, seat, c, *target))
                .collect();
            return interceptions(&eligible)
                .into_iter()
                .map(|with| ThreeKingdomsAction::Intercept { with })
                .collect();
        }
        Some(Pending::FollowUp { .. }) => {
            candidates.push(ThreeKingdomsAction::FollowUp { with: None });
            for c in &p.field {
                candidates.push(ThreeKingdomsAction::FollowUp { with: Some(c.card) });
            }
        }
        None => {
            candidates.push(ThreeKingdomsAction::End);
            candidates.push(ThreeKingdomsAction::MoveLord);
            for &c in &p.hand {
                candidates.push(ThreeKingdomsAction::Discard { card: c });
                candidates.push(ThreeKingdomsAction::Summon { card: c });
                let Some(d) = state.def(seat, c) else {
                    continue;
                };
                match d.card_type {
                    CardType::Title => {
                        for t in single_targets(state, seat, Target::Bearer, None, d.class, false) {
                            candidates.push(ThreeKingdomsAction::Play {
                                card: c,
                                target: Some(t),
                            });
                        }
                    }
                    CardType::Tactic | CardType::Strategy | CardType::Reinforcement => {
                        let spec = d.target.unwrap_or(Target::Player);
                        if spec.is_single() {
                            let tactic = (d.card_type == CardType::Tactic).then_some(d.cost);
                            let card = matches!(d.card_type, CardType::Tactic | CardType::Strategy);
                            for t in single_targets(state, seat, spec, tactic, None, card) {
                                candidates.push(ThreeKingdomsAction::Play {
                                    card: c,
                                    target: Some(t),
                                });
                            }
                        } else {
                            candidates.push(ThreeKingdomsAction::Play {
                                card: c,
                                target: None,
                            });
                        }
                    }
                    _ => {}
                }
            }
            for &c in &p.discard {
                candidates.push(ThreeKingdomsAction::Revive { card: c });
            }
            let enemy = other(seat);
            for ch in &p.field {
                candidates.push(ThreeKingdomsAction::Defend { general: ch.card });
                for (a, strategist) in state.abilities(seat, ch.card) {
                    if a.target.is_single() {
                        for t in single_targets(state, seat, a.target, None, None, false) {
                            candidates.push(ThreeKingdomsAction::Use {
                                character: ch.card,
                                strategist,
                                target: Some(t),
                            });
                        }
                    } else {
                        candidates.push(ThreeKingdomsAction::Use {
                            character: ch.card,
                            strategist,
                            target: None,
                        });
                    }
                }
                for t in &state.player(enemy).field {
                    candidates.push(ThreeKingdomsAction::Attack {
                        attacker: ch.card,
                        target: t.card,
                    });
                }
            }
        }
    }
    candidates.retain(|a| check(state, seat, a).is_ok());
    candidates.dedup();
    candidates
}

#[cfg(test)]
mod tests {
    use super::interceptions;

    #[test]
    fn every_ordered_choice_is_listed_up_to_six_eligible_generals() {
        let counts: Vec<usize> = (0..=6_u32)
            .map(|n| interceptions(&(0..n).collect::<Vec<_>>()).len())
            .collect();
        assert_eq!(counts, [1, 2, 5, 16, 65, 326, 1957]);
        // Two eligible: no one, each alone, both in either order.
        assert_eq!(
            interceptions(&[4, 9]),
            vec![vec![], vec![4], vec![9], vec![4, 9], vec![9, 4]]
        );
        // Six: every choice once.
        let all = interceptions(&[1, 2, 3, 4, 5, 6]);
        let mut unique = all.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), all.len());
    }

    #[test]
    fn with_seven_or_more_the_largest_sizes_that_do_not_fit_are_left_out() {
        // Seven: sizes 0 to 4 (1 + 7 + 42 + 210 + 840); size 5 would pass 2,000.
        let seven = interceptions(&(0..7).collect::<Vec<_>>());
        assert_eq!(seven.len(), 1100);
        assert_eq!(seven.iter().map(Vec::len).max(), Some(4));
        // Eight: sizes 0 to 3 (1 + 8 + 56 + 336).
        assert_eq!(interceptions(&(0..8).collect::<Vec<_>>()).len(), 401);
        // Fourteen: sizes 0 to 2 (1 + 14 + 182).
        assert_eq!(interceptions(&(0..14).collect::<Vec<_>>()).len(), 197);
    }
}
