//! The forum thread as the input of a game: a thread read into its posts, each post's own text
//! (quotes left out), the actions the game reads in it applied in thread order, and a report by
//! post and player.
//!
//! One job per module:
//! - reading a thread: [`Post`] (`post.rs`), the layouts [`Layout`] with their recognition and
//!   [`read_thread`] (`layout.rs`): `jsonl` (`jsonl.rs`), a phpBB topic page copied as text
//!   (`phpbb.rs`) and a Simple Machines Forum print page (`smf.rs`), the two sharing the header
//!   logic of `copied.rs`; the same two forums' pages as HTML (`phpbb_html.rs`,
//!   `smf_html.rs`), whose posts are the forum's own elements, read with a small tolerant
//!   scanner (`html.rs`) and their bodies back to the reader's text (`html_body.rs`); the sizes read ([`MAX_THREAD_BYTES`], [`MAX_POST_BYTES`],
//!   `limits.rs`) and post times ([`PostTime`], `time.rs`);
//! - reading a post: its BBCode ([`post_text`], `bbcode.rs`) and its forum dice rolls
//!   ([`roll_values`], `rolls.rs`);
//! - applying: authors to seats (`seats.rs`), one post tried on a copy of the table with its
//!   dice (`attempt.rs`), the thread in order with what is already applied skipped
//!   ([`apply_thread`], `apply.rs`), the game master's private messages joined to the turns
//!   posted just before them (`private.rs`), and the [`ThreadReport`] (`report.rs`).
//!
//! What in a post is an action is the game's to say
//! ([`Game::post_pieces`](pbp_core::engine::Game::post_pieces)): this module knows no game.
//!
//! ```
//! use pbp_core::engine::DiceChoice;
//! use pbp_frontend::Table;
//! use pbp_frontend::thread::{Outcome, ThreadOptions, apply_thread};
//!
//! let mut table = Table::new("duel", None, 7, DiceChoice::Seeded)?;
//! let thread = concat!(
//!     r#"{"id": "1", "author": "Player 1", "body": "[quote=\"Player 2\"]strike[/quote]focus"}"#, "\n",
//!     r#"{"id": "2", "author": "Kibitzer", "body": "go go go"}"#, "\n",
//! );
//! let report = apply_thread(&mut table, thread.as_bytes(), &ThreadOptions::default())?;
//! assert_eq!(report.posts[0].outcome, Outcome::Applied);
//! assert_eq!(report.posts[0].actions[0].action, "focus");
//! assert_eq!(report.posts[1].outcome, Outcome::NotAPlayer);
//! // Read again, the thread applies nothing twice.
//! let again = apply_thread(&mut table, thread.as_bytes(), &ThreadOptions::default())?;
//! assert_eq!(again.posts[0].outcome, Outcome::AlreadyApplied);
//! assert_eq!(again.applied, 0);
//! # Ok::<(), pbp_frontend::TableError>(())
//! ```

mod apply;
mod attempt;
mod bbcode;
mod copied;
mod html;
mod html_body;
mod jsonl;
mod layout;
mod limits;
mod phpbb;
mod phpbb_html;
mod post;
mod private;
mod report;
mod rolls;
mod seats;
mod smf;
mod smf_html;
mod time;

pub use apply::{ThreadOptions, apply_posts, apply_thread};
pub use bbcode::post_text;
pub use layout::{Layout, detect, read_thread};
pub use limits::{MAX_POST_BYTES, MAX_THREAD_BYTES};
pub use post::Post;
pub use report::{AppliedAction, NotDice, Outcome, PostReport, ThreadReport};
pub use rolls::roll_values;
pub use seats::{Author, Seating};
pub use time::PostTime;
