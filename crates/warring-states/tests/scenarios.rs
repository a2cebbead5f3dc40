//! Every scenario file of docs/rules/warring-states/ (the seed's worked examples and clauses, written as
//! text a reader can check against the seed; the format is in `pbp_core::engine::testing::scenario`),
//! played with the events read in `pbp-render`'s words; and the rules page names only tests and
//! files that exist, and links every scenario file.

pbp_core::engine::testing::scenario_tests!(
    pbp_warring_states::WarringStates,
    <pbp_warring_states::WarringStates as pbp_render::Render>::event_text
);
