//! Setting a game up: the map checked, the players seated, two cards each.

use std::sync::{Arc, OnceLock};

use pbp_core::{Deck, Dice, engine::Seat};

use crate::cards;
use crate::clan::{Clan, Strategy};
use crate::config::*;
use crate::engine::{Res, draw_cards};
use crate::error::ClanWarError;
use crate::map::{Map, MapSpec, Terrain};
use crate::state::*;

/// The seed's map, validated once (with what it derives, such as each hex's reach, worked out
/// once), and copied for each game with names of its own: games played on different threads
/// then share no reference count, whose cache line moving between cores on every copy of a
/// state cost `simulate` its scaling (1.71x on two cores with one map shared by all games,
/// against 1.9x and more).
fn default_map() -> Res<Arc<Map>> {
    static DEFAULT: OnceLock<Result<Map, ClanWarError>> = OnceLock::new();
    match DEFAULT.get_or_init(|| MapSpec::default_map().validate()) {
        Ok(map) => Ok(Arc::new(map.unshared_copy())),
        Err(error) => Err(error.clone()),
    }
}

/// Starts a game.
pub(crate) fn setup(config: &ClanWarConfig, dice: &mut dyn Dice) -> Res<ClanWarState> {
    let map = match &config.map {
        Some(spec) => Arc::new(spec.validate()?),
        None => default_map()?,
    };
    if !(2..=8).contains(&config.players.len()) {
        return Err(ClanWarError::Config(format!(
            "{} players: Clan War needs 2 to 8",
            config.players.len()
        )));
    }
    if config.rounds == 0 || config.rounds > 1000 {
        return Err(ClanWarError::Config("rounds must be 1 to 1000".into()));
    }
    for (i, p) in config.players.iter().enumerate() {
        check_new_player(&map.clans(), &config.players[..i], p.clan, p.strategies)?;
    }
    let holders = map
        .hexes
        .iter()
        .map(|h| match h.terrain {
            Terrain::Province(c) if config.players.iter().any(|p| p.clan == c) => Holder::Clan(c),
            _ => Holder::SpiritArmy,
        })
        .collect();
    let numbers = cards::deck(config.options.printed_cards_only)
        .into_iter()
        .map(|c| c.number)
        .collect();
    let mut state = ClanWarState {
        config: Arc::new(config.clone()),
        map,
        holders,
        players: Vec::new(),
        deck: Deck::with_reshuffle(numbers, config.options.reshuffle),
        round: 1,
        battles: Vec::new(),
        next_battle: 1,
        history: Arc::new(Vec::new()),
        over: false,
    };
    for (i, p) in config.players.iter().enumerate() {
        state.players.push(new_player(Seat(i as u16), p, 1));
    }
    let mut events = Vec::new();
    for i in 0..state.players.len() {
        draw_cards(&mut state, Seat(i as u16), 2, dice, &mut events)?;
    }
    Ok(state)
}

/// Checks a new player against the map's clans and the players already seated.
pub(crate) fn check_new_player(
    map_clans: &[Clan],
    earlier: &[PlayerSetup],
    clan: Clan,
    strategies: [Strategy; 2],
) -> Res<()> {
    if earlier.iter().any(|q| q.clan == clan) {
        return Err(ClanWarError::Config(format!(
            "the {clan} clan is taken: only one player may represent a clan"
        )));
    }
    if strategies[0] == strategies[1] {
        return Err(ClanWarError::Config(format!(
            "the {clan} player needs two different strategies"
        )));
    }
    if !map_clans.contains(&clan) {
        return Err(ClanWarError::Config(format!(
            "the map has no provinces of the {clan} clan"
        )));
    }
    Ok(())
}

/// A new player in `seat`, joining in `round`, with no cards yet.
pub(crate) fn new_player(seat: Seat, setup: &PlayerSetup, round: u32) -> Player {
    let slot = |strategy| Slot {
        strategy,
        original: None,
        revert_after: None,
    };
    Player {
        seat,
        clan: setup.clan,
        name: Arc::from(setup.name.as_str()),
        strategies: [slot(setup.strategies[0]), slot(setup.strategies[1])],
        hand: Vec::new(),
        gold: 0,
        glory_halves: 0,
        honor_bonus: 0,
        honor_next: 0,
        attacked: false,
        switched: false,
        no_draw_this_round: false,
        joined: round,
        retired: false,
    }
}
