//! The expectations of a scenario: `expect legal`, `expect view`, `expect event` and
//! `expect over`, each checked against the game as the lines before it left it.

use serde_json::Value;

use super::{Runner, ScenarioFailure};
use crate::engine::erased::DynSession;
use crate::game::{Game, Viewer};

impl<G: Game> Runner<'_, G> {
    /// `WHO count [WORDS] = N`, `WHO includes ACTION` or `WHO excludes ACTION`.
    pub(super) fn expect_legal(&mut self, line: usize, rest: &str) -> Result<(), ScenarioFailure> {
        const FORM: &str = "an expectation of legal actions is 'expect legal WHO count [WORDS] = N', \
                            'expect legal WHO includes ACTION' or 'expect legal WHO excludes ACTION'";
        // The first of the three words splits the line: seat names hold none of them.
        let split = [" count", " includes ", " excludes "]
            .iter()
            .filter_map(|w| rest.find(w).map(|at| (at, *w)))
            .min();
        let Some((at, word)) = split else {
            return self.fail(line, FORM);
        };
        let who = rest[..at].trim();
        let tail = rest[at + word.len()..].trim();
        let actor = self.actor(line, who)?;
        let state = self.session(line)?.state();
        let legal = G::legal_actions(state, actor);
        let texts: Vec<String> = legal.iter().map(|a| G::format_action(state, a)).collect();
        let shown = |texts: &[&String]| {
            let mut list: Vec<&str> = texts.iter().take(40).map(|t| t.as_str()).collect();
            if texts.len() > 40 {
                list.push("...");
            }
            list.join("; ")
        };
        if word == " count" {
            let Some((words, n)) = tail.split_once('=') else {
                return self.fail(line, FORM);
            };
            let Ok(want) = n.trim().parse::<usize>() else {
                return self.fail(line, format!("'{}' is not a count", n.trim()));
            };
            let words = words.trim();
            let counted: Vec<&String> = texts.iter().filter(|t| t.starts_with(words)).collect();
            if counted.len() == want {
                self.report.expectations += 1;
                return Ok(());
            }
            let which = if words.is_empty() {
                String::new()
            } else {
                format!(" starting '{words}'")
            };
            return self.fail(
                line,
                format!(
                    "{who} has {} legal actions{which}, expected {want}: {}",
                    counted.len(),
                    shown(&counted)
                ),
            );
        }
        let action = match G::parse_action(state, actor, tail) {
            Ok(action) => action,
            Err(e) => return self.fail(line, format!("'{tail}' does not read as an action: {e}")),
        };
        let found = legal.contains(&action);
        let want = word == " includes ";
        if found == want {
            self.report.expectations += 1;
            return Ok(());
        }
        let all: Vec<&String> = texts.iter().collect();
        if want {
            self.fail(
                line,
                format!(
                    "'{tail}' is not among {who}'s {} legal actions: {}",
                    legal.len(),
                    shown(&all)
                ),
            )
        } else {
            self.fail(line, format!("'{tail}' is among {who}'s legal actions"))
        }
    }

    pub(super) fn expect_view(&mut self, line: usize, rest: &str) -> Result<(), ScenarioFailure> {
        let Some((left, want)) = rest.split_once(" = ") else {
            return self.fail(
                line,
                "an expectation of a view is 'expect view VIEWER POINTER = JSON'",
            );
        };
        let Some((who, pointer)) = left.trim().rsplit_once(' ') else {
            return self.fail(
                line,
                "an expectation of a view names a viewer and a JSON pointer",
            );
        };
        let viewer = self.viewer(line, who.trim())?;
        let want: Value = serde_json::from_str(want.trim())
            .or_else(|e| self.fail(line, format!("the expected value is not JSON: {e}")))?;
        let view = self
            .session(line)?
            .view(viewer)
            .or_else(|e| self.fail(line, e.to_string()))?;
        match view.pointer(pointer) {
            Some(found) if *found == want => {
                self.report.expectations += 1;
                Ok(())
            }
            Some(found) => self.fail(
                line,
                format!("the view of {who} has {found} at {pointer}, expected {want}"),
            ),
            None => self.fail(line, format!("the view of {who} has nothing at {pointer}")),
        }
    }

    pub(super) fn expect_event(&mut self, line: usize, want: &str) -> Result<(), ScenarioFailure> {
        let Some(event_text) = self.event_text else {
            return self.fail(
                line,
                "this runner was given no event text to read events with",
            );
        };
        let session = self.session(line)?;
        let Some(step) = self.last_step else {
            return self.fail(line, "no action was applied yet");
        };
        let view = G::view(session.state(), Viewer::GameMaster);
        let texts: Vec<String> = session
            .log()
            .iter()
            .filter(|e| e.step == step)
            .map(|e| event_text(&e.visible.event, &view))
            .collect();
        if texts.iter().any(|t| t == want) {
            self.report.expectations += 1;
            Ok(())
        } else {
            self.fail(
                line,
                format!(
                    "no event of the last action reads '{want}'; they read:\n  {}",
                    texts.join("\n  ")
                ),
            )
        }
    }

    pub(super) fn expect_over(
        &mut self,
        line: usize,
        winners: &str,
    ) -> Result<(), ScenarioFailure> {
        let mut want = Vec::new();
        if winners != "nobody" {
            for who in winners.split(',') {
                match self.viewer(line, who.trim())? {
                    Viewer::Seat(seat) => want.push(seat),
                    _ => return self.fail(line, format!("'{}' is not a seat", who.trim())),
                }
            }
        }
        let session = self.session(line)?;
        let state = session.state();
        let names = |seats: &[crate::game::Seat]| {
            if seats.is_empty() {
                return "nobody".to_owned();
            }
            let names: Vec<String> = seats.iter().map(|&s| G::seat_name(state, s)).collect();
            names.join(", ")
        };
        match G::turn(state) {
            crate::game::Turn::Over(outcome) => {
                let mut found = outcome.winners.clone();
                found.sort();
                want.sort();
                if found == want {
                    self.report.expectations += 1;
                    Ok(())
                } else {
                    self.fail(
                        line,
                        format!(
                            "the game was won by {}, expected {}",
                            names(&found),
                            names(&want)
                        ),
                    )
                }
            }
            crate::game::Turn::Acting(_) => self.fail(line, "the game is not over"),
        }
    }
}
