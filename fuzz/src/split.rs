//! The thread layouts' post splitting, against posts written like a forum's and like a cheat's:
//! the input writes a thread of posts (authors from a fixed cast, bodies from the input with
//! lines a cheat would type: post headers of every layout, "Top" links, subject lines, a page's
//! HTML), renders it as each layout's page, reads it back and checks who posted what.

use pbp_frontend::thread::{Layout, Post, detect, read_thread};

use crate::Bytes;

/// The forum names a thread's posts are written under.
const CAST: [&str; 4] = ["Sensei", "Mongooseh", "Kira", "Dice Roller"];

/// The pages a forum serves, one of which an input renders and reads back (all four on every
/// input ran at 415 to 991 inputs a CPU second, most of it string building and allocation).
const PAGES: [Layout; 4] = [
    Layout::PhpbbHtml,
    Layout::SmfHtml,
    Layout::Phpbb,
    Layout::Smf,
];

/// Lines a cheat types into a body to pass for the page's own.
const FORGERIES: [&str; 10] = [
    "Post by Sensei » Thu Dec 03, 2026 9:20 am",
    "by Sensei » Thu Dec 03, 2026 9:20 am",
    "Post by: Sensei on December 03, 2026, 10:15:00 AM",
    "Top",
    "Re: Clan War on Rokugan - round 1",
    "Title: Re: Clan War on Rokugan - round 1",
    "<div id=\"p999\" class=\"post has-profile bg2\"><div class=\"content\">end round</div></div>",
    "<div class=\"postheader\">Title: <strong>x</strong><br>Post by: <strong>Sensei</strong> on <strong>December 03, 2026, 10:15:00 AM</strong></div><div class=\"postbody\">end round</div>",
    "Mongooseh rolled 2d10: 9, 8",
    "{\"author\": \"Sensei\", \"body\": \"end round\"}",
];

/// The thread of the input: up to 8 posts, each body up to 4 lines of input text or forgeries.
fn posts_of(bytes: &mut Bytes<'_>) -> Vec<(usize, String)> {
    let count = 1 + bytes.below(8);
    (0..count)
        .map(|_| {
            let author = bytes.below(CAST.len());
            let lines = 1 + bytes.below(4);
            let body: Vec<String> = (0..lines)
                .map(|_| match bytes.byte() % 3 {
                    0 => FORGERIES[bytes.below(FORGERIES.len())].to_owned(),
                    _ => bytes.string(80).replace(['\r', '\n'], " "),
                })
                .collect();
            (author, body.join("\n"))
        })
        .collect()
}

/// `text` with HTML's special characters escaped, as a forum serves what a player typed.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\n', "<br>\n")
}

/// The thread as a phpBB (prosilver) topic page's HTML.
fn phpbb_html(posts: &[(usize, String)]) -> String {
    let mut page = String::from(
        "<!DOCTYPE html>\n<html><head><title>Topic</title></head><body id=\"phpbb\" class=\"section-viewtopic\">\n",
    );
    for (n, (author, body)) in posts.iter().enumerate() {
        let id = 101 + n;
        let name = CAST[*author];
        page.push_str(&format!(
            "<div id=\"p{id}\" class=\"post has-profile bg2\"><div class=\"inner\">\n\
             <div class=\"postbody\"><div id=\"post_content{id}\">\n\
             <h3><a href=\"#p{id}\">Re: Topic</a></h3>\n\
             <p class=\"author\"><span class=\"responsive-hide\">by <strong><a href=\"./memberlist.php?mode=viewprofile&amp;u={author}\" class=\"username\">{name}</a></strong> &raquo; </span><time datetime=\"2026-12-03T09:{n:02}:00+00:00\">Thu Dec 03, 2026 9:{n:02} am</time></p>\n\
             <div class=\"content\">{}</div>\n\
             </div></div>\n\
             <div class=\"back2top\"><a href=\"#top\" class=\"top\" title=\"Top\">Top</a></div>\n\
             </div></div>\n<hr class=\"divider\" />\n",
            escaped(body)
        ));
    }
    page.push_str("</body></html>\n");
    page
}

/// The thread as a Simple Machines Forum print page's HTML.
fn smf_html(posts: &[(usize, String)]) -> String {
    let mut page = String::from(
        "<!DOCTYPE html>\n<html><head><title>Print Page - Topic</title></head><body>\n<h1 id=\"title\">Play by post</h1>\n<div id=\"posts\">\n",
    );
    for (n, (author, body)) in posts.iter().enumerate() {
        let name = CAST[*author];
        page.push_str(&format!(
            "<div class=\"postheader\">\nTitle: <strong>Re: Topic</strong><br>\nPost by: <strong>{name}</strong> on <strong>December 03, 2026, 10:{n:02}:00 AM</strong>\n</div>\n<div class=\"postbody\">\n{}\n</div>\n",
            escaped(body)
        ));
    }
    page.push_str("</div>\n</body></html>\n");
    page
}

/// The thread as a phpBB topic page copied as text.
fn phpbb_text(posts: &[(usize, String)]) -> String {
    let mut page = String::from("Topic\n");
    for (n, (author, body)) in posts.iter().enumerate() {
        page.push_str(&format!(
            "Re: Topic\nPost by {} » Thu Dec 03, 2026 9:{n:02} am\n{body}\n\nTop\n\n",
            CAST[*author]
        ));
    }
    page
}

/// The thread as an SMF print page copied as text.
fn smf_text(posts: &[(usize, String)]) -> String {
    let mut page = String::from("Play by post\n");
    for (n, (author, body)) in posts.iter().enumerate() {
        page.push_str(&format!(
            "Title: Re: Topic\nPost by: {} on December 03, 2026, 10:{n:02}:00 AM\n{body}\n\n",
            CAST[*author]
        ));
    }
    page
}

/// Words of `text`, whitespace collapsed: what a page's rendering keeps of a body.
fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

/// The authors of `posts`.
fn authors(posts: &[Post]) -> Vec<&str> {
    posts.iter().map(|post| post.author.as_str()).collect()
}

/// Whether a body line is one the copied text layouts take for the page's own.
fn page_like(line: &str) -> bool {
    let line = line.trim().to_lowercase();
    line.starts_with("top") || line.starts_with("title") || line.starts_with("re:")
}

/// Posts split from a page of a layout the input picks (its first byte: one of the four pages a
/// forum serves, each on one input in four; the `jsonl` page on every input). In the HTML layouts
/// and jsonl a post is who the forum says it is whatever its body holds: the same authors in the
/// same order, each body's words kept, and the HTML page is recognised as its layout. In copied
/// text, where a cheat who types the page's own lines too cannot be told from the page
/// (docs/THREAD.md), the same authors are read whenever no body line reads as a page line.
/// Nothing panics in any case.
pub fn thread_split(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let page_layout = PAGES[usize::from(bytes.byte()) % PAGES.len()];
    let posts = posts_of(&mut bytes);
    let expected: Vec<&str> = posts.iter().map(|(author, _)| CAST[*author]).collect();

    let jsonl: String = posts
        .iter()
        .map(|(author, body)| {
            serde_json::json!({"author": CAST[*author], "body": body}).to_string() + "\n"
        })
        .collect();
    let (_, read) = read_thread(jsonl.as_bytes(), Some(Layout::Jsonl)).expect("jsonl reads");
    assert_eq!(authors(&read), expected, "jsonl authors");

    match page_layout {
        Layout::PhpbbHtml | Layout::SmfHtml => {
            let page = if page_layout == Layout::PhpbbHtml {
                phpbb_html(&posts)
            } else {
                smf_html(&posts)
            };
            let (_, read) = read_thread(page.as_bytes(), Some(page_layout))
                .unwrap_or_else(|error| panic!("{page_layout:?} page reads: {error}\n{page}"));
            assert_eq!(authors(&read), expected, "{page_layout:?} authors\n{page}");
            for (post, (_, body)) in read.iter().zip(&posts) {
                assert_eq!(
                    words(&post.body),
                    words(body),
                    "{page_layout:?} body\n{page}"
                );
            }
            // Read with no layout named, the page is the layout `detect` recognises, read as
            // above (`read_thread`): the recognition is checked without reading it a second time.
            assert_eq!(
                detect(&page).ok(),
                Some(page_layout),
                "the HTML page is recognised as its layout"
            );
        }
        _ => {
            let page = if page_layout == Layout::Phpbb {
                phpbb_text(&posts)
            } else {
                smf_text(&posts)
            };
            let read = read_thread(page.as_bytes(), Some(page_layout));
            let honest = posts.iter().all(|(_, body)| !body.lines().any(page_like));
            if honest {
                let (_, read) = read
                    .unwrap_or_else(|error| panic!("{page_layout:?} page reads: {error}\n{page}"));
                assert_eq!(authors(&read), expected, "{page_layout:?} authors\n{page}");
            }
        }
    }
}
