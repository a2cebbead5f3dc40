//! The game master's command in Discord: `/gm`, used in a table's thread by that table's game
//! master alone (the Discord user who started it with `/start`). `/gm action:TEXT` plays an
//! action as the game master (a round's end, a ruling, a secret a player sent privately), read
//! in the game's words, with autocomplete of the game master's legal actions filtered by what
//! is typed (`play.rs`'s filter); `/gm` without an action shows the game master's own view of
//! the table (everything, hidden things too). Both answers are ephemeral, to the game master;
//! the public learns of an act from the thread's posts (the outbox), as for `/act`. Anyone
//! else is refused in words only they see, nothing changes, and their autocomplete offers
//! nothing of the game master's actions (those can name hidden things).

use serde_json::{Value, json};

use super::interaction::{self, EPHEMERAL, Interaction, refusal};
use super::play::{NOTE, filter, note_choices};
use crate::engine::Format;
use crate::hub::HubHandle;
use crate::request::ActRequest;

/// A string option (Discord's option type 3).
const STRING: u8 = 3;
/// A slash command (Discord's command type 1).
const CHAT_INPUT: u8 = 1;

/// The game master's command definition, as Discord's "bulk overwrite" reads it.
pub fn definitions() -> Vec<Value> {
    vec![json!({
        "type": CHAT_INPUT, "name": "gm",
        "description": "Game master: play an action as the game master, or see everything (only you see it)",
        "options": [{
            "type": STRING, "name": "action", "required": false, "autocomplete": true,
            "description": "The game master's action: start typing, yours are offered (none: your view)",
        }],
    })]
}

/// The table of the interaction's thread, when its sender is that table's game master.
struct Mastered {
    /// The table.
    table: String,
    /// The game master's token, kept on the server.
    gm_token: String,
}

/// The table of the channel the interaction was sent in, if its sender is its game master; a
/// refusal in words otherwise.
async fn mastered(hub: &HubHandle, interaction: &Interaction) -> Result<Mastered, String> {
    let Some(user) = interaction.sender().map(str::to_owned) else {
        return Err("pbp cannot tell who sent this".to_owned());
    };
    let channel = interaction.channel_id.clone().unwrap_or_default();
    let found = hub
        .call(move |hub| Ok(hub.store().table_in(&channel)?))
        .await
        .map_err(|e| format!("pbp cannot read its tables: {e}"))?;
    let Some(binding) = found else {
        return Err("no table is played here: use this in a game's thread".to_owned());
    };
    if binding.gm_user != user {
        return Err(format!(
            "only this table's game master, <@{}>, uses /gm: /act plays your own seat",
            binding.gm_user
        ));
    }
    Ok(Mastered {
        table: binding.table,
        gm_token: binding.gm_token,
    })
}

/// The answer to `/gm`: the action played as the game master, or the game master's view.
pub(super) async fn command(hub: &HubHandle, interaction: &Interaction) -> Value {
    let mastered = match mastered(hub, interaction).await {
        Ok(mastered) => mastered,
        Err(text) => return refusal(&text),
    };
    match interaction.option("action").map(str::trim) {
        None | Some("") => view(hub, mastered).await,
        Some(text) => act(hub, mastered, text).await,
    }
}

/// `/gm action:TEXT`: the action applied as the game master; the game master is told what was
/// done and what followed (their own events: they may see them all), or why not.
async fn act(hub: &HubHandle, mastered: Mastered, text: &str) -> Value {
    if text.starts_with(NOTE.trim_end()) {
        return refusal(
            "that choice is a note, not an action: type more of the action's words to see it",
        );
    }
    let request = ActRequest {
        action: pbp_core::engine::erased::ActionInput::Text(text.to_owned()),
        dice: None,
        expect_step: None,
        seat: None,
    };
    let (table, token) = (mastered.table, mastered.gm_token);
    match hub
        .call(move |hub| hub.act(&table, Some(&token), request))
        .await
    {
        Ok(report) => {
            let mut said = format!("The game master played: {}", report.action.text);
            for event in &report.events {
                said.push_str("\n- ");
                said.push_str(&event.text);
            }
            interaction::message(&said, true)
        }
        Err(error) => refusal(&format!("'{text}' was not played: {error}")),
    }
}

/// `/gm` alone: the game master's view of the table in words (everything), to them alone.
async fn view(hub: &HubHandle, mastered: Mastered) -> Value {
    let (table, token) = (mastered.table, mastered.gm_token);
    match hub
        .call(move |hub| hub.view(&table, Some(&token), Format::Text))
        .await
    {
        Ok(text) => json!({ "type": 4, "data": {
            "content": super::me::framed(
                "**Game master**, your view (everything; only you see it):\n",
                text.trim_end(),
                "",
            ),
            "flags": EPHEMERAL,
            "allowed_mentions": { "parse": [] },
        }}),
        Err(error) => refusal(&format!("pbp cannot show your view: {error}")),
    }
}

/// The answer to `/gm`'s autocomplete: the game master's legal actions filtered by what was
/// typed; to anyone else, a note and nothing of those actions.
pub(super) async fn autocomplete(hub: &HubHandle, interaction: &Interaction) -> Value {
    let typed = interaction
        .focused()
        .map(|(_, typed)| typed.to_owned())
        .unwrap_or_default();
    let mastered = match mastered(hub, interaction).await {
        Ok(mastered) => mastered,
        Err(text) => return note_choices(&[format!("{NOTE}{text}")]),
    };
    let (table, token) = (mastered.table, mastered.gm_token);
    match hub
        .call(move |hub| hub.legal(&table, Some(&token), None))
        .await
    {
        Ok(legal) if legal.is_empty() => {
            note_choices(&[format!("{NOTE}the game master has nothing to play now")])
        }
        Ok(legal) => {
            let texts: Vec<String> = legal.into_iter().map(|a| a.text).collect();
            note_choices(&filter(&texts, &typed))
        }
        Err(error) => note_choices(&[format!("{NOTE}pbp cannot list your actions: {error}")]),
    }
}
