//! The post model: what every layout reads a thread into.

use serde::{Deserialize, Serialize};

use super::time::PostTime;

/// One post of a forum thread, as a layout reads it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Post {
    /// The forum's id of the post, where the layout has one (`p1234`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The author's name as the forum shows it.
    pub author: String,
    /// When it was posted, as the forum wrote it, where the layout has it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
    /// The body, in BBCode or the text copied from the page.
    pub body: String,
    /// The rolls the forum's dice extension attached to the post, each as the forum shows it
    /// (`2d10: 7, 3`): read from the forum's own record of the roll, outside the body, so that
    /// no poster types them (only the `jsonl` layout carries them: see docs/THREAD.md).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<String>,
}

impl Post {
    /// The post's key in its thread, kept in the save once it is applied: `id:` and the id; else
    /// `by:` the author, `@` and the time; else `by:` the author and the digest of the body
    /// (a post without id or time is then known by its text, and an edit of it reads as a new
    /// post).
    pub fn key(&self) -> String {
        match (&self.id, &self.time) {
            (Some(id), _) => format!("id:{id}"),
            (None, Some(time)) => format!("by:{}@{}", self.author.trim(), time.trim()),
            (None, None) => format!(
                "by:{}#{}",
                self.author.trim(),
                pbp_core::engine::post::body_digest(&self.body)
            ),
        }
    }

    /// The time as a comparable instant, when the layout gave one that pbp reads.
    pub fn instant(&self) -> Option<PostTime> {
        self.time.as_deref().and_then(PostTime::parse)
    }

    /// How the report names the post: "post 3 by Plainsfox (id p17, Thu Dec 03, 2026 10:15 am)".
    pub fn describe(&self, number: usize) -> String {
        let mut out = format!("post {number} by {}", self.author.trim());
        let details: Vec<String> = [
            self.id.as_ref().map(|id| format!("id {id}")),
            self.time.clone(),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !details.is_empty() {
            out.push_str(&format!(" ({})", details.join(", ")));
        }
        out
    }
}
