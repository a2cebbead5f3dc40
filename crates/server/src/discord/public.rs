//! The commands of a table's thread beside the players' and the game master's turn: `/status`
//! (anyone: the public status in words, a public reply), `/map` (anyone: the public picture at
//! the current step as a PNG attachment, deferred and completed by editing the original
//! response) and `/export` (the table's game master alone: the save as a file, in a reply only
//! they see, since it holds every secret and the seed). `/status` and `/map` are rendered from
//! the public's view only; `/export` is refused to anyone else before anything is read.

use serde_json::{Value, json};

use super::Venue;
use super::interaction::{self, Interaction, refusal};
use crate::Format;
use crate::hub::HubHandle;
use crate::store::discord::TableBinding;
use crate::webhooks::PICTURE_NAME;

/// A slash command (Discord's command type 1).
const CHAT_INPUT: u8 = 1;

/// The definitions of `/status`, `/map` and `/export`, as Discord's "bulk overwrite" reads
/// them.
pub fn definitions() -> Vec<Value> {
    let command = |name: &str, description: &str| json!({ "type": CHAT_INPUT, "name": name, "description": description, "options": [] });
    vec![
        command(
            "status",
            "The table's status: whose turn it is, the deadline, who is still to send orders",
        ),
        command("map", "The table's map or field as everyone sees it now"),
        command(
            "export",
            "Game master: the table's save file, shown to you alone (it holds every secret)",
        ),
    ]
}

/// Whether `name` is one of this module's commands.
pub fn is_public_command(name: &str) -> bool {
    matches!(name, "status" | "map" | "export")
}

/// The answer to `/status`, `/map` or `/export` ([`is_public_command`]).
pub(super) async fn command(venue: &Venue, hub: &HubHandle, interaction: &Interaction) -> Value {
    let (user, bound) = match super::sender_and_table(hub, interaction).await {
        Ok(found) => found,
        Err(answer) => return answer,
    };
    let Some(binding) = bound else {
        return refusal(&format!(
            "no table is played here: use /{} in a game's thread",
            interaction.command()
        ));
    };
    match interaction.command() {
        "status" => match status(hub, &binding.table).await {
            Ok(text) => interaction::message(&text, false),
            Err(error) => refusal(&error),
        },
        "map" => map(venue, hub, interaction, &binding),
        _ if binding.gm_user != user => refusal(&format!(
            "only the table's game master, <@{}>, may export its save: it holds every \
             player's secrets",
            binding.gm_user
        )),
        _ => export(venue, hub, interaction, &binding),
    }
}

/// `/status`: the public status of table `table` in words.
async fn status(hub: &HubHandle, table: &str) -> Result<String, String> {
    let table = table.to_owned();
    let view = hub
        .call(move |hub| hub.view(&table, None, Format::Json))
        .await
        .map_err(|e| format!("pbp cannot read the table: {e}"))?;
    let view: Value =
        serde_json::from_str(&view).map_err(|e| format!("pbp cannot read the table: {e}"))?;
    Ok(status_text(&view))
}

/// The public status in words, from the public's JSON view (`GET .../view` without a token):
/// the game and its step, whose turn it is or how the game ended, the deadline in Discord's
/// timestamp markup (each reader sees their own time), and who is still to send orders.
/// Players are named by their names, never by seat numbers.
pub fn status_text(view: &Value) -> String {
    let title = view["title"].as_str().unwrap_or_default();
    let steps = view["steps"].as_u64().unwrap_or(0);
    let seats: Vec<&Value> = view["table"]["seats"]
        .as_array()
        .map(|s| s.iter().collect())
        .unwrap_or_default();
    let name = |seat: u64| {
        seats
            .iter()
            .find(|s| s["seat"].as_u64() == Some(seat))
            .and_then(|s| s["name"].as_str())
            .map_or_else(
                || "a player the table does not list".to_owned(),
                str::to_owned,
            )
    };
    let mut lines = vec![format!("**{title}**, step {steps}")];
    if let Some(over) = view["turn"].get("over") {
        let winners: Vec<String> = over["winners"]
            .as_array()
            .map(|w| w.iter().filter_map(Value::as_u64).map(name).collect())
            .unwrap_or_default();
        lines.push(if winners.is_empty() {
            "The game is over: a draw.".to_owned()
        } else {
            format!("The game is over: {} won.", and_list(&winners))
        });
        return lines.join("\n");
    }
    let acting = view["turn"]["acting"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let mut names: Vec<String> = acting
        .iter()
        .filter_map(|a| a.get("seat").and_then(Value::as_u64))
        .map(name)
        .collect();
    // The game master may act beside the players in many games (closing the turn): named
    // only when nobody else may act, the game waiting on them.
    if names.is_empty() && acting.iter().any(|a| a.as_str() == Some("game-master")) {
        names.push("the game master".to_owned());
    }
    lines.push(match names.as_slice() {
        [] => "Nobody may act now.".to_owned(),
        [one] => format!("{one} to act."),
        many => format!("{} to act.", and_list(many)),
    });
    let waiting: Vec<String> = seats
        .iter()
        .filter(|s| s["to_act"] == json!(true) && s["orders"] != json!("ready"))
        .filter_map(|s| s["name"].as_str().map(str::to_owned))
        .collect();
    let ready: Vec<String> = seats
        .iter()
        .filter(|s| s["to_act"] == json!(true) && s["orders"] == json!("ready"))
        .filter_map(|s| s["name"].as_str().map(str::to_owned))
        .collect();
    if !waiting.is_empty() {
        lines.push(format!("Still to send orders: {}.", and_list(&waiting)));
    }
    if !ready.is_empty() {
        lines.push(format!("Ready: {}.", and_list(&ready)));
    }
    lines.push(match view["table"]["deadline"].as_u64() {
        // Discord shows a timestamp in each reader's own time zone.
        Some(at) => format!("Deadline: <t:{at}:F> (<t:{at}:R>)."),
        None => "No deadline.".to_owned(),
    });
    lines.join("\n")
}

/// "Ann", "Ann and Bo", "Ann, Bo and Cy".
fn and_list(names: &[String]) -> String {
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// `/map`: deferred (drawing the picture may take longer than Discord waits), then the public
/// picture at the current step attached to the original response; a table whose picture
/// cannot be drawn says so in words.
fn map(venue: &Venue, hub: &HubHandle, interaction: &Interaction, binding: &TableBinding) -> Value {
    let (venue, hub) = (venue.clone(), hub.clone());
    let (token, table) = (interaction.token.clone(), binding.table.clone());
    tokio::spawn(async move {
        let answer = match picture(&hub, &table).await {
            Ok((title, steps, png)) => Ok(Attached {
                text: format!("**{title}**, step {steps}, as everyone sees it"),
                name: PICTURE_NAME.to_owned(),
                content_type: "image/png",
                description: format!("{title} at step {steps}"),
                bytes: png,
            }),
            Err(error) => Err(format!("this table has no picture to show: {error}")),
        };
        complete(&venue, &token, answer, false).await;
    });
    interaction::deferred(false)
}

/// The game's title, its step and the public's picture of table `table` now, as a PNG.
async fn picture(hub: &HubHandle, table: &str) -> Result<(String, u64, Vec<u8>), String> {
    let table = table.to_owned();
    let (view, svg) = hub
        .call(move |hub| {
            let view = hub.view(&table, None, Format::Json)?;
            let svg = hub.view(&table, None, Format::Svg)?;
            Ok((view, svg))
        })
        .await
        .map_err(|e| e.to_string())?;
    let view: Value = serde_json::from_str(&view).map_err(|e| e.to_string())?;
    let png = crate::picture::png(svg).await.map_err(|e| e.to_string())?;
    Ok((
        view["title"].as_str().unwrap_or_default().to_owned(),
        view["steps"].as_u64().unwrap_or(0),
        png.as_ref().clone(),
    ))
}

/// `/export` by the table's game master: deferred to them alone, then the save attached to
/// that reply, which nobody else sees.
fn export(
    venue: &Venue,
    hub: &HubHandle,
    interaction: &Interaction,
    binding: &TableBinding,
) -> Value {
    let (venue, hub) = (venue.clone(), hub.clone());
    let token = interaction.token.clone();
    let (table, gm_token) = (binding.table.clone(), binding.gm_token.clone());
    tokio::spawn(async move {
        let id = table.clone();
        let answer = match hub.call(move |hub| hub.record(&id, Some(&gm_token))).await {
            Ok(save) => Ok(Attached {
                text: "the table's save, for you alone: it holds every secret and the seed, so \
                       keep it to yourself (`pbp import` or the page's import loads it)"
                    .to_owned(),
                name: format!("pbp-{table}.json"),
                content_type: "application/json",
                description: "the table's save".to_owned(),
                bytes: save.into_bytes(),
            }),
            Err(error) => Err(format!("pbp cannot export the table's save: {error}")),
        };
        complete(&venue, &token, answer, true).await;
    });
    interaction::deferred(true)
}

/// A deferred answer's words with the one file attached to them.
struct Attached {
    /// The message's words.
    text: String,
    /// The file's name.
    name: String,
    /// The file's media type.
    content_type: &'static str,
    /// What the file shows, for those who cannot see it.
    description: String,
    /// The file.
    bytes: Vec<u8>,
}

/// Completes a deferred answer by editing the original response: the words with their file,
/// or the words saying why there is none. A failure to reach Discord is logged (nobody is left
/// to tell).
async fn complete(venue: &Venue, token: &str, answer: Result<Attached, String>, ephemeral: bool) {
    let application = &venue.options.application_id;
    let sent = match answer {
        Ok(file) => {
            let mut data = interaction::message_data(&file.text, ephemeral);
            data["attachments"] =
                json!([{ "id": 0, "filename": file.name, "description": file.description }]);
            let part = (file.name.as_str(), file.content_type, file.bytes.as_slice());
            venue
                .rest
                .edit_original_with_file(application, token, &data, part)
                .await
        }
        Err(words) => {
            let data = interaction::message_data(&words, ephemeral);
            venue.rest.edit_original(application, token, &data).await
        }
    };
    if let Err(e) = sent {
        eprintln!("pbp serve: a Discord answer could not be sent: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_names_players_and_says_who_is_still_to_send_orders() {
        let view = json!({
            "title": "Duel", "steps": 2,
            "turn": { "acting": [{ "seat": 0 }, { "seat": 1 }] },
            "table": {
                "deadline": 1_900_000_000u64,
                "seats": [
                    { "seat": 0, "name": "Ann", "orders": "ready", "to_act": true },
                    { "seat": 1, "name": "Bo", "orders": "draft", "to_act": true },
                ],
            },
        });
        assert_eq!(
            status_text(&view),
            "**Duel**, step 2\nAnn and Bo to act.\nStill to send orders: Bo.\nReady: Ann.\n\
             Deadline: <t:1900000000:F> (<t:1900000000:R>)."
        );
        let over = json!({
            "title": "Duel", "steps": 9,
            "turn": { "over": { "winners": [1], "reason": "seat 0 fell" } },
            "table": { "deadline": null, "seats": [
                { "seat": 0, "name": "Ann", "orders": "none", "to_act": false },
                { "seat": 1, "name": "Bo", "orders": "none", "to_act": false },
            ] },
        });
        assert_eq!(
            status_text(&over),
            "**Duel**, step 9\nThe game is over: Bo won."
        );
    }

    #[test]
    fn definitions_are_in_discords_limits() {
        for command in definitions() {
            let name = command["name"].as_str().unwrap();
            assert!(is_public_command(name));
            let description = command["description"].as_str().unwrap();
            assert!(
                (1..=100).contains(&description.chars().count()),
                "{description}"
            );
        }
    }
}
