//! Card play in a battle: plays, passes and the end of card play.

use pbp_core::{
    Side,
    engine::{Seat, Visible},
};

use super::defensive::advance_nullify;
use super::{
    Events, Res, auto_sides, battle_index, card, discard, named, side_index, step_events,
    take_from_hand,
};
use crate::cards::{self, CardKind, CardNo};
use crate::clan::{Element, Strategy};
use crate::error::{ClanWarError, Refusal, illegal};
use crate::model::*;
use crate::state::*;

fn ring_active(battle: &Battle, side: Side, element: Element) -> bool {
    battle.played.iter().any(|p| {
        p.side == side && cards::ring_of(card(p.card)) == Some(element) && element != Element::Void
    })
}

/// Whether the card grants discards when played now by this player.
fn grants_discards(p: &Player, no: CardNo) -> bool {
    let c = card(no);
    match c.kind {
        CardKind::Strategy { strategy, .. } => {
            strategy == Strategy::Magic && p.has(Strategy::Magic)
        }
        CardKind::Ring => cards::ring_of(c) == Some(Element::Void),
        _ => false,
    }
}

/// How many Cunning gives `seat` owes in its open battles.
pub(crate) fn owed_gives(state: &ClanWarState, seat: Seat) -> usize {
    state
        .battles
        .iter()
        .map(|b| match &b.phase {
            Phase::Choices(list) => list
                .iter()
                .filter(|p| matches!(p, Pending::Give(s) if b.seat(*s) == Some(seat)))
                .count(),
            _ => 0,
        })
        .sum()
}

/// Why a play is refused, without its words (the legal lists and the bot ask about every card
/// in hand; only a refused action needs the sentence, [`check_play`]'s).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PlayRefusal {
    /// No open battle has that number.
    NoBattle,
    /// The seat does not fight in it.
    NotIn,
    /// No such seat.
    NoSeat,
    /// It is the other side's turn to play.
    NotYourTurn,
    /// Card play is over.
    PlayOver,
    /// The card is not in hand.
    NotInHand,
    /// Spells are cast only through Magic.
    SpellsOff,
    /// A Cunning give is owed and the play would leave too few cards.
    OwesGive,
    /// The side's play is used and no Ring allows another.
    PlayedAlready,
    /// The card grants no discards.
    NoDiscards,
    /// Through a Ring that gives only +1k0.
    RingOnly,
    /// This card cannot be discarded (the card played, twice, or not in hand).
    BadDiscard(CardNo),
}

/// Checks a play; returns whether it goes through a Ring.
pub(crate) fn check_play(
    state: &ClanWarState,
    seat: Seat,
    battle: u32,
    no: CardNo,
    discards: &[CardNo],
) -> Res<bool> {
    play_refusal(state, seat, battle, no, discards).or_else(|refusal| {
        let named = || named(state, battle, seat);
        illegal(match refusal {
            // The same search as `battle_index`'s, whose refusal lists the open battles.
            PlayRefusal::NoBattle => return battle_index(state, battle).map(|_| false),
            PlayRefusal::NoSeat => Refusal::NoSeat(seat),
            PlayRefusal::NotIn => Refusal::NotIn(named()),
            PlayRefusal::NotYourTurn => Refusal::NotYourTurnToPlay(named()),
            PlayRefusal::PlayOver => Refusal::PlayOver(named()),
            PlayRefusal::NotInHand => Refusal::NotInHand(no),
            PlayRefusal::SpellsOff => Refusal::SpellsOff,
            PlayRefusal::OwesGive => Refusal::OwesGive,
            PlayRefusal::PlayedAlready => Refusal::PlayedAlready(named()),
            PlayRefusal::NoDiscards => Refusal::NoDiscards(no),
            PlayRefusal::RingOnly => Refusal::RingOnly(no),
            PlayRefusal::BadDiscard(d) => Refusal::BadDiscard(d),
        })
    })
}

/// [`check_play`] without the words: whether the play goes through a Ring, or why it is refused.
pub(crate) fn play_refusal(
    state: &ClanWarState,
    seat: Seat,
    battle: u32,
    no: CardNo,
    discards: &[CardNo],
) -> Result<bool, PlayRefusal> {
    let b = state
        .battles
        .iter()
        .find(|b| b.id == battle && b.phase != Phase::Closed)
        .ok_or(PlayRefusal::NoBattle)?;
    let side = b.side_of(seat).ok_or(PlayRefusal::NotIn)?;
    match b.phase {
        Phase::Play { next, .. } if next == side => {}
        Phase::Play { .. } => return Err(PlayRefusal::NotYourTurn),
        _ => return Err(PlayRefusal::PlayOver),
    }
    let p = state
        .players
        .get(usize::from(seat.0))
        .ok_or(PlayRefusal::NoSeat)?;
    if !p.hand.contains(&no) {
        return Err(PlayRefusal::NotInHand);
    }
    let c = card(no);
    if c.is_spell() && !state.config.options.spells_playable {
        return Err(PlayRefusal::SpellsOff);
    }
    let owed = owed_gives(state, seat);
    let left = p.hand.len().saturating_sub(1 + discards.len());
    if owed > 0 && left < owed {
        return Err(PlayRefusal::OwesGive);
    }
    let via_ring = ring_active(b, side, c.element);
    if !via_ring && b.sides[side_index(side)].plays_left == 0 {
        return Err(PlayRefusal::PlayedAlready);
    }
    if !discards.is_empty() {
        if !grants_discards(p, no) {
            return Err(PlayRefusal::NoDiscards);
        }
        if via_ring && !state.config.options.ring_cards_take_effect {
            return Err(PlayRefusal::RingOnly);
        }
        for (i, d) in discards.iter().enumerate() {
            if *d == no || discards[..i].contains(d) || !p.hand.contains(d) {
                return Err(PlayRefusal::BadDiscard(*d));
            }
        }
    }
    Ok(via_ring)
}

/// Card `no` as `seat`'s play on `side` puts it in play, discarding `discards` (through a Ring
/// when `via_ring`), read from the state before the play changes it: the engine's play and the
/// bot's trials build it alike.
pub(crate) fn played_card(
    state: &ClanWarState,
    seat: Seat,
    side: Side,
    no: CardNo,
    discards: &[CardNo],
    via_ring: bool,
) -> Played {
    let c = card(no);
    let p = &state.players[usize::from(seat.0)];
    let (strategy_on, clan_on) = match c.kind {
        CardKind::Strategy { strategy, clan } => (p.has(strategy), p.clan == clan),
        _ => (false, false),
    };
    let magic = strategy_on && c.strategy() == Some(Strategy::Magic);
    let cast = if magic {
        discards.iter().copied().find(|&d| card(d).is_spell())
    } else {
        None
    };
    Played {
        card: no,
        side,
        strategy_on,
        clan_on,
        via_ring,
        nullified: false,
        discards: discards.to_vec(),
        cast,
        returns: false,
    }
}

/// Plays card `no` in `battle`, discarding `discards` for Magic or the Ring of Void.
pub(super) fn play(
    state: &mut ClanWarState,
    seat: Seat,
    battle: u32,
    no: CardNo,
    discards: &[CardNo],
) -> Res<Events> {
    let via_ring = check_play(state, seat, battle, no, discards)?;
    let bi = battle_index(state, battle)?;
    let side = state.battles[bi].side_of(seat).unwrap_or(Side::First);
    let c = card(no);
    let played = played_card(state, seat, side, no, discards, via_ring);
    let cast = played.cast;
    take_from_hand(state, seat, no)?;
    for &d in discards {
        take_from_hand(state, seat, d)?;
        discard(state, d)?;
    }
    // A temporary strategy is "used" when a card with its keyword is played.
    if let Some(strategy) = c.strategy() {
        for slot in &mut state.players[usize::from(seat.0)].strategies {
            if slot.strategy == strategy && slot.original.is_some() && slot.revert_after.is_none() {
                slot.revert_after = Some(battle);
            }
        }
    }
    let clan = state.players[usize::from(seat.0)].clan;
    let b = &mut state.battles[bi];
    let s = &mut b.sides[side_index(side)];
    if !via_ring {
        s.plays_left -= 1;
    }
    if let CardKind::Blessing { clans, .. } = &c.kind
        && clans.contains(&clan)
    {
        s.plays_left += 1;
        s.blessings += 1;
    }
    b.played.push(played);
    let mut events = step_events();
    events.push(Visible::public(ClanWarEvent::Played {
        battle,
        seat,
        card: no,
        via_ring,
        discards: discards.to_vec(),
        cast,
    }));
    if !discards.is_empty() {
        events.push(Visible::public(ClanWarEvent::Discarded {
            seat,
            cards: discards.to_vec(),
        }));
    }
    if let Phase::Play { next, passes } = &mut state.battles[bi].phase {
        *next = side.other();
        *passes = 0;
    }
    after_play_step(state, bi, &mut events);
    Ok(events)
}

/// Passes in `battle` instead of playing a card.
pub(super) fn pass(state: &mut ClanWarState, seat: Seat, battle: u32) -> Res<Events> {
    let bi = battle_index(state, battle)?;
    let b = &state.battles[bi];
    let side = b
        .side_of(seat)
        .ok_or_else(|| ClanWarError::Illegal(Refusal::NotIn(named(state, battle, seat))))?;
    match b.phase {
        Phase::Play { next, .. } if next == side => {}
        Phase::Play { .. } => return illegal(Refusal::NotYourTurn(named(state, battle, seat))),
        _ => return illegal(Refusal::PlayOver(named(state, battle, seat))),
    }
    let mut events = step_events();
    events.push(Visible::public(ClanWarEvent::Passed {
        battle,
        seat: Some(seat),
    }));
    if let Phase::Play { next, passes } = &mut state.battles[bi].phase {
        *passes += 1;
        *next = side.other();
    }
    after_play_step(state, bi, &mut events);
    Ok(events)
}

/// Lets the Spirit Army (and a retired player) pass, and ends card play after two passes in a
/// row.
pub(super) fn after_play_step(state: &mut ClanWarState, bi: usize, events: &mut Events) {
    let auto = auto_sides(state, &state.battles[bi]);
    let ring_cards = state.config.options.ring_cards_take_effect;
    loop {
        let b = &mut state.battles[bi];
        let Phase::Play { next, passes } = b.phase else {
            return;
        };
        if passes >= 2 {
            break;
        }
        if !auto[side_index(next)] {
            return;
        }
        events.push(Visible::public(ClanWarEvent::Passed {
            battle: b.id,
            seat: b.seat(next),
        }));
        b.phase = Phase::Play {
            next: next.other(),
            passes: passes + 1,
        };
    }
    // Card play is over: note the hands for Spiritual, then Defensive choices.
    for side in [Side::First, Side::Second] {
        if let Some(seat) = state.battles[bi].seat(side) {
            let size = state.players[usize::from(seat.0)].hand.len() as u32;
            state.battles[bi].sides[side_index(side)].hand_after_play = size;
        }
    }
    let b = &mut state.battles[bi];
    events.push(Visible::public(ClanWarEvent::PlayOver { battle: b.id }));
    b.phase = Phase::Nullify { done: Vec::new() };
    advance_nullify(b, ring_cards, auto, events);
}
