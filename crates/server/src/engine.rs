//! The one place the server touches the games: a game in progress with its renderer, over the
//! type-erased layer of `pbp-core` and the catalog of `pbp-render`.
//!
//! Everything above this module sees [`GameTable`] only, so moving to `pbp_frontend::Table`
//! when that facade lands changes this file and nothing else.

use pbp_core::erased::{ActionInput, DynSession, ErasedError, ErasedEvent, LegalAction};
use pbp_core::{Actor, DiceChoice, Turn, Viewer};
use pbp_frontend::catalog::{Renderer, catalog};
use serde_json::{Value, json};

/// How a view is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The view as JSON with the game, the step and the turn (`pbp show --format json`).
    Json,
    /// Plain text.
    Text,
    /// A forum post.
    Bbcode,
    /// The map or field as SVG.
    Svg,
}

/// One game in progress with its renderer.
pub struct GameTable {
    session: Box<dyn DynSession>,
    renderer: &'static dyn Renderer,
}

impl std::fmt::Debug for GameTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GameTable({}, step {})", self.game(), self.steps())
    }
}

/// The games the server hosts, by name.
pub fn game_names() -> Vec<&'static str> {
    catalog().names()
}

impl GameTable {
    /// Starts `game` with `config` (JSON text, `None` for the default) and `seed`, with a salt
    /// from the operating system and the commitment to the seed in its record.
    ///
    /// # Errors
    /// An unknown game, an invalid config, a refused setup, or no randomness from the OS.
    pub fn new(game: &str, config: Option<&str>, seed: u64) -> Result<GameTable, ErasedError> {
        let (game, renderer) = catalog().get(game)?;
        let secret = pbp_core::Secret::with_seed(seed)?;
        let session = game.start(config, &secret, DiceChoice::Seeded)?;
        Ok(GameTable {
            session,
            renderer: renderer.as_ref(),
        })
    }

    /// Loads a save, with every check of the save loader (every seeded roll is derived again
    /// from the seed, the seed checked against the commitment).
    ///
    /// # Errors
    /// Every check of the save loader, each with its own error.
    pub fn load(save: &str) -> Result<GameTable, ErasedError> {
        let (session, renderer) = catalog().load(save)?;
        Ok(GameTable {
            session,
            renderer: renderer.as_ref(),
        })
    }

    /// The game's name.
    pub fn game(&self) -> &'static str {
        self.session.game()
    }

    /// Actions taken so far.
    pub fn steps(&self) -> u64 {
        self.session.steps() as u64
    }

    /// Who may act now, or the outcome.
    pub fn turn(&self) -> Turn {
        self.session.turn()
    }

    /// How many seats the game has. The contract has no seat count, so it is read from each
    /// game's config; a game not listed counts the seats it has shown so far.
    pub fn seat_count(&self) -> u16 {
        let config = self
            .session
            .record()
            .ok()
            .and_then(|record| record.get("config").cloned())
            .unwrap_or(Value::Null);
        let length = |key: &str| {
            config
                .get(key)
                .and_then(Value::as_array)
                .map(|list| u16::try_from(list.len()).unwrap_or(u16::MAX))
        };
        let counted = match self.game() {
            "duel" => Some(2),
            "clan-war" | "warring-states" => length("players"),
            "three-kingdoms" => length("armies"),
            // Five characters a team, character n played from seat n.
            "scroll-race" => Some(10),
            _ => None,
        };
        counted.unwrap_or_else(|| u16::try_from(self.session.seats().len()).unwrap_or(u16::MAX))
    }

    /// Whether `seat` may act now.
    pub fn may_act(&self, actor: Actor) -> bool {
        self.session.turn().actors().contains(&actor)
    }

    /// The legal actions of `actor` now.
    ///
    /// # Errors
    /// An action that cannot be written as JSON.
    pub fn legal(&self, actor: Actor) -> Result<Vec<LegalAction>, ErasedError> {
        self.session.legal_actions(actor)
    }

    /// Reads an action without applying it.
    ///
    /// # Errors
    /// [`ErasedError::Action`] when the input is not an action of this game.
    pub fn parse(&self, actor: Actor, input: &ActionInput) -> Result<LegalAction, ErasedError> {
        self.session.parse_action(actor, input)
    }

    /// Applies an action; on error nothing changes.
    ///
    /// # Errors
    /// An input that is not an action, the game's refusal, or outside dice that do not fit.
    pub fn act(
        &mut self,
        actor: Actor,
        input: &ActionInput,
        dice: DiceChoice,
    ) -> Result<Vec<ErasedEvent>, ErasedError> {
        self.session.act(actor, input, dice)
    }

    /// Whether `actor` could take `input` now: read, then tried on a copy of the game (the
    /// table itself is untouched). Answers the action in both forms.
    ///
    /// # Errors
    /// As [`GameTable::act`].
    pub fn trial(&self, actor: Actor, input: &ActionInput) -> Result<LegalAction, ErasedError> {
        let parsed = self.parse(actor, input)?;
        let mut copy = GameTable::load(&self.save()?)?;
        copy.act(actor, input, DiceChoice::Seeded)?;
        Ok(parsed)
    }

    /// The game master's action that gives `seat` no orders, if the game has one now
    /// (Warring States: `no orders SEAT`).
    pub fn no_orders(&self, seat: u16) -> Option<Value> {
        let wanted = format!("no orders {seat}");
        self.legal(Actor::GameMaster)
            .ok()?
            .into_iter()
            .find(|action| action.text == wanted)
            .map(|action| action.json)
    }

    /// The game master's action that closes the turn, if the game has one now (Warring
    /// States: `close`).
    pub fn close(&self) -> Option<Value> {
        self.legal(Actor::GameMaster)
            .ok()?
            .into_iter()
            .find(|action| action.text == "close")
            .map(|action| action.json)
    }

    /// The actors who may act now.
    pub fn acting(&self) -> Vec<Actor> {
        self.session.turn().actors().to_vec()
    }

    /// The view of `viewer` as `pbp show --format json` prints it.
    ///
    /// # Errors
    /// A view that cannot be written as JSON.
    pub fn view_json(&self, viewer: Viewer) -> Result<Value, ErasedError> {
        Ok(json!({
            "game": self.game(),
            "steps": self.session.steps(),
            "turn": self.session.turn(),
            "view": self.session.view(viewer)?,
        }))
    }

    /// The view of `viewer` as text, BBCode or SVG (JSON through [`GameTable::view_json`]).
    ///
    /// # Errors
    /// A renderer that does not match the session (a bug).
    pub fn render(&self, viewer: Viewer, format: Format) -> Result<String, String> {
        let session = self.session.as_ref();
        match format {
            Format::Json => self
                .view_json(viewer)
                .map(|v| v.to_string())
                .map_err(|e| e.to_string()),
            Format::Text => {
                let mut text = self
                    .renderer
                    .text(session, viewer)
                    .map_err(|e| e.to_string())?;
                if !text.ends_with('\n') {
                    text.push('\n');
                }
                text.push_str(&pbp_frontend::words::describe_turn(&session.turn()));
                text.push('\n');
                Ok(text)
            }
            Format::Bbcode => self
                .renderer
                .bbcode(session, viewer)
                .map_err(|e| e.to_string()),
            Format::Svg => self
                .renderer
                .svg(session, viewer)
                .map_err(|e| e.to_string()),
        }
    }

    /// The events `viewer` may see, each with its line of text.
    ///
    /// # Errors
    /// An event that cannot be written as JSON or read back by the renderer.
    pub fn log(&self, viewer: Viewer) -> Result<Vec<Value>, ErasedError> {
        self.session
            .log(viewer)?
            .into_iter()
            .map(|event| self.event_json(&event, viewer))
            .collect()
    }

    /// One event as JSON with its text, named as `viewer` sees the game.
    ///
    /// # Errors
    /// An event the renderer cannot read back.
    pub fn event_json(&self, event: &ErasedEvent, viewer: Viewer) -> Result<Value, ErasedError> {
        let text = self
            .renderer
            .event_text(self.session.as_ref(), viewer, &event.event)
            .map_err(|e| ErasedError::Serialize(e.to_string()))?;
        Ok(json!({
            "step": event.step,
            "audience": event.audience,
            "event": event.event,
            "text": text,
        }))
    }

    /// The save file, as `pbp` writes it.
    ///
    /// # Errors
    /// A record that cannot be written as JSON.
    pub fn save(&self) -> Result<String, ErasedError> {
        self.session.save()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_starts_with_its_seat_count() {
        let expected = [
            ("duel", 2),
            ("clan-war", 5),
            ("three-kingdoms", 2),
            ("warring-states", 4),
            ("scroll-race", 10),
        ];
        for (game, seats) in expected {
            let table = GameTable::new(game, None, 1).unwrap();
            assert_eq!(table.seat_count(), seats, "{game}");
            assert_eq!(table.steps(), 0);
            let loaded = GameTable::load(&table.save().unwrap()).unwrap();
            assert_eq!(
                loaded.view_json(Viewer::GameMaster).unwrap(),
                table.view_json(Viewer::GameMaster).unwrap()
            );
            for format in [Format::Text, Format::Bbcode, Format::Svg, Format::Json] {
                assert!(!table.render(Viewer::Public, format).unwrap().is_empty());
            }
        }
        assert!(GameTable::new("chess", None, 1).is_err());
    }
}
