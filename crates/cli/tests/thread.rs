//! `pbp thread`: a forum thread of each game applied end to end, the save equal to the one made
//! by typing the same actions with `pbp act`; re-reading, editing, `--check`, `--json` and the
//! refusals of a whole thread.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

mod common;

use common::*;

/// The fixture thread `name` of `tests/threads/`.
fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/threads")
        .join(name)
}

/// A save's record without what only a thread writes (each step's post mark), for comparing a
/// save made from a thread with one made by `pbp act`.
/// `marked` says whether every step must have one (a save made from a thread) or none.
fn record_without_marks(save: &Path, marked: bool) -> Value {
    let text = fs::read_to_string(save).unwrap();
    let mut value: Value = serde_json::from_str(&text).unwrap();
    let mut record = value["record"].take();
    for entry in record["entries"].as_array_mut().unwrap() {
        let mark = entry.as_object_mut().unwrap().remove("post");
        assert_eq!(mark.is_some(), marked, "{entry}");
    }
    record
}

/// One action typed with `pbp act`: who, the action, and its forum dice.
struct Typed<'a>(&'a str, &'a str, &'a str);

/// A game started once (`pbp new` draws a salt: both saves start from this one), the thread
/// applied to one copy and the typed actions to another: their records are equal, and the
/// thread's report is returned.
fn thread_equals_typed(
    dir: &Scratch,
    start: &[&str],
    thread: &[&str],
    typed: &[Typed<'_>],
) -> String {
    let first = dir.path("start.json");
    let mut args = vec!["new"];
    args.extend_from_slice(start);
    args.extend_from_slice(&["--out", s(&first)]);
    ok(&args);
    let from_thread = dir.path("thread.json");
    let from_act = dir.path("act.json");
    fs::copy(&first, &from_thread).unwrap();
    fs::copy(&first, &from_act).unwrap();
    let mut args = vec!["thread", s(&from_thread)];
    args.extend_from_slice(thread);
    let report = ok(&args);
    for Typed(actor, action, dice) in typed {
        let mut args = vec!["act", s(&from_act), "--as", actor, action];
        if !dice.is_empty() {
            args.extend_from_slice(&["--dice", dice]);
        }
        ok(&args);
    }
    assert_eq!(
        record_without_marks(&from_thread, true),
        record_without_marks(&from_act, false),
        "{report}"
    );
    ok(&["replay", s(&from_thread)]);
    report
}

const CLAN_WAR_TYPED: [Typed<'static>; 7] = [
    Typed("Mongooseh", "attack B6 from B7", ""),
    Typed("BegrudginglyGood", "attack E3 from E2", ""),
    Typed("Mongooseh", "pass", ""),
    Typed("Mongooseh", "roll", "7,3,4,6,5"),
    Typed("Mongooseh", "draw", "17"),
    Typed("BegrudginglyGood", "pass in 2", ""),
    Typed("gm", "end round", ""),
];

fn clan_war_thread() -> [&'static str; 8] {
    let posts = fixture("clan-war.phpbb.txt");
    let posts: &'static str = Box::leak(posts.to_str().unwrap().to_owned().into_boxed_str());
    [
        "--posts",
        posts,
        "--gm",
        "Sensei",
        "--roller",
        "Dice Roller",
        "--dice",
        "forum",
    ]
}

#[test]
fn a_clan_war_thread_plays_as_the_typed_actions() {
    let dir = Scratch::new("clan-war");
    let report = thread_equals_typed(
        &dir,
        &["clan-war", "--seed", "5"],
        &clan_war_thread(),
        &CLAN_WAR_TYPED,
    );
    for line in [
        "post 1 by Sensei (game master), Thu Dec 03, 2026 9:00 am: chatter",
        "post 2 by Mongooseh (Crab), Thu Dec 03, 2026 9:05 am: applied",
        "  step 1: attack B6 from B7",
        // The quote of Mongooseh's order is not read; the spoiler's order is.
        "post 3 by BegrudginglyGood (Dragon), Thu Dec 03, 2026 9:12 am: applied",
        "  step 2: attack E3 from E2",
        "post 4 by Kibitzer, Thu Dec 03, 2026 9:13 am: not a player",
        "post 5 by Plainsfox (Lion), Thu Dec 03, 2026 9:20 am: refused: 'attack J1 from C3': J1 is 7 hexes from C3: you may attack at most two hexes away",
        "post 7 by Plainsfox (Lion), Thu Dec 03, 2026 9:33 am: waiting for the game master: Plainsfox (Lion)'s post 5 was refused",
        "  step 4: roll in 1 (forum dice 7, 3, 4, 6, 5)",
        "    battle 1: Mongooseh (Crab) (attacker) wins",
        "post 8 by Dice Roller, Thu Dec 03, 2026 9:34 am: dice",
        "  step 5: draw in 1 (forum dice 17)",
        "  chatter: Lucky. I keep my cards.",
        "  step 7: end round",
        "12 posts read (phpbb): applied 7 steps (7 steps in all)",
    ] {
        assert!(report.contains(line), "missing {line:?} in\n{report}");
    }
    // The page's footer after the last post is not read as the game master's chatter.
    assert!(!report.contains("Post Reply"), "{report}");
}

#[test]
fn a_thread_read_again_applies_nothing_twice() {
    let dir = Scratch::new("again");
    thread_equals_typed(
        &dir,
        &["clan-war", "--seed", "5"],
        &clan_war_thread(),
        &CLAN_WAR_TYPED,
    );
    let save = dir.path("thread.json");
    let before = fs::read(&save).unwrap();
    let mut args = vec!["thread", s(&save)];
    args.extend_from_slice(&clan_war_thread());
    let again = ok(&args);
    assert!(
        again.contains("post 2 by Mongooseh (Crab), Thu Dec 03, 2026 9:05 am: already applied"),
        "{again}"
    );
    assert!(
        again.contains("post 9 by Dice Roller, Thu Dec 03, 2026 9:35 am: already applied"),
        "{again}"
    );
    assert!(
        again.contains("applied 0 steps (7 steps in all)"),
        "{again}"
    );
    assert_eq!(fs::read(&save).unwrap(), before, "the save is untouched");

    // An applied post edited since: reported, not applied again.
    let thread = fs::read_to_string(fixture("clan-war.phpbb.txt")).unwrap();
    let edited = dir.path("edited.txt");
    fs::write(
        &edited,
        thread.replace(
            "attack B6 from B7\nCome at me",
            "attack A6 from B7\nCome at me",
        ),
    )
    .unwrap();
    let mut args = vec!["thread", s(&save)];
    args.extend_from_slice(&clan_war_thread());
    args[3] = s(&edited);
    let report = ok(&args);
    assert!(report.contains("post 2 by Mongooseh (Crab), Thu Dec 03, 2026 9:05 am: edited: its text changed since it was applied"), "{report}");
    assert_eq!(fs::read(&save).unwrap(), before);
}

#[test]
fn check_changes_nothing_and_json_is_the_same_report() {
    let dir = Scratch::new("check");
    let save = dir.path("game.json");
    ok(&["new", "clan-war", "--seed", "5", "--out", s(&save)]);
    let before = fs::read(&save).unwrap();
    let mut args = vec!["thread", s(&save)];
    args.extend_from_slice(&clan_war_thread());
    args.push("--check");
    let text = ok(&args);
    assert!(
        text.contains("would apply 7 steps (7 steps in all); nothing was changed (--check)"),
        "{text}"
    );
    args.push("--json");
    let report: Value = serde_json::from_str(&ok(&args)).unwrap();
    assert_eq!(fs::read(&save).unwrap(), before);
    assert_eq!(report["check"], true);
    assert_eq!(report["layout"], "phpbb");
    assert_eq!(report["applied"], 7);
    let posts = report["posts"].as_array().unwrap();
    assert_eq!(posts.len(), 12);
    assert_eq!(posts[4]["outcome"], "refused");
    assert_eq!(posts[4]["player"], "Plainsfox (Lion)");
    assert_eq!(posts[3]["outcome"], "not-a-player");
    assert_eq!(posts[6]["outcome"], "waiting");
    assert_eq!(
        posts[5]["actions"][1]["dice"],
        serde_json::json!([7, 3, 4, 6, 5])
    );
    assert_eq!(posts[5]["actions"][1]["action"], "roll in 1");
    assert_eq!(posts[5]["actions"][1]["posted"], "roll");
}

#[test]
fn a_thread_that_cannot_be_read_changes_nothing() {
    let dir = Scratch::new("bad");
    let save = dir.path("game.json");
    ok(&["new", "clan-war", "--seed", "5", "--out", s(&save)]);
    let before = fs::read(&save).unwrap();
    let posts = dir.path("posts.txt");
    let refused = |contents: &[u8], extra: &[&str]| {
        fs::write(&posts, contents).unwrap();
        let mut args = vec!["thread", s(&save), "--posts", s(&posts)];
        args.extend_from_slice(extra);
        let message = refused_with(13, &args);
        assert_eq!(fs::read(&save).unwrap(), before);
        message
    };
    let unknown = refused(b"Mongooseh: attack B6 from B7\n", &[]);
    assert!(
        unknown.contains("pbp does not recognise the layout of this thread; it knows jsonl"),
        "{unknown}"
    );
    assert!(
        unknown.contains("phpbb (header lines 'Post by NAME » DATE'"),
        "{unknown}"
    );
    let utf8 = refused(b"{\"author\": \"Mongooseh\", \"body\": \"\xff\"}\n", &[]);
    assert!(utf8.contains("not UTF-8 text: byte 33 (line 1)"), "{utf8}");
    let line = refused(b"{\"author\": \"Mongooseh\"}\n", &[]);
    assert!(
        line.contains("line 1 of the jsonl thread: missing field `body`"),
        "{line}"
    );
    let layout = refused(b"{}", &["--layout", "vbulletin"]);
    assert!(
        layout.contains("'vbulletin' is not a thread layout pbp knows: jsonl"),
        "{layout}"
    );
    let big = refused(&vec![b' '; 50 * 1024 * 1024 + 1], &[]);
    assert!(
        big.contains("more than the 52428800 bytes pbp reads at once"),
        "{big}"
    );
}
