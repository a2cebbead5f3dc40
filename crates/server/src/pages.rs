//! The browser pages and their assets (crates/server/www), built into the binary. The style
//! sheet, the order form and the map are the game master's desk's: `www/style.css`,
//! `www/form.js` and `www/map.js` are links to crates/wasm/www, which `cargo package` turns
//! into the files themselves, as it does each crate's LICENSE.

use axum::Router;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::hub::HubHandle;

/// A page or an asset of the browser pages (crates/server/www).
fn asset(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

async fn index() -> Response {
    asset(HTML, include_str!("../www/index.html"))
}

async fn index_js() -> Response {
    asset(JS, include_str!("../www/index.js"))
}

async fn table_page() -> Response {
    asset(HTML, include_str!("../www/table.html"))
}

async fn table_js() -> Response {
    asset(JS, include_str!("../www/table.js"))
}

async fn live_js() -> Response {
    asset(JS, include_str!("../www/live.js"))
}

async fn links_js() -> Response {
    asset(JS, include_str!("../www/links.js"))
}

async fn table_css() -> Response {
    asset("text/css; charset=utf-8", include_str!("../www/table.css"))
}

/// The order form's module, the game master's desk's.
async fn form_js() -> Response {
    asset(JS, include_str!("../www/form.js"))
}

/// The map drawn inline, a click on a place picking it in the order form: the game master's
/// desk's.
async fn map_js() -> Response {
    asset(JS, include_str!("../www/map.js"))
}

async fn webhooks_js() -> Response {
    asset(JS, include_str!("../www/webhooks.js"))
}

async fn style() -> Response {
    asset("text/css; charset=utf-8", include_str!("../www/style.css"))
}

/// The pages' routes, merged into the API's router.
pub(crate) fn router() -> Router<HubHandle> {
    Router::new()
        .route("/", get(index))
        .route("/assets/index.js", get(index_js))
        .route("/assets/table.js", get(table_js))
        .route("/assets/live.js", get(live_js))
        .route("/assets/links.js", get(links_js))
        .route("/assets/table.css", get(table_css))
        .route("/assets/webhooks.js", get(webhooks_js))
        .route("/assets/form.js", get(form_js))
        .route("/assets/map.js", get(map_js))
        .route("/assets/style.css", get(style))
        .route("/t/{id}", get(table_page))
}
