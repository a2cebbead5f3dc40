//! The [`Game`] contract for Scroll Race: whose turn it is and the action applied; setup, legal
//! actions, the engine, views and text are called from their modules.

use pbp_core::engine::names::NamesError;
use pbp_core::{
    Dice,
    engine::{Actor, Game, GameMasterRole, Outcome, Seat, Turn, Viewer, Visible},
};

use crate::config::{CharacterConfig, ScrollRaceConfig};
use crate::error::ScrollRaceError as E;
use crate::field::TEAM_SIZE;
use crate::model::{Ruling, ScrollRaceAction, ScrollRaceEvent};
use crate::state::{Ending, Holder, Phase, ScrollRaceState, captain, seat_char, team_seats};
use crate::view::ScrollRaceView;
use crate::{legal, setup, text, view};

/// Scroll Race (seed 004). See the crate docs and `docs/rules/scroll-race.md`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScrollRace;

impl Game for ScrollRace {
    const NAME: &'static str = "scroll-race";
    const TITLE: &'static str = "Scroll Race";
    type Config = ScrollRaceConfig;
    type State = ScrollRaceState;
    type Action = ScrollRaceAction;
    type Event = ScrollRaceEvent;
    type View = ScrollRaceView;
    type Error = E;

    fn setup(config: &ScrollRaceConfig, dice: &mut dyn Dice) -> Result<ScrollRaceState, E> {
        setup::setup(config, dice)
    }

    /// One seat per character, the NPCs included.
    fn seat_count(state: &ScrollRaceState) -> u16 {
        state.characters.len() as u16
    }

    fn turn(state: &ScrollRaceState) -> Turn {
        let mut actors = Vec::new();
        match state.phase {
            Phase::Over => {
                let ending = state.ending.clone().unwrap_or(Ending {
                    winner: None,
                    reason: "the game is over".into(),
                });
                let (winners, ranking) = match ending.winner {
                    Some(w) => (team_seats(w), vec![team_seats(w), team_seats(1 - w)]),
                    None => (Vec::new(), vec![(0..10).map(Seat).collect()]),
                };
                return Turn::Over(Outcome {
                    winners,
                    ranking,
                    scores: Default::default(),
                    score_denominator: 1,
                    reason: ending.reason,
                });
            }
            Phase::ChooseCarriers => {
                for t in 0..2u8 {
                    if state.scrolls[usize::from(t)].holder == Holder::Unassigned {
                        actors.push(Actor::Seat(captain(t)));
                    }
                }
            }
            Phase::ChangeCarrier => actors.push(Actor::Seat(captain(1 - state.starting_team))),
            Phase::Play => {
                if let Some(id) = state.current() {
                    actors.push(Actor::Seat(Seat(u16::from(id))));
                }
            }
        }
        actors.push(Actor::GameMaster);
        Turn::Acting(actors)
    }

    fn legal_actions(state: &ScrollRaceState, actor: Actor) -> Vec<ScrollRaceAction> {
        legal::legal_actions(state, actor)
    }

    fn apply(
        state: &mut ScrollRaceState,
        actor: Actor,
        action: &ScrollRaceAction,
        dice: &mut dyn Dice,
    ) -> Result<Vec<Visible<ScrollRaceEvent>>, E> {
        crate::engine::apply(state, actor, action, dice)
    }

    fn view(state: &ScrollRaceState, viewer: Viewer) -> ScrollRaceView {
        view::view_of(state, viewer)
    }

    fn parse_action(
        state: &ScrollRaceState,
        actor: Actor,
        text: &str,
    ) -> Result<ScrollRaceAction, E> {
        text::parse_action(state, actor, text)
    }

    fn format_action(state: &ScrollRaceState, action: &ScrollRaceAction) -> String {
        text::format_action(state, action)
    }

    fn max_actions(config: &ScrollRaceConfig) -> u64 {
        // Two carrier choices, one carrier change, then one action per turn of each character
        // per round (rulings that skip a turn are turns too).
        let rounds = u64::from(config.round_limit.unwrap_or(u32::MAX));
        3 + rounds.saturating_mul(2 * TEAM_SIZE as u64)
    }

    /// Seats are grouped by whether their team started, for the simulator's win rates.
    /// Each character's side of the field and starting square, "north 1" to "south 5".
    fn seat_positions(_config: &ScrollRaceConfig) -> Vec<String> {
        ["north", "south"]
            .iter()
            .flat_map(|side| (1..=TEAM_SIZE).map(move |i| format!("{side} {i}")))
            .collect()
    }

    /// Seats are the ten characters' places (team, turn within the team). A faction shift of
    /// `f` swaps the two teams' rosters (names, characters, carriers) when `f / 5` is odd and
    /// turns each roster by `f % 5` places; a position shift of `p` swaps the teams' sides of
    /// the field (zones, bases and starting squares) when `p / 5` is odd and turns each team's
    /// starting squares by `p % 5`.
    fn rotate_seats(
        config: &ScrollRaceConfig,
        faction_shift: usize,
        position_shift: usize,
    ) -> Option<ScrollRaceConfig> {
        let mut out = config.clone();
        let swap = (faction_shift / TEAM_SIZE) % 2;
        for team in 0..2 {
            let from = team ^ swap;
            let mut roster = config.characters[from].clone();
            if !roster.is_empty() {
                let k = (faction_shift % TEAM_SIZE) % roster.len();
                roster.rotate_left(k);
            }
            out.characters[team] = roster;
            out.carriers[team] = config.carriers[from].clone();
            out.team_names[team] = config.team_names[from].clone();
        }
        let flip = (position_shift / TEAM_SIZE) % 2 == 1;
        for team in 0..2 {
            let from = if flip { 1 - team } else { team };
            let mut starts = config.field.starts[from].clone();
            if !starts.is_empty() {
                let k = (position_shift % TEAM_SIZE) % starts.len();
                starts.rotate_left(k);
            }
            out.field.starts[team] = starts;
        }
        if flip {
            out.field.rows = config
                .field
                .rows
                .iter()
                .map(|row| {
                    row.chars()
                        .map(|c| match c {
                            'a' => 'b',
                            'b' => 'a',
                            'A' => 'B',
                            'B' => 'A',
                            c => c,
                        })
                        .collect()
                })
                .collect();
        }
        Some(out)
    }

    /// "S'il manque des joueurs, PNJ joués par leur équipe": a player's character's seat may
    /// post the turns of its team's computer-played characters (docs/rules/scroll-race.md, "who
    /// plays a computer character"). A computer-played character's own seat stands for no one
    /// else, and a character never for the other team's.
    fn plays_for(state: &ScrollRaceState, actor: Actor) -> Vec<Seat> {
        let Some(me) = seat_char(actor).and_then(|id| state.characters.get(usize::from(id))) else {
            return Vec::new();
        };
        if me.npc {
            return Vec::new();
        }
        team_seats(me.team)
            .into_iter()
            .filter(|seat| {
                state
                    .characters
                    .get(usize::from(seat.0))
                    .is_some_and(|c| c.npc)
            })
            .collect()
    }

    /// The move posted on the topic (or `wait`, no move) and the secret technique (Passe,
    /// Genjutsu, Fuinjutsu) sent to the organizer make one turn: the move, then the technique.
    fn join_private(
        _state: &ScrollRaceState,
        public: &ScrollRaceAction,
        private: &ScrollRaceAction,
    ) -> Option<ScrollRaceAction> {
        match (public, private) {
            (
                ScrollRaceAction::Play {
                    movement,
                    technique: None,
                },
                ScrollRaceAction::Play {
                    movement: None,
                    technique: Some(secret),
                },
            ) if secret.technique().is_secret() => Some(ScrollRaceAction::Play {
                movement: *movement,
                technique: Some(*secret),
            }),
            _ => None,
        }
    }

    fn seat_label(state: &ScrollRaceState, seat: Seat) -> String {
        match state.characters.get(usize::from(seat.0)) {
            Some(c) if c.team == state.starting_team => "starting team".to_owned(),
            Some(_) => "second team".to_owned(),
            None => format!("seat {seat}"),
        }
    }

    fn seat_name(state: &ScrollRaceState, seat: Seat) -> String {
        match state.characters.get(usize::from(seat.0)) {
            Some(c) => format!(
                "{} ({})",
                c.name,
                state.config.team_names[usize::from(c.team)]
            ),
            None => format!("seat {seat}"),
        }
    }

    /// Ten names, one per seat: seat `n` plays character `n` (team 0's five, then team 1's), and
    /// a character is named after its player, so that the map, the log and posts (`carrier
    /// Ann`) call it by that name. A named character is its player's (no longer one its team
    /// plays for it); its talents stay the config's, or are drawn as before. A carrier the
    /// config names follows its character to the new name. A name must be one a post can
    /// hold (1 to 24 letters, digits, `-`, `_`, `'`, not a square's name).
    fn name_players(config: &mut ScrollRaceConfig, names: &[String]) -> Result<(), NamesError> {
        let seats = 2 * TEAM_SIZE;
        if names.len() != seats {
            return Err(NamesError::Count {
                game: ScrollRace::TITLE,
                seats,
                given: names.len(),
            });
        }
        if let Some((seat, name)) = names
            .iter()
            .enumerate()
            .find(|(_, name)| !setup::valid_name(name))
        {
            return Err(NamesError::Unusable {
                game: ScrollRace::TITLE,
                seat,
                name: name.clone(),
                reason: "a character is named after its player and written in posts (carrier \
                         NAME), so its name is 1 to 24 letters, digits, -, _ or ' and not a \
                         square's name"
                    .into(),
            });
        }
        for team in 0..2u8 {
            let t = usize::from(team);
            let first = t * TEAM_SIZE;
            let carrier = config.carriers[t].as_ref().and_then(|carrier| {
                (0..TEAM_SIZE)
                    .find(|&i| setup::character_name(config, team, i).eq_ignore_ascii_case(carrier))
            });
            let roster = &mut config.characters[t];
            for (i, name) in names[first..first + TEAM_SIZE].iter().enumerate() {
                match roster.get_mut(i) {
                    Some(c) => c.name.clone_from(name),
                    None => roster.push(CharacterConfig {
                        name: name.clone(),
                        talents: None,
                    }),
                }
            }
            if let Some(i) = carrier {
                config.carriers[t] = Some(names[first + i].clone());
            }
        }
        Ok(())
    }

    /// `gm skip` (the current character loses its turn) stands in for the seat taking the
    /// turn; the organiser's other rulings are rulings.
    fn game_master_role(state: &ScrollRaceState, action: &ScrollRaceAction) -> GameMasterRole {
        match (action, state.current()) {
            (ScrollRaceAction::Gm(Ruling::Skip), Some(id)) => {
                GameMasterRole::StandIn(Seat(u16::from(id)))
            }
            _ => GameMasterRole::Ruling,
        }
    }

    fn heuristic_action(
        state: &ScrollRaceState,
        actor: Actor,
        dice: &mut dyn Dice,
    ) -> Result<Option<ScrollRaceAction>, E> {
        Ok(crate::bot::heuristic_action(state, actor, dice)?)
    }

    fn secrets(state: &ScrollRaceState, viewer: Viewer) -> Vec<String> {
        view::secrets_of(state, viewer)
    }
}
