//! Clan War: the state as text, the round summary as BBCode, the hex map as SVG.

use std::fmt::Write;

use pbp_clan_war::{
    BattleResult, Clan, ClanWar, ClanWarEvent, ClanWarView, Holder, NullifyTarget, Phase, Terrain,
    card,
};
use pbp_core::{LoggedEvent, Side, counted};

use crate::ink::ink_on;
use crate::post::{position, table};
use crate::{PostOptions, Render, bbcode_escape, xml_escape};

fn card_name(no: u8) -> String {
    card(no).map_or_else(|| format!("card {no}"), |c| format!("{no} {}", c.name))
}

fn halves(h: i64) -> String {
    if h % 2 == 0 {
        format!("{}", h / 2)
    } else {
        format!("{}.5", h / 2)
    }
}

fn clan_colour(clan: Clan) -> &'static str {
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

fn holder_short(holder: Holder) -> &'static str {
    match holder {
        Holder::Clan(c) => match c {
            Clan::Crab => "Cr",
            Clan::Crane => "Cn",
            Clan::Dragon => "Dr",
            Clan::Lion => "Li",
            Clan::Mantis => "Ma",
            Clan::Phoenix => "Ph",
            Clan::Scorpion => "Sc",
            Clan::Unicorn => "Un",
        },
        Holder::SpiritArmy => "SA",
    }
}

fn side_name(view: &ClanWarView, b: &pbp_clan_war::Battle, side: Side) -> String {
    match b.seat(side) {
        Some(seat) => who(view, seat),
        None => "the Spirit Army".into(),
    }
}

/// A player as people name it: `Plainsfox (Lion)`, or `Lion` when it has no name.
fn who(view: &ClanWarView, seat: pbp_core::Seat) -> String {
    match view.players.iter().find(|p| p.seat == seat) {
        Some(p) if p.name.is_empty() => p.clan.to_string(),
        Some(p) => format!("{} ({})", p.name, p.clan),
        None => format!("seat {seat}"),
    }
}

/// A card's effect text on one line.
fn card_text(view: &ClanWarView, no: u8) -> Option<String> {
    let c = view.cards.iter().find(|c| c.number == no)?;
    let text: Vec<&str> = c
        .text
        .lines()
        .map(|l| l.trim().trim_start_matches("- "))
        .filter(|l| !l.is_empty())
        .collect();
    Some(format!(
        "{} ({}): {}",
        card_name(no),
        c.element.name(),
        text.join(" ")
    ))
}

fn phase_text(phase: &Phase) -> String {
    match phase {
        Phase::Play { next, passes } => format!(
            "card play, {} to act{}",
            if *next == Side::First {
                "attacker"
            } else {
                "defender"
            },
            match passes {
                0 => String::new(),
                n => format!(" ({} in a row)", counted(*n, "pass", "passes")),
            }
        ),
        Phase::Nullify { .. } => "Defensive choice".into(),
        Phase::Roll => "rolling".into(),
        Phase::Choices(_) => "card choices".into(),
        Phase::Draws => "draws".into(),
        Phase::Closed => "closed".into(),
    }
}

fn map_text(view: &ClanWarView) -> String {
    let cols = view.hexes.iter().map(|h| h.col).max().unwrap_or(0);
    let rows = view.hexes.iter().map(|h| h.row).max().unwrap_or(0);
    let mut out = String::from("    ");
    for c in 0..=cols {
        let _ = write!(out, " {:<5}", char::from(b'A' + c.clamp(0, 25) as u8));
    }
    out.push('\n');
    for r in 0..=rows {
        let _ = write!(out, "{:>3} ", r + 1);
        for c in 0..=cols {
            match view.hexes.iter().find(|h| h.col == c && h.row == r) {
                Some(h) => {
                    let _ = write!(
                        out,
                        " {}/{}",
                        holder_short(h.holder),
                        Terrain::code(h.terrain)
                    );
                }
                None => out.push_str("      "),
            }
        }
        out.push('\n');
    }
    out.push_str(&map_key(view));
    out
}

/// The key under the text map: who each holder code is, and each terrain code on the map.
fn map_key(view: &ClanWarView) -> String {
    let mut holders: Vec<String> = view
        .players
        .iter()
        .map(|p| {
            format!(
                "{} {}",
                holder_short(Holder::Clan(p.clan)),
                who(view, p.seat)
            )
        })
        .collect();
    holders.push("SA the Spirit Army".into());
    let mut terrains: Vec<String> = Vec::new();
    let mut seen: Vec<Terrain> = Vec::new();
    for hex in &view.hexes {
        if !seen.contains(&hex.terrain) {
            seen.push(hex.terrain);
        }
    }
    seen.sort_by_key(|t| Terrain::code(*t));
    for terrain in seen {
        let name = match terrain {
            Terrain::Province(clan) => format!("{clan} province"),
            Terrain::Imperial => "Imperial province".into(),
            Terrain::Mountain => "Mountain".into(),
            Terrain::Forest => "Forest".into(),
            Terrain::Ocean => "Ocean".into(),
        };
        terrains.push(format!("{} {name}", Terrain::code(terrain)));
    }
    format!(
        "each hex: holder/terrain; holders: {}; terrains: {}\n",
        holders.join(", "),
        terrains.join(", ")
    )
}

impl Render for ClanWar {
    fn text(view: &ClanWarView) -> String {
        let mut out = format!(
            "Clan War on {}: round {} of {}{}\n",
            view.map_name,
            view.round,
            view.rounds,
            if view.over { " (over)" } else { "" }
        );
        for p in &view.players {
            let temporary = |s: &pbp_clan_war::Slot| match s.original {
                Some(o) => format!("{} (from {o})", s.strategy),
                None => s.strategy.to_string(),
            };
            let _ = writeln!(
                out,
                "{}: {}, {}; {}; gold {}, glory {}, score {}{}",
                who(view, p.seat),
                temporary(&p.strategies[0]),
                temporary(&p.strategies[1]),
                counted(p.hand_size, "card", "cards"),
                p.gold,
                halves(p.glory_halves),
                halves(p.score_halves),
                if p.honor_bonus > 0 {
                    format!(", Honor +{}", p.honor_bonus)
                } else {
                    String::new()
                }
            );
        }
        for hand in &view.hands {
            if hand.cards.is_empty() {
                let _ = writeln!(out, "hand of {}: empty", who(view, hand.owner));
                continue;
            }
            let _ = writeln!(out, "hand of {}:", who(view, hand.owner));
            for &c in &hand.cards {
                let line = card_text(view, c).unwrap_or_else(|| card_name(c));
                let _ = writeln!(out, "  {line}");
            }
        }
        let _ = writeln!(
            out,
            "deck: {} left, {} discarded",
            counted(view.deck_remaining, "card", "cards"),
            view.discard_pile.len()
        );
        for b in &view.battles {
            let _ = writeln!(
                out,
                "battle {}: {} attacks {} from {} against {}: {}",
                b.id,
                side_name(view, b, Side::First),
                view.hexes[b.target].label,
                view.hexes[b.from].label,
                side_name(view, b, Side::Second),
                phase_text(&b.phase)
            );
            if let Some(line) = battle_odds(view, b.id) {
                let _ = writeln!(out, "  {line}");
            }
            for pl in &b.played {
                let _ = writeln!(
                    out,
                    "  {} played {}{}",
                    side_name(view, b, pl.side),
                    card_name(pl.card),
                    if pl.nullified { " (nullified)" } else { "" }
                );
            }
            for side in [Side::First, Side::Second] {
                if let Some(r) = &b.sides[if side == Side::First { 0 } else { 1 }].roll {
                    let _ = writeln!(
                        out,
                        "  {} rolled {} (second die {})",
                        side_name(view, b, side),
                        r.total,
                        r.second
                    );
                }
            }
        }
        out.push_str(&map_text(view));
        out
    }

    fn bbcode_with(
        view: &ClanWarView,
        events: &[&LoggedEvent<ClanWar>],
        options: &PostOptions,
    ) -> String {
        let mut out = String::new();
        if let Some(report) = view.history.last() {
            let _ = writeln!(out, "[b]Clan War: the end of round {}[/b]", report.round);
            let _ = writeln!(
                out,
                "{}",
                position(&format!("round {} of {}", view.round, view.rounds), events)
            );
            if report.battles.is_empty() {
                out.push_str("No battles were fought.\n");
            } else {
                out.push_str("[list]\n");
                for b in &report.battles {
                    let result = match b.result {
                        BattleResult::Won(Side::First) => format!("the {} wins", b.attacker),
                        BattleResult::Won(Side::Second) => format!("the {} holds", b.defender),
                        BattleResult::Wash => "a wash".into(),
                    };
                    let _ = writeln!(
                        out,
                        "[*] battle {}: {} attacks {} ({}) from {}: {}{}",
                        b.id,
                        b.attacker,
                        b.target,
                        b.defender,
                        b.from,
                        result,
                        if b.forced { " (force-resolved)" } else { "" }
                    );
                }
                out.push_str("[/list]\n");
            }
            for (hex, from, to) in &report.captures {
                let _ = writeln!(out, "[b]{hex}[/b] passes from the {from} to the {to}.");
            }
            let rows: Vec<Vec<String>> = report
                .scores
                .iter()
                .map(|(seat, gold, glory, score)| {
                    vec![
                        who(view, *seat),
                        format!("+{gold}"),
                        format!("+{}", halves(*glory)),
                        halves(*score),
                    ]
                })
                .collect();
            out.push_str(&table(
                options.style,
                &["Clan", "Gold", "Glory", "Score"],
                &rows,
                |c| {
                    format!(
                        "[b]{}[/b]: {} gold, {} glory, score {}",
                        c[0], c[1], c[2], c[3]
                    )
                },
            ));
        } else {
            let _ = writeln!(out, "[b]Clan War: round {}[/b]", view.round);
            let _ = writeln!(
                out,
                "{}",
                position(&format!("round {} of {}", view.round, view.rounds), events)
            );
        }
        if !events.is_empty() {
            out.push_str("[list]\n");
            for e in events {
                let _ = writeln!(
                    out,
                    "[*] {}",
                    bbcode_escape(&ClanWar::event_text(&e.visible.event, view))
                );
            }
            out.push_str("[/list]\n");
        }
        let _ = writeln!(out, "[b]Holdings[/b]");
        let rows: Vec<Vec<String>> = view
            .players
            .iter()
            .map(|p| {
                let hexes: Vec<&str> = view
                    .hexes
                    .iter()
                    .filter(|h| h.holder == Holder::Clan(p.clan))
                    .map(|h| h.label.as_str())
                    .collect();
                vec![
                    format!(
                        "{}{}",
                        who(view, p.seat),
                        if p.retired { ", retired" } else { "" }
                    ),
                    p.gold.to_string(),
                    halves(p.score_halves),
                    p.hand_size.to_string(),
                    format!("{} ({})", hexes.len(), hexes.join(" ")),
                ]
            })
            .collect();
        out.push_str(&table(
            options.style,
            &["Clan", "Gold", "Score", "Cards", "Hexes"],
            &rows,
            |c| {
                format!(
                    "[b]{}[/b]: {} gold, score {}, {} {} in hand, hexes {}",
                    c[0],
                    c[1],
                    c[2],
                    c[3],
                    if c[3] == "1" { "card" } else { "cards" },
                    c[4]
                )
            },
        ));
        out
    }

    fn svg(view: &ClanWarView) -> String {
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
            let terrain = match hex.terrain {
                Terrain::Province(c) => format!("{c} province"),
                Terrain::Imperial => "Imperial province".into(),
                Terrain::Mountain => "Mountain".into(),
                Terrain::Forest => "Forest".into(),
                Terrain::Ocean => "Ocean".into(),
            };
            let holder = match hex.holder {
                Holder::Clan(c) => view
                    .players
                    .iter()
                    .find(|p| p.clan == c)
                    .map_or_else(|| c.to_string(), |p| who(view, p.seat)),
                Holder::SpiritArmy => "the Spirit Army".into(),
            };
            let fill = terrain_colour(hex.terrain);
            // A captured province says whose it was: "Crab land" under its holder.
            let captured = match hex.terrain {
                Terrain::Province(c)
                    if hex.holder != Holder::Clan(c)
                        && view.players.iter().any(|p| p.clan == c) =>
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

    fn event_text(event: &ClanWarEvent, view: &ClanWarView) -> String {
        let who = |seat: &pbp_core::Seat| who(view, *seat);
        let battle_of = |id: &u32| view.battles.iter().find(|b| b.id == *id);
        let side_of = |id: &u32, side: Side| match battle_of(id) {
            Some(b) => side_name(view, b, side),
            None if side == Side::First => "the attacker".to_owned(),
            None => "the defender".to_owned(),
        };
        match event {
            ClanWarEvent::Drew { seat, card } => format!("{} drew {}", who(seat), card_name(*card)),
            ClanWarEvent::DrewCards { seat, count } => {
                format!("{} drew {}", who(seat), counted(*count, "card", "cards"))
            }
            ClanWarEvent::DeckEmpty { seat } => {
                format!("the deck is empty: {} draws nothing", who(seat))
            }
            ClanWarEvent::Attack {
                battle,
                seat,
                from,
                target,
                defender,
            } => {
                let defender = match defender {
                    Holder::SpiritArmy => "the Spirit Army".to_owned(),
                    Holder::Clan(c) => view
                        .players
                        .iter()
                        .find(|p| p.clan == *c)
                        .map_or_else(|| c.to_string(), |p| who(&p.seat)),
                };
                format!(
                    "battle {battle}: {} attacks {target} from {from}, against {defender}",
                    who(seat)
                )
            }
            ClanWarEvent::Played {
                battle,
                seat,
                card,
                via_ring,
                discards,
                cast,
            } => {
                let mut text = format!("battle {battle}: {} plays {}", who(seat), card_name(*card));
                if *via_ring {
                    text.push_str(" through its Ring");
                }
                if !discards.is_empty() {
                    let d: Vec<String> = discards.iter().map(|&c| card_name(c)).collect();
                    let _ = write!(text, ", discarding {}", d.join(", "));
                }
                if let Some(spell) = cast {
                    let _ = write!(text, ", casting {}", card_name(*spell));
                }
                text
            }
            ClanWarEvent::Passed { battle, seat } => match seat {
                Some(s) => format!("battle {battle}: {} passes", who(s)),
                None => format!("battle {battle}: the Spirit Army passes"),
            },
            ClanWarEvent::PlayOver { battle } => format!("battle {battle}: card play is over"),
            ClanWarEvent::Nullified { battle, target } => match target {
                NullifyTarget::Card(c) => {
                    format!("battle {battle}: {} is nullified", card_name(*c))
                }
                NullifyTarget::Experienced => {
                    format!("battle {battle}: the Spirit Army's Experienced is nullified")
                }
            },
            ClanWarEvent::Rolled {
                battle,
                side,
                pool,
                results,
            } => {
                let rolls: Vec<String> = results
                    .iter()
                    .map(|(t, s)| format!("{t} (second die {s})"))
                    .collect();
                format!(
                    "battle {battle}: {} rolls {pool}: {}",
                    side_of(battle, *side),
                    rolls.join(", then after a push ")
                )
            }
            ClanWarEvent::Push { battle } => format!(
                "battle {battle}: a push, both roll again: {}'s dice first, then {}'s",
                side_of(battle, Side::First),
                side_of(battle, Side::Second)
            ),
            ClanWarEvent::Won { battle, side, seat } => match seat {
                Some(s) => format!(
                    "battle {battle}: {} ({}) wins",
                    who(s),
                    if *side == Side::First {
                        "attacker"
                    } else {
                        "defender"
                    }
                ),
                None => format!("battle {battle}: the Spirit Army wins"),
            },
            ClanWarEvent::Effect { battle, text } => format!("battle {battle}: {text}"),
            ClanWarEvent::Discarded { seat, cards } => {
                let d: Vec<String> = cards.iter().map(|&c| card_name(c)).collect();
                format!("{} discards {}", who(seat), d.join(", "))
            }
            ClanWarEvent::HandShown { to, of, cards } => {
                let d: Vec<String> = cards.iter().map(|&c| card_name(c)).collect();
                format!("{} shows {} its hand: {}", who(of), who(to), d.join(", "))
            }
            ClanWarEvent::CardPassed { from, to, card, .. } => {
                format!("{} passes {} to {}", who(from), card_name(*card), who(to))
            }
            ClanWarEvent::CardMoved { from, to } => {
                format!("{} passes a card to {}", who(from), who(to))
            }
            ClanWarEvent::StrategyChanged {
                seat,
                from,
                to,
                why,
            } => {
                format!("{} changes {from} to {to} ({why})", who(seat))
            }
            ClanWarEvent::Closed { battle } => format!("battle {battle} is over"),
            ClanWarEvent::Forced { battle, how } => {
                format!("battle {battle} is force-resolved: {how}")
            }
            ClanWarEvent::Captured { hex, from, to } => {
                format!("{hex} passes from the {from} to the {to}")
            }
            ClanWarEvent::Scored { round } => format!("round {round} is scored"),
            ClanWarEvent::Joined { seat, clan } => {
                format!("{} joins the game for the {clan} clan", who(seat))
            }
            ClanWarEvent::Retired { seat, .. } => {
                format!("{} is no longer active", who(seat))
            }
            ClanWarEvent::GameMasterActs { seat } => {
                format!("the game master acts for {}, who is absent", who(seat))
            }
            ClanWarEvent::GameOver => "the game is over".into(),
        }
    }
}

/// The exact odds of an open battle as its pools stand now (pushes rerolled), as one line.
fn battle_odds(view: &ClanWarView, id: u32) -> Option<String> {
    let [attack, defence] = view
        .battle_pools
        .iter()
        .find(|(b, _)| *b == id)
        .map(|(_, pools)| pools.clone())?;
    let (attack, defence) = (
        pbp_core::RollExpr::Pool(attack),
        pbp_core::RollExpr::Pool(defence),
    );
    let odds =
        pbp_core::contest_odds(&attack, &defence, pbp_core::Comparison::HighestThenSecond).ok()?;
    Some(format!(
        "odds now: {attack} against {defence}, the attacker wins {:.1}%",
        100.0 * odds.win
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pbp_clan_war::{ClanWarAction, ClanWarConfig};
    use pbp_core::{Actor, DiceChoice, Game, Seat, Session, Viewer};

    fn view(session: &Session<ClanWar>, viewer: Viewer) -> ClanWarView {
        ClanWar::view(session.state(), viewer)
    }

    fn session() -> Session<ClanWar> {
        let mut session =
            Session::<ClanWar>::new(ClanWarConfig::default(), 5, DiceChoice::Seeded).unwrap();
        session
            .act(
                Actor::Seat(Seat(0)),
                ClanWarAction::Attack {
                    target: "D6".into(),
                    from: "C6".into(),
                },
                DiceChoice::Seeded,
            )
            .unwrap();
        session
    }

    #[test]
    fn text_shows_own_hand_only() {
        let session = session();
        let own = ClanWar::text(&view(&session, Viewer::Seat(Seat(0))));
        assert!(own.contains("hand of Mongooseh (Crab):"), "{own}");
        assert!(!own.contains("hand of BegrudginglyGood"));
        assert!(!ClanWar::text(&view(&session, Viewer::Public)).contains("hand of"));
        assert!(
            own.contains("battle 1: Mongooseh (Crab) attacks D6 from C6 against the Spirit Army")
        );
        // Each card in the hand with its effect text; no seat numbers, no #N.
        let hand = &session.state().players[0].hand;
        let first = pbp_clan_war::card(hand[0]).unwrap();
        assert!(own.contains(&first.name));
        assert!(own.contains("for this battle"), "{own}");
        assert!(!own.contains("seat ") && !own.contains('#'), "{own}");
        assert!(own.contains("Cr/Cr"));
    }

    #[test]
    fn the_text_map_says_what_its_codes_mean() {
        let text = ClanWar::text(&view(&session(), Viewer::Public));
        let key = text
            .lines()
            .find(|l| l.starts_with("each hex: holder/terrain"))
            .unwrap_or_else(|| panic!("no key under the map: {text}"));
        for code in [
            "Cr Mongooseh (Crab)",
            "SA the Spirit Army",
            "Mo Mountain",
            "Oc Ocean",
        ] {
            assert!(key.contains(code), "{key}");
        }
        // Every code on the map is in the key.
        for cell in text
            .lines()
            .filter(|l| l.contains('/') && !l.starts_with("each"))
        {
            for pair in cell.split_whitespace().filter(|w| w.contains('/')) {
                let (holder, terrain) = pair.split_once('/').unwrap();
                assert!(
                    key.contains(&format!("{holder} ")),
                    "{holder} of {pair}: {key}"
                );
                assert!(
                    key.contains(&format!("{terrain} ")),
                    "{terrain} of {pair}: {key}"
                );
            }
        }
    }

    #[test]
    fn bbcode_summarises_the_round() {
        let mut session = session();
        session
            .act(
                Actor::GameMaster,
                ClanWarAction::EndRound,
                DiceChoice::Seeded,
            )
            .unwrap();
        let events: Vec<&LoggedEvent<ClanWar>> = session.log_for(Viewer::Public).collect();
        let post = ClanWar::bbcode(&view(&session, Viewer::Public), &events);
        assert!(post.contains("[b]Clan War: the end of round 1[/b]"));
        assert!(
            post.contains(
                "battle 1: Crab attacks D6 (Spirit Army) from C6: a wash (force-resolved)"
            )
        );
        // Plain lists by default (Gaia Online has no [table]), a player named with the clan.
        assert!(!post.contains("[table]"), "{post}");
        assert!(
            post.contains("[*][b]Mongooseh (Crab)[/b]: +4 gold, +0.5 glory, score 4.5"),
            "{post}"
        );
        assert!(!post.contains(" drew "));
        // Where the post stands in the thread: the round and the steps it covers.
        assert!(
            post.contains("[i]round 2 of 12: steps 1-2, after the setup[/i]"),
            "{post}"
        );
        // Each player's holdings.
        assert!(post.contains("[b]Holdings[/b]"), "{post}");
        assert!(
            post.contains("[*][b]Plainsfox (Lion)[/b]: 4 gold, score 4, 2 cards in hand, hexes 4 (C3 C4 D3 D4)"),
            "{post}"
        );
        let table = ClanWar::bbcode_with(
            &view(&session, Viewer::Public),
            &events,
            &PostOptions::styled(crate::BbcodeStyle::Table),
        );
        assert!(
            table
                .contains("[tr][td]Mongooseh (Crab)[/td][td]+4[/td][td]+0.5[/td][td]4.5[/td][/tr]"),
            "{table}"
        );
        assert!(table.contains("[th]Clan[/th][th]Gold[/th]"), "{table}");
    }

    #[test]
    fn svg_draws_every_hex_with_owner_and_terrain() {
        let session = session();
        let svg = ClanWar::svg(&view(&session, Viewer::Public));
        assert!(svg.starts_with("<svg"));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<polygon").count(), 70);
        assert!(svg.contains("<title>C6: Crab province, held by Mongooseh (Crab)</title>"));
        assert!(svg.contains("<title>E4: Imperial province, held by the Spirit Army</title>"));
        assert!(svg.contains("<title>battle 1: C6 to D6</title>"));
        assert_eq!(svg.matches("class=\"attack\"").count(), 1);
    }

    #[test]
    fn the_svg_has_a_legend_the_round_and_says_whose_province_a_captured_hex_was() {
        let session = session();
        let mut v = view(&session, Viewer::Public);
        let svg = ClanWar::svg(&v);
        // The round, visible and in the title.
        assert!(svg.contains("<title>"), "{svg}");
        assert!(svg.contains("round 1 of 12"), "{svg}");
        // The legend: each clan's colour with its player's name, the Spirit Army, terrains.
        for p in &v.players {
            let label = format!("{} {}", holder_short(Holder::Clan(p.clan)), who(&v, p.seat));
            assert!(svg.contains(&xml_escape(&label)), "{label}");
            assert!(svg.contains(clan_colour(p.clan)));
        }
        assert!(svg.contains("SA the Spirit Army"));
        assert!(svg.contains(">Forest</text>") && svg.contains(">Ocean</text>"));
        assert_eq!(svg.matches("class=\"captured\"").count(), 0);
        // The Lion takes the Crab's C6: the hex says it is Crab land, held by the Lion.
        let c6 = v.hexes.iter().position(|h| h.label == "C6").unwrap();
        v.hexes[c6].holder = Holder::Clan(Clan::Lion);
        let svg = ClanWar::svg(&v);
        assert!(svg.contains("<title>C6: Crab province, held by Plainsfox (Lion)</title>"));
        assert_eq!(svg.matches("class=\"captured\"").count(), 1);
        assert!(svg.contains(">Crab land</text>"), "{svg}");
        // The holder's badge is written in the ink that reads on its colour.
        assert!(svg.contains(&format!(
            "fill=\"{}\">Li</text>",
            crate::ink::ink_on(clan_colour(Clan::Lion))
        )));
    }
}
