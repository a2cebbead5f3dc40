//! The `jsonl` layout: one JSON object per line, as a forum bot or a scraper writes a thread.
//!
//! ```text
//! {"id": "p101", "author": "Plainsfox", "time": "2026-12-03T10:15:00Z", "body": "[b]attack E4[/b]"}
//! ```
//!
//! `author` and `body` are required; `id` (a string or a number) and `time` (RFC 3339) are
//! optional; other fields are ignored. Blank lines are skipped.
//!
//! `rolls` (optional) holds the rolls the forum's dice extension attached to the post, each a
//! roll line as the forum shows it (`"rolls": ["2d10: 7, 3"]`), written by the exporter from the
//! forum's record of the roll, never from the body: a roll line typed in a body is the poster's
//! text, and never a die.

use serde::Deserialize;

use super::limits::check_post;
use super::post::Post;
use super::rolls::roll_values;
use crate::TableError;

/// A post id as a scraper writes it: text or a number.
#[derive(Deserialize)]
#[serde(untagged)]
enum Id {
    Text(String),
    Number(u64),
}

#[derive(Deserialize)]
struct Line {
    #[serde(default)]
    id: Option<Id>,
    author: String,
    #[serde(default)]
    time: Option<String>,
    body: String,
    #[serde(default)]
    rolls: Vec<String>,
}

/// Whether `text` looks like this layout: its first non-blank character opens a JSON object.
pub fn looks_like(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// Reads every post.
///
/// # Errors
/// [`TableError::ThreadLine`] for a line that is not such an object (with serde's reason), or
/// [`TableError::PostTooLarge`].
pub fn read(text: &str) -> Result<Vec<Post>, TableError> {
    let mut posts = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |message: String| TableError::ThreadLine {
            layout: "jsonl",
            line: index + 1,
            message,
        };
        let read: Line = serde_json::from_str(line).map_err(|e| bad(e.to_string()))?;
        if read.author.trim().is_empty() {
            return Err(bad("the post has no author".to_owned()));
        }
        if let Some(roll) = read.rolls.iter().find(|roll| roll_values(roll).is_none()) {
            return Err(bad(format!(
                "'{}' in `rolls` is not a roll line pbp reads (such as '2d10: 7, 3')",
                roll.chars().take(60).collect::<String>()
            )));
        }
        let post = Post {
            id: read.id.map(|id| match id {
                Id::Text(text) => text,
                Id::Number(n) => n.to_string(),
            }),
            author: read.author,
            time: read.time,
            body: read.body,
            rolls: read.rolls,
        };
        check_post(&post.body, || post.describe(posts.len() + 1))?;
        posts.push(post);
    }
    Ok(posts)
}
