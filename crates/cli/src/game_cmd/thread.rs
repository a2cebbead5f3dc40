//! `pbp thread`: a forum thread read and its posts applied to a save, with a report per post.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Args, ValueEnum};
use pbp_core::engine::{Actor, Seat};
use pbp_frontend::thread::{Layout, MAX_THREAD_BYTES, ThreadOptions, apply_thread};
use pbp_frontend::{Table, TableError};

use super::{load_text, save, to_text};
use crate::failure::{Failure, USAGE};
use crate::store::{emit, lock_save, read_bytes};

/// Where the dice of the thread's actions come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ThreadDice {
    /// The table's seed, as `pbp act` without `--dice`; the forum's rolls are only listed.
    Seeded,
    /// The rolls the forum's dice roller posted in the thread, in order.
    Forum,
}

/// The options of `pbp thread`.
#[derive(Debug, Args)]
pub struct ThreadArgs {
    /// The save file.
    pub file: PathBuf,
    /// The thread: a file of posts (`jsonl`, or a phpBB or SMF page saved as HTML or copied).
    #[arg(long, value_name = "THREAD")]
    pub posts: PathBuf,
    /// The thread's layout [default: recognised from the file].
    #[arg(long, value_name = "jsonl|phpbb-html|smf-html|phpbb|smf")]
    pub layout: Option<String>,
    /// A forum name for a seat, besides the player's name in the game: `NAME=SEAT`, the seat
    /// by number, label or player name as `--as` reads it (repeat for several).
    #[arg(long = "player", value_name = "NAME=SEAT")]
    pub players: Vec<String>,
    /// The game master's forum name: its posts are game master actions (repeat for several).
    #[arg(long = "gm", value_name = "NAME")]
    pub game_masters: Vec<String>,
    /// The forum's dice roller account: its posts are read for rolls (repeat for several).
    #[arg(long = "roller", value_name = "NAME")]
    pub rollers: Vec<String>,
    /// Where the actions' dice come from.
    #[arg(long, value_enum, default_value_t = ThreadDice::Seeded)]
    pub dice: ThreadDice,
    /// Show what would happen and change nothing.
    #[arg(long)]
    pub check: bool,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// How long to wait for another pbp writing the same save.
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0, value_parser = super::parse_wait)]
    pub wait: f64,
}

/// The `--player NAME=SEAT` names, each seat read at `table` as `--as` reads it.
fn forum_names(table: &Table, players: &[String]) -> Result<Vec<(String, Seat)>, Failure> {
    players
        .iter()
        .map(|given| {
            let (name, seat) = given.rsplit_once('=').ok_or_else(|| Failure {
                code: USAGE,
                message: format!("--player {given}: expected NAME=SEAT"),
            })?;
            match table.actor(seat)? {
                Actor::Seat(seat) => Ok((name.trim().to_owned(), seat)),
                Actor::GameMaster => Err(Failure {
                    code: USAGE,
                    message: format!(
                        "--player {given}: the game master's names are given with --gm"
                    ),
                }),
            }
        })
        .collect()
}

/// Runs `pbp thread`.
pub fn thread(args: &ThreadArgs) -> Result<(), Failure> {
    let layout = args.layout.as_deref().map(Layout::parse).transpose()?;
    let bytes = read_bytes(&args.posts, MAX_THREAD_BYTES as u64)?;
    let shown = args.posts.display().to_string();
    if bytes.len() > MAX_THREAD_BYTES {
        // Only the limit and one byte were read: the size quoted is the file's.
        let size = std::fs::metadata(&args.posts).map_or(bytes.len() as u64, |m| m.len());
        let error = TableError::ThreadTooLarge {
            bytes: usize::try_from(size).unwrap_or(usize::MAX),
            limit: MAX_THREAD_BYTES,
        };
        return Err(Failure::table(&error, Some(&shown)));
    }
    let options = ThreadOptions {
        layout,
        game_masters: args.game_masters.clone(),
        rollers: args.rollers.clone(),
        forum_dice: args.dice == ThreadDice::Forum,
        check: args.check,
        players: Vec::new(),
        // The forum's own rolls under a player's post (jsonl `rolls`) are the forum's: a save
        // whose game takes only seeded dice refuses them at every step.
        player_rolls: true,
    };
    let file: &Path = &args.file;
    // Held from the read to the rename, as `pbp act` holds it.
    let locked = lock_save(file, Duration::from_secs_f64(args.wait))?;
    let mut table = load_text(file, &locked.text)?;
    let mut options = options;
    options.players = forum_names(&table, &args.players)?;
    let report =
        apply_thread(&mut table, &bytes, &options).map_err(|e| Failure::table(&e, Some(&shown)))?;
    if !args.check && report.applied > 0 {
        save(&table, &locked)?;
    }
    drop(locked);
    if args.json {
        return Ok(emit(&to_text(&report)?)?);
    }
    Ok(emit(&report.text())?)
}
