//! Warring States: the map file loader on arbitrary text. A map that loads answers its queries
//! without panicking, survives a serde round trip, and, with up to four players placed on its
//! first states, sets up (or is refused with an error) and plays a few random moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pbp_core::{SeededDice, engine::Game};
use pbp_warring_states::{Colour, MapSpec, PlayerSpec, School, WarringStates, WarringStatesConfig};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(map) = MapSpec::from_json(text) else {
        return;
    };
    // The loader accepted the file, so the plain spec reads too.
    let Ok(spec) = serde_json::from_str::<MapSpec>(text) else {
        panic!("a map loads but its spec does not read");
    };
    assert!(!map.is_empty() && map.len() == spec.states.len());
    let back: pbp_warring_states::Map =
        serde_json::from_str(&serde_json::to_string(&map).expect("a map serializes"))
            .expect("a map deserializes");
    assert_eq!(back, map);
    let ids: Vec<u16> = (0..map.len())
        .filter_map(|i| u16::try_from(i).ok())
        .collect();
    for &a in &ids {
        let name = map.name(a).to_owned();
        assert_eq!(
            map.find(&name).map(|f| map.name(f).to_lowercase()),
            Some(name.to_lowercase())
        );
        for &b in ids.iter().take(16) {
            assert_eq!(
                map.adjacent(a, b),
                map.adjacent(b, a),
                "adjacency is symmetric"
            );
        }
    }
    assert!(map.connected(&ids), "a loaded map is connected");
    let _ = map.kingdom_states().count();
    let _ = map.connected(&ids[..ids.len() / 2]);
    let _ = map.adjacent(u16::MAX, 0);
    let _ = map.name(u16::MAX);

    // Up to four players on the first states that are not the capital.
    let capital = spec.capital.clone();
    let players: Vec<PlayerSpec> = spec
        .states
        .iter()
        .filter(|s| !s.name.eq_ignore_ascii_case(&capital))
        .take(4)
        .enumerate()
        .map(|(i, s)| PlayerSpec {
            name: format!("Player {i}"),
            state: s.name.clone(),
            colour: Colour::ALL[i],
            school: School::ALL[i % School::ALL.len()],
        })
        .collect();
    let config = WarringStatesConfig {
        map: spec.into(),
        players,
        ..WarringStatesConfig::default()
    };
    let mut dice = SeededDice::new(data.len() as u64);
    let Ok(mut state) = WarringStates::setup(&config, &mut dice) else {
        return;
    };
    pbp_fuzz::random_moves::<WarringStates>(&mut state, data.len() as u64, 12);
});
