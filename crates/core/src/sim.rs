//! Computer players and the simulator: the uniform random bot, the game's own heuristic bot, and
//! [`simulate`], which plays many games and reports wins per seat and per seat label. Always
//! built (the CLI's `pbp simulate` uses it); the random-play test harness is in
//! `testing` (feature `testing`).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use serde::Serialize;

use crate::dice::{Dice, SeededDice};
use crate::game::{Actor, Game, Seat, Turn};

/// The chance, in tenths, that the random bot lets the game master act while players can.
const GAME_MASTER_TENTHS: u32 = 1;

/// The random bot's move: uniformly among the players' legal actions, except that the game
/// master (who closes rounds, forces resolution, or ends a game early) acts with a chance of one
/// in ten while players can act, and always when only the game master can.
///
/// Returns `None` when the game is over or nobody has a legal action.
pub fn random_action<G: Game>(state: &G::State, dice: &mut dyn Dice) -> Option<(Actor, G::Action)> {
    // Each actor's list as the game gives it; the choice indexes the players' lists one after
    // another (or the game master's), so no action is moved before one is chosen.
    let mut players: Vec<(Actor, Vec<G::Action>)> = Vec::new();
    let mut game_master: Vec<G::Action> = Vec::new();
    for &actor in G::turn(state).actors() {
        let legal = G::legal_actions(state, actor);
        if actor == Actor::GameMaster {
            game_master.extend(legal);
        } else if !legal.is_empty() {
            players.push((actor, legal));
        }
    }
    let players_count: usize = players.iter().map(|(_, legal)| legal.len()).sum();
    let use_players = match (players_count == 0, game_master.is_empty()) {
        (true, true) => return None,
        (false, true) => true,
        (true, false) => false,
        (false, false) => dice.roll(10).ok()? > GAME_MASTER_TENTHS,
    };
    if !use_players {
        let pick = dice.roll(game_master.len() as u32).ok()? as usize - 1;
        return Some((Actor::GameMaster, game_master.swap_remove(pick)));
    }
    let mut pick = dice.roll(players_count as u32).ok()? as usize - 1;
    for (actor, mut legal) in players {
        if pick < legal.len() {
            return Some((actor, legal.swap_remove(pick)));
        }
        pick -= legal.len();
    }
    None
}

/// Which computer player a simulation uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Bot {
    /// Uniformly random legal actions ([`random_action`]).
    #[default]
    Random,
    /// The game's own heuristic ([`Game::heuristic_action`]) for the seats, falling back to a
    /// random legal action where the game has none.
    Heuristic,
}

/// The order in which [`Bot::Heuristic`] asks the actors for the game's heuristic action: the
/// seats that may act, from one chosen uniformly (one roll of `dice` when there are any), then
/// the game master if it may act.
fn heuristic_order<G: Game>(state: &G::State, dice: &mut dyn Dice) -> Option<Vec<Actor>> {
    let turn = G::turn(state);
    let actors = turn.actors();
    let mut order: Vec<Actor> = actors
        .iter()
        .copied()
        .filter(|a| *a != Actor::GameMaster)
        .collect();
    if !order.is_empty() {
        let first = dice.roll(order.len() as u32).ok()? as usize - 1;
        order.rotate_left(first);
    }
    if actors.contains(&Actor::GameMaster) {
        order.push(Actor::GameMaster);
    }
    Some(order)
}

/// The bot's move. With [`Bot::Heuristic`], the seats that may act are asked in turn (from one
/// chosen uniformly) for the game's heuristic action, and the first that has one which applies
/// plays it; when no seat has one, the game master's heuristic is asked (closing the round, say).
/// Otherwise, and always with [`Bot::Random`], it is [`random_action`].
///
/// `state` is not changed: whether a heuristic action applies is tried on a copy. A caller that
/// plays the move at once should use [`play_bot_move`], which tries it on the state itself and
/// so spares the copy and the second `apply`; both choose the same moves from the same dice.
pub fn bot_action<G: Game>(
    state: &G::State,
    bot: Bot,
    dice: &mut dyn Dice,
) -> Option<(Actor, G::Action)> {
    if bot == Bot::Heuristic {
        for actor in heuristic_order::<G>(state, dice)? {
            if let Ok(Some(action)) = G::heuristic_action(state, actor, dice) {
                let mut probe = state.clone();
                let mut probe_dice = SeededDice::new(0);
                if G::apply(&mut probe, actor, &action, &mut probe_dice).is_ok() {
                    return Some((actor, action));
                }
            }
        }
    }
    random_action::<G>(state, dice)
}

/// A move that [`play_bot_move`] played.
#[derive(Clone, Debug, PartialEq)]
pub struct BotMove<G: Game> {
    /// Who acted.
    pub actor: Actor,
    /// What they did.
    pub action: G::Action,
    /// What `apply` reported.
    pub events: Vec<crate::game::Visible<G::Event>>,
}

/// A legal action that [`play_bot_move`] chose at random and the game refused.
#[derive(Clone, Debug, PartialEq)]
pub struct RefusedBotMove<G: Game> {
    /// Who was to act.
    pub actor: Actor,
    /// The action the game listed as legal.
    pub action: G::Action,
    /// Why `apply` refused it.
    pub error: G::Error,
}

/// Chooses the bot's move as [`bot_action`] does and plays it on `state` with `dice`.
///
/// A heuristic action is tried on `state` itself: a refused one leaves `state` exactly as it was
/// (the contract of [`Game::apply`]) and `dice` is put back where it was before the try, so the
/// next actor is asked with the same dice as [`bot_action`] would ask it. Only then does the bot
/// fall back to [`random_action`]. The moves, the dice drawn and the resulting states are those of
/// [`bot_action`] followed by `apply`, without copying the state to probe the move.
///
/// Returns `Ok(None)` when nobody can act.
///
/// # Errors
/// A random legal action that `apply` refused (the game's legal list and `apply` disagree);
/// `state` is then as it was.
pub fn play_bot_move<G: Game>(
    state: &mut G::State,
    bot: Bot,
    dice: &mut SeededDice,
) -> Result<Option<BotMove<G>>, RefusedBotMove<G>> {
    if bot == Bot::Heuristic {
        let Some(order) = heuristic_order::<G>(state, dice) else {
            return Ok(None);
        };
        for actor in order {
            if let Ok(Some(action)) = G::heuristic_action(state, actor, dice) {
                let before = dice.clone();
                match G::apply(state, actor, &action, dice) {
                    Ok(events) => {
                        return Ok(Some(BotMove {
                            actor,
                            action,
                            events,
                        }));
                    }
                    Err(_) => *dice = before,
                }
            }
        }
    }
    let Some((actor, action)) = random_action::<G>(state, dice) else {
        return Ok(None);
    };
    let events = match G::apply(state, actor, &action, dice) {
        Ok(events) => events,
        Err(error) => {
            return Err(RefusedBotMove {
                actor,
                action,
                error,
            });
        }
    };
    Ok(Some(BotMove {
        actor,
        action,
        events,
    }))
}

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
struct GameResult {
    /// Actions taken.
    actions: u64,
    /// How it ended, if it ended within the bound.
    over: Option<GameOver>,
}

/// The end of one game: who won, and the label and position of every ranked seat.
#[derive(Clone, Debug, PartialEq, Eq)]
struct GameOver {
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
struct Merger {
    /// The games `0..next` are in `summary` (or the first failure is in `failed`).
    next: u64,
    /// Games finished out of order, waiting for the ones before them.
    pending: std::collections::BTreeMap<u64, Result<GameResult, String>>,
    summary: SimulationSummary,
    /// The failure of the lowest-numbered game that failed: games after it are not counted.
    failed: Option<String>,
}

impl Merger {
    fn add(&mut self, game: u64, result: Result<GameResult, String>) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duel::{Duel, DuelConfig};
    use std::sync::atomic::AtomicU64;

    fn on_threads(threads: usize, games: u64, seed: u64, bot: Bot) -> SimulationSummary {
        let control = Control {
            threads,
            ..Control::default()
        };
        simulate_with::<Duel>(&DuelConfig::default(), games, seed, bot, false, &control).unwrap()
    }

    #[test]
    fn the_summary_is_the_same_on_any_number_of_threads() {
        for bot in [Bot::Random, Bot::Heuristic] {
            let one =
                simulate::<Duel>(&DuelConfig::default(), 300, 11, bot, false, |_| {}).unwrap();
            assert_eq!(one.games, 300);
            for threads in [1, 2, 3, 8] {
                assert_eq!(on_threads(threads, 300, 11, bot), one, "{threads} threads");
            }
        }
    }

    #[test]
    fn progress_is_called_once_per_game() {
        let calls = AtomicU64::new(0);
        let progress = || {
            calls.fetch_add(1, Ordering::Relaxed);
        };
        let control = Control {
            threads: 3,
            stop: None,
            progress: &progress,
        };
        let summary =
            simulate_with::<Duel>(&DuelConfig::default(), 257, 4, Bot::Random, false, &control)
                .unwrap();
        assert_eq!(summary.games, 257);
        assert_eq!(calls.into_inner(), 257);
    }

    #[test]
    fn a_stopped_run_counts_every_game_started() {
        for threads in [1, 2, 4] {
            let stop = AtomicBool::new(false);
            let done = AtomicU64::new(0);
            // Stop once 100 games have finished, from inside the run as a signal handler would.
            let progress = || {
                if done.fetch_add(1, Ordering::Relaxed) + 1 == 100 {
                    stop.store(true, Ordering::Relaxed);
                }
            };
            let control = Control {
                threads,
                stop: Some(&stop),
                progress: &progress,
            };
            let summary = simulate_with::<Duel>(
                &DuelConfig::default(),
                100_000,
                8,
                Bot::Random,
                false,
                &control,
            )
            .unwrap();
            // The games in play when the flag was set finish too; a thread that had just
            // checked the flag may start one more.
            assert!(
                (100..=100 + 2 * threads as u64).contains(&summary.games),
                "{threads} threads: {} games",
                summary.games
            );
            let prefix = simulate::<Duel>(
                &DuelConfig::default(),
                summary.games,
                8,
                Bot::Random,
                false,
                |_| {},
            )
            .unwrap();
            assert_eq!(summary, prefix, "{threads} threads");
        }
    }

    #[test]
    fn a_run_stopped_before_it_starts_counts_nothing() {
        let stop = AtomicBool::new(true);
        let control = Control {
            threads: 2,
            stop: Some(&stop),
            progress: &|| {},
        };
        let summary =
            simulate_with::<Duel>(&DuelConfig::default(), 50, 1, Bot::Random, false, &control)
                .unwrap();
        assert_eq!(summary.games, 0);
    }

    fn result(actions: u64) -> GameResult {
        GameResult {
            actions,
            over: None,
        }
    }

    #[test]
    fn games_finished_out_of_order_are_merged_in_order_up_to_the_first_failure() {
        let mut merger = Merger {
            next: 0,
            pending: std::collections::BTreeMap::new(),
            summary: SimulationSummary::default(),
            failed: None,
        };
        merger.add(1, Ok(result(5)));
        assert_eq!(merger.summary.games, 0, "game 1 waits for game 0");
        merger.add(4, Err("game 4 failed".into()));
        merger.add(0, Ok(result(3)));
        assert_eq!(merger.summary.games, 2);
        merger.add(3, Err("game 3 failed".into()));
        merger.add(5, Ok(result(1)));
        assert_eq!(merger.failed, None, "game 2 is still in play");
        merger.add(2, Ok(result(7)));
        assert_eq!(merger.failed.as_deref(), Some("game 3 failed"));
        assert_eq!(merger.summary.games, 3);
        assert_eq!(merger.summary.actions, 15);
        assert_eq!(merger.summary.longest, 7);
    }
}
