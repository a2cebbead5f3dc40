//! The `smf` layout: the print page of a Simple Machines Forum topic (`action=printpage`) copied
//! as text, each post opened by its header line:
//!
//! ```text
//! Title: Re: Clan War, round 1
//! Post by: Plainsfox on December 03, 2026, 10:15:00 AM
//! attack E4 from D3
//! ```
//!
//! The header is `Post by: NAME on DATE`; the `Title:` line before it is the page's, and a
//! header opens a post only right after such a line: a header typed inside a body stays in
//! that post. The print page carries no post ids: a post is known by its author and date.

use super::copied::{Anchor, Copied};

/// The layout.
pub const SMF: Copied = Copied {
    name: "smf",
    header,
    trailer,
    end: |_| false,
    anchor: Anchor::AfterTrailer,
};

fn header(line: &str) -> Option<(String, String)> {
    let rest = line.trim().strip_prefix("Post by:")?;
    let (author, time) = rest.rsplit_once(" on ")?;
    let (author, time) = (author.trim(), time.trim());
    (!author.is_empty() && !time.is_empty() && author.len() <= 100 && time.len() <= 100)
        .then(|| (author.to_owned(), time.to_owned()))
}

fn trailer(line: &str) -> bool {
    line.starts_with("Title:")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_is_read() {
        assert_eq!(
            header("Post by: Lady Ayame on December 03, 2026, 10:15:00 AM"),
            Some(("Lady Ayame".into(), "December 03, 2026, 10:15:00 AM".into()))
        );
        assert_eq!(header("Post by Plainsfox » today"), None);
    }

    #[test]
    fn a_header_opens_a_post_only_after_its_title_line() {
        let page = "Title: T\nPost by: Ann on Monday\nhello\nPost by: Bob on Monday\nend\nTitle: Re: T\n\nPost by: Cy on Monday\nhi\n";
        let posts = SMF.read(page).unwrap();
        let seen: Vec<(&str, &str)> = posts
            .iter()
            .map(|p| (p.author.as_str(), p.body.as_str()))
            .collect();
        assert_eq!(
            seen,
            [("Ann", "hello\nPost by: Bob on Monday\nend"), ("Cy", "hi")]
        );
    }
}
