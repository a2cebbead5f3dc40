//! [`Table`]: one game in progress with its save, as every frontend holds it.
//! Long file: the one facade every frontend goes through, one impl block; the history parts
//! (outside dice, the chain) are in `history.rs`.

use pbp_core::engine::erased::{
    ActionInput, DynSession, ErasedError, ErasedEvent, LegalAction, SeatInfo,
};
use pbp_core::engine::form::ActionForm;
use pbp_core::engine::{Actor, Commitment, DiceChoice, Secret, Turn, Viewer};
#[cfg(not(target_arch = "wasm32"))]
use pbp_core::{
    Dice, SeededDice,
    engine::{GameMasterRole, Seat},
};

#[cfg(not(target_arch = "wasm32"))]
mod thread;

use crate::catalog::{Renderer, catalog};
use crate::report::{ActReport, ChainReport, EventLine, PlayerName, SecretReport, ViewReport};
use crate::{PostOptions, TableError, words};

/// One game in progress with its save: the facade every frontend (the CLI, the web page, the
/// table server, a bot) goes through. It starts or loads a game of the [catalog](crate::catalog),
/// acts by text or JSON with seeded or outside dice, and answers views, logs, legal actions and
/// renderings for any viewer, each viewer seeing only what it may.
///
/// `Table` is `Send + Sync`: it can live in a bot's shared state or move into an async task.
///
/// ```
/// use pbp_core::engine::{Actor, DiceChoice, Seat, Viewer};
/// use pbp_frontend::Table;
///
/// let mut table = Table::new("duel", None, 2026, DiceChoice::Seeded)?;
/// let seat0 = Actor::Seat(Seat(0));
/// assert_eq!(table.legal_actions(seat0)?[0].text, "strike");
/// let report = table.act_text(seat0, "focus", DiceChoice::Seeded)?;
/// assert_eq!(report.events[1].text, "Player 1 chose focus");
/// let save = table.save()?;
/// let again = Table::load(&save)?;
/// assert_eq!(again.view(Viewer::GameMaster)?, table.view(Viewer::GameMaster)?);
/// # Ok::<(), pbp_frontend::TableError>(())
/// ```
pub struct Table {
    session: Box<dyn DynSession>,
    renderer: &'static dyn Renderer,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("game", &self.session.game())
            .field("steps", &self.session.steps())
            .finish()
    }
}

impl Table {
    /// Starts `game` (a name of the catalog) with `config` (JSON text; `None` for the game's
    /// standard setup), seeded with `secret`'s seed; the save carries the salt and the
    /// commitment to post ([`Table::commitment`]). The setup's dice come from the seed or are
    /// rolled elsewhere. This is how frontends start games (`Secret::from_os` or
    /// `Secret::with_seed` in `pbp-core` with its `os-random` feature draws the salt).
    ///
    /// # Errors
    /// An unknown game ([`ErasedError::UnknownGame`]), a bad or refused config, or outside dice
    /// that do not fit.
    pub fn start(
        game: &str,
        config: Option<&str>,
        secret: &Secret,
        dice: DiceChoice,
    ) -> Result<Table, TableError> {
        let (game, renderer) = catalog().get(game)?;
        let session = game.start(config, secret, dice)?;
        Ok(Table {
            session,
            renderer: renderer.as_ref(),
        })
    }

    /// `config` (JSON text; `None` for `game`'s standard setup) with the players at its
    /// seats named `names`, seat 0 first, to start `game` with: every text, post, picture,
    /// log line and refusal then names each seat by its player (`pbp new --players`, a hosted
    /// table's `players`). Names are checked first ([`pbp_core::engine::names::check_names`]).
    ///
    /// # Errors
    /// An unknown game, a bad config, or names refused ([`ErasedError::Names`]).
    pub fn named_config(
        game: &str,
        config: Option<&str>,
        names: &[String],
    ) -> Result<String, TableError> {
        let (game, _) = catalog().get(game)?;
        Ok(game.name_players(config, names)?)
    }

    /// Starts `game` as [`Table::start`] does but from a bare seed, without a salt or a
    /// commitment: for tests, examples and simulations, where nobody needs to verify the dice.
    ///
    /// # Errors
    /// As [`Table::start`].
    pub fn new(
        game: &str,
        config: Option<&str>,
        seed: u64,
        dice: DiceChoice,
    ) -> Result<Table, TableError> {
        let (game, renderer) = catalog().get(game)?;
        let session = game.new_session(config, seed, dice)?;
        Ok(Table {
            session,
            renderer: renderer.as_ref(),
        })
    }

    /// Loads a save file's text (of any game of the catalog), checking everything: every seeded
    /// roll is derived again from the seed and must match, and the seed and salt must hash to
    /// the record's commitment.
    ///
    /// # Errors
    /// The save's problem, each with its own variant (see [`ErasedError::is_bad_record`]).
    pub fn load(save: &str) -> Result<Table, TableError> {
        let (session, renderer) = catalog().load(save)?;
        Ok(Table {
            session,
            renderer: renderer.as_ref(),
        })
    }

    /// A table over `session`, a game of the catalog: for tests that build the session
    /// themselves (the secrecy harness's twins, [`crate::testing`]).
    ///
    /// # Errors
    /// [`ErasedError::UnknownGame`](pbp_core::engine::erased::ErasedError::UnknownGame) for a game the
    /// catalog does not hold.
    #[cfg(feature = "testing")]
    pub fn from_session(session: Box<dyn DynSession>) -> Result<Table, TableError> {
        let (_, renderer) = catalog().get(session.game())?;
        Ok(Table {
            session,
            renderer: renderer.as_ref(),
        })
    }

    /// The type-erased session, for what the table does not wrap.
    pub fn session(&self) -> &dyn DynSession {
        self.session.as_ref()
    }

    /// The game's name.
    pub fn game(&self) -> &'static str {
        self.session.game()
    }

    /// The game's title as people write it ("Warring States", [`pbp_core::engine::Game::TITLE`]).
    pub fn title(&self) -> &'static str {
        self.session.title()
    }

    /// The record's seed. It is the game master's secret: a frontend must not show it to
    /// players while the game runs.
    pub fn seed(&self) -> u64 {
        self.session.seed()
    }

    /// The commitment to the seed, to post from the first post on (`None` for a save started
    /// before commitments, or a table from [`Table::new`]).
    pub fn commitment(&self) -> Option<Commitment> {
        self.session.commitment()
    }

    /// The seed and salt the commitment hashes: the game master's secret, to reveal when the
    /// game is over (`None` without a commitment).
    pub fn secret(&self) -> Option<Secret> {
        self.session.secret()
    }

    /// Checks the table's commitment against the one the game master posted (64 hex digits;
    /// spaces around are ignored). Loading already checked the seed and every seeded roll.
    ///
    /// # Errors
    /// [`ErasedError::Commitment`] with [`CommitmentError::Hex`](pbp_core::engine::CommitmentError),
    /// `Mismatch` or `Missing` (a save started before commitments).
    pub fn verify(&self, published: &str) -> Result<(), TableError> {
        pbp_core::engine::commitment::check_published(self.commitment().as_ref(), published)
            .map_err(|e| TableError::Game(ErasedError::Commitment(e)))
    }

    /// Actions taken so far.
    pub fn steps(&self) -> usize {
        self.session.steps()
    }

    /// Refuses a table that is not at the step the caller expects (`None` expects nothing): for
    /// a bot or a page that showed a state and acts on it.
    ///
    /// # Errors
    /// [`TableError::Stale`] with both steps.
    pub fn expect_step(&self, expected: Option<usize>) -> Result<(), TableError> {
        match expected {
            Some(expected) if expected != self.steps() => Err(TableError::Stale {
                at: self.steps(),
                expected,
            }),
            _ => Ok(()),
        }
    }

    /// Who may act now, or the outcome.
    pub fn turn(&self) -> Turn {
        self.session.turn()
    }

    /// Each seat's result once the game is over, seat 0 first, as a search or learning
    /// algorithm reads it (`Game::returns`: by default the winners share 1, the others get 0,
    /// a draw shares 1 among every seat); `None` while the game goes on.
    pub fn returns(&self) -> Option<Vec<f64>> {
        self.session.returns()
    }

    /// Who may act now, or how the game ended, in one line, each seat by its name
    /// (`to act: Plainsfox (Lion), gm`).
    pub fn describe_turn(&self) -> String {
        words::describe_turn_in(&self.session.turn(), &self.seats())
    }

    /// A seat or the game master as the table names them in a sentence: "Plainsfox (Lion)",
    /// "the game master".
    pub fn actor_name(&self, actor: Actor) -> String {
        match actor {
            Actor::Seat(seat) => self
                .seats()
                .into_iter()
                .find(|i| i.seat == seat)
                .map_or_else(|| crate::words::actor_name(actor), |i| i.name),
            Actor::GameMaster => "the game master".to_owned(),
        }
    }

    /// Step 0 of the log in words: the game set up, by its title, and its seats by name in
    /// seat order ("the setup of Clan War: Mongooseh (Crab), BegrudginglyGood (Dragon)").
    pub fn setup_line(&self) -> String {
        let seats: Vec<String> = self.seats().into_iter().map(|i| i.name).collect();
        if seats.is_empty() {
            format!("the setup of {}", self.title())
        } else {
            format!("the setup of {}: {}", self.title(), seats.join(", "))
        }
    }

    /// Every seat of the game with its label (clan, faction, colour, team).
    pub fn seats(&self) -> Vec<SeatInfo> {
        self.session.seats()
    }

    /// Every seat's name as the table writes it in sentences ([`Table::actor_name`],
    /// [`Table::describe_turn`], the `to act:` line `pbp new` prints): the player's name with
    /// the clan, colour or faction where the game has one ("Player 1 (Red)", "Mongooseh
    /// (Crab)"), in seat order. The names a hosted table gives its players when the game master
    /// gives none.
    pub fn seat_names(&self) -> Vec<String> {
        self.seats().into_iter().map(|info| info.name).collect()
    }

    /// Every seat with the name the game gives it, as the web page lists players.
    pub fn players(&self) -> Vec<PlayerName> {
        self.seats()
            .into_iter()
            .map(|info| PlayerName {
                seat: info.seat.0,
                name: info.label,
            })
            .collect()
    }

    /// Reads who acts: a seat by number, label or player name (`0`, `seat 1`, `Lion`,
    /// `Plainsfox`), or `gm`.
    ///
    /// # Errors
    /// [`TableError::Who`], saying what is expected (the table's seats by number and name).
    pub fn actor(&self, text: &str) -> Result<Actor, TableError> {
        words::parse_actor_in(text, &self.seats()).map_err(TableError::Who)
    }

    /// Reads who looks: a seat by number, label or player name, `public`, or `gm`.
    ///
    /// # Errors
    /// [`TableError::Who`], saying what is expected.
    pub fn viewer(&self, text: &str) -> Result<Viewer, TableError> {
        words::parse_viewer_in(text, &self.seats()).map_err(TableError::Who)
    }

    /// The legal actions of `actor` now, each in its text and JSON forms.
    ///
    /// # Errors
    /// [`TableError::Game`] if an action cannot be written as JSON.
    pub fn legal_actions(&self, actor: Actor) -> Result<Vec<LegalAction>, TableError> {
        Ok(self.session.legal_actions(actor)?)
    }

    /// The form `actor` builds its action with now ([`Game::action_form`]): kinds of action,
    /// their fields and choices, so that a page never reads action texts.
    ///
    /// [`Game::action_form`]: pbp_core::engine::Game::action_form
    pub fn action_form(&self, actor: Actor) -> ActionForm {
        self.session.action_form(actor)
    }

    /// Reads an action of `actor` without applying it, in both forms.
    ///
    /// # Errors
    /// [`ErasedError::Parse`](pbp_core::engine::erased::ErasedError::Parse) when it is not an action of
    /// the game.
    pub fn parse_action(
        &self,
        actor: Actor,
        input: &ActionInput,
    ) -> Result<LegalAction, TableError> {
        Ok(self.session.parse_action(actor, input)?)
    }

    /// Applies `actor`'s action with seeded dice or values rolled elsewhere (all of which must be
    /// used), and answers the step, the action, the events the actor may see (with their text)
    /// and the turn. On error nothing changes.
    ///
    /// # Errors
    /// The erased layer's refusals: [`ErasedError::Parse`], [`ErasedError::Illegal`],
    /// [`ErasedError::NotYourTurn`], [`ErasedError::MoreDice`], [`ErasedError::BadDice`],
    /// [`ErasedError::UnusedDice`].
    ///
    /// [`ErasedError::Parse`]: pbp_core::engine::erased::ErasedError::Parse
    /// [`ErasedError::Illegal`]: pbp_core::engine::erased::ErasedError::Illegal
    /// [`ErasedError::NotYourTurn`]: pbp_core::engine::erased::ErasedError::NotYourTurn
    /// [`ErasedError::MoreDice`]: pbp_core::engine::erased::ErasedError::MoreDice
    /// [`ErasedError::BadDice`]: pbp_core::engine::erased::ErasedError::BadDice
    /// [`ErasedError::UnusedDice`]: pbp_core::engine::erased::ErasedError::UnusedDice
    pub fn act(
        &mut self,
        actor: Actor,
        input: &ActionInput,
        dice: DiceChoice,
    ) -> Result<ActReport, TableError> {
        self.act_seen_by(Viewer::from(actor), actor, input, dice)
    }

    /// [`Table::act`], answering the events `viewer` may see instead of the actor's: for a game
    /// master who acts for an absent player and sees everything.
    ///
    /// # Errors
    /// As [`Table::act`].
    pub fn act_seen_by(
        &mut self,
        viewer: Viewer,
        actor: Actor,
        input: &ActionInput,
        dice: DiceChoice,
    ) -> Result<ActReport, TableError> {
        let action = self.session.parse_action(actor, input)?;
        // The session refuses without changing anything; only the events' text is left to fail
        // (a renderer that cannot read its own game's event, a bug), and then the step is taken
        // back, so that on every error nothing changes.
        let seen: Vec<ErasedEvent> = self
            .session
            .act(actor, input, dice)?
            .into_iter()
            .filter(|e| e.audience.includes(viewer))
            .collect();
        let events = match self.lines(viewer, seen, Some(self.steps().saturating_sub(1))) {
            Ok(events) => events,
            Err(error) => {
                self.session.undo()?;
                return Err(error);
            }
        };
        Ok(ActReport {
            step: self.steps(),
            action,
            events,
            turn: self.turn(),
        })
    }

    /// Whether `actor` could take `input` now with seeded dice, checked by the game on a copy
    /// of its state ([`Game::check_action`]; the table itself is untouched): for drafts of
    /// orders checked long before they are applied, and a page's rows of an order sheet checked
    /// as the player changes them. Answers the action in both forms (its text form is the post
    /// it makes).
    ///
    /// # Errors
    /// As [`Table::act`].
    ///
    /// [`Game::check_action`]: pbp_core::engine::Game::check_action
    pub fn try_action(&self, actor: Actor, input: &ActionInput) -> Result<LegalAction, TableError> {
        let parsed = self.session.parse_action(actor, input)?;
        self.session.check_action(actor, input)?;
        Ok(parsed)
    }

    /// The game master's legal action with `role` now, the first the game lists, if it has
    /// one ([`DynSession::game_master_actions`]): the action that closes the turn
    /// ([`GameMasterRole::CloseTurn`]) or that stands in for an absent seat
    /// ([`GameMasterRole::StandIn`]), found by what it is for, never by its text.
    ///
    /// # Errors
    /// An action that cannot be written as JSON.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn game_master_action(
        &self,
        role: GameMasterRole,
    ) -> Result<Option<LegalAction>, TableError> {
        Ok(self
            .session
            .game_master_actions()?
            .into_iter()
            .find(|listed| listed.role == role)
            .map(|listed| listed.action))
    }

    /// The action the computer player would take for `seat` now, in both forms, or `None` when
    /// it has none that applies (the seat may not act, or has no legal action the table can
    /// list). The game's own heuristic ([`Game::heuristic_action`](pbp_core::engine::Game)) is asked
    /// first; where it has nothing, or its choice does not apply, one of the seat's legal
    /// actions is chosen at random. Its random choices come from dice seeded with
    /// [`bot_seed`](pbp_core::engine::commitment::bot_seed) of the table's secret, step and seat: the
    /// same table gives the same choice everywhere, and the choice tells nothing of the seed.
    /// Every candidate is tried on a copy; the table itself is untouched.
    ///
    /// # Errors
    /// The heuristic's failure ([`ErasedError::Simulation`]), or an action that cannot be
    /// written as JSON.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn bot_action(&self, seat: Seat) -> Result<Option<LegalAction>, TableError> {
        let actor = Actor::Seat(seat);
        if !self.turn().actors().contains(&actor) {
            return Ok(None);
        }
        let secret = self.session.secret();
        let seed = pbp_core::engine::commitment::bot_seed(
            self.seed(),
            secret.as_ref().map(|s| &s.salt),
            self.steps() as u64,
            seat.0,
        );
        let mut dice = SeededDice::new(seed);
        let applies = |action: &LegalAction| {
            self.try_action(actor, &ActionInput::Json(action.json.clone()))
                .is_ok()
        };
        if let Some(action) = self.session.heuristic_action(actor, &mut dice)?
            && applies(&action)
        {
            return Ok(Some(action));
        }
        let mut legal = self.legal_actions(actor)?;
        while !legal.is_empty() {
            let count = u32::try_from(legal.len()).unwrap_or(u32::MAX);
            let pick = dice
                .roll(count)
                .map_err(|e| ErasedError::Simulation(e.to_string()))?;
            let index = usize::try_from(pick).unwrap_or(1).saturating_sub(1);
            let action = legal.swap_remove(index.min(legal.len() - 1));
            if applies(&action) {
                return Ok(Some(action));
            }
        }
        Ok(None)
    }

    /// [`Table::act`] with an action as text: its JSON form if it is JSON, the game's text form
    /// otherwise.
    ///
    /// # Errors
    /// As [`Table::act`].
    pub fn act_text(
        &mut self,
        actor: Actor,
        input: &str,
        dice: DiceChoice,
    ) -> Result<ActReport, TableError> {
        self.act(actor, &ActionInput::Auto(input.to_owned()), dice)
    }

    /// `events` (those `viewer` may see after step `after`, as the erased layer gives them)
    /// with their text, which the renderer writes from the session's typed log.
    fn lines(
        &self,
        viewer: Viewer,
        events: Vec<ErasedEvent>,
        after: Option<usize>,
    ) -> Result<Vec<EventLine>, TableError> {
        let texts = self
            .renderer
            .event_texts(self.session.as_ref(), viewer, after)?;
        if texts.len() != events.len() {
            return Err(TableError::Event {
                game: self.game(),
                message: format!(
                    "the log has {} events after that step for this viewer, the step {}",
                    texts.len(),
                    events.len()
                ),
            });
        }
        let lines = events
            .into_iter()
            .zip(texts)
            .map(|(e, text)| EventLine {
                step: e.step,
                audience: e.audience,
                event: e.event,
                text,
            })
            .collect();
        self.with_outside_lines(viewer, lines, after)
    }

    /// `post` with the footer of every post: the steps after `after` rolled on the forum that
    /// `viewer` may see, then
    /// the chain's head, each on its own line (the same in the CLI, the server and the page).
    fn ended(
        &self,
        viewer: Viewer,
        mut post: String,
        after: Option<usize>,
    ) -> Result<String, TableError> {
        let footer = self.post_footer(viewer, after)?;
        if !post.is_empty() && !post.ends_with('\n') {
            post.push('\n');
        }
        for line in footer {
            post.push_str(&line);
            post.push('\n');
        }
        Ok(post)
    }

    /// The step a post of the last action covers from (the steps after it).
    fn last_action(&self) -> Option<usize> {
        Some(self.steps().saturating_sub(1))
    }

    /// What `viewer` may see, with the game, the step count, the turn and the dice commitment;
    /// for the game master alone, the seed and salt too.
    ///
    /// # Errors
    /// [`TableError::Game`] if the view cannot be written as JSON.
    pub fn view(&self, viewer: Viewer) -> Result<ViewReport, TableError> {
        let secret = (viewer == Viewer::GameMaster).then(|| SecretReport {
            seed: self.seed(),
            salt: self.secret().map(|s| s.salt),
        });
        Ok(ViewReport {
            game: self.game(),
            title: self.title(),
            steps: self.steps(),
            turn: self.turn(),
            commitment: self.commitment(),
            secret,
            chain: ChainReport {
                step: self.steps(),
                head: self.head()?.short(),
            },
            outside_dice: self
                .outside_steps_seen_by(viewer, None)?
                .into_iter()
                .map(|(step, _)| step)
                .collect(),
            view: self.session.view(viewer)?,
        })
    }

    /// The events `viewer` may see, in order, each with its text.
    ///
    /// # Errors
    /// [`TableError::Game`] if an event cannot be written as JSON.
    pub fn log(&self, viewer: Viewer) -> Result<Vec<EventLine>, TableError> {
        self.log_after(viewer, None)
    }

    /// The end of [`Table::log`]: the lines of the steps after `after` (the whole log for
    /// `None`), each written as the whole log writes it, and only those written (a live stream
    /// asks for the new lines after every action; the cost is of the lines answered).
    ///
    /// # Errors
    /// As [`Table::log`].
    pub fn log_after(
        &self,
        viewer: Viewer,
        after: Option<usize>,
    ) -> Result<Vec<EventLine>, TableError> {
        let events = self.session.log_after(viewer, after)?;
        self.lines(viewer, events, after)
    }

    /// The game as `viewer` sees it, as plain text, with the dice commitment under it (and for
    /// the game master the seed and salt).
    ///
    /// # Errors
    /// A renderer that does not fit the session (never for a table of the catalog).
    pub fn text(&self, viewer: Viewer) -> Result<String, TableError> {
        let text = self.renderer.text(self.session.as_ref(), viewer)?;
        self.ended(viewer, text, None)
    }

    /// [`Table::text`] with who may act now ([`Table::describe_turn`]) before the lines that
    /// end every post: what `pbp show` prints.
    ///
    /// # Errors
    /// As [`Table::text`].
    pub fn text_with_turn(&self, viewer: Viewer) -> Result<String, TableError> {
        let mut text = self.renderer.text(self.session.as_ref(), viewer)?;
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(&self.describe_turn());
        self.ended(viewer, text, None)
    }

    /// A forum post for `viewer`: the game and the last action's events `viewer` may see, with
    /// the dice commitment (never the seed, even for the game master: a post is meant to be posted).
    ///
    /// # Errors
    /// As [`Table::text`].
    pub fn bbcode(&self, viewer: Viewer) -> Result<String, TableError> {
        let post = self.renderer.bbcode(self.session.as_ref(), viewer)?;
        self.ended(viewer, post, self.last_action())
    }

    /// [`Table::bbcode`] laid out as `options` say: plain lists (the default, which every forum
    /// shows) or `[table]`s.
    ///
    /// # Errors
    /// As [`Table::text`].
    pub fn bbcode_with(&self, viewer: Viewer, options: &PostOptions) -> Result<String, TableError> {
        let post = self
            .renderer
            .bbcode_with(self.session.as_ref(), viewer, options)?;
        self.ended(viewer, post, self.last_action())
    }

    /// A forum post for `viewer` covering every step after `after` (the whole game, the setup's
    /// events included, when `None`): for a game master who posts once for several actions.
    ///
    /// # Errors
    /// As [`Table::text`].
    pub fn bbcode_since(&self, viewer: Viewer, after: Option<usize>) -> Result<String, TableError> {
        let post = self
            .renderer
            .bbcode_since(self.session.as_ref(), viewer, after)?;
        self.ended(viewer, post, after)
    }

    /// The map or field as `viewer` sees it, as an SVG document.
    ///
    /// # Errors
    /// As [`Table::text`].
    pub fn svg(&self, viewer: Viewer) -> Result<String, TableError> {
        let svg = self.renderer.svg(self.session.as_ref(), viewer)?;
        // The post's footer as the document's description, before its end.
        let footer = self.ended(viewer, String::new(), None)?;
        let footer = footer.trim_end();
        Ok(match svg.rfind("</svg>") {
            Some(end) => format!(
                "{}<desc>{}</desc>\n{}",
                &svg[..end],
                footer.replace('&', "&amp;").replace('<', "&lt;"),
                &svg[end..]
            ),
            None => svg,
        })
    }

    /// Takes back the last action and answers the step taken back. On error nothing changes.
    ///
    /// # Errors
    /// [`ErasedError::NothingToUndo`](pbp_core::engine::erased::ErasedError::NothingToUndo).
    pub fn undo(&mut self) -> Result<usize, TableError> {
        let step = self.session.steps();
        self.session.undo()?;
        Ok(step)
    }

    /// The save file: the record in its envelope, the same bytes from every frontend.
    ///
    /// # Errors
    /// [`TableError::Game`] if the record cannot be written as JSON.
    pub fn save(&self) -> Result<String, TableError> {
        Ok(self.session.save()?)
    }

    /// The record's entry of the last action as JSON ([`DynSession::last_entry`]), `None`
    /// before the first: the few bytes a store appends after an action, where the whole save
    /// is written only now and then.
    ///
    /// # Errors
    /// [`TableError::Game`] if the entry cannot be written as JSON.
    pub fn last_entry(&self) -> Result<Option<serde_json::Value>, TableError> {
        Ok(self.session.last_entry()?)
    }
}
