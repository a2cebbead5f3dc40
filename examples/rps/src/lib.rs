//! Rock-paper-scissors on pbp's [`Game`] contract: the tested example of docs/NEW_GAME.md.
//!
//! Two seats throw at the same time, each throw sealed until both have thrown: rock blunts
//! scissors, scissors cut paper, paper wraps rock. The same throw twice is settled by the dice:
//! each seat rolls a d6, the higher wins the round, and equal rolls are a tie. The first seat to
//! win [`RpsConfig::first_to`] rounds wins the game; after [`RpsConfig::max_rounds`] rounds the
//! seat with more wins wins, and equal wins are a draw. The dice come from the dice source, as in
//! every pbp game: seeded, or rolled on a forum and typed in.
//!
//! ```
//! use pbp_core::{ScriptedDice, engine::{Actor, Game, Seat}};
//! use pbp_rps::{Rps, RpsAction, RpsConfig, Throw};
//!
//! let mut dice = ScriptedDice::new([]);
//! let mut state = Rps::setup(&RpsConfig::default(), &mut dice)?;
//! Rps::apply(&mut state, Actor::Seat(Seat(0)), &RpsAction::Throw(Throw::Rock), &mut dice)?;
//! Rps::apply(&mut state, Actor::Seat(Seat(1)), &RpsAction::Throw(Throw::Scissors), &mut dice)?;
//! assert_eq!(state.wins, [1, 0]);
//! # Ok::<(), pbp_rps::RpsError>(())
//! ```

mod render;

use pbp_core::{
    Dice, DiceError,
    engine::{Actor, Audience, Game, Outcome, Seat, Turn, Viewer, Visible},
};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The rules options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RpsConfig {
    /// Rounds needed to win (2: best of three).
    pub first_to: u8,
    /// Rounds played at most, ties included, so that a game ends (9).
    pub max_rounds: u8,
}

impl Default for RpsConfig {
    /// Best of three, at most nine rounds.
    fn default() -> Self {
        RpsConfig {
            first_to: 2,
            max_rounds: 9,
        }
    }
}

/// A throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Throw {
    /// Blunts scissors.
    Rock,
    /// Wraps rock.
    Paper,
    /// Cut paper.
    Scissors,
}

impl Throw {
    /// Every throw, in the order the legal actions list them.
    pub const ALL: [Throw; 3] = [Throw::Rock, Throw::Paper, Throw::Scissors];

    /// The throw as players write it.
    pub fn word(self) -> &'static str {
        match self {
            Throw::Rock => "rock",
            Throw::Paper => "paper",
            Throw::Scissors => "scissors",
        }
    }

    /// Whether this throw beats `other`.
    pub fn beats(self, other: Throw) -> bool {
        matches!(
            (self, other),
            (Throw::Rock, Throw::Scissors)
                | (Throw::Scissors, Throw::Paper)
                | (Throw::Paper, Throw::Rock)
        )
    }
}

/// One seat's action: its throw for this round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RpsAction {
    /// The seat throws, sealed until the other seat has thrown too.
    Throw(Throw),
}

/// The whole game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RpsState {
    /// The rules in force.
    pub config: RpsConfig,
    /// Rounds won by seat 0 and seat 1.
    pub wins: [u8; 2],
    /// Rounds played, ties included.
    pub rounds: u8,
    /// This round's sealed throws.
    pub sealed: [Option<Throw>; 2],
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RpsEvent {
    /// A seat threw (everyone sees that it did, not what).
    Sealed {
        /// Who.
        seat: Seat,
    },
    /// A seat's own throw, told to that seat alone.
    Threw {
        /// Who.
        seat: Seat,
        /// The throw.
        throw: Throw,
    },
    /// Both throws shown, and who won the round (none for a tie).
    Round {
        /// Seat 0's throw and seat 1's.
        throws: [Throw; 2],
        /// The d6 each seat rolled when both threw the same, seat 0's first.
        rolls: Option<[u32; 2]>,
        /// The round's winner.
        winner: Option<Seat>,
    },
}

/// What one viewer sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RpsView {
    /// Rounds needed to win.
    pub first_to: u8,
    /// Rounds won.
    pub wins: [u8; 2],
    /// Rounds played.
    pub rounds: u8,
    /// Which seats have thrown this round.
    pub sealed: [bool; 2],
    /// The viewer's own sealed throw (the game master sees both).
    pub own: [Option<Throw>; 2],
}

/// Why a setup or an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RpsError {
    /// The config cannot be played.
    #[error("invalid config: {0}")]
    Config(&'static str),
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// The actor has thrown this round already, or is not a seat of the game.
    #[error("{0} cannot throw now")]
    NotYourTurn(String),
    /// Text that is not a throw.
    #[error("'{0}' is not a throw: write rock, paper or scissors")]
    Parse(String),
    /// The dice failed (the game draws none; the contract asks every game to carry them).
    #[error(transparent)]
    Dice(#[from] DiceError),
}

/// Rock-paper-scissors (see the crate docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rps;

/// The seat an actor plays, if it plays one of the two.
fn seat_of(actor: Actor) -> Option<usize> {
    match actor {
        Actor::Seat(Seat(s)) if s < 2 => Some(usize::from(s)),
        _ => None,
    }
}

fn is_over(state: &RpsState) -> bool {
    state.wins.iter().any(|&w| w >= state.config.first_to)
        || state.rounds >= state.config.max_rounds
}

impl Game for Rps {
    const NAME: &'static str = "rps";
    const TITLE: &'static str = "Rock Paper Scissors";
    type Config = RpsConfig;
    type State = RpsState;
    type Action = RpsAction;
    type Event = RpsEvent;
    type View = RpsView;
    type Error = RpsError;

    fn setup(config: &RpsConfig, _dice: &mut dyn Dice) -> Result<RpsState, RpsError> {
        if config.first_to == 0 {
            return Err(RpsError::Config("first_to must be at least 1"));
        }
        if config.max_rounds < config.first_to {
            return Err(RpsError::Config("max_rounds must be at least first_to"));
        }
        Ok(RpsState {
            config: config.clone(),
            wins: [0, 0],
            rounds: 0,
            sealed: [None, None],
        })
    }

    fn seat_count(_state: &RpsState) -> u16 {
        2
    }

    fn turn(state: &RpsState) -> Turn {
        if !is_over(state) {
            return Turn::Acting(
                (0..2u16)
                    .filter(|&s| state.sealed[usize::from(s)].is_none())
                    .map(|s| Actor::Seat(Seat(s)))
                    .collect(),
            );
        }
        let [a, b] = state.wins;
        let (winners, ranking) = match a.cmp(&b) {
            std::cmp::Ordering::Greater => (vec![Seat(0)], vec![vec![Seat(0)], vec![Seat(1)]]),
            std::cmp::Ordering::Less => (vec![Seat(1)], vec![vec![Seat(1)], vec![Seat(0)]]),
            std::cmp::Ordering::Equal => (Vec::new(), vec![vec![Seat(0), Seat(1)]]),
        };
        let reason = match winners.first() {
            Some(w) if state.wins[usize::from(w.0)] >= state.config.first_to => {
                format!("seat {w} won {} rounds", state.config.first_to)
            }
            Some(w) => format!("seat {w} won more rounds in {}", state.rounds),
            None => format!("a draw: as many rounds won each in {}", state.rounds),
        };
        Turn::Over(Outcome {
            winners,
            ranking,
            scores: [(Seat(0), i64::from(a)), (Seat(1), i64::from(b))]
                .into_iter()
                .collect(),
            score_denominator: 1,
            reason,
        })
    }

    fn legal_actions(state: &RpsState, actor: Actor) -> Vec<RpsAction> {
        match seat_of(actor) {
            Some(i) if !is_over(state) && state.sealed[i].is_none() => {
                Throw::ALL.into_iter().map(RpsAction::Throw).collect()
            }
            _ => Vec::new(),
        }
    }

    fn apply(
        state: &mut RpsState,
        actor: Actor,
        action: &RpsAction,
        dice: &mut dyn Dice,
    ) -> Result<Vec<Visible<RpsEvent>>, RpsError> {
        if is_over(state) {
            return Err(RpsError::Over);
        }
        let who = || match actor {
            Actor::Seat(seat) => format!("seat {seat}"),
            Actor::GameMaster => "the game master".to_owned(),
        };
        let i = seat_of(actor).ok_or_else(|| RpsError::NotYourTurn(who()))?;
        if state.sealed[i].is_some() {
            return Err(RpsError::NotYourTurn(who()));
        }
        let RpsAction::Throw(throw) = *action;
        let seat = Seat(i as u16);
        let mut events = vec![
            Visible::public(RpsEvent::Sealed { seat }),
            Visible {
                audience: Audience::only(seat),
                event: RpsEvent::Threw { seat, throw },
            },
        ];
        let mut sealed = state.sealed;
        sealed[i] = Some(throw);
        let [Some(a), Some(b)] = sealed else {
            state.sealed = sealed;
            return Ok(events);
        };
        // Both thrown: the round is settled. The dice are rolled before anything changes, so a
        // refusal (outside dice that ran out) leaves the state as it was.
        let (winner, rolls) = if a.beats(b) {
            (Some(Seat(0)), None)
        } else if b.beats(a) {
            (Some(Seat(1)), None)
        } else {
            let rolls = [dice.roll(6)?, dice.roll(6)?];
            let winner = match rolls[0].cmp(&rolls[1]) {
                std::cmp::Ordering::Greater => Some(Seat(0)),
                std::cmp::Ordering::Less => Some(Seat(1)),
                std::cmp::Ordering::Equal => None,
            };
            (winner, Some(rolls))
        };
        if let Some(w) = winner {
            state.wins[usize::from(w.0)] += 1;
        }
        state.rounds += 1;
        state.sealed = [None, None];
        events.push(Visible::public(RpsEvent::Round {
            throws: [a, b],
            rolls,
            winner,
        }));
        Ok(events)
    }

    fn view(state: &RpsState, viewer: Viewer) -> RpsView {
        let own = match viewer {
            Viewer::GameMaster => state.sealed,
            Viewer::Seat(Seat(s)) if s < 2 => {
                let mut own = [None, None];
                own[usize::from(s)] = state.sealed[usize::from(s)];
                own
            }
            _ => [None, None],
        };
        RpsView {
            first_to: state.config.first_to,
            wins: state.wins,
            rounds: state.rounds,
            sealed: [state.sealed[0].is_some(), state.sealed[1].is_some()],
            own,
        }
    }

    fn parse_action(_state: &RpsState, _actor: Actor, text: &str) -> Result<RpsAction, RpsError> {
        let word = text.trim().to_lowercase();
        Throw::ALL
            .into_iter()
            .find(|t| t.word() == word)
            .map(RpsAction::Throw)
            .ok_or_else(|| RpsError::Parse(text.chars().take(40).collect()))
    }

    fn format_action(_state: &RpsState, action: &RpsAction) -> String {
        let RpsAction::Throw(throw) = action;
        throw.word().to_owned()
    }

    fn max_actions(config: &RpsConfig) -> u64 {
        2 * u64::from(config.max_rounds)
    }
}

/// The README's and docs/NEW_GAME.md's checks of the rules, on the crate's own code.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_throw_beats_exactly_one_other() {
        for t in Throw::ALL {
            let beaten = Throw::ALL.into_iter().filter(|&o| t.beats(o)).count();
            assert_eq!(beaten, 1, "{t:?}");
            assert!(!t.beats(t));
        }
    }
}
