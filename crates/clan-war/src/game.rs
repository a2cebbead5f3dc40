//! The Game contract for Clan War.

use pbp_core::engine::form::{ActionForm, Choice};
use pbp_core::engine::names::NamesError;
use pbp_core::{
    Dice,
    engine::{Actor, Game, GameMasterRole, Seat, Turn, Viewer, Visible},
};

use crate::config::*;
use crate::error::ClanWarError;
use crate::model::*;
use crate::state::*;
use crate::view::*;

/// Clan War (seed 000): see the crate docs and `docs/rules/clan-war.md`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClanWar;

impl Game for ClanWar {
    const NAME: &'static str = "clan-war";
    const TITLE: &'static str = "Clan War";
    type Config = ClanWarConfig;
    type State = ClanWarState;
    type Action = ClanWarAction;
    type Event = ClanWarEvent;
    type View = ClanWarView;
    type Error = ClanWarError;

    fn setup(config: &ClanWarConfig, dice: &mut dyn Dice) -> Result<ClanWarState, ClanWarError> {
        crate::setup::setup(config, dice)
    }

    fn seat_count(state: &ClanWarState) -> u16 {
        state.players.len() as u16
    }

    fn turn(state: &ClanWarState) -> Turn {
        if state.over {
            return Turn::Over(crate::engine::outcome(state));
        }
        let mut actors = Vec::with_capacity(state.players.len() + 1);
        for p in &state.players {
            if crate::legal::seat_can_act(state, p.seat) {
                actors.push(Actor::Seat(p.seat));
            }
        }
        actors.push(Actor::GameMaster);
        Turn::Acting(actors)
    }

    fn legal_actions(state: &ClanWarState, actor: Actor) -> Vec<ClanWarAction> {
        crate::legal::legal_actions(state, actor)
    }

    /// Clan War counts: a Magic card or the Ring of Void has a play per set of discards, so the
    /// random bot draws from the count and builds the one play it picks.
    const COUNTS_LEGAL_ACTIONS: bool = true;

    fn legal_action_count(state: &ClanWarState, actor: Actor) -> usize {
        crate::legal::legal_action_count(state, actor)
    }

    fn legal_action_at(state: &ClanWarState, actor: Actor, index: usize) -> Option<ClanWarAction> {
        crate::legal::legal_action_at(state, actor, index)
    }

    fn apply(
        state: &mut ClanWarState,
        actor: Actor,
        action: &ClanWarAction,
        dice: &mut dyn Dice,
    ) -> Result<Vec<Visible<ClanWarEvent>>, ClanWarError> {
        crate::engine::apply(state, actor, action, dice)
    }

    fn view(state: &ClanWarState, viewer: Viewer) -> ClanWarView {
        crate::view::view_of(state, viewer)
    }

    fn parse_action(
        state: &ClanWarState,
        actor: Actor,
        text: &str,
    ) -> Result<ClanWarAction, ClanWarError> {
        crate::text::parse_action(state, actor, text)
    }

    /// The legal actions as a list, each attack picked on the map by the hex it attacks.
    fn action_form(state: &ClanWarState, actor: Actor) -> ActionForm {
        ActionForm::pick(
            crate::legal::legal_actions(state, actor)
                .iter()
                .filter_map(|action| {
                    let choice = Choice::action(crate::text::format_action(state, action), action)?;
                    Some(match action {
                        ClanWarAction::Attack { target, .. } => choice.at(target.as_ref()),
                        _ => choice,
                    })
                })
                .collect(),
        )
    }

    fn format_action(state: &ClanWarState, action: &ClanWarAction) -> String {
        crate::text::format_action(state, action)
    }

    fn max_actions(config: &ClanWarConfig) -> u64 {
        // Per round: at most 8 attacks (so 8 battles) and 8 sign-ups, and per battle at most
        // 52 plays, 54 passes, 52 nullifications, 2 rolls, 104 choices and 2 draws; plus the
        // game master's end of round; and at most eight retirements a game.
        let per_battle = 52 + 54 + 52 + 2 + 104 + 2;
        u64::from(config.rounds.max(1)) * (8 * per_battle + 8 + 8 + 1) + 8
    }

    /// Each seat's clan: a clan's lands are its starting position.
    fn seat_positions(config: &ClanWarConfig) -> Vec<String> {
        config
            .players
            .iter()
            .map(|p| format!("{:?} lands", p.clan))
            .collect()
    }

    /// A clan and its lands are one: the players (clan, strategies, name) rotate by
    /// `faction_shift`, and `position_shift` changes nothing.
    fn rotate_seats(
        config: &ClanWarConfig,
        faction_shift: usize,
        _position_shift: usize,
    ) -> Option<ClanWarConfig> {
        let n = config.players.len();
        if n == 0 {
            return None;
        }
        let players = (0..n)
            .map(|i| config.players[(i + faction_shift) % n].clone())
            .collect();
        Some(ClanWarConfig {
            players,
            ..config.clone()
        })
    }

    fn seat_label(state: &ClanWarState, seat: Seat) -> String {
        state
            .players
            .iter()
            .find(|p| p.seat == seat)
            .map_or_else(|| format!("seat {seat}"), |p| p.clan.to_string())
    }

    fn seat_name(state: &ClanWarState, seat: Seat) -> String {
        match state.players.iter().find(|p| p.seat == seat) {
            Some(p) if p.name.is_empty() => p.clan.to_string(),
            Some(p) => format!("{} ({})", p.name, p.clan),
            None => format!("seat {seat}"),
        }
    }

    /// Each player entry of the config, seat 0 first, takes its name.
    fn name_players(config: &mut ClanWarConfig, names: &[String]) -> Result<(), NamesError> {
        if names.len() != config.players.len() {
            return Err(NamesError::Count {
                game: ClanWar::TITLE,
                seats: config.players.len(),
                given: names.len(),
            });
        }
        for (player, name) in config.players.iter_mut().zip(names) {
            player.name.clone_from(name);
        }
        Ok(())
    }

    /// `end round` moves the game on ([`GameMasterRole::Advance`]); `for CLAN ...` (a step that
    /// decides nothing for an absent player) stands in for that clan's seat; sign-ups and
    /// retirements are rulings.
    fn game_master_role(state: &ClanWarState, action: &ClanWarAction) -> GameMasterRole {
        match action {
            ClanWarAction::EndRound => GameMasterRole::Advance,
            ClanWarAction::ForClan { clan, .. } => state
                .players
                .iter()
                .find(|p| p.clan == *clan)
                .map_or(GameMasterRole::Ruling, |p| GameMasterRole::StandIn(p.seat)),
            _ => GameMasterRole::Ruling,
        }
    }

    fn heuristic_action(
        state: &ClanWarState,
        actor: Actor,
        _dice: &mut dyn Dice,
    ) -> Result<Option<ClanWarAction>, ClanWarError> {
        Ok(crate::bot::heuristic_action(state, actor))
    }

    fn secrets(state: &ClanWarState, viewer: Viewer) -> Vec<String> {
        crate::view::secrets_of(state, viewer)
    }
}
