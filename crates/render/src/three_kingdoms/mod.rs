//! Three Kingdoms: the table as text, a BBCode post, and an SVG of both fields.
//!
//! This module writes the text and the post; `svg.rs` draws both fields and `events.rs` writes
//! each event as players read it.

mod events;
mod svg;
#[cfg(test)]
mod tests;

use std::fmt::Write;

use pbp_core::engine::LoggedEvent;
use pbp_three_kingdoms::{
    CardSeen, CardType, CharacterView, Pending, Phase, PlayerView, TargetRef, ThreeKingdoms,
    ThreeKingdomsEvent, ThreeKingdomsView, Zone,
};

use crate::post::position;
use crate::{PostOptions, Render, bbcode_escape};

fn phase(p: Phase) -> &'static str {
    match p {
        Phase::Preparation => "Preparation Phase",
        Phase::Combat => "Combat Phase",
    }
}

fn kind(t: CardType) -> &'static str {
    match t {
        CardType::Lord => "Lord",
        CardType::General => "General",
        CardType::Adviser => "Adviser",
        CardType::Tactic => "Tactic",
        CardType::Strategy => "Strategy",
        CardType::Title => "Title",
        CardType::Reinforcement => "Reinforcement",
        CardType::Event => "Event",
    }
}

fn name_of(view: &ThreeKingdomsView, card: &CardSeen) -> String {
    view.card_name(card).to_owned()
}

fn cards(view: &ThreeKingdomsView, list: &[CardSeen]) -> String {
    if list.is_empty() {
        return "none".into();
    }
    list.iter()
        .map(|c| format!("{} ({})", name_of(view, c), c.instance))
        .collect::<Vec<_>>()
        .join(", ")
}

fn flags(c: &CharacterView) -> Vec<String> {
    let mut out = vec![if c.vulnerable { "Vulnerable" } else { "Alert" }.to_owned()];
    for (on, label) in [
        (c.tapped, "tapped"),
        (c.defending, "defending"),
        (c.fresh, "new"),
        (c.protected, "protected"),
        (c.ambush == Some(true), "in ambush"),
        (c.commander, "Commander"),
        (c.strategist, "Strategist"),
    ] {
        if on {
            out.push(label.to_owned());
        }
    }
    if c.tactic_immunity > 0 {
        out.push(format!("immune to Tactics up to {}", c.tactic_immunity));
    }
    out
}

fn character_line(view: &ThreeKingdomsView, c: &CharacterView) -> String {
    let traits: Vec<&str> = c.traits.iter().map(|&t| t.name()).collect();
    let mut line = format!(
        "{} ({}; {}, cost {}) {}/{}",
        c.name,
        c.instance,
        kind(c.card_type),
        c.cost,
        c.strength,
        c.max_strength
    );
    if !traits.is_empty() {
        let _ = write!(line, " [{}]", traits.join(", "));
    }
    let _ = write!(line, " {}", flags(c).join(", "));
    if !c.titles.is_empty() {
        let _ = write!(line, "; titles: {}", cards(view, &c.titles));
    }
    line
}

fn zone_name(z: Zone) -> &'static str {
    match z {
        Zone::Command => "Command",
        Zone::Home => "own deployment zone",
        Zone::Front => "enemy deployment zone",
    }
}

fn player_text(view: &ThreeKingdomsView, p: &PlayerView) -> String {
    let mut out = format!(
        "{} - {}: deck {}, hand {}, resources {}, discard {}\n",
        view.seat_name(p.seat),
        p.army,
        p.deck_count,
        p.hand_count,
        p.resources,
        p.discard.len()
    );
    if let Some(hand) = &p.hand {
        let _ = writeln!(out, "  hand: {}", cards(view, hand));
    }
    if let Some(e) = &p.event {
        let _ = writeln!(out, "  event: {}", name_of(view, e));
    }
    for zone in [Zone::Command, Zone::Home, Zone::Front] {
        let here: Vec<&CharacterView> = p.field.iter().filter(|c| c.zone == zone).collect();
        if here.is_empty() {
            continue;
        }
        let _ = writeln!(out, "  {}:", zone_name(zone));
        for c in here {
            let _ = writeln!(out, "    {}", character_line(view, c));
        }
    }
    if p.commander_evacuated {
        let _ = writeln!(out, "  the Commander is Evacuated");
    }
    if !p.discard.is_empty() {
        let _ = writeln!(out, "  discard pile: {}", cards(view, &p.discard));
    }
    if !p.removed.is_empty() {
        let _ = writeln!(out, "  removed: {}", cards(view, &p.removed));
    }
    out
}

fn status(view: &ThreeKingdomsView) -> String {
    if let Some(end) = &view.ending {
        return match end.winner {
            Some(w) => format!("{} wins: {}", view.seat_name(w), end.reason),
            None => format!("A draw: {}", end.reason),
        };
    }
    let mut out = format!(
        "Turn {}: {}'s {}",
        view.turn,
        view.seat_name(view.active),
        phase(view.phase)
    );
    let defender = pbp_three_kingdoms::opponent(view.active);
    match &view.pending {
        Some(Pending::Intercept { attacker, target }) => {
            let _ = write!(
                out,
                "; {} attacks {}, {} may intercept",
                view.character(TargetRef {
                    seat: view.active,
                    card: *attacker
                }),
                view.character(*target),
                view.seat_name(target.seat)
            );
        }
        Some(Pending::FollowUp { attacker }) => {
            let _ = write!(
                out,
                "; {} was stopped, {} may follow up",
                view.character(TargetRef {
                    seat: view.active,
                    card: *attacker
                }),
                view.seat_name(defender)
            );
        }
        None => {}
    }
    out
}

impl Render for ThreeKingdoms {
    fn text(view: &ThreeKingdomsView) -> String {
        let mut out = format!("Three Kingdoms. {}\n", status(view));
        for p in &view.players {
            out.push_str(&player_text(view, p));
        }
        out
    }

    fn bbcode_with(
        view: &ThreeKingdomsView,
        events: &[&LoggedEvent<ThreeKingdoms>],
        _options: &PostOptions,
    ) -> String {
        let mut out = format!(
            "[b]Three Kingdoms[/b] - {}\n{}\n",
            bbcode_escape(&status(view)),
            position(&format!("turn {}", view.turn), events)
        );
        for p in &view.players {
            let _ = writeln!(
                out,
                "[b]{}[/b] {} - deck {}, hand {}, resources {}",
                bbcode_escape(&view.seat_name(p.seat)),
                bbcode_escape(&p.army),
                p.deck_count,
                p.hand_count,
                p.resources
            );
            if let Some(hand) = &p.hand {
                let _ = writeln!(out, "[i]hand:[/i] {}", bbcode_escape(&cards(view, hand)));
            }
            out.push_str("[list]\n");
            for c in &p.field {
                let _ = writeln!(
                    out,
                    "[*] {} ({})",
                    bbcode_escape(&character_line(view, c)),
                    zone_name(c.zone)
                );
            }
            out.push_str("[/list]\n");
        }
        if !events.is_empty() {
            out.push_str("[b]What happened[/b]\n[list]\n");
            for e in events {
                let _ = writeln!(
                    out,
                    "[*] {}",
                    bbcode_escape(&ThreeKingdoms::event_text(&e.visible.event, view))
                );
            }
            out.push_str("[/list]\n");
        }
        out
    }

    fn svg(view: &ThreeKingdomsView) -> String {
        svg::svg(view)
    }

    fn event_text(event: &ThreeKingdomsEvent, view: &ThreeKingdomsView) -> String {
        events::describe(event, view)
    }
}
