//! The game master's commands in Discord, against the fake of `common/discord.rs`: `/start`
//! makes the table and its thread and binds them; in that thread the game master sets and clears
//! the deadline, gives a seat to another user and closes the turn; everyone else, and every bad
//! input, gets a refusal in words that only its author sees.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::discord::{
    APPLICATION, BOT_TOKEN, FakeDiscord, THREAD, command_in as command, interaction, resolved,
    start_data as start,
};
use common::{start_discord, temp_dir};
use serde_json::{Value, json};

/// The channel `/start` is used in (the fake's interactions are sent from it).
const CHANNEL: &str = "400000000000000004";
const GM: &str = "11";
const ANN: &str = "21";
const BO: &str = "22";
const CY: &str = "23";

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

#[test]
fn start_posts_the_tables_turn_in_its_new_thread() {
    let fake = FakeDiscord::start(0);
    let dir = temp_dir("discord-start-posts");
    let (server, hub) = common::Start {
        discord: Some(fake.options()),
        ..common::Start::default()
    }
    .run(&dir.join("db.sqlite"));
    common::discord::start_table(
        &fake,
        &server.base,
        GM,
        CHANNEL,
        "duel",
        &[(ANN, "Ann"), (BO, "Bo")],
    );
    // Nothing is posted before the table moves.
    assert!(fake.messages(THREAD).is_empty());
    let binding = common::discord::binding_of(&hub, THREAD);
    for (seat, action) in [(0, "strike"), (1, "focus")] {
        let body = json!({ "action": action, "as": seat }).to_string();
        let path = format!("/api/tables/{}/act", binding.table);
        let answer = common::post(&server.base, &path, Some(&binding.gm_token), &body);
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    // The turn's summary and who acts now, in the thread /start made, with the players /start
    // named mentioned: the hook /start registered, and the users it bound.
    let messages = fake.wait_for_messages(THREAD, |m| m.len() >= 2);
    assert_eq!(messages.len(), 2, "{messages:#?}");
    assert!(
        messages[0].content.starts_with("Duel: the turn is over.\n"),
        "{}",
        messages[0].content
    );
    assert!(messages[0].file.is_some(), "the map is attached");
    assert!(
        messages[1]
            .content
            .ends_with(&format!("Your turn: <@{ANN}> <@{BO}>")),
        "{}",
        messages[1].content
    );
    assert_eq!(messages[1].users, [ANN, BO]);
    // Posted by the bot, in no other channel.
    let posts: Vec<_> = fake
        .calls()
        .into_iter()
        .filter(|c| c.path.ends_with("/messages"))
        .collect();
    assert!(
        posts
            .iter()
            .all(|c| c.path == format!("/api/v10/channels/{THREAD}/messages")
                && c.authorization == format!("Bot {BOT_TOKEN}")),
        "{posts:#?}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn two_game_masters_racing_start_in_one_channel_each_get_a_table_and_a_thread() {
    let fake = FakeDiscord::start(0);
    let dir = temp_dir("discord-start-race");
    let (server, hub) = common::Start {
        discord: Some(fake.options()),
        ..common::Start::default()
    }
    .run(&dir.join("db.sqlite"));
    let gms = [(GM, "token-start-a"), ("12", "token-start-b")];
    let barrier = std::sync::Barrier::new(gms.len());
    std::thread::scope(|scope| {
        for (gm, token) in gms {
            let (fake, base, barrier) = (&fake, &server.base, &barrier);
            scope.spawn(move || {
                let mut body =
                    interaction(2, gm, token, start("duel", &[(ANN, "Ann"), (BO, "Bo")]));
                body["channel_id"] = json!(CHANNEL);
                barrier.wait();
                let answer = fake.send(base, &body);
                assert_eq!(answer.json(), json!({ "type": 5, "data": { "flags": 0 } }));
            });
        }
    });
    // Two threads made, and each game master's answer completed with their own.
    let calls = fake.wait_for(4);
    assert_eq!(calls.len(), 4, "{calls:#?}");
    let threads: Vec<_> = calls
        .iter()
        .filter(|c| c.path.ends_with("/threads"))
        .collect();
    assert_eq!(threads.len(), 2, "{calls:#?}");
    let mut tables = Vec::new();
    for (gm, token) in gms {
        let edit = calls
            .iter()
            .find(|c| c.path.contains(&format!("/{token}/")))
            .unwrap_or_else(|| panic!("{token}: {calls:#?}"));
        let content = edit.json()["content"].as_str().unwrap().to_owned();
        assert!(
            content.starts_with(&format!("<@{gm}> started Duel")),
            "{content}"
        );
        let thread = content
            .rsplit("<#")
            .next()
            .and_then(|rest| rest.strip_suffix('>'))
            .unwrap_or_else(|| panic!("{content}"))
            .to_owned();
        // The thread named in the answer plays a table of that game master, nobody else's.
        let binding = common::discord::binding_of(&hub, &thread);
        assert_eq!(binding.gm_user, gm);
        tables.push((thread, binding.table));
    }
    assert_ne!(tables[0].0, tables[1].0, "a thread each: {tables:?}");
    assert_ne!(tables[0].1, tables[1].1, "a table each: {tables:?}");
    let mut made: Vec<String> = (0..2).map(common::discord::thread_id).collect();
    let mut named: Vec<String> = tables.iter().map(|(t, _)| t.clone()).collect();
    made.sort();
    named.sort();
    assert_eq!(named, made, "every thread made is bound: nothing half-made");
    let _ = std::fs::remove_dir_all(dir);
}
