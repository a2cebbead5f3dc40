//! What a [`Table`](crate::Table) answers: the reports of an action and of a view, an event
//! line, a player's name, the list of games, and any value as JSON.

use pbp_core::engine::OutsideStep;
use pbp_core::engine::erased::LegalAction;
use pbp_core::engine::{Audience, Commitment, Salt, Turn};
use serde::Serialize;
use serde_json::Value;

use crate::TableError;
use crate::catalog::Games;

/// An event as a frontend shows it: step, audience, the event's JSON and its line of text.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EventLine {
    /// 0 for the setup, then 1 for the first action.
    pub step: usize,
    /// Who may see it.
    pub audience: Audience,
    /// The event as JSON.
    pub event: Value,
    /// The event as a line of text, named as the viewer sees the game.
    pub text: String,
}

/// What [`Table::act`](crate::Table::act) answers (and `pbp act --json` prints): the step, the action in both
/// forms, the events the actor may see, and who acts next.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ActReport {
    /// The step just taken (1 for the first action).
    pub step: usize,
    /// The action, in its text and JSON forms.
    pub action: LegalAction,
    /// The events the actor may see.
    pub events: Vec<EventLine>,
    /// Who may act now, or the outcome.
    pub turn: Turn,
}

/// What [`Table::view`](crate::Table::view) answers (and `pbp show --format json` prints).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ViewReport {
    /// The game's name.
    pub game: &'static str,
    /// Its title as people write it ("Warring States").
    pub title: &'static str,
    /// Actions taken so far.
    pub steps: usize,
    /// Who may act now, or the outcome.
    pub turn: Turn,
    /// The dice commitment to post (`null` for a save started before commitments).
    pub commitment: Option<Commitment>,
    /// The seed and salt, in the game master's own view alone.
    #[serde(flatten)]
    pub secret: Option<SecretReport>,
    /// The history chain's head at this step, as posts end with it.
    pub chain: ChainReport,
    /// Every step whose dice came from outside pbp and that the viewer may see (a secret
    /// step's are its audience's alone), with its values.
    pub outside_dice: Vec<OutsideStep>,
    /// The viewer's view, as JSON.
    pub view: Value,
}

/// The history chain's head at a step (see [`pbp_core::engine::chain`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChainReport {
    /// The step (0 for the setup).
    pub step: usize,
    /// Its head's first 12 hex digits.
    pub head: String,
}

/// The game master's secret as [`ViewReport`] shows it to the game master: the seed predicts
/// every seeded roll, so no other viewer's report holds it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SecretReport {
    /// The record's seed.
    pub seed: u64,
    /// The salt of the commitment (`null` for a save started before commitments).
    pub salt: Option<Salt>,
}

/// A seat with the name the game gives it, as the web page lists players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerName {
    /// The seat.
    pub seat: u16,
    /// Its clan, faction, colour or team; `seat N` where the game has none.
    pub name: String,
}

/// A game of the catalog with its default config, as `pbp games --json` lists it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameInfo {
    /// The game's name.
    pub name: &'static str,
    /// Its title as people write it ("Warring States").
    pub title: &'static str,
    /// Its standard setup, as JSON.
    pub default_config: Value,
}

/// Every game of `games` with its default config.
///
/// # Errors
/// [`TableError::Game`] if a default config cannot be written as JSON.
pub fn game_list(games: &Games) -> Result<Vec<GameInfo>, TableError> {
    games
        .iter()
        .map(|(game, _)| {
            Ok(GameInfo {
                name: game.name(),
                title: game.title(),
                default_config: game.default_config()?,
            })
        })
        .collect()
}

/// Any value as JSON.
///
/// # Errors
/// [`TableError::Json`] if it cannot be written.
pub fn to_json<T: Serialize>(value: &T) -> Result<Value, TableError> {
    pbp_core::engine::erased::json_value(value).map_err(|e| TableError::Json(e.to_string()))
}
