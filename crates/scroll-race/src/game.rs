//! The [`Game`] contract for Scroll Race: turns, legal actions, views and secrets.

use pbp_core::{Actor, Dice, Game, Outcome, Seat, Turn, Viewer, Visible};

use crate::engine;
use crate::error::ScrollRaceError as E;
use crate::field::{Dir, Square, TEAM_SIZE};
use crate::model::*;
use crate::setup;
use crate::state::{captain, team_of, team_seats};
use crate::technique::Technique;
use crate::text;

/// Scroll Race (seed 004). See the crate docs and `docs/rules/scroll-race.md`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScrollRace;

fn seat_char(actor: Actor) -> Option<CharId> {
    match actor {
        Actor::Seat(Seat(s)) if usize::from(s) < 2 * TEAM_SIZE => Some(s as CharId),
        _ => None,
    }
}

/// The team a viewer belongs to (`None` for the public and the game master).
fn viewer_team(viewer: Viewer) -> Option<u8> {
    match viewer {
        Viewer::Seat(Seat(s)) if usize::from(s) < 2 * TEAM_SIZE => Some(team_of(s as CharId)),
        _ => None,
    }
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

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
    /// followed by each technique usable from where the move ends.
    fn plays(state: &ScrollRaceState, id: CharId) -> Vec<ScrollRaceAction> {
        let mut actions = vec![ScrollRaceAction::Play {
            movement: None,
            technique: None,
        }];
        // Each legal move is planned once: the plan that checks it is the start of its
        // techniques (the state itself when nothing moves).
        let mut starts: Vec<(Option<Movement>, Option<ScrollRaceState>, bool)> =
            vec![(None, None, true)];
        for m in ScrollRace::all_moves() {
            let Ok((sim, goes_on)) = state.planned_move(id, m) else {
                continue;
            };
            actions.push(ScrollRaceAction::Play {
                movement: Some(m),
                technique: None,
            });
            starts.push((Some(m), Some(sim), goes_on));
        }
        for (movement, sim, goes_on) in starts {
            let sim = sim.as_ref().unwrap_or(state);
            if !goes_on || sim.phase == Phase::Over {
                continue;
            }
            for u in ScrollRace::uses_from(sim, id) {
                actions.push(ScrollRaceAction::Play {
                    movement,
                    technique: Some(u),
                });
            }
        }
        actions
    }

    fn may_choose_carrier(state: &ScrollRaceState, seat: Seat) -> Option<u8> {
        (0..2u8).find(|&t| {
            captain(t) == seat && state.scrolls[usize::from(t)].holder == Holder::Unassigned
        })
    }
}

impl Game for ScrollRace {
    const NAME: &'static str = "scroll-race";
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
        match (state.phase, actor) {
            (Phase::Over, _) => Vec::new(),
            (Phase::Play, Actor::GameMaster) => vec![ScrollRaceAction::Gm(Ruling::Skip)],
            (_, Actor::GameMaster) => Vec::new(),
            (Phase::ChooseCarriers, Actor::Seat(seat)) => {
                match ScrollRace::may_choose_carrier(state, seat) {
                    Some(t) => team_seats(t)
                        .into_iter()
                        .map(|s| ScrollRaceAction::Carrier(s.0 as CharId))
                        .collect(),
                    None => Vec::new(),
                }
            }
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

    fn apply(
        state: &mut ScrollRaceState,
        actor: Actor,
        action: &ScrollRaceAction,
        dice: &mut dyn Dice,
    ) -> Result<Vec<Visible<ScrollRaceEvent>>, E> {
        if state.phase == Phase::Over {
            return Err(E::Over);
        }
        let mut next = state.clone();
        let mut events = Vec::new();
        match (action, actor) {
            (ScrollRaceAction::Gm(ruling), Actor::GameMaster) => next.rule(ruling, &mut events)?,
            (ScrollRaceAction::Gm(_), _) => {
                return Err(E::NotYourTurn("only the game master makes rulings".into()));
            }
            (_, Actor::GameMaster) => {
                return Err(E::NotYourTurn(
                    "the game master rules; players move and choose carriers".into(),
                ));
            }
            (ScrollRaceAction::Carrier(c), Actor::Seat(seat)) => {
                let chosen = next.find(*c)?.id;
                match next.phase {
                    Phase::ChooseCarriers => {
                        let team =
                            ScrollRace::may_choose_carrier(&next, seat).ok_or_else(|| {
                                E::NotYourTurn(format!("seat {seat} has no carrier to choose"))
                            })?;
                        if team_of(chosen) != team {
                            return Err(E::UnknownCharacter(next.ch(chosen).name.to_string()));
                        }
                        next.scrolls[usize::from(team)].holder = Holder::Carrier(chosen);
                        events.push(Visible {
                            audience: engine::own(team),
                            event: ScrollRaceEvent::CarrierChosen {
                                team,
                                carrier: chosen,
                            },
                        });
                        events.push(Visible::public(ScrollRaceEvent::CarrierDecided { team }));
                        if next.scrolls.iter().all(|s| s.holder != Holder::Unassigned) {
                            next.phase = Phase::Play;
                            next.settle(&mut events);
                        }
                    }
                    Phase::ChangeCarrier => {
                        let team = 1 - next.starting_team;
                        if seat != captain(team) {
                            return Err(E::NotYourTurn(format!(
                                "seat {seat} does not decide a carrier change"
                            )));
                        }
                        if team_of(chosen) != team {
                            return Err(E::UnknownCharacter(next.ch(chosen).name.to_string()));
                        }
                        match next.carrier(team) {
                            Some(old) if old != chosen => {}
                            Some(_) => {
                                return Err(E::Target(
                                    "that is already the carrier: use keep".into(),
                                ));
                            }
                            None => {
                                return Err(E::Target(
                                    "the scroll lies on the ground and cannot be handed over"
                                        .into(),
                                ));
                            }
                        }
                        next.scrolls[usize::from(team)].holder = Holder::Carrier(chosen);
                        events.push(Visible {
                            audience: engine::own(team),
                            event: ScrollRaceEvent::CarrierChosen {
                                team,
                                carrier: chosen,
                            },
                        });
                        events.push(Visible::public(ScrollRaceEvent::CarrierDecided { team }));
                        next.change_done = true;
                        next.phase = Phase::Play;
                        next.settle(&mut events);
                    }
                    _ => return Err(E::NotYourTurn("carriers are not chosen now".into())),
                }
            }
            (ScrollRaceAction::Keep, Actor::Seat(seat)) => {
                let team = 1 - next.starting_team;
                if next.phase != Phase::ChangeCarrier || seat != captain(team) {
                    return Err(E::NotYourTurn(format!(
                        "seat {seat} has no carrier change to decide"
                    )));
                }
                events.push(Visible::public(ScrollRaceEvent::CarrierDecided { team }));
                next.change_done = true;
                next.phase = Phase::Play;
                next.settle(&mut events);
            }
            (
                ScrollRaceAction::Play {
                    movement,
                    technique,
                },
                Actor::Seat(seat),
            ) => {
                let id = match (seat_char(actor), next.current()) {
                    (Some(id), Some(cur)) if id == cur => id,
                    _ => {
                        return Err(E::NotYourTurn(format!("it is not seat {seat}'s turn")));
                    }
                };
                next.play(id, *movement, technique.as_ref(), dice, &mut events)?;
            }
        }
        *state = next;
        Ok(events)
    }

    fn view(state: &ScrollRaceState, viewer: Viewer) -> ScrollRaceView {
        let team = viewer_team(viewer);
        let gm = viewer == Viewer::GameMaster;
        let knows_team = |t: u8| gm || team == Some(t);
        let characters = state
            .characters
            .iter()
            .map(|c| CharacterView {
                id: c.id,
                name: c.name.to_string(),
                team: c.team,
                npc: c.npc,
                square: c.square,
                skills: c.skills.iter().map(|s| (s.technique, s.rank)).collect(),
                burned: c.burned,
                paralysed: c.paralysed,
                doton: c.doton,
            })
            .collect();
        let uses = state
            .characters
            .iter()
            .filter(|c| knows_team(c.team))
            .map(|c| UsesView {
                character: c.id,
                left: c.skills.iter().map(|s| s.left).collect(),
            })
            .collect();
        let scrolls = (0..2u8)
            .map(|t| {
                let scroll = state.scrolls[usize::from(t)];
                // Outsiders see the last carrier revealed to them, which a secret pass may
                // have made stale: their view must not change when the scroll secretly moves.
                let (carrier, ground) = match scroll.holder {
                    Holder::Carrier(c) if knows_team(t) => (Some(c), None),
                    Holder::Carrier(_) => (scroll.last_seen, None),
                    Holder::Ground(s) => (None, Some(s)),
                    Holder::Unassigned => (None, None),
                };
                ScrollView {
                    team: t,
                    carrier,
                    last_seen: scroll.last_seen,
                    ground,
                }
            })
            .collect();
        let traps = state
            .traps
            .iter()
            .filter(|t| !t.hidden() || knows_team(t.team))
            .copied()
            .collect();
        let genjutsu = state
            .genjutsu
            .iter()
            .filter(|g| knows_team(g.team))
            .copied()
            .collect();
        let sensings = state
            .sensings
            .iter()
            .filter(|s| gm || viewer == Viewer::Seat(Seat(u16::from(s.user))))
            .cloned()
            .collect();
        ScrollRaceView {
            viewer,
            team,
            field: state.config.field.clone(),
            team_names: state.config.team_names.clone(),
            starting_team: state.starting_team,
            phase: state.phase,
            round: state.round,
            current: state.current(),
            characters,
            uses,
            scrolls,
            summons: state.summons.clone(),
            traps,
            genjutsu,
            sensings,
            ending: state.ending.clone(),
        }
    }

    fn parse_action(
        state: &ScrollRaceState,
        actor: Actor,
        text: &str,
    ) -> Result<ScrollRaceAction, E> {
        text::parse(state, actor, text)
    }

    fn format_action(state: &ScrollRaceState, action: &ScrollRaceAction) -> String {
        text::format(state, action)
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

    fn heuristic_action(
        state: &ScrollRaceState,
        actor: Actor,
        dice: &mut dyn Dice,
    ) -> Result<Option<ScrollRaceAction>, E> {
        Ok(crate::bot::heuristic_action(state, actor, dice)?)
    }

    fn secrets(state: &ScrollRaceState, viewer: Viewer) -> Vec<String> {
        if viewer == Viewer::GameMaster {
            return Vec::new();
        }
        let team = viewer_team(viewer);
        let mut secrets = Vec::new();
        for t in (0..2u8).filter(|&t| Some(t) != team) {
            let scroll = state.scrolls[usize::from(t)];
            if let Holder::Carrier(c) = scroll.holder
                && scroll.last_seen != Some(c)
            {
                secrets.push(format!("\"carrier\":{c},"));
                secrets.push(format!("\"carrier\":{c}}}"));
            }
            for trap in state.traps.iter().filter(|x| x.team == t && x.hidden()) {
                secrets.push(json(trap));
            }
            for g in state.genjutsu.iter().filter(|g| g.team == t) {
                secrets.push(json(g));
            }
            for c in state.characters.iter().filter(|c| c.team == t) {
                secrets.push(json(&UsesView {
                    character: c.id,
                    left: c.skills.iter().map(|s| s.left).collect(),
                }));
            }
        }
        for s in &state.sensings {
            if viewer != Viewer::Seat(Seat(u16::from(s.user))) {
                secrets.push(json(s));
            }
        }
        secrets
    }
}
