//! The players' commands in Discord: `/act` (one action, in the game's own words, with
//! autocomplete of the user's legal actions), `/orders` (a modal: `orders.rs`) and `/me` (the
//! user's own view, with buttons: `me.rs`). Each is used in a table's thread by a Discord user
//! bound to a seat (`/start`, `/seat`), and acts or sees for that seat alone: the venue keeps
//! the game master's token on the server and asks the hub's typed API for that one seat, so a
//! user never acts or sees for another. Anyone else, or a thread without a table, is refused in
//! words only they see, and nothing changes. What the public may see of an act goes to the
//! thread through the outbox's posts (`webhooks`), never from here.

use pbp_core::engine::erased::ActionInput;
use serde_json::{Value, json};

use super::interaction::{self, Interaction, MAX_CHOICES, refusal};
use crate::engine::Format;
use crate::hub::HubHandle;
use crate::request::ActRequest;

/// A string option (Discord's option type 3).
const STRING: u8 = 3;
/// A slash command (Discord's command type 1).
const CHAT_INPUT: u8 = 1;
/// The most characters a choice's name or value may hold (Discord's limit).
pub const MAX_CHOICE: usize = 100;
/// How a choice that is no action begins (a note: more match, none match, nothing to do).
pub const NOTE: &str = "\u{2026} ";

/// The players' command definitions, as Discord's "bulk overwrite" reads them.
pub fn definitions() -> Vec<Value> {
    vec![
        json!({
            "type": CHAT_INPUT, "name": "act",
            "description": "Play one action at your table, in the game's words",
            "options": [{
                "type": STRING, "name": "action", "required": true, "autocomplete": true,
                "description": "The action: start typing, your legal actions are offered",
            }],
        }),
        json!({
            "type": CHAT_INPUT, "name": "orders",
            "description": "Write your orders for the turn, as you would post them (saved as your draft)",
            "options": [],
        }),
        json!({
            "type": CHAT_INPUT, "name": "me",
            "description": "Your own view of your table (only you see it), to refresh or mark ready",
            "options": [],
        }),
    ]
}

/// Whether `name` is one of the players' commands.
pub fn is_play_command(name: &str) -> bool {
    matches!(name, "act" | "orders" | "me")
}

/// A Discord user at their table: the table, the token the venue acts with (the game master's,
/// kept on the server), the user's seat and the names people read.
pub(super) struct Seated {
    /// The table.
    pub(super) table: String,
    /// The game master's token, with which the venue asks for this seat alone.
    pub(super) gm_token: String,
    /// The user's seat.
    pub(super) seat: u16,
    /// The seat's player, by name.
    pub(super) name: String,
    /// The game's title.
    pub(super) title: String,
}

/// The seat the interaction's sender plays at the table of the channel it was sent in: their
/// seat to act now if they play several, else their first. A refusal in words otherwise.
pub(super) async fn seated(hub: &HubHandle, interaction: &Interaction) -> Result<Seated, String> {
    let Some(user) = interaction.sender().map(str::to_owned) else {
        return Err("pbp cannot tell who sent this".to_owned());
    };
    let channel = interaction.channel_id.clone().unwrap_or_default();
    let found = hub
        .call(move |hub| {
            let Some(binding) = hub.store().table_in(&channel)? else {
                return Ok(Err(
                    "no table is played here: use this in a game's thread".to_owned()
                ));
            };
            let seats = hub.store().seats_of(&binding.table, &user)?;
            let Some(first) = seats.first().copied() else {
                return Ok(Err(format!(
                    "you play no seat at this table: its game master, <@{}>, gives one with /seat",
                    binding.gm_user
                )));
            };
            let view = hub.view(&binding.table, Some(&binding.gm_token), Format::Json)?;
            let view: Value = serde_json::from_str(&view)
                .map_err(|e| crate::error::ApiError::Internal(e.to_string()))?;
            let status = &view["table"]["seats"];
            let seat = seats
                .iter()
                .copied()
                .find(|s| status[usize::from(*s)]["to_act"] == json!(true))
                .unwrap_or(first);
            Ok(Ok(Seated {
                table: binding.table,
                gm_token: binding.gm_token,
                seat,
                name: status[usize::from(seat)]["name"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
                title: view["title"].as_str().unwrap_or_default().to_owned(),
            }))
        })
        .await;
    match found {
        Ok(found) => found,
        Err(error) => Err(format!("pbp cannot read its tables: {error}")),
    }
}

/// The answer to a player's command (`is_play_command`).
pub(super) async fn command(hub: &HubHandle, interaction: &Interaction) -> Value {
    let seated = match seated(hub, interaction).await {
        Ok(seated) => seated,
        Err(text) => return refusal(&text),
    };
    match interaction.command() {
        "act" => act(hub, interaction, seated).await,
        "orders" => super::orders::modal(hub, seated).await,
        _ => super::me::show(hub, seated).await,
    }
}

/// `/act action:TEXT`: the action read in the game's words and applied for the user's seat.
/// The user is told what was done, or why not, in words only they see; the public learns of
/// it from the thread's posts.
async fn act(hub: &HubHandle, interaction: &Interaction, seated: Seated) -> Value {
    let text = interaction.option("action").unwrap_or_default().trim();
    if text.is_empty() {
        return refusal("write the action in the game's words: the choices offered are yours");
    }
    if text.starts_with(NOTE.trim_end()) {
        return refusal(
            "that choice is a note, not an action: type more of the action's words to see it",
        );
    }
    let request = ActRequest {
        action: ActionInput::Text(text.to_owned()),
        dice: None,
        expect_step: None,
        seat: Some(seated.seat),
    };
    let (table, token) = (seated.table.clone(), seated.gm_token.clone());
    let done = hub
        .call(move |hub| hub.act(&table, Some(&token), request))
        .await;
    match done {
        // The report's events are the game master's (the venue acts with that token): only the
        // action, which is the user's own, is shown.
        Ok(report) => interaction::message(
            &format!("{} played: {}", seated.name, report.action.text),
            true,
        ),
        Err(error) => refusal(&format!("'{text}' was not played: {error}")),
    }
}

/// The answer to an autocomplete: `/act`'s action option completed with the user's own legal
/// actions (never another seat's), filtered by what they typed ([`filter`]). Anything else, or
/// a user who plays no seat here, is offered a note saying why.
pub(super) async fn autocomplete(hub: &HubHandle, interaction: &Interaction) -> Value {
    if interaction.command() != "act" {
        return interaction::choices(&[]);
    }
    let typed = interaction
        .focused()
        .map(|(_, typed)| typed.to_owned())
        .unwrap_or_default();
    let seated = match seated(hub, interaction).await {
        Ok(seated) => seated,
        Err(text) => return note_choices(&[format!("{NOTE}{text}")]),
    };
    let (table, token, seat) = (seated.table.clone(), seated.gm_token.clone(), seated.seat);
    let legal = hub
        .call(move |hub| hub.legal(&table, Some(&token), Some(seat)))
        .await;
    match legal {
        Ok(legal) if legal.is_empty() => {
            note_choices(&[format!("{NOTE}{} has nothing to play now", seated.name)])
        }
        Ok(legal) => {
            let texts: Vec<String> = legal.into_iter().map(|a| a.text).collect();
            note_choices(&filter(&texts, &typed))
        }
        Err(error) => note_choices(&[format!("{NOTE}pbp cannot list your actions: {error}")]),
    }
}

/// Choices shown and sent as the same text, each cut to [`MAX_CHOICE`] characters (only a
/// note can be longer: an action that long is never offered, see [`filter`]).
pub(super) fn note_choices(choices: &[String]) -> Value {
    let fitted: Vec<String> = choices
        .iter()
        .map(|c| {
            if c.chars().count() <= MAX_CHOICE {
                c.clone()
            } else {
                let mut cut: String = c.chars().take(MAX_CHOICE - 1).collect();
                cut.push('\u{2026}');
                cut
            }
        })
        .collect();
    interaction::choices(&fitted)
}

/// The words of `text`, in lower case: its runs of letters and digits (`[b]20 Rice` is `20`
/// and `rice`).
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// The choices for what the user typed among their legal actions (`actions`, in the game's
/// words): those with a word beginning with each word typed, case aside, in the game's order,
/// each once. At most
/// [`MAX_CHOICES`]: when more match, the last choice is a note saying how many more and to type
/// more words; an action longer than a choice may hold ([`MAX_CHOICE`]) is never cut (its
/// value would be another action, or none): it is counted in that note, which then says to
/// type it whole. No action matching is a note too.
pub fn filter(actions: &[String], typed: &str) -> Vec<String> {
    let typed_words = words(typed);
    let mut matching: Vec<&String> = Vec::new();
    for action in actions {
        let own = words(action);
        if typed_words
            .iter()
            .all(|t| own.iter().any(|w| w.starts_with(t.as_str())))
            && !matching.contains(&action)
        {
            matching.push(action);
        }
    }
    if matching.is_empty() {
        return vec![format!(
            "{NOTE}none of your actions reads '{}'",
            typed.trim()
        )];
    }
    let (fit, long): (Vec<&String>, Vec<&String>) = matching
        .into_iter()
        .partition(|a| a.chars().count() <= MAX_CHOICE);
    let mut shown: Vec<String> = fit.iter().map(|a| (*a).clone()).collect();
    let room = if shown.len() + usize::from(!long.is_empty()) > MAX_CHOICES {
        MAX_CHOICES - 1
    } else {
        shown.len()
    };
    shown.truncate(room);
    let more = fit.len() - shown.len() + long.len();
    if more > 0 {
        shown.push(if long.is_empty() {
            format!("{NOTE}and {more} more: type more words to narrow")
        } else {
            format!("{NOTE}and {more} more, some too long to offer: type more words, or the whole action")
        });
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actions(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("Move Army {i} to Lai")).collect()
    }

    #[test]
    fn typed_words_filter_in_any_case_and_order() {
        let list = vec![
            "strike".to_owned(),
            "focus".to_owned(),
            "Move Army 1 to Lai".to_owned(),
        ];
        assert_eq!(filter(&list, ""), list);
        assert_eq!(filter(&list, "STR"), vec!["strike"]);
        assert_eq!(filter(&list, "lai  army"), vec!["Move Army 1 to Lai"]);
        assert_eq!(
            filter(&list, "retreat"),
            vec!["\u{2026} none of your actions reads 'retreat'"]
        );
    }

    #[test]
    fn more_than_25_are_never_cut_silently() {
        let list = actions(65);
        let shown = filter(&list, "army");
        assert_eq!(shown.len(), MAX_CHOICES);
        assert_eq!(shown[..24], list[..24]);
        assert_eq!(shown[24], "\u{2026} and 41 more: type more words to narrow");
        // Exactly 25 fit without a note; narrowing shows what matches.
        assert_eq!(filter(&actions(25), ""), actions(25));
        // "army 6" begins words of Army 6 and of Army 60 to 64, not of Army 16.
        let mut narrowed = vec![list[6].clone()];
        narrowed.extend_from_slice(&list[60..65]);
        assert_eq!(filter(&list, "army 6"), narrowed);
    }

    #[test]
    fn an_action_too_long_for_a_choice_is_counted_not_cut() {
        let long = format!("hold {}", "Lai ".repeat(30));
        let list = vec!["hold Cheng".to_owned(), long];
        let shown = filter(&list, "hold");
        assert_eq!(shown[0], "hold Cheng");
        assert!(
            shown[1].starts_with("\u{2026} and 1 more, some too long"),
            "{shown:?}"
        );
        assert!(shown.iter().all(|c| c.chars().count() <= MAX_CHOICE));
    }
}
