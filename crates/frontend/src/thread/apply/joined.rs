//! The game master's private messages as the thread reader joins them to the turns posted
//! just before them (`thread/private.rs` finds them; here each is read with its turn and
//! reported).

use pbp_core::Actor;
use pbp_core::post::PostPiece;

use super::Reading;
use crate::thread::report::{Outcome, PostReport};

impl Reading {
    /// Joins the private message `part` to the last action of `pieces` it completes
    /// ([`Game::join_private`](pbp_core::Game::join_private)), read with post `number`.
    pub(super) fn join_private(
        &mut self,
        pieces: &mut [PostPiece],
        actor: Actor,
        part: (usize, usize),
        number: usize,
    ) {
        let Some(private) = self
            .privates
            .of(part.0)
            .get(part.1)
            .map(|p| p.action.clone())
        else {
            return;
        };
        for piece in pieces.iter_mut().rev() {
            let (PostPiece::Line(text) | PostPiece::Orders(text)) = piece else {
                continue;
            };
            if let Some(joined) = self.table.session().join_private(actor, text, &private) {
                *text = joined;
                self.privates.join(part, number);
                return;
            }
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
