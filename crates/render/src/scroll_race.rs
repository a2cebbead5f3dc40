//! Scroll Race: the field as each viewer knows it, as text, BBCode and SVG.
//!
//! Everything is drawn from [`ScrollRace::view`], never from the state directly, so a drawing
//! shows exactly what its viewer may know.

use std::fmt::Write;

use pbp_core::{LoggedEvent, Viewer, counted};
use pbp_scroll_race::{
    Cell, CharId, Phase, ScrollRace, ScrollRaceEvent, ScrollRaceView, Square, TrapKind,
};

use crate::post::position;
use crate::{PostOptions, Render, bbcode_escape, xml_escape};

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
        if view.scrolls.iter().any(|s| s.carrier == Some(c.id)) {
            flags.push("carrier".to_owned());
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

fn notes(view: &ScrollRaceView) -> String {
    let mut out = String::new();
    for s in &view.scrolls {
        let team = &view.team_names[usize::from(s.team)];
        match (s.carrier, s.ground) {
            (_, Some(sq)) => {
                let _ = writeln!(out, "{team} scroll lies on {sq}");
            }
            (Some(c), _) => {
                let _ = writeln!(out, "{team} scroll: carried by {}", name(view, c));
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
            let carries = view.scrolls.iter().any(|s| s.carrier == Some(c.id));
            let ring = if carries {
                " stroke=\"#d4a017\" stroke-width=\"4\""
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "<g><title>{}{}</title><circle cx=\"{cx}\" cy=\"{cy}\" r=\"13\" fill=\"{}\"{ring}/><text x=\"{cx}\" y=\"{}\" font-size=\"13\" fill=\"#fff\" text-anchor=\"middle\">{}</text></g>",
                xml_escape(&c.name),
                if carries { " (carrier)" } else { "" },
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

    fn event_text(event: &ScrollRaceEvent, view: &ScrollRaceView) -> String {
        let c = |id: &CharId| name(view, *id);
        let t = |id: &u8| team(view, *id);
        match event {
            ScrollRaceEvent::CarrierChosen { team, carrier } => {
                format!("{} chose {} as carrier", t(team), c(carrier))
            }
            ScrollRaceEvent::CarrierDecided { team } => {
                format!("{} made its carrier decision", t(team))
            }
            ScrollRaceEvent::RoundStarted { round } => format!("round {round} begins"),
            ScrollRaceEvent::Moved { character, path } => {
                let path: Vec<String> = path.iter().map(Square::to_string).collect();
                format!("{} moved to {}", c(character), path.join(", "))
            }
            ScrollRaceEvent::Slid { character, to } => format!("{} slid to {to}", c(character)),
            ScrollRaceEvent::TrapSprung { trap, character } => format!(
                "{} sprang a {} trap on {}",
                c(character),
                trap.technique.name(),
                trap.square
            ),
            ScrollRaceEvent::EnteredEnemyZone { character } => {
                format!("{} entered the enemy zone with the scroll", c(character))
            }
            ScrollRaceEvent::PickedUp { team, carrier } => {
                format!("{} picked up the {} scroll", c(carrier), t(team))
            }
            ScrollRaceEvent::Used {
                character,
                technique,
                rank,
            } => format!("{} used {} {rank}", c(character), technique.name()),
            ScrollRaceEvent::Passed {
                team,
                from,
                carrier,
            } => format!(
                "{} passed the {} scroll to {}",
                c(from),
                t(team),
                c(carrier)
            ),
            ScrollRaceEvent::PassSpotted {
                team,
                from,
                carrier,
            } => format!(
                "a pass was spotted: {} gave the {} scroll to {}",
                c(from),
                t(team),
                c(carrier)
            ),
            ScrollRaceEvent::GenjutsuCast(g) => {
                format!("{} cast a rank {} genjutsu", c(&g.caster), g.rank)
            }
            ScrollRaceEvent::GenjutsuCancelled {
                genjutsu,
                character,
                technique,
            } => format!(
                "a genjutsu of {} cancelled the {} of {}",
                c(&genjutsu.caster),
                technique.name(),
                c(character)
            ),
            ScrollRaceEvent::GenjutsuSpent(g) => {
                format!("the genjutsu of {} was spent", c(&g.caster))
            }
            ScrollRaceEvent::Struck {
                attacker,
                target,
                technique,
                pushed,
                recoiled,
            } => {
                let mut s = format!(
                    "{} struck {} with {}",
                    c(attacker),
                    c(target),
                    technique.name()
                );
                if *pushed {
                    s.push_str(", pushing it back");
                }
                if *recoiled {
                    s.push_str(", and recoiled");
                }
                s
            }
            ScrollRaceEvent::Blocked { attacker, target } => {
                format!("the doton of {} blocked {}", c(target), c(attacker))
            }
            ScrollRaceEvent::ShieldBroken { target } => {
                format!("the doton of {} failed", c(target))
            }
            ScrollRaceEvent::Burned { target } => format!("{} is burnt", c(target)),
            ScrollRaceEvent::Paralysed { target } => format!("{} is paralysed", c(target)),
            ScrollRaceEvent::Missed { attacker, target } => {
                format!("{} missed {}", c(attacker), c(target))
            }
            ScrollRaceEvent::ScrollDropped { team, from, square } => {
                format!("{} dropped the {} scroll on {square}", c(from), t(team))
            }
            ScrollRaceEvent::Summoned(s) => format!("{} summoned on {}", c(&s.caster), s.square),
            ScrollRaceEvent::SummonDestroyed { square, by } => {
                format!("{} destroyed the summon on {square}", c(by))
            }
            ScrollRaceEvent::SummonExpired { square } => format!("the summon on {square} vanished"),
            ScrollRaceEvent::TrapSet(t) => format!(
                "{} laid a {} {} on {}",
                c(&t.caster),
                t.technique.name(),
                t.rank,
                t.square
            ),
            ScrollRaceEvent::Shielded { character, rank } => {
                format!("{} raised a rank {rank} doton", c(character))
            }
            ScrollRaceEvent::Sensed(s) => {
                let names: Vec<String> = s.sensed.iter().map(c).collect();
                format!(
                    "{} senses the carrier among {}",
                    c(&s.user),
                    names.join(", ")
                )
            }
            ScrollRaceEvent::Pulled { by, character, to } => {
                format!("{} drew {} to {to}", c(by), c(character))
            }
            ScrollRaceEvent::Restored {
                by,
                target,
                technique,
            } => format!(
                "{} restored the {} of {}",
                c(by),
                technique.name(),
                c(target)
            ),
            ScrollRaceEvent::Jumped {
                character,
                over,
                success,
            } => format!(
                "{} {} over {}",
                c(character),
                if *success { "jumped" } else { "failed to jump" },
                c(over)
            ),
            ScrollRaceEvent::Fizzled {
                character,
                technique,
            } => format!(
                "the {} of {} found no target",
                technique.name(),
                c(character)
            ),
            ScrollRaceEvent::TurnEnded { character } => format!("{} ended its turn", c(character)),
            ScrollRaceEvent::TurnLost { character } => {
                format!("{} is paralysed and loses its turn", c(character))
            }
            ScrollRaceEvent::Skipped { character } => format!(
                "the organizer skips the turn of {} (its player is absent)",
                c(character)
            ),
            ScrollRaceEvent::Placed { character, square } => {
                format!("the organizer placed {} on {square}", c(character))
            }
            ScrollRaceEvent::ScrollGiven { team, carrier } => format!(
                "the organizer gave the {} scroll to {}",
                t(team),
                c(carrier)
            ),
            ScrollRaceEvent::ScrollRuling { team } => {
                format!("the organizer ruled on the {} scroll", t(team))
            }
            ScrollRaceEvent::Cleared(square) => format!("the organizer cleared {square}"),
            ScrollRaceEvent::GameOver(e) => format!("game over: {}", e.reason),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pbp_core::{Actor, Game, Seat, SeededDice};
    use pbp_scroll_race::{ScrollRaceAction, ScrollRaceConfig, ScrollRaceState};

    fn text_of(state: &ScrollRaceState, viewer: Viewer) -> String {
        ScrollRace::text(&ScrollRace::view(state, viewer))
    }

    fn svg_of(state: &ScrollRaceState, viewer: Viewer) -> String {
        ScrollRace::svg(&ScrollRace::view(state, viewer))
    }

    fn started() -> ScrollRaceState {
        let mut dice = SeededDice::new(5);
        let mut state = ScrollRace::setup(&ScrollRaceConfig::default(), &mut dice).unwrap();
        for (seat, carrier) in [(0u16, 2u8), (5, 7)] {
            ScrollRace::apply(
                &mut state,
                Actor::Seat(Seat(seat)),
                &ScrollRaceAction::Carrier(carrier),
                &mut dice,
            )
            .unwrap();
        }
        state
    }

    #[test]
    fn the_text_map_marks_only_the_carriers_the_viewer_knows() {
        let state = started();
        let mine = text_of(&state, Viewer::Seat(Seat(1)));
        assert!(mine.contains("2*"));
        assert!(!mine.contains("7*"));
        let public = text_of(&state, Viewer::Public);
        assert!(!public.contains("2*") && !public.contains("7*"));
        let gm = text_of(&state, Viewer::GameMaster);
        assert!(gm.contains("2*") && gm.contains("7*"));
        assert!(public.contains("carrier unknown"));
    }

    #[test]
    fn the_svg_is_a_document_without_hidden_carriers() {
        let state = started();
        let svg = svg_of(&state, Viewer::Seat(Seat(6)));
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("(carrier)").count(), 1);
        assert_eq!(
            svg_of(&state, Viewer::Public).matches("(carrier)").count(),
            0
        );
    }

    #[test]
    fn drawings_never_mark_a_carrier_the_viewer_may_not_know() {
        let mut dice = SeededDice::new(11);
        let mut state = started();
        for _ in 0..80 {
            for seat in 0..10u16 {
                let viewer = Viewer::Seat(Seat(seat));
                let enemy = 1 - pbp_scroll_race::team_of(seat as u8);
                let scroll = state.scrolls[usize::from(enemy)];
                if let pbp_scroll_race::Holder::Carrier(c) = scroll.holder
                    && scroll.last_seen != Some(c)
                {
                    let text = text_of(&state, viewer);
                    assert!(
                        !text.contains(&format!("{c}*")),
                        "seat {seat} sees carrier {c}"
                    );
                    let name = &state.characters[usize::from(c)].name;
                    let svg = svg_of(&state, viewer);
                    assert!(!svg.contains(&format!("{name} (carrier)")));
                }
            }
            let Some(&actor) = ScrollRace::turn(&state).actors().first() else {
                break;
            };
            let legal = ScrollRace::legal_actions(&state, actor);
            let pick = pbp_core::pick(&mut dice, legal.len() as u32).unwrap() as usize;
            ScrollRace::apply(&mut state, actor, &legal[pick], &mut dice).unwrap();
        }
    }

    #[test]
    fn the_bbcode_summary_lists_the_viewers_events() {
        let state = started();
        let out = ScrollRace::bbcode(&ScrollRace::view(&state, Viewer::Public), &[]);
        assert!(out.starts_with("[b]Scroll Race[/b]"));
        assert!(out.contains("[code]"));
        assert_eq!(
            ScrollRace::event_text(
                &ScrollRaceEvent::RoundStarted { round: 2 },
                &ScrollRace::view(&state, Viewer::Public)
            ),
            "round 2 begins"
        );
    }

    #[test]
    fn events_name_characters_and_teams_and_a_skip_is_no_paralysis() {
        let mut dice = SeededDice::new(5);
        let mut state = ScrollRace::setup(&ScrollRaceConfig::default(), &mut dice).unwrap();
        let mut lines = Vec::new();
        for (seat, carrier) in [(0u16, 2u8), (5, 7)] {
            for e in ScrollRace::apply(
                &mut state,
                Actor::Seat(Seat(seat)),
                &ScrollRaceAction::Carrier(carrier),
                &mut dice,
            )
            .unwrap()
            {
                lines.push(ScrollRace::event_text(
                    &e.event,
                    &ScrollRace::view(&state, Viewer::GameMaster),
                ));
            }
        }
        let current = state.current().unwrap();
        let who = state.characters[usize::from(current)].name.clone();
        for e in ScrollRace::apply(
            &mut state,
            Actor::GameMaster,
            &ScrollRaceAction::Gm(pbp_scroll_race::Ruling::Skip),
            &mut dice,
        )
        .unwrap()
        {
            lines.push(ScrollRace::event_text(
                &e.event,
                &ScrollRace::view(&state, Viewer::Public),
            ));
        }
        let all = lines.join("\n");
        assert!(all.contains("Red chose Red-3 as carrier"), "{all}");
        assert!(all.contains("Blue made its carrier decision"), "{all}");
        assert!(
            all.contains(&format!(
                "the organizer skips the turn of {who} (its player is absent)"
            )),
            "{all}"
        );
        assert!(
            !all.contains("paralysed") && !all.contains("lost its turn"),
            "{all}"
        );
        assert!(
            !all.contains("character ") && !all.contains("team "),
            "{all}"
        );
        assert!(!all.contains('#'), "{all}");
        let view = ScrollRace::view(&state, Viewer::Public);
        assert_eq!(
            ScrollRace::event_text(&ScrollRaceEvent::TurnLost { character: 6 }, &view),
            "Blue-2 is paralysed and loses its turn"
        );
        assert_eq!(
            ScrollRace::event_text(
                &ScrollRaceEvent::PickedUp {
                    team: 1,
                    carrier: 8
                },
                &view
            ),
            "Blue-4 picked up the Blue scroll"
        );
        // A seat's own view is called by its character and team.
        let own = text_of(&state, Viewer::Seat(Seat(3)));
        assert!(own.contains("Seen by Red-4 (Red)."), "{own}");
    }

    #[test]
    fn the_svg_shows_the_round_and_a_legend_of_the_teams() {
        let state = started();
        let svg = svg_of(&state, Viewer::Public);
        assert!(svg.contains(">Round 1</text>"), "{svg}");
        assert!(
            svg.contains(">Red</text>") && svg.contains(">Blue</text>"),
            "{svg}"
        );
        assert!(svg.contains(">carrier (when known)</text>"));
        assert!(svg.contains(">dropped scroll</text>"));
    }
}
