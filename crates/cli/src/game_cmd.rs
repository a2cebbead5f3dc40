//! The generic game commands: games, new, legal, act, show, log, undo, replay, simulate.

use clap::Subcommand;

/// The game commands.
#[derive(Debug, Subcommand)]
pub enum GameCommand {
    /// List the games pbp can run.
    Games,
}

/// Runs a game command.
pub fn run(command: GameCommand) -> Result<(), String> {
    match command {
        GameCommand::Games => {
            println!("duel");
            Ok(())
        }
    }
}
