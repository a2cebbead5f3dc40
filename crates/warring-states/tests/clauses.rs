//! Every clause and worked example of seed 003, with scripted dice.

use pbp_core::{
    Coin, ScriptedDice,
    engine::{Actor, Game, Turn},
};
use pbp_warring_states::{
    Colour, JoinSpec, Order, OrderSheet, PlayerSpec, School, Trait, WarringStates,
    WarringStatesAction, WarringStatesConfig, WarringStatesError, WarringStatesEvent,
};

mod common;
use common::scripted::*;
use common::*;

// ---------------------------------------------------------------- worked examples

#[test]
fn example_cheng_19_rice_rolling_4_beats_12_rolling_6() {
    let mut s = game(&[
        ("Zhongshan", School::Confucian),
        ("Cheng", School::Confucian),
    ]);
    let from = s.map.province(id(&s, "Cheng")).unwrap().neighbours[0].0;
    let from_name = s.map.name(from).to_owned();
    give(&mut s, S0, &[&from_name]);
    rice(&mut s, S0, 19);
    rice(&mut s, S1, 12);
    let mut d = Script::new(&[4, 6]);
    post(&mut s, S0, "[b]19 Rice for Conquest of Cheng.[/b]", &mut d).unwrap();
    let events = post(&mut s, S1, "[b]12 Rice for Defense of Cheng.[/b]", &mut d).unwrap();
    let b = &battles(&events)[0];
    assert_eq!((b.attack.rice, b.attack.roll, b.attack.total), (19, 4, 23));
    assert_eq!(
        (b.defence.rice, b.defence.roll, b.defence.total),
        (12, 6, 18)
    );
    assert!(b.attacker_won);
    assert!(s.holds(S0, id(&s, "Cheng")));
    // Halved by pillage: 10 -> 5.
    assert_eq!(s.output_of(id(&s, "Cheng")), 5);
}

#[test]
fn example_liao_17_against_19_and_tails_kills_sun_ce() {
    let mut s = game(&[("Lai", School::Taoist), ("Liao", School::Taoist)]);
    assert!(s.map.adjacent(id(&s, "Lai"), id(&s, "Liao")));
    let sun_ce = general(&mut s, S0, "Sun Ce", Some(Trait::Brave), 1);
    general(&mut s, S1, "Cao Ren", Some(Trait::Cautious), 1);
    general(&mut s, S1, "Lu Zhou", Some(Trait::Cautious), 1);
    rice(&mut s, S0, 10);
    rice(&mut s, S1, 5);
    // Attack 4, defence 8, then Sun Ce's coin: tails.
    let mut d = Script::new(&[4, 8, 2]);
    post(
        &mut s,
        S0,
        "[b]10 Rice for Conquest of Liao with Brave General Sun Ce.[/b]",
        &mut d,
    )
    .unwrap();
    let events = post(
        &mut s,
        S1,
        "[b]5 Rice for Defense of Liao with Cautious General Cao Ren and Cautious General Lu Zhou.[/b]",
        &mut d,
    )
    .unwrap();
    let b = &battles(&events)[0];
    assert_eq!(b.attack.total, 17);
    assert_eq!(b.attack.generals[0].bonus, 3);
    assert_eq!(b.defence.total, 19);
    assert!(!b.attacker_won);
    assert!(events.iter().any(|e| matches!(e,
        WarringStatesEvent::GeneralFate { general, tosses, died: true, .. } if *general == sun_ce && tosses == &[Coin::Tails])));
    assert!(s.players[0].generals.iter().all(|g| g.id != sun_ce));
    assert!(s.holds(S1, id(&s, "Liao")));
    // The defenders' generals did not fail and toss nothing.
    assert_eq!(s.players[1].generals.len(), 2);
}

#[test]
fn example_joining_at_turn_3_gives_14_rice() {
    let mut s = game(&[("Tang", School::Legalist)]);
    let mut d = Script::new(&[]);
    close(&mut s, &mut d);
    close(&mut s, &mut d);
    assert_eq!(s.turn, 3);
    let spec = JoinSpec {
        seat: S1,
        name: "Late".into(),
        state: id(&s, "Liao"),
        colour: Colour::Blue,
        school: School::Mohist,
    };
    play(
        &mut s,
        Actor::GameMaster,
        &WarringStatesAction::Join(spec),
        &mut d,
    )
    .unwrap();
    assert_eq!(s.players[1].rice, 14);
    assert_eq!(s.players[1].generals.len(), 3);
}

#[test]
fn example_lai_output_15_and_45_invested_makes_24() {
    let mut s = game(&[("Lai", School::Legalist)]);
    let lai = id(&s, "Lai");
    assert!(!s.map.province(lai).unwrap().river);
    s.output[usize::from(lai)] = 15;
    rice(&mut s, S0, 90);
    let mut d = Script::new(&[]);
    let events = post(&mut s, S0, "[b]45 Rice for Investing of Lai.[/b]", &mut d).unwrap();
    assert_eq!(s.output_of(lai), 24);
    assert!(events.iter().any(|e| matches!(
        e,
        WarringStatesEvent::Invested {
            gain: 9,
            output: 24,
            ..
        }
    )));
    // From the next turn Lai yields 24: 45 left + 24.
    assert_eq!(s.players[0].rice, 45 + 24);
}

#[test]
fn example_dun_defends_with_15_against_zheng_and_10_against_chen() {
    let mut s = game(&[("Zheng", School::Taoist), ("Chen", School::Taoist)]);
    rice(&mut s, S0, 1);
    rice(&mut s, S1, 1);
    let mut d = Script::new(&[1, 1, 1, 1]);
    post(&mut s, S0, "[b]1 Rice for Conquest of Dun.[/b]", &mut d).unwrap();
    let events = post(&mut s, S1, "[b]1 Rice for Conquest of Dun.[/b]", &mut d).unwrap();
    let b = battles(&events);
    // Two attackers split Dun's 10 rice: 5 each (the remainder is 0).
    let zheng = b.iter().find(|x| x.attacker == S0).unwrap();
    let chen = b.iter().find(|x| x.attacker == S1).unwrap();
    assert!(zheng.across_river && !chen.across_river);
    assert_eq!(zheng.defence.river, 5);
    assert_eq!(chen.defence.river, 0);

    // One attacker at a time: 10 + 5 = 15 from Zheng, 10 from Chen.
    for (who, across, defence) in [("Zheng", true, 15), ("Chen", false, 10)] {
        let mut s = game(&[(who, School::Taoist)]);
        rice(&mut s, S0, 1);
        let mut d = Script::new(&[1, 1]);
        let events = post(&mut s, S0, "[b]1 Rice for Conquest of Dun.[/b]", &mut d).unwrap();
        let b = &battles(&events)[0];
        assert_eq!(b.across_river, across);
        assert_eq!(b.defence.rice + b.defence.river, defence);
    }
    // Holding both Zheng and Chen: no bonus (a province on Dun's side borders it).
    let mut s = game(&[("Zheng", School::Taoist)]);
    give(&mut s, S0, &["Chen"]);
    assert!(!s.across_river(S0, id(&s, "Dun")));
}

// ---------------------------------------------------------------- battles

#[test]
fn independent_states_defend_with_10_and_zhou_with_20() {
    let mut s = game(&[("Wei", School::Taoist)]);
    let zhou = s.map.capital;
    let next = s.map.province(zhou).unwrap().neighbours[0].0;
    let next_name = s.map.name(next).to_owned();
    give(&mut s, S0, &[&next_name]);
    rice(&mut s, S0, 30);
    let mut d = Script::new(&[1, 1]);
    let events = post(&mut s, S0, "[b]30 Rice for Conquest of Zhou.[/b]", &mut d).unwrap();
    assert_eq!(battles(&events)[0].defence.rice, 20);
    assert!(s.holds(S0, zhou));
    // Owning Zhou raises the general cap by 2.
    assert_eq!(s.general_cap(S0), 7);
}

#[test]
fn mohists_defend_with_3_more_and_regrow_devastated_states() {
    let mut s = game(&[("Chen", School::Taoist), ("Dun", School::Mohist)]);
    rice(&mut s, S0, 5);
    rice(&mut s, S1, 1);
    // 5 + 3 = 8 against 1 + 4 + 3 = 8: held.
    let mut d = Script::new(&[3, 4]);
    post(&mut s, S0, "[b]5 Rice for Conquest of Dun.[/b]", &mut d).unwrap();
    let events = post(&mut s, S1, "[b]1 Rice for Defense of Dun.[/b]", &mut d).unwrap();
    let b = &battles(&events)[0];
    assert_eq!(b.defence.mohist, 3);
    assert!(!b.attacker_won);
    // A devastated Mohist state gains 1 at the end of the turn.
    let mut s = game(&[("Dun", School::Mohist)]);
    give(&mut s, S0, &["Chen"]);
    let chen = id(&s, "Chen");
    s.output[usize::from(chen)] = 0;
    let mut d = Script::new(&[]);
    let events = close(&mut s, &mut d);
    assert_eq!(s.output_of(chen), 1);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, WarringStatesEvent::Regrew { state } if *state == chen))
    );
}

#[test]
fn pillage_halves_taoists_and_just_generals_pillage_less_and_stack() {
    // Output 15: the pillaged half rounds up (8), Taoist 1 less, a Just general 1 less: 6.
    let mut s = game(&[("Chen", School::Taoist)]);
    let dun = id(&s, "Dun");
    s.output[usize::from(dun)] = 15;
    general(&mut s, S0, "Tian Dan", Some(Trait::Just), 1);
    rice(&mut s, S0, 20);
    let mut d = Script::new(&[10, 1]);
    let events = post(
        &mut s,
        S0,
        "[b]20 Rice for Conquest of Dun with Tian Dan.[/b]",
        &mut d,
    )
    .unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        WarringStatesEvent::Conquered {
            pillage: 6,
            output: 9,
            ..
        }
    )));
    // A Legalist pillages the full half, rounded up: 1 falls to 0 and is devastated.
    let mut s = game(&[("Chen", School::Legalist)]);
    s.output[usize::from(dun)] = 1;
    rice(&mut s, S0, 20);
    let mut d = Script::new(&[10, 1]);
    post(&mut s, S0, "[b]20 Rice for Conquest of Dun.[/b]", &mut d).unwrap();
    assert_eq!(s.output_of(dun), 0);
    assert!(s.devastated(dun));
    // No attacks from a devastated state...
    let chen = id(&s, "Chen");
    s.holders[usize::from(chen)] = None;
    let song = id(&s, "Song");
    assert!(s.map.adjacent(dun, song));
    assert!(!s.can_attack(S0, song));
    let refused = pbp_warring_states::parse_post(&s, S0, "[b]1 Rice for Conquest of Song.[/b]");
    assert!(
        matches!(refused, Err(WarringStatesError::Orders(p)) if p[0].reason.contains("devastated"))
    );
    // ... until invested in: from the next turn it may launch attacks.
    rice(&mut s, S0, 4);
    post(&mut s, S0, "[b]4 Rice for Investing of Dun.[/b]", &mut d).unwrap();
    assert!(s.can_attack(S0, song));
}

#[test]
fn pillage_rounding_is_an_option() {
    let mut s = game(&[("Chen", School::Legalist)]);
    s.rules.pillage_rounding = pbp_warring_states::Rounding::Down;
    let dun = id(&s, "Dun");
    s.output[usize::from(dun)] = 15;
    rice(&mut s, S0, 20);
    let mut d = Script::new(&[10, 1]);
    post(&mut s, S0, "[b]20 Rice for Conquest of Dun.[/b]", &mut d).unwrap();
    assert_eq!(s.output_of(dun), 8);
}

// ---------------------------------------------------------------- rice and investment

#[test]
fn investing_costs_5_confucians_4_river_1_less_and_the_discounts_stack() {
    let s = game(&[
        ("Lai", School::Legalist),
        ("Dun", School::Confucian),
        ("Liao", School::Confucian),
    ]);
    assert_eq!(s.invest_cost(S0, id(&s, "Lai")), 5);
    assert_eq!(s.invest_cost(S1, id(&s, "Dun")), 3);
    assert_eq!(s.invest_cost(S2, id(&s, "Liao")), 4);
    assert_eq!(s.invest_cost(S0, id(&s, "Dun")), 4);
    // The seed's "each 4 Rice" reading is the option.
    let mut s4 = s.clone();
    s4.rules.invest_base = 4;
    assert_eq!(s4.invest_cost(S0, id(&s, "Lai")), 4);
}

#[test]
fn partial_investments_and_outputs_above_30_are_refused_with_nothing_applied() {
    let mut s = game(&[("Lai", School::Legalist)]);
    rice(&mut s, S0, 200);
    let before = s.clone();
    let text = "[b]7 Rice for Investing of Lai.\n5 Rice for Defense of Lai.\n300 Rice for Conquest of Atlantis.[/b]";
    let Err(WarringStatesError::Orders(problems)) =
        WarringStates::parse_action(&s, Actor::Seat(S0), text)
    else {
        panic!("must be refused");
    };
    assert_eq!(problems.len(), 2);
    assert!(problems[0].line.contains("7 Rice") && problems[0].reason.contains("partial"));
    assert!(problems[1].line.contains("Atlantis") && problems[1].reason.contains("no state"));
    let err = pbp_warring_states::parse_post(&s, S0, "[b]105 Rice for Investing of Lai.[/b]");
    assert!(matches!(err, Err(WarringStatesError::Orders(p)) if p[0].reason.contains("30")));
    // An action built by hand is checked the same way, and the state is untouched.
    let sheet = OrderSheet {
        turn: 1,
        orders: vec![Order::Invest {
            state: id(&s, "Lai"),
            rice: 7,
        }],
        notes: vec![],
    };
    let err = refused(
        &mut s,
        Actor::Seat(S0),
        &WarringStatesAction::Orders(sheet),
        &mut Script::new(&[]),
        Kind::Illegal,
    );
    assert!(
        matches!(&err, WarringStatesError::Orders(p) if p[0].reason.contains("partial")),
        "{err}"
    );
    assert_eq!(s, before);
}

#[test]
fn income_carries_over_with_kingdom_and_legalist_bonuses() {
    let mut s = game(&[("Qin", School::Legalist)]);
    give(&mut s, S0, &["Jin"]);
    rice(&mut s, S0, 7);
    s.players[0].kingdom = Some(id(&s, "Qin"));
    close(&mut s, &mut Script::new(&[]));
    // 7 kept + 10 + 10 + Kingdom 5 + Legalist 5 for the second KINGDOM-type state.
    assert_eq!(s.players[0].rice, 7 + 20 + 5 + 5);
}

// ---------------------------------------------------------------- kingdoms and victory

// The Kingdom and the Imperial victory themselves are scenario files (docs/rules/warring-states/
// a_kingdom_needs_four_adjacent_states.txt, imperial_victory.txt); what a game can reach only in
// many turns stays here.

#[test]
fn a_dominion_with_gaps_is_no_empire() {
    // Zhou and six other KINGDOM-type states, a Kingdom declared, but no states between them.
    let mut t = game(&[("Qin", School::Taoist)]);
    t.players[0].kingdom = Some(id(&t, "Qin"));
    for k in ["Zhou", "Qin", "Jin", "Zhao", "Qi", "Song", "Chu"] {
        give(&mut t, S0, &[k]);
    }
    assert!(!t.imperial(S0), "the dominion has gaps");
    let events = close(&mut t, &mut Script::new(&[]));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, WarringStatesEvent::GameOver(_)))
    );
    assert!(matches!(WarringStates::turn(&t), Turn::Acting(_)));
}

// ---------------------------------------------------------------- generals

#[test]
fn starting_generals_three_legalists_five_and_skill_by_coins() {
    let config = WarringStatesConfig {
        players: vec![
            PlayerSpec {
                name: "a".into(),
                state: "Tang".into(),
                colour: Colour::Red,
                school: School::Legalist,
            },
            PlayerSpec {
                name: "b".into(),
                state: "Lai".into(),
                colour: Colour::Teal,
                school: School::Militarist,
            },
        ],
        ..WarringStatesConfig::default()
    };
    // Legalist: 5 generals; each a name pick, a trait roll of 1-5 and skill coins.
    // Then the Militarist's 3, with a trait roll of 1-4.
    let mut script = vec![];
    for _ in 0..5 {
        script.extend([1, 5, 2]); // name 1, no trait, tails: skill 1
    }
    script.extend([2, 1, 1, 2]); // Brave, heads then tails: skill 2
    script.extend([3, 4, 1, 1]); // Just, heads heads: skill 3
    script.extend([4, 3, 2]); // Elusive, skill 1
    let s = WarringStates::setup(&config, &mut ScriptedDice::new(script)).unwrap();
    assert_eq!(s.players[0].generals.len(), 5);
    assert!(
        s.players[0]
            .generals
            .iter()
            .all(|g| g.r#trait.is_none() && g.skill == 1)
    );
    let m: Vec<(Option<Trait>, u8)> = s.players[1]
        .generals
        .iter()
        .map(|g| (g.r#trait, g.skill))
        .collect();
    assert_eq!(
        m,
        vec![
            (Some(Trait::Brave), 2),
            (Some(Trait::Just), 3),
            (Some(Trait::Elusive), 1)
        ]
    );
    assert_eq!(s.general_cap(S0), 7);
    assert_eq!(s.general_cap(S1), 7);
}

/// Seed: "it is not possible to launch attacks from Devastated States, and one must first Invest
/// in them to be able to launch attacks from it in the next Turn", and the river bonus "does
/// not apply if you have a Province that is both across the Great River AND Adjacent to the
/// target". A devastated Chen invested in this turn launches no attack this turn, so it does
/// not take the river bonus away from Dun against an attack from Zheng; the next turn it does.
#[test]
fn a_devastated_state_invested_in_this_turn_does_not_bridge_the_river_until_next_turn() {
    let mut s = game(&[("Zheng", School::Taoist)]);
    give(&mut s, S0, &["Chen"]);
    let (chen, dun) = (id(&s, "Chen"), id(&s, "Dun"));
    s.output[usize::from(chen)] = 0;
    rice(&mut s, S0, 40);
    assert!(s.across_river(S0, dun));
    let cost = s.invest_cost(S0, chen);
    let mut d = Script::new(&[1, 1]);
    let events = post(
        &mut s,
        S0,
        &format!("[b]{cost} Rice for Investing of Chen.\n1 Rice for Conquest of Dun.[/b]"),
        &mut d,
    )
    .unwrap();
    let b = &battles(&events)[0];
    assert!(b.across_river);
    assert_eq!(
        (b.defence.rice, b.defence.river, b.defence.total),
        (10, 5, 16)
    );
    // Next turn Chen yields 1 and borders Dun on its own bank: no river bonus.
    assert_eq!(s.output_of(chen), 1);
    assert!(!s.across_river(S0, dun));
    let mut d = Script::new(&[1, 1]);
    let events = post(&mut s, S0, "[b]1 Rice for Conquest of Dun.[/b]", &mut d).unwrap();
    let b = &battles(&events)[0];
    assert!(!b.across_river);
    assert_eq!(b.defence.river, 0);
}

/// Seed: "The turns of all Players are SIMULTANEOUS", and "If you do not dedicate any Rice to
/// defense of a province, any opportunistic Player can simply walk their well-fed soldiers into
/// it". Three players in a ring of bordering states each march on the next one's undefended
/// home: all three walk in (a circular movement, as a Diplomacy adjudicator would let it
/// succeed), and nobody is eliminated, since each lost one state and took another in the same
/// turn.
#[test]
fn a_ring_of_attacks_on_undefended_homes_all_succeed_and_eliminate_nobody() {
    let probe = game(&[("Lai", School::Taoist)]);
    let map = &probe.map;
    let mut ring = None;
    'find: for a in 0..map.len() as u16 {
        for &(b, _) in &map.province(a).unwrap().neighbours {
            for &(c, _) in &map.province(b).unwrap().neighbours {
                if c != a
                    && b > a
                    && c > b
                    && map.adjacent(c, a)
                    && a != map.capital
                    && b != map.capital
                    && c != map.capital
                {
                    ring = Some([a, b, c]);
                    break 'find;
                }
            }
        }
    }
    let ring = ring.expect("the map has three mutually bordering states");
    let names: Vec<String> = ring.iter().map(|&s| map.name(s).to_owned()).collect();
    let mut s = game(&[
        (&names[0], School::Taoist),
        (&names[1], School::Taoist),
        (&names[2], School::Taoist),
    ]);
    let mut d = Script::new(&[]);
    for seat in 0..3_usize {
        let next = &names[(seat + 1) % 3];
        post(
            &mut s,
            pbp_core::engine::Seat(seat as u16),
            &format!("[b]5 Rice for Conquest of {next}.[/b]"),
            &mut d,
        )
        .unwrap();
    }
    for seat in 0..3_usize {
        let next = ring[(seat + 1) % 3];
        assert!(
            s.holds(pbp_core::engine::Seat(seat as u16), next),
            "seat {seat} should hold {}",
            names[(seat + 1) % 3]
        );
        assert!(!s.players[seat].eliminated);
        // Each walked-in home is pillaged: 10 halved to 5 (Taoist: 1 less pillaged, 6).
        assert_eq!(s.output_of(next), 6);
    }
}
