//! The JavaScript API in plain Rust: the page's calls on a [`pbp_frontend::Table`], with actors,
//! viewers and dice as the strings the page passes, answers as JSON values or text, and errors as
//! the CLI words them. The bindings in `lib.rs` only convert these to JavaScript values and
//! errors, so this part is tested natively as well.

use pbp_core::engine::{DiceChoice, Secret};
use pbp_frontend::catalog::Games;
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
    /// dice from the seed or, with `dice`, rolled elsewhere. A salt is drawn from the browser's
    /// `crypto.getRandomValues` and the save carries the commitment to publish.
    pub fn new(
        game: &str,
        config: Option<&str>,
        seed: u64,
        dice: Option<&str>,
    ) -> Result<Table, String> {
        let secret = Secret::with_seed(seed).map_err(|e| e.to_string())?;
        pbp_frontend::Table::start(game, config, &secret, dice_choice(dice)?)
            .map(Table)
            .map_err(text)
    }

    /// Loads a save file's text, checking every seeded roll and the commitment as every `pbp`
    /// command does; `source` (a file name) starts the error messages, as the CLI's do.
    pub fn load(save: &str, source: Option<&str>) -> Result<Table, String> {
        pbp_frontend::Table::load(save)
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

    /// The game's title as people write it ("Warring States").
    pub fn title(&self) -> &'static str {
        self.0.title()
    }

    /// The record's seed: the game master's secret.
    pub fn seed(&self) -> u64 {
        self.0.seed()
    }

    /// The commitment to the seed, to post from the first post on (`None` for a save started
    /// before commitments).
    pub fn commitment(&self) -> Option<String> {
        self.0.commitment().map(|c| c.to_string())
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

    /// The players' names the game gives its seats, as `[{seat, name}]`: a clan, faction or
    /// colour, or `seat N` where the game has none.
    pub fn players(&self) -> Result<Value, String> {
        json(Ok(self.0.players()))
    }

    /// The legal actions of `actor` (a seat number or `gm`), each as `{text, json}`.
    pub fn legal(&self, actor: &str) -> Result<Value, String> {
        let actor = self.0.actor(actor).map_err(text)?;
        json(self.0.legal_actions(actor))
    }

    /// The form `actor` builds its action with now (`pbp_core::engine::form::ActionForm` as JSON):
    /// kinds of action, their fields and their choices.
    pub fn form(&self, actor: &str) -> Result<Value, String> {
        let actor = self.0.actor(actor).map_err(text)?;
        json(Ok(self.0.action_form(actor)))
    }

    /// Checks `actor`'s action (JSON or text) as `act` would, changing nothing, and answers it
    /// as `{text, json}` (the text is the post it makes); the refusal otherwise.
    pub fn check(&self, actor: &str, input: &str) -> Result<Value, String> {
        let actor = self.0.actor(actor).map_err(text)?;
        json(self.0.try_action(
            actor,
            &pbp_core::engine::erased::ActionInput::Auto(input.to_owned()),
        ))
    }

    /// Reads an action (JSON or text) of `actor` without applying it, as `{text, json}`.
    pub fn parse(&self, actor: &str, input: &str) -> Result<Value, String> {
        let actor = self.0.actor(actor).map_err(text)?;
        json(self.0.parse_action(
            actor,
            &pbp_core::engine::erased::ActionInput::Auto(input.to_owned()),
        ))
    }

    /// Applies `actor`'s action (JSON or text) with seeded dice or, with `dice`, values rolled
    /// elsewhere (all must be used). Answers as `pbp act --json` does: `{step, action, events,
    /// turn}` with the events the actor may see, each with its `text`. On error nothing changes.
    pub fn act(&mut self, actor: &str, input: &str, dice: Option<&str>) -> Result<Value, String> {
        let actor = self.0.actor(actor).map_err(text)?;
        let dice = dice_choice(dice)?;
        let input = pbp_core::engine::erased::ActionInput::Auto(input.to_owned());
        self.0.parse_action(actor, &input).map_err(text)?;
        let name = self.0.actor_name(actor);
        let report = self
            .0
            .act(actor, &input, dice)
            .map_err(|e| format!("{name} cannot do that: {e}"))?;
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

    /// A forum post for `viewer` covering every step after `after` (the whole game, setup
    /// included, when `None`): the state and those steps' events.
    pub fn bbcode_since(&self, viewer: &str, after: Option<usize>) -> Result<String, String> {
        let viewer = self.0.viewer(viewer).map_err(text)?;
        self.0.bbcode_since(viewer, after).map_err(text)
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

#[cfg(test)]
mod tests {
    use pbp_frontend::catalog::catalog;
    use serde_json::json;

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
    fn a_form_lists_what_is_legal_and_a_check_previews_the_post() {
        let table = duel();
        let form = table.form("0").unwrap();
        let choices = &form["kinds"][0]["fields"][0]["input"]["choices"];
        assert_eq!(
            choices[0],
            json!({"label": "strike", "value": {"choose": "strike"}})
        );
        let checked = table.check("0", &choices[0]["value"].to_string()).unwrap();
        assert_eq!(checked["text"], "strike");
        let sheet = Table::new("warring-states", None, 3, None).unwrap();
        let form = sheet.form("0").unwrap();
        assert_eq!(form["kinds"][0]["key"], "orders");
        assert_eq!(form["kinds"][0]["fields"][1]["input"]["type"], "rows");
        let too_much = json!({"orders": {"turn": 1, "orders": [
            {"invest": {"state": 9999, "rice": 1}}
        ]}});
        assert!(sheet.check("0", &too_much.to_string()).is_err());
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
        assert_eq!(table.describe_turn(), "to act: Player 1, Player 2, gm");
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
        assert_eq!(lines, ["Player 1 sealed a stance", "Player 1 chose focus"]);
        let second = table
            .act("1", r#"{"choose":"strike"}"#, Some("2,10,4,1,9,9"))
            .unwrap();
        assert_eq!(
            second["events"][2]["text"],
            "focus against strike: 14 to 9; Player 1 wins the round"
        );
        let post = table.bbcode("public").unwrap();
        assert_eq!(
            post,
            format!(
                "[b]Duel[/b]: 1 - 0\n[*] Player 2 sealed a stance\n\
                 [*] focus against strike: 14 to 9; Player 1 wins the round\n\
                 [i]dice commitment: {}[/i]\n\
                 chain at step 2: {}\n",
                table.commitment().unwrap(),
                head(&post)
            )
        );
        // The step holds seat 1's sealed stance: its forum dice are for seat 1 and the game
        // master, who see all of it.
        assert!(
            table
                .bbcode("gm")
                .unwrap()
                .contains("step 2: rolled on the forum: 2, 10+4, 1, 9, 9\n"),
        );
        assert_eq!(table.view("gm").unwrap()["view"]["wins"], json!([1, 0]));
        assert_eq!(table.seats().unwrap(), vec![0, 1]);
        assert_eq!(
            table.players().unwrap(),
            json!([{"seat": 0, "name": "Player 1"}, {"seat": 1, "name": "Player 2"}])
        );
        assert!(table.svg("public").unwrap().starts_with("<svg"));
        assert!(table.text("1").unwrap().contains("1 - 0"));
    }

    #[test]
    fn every_seat_is_named_from_the_start_and_after_it_acted() {
        // The game counts its seats (Game::seat_count), so every seat is listed and named from
        // the setup on, whether or not it has acted or been sent an event yet.
        let mut table = Table::new("three-kingdoms", None, 1, None).unwrap();
        let count = table.seats().unwrap().len();
        assert!(count >= 2, "{count}");
        for _ in 0..8 {
            let players = table.players().unwrap();
            let players = players.as_array().unwrap();
            assert_eq!(players.len(), count, "{players:?}");
            for (n, player) in players.iter().enumerate() {
                assert_eq!(player["seat"], n);
                let name = player["name"].as_str().unwrap();
                assert!(
                    !name.is_empty() && name != format!("seat {n}"),
                    "{players:?}"
                );
            }
            let Some(actor) = table.turn().unwrap()["acting"][0]["seat"].as_u64() else {
                break;
            };
            let legal = table.legal(&actor.to_string()).unwrap();
            table
                .act(&actor.to_string(), &legal[0]["json"].to_string(), None)
                .unwrap();
        }
    }

    /// The chain's head a post ends with (`chain at step N: HEAD`).
    fn head(post: &str) -> String {
        let line = post.lines().last().unwrap();
        let (_, head) = line.split_once(": ").unwrap();
        assert!(line.starts_with("chain at step "), "{post}");
        head.to_owned()
    }

    #[test]
    fn a_post_since_a_step_covers_every_later_step() {
        let mut table = duel();
        table.act("0", "focus", None).unwrap();
        table.act("1", "strike", Some("2 10 4 1 9 9")).unwrap();
        let round = "focus against strike: 14 to 9; Player 1 wins the round";
        // Every post ends with the dice commitment, so the thread holds it from the first post on.
        let commitment = format!("[i]dice commitment: {}[/i]\n", table.commitment().unwrap());
        // And with the forum's dice of the steps it covers that the viewer sees whole (step 2
        // holds seat 1's sealed stance: seat 1's and the game master's), then the chain's head.
        let since = table.bbcode_since("public", Some(0)).unwrap();
        let forum = "step 2: rolled on the forum: 2, 10+4, 1, 9, 9\n";
        let chain = format!("chain at step 2: {}\n", head(&since));
        assert_eq!(
            since,
            format!(
                "[b]Duel[/b]: 1 - 0\n[*] Player 1 sealed a stance\n[*] Player 2 sealed a stance\n[*] {round}\n{commitment}{chain}"
            )
        );
        let for_seat = table.bbcode_since("1", Some(0)).unwrap();
        assert!(for_seat.ends_with(&format!("{forum}{chain}")), "{for_seat}");
        assert_eq!(
            table.bbcode_since("public", Some(1)).unwrap(),
            table.bbcode("public").unwrap()
        );
        assert_eq!(
            table.bbcode_since("public", Some(2)).unwrap(),
            format!("[b]Duel[/b]: 1 - 0\n{commitment}{chain}")
        );
        let all = table.bbcode_since("0", None).unwrap();
        assert!(
            all.contains("Player 1 chose focus") && !all.contains("Player 2 chose"),
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
            assert!(log.contains("Player 2 chose strike"), "{viewer}: {log}");
        }
    }

    #[test]
    fn errors_have_the_cli_messages_and_change_nothing() {
        let mut table = duel();
        table.act("1", "strike", None).unwrap();
        let before = table.save().unwrap();
        assert_eq!(
            table.act("1", "focus", None).unwrap_err(),
            "Player 2 cannot do that: Player 2 cannot choose a stance now"
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
                .starts_with("Player 1 cannot do that: ")
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
