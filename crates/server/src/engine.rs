//! The one place the server touches the games: a [`pbp_frontend::Table`], with the server's
//! own questions about it (the game master's actions that stand in for an absent seat and
//! close a turn, which the turn workflow finds by their [`GameMasterRole`], never by their
//! text). Everything above this module sees [`GameTable`] only.

use pbp_core::engine::erased::{ActionInput, ErasedError, LegalAction};
use pbp_core::engine::{Actor, DiceChoice, GameMasterRole, Seat, Secret, Viewer};
use pbp_frontend::catalog::catalog;
use pbp_frontend::{ActReport, EventLine, Table, TableError, to_json};
use serde_json::Value;

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
    /// The map or field as PNG: drawn from the SVG by the HTTP layer (`picture.rs`), outside
    /// the hub.
    Png,
}

/// One game in progress: a [`Table`] of `pbp-frontend`.
pub struct GameTable {
    table: Table,
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

/// The erased layer's error inside a table's failure; the table's own failures (a renderer or
/// JSON writer that fails: bugs) as [`ErasedError::Serialize`], which the server answers 500.
fn erased(error: TableError) -> ErasedError {
    match error {
        TableError::Game(e) => e,
        other => ErasedError::Serialize(other.to_string()),
    }
}

impl GameTable {
    /// Starts `game` with `config` (JSON text, `None` for the default) and `seed`, with a salt
    /// from the operating system and the commitment to the seed in its record.
    ///
    /// # Errors
    /// An unknown game, an invalid config, a refused setup, or no randomness from the OS.
    pub fn new(game: &str, config: Option<&str>, seed: u64) -> Result<GameTable, ErasedError> {
        let secret = Secret::with_seed(seed)?;
        let table = Table::start(game, config, &secret, DiceChoice::Seeded).map_err(erased)?;
        Ok(GameTable { table })
    }

    /// Loads a save, with every check of the save loader (every seeded roll is derived again
    /// from the seed, the seed checked against the commitment).
    ///
    /// # Errors
    /// Every check of the save loader, each with its own error.
    pub fn load(save: &str) -> Result<GameTable, ErasedError> {
        let table = Table::load(save).map_err(erased)?;
        Ok(GameTable { table })
    }

    /// Loads a save and the record entries of the actions taken after it (as
    /// [`GameTable::last_entry`] wrote them, in order): the entries are appended to the save's
    /// record, its checksum is written again, and the whole is loaded with every check of
    /// [`GameTable::load`], so each action is applied again through the game's rules, its
    /// seeded dice drawn again from the seed and compared with the recorded ones.
    ///
    /// # Errors
    /// A save or an entry that is not JSON, or every check of the save loader.
    pub fn load_with(save: &str, entries: &[String]) -> Result<GameTable, ErasedError> {
        if entries.is_empty() {
            return GameTable::load(save);
        }
        let syntax = |e: serde_json::Error| ErasedError::SaveSyntax(e.to_string());
        let mut envelope: Value = serde_json::from_str(save).map_err(syntax)?;
        let Some(list) = envelope
            .get_mut("record")
            .and_then(|record| record.get_mut("entries"))
            .and_then(Value::as_array_mut)
        else {
            return Err(ErasedError::SaveSyntax(
                "the save's record has no list of entries".into(),
            ));
        };
        for entry in entries {
            list.push(serde_json::from_str(entry).map_err(syntax)?);
        }
        envelope["checksum"] = Value::String(pbp_core::engine::save::checksum(&envelope["record"]));
        GameTable::load(&envelope.to_string())
    }

    /// The table as it stood after its first `step` actions, replayed from its save with every
    /// check of [`GameTable::load`] (a picture of an earlier turn, drawn after the table moved on).
    ///
    /// # Errors
    /// A save that cannot be written or read again, or `step` past the table's steps.
    pub fn at_step(&self, step: u64) -> Result<GameTable, ErasedError> {
        if step > self.steps() {
            return Err(ErasedError::SaveSyntax(format!(
                "the table has {} steps, not {step}",
                self.steps()
            )));
        }
        let syntax = |e: serde_json::Error| ErasedError::SaveSyntax(e.to_string());
        let mut envelope: Value = serde_json::from_str(&self.save()?).map_err(syntax)?;
        let Some(list) = envelope
            .get_mut("record")
            .and_then(|record| record.get_mut("entries"))
            .and_then(Value::as_array_mut)
        else {
            return Err(ErasedError::SaveSyntax(
                "the save's record has no list of entries".into(),
            ));
        };
        list.truncate(usize::try_from(step).unwrap_or(usize::MAX));
        envelope["checksum"] = Value::String(pbp_core::engine::save::checksum(&envelope["record"]));
        GameTable::load(&envelope.to_string())
    }

    /// The record's entry of the last action, as JSON text (`None` before the first): what the
    /// store appends for an action, the whole save being written only now and then.
    ///
    /// # Errors
    /// An entry that cannot be written as JSON.
    pub fn last_entry(&self) -> Result<Option<String>, ErasedError> {
        Ok(self
            .table
            .last_entry()
            .map_err(erased)?
            .map(|entry| entry.to_string()))
    }

    /// The game's name.
    pub fn game(&self) -> &'static str {
        self.table.game()
    }

    /// `config` (JSON text; `None` for the standard setup) of `game` with the players at its
    /// seats named `names`, seat 0 first ([`Table::named_config`]): the table's `players`
    /// reach the game, and every text names them.
    ///
    /// # Errors
    /// An unknown game, a bad config, or names refused ([`ErasedError::Names`]).
    pub fn named_config(
        game: &str,
        config: Option<&str>,
        names: &[String],
    ) -> Result<String, ErasedError> {
        Table::named_config(game, config, names).map_err(erased)
    }

    /// The game's title as people write it ("Warring States", `Game::TITLE`).
    pub fn title(&self) -> &'static str {
        self.table.title()
    }

    /// Actions taken so far.
    pub fn steps(&self) -> u64 {
        self.table.steps() as u64
    }

    /// The dice commitment to post (64 hex digits), `None` for a save started before
    /// commitments.
    pub fn commitment(&self) -> Option<String> {
        self.table.commitment().map(|c| c.to_string())
    }

    /// How many seats the game has ([`pbp_core::engine::Game::seat_count`]).
    pub fn seat_count(&self) -> u16 {
        u16::try_from(self.table.seats().len()).unwrap_or(u16::MAX)
    }

    /// The seat's name in the game: the player's name with the clan, faction, colour or team
    /// where the config has one ("Plainsfox (Lion)"), else its label.
    pub fn seat_name(&self, seat: u16) -> String {
        self.table.actor_name(Actor::Seat(Seat(seat)))
    }

    /// Every seat's name in the game, in seat order ([`Table::seat_names`]: the names `pbp new`
    /// and `pbp show` write).
    pub fn seat_names(&self) -> Vec<String> {
        self.table.seat_names()
    }

    /// Whether `seat` may act now.
    pub fn may_act(&self, actor: Actor) -> bool {
        self.table.turn().actors().contains(&actor)
    }

    /// The legal actions of `actor` now.
    ///
    /// # Errors
    /// An action that cannot be written as JSON.
    pub fn legal(&self, actor: Actor) -> Result<Vec<LegalAction>, ErasedError> {
        self.table.legal_actions(actor).map_err(erased)
    }

    /// The form `actor` builds its action with now ([`pbp_core::engine::Game::action_form`]).
    pub fn action_form(&self, actor: Actor) -> pbp_core::engine::form::ActionForm {
        self.table.action_form(actor)
    }

    /// Applies an action and answers the step, the action, the events its actor may see and
    /// the turn; on error nothing changes.
    ///
    /// # Errors
    /// An input that is not an action, the game's refusal, or outside dice that do not fit.
    pub fn act(
        &mut self,
        actor: Actor,
        input: &ActionInput,
        dice: DiceChoice,
    ) -> Result<ActReport, ErasedError> {
        self.table.act(actor, input, dice).map_err(erased)
    }

    /// [`GameTable::act`], answering the events `viewer` may see (the game master acting for
    /// a seat sees everything).
    ///
    /// # Errors
    /// As [`GameTable::act`].
    pub fn act_seen_by(
        &mut self,
        viewer: Viewer,
        actor: Actor,
        input: &ActionInput,
        dice: DiceChoice,
    ) -> Result<ActReport, ErasedError> {
        self.table
            .act_seen_by(viewer, actor, input, dice)
            .map_err(erased)
    }

    /// Whether `actor` could take `input` now: read, then tried on a copy of the game (the
    /// table itself is untouched). Answers the action in both forms.
    ///
    /// # Errors
    /// As [`GameTable::act`].
    pub fn trial(&self, actor: Actor, input: &ActionInput) -> Result<LegalAction, ErasedError> {
        self.table.try_action(actor, input).map_err(erased)
    }

    /// The computer player's action for `seat` now, as JSON ([`Table::bot_action`]: the game's
    /// heuristic, else a legal action chosen with dice seeded from the table's secret, step and
    /// seat), or `None` when it has none that applies.
    pub fn bot_action(&self, seat: u16) -> Option<Value> {
        self.table
            .bot_action(Seat(seat))
            .ok()
            .flatten()
            .map(|action| action.json)
    }

    /// The game master's action that stands in for an absent `seat` now, if the game has one
    /// ([`GameMasterRole::StandIn`]: Warring States' `no orders SEAT`, Clan War's
    /// `for CLAN pass`), found by its role, never by its text.
    pub fn stand_in(&self, seat: u16) -> Option<Value> {
        self.game_master_action(GameMasterRole::StandIn(Seat(seat)))
    }

    /// The game master's action that closes the turn now, if the game has one
    /// ([`GameMasterRole::CloseTurn`]: Warring States' `close`).
    pub fn close(&self) -> Option<Value> {
        self.game_master_action(GameMasterRole::CloseTurn)
    }

    fn game_master_action(&self, role: GameMasterRole) -> Option<Value> {
        self.table
            .game_master_action(role)
            .ok()
            .flatten()
            .map(|action| action.json)
    }

    /// Who may act now, or the outcome.
    pub fn turn(&self) -> pbp_core::engine::Turn {
        self.table.turn()
    }

    /// The actors who may act now.
    pub fn acting(&self) -> Vec<Actor> {
        self.table.turn().actors().to_vec()
    }

    /// The view of `viewer` as `pbp show --format json` prints it (with the dice commitment;
    /// the seed and salt for the game master alone).
    ///
    /// # Errors
    /// A view that cannot be written as JSON.
    pub fn view_json(&self, viewer: Viewer) -> Result<Value, ErasedError> {
        to_json(&self.table.view(viewer).map_err(erased)?).map_err(erased)
    }

    /// The view of `viewer` as text, BBCode or SVG (JSON through [`GameTable::view_json`]),
    /// as `pbp show --format FORMAT` prints it.
    ///
    /// # Errors
    /// A renderer that does not match the session (a bug).
    pub fn render(&self, viewer: Viewer, format: Format) -> Result<String, String> {
        let table = &self.table;
        match format {
            Format::Json => self
                .view_json(viewer)
                .map(|v| v.to_string())
                .map_err(|e| e.to_string()),
            Format::Text => table.text_with_turn(viewer).map_err(|e| e.to_string()),
            Format::Bbcode => table.bbcode(viewer).map_err(|e| e.to_string()),
            // The PNG's SVG: the HTTP layer draws it.
            Format::Svg | Format::Png => table.svg(viewer).map_err(|e| e.to_string()),
        }
    }

    /// The events `viewer` may see, each an [`EventLine`] (`{step, audience, event, text}` in
    /// JSON).
    ///
    /// # Errors
    /// An event that cannot be written as JSON or read back by the renderer.
    pub fn log(&self, viewer: Viewer) -> Result<Vec<EventLine>, ErasedError> {
        self.table.log(viewer).map_err(erased)
    }

    /// The lines of [`GameTable::log`] of the steps after `after` (all of them for `None`),
    /// written as the whole log writes them; only those are written.
    ///
    /// # Errors
    /// As [`GameTable::log`].
    pub fn log_after(
        &self,
        viewer: Viewer,
        after: Option<u64>,
    ) -> Result<Vec<EventLine>, ErasedError> {
        let after = after.map(|step| usize::try_from(step).unwrap_or(usize::MAX));
        self.table.log_after(viewer, after).map_err(erased)
    }

    /// The line the table's log ends with, as every post does: the history chain's head at
    /// this step, for everyone (`chain at step N: HEAD`).
    ///
    /// # Errors
    /// A record that cannot be written as JSON.
    pub fn chain_line(&self) -> Result<EventLine, ErasedError> {
        self.table.chain_line().map_err(erased)
    }

    /// How the game ended, if it is over.
    pub fn outcome(&self) -> Option<pbp_core::engine::Outcome> {
        self.table.turn().outcome().cloned()
    }

    /// The public's forum post covering the steps after `after` ([`Table::bbcode_since`]),
    /// as the webhooks' summary of a turn.
    ///
    /// # Errors
    /// A renderer that does not match the session (a bug).
    pub fn public_post_since(&self, after: u64) -> Result<String, String> {
        let after = usize::try_from(after).map_err(|e| e.to_string())?;
        self.table
            .bbcode_since(Viewer::Public, Some(after))
            .map_err(|e| e.to_string())
    }

    /// The save file, as `pbp` writes it.
    ///
    /// # Errors
    /// A record that cannot be written as JSON.
    pub fn save(&self) -> Result<String, ErasedError> {
        self.table.save().map_err(erased)
    }

    /// The table itself, for what reads the whole game (a thread applied to a copy).
    pub(crate) fn table(&self) -> &Table {
        &self.table
    }

    /// The table itself, to apply the steps of a thread.
    pub(crate) fn table_mut(&mut self) -> &mut Table {
        &mut self.table
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
            assert_eq!(table.commitment().map(|c| c.len()), Some(64));
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

    #[test]
    fn the_seed_is_in_the_game_masters_view_alone_and_a_trial_changes_nothing() {
        let table = GameTable::new("duel", None, 987_654_321).unwrap();
        let gm = table.view_json(Viewer::GameMaster).unwrap();
        assert_eq!(gm["seed"], 987_654_321);
        assert_eq!(gm["commitment"], table.commitment().unwrap());
        for viewer in [Viewer::Public, Viewer::Seat(pbp_core::engine::Seat(0))] {
            let view = table.view_json(viewer).unwrap();
            assert_eq!(view["commitment"], table.commitment().unwrap());
            for format in [Format::Json, Format::Text, Format::Bbcode, Format::Svg] {
                let shown = table.render(viewer, format).unwrap();
                assert!(
                    !shown.contains("987654321"),
                    "{viewer:?} {format:?}: {shown}"
                );
            }
        }
        let seat0 = Actor::Seat(pbp_core::engine::Seat(0));
        let before = table.save().unwrap();
        let tried = table
            .trial(seat0, &ActionInput::Auto("focus".into()))
            .unwrap();
        assert_eq!(tried.text, "focus");
        assert_eq!(table.save().unwrap(), before);
    }

    #[test]
    fn a_save_with_the_entries_after_it_loads_to_the_same_game() {
        let mut table = GameTable::new("duel", None, 42).unwrap();
        assert_eq!(table.last_entry().unwrap(), None);
        let strike = ActionInput::Auto("strike".into());
        let mut saves = vec![table.save().unwrap()];
        let mut entries = Vec::new();
        for step in 0..6u16 {
            let actor = Actor::Seat(Seat(step % 2));
            // One step with dice rolled elsewhere: its entry carries them.
            let dice = if step == 3 {
                DiceChoice::Outside(vec![10, 4, 7, 2, 9])
            } else {
                DiceChoice::Seeded
            };
            table.act(actor, &strike, dice).unwrap();
            entries.push(table.last_entry().unwrap().unwrap());
            saves.push(table.save().unwrap());
        }
        let whole = table.save().unwrap();
        // From every save on, with the entries after it, the same game, byte for byte.
        for (step, save) in saves.iter().enumerate() {
            let loaded = GameTable::load_with(save, &entries[step..]).unwrap();
            assert_eq!(loaded.save().unwrap(), whole, "from step {step}");
        }
        // An entry that was edited does not load.
        let mut edited = entries.clone();
        edited[1] = edited[1].replacen("strike", "focus", 1);
        assert!(GameTable::load_with(&saves[0], &edited).is_err());
        assert!(GameTable::load_with(&saves[0], &["{".to_owned()]).is_err());
    }

    #[test]
    fn the_turn_workflows_actions_are_found_by_their_role() {
        let table = GameTable::new("warring-states", None, 5).unwrap();
        assert_eq!(table.close(), Some(serde_json::json!("close-turn")));
        let stand_in = table.stand_in(1).unwrap();
        assert_eq!(stand_in, serde_json::json!({ "no-orders": { "seat": 1 } }));
        // The duel's game master only concedes for a seat: a ruling, neither role.
        let duel = GameTable::new("duel", None, 5).unwrap();
        assert_eq!((duel.close(), duel.stand_in(0)), (None, None));
        // Clan War's game master passes for an absent clan in its battle; no turn to close.
        let mut clan_war = GameTable::new("clan-war", None, 5).unwrap();
        assert_eq!((clan_war.close(), clan_war.stand_in(0)), (None, None));
        let crab = Actor::Seat(Seat(0));
        let attack = clan_war.legal(crab).unwrap().remove(0);
        assert!(attack.text.starts_with("attack "), "{}", attack.text);
        let act = |table: &mut GameTable, actor, json| {
            table
                .act(actor, &ActionInput::Json(json), DiceChoice::Seeded)
                .unwrap()
        };
        act(&mut clan_war, crab, attack.json);
        let pass = clan_war.stand_in(0).unwrap();
        assert_eq!(
            clan_war
                .trial(Actor::GameMaster, &ActionInput::Json(pass.clone()))
                .unwrap()
                .text,
            "for Crab pass in 1"
        );
        act(&mut clan_war, Actor::GameMaster, pass);
        assert_eq!(clan_war.steps(), 2);
    }
}
