//! The forum post of a round: the end-of-round summary (battles, captures, scores) when a round
//! has just ended, the events covered, and each player's holdings.

use std::fmt::Write;

use pbp_clan_war::{BattleResult, ClanWar, ClanWarView, Holder};
use pbp_core::{Side, engine::LoggedEvent};

use super::events::event_text;
use super::{halves, who};
use crate::post::{position, table};
use crate::{PostOptions, bbcode_escape};

/// The post of `view` with `events`, laid out as `options` say.
pub(super) fn bbcode(
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
                bbcode_escape(&event_text(&e.visible.event, view))
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
