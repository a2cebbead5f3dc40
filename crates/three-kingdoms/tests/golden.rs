//! Golden playthroughs: recorded games replayed, their logs compared line by line with the
//! stored ones, so that any change of behaviour shows in review.
//!
//! To record them again after an intended change: `PBP_UPDATE_GOLDEN=1 cargo test -p
//! pbp-three-kingdoms --test golden`.

use std::path::PathBuf;

use pbp_core::testing::random_action;
use pbp_core::{DiceChoice, Game, Record, SeededDice, Session, Viewer};
use pbp_three_kingdoms::{Faction, ThreeKingdoms, ThreeKingdomsConfig};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

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
    while let Some((actor, action)) = random_action::<ThreeKingdoms>(session.state(), &mut bot) {
        session.act(actor, action, DiceChoice::Seeded).unwrap();
    }
    session
}

fn golden(name: &str, config: ThreeKingdomsConfig, seed: u64) {
    let record_path = dir().join(format!("{name}.record.json"));
    let log_path = dir().join(format!("{name}.log"));
    if std::env::var_os("PBP_UPDATE_GOLDEN").is_some() {
        let session = play(config, seed);
        std::fs::write(
            &record_path,
            serde_json::to_string_pretty(session.record()).unwrap(),
        )
        .unwrap();
        std::fs::write(&log_path, transcript(&session)).unwrap();
    }
    let record: Record<ThreeKingdoms> =
        serde_json::from_str(&std::fs::read_to_string(&record_path).unwrap()).unwrap();
    // Replayed from the recorded values alone, then checked against the seed.
    for check_seed in [false, true] {
        let session = Session::replay(record.clone(), check_seed).unwrap();
        let expected = std::fs::read_to_string(&log_path).unwrap();
        let got = transcript(&session);
        for (n, (a, b)) in expected.lines().zip(got.lines()).enumerate() {
            assert_eq!(a, b, "{name}: line {} differs", n + 1);
        }
        assert_eq!(expected.lines().count(), got.lines().count(), "{name}");
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
