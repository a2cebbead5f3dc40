//! The Preparation Phase's own actions, each its check and its apply: discarding for Resource
//! points, summoning, reviving, activating Defend and moving the Lord.

use pbp_core::engine::Seat;

use super::{Events, Res, Stage, check_unique, public, tr};
use crate::cards::{CardType, Trait};
use crate::config::{PoliticsRule, ResourceExpiry};
use crate::error::Refusal;
use crate::model::ThreeKingdomsEvent;
use crate::state::{Character, ThreeKingdomsState, Zone};
use crate::view::seen;

/// Checks `discard CARD`: in the Preparation Phase (or the Combat Phase where resources last a
/// phase), a card of the hand.
pub(crate) fn check_discard(
    state: &ThreeKingdomsState,
    seat: Seat,
    stage: Stage,
    card: u32,
) -> Res<()> {
    let when =
        stage.prep || (stage.combat && state.rules.resource_expiry == ResourceExpiry::EndOfPhase);
    if !when {
        return Err(Refusal::DiscardPhase.into());
    }
    if !state.player(seat).hand.contains(&card) {
        return Err(Refusal::NotInHand.into());
    }
    Ok(())
}

/// Discards `card` for its printed cost in Resource points.
pub(crate) fn discard(state: &mut ThreeKingdomsState, seat: Seat, card: u32, events: &mut Events) {
    let gain = state.printed_cost(seat, card);
    let p = state.player_mut(seat);
    p.hand.retain(|&c| c != card);
    p.discard.push(card);
    p.resources += gain;
    let shown = seen(state, seat, card);
    public(
        events,
        ThreeKingdomsEvent::Discarded {
            seat,
            card: shown,
            resources: gain,
        },
    );
}

/// Checks `summon CARD`: in the Preparation Phase, a General of the hand (or an Adviser under
/// a Politics Lord where the rules allow it), not already in play, paid for.
pub(crate) fn check_summon(
    state: &ThreeKingdomsState,
    seat: Seat,
    stage: Stage,
    card: u32,
) -> Res<()> {
    if !stage.prep {
        return Err(Refusal::SummonPhase.into());
    }
    let p = state.player(seat);
    if !p.hand.contains(&card) {
        return Err(Refusal::NotInHand.into());
    }
    let kind = state.card_type(seat, card);
    let adviser_ok = kind == Some(CardType::Adviser)
        && state.politics_lord(seat)
        && state.rules.politics == PoliticsRule::SummonAdvisers;
    if kind != Some(CardType::General) && !adviser_ok {
        return Err(Refusal::OnlyGenerals.into());
    }
    check_unique(state, seat, card)?;
    if state.summon_cost(seat, card) > p.resources {
        return Err(Refusal::NotEnoughResources.into());
    }
    Ok(())
}

/// A General or Adviser summoned from the hand, fresh, to its zone.
pub(crate) fn summon(state: &mut ThreeKingdomsState, seat: Seat, card: u32, events: &mut Events) {
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

/// Checks `revive CARD`: in the Preparation Phase, an Evacuated General of the discard pile
/// (the Commander first), not already in play, paid for at double cost.
pub(crate) fn check_revive(
    state: &ThreeKingdomsState,
    seat: Seat,
    stage: Stage,
    card: u32,
) -> Res<()> {
    if !stage.prep {
        return Err(Refusal::RevivePhase.into());
    }
    let p = state.player(seat);
    if !p.discard.contains(&card) || state.card_type(seat, card) != Some(CardType::General) {
        return Err(Refusal::NotRevivable.into());
    }
    if let Some(c) = p.commander
        && c != card
        && p.discard.contains(&c)
    {
        return Err(Refusal::CommanderFirst.into());
    }
    check_unique(state, seat, card)?;
    if state.revive_cost(seat, card) > p.resources {
        return Err(Refusal::ReviveCost.into());
    }
    Ok(())
}

/// A character revived from the discard pile to the Home zone, fresh.
pub(crate) fn revive(state: &mut ThreeKingdomsState, seat: Seat, card: u32, events: &mut Events) {
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

/// Checks `defend GENERAL`: in the Preparation Phase, an untapped General in play with Defend
/// that has not activated it.
pub(crate) fn check_defend(
    state: &ThreeKingdomsState,
    seat: Seat,
    stage: Stage,
    general: u32,
) -> Res<()> {
    if !stage.prep {
        return Err(Refusal::DefendPhase.into());
    }
    let Some(ch) = state.character(seat, general) else {
        return Err(Refusal::GeneralNotInPlay.into());
    };
    if state.card_type(seat, general) != Some(CardType::General)
        || !state.has_trait(seat, general, Trait::Defend)
        || ch.tapped
        || ch.defending
    {
        return Err(Refusal::CannotDefend.into());
    }
    Ok(())
}

/// `general` activates Defend.
pub(crate) fn defend(
    state: &mut ThreeKingdomsState,
    seat: Seat,
    general: u32,
    events: &mut Events,
) {
    if let Some(ch) = state.character_mut(seat, general) {
        ch.defending = true;
    }
    public(
        events,
        ThreeKingdomsEvent::Defending {
            general: tr(seat, general),
        },
    );
}

/// Checks `move lord`: in the Preparation Phase, once, a Politics Lord paying 2 Resource points.
pub(crate) fn check_move_lord(state: &ThreeKingdomsState, seat: Seat, stage: Stage) -> Res<()> {
    if !stage.prep {
        return Err(Refusal::LordPhase.into());
    }
    let p = state.player(seat);
    if p.lord_moved {
        return Err(Refusal::LordMoved.into());
    }
    if !state.war_lord(seat) && p.resources < 2 {
        return Err(Refusal::LordCost.into());
    }
    Ok(())
}

/// The Lord moves between the Home and Command zones.
pub(crate) fn move_lord(state: &mut ThreeKingdomsState, seat: Seat, events: &mut Events) {
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
