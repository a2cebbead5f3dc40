//! The `smf-html` layout: a Simple Machines Forum topic's print page (`action=printpage`) as
//! HTML, saved with the browser's "Save page as". Each post is the forum's header element and
//! the body element after it (`div`s in SMF 2.1, `dt`/`dd` in SMF 2.0):
//!
//! ```text
//! <div class="postheader">
//!   Title: <strong>Re: Clan War</strong><br>
//!   Post by: <strong>Plainsfox</strong> on <strong>December 03, 2026, 10:15:00 AM</strong>
//! </div>
//! <div class="postbody">attack E4 from D3</div>
//! ```
//!
//! The header's three `<strong>`s are the subject, the author and the date (the date as the
//! `smf` layout reads it); the body is read by `html_body.rs`. The print page carries no post
//! ids: a post is known by its author and date, as in the copied print page, so that a thread
//! read from either is the same thread.
//!
//! A poster's text reaches the page escaped: a `Title:` line, a header or
//! `<div class="postheader">` typed in a body is text in that body, never a post.

use super::html::{Token, Tokens, decode, line_of};
use super::html_body::body_text;
use super::limits::check_post;
use super::post::Post;
use crate::TableError;

/// The layout's name.
pub const NAME: &str = "smf-html";

/// The element name of `token` if it opens the print page's `class` element (a `div`, or a
/// `dt`/`dd` in SMF 2.0).
fn element<'a>(token: &Token<'a>, class: &str) -> Option<&'a str> {
    match token {
        Token::Start { name, .. }
            if ["div", "dt", "dd"]
                .iter()
                .any(|t| name.eq_ignore_ascii_case(t))
                && token.has_class(class) =>
        {
            Some(name)
        }
        _ => None,
    }
}

/// Whether `page` has a print page's post header.
pub fn looks_like(page: &str) -> bool {
    Tokens::new(page).any(|token| element(&token, "postheader").is_some())
}

/// The texts of the `<strong>`s of a header, up to the header's end; `None` if the page ends
/// first.
fn header(tokens: &mut Tokens<'_>, tag: &str) -> Option<Vec<String>> {
    let mut strongs = Vec::new();
    let mut strong: Option<String> = None;
    let mut depth = 0usize;
    for token in tokens.by_ref() {
        match token {
            Token::Text(raw) => {
                if let Some(text) = strong.as_mut() {
                    text.push_str(&decode(raw));
                }
            }
            _ if token.is_start(tag) => depth += 1,
            _ if token.is_end(tag) => {
                if depth == 0 {
                    return Some(strongs);
                }
                depth -= 1;
            }
            _ if token.is_start("strong") && strong.is_none() => strong = Some(String::new()),
            _ if token.is_end("strong") => strongs.extend(strong.take()),
            _ => {}
        }
    }
    None
}

/// Reads every post of the page.
///
/// # Errors
/// [`TableError::ThreadLine`] for a page with no post header, a header without its author and
/// date or without a body after it, a body without a header, or a page cut short inside a
/// post; [`TableError::PostTooLarge`].
pub fn read(page: &str) -> Result<Vec<Post>, TableError> {
    let bad = |at: usize, message: &str| TableError::ThreadLine {
        layout: NAME,
        line: line_of(page, at),
        message: message.to_owned(),
    };
    let cut = "the page ends inside a post: save the whole print page again";
    let mut posts: Vec<Post> = Vec::new();
    let mut tokens = Tokens::new(page);
    // The header read, waiting for its body: author, date and where it is.
    let mut pending: Option<(String, String, usize)> = None;
    while let Some(token) = tokens.next() {
        let at = match token {
            Token::Start { at, .. } => at,
            _ => continue,
        };
        if let Some(tag) = element(&token, "postheader") {
            if pending.is_some() {
                return Err(bad(
                    at,
                    "a post header follows a post header with no post text between them",
                ));
            }
            let strongs = header(&mut tokens, tag).ok_or_else(|| bad(at, cut))?;
            let [_subject, author, time] = <[String; 3]>::try_from(strongs).map_err(|_| {
                bad(at, "a post header without its subject, author and date (Title: <strong>...</strong> Post by: <strong>NAME</strong> on <strong>DATE</strong>)")
            })?;
            let (author, time) = (author.trim().to_owned(), time.trim().to_owned());
            if author.is_empty() || time.is_empty() || author.len() > 100 || time.len() > 100 {
                return Err(bad(at, "a post header without its author or date"));
            }
            pending = Some((author, time, at));
        } else if let Some(tag) = element(&token, "postbody") {
            let (author, time, _) = pending
                .take()
                .ok_or_else(|| bad(at, "a post's text with no post header before it"))?;
            let body = body_text(&mut tokens, tag).ok_or_else(|| bad(at, cut))?;
            let post = Post {
                id: None,
                author,
                time: Some(time),
                body,
                rolls: Vec::new(),
            };
            check_post(&post.body, || post.describe(posts.len() + 1))?;
            posts.push(post);
        }
    }
    if let Some((_, _, at)) = pending {
        return Err(bad(
            at,
            "the last post header has no post text after it: save the whole print page again",
        ));
    }
    if posts.is_empty() {
        return Err(bad(
            1,
            "no post header (<div class=\"postheader\">) on the page: save the topic's print page (action=printpage)",
        ));
    }
    Ok(posts)
}
