//! The random-play harness, a uniform random bot and a simulator (feature `testing`).
//!
//! [`random_play`] is the test every game runs (in the spirit of OpenSpiel's random simulation
//! test). At every step it checks that:
//! - every legal action of every actor who may act applies (tried on a copy);
//! - an illegal action (an action of an actor who may not act, or one no longer legal) is refused
//!   with the state unchanged;
//! - the state survives a serde round trip;
//! - no viewer's view, nor any event it may see, contains one of the game's [`Game::secrets`] for
//!   that viewer;
//! - the game ends within [`Game::max_actions`];
//!
//! and at the end that the record replays to the same state, with and without the seed.

use serde::Serialize;

use crate::dice::{Dice, SeededDice};
use crate::game::{Actor, Game, Outcome, Seat, Turn, Viewer};
use crate::record::{DiceChoice, Session};

/// What went wrong in a random-play game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HarnessFailure {
    /// The step (0 is the setup).
    pub step: usize,
    /// What was wrong.
    pub message: String,
}

impl std::fmt::Display for HarnessFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "step {}: {}", self.step, self.message)
    }
}

/// The summary of one random-play game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayReport {
    /// Actions applied.
    pub actions: usize,
    /// The outcome, if the game ended (it must, within the bound).
    pub outcome: Outcome,
}

/// Options for [`random_play`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayOptions {
    /// Try every legal action on a copy at every step (slow for games with many actions).
    pub try_every_action: bool,
    /// Check views and events against [`Game::secrets`] at every step.
    pub check_secrets: bool,
    /// Serde round trip of the state at every step.
    pub round_trip: bool,
}

impl Default for PlayOptions {
    fn default() -> Self {
        PlayOptions {
            try_every_action: true,
            check_secrets: true,
            round_trip: true,
        }
    }
}

fn fail<T>(step: usize, message: impl Into<String>) -> Result<T, HarnessFailure> {
    Err(HarnessFailure {
        step,
        message: message.into(),
    })
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("<unserializable: {e}>"))
}

/// The viewers of a game: the public, the game master and every seat seen acting or listed.
fn viewers(seats: &[Seat]) -> Vec<Viewer> {
    let mut all = vec![Viewer::Public, Viewer::GameMaster];
    all.extend(seats.iter().map(|&s| Viewer::Seat(s)));
    all
}

/// Plays one game with the uniform random bot, checking the contract at every step.
///
/// `seats` lists the seats whose views are checked for secrets.
///
/// # Errors
/// The first broken invariant, with its step.
pub fn random_play<G: Game>(
    config: &G::Config,
    seed: u64,
    seats: &[Seat],
    options: PlayOptions,
) -> Result<PlayReport, HarnessFailure> {
    let mut session = Session::<G>::new(config.clone(), seed, DiceChoice::Seeded)
        .or_else(|e| fail(0, format!("setup failed: {e}")))?;
    let mut bot = SeededDice::new(seed ^ 0x05EE_DB07);
    let bound = G::max_actions(config);
    let mut stale: Option<(Actor, G::Action)> = None;
    loop {
        let step = session.record().entries.len();
        let state = session.state().clone();
        if options.round_trip {
            let text = json(&state);
            match serde_json::from_str::<G::State>(&text) {
                Ok(back) if back == state => {}
                Ok(_) => return fail(step, "state changed in a serde round trip"),
                Err(e) => return fail(step, format!("state does not deserialize: {e}")),
            }
        }
        if options.check_secrets {
            check_secrets::<G>(&session, step, seats)?;
        }
        let turn = G::turn(&state);
        let actors = match &turn {
            Turn::Over(_) => break,
            Turn::Acting(actors) => actors.clone(),
        };
        if step as u64 >= bound {
            return fail(step, format!("the game did not end within {bound} actions"));
        }
        // Actors who may not act must be refused.
        for &seat in seats {
            let actor = Actor::Seat(seat);
            if actors.contains(&actor) {
                continue;
            }
            if !G::legal_actions(&state, actor).is_empty() {
                return fail(
                    step,
                    format!("seat {seat} has legal actions but may not act"),
                );
            }
            if let Some((_, action)) = &stale {
                try_illegal::<G>(&state, actor, action, step)?;
            }
        }
        if let Some((actor, action)) = &stale
            && !G::legal_actions(&state, *actor).contains(action)
        {
            try_illegal::<G>(&state, *actor, action, step)?;
        }
        let mut choices = Vec::new();
        for &actor in &actors {
            for action in G::legal_actions(&state, actor) {
                choices.push((actor, action));
            }
        }
        if choices.is_empty() {
            return fail(step, "the game is not over but no actor has a legal action");
        }
        if options.try_every_action {
            for (index, (actor, action)) in choices.iter().enumerate() {
                let mut copy = state.clone();
                let mut dice = SeededDice::new(seed.wrapping_add(index as u64));
                if let Err(e) = G::apply(&mut copy, *actor, action, &mut dice) {
                    return fail(
                        step,
                        format!("legal action {action:?} of {actor:?} was refused: {e}"),
                    );
                }
            }
        }
        let pick = bot.roll(choices.len() as u32).unwrap_or(1) as usize - 1;
        let (actor, action) = choices.swap_remove(pick);
        if let Err(e) = session.act(actor, action.clone(), DiceChoice::Seeded) {
            return fail(
                step,
                format!("legal action {action:?} of {actor:?} was refused: {e}"),
            );
        }
        stale = Some((actor, action));
    }
    let final_state = session.state().clone();
    for check_seed in [false, true] {
        match Session::<G>::replay(session.record().clone(), check_seed) {
            Ok(replayed) if *replayed.state() == final_state => {}
            Ok(_) => {
                return fail(
                    session.record().entries.len(),
                    "the record replays to another state",
                );
            }
            Err(e) => {
                return fail(
                    session.record().entries.len(),
                    format!("the record does not replay: {e}"),
                );
            }
        }
    }
    let outcome = G::turn(&final_state).outcome().cloned().unwrap_or_default();
    Ok(PlayReport {
        actions: session.record().entries.len(),
        outcome,
    })
}

fn try_illegal<G: Game>(
    state: &G::State,
    actor: Actor,
    action: &G::Action,
    step: usize,
) -> Result<(), HarnessFailure> {
    let mut copy = state.clone();
    let mut dice = SeededDice::new(step as u64);
    if G::apply(&mut copy, actor, action, &mut dice).is_ok() {
        return fail(
            step,
            format!("illegal action {action:?} of {actor:?} was accepted"),
        );
    }
    if copy != *state {
        return fail(
            step,
            format!("refused action {action:?} of {actor:?} changed the state"),
        );
    }
    Ok(())
}

fn check_secrets<G: Game>(
    session: &Session<G>,
    step: usize,
    seats: &[Seat],
) -> Result<(), HarnessFailure> {
    let state = session.state();
    for viewer in viewers(seats) {
        let secrets = G::secrets(state, viewer);
        if secrets.is_empty() {
            continue;
        }
        let view = json(&G::view(state, viewer));
        let events: Vec<String> = session
            .log_for(viewer)
            .filter(|e| e.step == step)
            .map(|e| json(&e.visible.event))
            .collect();
        for secret in &secrets {
            if view.contains(secret.as_str()) {
                return fail(step, format!("{viewer:?}'s view reveals {secret}"));
            }
            if events.iter().any(|e| e.contains(secret.as_str())) {
                return fail(step, format!("an event {viewer:?} sees reveals {secret}"));
            }
        }
    }
    Ok(())
}

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
            if let Some(action) = G::heuristic_action(state, actor, dice) {
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
