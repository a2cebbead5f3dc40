//! `pbp thread` against a player who types whatever they like: a roll line typed in a post is
//! never a die, and a header typed inside a post's body starts no post (issue 37, parts 1-2).

// Tests and their helpers unwrap, expect and panic: a failed test is their way to report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::path::Path;

use serde_json::Value;

mod common;

use common::*;

/// A save's record entries without the post marks a thread writes.
fn entries(save: &Path) -> Value {
    let value: Value = serde_json::from_str(&fs::read_to_string(save).unwrap()).unwrap();
    let mut entries = value["record"]["entries"].clone();
    for entry in entries.as_array_mut().unwrap() {
        entry.as_object_mut().unwrap().remove("post");
    }
    entries
}

/// Clan War seed 5 started once, `thread` (written to a file) applied to one copy with `args`
/// and `typed` (actor, action, dice) to another: the report, and whether the records match.
fn thread_and_typed(
    dir: &Scratch,
    thread: &str,
    args: &[&str],
    typed: &[(&str, &str, &str)],
) -> String {
    let start = dir.path("start.json");
    ok(&["new", "clan-war", "--seed", "5", "--out", s(&start)]);
    let (from_thread, from_act) = (dir.path("thread.json"), dir.path("act.json"));
    fs::copy(&start, &from_thread).unwrap();
    fs::copy(&start, &from_act).unwrap();
    let posts = dir.path("posts.txt");
    fs::write(&posts, thread).unwrap();
    let mut all = vec!["thread", s(&from_thread), "--posts", s(&posts)];
    all.extend_from_slice(args);
    let report = ok(&all);
    for (actor, action, dice) in typed {
        let mut act = vec!["act", s(&from_act), "--as", actor, action];
        if !dice.is_empty() {
            act.extend_from_slice(&["--dice", dice]);
        }
        ok(&act);
    }
    assert_eq!(entries(&from_thread), entries(&from_act), "{report}");
    report
}

fn expect_lines(report: &str, lines: &[&str]) {
    for line in lines {
        assert!(report.contains(line), "missing {line:?} in\n{report}");
    }
}

const FORUM: [&str; 7] = [
    "--gm",
    "Sensei",
    "--roller",
    "Dice Roller",
    "--dice",
    "forum",
    "--layout",
];

/// The case: Mongooseh types both sides' rolls in a post; the roller's real rolls come
/// after. The typed ones are no dice: the roll takes the roller's, and the Spirit Army wins.
#[test]
fn a_roll_typed_in_a_players_post_is_never_a_die() {
    let dir = Scratch::new("typed-roll");
    let thread = "\
Clan War
Post by Mongooseh » Thu Dec 03, 2026 9:05 am
attack B6 from B7

Top
Re: Clan War
Post by Mongooseh » Thu Dec 03, 2026 9:10 am
pass
roll
Mongooseh rolled 2d10: 9, 8
Spirit Army rolled 3d10: 1, 1, 1

Top
Re: Clan War
Post by Dice Roller » Thu Dec 03, 2026 9:11 am
Mongooseh rolled 2d10: 2, 3

Top
Re: Clan War
Post by Dice Roller » Thu Dec 03, 2026 9:12 am
Spirit Army rolled 3d10: 9, 8, 7

Top
";
    let mut args = FORUM.to_vec();
    args.push("phpbb");
    let report = thread_and_typed(
        &dir,
        thread,
        &args,
        &[
            ("Mongooseh", "attack B6 from B7", ""),
            ("Mongooseh", "pass", ""),
            ("Mongooseh", "roll", "2,3,9,8,7"),
        ],
    );
    expect_lines(
        &report,
        &[
            "post 2 by Mongooseh (Crab), Thu Dec 03, 2026 9:10 am: applied",
            "  step 3: roll in 1 (forum dice 2, 3, 9, 8, 7)",
            "    battle 1: the Spirit Army wins",
            "  roll 9, 8: a roll typed in the post, not the forum's: not used",
            "  roll 1, 1, 1: a roll typed in the post, not the forum's: not used",
        ],
    );
    assert!(!report.contains("unused forum roll"), "{report}");
    assert!(!report.contains("forum dice 9, 8, 1"), "{report}");
    // The same in JSON: the typed rolls are listed apart from the forum's.
    let posts = dir.path("posts.txt");
    let save = dir.path("start.json");
    let mut json_args = vec![
        "thread",
        s(&save),
        "--posts",
        s(&posts),
        "--check",
        "--json",
    ];
    json_args.extend_from_slice(&args);
    let report: Value = serde_json::from_str(&ok(&json_args)).unwrap();
    let post = &report["posts"][1];
    assert_eq!(post["rolls"], Value::Null, "{post}");
    assert_eq!(post["not_dice"][0]["values"], serde_json::json!([9, 8]));
    assert_eq!(post["actions"][1]["action"], "roll in 1");
    assert_eq!(
        post["actions"][1]["dice"],
        serde_json::json!([2, 3, 9, 8, 7])
    );
}

/// A line typed as a phpBB header inside a post stays in that post: it is reported, and
/// neither it nor what follows is read (the game master's `end round` is not applied).
#[test]
fn a_phpbb_header_typed_in_a_post_starts_no_post() {
    let dir = Scratch::new("forged-phpbb");
    let thread = "\
Clan War
Post by Sensei » Thu Dec 03, 2026 9:00 am
Round 1: post your attacks.

Top
Re: Clan War
Post by Mongooseh » Thu Dec 03, 2026 9:05 am
attack B6 from B7

Post by Sensei » Thu Dec 03, 2026 9:20 am
end round

Top
Re: Clan War
Post by BegrudginglyGood » Thu Dec 03, 2026 9:12 am
attack E3 from E2

Top
";
    let mut args = FORUM.to_vec();
    args.push("phpbb");
    let report = thread_and_typed(
        &dir,
        thread,
        &args,
        &[
            ("Mongooseh", "attack B6 from B7", ""),
            ("BegrudginglyGood", "attack E3 from E2", ""),
        ],
    );
    expect_lines(
        &report,
        &[
            "post 2 by Mongooseh (Crab), Thu Dec 03, 2026 9:05 am: applied",
            "  forged header: 'Post by Sensei » Thu Dec 03, 2026 9:20 am' reads as another post's header inside this post: it and the lines after it are not read",
            "post 3 by BegrudginglyGood (Dragon), Thu Dec 03, 2026 9:12 am: applied",
            "3 posts read (phpbb): applied 2 steps (2 steps in all)",
        ],
    );
    assert!(!report.contains("end round"), "{report}");
}

/// The same in an SMF print page: `Post by: NAME on DATE` typed in a post (no `Title:` line
/// before it) records no move as that player.
#[test]
fn an_smf_header_typed_in_a_post_starts_no_post() {
    let dir = Scratch::new("forged-smf");
    let thread = "\
Title: Clan War
Post by: Mongooseh on December 03, 2026, 09:05:00 AM
attack B6 from B7
Post by: BegrudginglyGood on December 03, 2026, 09:06:00 AM
attack E3 from E2
Title: Re: Clan War
Post by: Plainsfox on December 03, 2026, 09:10:00 AM
attack D2 from C3
";
    let mut args = FORUM.to_vec();
    args.push("smf");
    let report = thread_and_typed(
        &dir,
        thread,
        &args,
        &[
            ("Mongooseh", "attack B6 from B7", ""),
            ("Plainsfox", "attack D2 from C3", ""),
        ],
    );
    expect_lines(
        &report,
        &[
            "  forged header: 'Post by: BegrudginglyGood on December 03, 2026, 09:06:00 AM' reads as another post's header",
            "post 2 by Plainsfox (Lion), December 03, 2026, 09:10:00 AM: applied",
            "2 posts read (smf): applied 2 steps (2 steps in all)",
        ],
    );
    assert!(!report.contains("E3 from E2"), "{report}");
}

/// A phpBB page copied without its "Top" links cannot tell a post's header from a typed one:
/// it is refused whole, with what to do, and the save is untouched.
#[test]
fn a_phpbb_page_without_top_links_is_refused() {
    let dir = Scratch::new("no-top");
    let save = dir.path("game.json");
    ok(&["new", "clan-war", "--seed", "5", "--out", s(&save)]);
    let before = fs::read(&save).unwrap();
    let posts = dir.path("posts.txt");
    fs::write(
        &posts,
        "Post by Mongooseh » Thu Dec 03, 2026 9:05 am\nattack B6 from B7\nPost by Sensei » Thu Dec 03, 2026 9:20 am\nend round\n",
    )
    .unwrap();
    let message = refused_with(
        13,
        &["thread", s(&save), "--posts", s(&posts), "--gm", "Sensei"],
    );
    assert!(
        message.contains("no post ends with the page's \"Top\" link"),
        "{message}"
    );
    assert_eq!(fs::read(&save).unwrap(), before);
}

/// `--check` says what would apply, post by post, and changes nothing.
#[test]
fn check_says_each_post_would_apply() {
    let dir = Scratch::new("check-words");
    let save = dir.path("game.json");
    ok(&["new", "clan-war", "--seed", "5", "--out", s(&save)]);
    let posts = dir.path("posts.txt");
    fs::write(
        &posts,
        "{\"author\": \"Mongooseh\", \"time\": \"2026-12-03T09:05:00Z\", \"body\": \"attack B6 from B7\"}\n",
    )
    .unwrap();
    let before = fs::read(&save).unwrap();
    let report = ok(&["thread", s(&save), "--posts", s(&posts), "--check"]);
    expect_lines(
        &report,
        &[
            "post 1 by Mongooseh (Crab), 2026-12-03T09:05:00Z: would apply\n",
            "1 posts read (jsonl): would apply 1 step (1 steps in all); nothing was changed (--check)",
        ],
    );
    assert!(!report.contains(": applied"), "{report}");
    assert_eq!(fs::read(&save).unwrap(), before);
}

/// A page saved as HTML and read as copied text is refused with what to do, not read as posts
/// by nobody: an SMF print page's HTML is sent to the `smf-html` layout, HTML of no forum pbp
/// reads as HTML to the page copied as text.
#[test]
fn a_page_saved_as_html_is_refused_with_a_hint() {
    let dir = Scratch::new("html");
    let save = dir.path("game.json");
    ok(&["new", "clan-war", "--seed", "5", "--out", s(&save)]);
    let before = fs::read(&save).unwrap();
    let posts = dir.path("posts.html");
    for (page, words) in [
        (
            "<dt class=\"postheader\">\nTitle: <strong>Clan War</strong><br />\nPost by: <strong>Mongooseh</strong> on <strong>December 03, 2026, 09:05:00 AM</strong>\n</dt>\n<dd class=\"postbody\">attack B6 from B7</dd>\n",
            "this is a page saved as HTML, not the smf page copied as text: read it with --layout smf-html",
        ),
        (
            "<!DOCTYPE html>\n<html><body>\nTitle: Clan War\nPost by: Mongooseh on December 03, 2026, 09:05:00 AM\nattack B6 from B7\n</body></html>\n",
            "this is a page saved as HTML, but not one pbp reads as HTML (a phpBB topic page, whose posts are '<div id=\"p123\" class=\"post ...\">', or an SMF print page, whose posts are '<div class=\"postheader\">'); pbp reads the smf page copied as text",
        ),
    ] {
        fs::write(&posts, page).unwrap();
        let message = refused_with(13, &["thread", s(&save), "--posts", s(&posts)]);
        assert!(message.contains(words), "{message}");
        assert_eq!(fs::read(&save).unwrap(), before);
    }
}

/// A thread none of whose authors is the table's says so, with the players' names.
#[test]
fn a_thread_of_strangers_says_whom_pbp_knows() {
    let dir = Scratch::new("strangers");
    let save = dir.path("game.json");
    ok(&["new", "clan-war", "--seed", "5", "--out", s(&save)]);
    let posts = dir.path("posts.txt");
    fs::write(
        &posts,
        "{\"author\": \"Crab Player\", \"body\": \"attack B6 from B7\"}\n",
    )
    .unwrap();
    let report = ok(&["thread", s(&save), "--posts", s(&posts)]);
    expect_lines(
        &report,
        &[
            "post 1 by Crab Player: not a player",
            "hint: no author of this thread is a player, the game master (--gm) or the dice roller (--roller) of this table: the players are Mongooseh (Crab), BegrudginglyGood (Dragon)",
        ],
    );
}
