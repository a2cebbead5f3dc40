//! A secret step's forum dice stay secret (issue 37, part 3): the line "step N: rolled on the
//! forum: ..." and its event are for the seat that acted and the game master, and `verify`
//! still lists every step rolled outside pbp.

// Tests and their helpers unwrap, expect and panic: a failed test is their way to report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;

use serde_json::Value;

mod common;

use common::*;

/// Ten characters with the same talents, the carriers named, everyone passing at rank 2 (the
/// config of docs/rules/scroll-race/rank_2_pass.txt).
fn config() -> String {
    let team = |colour: &str| {
        (1..=5)
            .map(|n| {
                serde_json::json!({"name": format!("{colour}{n}"), "talents": [
                    {"technique": "goken", "rank": 1},
                    {"technique": "katon", "rank": 1},
                    {"technique": "doton", "rank": 1}]})
            })
            .collect::<Vec<_>>()
    };
    serde_json::json!({
        "characters": [team("Red"), team("Blue")],
        "carriers": ["Red1", "Blue1"],
        "free_rank": 2,
    })
    .to_string()
}

#[test]
fn a_secret_pass_rolled_on_the_forum_tells_the_other_team_nothing() {
    let dir = Scratch::new("secret-pass");
    let (save, config_path) = (dir.path("race.json"), dir.path("config.json"));
    fs::write(&config_path, config()).unwrap();
    let out = ok(&[
        "new",
        "scroll-race",
        "--config",
        s(&config_path),
        "--seed",
        "1",
        "--out",
        s(&save),
    ]);
    let commitment = out
        .lines()
        .find_map(|l| l.strip_prefix("dice commitment: "))
        .unwrap()
        .to_owned();
    let file = s(&save);
    ok(&["act", file, "--as", "gm", "place Blue1 f8"]);
    ok(&["act", file, "--as", "gm", "place Blue3 g7"]);
    // A pass sent to the game master by private message, its spotting die rolled on the forum.
    ok(&["act", file, "--as", "Blue1", "pass Blue3", "--dice", "76"]);
    let before_wait = ok(&["show", file, "--as", "Red1"]);
    ok(&["act", file, "--as", "Blue2", "wait"]);
    for viewer in ["Red1", "Red4", "public"] {
        for format in ["text", "bbcode", "svg"] {
            let shown = ok(&["show", file, "--as", viewer, "--format", format]);
            assert!(
                !shown.contains("rolled on the forum"),
                "{viewer} {format}: {shown}"
            );
        }
        let view = json(&["show", file, "--as", viewer, "--format", "json"]);
        assert_eq!(view["outside_dice"], serde_json::json!([]), "{viewer}");
        let log = ok(&["log", file, "--as", viewer]);
        assert!(!log.contains("rolled on the forum"), "{viewer}: {log}");
        // The die itself, as a number of its own (the chain's hash may hold the digits).
        assert!(
            !log.split(|c: char| !c.is_ascii_digit()).any(|n| n == "76"),
            "{viewer}: {log}"
        );
        let events = json(&["log", file, "--as", viewer, "--json"]);
        assert!(
            !events.to_string().contains("outside_dice"),
            "{viewer}: {events}"
        );
    }
    // The other team's show right after the secret pass says nothing of a roll either.
    assert!(
        !before_wait.contains("rolled on the forum"),
        "{before_wait}"
    );
    // The character who passed and the game master see the step's die; the rest of its team
    // sees the pass but not the forum's die (the audience of forum dice is the actor and the
    // game master, whatever the step's events are).
    let teammate = ok(&["show", file, "--as", "Blue5"]);
    assert!(!teammate.contains("rolled on the forum"), "{teammate}");
    for viewer in ["Blue1", "gm"] {
        let shown = ok(&["show", file, "--as", viewer]);
        assert!(
            shown.contains("step 3: rolled on the forum: 76"),
            "{viewer}: {shown}"
        );
        let view: Value = json(&["show", file, "--as", viewer, "--format", "json"]);
        assert_eq!(view["outside_dice"][0]["values"], serde_json::json!([76]));
    }
    // After the reveal, verify lists every step rolled outside pbp.
    ok(&["reveal", file]);
    let verified = ok(&["verify", file, "--commitment", &commitment]);
    assert!(
        verified.contains("step 3 (Blue1 (Blue)): rolled on the forum: 76"),
        "{verified}"
    );
}
