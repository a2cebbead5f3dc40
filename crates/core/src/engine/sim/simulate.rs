//! The simulator: many games played by bots, on one thread or several (feature `parallel`),
//! merged in game order into a summary of wins per seat, per seat label and per starting
//! position.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use serde::Serialize;

use super::{Bot, play_bot_move};
use crate::dice::SeededDice;
use crate::game::{Game, Seat, Turn};

/// Games played and won by the seats sharing one [`Game::seat_label`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct LabelRecord {
    /// Seat-games played under this label (a label held by two seats in one game counts twice).
    pub played: u64,
    /// Of those, the ones won.
    pub won: u64,
}

impl LabelRecord {
    /// The share of the seat-games played that were won, in percent (0 when none were played).
    pub fn win_percent(&self) -> f64 {
        if self.played == 0 {
            0.0
        } else {
            100.0 * self.won as f64 / self.played as f64
        }
    }
}

/// Outcome statistics of many games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SimulationSummary {
    /// Games played.
    pub games: u64,
    /// Games that ended within the bound.
    pub finished: u64,
    /// For each seat, the games it won (alone or shared).
    pub wins: std::collections::BTreeMap<Seat, u64>,
    /// Games with no winner.
    pub draws: u64,
    /// Total actions over all games.
    pub actions: u64,
    /// The longest game, in actions.
    pub longest: u64,
    /// Wins by seat label (clan, faction, colour) over the finished games.
    pub by_label: std::collections::BTreeMap<String, LabelRecord>,
    /// Wins by starting position ([`Game::seat_positions`]) over the finished games; empty for
    /// games that name no positions.
    pub by_position: std::collections::BTreeMap<String, LabelRecord>,
    /// Whether the seats were rotated across games (see [`simulate`]).
    pub rotated: bool,
}

/// The config of game `game` when seats are rotated: with `n` seats, the positions shift by
/// `game % n` and the factions by `(game / n) % n`, so that every `n * n` games each seat plays
/// each faction from each position equally often, and each faction each position.
///
/// # Errors
/// A game that names no positions or cannot rearrange its seats.
pub fn rotated_config<G: Game>(config: &G::Config, game: u64) -> Result<G::Config, String> {
    let n = G::seat_positions(config).len() as u64;
    let refused = || format!("{} cannot rotate its seats", G::NAME);
    if n == 0 {
        return Err(refused());
    }
    let position = (game % n) as usize;
    let faction = ((game / n) % n) as usize;
    G::rotate_seats(config, faction, position).ok_or_else(refused)
}

/// One finished game, as [`SimulationSummary::record`] counts it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct GameResult {
    /// Actions taken.
    pub(super) actions: u64,
    /// How it ended, if it ended within the bound.
    pub(super) over: Option<GameOver>,
}

/// The end of one game: who won, and the label and position of every ranked seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct GameOver {
    /// The winners.
    winners: Vec<Seat>,
    /// Every seat that was ranked, scored or won: its label, its position, whether it won.
    seats: Vec<(String, Option<String>, bool)>,
}

impl SimulationSummary {
    /// Adds one game's result. Only counts, sums and maxima change, so the order in which
    /// games are recorded does not change the summary.
    fn record(&mut self, game: GameResult) {
        self.games += 1;
        self.actions += game.actions;
        self.longest = self.longest.max(game.actions);
        let Some(over) = game.over else {
            return;
        };
        self.finished += 1;
        if over.winners.is_empty() {
            self.draws += 1;
        }
        for (label, position, won) in over.seats {
            let record = self.by_label.entry(label).or_default();
            record.played += 1;
            record.won += u64::from(won);
            if let Some(position) = position {
                let record = self.by_position.entry(position).or_default();
                record.played += 1;
                record.won += u64::from(won);
            }
        }
        for seat in over.winners {
            *self.wins.entry(seat).or_default() += 1;
        }
    }
}

/// Plays game number `game` of a simulation: seeded with `step_seed(seed, game)`, with the
/// rotated config if `rotate_seats`.
fn play_one<G: Game>(
    config: &G::Config,
    seed: u64,
    game: u64,
    bot: Bot,
    rotate_seats: bool,
) -> Result<GameResult, String> {
    let game_seed = crate::record::step_seed(seed, game);
    let mut dice = SeededDice::new(game_seed);
    let rotated = if rotate_seats {
        Some(rotated_config::<G>(config, game)?)
    } else {
        None
    };
    let config = rotated.as_ref().unwrap_or(config);
    let positions = G::seat_positions(config);
    let mut state =
        G::setup(config, &mut dice).map_err(|e| format!("game {game}: setup failed: {e}"))?;
    let bound = G::max_actions(config);
    let mut actions = 0_u64;
    while actions < bound {
        match play_bot_move::<G>(&mut state, bot, &mut dice) {
            Ok(Some(_)) => actions += 1,
            Ok(None) => break,
            Err(refused) => {
                let action = G::format_action(&state, &refused.action);
                return Err(format!(
                    "game {game}: the legal action `{action}` was refused: {}",
                    refused.error
                ));
            }
        }
    }
    let over = match G::turn(&state) {
        Turn::Over(outcome) => {
            let mut seats: Vec<Seat> = outcome.ranking.iter().flatten().copied().collect();
            seats.extend(outcome.scores.keys().copied());
            seats.extend(outcome.winners.iter().copied());
            seats.sort_unstable();
            seats.dedup();
            let seats = seats
                .into_iter()
                .map(|seat| {
                    (
                        G::seat_label(&state, seat),
                        positions.get(usize::from(seat.0)).cloned(),
                        outcome.winners.contains(&seat),
                    )
                })
                .collect();
            Some(GameOver {
                winners: outcome.winners,
                seats,
            })
        }
        Turn::Acting(_) => None,
    };
    Ok(GameResult { actions, over })
}

/// Plays `games` games with `bot` at every seat, game `i` seeded with `step_seed(seed, i)`,
/// calling `progress` after each. With `rotate_seats`, game `i` is played with
/// [`rotated_config`]`(config, i)`, and the summary's wins by seat, by label (faction) and by
/// position tell the three effects apart. On one thread; [`simulate_with`] can use more.
///
/// # Errors
/// A setup that fails, or a legal action that is refused, with the game's index; a game that
/// cannot rotate its seats, with `rotate_seats`.
pub fn simulate<G: Game>(
    config: &G::Config,
    games: u64,
    seed: u64,
    bot: Bot,
    rotate_seats: bool,
    mut progress: impl FnMut(u64),
) -> Result<SimulationSummary, String> {
    let mut summary = SimulationSummary {
        rotated: rotate_seats,
        ..SimulationSummary::default()
    };
    if rotate_seats {
        rotated_config::<G>(config, 0)?;
    }
    for game in 0..games {
        summary.record(play_one::<G>(config, seed, game, bot, rotate_seats)?);
        progress(game + 1);
    }
    Ok(summary)
}

/// How [`simulate_with`] runs: on how many threads, when to stop early, and what to call as
/// games finish.
#[derive(Clone, Copy)]
pub struct Control<'a> {
    /// Threads to play on; 0 for one per core. Without the `parallel` feature, games are
    /// played on the calling thread whatever this says.
    pub threads: usize,
    /// Set (from a Ctrl-C handler, say) to stop: no game starts after it is seen, the games in
    /// play finish, and the summary covers the games `0..k` that were started.
    pub stop: Option<&'a AtomicBool>,
    /// Called once after each game finishes, from the thread that played it.
    pub progress: &'a (dyn Fn() + Sync),
}

impl std::fmt::Debug for Control<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Control")
            .field("threads", &self.threads)
            .field("stop", &self.stop)
            .finish_non_exhaustive()
    }
}

impl Default for Control<'_> {
    /// One thread per core, never stopped, no progress reports.
    fn default() -> Self {
        Control {
            threads: 0,
            stop: None,
            progress: &|| {},
        }
    }
}

/// The games of a run that finished, merged in the order of their indices.
pub(super) struct Merger {
    /// The games `0..next` are in `summary` (or the first failure is in `failed`).
    pub(super) next: u64,
    /// Games finished out of order, waiting for the ones before them.
    pub(super) pending: std::collections::BTreeMap<u64, Result<GameResult, String>>,
    pub(super) summary: SimulationSummary,
    /// The failure of the lowest-numbered game that failed: games after it are not counted.
    pub(super) failed: Option<String>,
}

impl Merger {
    pub(super) fn add(&mut self, game: u64, result: Result<GameResult, String>) {
        self.pending.insert(game, result);
        while self.failed.is_none() {
            let Some(result) = self.pending.remove(&self.next) else {
                break;
            };
            match result {
                Ok(result) => self.summary.record(result),
                Err(e) => self.failed = Some(e),
            }
            self.next += 1;
        }
    }
}

/// [`simulate`] under `control`: on several threads (feature `parallel`, with rayon) and
/// stoppable. Game `i` is seeded by its index alone, and the summary counts the games `0..k`
/// in that order, so it is the same on any number of threads. `k` is `games`, unless
/// `control.stop` was set: threads take the next game by index as they become free, and once
/// the flag is set they start no other but finish the one they are playing, so `k` is the
/// number of games started, no finished game is lost, and the summary is that of `simulate`
/// with `k` games.
///
/// # Errors
/// Those of [`simulate`], for the lowest-numbered game that fails (the same on any number of
/// threads); a thread pool that cannot be built.
pub fn simulate_with<G: Game>(
    config: &G::Config,
    games: u64,
    seed: u64,
    bot: Bot,
    rotate_seats: bool,
    control: &Control<'_>,
) -> Result<SimulationSummary, String> {
    if rotate_seats {
        rotated_config::<G>(config, 0)?;
    }
    let merger = Mutex::new(Merger {
        next: 0,
        pending: std::collections::BTreeMap::new(),
        summary: SimulationSummary {
            rotated: rotate_seats,
            ..SimulationSummary::default()
        },
        failed: None,
    });
    // The next game to start, and the first that is not to be started (lowered to the index
    // of a game that failed: the games before it still finish, so the lowest failure wins).
    let next = AtomicU64::new(0);
    let limit = AtomicU64::new(games);
    let stopped = || {
        control
            .stop
            .is_some_and(|stop| stop.load(Ordering::Relaxed))
    };
    let worker = || {
        loop {
            if stopped() {
                return;
            }
            let game = next.fetch_add(1, Ordering::Relaxed);
            if game >= limit.load(Ordering::Relaxed) {
                return;
            }
            let result = match play_one::<G>(config, seed, game, bot, rotate_seats) {
                Ok(result) => Ok(result),
                Err(e) => {
                    limit.fetch_min(game, Ordering::Relaxed);
                    Err(e)
                }
            };
            let failed = result.is_err();
            if !failed {
                (control.progress)();
            }
            merger
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .add(game, result);
            if failed {
                return;
            }
        }
    };
    run_workers(control.threads, &worker)?;
    let merger = merger
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match merger.failed {
        Some(e) => Err(e),
        None => Ok(merger.summary),
    }
}

/// Runs `worker` on `threads` threads (0: one per core) of a new rayon pool, and returns when
/// every copy has returned.
#[cfg(feature = "parallel")]
fn run_workers(threads: usize, worker: &(dyn Fn() + Sync)) -> Result<(), String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    pool.broadcast(|_| worker());
    Ok(())
}

/// Runs `worker` once on the calling thread (built without the `parallel` feature).
#[cfg(not(feature = "parallel"))]
fn run_workers(_threads: usize, worker: &(dyn Fn() + Sync)) -> Result<(), String> {
    worker();
    Ok(())
}
