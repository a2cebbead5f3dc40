//! `pbp`: the command line of pbp. It only translates between text, files and the Game contract.
//!
//! ## Features
//!
//! - `serve` (on by default): `pbp serve`, the hosted table (pbp-server: axum, tokio, SQLite,
//!   PostgreSQL). `cargo install pbp-cli --no-default-features` builds the game master's CLI
//!   alone, without the server stack.

mod army_cmd;
mod dice_cmd;
#[cfg(feature = "serve")]
mod discord_cmd;
mod failure;
mod game_cmd;
#[cfg(feature = "serve")]
mod serve_cmd;
mod store;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// The allocator of the whole binary: mimalloc, whose per-thread heaps cost `pbp serve` about
/// 12% less CPU an act than glibc's malloc (docs/BENCHMARKS.md, "Both cores, measured
/// (session 21)"); what the games compute does not depend on it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Roll dice, compute exact odds, and run play-by-post games.
#[derive(Debug, Parser)]
#[command(name = "pbp", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Roll dice written in pbp's notation (2k1, 3k2+1, d10+19, 3d6, coin, 75%).
    Roll(dice_cmd::RollArgs),
    /// Exact distribution of a roll, or the chance of winning a contest (EXPR vs EXPR).
    Odds(dice_cmd::OddsArgs),
    /// Check a Three Kingdoms army file against the army rules and explain each problem.
    CheckArmy(army_cmd::CheckArmyArgs),
    /// Host tables over HTTP: every player acts for their own seat from a private link.
    #[cfg(feature = "serve")]
    Serve(serve_cmd::ServeArgs),
    /// `pbp serve` in a build without it: says how to get it.
    #[cfg(not(feature = "serve"))]
    #[command(hide = true, disable_help_flag = true)]
    Serve {
        /// Whatever was given after `serve`.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Play in Discord: `pbp discord register` sends pbp's commands to a Discord application.
    #[cfg(feature = "serve")]
    Discord(discord_cmd::DiscordArgs),
    #[command(flatten)]
    Game(game_cmd::GameCommand),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Roll(args) => dice_cmd::roll(&args).map_err(failure::Failure::from),
        Command::Odds(args) => dice_cmd::odds(&args).map_err(failure::Failure::from),
        Command::CheckArmy(args) => army_cmd::check_army(&args).map_err(failure::Failure::from),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve_cmd::serve(&args).map_err(failure::Failure::from),
        #[cfg(feature = "serve")]
        Command::Discord(args) => discord_cmd::run(&args).map_err(failure::Failure::from),
        #[cfg(not(feature = "serve"))]
        Command::Serve { .. } => Err(failure::Failure::from(
            "this pbp was built without `pbp serve` (its `serve` feature): install it with \
             `cargo install pbp-cli` (default features) to host tables"
                .to_string(),
        )),
        Command::Game(command) => game_cmd::run(command),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("pbp: {}", failure.message);
            failure.exit_code()
        }
    }
}
