//! The end of a battle: each side draws or switches a strategy, then the battle closes.

use pbp_core::{
    Dice,
    engine::{Seat, Visible},
};

use super::{
    DrawPositions, Events, Res, choice_context, discard, draw_rolled, named, side_index,
    step_events,
};
use crate::clan::{Clan, Strategy};
use crate::error::{ClanWarError, Refusal, illegal};
use crate::map::Terrain;
use crate::model::*;
use crate::state::*;

/// Whether the battle involved a province of `clan` (for strategy switches).
fn involves_own_province(state: &ClanWarState, b: &Battle, clan: Clan) -> bool {
    let own = Terrain::Province(clan);
    state.map.hexes[b.from].terrain == own || state.map.hexes[b.target].terrain == own
}

/// Why a strategy switch is refused, found without building any text (the legal actions ask
/// this of every pair of strategies); worded only when `apply` refuses ([`ClanWarError`]'s
/// `From`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SwitchRefusal {
    /// No player sits in that seat.
    NoSeat(Seat),
    /// The player has switched this round already.
    AlreadySwitched,
    /// The player does not hold the strategy it gives up.
    NotHeld(Strategy),
    /// The player holds the strategy it would take.
    AlreadyHeld(Strategy),
    /// The battle involved no province of the player's clan, and the strategy is not one of
    /// the clan's.
    NotOwnProvince(Clan),
}

impl From<SwitchRefusal> for ClanWarError {
    fn from(refusal: SwitchRefusal) -> ClanWarError {
        ClanWarError::Illegal(match refusal {
            SwitchRefusal::NoSeat(seat) => Refusal::NoSeat(seat),
            SwitchRefusal::AlreadySwitched => Refusal::AlreadySwitched,
            SwitchRefusal::NotHeld(from) => Refusal::NotHeld(from),
            SwitchRefusal::AlreadyHeld(to) => Refusal::AlreadyHeld(to),
            SwitchRefusal::NotOwnProvince(clan) => Refusal::NotOwnProvince(clan),
        })
    }
}

/// Checks a strategy switch from `from` to `to` after battle `bi`; returns the slot it changes.
pub(crate) fn check_switch(
    state: &ClanWarState,
    seat: Seat,
    bi: usize,
    from: Strategy,
    to: Strategy,
) -> Result<usize, SwitchRefusal> {
    let p = state
        .players
        .get(usize::from(seat.0))
        .ok_or(SwitchRefusal::NoSeat(seat))?;
    if p.switched {
        return Err(SwitchRefusal::AlreadySwitched);
    }
    let Some(slot) = p.strategies.iter().position(|s| s.strategy == from) else {
        return Err(SwitchRefusal::NotHeld(from));
    };
    if p.has(to) {
        return Err(SwitchRefusal::AlreadyHeld(to));
    }
    if !involves_own_province(state, &state.battles[bi], p.clan)
        && !p.clan.strategies().contains(&to)
    {
        return Err(SwitchRefusal::NotOwnProvince(p.clan));
    }
    Ok(slot)
}

/// A side's end of battle: its draws, or a strategy switch instead of the normal draw.
pub(super) fn end_step(
    state: &mut ClanWarState,
    seat: Seat,
    battle: u32,
    switch: Option<(Strategy, Strategy)>,
    dice: &mut dyn Dice,
) -> Res<Events> {
    let (bi, side) = choice_context(state, seat, battle)?;
    let b = &state.battles[bi];
    if b.phase != Phase::Draws {
        return illegal(Refusal::NotAtDraws(named(state, battle, seat)));
    }
    let s = &b.sides[side_index(side)];
    if s.end_done {
        return illegal(Refusal::DrewAlready(named(state, battle, seat)));
    }
    let mut events = step_events();
    let p = &state.players[usize::from(seat.0)];
    let slot = match switch {
        Some((from, to)) => Some(check_switch(state, seat, bi, from, to)?),
        None => None,
    };
    let count = if slot.is_none() && !s.draw_barred && !p.no_draw_this_round {
        s.extra_draws + 1
    } else {
        s.extra_draws
    };
    // Every refusal, the dice's included, comes before the first change.
    let positions = DrawPositions::roll(&state.deck, count, dice)?;
    if let (Some((from, to)), Some(slot)) = (switch, slot) {
        let p = &mut state.players[usize::from(seat.0)];
        p.switched = true;
        p.strategies[slot] = Slot {
            strategy: to,
            original: None,
            revert_after: None,
        };
        events.push(Visible::public(ClanWarEvent::StrategyChanged {
            seat,
            from,
            to,
            why: StrategyChange::Switch,
        }));
    }
    draw_rolled(state, seat, count, &positions, &mut events)?;
    state.battles[bi].sides[side_index(side)].end_done = true;
    if state.battles[bi].sides.iter().all(|s| s.end_done) {
        close(state, bi, &mut events)?;
    }
    Ok(events)
}

/// Closes a battle: played cards leave play (Intrigue winners return to hand), used temporary
/// strategies revert.
pub(super) fn close(state: &mut ClanWarState, bi: usize, events: &mut Events) -> Res<()> {
    let id = state.battles[bi].id;
    let played = std::mem::take(&mut state.battles[bi].played);
    for pl in &played {
        match state.battles[bi].seat(pl.side) {
            Some(seat) if pl.returns => state.players[usize::from(seat.0)].hand.push(pl.card),
            _ => discard(state, pl.card)?,
        }
    }
    state.battles[bi].played = played;
    for p in &mut state.players {
        for s in &mut p.strategies {
            if s.revert_after == Some(id)
                && let Some(original) = s.original
            {
                events.push(Visible::public(ClanWarEvent::StrategyChanged {
                    seat: p.seat,
                    from: s.strategy,
                    to: original,
                    why: StrategyChange::Reverts,
                }));
                *s = Slot {
                    strategy: original,
                    original: None,
                    revert_after: None,
                };
            }
        }
    }
    state.battles[bi].phase = Phase::Closed;
    events.push(Visible::public(ClanWarEvent::Closed { battle: id }));
    Ok(())
}
