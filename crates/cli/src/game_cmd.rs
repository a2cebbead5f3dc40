//! The generic game commands: games, new, legal, act, thread, show, log, undo, replay, verify,
//! reveal, simulate.
//!
//! Every command works for every game in [`pbp_frontend::catalog`], through a
//! [`pbp_frontend::Table`]: this module only turns argv and files into calls and answers into
//! text, JSON and exit codes.
//!
//! `pbp simulate` (many games played by bots, with a progress bar and a report) is in the
//! `simulate` submodule.

mod show;
mod simulate;
mod start;
mod thread;

pub use simulate::BotArg;
use simulate::{Players, simulate};
use start::{list, new};

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Subcommand, ValueEnum};
use pbp_core::engine::chain::ChainClaim;
use pbp_core::engine::erased::ActionInput;
use pbp_core::engine::{COMMITMENT_TAG, DiceChoice, words::counted};
use pbp_frontend::BbcodeStyle;
use pbp_frontend::catalog::catalog;
use pbp_frontend::{EventLine, Table, TableError, to_json};

use crate::failure::Failure;
use crate::store::{LockedSave, emit, lock_save, read_text};

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
        /// system]. It is written in the save and never printed: `pbp reveal` prints it at the
        /// end.
        #[arg(long)]
        seed: Option<u64>,
        /// A JSON file with the game's config [default: the game's standard setup; see
        /// `pbp games --json`].
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
        /// Dice rolled elsewhere for the setup, in order (e.g. `--dice 7,3,52`).
        #[arg(long, value_name = "V,V,...", value_delimiter = ',')]
        dice: Option<Vec<u32>>,
        /// The players' names, one per seat, seat 0 first (e.g. `--players Ann,Bo`): every
        /// text, post, picture and log line names each seat by its player [default: the
        /// game's own names].
        #[arg(long, value_name = "NAME,NAME,...", value_delimiter = ',')]
        players: Option<Vec<String>>,
        /// Where to write the save.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// Replace the file if it exists and is a pbp save (nothing else is ever replaced).
        #[arg(long)]
        force: bool,
        /// With --force, how long to wait for another pbp writing that save.
        #[arg(long, value_name = "SECONDS", default_value_t = 30.0, value_parser = parse_wait)]
        wait: f64,
    },
    /// List the legal actions of a seat or the game master.
    Legal {
        /// The save file.
        file: PathBuf,
        /// Who acts: a seat by number, label or player name (`0`, `Lion`, `Plainsfox`), or `gm`
        /// for the game master.
        #[arg(long = "as", value_name = "SEAT|gm")]
        actor: String,
        /// Print each action in both forms, as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Take an action, save the game, and print the events the actor may see.
    Act {
        /// The save file.
        file: PathBuf,
        /// Who acts: a seat by number, label or player name (`0`, `Lion`, `Plainsfox`), or `gm`
        /// for the game master.
        #[arg(long = "as", value_name = "SEAT|gm")]
        actor: String,
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
        /// Refuse unless the save is at step N (N actions taken): for a bot or a page that
        /// showed a state and acts on it.
        #[arg(long, value_name = "N")]
        expect_step: Option<usize>,
        /// How long to wait for another pbp writing the same save.
        #[arg(long, value_name = "SECONDS", default_value_t = 30.0, value_parser = parse_wait)]
        wait: f64,
    },
    /// Read a forum thread and apply its posts in order, with a report per post (posts
    /// applied before are skipped).
    Thread(thread::ThreadArgs),
    /// Show the game as a seat, the public or the game master sees it.
    Show {
        /// The save file.
        file: PathBuf,
        /// Who looks: a seat by number, label or player name, `public`, or `gm` for the game
        /// master.
        #[arg(long = "as", value_name = "SEAT|public|gm", default_value = "public")]
        viewer: String,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// How a BBCode post lays out its tables: `plain` lists, which every forum shows, or
        /// `table` (`[table]`, which many forums lack).
        #[arg(long, value_name = "plain|table", default_value = "plain", value_parser = parse_style)]
        bbcode_style: BbcodeStyle,
    },
    /// Print the events a seat, the public or the game master may see.
    Log {
        /// The save file.
        file: PathBuf,
        /// Who looks: a seat by number, label or player name, `public`, or `gm` for the game
        /// master.
        #[arg(long = "as", value_name = "SEAT|public|gm", default_value = "public")]
        viewer: String,
        /// Print the events as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Take back the last action.
    Undo {
        /// The save file.
        file: PathBuf,
        /// Refuse unless the save is at step N (N actions taken).
        #[arg(long, value_name = "N")]
        expect_step: Option<usize>,
        /// How long to wait for another pbp writing the same save.
        #[arg(long, value_name = "SECONDS", default_value_t = 30.0, value_parser = parse_wait)]
        wait: f64,
    },
    /// Replay a save and report: every step replays and every seeded roll follows from the seed
    /// (every command checks this when it loads a save).
    Replay {
        /// The save file.
        file: PathBuf,
    },
    /// Check a published save against the dice commitment posted when the game started: the
    /// seed and salt must hash to it and every seeded roll must follow from the seed.
    Verify {
        /// The save file the game master published.
        file: PathBuf,
        /// The commitment posted at the start (64 hex digits).
        #[arg(long, value_name = "HEX")]
        commitment: String,
        /// A head of the history chain as a post showed it ("chain at step 12: a1b2c3d4e5f6"
        /// is `--at 12:a1b2c3d4e5f6`); repeatable. Fails if an action at or before that step
        /// was edited, reordered or removed.
        #[arg(long, value_name = "STEP:HEAD")]
        at: Vec<String>,
    },
    /// Print the seed and salt of a save, for the game master to post when the game is over.
    Reveal {
        /// The save file.
        file: PathBuf,
    },
    /// Play many games with computer players (the game's heuristic one by default) and
    /// summarize the outcomes by seat, faction and starting position.
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
        /// Rotate the seats across games: with n seats, game i shifts the starting positions
        /// by i mod n and the factions (clan, colour, army, team) by i / n mod n, so that the
        /// wins by seat, by faction and by position tell the three effects apart (play a
        /// multiple of n * n games for a balanced design).
        #[arg(long)]
        rotate_seats: bool,
        /// Print the summary as JSON.
        #[arg(long)]
        json: bool,
        /// Threads to play on [default: one per core]. Game i is seeded by its index, so the
        /// summary is the same for any number of threads. Ctrl-C stops the run and prints the
        /// summary of the games finished so far (games 0 to k-1, as `--games k` would).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
        threads: Option<u16>,
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
    /// The map or field as a PNG picture (bytes: redirect them to a file).
    Png,
}

/// Reads `--wait`: seconds, at most a day.
fn parse_wait(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if (0.0..=86_400.0).contains(&seconds) => Ok(seconds),
        _ => Err("expected a number of seconds from 0 to 86400".to_owned()),
    }
}

fn wait_for(seconds: f64) -> Duration {
    Duration::from_secs_f64(seconds)
}

fn dice_choice(dice: Option<Vec<u32>>) -> DiceChoice {
    match dice {
        Some(values) => DiceChoice::Outside(values),
        None => DiceChoice::Seeded,
    }
}

/// Pretty JSON with a final newline, keys sorted (through `serde_json::Value`).
pub(crate) fn to_text<T: serde::Serialize>(value: &T) -> Result<String, Failure> {
    let value = to_json(value)?;
    serde_json::to_string_pretty(&value)
        .map(|mut s| {
            s.push('\n');
            s
        })
        .map_err(|e| Failure::from(format!("cannot write JSON: {e}")))
}

/// A failure of the table about `file`, its name first.
fn about(file: &Path) -> impl Fn(TableError) -> Failure + '_ {
    move |e| Failure::table(&e, Some(&file.display().to_string()))
}

/// Loads a save's text, checking everything (every seeded roll against the seed, the seed
/// against the commitment), whatever the command.
fn load_text(file: &Path, text: &str) -> Result<Table, Failure> {
    Table::load(text).map_err(about(file))
}

pub(crate) fn load(file: &Path) -> Result<Table, Failure> {
    load_text(file, &read_text(file)?)
}

fn save(table: &Table, locked: &LockedSave) -> Result<(), Failure> {
    Ok(locked.replace(&table.save()?)?)
}

fn event_lines(events: &[EventLine]) -> String {
    let mut out = String::new();
    for event in events {
        let _ = writeln!(out, "step {}: {}", event.step, event.text);
    }
    out
}

fn parse_style(text: &str) -> Result<BbcodeStyle, String> {
    BbcodeStyle::parse(text)
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
            players,
            out,
            force,
            wait,
        } => new(
            &game,
            seed,
            config.as_deref(),
            dice,
            players.as_deref(),
            &out,
            force,
            wait_for(wait),
        ),
        GameCommand::Legal { file, actor, json } => legal(&file, &actor, json),
        GameCommand::Act {
            file,
            actor,
            action,
            dice,
            json,
            expect_step,
            wait,
        } => act(
            &file,
            &actor,
            &action.join(" "),
            dice,
            json,
            expect_step,
            wait_for(wait),
        ),
        GameCommand::Thread(args) => thread::thread(&args),
        GameCommand::Show {
            file,
            viewer,
            format,
            bbcode_style,
        } => show::show(&file, &viewer, format, bbcode_style),
        GameCommand::Log { file, viewer, json } => log(&file, &viewer, json),
        GameCommand::Undo {
            file,
            expect_step,
            wait,
        } => undo(&file, expect_step, wait_for(wait)),
        GameCommand::Replay { file } => replay(&file),
        GameCommand::Verify {
            file,
            commitment,
            at,
        } => verify(&file, &commitment, &at),
        GameCommand::Reveal { file } => reveal(&file),
        GameCommand::Simulate {
            game,
            games: count,
            seed,
            config,
            bot,
            rotate_seats,
            json,
            threads,
        } => simulate(
            games,
            &game,
            count,
            seed,
            config.as_deref(),
            Players {
                bot: bot.into(),
                rotate_seats,
                threads: threads.map_or(0, usize::from),
            },
            json,
        ),
    }
}

fn legal(file: &Path, actor: &str, json: bool) -> Result<(), Failure> {
    let table = load(file)?;
    let actor = table.actor(actor)?;
    let actions = table.legal_actions(actor)?;
    if json {
        return Ok(emit(&to_text(&actions)?)?);
    }
    if actions.is_empty() {
        eprintln!(
            "{} has no legal action now ({})",
            table.actor_name(actor),
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

#[allow(clippy::too_many_arguments)] // one per option of `pbp act`
fn act(
    file: &Path,
    actor: &str,
    action: &str,
    dice: Option<Vec<u32>>,
    json: bool,
    expect_step: Option<usize>,
    wait: Duration,
) -> Result<(), Failure> {
    // Held from the read to the rename: a second writer waits and plays on the newest save.
    let locked = lock_save(file, wait)?;
    let mut table = load_text(file, &locked.text)?;
    table.expect_step(expect_step).map_err(about(file))?;
    let actor = table.actor(actor)?;
    let input = ActionInput::Auto(action.to_owned());
    // An action that cannot be read is reported as such, without "seat N cannot do that".
    table.parse_action(actor, &input)?;
    let report = table.act(actor, &input, dice_choice(dice)).map_err(|e| {
        Failure::table(
            &e,
            Some(&format!("{} cannot do that", table.actor_name(actor))),
        )
    })?;
    save(&table, &locked)?;
    drop(locked);
    if json {
        return Ok(emit(&to_text(&report)?)?);
    }
    let mut out = event_lines(&report.events);
    out.push_str(&table.describe_turn());
    out.push('\n');
    Ok(emit(&out)?)
}

fn log(file: &Path, viewer: &str, json: bool) -> Result<(), Failure> {
    let table = load(file)?;
    let viewer = table.viewer(viewer)?;
    let events = table.log(viewer)?;
    if json {
        return Ok(emit(&to_text(&events)?)?);
    }
    // Step 0 is the setup, whether or not it told this viewer anything; the log ends, as
    // every post does, with the chain's head.
    let mut out = format!("step 0: {}\n", table.setup_line());
    out.push_str(&event_lines(&events));
    out.push_str(&table.chain_text()?);
    out.push('\n');
    Ok(emit(&out)?)
}

fn undo(file: &Path, expect_step: Option<usize>, wait: Duration) -> Result<(), Failure> {
    let locked = lock_save(file, wait)?;
    let mut table = load_text(file, &locked.text)?;
    table.expect_step(expect_step).map_err(about(file))?;
    let step = table.undo()?;
    save(&table, &locked)?;
    drop(locked);
    Ok(emit(&format!(
        "took back step {step}\n{}\n",
        table.describe_turn()
    ))?)
}

/// The commitment line of a report: the hex, or why there is none.
fn commitment_text(table: &Table) -> String {
    match table.commitment() {
        Some(commitment) => format!("dice commitment {commitment}"),
        None => "no dice commitment (a save started before commitments)".to_owned(),
    }
}

fn replay(file: &Path) -> Result<(), Failure> {
    let table = load(file)?;
    Ok(emit(&format!(
        "{}: {} with {} replays exactly; every seeded roll follows from its seed; {}\n{}\n",
        file.display(),
        table.game(),
        counted(table.steps() as u64, "action", "actions"),
        commitment_text(&table),
        table.describe_turn()
    ))?)
}

fn verify(file: &Path, commitment: &str, at: &[String]) -> Result<(), Failure> {
    let claims = at
        .iter()
        .map(|text| text.parse::<ChainClaim>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Failure::table(&TableError::Chain(e), None))?;
    let table = load(file)?;
    table.verify(commitment).map_err(about(file))?;
    table.verify_heads(&claims).map_err(about(file))?;
    let outside = table.outside_steps();
    let seeded = table.steps() + 1 - outside.len();
    let mut out = format!(
        "{}: verified: the seed and salt hash to the published commitment {}; every seeded roll of its {} (the setup counted) follows from that seed\n",
        file.display(),
        commitment.trim(),
        counted(seeded as u64, "seeded step", "seeded steps"),
    );
    if table.dice_policy().is_seeded() {
        out.push_str(
            "the game takes only seeded dice (\"dice\": \"seeded\"), and no step used others\n",
        );
    } else if outside.is_empty() {
        out.push_str("no step used dice rolled outside pbp\n");
    } else {
        out.push_str(&format!(
            "{} used dice rolled outside pbp, as trustworthy as the posts that rolled them; check each against the forum:\n",
            counted(outside.len() as u64, "step", "steps")
        ));
        for step in &outside {
            let who = step
                .actor
                .map_or_else(|| "the setup".to_owned(), |a| table.actor_name(a));
            out.push_str(&format!(
                "  step {} ({who}): {}\n",
                step.step,
                pbp_frontend::outside_text(step)
            ));
        }
    }
    for claim in &claims {
        out.push_str(&format!(
            "the history up to step {} matches the head posted there ({})\n",
            claim.step, claim.head
        ));
    }
    out.push_str(&format!("{}\n", table.chain_text()?));
    Ok(emit(&out)?)
}

fn reveal(file: &Path) -> Result<(), Failure> {
    let table = load(file)?;
    let Some(secret) = table.secret() else {
        return Err(Failure::from(format!(
            "{}: this save has no salt or commitment (it was started by a pbp without commitments); its seed is {}",
            file.display(),
            table.seed()
        )));
    };
    Ok(emit(&format!(
        "seed: {}\nsalt: {}\ncommitment: {}\ncheck with: pbp verify SAVE --commitment {}\nor without pbp: printf '{COMMITMENT_TAG}\\n%s\\n%s\\n' {} {} | sha256sum\n",
        secret.seed,
        secret.salt,
        secret.commitment(),
        secret.commitment(),
        secret.seed,
        secret.salt
    ))?)
}
