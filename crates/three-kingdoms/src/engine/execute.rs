//! Executing one action of a seat or the game master.

use pbp_core::{Dice, Seat};

use crate::cards::{CardType, Target};
use crate::config::ResourceExpiry;
use crate::engine::{Events, public, tr};
use crate::error::ThreeKingdomsError;
use crate::game::ThreeKingdoms;
use crate::model::{FightResult, ThreeKingdomsAction, ThreeKingdomsEvent};
use crate::state::{Character, Pending, Phase, TargetRef, ThreeKingdomsState, Zone, other};
use crate::view::seen;

impl ThreeKingdoms {
    pub(crate) fn execute(
        state: &mut ThreeKingdomsState,
        seat: Seat,
        action: &ThreeKingdomsAction,
        dice: &mut dyn Dice,
        events: &mut Events,
    ) -> Result<(), ThreeKingdomsError> {
        match action {
            ThreeKingdomsAction::Discard { card } => {
                let gain = state.printed_cost(seat, *card);
                let p = state.player_mut(seat);
                p.hand.retain(|c| c != card);
                p.discard.push(*card);
                p.resources += gain;
                let shown = seen(state, seat, *card);
                public(
                    events,
                    ThreeKingdomsEvent::Discarded {
                        seat,
                        card: shown,
                        resources: gain,
                    },
                );
            }
            ThreeKingdomsAction::Play { card, target } => {
                Self::play_card(state, seat, *card, *target, dice, events)?;
            }
            ThreeKingdomsAction::Use {
                character,
                strategist,
                target,
            } => {
                Self::use_ability(state, seat, *character, *strategist, *target, dice, events)?;
            }
            ThreeKingdomsAction::Summon { card } => {
                Self::summon(state, seat, *card, events);
            }
            ThreeKingdomsAction::Revive { card } => {
                Self::revive(state, seat, *card, events);
            }
            ThreeKingdomsAction::Defend { general } => {
                if let Some(ch) = state.character_mut(seat, *general) {
                    ch.defending = true;
                }
                public(
                    events,
                    ThreeKingdomsEvent::Defending {
                        general: tr(seat, *general),
                    },
                );
            }
            ThreeKingdomsAction::MoveLord => {
                let cost = if state.war_lord(seat) { 0 } else { 2 };
                let lord = state.player(seat).lord;
                let p = state.player_mut(seat);
                p.resources -= cost;
                p.lord_moved = true;
                let mut to = Zone::Home;
                if let Some(ch) = p.field.iter_mut().find(|c| c.card == lord) {
                    ch.zone = if ch.zone == Zone::Command {
                        Zone::Home
                    } else {
                        Zone::Command
                    };
                    to = ch.zone;
                }
                public(events, ThreeKingdomsEvent::LordMoved { seat, to, cost });
            }
            ThreeKingdomsAction::End => match state.phase {
                Phase::Preparation => {
                    state.phase = Phase::Combat;
                    if state.rules.resource_expiry == ResourceExpiry::EndOfPhase {
                        state.player_mut(seat).resources = 0;
                    }
                    public(
                        events,
                        ThreeKingdomsEvent::PhaseBegan {
                            seat,
                            phase: Phase::Combat,
                        },
                    );
                }
                Phase::Combat => {
                    Self::end_phase(state, events);
                    Self::start_turn(state, other(seat), dice, events)?;
                }
            },
            ThreeKingdomsAction::Attack { attacker, target } => {
                let t = tr(other(seat), *target);
                if let Some(ch) = state.character_mut(seat, *attacker) {
                    ch.tapped = true;
                }
                public(
                    events,
                    ThreeKingdomsEvent::AttackDeclared {
                        attacker: tr(seat, *attacker),
                        target: t,
                    },
                );
                let hidden = state
                    .character(t.seat, t.card)
                    .is_some_and(|c| c.ambush && !c.ambush_revealed);
                if hidden {
                    if let Some(ch) = state.character_mut(t.seat, t.card) {
                        ch.ambush_revealed = true;
                    }
                    public(events, ThreeKingdomsEvent::AmbushFoiled { general: t });
                } else {
                    state.pending = Some(Pending::Intercept {
                        attacker: *attacker,
                        target: t,
                    });
                }
            }
            ThreeKingdomsAction::Intercept { with } => {
                let Some(Pending::Intercept { attacker, target }) = state.pending.take() else {
                    return Err(ThreeKingdomsError::illegal("no attack is waiting"));
                };
                public(
                    events,
                    ThreeKingdomsEvent::Intercepted {
                        seat,
                        with: with.clone(),
                    },
                );
                Self::intercept(state, seat, attacker, target, with, events);
            }
            ThreeKingdomsAction::FollowUp { with } => {
                let Some(Pending::FollowUp { attacker }) = state.pending.take() else {
                    return Err(ThreeKingdomsError::illegal("no follow-up is possible"));
                };
                public(
                    events,
                    ThreeKingdomsEvent::FollowUpChosen { seat, with: *with },
                );
                if let Some(g) = with {
                    if let Some(ch) = state.character_mut(seat, *g) {
                        ch.tapped = true;
                    }
                    let f = tr(seat, *g);
                    let a = tr(state.active, attacker);
                    if state.character(a.seat, a.card).is_some() {
                        match Self::fight(state, f, a, [true, false], events) {
                            FightResult::AttackerWins => Self::lose(state, a.seat, a.card, events),
                            FightResult::DefenderWins => Self::lose(state, seat, *g, events),
                            FightResult::BothLose => {
                                Self::lose(state, a.seat, a.card, events);
                                Self::lose(state, seat, *g, events);
                            }
                        }
                    }
                }
            }
        }
        Self::check_lords(state, events);
        Ok(())
    }

    /// A card played from the hand: its cost paid, a Title attached to its target, any other card
    /// discarded and its effects applied.
    fn play_card(
        state: &mut ThreeKingdomsState,
        seat: Seat,
        card: u32,
        target: Option<TargetRef>,
        dice: &mut dyn Dice,
        events: &mut Events,
    ) -> Result<(), ThreeKingdomsError> {
        let cost = state.play_cost(seat, card);
        let d = state
            .shared_def(seat, card)
            .ok_or_else(|| ThreeKingdomsError::illegal("unknown card"))?;
        let p = state.player_mut(seat);
        p.resources -= cost;
        p.hand.retain(|&c| c != card);
        let shown = seen(state, seat, card);
        public(
            events,
            ThreeKingdomsEvent::Played {
                seat,
                card: shown,
                cost,
                target,
            },
        );
        if d.card_type == CardType::Title {
            if let Some(t) = target
                && let Some(ch) = state.character_mut(t.seat, t.card)
            {
                ch.titles.push(card);
            }
        } else {
            state.player_mut(seat).discard.push(card);
            let tactic = (d.card_type == CardType::Tactic).then_some(d.cost);
            let spec = d.target.unwrap_or(Target::Player);
            Self::apply_effects(
                state, seat, spec, target, None, tactic, &d.effects, dice, events,
            )?;
        }
        Ok(())
    }

    /// A character's ability (or its Strategist ability) used: the character tapped, the ability's
    /// effects applied.
    fn use_ability(
        state: &mut ThreeKingdomsState,
        seat: Seat,
        character: u32,
        strategist: bool,
        target: Option<TargetRef>,
        dice: &mut dyn Dice,
        events: &mut Events,
    ) -> Result<(), ThreeKingdomsError> {
        // The card's definition is shared: holding it copies none of its abilities.
        let def = state
            .shared_def(seat, character)
            .ok_or_else(|| ThreeKingdomsError::illegal("no such ability"))?;
        let ability = if strategist {
            def.strategist_ability
                .as_ref()
                .filter(|_| state.player(seat).strategist == Some(character))
        } else {
            def.ability.as_ref()
        }
        .ok_or_else(|| ThreeKingdomsError::illegal("no such ability"))?;
        if let Some(ch) = state.character_mut(seat, character) {
            ch.tapped = true;
            ch.ability_used = true;
        }
        public(
            events,
            ThreeKingdomsEvent::AbilityUsed {
                seat,
                character,
                strategist,
                target,
            },
        );
        Self::apply_effects(
            state,
            seat,
            ability.target,
            target,
            Some(character),
            None,
            &ability.effects,
            dice,
            events,
        )?;
        Ok(())
    }

    /// A General or Adviser summoned from the hand, fresh, to its zone.
    fn summon(state: &mut ThreeKingdomsState, seat: Seat, card: u32, events: &mut Events) {
        let cost = state.summon_cost(seat, card);
        let zone = match state.card_type(seat, card) {
            Some(CardType::General) => Zone::Home,
            _ => Zone::Command,
        };
        let p = state.player_mut(seat);
        p.resources -= cost;
        p.hand.retain(|&c| c != card);
        let mut ch = Character::new(card, zone);
        ch.fresh = true;
        p.field.push(ch);
        let shown = seen(state, seat, card);
        public(
            events,
            ThreeKingdomsEvent::Summoned {
                seat,
                card: shown,
                cost,
            },
        );
    }

    /// A character revived from the discard pile to the Home zone, fresh.
    fn revive(state: &mut ThreeKingdomsState, seat: Seat, card: u32, events: &mut Events) {
        let cost = state.revive_cost(seat, card);
        let p = state.player_mut(seat);
        p.resources -= cost;
        p.discard.retain(|&c| c != card);
        if p.commander == Some(card) {
            p.commander_fell = None;
        }
        let mut ch = Character::new(card, Zone::Home);
        ch.fresh = true;
        p.field.push(ch);
        let shown = seen(state, seat, card);
        public(
            events,
            ThreeKingdomsEvent::Revived {
                seat,
                card: shown,
                cost,
            },
        );
    }

    /// What the game master may do for an absent player who must act now: end the phase, or
    /// decline an interception or a follow-up (never a choice that plays or spends a card).
    pub(crate) fn game_master_may(action: &ThreeKingdomsAction) -> bool {
        matches!(
            action,
            ThreeKingdomsAction::End | ThreeKingdomsAction::FollowUp { with: None }
        ) || matches!(action, ThreeKingdomsAction::Intercept { with } if with.is_empty())
    }

    /// The seat that must act now, if any.
    pub(crate) fn acting(state: &ThreeKingdomsState) -> Option<Seat> {
        if state.ending.is_some() {
            return None;
        }
        Some(if state.pending.is_some() {
            other(state.active)
        } else {
            state.active
        })
    }
}
