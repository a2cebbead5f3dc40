//! Every scenario file of docs/rules/clan-war/ (the seed's worked examples and clauses, written as
//! text a reader can check against the seed; the format is in `pbp_core::testing::scenario`),
//! played with the events read in `pbp-render`'s words.

use pbp_clan_war::ClanWar;
use pbp_render::Render;

#[test]
fn every_scenario_of_the_rules_page_holds() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/rules/clan-war");
    let passed = pbp_core::testing::scenario::run_dir::<ClanWar>(
        std::path::Path::new(dir),
        Some(<ClanWar as Render>::event_text),
    )
    .unwrap_or_else(|failures| panic!("{failures}"));
    assert!(passed > 0);
}
