//! Resolving card effects on players and characters.

use pbp_core::{Dice, engine::Seat};

use super::{Events, advance, draw, evacuate, expiry, fight, lose, public, take_damage, tr};
use crate::cards::{CardType, Effect, Target, Whom};
use crate::error::ThreeKingdomsError;
use crate::model::{FightResult, ThreeKingdomsEvent};
use crate::state::{CostMod, Modifier, TargetRef, ThreeKingdomsState, Zone, other};
use crate::view::seen;

#[allow(clippy::too_many_arguments)] // the source, its owner and its target all matter
pub(crate) fn apply_effects(
    state: &mut ThreeKingdomsState,
    seat: Seat,
    spec: Target,
    target: Option<TargetRef>,
    bearer: Option<u32>,
    tactic: Option<u8>,
    card: bool,
    effects: &[Effect],
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Result<(), ThreeKingdomsError> {
    let enemy = other(seat);
    let generals_of = |state: &ThreeKingdomsState, s: Seat| -> Vec<TargetRef> {
        state
            .player(s)
            .field
            .iter()
            .filter(|c| {
                state.card_type(s, c.card) == Some(CardType::General)
                    || (card && state.lord_takes_cards(s, c.card))
            })
            .filter(|c| {
                s == seat
                    || (!state.protected(s, c.card)
                        && tactic.is_none_or(|t| state.tactic_immunity(s, c.card) < t))
            })
            .map(|c| tr(s, c.card))
            .collect()
    };
    let targets: Vec<TargetRef> = match spec {
        Target::Bearer => bearer.map(|b| tr(seat, b)).into_iter().collect(),
        Target::AllOwnGenerals => generals_of(state, seat),
        Target::AllEnemyGenerals => generals_of(state, enemy),
        Target::Player => Vec::new(),
        _ => target.into_iter().collect(),
    };
    for effect in effects {
        if state.ending.is_some() {
            break;
        }
        if !effect.on_character() {
            player_effect(state, seat, effect, dice, events)?;
            continue;
        }
        for &t in &targets {
            if state.character(t.seat, t.card).is_none() {
                continue;
            }
            let lord_hit = card && state.lord_takes_cards(t.seat, t.card);
            character_effect(state, t, effect, lord_hit, events);
        }
    }
    Ok(())
}

pub(crate) fn player_effect(
    state: &mut ThreeKingdomsState,
    seat: Seat,
    effect: &Effect,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Result<(), ThreeKingdomsError> {
    let whom = |w: Whom| if w == Whom::You { seat } else { other(seat) };
    public(
        events,
        ThreeKingdomsEvent::EffectApplied {
            target: None,
            effect: effect.clone(),
        },
    );
    match effect {
        Effect::Draw { count, player } => {
            for _ in 0..*count {
                draw(state, whom(*player), dice, events)?;
            }
        }
        Effect::Discard { count, player } => {
            let s = whom(*player);
            for _ in 0..*count {
                let n = state.player(s).hand.len() as u32;
                if n == 0 {
                    break;
                }
                let at = dice.roll(n)? as usize - 1;
                let card = state.player_mut(s).hand.remove(at);
                state.player_mut(s).discard.push(card);
                let shown = seen(state, s, card);
                public(
                    events,
                    ThreeKingdomsEvent::DiscardedAtRandom {
                        seat: s,
                        card: shown,
                    },
                );
            }
        }
        Effect::Resources { amount } => {
            state.player_mut(seat).resources += u32::from(*amount);
        }
        Effect::CostChange {
            amount,
            cards,
            player,
            duration,
        } => {
            let expires = expiry(state, *duration);
            state.cost_mods.push(CostMod {
                seat: whom(*player),
                cards: *cards,
                amount: *amount,
                expires,
            });
        }
        _ => {}
    }
    Ok(())
}

/// One effect on one character. `lord_hit`: the character is a Politics Lord that a Tactic or
/// Strategy card deals with as with a General (D14), so damage reaches it too.
pub(crate) fn character_effect(
    state: &mut ThreeKingdomsState,
    t: TargetRef,
    effect: &Effect,
    lord_hit: bool,
    events: &mut Events,
) {
    let is_lord = t.card == state.player(t.seat).lord;
    let kind = state.card_type(t.seat, t.card);
    public(
        events,
        ThreeKingdomsEvent::EffectApplied {
            target: Some(t),
            effect: effect.clone(),
        },
    );
    let expires = effect.duration().and_then(|d| expiry(state, d));
    match effect {
        Effect::Strength { .. }
        | Effect::TacticImmunity { .. }
        | Effect::Protect { .. }
        | Effect::Grant { .. } => {
            if let Some(ch) = state.character_mut(t.seat, t.card) {
                ch.mods.push(Modifier {
                    effect: effect.clone(),
                    expires,
                });
            }
        }
        Effect::Damage { amount } => {
            if is_lord && !lord_hit {
                return;
            }
            let vulnerable = state
                .character(t.seat, t.card)
                .is_some_and(|c| c.vulnerable);
            if vulnerable {
                evacuate(state, t.seat, t.card, events);
            } else {
                take_damage(state, t.seat, t.card, *amount);
                if state.strength(t.seat, t.card) == 0 {
                    lose(state, t.seat, t.card, events);
                }
            }
        }
        Effect::Tap => {
            if let Some(ch) = state.character_mut(t.seat, t.card) {
                ch.tapped = true;
            }
        }
        Effect::Untap => {
            if let Some(ch) = state.character_mut(t.seat, t.card) {
                ch.tapped = false;
            }
        }
        Effect::Move => {
            if kind == Some(CardType::General)
                && let Some(ch) = state.character_mut(t.seat, t.card)
            {
                ch.zone = match ch.zone {
                    Zone::Front => Zone::Home,
                    _ => Zone::Front,
                };
            }
        }
        Effect::Rally => {
            if let Some(ch) = state.character_mut(t.seat, t.card) {
                ch.vulnerable = false;
                if !is_lord {
                    ch.damage = 0;
                }
            }
        }
        _ => {}
    }
}

// ---- Combat ----

pub(crate) fn resolve_on_target(
    state: &mut ThreeKingdomsState,
    att: TargetRef,
    target: TargetRef,
    events: &mut Events,
) {
    let vulnerable = state
        .character(target.seat, target.card)
        .is_some_and(|c| c.vulnerable);
    if vulnerable && target.card != state.player(target.seat).lord {
        evacuate(state, target.seat, target.card, events);
        advance(state, att, events);
        return;
    }
    match fight(state, att, target, [true, false], events) {
        FightResult::AttackerWins => {
            lose(state, target.seat, target.card, events);
            advance(state, att, events);
        }
        FightResult::DefenderWins => lose(state, att.seat, att.card, events),
        FightResult::BothLose => {
            lose(state, target.seat, target.card, events);
            lose(state, att.seat, att.card, events);
        }
    }
}
