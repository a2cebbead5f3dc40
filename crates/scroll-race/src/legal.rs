//! Every legal action of an actor: the carrier choices, the carrier change, and each turn a
//! character may play (nothing, a move, a technique, or a move then a technique).

use pbp_core::Actor;

use crate::field::{Dir, Square};
use crate::game::ScrollRace;
use crate::model::{CharId, Movement, Ruling, ScrollRaceAction, Target, Use};
use crate::state::{Phase, ScrollRaceState, captain, seat_char, team_seats};
use crate::technique::Technique;

impl ScrollRace {
    /// Every technique `id` could use from the state `sim` (already moved), checked.
    fn uses_from(sim: &ScrollRaceState, id: CharId) -> Vec<Use> {
        let me = sim.ch(id);
        let at = me.square;
        let mut candidates = Vec::new();
        let near: Vec<Square> = sim
            .config
            .field
            .squares()
            .filter(|s| *s != at && at.chebyshev(*s) <= 3)
            .collect();
        for skill in &me.skills {
            if skill.left == Some(0) {
                continue;
            }
            match skill.technique {
                Technique::Sprint => {}
                Technique::Pass => {
                    if sim.carries(id) {
                        for c in team_seats(me.team) {
                            candidates.push(Use::Pass(c.0 as CharId));
                        }
                    }
                }
                Technique::Goken
                | Technique::Suiken
                | Technique::Taijutsu
                | Technique::Katon
                | Technique::Raiton => {
                    for c in team_seats(1 - me.team) {
                        candidates.push(Use::Attack {
                            technique: skill.technique,
                            target: Target::Character(c.0 as CharId),
                        });
                    }
                    for s in &sim.summons {
                        candidates.push(Use::Attack {
                            technique: skill.technique,
                            target: Target::Summon(s.square),
                        });
                    }
                }
                Technique::Genjutsu => candidates.push(Use::Genjutsu),
                Technique::Doton => candidates.push(Use::Doton),
                Technique::Sensory => candidates.push(Use::Sensory),
                Technique::Kuchiyose => candidates.extend(near.iter().map(|&s| Use::Kuchiyose(s))),
                Technique::Fuinjutsu => candidates.extend(near.iter().map(|&s| Use::Fuinjutsu(s))),
                Technique::Suiton => candidates.extend(near.iter().map(|&s| Use::Suiton(s))),
                Technique::Kujutsu => {
                    for c in team_seats(me.team) {
                        let ally = sim.ch(c.0 as CharId);
                        for d in Dir::ALL {
                            if let Some(to) = ally.square.step(d) {
                                candidates.push(Use::Kujutsu { ally: ally.id, to });
                            }
                        }
                    }
                }
                Technique::Iroujutsu => {
                    for c in team_seats(me.team) {
                        for t in Technique::ALL {
                            candidates.push(Use::Iroujutsu {
                                target: c.0 as CharId,
                                technique: t,
                            });
                        }
                    }
                }
                Technique::Fuuton => {
                    for c in team_seats(1 - me.team) {
                        candidates.push(Use::Fuuton(c.0 as CharId));
                    }
                }
            }
        }
        candidates
            .into_iter()
            .filter(|u| sim.check_use(id, u).is_ok())
            .collect()
    }

    /// Every move a character might make, in the order of the legal actions: the steps, then
    /// the sprints (straight, then with each perpendicular turn).
    fn all_moves() -> Vec<Movement> {
        let mut moves: Vec<Movement> = Dir::ALL.into_iter().map(Movement::Step).collect();
        for long in Dir::ALL {
            moves.push(Movement::Sprint { long, short: None });
            for short in Dir::ALL {
                if short.perpendicular(long) {
                    moves.push(Movement::Sprint {
                        long,
                        short: Some(short),
                    });
                }
            }
        }
        moves
    }

    /// Every turn `id` may play now: doing nothing, each move alone, and each move (or none)
    /// followed by each technique usable from where the move ends (also after a move that ends
    /// the turn on a known trap, or wins: the technique is then lost, but `apply` accepts it).
    fn plays(state: &ScrollRaceState, id: CharId) -> Vec<ScrollRaceAction> {
        let mut actions = vec![ScrollRaceAction::Play {
            movement: None,
            technique: None,
        }];
        // Each legal move is planned once: the plan that checks it is the start of its
        // techniques (the state itself when nothing moves).
        let mut starts: Vec<(Option<Movement>, Option<ScrollRaceState>)> = vec![(None, None)];
        for m in ScrollRace::all_moves() {
            let Ok(sim) = state.planned_move(id, m) else {
                continue;
            };
            actions.push(ScrollRaceAction::Play {
                movement: Some(m),
                technique: None,
            });
            starts.push((Some(m), Some(sim)));
        }
        for (movement, sim) in starts {
            let sim = sim.as_ref().unwrap_or(state);
            for u in ScrollRace::uses_from(sim, id) {
                actions.push(ScrollRaceAction::Play {
                    movement,
                    technique: Some(u),
                });
            }
        }
        actions
    }

    /// [`Game::legal_actions`](pbp_core::Game::legal_actions).
    pub(crate) fn legal_actions_of(state: &ScrollRaceState, actor: Actor) -> Vec<ScrollRaceAction> {
        match (state.phase, actor) {
            (Phase::Over, _) => Vec::new(),
            (Phase::Play, Actor::GameMaster) => vec![ScrollRaceAction::Gm(Ruling::Skip)],
            (_, Actor::GameMaster) => Vec::new(),
            (Phase::ChooseCarriers, Actor::Seat(seat)) => match state.may_choose_carrier(seat) {
                Some(t) => team_seats(t)
                    .into_iter()
                    .map(|s| ScrollRaceAction::Carrier(s.0 as CharId))
                    .collect(),
                None => Vec::new(),
            },
            (Phase::ChangeCarrier, Actor::Seat(seat)) => {
                let team = 1 - state.starting_team;
                if seat != captain(team) {
                    return Vec::new();
                }
                let mut actions = vec![ScrollRaceAction::Keep];
                if let Some(c) = state.carrier(team) {
                    actions.extend(
                        team_seats(team)
                            .into_iter()
                            .map(|s| s.0 as CharId)
                            .filter(|&s| s != c)
                            .map(ScrollRaceAction::Carrier),
                    );
                }
                actions
            }
            (Phase::Play, Actor::Seat(_)) => match (seat_char(actor), state.current()) {
                (Some(id), Some(cur)) if id == cur => ScrollRace::plays(state, id),
                _ => Vec::new(),
            },
        }
    }
}
