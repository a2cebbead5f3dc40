//! Warring States of Han: text, the game master's BBCode turn summary, and the SVG map.

use std::collections::BTreeMap;
use std::fmt::Write;

use pbp_core::{Coin, LoggedEvent, Seat};
use pbp_warring_states::{
    Battle, Colour, Force, GainReason, Link, Map, Order, School, WarringStates, WarringStatesEvent,
    WarringStatesView,
};

use crate::ink::ink_on;
use crate::post::{position, table};
use crate::{PostOptions, Render, bbcode_escape, xml_escape};

/// The fill used for a colour on the map.
fn hex(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "#d62728",
        Colour::Yellow => "#e8c547",
        Colour::Green => "#2ca02c",
        Colour::Cyan => "#17becf",
        Colour::Orange => "#ff7f0e",
        Colour::Silver => "#b8b8c8",
        Colour::Purple => "#9467bd",
        Colour::White => "#ffffff",
        Colour::Teal => "#008080",
        Colour::Pink => "#e377c2",
        Colour::Blue => "#1f77b4",
        Colour::Grey => "#7f7f7f",
    }
}

fn school(s: School) -> &'static str {
    match s {
        School::Legalist => "Legalist",
        School::Taoist => "Taoist",
        School::Confucian => "Confucian",
        School::Mohist => "Mohist",
        School::Militarist => "Militarist",
    }
}

/// Names states, players and generals as the readers know them: a state by its name, a player
/// by name and colour ("Plainsfox (Yellow)"), a general by name.
struct Names<'a> {
    map: Option<&'a Map>,
    players: Option<&'a WarringStatesView>,
    /// Generals named in the events being written, who may have died or left since.
    recalled: BTreeMap<u32, String>,
}

impl<'a> Names<'a> {
    /// Names from a view (its map and players).
    fn of(view: &'a WarringStatesView) -> Self {
        Names {
            map: Some(&view.map),
            players: Some(view),
            recalled: BTreeMap::new(),
        }
    }

    /// Remembers the generals an event names, for the events after it.
    fn recall(&mut self, event: &WarringStatesEvent) {
        match event {
            WarringStatesEvent::Battle(b) => {
                for g in b.attack.generals.iter().chain(&b.defence.generals) {
                    self.recalled.insert(g.id, g.name.clone());
                }
            }
            WarringStatesEvent::Sealed(s) | WarringStatesEvent::Revealed(s) => {
                for (id, name) in &s.names {
                    self.recalled.insert(*id, name.clone());
                }
            }
            WarringStatesEvent::GeneralJoined { general, .. }
            | WarringStatesEvent::Dismissed { general, .. } => {
                self.recalled.insert(general.id, general.name.clone());
            }
            _ => {}
        }
    }

    fn state(&self, id: u16) -> String {
        // A view read back from JSON has no map: the state's number is all there is then.
        match self.map.and_then(|m| m.province(id)) {
            Some(p) => p.name.clone(),
            None => format!("state {id}"),
        }
    }

    fn seat(&self, seat: Seat) -> String {
        match self.players.and_then(|s| s.player(seat)) {
            Some(p) => format!("{} ({})", p.name, p.colour.label()),
            None => format!("seat {seat}"),
        }
    }

    fn general(&self, id: u32) -> String {
        self.players
            .and_then(|s| {
                s.players
                    .iter()
                    .flat_map(|p| p.generals.iter())
                    .find(|g| g.id == id)
            })
            .map(|g| g.name.clone())
            .or_else(|| self.recalled.get(&id).cloned())
            .unwrap_or_else(|| "a general who has left".to_owned())
    }

    fn holder(&self, seat: Option<Seat>) -> String {
        seat.map_or_else(|| "the independents".to_owned(), |s| self.seat(s))
    }
}

fn coin(c: Coin) -> &'static str {
    match c {
        Coin::Heads => "heads",
        Coin::Tails => "tails",
    }
}

fn force(f: &Force, attacking: bool) -> String {
    let mut parts = vec![format!("{} rice", f.rice), format!("roll {}", f.roll)];
    for g in &f.generals {
        let t = g
            .r#trait
            .map_or(String::new(), |t| format!("{} ", t.name()));
        parts.push(format!("{t}General {} +{}", g.name, g.bonus));
    }
    if f.mohist > 0 {
        parts.push(format!("Mohist +{}", f.mohist));
    }
    if f.river > 0 && !attacking {
        parts.push(format!("river +{}", f.river));
    }
    format!("{} = {}", parts.join(" + "), f.total)
}

fn battle(names: &Names<'_>, b: &Battle) -> String {
    format!(
        "{} attacks {} ({}){}: {} against {}: {}",
        names.seat(b.attacker),
        names.state(b.target),
        names.holder(b.defender),
        if b.across_river {
            ", across the river"
        } else {
            ""
        },
        force(&b.attack, true),
        force(&b.defence, false),
        if b.attacker_won {
            "the attack wins"
        } else {
            "the defence holds"
        }
    )
}

fn order_text(names: &Names<'_>, order: &Order) -> String {
    let gens = |g: &[u32]| {
        if g.is_empty() {
            String::new()
        } else {
            let list: Vec<String> = g.iter().map(|id| names.general(*id)).collect();
            format!(" with {}", list.join(", "))
        }
    };
    match order {
        Order::Defense {
            state,
            rice,
            generals,
        } => format!(
            "{rice} Rice for Defense of {}{}",
            names.state(*state),
            gens(generals)
        ),
        Order::Invest { state, rice } => {
            format!("{rice} Rice for Investing of {}", names.state(*state))
        }
        Order::Conquest {
            state,
            rice,
            generals,
        } => format!(
            "{rice} Rice for Conquest of {}{}",
            names.state(*state),
            gens(generals)
        ),
        Order::Recruit { count: 1 } => "Recruit 1 General".to_owned(),
        Order::Recruit { count } => format!("Recruit {count} Generals"),
        Order::Dismiss { general } => format!("Dismiss General {}", names.general(*general)),
        Order::DeclareKingdom { state } => format!("Declare Kingdom of {}", names.state(*state)),
    }
}

fn describe(names: &Names<'_>, event: &WarringStatesEvent) -> String {
    match event {
        WarringStatesEvent::Joined {
            name,
            state,
            colour,
            school: s,
            rice,
            ..
        } => format!(
            "{name} ({}) joins in {} as a {} player, with {rice} rice",
            colour.label(),
            names.state(*state),
            school(*s),
        ),
        WarringStatesEvent::GeneralJoined {
            seat,
            general,
            reason,
        } => {
            let why = match reason {
                GainReason::Start => "starting general".to_owned(),
                GainReason::Recruited => "recruited".to_owned(),
                GainReason::TurnGift => "the turn's new general".to_owned(),
                GainReason::Militarist => "Militarist's general".to_owned(),
                GainReason::Dismissed { from } => format!("dismissed by {}", names.seat(*from)),
                GainReason::Inherited { from } => {
                    format!("from the fallen {}", names.seat(*from))
                }
            };
            let t = general
                .r#trait
                .map_or("no trait".to_owned(), |t| t.name().to_owned());
            format!(
                "{} gains General {} ({t}, skill {}): {why}",
                names.seat(*seat),
                general.name,
                general.skill
            )
        }
        WarringStatesEvent::Submitted { seat } => format!("{} sent orders", names.seat(*seat)),
        WarringStatesEvent::Sealed(s) | WarringStatesEvent::Revealed(s) => {
            let orders: Vec<String> = s
                .sheet
                .orders
                .iter()
                .map(|o| order_text(names, o))
                .collect();
            format!(
                "orders of {}: {}",
                names.seat(s.seat),
                if orders.is_empty() {
                    "none".to_owned()
                } else {
                    orders.join("; ")
                }
            )
        }
        WarringStatesEvent::TurnClosed { missing } => {
            if missing.is_empty() {
                "the game master closes the turn".to_owned()
            } else {
                let m: Vec<String> = missing.iter().map(|s| names.seat(*s)).collect();
                format!(
                    "the game master closes the turn; no orders from {}",
                    m.join(", ")
                )
            }
        }
        WarringStatesEvent::Dismissed {
            seat,
            general,
            coin: toss,
            joined,
        } => format!(
            "{} dismisses General {}: {}, {}",
            names.seat(*seat),
            general.name,
            coin(*toss),
            joined.map_or("the general vanishes".to_owned(), |s| format!(
                "the general joins {}",
                names.seat(s)
            ))
        ),
        WarringStatesEvent::Invested {
            seat,
            state,
            rice,
            gain,
            output,
        } => format!(
            "{} invests {rice} rice in {}: +{gain}, now yields {output}",
            names.seat(*seat),
            names.state(*state)
        ),
        WarringStatesEvent::Battle(b) => battle(names, b),
        WarringStatesEvent::Conquered {
            state,
            from,
            to,
            walkover,
            tie_break,
            pillage,
            output,
        } => {
            let how = if *walkover {
                " walks into the undefended"
            } else {
                " conquers"
            };
            let tie = tie_break.map_or(String::new(), |t| {
                format!(" (equal attacks: the toss picks attack {t})")
            });
            format!(
                "{}{how} {} from {}{tie}; pillage -{pillage}, it yields {output}{}",
                names.seat(*to),
                names.state(*state),
                names.holder(*from),
                if *output == 0 { " (devastated)" } else { "" }
            )
        }
        WarringStatesEvent::GeneralFate {
            seat,
            name,
            tosses,
            died,
            ..
        } => format!(
            "General {name} of {}: {}: {}",
            names.seat(*seat),
            tosses
                .iter()
                .map(|c| coin(*c))
                .collect::<Vec<_>>()
                .join(" then "),
            if *died {
                "killed in action"
            } else {
                "survives"
            }
        ),
        WarringStatesEvent::Eliminated { seat, by } => {
            let by: Vec<String> = by.iter().map(|s| names.seat(*s)).collect();
            if by.is_empty() {
                format!("{} is eliminated", names.seat(*seat))
            } else {
                format!("{} is eliminated by {}", names.seat(*seat), by.join(", "))
            }
        }
        WarringStatesEvent::GeneralLost { seat, name, .. } => {
            format!("General {name} of {} leaves the game", names.seat(*seat))
        }
        WarringStatesEvent::Refunded { seat, rice } => format!(
            "{} gets {rice} rice back: no room under the general cap",
            names.seat(*seat)
        ),
        WarringStatesEvent::NoOrders { seat } => format!(
            "the game master records no orders for {}, who is absent",
            names.seat(*seat)
        ),
        WarringStatesEvent::KingdomFailed { seat, state } => format!(
            "{} cannot proclaim the Kingdom of {}: after the battles it no longer holds it and four states around it",
            names.seat(*seat),
            names.state(*state)
        ),
        WarringStatesEvent::Kingdom { seat, state } => format!(
            "{} declares the Kingdom of {}",
            names.seat(*seat),
            names.state(*state)
        ),
        WarringStatesEvent::Regrew { state } => {
            format!("devastated {} regrows to 1", names.state(*state))
        }
        WarringStatesEvent::Income { seat, gained, rice } => {
            format!("{} gains {gained} rice, now {rice}", names.seat(*seat))
        }
        WarringStatesEvent::TurnBegan { turn } => format!("turn {turn} begins"),
        WarringStatesEvent::GameOver(o) => format!("the game is over: {}", o.reason),
    }
}

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
        // The Great River, between the banks' river-adjacent states.
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
        for (a, p) in map.provinces.iter().enumerate() {
            for &(b, link) in &p.neighbours {
                if usize::from(b) <= a {
                    continue;
                }
                let q = &map.provinces[usize::from(b)];
                let style = match link {
                    Link::Land => "stroke=\"#9a8a6a\" stroke-width=\"1.5\"",
                    Link::Crossing => {
                        "stroke=\"#1f5f9f\" stroke-width=\"3\" stroke-dasharray=\"6 4\""
                    }
                };
                let _ = write!(
                    out,
                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {style}/>",
                    p.x, p.y, q.x, q.y
                );
            }
        }
        for (i, p) in map.provinces.iter().enumerate() {
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
        out.push_str("</svg>");
        out
    }

    fn event_text(event: &WarringStatesEvent, view: &WarringStatesView) -> String {
        let mut names = Names::of(view);
        names.recall(event);
        describe(&names, event)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pbp_core::{Actor, DiceChoice, Game, Session, Viewer};
    use pbp_warring_states::{WarringStatesAction, WarringStatesConfig};

    fn view(s: &Session<WarringStates>, viewer: Viewer) -> WarringStatesView {
        WarringStates::view(s.state(), viewer)
    }

    fn session() -> Session<WarringStates> {
        Session::<WarringStates>::new(WarringStatesConfig::default(), 5, DiceChoice::Seeded)
            .unwrap()
    }

    #[test]
    fn sealed_orders_show_only_to_their_seat() {
        let mut s = session();
        let post = "[b]5 Rice for Defense of Tang.\n5 Rice for Conquest of Sui.[/b]";
        let action = WarringStates::parse_action(s.state(), Actor::Seat(Seat(0)), post).unwrap();
        s.act(Actor::Seat(Seat(0)), action, DiceChoice::Seeded)
            .unwrap();
        let own = WarringStates::text(&view(&s, Viewer::Seat(Seat(0))));
        let other = WarringStates::text(&view(&s, Viewer::Seat(Seat(1))));
        assert!(own.contains("Conquest of Sui"));
        assert!(!other.contains("Conquest of Sui"));
        assert!(other.contains("orders sent"));
    }

    #[test]
    fn the_summary_shows_battles_with_their_rolls_and_the_map_draws() {
        let mut s = session();
        let post = "[b]10 Rice for Conquest of Sui.[/b]";
        let action = WarringStates::parse_action(s.state(), Actor::Seat(Seat(0)), post).unwrap();
        s.act(Actor::Seat(Seat(0)), action, DiceChoice::Seeded)
            .unwrap();
        s.act(
            Actor::GameMaster,
            WarringStatesAction::CloseTurn,
            DiceChoice::Seeded,
        )
        .unwrap();
        let step = s.record().entries.len();
        let events: Vec<_> = s
            .log_for(Viewer::Public)
            .filter(|e| e.step == step)
            .collect();
        let post = WarringStates::bbcode(&view(&s, Viewer::Public), &events);
        assert!(post.contains("attacks Sui"), "{post}");
        assert!(post.contains("roll "));
        assert!(post.contains("Turn 2"));
        let svg = WarringStates::svg(&view(&s, Viewer::Public));
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("the Great River"));
        assert!(svg.contains("#d62728"), "the red player's colour");
        assert!(svg.contains("Zhou"));
        let line = WarringStates::event_text(&events[0].visible.event, &view(&s, Viewer::Public));
        assert!(!line.is_empty());
    }

    #[test]
    fn a_forum_turn_reads_posts_and_writes_the_summary() {
        let mut s = session();
        // Give seat 0 a known general to name in its post.
        let general = s.state().players[0].generals[0].name.clone();
        let posts = [
            (
                0,
                format!(
                    "Here we go!\n[b]6 Rice for Conquest of Sui with {general}.\n4 Rice for Defense of Tang.[/b]"
                ),
            ),
            (
                1,
                "[b]8 Rice for Investing of Lai.[/b] (Confucian: 4 a point)".to_owned(),
            ),
            (2, "[b]No orders.[/b]".to_owned()),
            (3, "[b]5 Rice for Defense of Liao.[/b]".to_owned()),
        ];
        for (seat, post) in posts {
            let actor = Actor::Seat(Seat(seat));
            let action = WarringStates::parse_action(s.state(), actor, &post).unwrap();
            s.act(actor, action, DiceChoice::Seeded).unwrap();
        }
        let step = s.record().entries.len();
        let events: Vec<_> = s
            .log_for(Viewer::Public)
            .filter(|e| e.step == step)
            .collect();
        let post = WarringStates::bbcode(&view(&s, Viewer::Public), &events);
        assert!(
            post.contains(&format!("6 Rice for Conquest of Sui with {general}")),
            "{post}"
        );
        assert!(
            post.contains("invests 8 rice in Lai: +2, now yields 12"),
            "{post}"
        );
        assert!(post.contains("attacks Sui (the independents)"), "{post}");
        assert!(
            post.contains(
                "[*][b]Player 1 (Red)[/b], Legalist: 10 rice; states Tang (10); generals "
            ),
            "{post}"
        );
        assert!(post.contains("turn 2 begins"), "{post}");
        // Plain lists by default; the thread position; tables on request.
        assert!(!post.contains("[table]"), "{post}");
        assert!(
            post.contains("[i]turn 2: step 4, after the post for step 3[/i]"),
            "{post}"
        );
        let table = WarringStates::bbcode_with(
            &view(&s, Viewer::Public),
            &events,
            &PostOptions::styled(crate::BbcodeStyle::Table),
        );
        assert!(
            table.contains("[tr][td]Player 1 (Red)[/td][td]Legalist[/td][td]10[/td][td]no[/td][td]Tang (10)[/td]"),
            "{table}"
        );
    }

    #[test]
    fn the_log_names_states_players_and_generals_even_a_dead_general() {
        let mut s = session();
        let general = s.state().players[0].generals[0].clone();
        let post = format!("[b]6 Rice for Conquest of Sui with {}.[/b]", general.name);
        let action = WarringStates::parse_action(s.state(), Actor::Seat(Seat(0)), &post).unwrap();
        s.act(Actor::Seat(Seat(0)), action, DiceChoice::Seeded)
            .unwrap();
        let post = "[b]8 Rice for Investing of Lai.[/b]";
        let action = WarringStates::parse_action(s.state(), Actor::Seat(Seat(1)), post).unwrap();
        s.act(Actor::Seat(Seat(1)), action, DiceChoice::Seeded)
            .unwrap();
        s.act(
            Actor::GameMaster,
            WarringStatesAction::CloseTurn,
            DiceChoice::Seeded,
        )
        .unwrap();
        // Read the log as if every general named had died or left since: the orders
        // still name them, from the names the revealed sheet carries.
        let mut gm = view(&s, Viewer::GameMaster);
        for p in &mut gm.players {
            p.generals.clear();
        }
        let lines: Vec<String> = s
            .log_for(Viewer::GameMaster)
            .map(|e| WarringStates::event_text(&e.visible.event, &gm))
            .collect();
        let all = lines.join("\n");
        assert!(
            all.contains(&format!(
                "orders of Player 1 (Red): 6 Rice for Conquest of Sui with {}",
                general.name
            )),
            "{all}"
        );
        assert!(
            all.contains("Player 1 (Red) attacks Sui (the independents)"),
            "{all}"
        );
        assert!(
            all.contains(
                "the game master closes the turn; no orders from Player 3 (Green), Player 4 (Cyan)"
            ),
            "{all}"
        );
        assert!(!all.contains('#'), "{all}");
        assert!(!all.contains("seat "), "{all}");
        assert!(!all.contains("state "), "{all}");
        // Recruiting reads as the seed writes it.
        assert_eq!(
            order_text(&Names::of(&gm), &Order::Recruit { count: 1 }),
            "Recruit 1 General"
        );
        assert_eq!(
            order_text(&Names::of(&gm), &Order::Recruit { count: 2 }),
            "Recruit 2 Generals"
        );
    }

    #[test]
    fn the_map_has_its_turn_a_legend_river_states_and_readable_labels() {
        let s = session();
        let v = view(&s, Viewer::Public);
        let svg = WarringStates::svg(&v);
        assert!(svg.contains("<title>Warring States of Han, turn 1</title>"));
        assert!(svg.contains(">Turn 1</text>"), "{svg}");
        let rivers = v.map.provinces.iter().filter(|p| p.river).count();
        assert!(rivers > 0);
        assert_eq!(svg.matches("class=\"river\"").count(), rivers);
        for name in [
            "Player 1 (Red)",
            "Player 2 (Yellow)",
            "river state",
            "Kingdom-type state",
            "river crossing",
            "the capital",
        ] {
            assert!(svg.contains(&format!(">{name}</text>")), "{name}: {svg}");
        }
        // Tang is Red's: its title names its holder, its label is white on the red fill.
        assert!(
            svg.contains("<title>Tang, held by Player 1 (Red), yields 10"),
            "{svg}"
        );
        assert!(svg.contains("fill=\"#ffffff\">Tang</text>"), "{svg}");
        // Yellow's Lai has dark ink.
        assert!(svg.contains("fill=\"#1a1a1a\">Lai</text>"), "{svg}");
    }
}
