//! The table hub: the one owner of the store and of the games in memory. It runs on a thread of
//! its own ([`HubHandle`] sends it jobs), so requests to the same table are applied one after
//! another in arrival order, and an action is answered only after its transaction committed.
//!
//! Games are loaded from the store on first use and kept in memory (at most
//! [`Hub::CACHE_LIMIT`], the least recently used leaving first); a restart therefore resumes
//! every table simply by loading it again. An action's write is small: its row with the record's
//! entry of the action, the table's new version and turn state; the whole save is written only
//! every [`Hub::SAVE_EVERY`] actions, at a game's end, when the table has been idle for
//! [`Hub::SAVE_IDLE`], leaves memory, or the server stops (the `saves` submodule). Loading a
//! table is its last save with the entries after it, applied again through the game's rules.
//!
//! Several instances may share one database: before a table in memory is read (a view, a log, a
//! draft), its stored version is read (one small query), and a table that another instance changed
//! is loaded again. An act skips that query: it is applied to the table held and written only if
//! the stored version is still the one it was applied to (a refusal is answered only once the
//! stored version confirms it). A write made from a version that is no longer the stored one is
//! refused by the store, and the request is tried again from the stored table ([`Hub::RETRIES`]
//! times at most), as if it had arrived just after the other instance's.
//!
//! Creating a table (a new game or an imported save, with its tokens) is in the `create`
//! submodule; handing out a seat's link again, in `links`; who a token acts as and whether it
//! may bring outside dice, in `access`; what a viewer sees, in `view`.

mod access;
pub mod commits;
pub(crate) mod create;
mod form;
mod group;
pub(crate) mod links;
pub(crate) mod listen;
mod saves;
pub(crate) mod status;
pub(crate) mod turns;
pub(crate) mod view;

pub(crate) use turns::TurnNotices;

use access::apply_in_memory;
pub(crate) use access::{acting, no_seat};

use std::collections::BTreeMap;
use std::sync::{Arc, mpsc};

use pbp_core::engine::erased::{ErasedError, LegalAction};
use pbp_core::engine::{Actor, Seat, Viewer};
use pbp_frontend::{ActReport, EventLine};
use serde_json::Value;

use crate::engine::GameTable;
use crate::error::ApiError;
use crate::hub::commits::{Commits, Signalling};
use crate::request::ActRequest;
use crate::store::{AbsentDefault, NewAct, Store, StoreError, StoredSeat, TurnState};
use crate::token::{TokenHash, random_hex};

/// Who a request's token makes its sender.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// No token: the public.
    Public,
    /// A seat's token.
    Seat(u16),
    /// The game master's token.
    GameMaster,
}

impl Role {
    /// The viewer this role sees as.
    pub fn viewer(self) -> Viewer {
        match self {
            Role::Public => Viewer::Public,
            Role::Seat(seat) => Viewer::Seat(Seat(seat)),
            Role::GameMaster => Viewer::GameMaster,
        }
    }
}

/// A table in memory: its game and what the store keeps beside it.
pub(crate) struct Live {
    pub(crate) game: GameTable,
    pub(crate) gm_token: TokenHash,
    pub(crate) seats: Vec<StoredSeat>,
    pub(crate) turn: TurnState,
    /// The stored version this table in memory was loaded at (or written as).
    pub(crate) version: u64,
    /// The step of the table's save in the store (the game is at `game.steps()`; the actions
    /// between are in the store as entries).
    pub(crate) saved: u64,
    /// When this instance last committed an action to the table (or loaded it).
    pub(crate) touched: std::time::Instant,
    used: u64,
}

impl Live {
    /// The role of a token: every stored hash is compared, in constant time each, whatever
    /// matches first.
    pub(crate) fn role(&self, token: Option<&str>) -> Result<Role, ApiError> {
        let Some(token) = token else {
            return Ok(Role::Public);
        };
        let hash = TokenHash::of(token);
        let mut found = None;
        if hash.matches(&self.gm_token) {
            found = Some(Role::GameMaster);
        }
        for (seat, stored) in self.seats.iter().enumerate() {
            if hash.matches(&stored.token) && found.is_none() {
                found = Some(Role::Seat(u16::try_from(seat).unwrap_or(u16::MAX)));
            }
        }
        found.ok_or_else(|| ApiError::Unauthorized("this table does not know this token".into()))
    }
}

/// A job for the hub's thread.
type Job = Box<dyn FnOnce(&mut Hub) + Send>;

/// A job's answer, held until its group of writes is durable: sent as computed (`None`), or
/// replaced by the store's failure to make the group durable.
type Answer = Box<dyn FnOnce(Option<ApiError>) + Send>;

/// The tables and their store, owned by one thread.
pub struct Hub {
    pub(crate) store: Box<dyn Store>,
    live: BTreeMap<String, Live>,
    clock: u64,
    /// This hub's name as the holder of a deadline's lease.
    pub(crate) owner: String,
    /// Set when the store refused a write because the table had moved on (another instance
    /// wrote first): the request is then tried again.
    pub(crate) conflicted: bool,
    /// Told whenever this hub wrote a notice to the outbox (the delivery task waits on it).
    pub(crate) outbox_written: Arc<tokio::sync::Notify>,
    /// What a venue adds to an act that ends a turn: its notices (see [`TurnNotices`]).
    turn_notices: Option<TurnNotices>,
    /// The server's public URL (`pbp serve --public-url`): every BBCode view then ends with
    /// the table's public picture.
    public_url: Option<String>,
    /// The answers of the jobs of the group being run (see [`Hub::run`]), sent once its writes
    /// are durable.
    answers: Vec<Answer>,
}

pub(crate) fn refused(error: ErasedError) -> ApiError {
    match error {
        ErasedError::Parse { .. } => ApiError::Refused {
            kind: "not_an_action",
            message: error.to_string(),
        },
        ErasedError::Illegal { .. }
        | ErasedError::NotYourTurn { .. }
        | ErasedError::MoreDice { .. }
        | ErasedError::BadDice { .. }
        | ErasedError::UnusedDice { .. }
        | ErasedError::SeededOnly
        | ErasedError::Simulation(_) => ApiError::Refused {
            kind: "refused",
            message: error.to_string(),
        },
        ErasedError::Config { .. } => ApiError::Refused {
            kind: "bad_config",
            message: error.to_string(),
        },
        ErasedError::UnknownGame { .. } | ErasedError::Names(_) => {
            ApiError::BadRequest(error.to_string())
        }
        other => ApiError::Internal(other.to_string()),
    }
}

fn actor_text(actor: Actor) -> String {
    match actor {
        Actor::Seat(seat) => format!("seat {seat}"),
        Actor::GameMaster => "gm".to_owned(),
    }
}

fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

impl Hub {
    /// How many tables are kept in memory at most.
    pub const CACHE_LIMIT: usize = 4096;

    /// How many times a request is tried when another instance changed its table meanwhile.
    pub const RETRIES: usize = 8;

    /// A hub over `store`.
    pub fn new(store: Box<dyn Store>) -> Hub {
        let owner = random_hex(8).unwrap_or_else(|_| format!("pid-{}", std::process::id()));
        Hub {
            store,
            live: BTreeMap::new(),
            clock: 0,
            owner,
            conflicted: false,
            outbox_written: Arc::default(),
            turn_notices: None,
            public_url: None,
            answers: Vec::new(),
        }
    }

    /// Runs `attempt` until it succeeds, fails for a reason other than another instance's
    /// write, or has been tried [`Hub::RETRIES`] times.
    pub(crate) fn retrying<T>(
        &mut self,
        mut attempt: impl FnMut(&mut Hub) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let mut tries = 0;
        loop {
            self.conflicted = false;
            let result = attempt(self);
            tries += 1;
            if result.is_ok() || !self.conflicted || tries >= Self::RETRIES {
                self.conflicted = false;
                return result;
            }
        }
    }

    /// Records why a write failed: a conflict is retried, and the table leaves memory either
    /// way (to be loaded again as stored).
    pub(crate) fn failed(&mut self, id: &str, error: StoreError) -> ApiError {
        if matches!(error, StoreError::Conflict { .. }) {
            self.conflicted = true;
        }
        self.forget(id);
        error.into()
    }

    /// The table `id` as held in memory, without asking the store: for the writes that follow
    /// a change made in memory, which must be stored from the version it was made on.
    pub(crate) fn cached(&mut self, id: &str) -> Result<&mut Live, ApiError> {
        self.live
            .get_mut(id)
            .ok_or_else(|| ApiError::Internal("a table left memory while in use".into()))
    }

    /// The store, for the scheduler and tests.
    pub fn store(&mut self) -> &mut dyn Store {
        self.store.as_mut()
    }

    /// Forgets a table held in memory (after a failed commit, so that it is loaded again).
    pub(crate) fn forget(&mut self, id: &str) {
        self.live.remove(id);
    }

    /// The table `id`, loaded from the store if it is not in memory.
    pub(crate) fn live(&mut self, id: &str) -> Result<&mut Live, ApiError> {
        if !valid_id(id) {
            return Err(ApiError::NotFound(id.chars().take(64).collect()));
        }
        self.clock += 1;
        if let Some(held) = self.live.get(id).map(|live| live.version) {
            match self.store.version(id)? {
                None => {
                    self.live.remove(id);
                    return Err(ApiError::NotFound(id.to_owned()));
                }
                Some(stored) if stored != held => {
                    self.live.remove(id);
                }
                Some(_) => {}
            }
        }
        if !self.live.contains_key(id) {
            let stored = self
                .store
                .load(id)?
                .ok_or_else(|| ApiError::NotFound(id.to_owned()))?;
            let game = GameTable::load_with(&stored.save, &stored.entries).map_err(|e| {
                ApiError::Internal(format!("table '{id}' in the store does not load: {e}"))
            })?;
            if self.live.len() >= Self::CACHE_LIMIT {
                self.evict_oldest();
            }
            self.live.insert(
                id.to_owned(),
                Live {
                    game,
                    gm_token: stored.gm_token,
                    seats: stored.seats,
                    turn: stored.turn,
                    version: stored.version,
                    saved: stored.saved,
                    touched: std::time::Instant::now(),
                    used: 0,
                },
            );
        }
        let clock = self.clock;
        let live = self
            .live
            .get_mut(id)
            .ok_or_else(|| ApiError::Internal("a table left memory while in use".into()))?;
        live.used = clock;
        Ok(live)
    }

    /// The legal actions of the token's seat (or, for the game master, its own or a seat's).
    ///
    /// # Errors
    /// 404, 401 (no token or an unknown one), 403 (a seat asking for another).
    pub fn legal(
        &mut self,
        id: &str,
        token: Option<&str>,
        seat: Option<u16>,
    ) -> Result<Vec<LegalAction>, ApiError> {
        let live = self.live(id)?;
        let actor = acting(live, live.role(token)?, seat)?;
        live.game
            .legal(actor)
            .map_err(|e| ApiError::Internal(e.to_string()))
    }

    /// The events the token's holder may see.
    ///
    /// # Errors
    /// 404, 401.
    pub fn log(&mut self, id: &str, token: Option<&str>) -> Result<Vec<EventLine>, ApiError> {
        let live = self.live(id)?;
        let viewer = live.role(token)?.viewer();
        let lines = live
            .game
            .log(viewer)
            .map_err(|e| ApiError::Internal(e.to_string()))?;
        let mut lines = turns::with_bot_lines(live, lines);
        // The log ends, as every post does, with the chain's head (the event stream, which
        // sends each line once, does not carry it: the view and the posts do).
        lines.push(
            live.game
                .chain_line()
                .map_err(|e| ApiError::Internal(e.to_string()))?,
        );
        Ok(lines)
    }

    /// The save file (game master only).
    ///
    /// # Errors
    /// 404, 401, 403.
    pub fn record(&mut self, id: &str, token: Option<&str>) -> Result<String, ApiError> {
        let live = self.live(id)?;
        match live.role(token)? {
            Role::GameMaster => live
                .game
                .save()
                .map_err(|e| ApiError::Internal(e.to_string())),
            Role::Public => Err(ApiError::Unauthorized(
                "the record is the game master's: send the game master's token".into(),
            )),
            Role::Seat(_) => Err(ApiError::Forbidden(
                "the record is the game master's alone".into(),
            )),
        }
    }

    /// Applies an action and commits it; answers the step, the action, the events its sender
    /// may see, and the turn.
    ///
    /// # Errors
    /// 404, 401, 403, 409 (a stale `expect_step`), 422 (not an action, or refused), 503 (the
    /// store failed: nothing changed).
    pub fn act(
        &mut self,
        id: &str,
        token: Option<&str>,
        request: ActRequest,
    ) -> Result<ActReport, ApiError> {
        self.retrying(|hub| hub.act_once(id, token, &request))
    }

    /// One try of [`Hub::act`]. A table held in memory is acted on without first asking the
    /// store for its version: the write is made only if the table is still at the version
    /// the action was applied to (otherwise the store refuses it as a conflict and the request
    /// is tried again from the stored table), and a refusal (a token, a seat, a stale step, a
    /// rule) is answered only once the store confirms that the table held is the stored one,
    /// so another instance's change is never refused against. Every act therefore costs one
    /// round trip to the store, not two.
    fn act_once(
        &mut self,
        id: &str,
        token: Option<&str>,
        request: &ActRequest,
    ) -> Result<ActReport, ApiError> {
        let held = valid_id(id) && self.live.contains_key(id);
        let live = if held { self.held(id)? } else { self.live(id)? };
        let applied = apply_in_memory(live, token, request);
        let (report, from_step, before, actor) = match applied {
            Ok(applied) => applied,
            Err(refusal) => {
                if held && !self.held_is_stored(id)? {
                    // Another instance changed the table: try again from the stored one.
                    self.forget(id);
                    self.conflicted = true;
                }
                return Err(refusal);
            }
        };
        // A game master's own act (a round ended, a ruling; not a stand-in for seats) ends a
        // turn of the table's record: its thread is told what the public may see of it.
        let ruling = actor == Actor::GameMaster;
        self.commit(id, from_step, &before, actor, &report.action.json, ruling)?;
        Ok(report)
    }

    /// The table `id` held in memory, without asking the store whether it moved on (the
    /// caller's write or a later check does).
    fn held(&mut self, id: &str) -> Result<&mut Live, ApiError> {
        self.clock += 1;
        let clock = self.clock;
        let live = self.cached(id)?;
        live.used = clock;
        Ok(live)
    }

    /// Whether the table held in memory is at the stored version.
    fn held_is_stored(&mut self, id: &str) -> Result<bool, ApiError> {
        let held = self.cached(id)?.version;
        Ok(self.store.version(id)? == Some(held))
    }

    /// Commits the action just applied to the table in memory, with its turn state, from the
    /// version it was loaded at; on failure the table leaves memory (it is loaded again, as
    /// committed, by the next request). `before` is who could act before the action;
    /// `ruling`: the game master's own act (not a resolution's), which ends a turn of the
    /// record even where every seat may still act (Clan War's `end round`), unless it only
    /// stood in for seats.
    pub(crate) fn commit(
        &mut self,
        id: &str,
        from_step: u64,
        before: &[Actor],
        actor: Actor,
        action: &Value,
        ruling: bool,
    ) -> Result<(), ApiError> {
        // The webhooks' notices, if the act ended a turn (to the outbox with the act).
        let notices = match self.turn_notices(id, before, ruling) {
            Ok(notices) => notices,
            Err(error) => {
                self.forget(id);
                return Err(error);
            }
        };
        let live = self.cached(id)?;
        turns::after_act(live, before);
        let version = live.version;
        let turn = live.turn.clone();
        let written = saves::act_writes(live);
        let (entry, save) = match written {
            Ok(written) => written,
            Err(error) => {
                self.forget(id);
                return Err(ApiError::Internal(error.to_string()));
            }
        };
        let action = action.to_string();
        let actor = actor_text(actor);
        let result = self.store.commit_act(&NewAct {
            table: id,
            from_step,
            version,
            actor: &actor,
            action: &action,
            entry: &entry,
            save: save.as_deref(),
            turn: &turn,
            notices: &notices,
        });
        match result {
            Ok(()) => {
                let live = self.cached(id)?;
                live.version = version + 1;
                live.touched = std::time::Instant::now();
                if save.is_some() {
                    live.saved = from_step + 1;
                }
                if !notices.is_empty() {
                    self.outbox_written.notify_one();
                }
                Ok(())
            }
            Err(error) => Err(self.failed(id, error)),
        }
    }
}

/// Sends jobs to the hub's thread; cheap to clone, one per request handler.
#[derive(Clone, Debug)]
pub struct HubHandle {
    jobs: mpsc::Sender<Job>,
    commits: std::sync::Arc<Commits>,
}

impl HubHandle {
    /// Starts the hub's thread over `store`. Every write the store acknowledges is published
    /// to [`HubHandle::commits`]; on a database several instances share (PostgreSQL), so are
    /// the other instances' writes, heard by a thread of its own.
    ///
    /// # Errors
    /// The operating system refusing a thread.
    pub fn start(store: Box<dyn Store>) -> std::io::Result<HubHandle> {
        let commits = std::sync::Arc::new(Commits::new());
        if let Some(url) = store.notify_url() {
            listen::spawn(url, std::sync::Arc::downgrade(&commits))?;
        }
        let store: Box<dyn Store> = Box::new(Signalling::new(store, commits.clone()));
        let (jobs, receiver) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("pbp-hub".into())
            .spawn(move || {
                Hub::new(store).run(receiver);
            })?;
        Ok(HubHandle { jobs, commits })
    }

    /// The commits of this hub's store (and of the other instances' on a shared database):
    /// subscribe to learn that a table changed.
    pub fn commits(&self) -> &std::sync::Arc<Commits> {
        &self.commits
    }

    /// Registers the notices a venue adds to every act that ends a turn (the webhooks'), in
    /// place of any before; it holds for every job sent after it.
    ///
    /// # Errors
    /// [`ApiError::Internal`] if the hub has stopped.
    pub(crate) fn set_turn_notices(&self, notices: TurnNotices) -> Result<(), ApiError> {
        self.jobs
            .send(Box::new(move |hub| hub.turn_notices = Some(notices)))
            .map_err(|_| ApiError::Internal("the table hub has stopped".into()))
    }

    /// Sets the server's public URL, for the picture line of every BBCode view after it.
    ///
    /// # Errors
    /// [`ApiError::Internal`] if the hub has stopped.
    pub(crate) fn set_public_url(&self, url: Option<String>) -> Result<(), ApiError> {
        self.jobs
            .send(Box::new(move |hub| hub.public_url = url))
            .map_err(|_| ApiError::Internal("the table hub has stopped".into()))
    }

    /// Runs `job` on the hub's thread and waits for its answer.
    ///
    /// # Errors
    /// [`ApiError::Internal`] if the hub has stopped or the job panicked.
    pub async fn call<T: Send + 'static>(
        &self,
        job: impl FnOnce(&mut Hub) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let (answer, wait) = tokio::sync::oneshot::channel();
        self.jobs
            .send(Box::new(move |hub| {
                let result = job(hub);
                // Sent once the job's group of writes is durable (see `Hub::run`).
                hub.answers.push(Box::new(move |failure| {
                    let _ = answer.send(failure.map_or(result, Err));
                }));
            }))
            .map_err(|_| ApiError::Internal("the table hub has stopped".into()))?;
        wait.await
            .map_err(|_| ApiError::Internal("the request failed inside the server".into()))?
    }
}

/// What an absent seat gets, for the status.
pub(crate) fn absent_name(absent: AbsentDefault) -> &'static str {
    match absent {
        AbsentDefault::NoOrders => "no-orders",
        AbsentDefault::Bot => "bot",
    }
}
