//! The game master's private messages as the thread reader joins them to the turns posted
//! just before them (`thread/private.rs` finds them; here each is read with its turn and
//! reported).

use pbp_core::engine::Actor;
use pbp_core::engine::post::{PostPiece, private_key};

use super::Reading;
use crate::thread::report::{Outcome, PostReport};

impl Reading {
    /// Joins the private message `part` to the last action of `pieces` it completes
    /// ([`Game::join_private`](pbp_core::engine::Game::join_private)), read with post `number`;
    /// whether it joined one.
    pub(super) fn join_private(
        &mut self,
        pieces: &mut [PostPiece],
        actor: Actor,
        part: (usize, usize),
        number: usize,
    ) -> bool {
        let Some(private) = self
            .privates
            .of(part.0)
            .get(part.1)
            .map(|p| p.action.clone())
        else {
            return false;
        };
        for piece in pieces.iter_mut().rev() {
            let (PostPiece::Line(text) | PostPiece::Orders(text)) = piece else {
                continue;
            };
            if let Some(joined) = self.table.session().join_private(actor, text, &private) {
                *text = joined;
                self.privates.join(part, number);
                return true;
            }
        }
        false
    }

    /// The private message after post `index`, applied before with the private messages
    /// `taken` (their keys): read with its turn if the turn took it, come too late if not.
    pub(super) fn private_after_applied(&mut self, index: usize, taken: &[String]) {
        let Some(part) = self.privates.next_for(index, &self.may_play, &self.authors) else {
            return;
        };
        if taken.contains(&private_key(&self.keys[part.0], part.1 + 1)) {
            self.privates.join(part, index + 1);
        } else {
            self.privates.too_late(part, index + 1);
        }
    }

    /// A game master's post of private messages: each read with the turn posted just before
    /// it, or reported as joining none (then not applied: the game master decides). The post's
    /// other lines are not read.
    pub(super) fn private_post(&mut self, index: usize, mut report: PostReport) {
        let mut reasons = Vec::new();
        let mut outcome = Outcome::AlreadyApplied;
        for part in self.privates.of(index) {
            let who = self.table.actor_name(Actor::Seat(part.seat));
            let turn = part
                .joined_with
                .and_then(|number| Some((number, self.reports.get(number - 1)?.outcome)));
            if let Some(number) = part.late_for {
                outcome = Outcome::Refused;
                reasons.push(format!(
                    "the private message for {who} came after post {number}'s move was applied without it: not applied (the game master decides)"
                ));
                continue;
            }
            match turn {
                Some((number, Outcome::AlreadyApplied)) => reasons.push(format!(
                    "the private message for {who} was read with post {number}'s turn"
                )),
                Some((number, Outcome::Applied)) => {
                    if outcome == Outcome::AlreadyApplied {
                        outcome = Outcome::Applied;
                    }
                    reasons.push(format!(
                        "the private message for {who} was read with post {number}'s turn"
                    ));
                }
                Some((number, other)) => {
                    outcome = Outcome::Refused;
                    reasons.push(format!(
                        "the private message for {who} was read with post {number}'s turn, which was {}",
                        other.words()
                    ));
                }
                None => {
                    outcome = Outcome::Refused;
                    reasons.push(format!(
                        "the private message for {who} completes no move of {who}'s posted just before it: not applied (the game master decides)"
                    ));
                }
            }
        }
        report.outcome = outcome;
        report.reason = Some(reasons.join("; "));
        report.rolls.clear();
        self.reports.push(report);
    }
}
