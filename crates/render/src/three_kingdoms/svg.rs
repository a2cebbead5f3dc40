//! The SVG of Three Kingdoms: both fields, each side's Command and deployment zone, a card per
//! character with its marks, and a legend.

use std::fmt::Write;

use pbp_core::engine::Seat;
use pbp_three_kingdoms::{CardType, CharacterView, ThreeKingdomsView, Zone};

use super::{kind, status};
use crate::xml_escape;

const CARD_W: u32 = 120;
const CARD_H: u32 = 64;
const GAP: u32 = 8;
const ROW_H: u32 = CARD_H + 28;

fn svg_card(out: &mut String, x: u32, y: u32, owner: &str, c: &CharacterView) {
    let fill = match (c.card_type, c.vulnerable) {
        (_, true) => "#e8c4c4",
        (CardType::Lord, _) => "#f0d890",
        (CardType::Adviser, _) => "#d8e4f0",
        _ => "#f8f4ea",
    };
    let stroke = if c.commander { "#a02020" } else { "#404040" };
    let dash = if c.tapped {
        " stroke-dasharray=\"4 3\""
    } else {
        ""
    };
    let _ = write!(
        out,
        "<g class=\"card\"><rect x=\"{x}\" y=\"{y}\" width=\"{CARD_W}\" height=\"{CARD_H}\" rx=\"4\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"2\"{dash}/>"
    );
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"11\" font-weight=\"bold\">{} ({})</text>",
        x + 4,
        y + 14,
        xml_escape(&c.name),
        c.instance
    );
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"10\">{} · cost {}</text>",
        x + 4,
        y + 28,
        kind(c.card_type),
        c.cost
    );
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"end\" font-weight=\"bold\">{}</text>",
        x + CARD_W - 4,
        y + 44,
        xml_escape(owner)
    );
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"12\">{}/{}</text>",
        x + 4,
        y + 44,
        c.strength,
        c.max_strength
    );
    let mut marks: Vec<&str> = Vec::new();
    if c.vulnerable {
        marks.push("VUL");
    }
    if c.tapped {
        marks.push("TAP");
    }
    if c.defending {
        marks.push("DEF");
    }
    if c.ambush == Some(true) {
        marks.push("AMB");
    }
    if c.commander {
        marks.push("CMD");
    }
    if c.strategist {
        marks.push("STR");
    }
    if !c.titles.is_empty() {
        marks.push("TITLE");
    }
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"9\">{}</text></g>",
        x + 4,
        y + 58,
        marks.join(" ")
    );
}

/// Both fields as an SVG document (what [`crate::Render::svg`] returns for Three Kingdoms).
pub(super) fn svg(view: &ThreeKingdomsView) -> String {
    // Rows from top to bottom: seat 1's Command, seat 1's deployment zone, seat 0's
    // deployment zone, seat 0's Command. A General at the front stands in the enemy's row.
    let name = |i: usize| view.seat_name(Seat(i as u16));
    let rows: [(usize, Zone, String); 4] = [
        (1, Zone::Command, format!("{} Command", name(1))),
        (1, Zone::Home, format!("{} deployment zone", name(1))),
        (0, Zone::Home, format!("{} deployment zone", name(0))),
        (0, Zone::Command, format!("{} Command", name(0))),
    ];
    let mut row_cards: Vec<Vec<(usize, &CharacterView)>> = vec![Vec::new(); 4];
    for (i, p) in view.players.iter().enumerate().take(2) {
        for c in &p.field {
            let row = match (i, c.zone) {
                (1, Zone::Command) => 0,
                (1, Zone::Home) | (0, Zone::Front) => 1,
                (0, Zone::Home) | (1, Zone::Front) => 2,
                _ => 3,
            };
            row_cards[row].push((i, c));
        }
    }
    let widest = row_cards.iter().map(Vec::len).max().unwrap_or(0).max(5) as u32;
    let width = 20 + widest * (CARD_W + GAP);
    let height = 60 + 4 * ROW_H + 40;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" font-family=\"sans-serif\">"
    );
    let _ = write!(
        out,
        "<rect width=\"{width}\" height=\"{height}\" fill=\"#efe6cf\"/><text x=\"10\" y=\"22\" font-size=\"14\" font-weight=\"bold\">Three Kingdoms - {}</text>",
        xml_escape(&status(view))
    );
    for (r, (seat, zone, label)) in rows.iter().enumerate() {
        let y = 40 + r as u32 * ROW_H;
        let band = if *zone == Zone::Command {
            "#e2d5b4"
        } else {
            "#d9e3c8"
        };
        let _ = write!(
            out,
            "<rect x=\"4\" y=\"{y}\" width=\"{}\" height=\"{}\" fill=\"{band}\" stroke=\"#8a7a58\"/>",
            width - 8,
            ROW_H - 4
        );
        let p = &view.players[*seat];
        let extra = if *zone == Zone::Command {
            format!(
                " - {}, deck {}, hand {}, resources {}",
                p.army, p.deck_count, p.hand_count, p.resources
            )
        } else {
            String::new()
        };
        let _ = write!(
            out,
            "<text x=\"10\" y=\"{}\" font-size=\"10\">{}{}</text>",
            y + 12,
            xml_escape(label),
            xml_escape(&extra)
        );
        for (k, (owner, c)) in row_cards[r].iter().enumerate() {
            let owner = view.players.get(*owner).map_or("", |p| p.label.as_str());
            svg_card(&mut out, 10 + k as u32 * (CARD_W + GAP), y + 18, owner, c);
        }
    }
    let legend_y = height - 22;
    let _ = write!(
        out,
        "<text x=\"10\" y=\"{legend_y}\" font-size=\"10\">VUL Vulnerable (red), TAP tapped (dashed), DEF defending, AMB ambush</text><text x=\"10\" y=\"{}\" font-size=\"10\">CMD Commander (red border), STR Strategist; a General in the other side's zone has advanced</text></svg>",
        legend_y + 13
    );
    out
}
