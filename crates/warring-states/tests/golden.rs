//! Golden playthrough: a recorded 12-turn game of heuristic bots (with forum posts written and
//! read back), replayed from its record; the final position must match the stored summary, so
//! any change of behaviour shows in review. The golden convention of `pbp_core::engine::testing::golden`:
//! regenerate after an intended change with `PBP_BLESS=1 cargo test -p pbp-warring-states --test
//! golden`, and review the difference.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_core::engine::testing::golden;
use pbp_core::engine::{Actor, DiceChoice, Game, Record, Seat, Session};
use pbp_warring_states::{
    MapSpec, WarringStates, WarringStatesAction, WarringStatesConfig, WarringStatesState,
    heuristic_sheet,
};

fn record_path() -> std::path::PathBuf {
    golden::path(env!("CARGO_MANIFEST_DIR"), "heuristic_4p.json")
}

fn summary_path() -> std::path::PathBuf {
    golden::path(env!("CARGO_MANIFEST_DIR"), "heuristic_4p.txt")
}

fn summary(state: &WarringStatesState) -> String {
    let mut out = format!("turn {}\n", state.turn);
    for (i, p) in state.players.iter().enumerate() {
        let seat = Seat(i as u16);
        let held: Vec<String> = state
            .holdings(seat)
            .into_iter()
            .map(|s| format!("{}:{}", state.map.name(s), state.output_of(s)))
            .collect();
        let generals: Vec<String> = p
            .generals
            .iter()
            .map(|g| format!("{}#{}/{:?}/{}", g.name, g.id, g.r#trait, g.skill))
            .collect();
        out.push_str(&format!(
            "seat {i}: rice {} kingdom {:?} eliminated {} states [{}] generals [{}]\n",
            p.rice,
            p.kingdom.map(|k| state.map.name(k).to_owned()),
            p.eliminated,
            held.join(" "),
            generals.join(" ")
        ));
    }
    out
}

fn play() -> Session<WarringStates> {
    let mut config = WarringStatesConfig::default();
    config.rules.turn_limit = 12;
    let mut session = Session::<WarringStates>::new(config, 2026, DiceChoice::Seeded).unwrap();
    while WarringStates::turn(session.state()).outcome().is_none() {
        let state = session.state().clone();
        let action = match WarringStates::waiting(&state).first() {
            Some(&seat) => {
                // Through the forum: the bot's sheet written as a post and read back.
                let sheet = heuristic_sheet(&state, seat);
                let post = WarringStates::format_action(
                    &state,
                    &WarringStatesAction::Orders(sheet.clone()),
                );
                let read = WarringStates::parse_action(&state, Actor::Seat(seat), &post).unwrap();
                assert_eq!(read, WarringStatesAction::Orders(sheet));
                (Actor::Seat(seat), read)
            }
            None => (Actor::GameMaster, WarringStatesAction::CloseTurn),
        };
        session.act(action.0, action.1, DiceChoice::Seeded).unwrap();
    }
    session
}

#[test]
fn the_golden_game_replays_to_the_stored_position() {
    // Playing it again gives the same record and position.
    let again = play();
    golden::assert(
        &record_path(),
        &serde_json::to_string(again.record()).unwrap(),
    );
    golden::assert(&summary_path(), &summary(again.state()));
    // The stored record replays, checked against its seed, to the stored position.
    let record: Record<WarringStates> =
        serde_json::from_str(&std::fs::read_to_string(record_path()).unwrap()).unwrap();
    let replayed = Session::<WarringStates>::replay(record.clone(), true).unwrap();
    golden::assert(&summary_path(), &summary(replayed.state()));
    assert!(
        again.record() == &record,
        "the game plays to another record"
    );
}

#[test]
fn a_save_that_writes_the_default_map_out_still_loads() {
    // Saves made before the default map was left out of the config carry it in full (the
    // golden record did, 9 KB of its config); such a save loads, checksum and all, to the same
    // game as the save written now, and the state's JSON likewise.
    let record: Record<WarringStates> =
        serde_json::from_str(&std::fs::read_to_string(record_path()).unwrap()).unwrap();
    let mut old = serde_json::to_value(&record).unwrap();
    assert!(
        old["config"].get("map").is_none(),
        "the default map is left out"
    );
    old["config"]["map"] = serde_json::to_value(MapSpec::standard()).unwrap();
    let compact = serde_json::to_string(&old).unwrap();
    let save = format!(
        r#"{{"pbp_save":1,"game":"warring-states","checksum":"{}","record":{compact}}}"#,
        pbp_core::engine::save::checksum_text(&compact).unwrap()
    );
    let loaded = pbp_core::engine::save::load_session::<WarringStates>(&save).unwrap();
    assert!(
        loaded.record() == &record,
        "the old save holds the same record"
    );
    let replayed = Session::<WarringStates>::replay(record, true).unwrap();
    assert!(loaded.state() == replayed.state());

    let mut state = serde_json::to_value(replayed.state()).unwrap();
    assert!(state.get("map").is_none(), "the default map is left out");
    state["map"] = serde_json::to_value(&*replayed.state().map).unwrap();
    let back: WarringStatesState = serde_json::from_value(state).unwrap();
    assert!(&back == replayed.state());
}

#[test]
fn a_user_map_is_written_in_the_save_and_the_state() {
    let mut spec = MapSpec::standard();
    spec.name = "The Lands of Han, renamed".into();
    spec.states[0].x += 1;
    let config = WarringStatesConfig {
        map: spec.clone().into(),
        ..WarringStatesConfig::default()
    };
    let session = Session::<WarringStates>::new(config, 7, DiceChoice::Seeded).unwrap();
    let record = serde_json::to_value(session.record()).unwrap();
    let written: MapSpec = serde_json::from_value(record["config"]["map"].clone()).unwrap();
    assert_eq!(written, spec);
    let state = serde_json::to_string(session.state()).unwrap();
    assert!(state.contains("The Lands of Han, renamed"));
    let back: WarringStatesState = serde_json::from_str(&state).unwrap();
    assert!(&back == session.state());
    assert_eq!(back.map.find(" tang "), session.state().map.find("Tang"));
}
