//! The example duel.

use std::fmt::Write;

use pbp_core::engine::LoggedEvent;
use pbp_core::engine::duel::{Duel, DuelEvent, DuelView, Stance};

use crate::{PostOptions, Render};

fn stance(s: Option<Stance>) -> &'static str {
    match s {
        Some(Stance::Strike) => "strike",
        Some(Stance::Focus) => "focus",
        None => "-",
    }
}

impl Render for Duel {
    fn text(view: &DuelView) -> String {
        let mut out = format!(
            "Duel, first to {}: {} - {}\n",
            view.first_to, view.wins[0], view.wins[1]
        );
        for (seat, name) in view.names.iter().enumerate() {
            let sealed = if view.sealed[seat] {
                "sealed"
            } else {
                "choosing"
            };
            let _ = writeln!(
                out,
                "{name}: focus left {}, {sealed}, own stance {}",
                view.focus_left[seat],
                stance(view.own[seat])
            );
        }
        out
    }

    fn bbcode_with(
        view: &DuelView,
        events: &[&LoggedEvent<Duel>],
        _options: &PostOptions,
    ) -> String {
        let mut out = format!("[b]Duel[/b]: {} - {}\n", view.wins[0], view.wins[1]);
        for event in events {
            let _ = writeln!(
                out,
                "[*] {}",
                crate::bbcode_escape(&Duel::event_text(&event.visible.event, view))
            );
        }
        out
    }

    fn svg(view: &DuelView) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 200 60\" width=\"200\" height=\"60\">\
<rect width=\"200\" height=\"60\" fill=\"#f4ecd8\"/>\
<text x=\"50\" y=\"32\" font-size=\"24\" text-anchor=\"middle\">{}</text>\
<text x=\"100\" y=\"32\" font-size=\"24\" text-anchor=\"middle\">-</text>\
<text x=\"150\" y=\"32\" font-size=\"24\" text-anchor=\"middle\">{}</text>\
<text x=\"50\" y=\"52\" font-size=\"11\" text-anchor=\"middle\">{}</text>\
<text x=\"150\" y=\"52\" font-size=\"11\" text-anchor=\"middle\">{}</text></svg>",
            view.wins[0],
            view.wins[1],
            crate::escape::xml_escape(&view.names[0]),
            crate::escape::xml_escape(&view.names[1])
        )
    }

    fn event_text(event: &DuelEvent, view: &DuelView) -> String {
        let name = |seat: &pbp_core::engine::Seat| {
            view.names
                .get(usize::from(seat.0))
                .cloned()
                .unwrap_or_else(|| seat.player_name())
        };
        match event {
            DuelEvent::Sealed { seat } => format!("{} sealed a stance", name(seat)),
            DuelEvent::Chose { seat, stance: s } => {
                format!("{} chose {}", name(seat), stance(Some(*s)))
            }
            DuelEvent::Round {
                stances,
                rolls,
                winner,
            } => {
                let Some((a, b)) = rolls.last() else {
                    return format!("{} wins the round", name(winner));
                };
                let (first, second) = (stance(Some(stances[0])), stance(Some(stances[1])));
                let mut text = format!("{first} against {second}: {} to {}", a.total(), b.total());
                if a.total() == b.total() {
                    text.push_str(&format!(
                        ", the second-highest die {} to {}",
                        a.second_highest(),
                        b.second_highest()
                    ));
                }
                match rolls.len() {
                    1 => {}
                    2 => text.push_str(" on the second roll (the first was a tie)"),
                    n => text.push_str(&format!(" on roll {n} (the ones before were ties)")),
                }
                text.push_str(&format!("; {} wins the round", name(winner)));
                text
            }
            DuelEvent::Over { winner } => format!("{} wins the duel", name(winner)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pbp_core::engine::{Actor, DiceChoice, Game, Seat, Session, Viewer};

    fn text(session: &Session<Duel>, viewer: Viewer) -> String {
        Duel::text(&Duel::view(session.state(), viewer))
    }

    #[test]
    fn sealed_stances_do_not_show_to_the_other_seat() {
        let mut session = Session::<Duel>::new(Default::default(), 1, DiceChoice::Seeded).unwrap();
        session
            .act(
                Actor::Seat(Seat(0)),
                pbp_core::engine::duel::DuelAction::Choose(Stance::Focus),
                DiceChoice::Seeded,
            )
            .unwrap();
        assert!(text(&session, Viewer::Seat(Seat(0))).contains("own stance focus"));
        assert!(!text(&session, Viewer::Seat(Seat(1))).contains("focus,"));
        assert!(!text(&session, Viewer::Seat(Seat(1))).contains("own stance focus"));
        assert!(Duel::svg(&Duel::view(session.state(), Viewer::Public)).starts_with("<svg"));
    }

    /// The text of the last round of a duel played with outside dice: seat 0 focuses (three
    /// dice), seat 1 strikes (two).
    fn round_text(dice: Vec<u32>) -> String {
        let mut session = Session::<Duel>::new(Default::default(), 1, DiceChoice::Seeded).unwrap();
        let choose = |s| pbp_core::engine::duel::DuelAction::Choose(s);
        session
            .act(
                Actor::Seat(Seat(0)),
                choose(Stance::Focus),
                DiceChoice::Seeded,
            )
            .unwrap();
        session
            .act(
                Actor::Seat(Seat(1)),
                choose(Stance::Strike),
                DiceChoice::Outside(dice),
            )
            .unwrap();
        let view = Duel::view(session.state(), Viewer::Public);
        let last = session.log().last().unwrap();
        Duel::event_text(&last.visible.event, &view)
    }

    #[test]
    fn a_round_says_how_a_tie_was_broken() {
        assert_eq!(
            round_text(vec![9, 4, 1, 8, 3]),
            "focus against strike: 9 to 8; Player 1 wins the round"
        );
        assert_eq!(
            round_text(vec![8, 7, 1, 8, 4]),
            "focus against strike: 8 to 8, the second-highest die 7 to 4; Player 1 wins the round"
        );
        assert_eq!(
            round_text(vec![8, 4, 1, 8, 4, 2, 1, 1, 6, 5]),
            "focus against strike: 2 to 6 on the second roll (the first was a tie); \
             Player 2 wins the round"
        );
    }
}
