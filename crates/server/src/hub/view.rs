//! What the holder of a token sees of a table, in each format: the game's view with the
//! table's status (JSON), its texts and picture source (text, BBCode, SVG; the HTTP layer
//! draws the PNG from the SVG).

use serde_json::Value;
use utoipa::ToSchema;

use super::{Hub, status};
use crate::engine::Format;
use crate::error::ApiError;

impl Hub {
    /// The view of the token's holder, in `format` (JSON as text for [`Format::Json`]).
    ///
    /// # Errors
    /// 404, 401, or a renderer failure.
    pub fn view(
        &mut self,
        id: &str,
        token: Option<&str>,
        format: Format,
    ) -> Result<String, ApiError> {
        let role = self.live(id)?.role(token)?;
        self.view_as(id, role, format)
    }

    /// What seat `seat` sees, in `format`, asked with the game master's `token`: a venue that
    /// keeps the game master's token on the server and shows each bound player their own seat
    /// (Discord's `/me`) sees as that seat, never more.
    ///
    /// # Errors
    /// 404, 401, 403 (a token other than the game master's), 400 (no such seat), or a
    /// renderer failure.
    pub fn seat_view(
        &mut self,
        id: &str,
        token: Option<&str>,
        seat: u16,
        format: Format,
    ) -> Result<String, ApiError> {
        let live = self.live(id)?;
        super::turns::game_master(live, token)?;
        let count = live.game.seat_count();
        if seat >= count {
            return Err(super::no_seat(seat, count));
        }
        self.view_as(id, super::Role::Seat(seat), format)
    }

    /// The view of `role` in `format`.
    fn view_as(&mut self, id: &str, role: super::Role, format: Format) -> Result<String, ApiError> {
        let public_url = self.public_url.clone();
        let live = self.live(id)?;
        let viewer = role.viewer();
        match format {
            Format::Json => {
                let mut view = live
                    .game
                    .view_json(viewer)
                    .map_err(|e| ApiError::Internal(e.to_string()))?;
                view["table"] = serde_json::to_value(status::status(live, role))
                    .map_err(|e| ApiError::Internal(e.to_string()))?;
                Ok(view.to_string())
            }
            Format::Bbcode => {
                let post = live
                    .game
                    .render(viewer, Format::Bbcode)
                    .map_err(ApiError::Internal)?;
                Ok(match &public_url {
                    Some(url) => crate::picture::with_picture(
                        post,
                        &crate::picture::public_picture(url, id, live.game.steps()),
                    ),
                    None => post,
                })
            }
            other => live.game.render(viewer, other).map_err(ApiError::Internal),
        }
    }
}

/// The schema of the JSON view (`pbp-frontend`'s view report with the table's status), for
/// the API's document; never built (the conformance test holds real views to it).
#[allow(dead_code)]
pub(crate) mod schema {
    use super::{ToSchema, Value, status};

    /// `GET /api/tables/{id}/view` as JSON: the game, its step, who acts, the dice commitment,
    /// the viewer's view of the game (the game's own JSON), and the table's status. The game
    /// master's view also holds the seed and the salt.
    #[derive(ToSchema)]
    #[schema(as = View)]
    pub(crate) struct ViewSchema {
        /// The game's name.
        game: String,
        /// Its title as people write it.
        title: String,
        /// Actions taken so far.
        steps: u64,
        /// Who may act now, or the outcome.
        turn: crate::schemas::TurnSchema,
        /// The dice commitment (`null` for a save from before commitments).
        #[schema(required = true)]
        commitment: Option<String>,
        /// The seed, in the game master's view alone.
        #[schema(required = false)]
        seed: Option<u64>,
        /// The commitment's salt, in the game master's view alone.
        #[schema(required = false)]
        salt: Option<String>,
        /// The history chain's head.
        chain: crate::schemas::ChainSchema,
        /// The steps whose dice came from outside pbp that the viewer may see.
        outside_dice: Vec<Value>,
        /// The viewer's view of the game, as the game writes it.
        view: Value,
        /// The table's status as the viewer sees it.
        table: status::TableStatus,
    }
}
