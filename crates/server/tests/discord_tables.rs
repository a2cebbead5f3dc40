//! The game master's commands in Discord, against the fake of `common/discord.rs`: `/start`
//! makes the table and its thread and binds them; in that thread the game master sets and clears
//! the deadline, gives a seat to another user and closes the turn; everyone else, and every bad
//! input, gets a refusal in words that only its author sees.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::discord::{APPLICATION, BOT_TOKEN, FakeDiscord, THREAD, interaction};
use common::{start_discord, temp_dir};
use serde_json::{Value, json};

/// The channel `/start` is used in (the fake's interactions are sent from it).
const CHANNEL: &str = "400000000000000004";
const GM: &str = "11";
const ANN: &str = "21";
const BO: &str = "22";
const CY: &str = "23";

/// The users a command's user options name, as Discord resolves them.
fn resolved(users: &[(&str, &str)]) -> Value {
    let mut map = serde_json::Map::new();
    for (id, name) in users {
        map.insert(
            (*id).to_owned(),
            json!({ "id": id, "username": format!("user{id}"), "global_name": name, "discriminator": "0" }),
        );
    }
    json!({ "users": map })
}

/// `/start game` with `players` (id, display name) in seat order.
fn start(game: &str, players: &[(&str, &str)]) -> Value {
    let mut options = vec![json!({ "name": "game", "type": 3, "value": game })];
    for (n, (id, _)) in players.iter().enumerate() {
        options.push(json!({ "name": format!("player{}", n + 1), "type": 6, "value": id }));
    }
    json!({ "id": "9", "name": "start", "type": 1, "options": options, "resolved": resolved(players) })
}

/// Command `name` with `options`, sent by `user` in `channel`.
fn command(user: &str, channel: &str, name: &str, options: Value) -> Value {
    let mut body = interaction(
        2,
        user,
        &format!("token-{name}"),
        json!({ "id": "9", "name": name, "type": 1, "options": options }),
    );
    body["channel_id"] = json!(channel);
    body
}

/// The answer's text, and whether only its author sees it.
fn said(answer: &Value) -> (String, bool) {
    assert_eq!(answer["type"], 4, "{answer}");
    let data = &answer["data"];
    let ephemeral = data["flags"].as_u64().unwrap_or(0) & 64 != 0;
    (data["content"].as_str().unwrap().to_owned(), ephemeral)
}

#[test]
fn a_game_master_starts_a_table_in_a_thread_and_runs_its_turns() {
    let fake = FakeDiscord::start(0);
    let dir = temp_dir("discord-tables");
    let server = start_discord(&dir.join("db.sqlite"), fake.options());
    let send = |body: &Value| {
        let answer = fake.send(&server.base, body);
        assert_eq!(answer.status, 200, "{}", answer.body);
        answer.json()
    };

    // Before any table, the game master's commands are refused where no table is played.
    let (text, ephemeral) = said(&send(&command(GM, CHANNEL, "close", json!([]))));
    assert!(
        ephemeral && text.starts_with("no table is played here"),
        "{text}"
    );

    // /start: deferred, then a thread is made in the channel and the answer completed.
    let mut body = interaction(
        2,
        GM,
        "token-start",
        start("duel", &[(ANN, "Ann"), (BO, "Bo")]),
    );
    body["channel_id"] = json!(CHANNEL);
    assert_eq!(send(&body), json!({ "type": 5, "data": { "flags": 0 } }));
    let calls = fake.wait_for(2);
    assert_eq!(calls.len(), 2, "{calls:?}");
    assert_eq!(calls[0].method, "POST");
    assert_eq!(
        calls[0].path,
        format!("/api/v10/channels/{CHANNEL}/threads")
    );
    assert_eq!(calls[0].authorization, format!("Bot {BOT_TOKEN}"));
    let thread = calls[0].json();
    assert_eq!(thread["type"], 11);
    assert!(
        thread["name"].as_str().unwrap().ends_with(": Ann, Bo"),
        "{thread}"
    );
    assert_eq!(calls[1].method, "PATCH");
    assert_eq!(
        calls[1].path,
        format!("/api/v10/webhooks/{APPLICATION}/token-start/messages/@original")
    );
    let content = calls[1].json()["content"].as_str().unwrap().to_owned();
    assert!(
        content.starts_with(&format!("<@{GM}> started ")),
        "{content}"
    );
    assert!(
        content.ends_with(&format!(
            "for Ann (<@{ANN}>) and Bo (<@{BO}>) in <#{THREAD}>"
        )),
        "{content}"
    );

    // In the thread: a second /start is refused; a player may not use the game master's
    // commands.
    let mut again = interaction(
        2,
        GM,
        "token-again",
        start("duel", &[(ANN, "Ann"), (BO, "Bo")]),
    );
    again["channel_id"] = json!(THREAD);
    let (text, ephemeral) = said(&send(&again));
    assert!(
        ephemeral && text.starts_with("this thread plays a table already"),
        "{text}"
    );
    for name in ["deadline", "close", "seat"] {
        let (text, ephemeral) = said(&send(&command(ANN, THREAD, name, json!([]))));
        assert!(ephemeral, "{text}");
        assert_eq!(
            text,
            format!("only the table's game master, <@{GM}>, may use /{name}")
        );
    }

    // The deadline, set and cleared, publicly.
    let hours = json!([{ "name": "hours", "type": 4, "value": 24 }]);
    let (text, ephemeral) = said(&send(&command(GM, THREAD, "deadline", hours)));
    assert!(
        !ephemeral && text.starts_with("the turn's deadline is <t:"),
        "{text}"
    );
    let too_long = json!([{ "name": "hours", "type": 4, "value": 100_000 }]);
    let (text, ephemeral) = said(&send(&command(GM, THREAD, "deadline", too_long)));
    assert!(ephemeral, "{text}");
    assert_eq!(text, "100000 hours is not a deadline: give 1 to 720");
    let (text, ephemeral) = said(&send(&command(GM, THREAD, "deadline", json!([]))));
    assert!(!ephemeral);
    assert_eq!(text, "the turn has no deadline now");

    // A seat given to another user; a seat the table does not have refused.
    let seat = |n: i64, user: &str| json!([{ "name": "seat", "type": 4, "value": n }, { "name": "player", "type": 6, "value": user }]);
    let (text, ephemeral) = said(&send(&command(GM, THREAD, "seat", seat(2, CY))));
    assert!(!ephemeral);
    assert_eq!(text, format!("Bo's seat is now played by <@{CY}>"));
    let (text, ephemeral) = said(&send(&command(GM, THREAD, "seat", seat(3, CY))));
    assert!(ephemeral);
    assert_eq!(text, "this table has no seat 3: its seats are 1 to 2");

    // Closing the turn is the game master's, answered in the thread.
    let (text, ephemeral) = said(&send(&command(GM, THREAD, "close", json!([]))));
    assert!(!ephemeral, "{text}");
    assert!(text.starts_with("the "), "{text}");
    // No other call to Discord was made: every answer was the interaction's own.
    assert_eq!(fake.calls().len(), 2);
}

#[test]
fn a_table_that_cannot_start_is_refused_to_the_game_master_alone() {
    let fake = FakeDiscord::start(0);
    let dir = temp_dir("discord-start-refused");
    let server = start_discord(&dir.join("db.sqlite"), fake.options());
    let send = |data: Value| {
        let mut body = interaction(2, GM, "token-start", data);
        body["channel_id"] = json!(CHANNEL);
        let answer = fake.send(&server.base, &body);
        said(&answer.json())
    };
    // An unknown game.
    let (text, ephemeral) = send(start("chess", &[(ANN, "Ann"), (BO, "Bo")]));
    assert!(
        ephemeral && text.starts_with("the table cannot start: "),
        "{text}"
    );
    assert!(text.contains("chess"), "{text}");
    // Three players for a duel's two seats.
    let (text, ephemeral) = send(start("duel", &[(ANN, "Ann"), (BO, "Bo"), (CY, "Cy")]));
    assert!(
        ephemeral && text.starts_with("the table cannot start: "),
        "{text}"
    );
    // Two display names the table cannot tell apart.
    let (text, ephemeral) = send(start("duel", &[(ANN, "Ann"), (BO, " ann ")]));
    assert!(
        ephemeral && text.starts_with("the table cannot start: "),
        "{text}"
    );
    // A display name that is no player's name (a control character).
    let (text, ephemeral) = send(start("duel", &[(ANN, "Ann"), (BO, "B\u{7}o")]));
    assert!(ephemeral, "{text}");
    assert!(
        text.starts_with(&format!("<@{BO}>'s name cannot be a player's name here: ")),
        "{text}"
    );
    // A user option Discord did not resolve.
    let mut unresolved = start("duel", &[(ANN, "Ann"), (BO, "Bo")]);
    unresolved["resolved"] = resolved(&[(ANN, "Ann")]);
    let (text, ephemeral) = send(unresolved);
    assert!(ephemeral);
    assert_eq!(text, "Discord did not say who player 2 is: name them again");
    // Nothing was asked of Discord: no thread for a table that did not start.
    assert!(fake.calls().is_empty());
}
