//! Scripted scenes for the clause tests of clauses.rs and players.rs: holdings, generals and rice
//! set by hand, order posts read and played, and the game master's close.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_core::engine::{Actor, Game, Seat};
use pbp_warring_states::{
    General, GeneralId, Trait, WarringStates, WarringStatesAction, WarringStatesError,
    WarringStatesEvent, WarringStatesState,
};

use super::{Script, id, play};

/// Gives `seat` the states of these names.
pub fn give(s: &mut WarringStatesState, seat: Seat, names: &[&str]) {
    for n in names {
        let i = id(s, n);
        s.holders[usize::from(i)] = Some(seat);
    }
}

/// Adds a general to `seat`; returns its id.
pub fn general(
    s: &mut WarringStatesState,
    seat: Seat,
    name: &str,
    t: Option<Trait>,
    skill: u8,
) -> GeneralId {
    let gid = s.next_general;
    s.next_general += 1;
    s.players[usize::from(seat.0)].generals.push(General {
        id: gid,
        name: name.into(),
        r#trait: t,
        skill,
    });
    gid
}

/// Sets `seat`'s rice.
pub fn rice(s: &mut WarringStatesState, seat: Seat, r: u32) {
    s.players[usize::from(seat.0)].rice = r;
}

/// Reads `text` as `seat`'s order post and plays it.
pub fn post(
    s: &mut WarringStatesState,
    seat: Seat,
    text: &str,
    dice: &mut Script,
) -> Result<Vec<WarringStatesEvent>, WarringStatesError> {
    let actor = Actor::Seat(seat);
    let action = WarringStates::parse_action(s, actor, text)?;
    let events = play(s, actor, &action, dice)?;
    Ok(events.into_iter().map(|v| v.event).collect())
}

/// The game master closes the turn.
pub fn close(s: &mut WarringStatesState, dice: &mut Script) -> Vec<WarringStatesEvent> {
    play(s, Actor::GameMaster, &WarringStatesAction::CloseTurn, dice)
        .unwrap()
        .into_iter()
        .map(|v| v.event)
        .collect()
}

/// The battles among `events`.
pub fn battles(events: &[WarringStatesEvent]) -> Vec<pbp_warring_states::Battle> {
    events
        .iter()
        .filter_map(|e| match e {
            WarringStatesEvent::Battle(b) => Some(b.clone()),
            _ => None,
        })
        .collect()
}
