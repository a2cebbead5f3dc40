//! The table's surfaces for the secrecy property (feature `testing`): what the [`Table`]
//! facade, and so the CLI, the web page and the table server (`pbp serve`), writes for one
//! viewer, as `pbp_core::engine::testing::secrecy` compares them between twins.
//!
//! The server's answers are the table's, in its envelope: `GET .../view` in every format is
//! [`Table::view`] (with the table's turn status, from the turn workflow, not the game),
//! [`Table::text_with_turn`], [`Table::bbcode`], [`Table::svg`]; `GET .../log` and the event
//! stream (`GET .../events`, which sends the same lines, each once) are [`Table::log`];
//! `GET .../legal` is [`Table::legal_actions`]; `POST .../act` answers [`Table::act_seen_by`] or
//! the refusal's kind and message; the webhooks post [`Table::bbcode_since`] for the public.
//! The thread report (`pbp thread`, `POST .../thread`) is the game master's, whose events it
//! lists as the game master sees them; what a player's post gets back (its outcome, the rules'
//! reason, the action as read, the turn after) is compared, its events are not.
//!
//! Chain heads are masked ([`pbp_core::engine::chain::mask_heads`]): keyed with the seed and salt, the
//! head covers the twins' secrets and tells an outsider nothing.

use pbp_core::engine::chain::mask_heads;
use pbp_core::engine::erased::ActionInput;
use pbp_core::engine::testing::{Parts, SessionOutput};
use pbp_core::engine::{Actor, DiceChoice, Game, Seat, Session, Viewer};

use crate::thread::{Layout, Post, ThreadOptions, apply_posts};
use crate::{Table, TableError};

/// The table over a copy of `session`.
fn table<G: Game>(session: &Session<G>) -> Result<Table, TableError> {
    Table::from_session(Box::new(session.clone()))
}

/// A value as the server writes it: JSON, chain heads masked.
fn json<T: serde::Serialize>(value: Result<T, TableError>) -> String {
    match value {
        Ok(value) => mask_heads(&serde_json::to_string(&value).unwrap_or_default()),
        Err(error) => refusal(&error),
    }
}

fn text(value: Result<String, TableError>) -> String {
    match value {
        Ok(text) => mask_heads(&text),
        Err(error) => refusal(&error),
    }
}

/// A refusal as the server answers it: its kind and message.
fn refusal(error: &TableError) -> String {
    match error {
        TableError::Game(e) => format!("refused {}: {e}", e.kind()),
        other => format!("failed: {other}"),
    }
}

/// What `viewer` reads from the table: the view as JSON (`pbp show --format json`, the
/// server's `view`), as text with the turn, as the BBCode post of the last step and of the whole
/// game, as SVG; its log (the server's `log` and event stream); a seat's legal actions.
fn show<G: Game>(session: &Session<G>, viewer: Viewer) -> Parts {
    let table = match table(session) {
        Ok(table) => table,
        Err(error) => return vec![("table", refusal(&error))],
    };
    let mut parts = vec![
        ("view json", json(table.view(viewer))),
        ("view text", text(table.text_with_turn(viewer))),
        ("view bbcode", text(table.bbcode(viewer))),
        ("view svg", text(table.svg(viewer))),
        ("log", json(table.log(viewer))),
    ];
    if viewer == Viewer::Public {
        // What the webhooks post, every step since the start.
        let post = table.bbcode_since(viewer, None);
        parts.push(("bbcode of the whole game", text(post)));
    }
    if let Viewer::Seat(seat) = viewer {
        parts.push(("legal", json(table.legal_actions(Actor::Seat(seat)))));
    }
    parts
}

/// The forum name of `seat` in the thread the harness writes.
fn author(seat: Seat) -> String {
    format!("secrecy-seat-{}", seat.0)
}

/// What a seat is answered when it tries `action` on the table: the thread report of a post
/// holding the action's text, the check of a draft (`Table::try_action`), and the act itself
/// on a copy (the report of the events it may see, or the refusal's kind and message). The
/// action's text form is read at the state's level by the harness, as here by the thread.
fn answer<G: Game>(session: &Session<G>, actor: Actor, action: &G::Action) -> Parts {
    let table = match table(session) {
        Ok(table) => table,
        Err(error) => return vec![("table", refusal(&error))],
    };
    let text_form = G::format_action(session.state(), action);
    let input = ActionInput::Json(serde_json::to_value(action).unwrap_or_default());
    let mut table = table;
    let mut parts = Vec::new();
    if let Actor::Seat(seat) = actor {
        // Checked only: the table is left as it was.
        parts.push((
            "thread report",
            thread_report(&mut table, seat, &text_form, None),
        ));
        // The same post played with the forum's dice: the dice roller posts the values the
        // step's seeded roll draws.
        let rolls = seeded_draws(&table, actor, &input);
        if !rolls.is_empty() {
            parts.push((
                "thread report with forum dice",
                thread_report(&mut table, seat, &text_form, Some(&rolls)),
            ));
        }
    }
    parts.push(("try", json(table.try_action(actor, &input))));
    // The act itself, on this copy of the session (its last use).
    let report = table.act_seen_by(Viewer::from(actor), actor, &input, DiceChoice::Seeded);
    parts.push(("act", json(report)));
    parts
}

/// The values `actor`'s action draws from the table's seed (none if it draws none or is refused).
fn seeded_draws(table: &Table, actor: Actor, input: &ActionInput) -> Vec<u32> {
    let mut copy = table.clone();
    if copy.act(actor, input, DiceChoice::Seeded).is_err() {
        return Vec::new();
    }
    let record = copy.session().record().unwrap_or_default();
    record["entries"]
        .as_array()
        .and_then(|entries| entries.last())
        .and_then(|entry| entry["draws"].as_array())
        .map(|draws| {
            draws
                .iter()
                .filter_map(|d| d["value"].as_u64().and_then(|v| u32::try_from(v).ok()))
                .collect()
        })
        .unwrap_or_default()
}

/// The report of a one-post thread by `seat` holding `body`, checked only, without the
/// applied steps' events (the game master's); with `rolls`, played with the forum's dice, a
/// dice roller's post of those values after it.
fn thread_report(table: &mut Table, seat: Seat, body: &str, rolls: Option<&[u32]>) -> String {
    let mut posts = vec![Post {
        author: author(seat),
        body: body.to_owned(),
        ..Post::default()
    }];
    if let Some(rolls) = rolls {
        let values: Vec<String> = rolls.iter().map(u32::to_string).collect();
        posts.push(Post {
            author: "Dice Roller".to_owned(),
            body: format!("{}d1000: {}", rolls.len(), values.join(", ")),
            ..Post::default()
        });
    }
    let options = ThreadOptions {
        check: true,
        players: vec![(author(seat), seat)],
        rollers: vec!["Dice Roller".to_owned()],
        forum_dice: rolls.is_some(),
        ..ThreadOptions::default()
    };
    match apply_posts(table, Layout::Jsonl, &posts, &options) {
        Ok(mut report) => {
            for post in &mut report.posts {
                for applied in &mut post.actions {
                    applied.events.clear();
                }
            }
            mask_heads(&format!(
                "{}\n{}",
                serde_json::to_string(&report).unwrap_or_default(),
                report.text()
            ))
        }
        Err(error) => refusal(&error),
    }
}

/// The table's surfaces of a game of the catalog, for [`pbp_core::engine::testing::Secrecy::sessions`].
pub fn session_outputs<G: Game>() -> Vec<SessionOutput<G>> {
    vec![SessionOutput::new("table", show::<G>, answer::<G>)]
}
