//! Orders built, not typed: the form a seat's page builds its action from, and the check of
//! an action (a row of an order sheet) as the player changes it, before anything is sent.

use serde_json::Value;

use super::access::acting;
use super::{Hub, refused};
use crate::error::ApiError;
use crate::request::ActRequest;

impl Hub {
    /// The form of the token's seat (or, for the game master, its own or a seat's): the kinds
    /// of action, their fields and choices ([`pbp_core::engine::form::ActionForm`]).
    ///
    /// # Errors
    /// 404, 401 (no token or an unknown one), 403 (a seat asking for another).
    pub fn form(
        &mut self,
        id: &str,
        token: Option<&str>,
        seat: Option<u16>,
    ) -> Result<Value, ApiError> {
        let live = self.live(id)?;
        let actor = acting(live, live.role(token)?, seat)?;
        serde_json::to_value(live.game.action_form(actor))
            .map_err(|e| ApiError::Internal(e.to_string()))
    }

    /// Whether the game would take the request's action now, changing nothing: the action in
    /// both forms, `{text, json}` (the text is the post it makes), or the game's refusal.
    ///
    /// # Errors
    /// 404, 401, 403, 422 with the refusal.
    pub fn check(
        &mut self,
        id: &str,
        token: Option<&str>,
        request: ActRequest,
    ) -> Result<Value, ApiError> {
        let live = self.live(id)?;
        let actor = acting(live, live.role(token)?, request.seat)?;
        let checked = live.game.trial(actor, &request.action).map_err(refused)?;
        serde_json::to_value(checked).map_err(|e| ApiError::Internal(e.to_string()))
    }
}
