//! Forum posts as a game reads them: the text of a post outside its quotes, line by line, and
//! what in it the game takes for an action ([`Game::post_pieces`](crate::engine::Game::post_pieces)),
//! and the mark a step keeps of the post it came from ([`PostMark`]), so that a thread read again
//! applies nothing twice.
//!
//! Reading the forum's markup (BBCode, quotes, the layout of a copied page) is the frontend's
//! job (`pbp_frontend::thread`); a game sees only [`PostText`].
//!
//! ```
//! use pbp_core::engine::post::{PostLine, PostPiece, PostText, each_line};
//! let post = PostText {
//!     lines: vec![PostLine::plain("attack E4 from D3"), PostLine::plain(""), PostLine::plain("good luck!")],
//! };
//! assert_eq!(
//!     each_line(&post),
//!     vec![
//!         PostPiece::Line("attack E4 from D3".into()),
//!         PostPiece::Line("good luck!".into()),
//!     ]
//! );
//! ```

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// One line of a post as the forum shows it, outside quotes, with its markup removed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostLine {
    /// The line's text.
    pub text: String,
    /// The parts of the line the author put in bold, joined with spaces (empty if none).
    pub bold: String,
}

impl PostLine {
    /// A line without bold text.
    pub fn plain(text: &str) -> PostLine {
        PostLine {
            text: text.to_owned(),
            bold: String::new(),
        }
    }
}

/// A post's own text (quotes of other posts left out), line by line.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostText {
    /// The lines, in order; blank lines included.
    pub lines: Vec<PostLine>,
}

/// What a game takes a piece of a post for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PostPiece {
    /// A line that is an action if the game's text form reads it, and chatter otherwise.
    Line(String),
    /// Text the rules make an action (Warring States' bolded orders): read with the game's
    /// text form, and refused with the reason if it does not read.
    Orders(String),
    /// Text the rules never read as an action (Warring States' lines outside bold).
    Chatter(String),
}

/// Every non-blank line of `post` as a [`PostPiece::Line`]: the default reading of
/// [`Game::post_pieces`](crate::engine::Game::post_pieces), for games whose actions are the lines of a
/// post that read as actions.
pub fn each_line(post: &PostText) -> Vec<PostPiece> {
    post.lines
        .iter()
        .map(|line| line.text.trim())
        .filter(|text| !text.is_empty())
        .map(|text| PostPiece::Line(text.to_owned()))
        .collect()
}

/// The mark a recorded step keeps of the forum post it was read from: the post's key (its id on
/// the forum, or its author and time, or its author and body where it has neither), the digest
/// of its body, the dice rolls posted on the forum that the step used, and the game master's
/// private messages read with it.
///
/// Saved in the step's entry only when the step came from a post, so saves without posts are
/// written as before; written as a list of strings, the key, the digest, the time (empty when
/// the thread gave none), the rolls' keys (each ending ` roll N`) and the private messages'
/// keys (each ending ` private N`):
/// `["id:p102", "sha256:…", "2026-12-03T09:10:00Z"]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "Vec<String>", try_from = "Vec<String>")]
pub struct PostMark {
    /// The post's key in its thread (see [`PostMark`]).
    pub post: String,
    /// [`body_digest`] of the post's body when it was applied.
    pub body: String,
    /// The post's time as the forum wrote it, where the thread gave one (to tell a post older
    /// than one already applied).
    pub time: Option<String>,
    /// The keys of the forum rolls the step used, in order (a post's key, ` roll `, and the
    /// roll's place in that post from 1).
    pub rolls: Vec<String>,
    /// The keys of the game master's private messages read with the step's action (the game
    /// master's post's key, ` private `, and the message's place in that post from 1; see
    /// [`private_key`]).
    pub privates: Vec<String>,
}

/// The key of the private message at `place` (from 1) of the game master's post `post`, as a
/// [`PostMark`] keeps it.
///
/// ```
/// assert_eq!(pbp_core::engine::post::private_key("id:p7", 1), "id:p7 private 1");
/// ```
pub fn private_key(post: &str, place: usize) -> String {
    format!("{post} private {place}")
}

/// Whether a mark's list entry is a private message's key (ends ` private N`) rather than a
/// roll's (ends ` roll N`).
fn is_private_key(key: &str) -> bool {
    key.rsplit_once(" private ")
        .is_some_and(|(_, place)| !place.is_empty() && place.bytes().all(|b| b.is_ascii_digit()))
}

/// What a recorded step keeps of its post ([`Entry::post`](crate::engine::Entry::post)): the
/// [`PostMark`]. In the browser's wasm, which reads no threads, the mark's list of strings is
/// kept as it was read and written back unchanged, so a save that goes through the page keeps
/// its marks without the page carrying their reader (its download has a size budget).
#[cfg(not(target_arch = "wasm32"))]
pub type StepPost = PostMark;

/// What a recorded step keeps of its post in the browser's wasm: see [`StepPost`].
#[cfg(target_arch = "wasm32")]
pub type StepPost = Vec<String>;

impl From<PostMark> for Vec<String> {
    fn from(mark: PostMark) -> Vec<String> {
        let mut out = vec![mark.post, mark.body, mark.time.unwrap_or_default()];
        out.extend(mark.rolls);
        out.extend(mark.privates);
        out
    }
}

impl TryFrom<Vec<String>> for PostMark {
    type Error = String;

    fn try_from(list: Vec<String>) -> Result<PostMark, String> {
        let mut parts = list.into_iter();
        match (parts.next(), parts.next(), parts.next()) {
            (Some(post), Some(body), Some(time)) => {
                let (privates, rolls) = parts.partition(|key| is_private_key(key));
                Ok(PostMark {
                    post,
                    body,
                    time: (!time.is_empty()).then_some(time),
                    rolls,
                    privates,
                })
            }
            _ => Err("a step's post mark is [key, body digest, time, rolls...]".to_owned()),
        }
    }
}

/// The digest of a post's body kept in a [`PostMark`]: `sha256:` and the SHA-256 of the body's
/// UTF-8 bytes in hex.
///
/// ```
/// let digest = pbp_core::engine::post::body_digest("attack E4");
/// assert!(digest.starts_with("sha256:") && digest.len() == 7 + 64);
/// assert_ne!(digest, pbp_core::engine::post::body_digest("attack E5"));
/// ```
pub fn body_digest(body: &str) -> String {
    let hash = Sha256::digest(body.as_bytes());
    let mut out = String::with_capacity(7 + 64);
    out.push_str("sha256:");
    for byte in hash {
        out.push(char::from(HEX[usize::from(byte >> 4)]));
        out.push(char::from(HEX[usize::from(byte & 0xf)]));
    }
    out
}

const HEX: &[u8; 16] = b"0123456789abcdef";

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn a_mark_keeps_its_rolls_and_private_messages_apart() {
        let written = list(&[
            "id:p3",
            "sha256:00",
            "",
            "id:p4 roll 1",
            // A post keyed by its author and body may hold the words of a private key.
            "Ann: private 2 roll 1",
            "id:p5 private 1",
        ]);
        let mark = PostMark::try_from(written.clone()).unwrap();
        assert_eq!(mark.time, None);
        assert_eq!(mark.rolls, list(&["id:p4 roll 1", "Ann: private 2 roll 1"]));
        assert_eq!(mark.privates, list(&["id:p5 private 1"]));
        assert_eq!(Vec::<String>::from(mark), written);
    }

    #[test]
    fn a_mark_of_before_private_messages_reads_as_it_was_written() {
        let written = list(&["id:p3", "sha256:00", "2026-12-03T09:10:00Z", "id:p4 roll 1"]);
        let mark = PostMark::try_from(written.clone()).unwrap();
        assert!(mark.privates.is_empty());
        assert_eq!(Vec::<String>::from(mark), written);
    }
}
