//! Every legal action of an actor: the one documented exception (interceptions) is on
//! [`ThreeKingdoms`].

use pbp_core::Actor;

use crate::cards::{CardType, Target};
use crate::game::ThreeKingdoms;
use crate::model::ThreeKingdomsAction;
use crate::state::{Pending, ThreeKingdomsState, other};

impl ThreeKingdoms {
    /// [`Game::legal_actions`](pbp_core::Game::legal_actions).
    pub(crate) fn legal_actions_of(
        state: &ThreeKingdomsState,
        actor: Actor,
    ) -> Vec<ThreeKingdomsAction> {
        let Some(seat) = actor.seat() else {
            // The game master, for the absent player who must act now: of that player's legal
            // actions, the one that chooses nothing for them (`game_master_may`) there is now.
            let Some(seat) = Self::acting(state) else {
                return Vec::new();
            };
            let never_chooses = match state.pending {
                Some(Pending::Intercept { .. }) => {
                    ThreeKingdomsAction::Intercept { with: Vec::new() }
                }
                Some(Pending::FollowUp { .. }) => ThreeKingdomsAction::FollowUp { with: None },
                None => ThreeKingdomsAction::End,
            };
            debug_assert!(Self::game_master_may(&never_chooses));
            return if Self::validate(state, seat, &never_chooses).is_ok() {
                vec![never_chooses]
            } else {
                Vec::new()
            };
        };
        if Self::acting(state) != Some(seat) {
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
                    .filter(|&c| Self::can_intercept(state, seat, c, *target))
                    .collect();
                candidates.push(ThreeKingdomsAction::Intercept { with: Vec::new() });
                for &g in &eligible {
                    candidates.push(ThreeKingdomsAction::Intercept { with: vec![g] });
                }
                if eligible.len() > 1 {
                    candidates.push(ThreeKingdomsAction::Intercept { with: eligible });
                }
                return candidates;
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
                            for t in
                                Self::single_targets(state, seat, Target::Bearer, None, d.class)
                            {
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
                                for t in Self::single_targets(state, seat, spec, tactic, None) {
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
                            for t in Self::single_targets(state, seat, a.target, None, None) {
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
        candidates.retain(|a| Self::validate(state, seat, a).is_ok());
        candidates.dedup();
        candidates
    }
}
