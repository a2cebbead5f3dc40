//! Warring States of Han: text, the game master's BBCode turn summary, and the SVG map.
//!
//! `events.rs` names states, players and generals and writes each event, `svg.rs` draws the
//! map; this module writes the text and the post and puts them together as the game's
//! [`Render`].

mod events;
mod svg;
#[cfg(test)]
mod tests;

use std::fmt::Write;

use pbp_core::engine::{LoggedEvent, Seat};
use pbp_warring_states::{WarringStates, WarringStatesEvent, WarringStatesView};

use crate::post::{position, table};
use crate::{PostOptions, Render, bbcode_escape};
use events::{Names, describe, school};

impl Render for WarringStates {
    fn text(view: &WarringStatesView) -> String {
        let mut names = Names::of(view);
        for sheet in &view.sheets {
            names.recall(&WarringStatesEvent::Sealed(sheet.clone()));
        }
        let mut out = format!("Warring States of Han, turn {}\n", view.turn);
        if let Some(o) = &view.outcome {
            let _ = writeln!(out, "Game over: {}", o.reason);
        }
        for (i, p) in view.players.iter().enumerate() {
            let seat = Seat(i as u16);
            let held: Vec<String> = view
                .holdings(seat)
                .into_iter()
                .map(|s| format!("{} ({})", view.map.name(s), view.output_of(s)))
                .collect();
            let status = if p.eliminated {
                "eliminated"
            } else if view.submitted.contains(&seat) {
                "orders sent"
            } else {
                "to send orders"
            };
            let _ = writeln!(
                out,
                "{}: {}, {} rice, {} generals, {}{}; {}",
                names.seat(seat),
                school(p.school),
                p.rice,
                p.generals.len(),
                p.kingdom.map_or(String::new(), |k| format!(
                    "Kingdom of {}, ",
                    view.map.name(k)
                )),
                status,
                if held.is_empty() {
                    "no states".to_owned()
                } else {
                    held.join(", ")
                }
            );
        }
        for sheet in &view.sheets {
            let _ = writeln!(
                out,
                "{}",
                describe(&names, &WarringStatesEvent::Sealed(sheet.clone()))
            );
        }
        out
    }

    fn bbcode_with(
        view: &WarringStatesView,
        events: &[&LoggedEvent<WarringStates>],
        options: &PostOptions,
    ) -> String {
        let mut names = Names::of(view);
        for e in events {
            names.recall(&e.visible.event);
        }
        let mut out = String::new();
        let _ = writeln!(
            out,
            "[size=4][b]Warring States of Han: turn summary[/b][/size]"
        );
        let _ = writeln!(out, "{}", position(&format!("turn {}", view.turn), events));
        let _ = writeln!(out, "[list]");
        for e in events {
            let line = bbcode_escape(&describe(&names, &e.visible.event));
            let line = match &e.visible.event {
                WarringStatesEvent::Battle(_)
                | WarringStatesEvent::Conquered { .. }
                | WarringStatesEvent::Kingdom { .. } => {
                    format!("[b]{line}[/b]")
                }
                WarringStatesEvent::GeneralFate { died: true, .. }
                | WarringStatesEvent::Eliminated { .. } => {
                    format!("[color=darkred]{line}[/color]")
                }
                _ => line,
            };
            let _ = writeln!(out, "[*]{line}");
        }
        let _ = writeln!(out, "[/list]");
        let _ = writeln!(out, "[b]Turn {}[/b]", view.turn);
        let rows: Vec<Vec<String>> = view
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let seat = Seat(i as u16);
                let states: Vec<String> = view
                    .holdings(seat)
                    .into_iter()
                    .map(|s| format!("{} ({})", view.map.name(s), view.output_of(s)))
                    .collect();
                let generals: Vec<&str> = p.generals.iter().map(|g| g.name.as_str()).collect();
                vec![
                    format!(
                        "{}{}",
                        names.seat(seat),
                        if p.eliminated { ", eliminated" } else { "" }
                    ),
                    school(p.school).to_owned(),
                    p.rice.to_string(),
                    p.kingdom
                        .map_or("no".to_owned(), |k| format!("of {}", view.map.name(k))),
                    if states.is_empty() {
                        "none".to_owned()
                    } else {
                        states.join(", ")
                    },
                    if generals.is_empty() {
                        "none".to_owned()
                    } else {
                        generals.join(", ")
                    },
                ]
            })
            .collect();
        out.push_str(&table(
            options.style,
            &["Player", "School", "Rice", "Kingdom", "States", "Generals"],
            &rows,
            |c| {
                format!(
                    "[b]{}[/b], {}: {} rice{}; states {}; generals {}",
                    c[0],
                    c[1],
                    c[2],
                    if c[3] == "no" {
                        String::new()
                    } else {
                        format!(", Kingdom {}", c[3])
                    },
                    c[4],
                    c[5]
                )
            },
        ));
        out
    }

    fn svg(view: &WarringStatesView) -> String {
        svg::svg(view)
    }

    fn event_text(event: &WarringStatesEvent, view: &WarringStatesView) -> String {
        let mut names = Names::of(view);
        names.recall(event);
        describe(&names, event)
    }
}
