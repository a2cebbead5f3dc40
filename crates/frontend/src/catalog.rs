//! The games the frontends offer, each paired with its renderer.
//!
//! Adding a game to every frontend (the `pbp` CLI, the web page, the table server) is one line in
//! [`games`]:
//! `add::<pbp_some_game::SomeGame>(&mut games);`. The game must implement [`pbp_core::engine::Game`] and
//! [`pbp_render::Render`].
//!
//! A program that embeds pbp adds a game of its own at run time with [`register`]: from then on
//! [`catalog`], and so [`Table::start`](crate::Table::start), [`Table::new`](crate::Table::new)
//! and [`Table::load`](crate::Table::load), know it like the built-in games (docs/NEW_GAME.md
//! walks through writing one).
//!
//! ```
//! use pbp_core::engine::{DiceChoice, Viewer};
//! use pbp_frontend::catalog;
//!
//! let (game, renderer) = catalog::catalog().get("duel")?;
//! let session = game.new_session(None, 7, DiceChoice::Seeded)?;
//! let svg = renderer.svg(session.as_ref(), Viewer::Public).unwrap();
//! assert!(svg.starts_with("<svg"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::any::TypeId;
use std::marker::PhantomData;
use std::sync::{OnceLock, RwLock};

use pbp_core::engine::duel::Duel;
use pbp_core::engine::erased::{DynSession, Registry};
use pbp_core::engine::{Session, Viewer};
use pbp_render::{PostOptions, Render};

use crate::TableError;

/// How a frontend shows one game: [`Render`] behind a type-erased session.
pub trait Renderer: Send + Sync {
    /// The state as `viewer` may see it, as plain text.
    ///
    /// # Errors
    /// A session of another game than this renderer's.
    fn text(&self, session: &dyn DynSession, viewer: Viewer) -> Result<String, TableError>;

    /// A forum post: the state as `viewer` sees it and the last action's events `viewer` may see.
    ///
    /// # Errors
    /// A session of another game than this renderer's.
    fn bbcode(&self, session: &dyn DynSession, viewer: Viewer) -> Result<String, TableError>;

    /// [`Renderer::bbcode`] laid out as `options` say (plain lists or `[table]`s).
    ///
    /// # Errors
    /// A session of another game than this renderer's.
    fn bbcode_with(
        &self,
        session: &dyn DynSession,
        viewer: Viewer,
        options: &PostOptions,
    ) -> Result<String, TableError>;

    /// A forum post covering several steps: the state as `viewer` sees it and every event
    /// `viewer` may see after step `after` (all of them, the setup's too, when `None`), for a
    /// game master who posts once for several actions.
    ///
    /// # Errors
    /// A session of another game than this renderer's.
    fn bbcode_since(
        &self,
        session: &dyn DynSession,
        viewer: Viewer,
        after: Option<usize>,
    ) -> Result<String, TableError>;

    /// The map or field as an SVG document.
    ///
    /// # Errors
    /// A session of another game than this renderer's.
    fn svg(&self, session: &dyn DynSession, viewer: Viewer) -> Result<String, TableError>;

    /// The text of every event `viewer` may see after step `after` (all of them, the setup's
    /// too, when `None`), in the order of [`DynSession::log`], each named as `viewer` sees the
    /// session. The text comes from the session's own typed log, never from the events' JSON,
    /// so that the browser's wasm needs no reader of events.
    ///
    /// # Errors
    /// A session of another game than this renderer's.
    fn event_texts(
        &self,
        session: &dyn DynSession,
        viewer: Viewer,
        after: Option<usize>,
    ) -> Result<Vec<String>, TableError>;
}

/// The [`Renderer`] of the game `G`.
struct RenderOf<G>(PhantomData<G>);

impl<G: Render> RenderOf<G> {
    fn session<'a>(&self, session: &'a dyn DynSession) -> Result<&'a Session<G>, TableError> {
        session
            .as_any()
            .downcast_ref::<Session<G>>()
            .ok_or(TableError::WrongRenderer {
                session: session.game(),
                renderer: G::NAME,
            })
    }
}

/// The lines under a text view: the dice commitment for everyone (a save without one says so),
/// and for the game master alone the seed and salt it commits to.
fn commitment_lines(session: &dyn DynSession, viewer: Viewer, out: &mut String) {
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    match session.commitment() {
        Some(commitment) => out.push_str(&format!("dice commitment: {commitment}\n")),
        None => out.push_str("dice commitment: none (a save started before commitments)\n"),
    }
    if viewer == Viewer::GameMaster {
        let seed = session.seed();
        match session.secret() {
            Some(secret) => out.push_str(&format!(
                "seed {seed}, salt {} (the game master's secret: reveal them only when the game is over)\n",
                secret.salt
            )),
            None => out.push_str(&format!(
                "seed {seed} (the game master's secret: reveal it only when the game is over)\n"
            )),
        }
    }
}

/// The line under a forum post: the dice commitment, so the thread holds it from the first post
/// on. Never the seed, whoever the post is for: a post is meant to be posted.
fn commitment_bbcode(session: &dyn DynSession, out: &mut String) {
    if let Some(commitment) = session.commitment() {
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&format!("[i]dice commitment: {commitment}[/i]\n"));
    }
}

impl<G: Render> Renderer for RenderOf<G> {
    fn text(&self, session: &dyn DynSession, viewer: Viewer) -> Result<String, TableError> {
        let mut text = G::text(&G::view(self.session(session)?.state(), viewer));
        commitment_lines(session, viewer, &mut text);
        Ok(text)
    }

    fn bbcode(&self, session: &dyn DynSession, viewer: Viewer) -> Result<String, TableError> {
        self.bbcode_with(session, viewer, &PostOptions::default())
    }

    fn bbcode_with(
        &self,
        session: &dyn DynSession,
        viewer: Viewer,
        options: &PostOptions,
    ) -> Result<String, TableError> {
        let erased = session;
        let session = self.session(session)?;
        let last = session.record().entries.len();
        // The last step's events: every step before it is at most `last - 1`.
        let events: Vec<_> = session.log_for_after(viewer, last.checked_sub(1)).collect();
        let mut post = G::bbcode_with(&G::view(session.state(), viewer), &events, options);
        commitment_bbcode(erased, &mut post);
        Ok(post)
    }

    fn bbcode_since(
        &self,
        session: &dyn DynSession,
        viewer: Viewer,
        after: Option<usize>,
    ) -> Result<String, TableError> {
        let erased = session;
        let session = self.session(session)?;
        let events: Vec<_> = session.log_for_after(viewer, after).collect();
        let mut post = G::bbcode(&G::view(session.state(), viewer), &events);
        commitment_bbcode(erased, &mut post);
        Ok(post)
    }

    fn svg(&self, session: &dyn DynSession, viewer: Viewer) -> Result<String, TableError> {
        Ok(G::svg(&G::view(self.session(session)?.state(), viewer)))
    }

    fn event_texts(
        &self,
        session: &dyn DynSession,
        viewer: Viewer,
        after: Option<usize>,
    ) -> Result<Vec<String>, TableError> {
        let session = self.session(session)?;
        let view = G::view(session.state(), viewer);
        Ok(session
            .log_for_after(viewer, after)
            .map(|e| G::event_text(&e.visible.event, &view))
            .collect())
    }
}

/// Every game with its renderer.
pub type Games = Registry<Box<dyn Renderer>>;

/// Registers the game `G` with its renderer.
pub fn add<G: Render>(games: &mut Games) {
    games.register::<G>(Box::new(RenderOf::<G>(PhantomData)));
}

/// The games this build runs, in the order the frontends list them.
pub fn games() -> Games {
    let mut games = Games::new();
    add::<Duel>(&mut games);
    #[cfg(feature = "clan-war")]
    add::<pbp_clan_war::ClanWar>(&mut games);
    #[cfg(feature = "three-kingdoms")]
    add::<pbp_three_kingdoms::ThreeKingdoms>(&mut games);
    #[cfg(feature = "warring-states")]
    add::<pbp_warring_states::WarringStates>(&mut games);
    #[cfg(feature = "scroll-race")]
    add::<pbp_scroll_race::ScrollRace>(&mut games);
    games
}

/// How a registered game is added to a catalog ([`add`] of its type).
type AddGame = fn(&mut Games);

/// The catalog in force: [`games`] and the games [`register`]ed since, in the order registered.
struct Current {
    /// The registered games: each game's type and how to add it.
    registered: Vec<(TypeId, AddGame)>,
    /// The catalog they make, shared by every table. A registration builds the next one and
    /// leaves this one in place (tables started before it hold its renderers), so each
    /// registration keeps one small catalog alive for the life of the program: registering is
    /// meant for start-up.
    games: &'static Games,
}

fn current() -> &'static RwLock<Current> {
    static CURRENT: OnceLock<RwLock<Current>> = OnceLock::new();
    CURRENT.get_or_init(|| {
        RwLock::new(Current {
            registered: Vec::new(),
            games: Box::leak(Box::new(games())),
        })
    })
}

/// [`games`] and the games [`register`]ed at run time, shared: the catalog every
/// [`Table`](crate::Table) starts and loads from.
pub fn catalog() -> &'static Games {
    // A poisoned lock still holds a whole catalog: it is only ever replaced whole.
    match current().read() {
        Ok(current) => current.games,
        Err(poisoned) => poisoned.into_inner().games,
    }
}

/// Adds the game `G` (with its renderer) to the [`catalog`] of this program, after the built-in
/// games, so that tables start, load and show it like any other. Registering the same game again
/// does nothing (each test of a test binary may register the game it plays).
///
/// ```
/// use pbp_core::engine::duel::Duel;
/// use pbp_frontend::{TableError, catalog};
///
/// // The duel is built in: registering it again is a name already taken.
/// assert_eq!(catalog::register::<Duel>(), Err(TableError::NameTaken { name: "duel" }));
/// ```
///
/// # Errors
/// [`TableError::NameTaken`] when a built-in game, or another game registered before, has
/// `G`'s name.
pub fn register<G: Render>() -> Result<(), TableError> {
    let mut current = match current().write() {
        Ok(current) => current,
        Err(poisoned) => poisoned.into_inner(),
    };
    let id = TypeId::of::<G>();
    if current.registered.iter().any(|&(t, _)| t == id) {
        return Ok(());
    }
    if current.games.get(G::NAME).is_ok() {
        return Err(TableError::NameTaken { name: G::NAME });
    }
    current.registered.push((id, add::<G>));
    let mut next = games();
    for (_, add) in &current.registered {
        add(&mut next);
    }
    current.games = Box::leak(Box::new(next));
    Ok(())
}

#[cfg(test)]
mod tests {
    use pbp_core::engine::erased::ActionInput;
    use pbp_core::engine::{Actor, DiceChoice, Game, Seat, Turn};

    use super::*;

    #[test]
    fn the_catalog_lists_the_duel_with_its_renderer() {
        assert_eq!(catalog().names()[0], "duel");
        let (game, renderer) = catalog().get("duel").unwrap();
        let mut session = game.new_session(None, 3, DiceChoice::Seeded).unwrap();
        session
            .act(
                Actor::Seat(Seat(0)),
                &ActionInput::Auto("focus".into()),
                DiceChoice::Seeded,
            )
            .unwrap();
        let text = renderer
            .text(session.as_ref(), Viewer::Seat(Seat(0)))
            .unwrap();
        assert!(text.contains("own stance focus"), "{text}");
        let public = renderer.text(session.as_ref(), Viewer::Public).unwrap();
        assert!(
            !public.contains("focus,") && public.contains("sealed"),
            "{public}"
        );
        let bbcode = renderer.bbcode(session.as_ref(), Viewer::Public).unwrap();
        assert_eq!(bbcode, "[b]Duel[/b]: 0 - 0\n[*] Player 1 sealed a stance\n");
        assert!(public.contains("dice commitment: none"), "{public}");
        let svg = renderer.svg(session.as_ref(), Viewer::Public).unwrap();
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"), "{svg}");
        let gm = Viewer::GameMaster;
        assert_eq!(
            renderer.event_texts(session.as_ref(), gm, None).unwrap(),
            ["Player 1 sealed a stance", "Player 1 chose focus"]
        );
        assert_eq!(
            renderer
                .event_texts(session.as_ref(), Viewer::Seat(Seat(1)), None)
                .unwrap(),
            ["Player 1 sealed a stance"]
        );
        assert!(
            renderer
                .event_texts(session.as_ref(), gm, Some(1))
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn the_commitment_is_shown_to_all_and_the_seed_to_the_game_master_alone() {
        let (game, renderer) = catalog().get("duel").unwrap();
        let secret = pbp_core::engine::Secret {
            seed: 987_654_321,
            salt: pbp_core::engine::Salt::from_bytes([0x5a; 32]),
        };
        let session = game.start(None, &secret, DiceChoice::Seeded).unwrap();
        let commitment = secret.commitment().to_string();
        let salt = secret.salt.to_string();
        for viewer in [Viewer::Public, Viewer::Seat(Seat(0)), Viewer::Seat(Seat(1))] {
            let text = renderer.text(session.as_ref(), viewer).unwrap();
            let post = renderer.bbcode(session.as_ref(), viewer).unwrap();
            for shown in [&text, &post] {
                assert!(shown.contains(&commitment), "{viewer:?}: {shown}");
                assert!(
                    !shown.contains("987654321") && !shown.contains(&salt),
                    "{viewer:?}: {shown}"
                );
            }
        }
        let gm = renderer.text(session.as_ref(), Viewer::GameMaster).unwrap();
        assert!(gm.contains("seed 987654321") && gm.contains(&salt), "{gm}");
        let gm_post = renderer
            .bbcode(session.as_ref(), Viewer::GameMaster)
            .unwrap();
        assert!(gm_post.contains(&commitment) && !gm_post.contains("987654321"));
    }

    /// The duel under another name, to hand a renderer a session of another game.
    #[derive(Clone, Copy, Debug, PartialEq, Default)]
    struct Mirror;

    impl Game for Mirror {
        const NAME: &'static str = "mirror";
        const TITLE: &'static str = "Mirror";
        type Config = <Duel as Game>::Config;
        type State = <Duel as Game>::State;
        type Action = <Duel as Game>::Action;
        type Event = <Duel as Game>::Event;
        type View = <Duel as Game>::View;
        type Error = <Duel as Game>::Error;

        fn setup(
            config: &Self::Config,
            dice: &mut dyn pbp_core::Dice,
        ) -> Result<Self::State, Self::Error> {
            Duel::setup(config, dice)
        }
        fn turn(state: &Self::State) -> Turn {
            Duel::turn(state)
        }
        fn seat_count(state: &Self::State) -> u16 {
            Duel::seat_count(state)
        }
        fn legal_actions(state: &Self::State, actor: Actor) -> Vec<Self::Action> {
            Duel::legal_actions(state, actor)
        }
        fn apply(
            state: &mut Self::State,
            actor: Actor,
            action: &Self::Action,
            dice: &mut dyn pbp_core::Dice,
        ) -> Result<Vec<pbp_core::engine::Visible<Self::Event>>, Self::Error> {
            Duel::apply(state, actor, action, dice)
        }
        fn view(state: &Self::State, viewer: Viewer) -> Self::View {
            Duel::view(state, viewer)
        }
        fn parse_action(
            state: &Self::State,
            actor: Actor,
            text: &str,
        ) -> Result<Self::Action, Self::Error> {
            Duel::parse_action(state, actor, text)
        }
        fn format_action(state: &Self::State, action: &Self::Action) -> String {
            Duel::format_action(state, action)
        }
        fn max_actions(config: &Self::Config) -> u64 {
            Duel::max_actions(config)
        }
    }

    impl Render for Mirror {
        fn text(view: &Self::View) -> String {
            Duel::text(view)
        }
        fn bbcode_with(
            _view: &Self::View,
            _events: &[&pbp_core::engine::LoggedEvent<Self>],
            _options: &pbp_render::PostOptions,
        ) -> String {
            String::new()
        }
        fn svg(view: &Self::View) -> String {
            Duel::svg(view)
        }
        fn event_text(event: &Self::Event, view: &Self::View) -> String {
            Duel::event_text(event, view)
        }
    }

    #[test]
    fn a_renderer_refuses_another_games_session_and_one_line_adds_a_game() {
        let mut games = games();
        add::<Mirror>(&mut games);
        assert_eq!(games.names().first(), Some(&"duel"));
        assert_eq!(games.names().last(), Some(&"mirror"));
        let (duel, _) = games.get("duel").unwrap();
        let (_, mirror) = games.get("mirror").unwrap();
        let session = duel.new_session(None, 3, DiceChoice::Seeded).unwrap();
        let message = TableError::WrongRenderer {
            session: "duel",
            renderer: "mirror",
        };
        for result in [
            mirror.text(session.as_ref(), Viewer::Public),
            mirror.bbcode(session.as_ref(), Viewer::Public),
            mirror.bbcode_since(session.as_ref(), Viewer::Public, None),
            mirror.svg(session.as_ref(), Viewer::Public),
        ] {
            assert_eq!(result, Err(message.clone()));
        }
        assert_eq!(
            mirror.event_texts(session.as_ref(), Viewer::Public, None),
            Err(message.clone())
        );
    }
}
