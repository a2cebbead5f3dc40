//! The duel: a small example game that exercises the whole contract.
//!
//! Two seats duel best of five with 2k1 exploding d10s, compared as seed 000 compares them (higher
//! total, then second highest die, then a push and both roll again). Each round both seats secretly
//! choose a stance at the same time: `strike` rolls the plain pool, `focus` rolls one more die
//! (`+1k0`) and may be used twice a game. A stance is hidden from the other seat until both have
//! chosen. The game master may end the duel early (`concede` on behalf of a seat that left), a
//! ruling the bots never take unless asked. Its rules and its results (`returns`: 1 to the winner,
//! 0 to the loser) are written down in `docs/rules/duel.md`.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::contest::{Comparison, Side, roll_off};
use crate::dice::Dice;
use crate::engine::names::NamesError;
use crate::error::{DiceError, PoolError};
use crate::game::{Actor, Audience, Game, Outcome, Seat, Turn, Viewer, Visible};
use crate::pool::{Pool, PoolDelta, PoolRoll};

/// The duel's rules options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DuelConfig {
    /// Rounds needed to win.
    pub first_to: u8,
    /// Focus stances each seat may take in a game.
    pub focus_tokens: u8,
    /// Dice rolled and kept by a strike.
    pub rolled: u32,
    /// Dice kept.
    pub kept: u32,
    /// The players' names, seat 0 first ([`Game::name_players`]); none (the default) calls
    /// the seats "seat 0" and "seat 1".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
}

impl Default for DuelConfig {
    /// Best of five, two focus tokens, 2k1.
    fn default() -> Self {
        DuelConfig {
            first_to: 3,
            focus_tokens: 2,
            rolled: 2,
            kept: 1,
            players: Vec::new(),
        }
    }
}

/// A secret stance for one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stance {
    /// Roll the plain pool.
    Strike,
    /// Roll one more die (limited tokens).
    Focus,
}

/// A duel action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DuelAction {
    /// A seat takes its secret stance for this round.
    Choose(Stance),
    /// The game master ends the duel: this seat concedes.
    Concede(Seat),
}

/// The whole duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuelState {
    /// The rules in force.
    pub config: DuelConfig,
    /// Rounds won by seat 0 and seat 1.
    pub wins: [u8; 2],
    /// Focus tokens left.
    pub focus_left: [u8; 2],
    /// This round's sealed stances.
    pub sealed: [Option<Stance>; 2],
    /// A seat that conceded.
    pub conceded: Option<Seat>,
}

/// What happened in a duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DuelEvent {
    /// A seat sealed a stance (public: the stance is not told).
    Sealed {
        /// Who.
        seat: Seat,
    },
    /// A seat's own stance, told to that seat only.
    Chose {
        /// Who.
        seat: Seat,
        /// The stance.
        stance: Stance,
    },
    /// A round was rolled out.
    Round {
        /// Both stances, revealed.
        stances: [Stance; 2],
        /// Every roll, pushes included: seat 0's then seat 1's.
        rolls: Vec<(PoolRoll, PoolRoll)>,
        /// The round's winner.
        winner: Seat,
    },
    /// The duel ended.
    Over {
        /// The winner.
        winner: Seat,
    },
}

/// What one viewer sees of a duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuelView {
    /// Rounds needed to win the duel (the config's, public).
    pub first_to: u8,
    /// Rounds won.
    pub wins: [u8; 2],
    /// Focus tokens left.
    pub focus_left: [u8; 2],
    /// Which seats have sealed a stance this round.
    pub sealed: [bool; 2],
    /// The viewer's own sealed stance (the game master sees both).
    pub own: [Option<Stance>; 2],
    /// Each seat as people call it: its player's name, or "seat 0" and "seat 1".
    #[serde(default)]
    pub names: [String; 2],
}

/// Why a duel action was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DuelError {
    /// The config cannot be played.
    #[error("invalid duel config: {0}")]
    Config(String),
    /// The duel is over.
    #[error("the duel is over")]
    Over,
    /// The seat has already sealed this round's stance, or is not in the duel.
    #[error("{0} cannot choose a stance now")]
    NotYourTurn(String),
    /// No focus token is left.
    #[error("{0} has no focus left")]
    NoFocus(String),
    /// Only the game master may end the duel; players choose stances.
    #[error("{0}")]
    WrongActor(&'static str),
    /// Text that is not a duel action.
    #[error("'{0}' is not a duel action: write strike, focus, or (game master) concede SEAT")]
    Parse(String),
    /// The dice failed.
    #[error(transparent)]
    Dice(#[from] DiceError),
}

impl From<PoolError> for DuelError {
    fn from(e: PoolError) -> Self {
        match e {
            PoolError::Dice(d) => DuelError::Dice(d),
            other => DuelError::Config(other.to_string()),
        }
    }
}

/// The duel game (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Duel;

impl Duel {
    fn winner(state: &DuelState) -> Option<Seat> {
        if let Some(loser) = state.conceded {
            return Some(Seat(1 - loser.0));
        }
        (0..2)
            .find(|&i| state.wins[i] >= state.config.first_to)
            .map(|i| Seat(i as u16))
    }

    /// Seat `seat` as people call it: its player's name, or "Player 1" and "Player 2" when
    /// the config names none.
    fn name(config: &DuelConfig, seat: Seat) -> String {
        config
            .players
            .get(usize::from(seat.0))
            .cloned()
            .unwrap_or_else(|| seat.player_name())
    }

    fn seat_index(actor: Actor) -> Option<usize> {
        match actor {
            Actor::Seat(Seat(s)) if s < 2 => Some(s as usize),
            _ => None,
        }
    }
}

impl Game for Duel {
    const NAME: &'static str = "duel";
    const TITLE: &'static str = "Duel";
    type Config = DuelConfig;
    type State = DuelState;
    type Action = DuelAction;
    type Event = DuelEvent;
    type View = DuelView;
    type Error = DuelError;

    fn setup(config: &DuelConfig, _dice: &mut dyn Dice) -> Result<DuelState, DuelError> {
        if config.first_to == 0 {
            return Err(DuelError::Config("first_to must be at least 1".into()));
        }
        if config.rolled == 0 || config.kept == 0 || config.rolled > 20 {
            return Err(DuelError::Config(
                "the pool must roll 1 to 20 dice and keep at least 1".into(),
            ));
        }
        if !config.players.is_empty() && config.players.len() != 2 {
            return Err(DuelError::Config(format!(
                "a duel has two players, but {} names were given",
                config.players.len()
            )));
        }
        Ok(DuelState {
            config: config.clone(),
            wins: [0, 0],
            focus_left: [config.focus_tokens; 2],
            sealed: [None, None],
            conceded: None,
        })
    }

    fn seat_count(_state: &DuelState) -> u16 {
        2
    }

    fn turn(state: &DuelState) -> Turn {
        if let Some(winner) = Duel::winner(state) {
            return Turn::Over(Outcome {
                winners: vec![winner],
                ranking: vec![vec![winner], vec![Seat(1 - winner.0)]],
                scores: [
                    (Seat(0), i64::from(state.wins[0])),
                    (Seat(1), i64::from(state.wins[1])),
                ]
                .into_iter()
                .collect(),
                score_denominator: 1,
                reason: if state.conceded.is_some() {
                    "a seat conceded".into()
                } else {
                    format!(
                        "{} won {} rounds",
                        Duel::name(&state.config, winner),
                        state.config.first_to
                    )
                },
            });
        }
        let mut actors: Vec<Actor> = (0..2)
            .filter(|&i| state.sealed[i].is_none())
            .map(|i| Actor::Seat(Seat(i as u16)))
            .collect();
        actors.push(Actor::GameMaster);
        Turn::Acting(actors)
    }

    fn legal_actions(state: &DuelState, actor: Actor) -> Vec<DuelAction> {
        if Duel::winner(state).is_some() {
            return Vec::new();
        }
        match actor {
            Actor::GameMaster => vec![DuelAction::Concede(Seat(0)), DuelAction::Concede(Seat(1))],
            _ => match Duel::seat_index(actor) {
                Some(i) if state.sealed[i].is_none() => {
                    let mut actions = vec![DuelAction::Choose(Stance::Strike)];
                    if state.focus_left[i] > 0 {
                        actions.push(DuelAction::Choose(Stance::Focus));
                    }
                    actions
                }
                _ => Vec::new(),
            },
        }
    }

    fn apply(
        state: &mut DuelState,
        actor: Actor,
        action: &DuelAction,
        dice: &mut dyn Dice,
    ) -> Result<Vec<Visible<DuelEvent>>, DuelError> {
        if Duel::winner(state).is_some() {
            return Err(DuelError::Over);
        }
        match (*action, actor) {
            (DuelAction::Concede(seat), Actor::GameMaster) => {
                if seat.0 > 1 {
                    return Err(DuelError::WrongActor("only seats 0 and 1 duel"));
                }
                state.conceded = Some(seat);
                let winner = Seat(1 - seat.0);
                Ok(vec![Visible::public(DuelEvent::Over { winner })])
            }
            (DuelAction::Concede(_), _) => {
                Err(DuelError::WrongActor("only the game master can end a duel"))
            }
            (DuelAction::Choose(_), Actor::GameMaster) => Err(DuelError::WrongActor(
                "the game master does not choose stances",
            )),
            (DuelAction::Choose(stance), Actor::Seat(seat)) => {
                let name = || Duel::name(&state.config, seat);
                let i = Duel::seat_index(actor).ok_or_else(|| DuelError::NotYourTurn(name()))?;
                if state.sealed[i].is_some() {
                    return Err(DuelError::NotYourTurn(name()));
                }
                if stance == Stance::Focus && state.focus_left[i] == 0 {
                    return Err(DuelError::NoFocus(name()));
                }
                let mut events = vec![
                    Visible::public(DuelEvent::Sealed { seat }),
                    Visible {
                        audience: Audience::only(seat),
                        event: DuelEvent::Chose { seat, stance },
                    },
                ];
                let mut sealed = state.sealed;
                sealed[i] = Some(stance);
                let (Some(a), Some(b)) = (sealed[0], sealed[1]) else {
                    state.sealed = sealed;
                    return Ok(events);
                };
                // Both sealed: roll it out. Nothing changes before the roll has succeeded.
                let pool_for = |stance: Stance| {
                    let mut pool = Pool::new(state.config.rolled, state.config.kept);
                    if stance == Stance::Focus {
                        pool.add(PoolDelta { rolled: 1, kept: 0 });
                    }
                    pool
                };
                let contest = roll_off(
                    &pool_for(a),
                    &pool_for(b),
                    Comparison::HighestThenSecond,
                    dice,
                    1000,
                )?;
                let winner = match contest.winner {
                    Side::First => Seat(0),
                    Side::Second => Seat(1),
                };
                for (j, s) in [a, b].into_iter().enumerate() {
                    if s == Stance::Focus {
                        state.focus_left[j] -= 1;
                    }
                }
                state.sealed = [None, None];
                state.wins[winner.0 as usize] += 1;
                events.push(Visible::public(DuelEvent::Round {
                    stances: [a, b],
                    rolls: contest.rounds,
                    winner,
                }));
                if Duel::winner(state).is_some() {
                    events.push(Visible::public(DuelEvent::Over { winner }));
                }
                Ok(events)
            }
        }
    }

    fn view(state: &DuelState, viewer: Viewer) -> DuelView {
        let own = match viewer {
            Viewer::GameMaster => state.sealed,
            Viewer::Seat(Seat(s)) if s < 2 => {
                let mut own = [None, None];
                own[s as usize] = state.sealed[s as usize];
                own
            }
            _ => [None, None],
        };
        DuelView {
            first_to: state.config.first_to,
            wins: state.wins,
            focus_left: state.focus_left,
            sealed: [state.sealed[0].is_some(), state.sealed[1].is_some()],
            own,
            names: [
                Duel::name(&state.config, Seat(0)),
                Duel::name(&state.config, Seat(1)),
            ],
        }
    }

    fn parse_action(
        _state: &DuelState,
        _actor: Actor,
        text: &str,
    ) -> Result<DuelAction, DuelError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            [w] if w.eq_ignore_ascii_case("strike") => Ok(DuelAction::Choose(Stance::Strike)),
            [w] if w.eq_ignore_ascii_case("focus") => Ok(DuelAction::Choose(Stance::Focus)),
            [w, n] if w.eq_ignore_ascii_case("concede") => n
                .parse::<u16>()
                .map(|s| DuelAction::Concede(Seat(s)))
                .map_err(|_| DuelError::Parse(text.to_owned())),
            _ => Err(DuelError::Parse(text.chars().take(80).collect())),
        }
    }

    fn format_action(_state: &DuelState, action: &DuelAction) -> String {
        match action {
            DuelAction::Choose(Stance::Strike) => "strike".into(),
            DuelAction::Choose(Stance::Focus) => "focus".into(),
            DuelAction::Concede(seat) => format!("concede {seat}"),
        }
    }

    fn seat_name(state: &DuelState, seat: Seat) -> String {
        Duel::name(&state.config, seat)
    }

    fn name_players(config: &mut DuelConfig, names: &[String]) -> Result<(), NamesError> {
        if names.len() != 2 {
            return Err(NamesError::Count {
                game: Duel::TITLE,
                seats: 2,
                given: names.len(),
            });
        }
        config.players = names.to_vec();
        Ok(())
    }

    fn max_actions(config: &DuelConfig) -> u64 {
        // Each round takes two choices; at most 2 * first_to - 1 rounds.
        4 * u64::from(config.first_to) + 1
    }

    fn secrets(state: &DuelState, viewer: Viewer) -> Vec<String> {
        let mut secrets = Vec::new();
        for (i, sealed) in state.sealed.iter().enumerate() {
            let seat = Seat(i as u16);
            let sees = matches!(viewer, Viewer::GameMaster) || viewer == Viewer::Seat(seat);
            if let (Some(stance), false) = (sealed, sees) {
                let event = DuelEvent::Chose {
                    seat,
                    stance: *stance,
                };
                secrets.push(serde_json::to_string(&event).unwrap_or_default());
                // The view must not show it in the seat's "own" slot either.
                let mut own = [None, None];
                own[i] = Some(*stance);
                secrets.push(format!(
                    "\"own\":{}",
                    serde_json::to_string(&own).unwrap_or_default()
                ));
            }
        }
        secrets
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;

    fn play(
        state: &mut DuelState,
        seat: u16,
        stance: Stance,
        dice: &[u32],
    ) -> Vec<Visible<DuelEvent>> {
        Duel::apply(
            state,
            Actor::Seat(Seat(seat)),
            &DuelAction::Choose(stance),
            &mut ScriptedDice::new(dice.to_vec()),
        )
        .unwrap()
    }

    #[test]
    fn a_round_resolves_when_both_have_sealed() {
        let mut state = Duel::setup(&DuelConfig::default(), &mut ScriptedDice::new([])).unwrap();
        assert_eq!(play(&mut state, 0, Stance::Focus, &[]).len(), 2);
        assert_eq!(state.wins, [0, 0]);
        // Seat 0 focuses: 3k1 rolls 2, 10+4, 1 = 14; seat 1: 9, 9.
        let events = play(&mut state, 1, Stance::Strike, &[2, 10, 4, 1, 9, 9]);
        assert_eq!(state.wins, [1, 0]);
        assert_eq!(state.focus_left, [1, 2]);
        assert!(matches!(
            events.last().unwrap().event,
            DuelEvent::Round {
                winner: Seat(0),
                ..
            }
        ));
    }

    #[test]
    fn refused_actions_change_nothing() {
        let mut state = Duel::setup(&DuelConfig::default(), &mut ScriptedDice::new([])).unwrap();
        play(&mut state, 0, Stance::Strike, &[]);
        let before = state.clone();
        let mut dice = ScriptedDice::new([]);
        assert!(
            Duel::apply(
                &mut state,
                Actor::Seat(Seat(0)),
                &DuelAction::Choose(Stance::Strike),
                &mut dice
            )
            .is_err()
        );
        // Seat 1's choice needs dice the script does not have: refused, nothing changes.
        assert!(
            Duel::apply(
                &mut state,
                Actor::Seat(Seat(1)),
                &DuelAction::Choose(Stance::Strike),
                &mut dice
            )
            .is_err()
        );
        assert_eq!(state, before);
    }
}
