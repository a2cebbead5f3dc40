//! Every clause and worked example of seed 003, with scripted dice.

use pbp_core::{Actor, Coin, Game, ScriptedDice, Seat, SeededDice, Turn, Viewer};
use pbp_warring_states::{
    Colour, GainReason, General, GeneralId, JoinSpec, MapSpec, Order, OrderSheet, PlayerSpec,
    School, Trait, WarringStates, WarringStatesAction, WarringStatesConfig, WarringStatesError,
    WarringStatesEvent, WarringStatesState,
};

mod common;
use common::*;

fn give(s: &mut WarringStatesState, seat: Seat, names: &[&str]) {
    for n in names {
        let i = id(s, n);
        s.holders[usize::from(i)] = Some(seat);
    }
}

fn general(
    s: &mut WarringStatesState,
    seat: Seat,
    name: &str,
    t: Option<Trait>,
    skill: u8,
) -> GeneralId {
    let gid = s.next_general;
    s.next_general += 1;
    s.players[usize::from(seat.0)].generals.push(General {
        id: gid,
        name: name.into(),
        r#trait: t,
        skill,
    });
    gid
}

fn rice(s: &mut WarringStatesState, seat: Seat, r: u32) {
    s.players[usize::from(seat.0)].rice = r;
}

fn post(
    s: &mut WarringStatesState,
    seat: Seat,
    text: &str,
    dice: &mut Script,
) -> Result<Vec<WarringStatesEvent>, WarringStatesError> {
    let actor = Actor::Seat(seat);
    let action = WarringStates::parse_action(s, actor, text)?;
    let events = play(s, actor, &action, dice)?;
    Ok(events.into_iter().map(|v| v.event).collect())
}

fn close(s: &mut WarringStatesState, dice: &mut Script) -> Vec<WarringStatesEvent> {
    play(s, Actor::GameMaster, &WarringStatesAction::CloseTurn, dice)
        .unwrap()
        .into_iter()
        .map(|v| v.event)
        .collect()
}

fn battles(events: &[WarringStatesEvent]) -> Vec<pbp_warring_states::Battle> {
    events
        .iter()
        .filter_map(|e| match e {
            WarringStatesEvent::Battle(b) => Some(b.clone()),
            _ => None,
        })
        .collect()
}

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
    let refused =
        WarringStates::parse_action(&s, Actor::Seat(S0), "[b]1 Rice for Conquest of Song.[/b]");
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
    let err =
        WarringStates::parse_action(&s, Actor::Seat(S0), "[b]105 Rice for Investing of Lai.[/b]");
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
    let r = play(
        &mut s,
        Actor::Seat(S0),
        &WarringStatesAction::Orders(sheet),
        &mut Script::new(&[]),
    );
    assert!(r.is_err());
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

#[test]
fn a_kingdom_needs_a_kingdom_state_and_four_adjacent_states() {
    let mut s = game(&[("Qin", School::Taoist)]);
    let qin = id(&s, "Qin");
    let ns: Vec<String> = s
        .map
        .province(qin)
        .unwrap()
        .neighbours
        .iter()
        .map(|(n, _)| s.map.name(*n).to_owned())
        .collect();
    assert!(ns.len() > 4);
    give(&mut s, S0, &[&ns[0], &ns[1], &ns[2]]);
    let refused =
        WarringStates::parse_action(&s, Actor::Seat(S0), "[b]Declare Kingdom of Qin.[/b]");
    assert!(matches!(refused, Err(WarringStatesError::Orders(_))));
    give(&mut s, S0, &[&ns[3]]);
    let cap = s.general_cap(S0);
    let events = post(
        &mut s,
        S0,
        "[b]Declare Kingdom of Qin.[/b]",
        &mut Script::new(&[]),
    )
    .unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, WarringStatesEvent::Kingdom { state, .. } if *state == qin))
    );
    assert_eq!(s.general_cap(S0), cap + 2);
}

#[test]
fn imperial_victory_needs_zhou_six_kingdom_states_and_one_dominion() {
    let mut s = game(&[("Qin", School::Taoist)]);
    s.players[0].kingdom = Some(id(&s, "Qin"));
    // Everything on the map but two KINGDOM-type states: contiguous.
    for i in 0..s.map.len() {
        let name = s.map.provinces[i].name.clone();
        if !["Wu", "Shu"].contains(&name.as_str()) {
            give(&mut s, S0, &[&name]);
        }
    }
    assert!(s.imperial(S0));
    let events = close(&mut s, &mut Script::new(&[]));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, WarringStatesEvent::GameOver(o) if o.winners == vec![S0]))
    );
    assert!(matches!(WarringStates::turn(&s), Turn::Over(_)));
    // Not without Zhou, nor with a gap.
    let mut t = game(&[("Qin", School::Taoist)]);
    t.players[0].kingdom = Some(id(&t, "Qin"));
    for k in ["Zhou", "Qin", "Jin", "Zhao", "Qi", "Song", "Chu"] {
        give(&mut t, S0, &[k]);
    }
    assert!(!t.imperial(S0), "the dominion has gaps");
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

#[test]
fn generals_up_to_three_per_order_one_rice_each_and_one_task() {
    let mut s = game(&[("Chen", School::Legalist)]);
    rice(&mut s, S0, 10);
    for n in ["A Yi", "B Er", "C San", "D Si"] {
        general(&mut s, S0, n, None, 1);
    }
    let try_post =
        |s: &WarringStatesState, text: &str| WarringStates::parse_action(s, Actor::Seat(S0), text);
    assert!(
        try_post(
            &s,
            "[b]4 Rice for Conquest of Dun with A Yi, B Er, C San and D Si.[/b]"
        )
        .is_err()
    );
    assert!(
        try_post(
            &s,
            "[b]2 Rice for Conquest of Dun with A Yi, B Er, C San.[/b]"
        )
        .is_err()
    );
    assert!(
        try_post(
            &s,
            "[b]3 Rice for Conquest of Dun with A Yi.\n3 Rice for Defense of Chen with A Yi.[/b]"
        )
        .is_err()
    );
    assert!(
        try_post(
            &s,
            "[b]3 Rice for Conquest of Dun with A Yi.\nDismiss General A Yi.[/b]"
        )
        .is_err()
    );
    assert!(
        try_post(
            &s,
            "[b]3 Rice for Conquest of Dun with A Yi, B Er and C San.[/b]"
        )
        .is_ok()
    );
}

#[test]
fn elusive_generals_die_only_on_two_tails() {
    let mut s = game(&[("Chen", School::Legalist)]);
    let e = general(&mut s, S0, "Jing She", Some(Trait::Elusive), 1);
    rice(&mut s, S0, 1);
    // Fail the attack, then tails and heads: survives.
    let mut d = Script::new(&[1, 10, 2, 1]);
    let events = post(
        &mut s,
        S0,
        "[b]1 Rice for Conquest of Dun with Jing She.[/b]",
        &mut d,
    )
    .unwrap();
    assert!(events.iter().any(
        |ev| matches!(ev, WarringStatesEvent::GeneralFate { died: false, tosses, .. } if tosses.len() == 2)
    ));
    assert!(s.players[0].generals.iter().any(|g| g.id == e));
}

#[test]
fn a_failed_defence_risks_its_generals_and_heads_survives() {
    let mut s = game(&[("Chen", School::Taoist), ("Dun", School::Taoist)]);
    let g = general(&mut s, S1, "Cao Ren", Some(Trait::Cautious), 1);
    rice(&mut s, S0, 20);
    rice(&mut s, S1, 1);
    let mut d = Script::new(&[10, 1, 1]);
    post(&mut s, S0, "[b]20 Rice for Conquest of Dun.[/b]", &mut d).unwrap();
    let events = post(
        &mut s,
        S1,
        "[b]1 Rice for Defense of Dun with Cao Ren.[/b]",
        &mut d,
    )
    .unwrap();
    assert!(
        events.iter().any(
            |e| matches!(e, WarringStatesEvent::GeneralFate { general, died: false, .. } if *general == g)
        )
    );
}

#[test]
fn recruits_cost_5_or_4_for_confucians_at_most_5_a_turn_under_the_cap() {
    let mut s = game(&[("Lai", School::Taoist), ("Liao", School::Confucian)]);
    rice(&mut s, S0, 100);
    rice(&mut s, S1, 100);
    assert!(
        WarringStates::parse_action(
            &s,
            Actor::Seat(S0),
            "[b]30 Rice for Recruiting Generals.[/b]"
        )
        .is_err()
    );
    assert!(
        WarringStates::parse_action(&s, Actor::Seat(S0), "[b]Recruit 6 Generals.[/b]").is_err()
    );
    assert!(
        WarringStates::parse_action(
            &s,
            Actor::Seat(S0),
            "[b]12 Rice for Recruiting Generals.[/b]"
        )
        .is_err()
    );
    let mut d = Script::new(&[]);
    post(
        &mut s,
        S0,
        "[b]10 Rice for Recruiting Generals.[/b]",
        &mut d,
    )
    .unwrap();
    let events = post(&mut s, S1, "[b]Recruit 5 Generals.[/b]", &mut d).unwrap();
    let recruited = |seat| {
        events.iter().filter(|e| matches!(e, WarringStatesEvent::GeneralJoined { seat: x, reason: GainReason::Recruited, .. } if *x == seat)).count()
    };
    assert_eq!(recruited(S0), 2);
    assert_eq!(recruited(S1), 5);
    // Income 10 after spending.
    assert_eq!(s.players[1].rice, 100 - 20 + 10);
    // Liao at the cap of 5 cannot recruit more.
    let refused = WarringStates::parse_action(&s, Actor::Seat(S1), "[b]Recruit 1 General.[/b]");
    assert!(matches!(refused, Err(WarringStatesError::Orders(p)) if p[0].reason.contains("cap")));
}

#[test]
fn a_dismissed_general_joins_another_player_on_heads_or_vanishes_on_tails() {
    let mut s = game(&[("Lai", School::Taoist), ("Tang", School::Taoist)]);
    let g = general(&mut s, S0, "Bai Qi", None, 2);
    let mut d = Script::new(&[1]);
    post(&mut s, S0, "[b]Dismiss General Bai Qi.[/b]", &mut d).unwrap();
    let events = post(&mut s, S1, "[b]No orders.[/b]", &mut d).unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        WarringStatesEvent::Dismissed {
            coin: Coin::Heads,
            joined: Some(S1),
            ..
        }
    )));
    assert!(s.players[1].generals.iter().any(|x| x.id == g));
    let mut s = game(&[("Lai", School::Taoist), ("Tang", School::Taoist)]);
    general(&mut s, S0, "Bai Qi", None, 2);
    let mut d = Script::new(&[2]);
    post(&mut s, S0, "[b]Dismiss Bai Qi.[/b]", &mut d).unwrap();
    post(&mut s, S1, "[b]No orders.[/b]", &mut d).unwrap();
    assert!(
        s.players
            .iter()
            .all(|p| p.generals.iter().all(|x| x.name != "Bai Qi"))
    );
}

#[test]
fn each_turn_but_the_first_a_random_player_gains_a_general_and_militarists_one_more() {
    let mut s = game(&[("Lai", School::Militarist), ("Tang", School::Taoist)]);
    // Start of turn 2: pick 1-2 (2: seat 1), its general (name, trait, coin), then the
    // Militarist's (name, trait 1-4, coin).
    let mut d = Script::new(&[2, 1, 5, 2, 1, 1, 2]);
    let events = close(&mut s, &mut d);
    assert!(events.iter().any(|e| matches!(
        e,
        WarringStatesEvent::GeneralJoined {
            seat: S1,
            reason: GainReason::TurnGift,
            ..
        }
    )));
    assert!(events.iter().any(|e| matches!(e, WarringStatesEvent::GeneralJoined { seat: S0, reason: GainReason::Militarist, general } if general.r#trait == Some(Trait::Brave))));
    assert_eq!(d.scripted_left(), 0);
}

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

#[test]
fn zhou_is_off_limits_and_colours_and_states_are_unique() {
    let mut config = WarringStatesConfig::default();
    config.players[0].state = "Zhou".into();
    assert!(WarringStates::setup(&config, &mut SeededDice::new(1)).is_err());
    let mut config = WarringStatesConfig::default();
    config.players[1].colour = config.players[0].colour;
    assert!(WarringStates::setup(&config, &mut SeededDice::new(1)).is_err());
    let mut config = WarringStatesConfig::default();
    config.players[1].state = config.players[0].state.clone();
    assert!(WarringStates::setup(&config, &mut SeededDice::new(1)).is_err());
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
    assert!(WarringStates::setup(&config, &mut SeededDice::new(1)).is_err());
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
        map: spec,
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
        assert!(WarringStates::parse_action(&s, a, text).is_err(), "{text}");
    }
}
