//! `pbp simulate`: plays many games of one game with a bot on every seat, shows a progress bar
//! on a terminal, stops cleanly on Ctrl-C, and reports the outcomes as text or JSON.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use pbp_core::engine::Seat;
use pbp_core::engine::sim::{Bot, Control, SimulationSummary};
use pbp_core::engine::words::counted;
use pbp_frontend::TableError;
use pbp_frontend::catalog::Games;
use serde_json::json;
use signal_hook::consts::SIGINT;

use super::to_text;
use crate::failure::Failure;
use crate::store::{emit, read_text};

/// `--bot` of `pbp simulate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BotArg {
    /// Uniformly random legal actions (the game master only moving the game on).
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

/// Who plays the simulated games: the bot, whether the seats rotate across games, and on how
/// many threads (0: one per core).
#[derive(Clone, Copy, Debug)]
pub(super) struct Players {
    pub(super) bot: Bot,
    pub(super) rotate_seats: bool,
    pub(super) threads: usize,
}

pub(super) fn simulate(
    games: &Games,
    game: &str,
    count: u64,
    seed: u64,
    config: Option<&Path>,
    players: Players,
    json: bool,
) -> Result<(), Failure> {
    let Players {
        bot,
        rotate_seats,
        threads,
    } = players;
    let game = games.game(game).map_err(TableError::from)?;
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
    let stop = interrupt_flag()?;
    let progress = || bar.inc(1);
    let control = Control {
        threads,
        stop: Some(&stop),
        progress: &progress,
    };
    let result = game.simulate(config.as_deref(), count, seed, bot, rotate_seats, &control);
    bar.finish_and_clear();
    let summary = result.map_err(TableError::from)?;
    let interrupted = summary.games < count;
    let report = simulation_report(game.name(), seed, bot, &summary, json)?;
    emit(&report)?;
    if interrupted {
        return Err(Failure::from(format!(
            "interrupted: the summary covers the first {} of the {count} games asked for (as --games {} would)",
            summary.games, summary.games
        )));
    }
    Ok(())
}

/// A flag that Ctrl-C (SIGINT) sets; a second Ctrl-C ends pbp at once, with status 130.
fn interrupt_flag() -> Result<Arc<AtomicBool>, Failure> {
    let stop = Arc::new(AtomicBool::new(false));
    let install = |stop: &Arc<AtomicBool>| -> std::io::Result<()> {
        // Registered first, so that it sees the flag before the second handler sets it.
        signal_hook::flag::register_conditional_shutdown(SIGINT, 130, Arc::clone(stop))?;
        signal_hook::flag::register(SIGINT, Arc::clone(stop))?;
        Ok(())
    };
    install(&stop).map_err(|e| Failure::from(format!("cannot catch Ctrl-C: {e}")))?;
    Ok(stop)
}

/// The text (or JSON) summary of a simulation.
fn simulation_report(
    name: &str,
    seed: u64,
    bot: Bot,
    summary: &SimulationSummary,
    json: bool,
) -> Result<String, Failure> {
    if json {
        let average = (summary.games > 0).then(|| summary.actions as f64 / summary.games as f64);
        return to_text(&json!({
            "game": name,
            "seed": seed,
            "bot": format!("{bot:?}").to_lowercase(),
            "summary": summary,
            "average_actions": average,
        }));
    }
    let mut out = format!(
        "{}: {} from seed {seed}, {} finished{}\n",
        name,
        counted(summary.games, "game", "games"),
        summary.finished,
        if summary.rotated {
            ", seats rotated"
        } else {
            ""
        }
    );
    let percent = |n: u64| {
        if summary.games == 0 {
            0.0
        } else {
            100.0 * n as f64 / summary.games as f64
        }
    };
    for (seat, wins) in &summary.wins {
        let player = seat.player_name();
        let _ = writeln!(out, "{player} won {wins} ({:.1}%)", percent(*wins));
    }
    // A game without labels of its own labels its seats `Player N` (`Game::seat_label`):
    // the lines above already say all.
    let labelled = summary
        .by_label
        .keys()
        .any(|label| Seat::from_player_name(label).is_none());
    if labelled {
        for (label, record) in &summary.by_label {
            let _ = writeln!(
                out,
                "{label}: won {} of {} ({:.1}%)",
                record.won,
                record.played,
                record.win_percent()
            );
        }
    }
    if !summary.by_position.is_empty() {
        for (position, record) in &summary.by_position {
            let _ = writeln!(
                out,
                "starting at {position}: won {} of {} ({:.1}%)",
                record.won,
                record.played,
                record.win_percent()
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
    Ok(out)
}
