//! The seed's clauses outside the techniques: teams, carriers, zones, bases, dropped scrolls,
//! turns, rulings, the text form.

mod common;

use common::*;
use pbp_core::{
    ScriptedDice, SeededDice,
    engine::{Actor, Game, Seat, Turn},
};
use pbp_scroll_race::*;

fn talents(list: &[(Technique, u8)]) -> Option<Vec<Talent>> {
    Some(
        list.iter()
            .map(|&(technique, rank)| Talent { technique, rank })
            .collect(),
    )
}

/// Red's one character played by a person: Naruto, Goken 1, Katon 2, Doton 3.
fn naruto() -> CharacterConfig {
    CharacterConfig {
        name: "Naruto".into(),
        talents: talents(&[
            (Technique::Goken, 1),
            (Technique::Katon, 2),
            (Technique::Doton, 3),
        ]),
    }
}

#[test]
fn missing_players_are_computer_played_with_random_talents() {
    let config = ScrollRaceConfig {
        characters: [vec![naruto()], Vec::new()],
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
fn players_name_their_characters() {
    let names: Vec<String> = [
        "Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal", "Ivy", "Jo",
    ]
    .iter()
    .map(|n| (*n).to_owned())
    .collect();
    let config = ScrollRaceConfig {
        characters: [vec![naruto()], Vec::new()],
        carriers: [Some("Naruto".into()), Some("Blue-3".into())],
        ..ScrollRaceConfig::default()
    };
    let named = pbp_core::engine::names::named::<ScrollRace>(&config, &names).unwrap();
    // Team 0's first keeps its talents under its player's name; the carriers follow.
    assert_eq!(named.characters[0][0].name, "Ann");
    assert_eq!(
        named.characters[0][0].talents,
        config.characters[0][0].talents
    );
    assert_eq!(named.characters[1][2].name, "Hal");
    assert_eq!(named.carriers, [Some("Ann".into()), Some("Hal".into())]);
    let state = ScrollRace::setup(&named, &mut SeededDice::new(3)).unwrap();
    for (seat, name) in names.iter().enumerate() {
        let seat = Seat(u16::try_from(seat).unwrap());
        let team = if seat.0 < 5 { "Red" } else { "Blue" };
        assert_eq!(
            ScrollRace::seat_name(&state, seat),
            format!("{name} ({team})")
        );
        assert!(!state.characters[usize::from(seat.0)].npc);
    }
    // Ten names, each one a post can hold.
    let mut spaced = names.clone();
    spaced[3] = "Di Lee".into();
    let refused = pbp_core::engine::names::named::<ScrollRace>(&config, &spaced).unwrap_err();
    assert!(
        refused.to_string().contains("'Di Lee' (player 4)"),
        "{refused}"
    );
    let refused = pbp_core::engine::names::named::<ScrollRace>(&config, &names[..4]).unwrap_err();
    assert!(refused.to_string().contains("10 seats, but 4"), "{refused}");
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
    let refused =
        |r: Result<ScrollRaceState, ScrollRaceError>| matches!(r, Err(ScrollRaceError::Config(_)));
    assert!(
        refused(bad(&[(Technique::Goken, 1), (Technique::Katon, 1)])),
        "three techniques"
    );
    assert!(refused(bad(&[
        (Technique::Goken, 1),
        (Technique::Katon, 1),
        (Technique::Sprint, 1)
    ])));
    assert!(refused(bad(&[
        (Technique::Goken, 1),
        (Technique::Katon, 1),
        (Technique::Doton, 4)
    ])));
    assert!(refused(bad(&[
        (Technique::Goken, 1),
        (Technique::Goken, 2),
        (Technique::Doton, 1)
    ])));
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
    assert!(refused(ScrollRace::setup(&six, &mut SeededDice::new(1))));
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
    assert!(refused(ScrollRace::setup(&twice, &mut SeededDice::new(1))));
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
        matches!(
            ScrollRace::setup(&config, &mut SeededDice::new(1)),
            Err(ScrollRaceError::Field(_))
        ),
        "bases out of reach"
    );
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
        assert!(
            matches!(
                ScrollRace::parse_action(&g, actor, bad),
                Err(ScrollRaceError::Parse { .. })
            ),
            "{bad}"
        );
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
            let Some((actor, action)) = pbp_core::engine::testing::random_action_with::<ScrollRace>(
                &state,
                pbp_core::engine::testing::BotOptions::WITH_RULINGS,
                &mut dice,
            ) else {
                break;
            };
            ScrollRace::apply(&mut state, actor, &action, &mut dice).unwrap();
        }
    }
}

/// Seed: "Un rouleau par équipe, le porteur est désigné au début de la partie" and "L'équipe qui
/// ne commence pas peut changer de porteur après le premier tour de l'équipe adverse". A player
/// who names or keeps a carrier when it is not theirs to decide is told so by the names players
/// use (the character and its team, and the captain who decides), never as a seat number.
#[test]
fn carrier_refusals_name_the_players() {
    let mut dice = SeededDice::new(3);
    let config = ScrollRaceConfig {
        carriers: [None, None],
        ..config()
    };
    let mut state = ScrollRace::setup(&config, &mut dice).unwrap();
    let words = |state: &mut ScrollRaceState, seat: u16, action: ScrollRaceAction| {
        refused(state, Actor::Seat(Seat(seat)), &action, Kind::NotYourTurn).to_string()
    };
    // Red3 is no captain: Red1 names Red's carrier.
    let text = words(&mut state, 2, ScrollRaceAction::Carrier(2));
    assert!(text.contains("Red3 (Red)"), "{text}");
    assert!(!text.contains("seat"), "{text}");
    // Both captains name theirs; the starting team plays its first turn.
    for (seat, carrier) in [(0u16, 0u8), (5, 5)] {
        ScrollRace::apply(
            &mut state,
            Actor::Seat(Seat(seat)),
            &ScrollRaceAction::Carrier(carrier),
            &mut dice,
        )
        .unwrap();
    }
    let start = state.starting_team;
    for _ in 0..5 {
        let id = state.current().unwrap();
        act(&mut state, id, "wait", &[]);
    }
    assert_eq!(state.phase, Phase::ChangeCarrier);
    let (captain, name) = if start == 0 {
        (5u16, "Blue1")
    } else {
        (0, "Red1")
    };
    // A member of the other team, and a non-captain of the changing team, try to decide.
    for seat in [u16::from(start) * 5 + 1, captain + 2] {
        for action in [
            ScrollRaceAction::Keep,
            ScrollRaceAction::Carrier(captain as u8 + 1),
        ] {
            let text = words(&mut state, seat, action);
            let who = &state.characters[usize::from(seat)].name;
            assert!(text.contains(&format!("{who} (")), "{text}");
            assert!(text.contains(&format!("{name} (")), "{text}");
            assert!(!text.contains("seat"), "{text}");
        }
    }
}
