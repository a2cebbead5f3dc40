//! The [`play`] harness: an action sequence chosen by the input, checking the contract at
//! a sample of its steps, and the seeded random moves the other targets reach their states with.

use std::cell::RefCell;
use std::collections::BTreeSet;

use pbp_core::{
    SeededDice,
    engine::{Game, Seat, Turn},
};

use crate::bytes::{Bytes, any_actor, dice_from, mutate_json};
use crate::cache::cached;
use crate::{assert_round_trip, assert_text_round_trip, check_views, try_apply};

/// The most steps [`play`] takes after its start: [`PREFIX_STRIDE`]'s, so an input's steps reach
/// the next start (an input used to play up to 400, a whole game, at 27 to 281 inputs a second;
/// then 32 steps from a cached start, at 140 to 1,221 inputs a CPU second).
const MAX_STEPS: usize = PREFIX_STRIDE;

/// How many random moves lead to [`play`]'s start: the input's first byte (mod 32) times this,
/// so starts reach up to 248 moves into a game (or its end).
const PREFIX_STRIDE: usize = 8;

/// How many setup seeds [`play`] starts from (one input byte): with [`PREFIX_STRIDE`]'s 32
/// starts a seed, the starts fit the cache ([`crate::cache`]), which a seed of eight input bytes
/// missed whenever a mutation touched it (each miss replays up to 248 moves).
const SEEDS: u8 = 64;

/// The state's serde round trip and its views (they were checked after every action, and cost
/// more than the rest of a step) are checked when the game's count of actions is a multiple of
/// this, and when it is over; [`random_moves`] round-trips its state as often.
pub const CHECK_EVERY: usize = 16;

/// Plays `G` from a state reached by seeded random moves, the input choosing the seed, the
/// number of moves and every move after it.
///
/// Input: a byte choosing how many seeded random moves lead to the start (0 to 248, by 8), a
/// byte choosing the seed (the setup's and the moves', one of [`SEEDS`]), then each step (at
/// most [`MAX_STEPS`]). The start is worked out once per process for each seed and number of
/// moves ([`crate::cache`]); the random-play tests of every game check whole games move by move.
///
/// Each step, the input chooses one of: a legal action of an actor who may act (applied with
/// seeded or scripted dice); a legal action applied by an actor who may not act (must be
/// refused); a legal action's JSON with one leaf changed, deserialized and applied; arbitrary
/// JSON read as an action; or arbitrary text read with [`Game::parse_action`] and applied.
///
/// It checks that nothing panics, that the default config sets up, that a legal action applied
/// with seeded dice is accepted, that a refused action leaves the state unchanged, that an actor
/// who may not act has no legal actions and is refused, that a legal action's text form reads
/// back as the same action, that nobody may act in a finished game, that the game ends within
/// [`Game::max_actions`], and, for each start once and then whenever the game's count of
/// actions is a multiple of [`CHECK_EVERY`] or the game is over, that the state round-trips
/// through serde and that views serialize and keep the game's secrets.
pub fn play<G: Game>(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let prefix = usize::from(bytes.byte() % 32) * PREFIX_STRIDE;
    let seed = u64::from(bytes.byte() % SEEDS);
    let (mut state, _, mut applied, mut seats, bound) = start::<G>(seed, prefix);
    // The start, checked once per process (not each start [`start`] passes on its way to it:
    // the views' secrets of a late Clan War state cost more than a hundred inputs).
    if first_time(G::NAME, seed, prefix) {
        assert_round_trip::<G>(&state);
        check_views::<G>(&state, seats.iter().copied());
    }
    // Whether the state changed since the start or its last check.
    let mut changed = false;
    for _ in 0..MAX_STEPS {
        if bytes.is_empty() {
            break;
        }
        let turn = G::turn(&state);
        let actors = turn.actors().to_vec();
        note_seats(&actors, &mut seats);
        if changed && (applied % CHECK_EVERY == 0 || turn.outcome().is_some()) {
            assert_round_trip::<G>(&state);
            check_views::<G>(&state, seats.iter().copied());
            changed = false;
        }
        if let Turn::Over(_) = turn {
            // Nobody may act in a finished game.
            let actor = any_actor(&mut bytes);
            assert!(
                G::legal_actions(&state, actor).is_empty(),
                "{}: {actor:?} has legal actions in a finished game",
                G::NAME
            );
            break;
        }
        assert!(
            applied <= bound,
            "{}: the game did not end within {bound} actions",
            G::NAME
        );
        assert!(
            !actors.is_empty(),
            "{}: the game is not over but nobody may act",
            G::NAME
        );
        let actor = actors[bytes.below(actors.len())];
        let kind = bytes.byte() % 16;
        // The legal actions, listed only for the steps that use one (listing them is the largest
        // share of a step in Warring States and Scroll Race).
        let chosen = if kind < 14 {
            let legal = G::legal_actions(&state, actor);
            (!legal.is_empty()).then(|| legal[bytes.below(legal.len())].clone())
        } else {
            None
        };
        let next = match kind {
            // A legal action, with seeded or scripted dice.
            0..=9 => {
                let Some(action) = chosen else {
                    continue;
                };
                assert_text_round_trip::<G>(&state, actor, &action);
                let scripted = bytes.byte().is_multiple_of(4);
                if scripted {
                    let mut dice = dice_from(&mut bytes);
                    try_apply::<G>(&state, actor, &action, dice.as_mut())
                } else {
                    let mut dice = SeededDice::new(bytes.u64());
                    let next = try_apply::<G>(&state, actor, &action, &mut dice);
                    assert!(
                        next.is_some(),
                        "{}: legal action {action:?} of {actor:?} was refused with seeded dice",
                        G::NAME
                    );
                    next
                }
            }
            // A legal action applied by an actor who may not act.
            10 | 11 => {
                let other = any_actor(&mut bytes);
                if actors.contains(&other) {
                    continue;
                }
                assert!(
                    G::legal_actions(&state, other).is_empty(),
                    "{}: {other:?} may not act but has legal actions",
                    G::NAME
                );
                let Some(action) = chosen else {
                    continue;
                };
                let mut dice = dice_from(&mut bytes);
                let next = try_apply::<G>(&state, other, &action, dice.as_mut());
                assert!(
                    next.is_none(),
                    "{}: {other:?} may not act but {action:?} was accepted",
                    G::NAME
                );
                None
            }
            // A legal action's JSON with one leaf changed.
            12 | 13 => {
                let Some(action) = chosen else {
                    continue;
                };
                let mut json = serde_json::to_value(&action)
                    .unwrap_or_else(|e| panic!("{}: an action does not serialize: {e}", G::NAME));
                mutate_json(&mut json, &mut bytes);
                let Ok(mutated) = serde_json::from_value::<G::Action>(json) else {
                    continue;
                };
                let who = if bytes.byte().is_multiple_of(4) {
                    any_actor(&mut bytes)
                } else {
                    actor
                };
                let mut dice = dice_from(&mut bytes);
                try_apply::<G>(&state, who, &mutated, dice.as_mut())
            }
            // Arbitrary JSON read as an action.
            14 => {
                let raw = bytes.slice(200);
                let Ok(action) = serde_json::from_slice::<G::Action>(raw) else {
                    continue;
                };
                let mut dice = dice_from(&mut bytes);
                try_apply::<G>(&state, actor, &action, dice.as_mut())
            }
            // Arbitrary text read as an action.
            _ => {
                let text = bytes.string(200);
                let Ok(action) = G::parse_action(&state, actor, &text) else {
                    continue;
                };
                let mut dice = dice_from(&mut bytes);
                try_apply::<G>(&state, actor, &action, dice.as_mut())
            }
        };
        if let Some(next) = next {
            state = next;
            applied += 1;
            changed = true;
        }
    }
    let turn = G::turn(&state);
    if changed && (applied % CHECK_EVERY == 0 || turn.outcome().is_some()) {
        note_seats(turn.actors(), &mut seats);
        assert_round_trip::<G>(&state);
        check_views::<G>(&state, seats.iter().copied());
    }
}

/// A start of [`play`]: the state after `prefix` seeded random moves from the default config
/// set up with `seed`, the dice those moves drew from (left as the next move would find them),
/// the moves played (fewer if the game ended), the seats that could act on the way and the
/// game's bound on actions. Worked out once per process for each seed and number of moves
/// ([`crate::cache`]), from the start [`PREFIX_STRIDE`] moves before (so filling the cache
/// plays each move once, not up to 248 moves for each start). [`play`] checks each start it
/// is given once per process.
fn start<G: Game>(seed: u64, prefix: usize) -> (G::State, SeededDice, usize, Vec<Seat>, usize) {
    cached(("play", G::NAME, seed, prefix), || {
        let (mut state, mut dice, mut applied, mut seats, bound) =
            match prefix.checked_sub(PREFIX_STRIDE) {
                Some(before) => start::<G>(seed, before),
                None => {
                    // The default config, made once per seed (Warring States' carries its map).
                    let config = G::Config::default();
                    let bound = usize::try_from(G::max_actions(&config)).unwrap_or(usize::MAX);
                    let state = G::setup(&config, &mut SeededDice::new(seed)).unwrap_or_else(|e| {
                        panic!("{}: the default config does not set up: {e}", G::NAME)
                    });
                    (state, SeededDice::new(seed), 0, Vec::new(), bound)
                }
            };
        let steps = prefix - applied.min(prefix);
        applied += advance::<G>(&mut state, &mut dice, steps, &mut seats);
        note_seats(G::turn(&state).actors(), &mut seats);
        (state, dice, applied, seats, bound)
    })
}

thread_local! {
    /// The starts of [`play`] already checked in this process: a game, a seed and a number of
    /// moves (at most 64 seeds times 32 starts a game).
    static CHECKED: RefCell<BTreeSet<(&'static str, u64, usize)>> =
        const { RefCell::new(BTreeSet::new()) };
}

/// Whether the start of `game`, `seed` and `prefix` is named for the first time in this
/// process (and notes it).
fn first_time(game: &'static str, seed: u64, prefix: usize) -> bool {
    CHECKED.with(|checked| checked.borrow_mut().insert((game, seed, prefix)))
}

/// Adds the seats among `actors` to `seats` (the seats whose views are checked).
fn note_seats(actors: &[pbp_core::engine::Actor], seats: &mut Vec<Seat>) {
    for actor in actors {
        if let Some(seat) = actor.seat()
            && !seats.contains(&seat)
        {
            seats.push(seat);
        }
    }
}

/// Plays up to `steps` seeded random legal moves on `state` without the contract checks (a
/// legal move must still be accepted), noting the seats that may act on the way; answers the
/// moves played. [`play`] reaches its start with it.
fn advance<G: Game>(
    state: &mut G::State,
    dice: &mut SeededDice,
    steps: usize,
    seats: &mut Vec<Seat>,
) -> usize {
    for played in 0..steps {
        let actors = G::turn(state).actors().to_vec();
        note_seats(&actors, seats);
        let mut moves = Vec::new();
        for actor in actors {
            moves.extend(
                G::legal_actions(state, actor)
                    .into_iter()
                    .map(|a| (actor, a)),
            );
        }
        if moves.is_empty() {
            return played;
        }
        let pick = (dice.next_u64() % moves.len() as u64) as usize;
        let (actor, action) = &moves[pick];
        if let Err(e) = G::apply(state, *actor, action, dice) {
            panic!(
                "{}: legal action {action:?} of {actor:?} was refused: {e}",
                G::NAME
            );
        }
    }
    steps
}

/// Plays up to `steps` seeded random legal moves on `state`, checking that each legal action
/// reads back from its text form and is accepted, and that the state round-trips through serde
/// every [`CHECK_EVERY`] moves and at the end.
pub fn random_moves<G: Game>(state: &mut G::State, seed: u64, steps: usize) {
    let mut dice = SeededDice::new(seed);
    for played in 0..steps {
        let actors = G::turn(state).actors().to_vec();
        let mut moves = Vec::new();
        for actor in actors {
            moves.extend(
                G::legal_actions(state, actor)
                    .into_iter()
                    .map(|a| (actor, a)),
            );
        }
        if moves.is_empty() {
            break;
        }
        let pick = (dice.next_u64() % moves.len() as u64) as usize;
        let (actor, action) = &moves[pick];
        assert_text_round_trip::<G>(state, *actor, action);
        if let Err(e) = G::apply(state, *actor, action, &mut dice) {
            panic!(
                "{}: legal action {action:?} of {actor:?} was refused: {e}",
                G::NAME
            );
        }
        if played % CHECK_EVERY == CHECK_EVERY - 1 {
            assert_round_trip::<G>(state);
        }
    }
    assert_round_trip::<G>(state);
}

/// Reaches a state of `G` by up to `steps` seeded random legal moves from the default config
/// ([`random_moves`], its checks included), worked out once per process for each seed and
/// number of moves ([`crate::cache`]).
pub fn state_after<G: Game>(seed: u64, steps: usize) -> G::State {
    cached(("state_after", G::NAME, seed, steps), || {
        let config = G::Config::default();
        let mut state = G::setup(&config, &mut SeededDice::new(seed))
            .unwrap_or_else(|e| panic!("{}: the default config does not set up: {e}", G::NAME));
        random_moves::<G>(&mut state, seed, steps);
        state
    })
}
