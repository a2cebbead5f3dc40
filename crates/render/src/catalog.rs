//! The games the frontends offer, each paired with its renderer, and the few words both frontends
//! use to talk about seats, viewers and turns.
//!
//! Adding a game to every frontend (the `pbp` CLI and the web page) is one line in [`games`]:
//! `add::<pbp_some_game::SomeGame>(&mut games);`. The game must implement [`pbp_core::Game`] and
//! [`Render`].
//!
//! ```
//! use pbp_core::{DiceChoice, Viewer};
//! use pbp_render::catalog;
//!
//! let (game, renderer) = catalog::catalog().get("duel")?;
//! let session = game.new_session(None, 7, DiceChoice::Seeded)?;
//! let svg = renderer.svg(session.as_ref(), Viewer::Public).unwrap();
//! assert!(svg.starts_with("<svg"));
//! # Ok::<(), pbp_core::erased::ErasedError>(())
//! ```

use std::marker::PhantomData;
use std::sync::OnceLock;

use pbp_core::duel::Duel;
use pbp_core::erased::{DynSession, Registry};
use pbp_core::{Actor, Game, Seat, Session, Turn, Viewer};
use serde_json::Value;

use crate::Render;

/// How a frontend shows one game: [`Render`] behind a type-erased session.
pub trait Renderer: Send + Sync {
    /// The state as `viewer` may see it, as plain text.
    ///
    /// # Errors
    /// A session of another game than this renderer's.
    fn text(&self, session: &dyn DynSession, viewer: Viewer) -> Result<String, String>;

    /// A forum post: the state as `viewer` sees it and the last action's events `viewer` may see.
    ///
    /// # Errors
    /// A session of another game than this renderer's.
    fn bbcode(&self, session: &dyn DynSession, viewer: Viewer) -> Result<String, String>;

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
    ) -> Result<String, String>;

    /// The map or field as an SVG document.
    ///
    /// # Errors
    /// A session of another game than this renderer's.
    fn svg(&self, session: &dyn DynSession, viewer: Viewer) -> Result<String, String>;

    /// The name the game gives a seat ([`Game::seat_label`]: its clan, faction or colour; `seat N`
    /// where the game has none), for frontends that name players instead of numbering them.
    /// `seat` must be one of the session's seats (see [`known_seats`]).
    ///
    /// # Errors
    /// A session of another game than this renderer's.
    fn seat_label(&self, session: &dyn DynSession, seat: Seat) -> Result<String, String>;

    /// One event (its JSON, as the erased layer gives it) as a line of text, named as `viewer`
    /// sees the session.
    ///
    /// # Errors
    /// A session of another game than this renderer's, or JSON that is not an event of this
    /// game.
    fn event_text(
        &self,
        session: &dyn DynSession,
        viewer: Viewer,
        event: &Value,
    ) -> Result<String, String>;
}

/// The [`Renderer`] of the game `G`.
struct RenderOf<G>(PhantomData<G>);

impl<G: Render> RenderOf<G> {
    fn session<'a>(&self, session: &'a dyn DynSession) -> Result<&'a Session<G>, String> {
        session
            .as_any()
            .downcast_ref::<Session<G>>()
            .ok_or_else(|| format!("a {} session was shown as {}", session.game(), G::NAME))
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
    fn text(&self, session: &dyn DynSession, viewer: Viewer) -> Result<String, String> {
        let mut text = G::text(&G::view(self.session(session)?.state(), viewer));
        commitment_lines(session, viewer, &mut text);
        Ok(text)
    }

    fn bbcode(&self, session: &dyn DynSession, viewer: Viewer) -> Result<String, String> {
        let erased = session;
        let session = self.session(session)?;
        let last = session.record().entries.len();
        let events: Vec<_> = session.log_for(viewer).filter(|e| e.step == last).collect();
        let mut post = G::bbcode(&G::view(session.state(), viewer), &events);
        commitment_bbcode(erased, &mut post);
        Ok(post)
    }

    fn bbcode_since(
        &self,
        session: &dyn DynSession,
        viewer: Viewer,
        after: Option<usize>,
    ) -> Result<String, String> {
        let erased = session;
        let session = self.session(session)?;
        let events: Vec<_> = session
            .log_for(viewer)
            .filter(|e| after.is_none_or(|after| e.step > after))
            .collect();
        let mut post = G::bbcode(&G::view(session.state(), viewer), &events);
        commitment_bbcode(erased, &mut post);
        Ok(post)
    }

    fn svg(&self, session: &dyn DynSession, viewer: Viewer) -> Result<String, String> {
        Ok(G::svg(&G::view(self.session(session)?.state(), viewer)))
    }

    fn seat_label(&self, session: &dyn DynSession, seat: Seat) -> Result<String, String> {
        Ok(G::seat_label(self.session(session)?.state(), seat))
    }

    fn event_text(
        &self,
        session: &dyn DynSession,
        viewer: Viewer,
        event: &Value,
    ) -> Result<String, String> {
        let view = G::view(self.session(session)?.state(), viewer);
        let event: <G as Game>::Event = serde_json::from_value(event.clone())
            .map_err(|e| format!("an event of {} could not be read: {e}", G::NAME))?;
        Ok(G::event_text(&event, &view))
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
    add::<pbp_clan_war::ClanWar>(&mut games);
    add::<pbp_three_kingdoms::ThreeKingdoms>(&mut games);
    add::<pbp_warring_states::WarringStates>(&mut games);
    add::<pbp_scroll_race::ScrollRace>(&mut games);
    games
}

/// [`games`], built once and shared.
pub fn catalog() -> &'static Games {
    static CATALOG: OnceLock<Games> = OnceLock::new();
    CATALOG.get_or_init(games)
}

fn parse_seat(text: &str) -> Option<Seat> {
    let digits = text.strip_prefix("seat").unwrap_or(text).trim_start();
    digits.parse::<u16>().ok().map(Seat)
}

/// Reads an actor: a seat number (`0`, `seat0`, `seat 0`) or `gm` (`game-master`), in any case.
///
/// # Errors
/// Anything else, with what is expected.
///
/// ```
/// use pbp_core::{Actor, Seat};
/// assert_eq!(pbp_render::catalog::parse_actor("GM"), Ok(Actor::GameMaster));
/// assert_eq!(pbp_render::catalog::parse_actor("seat1"), Ok(Actor::Seat(Seat(1))));
/// ```
pub fn parse_actor(text: &str) -> Result<Actor, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "gm" | "game-master" => Ok(Actor::GameMaster),
        other => parse_seat(other)
            .map(Actor::Seat)
            .ok_or_else(|| "expected a seat number (0, 1, ...) or gm".to_owned()),
    }
}

/// Reads a viewer: a seat number, `public` or `gm`, in any case.
///
/// # Errors
/// Anything else, with what is expected.
///
/// ```
/// use pbp_core::Viewer;
/// assert_eq!(pbp_render::catalog::parse_viewer("public"), Ok(Viewer::Public));
/// ```
pub fn parse_viewer(text: &str) -> Result<Viewer, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "public" => Ok(Viewer::Public),
        other => parse_actor(other)
            .map(Viewer::from)
            .map_err(|_| "expected a seat number (0, 1, ...), public or gm".to_owned()),
    }
}

/// An actor in a sentence: `seat 1` or `the game master`.
pub fn actor_name(actor: Actor) -> String {
    match actor {
        Actor::Seat(seat) => format!("seat {seat}"),
        Actor::GameMaster => "the game master".to_owned(),
    }
}

fn seat_list(seats: &[Seat]) -> String {
    seats
        .iter()
        .map(|s| format!("seat {s}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One line saying who may act, or how the game ended.
///
/// ```
/// use pbp_core::{Actor, Seat, Turn};
/// let turn = Turn::Acting(vec![Actor::Seat(Seat(1)), Actor::GameMaster]);
/// assert_eq!(pbp_render::catalog::describe_turn(&turn), "to act: seat 1, gm");
/// ```
pub fn describe_turn(turn: &Turn) -> String {
    match turn {
        Turn::Acting(actors) => {
            let names: Vec<String> = actors
                .iter()
                .map(|&a| match a {
                    Actor::Seat(seat) => format!("seat {seat}"),
                    Actor::GameMaster => "gm".to_owned(),
                })
                .collect();
            format!("to act: {}", names.join(", "))
        }
        Turn::Over(outcome) if outcome.winners.is_empty() => {
            format!("game over, no winner: {}", outcome.reason)
        }
        Turn::Over(outcome) => format!(
            "game over, won by {}: {}",
            seat_list(&outcome.winners),
            outcome.reason
        ),
    }
}

/// The seats a session shows: every seat that may act now, that an event of the log was sent to,
/// or that the outcome names, in order. The contract has no seat count, so a frontend offering
/// "view as seat N" lists these and lets the user name any other seat.
///
/// # Errors
/// [`pbp_core::erased::ErasedError::Serialize`] if the log cannot be written as JSON.
pub fn known_seats(session: &dyn DynSession) -> Result<Vec<Seat>, pbp_core::erased::ErasedError> {
    let mut seats = Vec::new();
    let turn = session.turn();
    seats.extend(turn.actors().iter().filter_map(|a| a.seat()));
    if let Some(outcome) = turn.outcome() {
        seats.extend(outcome.winners.iter().copied());
        seats.extend(outcome.ranking.iter().flatten().copied());
        seats.extend(outcome.scores.keys().copied());
    }
    for event in session.log(Viewer::GameMaster)? {
        if let pbp_core::Audience::Seats(to) = event.audience {
            seats.extend(to);
        }
    }
    seats.sort();
    seats.dedup();
    Ok(seats)
}

#[cfg(test)]
mod tests {
    use pbp_core::DiceChoice;
    use pbp_core::erased::ActionInput;

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
        assert_eq!(bbcode, "[b]Duel[/b]: 0 - 0\n[*] seat 0 sealed a stance\n");
        assert!(public.contains("dice commitment: none"), "{public}");
        let svg = renderer.svg(session.as_ref(), Viewer::Public).unwrap();
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"), "{svg}");
        let event = &session.log(Viewer::GameMaster).unwrap()[1].event;
        let gm = Viewer::GameMaster;
        assert_eq!(
            renderer.event_text(session.as_ref(), gm, event).unwrap(),
            "seat 0 chose focus"
        );
        assert!(
            renderer
                .event_text(session.as_ref(), gm, &serde_json::json!({"no": 1}))
                .unwrap_err()
                .starts_with("an event of duel could not be read")
        );
        assert_eq!(
            known_seats(session.as_ref()).unwrap(),
            vec![Seat(0), Seat(1)]
        );
    }

    #[test]
    fn the_commitment_is_shown_to_all_and_the_seed_to_the_game_master_alone() {
        let (game, renderer) = catalog().get("duel").unwrap();
        let secret = pbp_core::Secret {
            seed: 987_654_321,
            salt: pbp_core::Salt::from_bytes([0x5a; 32]),
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
        ) -> Result<Vec<pbp_core::Visible<Self::Event>>, Self::Error> {
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
        fn bbcode(_view: &Self::View, _events: &[&pbp_core::LoggedEvent<Self>]) -> String {
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
        let message = "a duel session was shown as mirror";
        for result in [
            mirror.text(session.as_ref(), Viewer::Public),
            mirror.bbcode(session.as_ref(), Viewer::Public),
            mirror.svg(session.as_ref(), Viewer::Public),
            mirror.event_text(session.as_ref(), Viewer::Public, &serde_json::json!({})),
        ] {
            assert_eq!(result, Err(message.to_owned()));
        }
    }

    #[test]
    fn actors_viewers_and_turns_read_and_write_like_the_cli() {
        assert_eq!(parse_actor("gm"), Ok(Actor::GameMaster));
        assert_eq!(parse_actor("Game-Master"), Ok(Actor::GameMaster));
        assert_eq!(parse_actor("3"), Ok(Actor::Seat(Seat(3))));
        assert_eq!(parse_actor("seat1"), Ok(Actor::Seat(Seat(1))));
        assert_eq!(parse_actor("seat 2"), Ok(Actor::Seat(Seat(2))));
        assert_eq!(
            parse_actor("public"),
            Err("expected a seat number (0, 1, ...) or gm".to_owned())
        );
        assert!(parse_actor("70000").is_err());
        assert!(parse_actor("").is_err());
        assert_eq!(parse_viewer("PUBLIC"), Ok(Viewer::Public));
        assert_eq!(parse_viewer("0"), Ok(Viewer::Seat(Seat(0))));
        assert_eq!(parse_viewer("gm"), Ok(Viewer::GameMaster));
        assert_eq!(
            parse_viewer("everyone"),
            Err("expected a seat number (0, 1, ...), public or gm".to_owned())
        );
        assert_eq!(actor_name(Actor::Seat(Seat(4))), "seat 4");
        assert_eq!(actor_name(Actor::GameMaster), "the game master");
        let over = Turn::Over(pbp_core::Outcome {
            winners: vec![Seat(0), Seat(2)],
            reason: "a team won".into(),
            ..Default::default()
        });
        assert_eq!(
            describe_turn(&over),
            "game over, won by seat 0, seat 2: a team won"
        );
        let draw = Turn::Over(pbp_core::Outcome {
            reason: "time ran out".into(),
            ..Default::default()
        });
        assert_eq!(describe_turn(&draw), "game over, no winner: time ran out");
    }
}
