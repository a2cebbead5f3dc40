//! The engine: an action applied, and a turn resolved phase by phase.
//!
//! Draws come in this order (the scripted-dice tests rely on it):
//! 1. dismissals, by seat then sheet order: a coin (heads joins a random other player below the
//!    cap, picked with a roll of 1..n when several; tails vanishes);
//! 2. battles, by target state in map order; per target, when the defence leaves a remainder
//!    and several attackers tie for the largest attack, a pick among them for the remainder;
//!    then per attacker in seat order the attacker's d10 then the defender's d10; then a coin
//!    (two) or a pick (more) among equally large winning attacks; then the deaths: each general
//!    of a failed attack (seat order) and of a failed defence tosses a coin (Elusive: a second
//!    coin after a first tails);
//! 3. eliminations: each general of an eliminated player goes to a picked eligible player;
//! 4. recruits, by seat: each new general's name, trait and skill;
//! 5. the next turn's gifts: a pick of the player gaining a general, then its general, then a
//!    general for each Militarist by seat.
//!
//! A new general draws: its name (a pick among the names), its trait (a roll of 1-5: Brave,
//! Cautious, Elusive, Just, none; a Militarist's 1-4), its skill (a coin: tails 1; heads another
//! coin: tails 2, heads 3).

pub(crate) mod battles;
pub(crate) mod economy;
pub(crate) mod eliminations;
pub(crate) mod end;
pub(crate) mod generals;
pub(crate) mod kingdoms;
pub(crate) mod sheets;
pub(crate) mod transfers;

use std::collections::BTreeMap;

use pbp_core::{
    Coin, Dice,
    engine::{Seat, Visible},
    pick,
};

use crate::error::{Refusal, WarringStatesError};
use crate::legal::{may_send, waiting};
use crate::map::StateId;
use crate::model::WarringStatesAction;
use crate::model::{JoinSpec, OrderSheet, WarringStatesEvent};
use crate::setup::{check_join, seat_player};
use crate::state::WarringStatesState;
use crate::text::problems_for;
use battles::fight;
use economy::{collect_income, invest, regrow, spend};
use eliminations::eliminate;
use end::end_turn;
use generals::{dismiss, recruit};
use kingdoms::declare_kingdoms;
use pbp_core::engine::{Actor, Audience};
use sheets::check_sheet;
use transfers::transfer;

/// Applies `action` of `actor`, resolving the turn once every sheet is in. Every check is made
/// before anything changes, and what draws dice runs on a copy, so the state changes only if
/// the action is accepted; a sheet sent before the last is only sealed, without a copy.
pub(crate) fn apply(
    state: &mut WarringStatesState,
    actor: Actor,
    action: &WarringStatesAction,
    dice: &mut dyn Dice,
) -> Result<Vec<Visible<WarringStatesEvent>>, WarringStatesError> {
    if state.outcome.is_some() {
        return Err(WarringStatesError::Over);
    }
    match (action, actor) {
        (WarringStatesAction::Orders(sheet), Actor::Seat(seat)) => orders(state, seat, sheet, dice),
        (WarringStatesAction::NoOrders { seat }, Actor::GameMaster) => {
            no_orders(state, *seat, dice)
        }
        (WarringStatesAction::CloseTurn, Actor::GameMaster) => close_turn(state, dice),
        (WarringStatesAction::Join(spec), Actor::GameMaster) => join(state, spec, dice),
        (WarringStatesAction::Orders(_), Actor::GameMaster) => {
            Err(WarringStatesError::NotNow(Refusal::GameMasterSendsNone))
        }
        (_, Actor::Seat(_)) => Err(WarringStatesError::NotNow(Refusal::GameMasterOnly)),
    }
}

/// `seat`'s order sheet: checked (the seat may send, every order by [`check_sheet`]), then
/// sealed.
fn orders(
    state: &mut WarringStatesState,
    seat: Seat,
    sheet: &OrderSheet,
    dice: &mut dyn Dice,
) -> Result<Events, WarringStatesError> {
    if may_send(state, Actor::Seat(seat)).is_none() {
        return Err(WarringStatesError::NotNow(Refusal::MayNotSend(
            state.seat_name(seat),
        )));
    }
    let raw = check_sheet(state, seat, sheet);
    if !raw.is_empty() {
        return Err(WarringStatesError::Orders(problems_for(
            state, sheet, None, raw,
        )));
    }
    let mut events = vec![
        Visible::public(WarringStatesEvent::Submitted { seat }),
        Visible {
            audience: Audience::only(seat),
            event: WarringStatesEvent::Sealed(state.sealed(seat, sheet)),
        },
    ];
    seal(state, seat, sheet.clone(), dice, &mut events)?;
    Ok(events)
}

/// The game master gives no orders for absent `seat`: checked (the seat may send), then an
/// empty sheet sealed.
fn no_orders(
    state: &mut WarringStatesState,
    seat: Seat,
    dice: &mut dyn Dice,
) -> Result<Events, WarringStatesError> {
    if may_send(state, Actor::Seat(seat)).is_none() {
        return Err(WarringStatesError::NotNow(Refusal::NoOrdersToGive(
            state.seat_name(seat),
        )));
    }
    let empty = OrderSheet {
        turn: state.turn,
        orders: Vec::new(),
        notes: Vec::new(),
    };
    let mut events = vec![Visible::public(WarringStatesEvent::NoOrders { seat })];
    seal(state, seat, empty, dice, &mut events)?;
    Ok(events)
}

/// The game master closes the turn (always allowed): it resolves with the sheets sent.
fn close_turn(
    state: &mut WarringStatesState,
    dice: &mut dyn Dice,
) -> Result<Events, WarringStatesError> {
    let missing = waiting(state);
    let mut events = vec![Visible::public(WarringStatesEvent::TurnClosed { missing })];
    resolve_or_keep(state, dice, &mut events)?;
    Ok(events)
}

/// The game master admits a player: checked ([`check_join`]), then seated.
fn join(
    state: &mut WarringStatesState,
    spec: &JoinSpec,
    dice: &mut dyn Dice,
) -> Result<Events, WarringStatesError> {
    check_join(state, spec)?;
    let rice = state.join_rice();
    // Seating draws the player's generals: on a copy, kept only if every draw succeeds.
    let mut next = state.clone();
    let events = seat_player(&mut next, spec, rice, dice)?;
    *state = next;
    Ok(events)
}

/// Seals `seat`'s checked sheet. The last sheet of the turn resolves it; if the resolution
/// fails (dice that run out), the sheet is taken back and the state is as it was.
fn seal(
    state: &mut WarringStatesState,
    seat: Seat,
    sheet: OrderSheet,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Result<(), WarringStatesError> {
    state.sheets.insert(seat, sheet);
    if waiting(state).is_empty()
        && let Err(e) = resolve_or_keep(state, dice, events)
    {
        state.sheets.remove(&seat);
        return Err(e);
    }
    Ok(())
}

/// Resolves the turn on a copy of the state without its sheets (the map is shared, not
/// copied), which replaces the state only if every draw succeeds; otherwise the sheets go back.
fn resolve_or_keep(
    state: &mut WarringStatesState,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Result<(), WarringStatesError> {
    let sheets = std::mem::take(&mut state.sheets);
    let mut next = state.clone();
    match resolve(&mut next, &sheets, dice) {
        Ok(resolved) => {
            events.extend(resolved);
            *state = next;
            Ok(())
        }
        Err(e) => {
            state.sheets = sheets;
            Err(e)
        }
    }
}

pub(crate) type Events = Vec<Visible<WarringStatesEvent>>;

pub(crate) fn toss(dice: &mut dyn Dice) -> Result<Coin, WarringStatesError> {
    Ok(Coin::toss(dice)?)
}

/// Picks an index among `n` (no draw when `n` is 1).
pub(crate) fn pick_index(dice: &mut dyn Dice, n: usize) -> Result<usize, WarringStatesError> {
    Ok(pick(dice, n as u32)? as usize)
}

/// Reveals every sheet, in seat order.
fn reveal(state: &WarringStatesState, sheets: &BTreeMap<Seat, OrderSheet>, events: &mut Events) {
    for (&seat, sheet) in sheets {
        events.push(Visible::public(WarringStatesEvent::Revealed(
            state.sealed(seat, sheet),
        )));
    }
}

/// Resolves the turn: reveals the sheets and applies them, phase by phase: spending, dismissals,
/// investments, battles, transfers with pillage, eliminations, recruits, Kingdoms, Mohist
/// regrowth, income, then the end of the turn (see the module docs for the draws).
pub(crate) fn resolve(
    state: &mut WarringStatesState,
    sheets: &BTreeMap<Seat, OrderSheet>,
    dice: &mut dyn Dice,
) -> Result<Events, WarringStatesError> {
    let mut events: Events = Vec::new();
    reveal(state, sheets, &mut events);
    spend(state, sheets);
    dismiss(state, sheets, dice, &mut events)?;
    let launches_at_start: Vec<bool> = (0..state.map.len())
        .map(|s| !state.devastated(s as StateId))
        .collect();
    invest(state, sheets, &mut events);
    let conquests = fight(state, sheets, &launches_at_start, dice, &mut events)?;
    let eliminators = transfer(state, &conquests, &mut events);
    eliminate(state, &eliminators, dice, &mut events)?;
    recruit(state, sheets, dice, &mut events)?;
    declare_kingdoms(state, sheets, &mut events);
    regrow(state, &mut events);
    collect_income(state, &mut events);
    end_turn(state, dice, &mut events)?;
    Ok(events)
}
