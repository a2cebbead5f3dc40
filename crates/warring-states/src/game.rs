//! The `Game` contract for Warring States: each function calls into the modules of the template
//! (setup, legal actions, the engine, views, text, the bot).

use pbp_core::engine::form::ActionForm;
use pbp_core::engine::names::NamesError;
use pbp_core::engine::post::{PostPiece, PostText};
use pbp_core::{
    Dice,
    engine::{Actor, Game, GameMasterRole, Seat, Turn, Viewer, Visible},
};

use crate::config::{Colour, PlayerSpec, WarringStatesConfig};
use crate::error::WarringStatesError;
use crate::model::{WarringStatesAction, WarringStatesEvent};
use crate::state::WarringStatesState;
use crate::view::WarringStatesView;
use crate::{bot, engine, form, legal, setup, text, view};

/// The most players in a game.
pub const MAX_PLAYERS: usize = 12;

/// Warring States of Han (seed 003).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WarringStates;

impl WarringStates {
    /// Every seat still to send orders this turn.
    pub fn waiting(state: &WarringStatesState) -> Vec<Seat> {
        legal::waiting(state)
    }
}

impl Game for WarringStates {
    const NAME: &'static str = "warring-states";
    const TITLE: &'static str = "Warring States";
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
        setup::setup(config, dice)
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

    /// A seat still to send orders gets a documented generator's representative legal sheets
    /// (not every legal sheet, which are amounts too many to list; the generator is separate
    /// from the bot, and `apply` is the authority on what is legal): no orders; everything on
    /// defence spread over its states; everything on the conquest of each of its three weakest
    /// targets (with up to three generals); half on defending its first state and half on its
    /// weakest target; the largest whole investment that fits; one recruit; one dismissal; a
    /// Kingdom declaration where one is ready. Each is checked with the same rules as `apply`.
    /// The game master may always close the turn and send "no orders" for each seat still to
    /// send and, while joining is open, admit a player at the first and last allowed state with
    /// the first free colour (representative: the name is free text).
    fn legal_actions(state: &WarringStatesState, actor: Actor) -> Vec<WarringStatesAction> {
        legal::legal_actions(state, actor)
    }

    fn apply(
        state: &mut WarringStatesState,
        actor: Actor,
        action: &WarringStatesAction,
        dice: &mut dyn Dice,
    ) -> Result<Vec<Visible<WarringStatesEvent>>, WarringStatesError> {
        engine::apply(state, actor, action, dice)
    }

    fn view(state: &WarringStatesState, viewer: Viewer) -> WarringStatesView {
        view::view_of(state, viewer)
    }

    /// A seat writes its order post (see [`parse_post`](crate::parse_post)). The game master
    /// writes `close` (close the turn), `no orders SEAT` or `join SEAT STATE COLOUR SCHOOL NAME...`.
    fn parse_action(
        state: &WarringStatesState,
        actor: Actor,
        text: &str,
    ) -> Result<WarringStatesAction, WarringStatesError> {
        text::parse_action(state, actor, text)
    }

    /// A seat's sheet as rows of orders chosen from lists (`form.rs`); the game master's
    /// legal actions as a list.
    fn action_form(state: &WarringStatesState, actor: Actor) -> ActionForm {
        form::action_form(state, actor)
    }

    fn format_action(state: &WarringStatesState, action: &WarringStatesAction) -> String {
        text::format_action(state, action)
    }

    /// A player's orders are the bolded lines of the post, all of them one order sheet (the
    /// seed: "orders are valid only when bolded"); the game master's commands are its lines.
    fn post_pieces(actor: Actor, post: &PostText) -> Vec<PostPiece> {
        text::post_pieces(actor, post)
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
            .map(|i| PlayerSpec {
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

    /// Each player at the start, seat 0 first, takes its name (players admitted later are
    /// named by the game master's `admit`).
    fn name_players(config: &mut WarringStatesConfig, names: &[String]) -> Result<(), NamesError> {
        if names.len() != config.players.len() {
            return Err(NamesError::Count {
                game: WarringStates::TITLE,
                seats: config.players.len(),
                given: names.len(),
            });
        }
        for (player, name) in config.players.iter_mut().zip(names) {
            player.name.clone_from(name);
        }
        Ok(())
    }

    /// `close` closes the turn, `no orders SEAT` stands in for the seat; admitting a player is
    /// a ruling.
    fn game_master_role(
        _state: &WarringStatesState,
        action: &WarringStatesAction,
    ) -> GameMasterRole {
        match action {
            WarringStatesAction::CloseTurn => GameMasterRole::CloseTurn,
            WarringStatesAction::NoOrders { seat } => GameMasterRole::StandIn(*seat),
            _ => GameMasterRole::Ruling,
        }
    }

    fn heuristic_action(
        state: &WarringStatesState,
        actor: Actor,
        _dice: &mut dyn Dice,
    ) -> Result<Option<WarringStatesAction>, WarringStatesError> {
        Ok(actor
            .seat()
            .filter(|&seat| state.player(seat).is_some())
            .map(|seat| WarringStatesAction::Orders(bot::heuristic_sheet(state, seat))))
    }

    fn secrets(state: &WarringStatesState, viewer: Viewer) -> Vec<String> {
        view::secrets_of(state, viewer)
    }
}
