//! The JavaScript API in plain Rust: every operation of the page on a type-erased session,
//! answering JSON values or text, and errors as the CLI words them. The bindings in `lib.rs` only
//! convert these to JavaScript values and errors, so this part is tested natively as well.

use pbp_core::erased::{ActionInput, DynGame, DynSession, ErasedEvent};
use pbp_core::{DiceChoice, Seat, Secret, Viewer};
use pbp_render::catalog::{
    Games, Renderer, actor_name, catalog, describe_turn, known_seats, parse_actor, parse_viewer,
};
use serde::Serialize;
use serde_json::{Value, json};

/// Every game with its default config, as `pbp games --json` prints it.
pub fn games(games: &Games) -> Result<Value, String> {
    let mut all = Vec::new();
    for (game, _) in games.iter() {
        let config = game.default_config().map_err(|e| e.to_string())?;
        all.push(json!({ "name": game.name(), "default_config": config }));
    }
    Ok(Value::Array(all))
}

/// Reads dice rolled elsewhere: whole numbers separated by commas or spaces (`10,4,7` or
/// `10 4 7`), as a forum's dice roller posts them.
pub fn parse_dice(text: &str) -> Result<Vec<u32>, String> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|part| !part.is_empty())
        .map(|part| {
            part.parse::<u32>().map_err(|e| {
                let shown: String = part.chars().take(20).collect();
                format!("invalid die value '{shown}': {e}")
            })
        })
        .collect()
}

fn dice_choice(dice: Option<&str>) -> Result<DiceChoice, String> {
    Ok(match dice {
        None => DiceChoice::Seeded,
        Some(text) => DiceChoice::Outside(parse_dice(text)?),
    })
}

fn to_value<T: Serialize>(value: &T) -> Result<Value, String> {
    serde_json::to_value(value).map_err(|e| format!("cannot write JSON: {e}"))
}

/// One game in progress with its renderer.
pub struct Table {
    session: Box<dyn DynSession>,
    renderer: &'static dyn Renderer,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("game", &self.session.game())
            .field("steps", &self.session.steps())
            .finish()
    }
}

fn find(name: &str) -> Result<(&'static dyn DynGame, &'static dyn Renderer), String> {
    catalog()
        .get(name)
        .map(|(game, renderer)| (game, renderer.as_ref()))
        .map_err(|e| e.to_string())
}

impl Table {
    /// Starts `game` with a config (JSON text; `None` for the default) and a seed, the setup's
    /// dice from the seed or, with `dice`, rolled elsewhere. A salt is drawn from the browser's
    /// `crypto.getRandomValues` and the save carries the commitment to publish.
    pub fn new(
        game: &str,
        config: Option<&str>,
        seed: u64,
        dice: Option<&str>,
    ) -> Result<Table, String> {
        let (game, renderer) = find(game)?;
        let secret = Secret::with_seed(seed).map_err(|e| e.to_string())?;
        let session = game
            .start(config, &secret, dice_choice(dice)?)
            .map_err(|e| e.to_string())?;
        Ok(Table { session, renderer })
    }

    /// Loads a save file's text, checking every seeded roll and the commitment as every `pbp`
    /// command does; `source` (a file name) starts the error messages, as the CLI's do.
    pub fn load(save: &str, source: Option<&str>) -> Result<Table, String> {
        let (session, renderer) = catalog().load(save).map_err(|e| match source {
            Some(source) => format!("{source}: {e}"),
            None => e.to_string(),
        })?;
        Ok(Table {
            session,
            renderer: renderer.as_ref(),
        })
    }

    /// The game's name.
    pub fn game(&self) -> &'static str {
        self.session.game()
    }

    /// The record's seed: the game master's secret.
    pub fn seed(&self) -> u64 {
        self.session.seed()
    }

    /// The commitment to the seed, to post from the first post on (`None` for a save started
    /// before commitments).
    pub fn commitment(&self) -> Option<String> {
        self.session.commitment().map(|c| c.to_string())
    }

    /// Actions taken so far.
    pub fn steps(&self) -> usize {
        self.session.steps()
    }

    /// Who may act now, or the outcome, as JSON.
    pub fn turn(&self) -> Result<Value, String> {
        to_value(&self.session.turn())
    }

    /// Who may act now, or how the game ended, in one line.
    pub fn describe_turn(&self) -> String {
        describe_turn(&self.session.turn())
    }

    /// The seats the session shows (see [`known_seats`]).
    pub fn seats(&self) -> Result<Vec<u16>, String> {
        Ok(known_seats(self.session.as_ref())
            .map_err(|e| e.to_string())?
            .into_iter()
            .map(|seat| seat.0)
            .collect())
    }

    /// The players' names the game gives its seats (those it shows, see [`known_seats`], and
    /// those that acted in the record), as `[{seat, name}]`: a clan, faction or colour, or
    /// `seat N` where the game has none.
    pub fn players(&self) -> Result<Value, String> {
        let mut seats = known_seats(self.session.as_ref()).map_err(|e| e.to_string())?;
        let record = self.session.record().map_err(|e| e.to_string())?;
        let acted = record["entries"].as_array().into_iter().flatten();
        seats.extend(acted.filter_map(|entry| {
            let seat = entry["actor"]["seat"].as_u64()?;
            u16::try_from(seat).ok().map(Seat)
        }));
        seats.sort();
        seats.dedup();
        let mut players = Vec::with_capacity(seats.len());
        for seat in seats {
            let name = self.renderer.seat_label(self.session.as_ref(), seat)?;
            players.push(json!({ "seat": seat.0, "name": name }));
        }
        Ok(Value::Array(players))
    }

    /// The legal actions of `actor` (a seat number or `gm`), each as `{text, json}`.
    pub fn legal(&self, actor: &str) -> Result<Value, String> {
        let actor = parse_actor(actor)?;
        let actions = self
            .session
            .legal_actions(actor)
            .map_err(|e| e.to_string())?;
        to_value(&actions)
    }

    /// Reads an action (JSON or text) of `actor` without applying it, as `{text, json}`.
    pub fn parse(&self, actor: &str, input: &str) -> Result<Value, String> {
        let actor = parse_actor(actor)?;
        let parsed = self
            .session
            .parse_action(actor, &ActionInput::Auto(input.to_owned()))
            .map_err(|e| e.to_string())?;
        to_value(&parsed)
    }

    /// Applies `actor`'s action (JSON or text) with seeded dice or, with `dice`, values rolled
    /// elsewhere (all must be used). Answers as `pbp act --json` does: `{step, action, events,
    /// turn}` with the events the actor may see, each with its `text`. On error nothing changes.
    pub fn act(&mut self, actor: &str, input: &str, dice: Option<&str>) -> Result<Value, String> {
        let actor = parse_actor(actor)?;
        let dice = dice_choice(dice)?;
        let input = ActionInput::Auto(input.to_owned());
        let parsed = self
            .session
            .parse_action(actor, &input)
            .map_err(|e| e.to_string())?;
        let events = self
            .session
            .act(actor, &input, dice)
            .map_err(|e| format!("{} cannot do that: {e}", actor_name(actor)))?;
        let viewer = Viewer::from(actor);
        let seen: Vec<ErasedEvent> = events
            .into_iter()
            .filter(|e| e.audience.includes(viewer))
            .collect();
        Ok(json!({
            "step": self.session.steps(),
            "action": to_value(&parsed)?,
            "events": self.events_with_text(viewer, &seen)?,
            "turn": to_value(&self.session.turn())?,
        }))
    }

    fn events_with_text(&self, viewer: Viewer, events: &[ErasedEvent]) -> Result<Value, String> {
        let mut out = Vec::with_capacity(events.len());
        for event in events {
            let mut value = to_value(event)?;
            if let Value::Object(map) = &mut value {
                map.insert(
                    "text".into(),
                    Value::String(self.renderer.event_text(
                        self.session.as_ref(),
                        viewer,
                        &event.event,
                    )?),
                );
            }
            out.push(value);
        }
        Ok(Value::Array(out))
    }

    /// What `viewer` (a seat number, `public` or `gm`) may see, as `pbp show --format json`
    /// prints it: `{game, steps, turn, view}`.
    pub fn view(&self, viewer: &str) -> Result<Value, String> {
        let viewer = parse_viewer(viewer)?;
        let view = self.session.view(viewer).map_err(|e| e.to_string())?;
        Ok(json!({
            "game": self.session.game(),
            "steps": self.session.steps(),
            "turn": to_value(&self.session.turn())?,
            "view": view,
        }))
    }

    /// The events `viewer` may see, in order, each as `{step, audience, event, text}`.
    pub fn log(&self, viewer: &str) -> Result<Value, String> {
        let viewer = parse_viewer(viewer)?;
        let events = self.session.log(viewer).map_err(|e| e.to_string())?;
        self.events_with_text(viewer, &events)
    }

    /// The state as `viewer` sees it, as plain text.
    pub fn text(&self, viewer: &str) -> Result<String, String> {
        self.renderer
            .text(self.session.as_ref(), parse_viewer(viewer)?)
    }

    /// The map or field as `viewer` sees it, as an SVG document.
    pub fn svg(&self, viewer: &str) -> Result<String, String> {
        self.renderer
            .svg(self.session.as_ref(), parse_viewer(viewer)?)
    }

    /// A forum post for `viewer`: the state and the last action's events.
    pub fn bbcode(&self, viewer: &str) -> Result<String, String> {
        self.renderer
            .bbcode(self.session.as_ref(), parse_viewer(viewer)?)
    }

    /// A forum post for `viewer` covering every step after `after` (the whole game, setup
    /// included, when `None`): the state and those steps' events.
    pub fn bbcode_since(&self, viewer: &str, after: Option<usize>) -> Result<String, String> {
        self.renderer
            .bbcode_since(self.session.as_ref(), parse_viewer(viewer)?, after)
    }

    /// Takes back the last action and answers the step taken back.
    pub fn undo(&mut self) -> Result<usize, String> {
        let step = self.session.steps();
        self.session.undo().map_err(|e| e.to_string())?;
        Ok(step)
    }

    /// The save file, byte for byte what the CLI writes.
    pub fn save(&self) -> Result<String, String> {
        self.session.save().map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn duel() -> Table {
        Table::new("duel", None, 2026, None).unwrap()
    }

    #[test]
    fn games_lists_the_catalog_with_default_configs() {
        let list = games(catalog()).unwrap();
        assert_eq!(list[0]["name"], "duel");
        assert_eq!(list[0]["default_config"]["first_to"], 3);
        let names: Vec<&str> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            Table::new("chess", None, 1, None).unwrap_err(),
            format!(
                "there is no game named 'chess' (known games: {})",
                names.join(", ")
            )
        );
    }

    #[test]
    fn dice_are_read_like_a_forum_posts_them() {
        assert_eq!(parse_dice("10,4, 7"), Ok(vec![10, 4, 7]));
        assert_eq!(parse_dice(" 1 2\n3 "), Ok(vec![1, 2, 3]));
        assert_eq!(parse_dice(""), Ok(vec![]));
        assert_eq!(
            parse_dice("3,x").unwrap_err(),
            "invalid die value 'x': invalid digit found in string"
        );
        assert!(parse_dice("-1").is_err());
    }

    #[test]
    fn the_readme_game_plays_the_same_as_the_cli() {
        let mut table = duel();
        assert_eq!(table.describe_turn(), "to act: seat 0, seat 1, gm");
        let legal = table.legal("0").unwrap();
        assert_eq!(legal[0]["text"], "strike");
        assert_eq!(legal[1]["json"], json!({"choose": "focus"}));
        let first = table.act("0", "focus", None).unwrap();
        assert_eq!(first["step"], 1);
        let lines: Vec<&str> = first["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["text"].as_str().unwrap())
            .collect();
        assert_eq!(lines, ["seat 0 sealed a stance", "seat 0 chose focus"]);
        let second = table
            .act("1", r#"{"choose":"strike"}"#, Some("2,10,4,1,9,9"))
            .unwrap();
        assert_eq!(
            second["events"][2]["text"],
            "focus against strike: 14 to 9 after 1 roll(s); seat 0 wins the round"
        );
        assert_eq!(
            table.bbcode("public").unwrap(),
            format!(
                "[b]Duel[/b]: 1 - 0\n[*] seat 1 sealed a stance\n\
                 [*] focus against strike: 14 to 9 after 1 roll(s); seat 0 wins the round\n\
                 [i]dice commitment: {}[/i]\n",
                table.commitment().unwrap()
            )
        );
        assert_eq!(table.view("gm").unwrap()["view"]["wins"], json!([1, 0]));
        assert_eq!(table.seats().unwrap(), vec![0, 1]);
        assert_eq!(
            table.players().unwrap(),
            json!([{"seat": 0, "name": "seat 0"}, {"seat": 1, "name": "seat 1"}])
        );
        assert!(table.svg("public").unwrap().starts_with("<svg"));
        assert!(table.text("1").unwrap().contains("1 - 0"));
    }

    #[test]
    fn players_are_named_for_the_seats_shown_and_those_that_acted() {
        // Three Kingdoms shows a seat once it acts or is sent an event: a seat that acted on an
        // earlier turn is no longer shown by the turn or the log, but is still named.
        let mut table = Table::new("three-kingdoms", None, 1, None).unwrap();
        let mut actors = Vec::new();
        let mut unshown = false;
        for _ in 0..8 {
            let Some(actor) = table.turn().unwrap()["acting"][0]["seat"].as_u64() else {
                break;
            };
            let legal = table.legal(&actor.to_string()).unwrap();
            table
                .act(&actor.to_string(), &legal[0]["json"].to_string(), None)
                .unwrap();
            actors.push(actor);
            let shown = table.seats().unwrap();
            unshown |= actors.iter().any(|a| !shown.contains(&(*a as u16)));
            let players = table.players().unwrap();
            for actor in &actors {
                let named = players
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|p| p["seat"] == *actor);
                let name = named.map(|p| p["name"].as_str().unwrap());
                assert!(
                    name.is_some_and(|n| n != format!("seat {actor}")),
                    "{players}"
                );
            }
        }
        assert!(unshown, "every seat that acted was still shown: {actors:?}");
    }

    #[test]
    fn a_post_since_a_step_covers_every_later_step() {
        let mut table = duel();
        table.act("0", "focus", None).unwrap();
        table.act("1", "strike", Some("2 10 4 1 9 9")).unwrap();
        let round = "focus against strike: 14 to 9 after 1 roll(s); seat 0 wins the round";
        // Every post ends with the dice commitment, so the thread holds it from the first post on.
        let commitment = format!("[i]dice commitment: {}[/i]\n", table.commitment().unwrap());
        assert_eq!(
            table.bbcode_since("public", Some(0)).unwrap(),
            format!(
                "[b]Duel[/b]: 1 - 0\n[*] seat 0 sealed a stance\n[*] seat 1 sealed a stance\n[*] {round}\n{commitment}"
            )
        );
        assert_eq!(
            table.bbcode_since("public", Some(1)).unwrap(),
            table.bbcode("public").unwrap()
        );
        assert_eq!(
            table.bbcode_since("public", Some(2)).unwrap(),
            format!("[b]Duel[/b]: 1 - 0\n{commitment}")
        );
        let all = table.bbcode_since("0", None).unwrap();
        assert!(
            all.contains("seat 0 chose focus") && !all.contains("seat 1 chose"),
            "{all}"
        );
    }

    #[test]
    fn the_sealed_stance_stays_hidden_from_the_other_seat_and_the_public() {
        let mut table = duel();
        table.act("1", "strike", None).unwrap();
        for viewer in ["0", "public"] {
            let view = table.view(viewer).unwrap();
            assert_eq!(view["view"]["own"][1], Value::Null, "{viewer}");
            let log = table.log(viewer).unwrap().to_string();
            assert!(!log.contains("chose"), "{viewer}: {log}");
            assert!(!table.text(viewer).unwrap().contains("strike"), "{viewer}");
            assert!(!table.bbcode(viewer).unwrap().contains("strike"));
            assert!(!table.svg(viewer).unwrap().contains("strike"));
        }
        for viewer in ["1", "gm"] {
            let log = table.log(viewer).unwrap().to_string();
            assert!(log.contains("seat 1 chose strike"), "{viewer}: {log}");
        }
    }

    #[test]
    fn errors_have_the_cli_messages_and_change_nothing() {
        let mut table = duel();
        table.act("1", "strike", None).unwrap();
        let before = table.save().unwrap();
        assert_eq!(
            table.act("1", "focus", None).unwrap_err(),
            "seat 1 cannot do that: seat 1 cannot choose a stance now"
        );
        assert!(
            table
                .act("0", "dance", None)
                .unwrap_err()
                .starts_with("not an action of duel: 'dance'")
        );
        assert!(
            table
                .act("0", "strike", Some("1"))
                .unwrap_err()
                .starts_with("seat 0 cannot do that: ")
        );
        assert_eq!(
            table.act("public", "strike", None).unwrap_err(),
            "expected a seat number (0, 1, ...) or gm"
        );
        assert_eq!(
            table.view("everyone").unwrap_err(),
            "expected a seat number (0, 1, ...), public or gm"
        );
        assert_eq!(table.save().unwrap(), before);
        assert_eq!(table.undo(), Ok(1));
        assert_eq!(table.undo().unwrap_err(), "there is no action to undo");
        assert!(
            Table::new("duel", Some("{\"first_to\": \"x\"}"), 1, None)
                .unwrap_err()
                .starts_with("the config is not valid for duel: ")
        );
    }

    #[test]
    fn saves_round_trip_and_bad_saves_name_their_problem() {
        let mut table = duel();
        table.act("0", "focus", None).unwrap();
        table.act("1", "strike", Some("2 10 4 1 9 9")).unwrap();
        let save = table.save().unwrap();
        assert!(save.starts_with("{\n  \"pbp_save\": 1,") && save.ends_with("}\n"));
        let loaded = Table::load(&save, Some("duel.json")).unwrap();
        assert_eq!(loaded.save().unwrap(), save);
        assert_eq!(loaded.steps(), 2);
        assert_eq!(loaded.seed(), 2026);
        assert_eq!(loaded.game(), "duel");
        assert_eq!(loaded.commitment(), table.commitment());
        assert_eq!(table.commitment().map(|c| c.len()), Some(64));
        let error = Table::load(&save[..40], Some("duel.json")).unwrap_err();
        assert!(
            error.starts_with("duel.json: the save is not valid JSON: "),
            "{error}"
        );
        let edited = save.replacen("\"value\": 2", "\"value\": 3", 1);
        assert_ne!(edited, save);
        let error = Table::load(&edited, None).unwrap_err();
        assert!(error.starts_with("checksum mismatch"), "{error}");
    }
}
