//! Property tests of the invariants: one scroll per team, no two characters on a square, uses
//! never above their allowance, nobody entering the enemy zone without the scroll.

use pbp_core::engine::testing;
use pbp_core::{
    SeededDice,
    engine::{Actor, Game, Seat, Turn},
};
use pbp_scroll_race::*;
use proptest::prelude::*;

fn check(before: &ScrollRaceState, after: &ScrollRaceState) -> Result<(), TestCaseError> {
    // One scroll per team, held by its own team or lying on the field.
    for team in 0..2u8 {
        match after.scrolls[usize::from(team)].holder {
            Holder::Carrier(c) => prop_assert_eq!(team_of(c), team),
            Holder::Ground(s) => {
                prop_assert!(after.config.field.cell(s).is_some());
                if let Some(c) = after.occupant(s) {
                    prop_assert_eq!(team_of(c), team, "an enemy stands on a dropped scroll");
                }
            }
            Holder::Unassigned => {
                prop_assert!(matches!(after.phase, Phase::ChooseCarriers | Phase::Over))
            }
        }
    }
    // No two characters on a square, nobody on a wall or off the field or on a summon.
    for (i, c) in after.characters.iter().enumerate() {
        for o in &after.characters[..i] {
            prop_assert_ne!(c.square, o.square, "two characters share a square");
        }
        let cell = after.config.field.cell(c.square);
        prop_assert!(cell.is_some() && cell != Some(Cell::Wall));
        prop_assert!(after.summon_at(c.square).is_none());
        // Uses never above their allowance.
        for s in &c.skills {
            if let (Some(left), Some(max)) = (s.left, s.allowance) {
                prop_assert!(left <= max);
            }
            prop_assert_eq!(s.left.is_none(), s.allowance.is_none());
        }
        // Nobody enters the enemy zone without the scroll.
        let moved = before.characters[i].square != c.square;
        if moved && after.in_enemy_zone(c.id, c.square) {
            prop_assert!(
                after.carries(c.id),
                "{} entered the enemy zone without the scroll",
                c.name
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn invariants_hold_in_random_games(seed in any::<u64>(), picks in prop::collection::vec(any::<u32>(), 20..160)) {
        let mut dice = SeededDice::new(seed);
        let mut state = ScrollRace::setup(&ScrollRaceConfig::default(), &mut dice).unwrap();
        for pick in picks {
            let Turn::Acting(actors) = ScrollRace::turn(&state) else { break };
            let mut choices = Vec::new();
            for actor in actors {
                for action in ScrollRace::legal_actions(&state, actor) {
                    choices.push((actor, action));
                }
            }
            prop_assert!(!choices.is_empty());
            let (actor, action) = choices.swap_remove(pick as usize % choices.len());
            let before = state.clone();
            testing::text_round_trip::<ScrollRace>(&state, actor, &action)
                .map_err(|v| TestCaseError::fail(v.0))?;
            ScrollRace::apply(&mut state, actor, &action, &mut dice).unwrap();
            check(&before, &state)?;
        }
    }
}

fn ruling(pick: u32) -> Ruling {
    let square = Square::new((pick % 11) as u8, ((pick / 11) % 15) as u8);
    let character = ((pick / 7) % 10) as u8;
    match pick % 5 {
        0 => Ruling::Skip,
        1 => Ruling::Place { character, square },
        2 => Ruling::GiveScroll { character },
        3 => Ruling::Clear(square),
        _ => Ruling::End { winner: None },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Game-master rulings (even ones no bot would make) keep the invariants, and a refused one
    /// changes nothing. Players' seats other than the one to play are refused too.
    #[test]
    fn rulings_and_refusals_keep_the_invariants(seed in any::<u64>(), picks in prop::collection::vec(any::<u32>(), 20..120)) {
        let mut dice = SeededDice::new(seed);
        let mut state = ScrollRace::setup(&ScrollRaceConfig::default(), &mut dice).unwrap();
        for pick in picks {
            let Turn::Acting(actors) = ScrollRace::turn(&state) else { break };
            let before = state.clone();
            if pick % 9 == 0 {
                let r = ruling(pick / 9);
                // A refused ruling changes nothing.
                let _ruled = testing::checked_apply::<ScrollRace>(&mut state, Actor::GameMaster, &ScrollRaceAction::Gm(r), &mut dice)
                    .map_err(|v| TestCaseError::fail(v.0))?;
            } else if pick % 9 == 1 {
                let intruder = Actor::Seat(Seat((pick % 10) as u16));
                if !actors.contains(&intruder) {
                    let action = ScrollRaceAction::Play { movement: None, technique: None };
                    let refused = testing::checked_apply::<ScrollRace>(&mut state, intruder, &action, &mut dice)
                        .map_err(|v| TestCaseError::fail(v.0))?;
                    prop_assert!(refused.is_err());
                    prop_assert_eq!(&state, &before);
                }
            } else {
                let mut choices = Vec::new();
                for actor in actors {
                    for action in ScrollRace::legal_actions(&state, actor) {
                        choices.push((actor, action));
                    }
                }
                let (actor, action) = choices.swap_remove(pick as usize % choices.len());
                ScrollRace::apply(&mut state, actor, &action, &mut dice).unwrap();
            }
            check(&before, &state)?;
        }
    }
}

proptest! {
    /// Undo restores byte-identical saves: random legal play; at every step save, act, undo and
    /// save again, and the two saves are the same bytes (and the state and log the same), with
    /// `pbp_core::engine::testing::undo_restores_the_save`.
    #[test]
    fn undo_restores_byte_identical_saves(seed in any::<u64>(), steps in 1u32..40) {
        let checked = pbp_core::engine::testing::undo_restores_the_save::<pbp_scroll_race::ScrollRace>(
            &pbp_scroll_race::ScrollRaceConfig::default(),
            seed,
            steps,
        )
        .map_err(|f| TestCaseError::fail(f.to_string()))?;
        prop_assert!(checked > 0, "no step was checked");
    }
}
