//! `POST /api/tables/{id}/thread`: the game master hands the table a forum thread, and its posts
//! are applied as `pbp thread` applies them (docs/THREAD.md), each step committed like any other
//! action. Only the game master's token may: a seat's token is refused 403.
//!
//! This venue calls the hub (its route is the HTTP layer's `api/thread.rs`). The request is
//! read by [`parse_thread`] (a pure function of the body, for the fuzz target);
//! the thread is applied to a copy of the table first, and then the steps it made are applied
//! and committed one by one, with the same dice and post marks, so that the store holds every
//! step as `act` would have written it and the answer comes only after the last commit.

use pbp_core::engine::erased::ActionInput;
use pbp_core::engine::post::PostMark;
use pbp_core::engine::{Actor, DiceChoice, Seat, Source, Viewer};
use pbp_frontend::TableError;
use pbp_frontend::thread::{Layout, ThreadOptions, ThreadReport, apply_thread};
use serde::Deserialize;
use serde_json::Value;

use crate::error::ApiError;
use crate::hub::{Hub, Role};
use crate::store::TableDice;

/// The largest body of a thread request: 16 MiB (a thread of up to 50 MiB is read by
/// `pbp thread`; a larger one is sent in parts, the posts applied before being skipped).
pub const MAX_THREAD_BODY: usize = 16 * 1024 * 1024;

/// `POST .../thread`: the thread and how to read it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ThreadRequest {
    /// The thread's text (a `jsonl` export, or a copied phpBB or SMF page).
    pub posts: String,
    /// Its layout: `jsonl`, `phpbb-html`, `smf-html`, `phpbb` or `smf` (recognised when absent).
    #[serde(default)]
    pub layout: Option<String>,
    /// The game master's forum names.
    #[serde(default)]
    pub gm: Vec<String>,
    /// The forum dice roller's account names.
    #[serde(default)]
    pub rollers: Vec<String>,
    /// `seeded` (the default) or `forum`: where the actions' dice come from.
    #[serde(default)]
    pub dice: Option<String>,
    /// Only say what would happen.
    #[serde(default)]
    pub check: bool,
}

/// Reads the body of a thread request.
///
/// # Errors
/// [`ApiError::BadRequest`] for a body that is not `{"posts", "layout"?, "gm"?, "rollers"?,
/// "dice"?, "check"?}` or names an unknown layout or dice, [`ApiError::TooLarge`] over
/// [`MAX_THREAD_BODY`].
pub fn parse_thread(body: &[u8]) -> Result<(ThreadRequest, ThreadOptions), ApiError> {
    if body.len() > MAX_THREAD_BODY {
        return Err(ApiError::TooLarge(format!(
            "the thread request is {} bytes; at most {MAX_THREAD_BODY} are accepted",
            body.len()
        )));
    }
    let request: ThreadRequest = serde_json::from_slice(body)
        .map_err(|e| ApiError::BadRequest(format!("the body is not the JSON expected: {e}")))?;
    let layout = match &request.layout {
        Some(name) => Some(Layout::parse(name).map_err(|e| ApiError::BadRequest(e.to_string()))?),
        None => None,
    };
    let forum_dice = match request.dice.as_deref() {
        None | Some("seeded") => false,
        Some("forum") => true,
        Some(other) => {
            return Err(ApiError::BadRequest(format!(
                "'{}' is not a dice choice: seeded or forum",
                other.chars().take(20).collect::<String>()
            )));
        }
    };
    let options = ThreadOptions {
        layout,
        game_masters: request.gm.clone(),
        rollers: request.rollers.clone(),
        forum_dice,
        check: request.check,
        players: Vec::new(),
        // Set from the table's `dice` when the thread is applied.
        player_rolls: false,
    };
    Ok((request, options))
}

/// A thread that cannot be read, as the API answers it.
fn unreadable(error: TableError) -> ApiError {
    match error {
        TableError::ThreadTooLarge { .. } | TableError::PostTooLarge { .. } => {
            ApiError::TooLarge(error.to_string())
        }
        other => ApiError::BadRequest(other.to_string()),
    }
}

/// One recorded step, as the record's JSON holds it.
#[derive(Deserialize)]
struct RecordedStep {
    actor: Actor,
    action: Value,
    #[serde(default)]
    source: Source,
    #[serde(default)]
    draws: Vec<pbp_core::Draw>,
    post: Option<PostMark>,
}

/// Applies a forum thread to table `id` for the game master and answers the report.
///
/// # Errors
/// 404, 401 (no token or an unknown one), 403 (a seat's token), 400 (a thread that cannot
/// be read), 413, 503 (the store failed: the steps committed before stay, and the thread
/// sent again skips them).
pub(crate) fn thread(
    hub: &mut Hub,
    id: &str,
    token: Option<&str>,
    request: &ThreadRequest,
    options: &ThreadOptions,
) -> Result<ThreadReport, ApiError> {
    hub.retrying(|hub| thread_once(hub, id, token, request, options))
}

fn thread_once(
    hub: &mut Hub,
    id: &str,
    token: Option<&str>,
    request: &ThreadRequest,
    options: &ThreadOptions,
) -> Result<ThreadReport, ApiError> {
    let live = hub.live(id)?;
    match live.role(token)? {
        Role::GameMaster => {}
        Role::Seat(_) => {
            return Err(ApiError::Forbidden(
                "only the game master's token applies a thread".into(),
            ));
        }
        Role::Public => {
            return Err(ApiError::Unauthorized(
                "applying a thread needs the game master's token".into(),
            ));
        }
    }
    let mut options = options.clone();
    // A table whose dice are the game master's takes no die from a player's post, not even
    // the rolls the forum attached to it; a roll line typed in a post is never one.
    options.player_rolls = live.turn.dice == TableDice::Players;
    // The names the game master gave the seats at this table are theirs on the forum.
    options.players = (0..)
        .zip(&live.seats)
        .map(|(seat, stored)| (stored.name.clone(), Seat(seat)))
        .collect();
    let mut copy = live.game.table().clone();
    let report = apply_thread(&mut copy, request.posts.as_bytes(), &options).map_err(unreadable)?;
    if !options.check {
        let from = live.game.table().steps();
        commit_steps(hub, id, &copy, from)?;
    }
    Ok(report)
}

/// Applies and commits on table `id`, one by one, the steps `done` made after step `from`.
fn commit_steps(
    hub: &mut Hub,
    id: &str,
    done: &pbp_frontend::Table,
    from: usize,
) -> Result<(), ApiError> {
    let record = done
        .session()
        .record()
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    let entries = record["entries"].as_array().cloned().unwrap_or_default();
    for entry in entries.into_iter().skip(from) {
        let step: RecordedStep =
            serde_json::from_value(entry).map_err(|e| ApiError::Internal(e.to_string()))?;
        let dice = match step.source {
            Source::Seeded => DiceChoice::Seeded,
            Source::Outside => DiceChoice::Outside(step.draws.iter().map(|d| d.value).collect()),
        };
        let live = hub.cached(id)?;
        let from_step = live.game.steps();
        let before = live.game.acting();
        let input = ActionInput::Json(step.action.clone());
        let table = live.game.table_mut();
        match step.post {
            Some(mark) => table.act_for_post(Viewer::GameMaster, step.actor, &input, dice, mark),
            None => table.act_seen_by(Viewer::GameMaster, step.actor, &input, dice),
        }
        .map_err(|e| {
            ApiError::Internal(format!("a step of the thread did not apply again: {e}"))
        })?;
        // A game master's post is a ruling, as a game master's act is (`Hub::act`).
        let ruling = step.actor == pbp_core::engine::Actor::GameMaster;
        hub.commit(id, from_step, &before, step.actor, &step.action, ruling)?;
    }
    Ok(())
}
