//! Every scenario file of rules/rps/ holds, with the events read in the game's own words, and
//! the rules page (rules/rps.md) names only tests and files that exist and links every scenario.

pbp_core::engine::testing::scenario_tests!(
    pbp_rps::Rps,
    <pbp_rps::Rps as pbp_render::Render>::event_text,
    rules: "rules"
);
