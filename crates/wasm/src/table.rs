//! The JavaScript API in plain Rust: the page's calls on a [`pbp_frontend::Table`], with actors,
//! viewers and dice as the strings the page passes, answers as JSON values or text, and errors as
//! the CLI words them. The bindings in `lib.rs` only convert these to JavaScript values and
//! errors, so this part is tested natively as well.

use pbp_core::DiceChoice;
use pbp_frontend::catalog::Games;
use pbp_frontend::words::actor_name;
use pbp_frontend::{TableError, game_list, parse_dice as read_dice, to_json};
use serde_json::Value;

/// Every game with its default config, as `pbp games --json` prints it.
pub fn games(games: &Games) -> Result<Value, String> {
    to_json(&game_list(games).map_err(|e| e.to_string())?).map_err(|e| e.to_string())
}

/// Reads dice rolled elsewhere: whole numbers separated by commas or spaces (`10,4,7` or
/// `10 4 7`), as a forum's dice roller posts them.
pub fn parse_dice(text: &str) -> Result<Vec<u32>, String> {
    read_dice(text).map_err(|e| e.to_string())
}

fn dice_choice(dice: Option<&str>) -> Result<DiceChoice, String> {
    Ok(match dice {
        None => DiceChoice::Seeded,
        Some(text) => DiceChoice::Outside(parse_dice(text)?),
    })
}

fn text(error: TableError) -> String {
    error.to_string()
}

fn json<T: serde::Serialize>(value: Result<T, TableError>) -> Result<Value, String> {
    to_json(&value.map_err(text)?).map_err(text)
}

/// One game in progress: a [`pbp_frontend::Table`] with the page's string arguments.
#[derive(Debug)]
pub struct Table(pbp_frontend::Table);

impl Table {
    /// Starts `game` with a config (JSON text; `None` for the default) and a seed, the setup's
    /// dice from the seed or, with `dice`, rolled elsewhere.
    pub fn new(
        game: &str,
        config: Option<&str>,
        seed: u64,
        dice: Option<&str>,
    ) -> Result<Table, String> {
        pbp_frontend::Table::new(game, config, seed, dice_choice(dice)?)
            .map(Table)
            .map_err(text)
    }

    /// Loads a save file's text; `source` (a file name) starts the error messages, as the CLI's
    /// do; `check_seed` re-derives every seeded roll, as `pbp replay` does.
    pub fn load(save: &str, source: Option<&str>, check_seed: bool) -> Result<Table, String> {
        pbp_frontend::Table::load(save, check_seed)
            .map(Table)
            .map_err(|e| match source {
                Some(source) => format!("{source}: {e}"),
                None => e.to_string(),
            })
    }

    /// The game's name.
    pub fn game(&self) -> &'static str {
        self.0.game()
    }

    /// The record's seed.
    pub fn seed(&self) -> u64 {
        self.0.seed()
    }

    /// Actions taken so far.
    pub fn steps(&self) -> usize {
        self.0.steps()
    }

    /// Who may act now, or the outcome, as JSON.
    pub fn turn(&self) -> Result<Value, String> {
        json(Ok(self.0.turn()))
    }

    /// Who may act now, or how the game ended, in one line.
    pub fn describe_turn(&self) -> String {
        self.0.describe_turn()
    }

    /// The game's seats, by number.
    pub fn seats(&self) -> Result<Vec<u16>, String> {
        Ok(self.0.seats().iter().map(|s| s.seat.0).collect())
    }

    /// The legal actions of `actor` (a seat number or `gm`), each as `{text, json}`.
    pub fn legal(&self, actor: &str) -> Result<Value, String> {
        let actor = self.0.actor(actor).map_err(text)?;
        json(self.0.legal_actions(actor))
    }

    /// Reads an action (JSON or text) of `actor` without applying it, as `{text, json}`.
    pub fn parse(&self, actor: &str, input: &str) -> Result<Value, String> {
        let actor = self.0.actor(actor).map_err(text)?;
        json(self.0.parse_action(
            actor,
            &pbp_core::erased::ActionInput::Auto(input.to_owned()),
        ))
    }

    /// Applies `actor`'s action (JSON or text) with seeded dice or, with `dice`, values rolled
    /// elsewhere (all must be used). Answers as `pbp act --json` does: `{step, action, events,
    /// turn}` with the events the actor may see, each with its `text`. On error nothing changes.
    pub fn act(&mut self, actor: &str, input: &str, dice: Option<&str>) -> Result<Value, String> {
        let actor = self.0.actor(actor).map_err(text)?;
        let dice = dice_choice(dice)?;
        let input = pbp_core::erased::ActionInput::Auto(input.to_owned());
        self.0.parse_action(actor, &input).map_err(text)?;
        let report = self
            .0
            .act(actor, &input, dice)
            .map_err(|e| format!("{} cannot do that: {e}", actor_name(actor)))?;
        json(Ok(report))
    }

    /// What `viewer` (a seat number, `public` or `gm`) may see, as `pbp show --format json`
    /// prints it: `{game, steps, turn, view}`.
    pub fn view(&self, viewer: &str) -> Result<Value, String> {
        let viewer = self.0.viewer(viewer).map_err(text)?;
        json(self.0.view(viewer))
    }

    /// The events `viewer` may see, in order, each as `{step, audience, event, text}`.
    pub fn log(&self, viewer: &str) -> Result<Value, String> {
        let viewer = self.0.viewer(viewer).map_err(text)?;
        json(self.0.log(viewer))
    }

    /// The state as `viewer` sees it, as plain text.
    pub fn text(&self, viewer: &str) -> Result<String, String> {
        let viewer = self.0.viewer(viewer).map_err(text)?;
        self.0.text(viewer).map_err(text)
    }

    /// The map or field as `viewer` sees it, as an SVG document.
    pub fn svg(&self, viewer: &str) -> Result<String, String> {
        let viewer = self.0.viewer(viewer).map_err(text)?;
        self.0.svg(viewer).map_err(text)
    }

    /// A forum post for `viewer`: the state and the last action's events.
    pub fn bbcode(&self, viewer: &str) -> Result<String, String> {
        let viewer = self.0.viewer(viewer).map_err(text)?;
        self.0.bbcode(viewer).map_err(text)
    }

    /// Takes back the last action and answers the step taken back.
    pub fn undo(&mut self) -> Result<usize, String> {
        self.0.undo().map_err(text)
    }

    /// The save file, byte for byte what the CLI writes.
    pub fn save(&self) -> Result<String, String> {
        self.0.save().map_err(text)
    }
}
