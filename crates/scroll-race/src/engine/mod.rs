//! The engine of Scroll Race: [`apply`], which sends each action to its check and its apply,
//! and the helpers its modules share (audiences, uses spent, the end of the game); `carriers`
//! names, changes or keeps a carrier, `movement` walks characters and
//! springs traps, `check` validates a turn against what the actor knows, `techniques` resolves
//! them, `attack` lands the blows, `turn` plays a turn and moves to the next, `rulings` applies
//! the game master's rulings.

mod attack;
mod carriers;
mod check;
mod movement;
mod rulings;
mod techniques;
mod turn;

use pbp_core::{
    Dice,
    engine::{Actor, Audience, Game, Seat, Visible},
};

use crate::error::{Refusal, ScrollRaceError as E};
use crate::game::ScrollRace;
use crate::model::{CharId, ScrollRaceAction, ScrollRaceEvent};
use crate::state::{Character, Ending, Phase, ScrollRaceState, Skill, seat_char, team_seats};
use crate::technique::Technique;
pub(crate) use check::check_use;
pub(crate) use movement::{legs, plan_into};
#[cfg(test)]
pub(crate) use movement::{planned_move, unplan};

use carriers::{choose_carrier, keep_carrier};
use check::check_play;
use rulings::rule;
use turn::play;

/// The events an action produces, each with its audience.
pub(crate) type Events = Vec<Visible<ScrollRaceEvent>>;

/// A team's own seats, the audience of its secrets.
pub(crate) fn own(team: u8) -> Audience {
    Audience::Seats(team_seats(team))
}

/// Who sees `team` use `technique`: only the team for a secret technique, else everyone.
fn audience_for(team: u8, technique: Technique) -> Audience {
    if technique.is_secret() {
        own(team)
    } else {
        Audience::Everyone
    }
}

/// Whether a character should move during a walk in planning (hidden enemy traps ignored) or for
/// real.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// On a copy, as the actor plans the move: hidden enemy traps are not sprung.
    Plan,
    /// For real: every trap on the way is sprung.
    Real,
}

/// A character by number, to change it.
fn ch_mut(state: &mut ScrollRaceState, id: CharId) -> &mut Character {
    &mut state.characters[usize::from(id)]
}

/// `id`'s skill of `technique`, to change it.
fn skill_mut(state: &mut ScrollRaceState, id: CharId, technique: Technique) -> Option<&mut Skill> {
    ch_mut(state, id)
        .skills
        .iter_mut()
        .find(|s| s.technique == technique)
}

/// Spends one use of `id`'s `technique` (unlimited skills have none to spend).
fn consume(state: &mut ScrollRaceState, id: CharId, technique: Technique) {
    if let Some(skill) = skill_mut(state, id, technique)
        && let Some(left) = skill.left.as_mut()
    {
        *left = left.saturating_sub(1);
    }
}

/// Ends the game, announcing the winner (`None` for a draw) and why to everyone.
fn end_game(state: &mut ScrollRaceState, winner: Option<u8>, reason: String, events: &mut Events) {
    let ending = Ending { winner, reason };
    state.phase = Phase::Over;
    state.ending = Some(ending.clone());
    events.push(Visible::public(ScrollRaceEvent::GameOver(ending)));
}

/// Applies an action to a copy of the state, kept only if it is accepted: a ruling by the game
/// master, a carrier chosen or kept by a captain, a turn played by the character whose turn it
/// is (checked by [`check_play`] with its move planned on that copy and taken
/// back, then played on it: one copy of the state an action).
pub(crate) fn apply(
    state: &mut ScrollRaceState,
    actor: Actor,
    action: &ScrollRaceAction,
    dice: &mut dyn Dice,
) -> Result<Events, E> {
    if state.phase == Phase::Over {
        return Err(E::Over);
    }
    let mut next = state.clone();
    let mut events = Vec::new();
    match (action, actor) {
        (ScrollRaceAction::Gm(ruling), Actor::GameMaster) => rule(&mut next, ruling, &mut events)?,
        (ScrollRaceAction::Gm(_), _) => {
            return Err(E::NotYourTurn(Refusal::OnlyGameMasterRules));
        }
        (_, Actor::GameMaster) => return Err(E::NotYourTurn(Refusal::GameMasterRules)),
        (ScrollRaceAction::Carrier(c), Actor::Seat(seat)) => {
            choose_carrier(&mut next, seat, *c, &mut events)?;
        }
        (ScrollRaceAction::Keep, Actor::Seat(seat)) => keep_carrier(&mut next, seat, &mut events)?,
        (
            ScrollRaceAction::Play {
                movement,
                technique,
            },
            Actor::Seat(seat),
        ) => {
            let id = match (seat_char(actor), next.current()) {
                (Some(id), Some(cur)) if id == cur => id,
                (_, current) => {
                    // By name, as people read it: "it is not Blue-1 (Blue)'s turn: Red-2
                    // (Red) plays now".
                    return Err(E::NotYourTurn(Refusal::NotYourTurn {
                        who: ScrollRace::seat_name(&next, seat),
                        current: current
                            .map(|cur| ScrollRace::seat_name(&next, Seat(u16::from(cur)))),
                    }));
                }
            };
            check_play(state, id, *movement, technique.as_ref(), &mut next)?;
            play(
                &mut next,
                id,
                *movement,
                technique.as_ref(),
                dice,
                &mut events,
            )?;
        }
    }
    *state = next;
    Ok(events)
}
