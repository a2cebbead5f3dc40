//! Views and secrets: what each viewer sees, and the sealed sheets it may not.

use std::sync::Arc;

use pbp_core::engine::{Outcome, Seat, Viewer};
use serde::{Deserialize, Serialize};

use crate::legal::waiting;
use crate::map::{Map, StateId};
use crate::model::{GeneralId, Order, OrderSheet, Player, SealedSheet};
use crate::state::WarringStatesState;

/// What one viewer sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WarringStatesView {
    /// The map, which is public, shared with the state. It is the config's map, so it is left
    /// out of the view's JSON (an embedder reads it from the config); a view read back from
    /// JSON has the default map.
    #[serde(skip, default = "Map::standard")]
    pub map: Arc<Map>,
    /// The turn.
    pub turn: u32,
    /// Each state's holder.
    pub holders: Vec<Option<Seat>>,
    /// Each state's output.
    pub output: Vec<u8>,
    /// The players (rice and generals are public: the revealed orders and outputs tell them).
    pub players: Vec<Player>,
    /// Seats that have sent this turn's orders.
    pub submitted: Vec<Seat>,
    /// The sealed sheets this viewer may read (its own; all for the game master).
    pub sheets: Vec<SealedSheet>,
    /// Seats still to send orders.
    pub waiting: Vec<Seat>,
    /// Whether players may still join.
    pub joining_open: bool,
    /// The outcome, once over.
    pub outcome: Option<Outcome>,
}

impl WarringStatesView {
    /// A seat's player, if the seat exists.
    pub fn player(&self, seat: Seat) -> Option<&Player> {
        self.players.get(usize::from(seat.0))
    }

    /// The states a seat holds, in map order.
    pub fn holdings(&self, seat: Seat) -> Vec<StateId> {
        self.holders
            .iter()
            .enumerate()
            .filter(|(_, h)| **h == Some(seat))
            .map(|(i, _)| i as StateId)
            .collect()
    }

    /// A state's rice output (0 for a devastated state or an unknown id).
    pub fn output_of(&self, state: StateId) -> u8 {
        self.output.get(usize::from(state)).copied().unwrap_or(0)
    }
}

impl WarringStatesState {
    /// A seat's sheet as shown to those who may read it, with the names of the generals it
    /// names (the seat's own, as they are now).
    pub(crate) fn sealed(&self, seat: Seat, sheet: &OrderSheet) -> SealedSheet {
        let mut names = Vec::new();
        for order in &sheet.orders {
            let ids: &[GeneralId] = match order {
                Order::Defense { generals, .. } | Order::Conquest { generals, .. } => generals,
                Order::Dismiss { general } => std::slice::from_ref(general),
                _ => &[],
            };
            for &id in ids {
                let general = self
                    .player(seat)
                    .and_then(|p| p.generals.iter().find(|g| g.id == id));
                if let Some(g) = general
                    && !names.iter().any(|(known, _)| *known == id)
                {
                    names.push((id, g.name.clone()));
                }
            }
        }
        SealedSheet {
            seat,
            sheet: sheet.clone(),
            names,
        }
    }
}

/// What `viewer` sees: everything public, and the sealed sheets it may read.
pub(crate) fn view_of(state: &WarringStatesState, viewer: Viewer) -> WarringStatesView {
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
        map: Arc::clone(&state.map),
        turn: state.turn,
        holders: state.holders.clone(),
        output: state.output.clone(),
        players: state.players.clone(),
        submitted: state.sheets.keys().copied().collect(),
        sheets,
        waiting: waiting(state),
        joining_open: state.joining_open(),
        outcome: state.outcome.clone(),
    }
}

/// The sealed sheets `viewer` may not read, as JSON (what no view of theirs may contain).
pub(crate) fn secrets_of(state: &WarringStatesState, viewer: Viewer) -> Vec<String> {
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
