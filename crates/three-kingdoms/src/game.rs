//! The Game contract for Three Kingdoms: setup, the turn, actions, combat, views.

use std::collections::BTreeMap;

use pbp_core::engine::names::NamesError;
use pbp_core::{
    Dice,
    engine::{Actor, Game, GameMasterRole, Outcome, Seat, Turn, Viewer, Visible},
};

use crate::config::ThreeKingdomsConfig;
use crate::engine::{acting, game_master_may};
use crate::error::ThreeKingdomsError;
use crate::model::{ThreeKingdomsAction, ThreeKingdomsEvent};
use crate::state::{ThreeKingdomsState, other};
use crate::view::ThreeKingdomsView;

/// The Three Kingdoms card game (seed 001).
///
/// `legal_actions` lists every legal action. Interceptions are every ordered choice of the
/// eligible Generals (5 with two of them, 1,957 with six), bounded at 2,000: with seven or more
/// eligible Generals the choices of too many Generals to fit are left out (with seven, those of
/// five Generals or more); `apply` accepts any set of eligible Generals in any order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThreeKingdoms;

impl Game for ThreeKingdoms {
    const NAME: &'static str = "three-kingdoms";
    const TITLE: &'static str = "Three Kingdoms";
    type Config = ThreeKingdomsConfig;
    type State = ThreeKingdomsState;
    type Action = ThreeKingdomsAction;
    type Event = ThreeKingdomsEvent;
    type View = ThreeKingdomsView;
    type Error = ThreeKingdomsError;

    fn setup(
        config: &ThreeKingdomsConfig,
        dice: &mut dyn Dice,
    ) -> Result<ThreeKingdomsState, ThreeKingdomsError> {
        crate::setup::setup(config, dice)
    }

    fn seat_count(_state: &ThreeKingdomsState) -> u16 {
        2
    }

    fn turn(state: &ThreeKingdomsState) -> Turn {
        if let Some(end) = &state.ending {
            let (winners, ranking) = match end.winner {
                Some(w) => (vec![w], vec![vec![w], vec![other(w)]]),
                None => (Vec::new(), vec![vec![Seat(0), Seat(1)]]),
            };
            return Turn::Over(Outcome {
                winners,
                ranking,
                scores: BTreeMap::new(),
                score_denominator: 1,
                reason: end.reason.clone(),
            });
        }
        let mut actors: Vec<Actor> = acting(state).map(Actor::Seat).into_iter().collect();
        // The game master may act for the player who must act now (for an absent player), with
        // the few actions that never choose for them.
        if !Self::legal_actions(state, Actor::GameMaster).is_empty() {
            actors.push(Actor::GameMaster);
        }
        Turn::Acting(actors)
    }

    fn legal_actions(state: &ThreeKingdomsState, actor: Actor) -> Vec<ThreeKingdomsAction> {
        crate::legal::legal_actions(state, actor)
    }

    fn apply(
        state: &mut ThreeKingdomsState,
        actor: Actor,
        action: &ThreeKingdomsAction,
        dice: &mut dyn Dice,
    ) -> Result<Vec<Visible<ThreeKingdomsEvent>>, ThreeKingdomsError> {
        crate::engine::apply(state, actor, action, dice)
    }

    fn view(state: &ThreeKingdomsState, viewer: Viewer) -> ThreeKingdomsView {
        crate::view::view_of(state, viewer)
    }

    fn parse_action(
        state: &ThreeKingdomsState,
        actor: Actor,
        text: &str,
    ) -> Result<ThreeKingdomsAction, ThreeKingdomsError> {
        crate::text::parse_action(state, actor, text)
    }

    fn format_action(state: &ThreeKingdomsState, action: &ThreeKingdomsAction) -> String {
        crate::text::format_action(state, action)
    }

    fn max_actions(config: &ThreeKingdomsConfig) -> u64 {
        let deck = u64::from(config.rules.deck_max.max(1));
        // Every turn draws a card, so a game lasts at most (deck + 1) turns a seat; a turn's
        // actions are bounded by the cards and characters it can use.
        let turns = 2 * (deck + 2);
        let per_turn = 8 * deck + 200;
        turns * per_turn
    }

    /// Each seat's place in the turn order: first or second where the config fixes who starts,
    /// "first by a coin" for both where a coin decides.
    fn seat_positions(config: &ThreeKingdomsConfig) -> Vec<String> {
        (0..2u16)
            .map(|i| match config.first {
                Some(first) if first == Seat(i) => "first player".to_owned(),
                Some(_) => "second player".to_owned(),
                None => "first by a coin".to_owned(),
            })
            .collect()
    }

    /// The faction is the army; the position the place in the turn order (where the config
    /// fixes it: with a coin toss there is nothing to rotate).
    fn rotate_seats(
        config: &ThreeKingdomsConfig,
        faction_shift: usize,
        position_shift: usize,
    ) -> Option<ThreeKingdomsConfig> {
        let armies = [
            config.armies[faction_shift % 2].clone(),
            config.armies[(1 + faction_shift) % 2].clone(),
        ];
        // Seat i takes the place of seat (i + shift) % 2: the first player moves with it.
        let first = config
            .first
            .map(|s| Seat(((usize::from(s.0) + 2 - position_shift % 2) % 2) as u16));
        Some(ThreeKingdomsConfig {
            armies,
            first,
            ..config.clone()
        })
    }

    /// The seat's faction (`Wei`), from its Lord; when both armies are of one faction, the
    /// Lord's name instead (`Cao Cao`).
    fn seat_label(state: &ThreeKingdomsState, seat: Seat) -> String {
        let lord = |seat: Seat| {
            let player = state.player(seat);
            player
                .cards
                .get(player.lord as usize)
                .and_then(|id| state.defs.get(id))
        };
        let faction = |seat: Seat| lord(seat).and_then(|def| def.faction);
        match (faction(seat), lord(seat)) {
            (Some(f), _) if faction(other(seat)) != Some(f) => f.to_string(),
            (_, Some(def)) => def.name.clone(),
            _ => format!("seat {seat}"),
        }
    }

    /// The player's name with the seat's label, "Liu (Shu)"; the label alone without names.
    fn seat_name(state: &ThreeKingdomsState, seat: Seat) -> String {
        let label = Self::seat_label(state, seat);
        match state.players.get(usize::from(seat.0)) {
            Some(p) if !p.name.is_empty() => format!("{} ({label})", p.name),
            _ => label,
        }
    }

    fn name_players(config: &mut ThreeKingdomsConfig, names: &[String]) -> Result<(), NamesError> {
        if names.len() != 2 {
            return Err(NamesError::Count {
                game: ThreeKingdoms::TITLE,
                seats: 2,
                given: names.len(),
            });
        }
        config.players = names.to_vec();
        Ok(())
    }

    /// The game master's actions are all for the player who must act now, and never choose for
    /// them (`end`, `intercept none`, `follow none`): each stands in for that seat.
    fn game_master_role(
        state: &ThreeKingdomsState,
        action: &ThreeKingdomsAction,
    ) -> GameMasterRole {
        match acting(state) {
            Some(seat) if game_master_may(action) => GameMasterRole::StandIn(seat),
            _ => GameMasterRole::Ruling,
        }
    }

    fn heuristic_action(
        state: &ThreeKingdomsState,
        actor: Actor,
        _dice: &mut dyn Dice,
    ) -> Result<Option<ThreeKingdomsAction>, ThreeKingdomsError> {
        Ok(actor
            .seat()
            .and_then(|seat| crate::bot::heuristic_action(state, seat)))
    }

    fn secrets(state: &ThreeKingdomsState, viewer: Viewer) -> Vec<String> {
        crate::view::secrets_of(state, viewer)
    }
}
