//! The SVG of Scroll Race: the field, the characters, scrolls, summons and traps the viewer
//! knows of, and a legend of the teams.

use std::fmt::Write;

use pbp_scroll_race::{Cell, Phase, ScrollRaceView, TrapKind};

use super::{carrier_word, team, who};
use crate::xml_escape;

fn team_colour(team: u8) -> &'static str {
    if team == 0 { "#b22222" } else { "#1f4fb2" }
}

fn cell_colour(cell: Cell) -> &'static str {
    match cell {
        Cell::Neutral => "#efe9dc",
        Cell::Zone(0) => "#f3d3cf",
        Cell::Base(0) => "#e0948a",
        Cell::Zone(_) => "#d2dcf3",
        Cell::Base(_) => "#8da4e0",
        Cell::Wall => "#555555",
    }
}

/// The field as an SVG document (what [`crate::Render::svg`] returns for Scroll Race).
pub(super) fn svg(view: &ScrollRaceView) -> String {
    let size = 36u32;
    let field_h = u32::from(view.field.height()) * size + size;
    let (w, h) = (u32::from(view.field.width()) * size + size, field_h + 48);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\">\n<title>Scroll Race, round {}, seen by {}</title>\n<rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n",
        view.round,
        xml_escape(&who(view))
    );
    let half = size / 2;
    for x in 0..view.field.width() {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{}</text>",
            size + u32::from(x) * size + half,
            half + 4,
            char::from(b'a' + x)
        );
    }
    for y in 0..view.field.height() {
        let _ = writeln!(
            out,
            "<text x=\"{half}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{}</text>",
            size + u32::from(y) * size + half + 4,
            u32::from(y) + 1
        );
    }
    for square in view.field.squares() {
        let (px, py) = (
            size + u32::from(square.x) * size,
            size + u32::from(square.y) * size,
        );
        let cell = view.field.cell(square).unwrap_or(Cell::Wall);
        let _ = writeln!(
            out,
            "<rect x=\"{px}\" y=\"{py}\" width=\"{size}\" height=\"{size}\" fill=\"{}\" stroke=\"#999\" stroke-width=\"0.5\"/>",
            cell_colour(cell)
        );
        let (cx, cy) = (px + half, py + half);
        if view.scrolls.iter().any(|s| s.ground == Some(square)) {
            let _ = writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"20\" height=\"10\" rx=\"3\" fill=\"#d4a017\"><title>dropped scroll</title></rect>",
                cx - 10,
                cy - 5
            );
        }
        if view.summons.iter().any(|s| s.square == square) {
            let _ = writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"28\" height=\"28\" fill=\"#3a7d44\" opacity=\"0.8\"><title>summon</title></rect>",
                px + 4,
                py + 4
            );
        }
        for t in view.traps.iter().filter(|t| t.square == square) {
            match t.kind {
                TrapKind::Seal => {
                    let _ = writeln!(
                        out,
                        "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"#6a1b9a\" stroke-width=\"3\"><title>{} trap</title></path>",
                        px + 6,
                        py + 6,
                        px + size - 6,
                        py + size - 6,
                        px + size - 6,
                        py + 6,
                        px + 6,
                        py + size - 6,
                        t.technique.name()
                    );
                }
                TrapKind::Flood => {
                    let _ = writeln!(
                        out,
                        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"14\" fill=\"#4fc3f7\" opacity=\"0.6\"><title>flood</title></circle>"
                    );
                }
            }
        }
    }
    for c in &view.characters {
        let (cx, cy) = (
            size + u32::from(c.square.x) * size + half,
            size + u32::from(c.square.y) * size + half,
        );
        let carried = view.scrolls.iter().find(|s| s.carrier == Some(c.id));
        let carries = carried.is_some();
        let ring = if carries {
            " stroke=\"#d4a017\" stroke-width=\"4\""
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "<g><title>{}{}</title><circle cx=\"{cx}\" cy=\"{cy}\" r=\"13\" fill=\"{}\"{ring}/><text x=\"{cx}\" y=\"{}\" font-size=\"13\" fill=\"#fff\" text-anchor=\"middle\">{}</text></g>",
            xml_escape(&c.name),
            carried.map_or(String::new(), |s| format!(
                " ({})",
                carrier_word(view, s.team)
            )),
            team_colour(c.team),
            cy + 5,
            c.id
        );
    }
    // The legend under the field: the round, the teams' colours, the marks.
    let _ = writeln!(
        out,
        "<text x=\"4\" y=\"{}\" font-size=\"13\" font-weight=\"bold\">Round {}{}</text>",
        field_h + 16,
        view.round,
        if view.phase == Phase::Over {
            " (over)"
        } else {
            ""
        }
    );
    let mut x = 90;
    for t in 0..2u8 {
        let _ = writeln!(
            out,
            "<g class=\"legend\"><circle cx=\"{}\" cy=\"{}\" r=\"6\" fill=\"{}\"/><text x=\"{}\" y=\"{}\" font-size=\"12\">{}</text></g>",
            x + 6,
            field_h + 11,
            team_colour(t),
            x + 16,
            field_h + 16,
            xml_escape(&team(view, t))
        );
        x += 90;
    }
    let _ = writeln!(
        out,
        "<g class=\"legend\"><circle cx=\"10\" cy=\"{}\" r=\"6\" fill=\"#888\" stroke=\"#d4a017\" stroke-width=\"3\"/><text x=\"20\" y=\"{}\" font-size=\"12\">carrier (when known)</text>\
<rect x=\"150\" y=\"{}\" width=\"14\" height=\"8\" rx=\"2\" fill=\"#d4a017\"/><text x=\"168\" y=\"{}\" font-size=\"12\">dropped scroll</text>\
<rect x=\"270\" y=\"{}\" width=\"12\" height=\"12\" fill=\"#3a7d44\"/><text x=\"286\" y=\"{}\" font-size=\"12\">summon</text>\
<path d=\"M350 {} L362 {} M362 {} L350 {}\" stroke=\"#6a1b9a\" stroke-width=\"3\"/><text x=\"366\" y=\"{}\" font-size=\"12\">trap</text></g>",
        field_h + 31,
        field_h + 36,
        field_h + 27,
        field_h + 36,
        field_h + 25,
        field_h + 36,
        field_h + 25,
        field_h + 37,
        field_h + 25,
        field_h + 37,
        field_h + 36
    );
    out.push_str("</svg>\n");
    out
}
