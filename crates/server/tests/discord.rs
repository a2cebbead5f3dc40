//! The Discord venue as Discord uses it, against the fake of `common/discord.rs`: signed
//! interactions to `POST /discord/interactions`, pbp's REST calls recorded, 429s now and then;
//! pbp's answers checked against the documented payload shapes of `tests/discord_fixtures/`.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::time::{SystemTime, UNIX_EPOCH};

use common::discord::{APPLICATION, BOT_TOKEN, FakeDiscord, RETRY_AFTER, interaction, post_signed};
use common::players::{assert_documented, conforms, fixture};
use common::{start_discord, temp_dir};
use serde_json::{Value, json};

fn command(name: &str, options: Value) -> Value {
    json!({ "id": "500000000000000005", "name": name, "type": 1, "options": options })
}

#[test]
fn the_documented_interactions_are_read() {
    for name in [
        "interaction_ping",
        "interaction_command",
        "interaction_autocomplete",
    ] {
        let body = fixture(name).to_string();
        let interaction = pbp_server::discord::interaction::parse_interaction(body.as_bytes())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!interaction.token.is_empty());
    }
    let body = fixture("interaction_command").to_string();
    let command = pbp_server::discord::interaction::parse_interaction(body.as_bytes()).unwrap();
    assert_eq!(command.sender(), Some("1210000000000000001"));
    assert_eq!(
        (command.command(), command.option("dice")),
        ("roll", Some("2k1"))
    );
    let body = fixture("interaction_autocomplete").to_string();
    let typing = pbp_server::discord::interaction::parse_interaction(body.as_bytes()).unwrap();
    assert_eq!(typing.focused(), Some(("against", "3k")));
    // pbp's command definitions have the documented shape of a registration.
    let definitions = pbp_server::discord::commands::definitions();
    if let Err(mismatch) = conforms(&definitions, &fixture("application_commands"), "commands") {
        panic!("{mismatch}");
    }
}

#[test]
fn every_request_is_verified_and_a_ping_is_answered_with_a_pong() {
    let fake = FakeDiscord::start(0);
    let dir = temp_dir("discord-verify");
    let server = start_discord(&dir.join("db.sqlite"), fake.options());
    let ping =
        json!({ "id": "1", "application_id": APPLICATION, "type": 1, "token": "t", "version": 1 });
    let answer = fake.send(&server.base, &ping);
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(answer.content_type.starts_with("application/json"));
    assert_documented(&answer.json(), "response_pong");
    assert_eq!(answer.json(), json!({ "type": 1 }));

    // A roll, sent with a bad signature, a missing one, another body, or a stale timestamp:
    // 401 each time, and nothing rolled.
    let roll = interaction(
        2,
        "11",
        "t",
        command(
            "roll",
            json!([{ "name": "dice", "type": 3, "value": "2k1" }]),
        ),
    );
    let good = fake.sign(&roll);
    let mut flipped = good.signature.clone().into_bytes();
    flipped[10] = if flipped[10] == b'0' { b'1' } else { b'0' };
    let flipped = String::from_utf8(flipped).unwrap();
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let stale = fake.sign_at(&roll, &(now - 6 * 60).to_string());
    let future = fake.sign_at(&roll, &(now + 6 * 60).to_string());
    let forged_body = good.body.replace("2k1", "9k9");
    let refused = [
        (
            Some(flipped.as_str()),
            Some(good.timestamp.as_str()),
            good.body.as_str(),
        ),
        (None, Some(good.timestamp.as_str()), good.body.as_str()),
        (Some(good.signature.as_str()), None, good.body.as_str()),
        (
            Some("not hex"),
            Some(good.timestamp.as_str()),
            good.body.as_str(),
        ),
        (
            Some(good.signature.as_str()),
            Some(good.timestamp.as_str()),
            forged_body.as_str(),
        ),
        (
            Some(stale.signature.as_str()),
            Some(stale.timestamp.as_str()),
            stale.body.as_str(),
        ),
        (
            Some(future.signature.as_str()),
            Some(future.timestamp.as_str()),
            future.body.as_str(),
        ),
    ];
    for (signature, timestamp, body) in refused {
        let answer = post_signed(&server.base, signature, timestamp, body);
        assert_eq!(
            answer.status, 401,
            "{signature:?} {timestamp:?}: {}",
            answer.body
        );
        assert!(!answer.body.contains("rolls"), "{}", answer.body);
    }
    // Four minutes off is within Discord's window.
    let late = fake.sign_at(&roll, &(now - 4 * 60).to_string());
    let answer = post_signed(
        &server.base,
        Some(&late.signature),
        Some(&late.timestamp),
        &late.body,
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(fake.calls().is_empty(), "{:?}", fake.calls());
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_roll_is_public_and_a_mistake_is_shown_to_its_author_alone() {
    let fake = FakeDiscord::start(0);
    let dir = temp_dir("discord-roll");
    let server = start_discord(&dir.join("db.sqlite"), fake.options());
    let send = |user: &str, dice: &str| {
        let body = interaction(
            2,
            user,
            "roll-token",
            command(
                "roll",
                json!([{ "name": "dice", "type": 3, "value": dice }]),
            ),
        );
        let answer = fake.send(&server.base, &body);
        assert_eq!(answer.status, 200, "{}", answer.body);
        answer.json()
    };
    let rolled = send("77", "3k2+1");
    assert_documented(&rolled, "response_message");
    let content = rolled["data"]["content"].as_str().unwrap();
    assert!(content.starts_with("<@77> rolls 3k2+1 = "), "{content}");
    assert_eq!(
        rolled["data"].get("flags"),
        None,
        "a roll is public: {rolled}"
    );
    // The mention names the roller without pinging anyone.
    assert_eq!(rolled["data"]["allowed_mentions"], json!({ "parse": [] }));
    let mistake = send("77", "3x2");
    assert_documented(&mistake, "response_message");
    assert_eq!(mistake["data"]["flags"], json!(64), "{mistake}");
    assert!(
        mistake["data"]["content"]
            .as_str()
            .unwrap()
            .contains("3x2\n   ^"),
        "{mistake}"
    );
    // Another command, another interaction: a word to their author alone.
    let body = interaction(2, "77", "t", command("dance", json!([])));
    let other = fake.send(&server.base, &body).json();
    assert_eq!(other["data"]["flags"], json!(64), "{other}");
    let body = interaction(
        4,
        "77",
        "t",
        command(
            "odds",
            json!([{ "name": "against", "type": 3, "value": "3", "focused": true }]),
        ),
    );
    let choices = fake.send(&server.base, &body).json();
    assert_documented(&choices, "response_autocomplete");
    // An interaction for another application is not this one's to answer.
    let mut foreign = interaction(2, "77", "t", command("roll", json!([])));
    foreign["application_id"] = json!("999");
    let answer = fake.send(&server.base, &foreign);
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert!(fake.calls().is_empty());
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn odds_are_deferred_then_edited_in_and_a_429_is_waited_out() {
    // Every REST call the fake receives is answered 429 the first time: pbp waits its
    // retry_after and tries again.
    let fake = FakeDiscord::start(1);
    let dir = temp_dir("discord-odds");
    let server = start_discord(&dir.join("db.sqlite"), fake.options());
    let body = interaction(
        2,
        "12",
        "odds-token",
        command(
            "odds",
            json!([
                { "name": "dice", "type": 3, "value": "5k3" },
                { "name": "against", "type": 3, "value": "4k2" },
            ]),
        ),
    );
    let answer = fake.send(&server.base, &body);
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_documented(&answer.json(), "response_deferred");
    assert_eq!(answer.json(), json!({ "type": 5, "data": { "flags": 0 } }));
    // busy_every = 1 answers every call 429: pbp gives up after its tries, each after the wait.
    let calls = fake.wait_for(5);
    assert_eq!(calls.len(), 5, "{calls:?}");
    for pair in calls.windows(2) {
        assert!(
            pair[1].at.duration_since(pair[0].at) >= RETRY_AFTER,
            "{calls:?}"
        );
    }
    let call = &calls[0];
    assert_eq!(call.method, "PATCH");
    assert_eq!(
        call.path,
        format!("/api/v10/webhooks/{APPLICATION}/odds-token/messages/@original")
    );
    let edit = call.json();
    if let Err(mismatch) = conforms(&edit, &fixture("edit_original"), "edit") {
        panic!("{mismatch}");
    }
    let content = edit["content"].as_str().unwrap();
    assert!(content.starts_with("5k3 against 4k2"), "{content}");
    assert!(
        content.contains("wins ") && content.contains("loses "),
        "{content}"
    );
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_edit_goes_through_after_an_occasional_429() {
    // Every second call is answered 429: the first edit passes, the second is refused once
    // and then passes after the wait.
    let fake = FakeDiscord::start(2);
    let dir = temp_dir("discord-odds-busy");
    let server = start_discord(&dir.join("db.sqlite"), fake.options());
    for (token, dice) in [("first", "d10"), ("second", "2k1")] {
        let body = interaction(
            2,
            "13",
            token,
            command(
                "odds",
                json!([{ "name": "dice", "type": 3, "value": dice }]),
            ),
        );
        let answer = fake.send(&server.base, &body);
        assert_eq!(answer.json()["type"], json!(5));
        fake.wait_for(if token == "first" { 1 } else { 3 });
    }
    let calls = fake.calls();
    let answered: Vec<(u16, &str)> = calls
        .iter()
        .map(|c| (c.answered, c.path.rsplit('/').nth(2).unwrap_or("")))
        .collect();
    assert_eq!(answered, [(200, "first"), (429, "second"), (200, "second")]);
    assert!(calls[2].at.duration_since(calls[1].at) >= RETRY_AFTER);
    let table = calls[0].json();
    assert!(
        table["content"]
            .as_str()
            .unwrap()
            .starts_with("d10: mean 5.50"),
        "{table}"
    );
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_empty_bucket_is_waited_for_before_its_route_is_called_again() {
    // Every answer is a 429 that also says the route's bucket is empty for 0.8 s, longer than
    // its retry_after: each try waits for the bucket's reset, not only for the retry_after.
    let reset = std::time::Duration::from_millis(800);
    let fake = FakeDiscord::start_with(1, Some(reset));
    let dir = temp_dir("discord-bucket");
    let server = start_discord(&dir.join("db.sqlite"), fake.options());
    let body = interaction(
        2,
        "14",
        "bucket",
        command(
            "odds",
            json!([{ "name": "dice", "type": 3, "value": "d6" }]),
        ),
    );
    let answer = fake.send(&server.base, &body);
    assert_eq!(answer.json()["type"], json!(5));
    let calls = fake.wait_for(3);
    assert!(calls.len() >= 3, "{calls:?}");
    for pair in calls.windows(2) {
        assert!(pair[1].at.duration_since(pair[0].at) >= reset, "{calls:?}");
    }
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn register_sends_the_commands_with_the_bot_token() {
    let fake = FakeDiscord::start(2);
    // Discord answers the commands it now has: all of pbp's.
    let all = pbp_server::discord::commands::definitions()
        .as_array()
        .unwrap()
        .len();
    let count = pbp_server::discord::register(&fake.api, APPLICATION, BOT_TOKEN, None).unwrap();
    assert_eq!(count, all);
    let count = pbp_server::discord::register(
        &fake.api,
        APPLICATION,
        BOT_TOKEN,
        Some("300000000000000003"),
    )
    .unwrap();
    assert_eq!(count, all);
    let calls = fake.calls();
    // The second call was answered 429 and sent again.
    let seen: Vec<(&str, &str, u16)> = calls
        .iter()
        .map(|c| (c.method.as_str(), c.path.as_str(), c.answered))
        .collect();
    let everywhere = format!("/api/v10/applications/{APPLICATION}/commands");
    let guild = format!("/api/v10/applications/{APPLICATION}/guilds/300000000000000003/commands");
    assert_eq!(
        seen,
        [
            ("PUT", everywhere.as_str(), 200),
            ("PUT", guild.as_str(), 429),
            ("PUT", guild.as_str(), 200),
        ]
    );
    for call in &calls {
        assert_eq!(call.authorization, format!("Bot {BOT_TOKEN}"));
        assert_eq!(call.json(), pbp_server::discord::commands::definitions());
    }
}

/// Writes signed interactions of the fake, and one it forged, to the file named by
/// `PBP_DISCORD_SAMPLES`, for `crates/server/e2e/discord-verify.mjs` to check with Discord's own
/// library (`discord-interactions`' `verifyKey`); `.ci/run` runs it.
#[test]
#[ignore = "run by .ci/run with PBP_DISCORD_SAMPLES, before discord-verify.mjs"]
fn discord_signed_samples() {
    let path = std::env::var("PBP_DISCORD_SAMPLES").expect("the file to write");
    let fake = FakeDiscord::start(0);
    let mut lines = Vec::new();
    let bodies = [
        json!({ "id": "1", "application_id": APPLICATION, "type": 1, "token": "t", "version": 1 }),
        interaction(
            2,
            "11",
            "t",
            command(
                "roll",
                json!([{ "name": "dice", "type": 3, "value": "2k1" }]),
            ),
        ),
        interaction(
            2,
            "12",
            "t",
            command(
                "odds",
                json!([{ "name": "dice", "type": 3, "value": "caf\u{e9} 5k3" }]),
            ),
        ),
    ];
    for body in &bodies {
        let signed = fake.sign(body);
        lines.push(json!({
            "public_key": fake.public_key(),
            "timestamp": signed.timestamp,
            "signature": signed.signature,
            "body": signed.body,
            "valid": true,
        }));
        // The same signature over another body: Discord's library must refuse it too.
        lines.push(json!({
            "public_key": fake.public_key(),
            "timestamp": signed.timestamp,
            "signature": signed.signature,
            "body": signed.body.replace("\"t\"", "\"u\""),
            "valid": false,
        }));
    }
    let text: Vec<String> = lines.iter().map(Value::to_string).collect();
    std::fs::write(&path, text.join("\n") + "\n").unwrap();
}
