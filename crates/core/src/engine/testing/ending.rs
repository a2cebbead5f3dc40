//! A game played to its end by a bot, and its end checked: the test every game runs for every
//! table size it allows ("the random bot finishes every game").

use crate::dice::SeededDice;
use crate::engine::sim::{Bot, play_bot_move};
use crate::game::{Game, Outcome, Seat, Turn};

use super::{HarnessFailure, fail};

/// How a bot's game ended ([`play_to_the_end`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    /// Actions played.
    pub actions: u64,
    /// The outcome.
    pub outcome: Outcome,
    /// [`Game::returns`] at the end.
    pub returns: Vec<f64>,
}

/// Plays a game of `config` with `bot` as an embedder's bot plays it ([`play_bot_move`]: the
/// game master only moves the game on, and takes no ruling), its dice and the game's seeded
/// from `seed`, until it is over, and checks how it ended:
/// - it ends within [`Game::max_actions`], every move the bot chose applying;
/// - [`Game::returns`] is `None` until the end;
/// - the winners are distinct seats of the game and, when there are any, exactly the first
///   place of the ranking;
/// - the returns are one per seat, 0 for every seat that did not win, the same for every
///   winner (or, with no winner, for every seat), and add up to 1 ([`Outcome::returns`]).
///
/// What the reason must say for a game with or without a winner is the game's to check, from
/// the [`Ending`].
///
/// # Errors
/// The first of these that fails, with its step.
pub fn play_to_the_end<G: Game>(
    config: &G::Config,
    seed: u64,
    bot: Bot,
) -> Result<Ending, HarnessFailure> {
    let mut dice = SeededDice::new(seed);
    let mut state =
        G::setup(config, &mut dice).or_else(|e| fail(0, format!("setup failed: {e}")))?;
    let bound = G::max_actions(config);
    let mut actions = 0_u64;
    let outcome = loop {
        if let Turn::Over(outcome) = G::turn(&state) {
            break outcome;
        }
        let step = actions as usize;
        if G::returns(&state).is_some() {
            return fail(step, "the game goes on but has returns");
        }
        if actions >= bound {
            return fail(step, format!("the game did not end within {bound} actions"));
        }
        match play_bot_move::<G>(&mut state, bot, &mut dice) {
            Ok(Some(_)) => actions += 1,
            Ok(None) => return fail(step, "the game is not over but the bot has no move"),
            Err(refused) => {
                return fail(
                    step,
                    format!(
                        "the bot's {:?} of {:?} was refused: {}",
                        refused.action, refused.actor, refused.error
                    ),
                );
            }
        }
    };
    let step = actions as usize;
    let seats = G::seat_count(&state);
    let mut winners = outcome.winners.clone();
    winners.sort();
    winners.dedup();
    if winners.len() != outcome.winners.len() || winners.iter().any(|w| w.0 >= seats) {
        return fail(
            step,
            format!(
                "the winners {:?} are not distinct seats of {seats}",
                outcome.winners
            ),
        );
    }
    if !winners.is_empty() {
        let mut first: Vec<Seat> = outcome.ranking.first().cloned().unwrap_or_default();
        first.sort();
        if first != winners {
            return fail(
                step,
                format!(
                    "the winners {winners:?} are not the first place {:?}",
                    outcome.ranking.first()
                ),
            );
        }
    }
    let Some(returns) = G::returns(&state) else {
        return fail(step, "the game is over but has no returns");
    };
    check_returns(&returns, &winners, seats).or_else(|message| fail(step, message))?;
    Ok(Ending {
        actions,
        outcome,
        returns,
    })
}

/// The returns are one per seat, shared by the winners (by every seat when none won), 0
/// elsewhere, and add up to 1.
fn check_returns(returns: &[f64], winners: &[Seat], seats: u16) -> Result<(), String> {
    if returns.len() != usize::from(seats) {
        return Err(format!("{} returns for {seats} seats", returns.len()));
    }
    let sharing = if winners.is_empty() {
        usize::from(seats)
    } else {
        winners.len()
    };
    let share = 1.0 / sharing as f64;
    for (seat, &value) in returns.iter().enumerate() {
        let shares = winners.is_empty() || winners.contains(&Seat(seat as u16));
        let want = if shares { share } else { 0.0 };
        if value.to_bits() != want.to_bits() {
            return Err(format!(
                "seat {seat} returns {value}, expected {want}: {returns:?}"
            ));
        }
    }
    let total: f64 = returns.iter().sum();
    if (total - 1.0).abs() > 1e-9 {
        return Err(format!("the returns add up to {total}: {returns:?}"));
    }
    Ok(())
}
