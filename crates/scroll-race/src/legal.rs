//! Every legal action of an actor: the carrier choices, the carrier change, and each turn a
//! character may play (nothing, a move, a technique, or a move then a technique).

use pbp_core::engine::Actor;

use crate::engine::{check_use, plan_into};
use crate::field::{Dir, Square};
use crate::model::{CharId, Movement, Ruling, ScrollRaceAction, Target, Use};
use crate::state::{Phase, ScrollRaceState, captain, seat_char, team_chars, team_seats};
use crate::technique::Technique;

/// Every move a character might make, in the order of the legal actions: the steps, then the
/// sprints (straight, then with each perpendicular turn).
const ALL_MOVES: [Movement; 16] = {
    use Dir::{East, North, South, West};
    const fn sprint(long: Dir, short: Option<Dir>) -> Movement {
        Movement::Sprint { long, short }
    }
    [
        Movement::Step(North),
        Movement::Step(East),
        Movement::Step(South),
        Movement::Step(West),
        sprint(North, None),
        sprint(North, Some(East)),
        sprint(North, Some(West)),
        sprint(East, None),
        sprint(East, Some(North)),
        sprint(East, Some(South)),
        sprint(South, None),
        sprint(South, Some(East)),
        sprint(South, Some(West)),
        sprint(West, None),
        sprint(West, Some(North)),
        sprint(West, Some(South)),
    ]
};

/// Pushes to `out`, as turns of `movement` then a technique, every technique `id` could use
/// from the state `sim` (already moved), checked by `check_use`, in the order of the
/// character's skills and of each technique's targets (characters by number, squares row by
/// row). Candidates that cannot pass `check_use` are left out before it is asked (a target
/// out of any reach of the technique, a square taken, a technique with nothing to restore),
/// so that the list is the same as asking it of every target, without building the reasons.
fn push_uses(
    sim: &ScrollRaceState,
    id: CharId,
    movement: Option<Movement>,
    out: &mut Vec<ScrollRaceAction>,
) {
    let me = sim.ch(id);
    let at = me.square;
    let team = me.team;
    let mut offer = |u: Use| {
        if check_use(sim, id, &u).is_ok() {
            out.push(ScrollRaceAction::Play {
                movement,
                technique: Some(u),
            });
        }
    };
    // The squares a Kuchiyose, Fuinjutsu or Suiton may aim at: within two squares (the
    // longest range of any of them, under either metric), row by row, on the field, free.
    let (width, height) = (sim.config.field.width(), sim.config.field.height());
    let aimed = |offer: &mut dyn FnMut(Use), make: fn(Square) -> Use| {
        for y in at.y.saturating_sub(2)..=at.y.saturating_add(2).min(height.saturating_sub(1)) {
            for x in at.x.saturating_sub(2)..=at.x.saturating_add(2).min(width.saturating_sub(1)) {
                let s = Square::new(x, y);
                if s != at
                    && sim.distance(at, s) <= 2
                    && sim.occupant(s).is_none()
                    && sim.summon_at(s).is_none()
                {
                    offer(make(s));
                }
            }
        }
    };
    for skill in &me.skills {
        if skill.left == Some(0) {
            continue;
        }
        match skill.technique {
            Technique::Sprint => {}
            Technique::Pass => {
                // Every rank's reach is within two king steps.
                if sim.carries(id) {
                    for c in team_chars(team) {
                        if c != id && at.chebyshev(sim.ch(c).square) <= 2 {
                            offer(Use::Pass(c));
                        }
                    }
                }
            }
            technique @ (Technique::Goken
            | Technique::Suiken
            | Technique::Taijutsu
            | Technique::Katon
            | Technique::Raiton) => {
                // A strike reaches one king step; Katon and Raiton their reach at most.
                let reach = if technique.is_melee() {
                    1
                } else {
                    u32::from(sim.config.ranged_reach)
                };
                for c in team_chars(1 - team) {
                    if at.chebyshev(sim.ch(c).square) <= reach {
                        offer(Use::Attack {
                            technique,
                            target: Target::Character(c),
                        });
                    }
                }
                for s in &sim.summons {
                    if at.chebyshev(s.square) <= reach {
                        offer(Use::Attack {
                            technique,
                            target: Target::Summon(s.square),
                        });
                    }
                }
            }
            Technique::Genjutsu => offer(Use::Genjutsu),
            Technique::Doton => {
                if me.doton.is_none() {
                    offer(Use::Doton);
                }
            }
            Technique::Sensory => {
                if sim.carrier(1 - team).is_some() {
                    offer(Use::Sensory);
                }
            }
            Technique::Kuchiyose => aimed(&mut offer, Use::Kuchiyose),
            Technique::Fuinjutsu => aimed(&mut offer, Use::Fuinjutsu),
            Technique::Suiton => aimed(&mut offer, Use::Suiton),
            Technique::Kujutsu => {
                // Every rank reaches at most three squares; the ally must be free to enter.
                for c in team_chars(team) {
                    let ally = sim.ch(c);
                    if c == id || at.chebyshev(ally.square) > 3 {
                        continue;
                    }
                    for d in Dir::ALL {
                        if let Some(to) = ally.square.step(d)
                            && sim.barrier(c, to).is_none()
                        {
                            offer(Use::Kujutsu { ally: c, to });
                        }
                    }
                }
            }
            Technique::Iroujutsu => {
                // Oneself or an adjacent ally, and a spent technique of the caster's rank.
                for c in team_chars(team) {
                    let target = sim.ch(c);
                    if c != id && !target.square.orthogonal_to(at) {
                        continue;
                    }
                    for t in Technique::ALL {
                        if target
                            .skill(t)
                            .is_some_and(|s| s.left == Some(0) && s.rank == skill.rank)
                        {
                            offer(Use::Iroujutsu {
                                target: c,
                                technique: t,
                            });
                        }
                    }
                }
            }
            Technique::Fuuton => {
                if !me.burned {
                    for c in team_chars(1 - team) {
                        if at.orthogonal_to(sim.ch(c).square) {
                            offer(Use::Fuuton(c));
                        }
                    }
                }
            }
        }
    }
}

/// Every turn `id` may play now: doing nothing, each move alone, and each move (or none)
/// followed by each technique usable from where the move ends (also after a move that ends
/// the turn on a known trap, or wins: the technique is then lost, but `apply` accepts it).
/// Each move is planned once, on one copy of the state that each plan puts back
/// ([`plan_into`]), and the techniques after it listed from there.
fn plays(state: &ScrollRaceState, id: CharId) -> Vec<ScrollRaceAction> {
    let mut actions = vec![ScrollRaceAction::Play {
        movement: None,
        technique: None,
    }];
    let mut techniques = Vec::new();
    if state.phase != Phase::Over {
        push_uses(state, id, None, &mut techniques);
    }
    let mut sim = state.clone();
    for m in ALL_MOVES {
        if !plan_into(state, id, m, &mut sim, false).unwrap_or(false) {
            continue;
        }
        actions.push(ScrollRaceAction::Play {
            movement: Some(m),
            technique: None,
        });
        push_uses(&sim, id, Some(m), &mut techniques);
    }
    actions.append(&mut techniques);
    actions
}

/// [`Game::legal_actions`](pbp_core::engine::Game::legal_actions).
pub(crate) fn legal_actions(state: &ScrollRaceState, actor: Actor) -> Vec<ScrollRaceAction> {
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
            (Some(id), Some(cur)) if id == cur => plays(state, id),
            _ => Vec::new(),
        },
    }
}

#[cfg(test)]
mod tests {
    use pbp_core::{
        Dice, SeededDice,
        engine::{Game, Turn},
    };

    use super::*;
    use crate::config::{Metric, ScrollRaceConfig};
    use crate::engine::{planned_move, unplan};
    use crate::game::ScrollRace;

    /// The legal turns worked out the long way, as the list was first written: every technique
    /// aimed at every character, summon and square within three king steps, each asked of
    /// `check_use`, after each move planned on a copy of its own.
    fn every_turn_asked(state: &ScrollRaceState, id: CharId) -> Vec<ScrollRaceAction> {
        let uses_from = |sim: &ScrollRaceState| -> Vec<Use> {
            let me = sim.ch(id);
            let at = me.square;
            let near: Vec<Square> = sim
                .config
                .field
                .squares()
                .filter(|s| *s != at && at.chebyshev(*s) <= 3)
                .collect();
            let mut candidates = Vec::new();
            for skill in me.skills.iter().filter(|s| s.left != Some(0)) {
                let seats = |team: u8| team_seats(team).into_iter().map(|s| s.0 as CharId);
                match skill.technique {
                    Technique::Sprint => {}
                    Technique::Pass => candidates.extend(seats(me.team).map(Use::Pass)),
                    t @ (Technique::Goken
                    | Technique::Suiken
                    | Technique::Taijutsu
                    | Technique::Katon
                    | Technique::Raiton) => {
                        for c in seats(1 - me.team) {
                            candidates.push(Use::Attack {
                                technique: t,
                                target: Target::Character(c),
                            });
                        }
                        for s in &sim.summons {
                            candidates.push(Use::Attack {
                                technique: t,
                                target: Target::Summon(s.square),
                            });
                        }
                    }
                    Technique::Genjutsu => candidates.push(Use::Genjutsu),
                    Technique::Doton => candidates.push(Use::Doton),
                    Technique::Sensory => candidates.push(Use::Sensory),
                    Technique::Kuchiyose => {
                        candidates.extend(near.iter().map(|&s| Use::Kuchiyose(s)))
                    }
                    Technique::Fuinjutsu => {
                        candidates.extend(near.iter().map(|&s| Use::Fuinjutsu(s)))
                    }
                    Technique::Suiton => candidates.extend(near.iter().map(|&s| Use::Suiton(s))),
                    Technique::Kujutsu => {
                        for c in seats(me.team) {
                            for d in Dir::ALL {
                                if let Some(to) = sim.ch(c).square.step(d) {
                                    candidates.push(Use::Kujutsu { ally: c, to });
                                }
                            }
                        }
                    }
                    Technique::Iroujutsu => {
                        for c in seats(me.team) {
                            for t in Technique::ALL {
                                candidates.push(Use::Iroujutsu {
                                    target: c,
                                    technique: t,
                                });
                            }
                        }
                    }
                    Technique::Fuuton => candidates.extend(seats(1 - me.team).map(Use::Fuuton)),
                }
            }
            candidates
                .into_iter()
                .filter(|u| check_use(sim, id, u).is_ok())
                .collect()
        };
        let mut actions = vec![ScrollRaceAction::Play {
            movement: None,
            technique: None,
        }];
        let mut starts: Vec<(Option<Movement>, ScrollRaceState)> = vec![(None, state.clone())];
        for m in ALL_MOVES {
            if let Ok(sim) = planned_move(state, id, m) {
                actions.push(ScrollRaceAction::Play {
                    movement: Some(m),
                    technique: None,
                });
                starts.push((Some(m), sim));
            }
        }
        for (movement, sim) in &starts {
            for u in uses_from(sim) {
                actions.push(ScrollRaceAction::Play {
                    movement: *movement,
                    technique: Some(u),
                });
            }
        }
        actions
    }

    /// Every move of `id` planned on one copy of `state` ([`plan_into`]) gives the state
    /// [`planned_move`] gives on a copy of its own, or the same refusal, and taking the plan
    /// back ([`unplan`]) gives `state` again.
    fn plans_are_taken_back(state: &ScrollRaceState, id: CharId) {
        let mut sim = state.clone();
        for m in ALL_MOVES {
            match (
                plan_into(state, id, m, &mut sim, true),
                planned_move(state, id, m),
            ) {
                (Ok(true), Ok(planned)) => assert_eq!(sim, planned, "{m:?}"),
                (Err(e), Err(refused)) => assert_eq!(e, refused, "{m:?}"),
                (mine, theirs) => panic!("{m:?}: {mine:?} but {:?}", theirs.map(|_| ())),
            }
            unplan(&mut sim, state, id);
            assert_eq!(&sim, state, "{m:?} taken back");
        }
    }

    /// The list, which leaves out before asking the candidates that cannot pass, is exactly the
    /// list of asking every candidate, in the same order, in every position of random games
    /// under the options that change reaches and ranks (random talents bring every technique).
    #[test]
    fn the_list_is_every_turn_that_passes_the_check_in_order() {
        let configs = [
            ScrollRaceConfig::default(),
            ScrollRaceConfig {
                metric: Metric::Chebyshev,
                diagonal_strikes: true,
                ranged_reach: 3,
                free_rank: 2,
                ..ScrollRaceConfig::default()
            },
            ScrollRaceConfig {
                ranged_reach: 1,
                free_rank: 1,
                free_uses: Some(2),
                ..ScrollRaceConfig::default()
            },
        ];
        let mut positions = 0;
        for (k, config) in configs.iter().enumerate() {
            for seed in 0..12 {
                let mut dice = SeededDice::new(1000 * k as u64 + seed);
                let mut state = ScrollRace::setup(config, &mut dice).unwrap();
                for _ in 0..400 {
                    let Turn::Acting(actors) = ScrollRace::turn(&state) else {
                        break;
                    };
                    let actor = actors[0];
                    let legal = ScrollRace::legal_actions(&state, actor);
                    if let Some(id) = state.current() {
                        plans_are_taken_back(&state, id);
                        assert_eq!(
                            legal,
                            every_turn_asked(&state, id),
                            "seed {seed}, config {k}"
                        );
                        positions += 1;
                    }
                    let i = dice.roll(legal.len() as u32).unwrap() as usize - 1;
                    ScrollRace::apply(&mut state, actor, &legal[i], &mut dice).unwrap();
                }
            }
        }
        assert!(positions > 1000, "{positions} positions");
    }
}
