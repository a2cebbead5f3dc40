//! Scenario files: a game written as text that a reader who knows the seed can check, with one
//! runner for every game ([`run`], [`run_dir`]).
//!
//! A scenario is a plain text file, one instruction per line:
//!
//! ```text
//! # A comment: the rest of the line is ignored, and so are blank lines.
//! config {"rounds": 2}
//! setup 25 1 14 21 3 17
//! Crab: attack D6 from C6
//! Crab: roll | 6 4 2
//! gm: end round
//! Lion: attack A1 from D4
//! refused illegal
//! expect view Crab /hand = [1, 2]
//! expect event the Crab wins battle #1
//! ```
//!
//! - `config JSON`: fields of the game's config, laid over its default config (the seed's
//!   standard game); a JSON value may run over several lines. Optional; before `setup`.
//! - `setup DICE`: starts the game, the setup drawing the given dice values in order (none for a
//!   setup that rolls nothing). Every later line needs it.
//! - `WHO: ACTION | DICE`: `WHO` acts with the game's own text form of an action, every die it
//!   rolls given after `|`, as a forum's dice roller would post them (all of them must be used).
//!   `WHO` is `gm` or a seat written as players write it: its name or its label
//!   ([`Game::seat_name`], [`Game::seat_label`]: `Mongooseh (Crab)`, `Crab`), or `seat N`.
//! - `refused KIND` or `refused KIND: WORDS`, right after an action line: that action must be
//!   refused with this kind of error ([`ErasedError::kind`]: `parse`, `illegal`,
//!   `not-your-turn`, `more-dice`, `bad-dice`, `unused-dice`) and, if given, a message containing
//!   `WORDS`; nothing may change. An action refused without such a line fails the scenario.
//!   Right after the `setup` line it says the setup must be refused (`config` for a config or
//!   army the game turns down, or a dice kind); the scenario ends there.
//! - `expect view VIEWER POINTER = JSON`: in `VIEWER`'s view (`public`, `gm` or a seat, as
//!   above) as JSON, the value at the JSON pointer (RFC 6901, `/players/0/hand`) equals `JSON`.
//! - `expect over WINNERS`: the game is over and its winners are exactly these seats (written as
//!   above, separated by commas; `nobody` for a game without a winner).
//! - `expect event TEXT`: one event of the last action reads `TEXT` exactly, in the words
//!   players read (the event text function given to the runner, `pbp-render`'s for the games).
//! - `expect legal WHO count = N`: `WHO` (`gm` or a seat) has exactly `N` legal actions now
//!   ([`Game::legal_actions`]), a perft-style count a reader can work out from the seed;
//!   `expect legal WHO count WORDS = N` counts only those whose text form
//!   ([`Game::format_action`]) starts with `WORDS` (`count attack = 12`). A game whose
//!   `legal_actions` documents a finite sample (amounts too many to list) is counted as sampled.
//! - `expect legal WHO includes ACTION` and `expect legal WHO excludes ACTION`: the action
//!   written in the game's text form is (is not) among `WHO`'s legal actions now.
//!
//! Every action line also checks two contract checks of [`crate::engine::testing::contract`]: an action
//! that reads writes back ([`Game::format_action`]) to a text that reads as the same action, and
//! an action among the actor's legal actions is refused only for its dice.
//!
//! At the end the game's save loads back (every step replayed) to the same views. A failing
//! scenario names its file and line and says what differed.
//!
//! This module reads the lines and plays the actions; `expect` checks the expectations.

mod expect;

use std::fmt;
use std::path::Path;

use serde_json::Value;

use crate::engine::erased::{ActionInput, DynSession, ErasedError, SeatInfo};
use crate::game::{Actor, Game, Viewer};
use crate::record::{DiceChoice, RecordError, Session};

/// How a scenario's `expect event` lines read an event: the line players read for `event`,
/// given the view of the viewer who reads it (the runner passes the game master's).
pub type EventText<G> = fn(&<G as Game>::Event, &<G as Game>::View) -> String;

/// Why a scenario failed: where, and what differed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioFailure {
    /// The scenario's file name as given to the runner.
    pub file: String,
    /// The 1-based line (0 when the failure is about the file as a whole).
    pub line: usize,
    /// What was expected and what was found.
    pub message: String,
}

impl fmt::Display for ScenarioFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

impl std::error::Error for ScenarioFailure {}

/// What a scenario that passed did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScenarioReport {
    /// Actions applied.
    pub actions: usize,
    /// Actions refused as the scenario said.
    pub refusals: usize,
    /// `expect` lines checked.
    pub expectations: usize,
}

/// An action (or the setup) that was refused, waiting for the `refused` line that must follow it.
struct Pending {
    line: usize,
    error: ErasedError,
    /// What was refused: "the action" or "the setup".
    what: &'static str,
}

/// One scenario being played.
struct Runner<'a, G: Game> {
    file: &'a str,
    event_text: Option<EventText<G>>,
    config: Value,
    session: Option<Session<G>>,
    /// The step whose events `expect event` reads.
    last_step: Option<usize>,
    pending: Option<Pending>,
    /// The setup was refused: the scenario ends with its `refused` line.
    setup_refused: bool,
    report: ScenarioReport,
}

/// Plays the scenario `text` (named `file` in failures) for the game `G`.
///
/// # Errors
/// The first line that does not read, an action refused or applied against the scenario's word,
/// an expectation that does not hold, or a save that does not replay.
pub fn run<G: Game>(
    file: &str,
    text: &str,
    event_text: Option<EventText<G>>,
) -> Result<ScenarioReport, ScenarioFailure> {
    let config = serde_json::to_value(G::Config::default()).map_err(|e| ScenarioFailure {
        file: file.to_owned(),
        line: 0,
        message: format!("the default config cannot be written as JSON: {e}"),
    })?;
    let mut runner = Runner::<G> {
        file,
        event_text,
        config,
        session: None,
        last_step: None,
        pending: None,
        setup_refused: false,
        report: ScenarioReport::default(),
    };
    let lines: Vec<&str> = text.lines().collect();
    let mut n = 0;
    while n < lines.len() {
        let line = lines[n].trim();
        n += 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("config") {
            let start = n;
            let mut json = rest.trim().to_owned();
            // A config may run over several lines: read on until it parses.
            while serde_json::from_str::<Value>(&json).is_err() && n < lines.len() {
                json.push('\n');
                json.push_str(lines[n]);
                n += 1;
            }
            runner.no_pending(start)?;
            runner.config_line(start, &json)?;
        } else {
            runner.line(n, line)?;
        }
    }
    runner.no_pending(lines.len() + 1)?;
    runner.finish()?;
    Ok(runner.report)
}

/// Plays every `.txt` file of `dir` as a scenario of `G`, in name order, and returns how many
/// passed.
///
/// # Errors
/// Every failing scenario's failure, one a line, or a folder that cannot be read or holds no
/// scenario.
pub fn run_dir<G: Game>(dir: &Path, event_text: Option<EventText<G>>) -> Result<usize, String> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!("{}: no .txt scenario", dir.display()));
    }
    let mut failures = Vec::new();
    for path in &files {
        let name = path.display().to_string();
        match std::fs::read_to_string(path) {
            Ok(text) => {
                if let Err(failure) = run::<G>(&name, &text, event_text) {
                    failures.push(failure.to_string());
                }
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    if failures.is_empty() {
        Ok(files.len())
    } else {
        Err(failures.join("\n"))
    }
}

/// Lays the fields of `patch` over `base` (objects field by field at the top level).
fn overlay(base: &mut Value, patch: Value) {
    match (base, patch) {
        (Value::Object(base), Value::Object(patch)) => base.extend(patch),
        (base, patch) => *base = patch,
    }
}

fn numbers(words: &str) -> Result<Vec<u32>, String> {
    words
        .split_whitespace()
        .map(|w| {
            w.parse()
                .map_err(|_| format!("'{w}' is not a dice value (a whole number)"))
        })
        .collect()
}

fn seat_list<'a>(seats: impl IntoIterator<Item = &'a SeatInfo>) -> String {
    seats
        .into_iter()
        .map(|s| s.name.clone())
        .collect::<Vec<_>>()
        .join(", ")
}

impl<G: Game> Runner<'_, G> {
    fn fail<T>(&self, line: usize, message: impl Into<String>) -> Result<T, ScenarioFailure> {
        Err(ScenarioFailure {
            file: self.file.to_owned(),
            line,
            message: message.into(),
        })
    }

    fn session(&self, line: usize) -> Result<&Session<G>, ScenarioFailure> {
        match &self.session {
            Some(s) => Ok(s),
            None if self.setup_refused => self.fail(
                line,
                "the setup was refused: nothing may follow its 'refused' line",
            ),
            None => self.fail(line, "no 'setup' line before this one"),
        }
    }

    /// An action refused at an earlier line must be followed by its `refused` line.
    fn no_pending(&mut self, line: usize) -> Result<(), ScenarioFailure> {
        match self.pending.take() {
            None => Ok(()),
            Some(p) => {
                let _ = line;
                self.fail(
                    p.line,
                    format!("{} was refused ({}): {}", p.what, p.error.kind(), p.error),
                )
            }
        }
    }

    fn config_line(&mut self, line: usize, json: &str) -> Result<(), ScenarioFailure> {
        if self.session.is_some() {
            return self.fail(line, "'config' must come before 'setup'");
        }
        match serde_json::from_str::<Value>(json) {
            Ok(patch) => {
                overlay(&mut self.config, patch);
                Ok(())
            }
            Err(e) => self.fail(line, format!("the config is not JSON: {e}")),
        }
    }

    fn line(&mut self, line: usize, text: &str) -> Result<(), ScenarioFailure> {
        if let Some(rest) = text.strip_prefix("refused") {
            return self.refused(line, rest.trim());
        }
        self.no_pending(line)?;
        if let Some(rest) = text.strip_prefix("setup") {
            return self.setup(line, rest);
        }
        if let Some(rest) = text.strip_prefix("expect view ") {
            return self.expect_view(line, rest);
        }
        if let Some(rest) = text.strip_prefix("expect event ") {
            return self.expect_event(line, rest.trim());
        }
        if let Some(rest) = text.strip_prefix("expect over ") {
            return self.expect_over(line, rest.trim());
        }
        if let Some(rest) = text.strip_prefix("expect legal ") {
            return self.expect_legal(line, rest.trim());
        }
        if text.starts_with("expect") {
            return self.fail(
                line,
                "an expectation is 'expect view ...', 'expect event ...', 'expect over ...' or \
                 'expect legal ...'",
            );
        }
        self.action(line, text)
    }

    fn setup(&mut self, line: usize, dice: &str) -> Result<(), ScenarioFailure> {
        if self.session.is_some() || self.setup_refused {
            return self.fail(line, "a second 'setup' line");
        }
        let dice = numbers(dice).or_else(|e| self.fail(line, e))?;
        let config: G::Config = serde_json::from_value(self.config.clone())
            .or_else(|e| self.fail(line, format!("the config is not valid: {e}")))?;
        match Session::<G>::new(config, 0, DiceChoice::Outside(dice)) {
            Ok(session) => {
                self.session = Some(session);
                Ok(())
            }
            Err(e) => {
                // Classified as the erased layer does: the game's refusal is a config error.
                let error = match e {
                    RecordError::Game(e) => ErasedError::Config {
                        game: G::NAME,
                        message: e.to_string(),
                    },
                    other => ErasedError::from(other),
                };
                self.setup_refused = true;
                self.pending = Some(Pending {
                    line,
                    error,
                    what: "the setup",
                });
                Ok(())
            }
        }
    }

    fn viewer(&self, line: usize, who: &str) -> Result<Viewer, ScenarioFailure> {
        let session = self.session(line)?;
        match who {
            "public" => Ok(Viewer::Public),
            "gm" => Ok(Viewer::GameMaster),
            _ => {
                let seats = session.seats();
                match crate::engine::erased::seat_named(who, &seats) {
                    Ok(Some(seat)) => Ok(Viewer::Seat(seat)),
                    Ok(None) => self.fail(
                        line,
                        format!("no seat is called '{who}' (seats: {})", seat_list(&seats)),
                    ),
                    Err(message) => self.fail(line, message),
                }
            }
        }
    }

    fn actor(&self, line: usize, who: &str) -> Result<Actor, ScenarioFailure> {
        match who {
            "gm" => Ok(Actor::GameMaster),
            name => match self.viewer(line, name)? {
                Viewer::Seat(seat) => Ok(Actor::Seat(seat)),
                _ => self.fail(line, format!("'{name}' is not a seat")),
            },
        }
    }

    fn action(&mut self, line: usize, text: &str) -> Result<(), ScenarioFailure> {
        let Some((who, rest)) = text.split_once(':') else {
            return self.fail(
                line,
                "not a scenario line (config, setup, WHO: ACTION | DICE, refused, expect)",
            );
        };
        let (action, dice) = match rest.rsplit_once('|') {
            Some((action, dice)) => (
                action.trim(),
                numbers(dice).or_else(|e| self.fail(line, e))?,
            ),
            None => (rest.trim(), Vec::new()),
        };
        let actor = self.actor(line, who.trim())?;
        let session = self.session(line)?;
        let before = session.state().clone();
        // The contract checks of `try_act` that need no game's word: an action that reads
        // writes back to the same action, and a listed one is not refused but for its dice.
        let mut listed = false;
        if let Ok(parsed) = G::parse_action(&before, actor, action) {
            if let Err(v) =
                crate::engine::testing::contract::text_round_trip::<G>(&before, actor, &parsed)
            {
                return self.fail(line, v.0);
            }
            listed = G::legal_actions(&before, actor).contains(&parsed);
        }
        let Some(session) = self.session.as_mut() else {
            return self.fail(line, "no 'setup' line before this one");
        };
        let input = ActionInput::Text(action.to_owned());
        match DynSession::act(session, actor, &input, DiceChoice::Outside(dice)) {
            Ok(_) => {
                self.last_step = Some(session.steps());
                self.report.actions += 1;
                Ok(())
            }
            Err(error) => {
                if session.state() != &before {
                    return self.fail(line, format!("refused ({error}) but the game changed"));
                }
                if listed && !error.is_dice() {
                    return self.fail(
                        line,
                        format!(
                            "refused ({}: {error}) but among the legal actions",
                            error.kind()
                        ),
                    );
                }
                self.pending = Some(Pending {
                    line,
                    error,
                    what: "the action",
                });
                Ok(())
            }
        }
    }

    fn refused(&mut self, line: usize, rest: &str) -> Result<(), ScenarioFailure> {
        let Some(pending) = self.pending.take() else {
            return self.fail(
                line,
                "'refused' must follow an action or setup line, and the one before it was applied",
            );
        };
        let (kind, words) = match rest.split_once(':') {
            Some((kind, words)) => (kind.trim(), Some(words.trim())),
            None => (rest.trim(), None),
        };
        let error = &pending.error;
        if error.kind() != kind {
            return self.fail(
                line,
                format!(
                    "{} was refused as {}, not {kind}: {error}",
                    pending.what,
                    error.kind()
                ),
            );
        }
        if let Some(words) = words
            && !error.to_string().contains(words)
        {
            return self.fail(
                line,
                format!("the refusal says '{error}', which does not contain '{words}'"),
            );
        }
        self.report.refusals += 1;
        Ok(())
    }

    /// The save loads back, replaying every step, to the same game.
    fn finish(&self) -> Result<(), ScenarioFailure> {
        let Some(session) = &self.session else {
            if self.setup_refused {
                return Ok(());
            }
            return self.fail(0, "the scenario has no 'setup' line");
        };
        let save = session.save().or_else(|e| self.fail(0, e.to_string()))?;
        match crate::engine::save::load_session::<G>(&save) {
            Ok(loaded) if loaded.state() == session.state() => Ok(()),
            Ok(_) => self.fail(0, "the save replays to another game"),
            Err(e) => self.fail(0, format!("the save does not load: {e}")),
        }
    }
}
