//! The hosted table of pbp: `pbp serve`. A game master creates a table once and hands out one
//! private link per seat; every player then acts for their own seat over HTTP, sees only their
//! own view, and gets the rules' answer at once. Tables live in a [`Store`] (SQLite in one file
//! by default, [`SqliteStore`]), and an action is answered only after it is committed.
//!
//! The crate only translates HTTP to the games: requests are read in [`request`], answered by
//! the table hub (one thread that owns the store and the games in memory, so actions on one
//! table are applied one after another), and written back as JSON, text, BBCode or SVG. The
//! API is documented in `docs/SERVER.md`.
//!
//! ```no_run
//! # fn main() -> Result<(), pbp_server::ServerError> {
//! let options = pbp_server::Options {
//!     db: "pbp.sqlite".into(),
//!     addr: "127.0.0.1:8080".into(),
//! };
//! pbp_server::run(&options, |addr| println!("serving on http://{addr}/"))?;
//! # Ok(())
//! # }
//! ```

mod api;
mod engine;
mod error;
mod hub;
pub mod request;
mod sqlite;
mod store;
mod token;
mod turns;

pub use api::{Server, router};
pub use engine::{Format, game_names};
pub use error::{ApiError, ServerError};
pub use hub::HubHandle;
pub use sqlite::{MIGRATIONS, SqliteStore};
pub use store::{
    AbsentDefault, Draft, NewAct, Store, StoreError, StoredSeat, StoredTable, TurnState,
};
pub use token::TokenHash;

use std::path::PathBuf;

/// How `pbp serve` runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The SQLite database file.
    pub db: PathBuf,
    /// The address to listen on (`127.0.0.1:8080`: loopback only).
    pub addr: String,
}

/// Opens the store, binds the address and serves until interrupted (Ctrl-C); `started` is told
/// the address once the server listens.
///
/// # Errors
/// The database cannot be opened, the address cannot be bound, or the server fails.
pub fn run(
    options: &Options,
    started: impl FnOnce(std::net::SocketAddr),
) -> Result<(), ServerError> {
    let store = SqliteStore::open(&options.db).map_err(|source| ServerError::Open {
        path: options.db.display().to_string(),
        source,
    })?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| ServerError::Io(e.to_string()))?;
    runtime.block_on(async {
        let server = Server::bind(Box::new(store), &options.addr).await?;
        started(server.addr());
        server
            .serve_until(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
    })
}
