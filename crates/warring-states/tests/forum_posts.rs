//! Order posts as players really write them (issue 12, items 8 and 10), the Kingdom re-check
//! after the battles (item 9), and the game master giving "no orders" for an absent player.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_core::{
    SeededDice,
    engine::{Actor, Game, Seat, Turn},
};
use pbp_warring_states::{
    Colour, General, GeneralId, JoinSpec, Order, OrderSheet, PlayerSpec, School, StateId,
    WarringStates, WarringStatesAction, WarringStatesConfig, WarringStatesError,
    WarringStatesEvent, WarringStatesState,
};

mod common;
use common::*;

fn give(s: &mut WarringStatesState, seat: Seat, names: &[StateId]) {
    for &i in names {
        s.holders[usize::from(i)] = Some(seat);
    }
}

fn general(s: &mut WarringStatesState, seat: Seat, name: &str) -> GeneralId {
    let gid = s.next_general;
    s.next_general += 1;
    s.players[usize::from(seat.0)].generals.push(General {
        id: gid,
        name: name.into(),
        r#trait: None,
        skill: 1,
    });
    gid
}

fn sheet(s: &WarringStatesState, seat: Seat, text: &str) -> Result<OrderSheet, WarringStatesError> {
    match WarringStates::parse_action(s, Actor::Seat(seat), text)? {
        WarringStatesAction::Orders(sheet) => Ok(sheet),
        other => panic!("not orders: {other:?}"),
    }
}

fn orders(s: &WarringStatesState, text: &str) -> Vec<Order> {
    sheet(s, S0, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .orders
}

fn tang() -> WarringStatesState {
    let mut s = game(&[("Tang", School::Taoist), ("Lai", School::Confucian)]);
    s.players[0].rice = 40;
    s.players[1].rice = 40;
    s
}

// ---------------------------------------------------------------- item 8: "a General"

#[test]
fn the_seeds_own_recruiting_words_read_a_an_one_and_an_additional_as_one() {
    let s = tang();
    for text in [
        "[b]5 Rice for Recruiting a General.[/b]",
        "[b]Recruit a General.[/b]",
        "[b]Recruit an additional General.[/b]",
        "[b]Recruit one General.[/b]",
        "[b]Recruit another General[/b]",
        "[b]5 Rice for Recruiting an additional General.[/b]",
        "[b]Recruit General[/b]",
    ] {
        assert_eq!(
            orders(&s, text),
            vec![Order::Recruit { count: 1 }],
            "{text}"
        );
    }
    assert_eq!(
        orders(&s, "[b]Recruit two Generals.[/b]"),
        vec![Order::Recruit { count: 2 }]
    );
    assert_eq!(
        orders(&s, "[b]10 Rice for Recruiting 2 Generals.[/b]"),
        vec![Order::Recruit { count: 2 }]
    );
    // The price still has to match: a Confucian pays 4.
    let c = sheet(&s, S1, "[b]4 Rice for Recruiting a General.[/b]").unwrap();
    assert_eq!(c.orders, vec![Order::Recruit { count: 1 }]);
    let err = sheet(&s, S1, "[b]5 Rice for Recruiting a General.[/b]").unwrap_err();
    assert!(err.to_string().contains("cost 4 rice"), "{err}");
}

// ---------------------------------------------------------------- item 10: real posts

#[test]
fn a_bold_header_is_a_note_not_a_refused_order() {
    let s = tang();
    let post = "[b]Orders for Turn 1:[/b]\n[b]5 Rice for Defense of Tang.[/b]";
    let got = sheet(&s, S0, post).unwrap();
    assert_eq!(
        got.orders,
        vec![Order::Defense {
            state: id(&s, "Tang"),
            rice: 5,
            generals: vec![]
        }]
    );
    assert_eq!(got.notes, vec!["Orders for Turn 1:".to_owned()]);
    // The sheet's text form keeps the note and reads back as the same sheet.
    let text = WarringStates::format_action(&s, &WarringStatesAction::Orders(got.clone()));
    assert_eq!(sheet(&s, S0, &text).unwrap(), got);
    // A line that names an order word is an order, and a bad one is still refused.
    let err = sheet(&s, S0, "[b]My plan: attack Sui[/b]").unwrap_err();
    assert!(matches!(err, WarringStatesError::Orders(_)), "{err}");
}

#[test]
fn a_note_that_starts_like_a_bullet_reads_back_as_the_same_note() {
    // Found by the fuzz target `text` (issue 37): a note's bullet was dropped as an order's is,
    // so the sheet written back lost one dash at each reading.
    let s = tang();
    let post = "[b]Recruit 1 General.-------- keep this quiet\n- and this[/b]";
    let got = sheet(&s, S0, post).unwrap();
    assert_eq!(got.orders, vec![Order::Recruit { count: 1 }]);
    assert_eq!(
        got.notes,
        vec![
            "-------- keep this quiet".to_owned(),
            "- and this".to_owned()
        ]
    );
    let text = WarringStates::format_action(&s, &WarringStatesAction::Orders(got.clone()));
    assert_eq!(sheet(&s, S0, &text).unwrap(), got);
}

#[test]
fn a_post_of_only_notes_or_an_empty_bold_is_not_a_final_no_orders() {
    let s = tang();
    for post in [
        "[b][/b]",
        "[b] [/b] 5 Rice for Defense of Tang.",
        "[b]Orders for Turn 1:[/b]\n5 Rice for Defense of Tang.",
    ] {
        let err = sheet(&s, S0, post).unwrap_err();
        assert!(matches!(err, WarringStatesError::Parse(_)), "{post}: {err}");
        assert!(err.to_string().contains("no bolded orders"), "{err}");
    }
    // An explicit "no orders" still passes.
    assert!(orders(&s, "[b]No orders.[/b]").is_empty());
}

#[test]
fn list_items_and_line_breaks_separate_orders() {
    let s = tang();
    let two = vec![
        Order::Defense {
            state: id(&s, "Tang"),
            rice: 5,
            generals: vec![],
        },
        Order::Invest {
            state: id(&s, "Tang"),
            rice: 5,
        },
    ];
    for post in [
        "[b][list][*]5 Rice for Defense of Tang[*]5 Rice for Investing of Tang[/list][/b]",
        "[list][*][b]5 Rice for Defense of Tang[/b][*][b]5 Rice for Investing of Tang[/b][/list]",
        "[b]5 Rice for Defense of Tang[br]5 Rice for Investing of Tang[/b]",
        "[b]5 Rice for Defense of Tang[br/]5 Rice for Investing of Tang[/b]",
        "[b][list=1][*]5 Rice for Defense of Tang[/*][*]5 Rice for Investing of Tang[/*][/list][/b]",
    ] {
        assert_eq!(orders(&s, post), two, "{post}");
    }
}

#[test]
fn gen_with_a_full_stop_a_comma_before_with_and_a_parenthesis_are_read() {
    let mut s = tang();
    let sun = general(&mut s, S0, "Sun Ce");
    let cao = general(&mut s, S0, "Cao Ren");
    let sui = id(&s, "Sui");
    let attack = |generals: Vec<GeneralId>| {
        vec![Order::Conquest {
            state: sui,
            rice: 10,
            generals,
        }]
    };
    for (post, want) in [
        (
            "[b]10 Rice for Conquest of Sui with Gen. Sun Ce.[/b]",
            vec![sun],
        ),
        (
            "[b]10 Rice for Conquest of Sui with Gen. Sun Ce and Gen. Cao Ren.[/b]",
            vec![sun, cao],
        ),
        (
            "[b]10 Rice for Conquest of Sui, with Sun Ce.[/b]",
            vec![sun],
        ),
        ("[b]10 Rice for Conquest of Sui (neutral).[/b]", vec![]),
        (
            "[b]10 Rice for Conquest of Sui (with Sun Ce, Cao Ren)[/b]",
            vec![sun, cao],
        ),
        ("[b]10 Rice for Conquest of Sui (from Tang)[/b]", vec![]),
        (
            "[b]10 Rice for Conquest of Sui (the weak one), with GEN. Sun Ce[/b]",
            vec![sun],
        ),
    ] {
        assert_eq!(orders(&s, post), attack(want), "{post}");
    }
    assert_eq!(
        orders(&s, "[b]5 Rice for Defense of Tang (home).[/b]"),
        vec![Order::Defense {
            state: id(&s, "Tang"),
            rice: 5,
            generals: vec![]
        }]
    );
    // A parenthesis naming an origin is checked like "from".
    let err = sheet(&s, S0, "[b]10 Rice for Conquest of Sui (from Lai)[/b]").unwrap_err();
    assert!(err.to_string().contains("you do not hold Lai"), "{err}");
}

#[test]
fn no_roster_holds_two_generals_of_one_name() {
    // Twelve Legalists draw sixty starting generals from 48 names: every roster's names are
    // distinct, and names repeat in the game only once all 48 are in use (then with a numeral).
    let mut config = WarringStatesConfig::default();
    config.players.clear();
    let states = [
        "Tang", "Lai", "Cheng", "Liao", "Yan", "Dai", "Xing", "Han", "Cao", "Xu", "Ju", "Teng",
    ];
    for (i, st) in states.iter().enumerate() {
        config.players.push(PlayerSpec {
            name: format!("P{i}"),
            state: (*st).into(),
            colour: Colour::ALL[i],
            school: School::Legalist,
        });
    }
    for seed in 0..20 {
        let s = WarringStates::setup(&config, &mut SeededDice::new(seed)).unwrap();
        let mut all: Vec<&str> = Vec::new();
        for p in &s.players {
            let mut names: Vec<&str> = p.generals.iter().map(|g| g.name.as_str()).collect();
            let n = names.len();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), n, "seed {seed}: {:?}", p.generals);
            all.extend(names);
        }
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n, "seed {seed}: a name is held twice");
        assert!(all.iter().any(|name| name.ends_with(" II")));
    }
}

#[test]
fn a_thirteenth_player_is_told_the_table_is_full() {
    let mut config = WarringStatesConfig::default();
    config.players.clear();
    let states = [
        "Tang", "Lai", "Cheng", "Liao", "Yan", "Dai", "Xing", "Han", "Cao", "Xu", "Ju", "Teng",
    ];
    for (i, st) in states.iter().enumerate() {
        config.players.push(PlayerSpec {
            name: format!("P{i}"),
            state: (*st).into(),
            colour: Colour::ALL[i],
            school: School::Taoist,
        });
    }
    let mut s = WarringStates::setup(&config, &mut SeededDice::new(1)).unwrap();
    let before = s.clone();
    let spec = JoinSpec {
        seat: Seat(12),
        name: "Thirteenth".into(),
        state: id(&s, "Sui"),
        colour: Colour::Red,
        school: School::Taoist,
    };
    let err = refused(
        &mut s,
        Actor::GameMaster,
        &WarringStatesAction::Join(spec),
        &mut SeededDice::new(2),
        Kind::Illegal,
    );
    assert_eq!(
        err.to_string(),
        "cannot join: the table is full: 12 players is the most the game seats, and none of them has been eliminated"
    );
    assert_eq!(s, before);
}

// ---------------------------------------------------------------- item 9: Kingdoms

/// Seat 0 holds a KINGDOM-type state with four of its neighbours; seat 1 holds a fifth.
fn kingdom_setup() -> (WarringStatesState, StateId, Vec<StateId>, StateId) {
    let mut s = game(&[("Tang", School::Taoist), ("Lai", School::Taoist)]);
    let k = s
        .map
        .kingdom_states()
        .find(|&k| {
            k != s.map.capital
                && s.map.province(k).is_some_and(|p| {
                    !p.river
                        && p.neighbours
                            .iter()
                            .filter(|&&(n, _)| n != s.map.capital)
                            .count()
                            >= 5
                })
        })
        .unwrap();
    let around: Vec<StateId> = s
        .map
        .province(k)
        .unwrap()
        .neighbours
        .iter()
        .map(|&(n, _)| n)
        .filter(|&n| n != s.map.capital)
        .collect();
    s.holders = vec![None; s.map.len()];
    give(&mut s, S0, &[k]);
    give(&mut s, S0, &around[..4]);
    give(&mut s, S1, &[around[4]]);
    s.players[0].rice = 10;
    s.players[1].rice = 10;
    let fifth = around[4];
    (s, k, around, fifth)
}

#[test]
fn a_kingdom_whose_state_falls_the_same_turn_is_not_proclaimed() {
    let (mut s, k, _, _) = kingdom_setup();
    let name = s.map.name(k).to_owned();
    let mut d = Script::new(&[]);
    let declare = format!("[b]Declare Kingdom of {name}.[/b]");
    let a = WarringStates::parse_action(&s, Actor::Seat(S0), &declare).unwrap();
    play(&mut s, Actor::Seat(S0), &a, &mut d).unwrap();
    // The KINGDOM-type state is undefended: seat 1 walks in.
    let attack = format!("[b]5 Rice for Conquest of {name}.[/b]");
    let a = WarringStates::parse_action(&s, Actor::Seat(S1), &attack).unwrap();
    let events: Vec<WarringStatesEvent> = play(&mut s, Actor::Seat(S1), &a, &mut d)
        .unwrap()
        .into_iter()
        .map(|v| v.event)
        .collect();
    assert!(s.holds(S1, k));
    assert_eq!(s.players[0].kingdom, None);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, WarringStatesEvent::Kingdom { seat: S0, .. }))
    );
    assert!(events.iter().any(|e| matches!(
        e,
        WarringStatesEvent::KingdomFailed { seat: S0, state } if *state == k
    )));
    // No +5 rice: the income is the outputs alone.
    assert_eq!(s.players[0].rice, 10 + 4 * 10);
    assert_eq!(s.general_cap(S0), 5);
}

#[test]
fn a_kingdom_that_loses_one_of_its_four_neighbours_the_same_turn_is_not_proclaimed() {
    let (mut s, k, around, _) = kingdom_setup();
    let name = s.map.name(k).to_owned();
    // Seat 1 takes one of the four neighbours instead (undefended: a walkover), from a state
    // next to it.
    let lost = around[0];
    let base = s
        .map
        .province(lost)
        .unwrap()
        .neighbours
        .iter()
        .map(|&(n, _)| n)
        .find(|&n| s.holders[usize::from(n)].is_none() && n != s.map.capital)
        .unwrap();
    give(&mut s, S1, &[base]);
    let mut d = Script::new(&[]);
    let a = WarringStates::parse_action(
        &s,
        Actor::Seat(S0),
        &format!("[b]Declare Kingdom of {name}.[/b]"),
    )
    .unwrap();
    play(&mut s, Actor::Seat(S0), &a, &mut d).unwrap();
    let attack = format!("[b]5 Rice for Conquest of {}.[/b]", s.map.name(lost));
    let a = WarringStates::parse_action(&s, Actor::Seat(S1), &attack).unwrap();
    play(&mut s, Actor::Seat(S1), &a, &mut d).unwrap();
    assert!(s.holds(S1, lost));
    assert_eq!(s.players[0].kingdom, None);
    // Unchallenged, the same declaration is proclaimed.
    let (mut s, k, _, _) = kingdom_setup();
    let a = WarringStates::parse_action(
        &s,
        Actor::Seat(S0),
        &format!("[b]Declare Kingdom of {name}.[/b]"),
    )
    .unwrap();
    play(&mut s, Actor::Seat(S0), &a, &mut d).unwrap();
    let a = WarringStates::parse_action(&s, Actor::Seat(S1), "[b]No orders.[/b]").unwrap();
    play(&mut s, Actor::Seat(S1), &a, &mut d).unwrap();
    assert_eq!(s.players[0].kingdom, Some(k));
}

// ---------------------------------------------------------------- the absent player

#[test]
fn the_game_master_gives_no_orders_for_an_absent_player() {
    let mut s = tang();
    let mut d = Script::new(&[]);
    let gm = Actor::GameMaster;
    // By seat number, colour or player name.
    for text in ["no orders 1", "no-orders yellow", "no orders P1"] {
        assert_eq!(
            WarringStates::parse_action(&s, gm, text).unwrap(),
            WarringStatesAction::NoOrders { seat: S1 },
            "{text}"
        );
    }
    let action = WarringStatesAction::NoOrders { seat: S1 };
    assert_eq!(WarringStates::format_action(&s, &action), "no orders 1");
    // A seat cannot do it for another, nor the game master twice.
    let before = s.clone();
    refused(&mut s, Actor::Seat(S0), &action, &mut d, Kind::Illegal);
    assert_eq!(s, before);
    assert!(WarringStates::legal_actions(&s, gm).contains(&action));
    let events: Vec<WarringStatesEvent> = play(&mut s, gm, &action, &mut d)
        .unwrap()
        .into_iter()
        .map(|v| v.event)
        .collect();
    assert_eq!(events, vec![WarringStatesEvent::NoOrders { seat: S1 }]);
    assert_eq!(
        WarringStates::turn(&s),
        Turn::Acting(vec![Actor::Seat(S0), Actor::GameMaster])
    );
    refused(&mut s, gm, &action, &mut d, Kind::Illegal);
    assert!(!WarringStates::legal_actions(&s, gm).contains(&action));
    // The turn resolves once the last present player has sent orders.
    let a = WarringStates::parse_action(&s, Actor::Seat(S0), "[b]Pass[/b]").unwrap();
    play(&mut s, Actor::Seat(S0), &a, &mut d).unwrap();
    assert_eq!(s.turn, 2);
}

/// Orders after the deadline: a post whose bold header names its turn ("Orders for Turn 1:",
/// "Turn 1 orders", "Turn 1:") is refused when that turn is over (or not begun), with the turn
/// it names and the turn it is, rather than applied to the turn it arrived in. A post without
/// such a header is this turn's; a header of the right turn is only a note.
#[test]
fn a_post_headed_for_a_turn_already_resolved_is_refused_not_applied_to_this_one() {
    let mut s = tang();
    let mut d = pbp_core::SeededDice::new(3);
    let a = Actor::Seat(S0);
    for header in [
        "Orders for Turn 1:",
        "Turn 1 orders",
        "turn 1",
        "ORDERS TURN 1:",
    ] {
        let post = format!("[b]{header}[/b]\n[b]5 Rice for Defense of Tang.[/b]");
        assert_eq!(sheet(&s, S0, &post).unwrap().turn, 1, "{header}");
    }
    WarringStates::apply(
        &mut s,
        Actor::GameMaster,
        &WarringStatesAction::CloseTurn,
        &mut d,
    )
    .unwrap();
    assert_eq!(s.turn, 2);
    for (header, says) in [
        (
            "Orders for Turn 1:",
            "these orders are for turn 1, but this is turn 2",
        ),
        (
            "Turn 3 orders:",
            "these orders are for turn 3, but this is turn 2",
        ),
    ] {
        let post = format!("[b]{header}[/b]\n[b]5 Rice for Defense of Tang.[/b]");
        let action = WarringStates::parse_action(&s, a, &post).unwrap();
        let err = WarringStates::apply(&mut s.clone(), a, &action, &mut d).unwrap_err();
        assert!(err.to_string().contains(says), "{header}: {err}");
    }
    // The right turn, or no turn named, or a remark that only mentions a turn: accepted.
    for post in [
        "[b]Orders for Turn 2:[/b]\n[b]5 Rice for Defense of Tang.[/b]",
        "[b]5 Rice for Defense of Tang.[/b]",
        "[b]Same plan as turn 1, more or less[/b]\n[b]5 Rice for Defense of Tang.[/b]",
    ] {
        let action = WarringStates::parse_action(&s, a, post).unwrap();
        WarringStates::apply(&mut s.clone(), a, &action, &mut d).unwrap();
    }
}
