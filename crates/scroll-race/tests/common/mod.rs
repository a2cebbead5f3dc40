//! Helpers shared by the integration tests: a scripted game with known talents and carriers.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![allow(dead_code)] // Each test file uses a different part of these helpers.

pub use pbp_core::engine::testing::Kind;
use pbp_core::engine::testing::{self, Contract, Refusal, Rolls};
use pbp_core::{
    ScriptedDice,
    engine::{Actor, Game, Seat, Viewer, Visible},
};
use pbp_scroll_race::*;

/// The standard field where every character has Gôken 1, Katon 1 and Doton 1, and Red1 and
/// Blue1 carry the scrolls.
pub fn config() -> ScrollRaceConfig {
    let talents = vec![
        Talent {
            technique: Technique::Goken,
            rank: 1,
        },
        Talent {
            technique: Technique::Katon,
            rank: 1,
        },
        Talent {
            technique: Technique::Doton,
            rank: 1,
        },
    ];
    let characters = |prefix: &str| -> Vec<CharacterConfig> {
        (1..=5)
            .map(|i| CharacterConfig {
                name: format!("{prefix}{i}"),
                talents: Some(talents.clone()),
            })
            .collect()
    };
    ScrollRaceConfig {
        characters: [characters("Red"), characters("Blue")],
        carriers: [Some("Red1".into()), Some("Blue1".into())],
        ..ScrollRaceConfig::default()
    }
}

/// A game of [`config`] where team 0 starts (the coin shows heads), Red-1 (0) and Blue-1 (5)
/// carry, and the carrier change is done.
pub fn game() -> ScrollRaceState {
    let config = config();
    let mut state = ScrollRace::setup(&config, &mut ScriptedDice::new([1])).unwrap();
    state.change_done = true;
    state
}

/// Gives `id` a talent in place of its last one (uses set to the rank's allowance).
pub fn teach(state: &mut ScrollRaceState, id: CharId, technique: Technique, rank: u8) {
    let skills = &mut state.characters[usize::from(id)].skills;
    skills.retain(|s| s.technique != technique);
    if skills.len() >= 5 {
        skills.pop();
    }
    let a = allowance(rank);
    let skill = Skill {
        technique,
        rank,
        allowance: Some(a),
        left: Some(a),
    };
    if technique.is_free() {
        skills.insert(0, skill);
    } else {
        skills.push(skill);
    }
}

/// Sets a free technique's rank.
pub fn free_rank(state: &mut ScrollRaceState, id: CharId, technique: Technique, rank: u8) {
    for s in &mut state.characters[usize::from(id)].skills {
        if s.technique == technique {
            s.rank = rank;
        }
    }
}

/// Puts a character on a square (`c5`).
pub fn put(state: &mut ScrollRaceState, id: CharId, square: &str) {
    state.characters[usize::from(id)].square = sq(square);
}

/// A square from text.
pub fn sq(text: &str) -> Square {
    Square::parse(text).unwrap()
}

/// Makes it `id`'s turn.
pub fn turn_of(state: &mut ScrollRaceState, id: CharId) {
    state.phase = Phase::Play;
    state.turn_index = state.order.iter().position(|&c| c == id).unwrap();
}

/// What the contract checks of `pbp_core::engine::testing` know of Scroll Race: every turn, carrier
/// choice and change is listed (a move that ends the turn on a known trap, or wins, is listed
/// alone, and `apply` refuses a technique after it); of the game master's rulings only `skip`
/// is (the organiser's other rulings are not play).
pub const CONTRACT: Contract<ScrollRace> = Contract::listing_all().listed(listed);

fn listed(_: &ScrollRaceState, _: Actor, action: &ScrollRaceAction) -> bool {
    match action {
        ScrollRaceAction::Gm(r) => *r == Ruling::Skip,
        _ => true,
    }
}

/// Plays `text` as `id`'s turn with exactly these rolls; returns the events.
pub fn act(
    state: &mut ScrollRaceState,
    id: CharId,
    text: &str,
    rolls: &[u32],
) -> Vec<Visible<ScrollRaceEvent>> {
    try_act(state, id, text, rolls).unwrap_or_else(|e| panic!("{text}: refused ({}): {e}", e.kind))
}

/// Plays `text` as `id`'s turn with exactly these rolls, checking the contract
/// (`testing::try_act`: text round trip, legal list, every roll used, a refusal changes
/// nothing).
pub fn try_act(
    state: &mut ScrollRaceState,
    id: CharId,
    text: &str,
    rolls: &[u32],
) -> Result<Vec<Visible<ScrollRaceEvent>>, Refusal<ScrollRaceError>> {
    turn_of(state, id);
    let actor = Actor::Seat(Seat(u16::from(id)));
    testing::try_act(&CONTRACT, state, actor, text, Rolls::Exactly(rolls))
}

/// `text` as `id`'s turn must be refused, for this reason: the game's error.
pub fn refuse(
    state: &mut ScrollRaceState,
    id: CharId,
    text: &str,
    rolls: &[u32],
    kind: Kind,
) -> ScrollRaceError {
    turn_of(state, id);
    let actor = Actor::Seat(Seat(u16::from(id)));
    testing::refuse(&CONTRACT, state, actor, text, Rolls::Exactly(rolls), kind)
}

/// An action given as a value (a ruling, a carrier) that must be refused, for this reason, with
/// no dice: the game's error (`testing::try_apply`: a refusal changes nothing).
pub fn refused(
    state: &mut ScrollRaceState,
    actor: Actor,
    action: &ScrollRaceAction,
    kind: Kind,
) -> ScrollRaceError {
    match testing::try_apply(&CONTRACT, state, actor, action, Rolls::Exactly(&[])) {
        Ok(_) => panic!("{action:?} of {actor:?} was accepted; expected a refusal ({kind})"),
        Err(r) if r.kind != kind => panic!(
            "{action:?} of {actor:?} was refused as {}, not {kind}: {r}",
            r.kind
        ),
        Err(r) => r.game_error(),
    }
}

/// The events a viewer sees.
pub fn seen(events: &[Visible<ScrollRaceEvent>], viewer: Viewer) -> Vec<ScrollRaceEvent> {
    events
        .iter()
        .filter(|e| e.audience.includes(viewer))
        .map(|e| e.event.clone())
        .collect()
}

/// A seat viewer.
pub fn seat(n: u16) -> Viewer {
    Viewer::Seat(Seat(n))
}

/// The square of a character.
pub fn at(state: &ScrollRaceState, id: CharId) -> Square {
    state.characters[usize::from(id)].square
}

/// Uses left of a character's technique.
pub fn left(state: &ScrollRaceState, id: CharId, technique: Technique) -> Option<u8> {
    state.characters[usize::from(id)]
        .skill(technique)
        .and_then(|s| s.left)
}

/// Whether any event is of this kind.
pub fn has(events: &[Visible<ScrollRaceEvent>], pred: impl Fn(&ScrollRaceEvent) -> bool) -> bool {
    events.iter().any(|e| pred(&e.event))
}
