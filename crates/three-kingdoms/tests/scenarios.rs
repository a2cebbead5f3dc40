//! Every scenario file of docs/rules/three-kingdoms/ (the seed's worked examples and clauses, written as
//! text a reader can check against the seed; the format is in `pbp_core::testing::scenario`),
//! played with the events read in `pbp-render`'s words; and the rules page names only tests and
//! files that exist.

use pbp_render::Render;
use pbp_three_kingdoms::ThreeKingdoms;

#[test]
fn every_scenario_of_the_rules_page_holds() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/rules/three-kingdoms"
    );
    let passed = pbp_core::testing::scenario::run_dir::<ThreeKingdoms>(
        std::path::Path::new(dir),
        Some(<ThreeKingdoms as Render>::event_text),
    )
    .unwrap_or_else(|failures| panic!("{failures}"));
    assert!(passed > 0);
}

#[test]
fn the_rules_page_names_only_tests_and_files_that_exist() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let check = pbp_core::testing::rules_page::check_rules_page(
        &std::path::Path::new(root).join("docs/rules/three-kingdoms.md"),
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
    )
    .unwrap_or_else(|missing| panic!("{missing}"));
    assert!(check.tests > 0 && check.files > 0, "{check:?}");
}
