//! Cards and abilities: playing a card from the hand and using a character's ability, each its
//! check and its apply.

use pbp_core::{Dice, engine::Seat};

use super::{Events, Res, Stage, apply_effects, check_target, public};
use crate::cards::{AbilityKind, CardType, Target, Timing};
use crate::error::{Refusal, ThreeKingdomsError};
use crate::model::ThreeKingdomsEvent;
use crate::state::{TargetRef, ThreeKingdomsState};
use crate::view::seen;

/// Checks `play CARD [on TARGET]`: a Tactic, Strategy, Title or Reinforcement of the hand, in
/// its phase, paid for, on a target it may choose.
pub(crate) fn check_play(
    state: &ThreeKingdomsState,
    seat: Seat,
    stage: Stage,
    card: u32,
    target: Option<TargetRef>,
) -> Res<()> {
    let p = state.player(seat);
    if !p.hand.contains(&card) {
        return Err(Refusal::NotInHand.into());
    }
    let Some(d) = state.def(seat, card) else {
        return Err(Refusal::UnknownCard.into());
    };
    let in_phase = match d.card_type {
        CardType::Tactic => match d.tactic_timing() {
            Timing::Preparation => stage.prep,
            Timing::Combat => stage.combat,
        },
        CardType::Strategy | CardType::Title | CardType::Reinforcement => stage.prep,
        _ => return Err(Refusal::NotPlayable.into()),
    };
    if !in_phase {
        return Err(Refusal::PlayPhase.into());
    }
    if state.play_cost(seat, card) > p.resources {
        return Err(Refusal::NotEnoughResources.into());
    }
    let (spec, title) = match d.card_type {
        CardType::Title => (Target::Bearer, d.class),
        _ => (d.target.unwrap_or(Target::Player), None),
    };
    let tactic = (d.card_type == CardType::Tactic).then_some(d.cost);
    let card = matches!(d.card_type, CardType::Tactic | CardType::Strategy);
    check_target(state, seat, spec, tactic, title, card, target)
}

/// A card played from the hand: its cost paid, a Title attached to its target, any other card
/// discarded and its effects applied.
pub(crate) fn play(
    state: &mut ThreeKingdomsState,
    seat: Seat,
    card: u32,
    target: Option<TargetRef>,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Res<()> {
    let cost = state.play_cost(seat, card);
    let d = state
        .shared_def(seat, card)
        .ok_or_else(|| ThreeKingdomsError::from(Refusal::UnknownCard))?;
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
        let card = matches!(d.card_type, CardType::Tactic | CardType::Strategy);
        apply_effects(
            state, seat, spec, target, None, tactic, card, &d.effects, dice, events,
        )?;
    }
    Ok(())
}

/// Checks `use CHARACTER [strategist] [on TARGET]`: in the Preparation Phase, an untapped
/// character in play that has not used its ability, an activated ability it has, on a target
/// the ability may choose.
pub(crate) fn check_use(
    state: &ThreeKingdomsState,
    seat: Seat,
    stage: Stage,
    character: u32,
    strategist: bool,
    target: Option<TargetRef>,
) -> Res<()> {
    if !stage.prep {
        return Err(Refusal::AbilityPhase.into());
    }
    let Some(ch) = state.character(seat, character) else {
        return Err(Refusal::NotInPlay.into());
    };
    if ch.tapped || ch.ability_used {
        return Err(Refusal::AbilitySpent.into());
    }
    let Some((a, _)) = state
        .abilities(seat, character)
        .into_iter()
        .find(|&(_, s)| s == strategist)
    else {
        return Err(Refusal::NoSuchAbility.into());
    };
    if a.kind != AbilityKind::Activated {
        return Err(Refusal::Passive.into());
    }
    if a.target == Target::Bearer {
        return if target.is_none() {
            Ok(())
        } else {
            Err(Refusal::ActsOnBearer.into())
        };
    }
    check_target(state, seat, a.target, None, None, false, target)
}

/// A character's ability (or its Strategist ability) used: the character tapped, the ability's
/// effects applied.
pub(crate) fn use_ability(
    state: &mut ThreeKingdomsState,
    seat: Seat,
    character: u32,
    strategist: bool,
    target: Option<TargetRef>,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Res<()> {
    // The card's definition is shared: holding it copies none of its abilities.
    let def = state
        .shared_def(seat, character)
        .ok_or_else(|| ThreeKingdomsError::from(Refusal::NoSuchAbility))?;
    let ability = if strategist {
        def.strategist_ability
            .as_ref()
            .filter(|_| state.player(seat).strategist == Some(character))
    } else {
        def.ability.as_ref()
    }
    .ok_or_else(|| ThreeKingdomsError::from(Refusal::NoSuchAbility))?;
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
    apply_effects(
        state,
        seat,
        ability.target,
        target,
        Some(character),
        None,
        false,
        &ability.effects,
        dice,
        events,
    )?;
    Ok(())
}
