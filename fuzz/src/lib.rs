//! Generic fuzz harnesses for every pbp game, written once against the [`Game`] contract.
//!
//! - [`play`]: an action sequence chosen by the input, checking the contract at every step;
//! - [`text`]: the game's text action parser on arbitrary UTF-8 against states reached in play;
//! - [`save`]: the save loader of [`pbp_core::erased`] on arbitrary text;
//! - [`server_request`]: the table server's request parsing (bodies, bearer header, query).
//!
//! Adding a game: one line in [`GAMES`] (the `text` and `save` targets pick a game by the
//! input's first byte) and one file `fuzz_targets/play_<game>.rs` calling [`play`].
//!
//! The checks are the contract checks of [`pbp_core::testing`] (round trips, secrets, refusals
//! that change nothing), shared with every game's tests; each panics with a message naming what
//! broke, so libFuzzer reports it as a crash.

use pbp_clan_war::ClanWar;
use pbp_core::duel::Duel;
use pbp_core::erased::{self, DynSession};
use pbp_core::testing;
use pbp_core::{Actor, Dice, Game, ScriptedDice, Seat, SeededDice, Turn, Viewer};
use pbp_scroll_race::ScrollRace;
use pbp_three_kingdoms::ThreeKingdoms;
use pbp_warring_states::WarringStates;
use serde_json::Value;

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

/// A cursor over the fuzz input: every read succeeds, answering zeros once the input is used up.
#[derive(Debug)]
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// A cursor at the start of `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data }
    }

    /// Whether the input is used up.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The next byte (0 when none is left).
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// The next eight bytes as a little-endian number (missing bytes are zeros).
    pub fn u64(&mut self) -> u64 {
        let mut value = 0_u64;
        for i in 0..8 {
            value |= u64::from(self.byte()) << (8 * i);
        }
        value
    }

    /// A number below `n` (0 when `n` is 0), from one or two bytes.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        let raw = if n <= 256 {
            usize::from(self.byte())
        } else {
            usize::from(self.byte()) | (usize::from(self.byte()) << 8)
        };
        raw % n
    }

    /// A slice of up to `max` bytes, its length given by the next byte.
    pub fn slice(&mut self, max: usize) -> &'a [u8] {
        let len = usize::from(self.byte()).min(max).min(self.data.len());
        let (head, rest) = self.data.split_at(len);
        self.data = rest;
        head
    }

    /// A string of up to `max` bytes (invalid UTF-8 replaced).
    pub fn string(&mut self, max: usize) -> String {
        String::from_utf8_lossy(self.slice(max)).into_owned()
    }

    /// Everything left.
    pub fn rest(&mut self) -> &'a [u8] {
        std::mem::take(&mut self.data)
    }
}

/// A dice source chosen by the input: seeded from input bytes, or a short script of faces
/// (mostly in `1..=12`, sometimes out of range, possibly too short).
pub fn dice_from(bytes: &mut Bytes<'_>) -> Box<dyn Dice> {
    if bytes.byte() % 4 == 0 {
        let count = usize::from(bytes.byte() % 24);
        let faces: Vec<u32> = (0..count)
            .map(|_| match bytes.byte() {
                255 => 0,
                254 => 53,
                b => 1 + u32::from(b % 12),
            })
            .collect();
        Box::new(ScriptedDice::new(faces))
    } else {
        Box::new(SeededDice::new(bytes.u64()))
    }
}

/// Asserts that `state` survives a serde round trip unchanged
/// ([`pbp_core::testing::round_trip`]).
pub fn assert_round_trip<G: Game>(state: &G::State) {
    if let Err(v) = testing::round_trip::<G>(state) {
        panic!("{}: {v}", G::NAME);
    }
}

/// Views of the public, the game master and `seats`: none panics, each serializes, and none
/// shows one of the game's secrets for its viewer ([`pbp_core::testing::views_keep_secrets`]).
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
/// serde round trip ([`pbp_core::testing::text_round_trip`]).
pub fn assert_text_round_trip<G: Game>(state: &G::State, actor: Actor, action: &G::Action) {
    if let Err(v) = testing::text_round_trip::<G>(state, actor, action) {
        panic!("{}: {v}", G::NAME);
    }
}

/// Applies `action` to a copy of `state`: on success the copy, on refusal `None` after checking
/// that the copy is unchanged ([`pbp_core::testing::checked_apply`], which also checks that the
/// events serialize).
fn try_apply<G: Game>(
    state: &G::State,
    actor: Actor,
    action: &G::Action,
    dice: &mut dyn Dice,
) -> Option<G::State> {
    let mut copy = state.clone();
    match testing::checked_apply::<G>(&mut copy, actor, action, dice) {
        Ok(Ok(_)) => Some(copy),
        Ok(Err(error)) => {
            let _ = error.to_string();
            None
        }
        Err(v) => panic!("{}: {v}", G::NAME),
    }
}

/// An actor chosen by the input: a seat from 0 to 12 or the game master.
fn any_actor(bytes: &mut Bytes<'_>) -> Actor {
    match bytes.byte() % 14 {
        13 => Actor::GameMaster,
        n => Actor::Seat(Seat(u16::from(n))),
    }
}

/// Replaces one leaf of `value` (walking down by input bytes) with a value from the input.
fn mutate_json(value: &mut Value, bytes: &mut Bytes<'_>) {
    match value {
        Value::Array(items) if !items.is_empty() && bytes.byte() % 4 != 0 => {
            let i = bytes.below(items.len());
            mutate_json(&mut items[i], bytes);
        }
        Value::Object(map) if !map.is_empty() && bytes.byte() % 4 != 0 => {
            let i = bytes.below(map.len());
            if let Some(child) = map.values_mut().nth(i) {
                mutate_json(child, bytes);
            }
        }
        _ => {
            let replacement = match bytes.byte() % 8 {
                0 => Value::Null,
                1 => Value::Bool(bytes.byte() % 2 == 0),
                2 => Value::from(bytes.byte()),
                3 => Value::from(-i64::from(bytes.byte())),
                4 => Value::from(bytes.u64()),
                5 => Value::from(bytes.string(16)),
                6 => Value::Array(Vec::new()),
                _ => match &*value {
                    Value::Number(n) => Value::from(n.as_u64().unwrap_or(0).wrapping_add(1)),
                    Value::String(s) => Value::from(format!("{s}x")),
                    other => other.clone(),
                },
            };
            *value = replacement;
        }
    }
}

/// The most steps [`play`] takes.
const MAX_STEPS: usize = 400;

/// Plays `G` from the default config, the input choosing the seed and every move.
///
/// Each step, the input chooses one of: a legal action of an actor who may act (applied with
/// seeded or scripted dice); a legal action applied by an actor who may not act (must be
/// refused); a legal action's JSON with one leaf changed, deserialized and applied; arbitrary
/// JSON read as an action; or arbitrary text read with [`Game::parse_action`] and applied.
///
/// It checks that nothing panics, that the default config sets up, that a legal action applied
/// with seeded dice is accepted, that a refused action leaves the state unchanged, that an actor
/// who may not act has no legal actions and is refused, that a legal action's text form reads
/// back as the same action, that the state round-trips through serde, and that views serialize
/// and keep the game's secrets.
pub fn play<G: Game>(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let config = G::Config::default();
    let seed = bytes.u64();
    let mut state = G::setup(&config, &mut SeededDice::new(seed))
        .unwrap_or_else(|e| panic!("{}: the default config does not set up: {e}", G::NAME));
    let bound = usize::try_from(G::max_actions(&config)).unwrap_or(usize::MAX);
    let mut applied = 0_usize;
    let mut seats: Vec<Seat> = Vec::new();
    // Whether the state changed since its last round trip and views check.
    let mut changed = true;
    for _ in 0..MAX_STEPS {
        if bytes.is_empty() {
            break;
        }
        let turn = G::turn(&state);
        let actors = turn.actors().to_vec();
        if changed {
            for actor in &actors {
                if let Some(seat) = actor.seat()
                    && !seats.contains(&seat)
                {
                    seats.push(seat);
                }
            }
            assert_round_trip::<G>(&state);
            check_views::<G>(&state, seats.iter().copied());
            changed = false;
        }
        if let Turn::Over(_) = turn {
            // Nobody may act in a finished game.
            let actor = any_actor(&mut bytes);
            assert!(
                G::legal_actions(&state, actor).is_empty(),
                "{}: {actor:?} has legal actions in a finished game",
                G::NAME
            );
            break;
        }
        assert!(
            applied <= bound,
            "{}: the game did not end within {bound} actions",
            G::NAME
        );
        assert!(
            !actors.is_empty(),
            "{}: the game is not over but nobody may act",
            G::NAME
        );
        let actor = actors[bytes.below(actors.len())];
        let legal = G::legal_actions(&state, actor);
        let chosen = (!legal.is_empty()).then(|| legal[bytes.below(legal.len())].clone());
        let next = match bytes.byte() % 16 {
            // A legal action, with seeded or scripted dice.
            0..=9 => {
                let Some(action) = chosen else {
                    continue;
                };
                assert_text_round_trip::<G>(&state, actor, &action);
                let scripted = bytes.byte() % 4 == 0;
                if scripted {
                    let mut dice = dice_from(&mut bytes);
                    try_apply::<G>(&state, actor, &action, dice.as_mut())
                } else {
                    let mut dice = SeededDice::new(bytes.u64());
                    let next = try_apply::<G>(&state, actor, &action, &mut dice);
                    assert!(
                        next.is_some(),
                        "{}: legal action {action:?} of {actor:?} was refused with seeded dice",
                        G::NAME
                    );
                    next
                }
            }
            // A legal action applied by an actor who may not act.
            10 | 11 => {
                let other = any_actor(&mut bytes);
                if actors.contains(&other) {
                    continue;
                }
                assert!(
                    G::legal_actions(&state, other).is_empty(),
                    "{}: {other:?} may not act but has legal actions",
                    G::NAME
                );
                let Some(action) = chosen else {
                    continue;
                };
                let mut dice = dice_from(&mut bytes);
                let next = try_apply::<G>(&state, other, &action, dice.as_mut());
                assert!(
                    next.is_none(),
                    "{}: {other:?} may not act but {action:?} was accepted",
                    G::NAME
                );
                None
            }
            // A legal action's JSON with one leaf changed.
            12 | 13 => {
                let Some(action) = chosen else {
                    continue;
                };
                let mut json = serde_json::to_value(&action)
                    .unwrap_or_else(|e| panic!("{}: an action does not serialize: {e}", G::NAME));
                mutate_json(&mut json, &mut bytes);
                let Ok(mutated) = serde_json::from_value::<G::Action>(json) else {
                    continue;
                };
                let who = if bytes.byte() % 4 == 0 {
                    any_actor(&mut bytes)
                } else {
                    actor
                };
                let mut dice = dice_from(&mut bytes);
                try_apply::<G>(&state, who, &mutated, dice.as_mut())
            }
            // Arbitrary JSON read as an action.
            14 => {
                let raw = bytes.slice(200);
                let Ok(action) = serde_json::from_slice::<G::Action>(raw) else {
                    continue;
                };
                let mut dice = dice_from(&mut bytes);
                try_apply::<G>(&state, actor, &action, dice.as_mut())
            }
            // Arbitrary text read as an action.
            _ => {
                let text = bytes.string(200);
                let Ok(action) = G::parse_action(&state, actor, &text) else {
                    continue;
                };
                let mut dice = dice_from(&mut bytes);
                try_apply::<G>(&state, actor, &action, dice.as_mut())
            }
        };
        if let Some(next) = next {
            state = next;
            applied += 1;
            changed = true;
        }
    }
    assert_round_trip::<G>(&state);
}

/// Plays up to `steps` seeded random legal moves on `state`, checking that each legal action
/// reads back from its text form and is accepted, and that the state round-trips through serde.
pub fn random_moves<G: Game>(state: &mut G::State, seed: u64, steps: usize) {
    let mut dice = SeededDice::new(seed);
    for _ in 0..steps {
        let actors = G::turn(state).actors().to_vec();
        let mut moves = Vec::new();
        for actor in actors {
            moves.extend(
                G::legal_actions(state, actor)
                    .into_iter()
                    .map(|a| (actor, a)),
            );
        }
        if moves.is_empty() {
            break;
        }
        let pick = (dice.next_u64() % moves.len() as u64) as usize;
        let (actor, action) = &moves[pick];
        assert_text_round_trip::<G>(state, *actor, action);
        if let Err(e) = G::apply(state, *actor, action, &mut dice) {
            panic!(
                "{}: legal action {action:?} of {actor:?} was refused: {e}",
                G::NAME
            );
        }
        assert_round_trip::<G>(state);
    }
}

/// Reaches a state of `G` by up to `steps` seeded random legal moves from the default config.
pub fn state_after<G: Game>(seed: u64, steps: usize) -> G::State {
    let config = G::Config::default();
    let mut state = G::setup(&config, &mut SeededDice::new(seed))
        .unwrap_or_else(|e| panic!("{}: the default config does not set up: {e}", G::NAME));
    random_moves::<G>(&mut state, seed, steps);
    state
}

/// The game's text parser on arbitrary text.
///
/// Input: a byte choosing how many random moves lead to the state (0 to 31), a byte choosing the
/// actor (one who may act, or any seat or the game master), then the text (invalid UTF-8 is
/// replaced). A text that reads as an action is applied to a copy (a refusal must leave the copy
/// unchanged), and written back with [`Game::format_action`], which must read as the same action.
pub fn text<G: Game>(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let steps = usize::from(bytes.byte() % 32);
    let state = state_after::<G>(0x5EED ^ steps as u64, steps);
    let who = bytes.byte();
    let actors = G::turn(&state).actors().to_vec();
    let actor = if who < 192 && !actors.is_empty() {
        actors[usize::from(who) % actors.len()]
    } else {
        any_actor(&mut Bytes::new(&[who]))
    };
    let text = String::from_utf8_lossy(bytes.rest());
    let Ok(action) = G::parse_action(&state, actor, &text) else {
        return;
    };
    if let Err(v) = testing::text_round_trip::<G>(&state, actor, &action) {
        panic!("{}: {text:?} reads as {action:?}: {v}", G::NAME);
    }
    let mut dice = SeededDice::new(u64::from(who));
    if let Some(next) = try_apply::<G>(&state, actor, &action, &mut dice) {
        assert_round_trip::<G>(&next);
    }
}

/// The save of a game of `G` played by seeded random legal moves (the input choosing the seed
/// and the number of moves, up to 31), as JSON.
fn played_save<G: Game>(bytes: &mut Bytes<'_>) -> Option<Value> {
    let seed = u64::from(bytes.byte());
    let steps = bytes.byte() % 32;
    let mut session =
        pbp_core::Session::<G>::new(G::Config::default(), seed, pbp_core::DiceChoice::Seeded)
            .unwrap_or_else(|e| panic!("{}: the default config does not set up: {e}", G::NAME));
    let mut dice = SeededDice::new(seed);
    for _ in 0..steps {
        let state = session.state();
        let mut moves = Vec::new();
        for &actor in G::turn(state).actors() {
            moves.extend(
                G::legal_actions(state, actor)
                    .into_iter()
                    .map(|a| (actor, a)),
            );
        }
        if moves.is_empty() {
            break;
        }
        let pick = (dice.next_u64() % moves.len() as u64) as usize;
        let (actor, action) = moves.swap_remove(pick);
        if let Err(e) = session.act(actor, action.clone(), pbp_core::DiceChoice::Seeded) {
            panic!(
                "{}: legal action {action:?} of {actor:?} was refused: {e}",
                G::NAME
            );
        }
    }
    let saved = DynSession::save(&session)
        .unwrap_or_else(|e| panic!("{}: a session does not save: {e}", G::NAME));
    serde_json::from_str(&saved).ok()
}

/// The save loader of `G` on arbitrary text.
///
/// Input: a byte choosing the mode, then the text. Mode bit 4: instead of text, a save of a
/// game played by random legal moves with up to three of its JSON leaves changed (the rest of the
/// input choosing the game and the changes). Mode even: the text is loaded as it is. Mode
/// odd: if the text is a JSON object with a `record`, its `checksum` is recomputed first, so the
/// fuzzer reaches the record's checks and the replay. A save that loads must save and load again
/// to the same record and view, and its record must be the record it was loaded from.
pub fn save<G: Game>(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let mut text = if mode & 4 != 0 {
        let mut bytes = Bytes::new(rest);
        let Some(mut envelope) = played_save::<G>(&mut bytes) else {
            return;
        };
        for _ in 0..bytes.byte() % 4 {
            mutate_json(&mut envelope, &mut bytes);
        }
        envelope.to_string()
    } else {
        let Ok(text) = std::str::from_utf8(rest) else {
            return;
        };
        text.to_owned()
    };
    if mode % 2 == 1
        && let Ok(Value::Object(mut envelope)) = serde_json::from_str::<Value>(&text)
        && let Some(record) = envelope.get("record")
    {
        let sum = erased::checksum(record);
        envelope.insert("checksum".into(), Value::from(sum));
        text = Value::Object(envelope).to_string();
    }
    // The streaming checksum a load computes agrees with the checksum of the parsed value.
    if let Ok(Value::Object(envelope)) = serde_json::from_str::<Value>(&text)
        && let Some(record) = envelope.get("record")
    {
        let text = record.to_string();
        assert_eq!(
            pbp_core::save::checksum_text(&text).ok(),
            Some(erased::checksum(record)),
            "the streaming checksum differs"
        );
    }
    let Ok(session) = erased::load_session::<G>(&text) else {
        return;
    };
    assert_round_trip::<G>(session.state());
    let loaded: Value = serde_json::from_str(&text).unwrap_or_default();
    let record = serde_json::to_value(session.record())
        .unwrap_or_else(|e| panic!("{}: a record does not serialize: {e}", G::NAME));
    if let Some(stored) = loaded.get("record") {
        let stored: pbp_core::Record<G> = serde_json::from_value(stored.clone())
            .unwrap_or_else(|e| panic!("{}: a loaded record does not read again: {e}", G::NAME));
        assert!(
            stored == *session.record(),
            "{}: a replayed record differs from the record it came from",
            G::NAME
        );
    }
    let saved = DynSession::save(&session)
        .unwrap_or_else(|e| panic!("{}: a loaded session does not save: {e}", G::NAME));
    let again = erased::load_session::<G>(&saved)
        .unwrap_or_else(|e| panic!("{}: a saved session does not load: {e}\n{saved}", G::NAME));
    assert!(
        serde_json::to_value(again.record()).ok() == Some(record),
        "{}: a save loads to another record",
        G::NAME
    );
    assert!(
        again.state() == session.state(),
        "{}: a save loads to another state",
        G::NAME
    );
}

/// The table server's request parsing ([`pbp_server::request`]) on arbitrary bytes: the first
/// byte picks the parser, the rest is the body, header or query value. Nothing may panic, and
/// what is accepted must be within the limits the server promises.
pub fn server_request(data: &[u8]) {
    use pbp_server::request::{self as r, ActRequest, CreateRequest};
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    match which % 6 {
        0 => {
            if let Ok(request) = r::parse_create(rest) {
                let players = match &request {
                    CreateRequest::New { players, .. } | CreateRequest::Import { players, .. } => {
                        players
                    }
                };
                for name in players.iter().flatten() {
                    assert!(!name.trim().is_empty(), "an empty player name was accepted");
                    assert!(
                        name.chars().count() <= r::MAX_NAME,
                        "an over-long name was accepted"
                    );
                }
            }
        }
        1 => {
            if let Ok(ActRequest { action, dice, .. }) = r::parse_act(rest) {
                let size = match action {
                    pbp_core::erased::ActionInput::Auto(text)
                    | pbp_core::erased::ActionInput::Text(text) => text.len(),
                    pbp_core::erased::ActionInput::Json(value) => value.to_string().len(),
                };
                assert!(size <= r::MAX_ACTION, "an over-long action was accepted");
                assert!(
                    dice.map_or(0, |d| d.len()) <= r::MAX_DICE,
                    "too many dice were accepted"
                );
            }
        }
        2 => {
            let _ = r::parse_deadline(rest);
        }
        3 => {
            if let Ok(Some(token)) = r::parse_bearer(Some(rest)) {
                assert!(token.len() <= r::MAX_TOKEN && !token.is_empty());
                assert!(token.bytes().all(|b| b.is_ascii_graphic()));
            }
        }
        4 => {
            if let Ok(text) = std::str::from_utf8(rest) {
                let _ = r::parse_format(Some(text));
                let _ = r::parse_seat(Some(text));
            }
        }
        _ => {
            let _ = r::parse_ready(rest);
        }
    }
}
