//! The players' commands in Discord, as Discord sends them (the fake of `common/discord.rs`
//! signs each interaction): a duel between two users from `/start` to the result posted in
//! its thread, played with `/act` and its autocomplete; `/me` and its buttons; and every
//! refusal (a user bound to no seat, a thread without a table, a bad action, another's
//! button), which changes nothing. Each test costs one server and a fake on loopback, about a
//! second of a core.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::discord::FakeDiscord;
use common::players::{ANN, BO, CHANNEL, DEE, Discord, assert_documented, choices, fixture, said};
use common::{start_discord, temp_dir};

/// The duel's public record (the thread's posts) and both players' views, to see that a
/// refusal changed nothing.
fn state(discord: &Discord<'_>) -> (Vec<String>, String, String) {
    (
        discord.posts(),
        said(&discord.me(ANN)).0,
        said(&discord.me(BO)).0,
    )
}

#[test]
fn two_users_play_a_duel_to_its_end_in_the_thread() {
    let fake = FakeDiscord::start(0);
    let dir = temp_dir("discord-duel");
    let server = start_discord(&dir.join("db.sqlite"), fake.options());
    let discord = Discord::start(&fake, &server.base, "duel", &[(ANN, "Ann"), (BO, "Bo")]);

    // Autocomplete offers a player their own legal actions, filtered by what they type.
    assert_eq!(choices(&discord.typing(ANN, "")), ["strike", "focus"]);
    assert_eq!(choices(&discord.typing(ANN, "FO")), ["focus"]);
    assert_eq!(
        choices(&discord.typing(ANN, "parry")),
        ["\u{2026} none of your actions reads 'parry'"]
    );

    // Rounds until the duel is over: both strike (the dice decide; a push is rolled again).
    let mut rounds = 0;
    loop {
        rounds += 1;
        assert!(rounds < 40, "{:?}", discord.posts());
        let (text, ephemeral) = said(&discord.act(ANN, "strike"));
        assert!(ephemeral, "{text}");
        assert_eq!(text, "Ann played: strike");
        // Ann has chosen: she has nothing to play until Bo has.
        assert_eq!(
            choices(&discord.typing(ANN, "")),
            ["\u{2026} Ann has nothing to play now"]
        );
        let (text, ephemeral) = said(&discord.act(BO, "Strike"));
        assert!(ephemeral);
        assert_eq!(text, "Bo played: strike");
        // The round's result is posted in the thread by the outbox.
        let over = |m: &[common::discord::Message]| {
            m.iter()
                .filter(|m| m.content.contains("the turn is over"))
                .count()
        };
        let posted = fake.wait_for_messages(&discord.thread, |m| over(m) >= rounds);
        assert_eq!(over(&posted), rounds, "{posted:?}");
        if choices(&discord.typing(ANN, "")) == ["\u{2026} Ann has nothing to play now"] {
            break;
        }
    }
    discord.wait_for_post("Duel is over");
    let posts = discord.posts();
    let over = posts.iter().find(|p| p.contains("Duel is over")).unwrap();
    assert!(
        over.contains("Ann won") || over.contains("Bo won"),
        "{over}"
    );
    // Nothing is posted twice (the outbox's nonces).
    let mut seen = std::collections::BTreeSet::new();
    for post in &posts {
        assert!(
            seen.insert(post.clone()) || !post.contains("Duel is over"),
            "{post}"
        );
    }
    // The game is over: nothing more to play, and an act is refused.
    assert_eq!(
        choices(&discord.typing(BO, "")),
        ["\u{2026} Bo has nothing to play now"]
    );
    let (text, ephemeral) = said(&discord.act(BO, "strike"));
    assert!(
        ephemeral && text.starts_with("'strike' was not played: "),
        "{text}"
    );
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn every_refusal_is_the_sender_s_alone_and_changes_nothing() {
    let fake = FakeDiscord::start(0);
    let dir = temp_dir("discord-play-refusals");
    let server = start_discord(&dir.join("db.sqlite"), fake.options());
    let discord = Discord::start(&fake, &server.base, "duel", &[(ANN, "Ann"), (BO, "Bo")]);
    let before = state(&discord);

    // A user bound to no seat: every command, the autocomplete, a button, the modal.
    let (text, ephemeral) = said(&discord.act(DEE, "strike"));
    assert!(ephemeral);
    assert!(text.starts_with("you play no seat at this table"), "{text}");
    for answer in [
        discord.me(DEE),
        discord.orders(DEE),
        discord.press(DEE, DEE, "pbp:me:ready"),
        discord.submit_orders(DEE, "strike"),
    ] {
        let (text, ephemeral) = said(&answer);
        assert!(
            ephemeral && text.starts_with("you play no seat at this table"),
            "{text}"
        );
    }
    let offered = choices(&discord.typing(DEE, "st"));
    assert_eq!(offered.len(), 1);
    assert!(
        offered[0].starts_with("\u{2026} you play no seat"),
        "{offered:?}"
    );

    // A channel where no table is played.
    let (text, ephemeral) = said(&discord.send_in(
        CHANNEL,
        2,
        ANN,
        common::players::slash("me", serde_json::json!([])),
    ));
    assert!(ephemeral);
    assert_eq!(text, "no table is played here: use this in a game's thread");

    // Text that is no action, an empty action, a note chosen as an action.
    for bad in [
        "parry",
        "   ",
        "\u{2026} and 3 more: type more words to narrow",
    ] {
        let (text, ephemeral) = said(&discord.act(ANN, bad));
        assert!(ephemeral, "{text}");
        assert!(!text.starts_with("Ann played"), "{text}");
    }
    let (text, _) = said(&discord.act(ANN, "parry"));
    assert!(text.starts_with("'parry' was not played: "), "{text}");

    // Another player's button: refused, for refresh and ready alike.
    for id in ["pbp:me:refresh", "pbp:me:ready"] {
        let (text, ephemeral) = said(&discord.press(BO, ANN, id));
        assert!(ephemeral);
        assert_eq!(text, "this view is another player's: /me shows yours");
    }
    // Ready without a draft: refused in words.
    let (text, ephemeral) = said(&discord.press(ANN, ANN, "pbp:me:ready"));
    assert!(ephemeral);
    assert_eq!(
        text,
        "nothing marked: Ann has no draft to mark: save one first"
    );
    assert_eq!(state(&discord), before);
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn me_shows_a_player_their_own_view_with_buttons() {
    let fake = FakeDiscord::start(0);
    let dir = temp_dir("discord-me");
    let server = start_discord(&dir.join("db.sqlite"), fake.options());
    let discord = Discord::start(&fake, &server.base, "duel", &[(ANN, "Ann"), (BO, "Bo")]);
    let shown = discord.me(ANN);
    let (text, ephemeral) = said(&shown);
    assert!(ephemeral);
    assert!(
        text.starts_with("**Ann**, your view of Duel (only you see it):\n```\n"),
        "{text}"
    );
    assert!(
        text.ends_with("No draft saved: /orders writes one, or /act plays an action now."),
        "{text}"
    );
    let buttons: Vec<&str> = shown["data"]["components"][0]["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["custom_id"].as_str().unwrap())
        .collect();
    assert_eq!(buttons, ["pbp:me:refresh", "pbp:me:ready"]);

    let bo_before = said(&discord.me(BO)).0;
    // A draft through the modal, then marked ready by the button: the message is updated.
    let modal = discord.orders(ANN);
    assert_eq!(modal["type"], 9, "{modal}");
    let input = &modal["data"]["components"][0]["components"][0];
    assert_eq!(
        (input["style"].as_u64(), input["max_length"].as_u64()),
        (Some(2), Some(4000))
    );
    assert!(input.get("value").is_none(), "{input}");
    let (text, ephemeral) = said(&discord.submit_orders(ANN, "focus"));
    assert!(ephemeral);
    assert!(
        text.starts_with("Saved as Ann's draft") && text.ends_with("Read as:\nfocus"),
        "{text}"
    );
    // The modal opens again with the draft.
    assert_eq!(
        discord.orders(ANN)["data"]["components"][0]["components"][0]["value"],
        "focus"
    );
    let refreshed = discord.press(ANN, ANN, "pbp:me:refresh");
    assert_eq!(refreshed["type"], 7);
    assert!(
        said(&refreshed)
            .0
            .ends_with("Your draft, not marked ready:\nfocus")
    );
    let marked = discord.press(ANN, ANN, "pbp:me:ready");
    assert_eq!(marked["type"], 7);
    let (text, _) = said(&marked);
    assert!(text.starts_with("Marked ready.\n\n**Ann**"), "{text}");
    assert!(
        text.ends_with("Your orders, marked ready:\nfocus"),
        "{text}"
    );
    assert_eq!(
        marked["data"]["components"][0]["components"][1]["custom_id"],
        "pbp:me:not-ready"
    );
    // Bo's view is what it was before Ann's draft and mark.
    assert_eq!(said(&discord.me(BO)).0, bo_before);
    // Bo's draft and mark resolve the round: both stances are public then.
    said(&discord.submit_orders(BO, "strike"));
    let (text, _) = said(&discord.press(BO, BO, "pbp:me:ready"));
    assert!(
        text.starts_with("Marked ready: every player was ready, so the turn resolved."),
        "{text}"
    );
    discord.wait_for_post("the turn is over");
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_players_answers_have_discord_s_documented_shapes() {
    // The interactions of buttons and modals, as Discord documents them, are read.
    let read = |name: &str| {
        pbp_server::discord::interaction::parse_interaction(fixture(name).to_string().as_bytes())
            .unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    let pressed = read("interaction_component");
    assert_eq!(pressed.data.unwrap().custom_id.as_deref(), Some("accept"));
    assert_eq!(
        pressed.message.unwrap()["interaction_metadata"]["user"]["id"],
        "1210000000000000001"
    );
    let sent = read("interaction_modal_submit");
    let data = sent.data.unwrap();
    assert_eq!(data.custom_id.as_deref(), Some("feedback"));
    assert_eq!(
        data.components[0]["components"][0]["value"],
        "[b]No orders.[/b]"
    );

    // pbp's answers have the shapes of Discord's examples.
    let fake = FakeDiscord::start(0);
    let dir = temp_dir("discord-play-shapes");
    let server = start_discord(&dir.join("db.sqlite"), fake.options());
    let discord = Discord::start(&fake, &server.base, "duel", &[(ANN, "Ann"), (BO, "Bo")]);
    assert_documented(&discord.typing(ANN, "s"), "response_autocomplete");
    assert_documented(&discord.typing(DEE, "s"), "response_autocomplete");
    assert_documented(&discord.me(ANN), "response_buttons");
    assert_documented(&discord.orders(ANN), "response_modal");
    assert_documented(&discord.submit_orders(ANN, "focus"), "response_message");
    assert_documented(&discord.orders(ANN), "response_modal");
    assert_documented(
        &discord.press(ANN, ANN, "pbp:me:refresh"),
        "response_update",
    );
    assert_documented(&discord.press(ANN, ANN, "pbp:me:ready"), "response_update");
    assert_documented(&discord.press(BO, ANN, "pbp:me:ready"), "response_message");
    assert_documented(&discord.act(BO, "strike"), "response_message");
    assert_documented(&discord.act(DEE, "strike"), "response_message");
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}
