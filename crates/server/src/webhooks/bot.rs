//! The `discord-bot` format: a table's public turn posted by pbp's Discord bot in the table's
//! thread (docs/DISCORD.md), through the same outbox as every webhook. The Discord venue binds
//! a table to its thread ([`bind_discord_thread`]); the hook's URL is then
//! `discord-channel:` and the thread's id, and the API never makes one (a game master who
//! could name the channel could make the bot post anywhere it reaches).
//!
//! A notice becomes one message or more (cut by `split` under Discord's 2,000 characters):
//! its text in Discord's Markdown; for a new turn the mention of each player to act, for a
//! reminder of each late player, as [`SeatMentions`] binds them, with `allowed_mentions`
//! listing exactly those users; for a turn's summary the public's picture of the table at the
//! notice's step as a PNG attached to its last message. Each message carries a `nonce` made
//! from the delivery key and its number, with `enforce_nonce`, so that a notice tried again
//! after an answer was lost does not post twice. The sending itself is the Discord venue's
//! ([`ChannelPoster`], with the bot's token and the API's rate limits).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use serde::Deserialize;
use sha2::{Digest, Sha256};

use super::deliver::Tried;
use super::payload::{DISCORD_LIMIT, Markup, bbcode_to};
use super::request::MAX_REMIND_BEFORE;
use super::split::split_message;
use super::{Claimed, HookFormat, StoredHook, manage::MAX_HOOKS, now_ms};
use crate::error::ApiError;
use crate::hub::HubHandle;

/// The start of a `discord-bot` hook's URL; the channel's id follows.
pub const CHANNEL_PREFIX: &str = "discord-channel:";
/// The file name of the picture attached to a turn's summary.
pub const PICTURE_NAME: &str = "table.png";

/// Who plays each seat on Discord: the Discord user bound to a table's seat, whom the posts
/// mention (`<@id>`) when it is their turn or their orders are late. The server is given one
/// at start-up ([`crate::Server::with_seat_mentions`]); without it nobody is mentioned and
/// players are named by their names alone. It is asked on a blocking thread, off the hub,
/// once per seat a post names, when the post is sent.
pub trait SeatMentions: Send + Sync {
    /// The id (a Discord snowflake: digits) of the user bound to `seat` of table `table`, if
    /// any. An answer that is not a snowflake is ignored.
    fn user_of(&self, table: &str, seat: u16) -> Option<String>;
}

/// Nobody is mentioned: the default.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoMentions;

impl SeatMentions for NoMentions {
    fn user_of(&self, _table: &str, _seat: u16) -> Option<String> {
        None
    }
}

/// One message to post in a channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BotMessage {
    /// Its text, at most 2,000 characters.
    pub content: String,
    /// The users it mentions (`allowed_mentions.users`): those named in `content`, no others.
    pub users: Vec<String>,
    /// Discord's de-duplication key (at most 25 characters).
    pub nonce: String,
    /// The PNG attached, if any.
    pub picture: Option<Arc<Vec<u8>>>,
}

/// Why a post failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum PostFailure {
    /// It may pass (a 5xx, still rate limited, no answer): tried again later.
    Again(Option<u16>, String),
    /// It will not (Discord refused the message: no access to the channel, say).
    Never(Option<u16>, String),
}

/// What sends a message to a channel with the bot's token: the Discord venue's client
/// (`discord/rest.rs`). Answers the HTTP status of Discord's answer.
pub(crate) trait ChannelPoster: Send + Sync {
    /// Posts `message` in channel `channel`.
    fn post<'a>(
        &'a self,
        channel: &'a str,
        message: &'a BotMessage,
    ) -> Pin<Box<dyn Future<Output = Result<u16, PostFailure>> + Send + 'a>>;
}

/// What the delivery task needs for the `discord-bot` format.
#[derive(Clone)]
pub(crate) struct BotDelivery {
    /// The Discord venue's client, `None` when the server runs without Discord's options.
    pub poster: Option<Arc<dyn ChannelPoster>>,
    /// Who plays each seat.
    pub mentions: Arc<dyn SeatMentions>,
}

impl Default for BotDelivery {
    fn default() -> Self {
        BotDelivery {
            poster: None,
            mentions: Arc::new(NoMentions),
        }
    }
}

/// Whether `id` is a Discord snowflake: 1 to 20 digits.
fn is_snowflake(id: &str) -> bool {
    (1..=20).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_digit())
}

/// The channel a `discord-bot` hook's URL names, if it is of the form
/// `discord-channel:<digits>`.
pub fn channel_of(url: &str) -> Option<&str> {
    url.strip_prefix(CHANNEL_PREFIX)
        .filter(|id| is_snowflake(id))
}

/// Binds table `table` to the Discord channel (a thread) `channel`: from the next commit on,
/// its public turn is posted there by the bot, and its reminders `remind_before` seconds
/// before a deadline (0: none). A table has one thread: binding it again to the same channel
/// answers the same hook; to another moves it there (notices still pending for the old
/// one are dropped). Answers the hook's id. The caller (the Discord venue's start command)
/// has checked that the Discord user asking is the table's game master.
///
/// # Errors
/// 400 for a channel that is not a snowflake or a reminder time over a week, 404 for no such
/// table, 422 (`bad_webhook`) when the table has its most webhooks already, 503.
pub async fn bind_discord_thread(
    hub: &HubHandle,
    table: &str,
    channel: &str,
    remind_before: u64,
) -> Result<String, ApiError> {
    if !is_snowflake(channel) {
        return Err(ApiError::BadRequest(format!(
            "'{}' is not a Discord channel id (digits)",
            channel.chars().take(40).collect::<String>()
        )));
    }
    if remind_before > MAX_REMIND_BEFORE {
        return Err(ApiError::BadRequest(format!(
            "a reminder is sent at most {MAX_REMIND_BEFORE} seconds (a week) before the deadline"
        )));
    }
    let (table, url) = (table.to_owned(), format!("{CHANNEL_PREFIX}{channel}"));
    hub.call(move |hub| {
        hub.live(&table)?;
        let hooks = hub.store().hooks(&table)?;
        let bound: Vec<&StoredHook> = hooks
            .iter()
            .filter(|h| h.format == HookFormat::DiscordBot)
            .collect();
        if let Some(same) = bound
            .iter()
            .find(|h| h.url == url && h.remind_before == remind_before)
        {
            return Ok(same.id.clone());
        }
        for old in &bound {
            hub.store().remove_hook(&table, &old.id)?;
        }
        if hooks.len() - bound.len() >= MAX_HOOKS {
            return Err(ApiError::Refused {
                kind: "bad_webhook",
                message: format!("a table has at most {MAX_HOOKS} webhooks: remove one first"),
            });
        }
        let random = |e: crate::token::NoRandomness| ApiError::Internal(e.to_string());
        let hook = StoredHook {
            id: crate::token::random_hex(8).map_err(random)?,
            table: table.clone(),
            url,
            format: HookFormat::DiscordBot,
            // Never sent (Discord's calls carry the bot's token): kept as every hook's is.
            secret: crate::token::random_hex(32).map_err(random)?,
            remind_before,
            created_at: now_ms(),
        };
        hub.store().add_hook(&hook)?;
        Ok(hook.id)
    })
    .await
}

/// A seat a notice names.
#[derive(Deserialize)]
struct NamedSeat {
    seat: u16,
}

/// What the bot reads of a notice.
#[derive(Deserialize)]
struct BotNotice {
    event: String,
    text: String,
    #[serde(default)]
    table: String,
    #[serde(default)]
    step: u64,
    #[serde(default)]
    bbcode: Option<String>,
    #[serde(default)]
    to_act: Vec<NamedSeat>,
    #[serde(default)]
    waiting: Vec<NamedSeat>,
}

/// The nonce of part `part` of the delivery `key`: 25 hexadecimal digits of their SHA-256
/// (Discord keeps nonces of at most 25 characters).
pub(crate) fn nonce(key: &str, part: usize) -> String {
    let digest = Sha256::digest(format!("{key}/{part}").as_bytes());
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    hex[..25].to_owned()
}

/// The messages of a notice: its text (and the mentions of `users`, who act or are late)
/// cut into parts, each with its nonce and the users it names, the picture on the last.
pub(crate) fn messages(
    key: &str,
    text: &str,
    mention_line: Option<&str>,
    users: &[String],
    picture: Option<Arc<Vec<u8>>>,
) -> Vec<BotMessage> {
    let whole = match mention_line {
        Some(line) => format!("{text}\n{line}"),
        None => text.to_owned(),
    };
    let parts = split_message(&whole, DISCORD_LIMIT);
    let last = parts.len().saturating_sub(1);
    parts
        .into_iter()
        .enumerate()
        .map(|(n, content)| BotMessage {
            users: users
                .iter()
                .filter(|u| content.contains(&format!("<@{u}>")))
                .cloned()
                .collect(),
            content,
            nonce: nonce(key, n),
            picture: if n == last { picture.clone() } else { None },
        })
        .collect()
}

/// The public's picture of table `table` at `step`, as a PNG: drawn from the table as it
/// stands when it is still at that step, else from the table replayed to it.
async fn picture_at(hub: &HubHandle, table: &str, step: u64) -> Result<Arc<Vec<u8>>, String> {
    let id = table.to_owned();
    let game = hub
        .call(move |hub| {
            let live = hub.live(&id)?;
            if live.game.steps() == step {
                live.game
                    .render(pbp_core::engine::Viewer::Public, crate::engine::Format::Svg)
                    .map(Ok)
                    .map_err(ApiError::Internal)
            } else {
                live.game
                    .save()
                    .map(Err)
                    .map_err(|e| ApiError::Internal(e.to_string()))
            }
        })
        .await
        .map_err(|e| e.to_string())?;
    let svg = match game {
        Ok(svg) => svg,
        Err(save) => tokio::task::spawn_blocking(move || {
            crate::engine::GameTable::load(&save)
                .and_then(|game| game.at_step(step))
                .map_err(|e| e.to_string())
                .and_then(|game| {
                    game.render(pbp_core::engine::Viewer::Public, crate::engine::Format::Svg)
                })
        })
        .await
        .map_err(|e| e.to_string())??,
    };
    crate::picture::png(svg).await.map_err(|e| e.to_string())
}

/// The users bound to `seats` of `table`, as snowflakes, each once, in the seats' order.
async fn users_of(mentions: &Arc<dyn SeatMentions>, table: &str, seats: Vec<u16>) -> Vec<String> {
    let (mentions, table) = (Arc::clone(mentions), table.to_owned());
    tokio::task::spawn_blocking(move || {
        let mut users: Vec<String> = Vec::new();
        for seat in seats {
            if let Some(user) = mentions.user_of(&table, seat)
                && is_snowflake(&user)
                && !users.contains(&user)
            {
                users.push(user);
            }
        }
        users
    })
    .await
    .unwrap_or_default()
}

/// Sends `claimed`, a `discord-bot` notice, once: every message of it in order (those
/// already posted by an earlier try are not posted again: Discord answers their nonce).
pub(crate) async fn try_once(bot: &BotDelivery, hub: &HubHandle, claimed: &Claimed) -> Tried {
    let Some(poster) = &bot.poster else {
        return Tried::Again(
            None,
            "the server runs without its Discord bot (pbp serve --discord-token-file ...): \
             the post waits"
                .into(),
        );
    };
    let Some(channel) = channel_of(&claimed.hook.url) else {
        return Tried::Never(None, "the hook names no Discord channel".into());
    };
    let notice: BotNotice = match serde_json::from_str(&claimed.notice) {
        Ok(notice) => notice,
        Err(e) => return Tried::Never(None, format!("the notice is not JSON: {e}")),
    };
    let text = match &notice.bbcode {
        Some(post) => format!(
            "{}\n{}",
            notice.text.lines().next().unwrap_or_default(),
            bbcode_to(post, Markup::Discord)
        ),
        None => notice.text.clone(),
    };
    let (seats, lead) = match notice.event.as_str() {
        "turn_opened" => (&notice.to_act, "Your turn:"),
        "reminder" => (&notice.waiting, "Orders awaited from"),
        _ => (&Vec::new(), ""),
    };
    let users = users_of(
        &bot.mentions,
        &notice.table,
        seats.iter().map(|s| s.seat).collect(),
    )
    .await;
    let mention_line = (!users.is_empty()).then(|| {
        let named: Vec<String> = users.iter().map(|u| format!("<@{u}>")).collect();
        format!("{lead} {}", named.join(" "))
    });
    let picture = if notice.event == "turn_closed" {
        match picture_at(hub, &notice.table, notice.step).await {
            Ok(png) => Some(png),
            Err(e) => return Tried::Again(None, format!("the picture was not drawn: {e}")),
        }
    } else {
        None
    };
    let messages = messages(
        &claimed.key(),
        &text,
        mention_line.as_deref(),
        &users,
        picture,
    );
    let count = messages.len();
    let mut status = 200;
    for message in &messages {
        match poster.post(channel, message).await {
            Ok(code) => status = code,
            Err(PostFailure::Again(code, words)) => return Tried::Again(code, words),
            Err(PostFailure::Never(code, words)) => return Tried::Never(code, words),
        }
    }
    let messages = if count == 1 {
        "1 message".to_owned()
    } else {
        format!("{count} messages")
    };
    Tried::Delivered(status, format!("posted in Discord: {messages}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn channels_and_nonces_have_discords_forms() {
        assert_eq!(
            channel_of("discord-channel:400000000000000004"),
            Some("400000000000000004")
        );
        for bad in [
            "discord-channel:",
            "discord-channel:12a",
            "https://x.org",
            "discord-channel:123456789012345678901",
        ] {
            assert_eq!(channel_of(bad), None, "{bad}");
        }
        let first = nonce("abcdef0123456789-42", 0);
        assert_eq!(first.len(), 25);
        assert_eq!(first, nonce("abcdef0123456789-42", 0));
        assert_ne!(first, nonce("abcdef0123456789-42", 1));
        assert_ne!(first, nonce("abcdef0123456789-43", 0));
    }

    #[test]
    fn only_the_users_a_part_names_are_allowed_and_the_picture_comes_last() {
        let long = "a line of the turn\n".repeat(200);
        let users = vec!["111".to_owned(), "222".to_owned()];
        let png = Arc::new(vec![1, 2, 3]);
        let messages = messages(
            "k-1",
            &long,
            Some("Your turn: <@111> <@222>"),
            &users,
            Some(png.clone()),
        );
        assert!(messages.len() > 1);
        let (last, rest) = messages.split_last().unwrap();
        assert_eq!(last.users, users);
        assert_eq!(last.picture, Some(png));
        for message in rest {
            assert!(message.users.is_empty() && message.picture.is_none());
            assert!(message.content.chars().count() <= DISCORD_LIMIT);
        }
        let nonces: std::collections::BTreeSet<&str> =
            messages.iter().map(|m| m.nonce.as_str()).collect();
        assert_eq!(nonces.len(), messages.len());
    }
}
