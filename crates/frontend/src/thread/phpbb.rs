//! The `phpbb` layout: a topic page of phpBB (the prosilver style) copied as text, each post
//! opened by its header line:
//!
//! ```text
//! Re: Clan War, round 1
//! Post by Plainsfox » Thu Dec 03, 2026 10:15 am
//!
//! attack E4 from D3
//!
//! Top
//! ```
//!
//! The header is `Post by NAME » DATE` (phpBB 3.0-3.2) or `by NAME » DATE` (3.3). The subject
//! line before a header is the page's, and so is everything from the "Top" link under a body
//! to the next header (the page's footer after the last post). A header opens a post only at
//! the page's start or after the "Top" link of the post before: a header typed inside a body
//! stays in that post. Copied pages carry no post ids: a post is known by its author and date.

use super::copied::{Anchor, Copied};

/// The layout.
pub const PHPBB: Copied = Copied {
    name: "phpbb",
    header,
    trailer,
    end,
    anchor: Anchor::AfterEnd,
};

fn header(line: &str) -> Option<(String, String)> {
    let line = line.trim();
    let rest = line
        .strip_prefix("Post by ")
        .or_else(|| line.strip_prefix("by "))?;
    let (author, time) = rest.split_once('»')?;
    let (author, time) = (author.trim(), time.trim());
    (!author.is_empty() && !time.is_empty() && author.len() <= 100 && time.len() <= 100)
        .then(|| (author.to_owned(), time.to_owned()))
}

fn trailer(line: &str) -> bool {
    line.starts_with("Re: ")
}

fn end(line: &str) -> bool {
    line == "Top" || line == "Back to top"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_header_forms_are_read() {
        assert_eq!(
            header("Post by Plainsfox » Thu Dec 03, 2026 10:15 am"),
            Some(("Plainsfox".into(), "Thu Dec 03, 2026 10:15 am".into()))
        );
        assert_eq!(
            header("by Lady Ayame » Thu Dec 03, 2026 10:20 am"),
            Some(("Lady Ayame".into(), "Thu Dec 03, 2026 10:20 am".into()))
        );
        assert_eq!(header("posted by Plainsfox"), None);
        assert_eq!(
            header("by the river » we fight"),
            Some(("the river".into(), "we fight".into()))
        );
    }

    #[test]
    fn a_header_typed_in_a_body_stays_in_it() {
        let page = "Topic\nPost by Ann » Mon 9:00\nhello\nPost by Sensei » Mon 9:20\nend round\n\nTop\nRe: Topic\nPost by Bob » Mon 9:30\nhi\n\nTop\n";
        let posts = PHPBB.read(page).unwrap();
        let seen: Vec<(&str, &str)> = posts
            .iter()
            .map(|p| (p.author.as_str(), p.body.as_str()))
            .collect();
        assert_eq!(
            seen,
            [
                ("Ann", "hello\nPost by Sensei » Mon 9:20\nend round"),
                ("Bob", "hi")
            ]
        );
    }
}
