//! The seed's clauses outside the techniques: teams, carriers, zones, bases, dropped scrolls,
//! turns, rulings, the text form.

mod common;

use common::*;
use pbp_core::{Actor, Game, ScriptedDice, Seat, SeededDice, Turn, Viewer};
use pbp_scroll_race::*;

fn talents(list: &[(Technique, u8)]) -> Option<Vec<Talent>> {
    Some(
        list.iter()
            .map(|&(technique, rank)| Talent { technique, rank })
            .collect(),
    )
}

#[test]
fn missing_players_are_computer_played_with_random_talents() {
    let config = ScrollRaceConfig {
        characters: [
            vec![CharacterConfig {
                name: "Naruto".into(),
                talents: talents(&[
                    (Technique::Goken, 1),
                    (Technique::Katon, 2),
                    (Technique::Doton, 3),
                ]),
            }],
            Vec::new(),
        ],
        ..ScrollRaceConfig::default()
    };
    // Coin, then for each of the nine computer-played characters three (pick, rank) draws.
    let mut rolls = vec![1];
    for _ in 0..9 {
        rolls.extend([1, 3, 1, 2, 12, 1]);
    }
    let mut dice = ScriptedDice::new(rolls);
    let state = ScrollRace::setup(&config, &mut dice).unwrap();
    assert_eq!(dice.remaining(), 0);
    assert_eq!(state.characters.len(), 10);
    assert!(!state.characters[0].npc);
    assert_eq!(&*state.characters[0].name, "Naruto");
    for c in &state.characters[1..] {
        assert!(c.npc);
        let t: Vec<(Technique, u8)> = c.skills[2..]
            .iter()
            .map(|s| (s.technique, s.rank))
            .collect();
        // Pick 1 of 14 (Gôken), 1 of 13 (Suiken), 12 of 12 (Suiton).
        assert_eq!(
            t,
            vec![
                (Technique::Goken, 3),
                (Technique::Suiken, 2),
                (Technique::Suiton, 1)
            ]
        );
    }
    assert_eq!(&*state.characters[1].name, "Red-2");
    assert_eq!(state.characters[7].team, 1);
}

#[test]
fn the_starting_team_is_drawn_by_lot() {
    for (roll, team) in [(1u32, 0u8), (2, 1)] {
        let mut state = game();
        let config = state.config.clone();
        state = ScrollRace::setup(&config, &mut ScriptedDice::new([roll])).unwrap();
        assert_eq!(state.starting_team, team);
        assert_eq!(state.order[0], team * 5);
        assert_eq!(
            ScrollRace::turn(&state).actors()[0],
            Actor::Seat(Seat(u16::from(team) * 5))
        );
    }
}

#[test]
fn bad_characters_are_refused() {
    let bad = |list: &[(Technique, u8)]| {
        let config = ScrollRaceConfig {
            characters: [
                vec![CharacterConfig {
                    name: "Sakura".into(),
                    talents: talents(list),
                }],
                vec![],
            ],
            ..ScrollRaceConfig::default()
        };
        ScrollRace::setup(&config, &mut SeededDice::new(1))
    };
    assert!(
        bad(&[(Technique::Goken, 1), (Technique::Katon, 1)]).is_err(),
        "three techniques"
    );
    assert!(
        bad(&[
            (Technique::Goken, 1),
            (Technique::Katon, 1),
            (Technique::Sprint, 1)
        ])
        .is_err()
    );
    assert!(
        bad(&[
            (Technique::Goken, 1),
            (Technique::Katon, 1),
            (Technique::Doton, 4)
        ])
        .is_err()
    );
    assert!(
        bad(&[
            (Technique::Goken, 1),
            (Technique::Goken, 2),
            (Technique::Doton, 1)
        ])
        .is_err()
    );
    assert!(
        bad(&[
            (Technique::Goken, 1),
            (Technique::Katon, 2),
            (Technique::Doton, 3)
        ])
        .is_ok()
    );
    let six = ScrollRaceConfig {
        characters: [
            (0..6)
                .map(|i| CharacterConfig {
                    name: format!("P{i}x"),
                    talents: None,
                })
                .collect(),
            vec![],
        ],
        ..ScrollRaceConfig::default()
    };
    assert!(ScrollRace::setup(&six, &mut SeededDice::new(1)).is_err());
    let twice = ScrollRaceConfig {
        characters: [
            vec![CharacterConfig {
                name: "Lee".into(),
                talents: None,
            }],
            vec![CharacterConfig {
                name: "lee".into(),
                talents: None,
            }],
        ],
        ..ScrollRaceConfig::default()
    };
    assert!(ScrollRace::setup(&twice, &mut SeededDice::new(1)).is_err());
    let mut field = Field::standard();
    field.starts[1].pop();
    let config = ScrollRaceConfig {
        field,
        ..ScrollRaceConfig::default()
    };
    assert!(matches!(
        ScrollRace::setup(&config, &mut SeededDice::new(1)),
        Err(ScrollRaceError::Field(_))
    ));
}

#[test]
fn a_user_field_is_read_from_json_and_validated() {
    let json = r##"{"field": {"rows": ["aAa", "a#a", "...", "b.b", "bBb"],
        "starts": [[{"x":0,"y":0},{"x":2,"y":0},{"x":0,"y":1},{"x":2,"y":1},{"x":0,"y":2}],
                   [{"x":0,"y":4},{"x":2,"y":4},{"x":0,"y":3},{"x":2,"y":3},{"x":1,"y":3}]]}}"##;
    let config: ScrollRaceConfig = serde_json::from_str(json).unwrap();
    let state = ScrollRace::setup(&config, &mut SeededDice::new(1)).unwrap();
    assert_eq!(state.config.field.height(), 5);
    let walled = json.replace("\"...\"", "\"###\"");
    let config: ScrollRaceConfig = serde_json::from_str(&walled).unwrap();
    assert!(
        ScrollRace::setup(&config, &mut SeededDice::new(1)).is_err(),
        "bases out of reach"
    );
}

#[test]
fn only_captains_choose_carriers_and_play_starts_when_both_have() {
    let mut state = ScrollRace::setup(
        &ScrollRaceConfig::default(),
        &mut ScriptedDice::new(
            std::iter::once(1).chain(std::iter::repeat_n([1, 1, 1, 1, 1, 1], 10).flatten()),
        ),
    )
    .unwrap();
    assert_eq!(state.phase, Phase::ChooseCarriers);
    let none = &mut ScriptedDice::new([]);
    refused(
        &mut state,
        Actor::Seat(Seat(1)),
        &ScrollRaceAction::Carrier(2),
        Kind::NotYourTurn,
    );
    refused(
        &mut state,
        Actor::Seat(Seat(0)),
        &ScrollRaceAction::Carrier(7),
        Kind::Illegal,
    );
    ScrollRace::apply(
        &mut state,
        Actor::Seat(Seat(0)),
        &ScrollRaceAction::Carrier(2),
        none,
    )
    .unwrap();
    refused(
        &mut state,
        Actor::Seat(Seat(0)),
        &ScrollRaceAction::Carrier(3),
        Kind::NotYourTurn,
    );
    assert_eq!(state.phase, Phase::ChooseCarriers);
    ScrollRace::apply(
        &mut state,
        Actor::Seat(Seat(5)),
        &ScrollRaceAction::Carrier(9),
        none,
    )
    .unwrap();
    assert_eq!(state.phase, Phase::Play);
    assert_eq!((state.carrier(0), state.carrier(1)), (Some(2), Some(9)));
}

#[test]
fn the_other_team_may_change_carrier_after_the_first_player_in_alternate_order() {
    let mut g = game();
    std::sync::Arc::make_mut(&mut g.config).order = TurnOrder::Alternate;
    let config = g.config.clone();
    let mut g = ScrollRace::setup(&config, &mut ScriptedDice::new([2])).unwrap();
    assert_eq!(g.order[..4], [5, 0, 6, 1]);
    let none = &mut ScriptedDice::new([]);
    ScrollRace::apply(
        &mut g,
        Actor::Seat(Seat(5)),
        &ScrollRaceAction::Play {
            movement: None,
            technique: None,
        },
        none,
    )
    .unwrap();
    assert_eq!(g.phase, Phase::ChangeCarrier);
    assert_eq!(ScrollRace::turn(&g).actors()[0], Actor::Seat(Seat(0)));
    ScrollRace::apply(
        &mut g,
        Actor::Seat(Seat(0)),
        &ScrollRaceAction::Carrier(3),
        none,
    )
    .unwrap();
    assert_eq!(g.carrier(0), Some(3));
    assert_eq!(g.current(), Some(0));
}

#[test]
fn only_the_carrier_enters_the_enemy_zone_and_is_revealed_there() {
    let mut g = game();
    put(&mut g, 1, "f9");
    let err = try_act(&mut g, 1, "step s", &[]).unwrap_err();
    assert!(err.to_string().contains("only the scroll carrier"));
    put(&mut g, 0, "e9");
    let events = act(&mut g, 0, "step s", &[]);
    assert!(has(&events, |e| matches!(
        e,
        ScrollRaceEvent::EnteredEnemyZone { character: 0 }
    )));
    assert_eq!(ScrollRace::view(&g, seat(5)).scrolls[0].carrier, Some(0));
    // Passing from inside the enemy zone is not allowed.
    put(&mut g, 1, "e9");
    refuse(&mut g, 0, "pass Red2", &[], Kind::Illegal);
}

#[test]
fn bringing_the_scroll_into_the_enemy_base_wins() {
    let mut g = game();
    put(&mut g, 0, "f14");
    let events = act(&mut g, 0, "step s", &[]);
    assert!(has(&events, |e| matches!(
        e,
        ScrollRaceEvent::GameOver(Ending {
            winner: Some(0),
            ..
        })
    )));
    let Turn::Over(outcome) = ScrollRace::turn(&g) else {
        panic!("not over")
    };
    assert_eq!(outcome.winners, team_seats(0));
    assert!(ScrollRace::legal_actions(&g, Actor::Seat(Seat(5))).is_empty());
    assert_eq!(
        ScrollRace::apply(
            &mut g,
            Actor::GameMaster,
            &ScrollRaceAction::Gm(Ruling::Skip),
            &mut ScriptedDice::new([])
        ),
        Err(ScrollRaceError::Over)
    );
    // A non-carrier can never get there; a sprint through the base wins on arrival.
    let mut g = game();
    put(&mut g, 0, "e13");
    let events = act(&mut g, 0, "sprint s e", &[]);
    assert_eq!(at(&g, 0), sq("e15"));
    assert!(has(&events, |e| matches!(e, ScrollRaceEvent::GameOver(_))));
}

#[test]
fn a_dropped_scroll_bars_the_enemy_and_its_team_picks_it_up() {
    let mut g = game();
    teach(&mut g, 1, Technique::Goken, 3);
    put(&mut g, 1, "f8");
    put(&mut g, 5, "f9");
    act(&mut g, 1, "goken Blue1", &[75, 75]);
    assert_eq!(g.scrolls[1].holder, Holder::Ground(sq("f9")));
    assert_eq!(
        ScrollRace::view(&g, Viewer::Public).scrolls[1].ground,
        Some(sq("f9"))
    );
    // Blue1 was pushed to f10; the enemy cannot step onto the scroll.
    assert!(
        try_act(&mut g, 1, "step s", &[])
            .unwrap_err()
            .to_string()
            .contains("enemy scroll")
    );
    let events = act(&mut g, 5, "step n", &[]);
    assert!(has(&events, |e| matches!(
        e,
        ScrollRaceEvent::PickedUp {
            team: 1,
            carrier: 5
        }
    )));
    assert_eq!(g.carrier(1), Some(5));
    // A teammate may pick it up too, even inside its enemy zone.
    let mut g = game();
    teach(&mut g, 1, Technique::Goken, 3);
    put(&mut g, 5, "f6");
    put(&mut g, 1, "f5");
    act(&mut g, 1, "goken Blue1", &[100, 75]);
    assert_eq!(g.scrolls[1].holder, Holder::Ground(sq("f6")));
    put(&mut g, 5, "a8");
    put(&mut g, 6, "f7");
    act(&mut g, 6, "step n", &[]);
    assert_eq!(g.carrier(1), Some(6));
}

#[test]
fn the_game_master_rules_where_the_seed_is_silent() {
    let mut g = game();
    let gm = Actor::GameMaster;
    let none = &mut ScriptedDice::new([]);
    let rule = |g: &mut ScrollRaceState, text: &str| {
        let action = ScrollRace::parse_action(g, Actor::GameMaster, text).unwrap();
        ScrollRace::apply(g, Actor::GameMaster, &action, &mut ScriptedDice::new([]))
    };
    let current = g.current().unwrap();
    let skipped = ScrollRace::apply(&mut g, gm, &ScrollRaceAction::Gm(Ruling::Skip), none).unwrap();
    assert_ne!(g.current(), Some(current));
    // A skip is the organizer's, not a paralysis: its own event, never "lost its turn".
    assert!(
        skipped
            .iter()
            .any(|e| e.event == ScrollRaceEvent::Skipped { character: current })
    );
    assert!(
        !skipped
            .iter()
            .any(|e| matches!(e.event, ScrollRaceEvent::TurnLost { .. }))
    );
    rule(&mut g, "gm place Red3 f8").unwrap();
    assert_eq!(at(&g, 2), sq("f8"));
    assert!(rule(&mut g, "place Red3 f12").is_err());
    let events = rule(&mut g, "gm give Blue4").unwrap();
    assert_eq!(g.carrier(1), Some(8));
    assert!(
        seen(&events, seat(0))
            .iter()
            .all(|e| !matches!(e, ScrollRaceEvent::ScrollGiven { .. }))
    );
    teach(&mut g, 1, Technique::Kuchiyose, 1);
    put(&mut g, 1, "c8");
    act(&mut g, 1, "kuchiyose c9", &[]);
    rule(&mut g, "gm clear c9").unwrap();
    assert!(g.summons.is_empty());
    refused(
        &mut g,
        Actor::Seat(Seat(1)),
        &ScrollRaceAction::Gm(Ruling::Skip),
        Kind::NotYourTurn,
    );
    refused(&mut g, gm, &ScrollRaceAction::Keep, Kind::Illegal);
    rule(&mut g, "gm end Blue").unwrap();
    assert_eq!(
        ScrollRace::turn(&g).outcome().unwrap().winners,
        team_seats(1)
    );
}

#[test]
fn the_organizer_calls_a_draw_at_the_round_limit() {
    let mut g = game();
    std::sync::Arc::make_mut(&mut g.config).round_limit = Some(1);
    for id in 0..10u8 {
        act(&mut g, id, "wait", &[]);
    }
    let Turn::Over(outcome) = ScrollRace::turn(&g) else {
        panic!("not over")
    };
    assert!(outcome.winners.is_empty());
}

#[test]
fn french_aliases_read_the_same_actions() {
    let mut g = game();
    put(&mut g, 1, "f7");
    put(&mut g, 5, "f9");
    let actor = Actor::Seat(Seat(1));
    let fr = ScrollRace::parse_action(&g, actor, "avance sud puis gôken Blue1").unwrap();
    let en = ScrollRace::parse_action(&g, actor, "step s; goken Blue1").unwrap();
    assert_eq!(fr, en);
    assert_eq!(
        ScrollRace::parse_action(&g, actor, "passe Red1").unwrap(),
        ScrollRace::parse_action(&g, actor, "pass Red1").unwrap()
    );
    assert_eq!(
        ScrollRace::parse_action(&g, actor, "garder").unwrap(),
        ScrollRaceAction::Keep
    );
    assert_eq!(
        ScrollRace::parse_action(&g, actor, "porteur Red3").unwrap(),
        ScrollRaceAction::Carrier(2)
    );
    assert!(ScrollRace::parse_action(&g, actor, "sensoriel").is_ok());
    assert!(ScrollRace::parse_action(&g, actor, "sprint nord est").is_ok());
    for bad in [
        "",
        "dance",
        "step x",
        "goken",
        "goken Nobody",
        "kuchiyose 9z",
        "step n; step s; doton",
    ] {
        assert!(ScrollRace::parse_action(&g, actor, bad).is_err(), "{bad}");
    }
}

#[test]
fn every_legal_action_reads_back_from_its_text() {
    for seed in 0..6 {
        let mut dice = SeededDice::new(seed);
        let mut state = ScrollRace::setup(&ScrollRaceConfig::default(), &mut dice).unwrap();
        for _ in 0..40 {
            let Turn::Acting(actors) = ScrollRace::turn(&state) else {
                break;
            };
            for &actor in &actors {
                for action in ScrollRace::legal_actions(&state, actor) {
                    let text = ScrollRace::format_action(&state, &action);
                    assert_eq!(
                        ScrollRace::parse_action(&state, actor, &text),
                        Ok(action),
                        "{text}"
                    );
                }
            }
            let Some((actor, action)) =
                pbp_core::testing::random_action::<ScrollRace>(&state, &mut dice)
            else {
                break;
            };
            ScrollRace::apply(&mut state, actor, &action, &mut dice).unwrap();
        }
    }
}

#[test]
fn a_burnt_character_cannot_jump_and_own_traps_are_not_doubled() {
    let mut g = game();
    teach(&mut g, 1, Technique::Fuuton, 3);
    put(&mut g, 1, "f7");
    put(&mut g, 5, "f8");
    g.characters[1].burned = true;
    refuse(&mut g, 1, "fuuton Blue1", &[], Kind::Illegal);
    let mut g = game();
    teach(&mut g, 1, Technique::Fuinjutsu, 1);
    teach(&mut g, 2, Technique::Suiton, 1);
    put(&mut g, 1, "f7");
    put(&mut g, 2, "g8");
    act(&mut g, 1, "fuinjutsu f8", &[]);
    refuse(&mut g, 2, "suiton f8", &[], Kind::Illegal);
    // The enemy may lay its own trap on the same square without learning of the first one.
    teach(&mut g, 6, Technique::Suiton, 1);
    put(&mut g, 6, "f9");
    act(&mut g, 6, "suiton f8", &[]);
    assert_eq!(g.traps.len(), 2);
}

#[test]
fn a_dropped_scroll_cannot_be_handed_over_at_the_carrier_change() {
    let mut g = game();
    g.change_done = false;
    g.scrolls[1].holder = Holder::Ground(sq("f9"));
    // Team 0's five turns, then the change.
    for id in 0..5u8 {
        act(&mut g, id, "wait", &[]);
    }
    assert_eq!(g.phase, Phase::ChangeCarrier);
    let captain = Actor::Seat(captain(1));
    assert_eq!(
        ScrollRace::legal_actions(&g, captain),
        vec![ScrollRaceAction::Keep]
    );
    let none = &mut ScriptedDice::new([]);
    refused(
        &mut g,
        captain,
        &ScrollRaceAction::Carrier(6),
        Kind::Illegal,
    );
    refused(
        &mut g,
        Actor::Seat(Seat(6)),
        &ScrollRaceAction::Keep,
        Kind::NotYourTurn,
    );
    ScrollRace::apply(&mut g, captain, &ScrollRaceAction::Keep, none).unwrap();
    assert_eq!(g.current(), Some(5));
}
