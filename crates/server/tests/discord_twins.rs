//! The Discord secrecy twins: two duels from the same seed, bound to two threads, that differ
//! in one hidden thing (Ann's sealed stance: strike in one, focus in the other), played by the
//! same commands. Bo's every answer (his view, his autocomplete, his refusals, the modal) and
//! every post of the threads (the game master's deadline and the reminder naming the late
//! players) are byte for byte the same in both; Ann's own view differs (or the twins would
//! prove nothing). Costs one server and one fake on loopback, about a second of a core.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::discord::FakeDiscord;
use common::players::{ANN, BO, DEE, Discord, GM, slash, twins};
use common::{start_of_a_second, temp_dir};
use serde_json::{Value, json};

/// An answer as text, the history chain's head masked: it covers the twins' secrets, keyed
/// with the seed and salt, so it differs between them and tells an outsider nothing.
fn masked(answer: &Value) -> String {
    pbp_core::engine::chain::mask_heads(&answer.to_string())
}

/// What Bo (and a user bound to no seat) gets from every players' command, in order.
fn others_see(discord: &Discord<'_>) -> Vec<Value> {
    vec![
        discord.me(BO),
        discord.typing(BO, ""),
        discord.typing(BO, "fo"),
        discord.typing(BO, "zz"),
        discord.act(BO, "parry"),
        discord.press(BO, ANN, "pbp:me:refresh"),
        discord.press(BO, BO, "pbp:me:ready"),
        discord.press(BO, BO, "pbp:me:refresh"),
        discord.orders(BO),
        discord.submit_orders(BO, "parry"),
        discord.me(DEE),
        discord.typing(DEE, "st"),
        discord.act(DEE, "strike"),
    ]
}

#[test]
fn bo_and_the_thread_see_the_same_whatever_ann_sealed() {
    let fake = FakeDiscord::start(0);
    let dir = temp_dir("discord-twins");
    // Reminders two hours before a deadline: the game master's one-hour deadline reminds at
    // once.
    let (server, _hub, twins) = twins(&fake, &dir, "duel", &[ANN, BO], 7200);
    // The hidden thing: Ann's sealed stance.
    for (discord, stance) in twins.iter().zip(["strike", "focus"]) {
        let answer = discord.act(ANN, stance);
        assert_eq!(
            answer["data"]["content"],
            format!("Player 1 played: {stance}")
        );
    }
    assert_ne!(
        twins[0].me(ANN),
        twins[1].me(ANN),
        "Ann sees her own stance"
    );
    // Bo and a stranger see the same in both.
    let [a, b] = [&twins[0], &twins[1]].map(others_see);
    for (one, two) in a.iter().zip(&b) {
        assert_eq!(masked(one), masked(two));
    }
    // The game master sets a one-hour deadline in both in the same second: the answers and
    // the reminders posted in the threads (naming Bo as late) are the same.
    start_of_a_second();
    let hours = json!([{ "name": "hours", "type": 4, "value": 1 }]);
    let answers: Vec<String> = twins
        .iter()
        .map(|d| d.send(2, GM, slash("deadline", hours.clone())).to_string())
        .collect();
    assert_eq!(answers[0], answers[1]);
    let posts: Vec<Vec<String>> = twins.iter().map(|d| d.wait_for_post("deadline")).collect();
    assert!(!posts[0].is_empty(), "{posts:?}");
    assert!(posts[0].iter().any(|p| p.contains("Player 2")), "{posts:?}");
    assert_eq!(posts[0], posts[1]);
    // And Bo's answers are still the same after it.
    let [a, b] = [&twins[0], &twins[1]].map(others_see);
    for (one, two) in a.iter().zip(&b) {
        assert_eq!(masked(one), masked(two));
    }
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}
