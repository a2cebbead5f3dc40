//! `/me`: a player's own view of their table, shown to them alone (an ephemeral reply): the
//! seat's view in words, as the table's private page shows it (the hub's text view of that
//! seat), with the seat's draft and whether it is marked ready, and two buttons: **Refresh**
//! (the message updated in place) and **Ready** (the turn workflow's ready mark; when every
//! seat to act is ready, the turn resolves). The buttons' ids name nothing: whoever presses one
//! is looked up by their own binding, and a button of a view that was shown to someone else
//! is refused, in words only the presser sees, with nothing changed.

use serde_json::{Value, json};

use super::interaction::{self, EPHEMERAL, Interaction, MAX_CONTENT, refusal};
use super::play::{Seated, seated};
use crate::engine::Format;
use crate::hub::HubHandle;
use crate::request::{ActRequest, ReadyRequest};

/// The id of the button that shows the view again.
pub const REFRESH: &str = "pbp:me:refresh";
/// The id of the button that marks the draft ready.
pub const READY: &str = "pbp:me:ready";
/// The id of the button that takes the ready mark back.
pub const NOT_READY: &str = "pbp:me:not-ready";

/// A button (message component type 2) of `style` (1 primary, 2 secondary).
fn button(id: &str, label: &str, style: u8) -> Value {
    json!({ "type": 2, "style": style, "label": label, "custom_id": id })
}

/// The seat's draft in words and whether it is ready, if it has one.
async fn draft(hub: &HubHandle, seated: &Seated) -> Result<Option<(String, bool)>, String> {
    let (table, token, seat) = (seated.table.clone(), seated.gm_token.clone(), seated.seat);
    hub.call(move |hub| {
        let view = hub.seat_view(&table, Some(&token), seat, Format::Json)?;
        let view: Value = serde_json::from_str(&view)
            .map_err(|e| crate::error::ApiError::Internal(e.to_string()))?;
        let Some(draft) = view["table"]["drafts"]
            .as_array()
            .and_then(|drafts| drafts.iter().find(|d| d["seat"] == json!(seat)))
        else {
            return Ok(None);
        };
        let ready = draft["ready"] == json!(true);
        // The draft in the game's words (as the rules read it now).
        let request = ActRequest {
            action: pbp_core::engine::erased::ActionInput::Json(draft["action"].clone()),
            dice: None,
            expect_step: None,
            seat: Some(seat),
        };
        let text = match hub.check(&table, Some(&token), request) {
            Ok(checked) => checked["text"].as_str().unwrap_or_default().to_owned(),
            Err(error) => format!("(no longer playable: {error})"),
        };
        Ok(Some((text, ready)))
    })
    .await
    .map_err(|e| e.to_string())
}

/// The message of the seat's view: its words, its draft, the buttons. `said` is put first
/// (what a button just did).
async fn view_message(hub: &HubHandle, seated: &Seated, said: &str) -> Result<Value, String> {
    let (table, token, seat) = (seated.table.clone(), seated.gm_token.clone(), seated.seat);
    let text = hub
        .call(move |hub| hub.seat_view(&table, Some(&token), seat, Format::Text))
        .await
        .map_err(|e| e.to_string())?;
    let draft = draft(hub, seated).await?;
    let (draft_line, ready) = match &draft {
        None => (
            "No draft saved: /orders writes one, or /act plays an action now.".to_owned(),
            false,
        ),
        Some((text, true)) => (format!("Your orders, marked ready:\n{text}"), true),
        Some((text, false)) => (format!("Your draft, not marked ready:\n{text}"), false),
    };
    let head = format!(
        "{said}**{}**, your view of {} (only you see it):\n",
        seated.name, seated.title
    );
    let content = framed(&head, text.trim_end(), &format!("\n{draft_line}"));
    let mark = if ready {
        button(NOT_READY, "Not ready", 2)
    } else {
        button(READY, "Ready", 1)
    };
    Ok(json!({
        "content": content,
        "flags": EPHEMERAL,
        "allowed_mentions": { "parse": [] },
        "components": [{ "type": 1, "components": [button(REFRESH, "Refresh", 2), mark] }],
    }))
}

/// `head`, then `body` in a code block (kept as written: no Markdown in it), then `tail`, in
/// one message: the body cut at a line's end, with a line saying so, when all does not fit.
pub(super) fn framed(head: &str, body: &str, tail: &str) -> String {
    const CUT: &str = "\n(cut: the whole view is longer than a Discord message)";
    let body = body.replace("```", "'''");
    let whole = format!("{head}```\n{body}\n```{tail}");
    if whole.chars().count() <= MAX_CONTENT {
        return whole;
    }
    let frame = head.chars().count() + tail.chars().count() + CUT.chars().count() + 8;
    let room = MAX_CONTENT.saturating_sub(frame);
    let end = body.char_indices().nth(room).map_or(body.len(), |(i, _)| i);
    let kept = &body[..end];
    let kept = kept.rfind('\n').map_or(kept, |i| &kept[..i]);
    interaction::fit(&format!("{head}```\n{kept}\n```{CUT}{tail}"))
}

/// `/me`: the user's own view, to them alone.
pub(super) async fn show(hub: &HubHandle, seated: Seated) -> Value {
    match view_message(hub, &seated, "").await {
        Ok(data) => json!({ "type": 4, "data": data }),
        Err(error) => refusal(&format!("pbp cannot show your view: {error}")),
    }
}

/// The user a message was shown to: the sender of the command it answers.
fn shown_to(interaction: &Interaction) -> Option<&str> {
    let message = interaction.message.as_ref()?;
    message["interaction_metadata"]["user"]["id"]
        .as_str()
        .or_else(|| message["interaction"]["user"]["id"].as_str())
}

/// A button of a `/me` view pressed: refreshed or marked, for the presser's own seat, or
/// refused to them alone.
pub(super) async fn component(hub: &HubHandle, interaction: &Interaction) -> Value {
    let id = interaction
        .data
        .as_ref()
        .and_then(|d| d.custom_id.clone())
        .unwrap_or_default();
    if ![REFRESH, READY, NOT_READY].contains(&id.as_str()) {
        return refusal("pbp does not know this button");
    }
    if shown_to(interaction) != interaction.sender() {
        return refusal("this view is another player's: /me shows yours");
    }
    let seated = match seated(hub, interaction).await {
        Ok(seated) => seated,
        Err(text) => return refusal(&text),
    };
    let said = if id == REFRESH {
        String::new()
    } else {
        let request = ReadyRequest {
            ready: id == READY,
            seat: Some(seated.seat),
        };
        let (table, token) = (seated.table.clone(), seated.gm_token.clone());
        match hub
            .call(move |hub| hub.ready(&table, Some(&token), request))
            .await
        {
            Ok(answer) if answer.resolved => {
                "Marked ready: every player was ready, so the turn resolved.\n\n".to_owned()
            }
            Ok(answer) if answer.ready => "Marked ready.\n\n".to_owned(),
            Ok(_) => "No longer marked ready.\n\n".to_owned(),
            Err(error) => return refusal(&format!("nothing marked: {error}")),
        }
    };
    match view_message(hub, &seated, &said).await {
        Ok(data) => json!({ "type": 7, "data": data }),
        Err(error) => refusal(&format!("pbp cannot show your view: {error}")),
    }
}
