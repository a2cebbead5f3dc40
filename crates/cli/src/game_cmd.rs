//! The generic game commands: games, new, legal, act, show, log, undo, replay, simulate.
//!
//! Every command works for every game in [`pbp_frontend::catalog`], through a
//! [`pbp_frontend::Table`]: this module only turns argv and files into calls and answers into
//! text, JSON and exit codes.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use clap::{Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use pbp_core::erased::ActionInput;
use pbp_core::sim::Bot;
use pbp_core::{Actor, DiceChoice, Viewer};
use pbp_frontend::catalog::{Games, catalog};
use pbp_frontend::words::{actor_name, describe_turn, parse_actor, parse_viewer};
use pbp_frontend::{EventLine, Table, game_list, to_json};
use serde_json::json;

use crate::failure::Failure;
use crate::store::{emit, read_text, write_atomic};

/// The game commands.
#[derive(Debug, Subcommand)]
pub enum GameCommand {
    /// List the games pbp can run.
    Games {
        /// Print each game with its default config, as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Start a game and write its save file.
    New {
        /// The game (see `pbp games`).
        game: String,
        /// Seed of every seeded roll in the game [default: a fresh seed from the operating
        /// system; it is written in the save].
        #[arg(long)]
        seed: Option<u64>,
        /// A JSON file with the game's config [default: the game's standard setup; see
        /// `pbp games --json`].
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
        /// Dice rolled elsewhere for the setup, in order (e.g. `--dice 7,3,52`).
        #[arg(long, value_name = "V,V,...", value_delimiter = ',')]
        dice: Option<Vec<u32>>,
        /// Where to write the save.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// Overwrite the save file if it exists.
        #[arg(long)]
        force: bool,
    },
    /// List the legal actions of a seat or the game master.
    Legal {
        /// The save file.
        file: PathBuf,
        /// Who acts: a seat number, or `gm` for the game master.
        #[arg(long = "as", value_name = "SEAT|gm", value_parser = parse_actor)]
        actor: Actor,
        /// Print each action in both forms, as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Take an action, save the game, and print the events the actor may see.
    Act {
        /// The save file.
        file: PathBuf,
        /// Who acts: a seat number, or `gm` for the game master.
        #[arg(long = "as", value_name = "SEAT|gm", value_parser = parse_actor)]
        actor: Actor,
        /// The action, as JSON (`{"choose":"focus"}`) or in the game's text form (`focus`);
        /// several words are joined with spaces.
        #[arg(required = true, num_args = 1.., value_name = "ACTION")]
        action: Vec<String>,
        /// Dice rolled elsewhere for this action, in order (e.g. `--dice 10,4,7`); every value
        /// must be used [default: roll from the game's seed].
        #[arg(long, value_name = "V,V,...", value_delimiter = ',')]
        dice: Option<Vec<u32>>,
        /// Print the action, its events and the turn as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Show the game as a seat, the public or the game master sees it.
    Show {
        /// The save file.
        file: PathBuf,
        /// Who looks: a seat number, `public`, or `gm` for the game master.
        #[arg(long = "as", value_name = "SEAT|public|gm", default_value = "public", value_parser = parse_viewer)]
        viewer: Viewer,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Print the events a seat, the public or the game master may see.
    Log {
        /// The save file.
        file: PathBuf,
        /// Who looks: a seat number, `public`, or `gm` for the game master.
        #[arg(long = "as", value_name = "SEAT|public|gm", default_value = "public", value_parser = parse_viewer)]
        viewer: Viewer,
        /// Print the events as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Take back the last action.
    Undo {
        /// The save file.
        file: PathBuf,
    },
    /// Verify a save: replay every step and check every seeded roll against the seed.
    Replay {
        /// The save file.
        file: PathBuf,
    },
    /// Play many games with a uniform random bot and summarize the outcomes.
    Simulate {
        /// The game (see `pbp games`).
        game: String,
        /// How many games to play.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Seed of the first game; game i uses a seed derived from it and i.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// A JSON file with the game's config [default: the game's standard setup].
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
        /// The computer player at every seat: the game's own heuristic (random where the game
        /// has none), or uniformly random legal actions.
        #[arg(long, value_enum, default_value_t = BotArg::Heuristic)]
        bot: BotArg,
        /// Print the summary as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// How `pbp show` prints a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Plain text for a terminal.
    Text,
    /// The view as JSON, with the turn.
    Json,
    /// A forum post: the state and the last action's events.
    Bbcode,
    /// The map or field as an SVG document.
    Svg,
}

fn dice_choice(dice: Option<Vec<u32>>) -> DiceChoice {
    match dice {
        Some(values) => DiceChoice::Outside(values),
        None => DiceChoice::Seeded,
    }
}

/// Pretty JSON with a final newline, keys sorted (through `serde_json::Value`).
fn to_text<T: serde::Serialize>(value: &T) -> Result<String, Failure> {
    let value = to_json(value)?;
    serde_json::to_string_pretty(&value)
        .map(|mut s| {
            s.push('\n');
            s
        })
        .map_err(|e| Failure::from(format!("cannot write JSON: {e}")))
}

fn load(file: &Path, check_seed: bool) -> Result<Table, Failure> {
    let text = read_text(file)?;
    Table::load(&text, check_seed)
        .map_err(|e| Failure::table(&e, Some(&file.display().to_string())))
}

fn save(table: &Table, file: &Path) -> Result<(), Failure> {
    Ok(write_atomic(file, &table.save()?)?)
}

fn event_lines(events: &[EventLine]) -> String {
    let mut out = String::new();
    for event in events {
        let _ = writeln!(out, "step {}: {}", event.step, event.text);
    }
    out
}

/// A seed from the operating system's randomness, for a game started without `--seed`.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    RandomState::new().hash_one((now, std::process::id()))
}

/// Runs a game command.
pub fn run(command: GameCommand) -> Result<(), Failure> {
    let games = catalog();
    match command {
        GameCommand::Games { json } => list(games, json),
        GameCommand::New {
            game,
            seed,
            config,
            dice,
            out,
            force,
        } => new(&game, seed, config.as_deref(), dice, &out, force),
        GameCommand::Legal { file, actor, json } => legal(&file, actor, json),
        GameCommand::Act {
            file,
            actor,
            action,
            dice,
            json,
        } => act(&file, actor, &action.join(" "), dice, json),
        GameCommand::Show {
            file,
            viewer,
            format,
        } => show(&file, viewer, format),
        GameCommand::Log { file, viewer, json } => log(&file, viewer, json),
        GameCommand::Undo { file } => undo(&file),
        GameCommand::Replay { file } => replay(&file),
        GameCommand::Simulate {
            game,
            games: count,
            seed,
            config,
            bot,
            json,
        } => simulate(
            games,
            &game,
            count,
            seed,
            config.as_deref(),
            bot.into(),
            json,
        ),
    }
}

fn list(games: &Games, json: bool) -> Result<(), Failure> {
    if json {
        return Ok(emit(&to_text(&game_list(games)?)?)?);
    }
    let mut out = String::new();
    for name in games.names() {
        let _ = writeln!(out, "{name}");
    }
    Ok(emit(&out)?)
}

fn new(
    game: &str,
    seed: Option<u64>,
    config: Option<&Path>,
    dice: Option<Vec<u32>>,
    out: &Path,
    force: bool,
) -> Result<(), Failure> {
    // An unknown game is refused before the output file is looked at.
    catalog()
        .game(game)
        .map_err(|e| Failure::from(pbp_frontend::TableError::from(e)))?;
    if !force && out.exists() {
        return Err(Failure::from(format!(
            "{} exists already (use --force to overwrite it)",
            out.display()
        )));
    }
    let config = config.map(read_text).transpose()?;
    let seed = seed.unwrap_or_else(fresh_seed);
    let table = Table::new(game, config.as_deref(), seed, dice_choice(dice))?;
    save(&table, out)?;
    Ok(emit(&format!(
        "started {} in {} (seed {seed})\n{}\n",
        table.game(),
        out.display(),
        table.describe_turn()
    ))?)
}

fn legal(file: &Path, actor: Actor, json: bool) -> Result<(), Failure> {
    let table = load(file, false)?;
    let actions = table.legal_actions(actor)?;
    if json {
        return Ok(emit(&to_text(&actions)?)?);
    }
    if actions.is_empty() {
        eprintln!(
            "{} has no legal action now ({})",
            actor_name(actor),
            table.describe_turn()
        );
        return Ok(());
    }
    let mut out = String::new();
    for action in &actions {
        let _ = writeln!(out, "{}", action.text);
    }
    Ok(emit(&out)?)
}

fn act(
    file: &Path,
    actor: Actor,
    action: &str,
    dice: Option<Vec<u32>>,
    json: bool,
) -> Result<(), Failure> {
    let mut table = load(file, false)?;
    let input = ActionInput::Auto(action.to_owned());
    // An action that cannot be read is reported as such, without "seat N cannot do that".
    table.parse_action(actor, &input)?;
    let report = table
        .act(actor, &input, dice_choice(dice))
        .map_err(|e| Failure::table(&e, Some(&format!("{} cannot do that", actor_name(actor)))))?;
    save(&table, file)?;
    if json {
        return Ok(emit(&to_text(&report)?)?);
    }
    let mut out = event_lines(&report.events);
    out.push_str(&describe_turn(&report.turn));
    out.push('\n');
    Ok(emit(&out)?)
}

fn show(file: &Path, viewer: Viewer, format: Format) -> Result<(), Failure> {
    let table = load(file, false)?;
    let mut text = match format {
        Format::Text => {
            let mut text = table.text(viewer)?;
            if !text.ends_with('\n') {
                text.push('\n');
            }
            text.push_str(&table.describe_turn());
            text
        }
        Format::Json => to_text(&table.view(viewer)?)?,
        Format::Bbcode => table.bbcode(viewer)?,
        Format::Svg => table.svg(viewer)?,
    };
    if !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(emit(&text)?)
}

fn log(file: &Path, viewer: Viewer, json: bool) -> Result<(), Failure> {
    let table = load(file, false)?;
    let events = table.log(viewer)?;
    if json {
        return Ok(emit(&to_text(&events)?)?);
    }
    Ok(emit(&event_lines(&events))?)
}

fn undo(file: &Path) -> Result<(), Failure> {
    let mut table = load(file, false)?;
    let step = table.undo()?;
    save(&table, file)?;
    Ok(emit(&format!(
        "took back step {step}\n{}\n",
        table.describe_turn()
    ))?)
}

fn replay(file: &Path) -> Result<(), Failure> {
    let table = load(file, true)?;
    Ok(emit(&format!(
        "{}: {} with {} action(s) replays exactly; every seeded roll matches seed {}\n{}\n",
        file.display(),
        table.game(),
        table.steps(),
        table.seed(),
        table.describe_turn()
    ))?)
}

/// `--bot` of `pbp simulate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BotArg {
    /// Uniformly random legal actions.
    Random,
    /// The game's own heuristic player.
    Heuristic,
}

impl From<BotArg> for Bot {
    fn from(bot: BotArg) -> Bot {
        match bot {
            BotArg::Random => Bot::Random,
            BotArg::Heuristic => Bot::Heuristic,
        }
    }
}

fn simulate(
    games: &Games,
    game: &str,
    count: u64,
    seed: u64,
    config: Option<&Path>,
    bot: Bot,
    json: bool,
) -> Result<(), Failure> {
    let game = games
        .game(game)
        .map_err(|e| Failure::from(pbp_frontend::TableError::from(e)))?;
    let config = config.map(read_text).transpose()?;
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::with_draw_target(Some(count), ProgressDrawTarget::stderr());
        if let Ok(style) =
            ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} games, {per_sec}, eta {eta}")
        {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_message(game.name());
        bar
    } else {
        ProgressBar::hidden()
    };
    let result = game.simulate(config.as_deref(), count, seed, bot, &mut |done| {
        bar.set_position(done)
    });
    bar.finish_and_clear();
    let summary = result.map_err(|e| Failure::from(pbp_frontend::TableError::from(e)))?;
    if json {
        let average = (summary.games > 0).then(|| summary.actions as f64 / summary.games as f64);
        return Ok(emit(&to_text(&json!({
            "game": game.name(),
            "seed": seed,
            "bot": format!("{bot:?}").to_lowercase(),
            "summary": summary,
            "average_actions": average,
        }))?)?);
    }
    let mut out = format!(
        "{}: {} game(s) from seed {seed}, {} finished\n",
        game.name(),
        summary.games,
        summary.finished
    );
    let percent = |n: u64| {
        if summary.games == 0 {
            0.0
        } else {
            100.0 * n as f64 / summary.games as f64
        }
    };
    for (seat, wins) in &summary.wins {
        let _ = writeln!(out, "seat {seat} won {wins} ({:.1}%)", percent(*wins));
    }
    let labelled = summary
        .by_label
        .keys()
        .any(|label| !label.starts_with("seat "));
    if labelled {
        for (label, record) in &summary.by_label {
            let rate = if record.played == 0 {
                0.0
            } else {
                100.0 * record.won as f64 / record.played as f64
            };
            let _ = writeln!(
                out,
                "{label}: won {} of {} ({rate:.1}%)",
                record.won, record.played
            );
        }
    }
    let _ = writeln!(
        out,
        "no winner: {} ({:.1}%)",
        summary.draws,
        percent(summary.draws)
    );
    if summary.games > 0 {
        let _ = writeln!(
            out,
            "actions per game: average {:.1}, longest {}",
            summary.actions as f64 / summary.games as f64,
            summary.longest
        );
    }
    Ok(emit(&out)?)
}
