//! Three Kingdoms: the table as text, a BBCode post, and an SVG of both fields.

use std::fmt::Write;

use pbp_core::{LoggedEvent, Seat, counted};
use pbp_three_kingdoms::{
    CardSeen, CardType, CharacterView, FightResult, Pending, Phase, PlayerView, TargetRef,
    ThreeKingdoms, ThreeKingdomsEvent, ThreeKingdomsView, Trait, Zone,
};

use crate::post::position;
use crate::{PostOptions, Render, bbcode_escape, xml_escape};

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

fn trait_name(t: Trait) -> &'static str {
    match t {
        Trait::Assault => "Assault",
        Trait::Defend => "Defend",
        Trait::Law => "Law",
        Trait::Ambush => "Ambush",
        Trait::Politics => "Politics",
        Trait::War => "War",
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
    let traits: Vec<&str> = c.traits.iter().map(|&t| trait_name(t)).collect();
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
        p.label,
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
    let defender = Seat(1 - view.active.0.min(1));
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

    fn event_text(event: &ThreeKingdomsEvent, view: &ThreeKingdomsView) -> String {
        let seat_name = |seat: &Seat| view.seat_name(*seat);
        let who = |t: &TargetRef| view.character(*t);
        let card = |c: &CardSeen| view.card_name(c).to_owned();
        let own = |seat: &Seat, instance: &u32| {
            view.instance_name(*seat, *instance)
                .unwrap_or_else(|| "a character".to_owned())
        };
        match event {
            ThreeKingdomsEvent::TurnBegan { seat, turn } => {
                format!("turn {turn}: {} begins", seat_name(seat))
            }
            ThreeKingdomsEvent::PhaseBegan { seat, phase: p } => {
                format!("{}: {}", seat_name(seat), phase(*p))
            }
            ThreeKingdomsEvent::Drew { seat } => format!("{} draws a card", seat_name(seat)),
            ThreeKingdomsEvent::DrewCard { seat, card: c } => {
                format!("{} drew {}", seat_name(seat), card(c))
            }
            ThreeKingdomsEvent::Burned { seat, card: c } => format!(
                "{}'s hand is full: {} goes to the discard pile",
                seat_name(seat),
                card(c)
            ),
            ThreeKingdomsEvent::Discarded {
                seat,
                card: c,
                resources,
            } => format!(
                "{} discards {} for {}",
                seat_name(seat),
                card(c),
                counted(*resources, "Resource point", "Resource points")
            ),
            ThreeKingdomsEvent::DiscardedAtRandom { seat, card: c } => {
                format!("{} discards {} at random", seat_name(seat), card(c))
            }
            ThreeKingdomsEvent::Played {
                seat,
                card: c,
                cost,
                target,
            } => {
                let on = target
                    .map(|t| format!(" on {}", who(&t)))
                    .unwrap_or_default();
                format!("{} plays {} for {cost}{on}", seat_name(seat), card(c))
            }
            ThreeKingdomsEvent::AbilityUsed {
                seat,
                character,
                strategist,
                target,
            } => {
                let on = target
                    .map(|t| format!(" on {}", who(&t)))
                    .unwrap_or_default();
                let which = if *strategist {
                    "Strategist ability"
                } else {
                    "ability"
                };
                format!(
                    "{} uses its {which}{on}",
                    who(&TargetRef {
                        seat: *seat,
                        card: *character
                    })
                )
            }
            ThreeKingdomsEvent::EffectApplied { target, effect } => match target {
                Some(t) => format!("{}: {}", who(t), pbp_three_kingdoms::effect_text(effect)),
                None => pbp_three_kingdoms::effect_text(effect),
            },
            ThreeKingdomsEvent::Summoned {
                seat,
                card: c,
                cost,
            } => {
                format!("{} summons {} for {cost}", seat_name(seat), card(c))
            }
            ThreeKingdomsEvent::Revived {
                seat,
                card: c,
                cost,
            } => {
                format!("{} revives {} for {cost}", seat_name(seat), card(c))
            }
            ThreeKingdomsEvent::Defending { general } => {
                format!("{} activates Defend", who(general))
            }
            ThreeKingdomsEvent::LordMoved { seat, to, cost } => format!(
                "{}'s Lord moves to the {} for {cost}",
                seat_name(seat),
                zone_name(*to)
            ),
            ThreeKingdomsEvent::AttackDeclared { attacker, target } => {
                format!("{} attacks {}", who(attacker), who(target))
            }
            ThreeKingdomsEvent::AmbushFoiled { general } => format!(
                "the attack on {} is foiled: it lies in Ambush",
                who(general)
            ),
            ThreeKingdomsEvent::Intercepted { seat, with } => {
                if with.is_empty() {
                    format!("{} does not intercept", seat_name(seat))
                } else {
                    let list: Vec<String> = with.iter().map(|c| own(seat, c)).collect();
                    format!(
                        "{} intercepts with {}",
                        seat_name(seat),
                        list.join(", then ")
                    )
                }
            }
            ThreeKingdomsEvent::AmbushSprung { general, won } => {
                if *won {
                    format!("{} springs its Ambush and wins", who(general))
                } else {
                    format!(
                        "{} springs its Ambush but the attacker passes",
                        who(general)
                    )
                }
            }
            ThreeKingdomsEvent::Fight {
                attacker,
                defender,
                strengths,
                first_strike,
                result,
                remaining,
            } => {
                let first = first_strike
                    .map(|f| format!(", {} strikes first", who(&f)))
                    .unwrap_or_default();
                let verdict = match result {
                    FightResult::AttackerWins => "the attacker wins",
                    FightResult::DefenderWins => "the defender wins",
                    FightResult::BothLose => "both fall",
                };
                format!(
                    "{} ({}) fights {} ({}){first}: {verdict}, {} and {} left",
                    who(attacker),
                    strengths[0],
                    who(defender),
                    strengths[1],
                    remaining[0],
                    remaining[1]
                )
            }
            ThreeKingdomsEvent::Vulnerable { who: w } => format!("{} is Vulnerable", who(w)),
            ThreeKingdomsEvent::Evacuated { who: w, removed } => {
                if *removed {
                    format!("{} is Evacuated and leaves the game", who(w))
                } else {
                    format!("{} is Evacuated to the discard pile", who(w))
                }
            }
            ThreeKingdomsEvent::CommanderFell { seat } => format!(
                "{0}'s Commander has fallen: every General of {0} is Evacuated",
                seat_name(seat)
            ),
            ThreeKingdomsEvent::Advanced { who: w } => {
                format!("{} advances into the enemy deployment zone", who(w))
            }
            ThreeKingdomsEvent::Stopped { who: w } => {
                format!("{} is stopped by the interceptors", who(w))
            }
            ThreeKingdomsEvent::FollowUpChosen { seat, with } => match with {
                Some(g) => format!("{} follows up with {}", seat_name(seat), own(seat, g)),
                None => format!("{} does not follow up", seat_name(seat)),
            },
            ThreeKingdomsEvent::EndPhase { seat } => format!("{}'s End Phase", seat_name(seat)),
            ThreeKingdomsEvent::GameMasterActs { seat } => {
                format!(
                    "the game master acts for {}, who is absent",
                    seat_name(seat)
                )
            }
            ThreeKingdomsEvent::GameOver { winner, reason } => match winner {
                Some(w) => format!("{} wins: {reason}", seat_name(w)),
                None => format!("the match is a draw: {reason}"),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pbp_core::{Actor, DiceChoice, Game, Session, Viewer};
    use pbp_three_kingdoms::{Faction, ThreeKingdomsAction, ThreeKingdomsConfig};

    fn session() -> Session<ThreeKingdoms> {
        Session::new(
            ThreeKingdomsConfig::presets(Faction::Wei, Faction::Shu),
            4,
            DiceChoice::Seeded,
        )
        .unwrap()
    }

    #[test]
    fn text_shows_both_fields_and_only_the_viewers_hand() {
        let s = session();
        let state = s.state();
        let text = |viewer| ThreeKingdoms::text(&ThreeKingdoms::view(state, viewer));
        let own = text(Viewer::Seat(Seat(0)));
        let other = text(Viewer::Seat(Seat(1)));
        assert!(own.contains("Cao Cao") && own.contains("Liu Bei"));
        let hand_line = own
            .lines()
            .find(|l| l.trim_start().starts_with("hand:"))
            .unwrap()
            .to_owned();
        assert_eq!(own.matches("  hand:").count(), 1);
        assert!(!other.contains(&hand_line));
        assert!(text(Viewer::Public).contains("Turn 1"));
    }

    #[test]
    fn svg_draws_every_character_of_both_fields() {
        let s = session();
        let state = s.state();
        let svg = ThreeKingdoms::svg(&ThreeKingdoms::view(state, Viewer::Public));
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        let cards = state.players[0].field.len() + state.players[1].field.len();
        assert_eq!(svg.matches("class=\"card\"").count(), cards);
        assert!(svg.contains("Xiahou Dun") && svg.contains("Zhang Fei"));
        assert!(svg.contains("CMD"));
    }

    #[test]
    fn bbcode_lists_events() {
        let mut s = session();
        let seat = s.state().active;
        s.act(
            Actor::Seat(seat),
            ThreeKingdomsAction::End,
            DiceChoice::Seeded,
        )
        .unwrap();
        let events: Vec<&LoggedEvent<ThreeKingdoms>> = s.log_for(Viewer::Public).collect();
        let view = ThreeKingdoms::view(s.state(), Viewer::Public);
        let post = ThreeKingdoms::bbcode(&view, &events);
        assert!(post.starts_with("[b]Three Kingdoms[/b]"));
        assert!(post.contains("Combat Phase"));
        assert!(post.contains("[list]"));
        // Each side by its faction, never "Seat N"; the post says where it stands.
        for p in &view.players {
            assert!(
                post.contains(&format!("[b]{}[/b] ", view.seat_name(p.seat))),
                "{post}"
            );
        }
        assert!(!post.contains("Seat "), "{post}");
        assert!(
            post.contains("[i]turn 1: step 1, after the setup[/i]"),
            "{post}"
        );
        for e in &events {
            assert!(!ThreeKingdoms::event_text(&e.visible.event, &view).is_empty());
        }
    }
}
