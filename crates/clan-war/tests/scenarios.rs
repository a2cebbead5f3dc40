//! Every scenario file of docs/rules/clan-war/ (the seed's worked examples and clauses, written as
//! text a reader can check against the seed; the format is in `pbp_core::testing::scenario`),
//! played with the events read in `pbp-render`'s words; and the rules page names only tests and
//! files that exist.

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

#[test]
fn the_rules_page_names_only_tests_and_files_that_exist() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let check = pbp_core::testing::rules_page::check_rules_page(
        &std::path::Path::new(root).join("docs/rules/clan-war.md"),
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
    )
    .unwrap_or_else(|missing| panic!("{missing}"));
    assert!(check.tests > 0 && check.files > 0, "{check:?}");
}
