//! The game master's roster: late sign-ups and retirements.

use pbp_core::{
    Dice,
    engine::{Seat, Visible},
};

use super::{Events, Res, draw_cards};
use crate::clan::{Clan, Strategy};
use crate::config::*;
use crate::error::{ClanWarError, Refusal, illegal};
use crate::map::Terrain;
use crate::model::*;
use crate::setup::{check_new_player, new_player};
use crate::state::*;

/// A late sign-up: a new player of `clan` with `strategies`, holding its unheld provinces.
pub(super) fn join(
    state: &mut ClanWarState,
    clan: Clan,
    strategies: [Strategy; 2],
    dice: &mut dyn Dice,
) -> Res<Events> {
    if !state.config.options.late_sign_up {
        return illegal(Refusal::SignUpOff);
    }
    if state.players.len() >= 8 {
        return illegal(Refusal::TableFull);
    }
    let setups: Vec<PlayerSetup> = state
        .players
        .iter()
        .map(|p| PlayerSetup {
            clan: p.clan,
            strategies: [p.strategies[0].strategy, p.strategies[1].strategy],
            name: p.name.to_string(),
        })
        .collect();
    check_new_player(&state.map.clans(), &setups, clan, strategies).map_err(|e| match e {
        ClanWarError::Config(reason) => ClanWarError::Illegal(Refusal::SignUp(reason)),
        other => other,
    })?;
    let seat = Seat(state.players.len() as u16);
    let setup = PlayerSetup {
        clan,
        strategies,
        name: String::new(),
    };
    state.players.push(new_player(seat, &setup, state.round));
    // A late clan takes back those of its provinces the Spirit Army still holds.
    for (i, hex) in state.map.hexes.iter().enumerate() {
        if hex.terrain == Terrain::Province(clan) && state.holders[i] == Holder::SpiritArmy {
            state.holders[i] = Holder::Clan(clan);
        }
    }
    let mut events = vec![Visible::public(ClanWarEvent::Joined { seat, clan })];
    draw_cards(state, seat, 2, dice, &mut events)?;
    Ok(events)
}

/// Marks the player of `clan` no longer active.
pub(super) fn retire(state: &mut ClanWarState, clan: Clan) -> Res<Events> {
    let Some(p) = state.players.iter_mut().find(|p| p.clan == clan) else {
        return illegal(Refusal::NoSuchClan(clan));
    };
    if p.retired {
        return illegal(Refusal::AlreadyRetired(clan));
    }
    p.retired = true;
    Ok(vec![Visible::public(ClanWarEvent::Retired {
        seat: p.seat,
        clan,
    })])
}
