//! Seat fairness: no rule favours a seat by its number. Every place where seats are taken in
//! order is played with the seats swapped, and the simulator's rotation separates seat, faction
//! and starting position (issue 12).

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_core::engine::sim::{Bot, rotated_config, simulate};
use pbp_core::{
    SeededDice,
    engine::{Actor, Game, Seat},
};
use pbp_warring_states::{
    Colour, MapSpec, PlayerSpec, School, StateId, WarringStates, WarringStatesAction,
    WarringStatesConfig, WarringStatesEvent, WarringStatesState,
};

mod common;
use common::*;

/// A game of these players (state, colour), all Taoists without generals, each with `rice`.
fn game(players: &[(&str, Colour)], rice: u32) -> WarringStatesState {
    let config = WarringStatesConfig {
        map: MapSpec::shared_standard(),
        players: players
            .iter()
            .map(|(state, colour)| PlayerSpec {
                name: colour.label().to_owned(),
                state: (*state).into(),
                colour: *colour,
                school: School::Taoist,
            })
            .collect(),
        ..WarringStatesConfig::default()
    };
    let mut s = WarringStates::setup(&config, &mut SeededDice::new(1)).unwrap();
    for p in &mut s.players {
        p.generals.clear();
        p.rice = rice;
    }
    s
}

fn seat_of(s: &WarringStatesState, colour: Colour) -> Seat {
    Seat(s.players.iter().position(|p| p.colour == colour).unwrap() as u16)
}

/// Every seat posts its text (by colour), with these dice for the whole turn; returns the
/// colour holding `target` after the turn.
fn play(
    s: &mut WarringStatesState,
    posts: &[(Colour, &str)],
    dice: &[u32],
    target: &str,
) -> Option<Colour> {
    let mut d = Script::new(dice);
    for (colour, text) in posts {
        let actor = Actor::Seat(seat_of(s, *colour));
        let action = WarringStates::parse_action(s, actor, text).unwrap();
        WarringStates::apply(s, actor, &action, &mut d).unwrap();
    }
    let t: StateId = s.map.find(target).unwrap();
    s.holders[usize::from(t)].map(|h| s.players[usize::from(h.0)].colour)
}

const BOTH: [[(&str, Colour); 2]; 2] = [
    [("Zheng", Colour::Red), ("Chen", Colour::Blue)],
    [("Chen", Colour::Blue), ("Zheng", Colour::Red)],
];

const NEIGHBOURS: [[(&str, Colour); 2]; 2] = [
    [("Tang", Colour::Red), ("Sui", Colour::Blue)],
    [("Sui", Colour::Blue), ("Tang", Colour::Red)],
];

#[test]
fn equal_winning_attacks_go_to_each_player_on_one_of_the_two_coins_in_either_seat_order() {
    for order in BOTH {
        let mut winners = Vec::new();
        for coin in [1, 2] {
            let mut s = game(&order, 9);
            // Both attacks win their battles (10 against 1), then the coin.
            let posts = [
                (Colour::Red, "[b]9 Rice for Conquest of Dun.[/b]"),
                (Colour::Blue, "[b]9 Rice for Conquest of Dun.[/b]"),
            ];
            winners.push(play(&mut s, &posts, &[10, 1, 10, 1, coin], "Dun").unwrap());
        }
        winners.sort();
        assert_eq!(winners, vec![Colour::Red, Colour::Blue], "{order:?}");
    }
}

#[test]
fn the_leftover_of_a_split_defence_goes_to_each_largest_attack_on_one_of_the_picks() {
    // Two equal attacks of 6 on a player's Dun defended by 5: the leftover 1 goes to one of them
    // by a pick; whichever seat order, each attacker faces it on exactly one of the two picks.
    for order in BOTH {
        let mut faced = Vec::new();
        for pick in [1, 2] {
            let mut players = order.to_vec();
            players.push(("Dun", Colour::Green));
            let mut s = game(&players, 6);
            let green = usize::from(seat_of(&s, Colour::Green).0);
            s.players[green].rice = 5;
            let mut d = Script::new(&[pick, 1, 10, 1, 10]);
            let mut events = Vec::new();
            for (colour, text) in [
                (Colour::Red, "[b]6 Rice for Conquest of Dun.[/b]"),
                (Colour::Blue, "[b]6 Rice for Conquest of Dun.[/b]"),
                (Colour::Green, "[b]5 Rice for Defense of Dun.[/b]"),
            ] {
                let actor = Actor::Seat(seat_of(&s, colour));
                let action = WarringStates::parse_action(&s, actor, text).unwrap();
                events.extend(WarringStates::apply(&mut s, actor, &action, &mut d).unwrap());
            }
            for e in events {
                if let WarringStatesEvent::Battle(b) = e.event
                    && b.defence.rice == 3
                {
                    faced.push(s.players[usize::from(b.attacker.0)].colour);
                }
            }
        }
        faced.sort();
        assert_eq!(faced, vec![Colour::Red, Colour::Blue], "{order:?}");
    }
}

#[test]
fn simultaneous_conquests_resolve_the_same_in_either_seat_order() {
    // Simultaneous orders: whoever sits first and whoever posts first, two players who walk
    // into each other's undefended states swap them.
    for order in NEIGHBOURS {
        for reversed in [false, true] {
            let mut s = game(&order, 9);
            let mut posts = vec![
                (Colour::Red, "[b]9 Rice for Conquest of Sui.[/b]"),
                (Colour::Blue, "[b]9 Rice for Conquest of Tang.[/b]"),
            ];
            if reversed {
                posts.reverse();
            }
            // Both states are undefended: both walk in, no dice.
            let _ = play(&mut s, &posts, &[], "Sui");
            let holder = |name: &str| {
                let t = s.map.find(name).unwrap();
                s.holders[usize::from(t)].map(|h| s.players[usize::from(h.0)].colour)
            };
            assert_eq!(holder("Sui"), Some(Colour::Red));
            assert_eq!(holder("Tang"), Some(Colour::Blue));
        }
    }
}

#[test]
fn rotation_gives_every_seat_every_faction_and_every_position_equally() {
    let config = WarringStatesConfig::default();
    let n = config.players.len();
    let mut seat_state = vec![vec![0; n]; n];
    let mut seat_colour = vec![vec![0; n]; n];
    let mut colour_state = vec![vec![0; n]; n];
    let states: Vec<String> = config.players.iter().map(|p| p.state.clone()).collect();
    let colours: Vec<Colour> = config.players.iter().map(|p| p.colour).collect();
    for g in 0..(n * n) as u64 {
        let c = rotated_config::<WarringStates>(&config, g).unwrap();
        for (seat, p) in c.players.iter().enumerate() {
            let st = states.iter().position(|x| *x == p.state).unwrap();
            let co = colours.iter().position(|x| *x == p.colour).unwrap();
            // Colour, school and name travel together.
            assert_eq!(p.school, config.players[co].school);
            assert_eq!(p.name, config.players[co].name);
            seat_state[seat][st] += 1;
            seat_colour[seat][co] += 1;
            colour_state[co][st] += 1;
        }
        WarringStates::setup(&c, &mut SeededDice::new(g)).unwrap();
    }
    for table in [seat_state, seat_colour, colour_state] {
        assert!(table.iter().flatten().all(|&k| k == n), "{table:?}");
    }
}

#[test]
fn the_default_tables_winner_is_its_starting_state_not_its_seat() {
    // Rotating seats over 160 games (ten full cycles of 16): the seats win alike, and starting
    // in Tang (alone in the south, next to Shu) is what wins.
    let summary = simulate::<WarringStates>(
        &WarringStatesConfig::default(),
        160,
        5,
        Bot::Heuristic,
        true,
        |_| {},
    )
    .unwrap();
    assert_eq!(summary.finished, 160);
    let won: Vec<u64> = (0..4)
        .map(|s| summary.wins.get(&Seat(s)).copied().unwrap_or(0))
        .collect();
    let total: u64 = won.iter().sum();
    for w in &won {
        assert!(
            w * 4 * 10 >= total * 7 && w * 4 * 10 <= total * 13,
            "{won:?}"
        );
    }
    let tang = summary.by_position["Tang"].won;
    assert!(tang * 2 > total, "Tang won {tang} of {total}");
    // Reversing the seats of the default table moves the wins with the player, not the seat.
    let mut reversed = WarringStatesConfig::default();
    reversed.players.reverse();
    let back = simulate::<WarringStates>(&reversed, 80, 5, Bot::Heuristic, false, |_| {}).unwrap();
    let front = simulate::<WarringStates>(
        &WarringStatesConfig::default(),
        80,
        5,
        Bot::Heuristic,
        false,
        |_| {},
    )
    .unwrap();
    let red = |s: &pbp_core::engine::sim::SimulationSummary| s.by_label["red"].won;
    assert!(
        red(&back).abs_diff(red(&front)) <= 8,
        "{} {}",
        red(&back),
        red(&front)
    );
    assert!(back.wins.get(&Seat(3)).copied().unwrap_or(0) * 2 > 80);
}

#[test]
fn the_game_masters_close_and_no_orders_do_not_depend_on_seat_numbers() {
    // An absent seat 0 or an absent seat 1: the same turn either way.
    for order in NEIGHBOURS {
        let mut s = game(&order, 9);
        let absent = seat_of(&s, Colour::Red);
        let present = seat_of(&s, Colour::Blue);
        let mut d = Script::new(&[]);
        WarringStates::apply(
            &mut s,
            Actor::GameMaster,
            &WarringStatesAction::NoOrders { seat: absent },
            &mut d,
        )
        .unwrap();
        let actor = Actor::Seat(present);
        let a =
            WarringStates::parse_action(&s, actor, "[b]9 Rice for Conquest of Tang.[/b]").unwrap();
        WarringStates::apply(&mut s, actor, &a, &mut SeededDice::new(3)).unwrap();
        let tang = s.map.find("Tang").unwrap();
        assert_eq!(s.holders[usize::from(tang)], Some(present));
    }
}
