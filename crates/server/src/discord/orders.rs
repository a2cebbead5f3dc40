//! `/orders`: a modal with one paragraph of up to 4,000 characters, prefilled with the seat's
//! draft, in which the player writes their orders as they would post them in the forum's
//! thread (a Warring States order sheet in BBCode fits). Sent, it is read by the game's own
//! reader of a seat's post (the text form every venue reads: the thread reader's and the
//! table's) and saved as the seat's draft through the hub's turn workflow; the answer, to the
//! player alone, says what was read, or every line refused. `/me`'s button marks it ready.

use serde_json::{Value, json};

use super::interaction::{self, Interaction, refusal};
use super::play::{Seated, seated};
use crate::hub::HubHandle;
use crate::request::ActRequest;

/// The modal's id.
pub const MODAL: &str = "pbp:orders";
/// Its text input's id.
pub const INPUT: &str = "pbp:orders:text";
/// The most characters the orders may hold (Discord's limit of a text input).
pub const MAX_ORDERS: usize = 4000;
/// The most characters of a modal's title (Discord's limit).
const MAX_TITLE: usize = 45;

/// `/orders`: the modal (response type 9), prefilled with the seat's draft.
pub(super) async fn modal(hub: &HubHandle, seated: Seated) -> Value {
    let (table, token, seat) = (seated.table.clone(), seated.gm_token.clone(), seated.seat);
    let draft = hub
        .call(move |hub| {
            let view = hub.seat_view(&table, Some(&token), seat, crate::engine::Format::Json)?;
            let view: Value = serde_json::from_str(&view)
                .map_err(|e| crate::error::ApiError::Internal(e.to_string()))?;
            let Some(action) = view["table"]["drafts"]
                .as_array()
                .and_then(|d| d.iter().find(|d| d["seat"] == json!(seat)))
                .map(|d| d["action"].clone())
            else {
                return Ok(None);
            };
            let request = ActRequest {
                action: pbp_core::engine::erased::ActionInput::Json(action),
                dice: None,
                expect_step: None,
                seat: Some(seat),
            };
            // A draft the rules no longer take is not offered again.
            Ok(hub
                .check(&table, Some(&token), request)
                .ok()
                .and_then(|c| c["text"].as_str().map(str::to_owned)))
        })
        .await;
    let draft = match draft {
        Ok(draft) => draft,
        Err(error) => return refusal(&format!("pbp cannot open your orders: {error}")),
    };
    let mut title: String = format!("{}'s orders", seated.name);
    if title.chars().count() > MAX_TITLE {
        title = "Your orders".to_owned();
    }
    let mut input = json!({
        "type": 4, "custom_id": INPUT, "style": 2,
        "label": "As you would post them in the thread",
        "min_length": 1, "max_length": MAX_ORDERS, "required": true,
    });
    if let Some(draft) = draft.filter(|d| !d.is_empty() && d.chars().count() <= MAX_ORDERS) {
        input["value"] = json!(draft);
    }
    json!({
        "type": 9,
        "data": {
            "custom_id": MODAL,
            "title": title,
            "components": [{ "type": 1, "components": [input] }],
        },
    })
}

/// The orders a modal's submission holds.
fn orders_of(interaction: &Interaction) -> Option<String> {
    let data = interaction.data.as_ref()?;
    data.components
        .iter()
        .flat_map(|row| row["components"].as_array().into_iter().flatten())
        .find(|input| input["custom_id"] == json!(INPUT))
        .and_then(|input| input["value"].as_str())
        .map(str::to_owned)
}

/// A modal sent: the orders read and saved as the seat's draft, the answer to the player alone.
pub(super) async fn submit(hub: &HubHandle, interaction: &Interaction) -> Value {
    if interaction
        .data
        .as_ref()
        .and_then(|d| d.custom_id.as_deref())
        != Some(MODAL)
    {
        return refusal("pbp does not know this form");
    }
    let seated = match seated(hub, interaction).await {
        Ok(seated) => seated,
        Err(text) => return refusal(&text),
    };
    let Some(orders) = orders_of(interaction).filter(|o| !o.trim().is_empty()) else {
        return refusal("the form held no orders: nothing was saved");
    };
    if orders.chars().count() > MAX_ORDERS {
        return refusal(&format!(
            "orders hold {MAX_ORDERS} characters at most: nothing was saved"
        ));
    }
    let request = ActRequest {
        action: pbp_core::engine::erased::ActionInput::Text(orders),
        dice: None,
        expect_step: None,
        seat: Some(seated.seat),
    };
    let (table, token) = (seated.table.clone(), seated.gm_token.clone());
    match hub
        .call(move |hub| hub.draft(&table, Some(&token), request))
        .await
    {
        Ok(answer) => interaction::message(
            &format!(
                "Saved as {}'s draft, not marked ready yet (/me marks it ready). Read as:\n{}",
                seated.name, answer.draft.text
            ),
            true,
        ),
        Err(error) => refusal(&format!("Nothing was saved: {error}")),
    }
}
