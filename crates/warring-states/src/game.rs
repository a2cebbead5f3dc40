//! The `Game` contract for Warring States.

use std::collections::BTreeMap;

use pbp_core::{Actor, Audience, Dice, Game, Seat, Turn, Viewer, Visible};

use crate::error::WarringStatesError;
use crate::map::{Map, StateId};
use crate::model::{
    Colour, GainReason, JoinSpec, Order, OrderSheet, Player, School, WarringStatesAction,
    WarringStatesConfig, WarringStatesEvent, WarringStatesState, WarringStatesView,
};
use crate::orders::{check_sheet, format_sheet, parse_post, problems_for};
use crate::resolve::{new_general, resolve};

/// The most players in a game.
pub const MAX_PLAYERS: usize = 12;

/// Warring States of Han (seed 003).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WarringStates;

fn starting_generals(school: School) -> u32 {
    if school == School::Legalist { 5 } else { 3 }
}

/// Seats a player at `state`, with starting rice and generals.
fn seat_player(
    state: &mut WarringStatesState,
    spec: &JoinSpec,
    rice: u32,
    dice: &mut dyn Dice,
) -> Result<Vec<Visible<WarringStatesEvent>>, WarringStatesError> {
    let ix = usize::from(spec.seat.0);
    let player = Player {
        name: spec.name.trim().to_owned(),
        colour: spec.colour,
        school: spec.school,
        rice,
        generals: Vec::new(),
        kingdom: None,
        eliminated: false,
        joined: state.turn,
    };
    if ix == state.players.len() {
        state.players.push(player);
    } else {
        state.players[ix] = player;
    }
    state.used_colours.push(spec.colour);
    state.holders[usize::from(spec.state)] = Some(spec.seat);
    let mut events = vec![Visible::public(WarringStatesEvent::Joined {
        seat: spec.seat,
        name: spec.name.trim().to_owned(),
        state: spec.state,
        colour: spec.colour,
        school: spec.school,
        rice,
    })];
    for _ in 0..starting_generals(spec.school) {
        let general = new_general(state, spec.school, dice)?;
        state.players[ix].generals.push(general.clone());
        events.push(Visible::public(WarringStatesEvent::GeneralJoined {
            seat: spec.seat,
            general,
            reason: GainReason::Start,
        }));
    }
    Ok(events)
}

/// The game master's `no orders SEAT`.
fn no_orders_for(
    state: &WarringStatesState,
    who: &str,
) -> Result<WarringStatesAction, WarringStatesError> {
    state
        .find_seat(who)
        .map(|seat| WarringStatesAction::NoOrders { seat })
        .ok_or_else(|| {
            WarringStatesError::Parse(format!(
                "'{who}' is no player: name a seat by its number, colour or player name"
            ))
        })
}

fn check_join(state: &WarringStatesState, spec: &JoinSpec) -> Result<(), WarringStatesError> {
    let err = |m: String| Err(WarringStatesError::Join(m));
    if !state.joining_open() {
        return err(format!(
            "joining closed when turn {} began",
            state.rules.last_join_turn + 1
        ));
    }
    let ix = usize::from(spec.seat.0);
    let rejoin = state.players.get(ix).is_some_and(|p| p.eliminated);
    let out: Vec<String> = state
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| p.eliminated)
        .map(|(i, _)| format!("{} in seat {i}", state.seat_name(Seat(i as u16))))
        .collect();
    if !rejoin && state.players.len() >= MAX_PLAYERS {
        return err(if out.is_empty() {
            format!(
                "the table is full: {MAX_PLAYERS} players is the most the game seats, and none of them has been eliminated"
            )
        } else {
            format!(
                "the table is full: {MAX_PLAYERS} players is the most the game seats; a new player may only take an eliminated player's seat ({})",
                out.join(", ")
            )
        });
    }
    if state.players.get(ix).is_some_and(|p| !p.eliminated) {
        return err(format!(
            "seat {} is held by {}, who is still in the game",
            spec.seat,
            state.seat_name(spec.seat)
        ));
    }
    if !(rejoin || ix == state.players.len()) {
        return err(format!(
            "seat {} is neither the next free seat (seat {}) nor an eliminated player's",
            spec.seat,
            state.players.len()
        ));
    }
    let name = spec.name.trim();
    if name.is_empty() || name.len() > 60 {
        return err("a player needs a name of 1 to 60 characters".into());
    }
    if state.used_colours.contains(&spec.colour) {
        return err(format!("{} has already been taken", spec.colour.name()));
    }
    state.join_allowed(spec.state).or_else(err)
}

impl WarringStates {
    fn seat_of(state: &WarringStatesState, actor: Actor) -> Option<Seat> {
        let seat = actor.seat()?;
        let p = state.player(seat)?;
        (!p.eliminated && !state.sheets.contains_key(&seat) && state.outcome.is_none())
            .then_some(seat)
    }

    /// A documented sample of legal order sheets for `seat` (see `legal_actions`).
    fn sample_sheets(state: &WarringStatesState, seat: Seat) -> Vec<OrderSheet> {
        let Some(p) = state.player(seat) else {
            return Vec::new();
        };
        let rice = p.rice;
        let held = state.holdings(seat);
        let gens: Vec<u32> = p.generals.iter().map(|g| g.id).collect();
        let turn = state.turn;
        let sheet = |orders: Vec<Order>| OrderSheet {
            turn,
            orders,
            notes: Vec::new(),
        };
        let mut out = vec![sheet(Vec::new())];
        // Everything on defence, spread over the held states.
        if rice > 0 && !held.is_empty() {
            let n = (held.len() as u32).min(rice);
            let mut orders = Vec::new();
            for (i, &s) in held.iter().take(n as usize).enumerate() {
                let share = rice / n + u32::from((i as u32) < rice % n);
                orders.push(Order::Defense {
                    state: s,
                    rice: share,
                    generals: Vec::new(),
                });
            }
            out.push(sheet(orders));
        }
        // Targets, weakest first (independent defence, or output for players' states).
        let mut targets: Vec<StateId> = state.targets(seat);
        targets.sort_by_key(|&t| {
            let weight = match state.holders[usize::from(t)] {
                None if t == state.map.capital => state.rules.capital_defence,
                None => state.rules.independent_defence,
                Some(_) => u32::from(state.output_of(t)),
            };
            (weight, t)
        });
        for &t in targets.iter().take(3) {
            if rice >= 1 {
                let k = gens.len().min(3).min(rice as usize);
                out.push(sheet(vec![Order::Conquest {
                    state: t,
                    rice,
                    generals: gens[..k].to_vec(),
                }]));
            }
        }
        // Half on the home defence, half on the weakest target.
        if let (Some(&home), Some(&t)) = (held.first(), targets.first())
            && rice >= 2
        {
            let d = rice / 2;
            let a = rice - d;
            let g_def: Vec<u32> = gens.iter().take(1.min(d as usize)).copied().collect();
            let g_att: Vec<u32> = gens
                .iter()
                .skip(g_def.len())
                .take(2.min(a as usize))
                .copied()
                .collect();
            out.push(sheet(vec![
                Order::Defense {
                    state: home,
                    rice: d,
                    generals: g_def,
                },
                Order::Conquest {
                    state: t,
                    rice: a,
                    generals: g_att,
                },
            ]));
        }
        // The largest whole investment that fits.
        if let Some((s, r)) = held
            .iter()
            .filter_map(|&s| {
                let cost = state.invest_cost(seat, s);
                let room = u32::from(state.rules.max_output.saturating_sub(state.output_of(s)));
                let k = (rice / cost).min(room);
                (k > 0).then_some((s, k * cost))
            })
            .max_by_key(|&(_, r)| r)
        {
            out.push(sheet(vec![Order::Invest { state: s, rice: r }]));
        }
        // One recruit; one dismissal.
        out.push(sheet(vec![Order::Recruit { count: 1 }]));
        if let Some(&g) = gens.first() {
            out.push(sheet(vec![Order::Dismiss { general: g }]));
        }
        // A Kingdom where one is ready, with the rest on its defence.
        if let Some(k) = held.iter().copied().find(|&k| state.kingdom_ready(seat, k)) {
            let mut orders = vec![Order::DeclareKingdom { state: k }];
            if rice > 0 {
                orders.push(Order::Defense {
                    state: k,
                    rice,
                    generals: Vec::new(),
                });
            }
            out.push(sheet(orders));
        }
        out.retain(|s| check_sheet(state, seat, s).is_empty());
        let mut unique: Vec<OrderSheet> = Vec::new();
        for s in out {
            if !unique.contains(&s) {
                unique.push(s);
            }
        }
        unique
    }

    fn sample_joins(state: &WarringStatesState) -> Vec<JoinSpec> {
        if !state.joining_open() {
            return Vec::new();
        }
        let seat = state
            .players
            .iter()
            .position(|p| p.eliminated)
            .or((state.players.len() < MAX_PLAYERS).then_some(state.players.len()));
        let Some(seat) = seat else {
            return Vec::new();
        };
        let Some(colour) = Colour::ALL
            .into_iter()
            .find(|c| !state.used_colours.contains(c))
        else {
            return Vec::new();
        };
        let places: Vec<StateId> = (0..state.map.len() as StateId)
            .filter(|&s| state.join_allowed(s).is_ok())
            .collect();
        let mut picks = Vec::new();
        if let Some(&first) = places.first() {
            picks.push(first);
        }
        if let Some(&last) = places.last()
            && !picks.contains(&last)
        {
            picks.push(last);
        }
        picks
            .into_iter()
            .enumerate()
            .map(|(i, s)| JoinSpec {
                seat: Seat(seat as u16),
                name: format!("Player {}", seat + 1),
                state: s,
                colour,
                school: School::ALL[(seat + i) % School::ALL.len()],
            })
            .collect()
    }

    /// Every seat still to send orders this turn.
    pub fn waiting(state: &WarringStatesState) -> Vec<Seat> {
        state
            .active_seats()
            .into_iter()
            .filter(|s| !state.sheets.contains_key(s))
            .collect()
    }
}

impl Game for WarringStates {
    const NAME: &'static str = "warring-states";
    type Config = WarringStatesConfig;
    type State = WarringStatesState;
    type Action = WarringStatesAction;
    type Event = WarringStatesEvent;
    type View = WarringStatesView;
    type Error = WarringStatesError;

    fn setup(
        config: &WarringStatesConfig,
        dice: &mut dyn Dice,
    ) -> Result<WarringStatesState, WarringStatesError> {
        let map = Map::new(&config.map)?;
        let rules = config.rules.clone();
        if rules.invest_base == 0 || rules.recruit_cost == 0 {
            return Err(WarringStatesError::Config(
                "costs must be at least 1".into(),
            ));
        }
        if rules.turn_limit == 0 {
            return Err(WarringStatesError::Config(
                "the turn limit must be at least 1".into(),
            ));
        }
        if config.players.len() > MAX_PLAYERS {
            return Err(WarringStatesError::Config(format!(
                "at most {MAX_PLAYERS} players, not {}",
                config.players.len()
            )));
        }
        let n = map.len();
        let output = rules.starting_output.min(rules.max_output);
        let mut state = WarringStatesState {
            holders: vec![None; n],
            output: vec![output; n],
            map,
            rules,
            turn: 1,
            players: Vec::new(),
            sheets: BTreeMap::new(),
            used_colours: Vec::new(),
            next_general: 1,
            outcome: None,
        };
        for (i, p) in config.players.iter().enumerate() {
            let s = state.map.find(&p.state).ok_or_else(|| {
                WarringStatesError::Config(format!("no state called '{}'", p.state))
            })?;
            if s == state.map.capital {
                return Err(WarringStatesError::Config(format!(
                    "{} is off-limits at the start",
                    p.state
                )));
            }
            if state.holders[usize::from(s)].is_some() {
                return Err(WarringStatesError::Config(format!(
                    "{} is taken twice",
                    p.state
                )));
            }
            if state.used_colours.contains(&p.colour) {
                return Err(WarringStatesError::Config(format!(
                    "{} is taken twice",
                    p.colour.name()
                )));
            }
            if p.name.trim().is_empty() {
                return Err(WarringStatesError::Config("a player needs a name".into()));
            }
            let spec = JoinSpec {
                seat: Seat(i as u16),
                name: p.name.clone(),
                state: s,
                colour: p.colour,
                school: p.school,
            };
            let rice = state.rules.starting_rice;
            seat_player(&mut state, &spec, rice, dice)?;
        }
        Ok(state)
    }

    /// The players who joined so far, eliminated ones included.
    fn seat_count(state: &WarringStatesState) -> u16 {
        state.players.len() as u16
    }

    fn turn(state: &WarringStatesState) -> Turn {
        if let Some(outcome) = &state.outcome {
            return Turn::Over(outcome.clone());
        }
        let mut actors: Vec<Actor> = Self::waiting(state).into_iter().map(Actor::Seat).collect();
        actors.push(Actor::GameMaster);
        Turn::Acting(actors)
    }

    /// A seat still to send orders gets a finite sample of legal sheets: no orders; everything on
    /// defence spread over its states; everything on the conquest of each of its three weakest
    /// targets (with up to three generals); half on defending its first state and half on its
    /// weakest target; the largest whole investment that fits; one recruit; one dismissal; a
    /// Kingdom declaration where one is ready. Each is checked with the same rules as `apply`.
    /// The game master may always close the turn and, while joining is open, admit a player
    /// at the first and last allowed state with the first free colour.
    fn legal_actions(state: &WarringStatesState, actor: Actor) -> Vec<WarringStatesAction> {
        if state.outcome.is_some() {
            return Vec::new();
        }
        match actor {
            Actor::GameMaster => {
                let mut actions = vec![WarringStatesAction::CloseTurn];
                actions.extend(
                    Self::waiting(state)
                        .into_iter()
                        .map(|seat| WarringStatesAction::NoOrders { seat }),
                );
                actions.extend(
                    Self::sample_joins(state)
                        .into_iter()
                        .map(WarringStatesAction::Join),
                );
                actions
            }
            Actor::Seat(_) => match Self::seat_of(state, actor) {
                Some(seat) => Self::sample_sheets(state, seat)
                    .into_iter()
                    .map(WarringStatesAction::Orders)
                    .collect(),
                None => Vec::new(),
            },
        }
    }

    fn apply(
        state: &mut WarringStatesState,
        actor: Actor,
        action: &WarringStatesAction,
        dice: &mut dyn Dice,
    ) -> Result<Vec<Visible<WarringStatesEvent>>, WarringStatesError> {
        if state.outcome.is_some() {
            return Err(WarringStatesError::Over);
        }
        let mut next = state.clone();
        let events = match (action, actor) {
            (WarringStatesAction::Orders(sheet), Actor::Seat(seat)) => {
                if Self::seat_of(&next, actor).is_none() {
                    return Err(WarringStatesError::NotNow(format!(
                        "{} may not send orders now (not playing, eliminated, or already sent)",
                        next.seat_name(seat)
                    )));
                }
                let raw = check_sheet(&next, seat, sheet);
                if !raw.is_empty() {
                    return Err(WarringStatesError::Orders(problems_for(
                        &next, sheet, None, raw,
                    )));
                }
                next.sheets.insert(seat, sheet.clone());
                let mut events = vec![
                    Visible::public(WarringStatesEvent::Submitted { seat }),
                    Visible {
                        audience: Audience::only(seat),
                        event: WarringStatesEvent::Sealed(next.sealed(seat, sheet)),
                    },
                ];
                if Self::waiting(&next).is_empty() {
                    events.extend(resolve(&mut next, dice)?);
                }
                events
            }
            (WarringStatesAction::NoOrders { seat }, Actor::GameMaster) => {
                let seat = *seat;
                if Self::seat_of(&next, Actor::Seat(seat)).is_none() {
                    return Err(WarringStatesError::NotNow(format!(
                        "{} has no orders to give now (not playing, eliminated, or already sent)",
                        next.seat_name(seat)
                    )));
                }
                next.sheets.insert(
                    seat,
                    OrderSheet {
                        turn: next.turn,
                        orders: Vec::new(),
                        notes: Vec::new(),
                    },
                );
                let mut events = vec![Visible::public(WarringStatesEvent::NoOrders { seat })];
                if Self::waiting(&next).is_empty() {
                    events.extend(resolve(&mut next, dice)?);
                }
                events
            }
            (WarringStatesAction::CloseTurn, Actor::GameMaster) => {
                let missing = Self::waiting(&next);
                let mut events = vec![Visible::public(WarringStatesEvent::TurnClosed { missing })];
                events.extend(resolve(&mut next, dice)?);
                events
            }
            (WarringStatesAction::Join(spec), Actor::GameMaster) => {
                check_join(&next, spec)?;
                let rice = next.join_rice();
                seat_player(&mut next, spec, rice, dice)?
            }
            (WarringStatesAction::Orders(_), Actor::GameMaster) => {
                return Err(WarringStatesError::NotNow(
                    "the game master does not send orders".into(),
                ));
            }
            (_, Actor::Seat(_)) => {
                return Err(WarringStatesError::NotNow(
                    "only the game master closes turns, admits players and gives no orders for an absent player".into(),
                ));
            }
        };
        *state = next;
        Ok(events)
    }

    fn view(state: &WarringStatesState, viewer: Viewer) -> WarringStatesView {
        let sheets = state
            .sheets
            .iter()
            .filter(|(seat, _)| match viewer {
                Viewer::GameMaster => true,
                Viewer::Seat(v) => v == **seat,
                Viewer::Public => false,
            })
            .map(|(&seat, sheet)| state.sealed(seat, sheet))
            .collect();
        WarringStatesView {
            map: state.map.clone(),
            turn: state.turn,
            holders: state.holders.clone(),
            output: state.output.clone(),
            players: state.players.clone(),
            submitted: state.sheets.keys().copied().collect(),
            sheets,
            waiting: Self::waiting(state),
            joining_open: state.joining_open(),
            outcome: state.outcome.clone(),
        }
    }

    /// A seat writes its order post (see [`parse_post`]). The game master writes `close` (close
    /// the turn) or `join SEAT STATE COLOUR SCHOOL NAME...`.
    fn parse_action(
        state: &WarringStatesState,
        actor: Actor,
        text: &str,
    ) -> Result<WarringStatesAction, WarringStatesError> {
        match actor {
            Actor::Seat(seat) => parse_post(state, seat, text).map(WarringStatesAction::Orders),
            Actor::GameMaster => {
                let words: Vec<&str> = text.split_whitespace().collect();
                match words.as_slice() {
                    [w] | [w, _] if w.eq_ignore_ascii_case("close") => Ok(WarringStatesAction::CloseTurn),
                    [w, o, who @ ..]
                        if w.eq_ignore_ascii_case("no")
                            && o.eq_ignore_ascii_case("orders")
                            && !who.is_empty() =>
                    {
                        no_orders_for(state, &who.join(" "))
                    }
                    [w, who @ ..] if w.eq_ignore_ascii_case("no-orders") && !who.is_empty() => {
                        no_orders_for(state, &who.join(" "))
                    }
                    [w, seat, st, colour, school, name @ ..]
                        if w.eq_ignore_ascii_case("join") && !name.is_empty() =>
                    {
                        let seat: u16 = seat.parse().map_err(|_| {
                            WarringStatesError::Parse(format!("'{seat}' is not a seat number"))
                        })?;
                        let st = state.map.find(st).ok_or_else(|| {
                            WarringStatesError::Parse(format!("there is no state called '{st}'"))
                        })?;
                        let colour = Colour::parse(colour)
                            .ok_or_else(|| WarringStatesError::Parse(format!("'{colour}' is not a colour")))?;
                        let school = School::parse(school)
                            .ok_or_else(|| WarringStatesError::Parse(format!("'{school}' is not a school")))?;
                        Ok(WarringStatesAction::Join(JoinSpec {
                            seat: Seat(seat),
                            name: name.join(" "),
                            state: st,
                            colour,
                            school,
                        }))
                    }
                    _ => Err(WarringStatesError::Parse(
                        "game master commands: 'close', 'no orders SEAT' (SEAT: number, colour or player name) for an absent player, or 'join SEAT STATE COLOUR SCHOOL NAME'"
                            .into(),
                    )),
                }
            }
        }
    }

    fn format_action(state: &WarringStatesState, action: &WarringStatesAction) -> String {
        match action {
            WarringStatesAction::Orders(sheet) => format_sheet(state, sheet),
            WarringStatesAction::CloseTurn => "close".into(),
            WarringStatesAction::NoOrders { seat } => format!("no orders {seat}"),
            WarringStatesAction::Join(spec) => format!(
                "join {} {} {} {} {}",
                spec.seat,
                state.map.name(spec.state),
                spec.colour.name(),
                spec.school.name(),
                spec.name
            ),
        }
    }

    fn max_actions(config: &WarringStatesConfig) -> u64 {
        // Each turn: at most one sheet per seat and the game master's close; at most one join
        // per colour over the whole game.
        u64::from(config.rules.turn_limit) * (MAX_PLAYERS as u64 + 1) + Colour::ALL.len() as u64 + 1
    }

    /// Each player's starting state.
    fn seat_positions(config: &WarringStatesConfig) -> Vec<String> {
        config.players.iter().map(|p| p.state.clone()).collect()
    }

    /// The faction is the player's name, colour and school; the position its starting state.
    fn rotate_seats(
        config: &WarringStatesConfig,
        faction_shift: usize,
        position_shift: usize,
    ) -> Option<WarringStatesConfig> {
        let n = config.players.len();
        if n == 0 {
            return None;
        }
        let players = (0..n)
            .map(|i| crate::model::PlayerSpec {
                state: config.players[(i + position_shift) % n].state.clone(),
                ..config.players[(i + faction_shift) % n].clone()
            })
            .collect();
        Some(WarringStatesConfig {
            players,
            ..config.clone()
        })
    }

    fn seat_label(state: &WarringStatesState, seat: Seat) -> String {
        state
            .player(seat)
            .map_or_else(|| format!("seat {seat}"), |p| p.colour.name().to_owned())
    }

    fn seat_name(state: &WarringStatesState, seat: Seat) -> String {
        state.seat_name(seat)
    }

    fn heuristic_action(
        state: &WarringStatesState,
        actor: Actor,
        _dice: &mut dyn Dice,
    ) -> Result<Option<WarringStatesAction>, WarringStatesError> {
        Ok(actor
            .seat()
            .filter(|&seat| state.player(seat).is_some())
            .map(|seat| WarringStatesAction::Orders(crate::bot::heuristic_sheet(state, seat))))
    }

    fn secrets(state: &WarringStatesState, viewer: Viewer) -> Vec<String> {
        state
            .sheets
            .iter()
            .filter(|(seat, _)| match viewer {
                Viewer::GameMaster => false,
                Viewer::Seat(v) => v != **seat,
                Viewer::Public => true,
            })
            .filter_map(|(&seat, sheet)| serde_json::to_string(&state.sealed(seat, sheet)).ok())
            .collect()
    }
}
