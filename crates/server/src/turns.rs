//! The table's status beside the game: who plays each seat, who may act now, who has sent
//! orders, the deadline.

use pbp_core::{Actor, Seat};
use serde_json::{Value, json};

use crate::hub::{Live, Role, absent_name};

/// The status every viewer sees: seats by name, who may act, who has a draft or is ready, the
/// deadline. Never a token, never a draft's content.
pub(crate) fn status(live: &Live, role: Role) -> Value {
    let seats: Vec<Value> = live
        .seats
        .iter()
        .enumerate()
        .map(|(index, stored)| {
            let seat = u16::try_from(index).unwrap_or(u16::MAX);
            let draft = live.turn.drafts.iter().find(|d| d.seat == seat);
            json!({
                "seat": seat,
                "name": stored.name,
                "to_act": live.game.may_act(Actor::Seat(Seat(seat))),
                "orders": match draft {
                    None => "none",
                    Some(d) if d.ready => "ready",
                    Some(_) => "draft",
                },
            })
        })
        .collect();
    let you = match role {
        Role::Public => json!("public"),
        Role::Seat(seat) => json!({ "seat": seat }),
        Role::GameMaster => json!("gm"),
    };
    json!({
        "you": you,
        "seats": seats,
        "deadline": live.turn.deadline,
        "grace": live.turn.grace,
        "absent": absent_name(live.turn.absent),
    })
}

/// Keeps the turn state true after an action moved the table from `from_step`: drafts of seats
/// that may no longer act are dropped, and so is the deadline once no seat may act.
pub(crate) fn after_act(live: &mut Live, _from_step: u64) {
    let game = &live.game;
    live.turn
        .drafts
        .retain(|draft| game.may_act(Actor::Seat(Seat(draft.seat))));
    let any_seat = game.turn().actors().iter().any(|a| a.seat().is_some());
    if !any_seat {
        live.turn.deadline = None;
    }
}
