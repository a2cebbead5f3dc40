//! [`DynGame`]: one game, type-erased, and [`Erased<G>`], its implementation for every game.

use std::marker::PhantomData;

use super::error::setup_error;
use super::forms::to_json;
use super::{DynSession, ErasedError};
use crate::engine::commitment::Secret;
use crate::engine::save::load_session;
use crate::game::Game;
use crate::outside::DicePolicy;
use crate::outside::take_dice_key;
use crate::record::{DiceChoice, Session};
use serde_json::Value;

/// One game, type-erased. Implemented by [`Erased<G>`] for every [`Game`].
pub trait DynGame: Send + Sync {
    /// The game's name ([`Game::NAME`]).
    fn name(&self) -> &'static str;

    /// The game's title as people write it ([`Game::TITLE`]).
    fn title(&self) -> &'static str;

    /// `config` (JSON text; `None` for the default) with the players at its seats named
    /// `names`, seat 0 first, as JSON text to start a game with ([`crate::engine::names::named`]); its
    /// `"dice"` key is kept.
    ///
    /// # Errors
    /// An invalid config, or names refused ([`ErasedError::Names`]).
    fn name_players(&self, config: Option<&str>, names: &[String]) -> Result<String, ErasedError>;

    /// The default config as JSON.
    ///
    /// # Errors
    /// [`ErasedError::Serialize`] if the config cannot be written as JSON.
    fn default_config(&self) -> Result<Value, ErasedError>;

    /// Starts a game to be played with `config` (JSON text; `None` for the default; its
    /// top-level key `"dice": "seeded"`, read here for every game, refuses outside dice for the
    /// whole game, see [`DicePolicy`]), seeded
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
    /// [`crate::engine::save`]): every seeded step's rolls are derived again from the seed and must
    /// match, and the seed and salt must hash to the record's commitment.
    ///
    /// # Errors
    /// See the [save module docs](crate::engine::save) for the checks, each with its own error.
    fn load(&self, save: &str) -> Result<Box<dyn DynSession>, ErasedError>;

    /// Plays `games` games with `bot` at every seat, rotating the seats' factions and
    /// positions across games with `rotate_seats`, on the threads and with the stop flag and
    /// progress callback of `control` (see [`crate::engine::sim::simulate_with`]).
    ///
    /// Not in the browser's wasm: the page does not simulate, and the simulator with every
    /// game's bots would add about 20 KiB to its gzipped download.
    ///
    /// # Errors
    /// An invalid config, a game that breaks its contract, or one that cannot rotate seats.
    #[cfg(not(target_arch = "wasm32"))]
    fn simulate(
        &self,
        config: Option<&str>,
        games: u64,
        seed: u64,
        bot: crate::engine::sim::Bot,
        rotate_seats: bool,
        control: &crate::engine::sim::Control<'_>,
    ) -> Result<crate::engine::sim::SimulationSummary, ErasedError>;
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

/// Reads a config from its text, naming the line and column of any problem. Configs, actions and
/// records are all read from text, never through a `serde_json::Value`, so that a build (the
/// browser's wasm above all) holds one reader per type.
fn config_from_str<C: serde::de::DeserializeOwned>(text: &str) -> serde_json::Result<C> {
    serde_json::from_str(text)
}

/// Reads a config for a new game: the erased layer's own `"dice"` key (the [`DicePolicy`],
/// for every game), then the game's config from the rest; refuses outside setup dice for a
/// game that takes only seeded dice.
fn parse_new<G: Game>(
    config: Option<&str>,
    dice: &DiceChoice,
) -> Result<(G::Config, DicePolicy), ErasedError> {
    let (policy, rest) = match config {
        Some(text) => take_dice_key(text).map_err(|message| ErasedError::Config {
            game: G::NAME,
            message,
        })?,
        None => (DicePolicy::Any, None),
    };
    if policy.is_seeded() && matches!(dice, DiceChoice::Outside(_)) {
        return Err(ErasedError::SeededOnly);
    }
    let config = parse_config::<G>(rest.as_deref().or(config))?;
    Ok((config, policy))
}

pub(super) fn parse_config<G: Game>(config: Option<&str>) -> Result<G::Config, ErasedError> {
    match config {
        None => Ok(G::Config::default()),
        Some(text) => config_from_str(text).map_err(|e| ErasedError::Config {
            game: G::NAME,
            message: e.to_string(),
        }),
    }
}

impl<G: Game> DynGame for Erased<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn title(&self) -> &'static str {
        G::TITLE
    }

    fn name_players(&self, config: Option<&str>, names: &[String]) -> Result<String, ErasedError> {
        let (policy, rest) = match config {
            Some(text) => take_dice_key(text).map_err(|message| ErasedError::Config {
                game: G::NAME,
                message,
            })?,
            None => (DicePolicy::Any, None),
        };
        let parsed = parse_config::<G>(rest.as_deref().or(config))?;
        let named = crate::engine::names::named::<G>(&parsed, names)?;
        let text =
            serde_json::to_string(&named).map_err(|e| ErasedError::Serialize(e.to_string()))?;
        if rest.is_none() {
            return Ok(text);
        }
        // The dice policy back in, as the config's first key.
        let policy =
            serde_json::to_string(&policy).map_err(|e| ErasedError::Serialize(e.to_string()))?;
        Ok(match text.strip_prefix('{') {
            Some("}") => format!("{{\"dice\":{policy}}}"),
            Some(members) => format!("{{\"dice\":{policy},{members}"),
            None => text,
        })
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
        let (config, policy) = parse_new::<G>(config, &dice)?;
        let mut session =
            Session::<G>::new(config, seed, dice).map_err(|e| setup_error(e, G::NAME))?;
        session.set_dice_policy(policy);
        Ok(Box::new(session))
    }

    fn start(
        &self,
        config: Option<&str>,
        secret: &Secret,
        dice: DiceChoice,
    ) -> Result<Box<dyn DynSession>, ErasedError> {
        let (config, policy) = parse_new::<G>(config, &dice)?;
        let mut session = Session::<G>::new_committed(config, secret, dice)
            .map_err(|e| setup_error(e, G::NAME))?;
        session.set_dice_policy(policy);
        Ok(Box::new(session))
    }

    fn load(&self, save: &str) -> Result<Box<dyn DynSession>, ErasedError> {
        Ok(Box::new(load_session::<G>(save)?))
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn simulate(
        &self,
        config: Option<&str>,
        games: u64,
        seed: u64,
        bot: crate::engine::sim::Bot,
        rotate_seats: bool,
        control: &crate::engine::sim::Control<'_>,
    ) -> Result<crate::engine::sim::SimulationSummary, ErasedError> {
        let config = parse_config::<G>(config)?;
        crate::engine::sim::simulate_with::<G>(&config, games, seed, bot, rotate_seats, control)
            .map_err(ErasedError::Simulation)
    }
}
