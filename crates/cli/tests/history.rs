//! Outside dice marked everywhere they are shown, the history chain that ends every post, and
//! `pbp verify --at`, which fails a save whose earlier actions were edited, reordered or cut.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;

use serde_json::Value;

mod common;

use common::*;

const NOT_VERIFIED: i32 = 12;

/// Recomputes a save's checksum the way pbp does, as a forger could.
fn reseal(save: &mut Value) {
    save["checksum"] = Value::String(pbp_core::engine::erased::checksum(&save["record"]));
}

/// A new duel in `dir`, answering its path and commitment.
fn duel(dir: &Scratch, config: Option<&str>) -> (std::path::PathBuf, String) {
    let save = dir.path("duel.json");
    let mut args = vec!["new", "duel", "--seed", "77", "--out", s(&save)];
    let config_path = dir.path("config.json");
    if let Some(config) = config {
        fs::write(&config_path, config).unwrap();
        args.extend(["--config", s(&config_path)]);
    }
    let out = ok(&args);
    let commitment = out
        .lines()
        .find_map(|l| l.strip_prefix("dice commitment: "))
        .unwrap()
        .to_owned();
    (save, commitment)
}

/// The head a post ends with: `chain at step N: HEAD`.
fn posted_head(post: &str) -> (usize, String) {
    let line = post.lines().last().unwrap();
    let rest = line
        .strip_prefix("chain at step ")
        .unwrap_or_else(|| panic!("the post does not end with the chain: {post}"));
    let (step, head) = rest.split_once(": ").unwrap();
    assert_eq!(head.len(), 12, "{line}");
    (step.parse().unwrap(), head.to_owned())
}

#[test]
fn outside_dice_are_marked_in_every_output_and_listed_by_verify() {
    let dir = Scratch::new("outside");
    let (save, commitment) = duel(&dir, None);
    let file = s(&save);
    ok(&["act", file, "--as", "0", "focus"]);
    let act = ok(&["act", file, "--as", "1", "strike", "--dice", "2,10,4,1,9,9"]);
    assert!(
        act.contains("step 2: rolled on the forum: 2, 10+4, 1, 9, 9"),
        "{act}"
    );
    // Step 2 holds seat 1's sealed stance, a secret of seat 1 until the round is resolved:
    // the step's forum dice are for those who see all of it, seat 1 and the game master.
    let public = ok(&["log", file]);
    assert!(public.contains("14 to 9"), "{public}");
    assert!(!public.contains("rolled on the forum"), "{public}");
    let public_view = json(&["show", file, "--format", "json"]);
    assert_eq!(public_view["outside_dice"], serde_json::json!([]));
    let log = ok(&["log", file, "--as", "1"]);
    assert!(
        log.contains("step 2: rolled on the forum: 2, 10+4, 1, 9, 9"),
        "{log}"
    );
    assert_eq!(posted_head(&log).0, 2);
    assert_eq!(posted_head(&log), posted_head(&public));
    for format in ["text", "bbcode"] {
        let post = ok(&["show", file, "--format", format, "--as", "gm"]);
        assert!(
            post.contains("step 2: rolled on the forum: 2, 10+4, 1, 9, 9"),
            "{format}: {post}"
        );
        assert_eq!(posted_head(&post), posted_head(&log), "{format}");
    }
    let view = json(&["show", file, "--format", "json", "--as", "1"]);
    assert_eq!(view["outside_dice"][0]["step"], 2, "{view}");
    assert_eq!(
        view["outside_dice"][0]["values"],
        serde_json::json!([2, 10, 4, 1, 9, 9])
    );
    assert_eq!(view["chain"]["head"], posted_head(&log).1.as_str());
    let svg = ok(&["show", file, "--format", "svg", "--as", "1"]);
    assert!(svg.contains("<desc>step 2: rolled on the forum"), "{svg}");
    let events = json(&["log", file, "--json", "--as", "gm"]);
    let marks: Vec<&Value> = events
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"].get("outside_dice").is_some())
        .collect();
    assert_eq!(marks.len(), 1);
    assert_eq!(marks[0]["step"], 2);

    let verified = ok(&["verify", file, "--commitment", &commitment]);
    assert!(verified.contains("2 seeded steps"), "{verified}");
    assert!(
        verified.contains("step 2 (Player 2): rolled on the forum: 2, 10+4, 1, 9, 9"),
        "{verified}"
    );
    assert!(
        !verified.contains("every seeded roll of its 2 actions"),
        "{verified}"
    );
    // A game without outside dice says so.
    ok(&["act", file, "--as", "0", "focus"]);
    let other = Scratch::new("outside-none");
    let (seeded, seeded_commitment) = duel(&other, None);
    let none = ok(&["verify", s(&seeded), "--commitment", &seeded_commitment]);
    assert!(
        none.contains("no step used dice rolled outside pbp"),
        "{none}"
    );
}

#[test]
fn verify_at_fails_an_edited_reordered_or_cut_history() {
    let dir = Scratch::new("chain");
    let (save, commitment) = duel(&dir, None);
    let file = s(&save);
    let mut heads = vec![posted_head(&ok(&["log", file]))];
    for (seat, stance) in [
        ("0", "focus"),
        ("1", "strike"),
        ("0", "strike"),
        ("1", "focus"),
    ] {
        ok(&["act", file, "--as", seat, stance]);
        heads.push(posted_head(&ok(&["show", file, "--format", "bbcode"])));
    }
    let at: Vec<String> = heads.iter().map(|(s, h)| format!("{s}:{h}")).collect();
    let mut args = vec!["verify", file, "--commitment", commitment.as_str()];
    for claim in &at {
        args.extend(["--at", claim.as_str()]);
    }
    let out = ok(&args);
    assert!(out.contains("the history up to step 4 matches"), "{out}");

    // The round's seeded roll (step 4) turned into "dice rolled elsewhere" with other values
    // (each face below 10 mirrored, so every die still explodes as before), the checksum
    // recomputed: the save replays, and only the chain (and the forum's posts) tell.
    let original: Value = serde_json::from_str(&fs::read_to_string(&save).unwrap()).unwrap();
    let mut edited = original.clone();
    let entry = &mut edited["record"]["entries"][3];
    entry["source"] = Value::String("outside".into());
    for draw in entry["draws"].as_array_mut().unwrap() {
        let value = draw["value"].as_u64().unwrap();
        if value < 10 {
            draw["value"] = Value::from(10 - value);
        }
    }
    reseal(&mut edited);
    let forged = dir.path("edited.json");
    fs::write(&forged, edited.to_string()).unwrap();
    ok(&["replay", s(&forged)]);
    let message = refused_with(
        NOT_VERIFIED,
        &[
            "verify",
            s(&forged),
            "--commitment",
            &commitment,
            "--at",
            &at[4],
        ],
    );
    assert!(
        message.contains("an action at or before step 4 was edited, reordered or removed"),
        "{message}"
    );
    // Heads before the edit still hold, and verify now lists the step as rolled outside.
    let listed = ok(&[
        "verify",
        s(&forged),
        "--commitment",
        &commitment,
        "--at",
        &at[3],
    ]);
    assert!(
        listed.contains("step 4 (Player 2): rolled on the forum"),
        "{listed}"
    );

    // The last two actions cut.
    let mut cut = original.clone();
    let entries = cut["record"]["entries"].as_array_mut().unwrap();
    entries.truncate(2);
    reseal(&mut cut);
    let short = dir.path("cut.json");
    fs::write(&short, cut.to_string()).unwrap();
    let message = refused_with(
        NOT_VERIFIED,
        &[
            "verify",
            s(&short),
            "--commitment",
            &commitment,
            "--at",
            &at[4],
        ],
    );
    assert!(message.contains("its history was cut"), "{message}");

    // A claim that is not STEP:HEAD is a usage error.
    let out = pbp(&["verify", file, "--commitment", &commitment, "--at", "4"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("is not STEP:HEAD"));
}

#[test]
fn a_seeded_only_game_refuses_outside_dice_and_forged_ones() {
    let dir = Scratch::new("seeded-only");
    let (save, commitment) = duel(&dir, Some(r#"{"dice":"seeded","first_to":2}"#));
    let file = s(&save);
    ok(&["act", file, "--as", "0", "focus"]);
    let before = fs::read_to_string(&save).unwrap();
    let message = refused_with(
        7,
        &["act", file, "--as", "1", "strike", "--dice", "2,10,4,1,9,9"],
    );
    assert!(message.contains("\"dice\": \"seeded\""), "{message}");
    assert_eq!(fs::read_to_string(&save).unwrap(), before);
    ok(&["act", file, "--as", "1", "strike"]);
    let verified = ok(&["verify", file, "--commitment", &commitment]);
    assert!(verified.contains("takes only seeded dice"), "{verified}");
    // The game's own config does not see the key.
    let record: Value = serde_json::from_str(&fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(record["record"]["dice"], "seeded");
    assert!(record["record"]["config"].get("dice").is_none());
    // A step turned into outside dice by hand is refused on load.
    let mut forged = record.clone();
    forged["record"]["entries"][1]["source"] = Value::String("outside".into());
    reseal(&mut forged);
    let path = dir.path("forged.json");
    fs::write(&path, forged.to_string()).unwrap();
    let message = refused_with(9, &["verify", s(&path), "--commitment", &commitment]);
    assert!(message.contains("takes only seeded dice"), "{message}");
    // Outside setup dice are refused as well, and a bad value of the key names it.
    let bad = dir.path("bad.json");
    fs::write(&bad, r#"{"dice":"forum"}"#).unwrap();
    let message = refused_with(
        8,
        &[
            "new",
            "duel",
            "--config",
            s(&bad),
            "--out",
            s(&dir.path("x.json")),
        ],
    );
    assert!(message.contains("\"forum\""), "{message}");
}
