//! The table's status as every viewer sees it: `view`'s `table`, the turn routes' answers
//! (typed here too) and the live stream's `status` event. Typed, so that the stream compares fields, not JSON keys,
//! and a renamed field fails to compile rather than a stream. The fields are declared in
//! alphabetical order: serde writes them in that order, the order the JSON always had.

use std::borrow::Cow;

use pbp_core::engine::erased::LegalAction;
use pbp_core::engine::{Actor, Seat};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use serde_json::Value;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::{PartialSchema, ToSchema};

use super::{Live, Role, absent_name};

/// A table's status for one viewer.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct TableStatus {
    /// What an absent seat gets at the deadline (`no-orders`, `bot`).
    pub absent: &'static str,
    /// The current turn's deadline (Unix seconds), if one is set.
    #[schema(required = true)]
    pub deadline: Option<u64>,
    /// Who may bring outside dice (`game-master`, `players`).
    pub dice: &'static str,
    /// The drafts this viewer may see: the game master's all, a seat its own.
    pub drafts: Vec<DraftStatus>,
    /// Seconds after the deadline before it resolves.
    pub grace: u64,
    /// Every seat, by name, with its orders.
    pub seats: Vec<SeatStatus>,
    /// Who the viewer is: `"public"`, `"gm"` or `{"seat": N}`.
    pub you: Role,
}

/// One seat in the status.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct SeatStatus {
    /// Whether the seat has a link (a seat the game added later has none until one is made).
    pub link: bool,
    /// The player's name.
    pub name: String,
    /// Its orders of the current turn.
    pub orders: Orders,
    /// The seat's number.
    pub seat: u16,
    /// Whether it may act now.
    pub to_act: bool,
}

/// A seat's orders of the current turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Orders {
    /// Nothing sent.
    None,
    /// A draft, not marked ready.
    Draft,
    /// Marked ready.
    Ready,
}

/// A draft the viewer may see.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct DraftStatus {
    /// The drafted action, as JSON.
    pub action: Value,
    /// Whether it is marked ready.
    pub ready: bool,
    /// Its seat.
    pub seat: u16,
}

/// Who the viewer is: `"public"`, `"gm"`, or `{"seat": N}`.
impl PartialSchema for Role {
    fn schema() -> RefOr<Schema> {
        let word = ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(["public", "gm"]));
        let seat = ObjectBuilder::new()
            .property(
                "seat",
                ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .minimum(Some(0)),
            )
            .required("seat");
        OneOfBuilder::new()
            .description(Some(
                "Who the viewer is: `\"public\"`, `\"gm\"` or `{\"seat\": N}`.",
            ))
            .item(word)
            .item(seat)
            .into()
    }
}

impl ToSchema for Role {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Role")
    }
}

impl Serialize for Role {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Role::Public => serializer.serialize_str("public"),
            Role::GameMaster => serializer.serialize_str("gm"),
            Role::Seat(seat) => {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("seat", seat)?;
                map.end()
            }
        }
    }
}

/// The status every viewer sees: seats by name, who may act, who has a draft or is ready, the
/// deadline; the asking seat's own draft. Never a token, never another seat's draft.
pub(crate) fn status(live: &Live, role: Role) -> TableStatus {
    // The game's seats as they stand: a seat the game added after the table was created (a
    // Clan War clan signed up late) is listed by the game's name for it, without a link until
    // the game master hands one out.
    let count = usize::from(live.game.seat_count());
    let late: Vec<String> = if count > live.seats.len() {
        live.game.seat_names()
    } else {
        Vec::new()
    };
    let seats = (0..count.max(live.seats.len()))
        .map(|index| {
            let seat = u16::try_from(index).unwrap_or(u16::MAX);
            let draft = live.turn.drafts.iter().find(|d| d.seat == seat);
            let stored = live.seats.get(index);
            let name = stored
                .map(|s| s.name.clone())
                .or_else(|| late.get(index).cloned())
                .unwrap_or_else(|| format!("seat {seat}"));
            SeatStatus {
                link: stored.is_some(),
                name,
                orders: match draft {
                    None => Orders::None,
                    Some(d) if d.ready => Orders::Ready,
                    Some(_) => Orders::Draft,
                },
                seat,
                to_act: live.game.may_act(Actor::Seat(Seat(seat))),
            }
        })
        .collect();
    let drafts = live
        .turn
        .drafts
        .iter()
        .filter(|d| role == Role::GameMaster || role == Role::Seat(d.seat))
        .map(|d| DraftStatus {
            action: serde_json::from_str::<Value>(&d.action).unwrap_or(Value::Null),
            ready: d.ready,
            seat: d.seat,
        })
        .collect();
    TableStatus {
        absent: absent_name(live.turn.absent),
        deadline: live.turn.deadline,
        dice: live.turn.dice.name(),
        drafts,
        grace: live.turn.grace,
        seats,
        you: role,
    }
}

/// What saving a draft answers: the draft as the rules read it, not ready, and the table.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct DraftAnswer {
    /// The drafted action, in both forms.
    #[schema(value_type = crate::schemas::LegalActionSchema)]
    pub draft: LegalAction,
    /// Always `false`: a draft saved again is no longer ready.
    pub ready: bool,
    /// The table's status.
    pub table: TableStatus,
}

/// What marking a draft ready (or not) answers.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct ReadyAnswer {
    /// Whether the draft is now ready.
    pub ready: bool,
    /// Whether the turn resolved (every seat to act was ready).
    pub resolved: bool,
    /// Actions taken so far.
    pub step: u64,
    /// The table's status.
    pub table: TableStatus,
}

/// What setting the deadline answers: the table's status.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct DeadlineAnswer {
    /// The table's status.
    pub table: TableStatus,
}

/// What closing the turn now answers.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct ResolveAnswer {
    /// Whether a new turn began (or the game ended).
    pub resolved: bool,
    /// Actions taken so far.
    pub step: u64,
    /// The table's status.
    pub table: TableStatus,
}
