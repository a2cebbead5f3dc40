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
//!
//! The state checks are in the `checks` submodule, re-exported here.

mod checks;

pub use checks::{
    probe_twins, round_trip, same_effects, same_to_outsiders, save_round_trip, seen_by,
    short_dice_leave_no_trace, viewers, views_keep_secrets,
};

use std::fmt;

use serde::Serialize;

use crate::dice::{Dice, ScriptedDice, SeededDice};
use crate::error::DiceError;
use crate::game::{Actor, Game, Visible};

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
/// ([`crate::engine::erased::ErasedError::kind`]).
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
    // A test's assertion: it fails the calling test, naming the refusal.
    #[allow(clippy::panic)]
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

/// Checks that `action`'s text form reads back as `action` for `actor`, that it survives a
/// serde round trip, and that its JSON form, sent as a JSON request's `action` field is read
/// ([`ActionInput::from_json_field`](crate::engine::erased::ActionInput::from_json_field), the server's
/// path; a unit action's JSON is a bare string there), reads back as `action` too.
///
/// # Errors
/// The text that does not read, or reads as another action; an action that changes in JSON or
/// whose JSON form is refused as a request's `action`.
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
        Ok(back) if back == *action => {}
        Ok(back) => return violation(format!("{action:?} reads back from JSON as {back:?}")),
        Err(e) => {
            return violation(format!(
                "{action:?} does not read back from JSON {written}: {e}"
            ));
        }
    }
    json_field_round_trip::<G>(state, actor, action, &written)
}

/// The JSON form `written` of `action`, as a request's `action` field, reads back as `action`.
fn json_field_round_trip<G: Game>(
    state: &G::State,
    actor: Actor,
    action: &G::Action,
    written: &str,
) -> Result<(), Violation> {
    use crate::engine::erased::{ActionInput, read_action};
    let value: serde_json::Value = match serde_json::from_str(written) {
        Ok(value) => value,
        Err(e) => return violation(format!("{action:?}'s JSON {written} is not JSON: {e}")),
    };
    match read_action::<G>(state, actor, &ActionInput::from_json_field(value)) {
        Ok(read) if read == *action => Ok(()),
        Ok(read) => violation(format!(
            "{action:?}'s JSON {written} as a request's action is read as {read:?}"
        )),
        Err(e) => violation(format!(
            "{action:?}'s JSON {written} as a request's action is refused: {e}"
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
// A test's assertion: it fails the calling test, naming what the contract broke.
#[allow(clippy::panic)]
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
// A test's assertion: it fails the calling test, naming what went wrong.
#[allow(clippy::panic)]
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
// A test's assertion: it fails the calling test, naming what went wrong.
#[allow(clippy::panic)]
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
