//! Generic fuzz harnesses for every pbp game, written once against the [`Game`] contract.
//!
//! - [`play`]: an action sequence chosen by the input, checking the contract at every step;
//! - [`text`]: the game's text action parser on arbitrary UTF-8 against states reached in play;
//! - [`save`]: the save loader of [`pbp_core::engine::erased`] on arbitrary text;
//! - [`server_request`]: the table server's request parsing (bodies, bearer header, query).
//! - [`discord_interaction`]: the Discord venue's signature check and interaction parser.
//! - [`thread_read`] and [`thread_apply`]: the forum thread reader in every layout, and threads
//!   of every game applied, then applied again after any prefix.
//!
//! Adding a game: one line in [`GAMES`] (the `text` and `save` targets pick a game by the
//! input's first byte) and one file `fuzz_targets/play_<game>.rs` calling [`play`].
//!
//! The checks are the contract checks of [`pbp_core::engine::testing`] (round trips, secrets, refusals
//! that change nothing), shared with every game's tests; each panics with a message naming what
//! broke, so libFuzzer reports it as a crash.

mod address;
mod bytes;
pub mod cache;
mod discord;
mod parsers;
mod play;
mod split;
mod thread;

pub use address::webhook_address;
pub use bytes::{Bytes, dice_from};
pub use discord::discord_interaction;
pub use parsers::{save, server_request, text};
pub use play::{play, random_moves, state_after};
pub use split::thread_split;
pub use thread::{thread_apply, thread_read};

use pbp_clan_war::ClanWar;
use pbp_core::engine::duel::Duel;
use pbp_core::engine::testing;
use pbp_core::{
    Dice,
    engine::{Actor, Game, Seat, Viewer},
};
use pbp_scroll_race::ScrollRace;
use pbp_three_kingdoms::ThreeKingdoms;
use pbp_warring_states::WarringStates;

/// One game's harnesses, as function pointers, for the targets that cover every game ([`play`]
/// has a target per game, so it is not listed: each binary instantiates only what it uses).
#[derive(Clone, Copy, Debug)]
pub struct GameEntry {
    /// The game's name ([`Game::NAME`]).
    pub name: &'static str,
    /// [`text`] for this game.
    pub text: fn(&[u8]),
    /// [`save`] for this game.
    pub save: fn(&[u8]),
}

impl GameEntry {
    /// The entry of the game `G`.
    pub const fn of<G: Game>() -> GameEntry {
        GameEntry {
            name: G::NAME,
            text: text::<G>,
            save: save::<G>,
        }
    }
}

/// Every game the fuzz targets cover. Add a game here (and a `play_<game>` target).
pub const GAMES: &[GameEntry] = &[
    GameEntry::of::<Duel>(),
    GameEntry::of::<ThreeKingdoms>(),
    GameEntry::of::<WarringStates>(),
    GameEntry::of::<ClanWar>(),
    GameEntry::of::<ScrollRace>(),
];

/// Runs `pick(entry)` on the game chosen by the input's first byte, with the rest of the input.
pub fn dispatch(data: &[u8], pick: fn(&GameEntry) -> fn(&[u8])) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let entry = &GAMES[usize::from(first) % GAMES.len()];
    pick(entry)(rest);
}

/// Asserts that `state` survives a serde round trip unchanged
/// ([`pbp_core::engine::testing::round_trip`]).
pub fn assert_round_trip<G: Game>(state: &G::State) {
    if let Err(v) = testing::round_trip::<G>(state) {
        panic!("{}: {v}", G::NAME);
    }
}

/// Views of the public, the game master and `seats`: none panics, each serializes, and none
/// shows one of the game's secrets for its viewer ([`pbp_core::engine::testing::views_keep_secrets`]).
pub fn check_views<G: Game>(state: &G::State, seats: impl IntoIterator<Item = Seat>) {
    let viewers: Vec<Viewer> = [Viewer::Public, Viewer::GameMaster]
        .into_iter()
        .chain(seats.into_iter().map(Viewer::Seat))
        .collect();
    if let Err(v) = testing::views_keep_secrets::<G>(state, &viewers, &[]) {
        panic!("{}: {v}", G::NAME);
    }
}

/// Asserts that `action`'s text form reads back as `action` for `actor`, and that it survives a
/// serde round trip ([`pbp_core::engine::testing::text_round_trip`]).
pub fn assert_text_round_trip<G: Game>(state: &G::State, actor: Actor, action: &G::Action) {
    if let Err(v) = testing::text_round_trip::<G>(state, actor, action) {
        panic!("{}: {v}", G::NAME);
    }
}

/// Applies `action` to a copy of `state`: on success the copy (its events must serialize), on
/// refusal `None` after checking that the copy is unchanged. These are the checks of
/// [`pbp_core::engine::testing::checked_apply`], made against `state` itself instead of a second copy
/// (one clone of the state a step, not two).
pub(crate) fn try_apply<G: Game>(
    state: &G::State,
    actor: Actor,
    action: &G::Action,
    dice: &mut dyn Dice,
) -> Option<G::State> {
    let mut copy = state.clone();
    match G::apply(&mut copy, actor, action, dice) {
        Ok(events) => {
            if let Err(e) = serde_json::to_string(&events) {
                panic!(
                    "{}: the events of {action:?} do not serialize: {e}",
                    G::NAME
                );
            }
            Some(copy)
        }
        Err(error) => {
            assert!(
                copy == *state,
                "{}: refused action {action:?} of {actor:?} ({error}) changed the state",
                G::NAME
            );
            let _ = error.to_string();
            None
        }
    }
}
