//! One post tried on the table: its pieces read in order, each action applied with the dice it
//! needs (from the seed, or the forum's rolls in the order posted), the whole post kept only if
//! every action in it applies. The caller gives the table itself when the post has one action
//! at most (a refused action changes nothing), a copy otherwise ([`Trial::in_place`]).

use std::collections::VecDeque;

use pbp_core::engine::erased::{ActionInput, ErasedError};
use pbp_core::engine::post::{PostMark, PostPiece};
use pbp_core::engine::{Actor, DiceChoice, Viewer};

use super::report::AppliedAction;
use crate::{Table, TableError};

/// A forum roll waiting for the action that needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roll {
    /// The post's key, ` roll ` and the roll's place in the post from 1.
    pub key: String,
    /// Its values, in order.
    pub values: Vec<u32>,
}

/// What trying a post gave.
pub enum Attempt {
    /// Every action applied (on the table given to [`Trial::run`]), and how many queued rolls
    /// they used.
    Applied {
        actions: Vec<AppliedAction>,
        rolls_used: usize,
    },
    /// An action was refused, with the reason.
    Refused(String),
    /// An action needs more forum dice than have been posted.
    NeedsDice(String),
    /// No action in it.
    Nothing,
}

/// The post being tried: who wrote it, and the mark each of its steps keeps.
pub struct Trial<'a> {
    /// Its author at the table.
    pub actor: Actor,
    /// The mark of its steps (the rolls each step used are added to it).
    pub mark: &'a PostMark,
    /// Whether the game is played with the forum's dice.
    pub forum_dice: bool,
    /// The forum rolls waiting, oldest first.
    pub queue: &'a VecDeque<Roll>,
}

/// One action applied, or why not.
enum Step {
    Done(AppliedAction),
    Refused(String),
    NeedsDice(String),
}

impl Trial<'_> {
    /// Whether a post of `pieces` can be tried on the table itself rather than a copy: it holds
    /// one line or order sheet at most, so at most one action, and a refused action changes
    /// nothing (a post of two actions whose second is refused must leave the first unapplied).
    pub fn in_place(pieces: &[PostPiece]) -> bool {
        pieces
            .iter()
            .filter(|piece| !matches!(piece, PostPiece::Chatter(_)))
            .count()
            <= 1
    }

    /// Tries `pieces` in order on `work` (the table, or a copy of it where the post may hold
    /// several actions: [`Trial::in_place`]); chatter lines are pushed to `chatter`. `work` is
    /// unchanged unless the answer is [`Attempt::Applied`] or the post held several actions.
    pub fn run(
        &self,
        work: &mut Table,
        pieces: &[PostPiece],
        chatter: &mut Vec<String>,
    ) -> Attempt {
        let mut actions = Vec::new();
        let mut taken = 0;
        for piece in pieces {
            let (text, must_read) = match piece {
                PostPiece::Chatter(text) => {
                    chatter.push(text.clone());
                    continue;
                }
                PostPiece::Line(text) => (text, false),
                PostPiece::Orders(text) => (text, true),
            };
            let input = ActionInput::Text(text.clone());
            let parsed = match work.parse_action(self.actor, &input) {
                Ok(parsed) => parsed,
                Err(error) if must_read => return Attempt::Refused(error.to_string()),
                Err(_) => {
                    chatter.push(text.clone());
                    continue;
                }
            };
            match self.step(work, &input, &mut taken) {
                Step::Done(mut action) => {
                    action.posted = text.clone();
                    action.action = parsed.text;
                    actions.push(action);
                }
                Step::Refused(reason) => return Attempt::Refused(format!("'{text}': {reason}")),
                Step::NeedsDice(reason) => return Attempt::NeedsDice(format!("'{text}' {reason}")),
            }
        }
        if actions.is_empty() {
            return Attempt::Nothing;
        }
        Attempt::Applied {
            actions,
            rolls_used: taken,
        }
    }

    /// Applies one action on `work`, with seeded dice or the queued rolls from `taken` on.
    fn step(&self, work: &mut Table, input: &ActionInput, taken: &mut usize) -> Step {
        if !self.forum_dice {
            return self.apply(work, input, Vec::new(), Vec::new()).into();
        }
        // An action that draws nothing is recorded as `pbp act` without dice records it.
        match work
            .clone()
            .act(self.actor, input, DiceChoice::Outside(Vec::new()))
        {
            Ok(_) => return self.apply(work, input, Vec::new(), Vec::new()).into(),
            Err(TableError::Game(ErasedError::MoreDice { .. })) => {}
            Err(error) => return Step::Refused(error.to_string()),
        }
        let mut needed = String::from("needs forum dice that have not been posted yet");
        for end in *taken + 1..=self.queue.len() {
            let rolls: Vec<&Roll> = self.queue.range(*taken..end).collect();
            let values: Vec<u32> = rolls
                .iter()
                .flat_map(|r| r.values.iter().copied())
                .collect();
            let keys = rolls.iter().map(|r| r.key.clone()).collect();
            // A refusal changes nothing, so the next try starts from the same table.
            match self.apply(work, input, values.clone(), keys) {
                Ok(action) => {
                    *taken = end;
                    return Step::Done(action);
                }
                Err(TableError::Game(ErasedError::MoreDice { more, .. })) => {
                    needed = format!(
                        "needs at least {more} more forum dice than the {} posted for it so far ({})",
                        values.len(),
                        list(&values)
                    );
                }
                Err(error) => {
                    return Step::Refused(format!(
                        "with the forum dice {}: {error}",
                        list(&values)
                    ));
                }
            }
        }
        Step::NeedsDice(needed)
    }

    fn apply(
        &self,
        work: &mut Table,
        input: &ActionInput,
        dice: Vec<u32>,
        rolls: Vec<String>,
    ) -> Result<AppliedAction, TableError> {
        let choice = if dice.is_empty() {
            DiceChoice::Seeded
        } else {
            DiceChoice::Outside(dice.clone())
        };
        let mark = PostMark {
            rolls,
            ..self.mark.clone()
        };
        let report = work.act_for_post(Viewer::GameMaster, self.actor, input, choice, mark)?;
        Ok(AppliedAction {
            step: report.step,
            posted: String::new(),
            action: report.action.text,
            dice,
            events: report.events.into_iter().map(|e| e.text).collect(),
        })
    }
}

impl From<Result<AppliedAction, TableError>> for Step {
    fn from(result: Result<AppliedAction, TableError>) -> Step {
        match result {
            Ok(action) => Step::Done(action),
            Err(error) => Step::Refused(error.to_string()),
        }
    }
}

/// Dice values as the report writes them: `7, 3`.
pub fn list(values: &[u32]) -> String {
    values
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
