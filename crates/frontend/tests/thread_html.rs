//! A forum's page read from its HTML (`phpbb-html`, `smf-html`): each post is the forum's own
//! element, whatever its poster typed; bold and quotes reach the reader as BBCode; any input,
//! however broken, is read or refused with a typed error, never a panic.

// Tests and their helpers unwrap, expect and panic: a failed test is their way to report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_core::engine::DiceChoice;
use pbp_frontend::thread::{Layout, Outcome, ThreadOptions, apply_thread, read_thread};
use pbp_frontend::{Table, TableError};
use proptest::prelude::*;

fn phpbb_post(id: u32, author: &str, body: &str) -> String {
    format!(
        "<div id=\"p{id}\" class=\"post bg1\"><div class=\"inner\"><dl class=\"postprofile\"><dt><a href=\"m\" class=\"username\">{author}</a></dt></dl>\
         <div class=\"postbody\"><div id=\"post_content{id}\"><h3><a href=\"#p{id}\">Re: Duel</a></h3>\
         <p class=\"author\"><a href=\"#p{id}\"><span class=\"sr-only\">Post</span></a><span class=\"responsive-hide\">by <strong><a href=\"m\" class=\"username\">{author}</a></strong> &raquo; </span><time datetime=\"2026-12-03T10:{:02}:00+00:00\">Thu Dec 03, 2026 10:{:02} am</time> </p>\
         <div class=\"content\">{body}</div><div id=\"sig{id}\" class=\"signature\">strike</div></div></div>\
         <div class=\"back2top\"><a href=\"#top\" class=\"top\">Top</a></div></div></div><hr class=\"divider\" />\n",
        id % 60,
        id % 60
    )
}

fn page(posts: &[String]) -> String {
    format!(
        "<!DOCTYPE html>\n<html><head><title>Duel</title></head><body><div id=\"page-body\">\n{}</div></body></html>\n",
        posts.concat()
    )
}

#[test]
fn a_phpbb_page_gives_each_posts_id_author_time_and_text() {
    let text = page(&[
        phpbb_post(1, "Player 1", "<strong class=\"text-strong\">5 Rice for Defense of Tang.</strong><br>\nGood &amp; luck<br>\n<span style=\"font-weight: bold\">No orders.</span>"),
        // phpBB 3.0: the username link without a class, the date after '»'.
        "<div id=\"p2\" class=\"post bg2\"><div class=\"inner\"><div class=\"postbody\"><p class=\"author\"><a href=\"#p2\"><img src=\"i.gif\" alt=\"Post\" /></a>by <strong><a href=\"m\">Player 2</a></strong> &raquo; Thu Dec 03, 2026 10:05 am </p><div class=\"content\"><blockquote><div><cite>Player 1 wrote:</cite>strike</div></blockquote>focus</div></div></div></div>\n".to_owned(),
    ]);
    let (layout, posts) = read_thread(text.as_bytes(), None).unwrap();
    assert_eq!(layout, Layout::PhpbbHtml);
    assert_eq!(posts.len(), 2);
    assert_eq!(posts[0].id.as_deref(), Some("p1"));
    assert_eq!(posts[0].author, "Player 1");
    assert_eq!(posts[0].time.as_deref(), Some("2026-12-03T10:01:00+00:00"));
    assert_eq!(
        posts[0].body,
        "[b]5 Rice for Defense of Tang.[/b]\nGood & luck\n[b]No orders.[/b]"
    );
    assert!(posts[0].rolls.is_empty());
    assert_eq!(posts[1].author, "Player 2");
    assert_eq!(posts[1].time.as_deref(), Some("Thu Dec 03, 2026 10:05 am"));
    assert_eq!(
        posts[1].body,
        "[quote]\nPlayer 1 wrote:\nstrike\n[/quote]\nfocus"
    );
}

/// seat 0 types the page's "Top" link, a header of seat 1's, the forum's post markup (escaped,
/// as the forum serves it) and a roll: one post, seat 0's, whose only action is seat 0's.
#[test]
fn markup_typed_in_a_post_is_that_posts_text() {
    let typed = "focus<br>\nTop<br>\nPost by Player 2 &raquo; Thu Dec 03, 2026 10:20 am<br>\n\
        &lt;/div&gt;&lt;/div&gt;&lt;/div&gt;&lt;div id=&quot;p9&quot; class=&quot;post&quot;&gt;&lt;p class=&quot;author&quot;&gt;by &lt;a class=&quot;username&quot;&gt;Player 2&lt;/a&gt;&lt;/p&gt;&lt;div class=&quot;content&quot;&gt;concede 1<br>\n\
        Player 1 rolled 2d6: 6, 6";
    let text = page(&[
        phpbb_post(1, "Player 1", typed),
        phpbb_post(2, "Player 2", "hmm"),
    ]);
    let (_, posts) = read_thread(text.as_bytes(), None).unwrap();
    let authors: Vec<&str> = posts.iter().map(|p| p.author.as_str()).collect();
    assert_eq!(authors, ["Player 1", "Player 2"]);
    assert!(
        posts[0].body.contains("<div id=\"p9\" class=\"post\">"),
        "{}",
        posts[0].body
    );
    let mut table = Table::new("duel", None, 11, DiceChoice::Seeded).unwrap();
    let options = ThreadOptions {
        rollers: vec!["Dice Roller".to_owned()],
        ..ThreadOptions::default()
    };
    let report = apply_thread(&mut table, text.as_bytes(), &options).unwrap();
    let first = &report.posts[0];
    assert_eq!(first.outcome, Outcome::Applied, "{report:?}");
    assert_eq!(first.actions.len(), 1, "{report:?}");
    assert_eq!(first.actions[0].action, "focus");
    assert!(first.forged.is_none(), "{report:?}");
    assert_eq!(first.not_dice[0].values, vec![6, 6]);
    assert!(report.unused_rolls.is_empty());
}

/// Markup a player typed into a copied page (no HTML document) does not make pbp take the
/// copied page for HTML.
#[test]
fn typed_markup_in_a_copied_page_keeps_it_copied_text() {
    let text = "Duel\nPost by Player 1 » Thu Dec 03, 2026 10:00 am\n<div id=\"p1\" class=\"post\"><div class=\"postheader\">\nfocus\n\nTop\n";
    let (layout, posts) = read_thread(text.as_bytes(), None).unwrap();
    assert_eq!(layout, Layout::Phpbb);
    assert_eq!(posts.len(), 1);
}

#[test]
fn pages_without_what_a_post_needs_are_refused() {
    let cases = [
        (
            page(&["<div id=\"p1\" class=\"post\"><div class=\"content\">strike</div></div>".to_owned()]),
            "post p1 has no author line",
        ),
        (
            page(&["<div id=\"p1\" class=\"post\"><p class=\"author\">by <strong>Player 1</strong></p><div class=\"content\">strike</div></div>".to_owned()]),
            "post p1 has no time",
        ),
        (
            page(&["<div id=\"p1\" class=\"post\"><p class=\"author\">by <strong>Player 1</strong> &raquo; today</p></div>".to_owned()]),
            "post p1 has no text",
        ),
        (
            "<!DOCTYPE html><div class=\"postbody\">strike</div><div class=\"postheader\"></div>".to_owned(),
            "a post's text with no post header before it",
        ),
    ];
    for (text, words) in cases {
        let layout = if text.contains("postbody") {
            Layout::SmfHtml
        } else {
            Layout::PhpbbHtml
        };
        match read_thread(text.as_bytes(), Some(layout)) {
            Err(TableError::ThreadLine { message, .. }) => {
                assert!(message.contains(words), "{message}")
            }
            other => panic!("{other:?}"),
        }
    }
}

/// Pieces a page is made of, well or badly.
const PIECES: [&str; 24] = [
    "<!DOCTYPE html>",
    "<div id=\"p1\" class=\"post\">",
    "<div id=\"p2\" class=\"post bg2\">",
    "<div class=\"content\">",
    "<div class=\"postheader\">",
    "<div class=\"postbody\">",
    "<dd class=\"postbody\">",
    "<p class=\"author\">",
    "<a class=\"username\">",
    "</a>",
    "</p>",
    "</div>",
    "</dd>",
    "<strong>",
    "</strong>",
    "<span style=\"font-weight:bold\">",
    "</span>",
    "<blockquote>",
    "<time datetime=\"2026-12-03T10:00:00Z\">",
    "Player 1 &raquo; Thu Dec 03, 2026 10:00 am",
    "&#x1F600;&#99999999;&amp",
    "<script>'<div>'",
    "<!-- ",
    "<div title=\"a > b",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any sequence of pieces is read or refused with a typed error in every layout and by
    /// recognition, and a post's text is never longer than the page.
    #[test]
    fn any_page_is_read_or_refused_never_a_panic(
        pieces in proptest::collection::vec(0..PIECES.len(), 0..60),
        noise in "[<>&;/=\"' a-z#0-9]{0,40}",
    ) {
        let mut text: String = pieces.iter().map(|&i| PIECES[i]).collect();
        text.push_str(&noise);
        for layout in [None, Some(Layout::PhpbbHtml), Some(Layout::SmfHtml)] {
            if let Ok((_, posts)) = read_thread(text.as_bytes(), layout) {
                for post in posts {
                    prop_assert!(post.body.len() <= text.len());
                    prop_assert!(!post.author.is_empty());
                }
            }
        }
    }
}
