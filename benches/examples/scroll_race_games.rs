//! Whole Scroll Race games of the standard setup, played one after the other on one thread with
//! `simulate` (seeded dice, game `i` seeded by its index), printing the summary: the same
//! arguments give the same summary for as long as the games are played the same way, so two
//! builds can be compared, and the run is small enough to profile under valgrind's callgrind.
//!
//! Run: `cargo run --release -p pbp-benches --example scroll_race_games [random|heuristic]
//! [games] [seed]` (default: random, 20 games, seed 1).
#![forbid(unsafe_code)]

use pbp_core::engine::testing::{Bot, simulate};
use pbp_scroll_race::{ScrollRace, ScrollRaceConfig};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bot = match args.get(1).map(String::as_str) {
        None | Some("random") => Bot::Random,
        Some("heuristic") => Bot::Heuristic,
        Some(other) => {
            eprintln!("unknown bot '{other}': random or heuristic");
            std::process::exit(2);
        }
    };
    let games: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20);
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let config = ScrollRaceConfig::default();
    match simulate::<ScrollRace>(&config, games, seed, bot, false, |_| {}) {
        Ok(summary) => println!("{summary:?}"),
        Err(e) => {
            eprintln!("a game failed: {e}");
            std::process::exit(1);
        }
    }
}
