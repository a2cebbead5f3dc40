//! `pbp thread`: a forum thread of each game applied end to end, the save equal to the one made
//! by typing the same actions with `pbp act`; re-reading, editing, `--check`, `--json` and the
//! refusals of a whole thread.

// Tests and their helpers unwrap, expect and panic: a failed test is their way to report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

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
        "13 posts read (phpbb): applied 7 steps (7 steps in all)",
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
    assert_eq!(posts.len(), 13);
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
    // The size quoted is the file's, not the part of it read.
    let bigger = refused(&vec![b' '; 50 * 1024 * 1024 + 5_000], &[]);
    assert!(
        bigger.contains("the thread is 52433800 bytes, more than the 52428800"),
        "{bigger}"
    );
}

/// `--posts FIXTURE` and the options of a game's thread, as owned argument strings.
fn thread_args(name: &str, options: &[&str]) -> Vec<String> {
    let mut args = vec!["--posts".to_owned(), s(&fixture(name)).to_owned()];
    args.extend(options.iter().map(|o| (*o).to_owned()));
    args
}

fn expect_lines(report: &str, lines: &[&str]) {
    for line in lines {
        assert!(report.contains(line), "missing {line:?} in\n{report}");
    }
}

#[test]
fn a_warring_states_thread_reads_only_bold_orders() {
    let dir = Scratch::new("warring-states");
    let args = thread_args(
        "warring-states.jsonl",
        &["--gm", "Sensei", "--roller", "Dice Roller"],
    );
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let report = thread_equals_typed(
        &dir,
        &["warring-states", "--seed", "3"],
        &args,
        &[
            Typed(
                "Player 1",
                "[b]5 Rice for Defense of Tang.\n5 Rice for Conquest of Shu with Chen Zhen.[/b]",
                "",
            ),
            Typed("Player 2", "[b]10 Rice for Defense of Lai.[/b]", ""),
            Typed(
                "Player 4",
                "[b]10 Rice for Conquest of Cao with Kuang Zhang, Zhang Yi, Wu Qi.[/b]",
                "",
            ),
            Typed("gm", "no orders Player 3", ""),
            Typed("Player 2", "[b]No orders.[/b]", ""),
            Typed("Player 1", "[b]No orders.[/b]", ""),
        ],
    );
    expect_lines(
        &report,
        &[
            "post 1 by Sensei (game master), id p101, 2026-12-03T09:00:00Z: chatter",
            // Both bolded lines are one sheet; the line outside bold is chatter.
            "  chatter: Good luck, everyone.",
            // The quote of Player 1's orders is not read: Player 2's own sheet is.
            "post 3 by Player 2 (Yellow), id p103, 2026-12-03T09:20:00+01:00: applied\n  step 2: [b]10 Rice for Defense of Lai.[/b]",
            "post 4 by Kibitzer, id p104, 2026-12-03T08:30:00Z: not a player",
            "post 5 by Player 3 (Green), id p105, 2026-12-03T09:40:00Z: refused: '[b]20 Rice for Defense of Cheng.[/b]': order sheet refused: '20 Rice for Defense of Cheng.': overspending: the orders so far spend 20 rice but you have 10",
            "post 6 by Player 3 (Green), id p106, 2026-12-03T09:45:00Z: waiting for the game master",
            // The spoiler and colour around the bold are removed.
            "  step 3: [b]10 Rice for Conquest of Cao with Kuang Zhang, Zhang Yi, Wu Qi.[/b]",
            "post 8 by Player 1 (Red), id p108, 2026-12-03T09:55:00Z: chatter",
            "post 9 by Dice Roller, id p109, 2026-12-03T09:56:00Z: dice: the game rolls its own dice from its seed",
            "Player 4 (Cyan) attacks Cao (the independents)",
            "12 posts read (jsonl): applied 6 steps (6 steps in all)",
        ],
    );
}

#[test]
fn a_three_kingdoms_thread_with_forum_names() {
    let dir = Scratch::new("three-kingdoms");
    let options = [
        "--gm",
        "Sensei",
        "--roller",
        "Dice Roller",
        "--player",
        "Xuande=Shu",
        "--player",
        "mengde=0",
    ];
    let args = thread_args("three-kingdoms.smf.txt", &options);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let report = thread_equals_typed(
        &dir,
        &["three-kingdoms", "--seed", "3"],
        &args,
        &[
            Typed("Shu", "defend 4", ""),
            Typed("Shu", "end", ""),
            Typed("Shu", "end", ""),
            Typed("Wei", "defend 2", ""),
            Typed("Wei", "end", ""),
            Typed("Wei", "attack 4 on 1", ""),
            Typed("gm", "intercept none", ""),
        ],
    );
    expect_lines(
        &report,
        &[
            "post 2 by Xuande (Shu), December 03, 2026, 09:05:00 AM: applied\n  step 1: defend 4 (Liao Hua)",
            "post 3 by Kibitzer, December 03, 2026, 09:06:00 AM: not a player",
            // SMF's quote of Xuande's action is not read.
            "post 4 by Mengde (Wei), December 03, 2026, 09:10:00 AM: chatter",
            "post 9 by Mengde (Wei), December 03, 2026, 09:21:00 AM: applied\n  step 5: end\n",
            "  step 6: attack 4 (Yue Jin) on 1 (Zhang Fei)",
            "post 10 by Xuande (Shu), December 03, 2026, 09:30:00 AM: refused: 'discard 99': illegal action: the defender must decide first",
            "post 11 by Xuande (Shu), December 03, 2026, 09:31:00 AM: waiting for the game master",
            "  step 7: intercept none",
            "12 posts read (smf): applied 7 steps (7 steps in all)",
        ],
    );
}

#[test]
fn a_scroll_race_thread_in_french() {
    let dir = Scratch::new("scroll-race");
    let args = thread_args(
        "scroll-race.phpbb.txt",
        &["--gm", "Sensei", "--roller", "Dice Roller"],
    );
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let report = thread_equals_typed(
        &dir,
        &["scroll-race", "--seed", "3"],
        &args,
        &[
            Typed("Blue-1", "carrier Blue-3", ""),
            Typed("Red-1", "carrier Red-2", ""),
            Typed("Blue-1", "step n", ""),
            Typed("Blue-2", "sprint n e", ""),
            Typed("Blue-3", "wait", ""),
            Typed("Blue-4", "step n; kuchiyose g10", ""),
            Typed("gm", "gm skip", ""),
            Typed("Red-1", "keep", ""),
        ],
    );
    expect_lines(
        &report,
        &[
            // French aliases: porteur, avance nord, rien, garder.
            "post 2 by Blue-1 (Blue), Thu Dec 03, 2026 8:05 pm: applied\n  step 1: carrier Blue-3",
            "post 3 by Red-1 (Red), Thu Dec 03, 2026 8:10 pm: applied\n  step 2: carrier Red-2",
            "  step 3: step n",
            "post 5 by Kibitzer, Thu Dec 03, 2026 8:21 pm: not a player",
            // A copied quote ("Blue-3 wrote:") is not Blue-4's action.
            "post 8 by Blue-4 (Blue), Thu Dec 03, 2026 8:35 pm: applied\n  step 6: step n; kuchiyose g10",
            "post 10 by Blue-5 (Blue), Thu Dec 03, 2026 8:40 pm: refused: 'step e; katon Red-1': Blue-5 does not know katon",
            "post 11 by Blue-5 (Blue), Thu Dec 03, 2026 8:41 pm: waiting for the game master",
            "  step 7: gm skip",
            "  step 8: keep",
            "13 posts read (phpbb): applied 8 steps (8 steps in all)",
        ],
    );
}
