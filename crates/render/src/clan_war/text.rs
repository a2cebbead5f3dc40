//! The state as plain text: the players, the viewer's hands, the deck, the open battles with
//! their odds, and the map as a grid of codes with its key.

use std::fmt::Write;

use pbp_clan_war::{ClanWarView, Holder, Phase, Slot, Terrain};
use pbp_core::{Side, engine::words::counted};

use super::{card_name, halves, holder_short, side_name, terrain_name, who};

/// The view as text.
pub(super) fn text(view: &ClanWarView) -> String {
    let mut out = format!(
        "Clan War on {}: round {} of {}{}\n",
        view.map_name,
        view.round,
        view.rounds,
        if view.over { " (over)" } else { "" }
    );
    for p in &view.players {
        let temporary = |s: &Slot| match s.original {
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

/// The exact odds of an open battle as its pools stand now (pushes rerolled), as one line.
fn battle_odds(view: &ClanWarView, id: u32) -> Option<String> {
    let [attack, defence] = view
        .battle_pools
        .iter()
        .find(|(b, _)| *b == id)
        .map(|(_, pools)| pools.clone())?;
    let odds = pbp_clan_war::battle_odds(&attack, &defence).ok()?;
    let (attack, defence) = (
        pbp_core::RollExpr::Pool(attack),
        pbp_core::RollExpr::Pool(defence),
    );
    Some(format!(
        "odds now: {attack} against {defence}, the attacker wins {:.1}%",
        100.0 * odds.win
    ))
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
    let mut seen: Vec<Terrain> = Vec::new();
    for hex in &view.hexes {
        if !seen.contains(&hex.terrain) {
            seen.push(hex.terrain);
        }
    }
    seen.sort_by_key(|t| Terrain::code(*t));
    let terrains: Vec<String> = seen
        .into_iter()
        .map(|terrain| format!("{} {}", Terrain::code(terrain), terrain_name(terrain)))
        .collect();
    format!(
        "each hex: holder/terrain; holders: {}; terrains: {}\n",
        holders.join(", "),
        terrains.join(", ")
    )
}
