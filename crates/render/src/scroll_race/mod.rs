//! Scroll Race: the field as each viewer knows it, as text, BBCode and SVG.
//!
//! Everything is drawn from [`ScrollRace::view`], never from the state directly, so a drawing
//! shows exactly what its viewer may know.
//!
//! This module writes the text, the post and the helpers they share; `svg.rs` draws the SVG and
//! `events.rs` writes each event as players read it.

mod events;
mod svg;
#[cfg(test)]
mod tests;

use std::fmt::Write;

use pbp_core::engine::{LoggedEvent, Viewer, words::counted};
use pbp_scroll_race::{
    Cell, CharId, Phase, ScrollRace, ScrollRaceEvent, ScrollRaceView, Square, TrapKind,
};

use crate::post::position;
use crate::{PostOptions, Render, bbcode_escape};

/// What stands on a square, as the viewer knows it.
enum Mark {
    Character(CharId, bool),
    Scroll,
    Summon,
    Trap(TrapKind),
    Ground(Cell),
}

fn mark(view: &ScrollRaceView, square: Square) -> Mark {
    if let Some(c) = view.characters.iter().find(|c| c.square == square) {
        let carries = view.scrolls.iter().any(|s| s.carrier == Some(c.id));
        return Mark::Character(c.id, carries);
    }
    if view.scrolls.iter().any(|s| s.ground == Some(square)) {
        return Mark::Scroll;
    }
    if view.summons.iter().any(|s| s.square == square) {
        return Mark::Summon;
    }
    if let Some(t) = view.traps.iter().find(|t| t.square == square) {
        return Mark::Trap(t.kind);
    }
    Mark::Ground(view.field.cell(square).unwrap_or(Cell::Wall))
}

fn name(view: &ScrollRaceView, id: CharId) -> String {
    view.characters
        .iter()
        .find(|c| c.id == id)
        .map_or_else(|| format!("character {id}"), |c| c.name.clone())
}

/// A team by its name ("Red").
fn team(view: &ScrollRaceView, team: u8) -> String {
    view.team_names
        .get(usize::from(team))
        .cloned()
        .unwrap_or_else(|| format!("team {team}"))
}

fn phase(view: &ScrollRaceView) -> String {
    match view.phase {
        Phase::ChooseCarriers => "the teams are choosing their carriers".into(),
        Phase::ChangeCarrier => format!(
            "{} may change its carrier",
            view.team_names[usize::from(1 - view.starting_team)]
        ),
        Phase::Play => match view.current {
            Some(c) => format!("{} to play", name(view, c)),
            None => "play".into(),
        },
        Phase::Over => match &view.ending {
            Some(e) => format!("over: {}", e.reason),
            None => "over".into(),
        },
    }
}

fn map_text(view: &ScrollRaceView) -> String {
    let mut out = String::from("    ");
    for x in 0..view.field.width() {
        let _ = write!(out, "{} ", char::from(b'a' + x));
    }
    out.push('\n');
    for y in 0..view.field.height() {
        let _ = write!(out, "{:>3} ", u32::from(y) + 1);
        for x in 0..view.field.width() {
            let token = match mark(view, Square::new(x, y)) {
                Mark::Character(id, true) => format!("{id}*"),
                Mark::Character(id, false) => format!("{id} "),
                Mark::Scroll => "@ ".into(),
                Mark::Summon => "S ".into(),
                Mark::Trap(TrapKind::Seal) => "x ".into(),
                Mark::Trap(TrapKind::Flood) => "~ ".into(),
                Mark::Ground(cell) => match cell {
                    Cell::Neutral => ". ".into(),
                    Cell::Zone(0) => "a ".into(),
                    Cell::Base(0) => "A ".into(),
                    Cell::Zone(_) => "b ".into(),
                    Cell::Base(_) => "B ".into(),
                    Cell::Wall => "# ".into(),
                },
            };
            out.push_str(&token);
        }
        out.push('\n');
    }
    out
}

fn roster(view: &ScrollRaceView) -> String {
    let mut out = String::new();
    for c in &view.characters {
        let skills: Vec<String> = c
            .skills
            .iter()
            .filter(|(t, _)| !t.is_free())
            .map(|(t, r)| format!("{} {r}", t.name()))
            .collect();
        let _ = write!(
            out,
            "{} {} ({}) {}: {}",
            c.id,
            c.name,
            view.team_names[usize::from(c.team)],
            c.square,
            skills.join(", ")
        );
        if let Some(uses) = view.uses.iter().find(|u| u.character == c.id) {
            let left: Vec<String> = uses
                .left
                .iter()
                .zip(&c.skills)
                .filter(|(_, (t, _))| !t.is_free())
                .map(|(l, _)| l.map_or("-".into(), |n| n.to_string()))
                .collect();
            let _ = write!(out, "; uses left {}", left.join("/"));
        }
        let mut flags = Vec::new();
        if let Some(s) = view.scrolls.iter().find(|s| s.carrier == Some(c.id)) {
            flags.push(carrier_word(view, s.team).to_owned());
        }
        if c.npc {
            flags.push("computer".into());
        }
        if c.burned {
            flags.push("burnt".into());
        }
        if c.paralysed {
            flags.push("paralysed".into());
        }
        if let Some(r) = c.doton {
            flags.push(format!("doton {r}"));
        }
        if !flags.is_empty() {
            let _ = write!(out, " [{}]", flags.join(", "));
        }
        out.push('\n');
    }
    out
}

/// Whether the viewer knows who carries `team`'s scroll now (its own team, or the game
/// master). Anyone else only knows the carrier last revealed to it ("l'équipe adverse qui
/// sait alors qui est le porteur"), whom an unspotted pass since may have left without it.
fn knows_carrier(view: &ScrollRaceView, team: u8) -> bool {
    view.viewer == Viewer::GameMaster || view.team == Some(team)
}

/// What the viewer calls the character its view shows carrying `team`'s scroll.
fn carrier_word(view: &ScrollRaceView, team: u8) -> &'static str {
    if knows_carrier(view, team) {
        "carrier"
    } else {
        "last revealed carrier"
    }
}

fn notes(view: &ScrollRaceView) -> String {
    let mut out = String::new();
    for s in &view.scrolls {
        let team = &view.team_names[usize::from(s.team)];
        match (s.carrier, s.ground) {
            (_, Some(sq)) => {
                let _ = writeln!(out, "{team} scroll lies on {sq}");
            }
            (Some(c), _) if knows_carrier(view, s.team) => {
                let _ = writeln!(out, "{team} scroll: carried by {}", name(view, c));
            }
            (Some(c), _) => {
                let _ = writeln!(
                    out,
                    "{team} scroll: last revealed carrier {}",
                    name(view, c)
                );
            }
            _ => {
                let _ = writeln!(out, "{team} scroll: carrier unknown");
            }
        }
    }
    for s in &view.summons {
        let _ = writeln!(
            out,
            "summon of {} on {} (rank {}, {} of its caster left)",
            name(view, s.caster),
            s.square,
            s.rank,
            counted(s.turns_left, "turn", "turns")
        );
    }
    for t in &view.traps {
        let _ = writeln!(
            out,
            "{} {} of {} on {}{}",
            t.technique.name(),
            t.rank,
            name(view, t.caster),
            t.square,
            if t.persistent { " (lasting)" } else { "" }
        );
    }
    for g in &view.genjutsu {
        let _ = writeln!(
            out,
            "genjutsu {} of {} waiting",
            g.rank,
            name(view, g.caster)
        );
    }
    for s in &view.sensings {
        let names: Vec<String> = s.sensed.iter().map(|&c| name(view, c)).collect();
        let _ = writeln!(
            out,
            "{} sensed the carrier among: {}",
            name(view, s.user),
            names.join(", ")
        );
    }
    out
}

fn who(view: &ScrollRaceView) -> String {
    match view.viewer {
        Viewer::Seat(s) => match view.characters.iter().find(|c| u16::from(c.id) == s.0) {
            Some(c) => format!("{} ({})", c.name, team(view, c.team)),
            None => format!("seat {s}"),
        },
        Viewer::Public => "the public".into(),
        Viewer::GameMaster => "the game master".into(),
    }
}
impl Render for ScrollRace {
    fn text(view: &ScrollRaceView) -> String {
        let mut out = format!(
            "Scroll Race, round {}: {} (0-4) against {} (5-9); {} started. Seen by {}.\n{}.\n",
            view.round,
            view.team_names[0],
            view.team_names[1],
            view.team_names[usize::from(view.starting_team)],
            who(view),
            phase(view)
        );
        out.push_str(&map_text(view));
        out.push_str("legend: digit = character (* carrier), @ dropped scroll, S summon, x trap, ~ flood, A/B bases, a/b zones, # wall\n");
        out.push_str(&roster(view));
        out.push_str(&notes(view));
        out
    }

    fn bbcode_with(
        view: &ScrollRaceView,
        events: &[&LoggedEvent<ScrollRace>],
        _options: &PostOptions,
    ) -> String {
        let mut out = format!(
            "[b]Scroll Race[/b], round {}: {} against {}. {}.\n{}\n",
            view.round,
            bbcode_escape(&view.team_names[0]),
            bbcode_escape(&view.team_names[1]),
            bbcode_escape(&phase(view)),
            position(&format!("round {}", view.round), events)
        );
        let _ = writeln!(out, "[code]{}[/code]", map_text(view));
        let _ = write!(out, "{}", bbcode_escape(&roster(view)));
        let _ = write!(out, "{}", bbcode_escape(&notes(view)));
        if !events.is_empty() {
            out.push_str("[list]\n");
            for e in events {
                if e.visible.audience.includes(view.viewer) {
                    let _ = writeln!(
                        out,
                        "[*] {}",
                        bbcode_escape(&ScrollRace::event_text(&e.visible.event, view))
                    );
                }
            }
            out.push_str("[/list]\n");
        }
        out
    }

    fn svg(view: &ScrollRaceView) -> String {
        svg::svg(view)
    }

    fn event_text(event: &ScrollRaceEvent, view: &ScrollRaceView) -> String {
        events::describe(event, view)
    }
}
