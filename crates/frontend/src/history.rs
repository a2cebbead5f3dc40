//! What lets players check a table's history: the steps whose dice came from outside pbp (each
//! marked in the log, the act report and every post: "rolled on the forum: 7, 10+3", for those
//! who may see the step), and the
//! history chain (see [`pbp_core::engine::chain`]), whose short head ends every post, with the check of
//! heads posted during the game (`pbp verify --at STEP:HEAD`).

use pbp_core::engine::chain::{ChainClaim, ChainHash, check_claims};
use pbp_core::engine::{Actor, Audience, DicePolicy, OutsideStep, Viewer};
use serde_json::json;

use crate::{EventLine, Table, TableError};

/// The words of a step's outside dice: `rolled on the forum: 7, 10+3` (an exploding die as its
/// faces joined by `+`, as the forum's roller posts it).
pub fn outside_text(step: &OutsideStep) -> String {
    format!("rolled on the forum: {}", step.forum_text())
}

impl Table {
    /// Whether the game takes outside dice (`"dice": "seeded"` in its config refuses them).
    pub fn dice_policy(&self) -> DicePolicy {
        self.session().dice_policy()
    }

    /// Every step whose dice came from outside pbp, with its values, in order.
    pub fn outside_steps(&self) -> Vec<OutsideStep> {
        self.session().outside_steps()
    }

    /// Every head of the history chain: head 0 (the setup), then one per action.
    ///
    /// # Errors
    /// [`TableError::Game`] if the record cannot be written as JSON.
    pub fn chain(&self) -> Result<Vec<ChainHash>, TableError> {
        Ok(self.session().chain()?)
    }

    /// The head of the chain at the current step.
    ///
    /// # Errors
    /// As [`Table::chain`].
    pub fn head(&self) -> Result<ChainHash, TableError> {
        self.chain()?
            .pop()
            .ok_or_else(|| TableError::Json("the chain has no head".into()))
    }

    /// The line that ends every post: `chain at step 12: a1b2c3d4e5f6`, the short head a player
    /// keeps to check the published save with `pbp verify --at 12:a1b2c3d4e5f6`.
    ///
    /// # Errors
    /// As [`Table::chain`].
    pub fn chain_text(&self) -> Result<String, TableError> {
        Ok(format!(
            "chain at step {}: {}",
            self.steps(),
            self.head()?.short()
        ))
    }

    /// [`Table::chain_text`] as the last line of a log, seen by everyone.
    ///
    /// # Errors
    /// As [`Table::chain`].
    pub fn chain_line(&self) -> Result<EventLine, TableError> {
        let head = self.head()?;
        Ok(EventLine {
            step: self.steps(),
            audience: Audience::Everyone,
            event: json!({ "chain": { "step": self.steps(), "head": head.short() } }),
            text: self.chain_text()?,
        })
    }

    /// Checks heads posted during the game against this save's chain.
    ///
    /// # Errors
    /// [`TableError::Chain`]: a head at a step past the save's end (it was cut) or one that
    /// differs (an action at or before that step was edited, reordered or removed).
    pub fn verify_heads(&self, claims: &[ChainClaim]) -> Result<(), TableError> {
        check_claims(&self.chain()?, claims).map_err(TableError::Chain)
    }

    /// The steps after `after` (all for `None`) whose dice came from outside pbp and that
    /// `viewer` may see, each with its audience: the seat that acted in the step and the game
    /// master. The others learn nothing of a step's forum dice, not even that the step rolled,
    /// until `verify` after the reveal: which of a step's events a viewer sees can depend on
    /// what is hidden (a waiting Genjutsu, a sealed stance), so an audience drawn from the
    /// events would itself tell the hidden thing; the actor and the game master do not change
    /// with it.
    ///
    /// # Errors
    /// None today; the result keeps the form of the table's other answers.
    pub fn outside_steps_seen_by(
        &self,
        viewer: Viewer,
        after: Option<usize>,
    ) -> Result<Vec<(OutsideStep, Audience)>, TableError> {
        Ok(self
            .outside_steps()
            .into_iter()
            .filter(|s| after.is_none_or(|a| s.step > a))
            .map(|step| {
                let audience = step_audience(step.actor);
                (step, audience)
            })
            .filter(|(_, audience)| audience.includes(viewer))
            .collect())
    }

    /// `lines` (a log or a step's events, in step order, as `viewer` sees them) with a line
    /// after each step whose dice came from outside pbp, for the step's audience: only steps
    /// after `after` are marked.
    pub(crate) fn with_outside_lines(
        &self,
        viewer: Viewer,
        lines: Vec<EventLine>,
        after: Option<usize>,
    ) -> Result<Vec<EventLine>, TableError> {
        let mut marks = self.outside_steps_seen_by(viewer, after)?;
        if marks.is_empty() {
            return Ok(lines);
        }
        marks.reverse();
        let mut out = Vec::with_capacity(lines.len() + marks.len());
        for line in lines {
            while marks.last().is_some_and(|(m, _)| m.step < line.step) {
                out.extend(marks.pop().map(outside_line));
            }
            out.push(line);
        }
        out.extend(marks.into_iter().rev().map(outside_line));
        Ok(out)
    }

    /// The lines a post for `viewer` ends with: each step after `after` whose dice came from
    /// outside pbp and that `viewer` may see, then the chain's head.
    pub(crate) fn post_footer(
        &self,
        viewer: Viewer,
        after: Option<usize>,
    ) -> Result<Vec<String>, TableError> {
        let mut lines: Vec<String> = self
            .outside_steps_seen_by(viewer, after)?
            .iter()
            .map(|(s, _)| format!("step {}: {}", s.step, outside_text(s)))
            .collect();
        lines.push(self.chain_text()?);
        Ok(lines)
    }
}

/// The audience of a step's forum dice: the seat that acted and the game master (the game
/// master alone for its own steps).
fn step_audience(actor: Option<Actor>) -> Audience {
    match actor {
        Some(Actor::Seat(seat)) => Audience::only(seat),
        _ => Audience::GameMaster,
    }
}

fn outside_line((step, audience): (OutsideStep, Audience)) -> EventLine {
    EventLine {
        step: step.step,
        audience,
        event: json!({ "outside_dice": { "values": step.values, "forum": step.forum_text() } }),
        text: outside_text(&step),
    }
}
