//! The game master's private messages given as posts of their own: a line
//! `private NAME: ACTION` (or `mp NAME: ACTION`) in a game master's post is the part of NAME's
//! turn sent to the game master in private, joined to the move NAME posted in the thread just
//! before it ([`Game::join_private`](pbp_core::engine::Game::join_private): Scroll Race's Passe,
//! Genjutsu and Fuinjutsu, sent to the organizer by private message).

use pbp_core::engine::erased::SeatInfo;
use pbp_core::engine::{Actor, Seat};

use super::bbcode::post_text;
use super::post::Post;
use super::seats::{Author, Seating};

/// One private message line of a game master's post.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// The seat whose turn it completes.
    pub seat: Seat,
    /// The action, as the game master copied it.
    pub action: String,
    /// The post (number from 1) whose turn it was read with, once it is.
    pub joined_with: Option<usize>,
    /// The post (number from 1) whose move it would complete, when that move was applied
    /// without it on an earlier reading (the message came too late).
    pub late_for: Option<usize>,
}

/// A line's private message: the name and the action, when the line is one.
pub fn private_line(line: &str) -> Option<(&str, &str)> {
    let line = line.trim();
    let (head, rest) = line.split_once(char::is_whitespace)?;
    if !["private", "mp", "privé"]
        .iter()
        .any(|word| head.eq_ignore_ascii_case(word))
    {
        return None;
    }
    let (name, action) = rest.split_once(':')?;
    let (name, action) = (name.trim(), action.trim());
    (!name.is_empty() && !action.is_empty()).then_some((name, action))
}

/// Every post's private message parts (none but in the game master's posts).
pub struct Privates {
    parts: Vec<Vec<Part>>,
}

impl Privates {
    /// Reads the private message lines of the game master's posts; a name that is no seat's
    /// makes no part (the line is read as the game master's, and refused or chatter there).
    pub fn read(
        posts: &[Post],
        authors: &[Author],
        seating: &Seating,
        seats: &[SeatInfo],
    ) -> Privates {
        let parts = posts
            .iter()
            .zip(authors)
            .map(|(post, author)| {
                if *author != Author::Actor(Actor::GameMaster) {
                    return Vec::new();
                }
                post_text(&post.body)
                    .lines
                    .iter()
                    .filter_map(|line| {
                        let (name, action) = private_line(&line.text)?;
                        match seating.author(name, seats) {
                            Ok(Author::Actor(Actor::Seat(seat))) => Some(Part {
                                seat,
                                action: action.to_owned(),
                                joined_with: None,
                                late_for: None,
                            }),
                            _ => None,
                        }
                    })
                    .collect()
            })
            .collect();
        Privates { parts }
    }

    /// The parts of post `index`.
    pub fn of(&self, index: usize) -> &[Part] {
        self.parts.get(index).map_or(&[], Vec::as_slice)
    }

    /// The first private message not yet joined, for one of `seats`, in the game master's posts
    /// after post `index` and before the next player's post: (its post, its place there).
    pub fn next_for(
        &self,
        index: usize,
        seats: &[Seat],
        authors: &[Author],
    ) -> Option<(usize, usize)> {
        for (later, author) in authors.iter().enumerate().skip(index + 1) {
            if matches!(author, Author::Actor(Actor::Seat(_))) {
                return None;
            }
            if let Some(at) = self.of(later).iter().position(|p| {
                p.joined_with.is_none() && p.late_for.is_none() && seats.contains(&p.seat)
            }) {
                return Some((later, at));
            }
        }
        None
    }

    /// Marks a part as come too late for post `number`'s move, applied without it before.
    pub fn too_late(&mut self, (post, at): (usize, usize), number: usize) {
        if let Some(part) = self.parts.get_mut(post).and_then(|p| p.get_mut(at)) {
            part.late_for = Some(number);
        }
    }

    /// Marks a part as read with post `number`'s turn.
    pub fn join(&mut self, (post, at): (usize, usize), number: usize) {
        if let Some(part) = self.parts.get_mut(post).and_then(|p| p.get_mut(at)) {
            part.joined_with = Some(number);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_lines_name_a_seat_and_an_action() {
        assert_eq!(
            private_line("private Botan: pass Red-1"),
            Some(("Botan", "pass Red-1"))
        );
        assert_eq!(
            private_line("  MP Red-2 :  genjutsu "),
            Some(("Red-2", "genjutsu"))
        );
        assert_eq!(
            private_line("privé Botan: passe Solo"),
            Some(("Botan", "passe Solo"))
        );
        assert_eq!(private_line("private Botan:"), None);
        assert_eq!(private_line("private: pass"), None);
        assert_eq!(private_line("gm skip"), None);
        assert_eq!(private_line("privately, Botan: pass"), None);
    }
}
