//! A Warring States turn in Discord between three users, from `/start` to the resolution
//! posted in the thread: each writes an order sheet in the `/orders` modal as a forum post
//! (BBCode, with chatter around the bolded orders), reads back what was read, marks it ready
//! from `/me`, and the game master closes the turn (the fourth seat's player never came: the
//! table's default, no orders). A sheet that does not read is refused line by line and saves
//! nothing. Costs one server and a fake on loopback, a second or two of a core.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::discord::FakeDiscord;
use common::players::{ANN, BO, CY, Discord, GM, choices, said, slash};
use common::{start_discord, temp_dir};
use serde_json::json;

/// The fourth player, who never plays.
const DI: &str = "25";

#[test]
fn three_users_play_a_warring_states_turn_through_the_orders_modal() {
    let fake = FakeDiscord::start(0);
    let dir = temp_dir("discord-ws-turn");
    let server = start_discord(&dir.join("db.sqlite"), fake.options());
    let discord = Discord::start(
        &fake,
        &server.base,
        "warring-states",
        &[(ANN, "Ann"), (BO, "Bo"), (CY, "Cy"), (DI, "Di")],
    );

    // A sheet that does not read: refused with its line, nothing saved.
    let modal = discord.orders(BO);
    assert_eq!(modal["type"], 9, "{modal}");
    assert_eq!(modal["data"]["title"], "Bo's orders");
    let (text, ephemeral) =
        said(&discord.submit_orders(BO, "[b]20 Rice for Conquest of the Moon.[/b]"));
    assert!(ephemeral);
    assert!(text.starts_with("Nothing was saved: "), "{text}");
    assert!(text.contains("Moon"), "{text}");
    let (text, _) = said(&discord.me(BO));
    assert!(text.contains("No draft saved"), "{text}");

    let mut sheets = Vec::new();
    for (user, name) in [(ANN, "Ann"), (BO, "Bo"), (CY, "Cy")] {
        // One of the player's own sheets, as the autocomplete offers them.
        let offered = choices(&discord.typing(user, "rice"));
        let sheet = offered
            .iter()
            .find(|c| !c.starts_with('\u{2026}'))
            .unwrap_or_else(|| panic!("{offered:?}"))
            .clone();
        // Written as a forum post: chatter around the bolded orders.
        let post = format!("My orders this turn:\n{sheet}\nGood luck, all.");
        let (text, ephemeral) = said(&discord.submit_orders(user, &post));
        assert!(ephemeral);
        assert_eq!(
            text,
            format!(
                "Saved as {name}'s draft, not marked ready yet (/me marks it ready). Read as:\n{sheet}"
            )
        );
        let (text, _) = said(&discord.press(user, user, "pbp:me:ready"));
        assert!(text.starts_with("Marked ready.\n\n"), "{text}");
        sheets.push(sheet);
    }
    // Sealed orders are their owner's: Di's view shows none of them, nor Bo's Ann's.
    let (di, _) = said(&discord.me(DI));
    let (bo, _) = said(&discord.me(BO));
    assert!(!sheets.iter().any(|s| di.contains(s.as_str())), "{di}");
    assert!(
        !bo.contains(sheets[0].as_str()) || sheets[0] == sheets[1],
        "{bo}"
    );
    assert!(
        !discord
            .posts()
            .iter()
            .any(|p| p.contains("the turn is over"))
    );

    // The game master closes the turn: the resolution is posted in the thread.
    let closed = discord.send(2, GM, slash("close", json!([])));
    let (text, ephemeral) = said(&closed);
    assert!(!ephemeral);
    assert_eq!(text, "the game master closed the turn");
    let posts = discord.wait_for_post("the turn is over");
    let over = posts
        .iter()
        .find(|p| p.contains("the turn is over"))
        .unwrap();
    assert!(
        over.starts_with("Warring States: the turn is over."),
        "{over}"
    );
    // The next turn is open: each player's draft is gone.
    let (text, _) = said(&discord.me(ANN));
    assert!(text.contains("No draft saved"), "{text}");
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}
