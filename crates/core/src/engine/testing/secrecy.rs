//! The secrecy property, one harness for every game: two *twin* positions that differ only in
//! what some viewers may not know, played on with the same public actions, give those viewers
//! the same bytes on every surface.
//! Long file: the harness in one piece (the walk to the twin, the twins' play, every comparison),
//! which reads best together; the tests' macro and its helpers are in `secrecy/run.rs`.
//!
//! A game's test gives a [`Secrecy`]: its config, a generator of twins ([`Secrecy::twin`]: from a
//! position reached by random legal play, a second position differing in a secret, with the
//! viewers who may not know it), the surfaces to compare beyond the built-in ones
//! ([`Secrecy::outputs`]: the renderings of `pbp-render`, any later surface), and the events the
//! seed makes public that reveal a secret by rule ([`Secrecy::reveals`]). [`check_twins`] then
//! plays one [`TwinCase`] and compares, for every outsider, byte for byte:
//! - the built-in surfaces ([`builtin_outputs`]): the view as JSON, whose turn it is, the
//!   outsider's legal actions (as JSON and as text), and the events of the step it may see;
//! - every output of [`Secrecy::outputs`] (text, BBCode with the step's events, SVG, event
//!   lines), at the twin position and after every step;
//! - the answer to every action tried by an outsider seat (every actor's legal actions in either
//!   twin, sampled, and the last action played): the text it reads as, then the refusal's
//!   message, or, when both twins accept it, the built-in surfaces after it (the renderings are
//!   functions of the view and the events);
//! - the events of each step played;
//! - the surfaces written from the whole session ([`Secrecy::sessions`]: the table facade of
//!   `pbp-frontend`, which the CLI and the table server answer with), for every outsider at the
//!   twin position and after every step, and the answer to the actions tried by one outsider
//!   seat a step (drawn). The twins are then two [`Session`]s: the walk's, and the same with the
//!   twin state ([`Session::with_state`]); both play on through [`Session::act`], with the dice
//!   the record's seed gives each step.
//!
//! A case whose twin seed is odd plays on with forum dice: each step is given the values its
//! seeded roll draws as outside dice (as `pbp act --dice` or a thread's roller post gives them),
//! so the surfaces also carry the marks of the steps rolled on the forum, each for its audience.
//!
//! Play stops at the end of the game, after [`TwinCase::after`] steps, when the twins have no
//! common legal action (a secret that decides what its holder may do), or at the first step whose
//! events (in either twin) hold a declared reveal: from there the secret is public by rule, and
//! that step is the only thing the harness masks.
//!
//! A case is four numbers, so that proptest shrinks a failure to the fewest steps before and
//! after the twin; the games' `tests/secrecy.rs` run them with proptest, each through one
//! [`secrecy_tests!`](crate::engine::testing::secrecy_tests) (the CI run, the `--ignored` long run, and the check
//! that a leaking surface is caught). Every list of surfaces is built with [`Output::new`].

use serde::Serialize;

mod run;

pub use run::{leak_everything, run_case, table_cases, without_sessions};

use super::contract::{Violation, json};
use crate::dice::{Dice, SeededDice};
use crate::engine::sim::{BotOptions, random_action_with};
use crate::game::{Actor, Game, Turn, Viewer, Visible};
use crate::record::{DiceChoice, LoggedEvent, Session, step_seed};

/// How a surface is written: the state, the viewer's view of it, the viewer, the step's events
/// it sees.
pub type Show<G> = fn(&<G as Game>::State, &<G as Game>::View, Viewer, &[LoggedEvent<G>]) -> String;

/// One surface a viewer receives: `show` writes what `viewer` gets from `state` (whose view for
/// it, computed once, is given), with the events of the step just played that it may see (empty
/// at the twin position).
pub struct Output<G: Game> {
    /// The surface's name in failure messages (`"view json"`, `"bbcode"`).
    pub name: &'static str,
    /// What the viewer receives on this surface.
    pub show: Show<G>,
}

impl<G: Game> Output<G> {
    /// The surface `name`, written by `show`: the one constructor of every list of surfaces
    /// ([`builtin_outputs`], `pbp_render::testing::outputs`, a game's own).
    pub const fn new(name: &'static str, show: Show<G>) -> Output<G> {
        Output { name, show }
    }
}

impl<G: Game> Clone for Output<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Output<G> {}

impl<G: Game> std::fmt::Debug for Output<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Output({})", self.name)
    }
}

/// A surface in named parts: each part's name (for failure messages) and its bytes.
pub type Parts = Vec<(&'static str, String)>;

/// Surfaces written from the whole session (record, log and state), as a frontend holds a
/// game: what `pbp-frontend`'s table facade, and so the CLI, the page and the table server,
/// write for a viewer, and answer a seat that tries an action. The twin's session is the first
/// twin's with the twin state in place ([`Session::with_state`]), and both play on with the
/// same actions through [`Session::act`].
pub struct SessionOutput<G: Game> {
    /// The surfaces' name in failure messages (`"table"`).
    pub name: &'static str,
    /// What `viewer` receives from the session, part by part.
    pub show: fn(&Session<G>, Viewer) -> Parts,
    /// What a seat is answered when it tries the action (`actor` is the seat), part by part.
    pub answer: fn(&Session<G>, Actor, &G::Action) -> Parts,
}

impl<G: Game> SessionOutput<G> {
    /// The surfaces `name`: `show` for every viewer, `answer` for every action tried.
    pub const fn new(
        name: &'static str,
        show: fn(&Session<G>, Viewer) -> Parts,
        answer: fn(&Session<G>, Actor, &G::Action) -> Parts,
    ) -> SessionOutput<G> {
        SessionOutput { name, show, answer }
    }
}

impl<G: Game> Clone for SessionOutput<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for SessionOutput<G> {}

impl<G: Game> std::fmt::Debug for SessionOutput<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SessionOutput({})", self.name)
    }
}

/// A twin position: the second state, the viewers who may not tell it from the first, and what
/// differs, in words, for failure messages.
#[derive(Clone, Debug)]
pub struct Twin<G: Game> {
    /// The twin state, reachable by legal play, differing from the first only in a secret.
    pub state: G::State,
    /// The viewers who may not know the secret: each seat it should not reach, and the public.
    pub outsiders: Vec<Viewer>,
    /// What differs ("Lion's hand: card 12 for card 30").
    pub secret: String,
}

/// What a game gives the harness.
pub struct Secrecy<G: Game> {
    /// The game played.
    pub config: G::Config,
    /// Makes the twin of a state, drawing its choices from the dice; `None` when the state holds
    /// no secret to vary (the harness then plays on and asks again).
    pub twin: fn(&G::State, &mut dyn Dice) -> Option<Twin<G>>,
    /// The surfaces compared beyond [`builtin_outputs`].
    pub outputs: Vec<Output<G>>,
    /// The surfaces written from the whole session (`pbp_frontend::testing::session_outputs`:
    /// the table's view in every format, log, legal actions, answers to an action tried, and
    /// the thread report), for the games whose tests link the frontend.
    pub sessions: Vec<SessionOutput<G>>,
    /// Whether an event reveals a secret by rule (a public announcement the seed makes); `None`
    /// for an ordinary event, or the rule's name.
    pub reveals: fn(&G::Event) -> Option<&'static str>,
    /// How many of the actors' legal actions each outsider seat tries at every step.
    pub tries: usize,
}

impl<G: Game> std::fmt::Debug for Secrecy<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Secrecy<{}>({} outputs)", G::NAME, self.outputs.len())
    }
}

/// No event reveals a secret by rule.
pub fn no_reveals<E>(_: &E) -> Option<&'static str> {
    None
}

/// One case of the property: the seed of the game, the random steps played before the twin is
/// made, the seed of the twin's choices, and the steps played on both twins after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TwinCase {
    /// The game's seed: its setup and the dice of every step.
    pub seed: u64,
    /// Random legal steps before the twin.
    pub before: u32,
    /// The seed of the twin generator's choices. When it is odd, the twins play on with forum
    /// dice: each step that draws dice is given, as outside dice ([`DiceChoice::Outside`]), the
    /// values its seeded roll would draw in that twin, so that every surface marks it rolled on
    /// the forum, for its audience.
    pub twin: u64,
    /// Steps played on both twins.
    pub after: u32,
}

/// How a case ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwinReport {
    /// The step at which the twin was made.
    pub twin_step: usize,
    /// What differed.
    pub secret: String,
    /// Steps played on both twins.
    pub played: usize,
    /// The declared reveal that ended play, if one did.
    pub revealed: Option<&'static str>,
    /// Why play stopped: `"steps"` (the case's steps were played), `"over"` (the game ended),
    /// `"no common action"` (the secret decides what its holder may do), or `"revealed"`.
    pub stopped: &'static str,
    /// The steps after the twin played with forum dice (see [`TwinCase::twin`]).
    pub forum_steps: usize,
}

fn view_json<G: Game>(_: &G::State, view: &G::View, _: Viewer, _: &[LoggedEvent<G>]) -> String {
    json(view)
}

fn turn_json<G: Game>(state: &G::State, _: &G::View, _: Viewer, _: &[LoggedEvent<G>]) -> String {
    json(&G::turn(state))
}

fn legal_json<G: Game>(
    state: &G::State,
    _: &G::View,
    viewer: Viewer,
    _: &[LoggedEvent<G>],
) -> String {
    match viewer {
        Viewer::Seat(seat) => json(&G::legal_actions(state, Actor::Seat(seat))),
        _ => String::new(),
    }
}

fn legal_text<G: Game>(
    state: &G::State,
    _: &G::View,
    viewer: Viewer,
    _: &[LoggedEvent<G>],
) -> String {
    match viewer {
        Viewer::Seat(seat) => G::legal_actions(state, Actor::Seat(seat))
            .iter()
            .map(|a| G::format_action(state, a))
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}

fn events_json<G: Game>(_: &G::State, _: &G::View, _: Viewer, events: &[LoggedEvent<G>]) -> String {
    json(&events.iter().map(|e| &e.visible).collect::<Vec<_>>())
}

/// The surfaces every game has: the view as JSON, the turn, a seat's legal actions (JSON and
/// text) and the events it sees.
pub fn builtin_outputs<G: Game>() -> Vec<Output<G>> {
    vec![
        Output::new("view json", view_json::<G>),
        Output::new("turn", turn_json::<G>),
        Output::new("legal actions json", legal_json::<G>),
        Output::new("legal actions text", legal_text::<G>),
        Output::new("events json", events_json::<G>),
    ]
}

fn violation<T>(message: impl Into<String>) -> Result<T, Violation> {
    Err(Violation(message.into()))
}

/// The events of a step that `viewer` sees, as the log holds them.
fn seen<G: Game>(step: usize, events: &[Visible<G::Event>], viewer: Viewer) -> Vec<LoggedEvent<G>> {
    events
        .iter()
        .filter(|e| e.audience.includes(viewer))
        .map(|e| LoggedEvent {
            step,
            visible: e.clone(),
        })
        .collect()
}

/// Compares every output of both twins for every outsider.
fn compare<G: Game>(
    outputs: &[Output<G>],
    outsiders: &[Viewer],
    step: usize,
    a: (&G::State, &[Visible<G::Event>]),
    b: (&G::State, &[Visible<G::Event>]),
) -> Result<(), Violation> {
    for &viewer in outsiders {
        let (ea, eb) = (seen::<G>(step, a.1, viewer), seen::<G>(step, b.1, viewer));
        let (va, vb) = (G::view(a.0, viewer), G::view(b.0, viewer));
        for output in outputs {
            let x = (output.show)(a.0, &va, viewer, &ea);
            let y = (output.show)(b.0, &vb, viewer, &eb);
            if x != y {
                return violation(format!(
                    "step {step}: {viewer:?}'s {} tells the twins apart:\n--- twin a\n{x}\n--- twin b\n{y}",
                    output.name
                ));
            }
        }
    }
    Ok(())
}

/// The first part that differs between `x` and `y`, as a violation.
fn same_parts(what: impl Fn() -> String, x: Parts, y: Parts) -> Result<(), Violation> {
    if x.len() != y.len() {
        return violation(format!("{} has {} parts / {}", what(), x.len(), y.len()));
    }
    for ((name, x), (_, y)) in x.into_iter().zip(y) {
        if x != y {
            return violation(format!(
                "{} ({name}) tells the twins apart:\n--- twin a\n{x}\n--- twin b\n{y}",
                what()
            ));
        }
    }
    Ok(())
}

/// Compares every session surface of both twins for every outsider.
fn compare_sessions<G: Game>(
    outputs: &[SessionOutput<G>],
    outsiders: &[Viewer],
    step: usize,
    a: &Session<G>,
    b: &Session<G>,
) -> Result<(), Violation> {
    for &viewer in outsiders {
        for output in outputs {
            same_parts(
                || format!("step {step}: {viewer:?}'s {}", output.name),
                (output.show)(a, viewer),
                (output.show)(b, viewer),
            )?;
        }
    }
    Ok(())
}

/// What an outsider's try gives: the text it reads as, then the refusal or what it saw; `None`
/// when the action, accepted, makes a declared reveal (masked, as a step that does).
fn answer<G: Game>(
    secrecy: &Secrecy<G>,
    state: &G::State,
    actor: Actor,
    action: &G::Action,
    dice_seed: u64,
    outputs: &[Output<G>],
    step: usize,
) -> Option<String> {
    let text = G::format_action(state, action);
    let read = match G::parse_action(state, actor, &text) {
        Ok(read) => json(&read),
        Err(e) => format!("error: {e}"),
    };
    let mut copy = state.clone();
    let result = G::apply(&mut copy, actor, action, &mut SeededDice::new(dice_seed));
    let outcome = match result {
        Err(e) => format!("refused: {e}"),
        Ok(events) if revealed(secrecy, &[&events]).is_some() => return None,
        Ok(events) => {
            let viewer = Viewer::from(actor);
            let seen = seen::<G>(step, &events, viewer);
            let view = G::view(&copy, viewer);
            let shown: Vec<String> = outputs
                .iter()
                .map(|o| (o.show)(&copy, &view, viewer, &seen))
                .collect();
            format!("accepted:\n{}", shown.join("\n"))
        }
    };
    Some(format!("{text}\nreads as {read}\n{outcome}"))
}

/// Every outsider seat tries the actors' legal actions of either twin (sampled) and `stale`, and
/// gets the same answers in both.
#[allow(clippy::too_many_arguments)]
fn probe<G: Game>(
    secrecy: &Secrecy<G>,
    outputs: &[Output<G>],
    outsiders: &[Viewer],
    step: usize,
    (sa, sb): (&Session<G>, &Session<G>),
    stale: Option<&G::Action>,
    dice: &mut dyn Dice,
) -> Result<(), Violation> {
    let (a, b) = (sa.state(), sb.state());
    let mut candidates: Vec<G::Action> = Vec::new();
    for state in [a, b] {
        for &actor in G::turn(state).actors() {
            for action in G::legal_actions(state, actor) {
                if !candidates.contains(&action) {
                    candidates.push(action);
                }
            }
        }
    }
    let mut tried: Vec<G::Action> = Vec::new();
    while tried.len() < secrecy.tries && !candidates.is_empty() {
        let pick = dice.roll(candidates.len() as u32).unwrap_or(1) as usize - 1;
        tried.push(candidates.swap_remove(pick));
    }
    tried.extend(stale.cloned());
    // The draw keeps the bot's later choices those of earlier runs (and of the saved
    // regressions); the tries take the dice the sessions would take for the step, so that a
    // try's answer on the sessions' surfaces is masked exactly where the state's is.
    let _ = dice.roll(1 << 30);
    let dice_seed = step_seed(sa.record().seed, sa.record().entries.len() as u64 + 1);
    // The session surfaces answer one outsider seat a step (drawn), as they cost a table each.
    let seats: Vec<Viewer> = outsiders
        .iter()
        .copied()
        .filter(|v| matches!(v, Viewer::Seat(_)))
        .collect();
    let table_seat = match secrecy.sessions.is_empty() || seats.is_empty() {
        true => None,
        false => seats.get(dice.roll(seats.len() as u32).unwrap_or(1) as usize - 1),
    };
    for &viewer in outsiders {
        let Viewer::Seat(seat) = viewer else {
            continue;
        };
        for action in &tried {
            let actor = Actor::Seat(seat);
            let x = answer::<G>(secrecy, a, actor, action, dice_seed, outputs, step);
            let y = answer::<G>(secrecy, b, actor, action, dice_seed, outputs, step);
            let (Some(x), Some(y)) = (x, y) else {
                continue;
            };
            if x != y {
                return violation(format!(
                    "step {step}: {viewer:?} trying {action:?} tells the twins apart:\n--- twin a\n{x}\n--- twin b\n{y}"
                ));
            }
            if table_seat != Some(&viewer) {
                continue;
            }
            for output in &secrecy.sessions {
                same_parts(
                    || {
                        format!(
                            "step {step}: {viewer:?} trying {action:?} on the {}",
                            output.name
                        )
                    },
                    (output.answer)(sa, actor, action),
                    (output.answer)(sb, actor, action),
                )?;
            }
        }
    }
    Ok(())
}

/// The next common action: an actor of the turn, uniformly, then one of its legal actions in
/// both twins (the game master, whose rulings often end the game, with a chance of one in 30
/// while players can act). `None` when the twins share no legal action.
fn common_action<G: Game>(
    a: &G::State,
    b: &G::State,
    dice: &mut dyn Dice,
) -> Option<(Actor, G::Action)> {
    let mut players: Vec<(Actor, Vec<G::Action>)> = Vec::new();
    let mut game_master: Vec<G::Action> = Vec::new();
    for &actor in G::turn(a).actors() {
        let theirs = G::legal_actions(b, actor);
        let common: Vec<G::Action> = G::legal_actions(a, actor)
            .into_iter()
            .filter(|x| theirs.contains(x))
            .collect();
        match actor {
            Actor::GameMaster => game_master = common,
            _ if common.is_empty() => {}
            _ => players.push((actor, common)),
        }
    }
    let gm = !game_master.is_empty() && (players.is_empty() || dice.roll(30).ok()? == 1);
    if gm {
        let pick = dice.roll(game_master.len() as u32).ok()? as usize - 1;
        return Some((Actor::GameMaster, game_master.swap_remove(pick)));
    }
    let total: usize = players.iter().map(|(_, l)| l.len()).sum();
    if total == 0 {
        return None;
    }
    let mut pick = dice.roll(total as u32).ok()? as usize - 1;
    for (actor, mut legal) in players {
        if pick < legal.len() {
            return Some((actor, legal.swap_remove(pick)));
        }
        pick -= legal.len();
    }
    None
}

fn revealed<G: Game>(
    secrecy: &Secrecy<G>,
    events: &[&[Visible<G::Event>]],
) -> Option<&'static str> {
    events
        .iter()
        .flat_map(|list| list.iter())
        .find_map(|e| (secrecy.reveals)(&e.event))
}

fn serialize<T: Serialize>(value: &T) -> String {
    json(value)
}

/// The dice of a forum dice step in `session`: the values the step draws from the record's
/// seed, given as outside dice as a forum's roller would post them (each twin its own: where a
/// secret changes the dice, an outsider must not see that either), where the step draws any and
/// the game takes them; else the seeded dice.
fn forum_dice<G: Game>(session: &Session<G>, actor: Actor, action: &G::Action) -> DiceChoice {
    let mut copy = session.clone();
    if copy.act(actor, action.clone(), DiceChoice::Seeded).is_err() {
        return DiceChoice::Seeded;
    }
    let values: Vec<u32> = copy
        .record()
        .entries
        .last()
        .map(|entry| entry.draws.iter().map(|d| d.value).collect())
        .unwrap_or_default();
    if values.is_empty() {
        return DiceChoice::Seeded;
    }
    let outside = DiceChoice::Outside(values);
    match session.clone().act(actor, action.clone(), outside.clone()) {
        Ok(_) => outside,
        Err(_) => DiceChoice::Seeded,
    }
}

/// Random legal play from the setup to the twin position, then on until the generator finds a
/// secret; a game that ends first goes back to the last position that had one. `None` when no
/// position of the game had one.
#[allow(clippy::type_complexity)]
fn walk<G: Game>(
    secrecy: &Secrecy<G>,
    seed: u64,
    before: u32,
    twin_dice: &mut dyn Dice,
) -> Result<Option<(Session<G>, Twin<G>, usize)>, Violation> {
    let mut bot = SeededDice::new(seed ^ 0x5EC2_E7C7);
    let mut session = Session::<G>::new(secrecy.config.clone(), seed, DiceChoice::Seeded)
        .map_err(|e| Violation(format!("setup failed: {e}")))?;
    let bound = G::max_actions(&secrecy.config) as usize;
    let mut last: Option<(Twin<G>, usize)> = None;
    loop {
        let step = session.record().entries.len();
        if let Some(twin) = (secrecy.twin)(session.state(), twin_dice) {
            if step >= before as usize {
                return Ok(Some((session, twin, step)));
            }
            last = Some((twin, step));
        }
        // Every action of the game master, rulings included: the twins are sought in every
        // position a game can reach.
        let Some((actor, action)) =
            random_action_with::<G>(session.state(), BotOptions::WITH_RULINGS, &mut bot)
        else {
            break;
        };
        if session.act(actor, action, DiceChoice::Seeded).is_err()
            || matches!(G::turn(session.state()), Turn::Over(_))
            || step + 1 >= bound
        {
            break;
        }
    }
    // The last position with a secret, played again from the record.
    let Some((twin, step)) = last else {
        return Ok(None);
    };
    let mut record = session.record().clone();
    record.entries.truncate(step);
    let session = Session::replay(record, false)
        .map_err(|e| Violation(format!("the record does not replay to step {step}: {e}")))?;
    Ok(Some((session, twin, step)))
}

/// Plays one case of the secrecy property (see the [module](self)).
///
/// # Errors
/// The first output, refusal or event that tells the twins apart for an outsider (with both
/// texts), a common legal action refused in one twin, a generator that returns a twin equal to
/// its state, or a game in which no twin could be made.
pub fn check_twins<G: Game>(secrecy: &Secrecy<G>, case: TwinCase) -> Result<TwinReport, Violation> {
    let mut twin_dice = SeededDice::new(case.twin);
    // A game that ended before any secret existed (the game master closed it) is played again
    // with another seed derived from the case's.
    let mut seed = case.seed;
    let mut found = None;
    for attempt in 0..16u64 {
        found = walk(secrecy, seed, case.before, &mut twin_dice)?;
        if found.is_some() {
            break;
        }
        seed = step_seed(case.seed ^ 0xA7_7E3B, attempt + 1);
    }
    let Some((session, twin, mut step)) = found else {
        return violation("no twin could be made in 16 games");
    };
    let mut bot = SeededDice::new(seed ^ 0xB07);
    let twin_session = session.with_state(twin.state.clone());
    let (mut a, mut b) = (session, twin_session);
    if a.state() == b.state() || serialize(a.state()) == serialize(b.state()) {
        return violation(format!("the twin ({}) is the same state", twin.secret));
    }
    // A try's answer shows the built-in surfaces only: the renderings are functions of the view
    // and the events (renderers see views only), which the built-in ones compare.
    let builtin = builtin_outputs::<G>();
    let mut outputs = builtin.clone();
    outputs.extend(secrecy.outputs.iter().copied());
    let mut report = TwinReport {
        twin_step: step,
        secret: twin.secret.clone(),
        played: 0,
        revealed: None,
        stopped: "steps",
        forum_steps: 0,
    };
    // Half the cases (an odd twin seed) play on with forum dice.
    let forum = case.twin & 1 == 1;
    let outsiders = &twin.outsiders;
    let twin_step = step;
    let fail = |v: Violation| Violation(format!("twin at step {twin_step} ({}): {v}", twin.secret));
    compare::<G>(
        &outputs,
        outsiders,
        step,
        (a.state(), &[]),
        (b.state(), &[]),
    )
    .map_err(fail)?;
    compare_sessions(&secrecy.sessions, outsiders, step, &a, &b).map_err(fail)?;
    let mut stale: Option<G::Action> = None;
    for played in 0..case.after as usize {
        if matches!(G::turn(a.state()), Turn::Over(_)) {
            report.stopped = "over";
            break;
        }
        probe(
            secrecy,
            &builtin,
            outsiders,
            step,
            (&a, &b),
            stale.as_ref(),
            &mut bot,
        )
        .map_err(fail)?;
        let Some((actor, action)) = common_action::<G>(a.state(), b.state(), &mut bot) else {
            report.stopped = "no common action";
            break;
        };
        // Both sessions draw the step's dice from the same seed (the record's, at this step),
        // or, in a forum dice case, are given those values as a forum's roller posts them.
        let visible = |logged: &[LoggedEvent<G>]| -> Vec<Visible<G::Event>> {
            logged.iter().map(|e| e.visible.clone()).collect()
        };
        let (da, db) = match forum {
            true => (
                forum_dice(&a, actor, &action),
                forum_dice(&b, actor, &action),
            ),
            false => (DiceChoice::Seeded, DiceChoice::Seeded),
        };
        report.forum_steps += usize::from(
            matches!(da, DiceChoice::Outside(_)) || matches!(db, DiceChoice::Outside(_)),
        );
        let ea = a.act(actor, action.clone(), da).map(visible);
        let eb = b.act(actor, action.clone(), db).map(visible);
        step += 1;
        let (ea, eb) = match (ea, eb) {
            (Ok(x), Ok(y)) => (x, y),
            (x, y) => {
                return Err(fail(Violation(format!(
                    "step {step}: {action:?} of {actor:?}, legal in both twins, gave {} / {}",
                    x.map_or_else(|e| format!("refused: {e}"), |_| "accepted".into()),
                    y.map_or_else(|e| format!("refused: {e}"), |_| "accepted".into()),
                ))));
            }
        };
        report.played = played + 1;
        if let Some(rule) = revealed(secrecy, &[&ea, &eb]) {
            report.revealed = Some(rule);
            report.stopped = "revealed";
            break;
        }
        compare::<G>(
            &outputs,
            outsiders,
            step,
            (a.state(), &ea),
            (b.state(), &eb),
        )
        .map_err(fail)?;
        compare_sessions(&secrecy.sessions, outsiders, step, &a, &b).map_err(fail)?;
        stale = Some(action);
    }
    Ok(report)
}
