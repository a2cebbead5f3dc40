use super::*;
use pbp_core::engine::{Actor, DiceChoice, Game, Seat, Session, Viewer};
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
