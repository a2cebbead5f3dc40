//! A real server on an ephemeral loopback port, and a small blocking client for it.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![allow(dead_code)] // Each test file uses a part of these helpers.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

/// One store suite for both backends (`tests/store.rs`, `tests/webhook_store.rs`): each case,
/// a `fn case(open: Open<'_>)` of the test file, runs once on a SQLite file and once on
/// PostgreSQL (`PBP_TEST_POSTGRES`; skipped with a printed line when it is not set). The test
/// file names `Store`, `SqliteStore` and `PostgresStore` at its root.
#[allow(unused_macros)] // Only the store suites use it; every test file includes this module.
macro_rules! store_suite {
    ($($case:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[test]
                fn $case() {
                    let dir = super::common::temp_dir(stringify!($case));
                    let path = dir.join("store.sqlite");
                    let open = || -> Box<dyn super::Store> {
                        Box::new(super::SqliteStore::open(&path).unwrap())
                    };
                    super::$case(&open);
                    let _ = std::fs::remove_dir_all(dir);
                }
            )*
        }
        mod postgres {
            $(
                #[test]
                fn $case() {
                    let Some(db) = super::common::pg::test_db(stringify!($case)) else {
                        return;
                    };
                    let open = || -> Box<dyn super::Store> {
                        Box::new(super::PostgresStore::connect(&db.url).unwrap())
                    };
                    super::$case(&open);
                }
            )*
        }
    };
}

pub mod discord;
pub mod loopback;
pub mod pg;
pub mod receiver;
pub mod sse;

use pbp_server::{Server, SqliteStore, WebhookOptions};
use serde_json::Value;

/// A server running on its own thread and runtime, stopped on drop.
pub struct Running {
    pub base: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A fresh temporary directory for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "pbp-server-{name}-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A stored table for the store suites (`tests/store.rs`, `tests/discord_store.rs`): a duel
/// at its first step between Ann and Bo, with fixed token hashes (the game master's all 1s,
/// Ann's all 2s, Bo's all 3s) and an empty save.
pub fn stored_duel(id: &str) -> pbp_server::StoredTable {
    use pbp_server::{StoredSeat, TokenHash};
    let seat = |name: &str, byte: u8| StoredSeat {
        name: name.into(),
        token: TokenHash([byte; 32]),
    };
    pbp_server::StoredTable {
        id: id.to_owned(),
        game: "duel".into(),
        step: 0,
        version: 0,
        save: "{}".into(),
        saved: 0,
        entries: Vec::new(),
        gm_token: TokenHash([1; 32]),
        seats: vec![seat("Ann", 2), seat("Bo", 3)],
        turn: pbp_server::TurnState::default(),
    }
}

/// Starts a server on `db` at 127.0.0.1 with a port the system picks.
pub fn start(db: &Path) -> Running {
    start_full(
        db,
        pbp_server::CreateLimits::default(),
        WebhookOptions::default(),
    )
}

/// Starts a server on `db` like [`start`], table creation guarded by `limits`.
pub fn start_with(db: &Path, limits: pbp_server::CreateLimits) -> Running {
    start_full(db, limits, WebhookOptions::default())
}

/// Starts a server on `db` like [`start`], with these webhook options.
pub fn start_hooked(db: &Path, webhooks: WebhookOptions) -> Running {
    start_full(db, pbp_server::CreateLimits::default(), webhooks)
}

/// Starts a server on `db` with these creation limits and webhook options.
pub fn start_full(
    db: &Path,
    limits: pbp_server::CreateLimits,
    webhooks: WebhookOptions,
) -> Running {
    Start {
        limits,
        webhooks,
        ..Start::default()
    }
    .run(db)
    .0
}

/// Starts a server on `db` like [`start`], serving Discord's interactions with `discord`.
pub fn start_discord(db: &Path, discord: pbp_server::DiscordOptions) -> Running {
    Start {
        discord: Some(discord),
        ..Start::default()
    }
    .run(db)
    .0
}

/// Starts a server on `db` like [`start`], with these limits of the event streams.
pub fn start_streaming(db: &Path, stream: pbp_server::StreamLimits) -> Running {
    Start {
        stream,
        ..Start::default()
    }
    .run(db)
    .0
}

/// How a test server starts: every option of `pbp serve` a test sets, the defaults elsewhere.
/// [`Start::run`] is the one start-up of the in-process servers.
#[derive(Default)]
pub struct Start {
    pub limits: pbp_server::CreateLimits,
    pub webhooks: WebhookOptions,
    pub stream: pbp_server::StreamLimits,
    /// Discord's options: the interactions endpoint, and the `discord-bot` posts' API.
    pub discord: Option<pbp_server::DiscordOptions>,
    /// Who plays each seat on Discord, in place of the Discord venue's bindings.
    pub mentions: Option<std::sync::Arc<dyn pbp_server::webhooks::SeatMentions>>,
}

impl Start {
    /// Starts the server on `db` at 127.0.0.1 with a port the system picks; answers it with
    /// its hub, for the calls the Discord venue makes itself (binding a table's thread).
    pub fn run(self, db: &Path) -> (Running, pbp_server::HubHandle) {
        let Start {
            limits,
            webhooks,
            stream,
            discord,
            mentions,
        } = self;
        let db = db.to_owned();
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                let store = SqliteStore::open(&db).unwrap();
                let mut server = Server::bind(Box::new(store), "127.0.0.1:0")
                    .await
                    .unwrap()
                    .with_limits(limits)
                    .with_webhooks(webhooks)
                    .with_stream_limits(stream);
                if let Some(mentions) = mentions {
                    server = server.with_seat_mentions(mentions);
                }
                if let Some(discord) = &discord {
                    server = server.with_discord(discord).unwrap();
                }
                ready_tx
                    .send((server.addr(), server.hub().clone()))
                    .unwrap();
                server
                    .serve_until(async {
                        let _ = stop_rx.await;
                    })
                    .await
                    .unwrap();
            });
        });
        let (addr, hub) = ready_rx.recv_timeout(Duration::from_secs(30)).unwrap();
        let running = Running {
            base: format!("http://{addr}"),
            stop: Some(stop_tx),
            thread: Some(thread),
        };
        (running, hub)
    }
}

/// Starts a server on the store `location` names (a SQLite file or a `postgres://` URL, as
/// `pbp serve --db` takes it), opened before its runtime starts as `pbp serve` does.
pub fn start_on(location: &str) -> Running {
    let location = location.to_owned();
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::spawn(move || {
        let store = pbp_server::open_store(&location).unwrap();
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let server = Server::bind(store, "127.0.0.1:0").await.unwrap();
            ready_tx.send(server.addr()).unwrap();
            server
                .serve_until(async {
                    let _ = stop_rx.await;
                })
                .await
                .unwrap();
        });
    });
    let addr = ready_rx.recv_timeout(Duration::from_secs(30)).unwrap();
    Running {
        base: format!("http://{addr}"),
        stop: Some(stop_tx),
        thread: Some(thread),
    }
}

/// The answer to one request.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub body: String,
    pub content_type: String,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

/// A client that reports every status instead of failing on 4xx.
pub fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .into()
}

fn answer(response: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Answer {
    let mut response = response.expect("the request failed");
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    Answer {
        status: response.status().as_u16(),
        body: response.body_mut().read_to_string().unwrap_or_default(),
        content_type,
    }
}

/// `GET base + path` with an optional token.
pub fn get(base: &str, path: &str, token: Option<&str>) -> Answer {
    let mut request = agent().get(format!("{base}{path}"));
    if let Some(token) = token {
        request = request.header("Authorization", format!("Bearer {token}"));
    }
    answer(request.call())
}

/// `POST base + path` with a JSON body and an optional token.
pub fn post(base: &str, path: &str, token: Option<&str>, body: &str) -> Answer {
    let mut request = agent()
        .post(format!("{base}{path}"))
        .header("Content-Type", "application/json");
    if let Some(token) = token {
        request = request.header("Authorization", format!("Bearer {token}"));
    }
    answer(request.send(body))
}

/// A table as its creator gets it.
#[derive(Clone, Debug)]
pub struct Table {
    pub id: String,
    pub gm: String,
    pub seats: Vec<String>,
}

impl Table {
    pub fn path(&self, endpoint: &str) -> String {
        format!("/api/tables/{}/{endpoint}", self.id)
    }
}

/// Creates a table from a body and checks the 201.
pub fn create(base: &str, body: &str) -> Table {
    let answer = post(base, "/api/tables", None, body);
    assert_eq!(answer.status, 201, "{}", answer.body);
    let value = answer.json();
    Table {
        id: value["id"].as_str().unwrap().to_owned(),
        gm: value["gm_token"].as_str().unwrap().to_owned(),
        seats: value["seat_tokens"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().to_owned())
            .collect(),
    }
}

/// A save of `game` built in the test itself (as `pbp new` and `pbp act` would), from `seed`
/// and the actions `(actor, action)`.
pub fn save_of(
    game: &str,
    config: Option<&str>,
    seed: u64,
    actions: &[(pbp_core::engine::Actor, &str)],
) -> String {
    let (game, _) = pbp_frontend::catalog::catalog().get(game).unwrap();
    let mut session = game
        .new_session(config, seed, pbp_core::engine::DiceChoice::Seeded)
        .unwrap();
    for (actor, action) in actions {
        session
            .act(
                *actor,
                &pbp_core::engine::erased::ActionInput::Auto((*action).to_owned()),
                pbp_core::engine::DiceChoice::Seeded,
            )
            .unwrap_or_else(|e| panic!("{action}: {e}"));
    }
    session.save().unwrap()
}

/// Imports a save as a new table.
pub fn import(base: &str, save: &str) -> Table {
    let body = serde_json::json!({ "record": save }).to_string();
    create(base, &body)
}

/// A server in a child process of the test binary (one of its ignored tests, which serves and
/// prints `LISTENING <base>`), so that a test can kill it with SIGKILL; killed on drop.
pub struct ServerProcess {
    pub process: std::process::Child,
    pub base: String,
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// Starts the ignored test `test` of this test binary as a server process, with the database
/// named by the environment variable `db_variable`, and waits until it listens.
pub fn spawn_server_process(test: &str, db_variable: &str, db: &str) -> ServerProcess {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut process = Command::new(std::env::current_exe().unwrap())
        .args(["--ignored", "--exact", test, "--nocapture"])
        .env(db_variable, db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = process.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    let base = loop {
        let line = lines.next().expect("the server process ended").unwrap();
        if let Some(base) = line.strip_prefix("LISTENING ") {
            break base.to_owned();
        }
    };
    // Keep reading its output so that it never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    ServerProcess { process, base }
}

/// One post that may fail because its server was killed: `None` then.
pub fn try_post(base: &str, path: &str, token: &str, body: &str) -> Option<(u16, Value)> {
    let mut response = agent()
        .post(format!("{base}{path}"))
        .header("Authorization", format!("Bearer {token}"))
        .send(body)
        .ok()?;
    let status = response.status().as_u16();
    let text = response.body_mut().read_to_string().ok()?;
    Some((status, serde_json::from_str(&text).ok()?))
}

/// Starts a server on `db` like [`start`], with these webhook options, Discord's options
/// (the `discord-bot` posts go to its API) and who plays each seat on Discord; answers it
/// with its hub, for the calls the Discord venue makes itself (binding a table's thread).
pub fn start_posting(
    db: &Path,
    webhooks: WebhookOptions,
    discord: Option<pbp_server::DiscordOptions>,
    mentions: std::sync::Arc<dyn pbp_server::webhooks::SeatMentions>,
) -> (Running, pbp_server::HubHandle) {
    Start {
        webhooks,
        discord,
        mentions: Some(mentions),
        ..Start::default()
    }
    .run(db)
}

/// Binds table `table` to the Discord thread `channel` as the Discord venue does, with a
/// reminder `remind_before` seconds before a deadline; answers the hook's id.
pub fn bind_thread(
    hub: &pbp_server::HubHandle,
    table: &str,
    channel: &str,
    remind_before: u64,
) -> String {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(pbp_server::webhooks::bind_discord_thread(
            hub,
            table,
            channel,
            remind_before,
        ))
        .unwrap()
}
pub mod players;

/// Waits until the clock is in the first tenth of a second (deadlines are kept in seconds).
pub fn start_of_a_second() {
    loop {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap();
        let millis = now.subsec_millis();
        if millis < 100 {
            return;
        }
        std::thread::sleep(Duration::from_millis(u64::from(1000 - millis)));
    }
}

/// Waits, up to a minute, until the first webhook of the listing at `path` (read with `token`)
/// has deliveries and every one is delivered; answers the listing.
pub fn all_delivered(base: &str, path: &str, token: &str) -> serde_json::Value {
    let started = std::time::Instant::now();
    loop {
        let listing = get(base, path, Some(token)).json();
        let deliveries = listing["webhooks"][0]["deliveries"].as_array().unwrap();
        if !deliveries.is_empty() && deliveries.iter().all(|d| d["state"] == "delivered") {
            return listing;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "{listing:#}");
        std::thread::sleep(Duration::from_millis(50));
    }
}
