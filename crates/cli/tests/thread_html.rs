//! `pbp thread` on a forum's page saved as HTML (`phpbb-html`, `smf-html`): the page applies as
//! its copied text does, and a player who types a header, a "Top" link, the forum's markup or
//! a roll line in a post starts no post and gives no die (issue 37, part 2).

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

/// A save's record entries without the post marks a thread writes (their keys differ: a
/// page's HTML has post ids, its copied text none).
fn entries(save: &Path) -> Value {
    let value: Value = serde_json::from_str(&fs::read_to_string(save).unwrap()).unwrap();
    let mut entries = value["record"]["entries"].clone();
    for entry in entries.as_array_mut().unwrap() {
        assert!(
            entry.as_object_mut().unwrap().remove("post").is_some(),
            "{entry}"
        );
    }
    entries
}

/// `start` started once; the copied text `text` and the HTML page `page` (fixtures) applied to
/// two copies with `options`: their records are equal. The HTML's report.
fn page_applies_as_its_text(
    dir: &Scratch,
    start: &[&str],
    text: &str,
    page: &str,
    options: &[&str],
) -> String {
    let first = dir.path("start.json");
    let mut args = vec!["new"];
    args.extend_from_slice(start);
    args.extend_from_slice(&["--out", s(&first)]);
    ok(&args);
    let (from_text, from_page) = (dir.path("text.json"), dir.path("page.json"));
    fs::copy(&first, &from_text).unwrap();
    fs::copy(&first, &from_page).unwrap();
    let (text, page) = (fixture(text), fixture(page));
    let mut args = vec!["thread", s(&from_text), "--posts", s(&text)];
    args.extend_from_slice(options);
    ok(&args);
    let mut args = vec!["thread", s(&from_page), "--posts", s(&page)];
    args.extend_from_slice(options);
    let report = ok(&args);
    assert_eq!(entries(&from_text), entries(&from_page), "{report}");
    ok(&["replay", s(&from_page)]);
    // Read again, the page applies nothing twice.
    let mut args = vec!["thread", s(&from_page), "--posts", s(&page)];
    args.extend_from_slice(options);
    let again = ok(&args);
    assert!(again.contains("applied 0 steps"), "{again}");
    report
}

fn expect_lines(report: &str, lines: &[&str]) {
    for line in lines {
        assert!(report.contains(line), "missing {line:?} in\n{report}");
    }
}

const CLAN_WAR: [&str; 6] = [
    "--gm",
    "Sensei",
    "--roller",
    "Dice Roller",
    "--dice",
    "forum",
];

#[test]
fn a_phpbb_page_saved_as_html_plays_as_its_copied_text() {
    let dir = Scratch::new("html-clan-war");
    let report = page_applies_as_its_text(
        &dir,
        &["clan-war", "--seed", "5"],
        "clan-war.phpbb.txt",
        "clan-war.phpbb.html",
        &CLAN_WAR,
    );
    expect_lines(
        &report,
        &[
            "post 1 by Sensei (game master), id p101, 2026-12-03T09:00:00+00:00: chatter",
            // The signature under the post (`attack A1 from B7`) is the forum's, not the post's.
            "post 2 by Mongooseh (Crab), id p102, 2026-12-03T09:05:00+00:00: applied\n  step 1: attack B6 from B7\n",
            // The quote (with its caption) is not read; the bold order in the spoiler is.
            "post 3 by BegrudginglyGood (Dragon), id p103, 2026-12-03T09:12:00+00:00: applied\n  step 2: attack E3 from E2",
            "  chatter: Brave. Then I go too:",
            "post 4 by Kibitzer, id p104, 2026-12-03T09:13:00+00:00: not a player",
            "  step 4: roll in 1 (forum dice 7, 3, 4, 6, 5)",
            "post 8 by Dice Roller, id p108, 2026-12-03T09:34:00+00:00: dice",
            "  step 7: end round",
            "13 posts read (phpbb-html): applied 7 steps (7 steps in all)",
        ],
    );
    // Neither the script's text, the comment nor the page's footer is a post.
    assert!(
        !report.contains("p999") && !report.contains("p998"),
        "{report}"
    );
    assert!(!report.contains("Post Reply"), "{report}");
}

#[test]
fn an_smf_print_page_saved_as_html_plays_as_its_copied_text() {
    let dir = Scratch::new("html-three-kingdoms");
    let report = page_applies_as_its_text(
        &dir,
        &["three-kingdoms", "--seed", "3"],
        "three-kingdoms.smf.txt",
        "three-kingdoms.smf.html",
        &[
            "--gm",
            "Sensei",
            "--roller",
            "Dice Roller",
            "--player",
            "Xuande=Shu",
            "--player",
            "mengde=0",
        ],
    );
    expect_lines(
        &report,
        &[
            "post 2 by Xuande (Shu), December 03, 2026, 09:05:00 AM: applied\n  step 1: defend 4 (Liao Hua)",
            "  chatter: Liao Hua holds the line.",
            // The quote of Xuande's action, and its "Quote from:" caption, are not read.
            "post 4 by Mengde (Wei), December 03, 2026, 09:10:00 AM: chatter\n  chatter: A cautious start.\n",
            "  step 6: attack 4 (Yue Jin) on 1 (Zhang Fei)",
            "12 posts read (smf-html): applied 7 steps (7 steps in all)",
        ],
    );
}

/// One phpBB post element as the forum serves it, `body` already as the page has it (a
/// poster's text escaped).
fn phpbb_post(id: u32, author: &str, minute: u32, body: &str) -> String {
    format!(
        "<div id=\"p{id}\" class=\"post has-profile bg2\"><div class=\"inner\">\n\
         <div class=\"postbody\"><div id=\"post_content{id}\">\n\
         <p class=\"author\"><span class=\"responsive-hide\">by <strong><a href=\"./memberlist.php?u=1\" class=\"username\">{author}</a></strong> &raquo; </span><time datetime=\"2026-12-03T09:{minute:02}:00+00:00\">Thu Dec 03, 2026 9:{minute:02} am</time></p>\n\
         <div class=\"content\">{body}</div>\n\
         </div></div>\n\
         <div class=\"back2top\"><a href=\"#top\" class=\"top\" title=\"Top\">Top</a></div>\n\
         </div></div>\n<hr class=\"divider\" />\n"
    )
}

/// Mongooseh types, in one post, the page's "Top" link, a game master's header, the forum's
/// own post markup (which the forum escapes) and the rolls he would like. In the page's HTML
/// none of it starts a post or gives a die: his attack applies, the rest is his chatter, the
/// typed roll is no die, and the game master's `end round` he typed is not the game master's.
#[test]
fn what_a_player_types_in_an_html_page_starts_no_post_and_gives_no_die() {
    let dir = Scratch::new("html-forged");
    let save = dir.path("game.json");
    ok(&["new", "clan-war", "--seed", "5", "--out", s(&save)]);
    let forged = "attack B6 from B7<br>\nTop<br>\nPost by Sensei &raquo; Thu Dec 03, 2026 9:20 am<br>\n\
        &lt;/div&gt;&lt;/div&gt;&lt;div id=&quot;p999&quot; class=&quot;post&quot;&gt;&lt;p class=&quot;author&quot;&gt;by &lt;a class=&quot;username&quot;&gt;Sensei&lt;/a&gt;&lt;/p&gt;&lt;div class=&quot;content&quot;&gt;end round<br>\n\
        Mongooseh rolled 2d10: 9, 9 (total 18)";
    let page = format!(
        "<!DOCTYPE html>\n<html><body><div id=\"page-body\">\n{}{}{}</div></body></html>\n",
        phpbb_post(101, "Sensei", 0, "Round 1 is open."),
        phpbb_post(102, "Mongooseh", 5, forged),
        phpbb_post(103, "BegrudginglyGood", 12, "attack E3 from E2"),
    );
    let posts = dir.path("posts.html");
    fs::write(&posts, page).unwrap();
    let mut args = vec!["thread", s(&save), "--posts", s(&posts), "--json"];
    args.extend_from_slice(&CLAN_WAR);
    let report = json(&args);
    let posts = report["posts"].as_array().unwrap();
    assert_eq!(posts.len(), 3, "{report:#}");
    assert_eq!(report["layout"], "phpbb-html");
    let authors: Vec<&str> = posts
        .iter()
        .map(|p| p["author"].as_str().unwrap())
        .collect();
    assert_eq!(authors, ["Sensei", "Mongooseh", "BegrudginglyGood"]);
    let post = &posts[1];
    assert_eq!(post["id"], "p102");
    assert_eq!(post["outcome"], "applied", "{post:#}");
    assert_eq!(post["actions"].as_array().unwrap().len(), 1, "{post:#}");
    assert_eq!(post["actions"][0]["action"], "attack B6 from B7");
    // The typed roll is no die, and the typed markup is his text, as the forum shows it.
    assert_eq!(post["not_dice"][0]["values"], serde_json::json!([9, 9]));
    let chatter = post["chatter"].to_string();
    assert!(chatter.contains("Post by Sensei » Thu Dec 03"), "{chatter}");
    assert!(
        chatter.contains(r#"<div id=\"p999\" class=\"post\">"#),
        "{chatter}"
    );
    assert!(
        report["unused_rolls"].as_array().is_none_or(Vec::is_empty),
        "{report:#}"
    );
    assert_eq!(posts[2]["outcome"], "applied", "{report:#}");
    assert_eq!(report["steps"], 2, "{report:#}");
}

/// A page cut short inside a post, a print page whose header lacks its author, and HTML of
/// neither forum are refused with what is wrong (exit status 13), the save unchanged.
#[test]
fn a_malformed_html_page_is_refused_and_changes_nothing() {
    let dir = Scratch::new("html-malformed");
    let save = dir.path("game.json");
    ok(&["new", "clan-war", "--seed", "5", "--out", s(&save)]);
    let before = fs::read(&save).unwrap();
    let posts = dir.path("posts.html");
    let whole = phpbb_post(101, "Mongooseh", 5, "attack B6 from B7");
    let cut = format!(
        "<!DOCTYPE html>\n<html><body>\n{}",
        &whole[..whole.find("</div>\n</div></div>").unwrap()]
    );
    let no_author = "<!DOCTYPE html>\n<div class=\"postheader\">Title: <strong>Clan War</strong><br>Post by: on <strong>December 03, 2026, 09:05:00 AM</strong></div><div class=\"postbody\">attack B6 from B7</div>";
    let neither = "<!DOCTYPE html>\n<html><body><article class=\"message\"><h4>Mongooseh</h4><div class=\"bbWrapper\">attack B6 from B7</div></article></body></html>";
    for (page, words) in [
        (
            cut.as_str(),
            "line 6 of the phpbb-html thread: post p101 is cut short",
        ),
        (
            no_author,
            "line 2 of the smf-html thread: a post header without its subject, author and date",
        ),
        (
            neither,
            "this is a page saved as HTML, but not one pbp reads as HTML (a phpBB topic page",
        ),
    ] {
        fs::write(&posts, page).unwrap();
        let message = refused_with(13, &["thread", s(&save), "--posts", s(&posts)]);
        assert!(message.contains(words), "{message}");
        assert_eq!(fs::read(&save).unwrap(), before);
    }
    // A phpBB page given as the copied layout says which layout it is.
    fs::write(
        &posts,
        format!("<!DOCTYPE html>\n<html><body>\n{whole}</body></html>\n"),
    )
    .unwrap();
    let message = refused_with(
        13,
        &[
            "thread",
            s(&save),
            "--posts",
            s(&posts),
            "--layout",
            "phpbb",
        ],
    );
    assert!(
        message.contains("not the phpbb page copied as text: read it with --layout phpbb-html"),
        "{message}"
    );
}

/// SMF 2.0's print page marks its posts `dt`/`dd`: read as SMF 2.1's `div`s.
#[test]
fn an_smf_2_0_print_page_is_read() {
    let dir = Scratch::new("html-smf20");
    let save = dir.path("game.json");
    ok(&["new", "clan-war", "--seed", "5", "--out", s(&save)]);
    let posts = dir.path("posts.html");
    fs::write(
        &posts,
        "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd\">\n<html><body><dl id=\"posts\">\n<dt class=\"postheader\">\nTitle: <strong>Clan War</strong><br />\nPost by: <strong>Mongooseh</strong> on <strong>December 03, 2026, 09:05:00 AM</strong>\n</dt>\n<dd class=\"postbody\">attack B6 from B7</dd>\n</dl></body></html>\n",
    )
    .unwrap();
    let report = ok(&["thread", s(&save), "--posts", s(&posts)]);
    expect_lines(
        &report,
        &[
            "post 1 by Mongooseh (Crab), December 03, 2026, 09:05:00 AM: applied\n  step 1: attack B6 from B7",
            "1 posts read (smf-html)",
        ],
    );
}
