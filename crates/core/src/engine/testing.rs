//! The random-play harness (feature `testing`). The bots and the simulator it uses are in
//! [`crate::engine::sim`], re-exported here.
//!
//! [`random_play`] is the test every game runs (in the spirit of OpenSpiel's random simulation
//! test). At every step it checks that:
//! - every legal action of every actor who may act applies (tried on a copy), and its text form
//!   reads back as the same action (the action played, at every step; every legal action, when
//!   every action is tried);
//! - an illegal action (an action of an actor who may not act, or one no longer legal) is refused
//!   with the state unchanged;
//! - the state survives a serde round trip ([`contract::round_trip`]);
//! - no viewer's view, nor any event it may see, contains one of the game's [`Game::secrets`] for
//!   that viewer;
//! - the game ends within [`Game::max_actions`];
//!
//! and at the end that the record replays to the same state, with and without the seed.
//!
//! [`contract`] holds the checks behind it, shared with every game's scripted tests
//! ([`try_act`]: text round trip, legal list against `apply`, dice fully used, state unchanged on
//! refusal, the refusal's [`Kind`]) and the fuzz targets, with the view, round-trip and
//! non-interference ("twins") checks; [`golden`] is the one convention for golden files
//! (regenerated with `PBP_BLESS=1`); [`scenario`] plays scenario files: games written as text,
//! with the numbers they must produce; [`rules_page`] checks that a game's rules page names only
//! tests and files that exist; [`secrecy`] is the secrecy property every game runs: twin positions
//! that differ in a secret give every outsider the same bytes on every surface.
//! [`play_to_the_end`] plays a game with a bot as an embedder would (no rulings) and checks its
//! end: within the bound, a winner or a draw, the returns.

pub mod contract;
mod ending;
pub mod golden;
pub mod rules_page;
pub mod scenario;
pub mod secrecy;

pub use contract::{
    Contract, Kind, Refusal, Rolls, Violation, act, checked_apply, probe_twins, refuse, round_trip,
    same_effects, same_to_outsiders, save_round_trip, seen_by, short_dice_leave_no_trace,
    text_round_trip, try_act, try_apply, try_apply_with, views_keep_secrets,
};

/// The two tests of a game's `tests/scenarios.rs` (a macro; see its docs).
#[doc(inline)]
pub use crate::__scenario_tests as scenario_tests;
/// The secrecy property's tests of a game (a macro; see its docs).
#[doc(inline)]
pub use crate::__secrecy_tests as secrecy_tests;
use crate::dice::{Dice, SeededDice};
pub use crate::engine::sim::{
    Bot, BotMove, BotOptions, LabelRecord, RefusedBotMove, SimulationSummary, bot_action,
    bot_action_with, play_bot_move, play_bot_move_with, random_action, random_action_with,
    rotated_config, simulate,
};
use crate::game::{Actor, Game, GameMasterRole, Outcome, Seat, Turn, Viewer, Visible};
use crate::record::{DiceChoice, Session};
pub use ending::{Ending, play_to_the_end};
pub use secrecy::{
    Output, Parts, Secrecy, SessionOutput, Show, Twin, TwinCase, TwinReport, check_twins,
    no_reveals,
};

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
    /// Try every legal action on a copy at every step (slow for games with many actions), and
    /// again with dice that run out part way, which must leave the state as it was
    /// ([`short_dice_leave_no_trace`]).
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
            contract::round_trip::<G>(&state).or_else(|v| fail(step, v.0))?;
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
        // Seats who may act have a legal action (a turn is not worked out apart from the list).
        for &actor in &actors {
            if matches!(actor, Actor::Seat(_)) && G::legal_actions(&state, actor).is_empty() {
                return fail(step, format!("{actor:?} may act but has no legal action"));
            }
        }
        check_stand_ins::<G>(&state, &actors, step)?;
        if G::COUNTS_LEGAL_ACTIONS {
            for &seat in seats {
                check_counted::<G>(&state, Actor::Seat(seat), step)?;
            }
            check_counted::<G>(&state, Actor::GameMaster, step)?;
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
                contract::text_round_trip::<G>(&state, *actor, action)
                    .or_else(|v| fail(step, v.0))?;
                let mut copy = state.clone();
                let mut dice = SeededDice::new(seed.wrapping_add(index as u64));
                if let Err(e) = G::apply(&mut copy, *actor, action, &mut dice) {
                    return fail(
                        step,
                        format!("legal action {action:?} of {actor:?} was refused: {e}"),
                    );
                }
                contract::short_dice_leave_no_trace::<G>(
                    &state,
                    *actor,
                    action,
                    seed.wrapping_add(index as u64),
                )
                .or_else(|v| fail(step, v.0))?;
            }
        }
        let pick = bot.roll(choices.len() as u32).unwrap_or(1) as usize - 1;
        let (actor, action) = choices.swap_remove(pick);
        contract::text_round_trip::<G>(&state, actor, &action).or_else(|v| fail(step, v.0))?;
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

/// The game master's listed stand-ins ([`GameMasterRole::StandIn`]) are for seats that may act
/// now: a frontend takes them for a seat that sent nothing, so one for a seat with nothing to
/// do would act out of turn.
fn check_stand_ins<G: Game>(
    state: &G::State,
    actors: &[Actor],
    step: usize,
) -> Result<(), HarnessFailure> {
    for action in G::legal_actions(state, Actor::GameMaster) {
        if let GameMasterRole::StandIn(seat) = G::game_master_role(state, &action)
            && !actors.contains(&Actor::Seat(seat))
        {
            return fail(
                step,
                format!("the game master's {action:?} stands in for seat {seat}, who may not act"),
            );
        }
    }
    Ok(())
}

/// For a game that counts its legal actions: the count is the list's length, and the action
/// built by its place is the list's at that place (the first, middle and last, and every one
/// on some steps), with nothing past the end.
fn check_counted<G: Game>(
    state: &G::State,
    actor: Actor,
    step: usize,
) -> Result<(), HarnessFailure> {
    let list = G::legal_actions(state, actor);
    let count = G::legal_action_count(state, actor);
    if count != list.len() {
        return fail(
            step,
            format!(
                "{actor:?} counts {count} legal actions but lists {}",
                list.len()
            ),
        );
    }
    let every = step.is_multiple_of(16);
    for (index, action) in list.iter().enumerate() {
        let probed = every || index == 0 || index == list.len() / 2 || index + 1 == list.len();
        if !probed {
            continue;
        }
        let built = G::legal_action_at(state, actor, index);
        if built.as_ref() != Some(action) {
            return fail(
                step,
                format!("{actor:?}'s legal action {index} is {action:?} but is built as {built:?}"),
            );
        }
    }
    if let Some(extra) = G::legal_action_at(state, actor, list.len()) {
        return fail(
            step,
            format!("{actor:?} builds {extra:?} past the end of its legal actions"),
        );
    }
    Ok(())
}

fn try_illegal<G: Game>(
    state: &G::State,
    actor: Actor,
    action: &G::Action,
    step: usize,
) -> Result<(), HarnessFailure> {
    let mut copy = state.clone();
    let mut dice = SeededDice::new(step as u64);
    match contract::checked_apply::<G>(&mut copy, actor, action, &mut dice) {
        Ok(Ok(_)) => fail(
            step,
            format!("illegal action {action:?} of {actor:?} was accepted"),
        ),
        Ok(Err(_)) => Ok(()),
        Err(v) => fail(step, v.0),
    }
}

fn check_secrets<G: Game>(
    session: &Session<G>,
    step: usize,
    seats: &[Seat],
) -> Result<(), HarnessFailure> {
    let events: Vec<Visible<G::Event>> = session
        .log()
        .iter()
        .filter(|e| e.step == step)
        .map(|e| e.visible.clone())
        .collect();
    contract::views_keep_secrets::<G>(session.state(), &viewers(seats), &events)
        .or_else(|v| fail(step, v.0))
}

/// The property "undo restores byte-identical saves": a game played with the uniform random bot,
/// its game master's rulings included ([`BotOptions::WITH_RULINGS`]), for at most `steps` steps (from a committed start, salt and all, as a frontend starts one);
/// at every step the save file is written, a random legal action is played, taken back, and the
/// save written again: the two saves must be the same bytes, and the state and the log the
/// same. The action is then played again and play goes on. Answers the steps checked.
///
/// # Errors
/// The first step whose undo changed the save (both saves' lengths and the first byte that
/// differs), the state or the log, or a save, act or undo that failed.
pub fn undo_restores_the_save<G: Game>(
    config: &G::Config,
    seed: u64,
    steps: u32,
) -> Result<usize, HarnessFailure> {
    let mut salt = [7u8; 32];
    salt[..8].copy_from_slice(&seed.to_le_bytes());
    let secret = crate::engine::Secret {
        seed,
        salt: crate::engine::Salt::from_bytes(salt),
    };
    let mut session = Session::<G>::new_committed(config.clone(), &secret, DiceChoice::Seeded)
        .or_else(|e| fail(0, format!("setup failed: {e}")))?;
    let mut bot = SeededDice::new(seed ^ 0x0_5AFE);
    let save = |session: &Session<G>, step: usize| {
        crate::engine::save::save_session(session).or_else(|e| fail(step, format!("no save: {e}")))
    };
    for step in 0..steps as usize {
        if matches!(G::turn(session.state()), Turn::Over(_)) {
            return Ok(step);
        }
        let Some((actor, action)) =
            random_action_with::<G>(session.state(), BotOptions::WITH_RULINGS, &mut bot)
        else {
            return Ok(step);
        };
        let before = save(&session, step)?;
        let (state, log) = (session.state().clone(), session.log().to_vec());
        session
            .act(actor, action.clone(), DiceChoice::Seeded)
            .or_else(|e| fail(step, format!("legal {action:?} of {actor:?} refused: {e}")))?;
        session
            .undo()
            .or_else(|e| fail(step, format!("undo of {action:?} failed: {e}")))?;
        let after = save(&session, step)?;
        if after != before {
            let at = before
                .bytes()
                .zip(after.bytes())
                .position(|(x, y)| x != y)
                .unwrap_or(before.len().min(after.len()));
            return fail(
                step,
                format!(
                    "undo of {action:?} of {actor:?} changed the save ({} bytes, then {}; first \
                     difference at byte {at}: {:?} / {:?})",
                    before.len(),
                    after.len(),
                    before.get(at.saturating_sub(20)..(at + 40).min(before.len())),
                    after.get(at.saturating_sub(20)..(at + 40).min(after.len())),
                ),
            );
        }
        if *session.state() != state || session.log() != log.as_slice() {
            return fail(
                step,
                format!("undo of {action:?} left another state or log"),
            );
        }
        session
            .act(actor, action.clone(), DiceChoice::Seeded)
            .or_else(|e| fail(step, format!("{action:?} refused after its undo: {e}")))?;
    }
    Ok(steps as usize)
}
