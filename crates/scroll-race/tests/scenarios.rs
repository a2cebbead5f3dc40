//! Every scenario file of docs/rules/scroll-race/ (the seed's worked examples and clauses, written as
//! text a reader can check against the seed; the format is in `pbp_core::engine::testing::scenario`),
//! played with the events read in `pbp-render`'s words; and the rules page names only tests and
//! files that exist, and links every scenario file.

pbp_core::engine::testing::scenario_tests!(
    pbp_scroll_race::ScrollRace,
    <pbp_scroll_race::ScrollRace as pbp_render::Render>::event_text
);
