//! The `phpbb-html` layout: a phpBB topic page (`viewtopic.php`, the prosilver style) as HTML,
//! saved with the browser's "Save page as" or fetched by a bot. Each post is the forum's
//! element
//!
//! ```text
//! <div id="p1234" class="post has-profile bg2">
//!   ...
//!   <p class="author">... by <strong><a href="..." class="username">Plainsfox</a></strong>
//!      &raquo; </span><time datetime="2026-12-03T10:15:00+00:00">Thu Dec 03, 2026 10:15 am</time></p>
//!   <div class="content">attack E4 from D3</div>
//!   ...
//! </div>
//! ```
//!
//! The post's id is the element's (`p1234`), its author the username in the `author` line
//! (phpBB 3.1+ marks it `username` or `username-coloured`; 3.0 has the `<strong>` around it),
//! its time the `<time datetime>` (RFC 3339, phpBB 3.3) or the date after `»` (before 3.3),
//! its body the `content` block, read by `html_body.rs`. The signature, the profile and the
//! rest of the page are the forum's, not the post's.
//!
//! A poster's text reaches the page escaped: a header, a "Top" link or `<div class="post">`
//! typed in a body is text in that body, never a post.

use super::html::{Token, Tokens, attribute, decode, line_of};
use super::html_body::body_text;
use super::limits::check_post;
use super::post::Post;
use crate::TableError;

/// The layout's name.
pub const NAME: &str = "phpbb-html";

/// The id of a post element (`p` and digits), if `token` opens one.
fn post_id(token: &Token<'_>) -> Option<String> {
    if !token.is_start("div") || !token.has_class("post") {
        return None;
    }
    let id = attribute(token.attributes(), "id")?;
    let digits = id.strip_prefix('p')?;
    (!digits.is_empty() && digits.len() <= 20 && digits.bytes().all(|b| b.is_ascii_digit()))
        .then_some(id)
}

/// Whether `page` has a phpBB post element.
pub fn looks_like(page: &str) -> bool {
    Tokens::new(page).any(|token| post_id(&token).is_some())
}

/// What the `author` line of a post says.
#[derive(Default)]
struct Byline {
    /// The username element's text (`username`, `username-coloured`).
    username: Option<String>,
    /// The first `<strong>`'s text (phpBB 3.0, whose username link has no class).
    strong: Option<String>,
    /// The `<time datetime>`.
    datetime: Option<String>,
    /// The line's whole text, for the date after `»`.
    text: String,
}

/// Reads the `author` paragraph, up to its `</p>`.
fn byline(tokens: &mut Tokens<'_>) -> Byline {
    let mut line = Byline::default();
    // The element being read into `username` or `strong`, and its text so far.
    let mut into_username: Option<(String, String)> = None;
    let mut into_strong: Option<String> = None;
    for token in tokens.by_ref() {
        match token {
            Token::Text(raw) => {
                let text = decode(raw);
                if let Some((_, name)) = into_username.as_mut() {
                    name.push_str(&text);
                }
                if let Some(strong) = into_strong.as_mut() {
                    strong.push_str(&text);
                }
                line.text.push_str(&text);
            }
            Token::Start { name, .. } => {
                let username = token.has_class("username") || token.has_class("username-coloured");
                if username && line.username.is_none() && into_username.is_none() {
                    into_username = Some((name.to_ascii_lowercase(), String::new()));
                } else if token.is_start("strong") && line.strong.is_none() {
                    into_strong = Some(String::new());
                } else if token.is_start("time") {
                    line.datetime = attribute(token.attributes(), "datetime");
                }
            }
            Token::End { name, .. } => {
                if token.is_end("p") {
                    break;
                }
                if into_username
                    .as_ref()
                    .is_some_and(|(open, _)| name.eq_ignore_ascii_case(open))
                {
                    line.username = into_username.take().map(|(_, text)| text);
                }
                if token.is_end("strong")
                    && let Some(text) = into_strong.take()
                {
                    line.strong = Some(text);
                }
            }
        }
    }
    line
}

/// A post element being read.
struct Open {
    id: String,
    at: usize,
    /// The depth of `div`s outside it.
    depth: usize,
    byline: Option<Byline>,
    body: Option<String>,
}

/// Reads every post of the page.
///
/// # Errors
/// [`TableError::ThreadLine`] for a page with no post element, a post whose author, time or
/// body the page does not give, or a page cut short inside a post;
/// [`TableError::PostTooLarge`].
pub fn read(page: &str) -> Result<Vec<Post>, TableError> {
    let bad = |at: usize, message: String| TableError::ThreadLine {
        layout: NAME,
        line: line_of(page, at),
        message,
    };
    let mut posts = Vec::new();
    let mut tokens = Tokens::new(page);
    let mut depth = 0usize;
    let mut open: Option<Open> = None;
    while let Some(token) = tokens.next() {
        if let Some(post) = open.as_mut() {
            if token.is_start("div") && token.has_class("content") && post.body.is_none() {
                let at = tokens.offset();
                let body = body_text(&mut tokens, "div").ok_or_else(|| {
                    bad(
                        at,
                        format!(
                            "post {} is cut short: its text never ends; save the whole page again",
                            post.id
                        ),
                    )
                })?;
                post.body = Some(body);
                continue;
            }
            if token.is_start("p") && token.has_class("author") && post.byline.is_none() {
                post.byline = Some(byline(&mut tokens));
                continue;
            }
        }
        if token.is_start("div") {
            if open.is_none()
                && let Some(id) = post_id(&token)
                && let Token::Start { at, .. } = token
            {
                open = Some(Open {
                    id,
                    at,
                    depth,
                    byline: None,
                    body: None,
                });
            }
            depth += 1;
        } else if token.is_end("div") {
            depth = depth.saturating_sub(1);
            if open.as_ref().is_some_and(|post| post.depth == depth)
                && let Some(post) = open.take()
            {
                let number = posts.len() + 1;
                posts.push(finish(post, number, &bad)?);
            }
        }
    }
    if let Some(post) = open {
        return Err(bad(
            post.at,
            format!(
                "post {} is cut short: the page ends inside it; save the whole page again",
                post.id
            ),
        ));
    }
    if posts.is_empty() {
        return Err(bad(
            1,
            "no post element (<div id=\"p123\" class=\"post ...\">) on the page: save the topic page itself (viewtopic.php)".to_owned(),
        ));
    }
    Ok(posts)
}

fn finish(
    post: Open,
    number: usize,
    bad: &dyn Fn(usize, String) -> TableError,
) -> Result<Post, TableError> {
    let missing = |what: &str| {
        bad(
            post.at,
            format!("post {} has no {what} where phpBB writes it", post.id),
        )
    };
    let byline = post
        .byline
        .ok_or_else(|| missing("author line (<p class=\"author\">)"))?;
    let author = byline
        .username
        .or(byline.strong)
        .map(|name| name.trim().to_owned())
        .filter(|name| !name.is_empty() && name.len() <= 100)
        .ok_or_else(|| missing("author (the username in its author line)"))?;
    let time = byline
        .datetime
        .or_else(|| {
            byline
                .text
                .rsplit_once('»')
                .map(|(_, date)| date.trim().to_owned())
        })
        .map(|time| time.trim().to_owned())
        .filter(|time| !time.is_empty() && time.len() <= 100)
        .ok_or_else(|| missing("time (<time datetime=...> or the date after '»')"))?;
    let body = post
        .body
        .ok_or_else(|| missing("text (<div class=\"content\">)"))?;
    let post = Post {
        id: Some(post.id),
        author,
        time: Some(time),
        body,
        rolls: Vec::new(),
    };
    check_post(&post.body, || post.describe(number))?;
    Ok(post)
}
