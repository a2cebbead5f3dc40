//! The wire of Discord's interactions, as far as pbp reads and writes it: the interaction a
//! request carries (its type, its command and options, who sent it, its token) and the answers
//! pbp gives (a pong, a message, a deferral, autocomplete choices). Pure functions of bytes and
//! values, so that the fixtures of Discord's documented shapes test them without a server.

use serde::Deserialize;
use serde_json::{Value, json};

/// The most a message's content may hold, in characters (Discord's limit).
pub const MAX_CONTENT: usize = 2000;
/// The most choices an autocomplete answer may hold (Discord's limit).
pub const MAX_CHOICES: usize = 25;
/// The message flag that shows a message to the user who sent the interaction alone.
pub const EPHEMERAL: u64 = 1 << 6;

/// The kinds of interaction (the `type` field).
pub mod kind {
    /// Discord checks that the endpoint answers.
    pub const PING: u8 = 1;
    /// A slash command.
    pub const COMMAND: u8 = 2;
    /// A button or a select menu of a message.
    pub const COMPONENT: u8 = 3;
    /// A user typing in an option that offers choices.
    pub const AUTOCOMPLETE: u8 = 4;
    /// A modal's form sent.
    pub const MODAL_SUBMIT: u8 = 5;
}

/// One interaction, the fields pbp reads (Discord sends more; they are ignored).
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Interaction {
    /// Its kind, one of [`kind`].
    #[serde(rename = "type")]
    pub kind: u8,
    /// Its id.
    pub id: String,
    /// The application it is for.
    pub application_id: String,
    /// The token that answers it later (valid for 15 minutes).
    pub token: String,
    /// The command, with its options (absent for a ping).
    #[serde(default)]
    pub data: Option<CommandData>,
    /// The channel it was sent in.
    #[serde(default)]
    pub channel_id: Option<String>,
    /// The member who sent it, in a server.
    #[serde(default)]
    pub member: Option<Member>,
    /// The user who sent it, in a direct message.
    #[serde(default)]
    pub user: Option<User>,
    /// The message whose button was pressed (a component's interaction), as Discord sends it.
    #[serde(default)]
    pub message: Option<Value>,
}

/// A command's name and options.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct CommandData {
    /// The command's name (`roll`).
    #[serde(default)]
    pub name: String,
    /// Its options as the user gave them.
    #[serde(default)]
    pub options: Vec<CommandOption>,
    /// The users its user options name, with their names.
    #[serde(default)]
    pub resolved: Resolved,
    /// The id of the button pressed, or of the modal sent.
    #[serde(default)]
    pub custom_id: Option<String>,
    /// A modal's rows of inputs, as Discord sends them.
    #[serde(default)]
    pub components: Vec<Value>,
}

/// The users and members a command's user options name, by id.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
pub struct Resolved {
    /// The users.
    #[serde(default)]
    pub users: std::collections::BTreeMap<String, User>,
    /// Their membership of the server the command was sent in.
    #[serde(default)]
    pub members: std::collections::BTreeMap<String, ResolvedMember>,
}

/// A member of the server as a user option resolves it (its user is in [`Resolved::users`]).
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
pub struct ResolvedMember {
    /// The member's name in this server, if they chose one.
    #[serde(default)]
    pub nick: Option<String>,
}

/// One option of a command, or a subcommand with options of its own.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct CommandOption {
    /// The option's name.
    pub name: String,
    /// Its value (a string, a number or a boolean; none for a subcommand).
    #[serde(default)]
    pub value: Option<Value>,
    /// Whether the user is typing in it now (autocomplete).
    #[serde(default)]
    pub focused: bool,
    /// A subcommand's options.
    #[serde(default)]
    pub options: Vec<CommandOption>,
}

/// A member of a server.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Member {
    /// The member's user.
    pub user: User,
}

/// A Discord user.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct User {
    /// Their id (a snowflake, as a string).
    pub id: String,
    /// Their unique user name.
    #[serde(default)]
    pub username: String,
    /// The name they show everywhere, if they chose one.
    #[serde(default)]
    pub global_name: Option<String>,
}

impl Interaction {
    /// The user who sent it: the member's in a server, the user's in a direct message.
    pub fn sender(&self) -> Option<&str> {
        self.member
            .as_ref()
            .map(|m| m.user.id.as_str())
            .or(self.user.as_ref().map(|u| u.id.as_str()))
    }

    /// The command's name, or "" when there is none.
    pub fn command(&self) -> &str {
        self.data.as_ref().map_or("", |d| d.name.as_str())
    }

    /// The text of option `name` (a string option's value), if the user gave it.
    pub fn option(&self, name: &str) -> Option<&str> {
        self.data
            .as_ref()?
            .options
            .iter()
            .find(|o| o.name == name)?
            .value
            .as_ref()?
            .as_str()
    }

    /// The whole number of option `name` (an integer option's value), if the user gave it.
    pub fn integer(&self, name: &str) -> Option<i64> {
        self.data
            .as_ref()?
            .options
            .iter()
            .find(|o| o.name == name)?
            .value
            .as_ref()?
            .as_i64()
    }

    /// The display name of user `id` named by a user option: their name in this server, else
    /// the name they show everywhere, else their user name.
    pub fn display_name(&self, id: &str) -> Option<String> {
        let resolved = &self.data.as_ref()?.resolved;
        let user = resolved.users.get(id)?;
        let nick = resolved.members.get(id).and_then(|m| m.nick.clone());
        Some(
            nick.or_else(|| user.global_name.clone())
                .unwrap_or_else(|| user.username.clone()),
        )
    }

    /// The option the user is typing in (autocomplete), with what they typed so far.
    pub fn focused(&self) -> Option<(&str, &str)> {
        let option = self.data.as_ref()?.options.iter().find(|o| o.focused)?;
        let typed = option.value.as_ref().and_then(Value::as_str).unwrap_or("");
        Some((option.name.as_str(), typed))
    }
}

/// Reads an interaction from the request's body.
///
/// # Errors
/// The body is not an interaction's JSON (its type, id, application id and token at least).
pub fn parse_interaction(body: &[u8]) -> Result<Interaction, String> {
    serde_json::from_slice(body).map_err(|e| format!("the body is not a Discord interaction: {e}"))
}

/// The answer to a ping.
pub fn pong() -> Value {
    json!({ "type": 1 })
}

/// The answer that shows a message at once: public, or `ephemeral` (to its sender alone). No
/// mention in it pings anyone.
pub fn message(content: &str, ephemeral: bool) -> Value {
    json!({ "type": 4, "data": message_data(content, ephemeral) })
}

/// A refusal or a mistake: a [`message`] shown to its author alone.
pub fn refusal(text: &str) -> Value {
    message(text, true)
}

/// The answer that shows "pbp is thinking…" until the message is completed by editing the
/// original response (within 15 minutes).
pub fn deferred(ephemeral: bool) -> Value {
    let flags = if ephemeral { EPHEMERAL } else { 0 };
    json!({ "type": 5, "data": { "flags": flags } })
}

/// The answer to an autocomplete: the choices, each sent as its text (the value read back as
/// the option) and shown on one line (the name: a line break shown as " / ", and cut to
/// [`MAX_CHOICE_NAME`] characters with an ellipsis when that line is longer). At most
/// [`MAX_CHOICES`]: the caller filters, never this.
pub fn choices(choices: &[String]) -> Value {
    let choices: Vec<Value> = choices
        .iter()
        .map(|c| json!({ "name": choice_name(c), "value": c }))
        .collect();
    json!({ "type": 8, "data": { "choices": choices } })
}

/// The most characters a choice's name may hold (Discord's limit).
pub const MAX_CHOICE_NAME: usize = 100;

/// A choice's name: its text on one line (each line break, with the blanks around it, shown as
/// " / "), cut to [`MAX_CHOICE_NAME`] characters with an ellipsis when longer.
pub fn choice_name(text: &str) -> String {
    let line = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" / ");
    if line.chars().count() <= MAX_CHOICE_NAME {
        return line;
    }
    let mut cut: String = line.chars().take(MAX_CHOICE_NAME - 1).collect();
    cut.push('\u{2026}');
    cut
}

/// A message's body (of an answer, or of an edit of the original response): its content cut to
/// [`MAX_CONTENT`] characters at a line's end, no mention pinging anyone.
pub fn message_data(content: &str, ephemeral: bool) -> Value {
    let mut data = json!({
        "content": fit(content),
        "allowed_mentions": { "parse": [] },
    });
    if ephemeral {
        data["flags"] = json!(EPHEMERAL);
    }
    data
}

/// `content` as one message: whole if it fits in [`MAX_CONTENT`] characters, else cut at the
/// last line's end that fits, with a line saying it was cut.
pub fn fit(content: &str) -> String {
    const CUT: &str = "\n(cut: the whole answer is longer than a Discord message)";
    if content.chars().count() <= MAX_CONTENT {
        return content.to_owned();
    }
    let room = MAX_CONTENT - CUT.chars().count();
    let end = content
        .char_indices()
        .nth(room)
        .map_or(content.len(), |(i, _)| i);
    let head = &content[..end];
    let head = head.rfind('\n').map_or(head, |i| &head[..i]);
    format!("{head}{CUT}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_answer_is_cut_at_a_line_and_says_so() {
        let line = "x".repeat(99);
        let long = vec![line.as_str(); 40].join("\n");
        let fitted = fit(&long);
        assert!(fitted.chars().count() <= MAX_CONTENT);
        assert!(fitted.ends_with("longer than a Discord message)"));
        assert!(fitted.lines().rev().skip(1).all(|l| l == line));
        assert_eq!(fit("short"), "short");
        // Characters, not bytes: 2,000 dragons fit.
        let dragons = "\u{1f409}".repeat(MAX_CONTENT);
        assert_eq!(fit(&dragons), dragons);
    }

    #[test]
    fn options_and_the_sender_are_read() {
        let interaction = parse_interaction(
            br#"{"type":4,"id":"1","application_id":"2","token":"t","channel_id":"5",
                "member":{"user":{"id":"42"}},
                "data":{"name":"odds","options":[{"name":"dice","type":3,"value":"2k1"},
                {"name":"against","type":3,"value":"3k","focused":true}]}}"#,
        )
        .unwrap();
        assert_eq!(interaction.sender(), Some("42"));
        assert_eq!(interaction.command(), "odds");
        assert_eq!(interaction.option("dice"), Some("2k1"));
        assert_eq!(interaction.option("nothing"), None);
        assert_eq!(interaction.focused(), Some(("against", "3k")));
        assert!(parse_interaction(b"{}").is_err());
        assert!(parse_interaction(b"not json").is_err());
    }

    #[test]
    fn a_choice_is_shown_on_one_line_and_sent_whole() {
        let sheet = "[b]Qin[/b]\nArmy 1: hold\n  Army 2 -> Lai  \n";
        let answer = choices(&[sheet.to_owned(), "strike".to_owned()]);
        let shown = &answer["data"]["choices"];
        assert_eq!(
            shown[0]["name"],
            "[b]Qin[/b] / Army 1: hold / Army 2 -> Lai"
        );
        assert_eq!(shown[0]["value"], sheet);
        assert_eq!(shown[1]["name"], "strike");
        assert_eq!(shown[1]["value"], "strike");
        // Each line's break adds characters: a name never passes Discord's 100.
        let many = vec!["abc"; 40].join("\n");
        let name = choice_name(&many);
        assert_eq!(name.chars().count(), MAX_CHOICE_NAME);
        assert!(name.ends_with('\u{2026}'), "{name}");
    }
}
