//! The engine of Three Kingdoms: [`apply`] checks an action, then applies it to a copy, each
//! action with a check and an apply of its own. `turn` is the turn's flow (`end`, drawing, the
//! End Phase, the end of the match), `prepare` the Preparation Phase's actions, `play` cards
//! and abilities, `attack` the Combat Phase's actions, `combat` the fight itself, `effects`
//! card effects, `targets` what a card or ability may choose, `losses` cards leaving play.

mod attack;
mod combat;
mod effects;
mod losses;
mod play;
mod prepare;
mod targets;
mod turn;

pub(crate) use combat::{can_attack, can_be_attacked, can_intercept, fight, resolve_interception};
pub(crate) use effects::{apply_effects, resolve_on_target};
pub(crate) use losses::{advance, check_lords, evacuate, lose, set_strength_zero, take_damage};
pub(crate) use targets::{check_target, check_unique, single_targets};
pub(crate) use turn::{draw, end_game, start_turn};

use pbp_core::{
    Dice,
    engine::{Actor, Seat, Visible},
};

use crate::cards::Duration;
use crate::error::{Refusal, ThreeKingdomsError};
use crate::model::{ThreeKingdomsAction, ThreeKingdomsEvent};
use crate::state::{Phase, TargetRef, ThreeKingdomsState, other};

/// The events an action produces, each with who may see it.
pub(crate) type Events = Vec<Visible<ThreeKingdomsEvent>>;
/// A result of the engine.
pub(crate) type Res<T> = Result<T, ThreeKingdomsError>;

/// A character of `seat`, by its instance number.
pub(crate) fn tr(seat: Seat, card: u32) -> TargetRef {
    TargetRef { seat, card }
}

/// Adds a public event.
pub(crate) fn public(events: &mut Events, e: ThreeKingdomsEvent) {
    events.push(Visible::public(e));
}

/// The turn an effect lasting `d` expires at the end of (`None`: never).
pub(crate) fn expiry(state: &ThreeKingdomsState, d: Duration) -> Option<u32> {
    match d {
        Duration::EndOfTurn => Some(state.turn),
        Duration::Turns(n) => Some(state.turn + 2 * u32::from(n.max(1) - 1)),
        Duration::Permanent => None,
    }
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

/// What the game master may do for an absent player who must act now: end the phase, or
/// decline an interception or a follow-up (never a choice that plays or spends a card).
pub(crate) fn game_master_may(action: &ThreeKingdomsAction) -> bool {
    matches!(
        action,
        ThreeKingdomsAction::End | ThreeKingdomsAction::FollowUp { with: None }
    ) || matches!(action, ThreeKingdomsAction::Intercept { with } if with.is_empty())
}

/// Where the acting seat stands, as the checks ask it: whether it is the active player, and
/// whether it is in its Preparation or Combat Phase with nothing pending.
#[derive(Clone, Copy)]
pub(crate) struct Stage {
    /// The seat is the active player.
    pub(crate) active: bool,
    /// The active player's Preparation Phase, no decision pending.
    pub(crate) prep: bool,
    /// The active player's Combat Phase, no decision pending.
    pub(crate) combat: bool,
}

impl Stage {
    fn of(state: &ThreeKingdomsState, seat: Seat) -> Stage {
        let active = seat == state.active;
        let open = active && state.pending.is_none();
        Stage {
            active,
            prep: open && state.phase == Phase::Preparation,
            combat: open && state.phase == Phase::Combat,
        }
    }
}

/// Applies an action; on a refusal the state is as it was before. The game master acts only
/// for the seat that must act now, with an action that chooses nothing for it. The action is
/// checked ([`check`]) on the state, then applied ([`execute`]) to a copy kept only if it
/// succeeds (a draw from the deck may still fail).
pub(crate) fn apply(
    state: &mut ThreeKingdomsState,
    actor: Actor,
    action: &ThreeKingdomsAction,
    dice: &mut dyn Dice,
) -> Res<Events> {
    if state.ending.is_some() {
        return Err(ThreeKingdomsError::Over);
    }
    let (seat, for_absent) = match actor.seat() {
        Some(seat) => (seat, false),
        None => {
            let Some(seat) = acting(state) else {
                return Err(ThreeKingdomsError::NotYourTurn(
                    "the game master may not act now".into(),
                ));
            };
            if !game_master_may(action) {
                return Err(Refusal::GameMasterOnlyEnds.into());
            }
            (seat, true)
        }
    };
    if seat.0 > 1 || acting(state) != Some(seat) {
        return Err(ThreeKingdomsError::not_your_turn(state, seat));
    }
    // A state read from JSON (or built by hand) has its cards resolved once here.
    state.resolve();
    check(state, seat, action)?;
    let mut next = state.clone();
    let mut events = Vec::new();
    if for_absent {
        public(&mut events, ThreeKingdomsEvent::GameMasterActs { seat });
    }
    execute(&mut next, seat, action, dice, &mut events)?;
    *state = next;
    Ok(events)
}

/// Checks an action of the acting seat without changing anything: the defender's decisions
/// first, then the active player's actions, each by its own check.
pub(crate) fn check(
    state: &ThreeKingdomsState,
    seat: Seat,
    action: &ThreeKingdomsAction,
) -> Res<()> {
    let stage = Stage::of(state, seat);
    match action {
        ThreeKingdomsAction::Intercept { with } => {
            attack::check_intercept(state, seat, stage, with)
        }
        ThreeKingdomsAction::FollowUp { with } => {
            attack::check_follow_up(state, seat, stage, *with)
        }
        _ if state.pending.is_some() => Err(Refusal::DefenderFirst.into()),
        _ if !stage.active => Err(ThreeKingdomsError::not_your_turn(state, seat)),
        ThreeKingdomsAction::End => Ok(()),
        ThreeKingdomsAction::Discard { card } => prepare::check_discard(state, seat, stage, *card),
        ThreeKingdomsAction::Play { card, target } => {
            play::check_play(state, seat, stage, *card, *target)
        }
        ThreeKingdomsAction::Use {
            character,
            strategist,
            target,
        } => play::check_use(state, seat, stage, *character, *strategist, *target),
        ThreeKingdomsAction::Summon { card } => prepare::check_summon(state, seat, stage, *card),
        ThreeKingdomsAction::Revive { card } => prepare::check_revive(state, seat, stage, *card),
        ThreeKingdomsAction::Defend { general } => {
            prepare::check_defend(state, seat, stage, *general)
        }
        ThreeKingdomsAction::MoveLord => prepare::check_move_lord(state, seat, stage),
        ThreeKingdomsAction::Attack { attacker, target } => {
            attack::check_attack(state, seat, stage, *attacker, *target)
        }
    }
}

/// Applies a checked action of `seat`, each by its own apply, then lets the Lords fall.
fn execute(
    state: &mut ThreeKingdomsState,
    seat: Seat,
    action: &ThreeKingdomsAction,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Res<()> {
    match action {
        ThreeKingdomsAction::Discard { card } => prepare::discard(state, seat, *card, events),
        ThreeKingdomsAction::Play { card, target } => {
            play::play(state, seat, *card, *target, dice, events)?;
        }
        ThreeKingdomsAction::Use {
            character,
            strategist,
            target,
        } => play::use_ability(state, seat, *character, *strategist, *target, dice, events)?,
        ThreeKingdomsAction::Summon { card } => prepare::summon(state, seat, *card, events),
        ThreeKingdomsAction::Revive { card } => prepare::revive(state, seat, *card, events),
        ThreeKingdomsAction::Defend { general } => prepare::defend(state, seat, *general, events),
        ThreeKingdomsAction::MoveLord => prepare::move_lord(state, seat, events),
        ThreeKingdomsAction::End => turn::end(state, seat, dice, events)?,
        ThreeKingdomsAction::Attack { attacker, target } => {
            attack::attack(state, seat, *attacker, *target, events);
        }
        ThreeKingdomsAction::Intercept { with } => attack::intercept(state, seat, with, events)?,
        ThreeKingdomsAction::FollowUp { with } => attack::follow_up(state, seat, *with, events)?,
    }
    check_lords(state, events);
    Ok(())
}
