//! The Discord venue: `POST /discord/interactions`, where Discord sends what its users do with
//! pbp's commands (docs/DISCORD.md). Every request is verified first (`verify.rs`: Ed25519
//! over the timestamp and the body, with the application's public key; a bad or missing
//! signature, or a timestamp more than five minutes off, is answered 401 and nothing is done);
//! a ping is answered with a pong; a command is answered at once when its answer is ready at
//! once, or deferred and completed by editing the original response through Discord's API
//! (`rest.rs`), whose rate limits it keeps. The wire is in `interaction.rs`, the commands in
//! `commands.rs`. It knows no game.

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use ed25519_dalek::VerifyingKey;
use serde_json::Value;
use tower_http::limit::RequestBodyLimitLayer;

pub mod commands;
pub mod gm;
pub mod interaction;
pub mod me;
pub mod orders;
pub mod play;
pub mod public;
pub mod rest;
pub mod tables;
pub mod verify;

use interaction::{Interaction, kind};
pub use rest::DISCORD_API;

use crate::error::ApiError;
use crate::hub::HubHandle;

/// The largest interaction body read, in bytes (a modal's 4,000 characters fit many times).
pub const MAX_INTERACTION_BODY: usize = 64 * 1024;

/// How the Discord venue is set up (`pbp serve --discord-public-key ... --discord-application-id
/// ... --discord-token-file ...`).
#[derive(Clone, PartialEq, Eq)]
pub struct DiscordOptions {
    /// The application's public key, which every interaction is signed for.
    pub public_key: VerifyingKey,
    /// The application's id.
    pub application_id: String,
    /// The bot's token (never shown: `Debug` leaves it out).
    pub bot_token: String,
    /// Discord's API base ([`DISCORD_API`]; a local fake in tests).
    pub api: String,
}

impl std::fmt::Debug for DiscordOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiscordOptions")
            .field("application_id", &self.application_id)
            .field("api", &self.api)
            .finish_non_exhaustive()
    }
}

/// The venue's state: its options and its client of Discord's API.
#[derive(Clone, Debug)]
struct Venue {
    options: Arc<DiscordOptions>,
    rest: rest::Rest,
}

/// The route `POST /discord/interactions` over the hub.
///
/// # Errors
/// The client of Discord's API cannot start (no TLS backend).
pub(crate) fn router(options: &DiscordOptions) -> Result<Router<HubHandle>, String> {
    let venue = Venue {
        options: Arc::new(options.clone()),
        rest: rest::Rest::new(&options.api)?,
    };
    Ok(Router::new().route(
        "/discord/interactions",
        post(
            move |State(hub): State<HubHandle>, headers: HeaderMap, body: Bytes| {
                interactions(venue, hub, headers, body)
            },
        )
        .layer(RequestBodyLimitLayer::new(MAX_INTERACTION_BODY)),
    ))
}

/// Seconds since the Unix epoch by the server's clock.
fn now_seconds() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

async fn interactions(
    venue: Venue,
    hub: HubHandle,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    verify::verify(
        &venue.options.public_key,
        headers.get("x-signature-ed25519").map(|v| v.as_bytes()),
        headers.get("x-signature-timestamp").map(|v| v.as_bytes()),
        &body,
        now_seconds(),
    )
    .map_err(|e| ApiError::Unauthorized(format!("invalid request signature: {e}")))?;
    let interaction = interaction::parse_interaction(&body).map_err(ApiError::BadRequest)?;
    if interaction.application_id != venue.options.application_id {
        return Err(ApiError::BadRequest(
            "the interaction is for another application".into(),
        ));
    }
    let answer = answer(&venue, &hub, &interaction).await;
    Ok((
        StatusCode::OK,
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        answer.to_string(),
    )
        .into_response())
}

/// The answer to one verified interaction (within Discord's three seconds: work that may take
/// longer is deferred to a task that edits the original response).
async fn answer(venue: &Venue, hub: &HubHandle, interaction: &Interaction) -> Value {
    match interaction.kind {
        kind::PING => interaction::pong(),
        kind::COMMAND if tables::is_table_command(interaction.command()) => {
            tables::command(venue, hub, interaction).await
        }
        kind::COMMAND if play::is_play_command(interaction.command()) => {
            play::command(hub, interaction).await
        }
        kind::COMMAND if public::is_public_command(interaction.command()) => {
            public::command(venue, hub, interaction).await
        }
        kind::COMMAND if interaction.command() == "gm" => gm::command(hub, interaction).await,
        kind::COMMAND => command(venue, interaction),
        // The players' commands (`play.rs`): /act's actions, /me's buttons, /orders' modal.
        kind::AUTOCOMPLETE if interaction.command() == "gm" => {
            gm::autocomplete(hub, interaction).await
        }
        kind::AUTOCOMPLETE => play::autocomplete(hub, interaction).await,
        kind::COMPONENT => me::component(hub, interaction).await,
        kind::MODAL_SUBMIT => orders::submit(hub, interaction).await,
        _ => interaction::message(
            &format!(
                "pbp does not know this interaction: its commands are {}",
                commands::names()
            ),
            true,
        ),
    }
}

/// The answer to a command.
fn command(venue: &Venue, interaction: &Interaction) -> Value {
    let user = interaction.sender().unwrap_or("0");
    match interaction.command() {
        "roll" => {
            let dice = interaction.option("dice").unwrap_or("");
            let answer = pbp_core::engine::os_seed()
                .map_err(|e| e.to_string())
                .and_then(|seed| commands::roll(user, dice, seed));
            match answer {
                Ok(text) => interaction::message(&text, false),
                // A mistake is shown to its author alone.
                Err(error) => interaction::message(&format!("```\n{error}\n```"), true),
            }
        }
        "odds" => {
            let dice = interaction.option("dice").unwrap_or("").to_owned();
            let against = interaction.option("against").map(str::to_owned);
            let rule = interaction.option("rule").map(str::to_owned);
            let venue = venue.clone();
            let token = interaction.token.clone();
            // Exact odds of a large pool take longer than Discord waits: deferred, and the
            // answer is written into the "thinking" message when it is ready.
            tokio::spawn(async move {
                let computed = tokio::task::spawn_blocking(move || {
                    commands::odds(&dice, against.as_deref(), rule.as_deref())
                })
                .await
                .unwrap_or_else(|e| Err(format!("the odds could not be computed: {e}")));
                let text = match computed {
                    Ok(text) => text,
                    Err(error) => format!("```\n{error}\n```"),
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
        other => interaction::message(
            &format!(
                "pbp has no command /{other} here: its commands are {}",
                commands::names()
            ),
            true,
        ),
    }
}

/// Sends the command definitions to Discord's API at `api`: the application's commands
/// everywhere, or in the server `guild` alone (where they show at once). Answers how many
/// commands Discord now has.
///
/// # Errors
/// Discord refused them (a wrong token or application id), or could not be reached.
pub fn register(
    api: &str,
    application_id: &str,
    bot_token: &str,
    guild: Option<&str>,
) -> Result<usize, String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let rest = rest::Rest::new(api)?;
        let answer = rest
            .put_commands(application_id, guild, bot_token, &commands::definitions())
            .await
            .map_err(|e| format!("cannot register the commands: {e}"))?;
        Ok(answer.as_array().map_or(0, Vec::len))
    })
}

/// Who plays each seat in Discord, as the bindings store keeps it (`/start`, `/seat`): the
/// users the thread's posts mention.
#[derive(Clone, Debug)]
pub(crate) struct BoundMentions {
    /// The hub, whose store holds the bindings.
    hub: HubHandle,
}

impl BoundMentions {
    /// The mentions of the seats bound in `hub`'s store.
    pub(crate) fn new(hub: HubHandle) -> BoundMentions {
        BoundMentions { hub }
    }
}

impl crate::webhooks::SeatMentions for BoundMentions {
    fn user_of(&self, table: &str, seat: u16) -> Option<String> {
        // Asked on a blocking thread of the runtime (`webhooks::bot`), which may wait for the
        // hub's answer.
        let runtime = tokio::runtime::Handle::try_current().ok()?;
        let table = table.to_owned();
        runtime
            .block_on(
                self.hub
                    .call(move |hub| Ok(hub.store().user_of(&table, seat)?)),
            )
            .ok()
            .flatten()
    }
}

/// The sender of a command and the table bound to its channel, if any; or the refusal to
/// answer when the sender is unknown or the bindings cannot be read.
async fn sender_and_table(
    hub: &HubHandle,
    interaction: &Interaction,
) -> Result<(String, Option<crate::store::discord::TableBinding>), Value> {
    let Some(user) = interaction.sender().map(str::to_owned) else {
        return Err(interaction::refusal(
            "pbp cannot tell who sent this command",
        ));
    };
    let channel = interaction.channel_id.clone().unwrap_or_default();
    match hub
        .call(move |hub| Ok(hub.store().table_in(&channel)?))
        .await
    {
        Ok(bound) => Ok((user, bound)),
        Err(error) => Err(interaction::refusal(&format!(
            "pbp cannot read its tables: {error}"
        ))),
    }
}
