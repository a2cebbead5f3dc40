//! Invariants under random play (proptest): rice never negative, one holder per state,
//! outputs within 0..=30, generals within caps, no general on two tasks; every action's text
//! form reads back as the same action; the order parser never panics.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_core::engine::testing::{BotOptions, random_action_with, text_round_trip};
use pbp_core::{
    SeededDice,
    engine::{Actor, Game, Seat},
};
use pbp_warring_states::{
    Colour, MapSpec, PlayerSpec, School, WarringStates, WarringStatesAction, WarringStatesConfig,
    WarringStatesState,
};
use proptest::prelude::*;

fn table(n: usize, turn_limit: u32) -> WarringStatesConfig {
    let map = MapSpec::standard();
    let mut config = WarringStatesConfig {
        map: map.clone().into(),
        players: Vec::new(),
        ..WarringStatesConfig::default()
    };
    config.rules.turn_limit = turn_limit;
    let starts: Vec<String> = map
        .states
        .iter()
        .map(|s| s.name.clone())
        .filter(|s| s != "Zhou")
        .step_by(5)
        .collect();
    for (i, start) in starts.into_iter().take(n).enumerate() {
        config.players.push(PlayerSpec {
            name: format!("P{i}"),
            state: start,
            colour: Colour::ALL[i],
            school: School::ALL[(i * 3) % 5],
        });
    }
    config
}

fn check(state: &WarringStatesState) -> Result<(), TestCaseError> {
    let capital = state.map.capital;
    let mut ids = Vec::new();
    for (i, p) in state.players.iter().enumerate() {
        let seat = Seat(i as u16);
        let held = state.holdings(seat).len();
        if p.eliminated {
            prop_assert_eq!(held, 0, "an eliminated player holds states");
            prop_assert!(p.generals.is_empty());
        } else if state.outcome.is_none() {
            prop_assert!(held >= 1, "an active player holds nothing");
        }
        let cap = state.general_cap(seat) as usize;
        // Losing Zhou lowers the cap by 2 without dismissing anyone.
        let allowed = if state.holds(seat, capital) {
            cap
        } else {
            cap + 2
        };
        prop_assert!(
            p.generals.len() <= allowed,
            "seat {} has {} generals, cap {}",
            i,
            p.generals.len(),
            cap
        );
        for g in &p.generals {
            prop_assert!((1..=3).contains(&g.skill));
            prop_assert!(!ids.contains(&g.id), "general {} held twice", g.id);
            ids.push(g.id);
        }
    }
    for seat in state.active_seats() {
        let slow: Vec<u16> = (0..state.map.len() as u16)
            .filter(|&t| state.can_attack(seat, t))
            .collect();
        prop_assert_eq!(state.targets(seat), slow);
    }
    prop_assert_eq!(state.holders.len(), state.map.len());
    for h in state.holders.iter().flatten() {
        prop_assert!(usize::from(h.0) < state.players.len());
    }
    for &o in &state.output {
        prop_assert!(o <= 30);
    }
    for (seat, sheet) in &state.sheets {
        let mut used = Vec::new();
        for order in &sheet.orders {
            for g in order.generals() {
                prop_assert!(!used.contains(g), "general on two tasks");
                used.push(*g);
            }
        }
        let p = state.player(*seat).unwrap();
        prop_assert!(
            sheet.total(state, *seat) <= p.rice,
            "a sheet spends more rice than held"
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn invariants_hold_in_random_play(seed in any::<u64>(), players in 0_usize..=12) {
        let config = table(players, 20);
        let mut dice = SeededDice::new(seed);
        let mut state = WarringStates::setup(&config, &mut dice).unwrap();
        check(&state)?;
        for _ in 0..WarringStates::max_actions(&config) {
            let Some((actor, action)) = random_action_with::<WarringStates>(&state, BotOptions::WITH_RULINGS, &mut dice) else {
                break;
            };
            if let (Actor::Seat(seat), WarringStatesAction::Orders(sheet)) = (actor, &action) {
                let rice = state.player(seat).unwrap().rice;
                prop_assert!(sheet.total(&state, seat) <= rice);
            }
            // The forum post of a sheet (the game master's text of his actions) reads back as
            // the same action.
            text_round_trip::<WarringStates>(&state, actor, &action)
                .map_err(|v| TestCaseError::fail(v.0))?;
            WarringStates::apply(&mut state, actor, &action, &mut dice).unwrap();
            check(&state)?;
        }
        prop_assert!(WarringStates::turn(&state).outcome().is_some());
    }

    #[test]
    fn extreme_rules_never_panic(
        seed in any::<u64>(),
        numbers in proptest::collection::vec(any::<u32>(), 12),
        outputs in (any::<u8>(), any::<u8>()),
    ) {
        let mut config = table(6, 3);
        let r = &mut config.rules;
        r.starting_rice = numbers[0];
        r.join_bonus = numbers[1];
        r.invest_base = numbers[2];
        r.recruit_cost = numbers[3];
        r.max_recruits = numbers[4] % 1000;
        r.general_cap = numbers[5] % 1000;
        r.independent_defence = numbers[6];
        r.capital_defence = numbers[7];
        r.river_bonus = numbers[8];
        r.mohist_bonus = numbers[9];
        r.kingdom_bonus = numbers[10];
        r.legalist_bonus = numbers[11];
        r.starting_output = outputs.0;
        r.max_output = outputs.1;
        let mut dice = SeededDice::new(seed);
        let Ok(mut state) = WarringStates::setup(&config, &mut dice) else {
            return Ok(());
        };
        for _ in 0..60 {
            let Some((actor, action)) = random_action_with::<WarringStates>(&state, BotOptions::WITH_RULINGS, &mut dice) else {
                break;
            };
            WarringStates::apply(&mut state, actor, &action, &mut dice).unwrap();
        }
    }

    #[test]
    fn the_order_parser_never_panics(text in ".{0,200}", bold in "\\PC{0,80}") {
        let state = WarringStates::setup(&WarringStatesConfig::default(), &mut SeededDice::new(1)).unwrap();
        let _ = WarringStates::parse_action(&state, Actor::Seat(Seat(0)), &text);
        let _ = WarringStates::parse_action(&state, Actor::Seat(Seat(0)), &format!("[b]{bold}[/b]"));
        let _ = WarringStates::parse_action(&state, Actor::GameMaster, &text);
    }
}

proptest! {
    /// Undo restores byte-identical saves: random legal play; at every step save, act, undo and
    /// save again, and the two saves are the same bytes (and the state and log the same), with
    /// `pbp_core::engine::testing::undo_restores_the_save`.
    #[test]
    fn undo_restores_byte_identical_saves(seed in any::<u64>(), steps in 1u32..40) {
        let checked = pbp_core::engine::testing::undo_restores_the_save::<pbp_warring_states::WarringStates>(
            &pbp_warring_states::WarringStatesConfig::default(),
            seed,
            steps,
        )
        .map_err(|f| TestCaseError::fail(f.to_string()))?;
        prop_assert!(checked > 0, "no step was checked");
    }
}
