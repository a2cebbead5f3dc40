//! Who may do what at a table: the actor a request's token acts as, whether it may bring dice
//! rolled elsewhere, and an act applied to the table held in memory once those are settled.

use pbp_core::engine::{Actor, DiceChoice, Seat};

use super::{Live, Role, refused};
use crate::error::ApiError;
use crate::request::ActRequest;
use crate::store::TableDice;

/// The act applied to the table in memory: the report, the step it was made from, who could
/// act before it, and who acted. Nothing changes when it is refused.
pub(super) fn apply_in_memory(
    live: &mut Live,
    token: Option<&str>,
    request: &ActRequest,
) -> Result<(pbp_frontend::ActReport, u64, Vec<Actor>, Actor), ApiError> {
    let role = live.role(token)?;
    let actor = acting(live, role, request.seat)?;
    let from_step = live.game.steps();
    if let Some(expected) = request.expect_step
        && expected != from_step
    {
        return Err(ApiError::Stale {
            expected,
            found: from_step,
        });
    }
    let dice = match &request.dice {
        Some(values) => {
            outside_dice_allowed(live, role)?;
            DiceChoice::Outside(values.clone())
        }
        None => DiceChoice::Seeded,
    };
    let before = live.game.acting();
    let report = live
        .game
        .act_seen_by(role.viewer(), actor, &request.action, dice)
        .map_err(refused)?;
    Ok((report, from_step, before, actor))
}

/// Whether `role` may bring dice rolled elsewhere at this table: the game master always (the
/// game itself may still refuse them), a seat only at a table created with `"dice": "players"`.
///
/// # Errors
/// 403 for a seat at a table where only the game master brings outside dice.
fn outside_dice_allowed(live: &Live, role: Role) -> Result<(), ApiError> {
    match (role, live.turn.dice) {
        (Role::GameMaster, _) | (Role::Seat(_), TableDice::Players) => Ok(()),
        _ => Err(ApiError::Forbidden(
            "at this table only the game master may bring dice rolled elsewhere: send the \
             action without 'dice' and the server rolls it from the table's seed (a table \
             created with \"dice\": \"players\" takes the players' own forum rolls)"
                .into(),
        )),
    }
}

/// The actor a request acts as: the token's seat, or the game master (for itself, or for the
/// seat it names).
pub(crate) fn acting(live: &Live, role: Role, seat: Option<u16>) -> Result<Actor, ApiError> {
    match (role, seat) {
        (Role::Public, _) => Err(ApiError::Unauthorized(
            "acting needs a seat's or the game master's token".into(),
        )),
        (Role::Seat(own), None) => Ok(Actor::Seat(Seat(own))),
        (Role::Seat(own), Some(asked)) if asked == own => Ok(Actor::Seat(Seat(own))),
        (Role::Seat(_), Some(_)) => Err(ApiError::Forbidden(
            "a seat's token acts for that seat only".into(),
        )),
        (Role::GameMaster, None) => Ok(Actor::GameMaster),
        // The game's seats as they stand, not the tokens made at creation: a seat the game
        // added later (a Clan War clan signed up late) has no token, and the game master acts
        // for it as for an absent player.
        (Role::GameMaster, Some(seat)) if seat < live.game.seat_count() => {
            Ok(Actor::Seat(Seat(seat)))
        }
        (Role::GameMaster, Some(seat)) => Err(no_seat(seat, live.game.seat_count())),
    }
}

/// The refusal of a seat number the table's game does not have (yet).
pub(crate) fn no_seat(seat: u16, count: u16) -> ApiError {
    ApiError::BadRequest(format!(
        "this table has no seat {seat} (seats 0 to {})",
        count.saturating_sub(1)
    ))
}
