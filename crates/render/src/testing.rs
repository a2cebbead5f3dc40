//! The renderings as surfaces of the secrecy property (feature `testing`): what a viewer reads
//! of a game in every format, for `pbp_core::engine::testing::secrecy` to compare between twins.

use pbp_core::engine::testing::Output;
use pbp_core::engine::{LoggedEvent, Viewer};

use crate::{BbcodeStyle, PostOptions, Render};

fn text<G: Render>(_: &G::State, view: &G::View, _: Viewer, _: &[LoggedEvent<G>]) -> String {
    G::text(view)
}

fn bbcode<G: Render>(_: &G::State, view: &G::View, _: Viewer, events: &[LoggedEvent<G>]) -> String {
    let events: Vec<&LoggedEvent<G>> = events.iter().collect();
    G::bbcode(view, &events)
}

fn bbcode_table<G: Render>(
    _: &G::State,
    view: &G::View,
    _: Viewer,
    events: &[LoggedEvent<G>],
) -> String {
    let events: Vec<&LoggedEvent<G>> = events.iter().collect();
    let options = PostOptions::styled(BbcodeStyle::Table);
    G::bbcode_with(view, &events, &options)
}

fn svg<G: Render>(_: &G::State, view: &G::View, _: Viewer, _: &[LoggedEvent<G>]) -> String {
    G::svg(view)
}

fn event_lines<G: Render>(
    _: &G::State,
    view: &G::View,
    _: Viewer,
    events: &[LoggedEvent<G>],
) -> String {
    events
        .iter()
        .map(|e| G::event_text(&e.visible.event, view))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every rendering of a view as a surface: plain text, the BBCode post with the step's events
/// (plain lists and `[table]`s), the SVG map, and the step's events as log lines.
pub fn outputs<G: Render>() -> Vec<Output<G>> {
    vec![
        Output::new("text", text::<G>),
        Output::new("bbcode", bbcode::<G>),
        Output::new("bbcode with tables", bbcode_table::<G>),
        Output::new("svg", svg::<G>),
        Output::new("event lines", event_lines::<G>),
    ]
}
