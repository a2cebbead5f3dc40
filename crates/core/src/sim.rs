//! Computer players and the simulator: the uniform random bot, the game's own heuristic bot, and
//! [`simulate`], which plays many games and reports wins per seat and per seat label. Always
//! built (the CLI's `pbp simulate` uses it); the random-play test harness is in
//! `testing` (feature `testing`).

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
    let mut players = Vec::new();
    let mut game_master = Vec::new();
    for &actor in G::turn(state).actors() {
        let into = if actor == Actor::GameMaster {
            &mut game_master
        } else {
            &mut players
        };
        for action in G::legal_actions(state, actor) {
            into.push((actor, action));
        }
    }
    let mut choices = match (players.is_empty(), game_master.is_empty()) {
        (true, true) => return None,
        (false, true) => players,
        (true, false) => game_master,
        (false, false) => {
            if dice.roll(10).ok()? <= GAME_MASTER_TENTHS {
                game_master
            } else {
                players
            }
        }
    };
    let pick = dice.roll(choices.len() as u32).ok()? as usize - 1;
    Some(choices.swap_remove(pick))
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

/// The bot's move. With [`Bot::Heuristic`], the seats that may act are asked in turn (from one
/// chosen uniformly) for the game's heuristic action, and the first that has one which applies
/// plays it; when no seat has one, the game master's heuristic is asked (closing the round, say).
/// Otherwise, and always with [`Bot::Random`], it is [`random_action`].
pub fn bot_action<G: Game>(
    state: &G::State,
    bot: Bot,
    dice: &mut dyn Dice,
) -> Option<(Actor, G::Action)> {
    if bot == Bot::Heuristic {
        let actors = G::turn(state).actors().to_vec();
        let mut seats: Vec<Actor> = actors
            .iter()
            .copied()
            .filter(|a| *a != Actor::GameMaster)
            .collect();
        if !seats.is_empty() {
            let first = dice.roll(seats.len() as u32).ok()? as usize - 1;
            seats.rotate_left(first);
        }
        if actors.contains(&Actor::GameMaster) {
            seats.push(Actor::GameMaster);
        }
        for actor in seats {
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

/// Games played and won by the seats sharing one [`Game::seat_label`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct LabelRecord {
    /// Seat-games played under this label (a label held by two seats in one game counts twice).
    pub played: u64,
    /// Of those, the ones won.
    pub won: u64,
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

/// Plays `games` games with `bot` at every seat, game `i` seeded with `step_seed(seed, i)`,
/// calling `progress` after each. With `rotate_seats`, game `i` is played with
/// [`rotated_config`]`(config, i)`, and the summary's wins by seat, by label (faction) and by
/// position tell the three effects apart.
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
            let Some((actor, action)) = bot_action::<G>(&state, bot, &mut dice) else {
                break;
            };
            G::apply(&mut state, actor, &action, &mut dice)
                .map_err(|e| format!("game {game}: legal action {action:?} refused: {e}"))?;
            actions += 1;
        }
        summary.games += 1;
        summary.actions += actions;
        summary.longest = summary.longest.max(actions);
        if let Turn::Over(outcome) = G::turn(&state) {
            summary.finished += 1;
            if outcome.winners.is_empty() {
                summary.draws += 1;
            }
            let mut seats: Vec<Seat> = outcome.ranking.iter().flatten().copied().collect();
            seats.extend(outcome.scores.keys().copied());
            seats.extend(outcome.winners.iter().copied());
            seats.sort_unstable();
            seats.dedup();
            for seat in seats {
                let record = summary
                    .by_label
                    .entry(G::seat_label(&state, seat))
                    .or_default();
                record.played += 1;
                let won = outcome.winners.contains(&seat);
                if won {
                    record.won += 1;
                }
                if let Some(position) = positions.get(usize::from(seat.0)) {
                    let record = summary.by_position.entry(position.clone()).or_default();
                    record.played += 1;
                    if won {
                        record.won += 1;
                    }
                }
            }
            for seat in outcome.winners {
                *summary.wins.entry(seat).or_default() += 1;
            }
        }
        progress(game + 1);
    }
    Ok(summary)
}
