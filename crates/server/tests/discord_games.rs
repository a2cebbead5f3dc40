//! Clan War, Three Kingdoms and Scroll Race in Discord (Warring States is `discord_orders.rs`):
//! each table started with `/start`, its players acting with `/act` (picked from the
//! autocomplete) and seeing their own hand or carrier with `/me`, and the game master playing
//! the game master's part with `/gm` (Clan War's round ended, a Scroll Race player skipped),
//! each checked against the thread's posts. `/gm` is the table's game master's alone: anyone
//! else is refused, nothing changes, and their autocomplete names none of the game master's
//! actions. Each test costs one server and a fake on loopback, about a second of a core.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::discord::FakeDiscord;
use common::players::{ANN, BO, Discord, GM, choices, said, slash};
use common::{start_discord, temp_dir};
use serde_json::{Value, json};

/// Ten Discord users and their names, in seat order.
const USERS: [(&str, &str); 10] = [
    (ANN, "Ann"),
    (BO, "Bo"),
    ("23", "Cy"),
    ("25", "Di"),
    ("26", "Ed"),
    ("27", "Flo"),
    ("28", "Gus"),
    ("29", "Hal"),
    ("30", "Ivy"),
    ("31", "Jo"),
];

/// `/gm`, with `action` or without (the game master's view), by `user`.
fn gm(discord: &Discord<'_>, user: &str, action: Option<&str>) -> Value {
    let options = match action {
        Some(text) => json!([{ "name": "action", "type": 3, "value": text }]),
        None => json!([]),
    };
    discord.send(2, user, slash("gm", options))
}

/// `user` typing `typed` in `/gm`'s action: the choices offered.
fn gm_typing(discord: &Discord<'_>, user: &str, typed: &str) -> Vec<String> {
    choices(&discord.send(
        4,
        user,
        slash(
            "gm",
            json!([{ "name": "action", "type": 3, "value": typed, "focused": true }]),
        ),
    ))
}

/// `user` plays the first of their actions the autocomplete offers for `typed`; answers it.
fn act_first(discord: &Discord<'_>, user: &str, typed: &str) -> String {
    let offered = choices(&discord.typing(user, typed));
    let first = offered[0].clone();
    assert!(!first.starts_with('\u{2026}'), "{offered:?}");
    let (text, ephemeral) = said(&discord.act(user, &first));
    assert!(ephemeral, "{text}");
    assert!(text.ends_with(&format!("played: {first}")), "{text}");
    first
}

#[test]
fn clan_war_round_is_ended_by_the_game_master_with_gm() {
    let fake = FakeDiscord::start(0);
    let dir = temp_dir("discord-clan-war");
    let server = start_discord(&dir.join("db.sqlite"), fake.options());
    let discord = Discord::start(&fake, &server.base, "clan-war", &USERS[..5]);

    // Each player sees their own hand, not another's; the game master sees every hand.
    let ann = said(&discord.me(ANN)).0;
    assert!(
        ann.contains("hand of Ann (Crab)") && !ann.contains("hand of Bo"),
        "{ann}"
    );
    let bo = said(&discord.me(BO)).0;
    assert!(
        bo.contains("hand of Bo (Dragon)") && !bo.contains("hand of Ann"),
        "{bo}"
    );
    let (view, ephemeral) = said(&gm(&discord, GM, None));
    assert!(ephemeral);
    assert!(
        view.contains("hand of Ann") && view.contains("hand of Bo"),
        "{view}"
    );

    // The game master's actions are offered to the game master alone, filtered.
    assert_eq!(gm_typing(&discord, GM, "retire cr"), ["retire Crab"],);
    assert!(gm_typing(&discord, GM, "").contains(&"end round".to_owned()));
    for user in [ANN, "24"] {
        let offered = gm_typing(&discord, user, "");
        assert_eq!(offered.len(), 1, "{offered:?}");
        assert!(
            offered[0].starts_with("\u{2026} only this table's game master, <@11>"),
            "{offered:?}"
        );
        // Refused in words only they see, and nothing played.
        for answer in [
            gm(&discord, user, Some("end round")),
            gm(&discord, user, None),
        ] {
            let (text, ephemeral) = said(&answer);
            assert!(ephemeral);
            assert!(text.starts_with("only this table's game master"), "{text}");
        }
    }
    assert_eq!(said(&discord.me(ANN)).0, ann);
    // A note picked is not played; nor is what is not the game master's.
    let (text, _) = said(&gm(&discord, GM, Some("\u{2026} and 3 more")));
    assert!(text.starts_with("that choice is a note"), "{text}");
    let (text, _) = said(&gm(&discord, GM, Some("attack A6 from B7")));
    assert!(
        text.starts_with("'attack A6 from B7' was not played"),
        "{text}"
    );

    // Every player attacks, picked from their autocomplete; the game master ends the round.
    for (user, _) in &USERS[..5] {
        act_first(&discord, user, "attack");
    }
    let (text, ephemeral) = said(&gm(&discord, GM, Some("end round")));
    assert!(ephemeral);
    assert!(
        text.starts_with("The game master played: end round\n")
            && text.contains("round 1 is scored"),
        "{text}"
    );
    // The thread is told: the round's battles and scores, the map attached, no hand in it.
    let messages = fake.wait_for_messages(&discord.thread, |m| {
        m.iter().any(|m| m.content.contains("round 1 is scored"))
            && m.iter().any(|m| m.file.is_some())
    });
    let post = messages
        .iter()
        .find(|m| m.content.contains("round 1 is scored"))
        .unwrap();
    assert!(
        post.content
            .starts_with("Clan War: the turn is over.\n**Clan War: the end of round 1**"),
        "{}",
        post.content
    );
    assert!(
        post.content.contains("- battle 1: Ann (Crab) attacks"),
        "{}",
        post.content
    );
    assert!(messages.iter().any(|m| {
        m.file
            .as_ref()
            .is_some_and(|(name, _)| name.ends_with(".png"))
    }));
    for card in hand(&ann).iter().chain(&hand(&bo)) {
        assert!(
            messages.iter().all(|m| !m.content.contains(card.as_str())),
            "{card}"
        );
    }
    // Round 2: the players may attack again.
    assert!(choices(&discord.typing(ANN, "attack"))[0].starts_with("attack "));
}

/// The cards of the hand a Clan War view shows ("  49 Ring of Earth (Earth): ..."), by name.
fn hand(view: &str) -> Vec<String> {
    let lines: Vec<&str> = view.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("hand of "))
        .unwrap();
    let cards: Vec<String> = lines[at + 1..]
        .iter()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| {
            let (_, named) = l.trim().split_once(' ')?;
            Some(named.split(" (").next()?.to_owned())
        })
        .collect();
    assert!(!cards.is_empty(), "{view}");
    cards
}

/// The hand of `player` in a Three Kingdoms view ("  hand: Dian Wei (36), ..."), if shown.
fn kingdoms_hand(view: &str, player: &str) -> Option<String> {
    let lines: Vec<&str> = view.lines().collect();
    let at = lines.iter().position(|l| l.starts_with(player))?;
    lines[at + 1..]
        .iter()
        .take_while(|l| l.starts_with("  "))
        .find_map(|l| l.trim().strip_prefix("hand: ").map(str::to_owned))
}

#[test]
fn three_kingdoms_hands_are_their_owners_own() {
    let fake = FakeDiscord::start(0);
    let dir = temp_dir("discord-three-kingdoms");
    let server = start_discord(&dir.join("db.sqlite"), fake.options());
    let discord = Discord::start(&fake, &server.base, "three-kingdoms", &USERS[..2]);
    let ann = said(&discord.me(ANN)).0;
    let bo = said(&discord.me(BO)).0;
    let ann_hand = kingdoms_hand(&ann, "Ann (Wei)").unwrap();
    let bo_hand = kingdoms_hand(&bo, "Bo (Shu)").unwrap();
    assert_eq!(kingdoms_hand(&ann, "Bo (Shu)"), None, "{ann}");
    assert_eq!(kingdoms_hand(&bo, "Ann (Wei)"), None, "{bo}");
    let (view, _) = said(&gm(&discord, GM, None));
    assert!(
        view.contains(&ann_hand) && view.contains(&bo_hand),
        "{view}"
    );

    // Whoever begins (the seed decides) ends their preparation; the thread is told, and the
    // other player's hand is in no post.
    let (first, second, name) = if choices(&discord.typing(ANN, ""))[0].starts_with('\u{2026}') {
        (BO, ANN, "Bo (Shu)")
    } else {
        (ANN, BO, "Ann (Wei)")
    };
    assert!(choices(&discord.typing(second, ""))[0].ends_with("has nothing to play now"));
    // Their phases end one after another until the other player may act.
    let mut phases = 0;
    while choices(&discord.typing(second, ""))[0].starts_with('\u{2026}') {
        phases += 1;
        assert!(phases < 10, "{:?}", choices(&discord.typing(first, "")));
        assert_eq!(act_first(&discord, first, "end"), "end");
    }
    let posts = discord.wait_for_post("the turn is over");
    assert!(
        posts[0].starts_with("Three Kingdoms: the turn is over."),
        "{posts:?}"
    );
    assert!(posts.iter().any(|p| p.contains(name)), "{posts:?}");
    for post in &posts {
        assert!(
            !post.contains(&ann_hand) && !post.contains(&bo_hand),
            "{post}"
        );
    }
}

#[test]
fn scroll_race_carriers_are_their_teams_own() {
    let fake = FakeDiscord::start(0);
    let dir = temp_dir("discord-scroll-race");
    let server = start_discord(&dir.join("db.sqlite"), fake.options());
    let discord = Discord::start(&fake, &server.base, "scroll-race", &USERS);
    // Nothing is the game master's to play before the carriers are chosen.
    assert_eq!(
        gm_typing(&discord, GM, ""),
        ["\u{2026} the game master has nothing to play now"]
    );
    // Red's Ann picks Bo as Red's carrier, Blue's Flo picks herself.
    assert_eq!(act_first(&discord, ANN, "carrier bo"), "carrier Bo");
    assert_eq!(act_first(&discord, "27", "carrier flo"), "carrier Flo");
    // Each team sees its own carrier, not the other's; the game master sees both.
    let red = said(&discord.me(BO)).0;
    assert!(
        red.contains("Red scroll: carried by Bo") && red.contains("Blue scroll: carrier unknown"),
        "{red}"
    );
    let blue = said(&discord.me("28")).0;
    assert!(
        blue.contains("Red scroll: carrier unknown")
            && blue.contains("Blue scroll: carried by Flo"),
        "{blue}"
    );
    let (view, _) = said(&gm(&discord, GM, None));
    assert!(
        view.contains("Red scroll: carried by Bo") && view.contains("Blue scroll: carried by Flo"),
        "{view}"
    );
    // The game master has a ruling to make, offered to them alone: the player to play is
    // skipped, and the thread is told (the carriers chosen, not who they are).
    assert!(gm_typing(&discord, BO, "sk")[0].starts_with("\u{2026} only this table's game master"));
    assert_eq!(gm_typing(&discord, GM, "sk"), ["gm skip"]);
    let (text, ephemeral) = said(&gm(&discord, GM, Some("gm skip")));
    assert!(
        ephemeral && text.starts_with("The game master played: gm skip"),
        "{text}"
    );
    let posts = discord.wait_for_post("Blue made its carrier decision");
    assert!(
        posts[0].starts_with("Scroll Race: the turn is over."),
        "{posts:?}"
    );
    for post in &posts {
        assert!(!post.contains("carried by"), "{post}");
    }
}
