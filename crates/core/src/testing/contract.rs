//! The contract checks every game's tests share: one [`try_act`] for scripted play, the view,
//! secret and round-trip checks, and the non-interference ("twins") checks.
//!
//! [`try_act`] plays one action, given as the game's text, on a state the test arranged, and
//! checks on the way everything the [`Game`] contract promises about it:
//! - the text reads as an action, which writes back ([`Game::format_action`]) to a text that
//!   reads as the same action, and survives a serde round trip;
//! - an actor who may not act has no legal actions;
//! - the legal list agrees with `apply`: a listed action is accepted (with seeded dice, if the
//!   test's dice refused it), and, where the game lists every action of its kind
//!   ([`Contract::listed`]), an accepted action is listed;
//! - the dice given are fully used: a step that asks for more is refused as [`Kind::MoreDice`],
//!   a value that does not fit its roll as [`Kind::BadDice`], and one that leaves values over as
//!   [`Kind::UnusedDice`] (its effects undone), as a session refuses outside dice;
//! - a refused action leaves the state exactly as it was (compared as values and as JSON);
//! - the game's own invariants ([`Contract::invariants`]) hold after every try;
//!
//! and tells a refusal's [`Kind`], so that a refusal test checks its reason ([`refuse`]).
//!
//! The failures of a broken contract are panics with a message naming what broke: these are the
//! checks of tests, not of play. The state checks ([`round_trip`], [`views_keep_secrets`],
//! [`same_to_outsiders`], ...) return a [`Violation`] instead, for the random-play harness and
//! the fuzz targets to report in their own way.

use std::fmt;

use serde::Serialize;

use crate::dice::{Dice, ScriptedDice, SeededDice};
use crate::error::DiceError;
use crate::game::{Actor, Game, Viewer, Visible};

/// A broken contract: what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation(pub String);

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Violation {}

fn violation<T>(message: impl Into<String>) -> Result<T, Violation> {
    Err(Violation(message.into()))
}

/// What a game's tests tell [`try_act`] about the game: which of its legal actions it lists in
/// full, and the invariants of its own to check after every action.
pub struct Contract<G: Game> {
    /// Whether [`Game::legal_actions`] lists every legal action of the kind of `action` (by
    /// `actor` in this state), so that an accepted action must be listed. A game that samples
    /// some kind of action (amounts, discards, order sheets) answers `false` for that kind.
    pub listed: fn(&G::State, Actor, &G::Action) -> bool,
    /// The game's own invariants (cards conserved, one holder per hex), checked after every
    /// try; panics naming what broke.
    pub invariants: fn(&G::State),
}

impl<G: Game> Clone for Contract<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Contract<G> {}

impl<G: Game> fmt::Debug for Contract<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Contract<{}>", G::NAME)
    }
}

fn none_listed<G: Game>(_: &G::State, _: Actor, _: &G::Action) -> bool {
    false
}

fn all_listed<G: Game>(_: &G::State, _: Actor, _: &G::Action) -> bool {
    true
}

fn no_invariants<G: Game>(_: &G::State) {}

impl<G: Game> Contract<G> {
    /// A game that lists every legal action, without invariants of its own.
    pub const fn listing_all() -> Self {
        Contract {
            listed: all_listed::<G>,
            invariants: no_invariants::<G>,
        }
    }

    /// A game whose legal list is a sample of every kind of action (only "a listed action is
    /// accepted" is checked), without invariants of its own.
    pub const fn sampling() -> Self {
        Contract {
            listed: none_listed::<G>,
            invariants: no_invariants::<G>,
        }
    }

    /// This contract with `listed` telling which actions the game lists in full.
    pub const fn listed(self, listed: fn(&G::State, Actor, &G::Action) -> bool) -> Self {
        Contract { listed, ..self }
    }

    /// This contract with the game's own invariants.
    pub const fn invariants(self, invariants: fn(&G::State)) -> Self {
        Contract { invariants, ..self }
    }
}

/// The dice a test gives an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rolls<'a> {
    /// Exactly these values, in order, as a forum's dice roller posts them: every one must be
    /// used.
    Exactly(&'a [u32]),
    /// These values first, every one of them used, then a seeded source (this seed) for the
    /// draws the test does not fix (the next turn's random general).
    Then(&'a [u32], u64),
    /// A seeded source (this seed) for every draw.
    Seeded(u64),
}

impl<'a> Rolls<'a> {
    /// The values the test fixed (none for a seeded source).
    pub fn fixed(&self) -> &'a [u32] {
        match *self {
            Rolls::Exactly(values) | Rolls::Then(values, _) => values,
            Rolls::Seeded(_) => &[],
        }
    }
}

/// Why an action was refused, in the words of scenario files and of the erased layer
/// ([`crate::erased::ErasedError::kind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The text is not an action of the game.
    Parse,
    /// The game refused the action: not legal now.
    Illegal,
    /// The actor may not act now.
    NotYourTurn,
    /// The dice given ran out before the action was done.
    MoreDice,
    /// A die value does not fit its roll.
    BadDice,
    /// The action was done with dice values left over: undone.
    UnusedDice,
}

impl Kind {
    /// The kind as one word: `parse`, `illegal`, `not-your-turn`, `more-dice`, `bad-dice`,
    /// `unused-dice`.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Parse => "parse",
            Kind::Illegal => "illegal",
            Kind::NotYourTurn => "not-your-turn",
            Kind::MoreDice => "more-dice",
            Kind::BadDice => "bad-dice",
            Kind::UnusedDice => "unused-dice",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A refused action: its kind, and the game's error (none for [`Kind::UnusedDice`], where the
/// game accepted the action and the values left over undid it).
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal<E> {
    /// Why, as one of the kinds every game shares.
    pub kind: Kind,
    /// The game's error.
    pub error: Option<E>,
    /// The values given and used, for [`Kind::UnusedDice`].
    pub dice: (usize, usize),
}

impl<E: fmt::Display> fmt::Display for Refusal<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.error {
            Some(error) => write!(f, "{error}"),
            None => write!(
                f,
                "{} dice values were given but only {} were needed",
                self.dice.0, self.dice.1
            ),
        }
    }
}

impl<E: fmt::Display + fmt::Debug> std::error::Error for Refusal<E> {}

impl<E> Refusal<E> {
    /// The game's error; panics for a refusal of unused dice, which has none.
    pub fn game_error(self) -> E {
        match self.error {
            Some(error) => error,
            None => panic!("refused for unused dice, not by the game"),
        }
    }
}

/// The test's dice, watching for the first error a scripted value gave (so that a refusal for
/// dice is told apart whatever the game made of the error) and counting the fixed values used.
struct Watched<'a> {
    fixed: ScriptedDice,
    rest: Option<SeededDice>,
    /// The test's own source, when it keeps one over several actions.
    outside: Option<&'a mut dyn Dice>,
    error: Option<DiceError>,
}

impl<'a> Watched<'a> {
    fn new(rolls: Rolls<'_>) -> Watched<'a> {
        let (fixed, rest) = match rolls {
            Rolls::Exactly(values) => (values, None),
            Rolls::Then(values, seed) => (values, Some(SeededDice::new(seed))),
            Rolls::Seeded(seed) => (&[][..], Some(SeededDice::new(seed))),
        };
        Watched {
            fixed: ScriptedDice::new(fixed.iter().copied()),
            rest,
            outside: None,
            error: None,
        }
    }

    fn outside(dice: &'a mut dyn Dice) -> Watched<'a> {
        Watched {
            fixed: ScriptedDice::new([]),
            rest: None,
            outside: Some(dice),
            error: None,
        }
    }
}

impl Dice for Watched<'_> {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        let result = match (&mut self.outside, &mut self.rest) {
            (Some(outside), _) => outside.roll(sides),
            (None, Some(rest)) if self.fixed.remaining() == 0 => return rest.roll(sides),
            _ => self.fixed.roll(sides),
        };
        if let Err(e) = &result
            && self.error.is_none()
        {
            self.error = Some(e.clone());
        }
        result
    }
}

/// `value` as JSON, or a note saying why it is not.
pub fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| format!("<unserializable: {e}>"))
}

/// Checks that `action`'s text form reads back as `action` for `actor`, and that it survives a
/// serde round trip.
///
/// # Errors
/// The text that does not read, or reads as another action; an action that changes in JSON.
pub fn text_round_trip<G: Game>(
    state: &G::State,
    actor: Actor,
    action: &G::Action,
) -> Result<(), Violation> {
    let text = G::format_action(state, action);
    match G::parse_action(state, actor, &text) {
        Ok(read) if read == *action => {}
        Ok(read) => return violation(format!("{action:?} is written {text:?}, read as {read:?}")),
        Err(e) => return violation(format!("{action:?} is written {text:?}, which fails: {e}")),
    }
    let written = json(action);
    match serde_json::from_str::<G::Action>(&written) {
        Ok(back) if back == *action => Ok(()),
        Ok(back) => violation(format!("{action:?} reads back from JSON as {back:?}")),
        Err(e) => violation(format!(
            "{action:?} does not read back from JSON {written}: {e}"
        )),
    }
}

/// Applies `action` of `actor` to `state` with `dice` (an action of any kind: legal, stale,
/// made up by a fuzzer), checking that a refusal leaves the state exactly as it was and that the
/// events of an accepted action serialize. The states are compared as values only, as it runs in
/// loops over thousands of actions; [`try_act`] compares their JSON too.
///
/// # Errors
/// A refusal that changed the state, or events that do not serialize. The game's own answer is
/// the inner result.
#[allow(clippy::type_complexity)]
pub fn checked_apply<G: Game>(
    state: &mut G::State,
    actor: Actor,
    action: &G::Action,
    dice: &mut dyn Dice,
) -> Result<Result<Vec<Visible<G::Event>>, G::Error>, Violation> {
    let before = state.clone();
    match G::apply(state, actor, action, dice) {
        Ok(events) => match serde_json::to_string(&events) {
            Ok(_) => Ok(Ok(events)),
            Err(e) => violation(format!("the events of {action:?} do not serialize: {e}")),
        },
        Err(error) => {
            if *state != before {
                return violation(format!(
                    "refused action {action:?} of {actor:?} ({error}) changed the state"
                ));
            }
            Ok(Err(error))
        }
    }
}

/// Plays `text` as `actor`'s action on `state` with the test's `rolls`, checking the contract
/// (see the [module](self)); panics when the game breaks it.
///
/// # Errors
/// The refusal, with its kind; `state` is then as it was.
pub fn try_act<G: Game>(
    contract: &Contract<G>,
    state: &mut G::State,
    actor: Actor,
    text: &str,
    rolls: Rolls<'_>,
) -> Result<Vec<Visible<G::Event>>, Refusal<G::Error>> {
    let action = match G::parse_action(state, actor, text) {
        Ok(action) => action,
        Err(error) => {
            return Err(Refusal {
                kind: Kind::Parse,
                error: Some(error),
                dice: (rolls.fixed().len(), 0),
            });
        }
    };
    let given = rolls.fixed().len();
    attempt(
        contract,
        state,
        actor,
        &action,
        Watched::new(rolls),
        given,
        true,
    )
}

/// [`try_act`] for an action given as a value (an order sheet built by the test): the same
/// checks, the text round trip for a listed or an accepted action.
///
/// # Errors
/// The refusal, with its kind; `state` is then as it was.
pub fn try_apply<G: Game>(
    contract: &Contract<G>,
    state: &mut G::State,
    actor: Actor,
    action: &G::Action,
    rolls: Rolls<'_>,
) -> Result<Vec<Visible<G::Event>>, Refusal<G::Error>> {
    let given = rolls.fixed().len();
    attempt(
        contract,
        state,
        actor,
        action,
        Watched::new(rolls),
        given,
        false,
    )
}

/// [`try_apply`] with the test's own dice source, kept over several actions (scripted values
/// that a later action uses up, then seeded ones): the same checks but "every die used", which
/// the test checks on its source. A refusal for dice is still told apart.
///
/// # Errors
/// The refusal, with its kind; `state` is then as it was.
pub fn try_apply_with<G: Game>(
    contract: &Contract<G>,
    state: &mut G::State,
    actor: Actor,
    action: &G::Action,
    dice: &mut dyn Dice,
) -> Result<Vec<Visible<G::Event>>, Refusal<G::Error>> {
    attempt(
        contract,
        state,
        actor,
        action,
        Watched::outside(dice),
        0,
        false,
    )
}

/// The checks of [`try_apply`], with `given` fixed values in `dice` that must all be used. The
/// text round trip holds for an action read from text, a listed one and an accepted one (an
/// action built by a test for a refusal may have no text its actor could write: a game master's
/// action given to a seat).
#[allow(clippy::too_many_arguments)]
fn attempt<G: Game>(
    contract: &Contract<G>,
    state: &mut G::State,
    actor: Actor,
    action: &G::Action,
    mut dice: Watched<'_>,
    given: usize,
    from_text: bool,
) -> Result<Vec<Visible<G::Event>>, Refusal<G::Error>> {
    let broken = |what: Violation| -> ! { panic!("{}: {what}", G::NAME) };
    let turn = G::turn(state);
    let may_act = turn.actors().contains(&actor);
    let legal = G::legal_actions(state, actor);
    if !may_act && !legal.is_empty() {
        broken(Violation(format!(
            "{actor:?} may not act but has legal actions"
        )));
    }
    let listed = legal.contains(action);
    if from_text || listed {
        text_round_trip::<G>(state, actor, action).unwrap_or_else(|v| broken(v));
    }
    let complete = (contract.listed)(state, actor, action);
    let before = state.clone();
    let result = G::apply(state, actor, action, &mut dice);
    let used = dice.fixed.used();
    let outcome = match result {
        Ok(events) => {
            if !from_text && !listed {
                text_round_trip::<G>(&before, actor, action).unwrap_or_else(|v| broken(v));
            }
            if complete && !listed {
                broken(Violation(format!(
                    "{action:?} of {actor:?} was accepted but is not among the legal actions"
                )));
            }
            if let Err(e) = serde_json::to_string(&events) {
                broken(Violation(format!("the events do not serialize: {e}")));
            }
            if used < given {
                *state = before.clone();
                Err(Refusal {
                    kind: Kind::UnusedDice,
                    error: None,
                    dice: (given, used),
                })
            } else {
                Ok(events)
            }
        }
        Err(error) => {
            if *state != before || json(state) != json(&before) {
                broken(Violation(format!(
                    "refused action {action:?} of {actor:?} ({error}) changed the state"
                )));
            }
            let kind = match dice.error {
                Some(DiceError::Exhausted { .. }) => Kind::MoreDice,
                Some(DiceError::OutOfRange { .. }) => Kind::BadDice,
                _ if !may_act => Kind::NotYourTurn,
                _ => Kind::Illegal,
            };
            if listed && !matches!(kind, Kind::MoreDice | Kind::BadDice) {
                broken(Violation(format!(
                    "{action:?} of {actor:?} is among the legal actions but was refused: {error}"
                )));
            }
            Err(Refusal {
                kind,
                error: Some(error),
                dice: (given, used),
            })
        }
    };
    if listed && outcome.is_err() {
        // The test's dice refused a listed action: it must go through with seeded ones.
        let mut copy = before.clone();
        if let Err(e) = G::apply(&mut copy, actor, action, &mut SeededDice::new(0)) {
            broken(Violation(format!(
                "{action:?} of {actor:?} is among the legal actions but was refused with seeded dice: {e}"
            )));
        }
    }
    (contract.invariants)(state);
    outcome
}

/// [`try_act`] that must succeed: the events, or a panic naming the text and the refusal.
pub fn act<G: Game>(
    contract: &Contract<G>,
    state: &mut G::State,
    actor: Actor,
    text: &str,
    rolls: Rolls<'_>,
) -> Vec<Visible<G::Event>> {
    try_act(contract, state, actor, text, rolls).unwrap_or_else(|refusal| {
        panic!(
            "'{text}' by {actor:?} was refused ({}): {refusal}",
            refusal.kind
        )
    })
}

/// [`try_act`] that must be refused with this kind: the game's error (for its message), or a
/// panic naming the text and what happened instead. A refusal for unused dice has no game error:
/// use [`try_act`] for it.
pub fn refuse<G: Game>(
    contract: &Contract<G>,
    state: &mut G::State,
    actor: Actor,
    text: &str,
    rolls: Rolls<'_>,
    kind: Kind,
) -> G::Error {
    match try_act(contract, state, actor, text, rolls) {
        Ok(_) => panic!("'{text}' by {actor:?} was accepted; expected a refusal ({kind})"),
        Err(refusal) if refusal.kind != kind => panic!(
            "'{text}' by {actor:?} was refused as {}, not {kind}: {refusal}",
            refusal.kind
        ),
        Err(refusal) => match refusal.error {
            Some(error) => error,
            None => panic!("'{text}' by {actor:?}: refused for unused dice, which has no error"),
        },
    }
}

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
    use crate::erased::DynSession;
    let saved = match DynSession::save(session) {
        Ok(saved) => saved,
        Err(e) => return violation(format!("the session does not save: {e}")),
    };
    match crate::save::load_session::<G>(&saved) {
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
