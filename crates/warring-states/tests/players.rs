//! The players and the turns of seed 003, clause by clause, with scripted dice: joining,
//! simultaneous orders, eliminations, the game master, user maps and the limits.

use pbp_core::{
    SeededDice,
    engine::{Actor, Game, Seat, Viewer},
};
use pbp_warring_states::{
    Colour, GainReason, JoinSpec, MapSpec, Order, OrderSheet, PlayerSpec, School, Trait,
    WarringStates, WarringStatesAction, WarringStatesConfig, WarringStatesError,
    WarringStatesEvent, WarringStatesState,
};

mod common;
use common::scripted::*;
use common::*;

// ---------------------------------------------------------------- players and turns

#[test]
fn turns_are_simultaneous_and_resolve_when_all_have_sent() {
    let mut s = game(&[("Lai", School::Taoist), ("Tang", School::Taoist)]);
    let acting = |s: &WarringStatesState| WarringStates::turn(s).actors().to_vec();
    assert_eq!(
        acting(&s),
        vec![Actor::Seat(S0), Actor::Seat(S1), Actor::GameMaster]
    );
    let mut d = Script::new(&[]);
    post(&mut s, S1, "[b]5 Rice for Defense of Tang.[/b]", &mut d).unwrap();
    assert_eq!(acting(&s), vec![Actor::Seat(S0), Actor::GameMaster]);
    // Final once sent.
    let again =
        WarringStates::parse_action(&s, Actor::Seat(S1), "[b]5 Rice for Defense of Tang.[/b]")
            .unwrap();
    refused(&mut s, Actor::Seat(S1), &again, &mut d, Kind::NotYourTurn);
    // Hidden until the turn resolves.
    let public = serde_json::to_string(&WarringStates::view(&s, Viewer::Public)).unwrap();
    let other = serde_json::to_string(&WarringStates::view(&s, Viewer::Seat(S0))).unwrap();
    let own = serde_json::to_string(&WarringStates::view(&s, Viewer::Seat(S1))).unwrap();
    for secret in WarringStates::secrets(&s, Viewer::Seat(S0)) {
        assert!(!other.contains(&secret) && !public.contains(&secret));
        assert!(own.contains(&secret));
    }
    assert_eq!(WarringStates::secrets(&s, Viewer::Seat(S0)).len(), 1);
    post(&mut s, S0, "[b]Pass.[/b]", &mut d).unwrap();
    assert_eq!(s.turn, 2);
    assert!(WarringStates::secrets(&s, Viewer::Public).is_empty());
}

#[test]
fn orders_count_only_when_bolded_and_quotes_are_skipped() {
    let s = game(&[("Tang", School::Taoist)]);
    let a = Actor::Seat(S0);
    assert!(matches!(
        WarringStates::parse_action(&s, a, "5 Rice for Defense of Tang."),
        Err(WarringStatesError::Parse(_))
    ));
    let quoted = "[quote=Other][b]5 Rice for Conquest of Sui.[/b][/quote]\n[B]5 Rice for Defense of Tang.[/B]";
    let WarringStatesAction::Orders(sheet) = WarringStates::parse_action(&s, a, quoted).unwrap()
    else {
        panic!()
    };
    assert_eq!(
        sheet.orders,
        vec![Order::Defense {
            state: id(&s, "Tang"),
            rice: 5,
            generals: vec![]
        }]
    );
    // The seed's example post, on Tang with Sui next door.
    let mut s = s;
    rice(&mut s, S0, 20);
    let example = "[b]5 Rice for Defense of Tang.\n5 Rice for Investing of Tang.\n10 Rice for Conquest of Sui.[/b]";
    let action = WarringStates::parse_action(&s, a, example).unwrap();
    assert_eq!(
        WarringStates::parse_action(&s, a, &WarringStates::format_action(&s, &action)).unwrap(),
        action
    );
}

/// The setup refuses `config` as a config error.
fn assert_config_refused(config: &WarringStatesConfig) {
    let result = WarringStates::setup(config, &mut SeededDice::new(1));
    assert!(
        matches!(result, Err(WarringStatesError::Config(_))),
        "{:?}",
        result.err()
    );
}

#[test]
fn zhou_is_off_limits_and_colours_and_states_are_unique() {
    let mut config = WarringStatesConfig::default();
    config.players[0].state = "Zhou".into();
    assert_config_refused(&config);
    let mut config = WarringStatesConfig::default();
    config.players[1].colour = config.players[0].colour;
    assert_config_refused(&config);
    let mut config = WarringStatesConfig::default();
    config.players[1].state = config.players[0].state.clone();
    assert_config_refused(&config);
    let mut config = WarringStatesConfig::default();
    while config.players.len() < 13 {
        let i = config.players.len();
        config.players.push(PlayerSpec {
            name: format!("x{i}"),
            state: MapSpec::standard().states[i * 5].name.clone(),
            colour: Colour::ALL[i % 12],
            school: School::Taoist,
        });
    }
    assert_config_refused(&config);
}

#[test]
fn joining_rules_adjacency_colours_and_the_turn_5_cutoff() {
    let mut d = Script::new(&[]);
    // Seat 0 (Tang) sends orders; Sui borders Tang.
    let mut s = game(&[("Tang", School::Taoist), ("Lai", School::Taoist)]);
    post(&mut s, S0, "[b]No orders.[/b]", &mut d).unwrap();
    let join = |st: &str, colour| JoinSpec {
        seat: S2,
        name: "New".into(),
        state: id(&s, st),
        colour,
        school: School::Confucian,
    };
    let gm = Actor::GameMaster;
    let mut t = s.clone();
    refused(
        &mut t,
        gm,
        &WarringStatesAction::Join(join("Sui", Colour::Blue)),
        &mut d,
        Kind::Illegal,
    );
    assert_eq!(t, s);
    refused(
        &mut t,
        gm,
        &WarringStatesAction::Join(join("Zhou", Colour::Blue)),
        &mut d,
        Kind::Illegal,
    );
    refused(
        &mut t,
        gm,
        &WarringStatesAction::Join(join("Song", Colour::Red)),
        &mut d,
        Kind::Illegal,
    );
    // Seat 1 (Lai) has not sent orders: starting next to it is allowed.
    let next_to_lai = s
        .map
        .province(id(&s, "Lai"))
        .unwrap()
        .neighbours
        .iter()
        .map(|(n, _)| *n)
        .find(|&n| s.holders[usize::from(n)].is_none() && n != s.map.capital)
        .unwrap();
    let name = s.map.name(next_to_lai).to_owned();
    play(
        &mut t,
        gm,
        &WarringStatesAction::Join(join(&name, Colour::Blue)),
        &mut d,
    )
    .unwrap();
    assert_eq!(WarringStates::turn(&t).actors().len(), 3);
    // After turn 5 begins, nobody joins.
    let mut u = game(&[("Tang", School::Taoist)]);
    for _ in 0..4 {
        close(&mut u, &mut d);
    }
    assert_eq!(u.turn, 5);
    let spec = JoinSpec {
        seat: S1,
        name: "Late".into(),
        state: id(&u, "Liao"),
        colour: Colour::Blue,
        school: School::Taoist,
    };
    assert!(matches!(
        play(&mut u, gm, &WarringStatesAction::Join(spec), &mut d),
        Err(WarringStatesError::Join(_))
    ));
}

#[test]
fn elimination_passes_generals_to_others_but_not_the_eliminator_and_rejoining() {
    let mut s = game(&[
        ("Chen", School::Taoist),
        ("Dun", School::Taoist),
        ("Lai", School::Taoist),
    ]);
    general(&mut s, S1, "Wu Qi", None, 1);
    rice(&mut s, S0, 5);
    let mut d = Script::new(&[]);
    post(&mut s, S0, "[b]5 Rice for Conquest of Dun.[/b]", &mut d).unwrap();
    post(&mut s, S1, "[b]No orders.[/b]", &mut d).unwrap();
    let events = post(&mut s, S2, "[b]No orders.[/b]", &mut d).unwrap();
    assert!(s.players[1].eliminated);
    // Seat 0 eliminated seat 1: Wu Qi goes to seat 2 (the only other, no pick drawn).
    assert!(events.iter().any(|e| matches!(
        e,
        WarringStatesEvent::GeneralJoined {
            seat: S2,
            reason: GainReason::Inherited { from: S1 },
            ..
        }
    )));
    assert_eq!(
        WarringStates::turn(&s).actors(),
        &[Actor::Seat(S0), Actor::Seat(S2), Actor::GameMaster]
    );
    // Rejoin with another colour in an independent state.
    let same = JoinSpec {
        seat: S1,
        name: "Again".into(),
        state: id(&s, "Liao"),
        colour: Colour::Yellow,
        school: School::Mohist,
    };
    refused(
        &mut s,
        Actor::GameMaster,
        &WarringStatesAction::Join(same.clone()),
        &mut d,
        Kind::Illegal,
    );
    let other = JoinSpec {
        colour: Colour::Pink,
        ..same
    };
    play(
        &mut s,
        Actor::GameMaster,
        &WarringStatesAction::Join(other),
        &mut d,
    )
    .unwrap();
    assert!(!s.players[1].eliminated);
    assert_eq!(s.players[1].rice, 12);
}

#[test]
fn the_game_master_sends_no_orders_and_seats_do_not_close_turns() {
    let mut s = game(&[("Tang", School::Taoist)]);
    let before = s.clone();
    let mut d = Script::new(&[]);
    refused(
        &mut s,
        Actor::Seat(S0),
        &WarringStatesAction::CloseTurn,
        &mut d,
        Kind::Illegal,
    );
    let sheet = WarringStatesAction::Orders(OrderSheet {
        turn: 1,
        orders: vec![],
        notes: vec![],
    });
    refused(&mut s, Actor::GameMaster, &sheet, &mut d, Kind::Illegal);
    refused(
        &mut s,
        Actor::Seat(Seat(5)),
        &sheet,
        &mut d,
        Kind::NotYourTurn,
    );
    let stale = WarringStatesAction::Orders(OrderSheet {
        turn: 2,
        orders: vec![],
        notes: vec![],
    });
    refused(&mut s, Actor::Seat(S0), &stale, &mut d, Kind::Illegal);
    assert_eq!(s, before);
}

#[test]
fn generals_of_a_player_eliminated_by_everyone_else_disperse() {
    let mut s = game(&[("Chen", School::Taoist), ("Dun", School::Taoist)]);
    let g = general(&mut s, S1, "Wu Qi", None, 1);
    rice(&mut s, S0, 5);
    let mut d = Script::new(&[]);
    post(&mut s, S0, "[b]5 Rice for Conquest of Dun.[/b]", &mut d).unwrap();
    let events = post(&mut s, S1, "[b]No orders.[/b]", &mut d).unwrap();
    assert!(events.iter().any(
        |e| matches!(e, WarringStatesEvent::GeneralLost { seat: S1, general, .. } if *general == g)
    ));
    assert!(
        s.players
            .iter()
            .all(|p| p.generals.iter().all(|x| x.id != g))
    );
}

#[test]
fn an_undefended_river_state_is_walked_into_unless_the_river_option_defends_it() {
    // Default: Zheng walks into undefended Mohist Dun across the river.
    let mut s = game(&[("Zheng", School::Taoist), ("Dun", School::Mohist)]);
    rice(&mut s, S0, 3);
    let mut d = Script::new(&[]);
    post(&mut s, S0, "[b]3 Rice for Conquest of Dun.[/b]", &mut d).unwrap();
    let events = post(&mut s, S1, "[b]No orders.[/b]", &mut d).unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, WarringStatesEvent::Conquered { walkover: true, .. }))
    );
    // The option: the river fights alone, without the Mohist bonus (no rice was set aside).
    let mut s = game(&[("Zheng", School::Taoist), ("Dun", School::Mohist)]);
    s.rules.river_defends_empty = true;
    rice(&mut s, S0, 3);
    // 3 + 2 = 5 against 0 + 1 + 5 = 6: held.
    let mut d = Script::new(&[2, 1]);
    post(&mut s, S0, "[b]3 Rice for Conquest of Dun.[/b]", &mut d).unwrap();
    let events = post(&mut s, S1, "[b]No orders.[/b]", &mut d).unwrap();
    let b = &battles(&events)[0];
    assert_eq!(
        (
            b.defence.rice,
            b.defence.river,
            b.defence.mohist,
            b.defence.total
        ),
        (0, 5, 0, 6)
    );
    assert!(s.holds(S1, id(&s, "Dun")));
}

#[test]
fn general_bonuses_are_skill_plus_trait_with_an_optional_cap_of_3() {
    for (cap, expected) in [(None, 5), (Some(3), 3)] {
        let mut s = game(&[("Chen", School::Taoist)]);
        s.rules.general_bonus_cap = cap;
        general(&mut s, S0, "Bai Qi", Some(Trait::Brave), 3);
        rice(&mut s, S0, 1);
        let mut d = Script::new(&[1, 10, 1]);
        let events = post(
            &mut s,
            S0,
            "[b]1 Rice for Conquest of Dun with Bai Qi.[/b]",
            &mut d,
        )
        .unwrap();
        assert_eq!(battles(&events)[0].attack.generals[0].bonus, expected);
    }
}

#[test]
fn a_user_map_file_is_read_validated_and_played() {
    let text = r#"{
      "name": "Two Banks",
      "capital": "Palace",
      "states": [
        {"name": "Palace", "kingdom": true, "side": "north", "river": false, "x": 100, "y": 50},
        {"name": "Ford", "kingdom": false, "side": "north", "river": true, "x": 100, "y": 150},
        {"name": "Hill", "kingdom": false, "side": "north", "river": false, "x": 200, "y": 50},
        {"name": "Marsh", "kingdom": false, "side": "south", "river": true, "x": 100, "y": 250},
        {"name": "Delta", "kingdom": false, "side": "south", "river": false, "x": 200, "y": 250}
      ],
      "borders": [["Palace", "Ford"], ["Palace", "Hill"], ["Marsh", "Delta"]],
      "crossings": [["Ford", "Marsh"]]
    }"#;
    let map = MapSpec::from_json(text).unwrap();
    assert_eq!(map.len(), 5);
    let spec: MapSpec = serde_json::from_str(text).unwrap();
    let config = WarringStatesConfig {
        map: spec.into(),
        players: vec![
            PlayerSpec {
                name: "North".into(),
                state: "Ford".into(),
                colour: Colour::Red,
                school: School::Taoist,
            },
            PlayerSpec {
                name: "South".into(),
                state: "Delta".into(),
                colour: Colour::Blue,
                school: School::Taoist,
            },
        ],
        ..WarringStatesConfig::default()
    };
    let mut s = WarringStates::setup(&config, &mut SeededDice::new(4)).unwrap();
    for p in &mut s.players {
        p.generals.clear();
    }
    // Ford attacks Marsh across the river: independent 10 + river 5.
    let mut d = Script::new(&[10, 1]);
    post(&mut s, S0, "[b]10 Rice for Conquest of Marsh.[/b]", &mut d).unwrap();
    let events = post(&mut s, S1, "[b]10 Rice for Defense of Delta.[/b]", &mut d).unwrap();
    let b = &battles(&events)[0];
    assert!(b.across_river);
    assert_eq!(b.defence.total, 10 + 1 + 5);
    assert!(s.holds(S0, s.map.find("Marsh").unwrap()));
    // A broken file is refused with the reason.
    let broken = text.replace(r#"["Ford", "Marsh"]"#, r#"["Hill", "Marsh"]"#);
    assert!(
        matches!(MapSpec::from_json(&broken), Err(WarringStatesError::Map(m)) if m.contains("river-adjacent"))
    );
}

#[test]
fn a_conquest_may_name_its_origin_which_is_checked() {
    let mut s = game(&[("Zheng", School::Taoist)]);
    give(&mut s, S0, &["Chen"]);
    rice(&mut s, S0, 10);
    let a = Actor::Seat(S0);
    let ok =
        WarringStates::parse_action(&s, a, "[b]5 Rice for Conquest of Dun from Chen.[/b]").unwrap();
    let plain = WarringStates::parse_action(&s, a, "[b]5 Rice for Conquest of Dun.[/b]").unwrap();
    assert_eq!(ok, plain);
    let far = WarringStates::parse_action(&s, a, "[b]5 Rice for Conquest of Dun from Lai.[/b]");
    assert!(
        matches!(far, Err(WarringStatesError::Orders(p)) if p[0].reason.contains("do not hold"))
    );
    let chen = id(&s, "Chen");
    s.output[usize::from(chen)] = 0;
    let wasted = WarringStates::parse_action(&s, a, "[b]5 Rice for Conquest of Dun from Chen.[/b]");
    assert!(
        matches!(wasted, Err(WarringStatesError::Orders(p)) if p[0].reason.contains("devastated"))
    );
}

#[test]
fn the_turn_gift_skips_players_at_their_cap_and_losing_zhou_dismisses_nobody() {
    let mut s = game(&[("Lai", School::Taoist), ("Tang", School::Taoist)]);
    for i in 0..5 {
        general(&mut s, S0, &format!("G{i}"), None, 1);
    }
    // Only seat 1 is below its cap: no pick is drawn, then its general (name, trait, coin).
    let mut d = Script::new(&[1, 5, 2]);
    let events = close(&mut s, &mut d);
    assert!(events.iter().any(|e| matches!(
        e,
        WarringStatesEvent::GeneralJoined {
            seat: S1,
            reason: GainReason::TurnGift,
            ..
        }
    )));
    assert_eq!(d.scripted_left(), 0);
    // Seat 0 holds Zhou with 7 generals, then loses it: the cap falls to 5, nobody leaves.
    let mut s = game(&[("Xian", School::Taoist), ("Yu", School::Taoist)]);
    give(&mut s, S0, &["Zhou"]);
    for i in 0..7 {
        general(&mut s, S0, &format!("G{i}"), None, 1);
    }
    assert_eq!(s.general_cap(S0), 7);
    rice(&mut s, S1, 30);
    let mut d = Script::new(&[]);
    post(&mut s, S0, "[b]No orders.[/b]", &mut d).unwrap();
    post(&mut s, S1, "[b]30 Rice for Conquest of Zhou.[/b]", &mut d).unwrap();
    assert!(s.holds(S1, s.map.capital));
    assert_eq!(s.general_cap(S0), 5);
    assert_eq!(s.players[0].generals.len(), 7);
}

#[test]
fn a_tie_for_the_largest_attack_picks_who_faces_the_leftover() {
    let mut s = game(&[("Zheng", School::Taoist), ("Chen", School::Taoist)]);
    rice(&mut s, S0, 4);
    rice(&mut s, S1, 4);
    // Dun's 10 between two equal attacks leaves no remainder: 5 each, no pick.
    // With 11 rice, the remainder 1 goes to the picked one (roll 2: seat 1).
    let mut s2 = game(&[
        ("Zheng", School::Taoist),
        ("Chen", School::Taoist),
        ("Dun", School::Taoist),
    ]);
    rice(&mut s2, S0, 4);
    rice(&mut s2, S1, 4);
    rice(&mut s2, S2, 11);
    let mut d = Script::new(&[2, 1, 10, 1, 10]);
    post(&mut s2, S0, "[b]4 Rice for Conquest of Dun.[/b]", &mut d).unwrap();
    post(&mut s2, S1, "[b]4 Rice for Conquest of Dun.[/b]", &mut d).unwrap();
    let events = post(&mut s2, S2, "[b]11 Rice for Defense of Dun.[/b]", &mut d).unwrap();
    let shares: Vec<(Seat, u32)> = battles(&events)
        .iter()
        .map(|b| (b.attacker, b.defence.rice))
        .collect();
    assert_eq!(shares, vec![(S0, 5), (S1, 6)]);
    let mut d = Script::new(&[1, 10, 1, 10]);
    post(&mut s, S0, "[b]4 Rice for Conquest of Dun.[/b]", &mut d).unwrap();
    let events = post(&mut s, S1, "[b]4 Rice for Conquest of Dun.[/b]", &mut d).unwrap();
    let shares: Vec<u32> = battles(&events).iter().map(|b| b.defence.rice).collect();
    assert_eq!(shares, vec![5, 5]);
}

#[test]
fn huge_numbers_are_refused_not_overflowed() {
    let mut s = game(&[("Lai", School::Confucian)]);
    s.rules.invest_base = 1;
    rice(&mut s, S0, u32::MAX);
    let a = Actor::Seat(S0);
    for text in [
        "[b]4294967295 Rice for Investing of Lai.[/b]",
        "[b]Recruit 4294967295 Generals.[/b]",
        "[b]Recruit 5 Generals.\nRecruit 4294967295 Generals.[/b]",
        "[b]4294967295 Rice for Defense of Lai.\n4294967295 Rice for Conquest of Liao.[/b]",
        "[b]99999999999999999999 Rice for Defense of Lai.[/b]",
    ] {
        // Refused where it is read (a number too large to read) or, read, by the rules.
        let result = WarringStates::parse_action(&s, a, text).and_then(|action| {
            WarringStates::apply(
                &mut s.clone(),
                a,
                &action,
                &mut pbp_core::SeededDice::new(1),
            )
        });
        assert!(
            matches!(result, Err(WarringStatesError::Orders(_))),
            "{text}: {result:?}"
        );
    }
}

/// The audit's case: an order sheet that reads fine but names a general twice, or a dismissed
/// general, is refused as illegal (exit 4 in the CLI), not as unreadable (exit 3).
#[test]
fn a_sheet_that_reads_but_breaks_the_rules_is_illegal_not_unreadable() {
    use pbp_core::engine::testing::{Contract, Kind, Rolls, refuse};
    let mut s = game(&[("Lai", School::Confucian)]);
    rice(&mut s, S0, 10);
    let general = "Lian Po".to_owned();
    s.players[0].generals.push(pbp_warring_states::General {
        id: 1,
        name: general.clone(),
        r#trait: None,
        skill: 1,
    });
    for text in [
        format!(
            "[b]1 Rice for Defense of Lai with {general}.\n1 Rice for Conquest of Liao with {general}.[/b]"
        ),
        format!("[b]1 Rice for Defense of Lai with {general}.\nDismiss General {general}.[/b]"),
    ] {
        let error = refuse::<WarringStates>(
            &Contract::sampling(),
            &mut s.clone(),
            Actor::Seat(S0),
            &text,
            Rolls::Seeded(1),
            Kind::Illegal,
        );
        assert!(error.to_string().contains(&general), "{error}");
    }
    // A line that cannot be read still refuses the post as unreadable.
    let unreadable = "[b]1 Rice for Conquest of Atlantis.[/b]";
    let result = WarringStates::parse_action(&s, Actor::Seat(S0), unreadable);
    assert!(
        matches!(result, Err(WarringStatesError::Orders(_))),
        "{result:?}"
    );
}

// ---------------------------------------------------------------- hostile players
