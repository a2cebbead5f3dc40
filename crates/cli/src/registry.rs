//! The games this build of `pbp` runs, each paired with its renderer.
//!
//! Adding a game is one line in [`games`]: `add::<pbp_some_game::SomeGame>(&mut games);`. The
//! game must implement [`pbp_core::Game`] and [`pbp_render::Render`].

use std::marker::PhantomData;

use pbp_core::duel::Duel;
use pbp_core::erased::{DynSession, Registry};
use pbp_core::{Game, Session, Viewer};
use pbp_render::Render;
use serde_json::Value;

/// How the CLI shows one game: [`Render`] behind a type-erased session.
pub trait Renderer {
    /// The state as `viewer` may see it, as plain text.
    fn text(&self, session: &dyn DynSession, viewer: Viewer) -> Result<String, String>;
    /// A forum post: the state as `viewer` sees it and the last action's events `viewer` may see.
    fn bbcode(&self, session: &dyn DynSession, viewer: Viewer) -> Result<String, String>;
    /// The map or field as an SVG document.
    fn svg(&self, session: &dyn DynSession, viewer: Viewer) -> Result<String, String>;
    /// One event (its JSON, as the erased layer gives it) as a line of text.
    fn event_text(&self, event: &Value) -> Result<String, String>;
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

impl<G: Render> Renderer for RenderOf<G> {
    fn text(&self, session: &dyn DynSession, viewer: Viewer) -> Result<String, String> {
        Ok(G::text(self.session(session)?.state(), viewer))
    }

    fn bbcode(&self, session: &dyn DynSession, viewer: Viewer) -> Result<String, String> {
        let session = self.session(session)?;
        let last = session.record().entries.len();
        let events: Vec<_> = session.log_for(viewer).filter(|e| e.step == last).collect();
        Ok(G::bbcode(session.state(), viewer, &events))
    }

    fn svg(&self, session: &dyn DynSession, viewer: Viewer) -> Result<String, String> {
        Ok(G::svg(self.session(session)?.state(), viewer))
    }

    fn event_text(&self, event: &Value) -> Result<String, String> {
        let event: <G as Game>::Event = serde_json::from_value(event.clone())
            .map_err(|e| format!("an event of {} could not be read: {e}", G::NAME))?;
        Ok(G::event_text(&event))
    }
}

/// Every game with its renderer.
pub type Games = Registry<Box<dyn Renderer>>;

/// Registers the game `G` with its renderer.
fn add<G: Render>(games: &mut Games) {
    games.register::<G>(Box::new(RenderOf::<G>(PhantomData)));
}

/// The games this build runs, in the order `pbp games` lists them.
pub fn games() -> Games {
    let mut games = Games::new();
    add::<Duel>(&mut games);
    add::<pbp_three_kingdoms::ThreeKingdoms>(&mut games);
    add::<pbp_warring_states::WarringStates>(&mut games);
    games
}
