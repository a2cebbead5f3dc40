//! Which of a post's dice are the forum's: a dice roller's roll lines and the rolls the forum
//! attached to a post count, a roll typed in anyone else's post never does; and a header typed
//! in a copied page's post is cut with what follows it.

use pbp_core::engine::Actor;
use pbp_core::engine::post::PostText;

use super::Reading;
use crate::thread::attempt::Roll;
use crate::thread::layout::Layout;
use crate::thread::post::Post;
use crate::thread::report::{NotDice, PostReport};
use crate::thread::rolls::roll_values;
use crate::thread::seats::Author;

impl Reading {
    /// In a copied page, the first line of a post's text that reads as a post header, cut
    /// with every line after it: a post is who the forum says it is, and text typed to look
    /// like another post's header (`Post by Sensei » ...`) is neither a post nor the poster's
    /// actions.
    pub(super) fn cut_forged(&self, text: &mut PostText) -> Option<String> {
        if self.layout == Layout::Jsonl {
            return None;
        }
        let at = text
            .lines
            .iter()
            .position(|line| self.layout.reads_as_header(&line.text))?;
        let forged = text.lines[at].text.trim().to_owned();
        text.lines.truncate(at);
        Some(forged)
    }

    /// The post's text without its roll lines, and the rolls that are forum dice: a dice
    /// roller's roll lines, and the rolls the forum attached to the post (a player's only where
    /// [`ThreadOptions::player_rolls`]). A roll line typed in anyone else's post is no die:
    /// the report says so.
    pub(super) fn post_rolls(
        &self,
        text: PostText,
        post: &Post,
        key: &str,
        author: Author,
        report: &mut PostReport,
    ) -> (PostText, Vec<Roll>) {
        let (text, typed) = split_rolls(text);
        let attached: Vec<Vec<u32>> = post.rolls.iter().filter_map(|r| roll_values(r)).collect();
        let (typed_dice, attached_dice) = match author {
            Author::Roller => (true, true),
            Author::Actor(Actor::GameMaster) => (false, true),
            Author::Actor(Actor::Seat(_)) => (false, self.player_rolls),
            Author::Other => (false, false),
        };
        let mut rolls = Vec::new();
        let mut add = |values: Vec<u32>| {
            rolls.push(Roll {
                key: format!("{key} roll {}", rolls.len() + 1),
                values,
            });
        };
        for values in typed {
            if typed_dice {
                add(values);
            } else {
                report.not_dice.push(NotDice {
                    values,
                    reason: "a roll typed in the post, not the forum's: not used".to_owned(),
                });
            }
        }
        for values in attached {
            if attached_dice {
                add(values);
            } else {
                report.not_dice.push(NotDice {
                    values,
                    reason: "the forum rolled it in a player's post, and at this table a player never brings dice: not used".to_owned(),
                });
            }
        }
        (text, rolls)
    }

    pub(super) fn queue_rolls(&mut self, rolls: Vec<Roll>) {
        self.queue.extend(
            rolls
                .into_iter()
                .filter(|roll| !self.used_rolls.contains(&roll.key)),
        );
    }
}

/// The post's roll lines taken out of its text, with their values in order.
fn split_rolls(text: PostText) -> (PostText, Vec<Vec<u32>>) {
    let mut lines = Vec::with_capacity(text.lines.len());
    let mut rolls = Vec::new();
    for line in text.lines {
        match roll_values(&line.text) {
            Some(values) => rolls.push(values),
            None => lines.push(line),
        }
    }
    (PostText { lines }, rolls)
}
