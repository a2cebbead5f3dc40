//! Creating a table: a new game of the catalog or an imported save, with a token for the game
//! master and one per seat, stored before its creator is answered.

use pbp_core::engine::erased::ErasedError;

use super::{Hub, Live, refused};
use crate::engine::GameTable;
use crate::error::ApiError;
use crate::request::CreateRequest;
use crate::store::{StoredSeat, StoredTable, TurnState};
use crate::token::{new_seed, new_token, random_hex};

/// The tokens of a new table, returned once to its creator (`POST /api/tables`'s answer;
/// fields in alphabetical order, the order the JSON always had).
#[derive(Clone, Debug, serde::Serialize, utoipa::ToSchema)]
pub struct Created {
    /// The dice commitment to post (`null` for an imported save from before commitments).
    #[schema(required = true)]
    pub commitment: Option<String>,
    /// The game.
    pub game: &'static str,
    /// The game master's token.
    pub gm_token: String,
    /// The table's id.
    pub id: String,
    /// The players' names, in seat order.
    pub players: Vec<String>,
    /// One token per seat, in seat order.
    pub seat_tokens: Vec<String>,
}

impl Hub {
    /// Creates a table (a new game or an imported save).
    ///
    /// # Errors
    /// An unknown game, an invalid config, a save that does not load, player names that do not
    /// match the seats or clash (two seats' names the same once case and spacing are ignored,
    /// or a name the game gives another seat), or the store's failure.
    pub fn create(&mut self, request: CreateRequest) -> Result<Created, ApiError> {
        let random = |e: crate::token::NoRandomness| ApiError::Internal(e.to_string());
        let (game, players, absent, dice) = match request {
            CreateRequest::New {
                game,
                config,
                players,
                absent,
                dice,
            } => {
                let config = config.map(|c| c.to_string());
                // The names go into the game's config, so that every text names the players.
                let config = match &players {
                    Some(names) => Some(
                        GameTable::named_config(&game, config.as_deref(), names)
                            .map_err(refused)?,
                    ),
                    None => config,
                };
                let seed = new_seed().map_err(random)?;
                let table =
                    GameTable::new(&game, config.as_deref(), seed).map_err(|e| match e {
                        ErasedError::UnknownGame { .. } => ApiError::BadRequest(e.to_string()),
                        other => refused(other),
                    })?;
                (table, players, absent, dice)
            }
            CreateRequest::Import {
                save,
                players,
                absent,
                dice,
            } => {
                let table = GameTable::load(&save).map_err(|e| ApiError::Refused {
                    kind: "bad_save",
                    message: e.to_string(),
                })?;
                (table, players, absent, dice)
            }
        };
        let count = game.seat_count();
        let names = match players {
            Some(names) if names.len() != usize::from(count) => {
                return Err(ApiError::BadRequest(format!(
                    "this {} table has {count} seats, but {} player names were given",
                    game.game(),
                    names.len()
                )));
            }
            Some(names) => {
                crate::names::check_table(&names, &game.table().seats())?;
                names
            }
            None => game.seat_names(),
        };
        let id = random_hex(8).map_err(random)?;
        let (gm_token, gm_hash) = new_token().map_err(random)?;
        let mut seat_tokens = Vec::new();
        let mut seats = Vec::new();
        for name in &names {
            let (token, hash) = new_token().map_err(random)?;
            seat_tokens.push(token);
            seats.push(StoredSeat {
                name: name.clone(),
                token: hash,
            });
        }
        let save = game.save().map_err(|e| ApiError::Internal(e.to_string()))?;
        let commitment = game.commitment();
        let turn = TurnState {
            absent,
            dice,
            // An imported game's current turn is summarized from its import on.
            began: game.steps(),
            ..TurnState::default()
        };
        let stored = StoredTable {
            id: id.clone(),
            game: game.game().to_owned(),
            step: game.steps(),
            version: 0,
            save,
            saved: game.steps(),
            entries: Vec::new(),
            gm_token: gm_hash,
            seats: seats.clone(),
            turn: turn.clone(),
        };
        self.store.create(&stored)?;
        let name = game.game();
        self.clock += 1;
        self.live.insert(
            id.clone(),
            Live {
                game,
                gm_token: gm_hash,
                seats,
                turn,
                version: 0,
                saved: stored.saved,
                touched: std::time::Instant::now(),
                used: self.clock,
            },
        );
        Ok(Created {
            id,
            game: name,
            gm_token,
            seat_tokens,
            players: names,
            commitment,
        })
    }
}
