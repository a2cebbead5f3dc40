//! The state checks of the contract: every viewer, serde and save round trips, views that keep
//! their secrets, and the non-interference ("twins") checks. Each returns a [`Violation`]
//! rather than panicking, for the random-play harness and the fuzz targets to report.

use super::{Violation, json, violation};
use crate::dice::{RecordingDice, ScriptedDice, SeededDice};
use crate::game::{Actor, Game, Viewer, Visible};

/// Every viewer of a state: the public, the game master and every seat.
pub fn viewers<G: Game>(state: &G::State) -> Vec<Viewer> {
    let mut all = vec![Viewer::Public, Viewer::GameMaster];
    all.extend((0..G::seat_count(state)).map(|s| Viewer::Seat(crate::game::Seat(s))));
    all
}

/// Checks that `state` survives a serde round trip: it reads back equal, and writes again to the
/// same JSON.
///
/// # Errors
/// A state that does not serialize, does not read back, or changes.
pub fn round_trip<G: Game>(state: &G::State) -> Result<(), Violation> {
    let text = match serde_json::to_string(state) {
        Ok(text) => text,
        Err(e) => return violation(format!("the state does not serialize: {e}")),
    };
    match serde_json::from_str::<G::State>(&text) {
        Ok(back) if back == *state && json(&back) == text => Ok(()),
        Ok(_) => violation("the state changed in a serde round trip"),
        Err(e) => violation(format!("the state does not deserialize: {e}")),
    }
}

/// Checks that each of `viewers`' views serializes and shows none of the game's
/// [`Game::secrets`] for that viewer, and that none of `events` the viewer may see shows one.
///
/// # Errors
/// The first view that does not serialize, or the first secret shown, with its viewer.
pub fn views_keep_secrets<G: Game>(
    state: &G::State,
    viewers: &[Viewer],
    events: &[Visible<G::Event>],
) -> Result<(), Violation> {
    for &viewer in viewers {
        let view = match serde_json::to_string(&G::view(state, viewer)) {
            Ok(view) => view,
            Err(e) => return violation(format!("{viewer:?}'s view does not serialize: {e}")),
        };
        let secrets = G::secrets(state, viewer);
        if secrets.is_empty() {
            continue;
        }
        let seen: Vec<String> = events
            .iter()
            .filter(|e| e.audience.includes(viewer))
            .map(|e| json(&e.event))
            .collect();
        for secret in &secrets {
            if view.contains(secret.as_str()) {
                return violation(format!("{viewer:?}'s view reveals {secret}"));
            }
            if seen.iter().any(|e| e.contains(secret.as_str())) {
                return violation(format!("an event {viewer:?} sees reveals {secret}"));
            }
        }
    }
    Ok(())
}

/// Checks that a session's save loads back (every step replayed) to the same record and state.
///
/// # Errors
/// A save that cannot be written, does not load, or loads to another game.
pub fn save_round_trip<G: Game>(session: &crate::record::Session<G>) -> Result<(), Violation> {
    use crate::engine::erased::DynSession;
    let saved = match DynSession::save(session) {
        Ok(saved) => saved,
        Err(e) => return violation(format!("the session does not save: {e}")),
    };
    match crate::engine::save::load_session::<G>(&saved) {
        Ok(loaded) if loaded.record() != session.record() => {
            violation("the save loads to another record")
        }
        Ok(loaded) if loaded.state() != session.state() => {
            violation("the save loads to another state")
        }
        Ok(_) => Ok(()),
        Err(e) => violation(format!("the save does not load: {e}")),
    }
}

/// The events of `events` that `viewer` may see.
pub fn seen_by<E: Clone>(events: &[Visible<E>], viewer: Viewer) -> Vec<E> {
    events
        .iter()
        .filter(|e| e.audience.includes(viewer))
        .map(|e| e.event.clone())
        .collect()
}

/// Non-interference, first direction: two states that differ only in a secret (twins) look the
/// same to every viewer in `outsiders` (compared as JSON), while the game master tells them
/// apart.
///
/// # Errors
/// Twins that are the same game, a view that tells them apart, or a game master's view that
/// does not.
pub fn same_to_outsiders<G: Game>(
    a: &G::State,
    b: &G::State,
    outsiders: &[Viewer],
) -> Result<(), Violation> {
    if a == b {
        return violation("the twins are the same game");
    }
    for &viewer in outsiders {
        if json(&G::view(a, viewer)) != json(&G::view(b, viewer)) {
            return violation(format!("{viewer:?}'s view tells the twins apart"));
        }
    }
    if json(&G::view(a, Viewer::GameMaster)) == json(&G::view(b, Viewer::GameMaster)) {
        return violation("the game master's view does not tell the twins apart");
    }
    Ok(())
}

/// Non-interference, second direction: what two twins' actions did (each state after it, with
/// its events) looks the same to every viewer in `outsiders`: the same views and the same events
/// (compared as JSON).
///
/// # Errors
/// The first viewer whose view or events tell the twins apart.
pub fn same_effects<G: Game>(
    a: (&G::State, &[Visible<G::Event>]),
    b: (&G::State, &[Visible<G::Event>]),
    outsiders: &[Viewer],
) -> Result<(), Violation> {
    for &viewer in outsiders {
        if json(&G::view(a.0, viewer)) != json(&G::view(b.0, viewer)) {
            return violation(format!(
                "{viewer:?}'s view tells the twins apart after their actions"
            ));
        }
        if json(&seen_by(a.1, viewer)) != json(&seen_by(b.1, viewer)) {
            return violation(format!(
                "the events {viewer:?} sees tell the twins apart: {} / {}",
                json(&seen_by(a.1, viewer)),
                json(&seen_by(b.1, viewer))
            ));
        }
    }
    Ok(())
}

/// Non-interference probed by an outsider: `actor` (who may not know the twins' secret) has
/// the same legal actions in both twins, and each of `texts` reads the same in both, and is
/// refused in both with the same message or accepted in both (each applied to a copy with
/// `dice`, which may be more than the action needs).
///
/// # Errors
/// The first difference, with its text.
pub fn probe_twins<G: Game>(
    a: &G::State,
    b: &G::State,
    actor: Actor,
    texts: &[String],
    dice: &[u32],
) -> Result<(), Violation> {
    if json(&G::legal_actions(a, actor)) != json(&G::legal_actions(b, actor)) {
        return violation(format!("{actor:?}'s legal actions tell the twins apart"));
    }
    for text in texts {
        let (pa, pb) = (
            G::parse_action(a, actor, text),
            G::parse_action(b, actor, text),
        );
        let action = match (pa, pb) {
            (Ok(x), Ok(y)) if x == y => x,
            (Err(x), Err(y)) if x.to_string() == y.to_string() => continue,
            (x, y) => return violation(format!("{text}: reads as {x:?} / {y:?}")),
        };
        let ra = G::apply(
            &mut a.clone(),
            actor,
            &action,
            &mut ScriptedDice::new(dice.iter().copied()),
        );
        let rb = G::apply(
            &mut b.clone(),
            actor,
            &action,
            &mut ScriptedDice::new(dice.iter().copied()),
        );
        match (ra, rb) {
            (Err(x), Err(y)) if x.to_string() == y.to_string() => {}
            (Ok(_), Ok(_)) => {}
            (Err(x), Err(y)) => return violation(format!("{text}: refused as '{x}' / '{y}'")),
            (x, y) => {
                return violation(format!("{text}: accepted in one twin only: {x:?} / {y:?}"));
            }
        }
    }
    Ok(())
}

/// Checks that `actor`'s `action` on `state` is refused without a trace when the dice run out
/// part way: the action is played once with `seed`'s dice to count the values it draws, then,
/// for a source that fails at the first, a middle and the last of them, a refusal must leave
/// the state as it was (a game that changes its state in place must draw every die before the
/// first change, or keep a copy). An action refused even with the seed's dice is not checked.
///
/// # Errors
/// A refusal with too few dice that changed the state.
pub fn short_dice_leave_no_trace<G: Game>(
    state: &G::State,
    actor: Actor,
    action: &G::Action,
    seed: u64,
) -> Result<(), Violation> {
    let mut probe = state.clone();
    let mut counted = RecordingDice::new(SeededDice::new(seed));
    if G::apply(&mut probe, actor, action, &mut counted).is_err() {
        return Ok(());
    }
    let draws: Vec<u32> = counted.draws().iter().map(|d| d.value).collect();
    let Some(last) = draws.len().checked_sub(1) else {
        return Ok(());
    };
    let mut given = [0, last / 2, last];
    given.sort_unstable();
    for (i, &count) in given.iter().enumerate() {
        if i > 0 && given[i - 1] == count {
            continue;
        }
        probe.clone_from(state);
        let mut short = ScriptedDice::new(draws[..count].iter().copied());
        if let Err(error) = G::apply(&mut probe, actor, action, &mut short)
            && probe != *state
        {
            return violation(format!(
                "{action:?} of {actor:?} refused with {count} of its {} dice ({error}) changed the state",
                draws.len()
            ));
        }
    }
    Ok(())
}
