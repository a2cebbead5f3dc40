//! The hex map as SVG: each hex in its terrain's colour with its holder's border and badge, a
//! captured province marked with whose land it was, this round's attacks as arrows, and a legend.

use std::fmt::Write;

use pbp_clan_war::{Clan, ClanWarView, Holder, Terrain};

use super::{holder_name, holder_short, terrain_name, who};
use crate::ink::ink_on;
use crate::xml_escape;

/// The colour of a clan's hexes and badge.
pub(super) fn clan_colour(clan: Clan) -> &'static str {
    match clan {
        Clan::Crab => "#4a5a7a",
        Clan::Crane => "#6fa8dc",
        Clan::Dragon => "#3c8d40",
        Clan::Lion => "#d4a017",
        Clan::Mantis => "#2e8b57",
        Clan::Phoenix => "#e06020",
        Clan::Scorpion => "#b22222",
        Clan::Unicorn => "#8e44ad",
    }
}

fn terrain_colour(terrain: Terrain) -> &'static str {
    match terrain {
        Terrain::Province(_) => "#efe6cf",
        Terrain::Imperial => "#f5d76e",
        Terrain::Mountain => "#a39e93",
        Terrain::Forest => "#7fae6a",
        Terrain::Ocean => "#7fb3d5",
    }
}

/// The cosine and sine of a flat-topped hexagon's corners, 0 to 300 degrees by 60: constants,
/// so that the page's wasm needs no trigonometry.
const HEX_CORNERS: [(f64, f64); 6] = {
    const S: f64 = 0.866_025_403_784_438_6; // the sine of 60 degrees, the square root of 3 over 2
    [
        (1.0, 0.0),
        (0.5, S),
        (-0.5, S),
        (-1.0, 0.0),
        (-0.5, -S),
        (0.5, -S),
    ]
};

/// The map of `view` as a standalone SVG document.
pub(super) fn svg(view: &ClanWarView) -> String {
    // Flat-topped hexes, odd columns shoved down half a hex (the map's own layout).
    let size = 30.0_f64;
    let h = 3.0_f64.sqrt() * size;
    let centre = |col: i32, row: i32| {
        let x = size + 1.5 * size * f64::from(col) + 10.0;
        let y = h / 2.0 + h * f64::from(row) + if col % 2 == 1 { h / 2.0 } else { 0.0 } + 10.0;
        (x, y)
    };
    let cols = view.hexes.iter().map(|x| x.col).max().unwrap_or(0);
    let rows = view.hexes.iter().map(|x| x.row).max().unwrap_or(0);
    let width = 1.5 * size * f64::from(cols) + 2.0 * size + 20.0;
    let map_height = h * (f64::from(rows) + 1.5) + 20.0;
    // The legend under the map: the players, the Spirit Army, the terrains and the arrow.
    let mut legend: Vec<(String, String)> = view
        .players
        .iter()
        .map(|p| {
            (
                clan_colour(p.clan).to_owned(),
                format!(
                    "{} {}{}",
                    holder_short(Holder::Clan(p.clan)),
                    who(view, p.seat),
                    if p.retired { ", retired" } else { "" }
                ),
            )
        })
        .collect();
    legend.push(("#555555".into(), "SA the Spirit Army".into()));
    for (terrain, name) in [
        (Terrain::Imperial, "Imperial province"),
        (Terrain::Mountain, "Mountain"),
        (Terrain::Forest, "Forest"),
        (Terrain::Ocean, "Ocean"),
    ] {
        legend.push((terrain_colour(terrain).into(), name.into()));
    }
    let per_row = ((width - 20.0) / 190.0).floor().max(1.0) as usize;
    let legend_rows = legend.len().div_ceil(per_row) + 1;
    let height = map_height + 30.0 + 18.0 * legend_rows as f64;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width:.0} {height:.0}\" width=\"{width:.0}\" height=\"{height:.0}\" font-family=\"sans-serif\">\n<title>{}, round {} of {}</title>\n<rect width=\"{width:.0}\" height=\"{height:.0}\" fill=\"#fbf8f0\"/>\n",
        xml_escape(&view.map_name),
        view.round,
        view.rounds
    );
    for hex in &view.hexes {
        let (cx, cy) = centre(hex.col, hex.row);
        let points: Vec<String> = HEX_CORNERS
            .iter()
            .map(|(cos, sin)| format!("{:.1},{:.1}", cx + size * cos, cy + size * sin))
            .collect();
        let (stroke, width) = match hex.holder {
            Holder::Clan(c) => (clan_colour(c), 3),
            Holder::SpiritArmy => ("#555555", 1),
        };
        let terrain = terrain_name(hex.terrain);
        let holder = holder_name(view, hex.holder);
        let fill = terrain_colour(hex.terrain);
        // A captured province says whose it was: "Crab land" under its holder.
        let captured = match hex.terrain {
            Terrain::Province(c)
                if hex.holder != Holder::Clan(c) && view.players.iter().any(|p| p.clan == c) =>
            {
                Some(c)
            }
            _ => None,
        };
        let _ = writeln!(
            out,
            "<g><title>{}: {}, held by {}</title><polygon points=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{width}\"/>\
<text x=\"{cx:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"middle\" fill=\"{}\">{}</text>\
<rect x=\"{:.1}\" y=\"{:.1}\" width=\"20\" height=\"13\" rx=\"3\" fill=\"{stroke}\"/>\
<text x=\"{cx:.1}\" y=\"{:.1}\" font-size=\"10\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\">{}</text>{}</g>",
            xml_escape(&hex.label),
            xml_escape(&terrain),
            xml_escape(&holder),
            points.join(" "),
            cy - 8.0,
            ink_on(fill),
            xml_escape(&hex.label),
            cx - 10.0,
            cy - 3.0,
            cy + 7.0,
            ink_on(stroke),
            holder_short(hex.holder),
            captured.map_or(String::new(), |c| format!(
                "<text class=\"captured\" x=\"{cx:.1}\" y=\"{:.1}\" font-size=\"8\" text-anchor=\"middle\" fill=\"{}\">{c} land</text>",
                cy + 19.0,
                ink_on(fill)
            ))
        );
    }
    // This round's attacks: an arrow from the attacking hex to the attacked one.
    out.push_str("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#222\"/></marker></defs>\n");
    for b in &view.battles {
        let (from, target) = (&view.hexes[b.from], &view.hexes[b.target]);
        let (x1, y1) = centre(from.col, from.row);
        let (x2, y2) = centre(target.col, target.row);
        // Stop short of the target's centre so the arrowhead stays visible.
        let (x2, y2) = (x1 + 0.8 * (x2 - x1), y1 + 0.8 * (y2 - y1));
        let _ = writeln!(
            out,
            "<line class=\"attack\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"#222\" stroke-width=\"2\" marker-end=\"url(#arrow)\"><title>battle {}: {} to {}</title></line>",
            b.id,
            xml_escape(&from.label),
            xml_escape(&target.label)
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"10\" y=\"{:.0}\" font-size=\"13\" font-weight=\"bold\">{} - round {} of {}{}</text>",
        map_height + 10.0,
        xml_escape(&view.map_name),
        view.round,
        view.rounds,
        if view.over { " (over)" } else { "" }
    );
    for (i, (colour, label)) in legend.iter().enumerate() {
        let (x, y) = (
            10.0 + 190.0 * (i % per_row) as f64,
            map_height + 30.0 + 18.0 * (i / per_row) as f64,
        );
        let _ = writeln!(
            out,
            "<g class=\"legend\"><rect x=\"{x:.0}\" y=\"{:.0}\" width=\"12\" height=\"12\" fill=\"{colour}\" stroke=\"#333\"/><text x=\"{:.0}\" y=\"{y:.0}\" font-size=\"12\">{}</text></g>",
            y - 10.0,
            x + 16.0,
            xml_escape(label)
        );
    }
    let y = map_height + 30.0 + 18.0 * (legend_rows - 1) as f64;
    let _ = writeln!(
        out,
        "<g class=\"legend\"><line x1=\"10\" y1=\"{:.0}\" x2=\"24\" y2=\"{:.0}\" stroke=\"#222\" stroke-width=\"2\" marker-end=\"url(#arrow)\"/><text x=\"28\" y=\"{y:.0}\" font-size=\"12\">an attack this round; a hex's border is its holder's colour, \"Crab land\": a captured Crab province</text></g>\n</svg>",
        y - 4.0,
        y - 4.0
    );
    out
}
