use super::events::{Names, order_text};
use super::*;
use pbp_core::engine::{Actor, DiceChoice, Game, Session, Viewer};
use pbp_warring_states::{Order, WarringStatesAction, WarringStatesConfig};

fn view(s: &Session<WarringStates>, viewer: Viewer) -> WarringStatesView {
    WarringStates::view(s.state(), viewer)
}

fn session() -> Session<WarringStates> {
    Session::<WarringStates>::new(WarringStatesConfig::default(), 5, DiceChoice::Seeded).unwrap()
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
        post.contains("[*][b]Player 1 (Red)[/b], Legalist: 10 rice; states Tang (10); generals "),
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
        table.contains(
            "[tr][td]Player 1 (Red)[/td][td]Legalist[/td][td]10[/td][td]no[/td][td]Tang (10)[/td]"
        ),
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
