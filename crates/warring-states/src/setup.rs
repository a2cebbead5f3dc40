//! The setup, and the players who join: seating a player with its rice and starting generals.

use pbp_core::{
    Dice,
    engine::{Seat, Visible},
};
use std::collections::BTreeMap;

use crate::config::{School, WarringStatesConfig};
use crate::engine::generals::new_general;
use crate::error::{JoinRefusal, WarringStatesError};
use crate::game::MAX_PLAYERS;
use crate::model::{GainReason, JoinSpec, Player, WarringStatesEvent};
use crate::state::WarringStatesState;

fn starting_generals(school: School) -> u32 {
    if school == School::Legalist { 5 } else { 3 }
}

/// Seats a player at `state`, with starting rice and generals.
pub(crate) fn seat_player(
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

/// The setup: the map checked, the rules checked, and the starting players seated.
pub(crate) fn setup(
    config: &WarringStatesConfig,
    dice: &mut dyn Dice,
) -> Result<WarringStatesState, WarringStatesError> {
    let map = config.map.to_map()?;
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
        let s = state
            .map
            .find(&p.state)
            .ok_or_else(|| WarringStatesError::Config(format!("no state called '{}'", p.state)))?;
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

/// Whether the game master may admit this player now.
pub(crate) fn check_join(
    state: &WarringStatesState,
    spec: &JoinSpec,
) -> Result<(), WarringStatesError> {
    let err = |refusal: JoinRefusal| Err(WarringStatesError::Join(refusal));
    if !state.joining_open() {
        return err(JoinRefusal::Closed(state.rules.last_join_turn + 1));
    }
    let ix = usize::from(spec.seat.0);
    let rejoin = state.players.get(ix).is_some_and(|p| p.eliminated);
    if !rejoin && state.players.len() >= MAX_PLAYERS {
        return err(JoinRefusal::TableFull {
            most: MAX_PLAYERS,
            eliminated: state
                .players
                .iter()
                .enumerate()
                .filter(|(_, p)| p.eliminated)
                .map(|(i, _)| {
                    let seat = Seat(i as u16);
                    (state.seat_name(seat), seat)
                })
                .collect(),
        });
    }
    if state.players.get(ix).is_some_and(|p| !p.eliminated) {
        return err(JoinRefusal::SeatHeld {
            seat: spec.seat,
            player: state.seat_name(spec.seat),
        });
    }
    if !(rejoin || ix == state.players.len()) {
        return err(JoinRefusal::NotNextSeat {
            seat: spec.seat,
            next: Seat(state.players.len() as u16),
        });
    }
    let name = spec.name.trim();
    if name.is_empty() || name.len() > 60 {
        return err(JoinRefusal::BadName);
    }
    if state.used_colours.contains(&spec.colour) {
        return err(JoinRefusal::ColourTaken(spec.colour));
    }
    state.join_allowed(spec.state).or_else(err)
}
