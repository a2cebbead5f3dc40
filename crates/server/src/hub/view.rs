//! What the holder of a token sees of a table, in each format: the game's view with the
//! table's status (JSON), its texts and picture source (text, BBCode, SVG; the HTTP layer
//! draws the PNG from the SVG).

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
        let public_url = self.public_url.clone();
        let live = self.live(id)?;
        let role = live.role(token)?;
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
