//! The Discord secrecy twins with a real hidden thing: two Scroll Race tables from the same
//! seed, bound to two threads, where Red chooses a different carrier (Red-2 in one, Red-3 in
//! the other) and everything else is done alike (Blue's carrier, the game master's skip
//! with `/gm`). A Blue player's every answer (`/me`, the autocomplete, a refusal, the modal),
//! a stranger's, and every post of the two threads are byte for byte the same in both (the
//! history chain's head masked: it covers the twins' secrets); a Red player's own view differs
//! (or the twins would prove nothing). Costs one server and one fake on loopback, about a
//! second of a core.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::discord::FakeDiscord;
use common::players::{ANN, DEE, Discord, GM, slash, twins};
use common::temp_dir;
use serde_json::{Value, json};

/// The ten users, in seat order: Red is seats 1 to 5 (Ann first), Blue seats 6 to 10.
const USERS: [&str; 10] = [ANN, "22", "23", "25", "26", "27", "28", "29", "30", "31"];
/// A Blue player (seat 7), who must learn nothing of Red's carrier.
const BLUE: &str = "28";

/// Text with the history chain's heads masked.
fn masked(text: &str) -> String {
    pbp_core::engine::chain::mask_heads(text)
}

/// What the Blue player and a user bound to no seat get from their commands, in order.
fn others_see(discord: &Discord<'_>) -> Vec<String> {
    [
        discord.me(BLUE),
        discord.typing(BLUE, ""),
        discord.typing(BLUE, "carrier"),
        discord.act(BLUE, "carrier Blue-2"),
        discord.press(BLUE, BLUE, "pbp:me:refresh"),
        discord.orders(BLUE),
        discord.send(
            4,
            BLUE,
            slash(
                "gm",
                json!([{ "name": "action", "type": 3, "value": "", "focused": true }]),
            ),
        ),
        discord.send(2, BLUE, slash("gm", json!([]))),
        discord.me(DEE),
        discord.typing(DEE, "carrier"),
    ]
    .iter()
    .map(|answer: &Value| masked(&answer.to_string()))
    .collect()
}

#[test]
fn blue_and_the_threads_see_the_same_whoever_carries_reds_scroll() {
    let fake = FakeDiscord::start(0);
    let dir = temp_dir("discord-carrier-twins");
    let (server, _hub, twins) = twins(&fake, &dir, "scroll-race", &USERS, 3600);
    let before = [&twins[0], &twins[1]].map(others_see);
    assert_eq!(before[0], before[1]);
    // The hidden thing: Red's carrier, chosen by Ann. Blue's is the same in both.
    for (discord, carrier) in twins.iter().zip(["carrier Red-2", "carrier Red-3"]) {
        let answer = discord.act(ANN, carrier);
        assert_eq!(
            answer["data"]["content"],
            format!("Red-1 (Red) played: {carrier}"),
        );
        let answer = discord.act("27", "carrier Blue-1");
        assert_eq!(
            answer["data"]["content"],
            "Blue-1 (Blue) played: carrier Blue-1"
        );
    }
    let red: Vec<String> = twins
        .iter()
        .map(|d| d.me(ANN)["data"]["content"].as_str().unwrap().to_owned())
        .collect();
    assert!(
        red[0].contains("Red scroll: carried by Red-2"),
        "{}",
        red[0]
    );
    assert!(
        red[1].contains("Red scroll: carried by Red-3"),
        "{}",
        red[1]
    );
    let after = [&twins[0], &twins[1]].map(others_see);
    assert_eq!(after[0], after[1]);
    assert!(
        after[0][0].contains("Red scroll: carrier unknown"),
        "{}",
        after[0][0]
    );
    // The game master skips the player to play in both: the threads are told the same.
    for discord in &twins {
        let answer = discord.send(
            2,
            GM,
            slash(
                "gm",
                json!([{ "name": "action", "type": 3, "value": "gm skip" }]),
            ),
        );
        let text = answer["data"]["content"].as_str().unwrap();
        assert!(
            text.starts_with("The game master played: gm skip"),
            "{text}"
        );
    }
    let posts: Vec<Vec<String>> = twins
        .iter()
        .map(|d| {
            d.wait_for_post("Red made its carrier decision")
                .iter()
                .map(|p| masked(p))
                .collect()
        })
        .collect();
    assert!(!posts[0].is_empty(), "{posts:?}");
    assert_eq!(posts[0], posts[1]);
    assert!(
        posts[0].iter().all(|p| !p.contains("carried by")),
        "{posts:?}"
    );
    let last = [&twins[0], &twins[1]].map(others_see);
    assert_eq!(last[0], last[1]);
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}
