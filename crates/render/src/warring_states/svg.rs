//! The SVG map of Warring States: the states on their banks of the Great River, who holds each,
//! its yield, and a legend of the players and the marks.

use std::fmt::Write;

use pbp_core::engine::Seat;
use pbp_warring_states::{Link, Map, Province, WarringStatesView};

use super::events::{Names, hex};
use crate::ink::ink_on;
use crate::xml_escape;

/// The map as an SVG document (what [`crate::Render::svg`] returns for Warring States).
pub(super) fn svg(view: &WarringStatesView) -> String {
    let map = &view.map;
    let (mut min_x, mut min_y, mut max_x, mut max_y) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for p in &map.provinces {
        min_x = min_x.min(p.x);
        min_y = min_y.min(p.y);
        max_x = max_x.max(p.x);
        max_y = max_y.max(p.y);
    }
    let (x0, y0) = (min_x - 60, min_y - 60);
    // The legend's rows: one entry per player and seven for the marks, 170 apart.
    let per_row = (max_x - 60 - (min_x - 40)) / 170 + 1;
    let entries = view.players.len() as i32 + 7;
    let rows = (entries + per_row - 1) / per_row.max(1);
    let (w, h) = (
        max_x - min_x + 120,
        max_y - min_y + 150 + 18 * (rows - 1).max(0),
    );
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{x0} {y0} {w} {h}\" width=\"{w}\" height=\"{h}\" font-family=\"serif\">\
<title>Warring States of Han, turn {turn}</title>\
<rect x=\"{x0}\" y=\"{y0}\" width=\"{w}\" height=\"{h}\" fill=\"#f4ecd8\"/>\
<text x=\"{}\" y=\"{}\" font-size=\"16\" font-weight=\"bold\">Turn {turn}{over}</text>",
        x0 + 10,
        y0 + 22,
        turn = view.turn,
        over = if view.outcome.is_some() {
            " (game over)"
        } else {
            ""
        },
    );
    let names = Names::of(view);
    river(&mut out, map, x0, w);
    links(&mut out, map);
    for (i, p) in map.provinces.iter().enumerate() {
        province(&mut out, view, &names, i, p);
    }
    legend(&mut out, view, &names, (min_x, max_x, max_y));
    out.push_str("</svg>");
    out
}

/// The Great River, drawn between the banks' river-adjacent states, across the map's width.
fn river(out: &mut String, map: &Map, x0: i32, w: i32) {
    let north_edge = map
        .provinces
        .iter()
        .filter(|p| p.river && p.side == pbp_warring_states::Bank::North)
        .map(|p| p.y)
        .max();
    let south_edge = map
        .provinces
        .iter()
        .filter(|p| p.river && p.side == pbp_warring_states::Bank::South)
        .map(|p| p.y)
        .min();
    if let (Some(n), Some(s)) = (north_edge, south_edge) {
        let y = (n + s) / 2;
        let mut d = format!("M{} {y}", x0);
        let mut x = x0;
        let mut up = true;
        while x < x0 + w {
            let dy = if up { -12 } else { 12 };
            let _ = write!(d, " Q{} {} {} {y}", x + 30, y + dy, x + 60);
            x += 60;
            up = !up;
        }
        let _ = write!(
            out,
            "<path d=\"{d}\" fill=\"none\" stroke=\"#4a90c8\" stroke-width=\"14\" stroke-opacity=\"0.6\"/>\
<text x=\"{}\" y=\"{}\" font-size=\"14\" fill=\"#2a5a8a\" font-style=\"italic\">the Great River</text>",
            x0 + 10,
            y - 12
        );
    }
}

/// The links between states: land roads, and the river's crossings dashed.
fn links(out: &mut String, map: &Map) {
    for (a, p) in map.provinces.iter().enumerate() {
        for &(b, link) in &p.neighbours {
            if usize::from(b) <= a {
                continue;
            }
            let q = &map.provinces[usize::from(b)];
            let style = match link {
                Link::Land => "stroke=\"#9a8a6a\" stroke-width=\"1.5\"",
                Link::Crossing => "stroke=\"#1f5f9f\" stroke-width=\"3\" stroke-dasharray=\"6 4\"",
            };
            let _ = write!(
                out,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {style}/>",
                p.x, p.y, q.x, q.y
            );
        }
    }
}

/// State `i`: its holder's colour, its marks (river, Kingdom type, a Kingdom's seat, no
/// yield, the capital), its name and yield, and a title naming the holder.
fn province(out: &mut String, view: &WarringStatesView, names: &Names, i: usize, p: &Province) {
    let map = &view.map;
    let holder = view.holders.get(i).copied().flatten();
    let fill = holder
        .and_then(|s| view.players.get(usize::from(s.0)))
        .map_or("#e8dcc0", |pl| hex(pl.colour));
    let output = view.output.get(i).copied().unwrap_or(0);
    let is_kingdom_seat = view
        .players
        .iter()
        .any(|pl| pl.kingdom == Some(i as u16) && !pl.eliminated);
    let stroke = if p.kingdom { "#000" } else { "#5a4a3a" };
    let width = if p.kingdom { 3 } else { 1 };
    let mut about = vec![
        xml_escape(&p.name),
        format!("held by {}", xml_escape(&names.holder(holder))),
        format!("yields {output}"),
    ];
    if p.kingdom {
        about.push("a Kingdom-type state".to_owned());
    }
    if p.river {
        about.push("a river state (+river to its defence across the river)".to_owned());
    }
    let _ = write!(
        out,
        "<g><title>{}</title><circle cx=\"{}\" cy=\"{}\" r=\"26\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{width}\"/>",
        about.join(", "),
        p.x,
        p.y
    );
    if p.river {
        let _ = write!(
            out,
            "<circle class=\"river\" cx=\"{}\" cy=\"{}\" r=\"22\" fill=\"none\" stroke=\"#1f5f9f\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/>",
            p.x, p.y
        );
    }
    if is_kingdom_seat {
        let _ = write!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"31\" fill=\"none\" stroke=\"#b8860b\" stroke-width=\"3\"/>",
            p.x, p.y
        );
    }
    if output == 0 {
        let _ = write!(
            out,
            "<path d=\"M{} {} L{} {} M{} {} L{} {}\" stroke=\"#400\" stroke-width=\"3\"/>",
            p.x - 14,
            p.y - 14,
            p.x + 14,
            p.y + 14,
            p.x + 14,
            p.y - 14,
            p.x - 14,
            p.y + 14
        );
    }
    let decoration = if p.kingdom {
        " text-decoration=\"underline\" font-weight=\"bold\""
    } else {
        ""
    };
    let star = if i == usize::from(map.capital) {
        "\u{2605}"
    } else {
        ""
    };
    let ink = ink_on(fill);
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\" fill=\"{ink}\"{decoration}>{star}{}</text>\
<text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\" fill=\"{ink}\">{output}</text></g>",
        p.x,
        p.y - 2,
        xml_escape(&p.name),
        p.x,
        p.y + 11
    );
}

/// The legend below the map: each colour's player, then the marks, in rows within the map's
/// width (`bounds`: the leftmost and rightmost state and the lowest).
fn legend(out: &mut String, view: &WarringStatesView, names: &Names, bounds: (i32, i32, i32)) {
    let (min_x, max_x, max_y) = bounds;
    // The legend: each colour's player, then the marks. A swatch is drawn at (x, y), the
    // top left of a 12 by 12 square.
    type Swatch = Box<dyn Fn(i32, i32) -> String>;
    let mut entries: Vec<(Swatch, String)> = Vec::new();
    for (i, p) in view.players.iter().enumerate() {
        let fill = hex(p.colour);
        entries.push((
            Box::new(move |x, y| {
                format!("<rect x=\"{x}\" y=\"{y}\" width=\"12\" height=\"12\" fill=\"{fill}\" stroke=\"#000\"/>")
            }),
            format!(
                "{}{}",
                xml_escape(&names.seat(Seat(i as u16))),
                if p.eliminated { " (out)" } else { "" }
            ),
        ));
    }
    let ring = |stroke: &'static str, extra: &'static str| -> Swatch {
        Box::new(move |x, y| {
            format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"6\" {stroke}{extra}/>",
                x + 6,
                y + 6
            )
        })
    };
    entries.push((
        ring("fill=\"#e8dcc0\" stroke=\"#5a4a3a\"", ""),
        "independent".to_owned(),
    ));
    entries.push((
        ring(
            "fill=\"none\" stroke=\"#1f5f9f\" stroke-width=\"2\"",
            " stroke-dasharray=\"3 2\"",
        ),
        "river state".to_owned(),
    ));
    entries.push((
        ring("fill=\"none\" stroke=\"#000\" stroke-width=\"3\"", ""),
        "Kingdom-type state".to_owned(),
    ));
    entries.push((
        ring("fill=\"none\" stroke=\"#b8860b\" stroke-width=\"3\"", ""),
        "a Kingdom's seat".to_owned(),
    ));
    entries.push((
        Box::new(|x, y| {
            format!(
                "<line x1=\"{x}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#1f5f9f\" stroke-width=\"3\" stroke-dasharray=\"6 4\"/>",
                y + 6,
                x + 12,
                y + 6
            )
        }),
        "river crossing".to_owned(),
    ));
    entries.push((
        Box::new(|x, y| {
            format!(
                "<text x=\"{x}\" y=\"{}\" font-size=\"12\">\u{2605}</text>",
                y + 11
            )
        }),
        "the capital".to_owned(),
    ));
    entries.push((
        Box::new(|x, y| {
            format!(
                "<path d=\"M{x} {y} L{} {} M{} {y} L{x} {}\" stroke=\"#400\" stroke-width=\"2\"/>",
                x + 12,
                y + 12,
                x + 12,
                y + 12
            )
        }),
        "devastated (the number under a name is its yield)".to_owned(),
    ));
    let (mut lx, mut ly) = (min_x - 40, max_y + 55);
    for (swatch, label) in entries {
        let _ = write!(
            out,
            "<g class=\"legend\">{}<text x=\"{}\" y=\"{ly}\" font-size=\"12\">{label}</text></g>",
            swatch(lx, ly - 10),
            lx + 16
        );
        lx += 170;
        if lx > max_x - 60 {
            lx = min_x - 40;
            ly += 18;
        }
    }
}
