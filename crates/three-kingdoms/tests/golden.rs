//! Golden playthroughs: recorded games replayed, their logs compared line by line with the
//! stored ones, so that any change of behaviour shows in review.
//!
//! The golden convention of `pbp_core::engine::testing::golden`: to record them again after an intended
//! change, `PBP_BLESS=1 cargo test -p pbp-three-kingdoms --test golden`, and review the
//! difference.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_core::engine::testing::{BotOptions, golden, random_action_with};
use pbp_core::{
    SeededDice,
    engine::{DiceChoice, Game, Record, Session, Viewer},
};
use pbp_three_kingdoms::{Faction, ThreeKingdoms, ThreeKingdomsConfig};

fn transcript(session: &Session<ThreeKingdoms>) -> String {
    let mut out = String::new();
    let record = session.record();
    for (i, entry) in record.entries.iter().enumerate() {
        let step = i + 1;
        out.push_str(&format!(
            "{step} {:?}: {}\n",
            entry.actor,
            serde_json::to_string(&entry.action).unwrap()
        ));
        for logged in session.log_for(Viewer::Public).filter(|e| e.step == step) {
            out.push_str(&format!(
                "    {}\n",
                serde_json::to_string(&logged.visible.event).unwrap()
            ));
        }
    }
    out.push_str(&format!("{:?}\n", ThreeKingdoms::turn(session.state())));
    out
}

fn play(config: ThreeKingdomsConfig, seed: u64) -> Session<ThreeKingdoms> {
    let mut session = Session::<ThreeKingdoms>::new(config, seed, DiceChoice::Seeded).unwrap();
    let mut bot = SeededDice::new(seed ^ 0xB07);
    while let Some((actor, action)) =
        random_action_with::<ThreeKingdoms>(session.state(), BotOptions::WITH_RULINGS, &mut bot)
    {
        session.act(actor, action, DiceChoice::Seeded).unwrap();
    }
    session
}

fn golden(name: &str, config: ThreeKingdomsConfig, seed: u64) {
    let dir = env!("CARGO_MANIFEST_DIR");
    let record_path = golden::path(dir, &format!("{name}.record.json"));
    let log_path = golden::path(dir, &format!("{name}.log"));
    // The record is the input (the random bots' game when it was recorded): written again only
    // when blessing.
    if golden::blessing() {
        let played = play(config, seed);
        golden::assert(
            &record_path,
            &serde_json::to_string_pretty(played.record()).unwrap(),
        );
    }
    let record: Record<ThreeKingdoms> =
        serde_json::from_str(&std::fs::read_to_string(&record_path).unwrap()).unwrap();
    // Replayed from the recorded values alone, then checked against the seed.
    for check_seed in [false, true] {
        let session = Session::replay(record.clone(), check_seed).unwrap();
        golden::assert(&log_path, &transcript(&session));
        assert!(ThreeKingdoms::turn(session.state()).outcome().is_some());
    }
}

#[test]
fn golden_wei_against_wu() {
    golden(
        "wei-wu-42",
        ThreeKingdomsConfig::presets(Faction::Wei, Faction::Wu),
        42,
    );
}

#[test]
fn golden_han_against_qun() {
    golden(
        "han-qun-7",
        ThreeKingdomsConfig::presets(Faction::Han, Faction::Qun),
        7,
    );
}
