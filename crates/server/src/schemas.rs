//! The OpenAPI schemas of the values the wire carries from `pbp-core` and `pbp-frontend`
//! (an action in both forms, a log line, an act's report, who acts, a view, a thread's
//! report), which know nothing of OpenAPI. Each is a type of the same shape as the one the
//! server sends, never built: the server sends the games' own serde types, and the API's
//! conformance test (tests/openapi.rs) holds every real answer to these schemas, so a field
//! added or renamed there fails the test until it is told here.
//!
//! A leaf: it uses no other module of the crate.

// The types below describe JSON and are never built (see above).
#![allow(dead_code)]

use serde_json::Value;
use utoipa::ToSchema;

/// An action in both forms: the game's text and its JSON.
#[derive(ToSchema)]
#[schema(as = LegalAction)]
pub(crate) struct LegalActionSchema {
    /// The game's text form ("attack 3").
    text: String,
    /// The JSON form, as `act` takes it.
    json: Value,
}

/// Who an event is meant for: `"everyone"`, `"game-master"`, or `{"seats": [N, ...]}`.
#[derive(ToSchema)]
#[schema(as = Audience)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum AudienceSchema {
    /// Everyone, the public included.
    Everyone,
    /// These seats (and the game master).
    Seats(Vec<u16>),
    /// The game master alone.
    GameMaster,
}

/// Who acts: `"game-master"` or `{"seat": N}`.
#[derive(ToSchema)]
#[schema(as = Actor)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum ActorSchema {
    /// A player's seat.
    Seat(u16),
    /// The game master.
    GameMaster,
}

/// How a game ended.
#[derive(ToSchema)]
#[schema(as = Outcome)]
pub(crate) struct OutcomeSchema {
    /// The winners' seats (none for a draw).
    winners: Vec<u16>,
    /// Places from first to last; seats tied for a place share it.
    ranking: Vec<Vec<u16>>,
    /// Final scores by seat, in units of `1 / score_denominator` points.
    scores: std::collections::BTreeMap<String, i64>,
    /// What one score unit is worth.
    score_denominator: u32,
    /// Why the game ended, in words.
    reason: String,
}

/// Who may act now (`{"acting": [...]}`), or how the game ended (`{"over": {...}}`).
#[derive(ToSchema)]
#[schema(as = Turn)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum TurnSchema {
    /// These actors may act, in any order.
    Acting(Vec<ActorSchema>),
    /// The game is over.
    Over(OutcomeSchema),
}

/// One line of a table's log: its step, who may see it, the event as JSON and as text.
#[derive(ToSchema)]
#[schema(as = LogLine)]
pub(crate) struct LogLineSchema {
    /// 0 for the setup, then 1 for the first action.
    step: u64,
    /// Who may see it.
    audience: AudienceSchema,
    /// The event as JSON (the game's own).
    event: Value,
    /// The event as a line of text, as the viewer sees the game.
    text: String,
}

/// What an act answers: the step just taken, the action in both forms, the events its sender
/// may see, and who acts now.
#[derive(ToSchema)]
#[schema(as = ActReport)]
pub(crate) struct ActReportSchema {
    /// The step just taken (1 for the first action).
    step: u64,
    /// The action, in its text and JSON forms.
    action: LegalActionSchema,
    /// The events the sender may see.
    events: Vec<LogLineSchema>,
    /// Who may act now, or the outcome.
    turn: TurnSchema,
}

/// The history chain's head at a step.
#[derive(ToSchema)]
#[schema(as = Chain)]
pub(crate) struct ChainSchema {
    /// The step (0 for the setup).
    step: u64,
    /// Its head's first 12 hex digits.
    head: String,
}

/// What applying a forum thread answers.
#[derive(ToSchema)]
#[schema(as = ThreadReport)]
pub(crate) struct ThreadReportSchema {
    /// The game.
    game: String,
    /// The layout the thread was read in (`jsonl`, `phpbb-html`, `smf-html`, ...).
    layout: String,
    /// Whether this was a check only (nothing changed).
    check: bool,
    /// Every post, in thread order, with what was read in it.
    posts: Vec<Value>,
    /// The steps applied from this thread now.
    applied: u64,
    /// The table's steps after it.
    steps: u64,
    /// Forum rolls read and not used by any action.
    #[schema(required = false)]
    unused_rolls: Vec<Vec<u32>>,
    /// Who acts now, in words.
    turn: String,
    /// What to check when nothing of the thread could be read as the table's.
    #[schema(required = false)]
    hint: Option<String>,
}

/// A table's save file, as `pbp` reads it: the record of every step, with what the game
/// keeps beside it.
#[derive(ToSchema)]
#[schema(as = Save)]
pub(crate) struct SaveSchema {
    /// The record: the game, its setup, the seed and every step.
    record: RecordSchema,
}

/// The record of a game.
#[derive(ToSchema)]
#[schema(as = Record)]
pub(crate) struct RecordSchema {
    /// The game's name.
    game: String,
    /// The steps, in order.
    entries: Vec<Value>,
}
