//! The rules page's configuration (docs/rules/clan-war.md, its JSON block) reads as the game's
//! config and is the default game. It reads the page from the repository, so the crate's
//! package leaves this test out (Cargo.toml, `exclude`): it runs in the workspace.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use Strategy::*;
use pbp_clan_war::*;
use pbp_core::{SeededDice, engine::Game};

#[test]
fn the_documented_config_reads() {
    let doc = include_str!("../../../docs/rules/clan-war.md");
    let start = doc.find("```json\n").unwrap() + 8;
    let end = start + doc[start..].find("```").unwrap();
    let config: ClanWarConfig = serde_json::from_str(&doc[start..end]).unwrap();
    assert_eq!(config.options, Options::default());
    assert_eq!(config.rounds, 12);
    assert_eq!(config.players[1].strategies, [Defensive, Duelist]);
    assert!(ClanWar::setup(&config, &mut SeededDice::new(1)).is_ok());
    let bad = r#"{"options": {"home_bonus": "defender"}}"#;
    assert!(serde_json::from_str::<ClanWarConfig>(bad).is_err());
}
