//! `/status`, `/map` and `/export` in a table's thread, against the fake of
//! `common/discord.rs`: anyone gets the public status in words and the public picture as a PNG
//! attached to the completed answer; the game master alone gets the save, in a reply only they
//! see; anyone else asking for it, and every command outside a table's thread, is refused in
//! words only its author sees, and nothing is sent to Discord.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::discord::{APPLICATION, FakeDiscord, THREAD, binding_of, command_in, start_table};
use common::{Start, agent, temp_dir};
use serde_json::{Value, json};

const CHANNEL: &str = "400000000000000004";
const GM: &str = "11";
const ANN: &str = "21";
const BO: &str = "22";
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// An answer shown at once: its text, and whether only its author sees it.
fn said(answer: &Value) -> (String, bool) {
    assert_eq!(answer["type"], 4, "{answer}");
    let data = &answer["data"];
    let ephemeral = data["flags"].as_u64().unwrap_or(0) & 64 != 0;
    assert_eq!(data["allowed_mentions"], json!({ "parse": [] }), "{answer}");
    (data["content"].as_str().unwrap().to_owned(), ephemeral)
}

#[test]
fn status_map_and_export_in_a_tables_thread() {
    let fake = FakeDiscord::start(0);
    let dir = temp_dir("discord-public");
    let (server, hub) = Start {
        discord: Some(fake.options()),
        ..Start::default()
    }
    .run(&dir.join("db.sqlite"));
    let base = &server.base;
    let send = |user: &str, channel: &str, name: &str| {
        let answer = fake.send(base, &command_in(user, channel, name, json!([])));
        assert_eq!(answer.status, 200, "{}", answer.body);
        answer.json()
    };

    // Outside a table's thread, each is refused to its author alone.
    for name in ["status", "map", "export"] {
        let (text, ephemeral) = said(&send(ANN, CHANNEL, name));
        assert!(ephemeral, "{text}");
        assert_eq!(
            text,
            format!("no table is played here: use /{name} in a game's thread")
        );
    }
    assert!(fake.calls().is_empty());

    start_table(
        &fake,
        base,
        GM,
        CHANNEL,
        "duel",
        &[(ANN, "Ann"), (BO, "Bo")],
    );
    let binding = binding_of(&hub, THREAD);
    let table = binding.table.clone();
    let calls_after_start = fake.calls().len();

    // /status: public, in words, players by name.
    let (text, ephemeral) = said(&send(BO, THREAD, "status"));
    assert!(!ephemeral, "{text}");
    assert_eq!(
        text,
        "**Duel**, step 0\nAnn and Bo to act.\nStill to send orders: Ann and Bo.\nNo deadline."
    );
    // Ann's orders marked ready, and a deadline: the status follows.
    let path = format!("/api/tables/{table}/draft");
    let body = json!({ "action": "strike", "as": 0 }).to_string();
    let drafted = common::post(base, &path, Some(&binding.gm_token), &body);
    assert_eq!(drafted.status, 200, "{}", drafted.body);
    let path = format!("/api/tables/{table}/ready");
    let ready = common::post(
        base,
        &path,
        Some(&binding.gm_token),
        &json!({ "ready": true, "as": 0 }).to_string(),
    );
    assert_eq!(ready.status, 200, "{}", ready.body);
    let deadline = send_deadline(&fake, base);
    let (text, _) = said(&send(ANN, THREAD, "status"));
    assert_eq!(
        text,
        format!(
            "**Duel**, step 0\nAnn and Bo to act.\nStill to send orders: Bo.\nReady: Ann.\n\
             Deadline: <t:{deadline}:F> (<t:{deadline}:R>)."
        )
    );
    // The draft is not shown: only who is still to send orders.
    assert!(!text.contains("strike"), "{text}");

    // /map: deferred publicly, then the public picture attached to the original response.
    assert_eq!(
        send(ANN, THREAD, "map"),
        json!({ "type": 5, "data": { "flags": 0 } })
    );
    let calls = fake.wait_for(calls_after_start + 1);
    assert_eq!(calls.len(), calls_after_start + 1, "{calls:#?}");
    let edit = calls.last().unwrap();
    assert_eq!(edit.method, "PATCH");
    assert_eq!(
        edit.path,
        format!("/api/v10/webhooks/{APPLICATION}/token-map/messages/@original")
    );
    let (payload, (name, content_type, png)) = edit.with_file();
    assert_eq!(name, "table.png");
    assert_eq!(content_type, "image/png");
    assert!(png.starts_with(PNG_SIGNATURE));
    let mut public = agent()
        .get(format!("{base}/api/tables/{table}/view?format=png"))
        .call()
        .unwrap();
    assert_eq!(
        png,
        public.body_mut().read_to_vec().unwrap(),
        "the public's picture"
    );
    assert_eq!(payload["content"], "**Duel**, step 0, as everyone sees it");
    assert_eq!(payload["attachments"][0]["id"], 0);
    assert_eq!(payload["attachments"][0]["filename"], "table.png");
    assert!(payload.get("flags").is_none(), "{payload}");

    // /export by a player: refused, to them alone, and nothing is sent.
    let before = fake.calls().len();
    let (text, ephemeral) = said(&send(ANN, THREAD, "export"));
    assert!(ephemeral, "{text}");
    assert_eq!(
        text,
        format!(
            "only the table's game master, <@{GM}>, may export its save: it holds every \
             player's secrets"
        )
    );
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(fake.calls().len(), before, "nothing sent for a refusal");

    // /export by the game master: deferred to them alone, then the save attached there.
    assert_eq!(
        send(GM, THREAD, "export"),
        json!({ "type": 5, "data": { "flags": 64 } })
    );
    let calls = fake.wait_for(before + 1);
    assert_eq!(calls.len(), before + 1, "{calls:#?}");
    let edit = calls.last().unwrap();
    assert_eq!(
        edit.path,
        format!("/api/v10/webhooks/{APPLICATION}/token-export/messages/@original")
    );
    let (payload, (name, content_type, save)) = edit.with_file();
    assert_eq!(payload["flags"], 64, "only the game master sees it");
    assert_eq!(name, format!("pbp-{table}.json"));
    assert_eq!(content_type, "application/json");
    let record = common::get(
        base,
        &format!("/api/tables/{table}/record"),
        Some(&binding.gm_token),
    );
    assert_eq!(record.status, 200);
    assert_eq!(String::from_utf8(save).unwrap(), record.body, "the save");
    // Nothing of the save ever reached the thread.
    assert!(
        fake.messages(THREAD)
            .iter()
            .all(|m| !m.content.contains("seed"))
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// `/deadline hours:24` by the game master; answers the deadline it set.
fn send_deadline(fake: &FakeDiscord, base: &str) -> u64 {
    let hours = json!([{ "name": "hours", "type": 4, "value": 24 }]);
    let answer = fake
        .send(base, &command_in(GM, THREAD, "deadline", hours))
        .json();
    let (text, _) = said(&answer);
    text.strip_prefix("the turn's deadline is <t:")
        .and_then(|rest| rest.split(':').next())
        .and_then(|at| at.parse().ok())
        .unwrap_or_else(|| panic!("{text}"))
}
