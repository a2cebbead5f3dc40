//! Saves that many players can trust, through the `pbp` binary: concurrent writers, files that
//! are never clobbered, edited saves refused by every command, the secret seed and its
//! commitment.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use pbp_core::engine::{Commitment, Salt};
use serde_json::Value;

mod common;

use common::*;

/// Exit status of a refusal that is no refusal of the game or the save (docs/CLI.md).
const OTHER: i32 = 1;
/// Exit status of a save that cannot be loaded.
const BAD_SAVE: i32 = 9;
/// Exit status of `--expect-step` on a save at another step.
const STALE: i32 = 11;
/// Exit status of `pbp verify` against another commitment, or a save without one.
const NOT_VERIFIED: i32 = 12;

/// Runs `pbp` and expects a refusal with [`OTHER`] as its exit code; returns the message.
fn refused(args: &[&str]) -> String {
    refused_with(OTHER, args)
}

/// A seed whose digits are most unlikely to appear by chance in any output.
const SEED: &str = "918273645501928374";

/// Starts a duel with [`SEED`] in `dir/NAME` and returns its path and the commitment printed.
fn start(dir: &Scratch, name: &str, config: Option<&str>) -> (PathBuf, String) {
    let save = dir.path(name);
    let mut args = vec!["new", "duel", "--seed", SEED, "--out", s(&save)];
    let config_path = dir.path(&format!("{name}.config"));
    if let Some(config) = config {
        fs::write(&config_path, config).unwrap();
        args.extend(["--config", s(&config_path)]);
    }
    let out = ok(&args);
    assert!(!out.contains(SEED), "pbp new printed the seed: {out}");
    let commitment = out
        .lines()
        .find_map(|line| line.strip_prefix("dice commitment: "))
        .unwrap_or_else(|| panic!("no commitment in {out}"))
        .to_owned();
    assert_eq!(commitment.len(), 64);
    (save, commitment)
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

/// Rewrites a save's record and recomputes its checksum, as a forger would.
fn forge(path: &Path, edit: impl FnOnce(&mut Value)) {
    let mut save = read_json(path);
    edit(&mut save["record"]);
    save["checksum"] = Value::String(pbp_core::engine::erased::checksum(&save["record"]));
    fs::write(path, serde_json::to_string_pretty(&save).unwrap()).unwrap();
}

#[test]
fn many_writers_at_once_lose_no_move() {
    let dir = Scratch::new("concurrent");
    let (save, _) = start(&dir, "game.json", Some(r#"{"first_to": 255}"#));
    let writers = 48;
    let children: Vec<_> = (0..writers)
        .map(|i| {
            let seat = (i % 2).to_string();
            Command::new(env!("CARGO_BIN_EXE_pbp"))
                .args([
                    "act",
                    s(&save),
                    "--as",
                    &seat,
                    "strike",
                    "--json",
                    "--wait",
                    "120",
                ])
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut applied = Vec::new();
    let mut refusals = 0;
    for (i, child) in children.into_iter().enumerate() {
        let out = child.wait_with_output().unwrap();
        if out.status.success() {
            let report: Value = serde_json::from_slice(&out.stdout).unwrap();
            applied.push((report["step"].as_u64().unwrap(), (i % 2) as u64));
        } else {
            // Refused with the game's reason: the seat had chosen already this round.
            let message = text(&out.stderr);
            assert!(message.contains("cannot choose a stance now"), "{message}");
            refusals += 1;
        }
    }
    let record = &read_json(&save)["record"];
    let entries = record["entries"].as_array().unwrap();
    assert_eq!(applied.len() + refusals, writers);
    assert_eq!(
        entries.len(),
        applied.len(),
        "every action reported applied is in the save, and nothing else"
    );
    applied.sort();
    for (n, (step, seat)) in applied.iter().enumerate() {
        assert_eq!(*step, n as u64 + 1, "each step reported once: {applied:?}");
        assert_eq!(entries[n]["actor"]["seat"], *seat, "step {step}");
    }
    assert!(applied.len() >= writers / 2, "{applied:?}");
    ok(&["replay", s(&save)]);
    eprintln!(
        "{writers} concurrent writers: {} applied, {refusals} refused, {} in the save",
        applied.len(),
        entries.len()
    );
}

#[test]
fn expect_step_and_the_lock_wait_refuse_clearly() {
    let dir = Scratch::new("expect");
    let (save, _) = start(&dir, "game.json", None);
    let file = s(&save);
    let message = refused_with(
        STALE,
        &["act", file, "--as", "0", "focus", "--expect-step", "1"],
    );
    assert!(
        message.contains("is at step 0, not 1: the game moved on since it was shown"),
        "{message}"
    );
    ok(&["act", file, "--as", "0", "focus", "--expect-step", "0"]);
    let before = fs::read_to_string(&save).unwrap();
    assert!(
        refused_with(STALE, &["undo", file, "--expect-step", "0"]).contains("is at step 1, not 0")
    );
    assert_eq!(fs::read_to_string(&save).unwrap(), before);

    // Another writer holds the lock: a bounded wait, then a clear error, nothing changed.
    let held = fs::File::open(&save).unwrap();
    held.lock().unwrap();
    let started = std::time::Instant::now();
    let message = refused(&["act", file, "--as", "1", "strike", "--wait", "0.3"]);
    assert!(started.elapsed().as_secs_f64() >= 0.3);
    assert!(
        message.contains("is being changed by another pbp: gave up after waiting 0.3 s"),
        "{message}"
    );
    assert!(refused(&["undo", file, "--wait", "0"]).contains("being changed by another pbp"));
    held.unlock().unwrap();
    assert_eq!(fs::read_to_string(&save).unwrap(), before);
    ok(&["undo", file, "--expect-step", "1"]);
}

#[cfg(unix)]
#[test]
fn a_symlinked_save_keeps_its_link_and_the_real_file_gets_the_move() {
    let dir = Scratch::new("symlink");
    let (real, _) = start(&dir, "real.json", None);
    let link = dir.path("link.json");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    ok(&["act", s(&link), "--as", "0", "focus"]);
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        read_json(&real)["record"]["entries"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    ok(&["undo", s(&link)]);
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        read_json(&real)["record"]["entries"]
            .as_array()
            .unwrap()
            .len(),
        0
    );
    assert_eq!(dir.files(), vec!["link.json", "real.json"]);
}

#[cfg(unix)]
#[test]
fn read_only_saves_are_refused_and_permissions_are_kept() {
    use std::os::unix::fs::PermissionsExt;
    let dir = Scratch::new("perms");
    let (save, _) = start(&dir, "game.json", None);
    fs::set_permissions(&save, fs::Permissions::from_mode(0o444)).unwrap();
    let before = fs::read_to_string(&save).unwrap();
    for args in [
        vec!["act", s(&save), "--as", "0", "focus"],
        vec!["undo", s(&save)],
    ] {
        assert!(refused(&args).contains("is read-only"), "{args:?}");
    }
    assert_eq!(fs::read_to_string(&save).unwrap(), before);
    assert_eq!(
        fs::metadata(&save).unwrap().permissions().mode() & 0o777,
        0o444
    );
    // A writable save keeps its exact mode when it is rewritten.
    fs::set_permissions(&save, fs::Permissions::from_mode(0o620)).unwrap();
    ok(&["act", s(&save), "--as", "0", "focus"]);
    assert_eq!(
        fs::metadata(&save).unwrap().permissions().mode() & 0o777,
        0o620
    );
}

#[cfg(unix)]
#[test]
fn force_replaces_only_a_pbp_save() {
    let dir = Scratch::new("force");
    let (save, old_commitment) = start(&dir, "game.json", None);
    let new_over = |path: &Path| pbp(&["new", "duel", "--seed", "1", "--out", s(path), "--force"]);
    // A save is replaced (a new game, a new commitment).
    let out = new_over(&save);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(!text(&out.stdout).contains(&old_commitment));
    // Without --force nothing is replaced, not even a dangling symlink.
    let dangling = dir.path("dangling.json");
    std::os::unix::fs::symlink(dir.path("nowhere"), &dangling).unwrap();
    for path in [&save, &dangling] {
        let message = refused(&["new", "duel", "--out", s(path)]);
        assert!(message.contains("exists already"), "{message}");
    }
    assert!(!dir.path("nowhere").exists());
    // Anything that is not a regular pbp save is refused, and left as it was.
    let notes = dir.path("notes.txt");
    fs::write(&notes, "my notes").unwrap();
    let other_json = dir.path("other.json");
    fs::write(&other_json, r#"{"pbp_save": 1, "name": "x"}"#).unwrap();
    let fifo = dir.path("fifo");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let subdir = dir.path("subdir");
    fs::create_dir(&subdir).unwrap();
    for path in [&notes, &other_json] {
        let out = new_over(path);
        assert_eq!(out.status.code(), Some(1));
        assert!(
            text(&out.stderr).contains("is not a pbp save"),
            "{}",
            text(&out.stderr)
        );
    }
    for path in [&fifo, &subdir, Path::new("/dev/null")] {
        let out = new_over(path);
        assert_eq!(out.status.code(), Some(1), "{path:?}");
        assert!(
            text(&out.stderr).contains("is not a regular file"),
            "{}",
            text(&out.stderr)
        );
    }
    assert_eq!(fs::read_to_string(&notes).unwrap(), "my notes");
    use std::os::unix::fs::FileTypeExt;
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(subdir.is_dir());
}

#[cfg(unix)]
#[test]
fn planted_symlinks_and_stray_temporary_files_are_never_followed_or_taken_for_saves() {
    let dir = Scratch::new("temps");
    let (save, _) = start(&dir, "game.json", None);
    let victim = dir.path("victim");
    fs::write(&victim, "precious").unwrap();
    // The old predictable temporary names, and names in the new pattern, all planted.
    let mut planted = Vec::new();
    for name in [
        "game.json.tmp".to_owned(),
        format!("game.json.{}.tmp", std::process::id()),
        ".game.json.000000000000.pbp-tmp".to_owned(),
    ] {
        let link = dir.path(&name);
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        planted.push(link);
    }
    for _ in 0..5 {
        ok(&["act", s(&save), "--as", "0", "focus"]);
        ok(&["undo", s(&save)]);
    }
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
    for link in &planted {
        assert!(fs::symlink_metadata(link).unwrap().file_type().is_symlink());
    }
    // A complete-looking save left by a writer killed before its rename is refused as a save,
    // then removed by the next writer once it is old enough to be nobody's.
    let stray = dir.path(".game.json.abcdefghijkl.pbp-tmp");
    fs::copy(&save, &stray).unwrap();
    for command in ["show", "log", "replay"] {
        let message = refused(&[command, s(&stray)]);
        assert!(
            message.contains("a temporary file left by an interrupted pbp"),
            "{message}"
        );
    }
    ok(&["act", s(&save), "--as", "0", "focus"]);
    assert!(
        stray.exists(),
        "a fresh temporary file may be a live writer's"
    );
    fs::File::options()
        .write(true)
        .open(&stray)
        .unwrap()
        .set_modified(std::time::SystemTime::now() - std::time::Duration::from_secs(600))
        .unwrap();
    ok(&["undo", s(&save)]);
    assert!(!stray.exists());
    let mut files = dir.files();
    files.retain(|f| f != "victim");
    assert_eq!(
        files,
        vec![
            ".game.json.000000000000.pbp-tmp",
            "game.json",
            &format!("game.json.{}.tmp", std::process::id()),
            "game.json.tmp",
        ]
    );
}

/// An edit of a save's record, as a forger would make it.
type Edit = Box<dyn Fn(&mut Value)>;

#[test]
fn edited_saves_are_refused_by_every_loading_command() {
    let dir = Scratch::new("edited");
    let (good, commitment) = start(&dir, "game.json", None);
    ok(&["act", s(&good), "--as", "0", "focus"]);
    ok(&["act", s(&good), "--as", "1", "strike"]);
    let original = fs::read_to_string(&good).unwrap();
    let record = read_json(&good)["record"].clone();
    assert_eq!(record["entries"][1]["source"], "seeded");
    let value = record["entries"][1]["draws"][0]["value"].as_u64().unwrap();

    let broken = dir.path("broken.json");
    let commands = |file: &str| -> Vec<Vec<String>> {
        [
            vec!["show", file],
            vec!["show", file, "--as", "gm", "--format", "json"],
            vec!["log", file],
            vec!["legal", file, "--as", "0"],
            vec!["act", file, "--as", "gm", "concede 0"],
            vec!["undo", file],
            vec!["replay", file],
            vec!["verify", file, "--commitment", &commitment],
            vec!["reveal", file],
        ]
        .into_iter()
        .map(|args| args.into_iter().map(String::from).collect())
        .collect()
    };
    let edits: Vec<(&str, Edit, &str)> = vec![
        (
            "a seeded die",
            Box::new(move |r: &mut Value| {
                r["entries"][1]["draws"][0]["value"] = (value % 10 + 1).into();
            }),
            "step 2 of the record does not replay: its draws do not match the record's seed",
        ),
        (
            "the seed",
            Box::new(|r: &mut Value| r["seed"] = 7.into()),
            "do not hash to its commitment",
        ),
        (
            "the seed and the commitment",
            Box::new(|r: &mut Value| {
                let salt: Salt = r["salt"].as_str().unwrap().parse().unwrap();
                r["seed"] = 7.into();
                r["commitment"] = Commitment::of(7, &salt).to_string().into();
            }),
            "does not replay",
        ),
        (
            "the salt",
            Box::new(|r: &mut Value| r["salt"] = "ab".repeat(32).into()),
            "do not hash to its commitment",
        ),
    ];
    for (what, edit, expected) in &edits {
        fs::write(&broken, &original).unwrap();
        forge(&broken, edit);
        let forged = fs::read_to_string(&broken).unwrap();
        for args in commands(s(&broken)) {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let message = refused_with(BAD_SAVE, &args);
            assert!(message.contains(expected), "{what}, {args:?}: {message}");
            assert!(!message.contains(SEED), "{message}");
            assert_eq!(
                fs::read_to_string(&broken).unwrap(),
                forged,
                "{args:?} wrote"
            );
        }
    }
    assert_eq!(fs::read_to_string(&good).unwrap(), original);
}

#[test]
fn the_seed_is_printed_to_the_game_master_alone() {
    let dir = Scratch::new("secret");
    let (save, commitment) = start(&dir, "game.json", None);
    let file = s(&save);
    let mut outputs = vec![
        ok(&["act", file, "--as", "0", "focus"]),
        ok(&["act", file, "--as", "1", "strike", "--json"]),
        ok(&["legal", file, "--as", "0", "--json"]),
        ok(&["replay", file]),
        ok(&["verify", file, "--commitment", &commitment]),
    ];
    for viewer in ["public", "0", "1", "gm"] {
        outputs.push(ok(&["log", file, "--as", viewer]));
        outputs.push(ok(&["log", file, "--as", viewer, "--json"]));
        outputs.push(ok(&["show", file, "--as", viewer, "--format", "bbcode"]));
        outputs.push(ok(&["show", file, "--as", viewer, "--format", "svg"]));
    }
    for viewer in ["public", "0", "1"] {
        for format in ["text", "json", "bbcode"] {
            let out = ok(&["show", file, "--as", viewer, "--format", format]);
            assert!(out.contains(&commitment), "{viewer} {format}: {out}");
            outputs.push(out);
        }
    }
    outputs.push(ok(&["undo", file]));
    for out in &outputs {
        assert!(!out.contains(SEED), "the seed leaked: {out}");
    }
    // The game master's own view shows it, and the public post shows the commitment.
    let gm = ok(&["show", file, "--as", "gm"]);
    assert!(gm.contains(&format!("seed {SEED}")), "{gm}");
    let gm_json: Value =
        serde_json::from_str(&ok(&["show", file, "--as", "gm", "--format", "json"])).unwrap();
    assert_eq!(gm_json["seed"].as_u64().unwrap().to_string(), SEED);
    assert_eq!(gm_json["commitment"], commitment.as_str());
    let post = ok(&["show", file, "--format", "bbcode"]);
    assert!(
        post.contains(&format!("[i]dice commitment: {commitment}[/i]")),
        "{post}"
    );
}

#[test]
fn verify_and_reveal_follow_the_commitment_protocol() {
    let dir = Scratch::new("verify");
    let (save, commitment) = start(&dir, "game.json", None);
    let file = s(&save);
    ok(&["act", file, "--as", "0", "strike"]);
    ok(&["act", file, "--as", "1", "strike"]);
    let out = ok(&["verify", file, "--commitment", &commitment]);
    assert!(out.contains("verified"), "{out}");
    // Another game's commitment, and text that is not one.
    let (_, other) = start(&dir, "other.json", None);
    let message = refused_with(NOT_VERIFIED, &["verify", file, "--commitment", &other]);
    assert!(
        message.contains(&format!(
            "the save's commitment is {commitment}, not the published {other}"
        )),
        "{message}"
    );
    assert!(
        refused(&["verify", file, "--commitment", "12ab"]).contains("64 lowercase hexadecimal")
    );
    // Reveal prints what a player needs to check it, with or without pbp.
    let revealed = ok(&["reveal", file]);
    let field = |name: &str| {
        revealed
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap()
            .to_owned()
    };
    assert_eq!(field("seed: "), SEED);
    let salt: Salt = field("salt: ").parse().unwrap();
    assert_eq!(field("commitment: "), commitment);
    assert_eq!(
        Commitment::of(SEED.parse().unwrap(), &salt).to_string(),
        commitment
    );
    assert!(revealed.contains("sha256sum"), "{revealed}");
}

#[test]
fn saves_from_before_commitments_load_and_say_they_cannot_be_verified() {
    let dir = Scratch::new("old");
    let (save, commitment) = start(&dir, "game.json", None);
    ok(&["act", s(&save), "--as", "0", "strike"]);
    // The same save as an older pbp wrote it: no salt, no commitment.
    forge(&save, |r| {
        let r = r.as_object_mut().unwrap();
        r.remove("salt");
        r.remove("commitment");
    });
    ok(&["act", s(&save), "--as", "1", "strike"]);
    assert!(ok(&["show", s(&save)]).contains("dice commitment: none"));
    assert!(ok(&["replay", s(&save)]).contains("no dice commitment"));
    let message = refused_with(
        NOT_VERIFIED,
        &["verify", s(&save), "--commitment", &commitment],
    );
    assert!(
        message.contains("this save has no seed commitment"),
        "{message}"
    );
    assert!(refused(&["reveal", s(&save)]).contains("has no salt or commitment"));
    // Still seed-checked: an edited die is refused.
    forge(&save, |r| {
        let v = r["entries"][1]["draws"][0]["value"].as_u64().unwrap();
        r["entries"][1]["draws"][0]["value"] = (v % 10 + 1).into();
    });
    assert!(refused_with(BAD_SAVE, &["show", s(&save)]).contains("do not match the record's seed"));
}

#[test]
fn rolls_without_a_seed_draw_a_fresh_one_and_print_it() {
    let first = ok(&["roll", "5k3", "--count", "3"]);
    let seed = first
        .lines()
        .last()
        .and_then(|l| l.strip_prefix("(seed "))
        .and_then(|l| l.split(':').next())
        .unwrap_or_else(|| panic!("no seed in {first}"))
        .to_owned();
    let again = ok(&["roll", "5k3", "--count", "3", "--seed", &seed]);
    assert_eq!(
        first.lines().take(3).collect::<Vec<_>>(),
        again.lines().collect::<Vec<_>>()
    );
    // Two fresh rolls of twenty pools are not the same.
    let a = ok(&["roll", "5k3", "--count", "20"]);
    let b = ok(&["roll", "5k3", "--count", "20"]);
    assert_ne!(a, b);
    let line: Value = serde_json::from_str(ok(&["roll", "2k1", "--json"]).trim()).unwrap();
    let seed = line["seed"].as_u64().unwrap().to_string();
    let replayed: Value =
        serde_json::from_str(ok(&["roll", "2k1", "--json", "--seed", &seed]).trim()).unwrap();
    assert_eq!(replayed["total"], line["total"]);
    assert!(replayed.get("seed").is_none(), "with --seed, as before");
}
