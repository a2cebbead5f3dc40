//! A heuristic bot that plays from its seat's knowledge only.
//!
//! It runs its carrier towards the enemy base, sends the others after the enemy carrier it knows
//! of (or the enemy closest to its own base), picks up a dropped scroll, and prefers the
//! techniques that hurt the known carrier. It reads what the seat's [`ScrollRaceView`] shows
//! (the scrolls as the view shows them, through the view's own function; the squares, public to
//! all; the field) and the legal actions (which never depend on hidden things), never the hidden
//! parts of the state.
//!
//! [`ScrollRaceView`]: crate::view::ScrollRaceView

use pbp_core::{
    Dice, DiceError,
    engine::{Actor, Game, Seat, Viewer},
};

use crate::engine::legs;
use crate::field::{Cell, Square};
use crate::game::ScrollRace;
use crate::model::{CharId, ScrollRaceAction, Target, Use};
use crate::state::{Phase, ScrollRaceState, team_of};
use crate::technique::Technique;
use crate::view::{ScrollView, scroll_view};

fn nearest(from: Square, targets: &[Square]) -> u32 {
    targets
        .iter()
        .map(|t| from.manhattan(*t))
        .min()
        .unwrap_or(0)
}

/// What the bot knows when it scores a seat's turns, worked out once per choice: the two
/// scrolls as the seat's view shows them, and both bases.
struct Known {
    /// The seat's character.
    id: CharId,
    /// Its team's scroll, as its view shows it.
    own_scroll: ScrollView,
    /// The enemy scroll, as its view shows it.
    enemy_scroll: ScrollView,
    /// The squares of the enemy base.
    enemy_base: Vec<Square>,
    /// The squares of its own base.
    own_base: Vec<Square>,
}

impl Known {
    fn new(state: &ScrollRaceState, id: CharId) -> Known {
        let team = team_of(id);
        let viewer = Viewer::Seat(Seat(u16::from(id)));
        let field = &state.config.field;
        let base = |t: u8| -> Vec<Square> {
            field
                .squares()
                .filter(|s| field.cell(*s) == Some(Cell::Base(t)))
                .collect()
        };
        Known {
            id,
            own_scroll: scroll_view(state, viewer, team),
            enemy_scroll: scroll_view(state, viewer, 1 - team),
            enemy_base: base(1 - team),
            own_base: base(team),
        }
    }
}

/// Scores one of the seat's turns from what it knows.
fn score(state: &ScrollRaceState, known: &Known, action: &ScrollRaceAction) -> i64 {
    let ScrollRaceAction::Play {
        movement,
        technique,
    } = action
    else {
        return 0;
    };
    let id = known.id;
    let enemy = 1 - team_of(id);
    let me = state.ch(id);
    let end = match movement {
        Some(m) => legs(state, id, *m)
            .ok()
            .and_then(|legs| legs.last().map(|l| l.0))
            .unwrap_or(me.square),
        None => me.square,
    };
    let own_scroll = &known.own_scroll;
    let known_carrier = known.enemy_scroll.carrier;
    let mut total: i64 = 0;
    if own_scroll.carrier == Some(id) {
        total -= 10 * i64::from(nearest(end, &known.enemy_base));
    } else if let Some(ground) = own_scroll.ground {
        total -= 6 * i64::from(end.manhattan(ground));
    } else {
        let target = known_carrier.map(|c| state.ch(c).square).or_else(|| {
            state
                .characters
                .iter()
                .filter(|c| c.team == enemy)
                .min_by_key(|c| nearest(c.square, &known.own_base))
                .map(|c| c.square)
        });
        if let Some(t) = target {
            total -= 2 * i64::from(end.manhattan(t));
        }
    }
    total += match technique {
        None => 0,
        Some(Use::Attack {
            technique,
            target: Target::Character(t),
        }) => {
            let on_carrier = Some(*t) == known_carrier;
            match (technique, on_carrier) {
                (Technique::Goken | Technique::Suiken, true) => 9,
                (Technique::Katon | Technique::Raiton, true) => 7,
                (_, true) => 5,
                (Technique::Goken | Technique::Suiken, false) => 3,
                _ => 2,
            }
        }
        Some(Use::Attack { .. }) => 1,
        Some(Use::Sensory) if known_carrier.is_none() => 5,
        Some(Use::Doton) if own_scroll.carrier == Some(id) => 4,
        Some(Use::Genjutsu) => 2,
        Some(Use::Fuinjutsu(s) | Use::Suiton(s) | Use::Kuchiyose(s))
            if nearest(*s, &known.own_base) <= 3 =>
        {
            2
        }
        Some(Use::Pass(_)) => -4,
        Some(_) => 1,
    };
    total
}

/// The heuristic bot's choice for `actor`, or `None` when it may not act. Ties are broken with
/// `dice`; carriers are chosen at random and kept.
///
/// # Errors
/// The dice source's errors.
pub fn heuristic_action(
    state: &ScrollRaceState,
    actor: Actor,
    dice: &mut dyn Dice,
) -> Result<Option<ScrollRaceAction>, DiceError> {
    let mut legal = ScrollRace::legal_actions(state, actor);
    if legal.is_empty() {
        return Ok(None);
    }
    if legal.contains(&ScrollRaceAction::Keep) {
        return Ok(Some(ScrollRaceAction::Keep));
    }
    let Actor::Seat(Seat(seat)) = actor else {
        // The game master's only offered ruling is a skip; the bot never rules.
        return Ok(None);
    };
    if state.phase == Phase::ChooseCarriers {
        let i = dice.roll(legal.len() as u32)? as usize - 1;
        return Ok(legal.get(i).cloned());
    }
    let known = Known::new(state, seat as CharId);
    // The best score, then the actions that have it, in the order of the legal list.
    let scores: Vec<i64> = legal.iter().map(|a| score(state, &known, a)).collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    let ties = scores.iter().filter(|&&s| s == best).count();
    let i = dice.roll(ties as u32)? as usize - 1;
    let pick = scores
        .iter()
        .enumerate()
        .filter(|(_, s)| **s == best)
        .nth(i)
        .map(|(k, _)| k);
    Ok(pick.map(|k| legal.swap_remove(k)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pbp_core::{SeededDice, engine::Turn};

    use crate::config::ScrollRaceConfig;

    /// Plays one game: `heuristic_team` by the bot, the other uniformly at random.
    fn play(seed: u64, heuristic_team: u8) -> Option<u8> {
        let config = ScrollRaceConfig {
            round_limit: Some(25),
            ..ScrollRaceConfig::default()
        };
        let mut dice = SeededDice::new(seed);
        let mut state = ScrollRace::setup(&config, &mut dice).ok()?;
        while let Turn::Acting(actors) = ScrollRace::turn(&state) {
            let actor = actors[0];
            let seat_team = actor.seat().map(|s| team_of(s.0 as CharId));
            let action = if seat_team == Some(heuristic_team) {
                heuristic_action(&state, actor, &mut dice).ok()??
            } else {
                let legal = ScrollRace::legal_actions(&state, actor);
                let i = dice.roll(legal.len() as u32).ok()? as usize - 1;
                legal.get(i)?.clone()
            };
            ScrollRace::apply(&mut state, actor, &action, &mut dice).ok()?;
        }
        state.ending.and_then(|e| e.winner)
    }

    #[test]
    fn the_heuristic_bot_beats_random_play() {
        let mut bot_wins = 0;
        let mut random_wins = 0;
        for seed in 0..8 {
            for team in [0, 1] {
                match play(seed, team) {
                    Some(w) if w == team => bot_wins += 1,
                    Some(_) => random_wins += 1,
                    None => {}
                }
            }
        }
        eprintln!("heuristic bot won {bot_wins} games, random play {random_wins}");
        assert!(
            bot_wins > 2 * random_wins.max(1),
            "bot {bot_wins}, random {random_wins}"
        );
    }

    #[test]
    fn the_bot_only_picks_legal_actions() {
        let mut dice = SeededDice::new(9);
        let state = ScrollRace::setup(&ScrollRaceConfig::default(), &mut dice).unwrap();
        let actor = Actor::Seat(Seat(0));
        let action = heuristic_action(&state, actor, &mut dice).unwrap().unwrap();
        assert!(ScrollRace::legal_actions(&state, actor).contains(&action));
        assert_eq!(
            heuristic_action(&state, Actor::Seat(Seat(1)), &mut dice),
            Ok(None)
        );
    }
}
