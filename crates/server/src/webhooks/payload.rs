//! What a webhook is sent: the body in its format (Discord's `{"content"}`, Slack's
//! `{"text"}`, or the notice's own JSON), the forum post converted from BBCode to the chat's
//! markup, the notice's picture where it has one (a Discord embed's image, a Slack image
//! block), and the body's signature.

use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use super::HookFormat;

/// The longest message Discord accepts, in characters.
pub(crate) const DISCORD_LIMIT: usize = 2000;
/// The longest text sent to Slack (which cuts messages far longer), in characters.
pub(crate) const SLACK_LIMIT: usize = 30_000;
/// The longest text or post a notice carries, in characters (a longer post is cut).
pub(crate) const NOTICE_TEXT_LIMIT: usize = 24_000;
/// The largest body sent, in bytes.
pub const MAX_REQUEST_BODY: usize = 64 * 1024;

/// A markup BBCode is converted to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Markup {
    /// Plain text: tags dropped, lists as dashes, table cells between bars.
    Plain,
    /// Discord's Markdown.
    Discord,
    /// Slack's mrkdwn.
    Slack,
}

impl Markup {
    fn bold(self) -> &'static str {
        match self {
            Markup::Plain => "",
            Markup::Discord => "**",
            Markup::Slack => "*",
        }
    }

    fn italic(self) -> &'static str {
        match self {
            Markup::Plain => "",
            Markup::Discord => "*",
            Markup::Slack => "_",
        }
    }

    fn strike(self) -> &'static str {
        match self {
            Markup::Plain => "",
            Markup::Discord => "~~",
            Markup::Slack => "~",
        }
    }

    fn code(self) -> &'static str {
        match self {
            Markup::Plain => "",
            Markup::Discord | Markup::Slack => "```",
        }
    }
}

/// The tags a post may hold; any other bracketed text ("[3, 5]") is kept as it is.
const TAGS: &[&str] = &[
    "b", "i", "u", "s", "code", "list", "*", "table", "tr", "td", "th", "size", "color", "font",
    "quote", "url", "center", "noparse", "spoiler", "img",
];

/// The longest text of one Slack section block, in characters.
const SLACK_SECTION_LIMIT: usize = 3000;

/// What the chat formats read of a notice (every notice has a `text` and a `step`; a turn's
/// summary has its post, and with a public URL its picture).
#[derive(Deserialize)]
struct ChatNotice {
    text: String,
    #[serde(default)]
    step: u64,
    #[serde(default)]
    bbcode: Option<String>,
    #[serde(default)]
    picture: Option<String>,
}

/// A Discord webhook's body (fields in alphabetical order, the order the JSON always had).
#[derive(Serialize)]
struct DiscordBody {
    allowed_mentions: DiscordMentions,
    content: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    embeds: Vec<DiscordEmbed>,
}

/// Which mentions Discord parses: none.
#[derive(Serialize)]
struct DiscordMentions {
    parse: [&'static str; 0],
}

/// A Discord embed holding the notice's picture.
#[derive(Serialize)]
struct DiscordEmbed {
    image: DiscordImage,
}

/// A Discord embed's image.
#[derive(Serialize)]
struct DiscordImage {
    url: String,
}

/// A Slack webhook's body.
#[derive(Serialize)]
struct SlackBody {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    blocks: Vec<SlackBlock>,
    text: String,
}

/// One of Slack's blocks.
#[derive(Serialize)]
#[serde(untagged)]
enum SlackBlock {
    /// A section of text.
    Section(SlackSection),
    /// The picture.
    Image(SlackImage),
}

/// A Slack section block.
#[derive(Serialize)]
struct SlackSection {
    text: SlackText,
    r#type: &'static str,
}

/// A section's text, in mrkdwn.
#[derive(Serialize)]
struct SlackText {
    text: String,
    r#type: &'static str,
}

/// A Slack image block.
#[derive(Serialize)]
struct SlackImage {
    alt_text: String,
    image_url: String,
    r#type: &'static str,
}

/// Slack's blocks for `text` and the picture at `picture`: the text in sections of at most
/// [`SLACK_SECTION_LIMIT`] characters (split at line ends where it can), then the image.
fn slack_blocks(text: &str, picture: &str, alt: &str) -> Vec<SlackBlock> {
    let mut sections: Vec<String> = vec![String::new()];
    for line in text.lines() {
        let mut line = line.to_owned();
        loop {
            let last = sections
                .last_mut()
                .unwrap_or_else(|| unreachable!("never empty"));
            let room = SLACK_SECTION_LIMIT - last.chars().count();
            let needed = line.chars().count() + usize::from(!last.is_empty());
            if needed <= room {
                if !last.is_empty() {
                    last.push('\n');
                }
                last.push_str(&line);
                break;
            }
            if last.is_empty() {
                // A line longer than a section: cut it.
                let head: String = line.chars().take(SLACK_SECTION_LIMIT).collect();
                line = line.chars().skip(SLACK_SECTION_LIMIT).collect();
                last.push_str(&head);
            }
            sections.push(String::new());
        }
    }
    let mut blocks: Vec<SlackBlock> = sections
        .into_iter()
        .filter(|s| !s.is_empty())
        .map(|text| {
            SlackBlock::Section(SlackSection {
                text: SlackText {
                    text,
                    r#type: "mrkdwn",
                },
                r#type: "section",
            })
        })
        .collect();
    blocks.push(SlackBlock::Image(SlackImage {
        alt_text: alt.to_owned(),
        image_url: picture.to_owned(),
        r#type: "image",
    }));
    blocks
}

/// A chat body as JSON text.
fn to_json(body: &impl Serialize) -> Result<String, String> {
    serde_json::to_string(body).map_err(|e| format!("the body as JSON: {e}"))
}

/// A post's BBCode in `markup`.
pub(crate) fn bbcode_to(bbcode: &str, markup: Markup) -> String {
    let mut out = String::with_capacity(bbcode.len());
    let mut rest = bbcode;
    let mut first_cell = true;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find(']') else {
            out.push_str(&rest[open..]);
            rest = "";
            break;
        };
        let inside = &after[..close];
        let (closing, name) = match inside.strip_prefix('/') {
            Some(name) => (true, name),
            None => (false, inside.split('=').next().unwrap_or_default()),
        };
        let name = name.to_ascii_lowercase();
        if !TAGS.contains(&name.as_str()) {
            out.push('[');
            rest = after;
            continue;
        }
        rest = &after[close + 1..];
        match (name.as_str(), closing) {
            // A picture is the chat message's own (an embed, a block), not a line of text.
            ("img", false) => {
                let end = rest.find("[/img]").unwrap_or(rest.len());
                rest = rest.get(end + "[/img]".len()..).unwrap_or("");
            }
            ("noparse", false) => {
                let end = rest.find("[/noparse]").unwrap_or(rest.len());
                out.push_str(&rest[..end]);
                rest = rest.get(end + "[/noparse]".len()..).unwrap_or("");
            }
            ("b", _) => out.push_str(markup.bold()),
            ("i", _) => out.push_str(markup.italic()),
            ("s", _) => out.push_str(markup.strike()),
            ("u", _) if markup == Markup::Discord => out.push_str("__"),
            ("code", _) => {
                if !closing && markup != Markup::Plain && !out.ends_with('\n') && !out.is_empty() {
                    out.push('\n');
                }
                out.push_str(markup.code());
                if markup != Markup::Plain {
                    out.push('\n');
                }
            }
            ("*", false) => {
                if !out.ends_with('\n') && !out.is_empty() {
                    out.push('\n');
                }
                out.push_str("- ");
                rest = rest.trim_start_matches(' ');
            }
            ("list" | "table" | "quote" | "center", _) | ("tr", false) => {
                if !out.ends_with('\n') && !out.is_empty() {
                    out.push('\n');
                }
                first_cell = true;
            }
            ("td" | "th", false) => {
                if !first_cell {
                    out.push_str(" | ");
                }
                first_cell = false;
            }
            _ => {}
        }
    }
    out.push_str(rest);
    tidy(&out)
}

/// Trailing spaces dropped, no more than one empty line in a row, no empty lines at the ends.
fn tidy(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut empty = 0;
    for line in text.lines() {
        let line = line.trim_end();
        if line.is_empty() {
            empty += 1;
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
            if empty > 0 {
                out.push('\n');
            }
        }
        empty = 0;
        out.push_str(line);
    }
    out
}

/// `text` cut to at most `limit` characters, ending with a mark that says it was cut.
pub(crate) fn cut(text: &str, limit: usize) -> String {
    const MARK: &str = "\n… (cut)";
    if text.chars().count() <= limit {
        return text.to_owned();
    }
    let keep = limit.saturating_sub(MARK.chars().count());
    let mut out: String = text.chars().take(keep).collect();
    out.push_str(MARK);
    out
}

/// Slack's three escapes (`&`, `<`, `>`), so that no name becomes a mention or a link.
fn slack_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A chat message from a notice: its text, or for a turn's summary its first line and the
/// post in `markup`.
fn chat_text(notice: &ChatNotice, markup: Markup) -> String {
    let text = &notice.text;
    match &notice.bbcode {
        Some(post) => {
            let headline = text.lines().next().unwrap_or_default();
            format!("{headline}\n{}", bbcode_to(post, markup))
        }
        None => text.clone(),
    }
}

/// The body of a notice (its JSON text) for a webhook of `format`.
///
/// # Errors
/// A notice that is not JSON, or a body over [`MAX_REQUEST_BODY`] (neither happens for the
/// notices the server writes).
pub(crate) fn body(format: HookFormat, notice: &str) -> Result<String, String> {
    let value: ChatNotice =
        serde_json::from_str(notice).map_err(|e| format!("the notice is not JSON: {e}"))?;
    let alt = format!("the table's picture at step {}", value.step);
    let body = match format {
        // The notice's own JSON, as the outbox keeps it.
        HookFormat::Json => notice.to_owned(),
        // No mention is ever parsed: a player named "@everyone" pings nobody.
        HookFormat::Discord => to_json(&DiscordBody {
            allowed_mentions: DiscordMentions { parse: [] },
            content: cut(&chat_text(&value, Markup::Discord), DISCORD_LIMIT),
            embeds: value
                .picture
                .iter()
                .map(|url| DiscordEmbed {
                    image: DiscordImage { url: url.clone() },
                })
                .collect(),
        })?,
        // Posted by the bot, message by message (`bot.rs`), never as one body.
        HookFormat::DiscordBot => {
            return Err("a discord-bot notice is posted by the bot, not as a body".into());
        }
        HookFormat::Slack => {
            let text = cut(
                &slack_escape(&chat_text(&value, Markup::Slack)),
                SLACK_LIMIT,
            );
            to_json(&match &value.picture {
                // With blocks, the text is only the notification's: its headline, so that the
                // body carries the message once.
                Some(url) => SlackBody {
                    blocks: slack_blocks(&text, url, &alt),
                    text: text.lines().next().unwrap_or_default().to_owned(),
                },
                None => SlackBody {
                    blocks: Vec::new(),
                    text,
                },
            })?
        }
    };
    if body.len() > MAX_REQUEST_BODY {
        return Err(format!(
            "the body is {} bytes, over the {MAX_REQUEST_BODY} bytes sent at most",
            body.len()
        ));
    }
    Ok(body)
}

/// The `X-Pbp-Signature` of `body` under `secret`: `sha256=` and the HMAC-SHA256 in lowercase
/// hex.
pub(crate) fn signature(secret: &str, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC takes a key of any length"));
    mac.update(body);
    let digest = mac.finalize().into_bytes();
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256={hex}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    const POST: &str = "[b]Warring States[/b], turn 2\n[list]\n[*]Al [i]moves[/i] to Qi\n[*]a roll [3, 5]\n[/list]\n[table][tr][th]state[/th][th]cities[/th][/tr][tr][td]Qin[/td][td]4[/td][/tr][/table]\n[noparse][b]x[/b][/noparse]";

    #[test]
    fn a_post_reads_in_each_markup() {
        assert_eq!(
            bbcode_to(POST, Markup::Plain),
            "Warring States, turn 2\n\n- Al moves to Qi\n- a roll [3, 5]\n\nstate | cities\nQin | 4\n\n[b]x[/b]"
        );
        assert_eq!(
            bbcode_to(POST, Markup::Discord),
            "**Warring States**, turn 2\n\n- Al *moves* to Qi\n- a roll [3, 5]\n\nstate | cities\nQin | 4\n\n[b]x[/b]"
        );
        assert_eq!(
            bbcode_to(POST, Markup::Slack),
            "*Warring States*, turn 2\n\n- Al _moves_ to Qi\n- a roll [3, 5]\n\nstate | cities\nQin | 4\n\n[b]x[/b]"
        );
        assert_eq!(
            bbcode_to("an [unclosed tag", Markup::Plain),
            "an [unclosed tag"
        );
    }

    #[test]
    fn each_format_has_its_shape_and_limits() {
        let notice = json!({
            "event": "turn_closed",
            "text": "Duel: the turn is over.\nAl strikes",
            "bbcode": "[b]Al[/b] strikes <@everyone> & more",
        })
        .to_string();
        let discord: Value =
            serde_json::from_str(&body(HookFormat::Discord, &notice).unwrap()).unwrap();
        assert_eq!(
            discord["content"],
            "Duel: the turn is over.\n**Al** strikes <@everyone> & more"
        );
        assert_eq!(discord["allowed_mentions"]["parse"], json!([]));
        let slack: Value =
            serde_json::from_str(&body(HookFormat::Slack, &notice).unwrap()).unwrap();
        assert_eq!(
            slack["text"],
            "Duel: the turn is over.\n*Al* strikes &lt;@everyone&gt; &amp; more"
        );
        let own: Value = serde_json::from_str(&body(HookFormat::Json, &notice).unwrap()).unwrap();
        assert_eq!(own, serde_json::from_str::<Value>(&notice).unwrap());
        let long = json!({ "text": "x".repeat(5000) }).to_string();
        let discord: Value =
            serde_json::from_str(&body(HookFormat::Discord, &long).unwrap()).unwrap();
        let content = discord["content"].as_str().unwrap();
        assert_eq!(content.chars().count(), DISCORD_LIMIT);
        assert!(content.ends_with("… (cut)"));
        assert!(body(HookFormat::Json, "not json").is_err());
    }

    #[test]
    fn a_picture_is_an_embed_or_a_block_never_a_line() {
        let url = "https://pbp.example.org/api/tables/t1/view?format=png&step=4";
        let notice = json!({
            "event": "turn_closed",
            "table": "t1",
            "step": 4,
            "text": "Duel: the turn is over.\nAl strikes",
            "bbcode": format!("[b]Al[/b] strikes\n[img]{url}[/img]\n"),
            "picture": url,
        })
        .to_string();
        let discord: Value =
            serde_json::from_str(&body(HookFormat::Discord, &notice).unwrap()).unwrap();
        assert_eq!(
            discord["content"],
            "Duel: the turn is over.\n**Al** strikes"
        );
        assert_eq!(discord["embeds"][0]["image"]["url"], url);
        let slack: Value =
            serde_json::from_str(&body(HookFormat::Slack, &notice).unwrap()).unwrap();
        assert_eq!(slack["text"], "Duel: the turn is over.");
        let blocks = slack["blocks"].as_array().unwrap();
        assert_eq!(
            blocks[0]["text"]["text"],
            "Duel: the turn is over.\n*Al* strikes"
        );
        assert_eq!(blocks[1]["type"], "image");
        assert_eq!(blocks[1]["image_url"], url);
        assert_eq!(blocks[1]["alt_text"], "the table's picture at step 4");
        let own: Value = serde_json::from_str(&body(HookFormat::Json, &notice).unwrap()).unwrap();
        assert_eq!(own["picture"], url);
        // A long post takes several sections of at most Slack's 3000 characters.
        let long = (0..400)
            .map(|n| format!("line {n} of the post"))
            .collect::<Vec<_>>();
        let blocks = serde_json::to_value(slack_blocks(&long.join("\n"), url, "a map")).unwrap();
        let blocks = blocks.as_array().unwrap();
        assert!(blocks.len() > 3);
        for block in &blocks[..blocks.len() - 1] {
            assert!(block["text"]["text"].as_str().unwrap().chars().count() <= 3000);
        }
        let one_line = slack_blocks(&"x".repeat(7000), url, "a map");
        assert_eq!(one_line.len(), 4);
        // Without a picture, nothing changes.
        let plain = json!({ "text": "Duel: Al's turn." }).to_string();
        let discord: Value =
            serde_json::from_str(&body(HookFormat::Discord, &plain).unwrap()).unwrap();
        assert!(discord.get("embeds").is_none());
        let slack: Value = serde_json::from_str(&body(HookFormat::Slack, &plain).unwrap()).unwrap();
        assert!(slack.get("blocks").is_none());
    }

    #[test]
    fn the_signature_is_githubs_hmac_sha256() {
        // RFC 4231's test case 2.
        assert_eq!(
            signature("Jefe", b"what do ya want for nothing?"),
            "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }
}
