//! What the layouts of a copied topic page share: a header line opens each post (its author and
//! date), the lines up to the next header are its body, and the page's own lines around the
//! posts (the topic title, "Top" links, the next post's subject line) are left out.
//!
//! A header counts only where the page puts one ([`Anchor`]): a line that reads as a header
//! inside a post's body (a player typing `Post by Sensei » ...`) stays in that post, where the
//! thread reader reports it as forged and reads nothing after it.

use super::limits::check_post;
use super::post::Post;
use crate::TableError;

/// Where the page puts a real header, so that a header typed inside a post's body is not one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// At the page's start or after the line that ends the post before (phpBB's "Top" link
    /// under every post): inside a body, before its end, no line opens a post.
    AfterEnd,
    /// Right after a trailer line (the `Title:` line of an SMF print page), blank lines
    /// between them aside.
    AfterTrailer,
}

/// One copied layout: how it reads a header line, and which lines at the end of a body belong
/// to the page, not to the post.
pub struct Copied {
    /// The layout's name.
    pub name: &'static str,
    /// The author and date of a header line, or `None` for a body line.
    pub header: fn(&str) -> Option<(String, String)>,
    /// Whether a line at the end of a body is the page's (a subject line, a "Top" link).
    pub trailer: fn(&str) -> bool,
    /// Whether a line ends a post's body: what follows it up to the next header is the page's
    /// (phpBB's "Top" link under each post, then the page's footer after the last).
    pub end: fn(&str) -> bool,
    /// Where a real header stands.
    pub anchor: Anchor,
}

impl Copied {
    /// Whether any of the first lines of `text` is a header.
    pub fn looks_like(&self, text: &str) -> bool {
        text.lines()
            .take(2_000)
            .any(|line| (self.header)(line).is_some())
    }

    /// Every post of `text`; what comes before the first header is the page's.
    ///
    /// # Errors
    /// [`TableError::ThreadLine`] when no line is a header, or when a page read on its "Top"
    /// links has none under several headers; [`TableError::PostTooLarge`].
    pub fn read(&self, text: &str) -> Result<Vec<Post>, TableError> {
        let mut posts: Vec<Post> = Vec::new();
        let mut body: Vec<&str> = Vec::new();
        let mut open: Option<(String, String)> = None;
        let mut ended = false;
        let mut after_trailer = false;
        let mut headers = 0usize;
        let mut ends = 0usize;
        for line in text.lines() {
            let header = (self.header)(line);
            headers += usize::from(header.is_some());
            let anchored = match self.anchor {
                Anchor::AfterEnd => open.is_none() || ended,
                Anchor::AfterTrailer => after_trailer,
            };
            if !line.trim().is_empty() {
                after_trailer = (self.trailer)(line.trim());
            }
            if let Some(header) = header.filter(|_| anchored) {
                if let Some(done) = open.take() {
                    posts.push(self.finish(done, &mut body, posts.len())?);
                }
                open = Some(header);
                body.clear();
                ended = false;
            } else if (self.end)(line.trim()) {
                ends += 1;
                ended = true;
            } else if open.is_some() && !ended {
                body.push(line);
            }
        }
        if self.anchor == Anchor::AfterEnd && ends == 0 && headers > 1 {
            return Err(TableError::ThreadLine {
                layout: self.name,
                line: 1,
                message: "no post ends with the page's \"Top\" link, so pbp cannot tell a post's header from a header typed in a post: copy the whole page, or give the thread as jsonl".to_owned(),
            });
        }
        match open {
            Some(done) => posts.push(self.finish(done, &mut body, posts.len())?),
            None if posts.is_empty() => {
                return Err(TableError::ThreadLine {
                    layout: self.name,
                    line: 1,
                    message: match self.anchor {
                        Anchor::AfterTrailer if headers > 0 => {
                            "no post's header follows its 'Title:' line, as the print page writes them".to_owned()
                        }
                        _ => "no line is a post's header".to_owned(),
                    },
                });
            }
            None => {}
        }
        Ok(posts)
    }

    fn finish(
        &self,
        (author, time): (String, String),
        body: &mut Vec<&str>,
        before: usize,
    ) -> Result<Post, TableError> {
        while body
            .last()
            .is_some_and(|line| line.trim().is_empty() || (self.trailer)(line.trim()))
        {
            body.pop();
        }
        while body.first().is_some_and(|line| line.trim().is_empty()) {
            body.remove(0);
        }
        let post = Post {
            id: None,
            author,
            time: Some(time),
            body: body.join("\n"),
            rolls: Vec::new(),
        };
        check_post(&post.body, || post.describe(before + 1))?;
        Ok(post)
    }
}
