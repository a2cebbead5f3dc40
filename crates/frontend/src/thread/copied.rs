//! What the layouts of a copied topic page share: a header line opens each post (its author and
//! date), the lines up to the next header are its body, and the page's own lines around the
//! posts (the topic title, "Top" links, the next post's subject line) are left out.

use super::limits::check_post;
use super::post::Post;
use crate::TableError;

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
    /// [`TableError::ThreadLine`] when no line is a header, or [`TableError::PostTooLarge`].
    pub fn read(&self, text: &str) -> Result<Vec<Post>, TableError> {
        let mut posts: Vec<Post> = Vec::new();
        let mut body: Vec<&str> = Vec::new();
        let mut open: Option<(String, String)> = None;
        let mut ended = false;
        for line in text.lines() {
            if let Some(header) = (self.header)(line) {
                if let Some(done) = open.take() {
                    posts.push(self.finish(done, &mut body, posts.len())?);
                }
                open = Some(header);
                body.clear();
                ended = false;
            } else if (self.end)(line.trim()) {
                ended = true;
            } else if open.is_some() && !ended {
                body.push(line);
            }
        }
        match open {
            Some(done) => posts.push(self.finish(done, &mut body, posts.len())?),
            None if posts.is_empty() => {
                return Err(TableError::ThreadLine {
                    layout: self.name,
                    line: 1,
                    message: "no line is a post's header".to_owned(),
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
        };
        check_post(&post.body, || post.describe(before + 1))?;
        Ok(post)
    }
}
