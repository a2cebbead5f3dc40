//! Records: the save file. A record holds the game's name, the format version, the config, the
//! seed, every action and every value drawn; replaying it rebuilds the state exactly.
//!
//! Each step's seeded dice come from their own stream, derived from the record's seed and the
//! step's index ([`step_seed`]), so a step's draws never depend on how earlier steps were rolled
//! (some may have used outside dice). Replaying "without the seed" feeds the recorded draws back;
//! replaying "with the seed" also re-derives every seeded step's draws and checks they match.
//! Undo is a replay without the last action.

use crate::dice::{Dice, Draw, RecordingDice, ReplayDice, ScriptedDice, SeededDice};
use crate::engine::commitment::{Commitment, Salt, Secret, check_record};
#[cfg(not(target_arch = "wasm32"))]
use crate::engine::post::PostMark;
use crate::engine::post::StepPost;
use crate::error::DiceError;
use crate::game::{Actor, Game, Viewer, Visible};
use crate::outside::DicePolicy;
use serde::{Deserialize, Serialize};

/// The record format version this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// Where a step's random values came from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// The record's seed, through [`step_seed`].
    #[default]
    Seeded,
    /// Values rolled elsewhere (a forum's dice roller), given by the user.
    Outside,
}

/// How a step gets its dice.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum DiceChoice {
    /// Draw from the record's seed.
    #[default]
    Seeded,
    /// Use these values, rolled elsewhere, in order; all of them must be used.
    Outside(Vec<u32>),
}

/// The seed of step `index` (0 is the setup, 1 the first action) of a record seeded with `seed`.
///
/// ```
/// assert_ne!(pbp_core::engine::step_seed(7, 0), pbp_core::engine::step_seed(7, 1));
/// assert_eq!(pbp_core::engine::step_seed(7, 3), pbp_core::engine::step_seed(7, 3));
/// ```
pub fn step_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One recorded action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Entry<G: Game> {
    /// Who acted.
    pub actor: Actor,
    /// What they did.
    pub action: G::Action,
    /// Where its random values came from.
    #[serde(default)]
    pub source: Source,
    /// Every value drawn while applying it.
    #[serde(default)]
    pub draws: Vec<Draw>,
    /// The forum post the action was read from, when a thread was applied (`pbp thread`);
    /// absent otherwise, and in saves from before threads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub post: Option<StepPost>,
    /// For outside dice, the positions in `draws` of the faces that continue an exploding die
    /// (so the die is written `10+3`, as the forum's roller posted it); empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chained: Vec<u32>,
}

/// A whole game: the save file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Record<G: Game> {
    /// The game's name ([`Game::NAME`]).
    pub game: String,
    /// The record format version ([`FORMAT_VERSION`]).
    pub format: u32,
    /// The setup.
    pub config: G::Config,
    /// The seed of the seeded steps: the game master's secret, never shown to anyone else.
    pub seed: u64,
    /// The salt hashed with the seed into [`Record::commitment`] (`None` in a save started before
    /// commitments, or in an unsalted session of a test or a simulation).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salt: Option<Salt>,
    /// The commitment to the seed published with the game's first post
    /// ([`Commitment::of`] the seed and the salt; see [`crate::engine::commitment`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<Commitment>,
    /// Whether the game takes outside dice (`"dice": "seeded"` refuses them; not written for
    /// the default, so older saves read as [`DicePolicy::Any`]).
    #[serde(default, skip_serializing_if = "DicePolicy::is_any")]
    pub dice: DicePolicy,
    /// Where the setup's random values came from.
    #[serde(default)]
    pub setup_source: Source,
    /// Every value drawn by the setup.
    #[serde(default)]
    pub setup_draws: Vec<Draw>,
    /// As [`Entry::chained`], for the setup.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub setup_chained: Vec<u32>,
    /// Every action, in order.
    pub entries: Vec<Entry<G>>,
}

/// An event in a session's log, with the step that produced it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct LoggedEvent<G: Game> {
    /// 0 for the setup, then 1 for the first action.
    pub step: usize,
    /// The event and its audience.
    pub visible: Visible<G::Event>,
}

/// A game in progress with its record: what the CLI and the web page hold.
///
/// See `crates/core/examples/duel.rs` for a session of a whole game.
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    record: Record<G>,
    state: G::State,
    log: Vec<LoggedEvent<G>>,
}

impl<G: Game> Session<G> {
    /// Starts a game with `config`, seeded with `secret`'s seed, whose record carries the salt and
    /// the commitment to publish; the setup draws from the seed or from outside dice. This is how
    /// a frontend starts a game that players will play.
    ///
    /// # Errors
    /// The game's setup errors, and unused outside dice.
    pub fn new_committed(
        config: G::Config,
        secret: &Secret,
        dice: DiceChoice,
    ) -> Result<Self, RecordError<G::Error>> {
        let mut session = Session::new(config, secret.seed, dice)?;
        session.record.salt = Some(secret.salt);
        session.record.commitment = Some(secret.commitment());
        Ok(session)
    }

    /// Starts a game with `config`, seeded with `seed`, without a salt or a commitment (tests,
    /// simulations, examples; a game to be played is started with [`Session::new_committed`]).
    /// The setup draws from the seed or from outside dice.
    ///
    /// # Errors
    /// The game's setup errors, and unused outside dice.
    pub fn new(
        config: G::Config,
        seed: u64,
        dice: DiceChoice,
    ) -> Result<Self, RecordError<G::Error>> {
        let StepOutput {
            source,
            value: state,
            draws,
            chained,
        } = run_step(seed, 0, dice, |d| G::setup(&config, d))?;
        Ok(Session {
            record: Record {
                game: G::NAME.to_owned(),
                format: FORMAT_VERSION,
                config,
                seed,
                salt: None,
                commitment: None,
                dice: DicePolicy::Any,
                setup_source: source,
                setup_draws: draws,
                setup_chained: chained,
                entries: Vec::new(),
            },
            state,
            log: Vec::new(),
        })
    }

    /// Applies an action and records it. On error nothing changes.
    ///
    /// # Errors
    /// The game's refusal, a dice failure, or unused outside dice.
    pub fn act(
        &mut self,
        actor: Actor,
        action: G::Action,
        dice: DiceChoice,
    ) -> Result<&[LoggedEvent<G>], RecordError<G::Error>> {
        let start = self.log.len();
        self.act_checked(actor, action, dice, |e| e, |_| Ok(()))?;
        Ok(&self.log[start..])
    }

    /// Applies an action, hands its events to `check`, and records the step only if `check`
    /// succeeds too: on any error nothing changes.
    ///
    /// The state is changed in place and never copied for a seeded step: a refused
    /// [`Game::apply`] leaves it as it was (its contract). A step with outside dice takes the one
    /// snapshot, because it can be refused after the game accepted it (values left unused) and
    /// because counting the values a short step needs plays it again. A seeded step that `check`
    /// refuses after the game accepted it (an event that cannot be serialized) is undone by
    /// replaying the record, which is not changed until the step is kept. The record and the log
    /// are never copied, so a step costs the same at step 10 as at step 100,000.
    pub(crate) fn act_checked<T, E>(
        &mut self,
        actor: Actor,
        action: G::Action,
        dice: DiceChoice,
        on_error: impl FnOnce(RecordError<G::Error>) -> E,
        check: impl FnOnce(&[LoggedEvent<G>]) -> Result<T, E>,
    ) -> Result<T, E> {
        let step = self.record.entries.len() + 1;
        let snapshot = match dice {
            DiceChoice::Seeded => None,
            DiceChoice::Outside(_) => Some(self.state.clone()),
        };
        let state = &mut self.state;
        let applied = run_step(self.record.seed, step as u64, dice, |d| {
            G::apply(state, actor, &action, d)
        });
        let StepOutput {
            source,
            value: events,
            draws,
            chained,
        } = match applied {
            Ok(output) => output,
            Err(error) => {
                if let Some(before) = snapshot {
                    self.state = before;
                }
                return Err(on_error(error));
            }
        };
        let logged: Vec<LoggedEvent<G>> = events
            .into_iter()
            .map(|visible| LoggedEvent { step, visible })
            .collect();
        let out = match check(&logged) {
            Ok(out) => out,
            Err(error) => {
                self.restore(snapshot);
                return Err(error);
            }
        };
        self.record.entries.push(Entry {
            actor,
            action,
            source,
            draws,
            post: None,
            chained,
        });
        self.log.extend(logged);
        Ok(out)
    }

    /// Puts the state back as it was before a step the game accepted but the session refused:
    /// from `snapshot` when the step took one, otherwise by replaying the record (which does not
    /// hold the step yet). The replay of a record this session built cannot fail; if it ever
    /// did, the state is left as the step made it rather than lost.
    fn restore(&mut self, snapshot: Option<G::State>) {
        if let Some(before) = snapshot {
            self.state = before;
        } else if let Ok(replayed) = Session::replay(self.record.clone(), false) {
            self.state = replayed.state;
        }
    }

    /// Marks the last recorded step as read from the forum post `mark` names (see
    /// [`PostMark`]); `false`, and nothing marked, when no action was taken.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn mark_last_step(&mut self, mark: PostMark) -> bool {
        let last = self.record.entries.last_mut();
        last.map(|entry| entry.post = Some(mark)).is_some()
    }

    /// This session with `state` in place of its state, the record and log kept: the twin
    /// of the secrecy harness ([`crate::engine::testing::secrecy`]), a position that differs from this
    /// one only in a secret, to write every frontend's surfaces from. Its record does not replay
    /// to `state`; it is for tests only (feature `testing`).
    #[cfg(feature = "testing")]
    pub fn with_state(&self, state: G::State) -> Session<G> {
        Session {
            record: self.record.clone(),
            state,
            log: self.log.clone(),
        }
    }

    /// Takes back the last action (a replay without it).
    ///
    /// # Errors
    /// [`RecordError::NothingToUndo`] when no action was taken.
    pub fn undo(&mut self) -> Result<(), RecordError<G::Error>> {
        let mut record = self.record.clone();
        if record.entries.pop().is_none() {
            return Err(RecordError::NothingToUndo);
        }
        *self = Session::replay(record, false)?;
        Ok(())
    }

    /// Rebuilds a game from its record from the recorded draws. With `check_seed`, the record's
    /// seed, salt and commitment must agree, and every seeded step is played from the seed
    /// instead, its draws compared with the recorded ones, so the check costs no second replay.
    /// Loading a save always checks; only a session's own undo, replaying a record it built
    /// itself, skips it.
    ///
    /// # Errors
    /// A record for another game or format, an altered seed, salt or commitment, or a step that
    /// does not replay (an edited seeded draw is refused at its step).
    pub fn replay(record: Record<G>, check_seed: bool) -> Result<Self, RecordError<G::Error>> {
        if record.game != G::NAME {
            return Err(RecordError::WrongGame {
                expected: G::NAME.to_owned(),
                found: record.game,
            });
        }
        if record.format != FORMAT_VERSION {
            return Err(RecordError::Format {
                found: record.format,
                supported: FORMAT_VERSION,
            });
        }
        if check_seed {
            check_record(
                record.seed,
                record.salt.as_ref(),
                record.commitment.as_ref(),
            )
            .map_err(RecordError::Commitment)?;
        }
        let mut state = replay_step(
            record.seed,
            0,
            record.setup_source,
            &record.setup_draws,
            check_seed,
            |d| G::setup(&record.config, d),
        )?;
        let mut log = Vec::new();
        for (index, entry) in record.entries.iter().enumerate() {
            let step = index + 1;
            let events = replay_step(
                record.seed,
                step,
                entry.source,
                &entry.draws,
                check_seed,
                |d| G::apply(&mut state, entry.actor, &entry.action, d),
            )?;
            log.extend(
                events
                    .into_iter()
                    .map(|visible| LoggedEvent { step, visible }),
            );
        }
        Ok(Session { record, state, log })
    }

    /// The current state.
    pub fn state(&self) -> &G::State {
        &self.state
    }

    /// Sets the game's dice policy (the erased layer's `"dice"` config key), kept in the record.
    pub(crate) fn set_dice_policy(&mut self, policy: DicePolicy) {
        self.record.dice = policy;
    }

    /// The record so far.
    pub fn record(&self) -> &Record<G> {
        &self.record
    }

    /// Takes the record.
    pub fn into_record(self) -> Record<G> {
        self.record
    }

    /// Every event so far.
    pub fn log(&self) -> &[LoggedEvent<G>] {
        &self.log
    }

    /// The events `viewer` may see, in order.
    pub fn log_for(&self, viewer: Viewer) -> impl Iterator<Item = &LoggedEvent<G>> {
        self.log
            .iter()
            .filter(move |e| e.visible.audience.includes(viewer))
    }

    /// The events `viewer` may see of the steps after `after` (every step for `None`), in
    /// order. The log is in step order, so the first of them is found by a binary search: an
    /// action's events cost the same on a table with a long history as on a new one.
    pub fn log_for_after(
        &self,
        viewer: Viewer,
        after: Option<usize>,
    ) -> impl Iterator<Item = &LoggedEvent<G>> {
        let first = after.map_or(0, |after| self.log.partition_point(|e| e.step <= after));
        self.log[first..]
            .iter()
            .filter(move |e| e.visible.audience.includes(viewer))
    }
}

/// What one step produced: where its dice came from, its result, and the values it drew.
struct StepOutput<T> {
    source: Source,
    value: T,
    draws: Vec<Draw>,
    chained: Vec<u32>,
}

/// Runs one step with recorded dice and returns its source, result and draws.
fn run_step<T, E: std::error::Error + 'static>(
    seed: u64,
    index: u64,
    dice: DiceChoice,
    mut step: impl FnMut(&mut dyn Dice) -> Result<T, E>,
) -> Result<StepOutput<T>, RecordError<E>> {
    match dice {
        DiceChoice::Seeded => {
            let mut dice = RecordingDice::new(SeededDice::new(step_seed(seed, index)));
            let value = step(&mut dice).map_err(RecordError::Game)?;
            Ok(StepOutput {
                source: Source::Seeded,
                value,
                draws: dice.take_draws(),
                chained: Vec::new(),
            })
        }
        DiceChoice::Outside(values) => {
            let given = values.len();
            let mut dice = RecordingDice::new(Watched {
                inner: ScriptedDice::new(values.iter().copied()),
                error: None,
            });
            let value = match step(&mut dice) {
                Ok(value) => value,
                Err(error) => {
                    return Err(match dice.inner_mut().error.take() {
                        Some(DiceError::Exhausted { .. }) => {
                            let why = more_needed(seed, index, &values, &mut step);
                            RecordError::MoreDice {
                                given,
                                more: why.total(),
                                why,
                            }
                        }
                        Some(DiceError::OutOfRange {
                            value,
                            sides,
                            position,
                        }) => RecordError::BadDice {
                            value,
                            sides,
                            position,
                        },
                        _ => RecordError::Game(error),
                    });
                }
            };
            let used = dice.inner_mut().inner.used();
            if used != given {
                return Err(RecordError::UnusedDice { given, used });
            }
            Ok(StepOutput {
                source: Source::Outside,
                value,
                chained: dice.take_chained(),
                draws: dice.take_draws(),
            })
        }
    }
}

/// A dice source that keeps the first error its inner source returned, so a step refused
/// because outside dice ran out or did not fit can say so whatever the game made of the error.
struct Watched<D> {
    inner: D,
    error: Option<DiceError>,
}

impl<D: Dice> Dice for Watched<D> {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        self.inner.roll(sides).inspect_err(|e| {
            self.error.get_or_insert_with(|| e.clone());
        })
    }
}

/// Replays one step: from the seed (checking its draws against the recorded ones) when it is
/// seeded and `check_seed` asks for it, otherwise from the recorded draws, all of which must be
/// used.
fn replay_step<T, E: std::error::Error + 'static>(
    seed: u64,
    step: usize,
    source: Source,
    draws: &[Draw],
    check_seed: bool,
    run: impl FnOnce(&mut dyn Dice) -> Result<T, E>,
) -> Result<T, RecordError<E>> {
    let step_error = |message: String| RecordError::Step { step, message };
    if check_seed && source == Source::Seeded {
        let mut dice = RecordingDice::new(SeededDice::new(step_seed(seed, step as u64)));
        let value = run(&mut dice).map_err(|e| step_error(e.to_string()))?;
        if dice.draws() != draws {
            return Err(step_error(
                "its draws do not match the record's seed (the record was altered)".to_owned(),
            ));
        }
        return Ok(value);
    }
    let mut dice = ReplayDice::new(draws.to_vec());
    let value = run(&mut dice).map_err(|e| step_error(e.to_string()))?;
    if dice.remaining() != 0 {
        return Err(step_error(format!(
            "{} recorded draws were not used",
            dice.remaining()
        )));
    }
    Ok(value)
}

mod error;
mod short;
pub use error::{RecordError, Shortfall};
use short::more_needed;

#[cfg(test)]
mod tests;
