//! The hosted table of pbp: `pbp serve`. A game master creates a table once and hands out one
//! private link per seat; every player then acts for their own seat over HTTP, sees only their
//! own view, and gets the rules' answer at once. Tables live in a [`Store`] (SQLite in one file
//! by default, [`SqliteStore`]; or PostgreSQL, [`PostgresStore`], which several instances can
//! share), and an action is answered only after it is committed.
//!
//! The crate only translates HTTP to the games: requests are read in [`request`], answered by
//! the table hub (one thread that owns the store and the games in memory, so actions on one
//! table are applied one after another), and written back as JSON, text, BBCode, SVG or PNG. The
//! API is documented in `docs/SERVER.md`.
//!
//! ```no_run
//! # fn main() -> Result<(), pbp_server::ServerError> {
//! let options = pbp_server::Options {
//!     // Or "postgres://pbp@127.0.0.1/pbp" for a database shared by several instances.
//!     db: "pbp.sqlite".into(),
//!     addr: "127.0.0.1:8080".into(),
//!     // Anyone who reaches the port may create tables, without limit.
//!     limits: pbp_server::CreateLimits::default(),
//!     allow_private_webhooks: false,
//!     // Live event streams: per token, per instance, buffer, lag, heartbeat.
//!     stream: pbp_server::StreamLimits::default(),
//!     // Where the world reaches it, for the pictures notices and posts point at.
//!     public_url: None,
//!     // Discord's interactions (docs/DISCORD.md), or none.
//!     discord: None,
//! };
//! pbp_server::run(&options, |addr| println!("serving on http://{addr}/"))?;
//! # Ok(())
//! # }
//! ```
//!
//! ## Features
//!
//! None: the whole server, with both stores (SQLite and PostgreSQL).
// docs.rs (Cargo.toml's `[package.metadata.docs.rs]`) badges each item with the features it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

// The layers, lowest first; a module uses only the ones above it in this list (CI checks that
// the graph of `crate::` paths between these modules has no cycle: .ci/module-graph.py; see
// docs/ARCHITECTURE.md, "The table server's layers").
//
// Leaves: tokens, the games, names, the schemas of the games' values on the wire.
mod engine;
mod names;
mod schemas;
mod token;
// The store: tables (`Store`) and the webhooks' outbox (`WebhookStore`), SQLite and
// PostgreSQL.
mod store;
// The error answers, and the wire: request bodies read as pure functions of bytes.
mod error;
pub mod request;
// The hub: owns the tables in memory; load, act, the turn workflow, commit, commits to
// subscribe to.
mod hub;
// The venues: each calls the hub and subscribes to its commits.
mod deadlines;
pub mod discord;
mod pages;
pub mod stream;
mod thread;
pub mod webhooks;
// HTTP: the listener's connections, routes, limits, and the JSON of every error.
mod api;
mod connection;
mod json_errors;
mod limits;
mod picture;

pub use api::{Server, router, router_with};
pub use discord::DiscordOptions;
pub use engine::{Format, game_names};
pub use error::{ApiError, ErrorBody, ServerError};
pub use hub::{HubHandle, commits};
pub use limits::{CreateLimits, ServerInfo};
pub use picture::parse_public_url;
pub use store::discord::{DiscordStore, TableBinding};
pub use store::postgres::{POSTGRES_MIGRATIONS, PostgresStore};
pub use store::sqlite::{MIGRATIONS, SqliteStore};
pub use store::{
    AbsentDefault, BotPlay, Draft, NewAct, Store, StoreError, StoredSeat, StoredTable, TableDice,
    TurnState, open_store,
};
pub use stream::StreamLimits;
pub use thread::{MAX_THREAD_BODY, ThreadRequest, parse_thread};
pub use token::TokenHash;
pub use webhooks::{WebhookOptions, WebhookStore};

/// How `pbp serve` runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Where the tables are kept: a SQLite file, or a `postgres://` URL (see [`open_store`]).
    pub db: String,
    /// The address to listen on (`127.0.0.1:8080`: loopback only).
    pub addr: String,
    /// Who may create tables, and how many per address (docs/SERVER.md, "Limits").
    pub limits: CreateLimits,
    /// Whether webhook URLs may reach private addresses (`--allow-private-webhooks`).
    pub allow_private_webhooks: bool,
    /// The limits of the live event streams.
    pub stream: StreamLimits,
    /// The server's address as the world reaches it (`--public-url`, read by
    /// [`parse_public_url`]): webhook notices and BBCode posts point at the table's public
    /// picture under it. Without it they carry no picture.
    pub public_url: Option<String>,
    /// Discord's interactions at `POST /discord/interactions` (docs/DISCORD.md), or none.
    pub discord: Option<DiscordOptions>,
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
    // Opened before the runtime starts: the PostgreSQL client blocks, with a runtime of its own.
    let store = open_store(&options.db).map_err(|source| ServerError::Open {
        path: shown_location(&options.db),
        source,
    })?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| ServerError::Io(e.to_string()))?;
    runtime.block_on(async {
        let server = Server::bind(store, &options.addr)
            .await?
            .with_limits(options.limits.clone())
            .with_webhooks(WebhookOptions {
                allow_private: options.allow_private_webhooks,
                public_url: options.public_url.clone(),
                ..WebhookOptions::default()
            })
            .with_stream_limits(options.stream.clone());
        let server = match &options.discord {
            Some(discord) => server.with_discord(discord)?,
            None => server,
        };
        started(server.addr());
        server
            .serve_until(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
    })
}

/// A database location as it may be shown: a URL's password is left out.
fn shown_location(location: &str) -> String {
    let Some((scheme, rest)) = location.split_once("://") else {
        return location.to_owned();
    };
    match rest.split_once('@') {
        Some((user, host)) => {
            let user = user.split_once(':').map_or(user, |(name, _)| name);
            format!("{scheme}://{user}@{host}")
        }
        None => location.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_password_is_not_shown() {
        assert_eq!(
            super::shown_location("postgres://pbp:secret@db:5432/pbp"),
            "postgres://pbp@db:5432/pbp"
        );
        assert_eq!(super::shown_location("pbp.sqlite"), "pbp.sqlite");
    }
}
