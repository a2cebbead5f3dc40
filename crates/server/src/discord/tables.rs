//! The game master's commands in Discord: `/start` a table of a hosted game in the channel (a
//! thread of its own, bound to the table, its seats to the Discord users named), `/seat` (another
//! user plays a seat), `/deadline` (set or clear the turn's) and `/close` (close the turn now).
//! Only the table's game master, the user who started it, may use them in the table's thread;
//! anyone else is refused in words only they see. The game master's token stays on the server
//! (the bindings' store); every table call is the hub's typed API, as the HTTP API's.

use serde_json::{Value, json};

use super::Venue;
use super::interaction::{self, Interaction, refusal};
use crate::error::ApiError;
use crate::hub::HubHandle;
use crate::request::{CreateRequest, DeadlineRequest};
use crate::store::discord::TableBinding;
use crate::store::{AbsentDefault, TableDice};

/// A user option (Discord's option type 6).
const USER: u8 = 6;
/// A whole number option (Discord's option type 4).
const INTEGER: u8 = 4;
/// A string option (Discord's option type 3).
const STRING: u8 = 3;
/// A slash command (Discord's command type 1).
const CHAT_INPUT: u8 = 1;
/// The most players `/start` names (one user option each).
pub const MAX_PLAYERS: usize = 10;
/// The longest deadline `/deadline` sets, in hours (30 days).
const MAX_HOURS: i64 = 30 * 24;

/// The game master's command definitions, as Discord's "bulk overwrite" reads them.
pub fn definitions() -> Vec<Value> {
    let games: Vec<Value> = pbp_frontend::catalog::catalog()
        .iter()
        .map(|(game, _)| json!({ "name": game.title(), "value": game.name() }))
        .collect();
    let mut start_options = vec![json!({
        "type": STRING, "name": "game", "description": "The game to play",
        "required": true, "choices": games,
    })];
    for n in 1..=MAX_PLAYERS {
        start_options.push(json!({
            "type": USER, "name": format!("player{n}"),
            "description": format!("Who plays seat {n}"), "required": n == 1,
        }));
    }
    vec![
        json!({
            "type": CHAT_INPUT, "name": "start",
            "description": "Start a table in a thread of its own, the players named in seat order",
            "options": start_options,
        }),
        json!({
            "type": CHAT_INPUT, "name": "seat",
            "description": "Game master: another user plays a seat",
            "options": [
                { "type": INTEGER, "name": "seat", "description": "The seat: 1 for the first player named at /start", "required": true },
                { "type": USER, "name": "player", "description": "Who plays it now", "required": true },
            ],
        }),
        json!({
            "type": CHAT_INPUT, "name": "deadline",
            "description": "Game master: the turn's deadline in hours from now; without hours, no deadline",
            "options": [
                { "type": INTEGER, "name": "hours", "description": "Hours from now (at most 720)", "required": false },
            ],
        }),
        json!({
            "type": CHAT_INPUT, "name": "close",
            "description": "Game master: close the turn now, as at its deadline",
            "options": [],
        }),
    ]
}

/// Whether `name` is one of this module's commands.
pub fn is_table_command(name: &str) -> bool {
    matches!(name, "start" | "seat" | "deadline" | "close")
}

/// The answer to a game master's command (`is_table_command`).
pub(super) async fn command(venue: &Venue, hub: &HubHandle, interaction: &Interaction) -> Value {
    let (user, bound) = match super::sender_and_table(hub, interaction).await {
        Ok(found) => found,
        Err(answer) => return answer,
    };
    if interaction.command() == "start" {
        if bound.is_some() {
            return refusal(
                "this thread plays a table already: start a new one in the channel, not here",
            );
        }
        let channel = interaction.channel_id.clone().unwrap_or_default();
        return start(venue, hub, interaction, &user, &channel).await;
    }
    let Some(binding) = bound else {
        return refusal(
            "no table is played here: use these commands in a game's thread (/start makes one)",
        );
    };
    if binding.gm_user != user {
        return refusal(&format!(
            "only the table's game master, <@{}>, may use /{}",
            binding.gm_user,
            interaction.command()
        ));
    }
    let answer = match interaction.command() {
        "seat" => seat(hub, interaction, &binding).await,
        "deadline" => deadline(hub, interaction, &binding).await,
        _ => close(hub, &binding).await,
    };
    match answer {
        Ok(text) => interaction::message(&text, false),
        Err(text) => refusal(&text),
    }
}

/// `/start`: the table is made at once (a refusal is shown to the game master alone); the
/// thread is made after the answer, which is then completed.
async fn start(
    venue: &Venue,
    hub: &HubHandle,
    interaction: &Interaction,
    user: &str,
    channel: &str,
) -> Value {
    let game = interaction.option("game").unwrap_or_default().to_owned();
    let mut users = Vec::new();
    let mut names = Vec::new();
    for n in 1..=MAX_PLAYERS {
        let Some(id) = interaction.option(&format!("player{n}")) else {
            continue;
        };
        let Some(name) = interaction.display_name(id) else {
            return refusal(&format!(
                "Discord did not say who player {n} is: name them again"
            ));
        };
        if let Err(e) = pbp_core::engine::names::check_name(names.len(), &name) {
            return refusal(&format!(
                "<@{id}>'s name cannot be a player's name here: {e}"
            ));
        }
        users.push(id.to_owned());
        names.push(name);
    }
    let request = CreateRequest::New {
        game,
        config: None,
        players: Some(names),
        absent: AbsentDefault::default(),
        dice: TableDice::default(),
    };
    let created = match hub.call(move |hub| hub.create(request)).await {
        Ok(created) => created,
        Err(error) => return refusal(&format!("the table cannot start: {error}")),
    };
    let title = pbp_frontend::catalog::catalog()
        .game(created.game)
        .map_or(created.game, |g| g.title());
    let thread_name = format!("{title}: {}", created.players.join(", "));
    let venue = venue.clone();
    let hub = hub.clone();
    let token = interaction.token.clone();
    let (channel, user) = (channel.to_owned(), user.to_owned());
    let players: Vec<String> = created
        .players
        .iter()
        .zip(&users)
        .map(|(name, id)| format!("{name} (<@{id}>)"))
        .collect();
    tokio::spawn(async move {
        let text = match venue
            .rest
            .create_thread(&channel, &thread_name, &venue.options.bot_token)
            .await
        {
            Err(error) => format!(
                "the table was made, but Discord did not make its thread, so it cannot be \
                 played here: {error}"
            ),
            Ok(thread) => {
                let binding = TableBinding {
                    channel: thread.clone(),
                    table: created.id.clone(),
                    gm_token: created.gm_token.clone(),
                    gm_user: user.clone(),
                };
                let bound = hub
                    .call(move |hub| Ok(hub.store().bind_table(&binding, &users)?))
                    .await;
                // The table's public turn is posted in its thread from now on (the outbox's
                // `discord-bot` webhook), with the deadline's reminders an hour before.
                let bound = match bound {
                    Ok(()) => crate::webhooks::bind_discord_thread(
                        &hub,
                        &created.id,
                        &thread,
                        crate::request::webhook::DEFAULT_REMIND_BEFORE,
                    )
                    .await
                    .map(drop),
                    Err(error) => Err(error),
                };
                match bound {
                    Ok(()) => format!(
                        "<@{user}> started {title} for {} in <#{thread}>",
                        and_list(&players)
                    ),
                    Err(error) => format!("the table's thread could not be bound: {error}"),
                }
            }
        };
        let data = interaction::message_data(&text, false);
        if let Err(e) = venue
            .rest
            .edit_original(&venue.options.application_id, &token, &data)
            .await
        {
            eprintln!("pbp serve: a Discord answer could not be sent: {e}");
        }
    });
    interaction::deferred(false)
}

/// "Ann and Bo", "Ann, Bo and Cy".
fn and_list(players: &[String]) -> String {
    match players.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// The table's seats' names, as the game master sees them.
async fn seat_names(hub: &HubHandle, binding: &TableBinding) -> Result<Vec<String>, String> {
    let (table, token) = (binding.table.clone(), binding.gm_token.clone());
    let view = hub
        .call(move |hub| hub.view(&table, Some(&token), crate::Format::Json))
        .await
        .map_err(|e| e.to_string())?;
    let view: Value = serde_json::from_str(&view).map_err(|e| e.to_string())?;
    Ok(view["table"]["seats"]
        .as_array()
        .map(|seats| {
            seats
                .iter()
                .map(|s| s["name"].as_str().unwrap_or_default().to_owned())
                .collect()
        })
        .unwrap_or_default())
}

/// `/seat`: another user plays a seat.
async fn seat(
    hub: &HubHandle,
    interaction: &Interaction,
    binding: &TableBinding,
) -> Result<String, String> {
    let names = seat_names(hub, binding).await?;
    let number = interaction.integer("seat").unwrap_or(0);
    let Some((seat, name)) = usize::try_from(number)
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| Some((u16::try_from(i).ok()?, names.get(i)?.clone())))
    else {
        return Err(format!(
            "this table has no seat {number}: its seats are 1 to {}",
            names.len()
        ));
    };
    let Some(user) = interaction.option("player").map(str::to_owned) else {
        return Err("name the user who plays the seat now".into());
    };
    let table = binding.table.clone();
    let bound = user.clone();
    hub.call(move |hub| Ok(hub.store().bind_seat(&table, seat, &bound)?))
        .await
        .map_err(|e: ApiError| e.to_string())?;
    Ok(format!("{name}'s seat is now played by <@{user}>"))
}

/// `/deadline`: set (hours from now) or clear the turn's deadline.
async fn deadline(
    hub: &HubHandle,
    interaction: &Interaction,
    binding: &TableBinding,
) -> Result<String, String> {
    let hours = interaction.integer("hours");
    let in_seconds = match hours {
        None => None,
        Some(h) if (1..=MAX_HOURS).contains(&h) => Some(u64::try_from(h).unwrap_or(1) * 3600),
        Some(h) => {
            return Err(format!(
                "{h} hours is not a deadline: give 1 to {MAX_HOURS}"
            ));
        }
    };
    let (table, token) = (binding.table.clone(), binding.gm_token.clone());
    let answer = hub
        .call(move |hub| {
            hub.set_deadline(
                &table,
                Some(&token),
                DeadlineRequest {
                    in_seconds,
                    grace: 0,
                },
            )
        })
        .await
        .map_err(|e| e.to_string())?;
    Ok(match answer.table.deadline {
        // Discord shows a timestamp in each reader's own time zone.
        Some(at) => format!("the turn's deadline is <t:{at}:F> (<t:{at}:R>)"),
        None => "the turn has no deadline now".to_owned(),
    })
}

/// `/close`: the turn closes now, as at its deadline.
async fn close(hub: &HubHandle, binding: &TableBinding) -> Result<String, String> {
    let (table, token) = (binding.table.clone(), binding.gm_token.clone());
    let answer = hub
        .call(move |hub| hub.resolve_now(&table, Some(&token)))
        .await
        .map_err(|e| e.to_string())?;
    Ok(if answer.resolved {
        "the game master closed the turn".to_owned()
    } else {
        "the turn is still open: the game waits on an action that closing the turn does not \
         make"
            .to_owned()
    })
}
