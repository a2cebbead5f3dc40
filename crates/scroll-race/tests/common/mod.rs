//! Helpers shared by the integration tests: a scripted game with known talents and carriers.
#![allow(dead_code)] // Each test file uses a different part of these helpers.

use pbp_core::{Actor, Game, ScriptedDice, Seat, Viewer, Visible};
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

/// Plays `text` as `id`'s turn with exactly these rolls; returns the events.
pub fn act(
    state: &mut ScrollRaceState,
    id: CharId,
    text: &str,
    rolls: &[u32],
) -> Vec<Visible<ScrollRaceEvent>> {
    try_act(state, id, text, rolls).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays `text` as `id`'s turn; the rolls must all be used; on error the state is unchanged.
pub fn try_act(
    state: &mut ScrollRaceState,
    id: CharId,
    text: &str,
    rolls: &[u32],
) -> Result<Vec<Visible<ScrollRaceEvent>>, ScrollRaceError> {
    turn_of(state, id);
    let actor = Actor::Seat(Seat(u16::from(id)));
    let action = ScrollRace::parse_action(state, actor, text)?;
    let before = state.clone();
    let mut dice = ScriptedDice::new(rolls.to_vec());
    let result = ScrollRace::apply(state, actor, &action, &mut dice);
    match &result {
        Ok(_) => assert_eq!(dice.remaining(), 0, "{text}: rolls left over"),
        Err(_) => assert_eq!(*state, before, "{text}: a refused action changed the state"),
    }
    result
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
