//! How people read the game: pbp-render's [`Render`], written from the viewer's view only.

use pbp_core::engine::LoggedEvent;
use pbp_render::{PostOptions, Render, xml_escape};

use crate::{Rps, RpsEvent, RpsView};

fn score(view: &RpsView) -> String {
    format!(
        "seat 0 {} - {} seat 1 (first to {}, round {})",
        view.wins[0],
        view.wins[1],
        view.first_to,
        view.rounds + 1
    )
}

/// Who has thrown this round, and the viewer's own throw.
fn throws(view: &RpsView) -> Vec<String> {
    (0..2)
        .map(|i| match (view.sealed[i], view.own[i]) {
            (_, Some(throw)) => format!("seat {i} threw {}", throw.word()),
            (true, None) => format!("seat {i} has thrown"),
            (false, _) => format!("seat {i} has not thrown"),
        })
        .collect()
}

impl Render for Rps {
    fn text(view: &RpsView) -> String {
        let mut out = format!("Rock Paper Scissors: {}\n", score(view));
        for line in throws(view) {
            out.push_str(&line);
            out.push('\n');
        }
        out
    }

    fn bbcode_with(
        view: &RpsView,
        events: &[&LoggedEvent<Self>],
        _options: &PostOptions,
    ) -> String {
        let mut out = format!("[b]Rock Paper Scissors[/b]: {}\n", score(view));
        for event in events {
            out.push_str(&format!(
                "[*] {}\n",
                Rps::event_text(&event.visible.event, view)
            ));
        }
        out
    }

    fn svg(view: &RpsView) -> String {
        let text = xml_escape(&score(view));
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"420\" height=\"40\"><text x=\"10\" y=\"25\">{text}</text></svg>"
        )
    }

    fn event_text(event: &RpsEvent, _view: &RpsView) -> String {
        match event {
            RpsEvent::Sealed { seat } => format!("seat {seat} threw"),
            RpsEvent::Threw { seat, throw } => format!("seat {seat} threw {}", throw.word()),
            RpsEvent::Round {
                throws,
                rolls,
                winner,
            } => {
                let [a, b] = throws.map(|t| t.word());
                let dice = rolls.map_or_else(String::new, |[x, y]| format!(", {x} against {y}"));
                match winner {
                    Some(w) => format!("{a} against {b}{dice}: seat {w} wins the round"),
                    None => format!("{a} against {b}{dice}: a tie"),
                }
            }
        }
    }
}
