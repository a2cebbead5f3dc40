//! What a stream sends, as the hub computes it: the log lines one viewer may see after a
//! position, and that viewer's status, from which the turn, deadline, orders and end-of-game
//! events are told apart.
//!
//! Both come from the table as stored (the hub loads it again when another instance changed
//! it), through the same functions as the `log` and `view` endpoints: the log's audience
//! filter ([`crate::engine::GameTable::log`], with the lines of the bot's turns) and the
//! status every viewer sees (`hub/status.rs`). So a stream holds exactly what the
//! same token reads from `log` and `view`, and what a viewer's stream sends depends only on
//! what that viewer may see: a commit that changes nothing it may see (another seat's draft
//! saved again) sends it nothing at all.

use std::fmt;

use pbp_core::engine::{Actor, Seat, Turn};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::hub::status::{Orders, TableStatus};
use crate::hub::{Hub, Live, Role};

/// Where a stream is in a table's log: the step of a line and its place among the lines the
/// viewer sees at that step (from 0). An event's `id:` is written `STEP.SUB`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    /// The step (0 for the setup).
    pub step: u64,
    /// The line's index among the viewer's lines at that step.
    pub sub: u32,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.step, self.sub)
    }
}

impl Position {
    /// Reads `STEP.SUB` (as sent in `Last-Event-ID`): digits, a dot, digits.
    ///
    /// # Errors
    /// [`ApiError::BadRequest`] for anything else.
    pub fn parse(text: &str) -> Result<Position, ApiError> {
        let bad = || {
            ApiError::BadRequest(format!(
                "Last-Event-ID '{}' is not an event id of this stream (STEP.SUB, as sent in id:)",
                text.chars().take(40).collect::<String>()
            ))
        };
        let (step, sub) = text.trim().split_once('.').ok_or_else(bad)?;
        let digits =
            |s: &str| !s.is_empty() && s.len() <= 19 && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(step) || !digits(sub) {
            return Err(bad());
        }
        Ok(Position {
            step: step.parse().map_err(|_| bad())?,
            sub: sub.parse().map_err(|_| bad())?,
        })
    }
}

/// One log line for the stream, with its position.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Its id.
    pub position: Position,
    /// The line as `log` answers it: `{step, audience, event, text}`.
    pub value: Value,
}

/// What one look at the table gives a stream.
#[derive(Clone, Debug, PartialEq)]
pub struct Batch {
    /// Whose token it is.
    pub role: Role,
    /// The log lines after the position asked for, in order, at most the number asked for.
    pub lines: Vec<Line>,
    /// Whether more lines follow those.
    pub more: bool,
    /// The viewer's status now (see [`status`]).
    pub status: StreamStatus,
}

/// The log lines that the token's holder may see after `after` (from the start for
/// `None`), at most `limit`, and its status.
///
/// # Errors
/// 404, 401 (a token the table does not know, or no longer knows), 400 (`after` past the
/// end of the viewer's log: no stream sent that id), 500.
pub(crate) fn stream_batch(
    hub: &mut Hub,
    id: &str,
    token: Option<&str>,
    after: Option<Position>,
    limit: usize,
) -> Result<Batch, ApiError> {
    let live = hub.live(id)?;
    let role = live.role(token)?;
    // Only the lines of the steps from the last one sent on are written: the lines of a
    // step are numbered from its first, so the end of the log from a step's first line
    // numbers them as the whole log does (a stream asks after every commit: writing the
    // whole log each time took a fifth of the hub thread with 1,000 streams open,
    // docs/BENCHMARKS.md).
    let from = after.map_or(0, |after| after.step);
    let log = live
        .game
        .log_after(role.viewer(), from.checked_sub(1))
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    let log = crate::hub::turns::with_bot_lines_from(live, log, from);
    let mut lines = Vec::new();
    let mut more = false;
    let mut previous: Option<u64> = None;
    let mut sub = 0u32;
    // Whether the log reaches `after`: an id past its end was never sent by this stream.
    let mut reached = after.is_none();
    for line in log {
        let step = u64::try_from(line.step).unwrap_or(u64::MAX);
        sub = if previous == Some(step) { sub + 1 } else { 0 };
        previous = Some(step);
        let position = Position { step, sub };
        reached = reached || after.is_some_and(|after| position >= after);
        if after.is_some_and(|after| position <= after) {
            continue;
        }
        if lines.len() == limit {
            more = true;
            break;
        }
        // Only the lines sent are written as JSON, as `log` writes them.
        let value = serde_json::to_value(&line).map_err(|e| ApiError::Internal(e.to_string()))?;
        lines.push(Line { position, value });
    }
    if let (false, Some(after)) = (reached, after) {
        let end = previous.map_or_else(
            || format!("it has no event at step {} or later", after.step),
            |step| format!("its last event is {}", Position { step, sub }),
        );
        return Err(ApiError::BadRequest(format!(
            "Last-Event-ID {after} is past the end of this stream ({end}): reconnect \
             without it, or with an id this stream sent"
        )));
    }
    Ok(Batch {
        role,
        lines,
        more,
        status: status(live, role),
    })
}

/// A seat as its players know it at the table ([`crate::names::seat_called`]), as the notices
/// name it.
fn seat_name(live: &Live, seat: Seat) -> String {
    let game = live.game.seat_name(seat.0);
    live.seats
        .get(usize::from(seat.0))
        .map_or(game.clone(), |stored| {
            crate::names::seat_called(&game, &stored.name)
        })
}

fn actor_name(live: &Live, actor: Actor) -> String {
    match actor {
        Actor::Seat(seat) => seat_name(live, seat),
        Actor::GameMaster => "the game master".to_owned(),
    }
}

/// The viewer's status as a stream sees it (its `status` event), typed so that the stream
/// compares fields, not JSON keys (fields in alphabetical order, the order the JSON always
/// had).
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct StreamStatus {
    /// Who may act, by name (empty once the game is over).
    pub acting: Vec<String>,
    /// The outcome, once the game is over.
    #[schema(required = true)]
    pub over: Option<Over>,
    /// Actions taken so far.
    pub step: u64,
    /// The table's status as `view` shows it to the viewer.
    pub table: TableStatus,
    /// Whether the viewer may act now.
    pub your_turn: bool,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Over {
    /// Why, in words.
    pub reason: String,
    /// The winners, by name.
    pub winners: Vec<String>,
}

/// The viewer's status: the step, who acts (by name) or who won, whether it is the viewer's
/// turn, and the table's status as `view` shows it to the viewer (seats, their orders, the
/// deadline, the viewer's own drafts).
pub(crate) fn status(live: &Live, role: Role) -> StreamStatus {
    let yours = match role {
        Role::Public => None,
        Role::Seat(seat) => Some(Actor::Seat(Seat(seat))),
        Role::GameMaster => Some(Actor::GameMaster),
    };
    let (acting, over) = match live.game.turn() {
        Turn::Acting(actors) => (actors, None),
        Turn::Over(outcome) => (
            Vec::new(),
            Some(Over {
                reason: outcome.reason,
                winners: outcome
                    .winners
                    .iter()
                    .map(|s| seat_name(live, *s))
                    .collect(),
            }),
        ),
    };
    StreamStatus {
        acting: acting.iter().map(|a| actor_name(live, *a)).collect(),
        over,
        step: live.game.steps(),
        table: crate::hub::status::status(live, role),
        your_turn: yours.is_some_and(|actor| acting.contains(&actor)),
    }
}

/// A `turn` event: who acts changed (or the step moved on). Fields in alphabetical order, as
/// the JSON always had them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct TurnEvent {
    /// Who may act now, by name.
    pub acting: Vec<String>,
    /// Actions taken so far.
    pub step: u64,
    /// Whether the viewer may act now.
    pub your_turn: bool,
}

/// An `over` event: the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct OverEvent {
    /// How it ended.
    pub outcome: Over,
    /// The last step.
    pub step: u64,
}

/// A `deadline` event: the turn's deadline was set, moved or cleared.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct DeadlineEvent {
    /// The deadline (Unix seconds), `null` once cleared.
    #[schema(required = true)]
    pub deadline: Option<u64>,
    /// Seconds after the deadline before it resolves.
    pub grace: u64,
}

/// An `orders` event: a seat's orders of the turn changed (none, draft, ready).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct OrdersEvent {
    /// The seat's player, by name.
    pub name: String,
    /// Its orders now.
    pub orders: Orders,
    /// The seat's number.
    pub seat: u16,
}

/// An event a stream sends from the viewer's status: its name (the SSE `event:`) and its
/// data (the SSE `data:`, as JSON).
#[derive(Clone, Debug, PartialEq)]
pub enum StatusEvent {
    /// `turn`.
    Turn(TurnEvent),
    /// `over`.
    Over(OverEvent),
    /// `deadline`.
    Deadline(DeadlineEvent),
    /// `orders`.
    Orders(OrdersEvent),
    /// `status`: the whole status.
    Status(Box<StreamStatus>),
}

impl StatusEvent {
    /// The event's name.
    pub fn name(&self) -> &'static str {
        match self {
            StatusEvent::Turn(_) => "turn",
            StatusEvent::Over(_) => "over",
            StatusEvent::Deadline(_) => "deadline",
            StatusEvent::Orders(_) => "orders",
            StatusEvent::Status(_) => "status",
        }
    }

    /// The event's data, as JSON.
    pub fn data(&self) -> String {
        match self {
            StatusEvent::Turn(data) => json_text(data),
            StatusEvent::Over(data) => json_text(data),
            StatusEvent::Deadline(data) => json_text(data),
            StatusEvent::Orders(data) => json_text(data),
            StatusEvent::Status(data) => json_text(data),
        }
    }
}

/// A wire value as JSON text (none of the wire's types can fail to serialize: no map has a
/// key that is not a string).
pub(crate) fn json_text(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// The events that tell what changed from the status `before` (the last one this stream
/// sent) to `now`: `turn` (who acts changed), `over` (the game ended), `deadline` (set, moved
/// or cleared), `orders` (a seat's orders: none, draft or ready), and last `status` with the
/// whole status. Nothing when nothing changed; only `status` for the first look of a stream.
pub(crate) fn changes(before: Option<&StreamStatus>, now: &StreamStatus) -> Vec<StatusEvent> {
    let Some(before) = before else {
        return vec![StatusEvent::Status(Box::new(now.clone()))];
    };
    if before == now {
        return Vec::new();
    }
    let mut events = Vec::new();
    if now.over.is_none() && (before.acting != now.acting || before.step != now.step) {
        events.push(StatusEvent::Turn(TurnEvent {
            acting: now.acting.clone(),
            step: now.step,
            your_turn: now.your_turn,
        }));
    }
    if let Some(outcome) = &now.over
        && before.over.is_none()
    {
        events.push(StatusEvent::Over(OverEvent {
            outcome: outcome.clone(),
            step: now.step,
        }));
    }
    let (old, new) = (&before.table, &now.table);
    if old.deadline != new.deadline || old.grace != new.grace {
        events.push(StatusEvent::Deadline(DeadlineEvent {
            deadline: new.deadline,
            grace: new.grace,
        }));
    }
    for seat in &new.seats {
        let was = old.seats.iter().find(|s| s.seat == seat.seat);
        if was.is_none_or(|was| was.orders != seat.orders) {
            events.push(StatusEvent::Orders(OrdersEvent {
                name: seat.name.clone(),
                orders: seat.orders,
                seat: seat.seat,
            }));
        }
    }
    events.push(StatusEvent::Status(Box::new(now.clone())));
    events
}
