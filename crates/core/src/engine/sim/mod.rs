//! Computer players and the simulator: the uniform random bot, the game's own heuristic bot, and
//! [`simulate`], which plays many games and reports wins per seat and per seat label. Always
//! built (the CLI's `pbp simulate` uses it); the random-play test harness is in
//! `testing` (feature `testing`).
//!
//! The bots are here; `simulate.rs` plays many games with them and sums them up (re-exported
//! here), on several threads with the `parallel` feature.

mod simulate;
#[cfg(test)]
mod tests;

pub use simulate::{
    Control, LabelRecord, SimulationSummary, rotated_config, simulate, simulate_with,
};

use serde::Serialize;

use crate::dice::{Dice, SeededDice};
use crate::game::{Actor, Game, GameMasterRole};

/// The chance, in tenths, that the random bot lets the game master act while players can.
const GAME_MASTER_TENTHS: u32 = 1;

/// What the bots may do as the game master.
///
/// By default (`BotOptions::default()`) the game master only moves the game on: it takes the
/// actions whose [`GameMasterRole::moves_on`] (Clan War's `end round`, Warring States'
/// `close`), and a stand-in ([`GameMasterRole::StandIn`]) only when nothing else can move the
/// game; it never takes a ruling (signing a player up, retiring one, conceding for a seat). So a
/// bot written against the contract plays any game without knowing its actions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub struct BotOptions {
    /// Let the game master take any of its legal actions, rulings and stand-ins included,
    /// uniformly as the random bot did before the roles were told apart: what the test
    /// harnesses use to explore every action of a game.
    pub rulings: bool,
}

impl BotOptions {
    /// Every action of the game master, rulings included.
    pub const WITH_RULINGS: BotOptions = BotOptions { rulings: true };
}

/// The random bot's move: uniformly among the players' legal actions, except that the game
/// master acts with a chance of one in ten while players can, and always when only it can. The
/// game master only moves the game on ([`BotOptions`]): with a chance of one in ten (one roll of
/// a d10 whenever a seat can act and the game master is among the actors) it takes one of its
/// actions that [`GameMasterRole::moves_on`], if it has one, and otherwise a seat acts; when no
/// seat can act it takes one of them, or, having none, a stand-in. It never takes a ruling: see
/// [`random_action_with`] for a bot that does.
///
/// Returns `None` when the game is over or nobody has an action it may take.
pub fn random_action<G: Game>(state: &G::State, dice: &mut dyn Dice) -> Option<(Actor, G::Action)> {
    random_action_with::<G>(state, BotOptions::default(), dice)
}

/// [`random_action`] with `options`. With [`BotOptions::rulings`] the game master's moves are
/// drawn uniformly among all its legal actions (the d10 is then rolled only when it has one),
/// rulings and stand-ins included.
pub fn random_action_with<G: Game>(
    state: &G::State,
    options: BotOptions,
    dice: &mut dyn Dice,
) -> Option<(Actor, G::Action)> {
    if G::COUNTS_LEGAL_ACTIONS {
        return random_action_counted::<G>(state, options, dice);
    }
    // Each actor's list as the game gives it; the choice indexes the players' lists one after
    // another (or the game master's), so no action is moved before one is chosen.
    let mut players: Vec<(Actor, Vec<G::Action>)> = Vec::new();
    let mut game_master: Vec<G::Action> = Vec::new();
    let mut game_master_acts = false;
    for &actor in G::turn(state).actors() {
        let legal = G::legal_actions(state, actor);
        if actor == Actor::GameMaster {
            game_master_acts = true;
            game_master.extend(legal);
        } else if !legal.is_empty() {
            players.push((actor, legal));
        }
    }
    let players_count: usize = players.iter().map(|(_, legal)| legal.len()).sum();
    if options.rulings {
        let use_players = match (players_count == 0, game_master.is_empty()) {
            (true, true) => return None,
            (false, true) => true,
            (true, false) => false,
            (false, false) => dice.roll(10).ok()? > GAME_MASTER_TENTHS,
        };
        if !use_players {
            return pick(game_master, dice).map(|action| (Actor::GameMaster, action));
        }
    } else if players_count == 0 {
        let moves = game_master_moves::<G>(state, game_master, true);
        return pick(moves, dice).map(|action| (Actor::GameMaster, action));
    } else if game_master_acts && dice.roll(10).ok()? <= GAME_MASTER_TENTHS {
        let moves = game_master_moves::<G>(state, game_master, false);
        if !moves.is_empty() {
            return pick(moves, dice).map(|action| (Actor::GameMaster, action));
        }
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

/// One of `actions` chosen uniformly (one roll), `None` when there is none.
fn pick<A>(mut actions: Vec<A>, dice: &mut dyn Dice) -> Option<A> {
    if actions.is_empty() {
        return None;
    }
    let index = dice.roll(actions.len() as u32).ok()? as usize - 1;
    Some(actions.swap_remove(index))
}

/// The game master's actions that a bot without rulings may take, from its legal `actions`:
/// those that move the game on, or, when there are none and nothing else can move the game
/// (`stuck`), its stand-ins.
fn game_master_moves<G: Game>(
    state: &G::State,
    actions: Vec<G::Action>,
    stuck: bool,
) -> Vec<G::Action> {
    let (moves, others): (Vec<G::Action>, Vec<G::Action>) = actions
        .into_iter()
        .partition(|action| G::game_master_role(state, action).moves_on());
    if !moves.is_empty() || !stuck {
        return moves;
    }
    others
        .into_iter()
        .filter(|action| {
            matches!(
                G::game_master_role(state, action),
                GameMasterRole::StandIn(_)
            )
        })
        .collect()
}

/// Whether a bot with `options` may take the game master's `action` (a heuristic's choice).
fn game_master_may<G: Game>(state: &G::State, options: BotOptions, action: &G::Action) -> bool {
    options.rulings || G::game_master_role(state, action).moves_on()
}

/// How many players' counts [`random_action_counted`] keeps; past them it counts again.
const KEPT_COUNTS: usize = 16;

/// [`random_action_with`] for a game that counts its legal actions: the same rolls and the same
/// pick, drawn from the counts, with only the action picked built (and the game master's list,
/// without rulings, only when it is to act).
fn random_action_counted<G: Game>(
    state: &G::State,
    options: BotOptions,
    dice: &mut dyn Dice,
) -> Option<(Actor, G::Action)> {
    let turn = G::turn(state);
    let actors = turn.actors();
    let mut counts = [0_usize; KEPT_COUNTS];
    let mut players_count = 0_usize;
    let mut game_master = 0_usize;
    let mut game_master_acts = false;
    for (index, &actor) in actors.iter().enumerate() {
        if actor == Actor::GameMaster {
            game_master_acts = true;
            if options.rulings {
                game_master += G::legal_action_count(state, actor);
            }
            continue;
        }
        let count = G::legal_action_count(state, actor);
        players_count += count;
        if let Some(slot) = counts.get_mut(index) {
            *slot = count;
        }
    }
    if options.rulings {
        let use_players = match (players_count == 0, game_master == 0) {
            (true, true) => return None,
            (false, true) => true,
            (true, false) => false,
            (false, false) => dice.roll(10).ok()? > GAME_MASTER_TENTHS,
        };
        if !use_players {
            let pick = dice.roll(game_master as u32).ok()? as usize - 1;
            return G::legal_action_at(state, Actor::GameMaster, pick)
                .map(|action| (Actor::GameMaster, action));
        }
    } else if players_count == 0 {
        if !game_master_acts {
            return None;
        }
        let listed = G::legal_actions(state, Actor::GameMaster);
        let moves = game_master_moves::<G>(state, listed, true);
        return pick(moves, dice).map(|action| (Actor::GameMaster, action));
    } else if game_master_acts && dice.roll(10).ok()? <= GAME_MASTER_TENTHS {
        let listed = G::legal_actions(state, Actor::GameMaster);
        let moves = game_master_moves::<G>(state, listed, false);
        if !moves.is_empty() {
            return pick(moves, dice).map(|action| (Actor::GameMaster, action));
        }
    }
    let mut pick = dice.roll(players_count as u32).ok()? as usize - 1;
    for (index, &actor) in actors.iter().enumerate() {
        if actor == Actor::GameMaster {
            continue;
        }
        let count = counts
            .get(index)
            .copied()
            .unwrap_or_else(|| G::legal_action_count(state, actor));
        if pick < count {
            return G::legal_action_at(state, actor, pick).map(|action| (actor, action));
        }
        pick -= count;
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
/// Otherwise, and always with [`Bot::Random`], it is [`random_action`]. The game master's
/// heuristic is followed only when its action moves the game on: the bot takes no ruling
/// ([`BotOptions`]; see [`bot_action_with`]).
///
/// `state` is not changed: whether a heuristic action applies is tried on a copy. A caller that
/// plays the move at once should use [`play_bot_move`], which tries it on the state itself and
/// so spares the copy and the second `apply`; both choose the same moves from the same dice.
pub fn bot_action<G: Game>(
    state: &G::State,
    bot: Bot,
    dice: &mut dyn Dice,
) -> Option<(Actor, G::Action)> {
    bot_action_with::<G>(state, bot, BotOptions::default(), dice)
}

/// [`bot_action`] with `options`: with [`BotOptions::rulings`] the game master's heuristic
/// action is followed whatever it is for, and the fallback is [`random_action_with`] the same
/// options.
pub fn bot_action_with<G: Game>(
    state: &G::State,
    bot: Bot,
    options: BotOptions,
    dice: &mut dyn Dice,
) -> Option<(Actor, G::Action)> {
    if bot == Bot::Heuristic {
        for actor in heuristic_order::<G>(state, dice)? {
            if let Ok(Some(action)) = G::heuristic_action(state, actor, dice) {
                if actor == Actor::GameMaster && !game_master_may::<G>(state, options, &action) {
                    continue;
                }
                let mut probe = state.clone();
                let mut probe_dice = SeededDice::new(0);
                if G::apply(&mut probe, actor, &action, &mut probe_dice).is_ok() {
                    return Some((actor, action));
                }
            }
        }
    }
    random_action_with::<G>(state, options, dice)
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
    play_bot_move_with::<G>(state, bot, BotOptions::default(), dice)
}

/// [`play_bot_move`] with `options`, choosing as [`bot_action_with`] does.
///
/// # Errors
/// As [`play_bot_move`].
pub fn play_bot_move_with<G: Game>(
    state: &mut G::State,
    bot: Bot,
    options: BotOptions,
    dice: &mut SeededDice,
) -> Result<Option<BotMove<G>>, RefusedBotMove<G>> {
    if bot == Bot::Heuristic {
        let Some(order) = heuristic_order::<G>(state, dice) else {
            return Ok(None);
        };
        for actor in order {
            if let Ok(Some(action)) = G::heuristic_action(state, actor, dice) {
                if actor == Actor::GameMaster && !game_master_may::<G>(state, options, &action) {
                    continue;
                }
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
    let Some((actor, action)) = random_action_with::<G>(state, options, dice) else {
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
