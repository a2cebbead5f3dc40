//! A type-erased game interface, so frontends (the `pbp` CLI, the web page) handle every game the
//! same way, through JSON.
//!
//! [`DynGame`] is one game (its name, default config, new sessions, loading saves) and
//! [`DynSession`] one game in progress (turn, legal actions, acting, views, the log, undo,
//! saving). Both are implemented once, generically: [`Erased<G>`] for every [`Game`], and
//! [`Session<G>`] itself. A [`Registry`] lists the games a frontend offers by name, each with an
//! extra value of the frontend's choice (the CLI keeps each game's renderer there).
//!
//! ```
//! use pbp_core::duel::Duel;
//! use pbp_core::erased::{ActionInput, Registry};
//! use pbp_core::{Actor, DiceChoice, Seat, Viewer};
//!
//! let mut registry = Registry::<()>::new();
//! registry.register::<Duel>(());
//! let game = registry.game("duel")?;
//! let mut session = game.new_session(None, 7, DiceChoice::Seeded)?;
//! let events = session.act(
//!     Actor::Seat(Seat(0)),
//!     &ActionInput::Auto("focus".into()),
//!     DiceChoice::Seeded,
//! )?;
//! assert_eq!(events.len(), 2);
//! let save = session.save()?;
//! let (loaded, ()) = registry.load(&save)?;
//! assert_eq!(loaded.view(Viewer::GameMaster)?, session.view(Viewer::GameMaster)?);
//! # Ok::<(), pbp_core::erased::ErasedError>(())
//! ```
//!
//! The save file's envelope, canonical JSON and checksum are in [`crate::save`], re-exported
//! here.

use std::any::Any;
use std::marker::PhantomData;

use serde::Serialize;
use serde_json::Value;
use thiserror::Error;

use crate::commitment::{Commitment, CommitmentError, Secret};
use crate::game::{Actor, Audience, Game, Turn, Viewer};
use crate::record::{DiceChoice, LoggedEvent, RecordError, Session};
pub use crate::save::{SAVE_FORMAT, canonical_json, checksum, fnv1a64, load_session, save_game};

/// Why a type-erased operation failed. Messages never reveal hidden information.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ErasedError {
    /// No registered game has this name.
    #[error("there is no game named '{name}' (known games: {known})")]
    UnknownGame {
        /// The name asked for.
        name: String,
        /// The registered names, comma-separated.
        known: String,
    },
    /// A config was not valid for the game.
    #[error("the config is not valid for {game}: {message}")]
    Config {
        /// The game.
        game: &'static str,
        /// What is wrong, with its line and column.
        message: String,
    },
    /// An input was not an action of the game, neither as JSON nor in the game's text form.
    #[error("not an action of {game}: {message}")]
    Action {
        /// The game.
        game: &'static str,
        /// Why.
        message: String,
    },
    /// The game refused the setup or the action, or the outside dice did not fit.
    #[error("{0}")]
    Refused(String),
    /// Nothing to undo.
    #[error("there is no action to undo")]
    NothingToUndo,
    /// The save file is not JSON (truncated or corrupted).
    #[error("the save is not valid JSON: {0}")]
    SaveSyntax(String),
    /// The save file's envelope is not a pbp save.
    #[error("the save is not a pbp save: {0}")]
    SaveShape(String),
    /// The save envelope's version is not one this build reads.
    #[error("save format {found} is not supported (this build reads format {supported})")]
    SaveFormat {
        /// The save's version.
        found: u64,
        /// The version this build reads.
        supported: u32,
    },
    /// The save is for another game.
    #[error("this save is for the game '{found}', not '{expected}'")]
    WrongGame {
        /// The game asked for.
        expected: String,
        /// The save's game.
        found: String,
    },
    /// The record's checksum does not match: the file was changed after it was saved.
    #[error(
        "checksum mismatch: the save says {stored} but its record hashes to {computed} (the file was changed after it was saved)"
    )]
    Checksum {
        /// The checksum written in the save.
        stored: String,
        /// The checksum of the record as found.
        computed: String,
    },
    /// The record inside the save does not have the game's record format.
    #[error("the record in the save is not valid for {game}: {message}")]
    RecordShape {
        /// The game.
        game: &'static str,
        /// What is wrong.
        message: String,
    },
    /// The record's format version is not one this build reads.
    #[error("record format {found} is not supported (this build reads format {supported})")]
    RecordFormat {
        /// The record's version.
        found: u32,
        /// The version this build reads.
        supported: u32,
    },
    /// A step of the record does not replay.
    #[error("step {step} of the record does not replay: {message}")]
    Step {
        /// 0 for the setup, then 1 for the first action.
        step: usize,
        /// Why.
        message: String,
    },
    /// A value could not be written as JSON.
    #[error("cannot write JSON: {0}")]
    Serialize(String),
    /// The record's seed, salt and commitment do not agree, or a published commitment does not
    /// match.
    #[error(transparent)]
    Commitment(#[from] CommitmentError),
}

impl<E: std::error::Error + 'static> From<RecordError<E>> for ErasedError {
    fn from(error: RecordError<E>) -> Self {
        match error {
            RecordError::Game(e) => ErasedError::Refused(e.to_string()),
            e @ RecordError::UnusedDice { .. } => ErasedError::Refused(e.to_string()),
            RecordError::WrongGame { expected, found } => {
                ErasedError::WrongGame { expected, found }
            }
            RecordError::Format { found, supported } => {
                ErasedError::RecordFormat { found, supported }
            }
            RecordError::Step { step, message } => ErasedError::Step { step, message },
            RecordError::NothingToUndo => ErasedError::NothingToUndo,
            RecordError::Commitment(e) => ErasedError::Commitment(e),
        }
    }
}

fn to_json<T: Serialize>(value: &T) -> Result<Value, ErasedError> {
    serde_json::to_value(value).map_err(|e| ErasedError::Serialize(e.to_string()))
}

/// An action given to [`DynSession::act`].
#[derive(Clone, Debug, PartialEq)]
pub enum ActionInput {
    /// The action's JSON form.
    Json(Value),
    /// The game's own text form ([`Game::parse_action`]).
    Text(String),
    /// Either: read as JSON if it is the JSON of an action, otherwise in the game's text form.
    Auto(String),
}

/// A legal action, in both forms.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LegalAction {
    /// The game's text form.
    pub text: String,
    /// The JSON form.
    pub json: Value,
}

/// An event with its step and audience, the event as JSON.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ErasedEvent {
    /// 0 for the setup, then 1 for the first action.
    pub step: usize,
    /// Who may see it.
    pub audience: Audience,
    /// The event.
    pub event: Value,
}

fn erase_event<G: Game>(logged: &LoggedEvent<G>) -> Result<ErasedEvent, ErasedError> {
    Ok(ErasedEvent {
        step: logged.step,
        audience: logged.visible.audience.clone(),
        event: to_json(&logged.visible.event)?,
    })
}

/// One game, type-erased. Implemented by [`Erased<G>`] for every [`Game`].
pub trait DynGame: Send + Sync {
    /// The game's name ([`Game::NAME`]).
    fn name(&self) -> &'static str;

    /// The default config as JSON.
    ///
    /// # Errors
    /// [`ErasedError::Serialize`] if the config cannot be written as JSON.
    fn default_config(&self) -> Result<Value, ErasedError>;

    /// Starts a game to be played with `config` (JSON text; `None` for the default), seeded
    /// with `secret`'s seed, its record carrying the salt and the commitment to publish; the
    /// setup draws from the seed or from outside dice.
    ///
    /// # Errors
    /// An invalid config, a refused setup, or outside dice that do not fit.
    fn start(
        &self,
        config: Option<&str>,
        secret: &Secret,
        dice: DiceChoice,
    ) -> Result<Box<dyn DynSession>, ErasedError>;

    /// Starts a game with `config` (JSON text; `None` for the default), seeded with `seed`, the
    /// setup drawing from the seed or from outside dice, without a salt or a commitment (for
    /// tests and examples; frontends start games with [`DynGame::start`]).
    ///
    /// # Errors
    /// An invalid config, a refused setup, or outside dice that do not fit.
    fn new_session(
        &self,
        config: Option<&str>,
        seed: u64,
        dice: DiceChoice,
    ) -> Result<Box<dyn DynSession>, ErasedError>;

    /// Loads a save written by [`DynSession::save`], checking everything (see
    /// [`crate::save`]): every seeded step's rolls are derived again from the seed and must
    /// match, and the seed and salt must hash to the record's commitment.
    ///
    /// # Errors
    /// See [`crate::save`] for the checks, each with its own error.
    fn load(&self, save: &str) -> Result<Box<dyn DynSession>, ErasedError>;

    /// Plays `games` games with `bot` at every seat (see [`crate::testing::simulate`]).
    ///
    /// # Errors
    /// An invalid config, or a game that breaks its contract.
    #[cfg(feature = "testing")]
    fn simulate(
        &self,
        config: Option<&str>,
        games: u64,
        seed: u64,
        bot: crate::testing::Bot,
        progress: &mut dyn FnMut(u64),
    ) -> Result<crate::testing::SimulationSummary, ErasedError>;
}

/// One game in progress, type-erased. Implemented by [`Session<G>`] for every [`Game`].
pub trait DynSession {
    /// The game's name.
    fn game(&self) -> &'static str;

    /// The record's seed: the game master's secret. Show it to nobody else.
    fn seed(&self) -> u64;

    /// The commitment to the seed, to publish from the first post on (`None` for a save started
    /// before commitments).
    fn commitment(&self) -> Option<Commitment>;

    /// The seed and salt, for the game master to reveal at the end (`None` for a save started
    /// before commitments, which has a seed and no salt).
    fn secret(&self) -> Option<Secret>;

    /// Actions taken so far.
    fn steps(&self) -> usize;

    /// Who may act now, or the outcome.
    fn turn(&self) -> Turn;

    /// The legal actions of `actor` now, in both forms.
    ///
    /// # Errors
    /// [`ErasedError::Serialize`] if an action cannot be written as JSON.
    fn legal_actions(&self, actor: Actor) -> Result<Vec<LegalAction>, ErasedError>;

    /// Reads an action (JSON or text) and returns it in both forms, without applying it.
    ///
    /// # Errors
    /// [`ErasedError::Action`] when the input is not an action of this game.
    fn parse_action(&self, actor: Actor, input: &ActionInput) -> Result<LegalAction, ErasedError>;

    /// Applies `actor`'s action with seeded or outside dice, records it, and returns the step's
    /// events (every audience: filter them for the viewer). On error nothing changes.
    ///
    /// # Errors
    /// An input that is not an action, the game's refusal, or outside dice that do not fit.
    fn act(
        &mut self,
        actor: Actor,
        input: &ActionInput,
        dice: DiceChoice,
    ) -> Result<Vec<ErasedEvent>, ErasedError>;

    /// What `viewer` may see, as JSON.
    ///
    /// # Errors
    /// [`ErasedError::Serialize`] if the view cannot be written as JSON.
    fn view(&self, viewer: Viewer) -> Result<Value, ErasedError>;

    /// The events `viewer` may see, in order.
    ///
    /// # Errors
    /// [`ErasedError::Serialize`] if an event cannot be written as JSON.
    fn log(&self, viewer: Viewer) -> Result<Vec<ErasedEvent>, ErasedError>;

    /// Takes back the last action (a replay without it). On error nothing changes.
    ///
    /// # Errors
    /// [`ErasedError::NothingToUndo`] when no action was taken.
    fn undo(&mut self) -> Result<(), ErasedError>;

    /// The record as JSON.
    ///
    /// # Errors
    /// [`ErasedError::Serialize`] if the record cannot be written as JSON.
    fn record(&self) -> Result<Value, ErasedError>;

    /// The save file: the record in its envelope (see the [module docs](self)), pretty-printed,
    /// ending with a newline.
    ///
    /// # Errors
    /// [`ErasedError::Serialize`] if the record cannot be written as JSON.
    fn save(&self) -> Result<String, ErasedError>;

    /// The concrete session, for a frontend that knows the game (a renderer downcasts it to
    /// [`Session<G>`]).
    fn as_any(&self) -> &dyn Any;
}

/// [`DynGame`] for the game `G`.
pub struct Erased<G: Game>(PhantomData<G>);

impl<G: Game> Erased<G> {
    /// The type-erased `G`.
    pub fn new() -> Self {
        Erased(PhantomData)
    }
}

impl<G: Game> Default for Erased<G> {
    fn default() -> Self {
        Erased::new()
    }
}

impl<G: Game> std::fmt::Debug for Erased<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Erased({})", G::NAME)
    }
}

fn parse_config<G: Game>(config: Option<&str>) -> Result<G::Config, ErasedError> {
    match config {
        None => Ok(G::Config::default()),
        Some(text) => serde_json::from_str(text).map_err(|e| ErasedError::Config {
            game: G::NAME,
            message: e.to_string(),
        }),
    }
}

impl<G: Game> DynGame for Erased<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn default_config(&self) -> Result<Value, ErasedError> {
        to_json(&G::Config::default())
    }

    fn new_session(
        &self,
        config: Option<&str>,
        seed: u64,
        dice: DiceChoice,
    ) -> Result<Box<dyn DynSession>, ErasedError> {
        let config = parse_config::<G>(config)?;
        Ok(Box::new(Session::<G>::new(config, seed, dice)?))
    }

    fn start(
        &self,
        config: Option<&str>,
        secret: &Secret,
        dice: DiceChoice,
    ) -> Result<Box<dyn DynSession>, ErasedError> {
        let config = parse_config::<G>(config)?;
        Ok(Box::new(Session::<G>::new_committed(config, secret, dice)?))
    }

    fn load(&self, save: &str) -> Result<Box<dyn DynSession>, ErasedError> {
        Ok(Box::new(load_session::<G>(save)?))
    }

    #[cfg(feature = "testing")]
    fn simulate(
        &self,
        config: Option<&str>,
        games: u64,
        seed: u64,
        bot: crate::testing::Bot,
        progress: &mut dyn FnMut(u64),
    ) -> Result<crate::testing::SimulationSummary, ErasedError> {
        let config = parse_config::<G>(config)?;
        crate::testing::simulate::<G>(&config, games, seed, bot, progress)
            .map_err(ErasedError::Refused)
    }
}

impl<G: Game> Session<G> {
    fn read_action(&self, actor: Actor, input: &ActionInput) -> Result<G::Action, ErasedError> {
        let from_json = |value: Value| {
            serde_json::from_value::<G::Action>(value).map_err(|e| format!("as JSON: {e}"))
        };
        let from_text =
            |text: &str| G::parse_action(self.state(), actor, text).map_err(|e| e.to_string());
        let result = match input {
            ActionInput::Json(value) => from_json(value.clone()),
            ActionInput::Text(text) => from_text(text),
            ActionInput::Auto(text) => {
                // Input that is valid JSON is read as JSON (and its error reported as such);
                // anything else, BBCode order posts like "[b]...[/b]" included, is the game's
                // text form.
                match serde_json::from_str::<Value>(text) {
                    Ok(value) => from_json(value)
                        .or_else(|json_error| from_text(text).map_err(|_| json_error)),
                    Err(_) => from_text(text),
                }
            }
        };
        result.map_err(|message| ErasedError::Action {
            game: G::NAME,
            message,
        })
    }
}

impl<G: Game> DynSession for Session<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn seed(&self) -> u64 {
        self.record().seed
    }

    fn commitment(&self) -> Option<Commitment> {
        self.record().commitment
    }

    fn secret(&self) -> Option<Secret> {
        self.record().salt.map(|salt| Secret {
            seed: self.record().seed,
            salt,
        })
    }

    fn steps(&self) -> usize {
        self.record().entries.len()
    }

    fn turn(&self) -> Turn {
        G::turn(self.state())
    }

    fn legal_actions(&self, actor: Actor) -> Result<Vec<LegalAction>, ErasedError> {
        G::legal_actions(self.state(), actor)
            .iter()
            .map(|action| {
                Ok(LegalAction {
                    text: G::format_action(self.state(), action),
                    json: to_json(action)?,
                })
            })
            .collect()
    }

    fn parse_action(&self, actor: Actor, input: &ActionInput) -> Result<LegalAction, ErasedError> {
        let action = self.read_action(actor, input)?;
        Ok(LegalAction {
            text: G::format_action(self.state(), &action),
            json: to_json(&action)?,
        })
    }

    fn act(
        &mut self,
        actor: Actor,
        input: &ActionInput,
        dice: DiceChoice,
    ) -> Result<Vec<ErasedEvent>, ErasedError> {
        let action = self.read_action(actor, input)?;
        // The events are converted before the step is committed, so a serialization failure
        // cannot leave a half-done step.
        self.act_checked(actor, action, dice, |events| {
            events
                .iter()
                .map(erase_event)
                .collect::<Result<Vec<_>, _>>()
        })
    }

    fn view(&self, viewer: Viewer) -> Result<Value, ErasedError> {
        to_json(&G::view(self.state(), viewer))
    }

    fn log(&self, viewer: Viewer) -> Result<Vec<ErasedEvent>, ErasedError> {
        self.log_for(viewer).map(erase_event).collect()
    }

    fn undo(&mut self) -> Result<(), ErasedError> {
        Ok(Session::undo(self)?)
    }

    fn record(&self) -> Result<Value, ErasedError> {
        to_json(Session::record(self))
    }

    fn save(&self) -> Result<String, ErasedError> {
        crate::save::save_session(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// The games a frontend offers, by name, each with an extra value `X` chosen by the frontend (a
/// renderer, a description; `()` for none).
pub struct Registry<X = ()> {
    entries: Vec<(Box<dyn DynGame>, X)>,
}

impl<X> Default for Registry<X> {
    fn default() -> Self {
        Registry {
            entries: Vec::new(),
        }
    }
}

impl<X> std::fmt::Debug for Registry<X> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

impl<X> Registry<X> {
    /// An empty registry.
    pub fn new() -> Self {
        Registry::default()
    }

    /// Registers the game `G` with its extra value; a game of the same name is replaced.
    pub fn register<G: Game>(&mut self, extra: X) -> &mut Self {
        self.register_dyn(Box::new(Erased::<G>::new()), extra)
    }

    /// Registers a type-erased game with its extra value; a game of the same name is replaced.
    pub fn register_dyn(&mut self, game: Box<dyn DynGame>, extra: X) -> &mut Self {
        match self
            .entries
            .iter_mut()
            .find(|(g, _)| g.name() == game.name())
        {
            Some(entry) => *entry = (game, extra),
            None => self.entries.push((game, extra)),
        }
        self
    }

    /// The registered games' names, in registration order.
    pub fn names(&self) -> Vec<&'static str> {
        self.entries.iter().map(|(g, _)| g.name()).collect()
    }

    /// Every registered game with its extra value, in registration order.
    pub fn iter(&self) -> impl Iterator<Item = (&dyn DynGame, &X)> {
        self.entries.iter().map(|(g, x)| (g.as_ref(), x))
    }

    /// The game named `name` with its extra value.
    ///
    /// # Errors
    /// [`ErasedError::UnknownGame`], listing the known names.
    pub fn get(&self, name: &str) -> Result<(&dyn DynGame, &X), ErasedError> {
        self.iter()
            .find(|(g, _)| g.name() == name)
            .ok_or_else(|| ErasedError::UnknownGame {
                name: name.chars().take(80).collect(),
                known: self.names().join(", "),
            })
    }

    /// The game named `name`.
    ///
    /// # Errors
    /// [`ErasedError::UnknownGame`], listing the known names.
    pub fn game(&self, name: &str) -> Result<&dyn DynGame, ErasedError> {
        self.get(name).map(|(g, _)| g)
    }

    /// Loads a save of any registered game (see [`DynGame::load`]).
    ///
    /// # Errors
    /// The save's errors, or [`ErasedError::UnknownGame`] for a game not registered.
    pub fn load(&self, save: &str) -> Result<(Box<dyn DynSession>, &X), ErasedError> {
        let name = save_game(save)?;
        let (game, extra) = self.get(&name)?;
        Ok((game.load(save)?, extra))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duel::{Duel, DuelState};
    use crate::game::Seat;

    fn registry() -> Registry {
        let mut registry = Registry::new();
        registry.register::<Duel>(());
        registry
    }

    fn auto(text: &str) -> ActionInput {
        ActionInput::Auto(text.to_owned())
    }

    const S0: Actor = Actor::Seat(Seat(0));
    const S1: Actor = Actor::Seat(Seat(1));

    /// A duel after one whole round, seat 0 having focused with outside dice.
    fn played() -> Box<dyn DynSession> {
        let registry = registry();
        let mut session = registry
            .game("duel")
            .unwrap()
            .new_session(None, 11, DiceChoice::Seeded)
            .unwrap();
        session
            .act(S0, &auto(r#"{"choose":"focus"}"#), DiceChoice::Seeded)
            .unwrap();
        // Seat 0: 3k1 rolls 2, 10+4, 1 = 14; seat 1: 9, 9.
        session
            .act(
                S1,
                &auto("strike"),
                DiceChoice::Outside(vec![2, 10, 4, 1, 9, 9]),
            )
            .unwrap();
        session
            .act(S1, &ActionInput::Text("focus".into()), DiceChoice::Seeded)
            .unwrap();
        session
    }

    #[test]
    fn registry_lists_and_refuses_unknown_games() {
        let registry = registry();
        assert_eq!(registry.names(), vec!["duel"]);
        let error = registry.game("chess").err().unwrap();
        assert_eq!(
            error.to_string(),
            "there is no game named 'chess' (known games: duel)"
        );
        let mut twice = registry;
        twice.register::<Duel>(());
        assert_eq!(twice.names().len(), 1);
    }

    #[test]
    fn default_config_round_trips_through_new_session() {
        let registry = registry();
        let game = registry.game("duel").unwrap();
        let config = game.default_config().unwrap();
        assert_eq!(config["first_to"], 3);
        let session = game
            .new_session(Some(&config.to_string()), 1, DiceChoice::Seeded)
            .unwrap();
        assert_eq!(session.game(), "duel");
        assert_eq!(session.steps(), 0);
        let error = game
            .new_session(Some("{\"first_to\": 0}"), 1, DiceChoice::Seeded)
            .err()
            .unwrap();
        assert!(matches!(error, ErasedError::Refused(_)), "{error}");
        let error = game
            .new_session(Some("{\"firstto\": 2}"), 1, DiceChoice::Seeded)
            .err()
            .unwrap();
        assert!(error.to_string().contains("line 1 column"), "{error}");
    }

    #[test]
    fn actions_as_json_or_text_and_their_events() {
        let session = played();
        assert_eq!(session.steps(), 3);
        let view = session.view(Viewer::GameMaster).unwrap();
        assert_eq!(view["wins"], serde_json::json!([1, 0]));
        assert_eq!(view["own"], serde_json::json!([null, "focus"]));
        let legal = session.legal_actions(S0).unwrap();
        assert_eq!(
            legal.iter().map(|a| a.text.as_str()).collect::<Vec<_>>(),
            vec!["strike", "focus"]
        );
        assert_eq!(legal[0].json, serde_json::json!({"choose": "strike"}));
        assert!(session.legal_actions(S1).unwrap().is_empty());
        let parsed = session.parse_action(S0, &auto("concede 1")).unwrap();
        assert_eq!(parsed.json, serde_json::json!({"concede": 1}));
    }

    #[test]
    fn bad_actions_are_refused_and_change_nothing() {
        let mut session = played();
        let before = session.save().unwrap();
        let error = session
            .act(S0, &auto("dance"), DiceChoice::Seeded)
            .unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("not an action of duel: 'dance'"),
            "{error}"
        );
        let error = session
            .act(S0, &auto("{\"choose\":\"dance\"}"), DiceChoice::Seeded)
            .unwrap_err();
        assert!(error.to_string().contains("as JSON"), "{error}");
        // Seat 1 has sealed already.
        let error = session
            .act(S1, &auto("strike"), DiceChoice::Seeded)
            .unwrap_err();
        assert_eq!(
            error,
            ErasedError::Refused("seat 1 cannot choose a stance now".into())
        );
        // Too few outside dice, then too many.
        for dice in [vec![1, 2], vec![5; 40]] {
            let error = session
                .act(S0, &auto("strike"), DiceChoice::Outside(dice))
                .unwrap_err();
            assert!(matches!(error, ErasedError::Refused(_)), "{error}");
        }
        assert_eq!(session.save().unwrap(), before);
    }

    #[test]
    fn events_and_views_hide_the_sealed_stance() {
        let session = played();
        // Seat 1 has sealed "focus" in step 3.
        for viewer in [Viewer::Public, Viewer::Seat(Seat(0))] {
            let view = session.view(viewer).unwrap();
            assert_eq!(view["own"][1], Value::Null, "{viewer:?}: {view}");
            assert_eq!(view["sealed"], serde_json::json!([false, true]));
            assert!(
                !session
                    .log(viewer)
                    .unwrap()
                    .iter()
                    .any(|e| e.step == 3 && e.event.get("chose").is_some()),
                "{viewer:?} sees seat 1's choice"
            );
        }
        let own = session.log(Viewer::Seat(Seat(1))).unwrap();
        assert!(
            own.iter()
                .any(|e| e.step == 3 && e.event.get("chose").is_some())
        );
        assert!(session.log(Viewer::Public).unwrap().len() < own.len());
    }

    #[test]
    fn undo_takes_back_the_last_action() {
        let mut session = played();
        session.undo().unwrap();
        assert_eq!(session.steps(), 2);
        assert_eq!(
            session.view(Viewer::GameMaster).unwrap()["own"],
            serde_json::json!([null, null])
        );
        session.undo().unwrap();
        session.undo().unwrap();
        assert_eq!(session.undo(), Err(ErasedError::NothingToUndo));
    }

    #[test]
    fn saves_load_back_exactly() {
        let session = played();
        let save = session.save().unwrap();
        let registry = registry();
        let (loaded, ()) = registry.load(&save).unwrap();
        assert_eq!(loaded.save().unwrap(), save);
        let concrete = loaded.as_any().downcast_ref::<Session<Duel>>().unwrap();
        let original = session.as_any().downcast_ref::<Session<Duel>>().unwrap();
        assert_eq!(concrete.state(), original.state());
        // Whitespace does not matter.
        let compact: Value = serde_json::from_str(&save).unwrap();
        assert!(registry.load(&compact.to_string()).is_ok());
    }

    fn load_error(save: &str) -> ErasedError {
        registry().load(save).err().unwrap()
    }

    #[test]
    fn truncated_and_corrupted_saves_are_refused() {
        let save = played().save().unwrap();
        let error = load_error(&save[..save.len() / 2]);
        assert!(matches!(error, ErasedError::SaveSyntax(_)), "{error}");
        assert!(error.to_string().contains("line"), "{error}");
        assert!(matches!(load_error(""), ErasedError::SaveSyntax(_)));
        assert!(matches!(load_error("[1, 2]"), ErasedError::SaveShape(_)));
        assert!(matches!(load_error("{}"), ErasedError::SaveShape(_)));
        let error = load_error(&save.replacen("\"pbp_save\": 1", "\"pbp_save\": 9", 1));
        assert_eq!(
            error,
            ErasedError::SaveFormat {
                found: 9,
                supported: 1
            }
        );
        let error = load_error(&save.replacen("\"game\": \"duel\"", "\"game\": \"chess\"", 1));
        assert!(matches!(error, ErasedError::UnknownGame { .. }), "{error}");
        let error = Erased::<Duel>::new()
            .load(&save.replacen("\"game\": \"duel\"", "\"game\": \"chess\"", 1))
            .err()
            .unwrap();
        assert!(matches!(error, ErasedError::WrongGame { .. }), "{error}");
    }

    /// Rewrites a save's record and, if `reseal`, its checksum, as a forger would.
    fn tamper(save: &str, reseal: bool, edit: impl FnOnce(&mut Value)) -> String {
        let mut envelope: Value = serde_json::from_str(save).unwrap();
        edit(&mut envelope["record"]);
        if reseal {
            envelope["checksum"] = Value::String(checksum(&envelope["record"]));
        }
        envelope.to_string()
    }

    #[test]
    fn tampered_saves_are_refused() {
        let save = played().save().unwrap();
        // A changed die, checksum not updated.
        let error = load_error(&tamper(&save, false, |r| {
            r["entries"][1]["draws"][0]["value"] = 7.into();
        }));
        assert!(matches!(error, ErasedError::Checksum { .. }), "{error}");
        // A forger who recomputes the checksum gets past it (it is not a signature) ...
        let forged = tamper(&save, true, |r| {
            r["entries"][2]["action"] = serde_json::json!({"choose": "strike"});
        });
        assert!(registry().load(&forged).is_ok(), "no dice in step 3");
        // ... but outside dice passed off as seeded ones fail the seed check.
        let forged = tamper(&save, true, |r| {
            r["entries"][1]["source"] = "seeded".into();
        });
        let error = load_error(&forged);
        assert!(
            matches!(error, ErasedError::Step { step: 2, .. }),
            "{error}"
        );
        // A step that cannot replay: seat 0 chooses twice.
        let error = load_error(&tamper(&save, true, |r| {
            r["entries"][1]["actor"] = serde_json::json!({"seat": 0});
        }));
        assert!(
            matches!(error, ErasedError::Step { step: 2, .. }),
            "{error}"
        );
        // Record fields.
        let error = load_error(&tamper(&save, true, |r| {
            r["seed"] = "eleven".into();
        }));
        assert!(matches!(error, ErasedError::RecordShape { .. }), "{error}");
        let error = load_error(&tamper(&save, true, |r| {
            r["format"] = 2.into();
        }));
        assert!(
            matches!(error, ErasedError::RecordFormat { found: 2, .. }),
            "{error}"
        );
        let error = load_error(&tamper(&save, true, |r| {
            r["game"] = "chess".into();
        }));
        assert!(matches!(error, ErasedError::WrongGame { .. }), "{error}");
    }

    /// A committed duel after one round rolled from the seed.
    fn committed() -> (Box<dyn DynSession>, Secret) {
        let secret = Secret {
            seed: 2026,
            salt: crate::Salt::from_bytes([7; 32]),
        };
        let mut session = registry()
            .game("duel")
            .unwrap()
            .start(None, &secret, DiceChoice::Seeded)
            .unwrap();
        session.act(S0, &auto("focus"), DiceChoice::Seeded).unwrap();
        session
            .act(S1, &auto("strike"), DiceChoice::Seeded)
            .unwrap();
        (session, secret)
    }

    #[test]
    fn a_committed_save_carries_its_salt_and_commitment() {
        let (session, secret) = committed();
        assert_eq!(session.commitment(), Some(secret.commitment()));
        assert_eq!(session.secret(), Some(secret));
        let save = session.save().unwrap();
        assert!(save.contains(&secret.commitment().to_string()));
        let (loaded, ()) = registry().load(&save).unwrap();
        assert_eq!(loaded.commitment(), Some(secret.commitment()));
        assert_eq!(loaded.secret(), Some(secret));
        // An unsalted session (tests, simulations) has neither.
        assert_eq!(played().commitment(), None);
        assert_eq!(played().secret(), None);
    }

    #[test]
    fn edited_seeded_dice_seeds_and_salts_are_refused_even_resealed() {
        let (session, secret) = committed();
        let save = session.save().unwrap();
        let record: Value = serde_json::from_str::<Value>(&save).unwrap()["record"].clone();
        assert_eq!(record["entries"][1]["source"], "seeded");
        let value = record["entries"][1]["draws"][0]["value"].as_u64().unwrap();
        // A seeded die changed, the checksum recomputed: refused at its step.
        let error = load_error(&tamper(&save, true, |r| {
            r["entries"][1]["draws"][0]["value"] = (value % 10 + 1).into();
        }));
        assert_eq!(
            error.to_string(),
            "step 2 of the record does not replay: its draws do not match the record's seed (the record was altered)"
        );
        // The seed changed: it no longer hashes to the commitment.
        let error = load_error(&tamper(&save, true, |r| {
            r["seed"] = 2027.into();
        }));
        assert!(
            matches!(
                error,
                ErasedError::Commitment(CommitmentError::Altered { .. })
            ),
            "{error}"
        );
        assert!(!error.to_string().contains("2026"), "{error}");
        // The salt changed, or removed.
        let error = load_error(&tamper(&save, true, |r| {
            r["salt"] = "11".repeat(32).into();
        }));
        assert!(matches!(error, ErasedError::Commitment(_)), "{error}");
        let error = load_error(&tamper(&save, true, |r| {
            r.as_object_mut().unwrap().remove("salt");
        }));
        assert!(matches!(error, ErasedError::Commitment(_)), "{error}");
        // Seed and commitment both replaced: the seeded draws give it away.
        let forged_commitment = Commitment::of(2027, &secret.salt).to_string();
        let error = load_error(&tamper(&save, true, |r| {
            r["seed"] = 2027.into();
            r["commitment"] = forged_commitment.clone().into();
        }));
        assert!(
            matches!(
                error,
                ErasedError::Step {
                    step: 2,
                    ..
                }
            ),
            "{error}"
        );
    }

    #[test]
    fn saves_without_a_salt_still_load() {
        // A save written before commitments: no salt, no commitment, seed checked all the same.
        let save = played().save().unwrap();
        assert!(!save.contains("\"salt\"") && !save.contains("\"commitment\""));
        let (loaded, ()) = registry().load(&save).unwrap();
        assert_eq!(loaded.commitment(), None);
    }

    #[test]
    fn no_truncation_or_changed_byte_loads_another_game() {
        let save = played().save().unwrap();
        let registry = registry();
        let original = played()
            .as_any()
            .downcast_ref::<Session<Duel>>()
            .unwrap()
            .record()
            .clone();
        let accepted = |text: &str| match registry.load(text) {
            Err(_) => false,
            Ok((session, ())) => {
                let record = session
                    .as_any()
                    .downcast_ref::<Session<Duel>>()
                    .unwrap()
                    .record();
                assert_eq!(*record, original, "an altered save loaded: {text}");
                true
            }
        };
        // Every prefix fails except those that only lose the final newline.
        for end in 0..save.len() {
            assert_eq!(
                accepted(&save[..end]),
                end + 1 == save.len(),
                "prefix of {end}"
            );
        }
        // Every single changed byte either fails or changes nothing of the record.
        let mut changed_and_loaded = 0;
        for at in 0..save.len() {
            for byte in [b' ', b'0', b'7', b'"', b'}', b'x', b'\n'] {
                let mut bytes = save.clone().into_bytes();
                if bytes[at] == byte {
                    continue;
                }
                bytes[at] = byte;
                let Ok(text) = String::from_utf8(bytes) else {
                    continue;
                };
                if accepted(&text) {
                    changed_and_loaded += 1;
                }
            }
        }
        // Only changes of layout (spaces and newlines between tokens) load.
        assert!(changed_and_loaded > 0);
    }

    #[cfg(feature = "testing")]
    #[test]
    fn simulate_counts_every_game() {
        let registry = registry();
        let mut calls = 0;
        let summary = registry
            .game("duel")
            .unwrap()
            .simulate(None, 20, 3, crate::testing::Bot::Random, &mut |_| {
                calls += 1
            })
            .unwrap();
        assert_eq!(calls, 20);
        assert_eq!(summary.games, 20);
        assert_eq!(summary.finished, 20);
        assert_eq!(summary.wins.values().sum::<u64>() + summary.draws, 20);
    }

    #[test]
    fn the_duel_state_is_reachable_through_any() {
        let session = played();
        let state: &DuelState = session
            .as_any()
            .downcast_ref::<Session<Duel>>()
            .unwrap()
            .state();
        assert_eq!(state.wins, [1, 0]);
    }
}
