//! Every technique at every rank, with scripted chances (a roll of 1-100 succeeds at or under the
//! percentage; 100% draws nothing).

mod common;

use common::*;
use pbp_core::{Game, Viewer};
use pbp_scroll_race::*;

// Characters: 0-4 are Red1-Red5 (team 0, zone rows 1-6), 5-9 are Blue1-Blue5 (team 1, zone rows 10-15).
// Rows 7-9 are neutral. Red1 (0) and Blue1 (5) carry.

#[test]
fn sprint_rank_1_goes_two_squares_straight() {
    let mut g = game();
    free_rank(&mut g, 1, Technique::Sprint, 1);
    put(&mut g, 1, "f7");
    act(&mut g, 1, "sprint s", &[]);
    assert_eq!(at(&g, 1), sq("f9"));
    put(&mut g, 1, "f7");
    refuse(&mut g, 1, "sprint s e", &[], Kind::Illegal);
}

#[test]
fn sprint_rank_3_goes_three_then_one() {
    let mut g = game();
    put(&mut g, 1, "f4");
    act(&mut g, 1, "sprint s w", &[]);
    assert_eq!(at(&g, 1), sq("e7"));
}

#[test]
fn sprint_path_must_be_clear_and_counts_as_the_move() {
    let mut g = game();
    put(&mut g, 1, "f4");
    put(&mut g, 2, "f5");
    refuse(&mut g, 1, "sprint s w", &[], Kind::Illegal);
    put(&mut g, 2, "a5");
    // The sprint is the move: a technique may follow it, but not another move.
    put(&mut g, 6, "e8");
    let events = act(&mut g, 1, "sprint s w; goken Blue2", &[100, 100]);
    assert!(has(&events, |e| matches!(
        e,
        ScrollRaceEvent::Struck { .. }
    )));
}

#[test]
fn pass_rank_1_reaches_an_orthogonal_ally_and_is_spotted_half_the_time() {
    let mut g = game();
    free_rank(&mut g, 0, Technique::Pass, 1);
    put(&mut g, 0, "f8");
    put(&mut g, 1, "f7");
    put(&mut g, 2, "g7");
    // "diagonal is out of reach at rank 1"
    refuse(&mut g, 0, "pass Red3", &[], Kind::Illegal);
    let events = act(&mut g, 0, "pass Red2", &[51]);
    assert_eq!(g.carrier(0), Some(1));
    assert!(!has(&events, |e| matches!(
        e,
        ScrollRaceEvent::PassSpotted { .. }
    )));
    // Only team 0 hears of it.
    assert!(
        seen(&events, seat(5))
            .iter()
            .all(|e| !matches!(e, ScrollRaceEvent::Passed { .. }))
    );
    assert_eq!(ScrollRace::view(&g, seat(5)).scrolls[0].carrier, None);
    free_rank(&mut g, 1, Technique::Pass, 1);
    let events = act(&mut g, 1, "pass Red1", &[50]);
    assert!(has(&events, |e| matches!(
        e,
        ScrollRaceEvent::PassSpotted { carrier: 0, .. }
    )));
    assert_eq!(ScrollRace::view(&g, seat(5)).scrolls[0].carrier, Some(0));
}

#[test]
fn pass_rank_2_reaches_diagonals_spotted_at_75() {
    let mut g = game();
    free_rank(&mut g, 0, Technique::Pass, 2);
    put(&mut g, 0, "f8");
    put(&mut g, 2, "g7");
    let events = act(&mut g, 0, "pass Red3", &[76]);
    assert_eq!(g.carrier(0), Some(2));
    assert!(!has(&events, |e| matches!(
        e,
        ScrollRaceEvent::PassSpotted { .. }
    )));
    free_rank(&mut g, 2, Technique::Pass, 2);
    let events = act(&mut g, 2, "pass Red1", &[75]);
    assert!(has(&events, |e| matches!(
        e,
        ScrollRaceEvent::PassSpotted { .. }
    )));
    // Orthogonal at rank 2: 50%.
    free_rank(&mut g, 0, Technique::Pass, 2);
    put(&mut g, 3, "f9");
    let events = act(&mut g, 0, "pass Red4", &[51]);
    assert!(!has(&events, |e| matches!(
        e,
        ScrollRaceEvent::PassSpotted { .. }
    )));
    put(&mut g, 2, "a7");
    // "two squares is out of reach at rank 2"
    refuse(&mut g, 3, "pass Red3", &[], Kind::Illegal);
}

#[test]
fn pass_rank_3_reaches_two_squares_and_farther_is_always_spotted() {
    let mut g = game();
    put(&mut g, 0, "f8");
    put(&mut g, 1, "f6");
    let events = act(&mut g, 0, "pass Red2", &[]);
    assert!(has(&events, |e| matches!(
        e,
        ScrollRaceEvent::PassSpotted { carrier: 1, .. }
    )));
    put(&mut g, 2, "f7");
    let events = act(&mut g, 1, "pass Red3", &[51]);
    assert_eq!(g.carrier(0), Some(2));
    assert!(!has(&events, |e| matches!(
        e,
        ScrollRaceEvent::PassSpotted { .. }
    )));
    put(&mut g, 3, "i7");
    // "three squares is too far"
    refuse(&mut g, 2, "pass Red4", &[], Kind::Illegal);
    // "only the carrier passes"
    refuse(&mut g, 1, "pass Red3", &[], Kind::Illegal);
}

fn strike_setup(technique: Technique, rank: u8) -> ScrollRaceState {
    let mut g = game();
    teach(&mut g, 1, technique, rank);
    put(&mut g, 1, "f8");
    put(&mut g, 5, "f9");
    put(&mut g, 6, "g9");
    g
}

#[test]
fn goken_pushes_and_drops_at_25_50_75() {
    for rank in 1..=3u8 {
        let p = 25 * u32::from(rank);
        // Both succeed on the carrier: pushed south, the scroll falls where it stood.
        let mut g = strike_setup(Technique::Goken, rank);
        let events = act(&mut g, 1, "goken Blue1", &[p, p]);
        assert_eq!(at(&g, 5), sq("f10"));
        assert_eq!(g.scrolls[1].holder, Holder::Ground(sq("f9")));
        assert!(has(&events, |e| matches!(
            e,
            ScrollRaceEvent::ScrollDropped { team: 1, .. }
        )));
        // Both fail.
        let mut g = strike_setup(Technique::Goken, rank);
        let events = act(&mut g, 1, "goken Blue1", &[p + 1, p + 1]);
        assert_eq!(at(&g, 5), sq("f9"));
        assert_eq!(g.carrier(1), Some(5));
        assert!(has(&events, |e| matches!(
            e,
            ScrollRaceEvent::Struck { pushed: false, .. }
        )));
    }
}

#[test]
fn goken_does_not_tell_why_the_scroll_did_not_fall() {
    // A miss on the carrier and a hit on a non-carrier look the same to the striker.
    let mut g = strike_setup(Technique::Goken, 1);
    put(&mut g, 6, "e8");
    let missed = act(&mut g, 1, "goken Blue1", &[100, 100]);
    let mut g = strike_setup(Technique::Goken, 1);
    put(&mut g, 6, "e8");
    let empty = act(&mut g, 1, "goken Blue2", &[100, 1]);
    let strip = |events: Vec<ScrollRaceEvent>| -> Vec<String> {
        events
            .into_iter()
            .map(|e| {
                format!("{e:?}")
                    .replace("target: 5", "target: X")
                    .replace("target: 6", "target: X")
            })
            .collect()
    };
    assert_eq!(strip(seen(&missed, seat(1))), strip(seen(&empty, seat(1))));
}

#[test]
fn suiken_recoils_the_striker_at_25_50_75() {
    for rank in 1..=3u8 {
        let p = 25 * u32::from(rank);
        let mut g = strike_setup(Technique::Suiken, rank);
        let events = act(&mut g, 1, "suiken Blue1", &[p, p + 1]);
        assert_eq!(
            at(&g, 1),
            sq("f7"),
            "the striker steps back, away from the blow"
        );
        assert_eq!(at(&g, 5), sq("f9"));
        assert!(has(&events, |e| matches!(
            e,
            ScrollRaceEvent::Struck { recoiled: true, .. }
        )));
        let mut g = strike_setup(Technique::Suiken, rank);
        act(&mut g, 1, "suiken Blue1", &[p + 1, p]);
        assert_eq!(at(&g, 1), sq("f8"));
        assert_eq!(g.scrolls[1].holder, Holder::Ground(sq("f9")));
    }
}

#[test]
fn taijutsu_pushes_at_50_75_100() {
    for (rank, p) in [(1u8, 50u32), (2, 75)] {
        let mut g = strike_setup(Technique::Taijutsu, rank);
        act(&mut g, 1, "taijutsu Blue1", &[p]);
        assert_eq!(at(&g, 5), sq("f10"));
        let mut g = strike_setup(Technique::Taijutsu, rank);
        act(&mut g, 1, "taijutsu Blue1", &[p + 1]);
        assert_eq!(at(&g, 5), sq("f9"));
        assert_eq!(g.carrier(1), Some(5), "Taijutsu never drops the scroll");
    }
    let mut g = strike_setup(Technique::Taijutsu, 3);
    act(&mut g, 1, "taijutsu Blue1", &[]);
    assert_eq!(at(&g, 5), sq("f10"));
}

#[test]
fn pushes_never_enter_the_enemy_zone_nor_blocked_squares() {
    // Blue1 at f7 pushed north would land on f6, in team 0's zone: it stays.
    let mut g = game();
    teach(&mut g, 1, Technique::Taijutsu, 3);
    put(&mut g, 1, "f8");
    put(&mut g, 5, "f7");
    let events = act(&mut g, 1, "taijutsu Blue1", &[]);
    assert_eq!(at(&g, 5), sq("f7"));
    assert!(has(&events, |e| matches!(
        e,
        ScrollRaceEvent::Struck { pushed: false, .. }
    )));
    // Another character behind blocks the push.
    let mut g = strike_setup(Technique::Taijutsu, 3);
    put(&mut g, 7, "f10");
    act(&mut g, 1, "taijutsu Blue1", &[]);
    assert_eq!(at(&g, 5), sq("f9"));
}

#[test]
fn strikes_need_an_adjacent_enemy_and_diagonals_are_an_option() {
    let mut g = strike_setup(Technique::Goken, 1);
    // "g9 is diagonal to f8"
    refuse(&mut g, 1, "goken Blue2", &[], Kind::Illegal);
    // "not an enemy"
    refuse(&mut g, 1, "goken Red3", &[], Kind::Illegal);
    let mut g = strike_setup(Technique::Goken, 1);
    std::sync::Arc::make_mut(&mut g.config).diagonal_strikes = true;
    act(&mut g, 1, "goken Blue2", &[1, 100]);
    assert_eq!(at(&g, 6), sq("h10"), "a diagonal blow pushes diagonally");
}

#[test]
fn katon_burns_at_50_75_100_and_the_burnt_cannot_move_but_may_use_a_technique() {
    for (rank, p) in [(1u8, Some(50u32)), (2, Some(75)), (3, None)] {
        let mut g = game();
        teach(&mut g, 1, Technique::Katon, rank);
        put(&mut g, 1, "f7");
        put(&mut g, 5, "f9");
        let rolls: Vec<u32> = p.into_iter().collect();
        let events = act(&mut g, 1, "katon Blue1", &rolls);
        assert!(has(&events, |e| matches!(
            e,
            ScrollRaceEvent::Burned { target: 5 }
        )));
        assert!(g.characters[5].burned);
        refuse(&mut g, 5, "step s", &[], Kind::Illegal);
        act(&mut g, 5, "doton", &[]);
        assert!(!g.characters[5].burned, "the burn lasts one turn");
        if let Some(p) = p {
            let mut g = game();
            teach(&mut g, 1, Technique::Katon, rank);
            put(&mut g, 1, "f7");
            put(&mut g, 5, "f9");
            act(&mut g, 1, "katon Blue1", &[p + 1]);
            assert!(!g.characters[5].burned);
        }
    }
}

#[test]
fn ranged_attacks_need_reach_and_a_clear_line() {
    let mut g = game();
    put(&mut g, 1, "f7");
    put(&mut g, 5, "f10");
    // "three squares is beyond reach 2"
    refuse(&mut g, 1, "katon Blue1", &[], Kind::Illegal);
    put(&mut g, 5, "f9");
    put(&mut g, 2, "f8");
    // "Red3 stands in the way"
    refuse(&mut g, 1, "katon Blue1", &[], Kind::Illegal);
}

#[test]
fn raiton_paralyses_at_25_50_75_and_the_target_loses_its_turn() {
    for rank in 1..=3u8 {
        let p = 25 * u32::from(rank);
        let mut g = game();
        teach(&mut g, 4, Technique::Raiton, rank);
        put(&mut g, 4, "f7");
        put(&mut g, 5, "f8");
        let events = act(&mut g, 4, "raiton Blue1", &[p]);
        assert!(has(&events, |e| matches!(
            e,
            ScrollRaceEvent::Paralysed { target: 5 }
        )));
        assert!(has(&events, |e| matches!(
            e,
            ScrollRaceEvent::TurnLost { character: 5 }
        )));
        // Red5 was the last of team 0: Blue1 is next, paralysed, and is skipped.
        assert_eq!(g.current(), Some(6));
        assert!(!g.characters[5].paralysed);
        let mut g = game();
        teach(&mut g, 4, Technique::Raiton, rank);
        put(&mut g, 4, "f7");
        put(&mut g, 5, "f8");
        act(&mut g, 4, "raiton Blue1", &[p + 1]);
        assert_eq!(g.current(), Some(5));
    }
}

#[test]
fn doton_blocks_the_next_attack_at_50_75_100() {
    for (rank, p) in [(1u8, Some(50u32)), (2, Some(75)), (3, None)] {
        let mut g = strike_setup(Technique::Goken, 3);
        teach(&mut g, 5, Technique::Doton, rank);
        act(&mut g, 5, "doton", &[]);
        assert_eq!(g.characters[5].doton, Some(rank));
        let rolls: Vec<u32> = p.into_iter().collect();
        let events = act(&mut g, 1, "goken Blue1", &rolls);
        assert!(has(&events, |e| matches!(
            e,
            ScrollRaceEvent::Blocked { .. }
        )));
        assert_eq!(g.characters[5].doton, None);
        assert_eq!(g.carrier(1), Some(5));
        if let Some(p) = p {
            let mut g = strike_setup(Technique::Goken, 3);
            teach(&mut g, 5, Technique::Doton, rank);
            act(&mut g, 5, "doton", &[]);
            let events = act(&mut g, 1, "goken Blue1", &[p + 1, 75, 75]);
            assert!(has(&events, |e| matches!(
                e,
                ScrollRaceEvent::ShieldBroken { .. }
            )));
            assert_eq!(g.scrolls[1].holder, Holder::Ground(sq("f9")));
        }
    }
}

#[test]
fn fuuton_jumps_over_an_enemy_at_50_75_100() {
    for (rank, p) in [(1u8, Some(50u32)), (2, Some(75)), (3, None)] {
        let mut g = strike_setup(Technique::Fuuton, rank);
        put(&mut g, 1, "f7");
        put(&mut g, 5, "f8");
        let rolls: Vec<u32> = p.into_iter().collect();
        act(&mut g, 1, "fuuton Blue1", &rolls);
        assert_eq!(at(&g, 1), sq("f9"));
        if let Some(p) = p {
            let mut g = strike_setup(Technique::Fuuton, rank);
            put(&mut g, 1, "f7");
            put(&mut g, 5, "f8");
            let events = act(&mut g, 1, "fuuton Blue1", &[p + 1]);
            assert_eq!(at(&g, 1), sq("f7"));
            assert!(has(&events, |e| matches!(
                e,
                ScrollRaceEvent::Jumped { success: false, .. }
            )));
        }
    }
    // The landing square must be open to the jumper: not the enemy zone without the scroll.
    let mut g = strike_setup(Technique::Fuuton, 3);
    put(&mut g, 1, "f8");
    put(&mut g, 5, "f9");
    refuse(&mut g, 1, "fuuton Blue1", &[], Kind::Illegal);
}

#[test]
fn genjutsu_cancels_the_next_enemy_technique_at_25_50_75() {
    for rank in 1..=3u8 {
        let p = 25 * u32::from(rank);
        let mut g = strike_setup(Technique::Goken, 3);
        teach(&mut g, 7, Technique::Genjutsu, rank);
        let cast = act(&mut g, 7, "genjutsu", &[]);
        // Secret: the other team and the public see no trace of it.
        for v in [seat(0), seat(1), Viewer::Public] {
            assert!(
                seen(&cast, v)
                    .iter()
                    .all(|e| !format!("{e:?}").contains("Genjutsu"))
            );
            assert!(ScrollRace::view(&g, v).genjutsu.is_empty());
        }
        assert_eq!(ScrollRace::view(&g, seat(8)).genjutsu.len(), 1);
        let events = act(&mut g, 1, "goken Blue1", &[p]);
        assert!(has(&events, |e| matches!(
            e,
            ScrollRaceEvent::GenjutsuCancelled { .. }
        )));
        assert_eq!(g.carrier(1), Some(5));
        assert_eq!(
            left(&g, 1, Technique::Goken),
            Some(0),
            "a cancelled technique is spent"
        );
        assert!(g.genjutsu.is_empty());
        // A failed Genjutsu is spent in silence; the technique goes through.
        let mut g = strike_setup(Technique::Goken, 3);
        teach(&mut g, 7, Technique::Genjutsu, rank);
        act(&mut g, 7, "genjutsu", &[]);
        let events = act(&mut g, 1, "goken Blue1", &[p + 1, 75, 75]);
        assert!(
            seen(&events, seat(1))
                .iter()
                .all(|e| !matches!(e, ScrollRaceEvent::GenjutsuSpent(_)))
        );
        assert!(
            seen(&events, seat(7))
                .iter()
                .any(|e| matches!(e, ScrollRaceEvent::GenjutsuSpent(_)))
        );
        assert_eq!(g.scrolls[1].holder, Holder::Ground(sq("f9")));
    }
}

#[test]
fn genjutsu_cancels_a_sprint_but_a_secret_pass_goes_by_it_unseen() {
    let mut g = game();
    teach(&mut g, 7, Technique::Genjutsu, 3);
    act(&mut g, 7, "genjutsu", &[]);
    put(&mut g, 1, "f4");
    act(&mut g, 1, "sprint s w", &[75]);
    assert_eq!(at(&g, 1), sq("f4"));
    teach(&mut g, 7, Technique::Genjutsu, 3);
    act(&mut g, 7, "genjutsu", &[]);
    put(&mut g, 0, "c8");
    put(&mut g, 2, "c7");
    // The pass is a secret order: the Genjutsu does not see it (no roll), and keeps waiting.
    let events = act(&mut g, 0, "pass Red3", &[75]);
    assert_eq!(g.carrier(0), Some(2));
    assert!(!has(&events, |e| matches!(
        e,
        ScrollRaceEvent::GenjutsuCancelled { .. } | ScrollRaceEvent::GenjutsuSpent(_)
    )));
    assert_eq!(g.genjutsu.len(), 1);
    assert_eq!(ScrollRace::view(&g, seat(5)).scrolls[0].carrier, None);
    // The next technique shown on the thread meets it.
    put(&mut g, 3, "d8");
    let events = act(&mut g, 3, "sprint n e", &[75]);
    assert!(has(&events, |e| matches!(
        e,
        ScrollRaceEvent::GenjutsuCancelled {
            technique: Technique::Sprint,
            ..
        }
    )));
    // With the talents-only reading, a sprint is never cancelled.
    let mut g = game();
    std::sync::Arc::make_mut(&mut g.config).genjutsu_scope = GenjutsuScope::TalentsOnly;
    teach(&mut g, 7, Technique::Genjutsu, 3);
    act(&mut g, 7, "genjutsu", &[]);
    put(&mut g, 1, "f4");
    act(&mut g, 1, "sprint s w", &[]);
    assert_eq!(at(&g, 1), sq("e7"));
    assert_eq!(g.genjutsu.len(), 1);
}

#[test]
fn kuchiyose_rank_1_blocks_until_the_end_of_the_casters_next_turn() {
    let mut g = game();
    teach(&mut g, 1, Technique::Kuchiyose, 1);
    put(&mut g, 1, "f8");
    // "rank 1 is adjacent only"
    refuse(&mut g, 1, "kuchiyose f10", &[], Kind::Illegal);
    act(&mut g, 1, "kuchiyose f9", &[]);
    assert!(g.summon_at(sq("f9")).is_some());
    put(&mut g, 6, "f10");
    // "the summoned square is blocked"
    refuse(&mut g, 6, "step n", &[], Kind::Illegal);
    act(&mut g, 1, "wait", &[]);
    assert!(g.summon_at(sq("f9")).is_none());
}

#[test]
fn kuchiyose_ranks_2_and_3_last_two_turns_and_rank_3_reaches_two_squares() {
    for rank in 2..=3u8 {
        let mut g = game();
        teach(&mut g, 1, Technique::Kuchiyose, rank);
        put(&mut g, 1, "f8");
        let target = if rank == 3 { "f10" } else { "f9" };
        if rank == 2 {
            refuse(&mut g, 1, "kuchiyose f10", &[], Kind::Illegal);
        }
        act(&mut g, 1, &format!("kuchiyose {target}"), &[]);
        act(&mut g, 1, "wait", &[]);
        assert!(g.summon_at(sq(target)).is_some());
        act(&mut g, 1, "wait", &[]);
        assert!(g.summon_at(sq(target)).is_none());
    }
}

#[test]
fn summons_fall_to_offensive_techniques_of_equal_or_higher_rank() {
    let mut g = game();
    teach(&mut g, 6, Technique::Kuchiyose, 2);
    put(&mut g, 6, "f10");
    act(&mut g, 6, "kuchiyose f9", &[]);
    put(&mut g, 1, "f8");
    // "a rank 1 Gôken cannot break rank 2"
    refuse(&mut g, 1, "goken f9", &[], Kind::Illegal);
    teach(&mut g, 1, Technique::Taijutsu, 2);
    let events = act(&mut g, 1, "taijutsu f9", &[]);
    assert!(has(&events, |e| matches!(
        e,
        ScrollRaceEvent::SummonDestroyed { .. }
    )));
    assert!(g.summon_at(sq("f9")).is_none());
}

#[test]
fn fuinjutsu_rank_1_traps_an_adjacent_square_and_ends_anyones_turn() {
    let mut g = game();
    teach(&mut g, 1, Technique::Fuinjutsu, 1);
    put(&mut g, 1, "f8");
    refuse(&mut g, 1, "fuinjutsu f10", &[], Kind::Illegal);
    let events = act(&mut g, 1, "fuinjutsu f9", &[]);
    // Hidden from the enemy and the public.
    for v in [seat(5), Viewer::Public] {
        assert!(
            seen(&events, v)
                .iter()
                .all(|e| !format!("{e:?}").contains("Fuinjutsu"))
        );
        assert!(ScrollRace::view(&g, v).traps.is_empty());
    }
    assert_eq!(ScrollRace::view(&g, seat(3)).traps.len(), 1);
    // An ally steps on it: its turn ends there, the technique it meant to use is lost.
    put(&mut g, 2, "e9");
    put(&mut g, 6, "f10");
    let events = act(&mut g, 2, "step e; goken Blue2", &[]);
    assert_eq!(at(&g, 2), sq("f9"));
    assert!(has(&events, |e| matches!(
        e,
        ScrollRaceEvent::TrapSprung { .. }
    )));
    assert!(!has(&events, |e| matches!(
        e,
        ScrollRaceEvent::Struck { .. }
    )));
    assert!(g.traps.is_empty(), "springing it disarms it");
}

#[test]
fn fuinjutsu_rank_2_reaches_two_squares_and_rank_3_only_springs_on_enemies() {
    let mut g = game();
    teach(&mut g, 1, Technique::Fuinjutsu, 2);
    put(&mut g, 1, "f7");
    act(&mut g, 1, "fuinjutsu f9", &[]);
    assert_eq!(g.traps[0].square, sq("f9"));
    let mut g = game();
    teach(&mut g, 1, Technique::Fuinjutsu, 3);
    put(&mut g, 1, "e8");
    act(&mut g, 1, "fuinjutsu f9", &[]);
    put(&mut g, 2, "e9");
    act(&mut g, 2, "step e", &[]);
    assert_eq!(g.traps.len(), 1, "an ally passes over a rank 3 seal");
    put(&mut g, 2, "a8");
    put(&mut g, 6, "f10");
    let events = act(&mut g, 6, "sprint n w", &[]);
    assert_eq!(at(&g, 6), sq("f9"), "the enemy is stopped on the seal");
    assert!(has(&events, |e| matches!(
        e,
        ScrollRaceEvent::TrapSprung { character: 6, .. }
    )));
    assert!(g.traps.is_empty());
}

#[test]
fn suiton_rank_1_floods_a_square_and_the_next_walker_slides_one_more() {
    let mut g = game();
    teach(&mut g, 1, Technique::Suiton, 1);
    put(&mut g, 1, "f7");
    act(&mut g, 1, "suiton f8", &[]);
    assert_eq!(
        ScrollRace::view(&g, seat(5)).traps.len(),
        1,
        "a flood is public"
    );
    put(&mut g, 6, "e8");
    let events = act(&mut g, 6, "step e", &[]);
    assert_eq!(at(&g, 6), sq("g8"));
    assert!(has(&events, |e| matches!(e, ScrollRaceEvent::Slid { .. })));
    assert!(g.traps.is_empty());
}

#[test]
fn suiton_ranks_2_and_3_as_written_trap_a_square_and_rank_3_persists() {
    for rank in 2..=3u8 {
        let mut g = game();
        teach(&mut g, 1, Technique::Suiton, rank);
        put(&mut g, 1, "f7");
        act(&mut g, 1, "suiton f9", &[]);
        put(&mut g, 6, "e9");
        act(&mut g, 6, "sprint e n", &[]);
        assert_eq!(at(&g, 6), sq("f9"));
        assert_eq!(g.traps.len(), usize::from(rank == 3));
    }
    let mut g = game();
    std::sync::Arc::make_mut(&mut g.config).suiton = SuitonReading::Flood;
    teach(&mut g, 1, Technique::Suiton, 2);
    put(&mut g, 1, "f7");
    act(&mut g, 1, "suiton f9", &[]);
    assert_eq!(g.traps[0].kind, TrapKind::Flood);
}

#[test]
fn kujutsu_draws_an_ally_towards_the_caster_within_2_or_3_squares() {
    for (rank, reach) in [(1u8, 2u8), (2, 3)] {
        let mut g = game();
        teach(&mut g, 1, Technique::Kujutsu, rank);
        put(&mut g, 1, "c8");
        let far = format!("{}8", char::from(b'c' + reach));
        put(&mut g, 2, &far);
        let to = format!("{}8", char::from(b'c' + reach - 1));
        // "only towards the caster"
        refuse(
            &mut g,
            1,
            &format!("kujutsu Red3 {}8", char::from(b'd' + reach)),
            &[],
            Kind::Illegal,
        );
        act(&mut g, 1, &format!("kujutsu Red3 {to}"), &[]);
        assert_eq!(at(&g, 2), sq(&to));
        put(&mut g, 2, &format!("{}8", char::from(b'd' + reach)));
        // "out of range"
        refuse(
            &mut g,
            1,
            &format!("kujutsu Red3 {far}"),
            &[],
            Kind::Illegal,
        );
    }
}

#[test]
fn kujutsu_rank_3_moves_an_ally_anywhere_adjacent_but_not_into_the_enemy_base() {
    let mut g = game();
    teach(&mut g, 1, Technique::Kujutsu, 3);
    put(&mut g, 1, "c8");
    put(&mut g, 2, "e8");
    act(&mut g, 1, "kujutsu Red3 f8", &[]);
    assert_eq!(at(&g, 2), sq("f8"));
    put(&mut g, 2, "e8");
    put(&mut g, 3, "d8");
    // "Red4 blocks the line of sight"
    refuse(&mut g, 1, "kujutsu Red3 e9", &[], Kind::Illegal);
    // The carrier next to the enemy base cannot be pulled into it.
    let mut g = game();
    teach(&mut g, 1, Technique::Kujutsu, 3);
    put(&mut g, 0, "f14");
    put(&mut g, 1, "f12");
    put(&mut g, 7, "a12");
    refuse(&mut g, 1, "kujutsu Red1 f15", &[], Kind::Illegal);
    act(&mut g, 1, "kujutsu Red1 e14", &[]);
    assert_eq!(at(&g, 0), sq("e14"));
}

#[test]
fn iroujutsu_restores_a_spent_technique_of_its_rank() {
    for rank in 1..=3u8 {
        let mut g = game();
        teach(&mut g, 1, Technique::Iroujutsu, rank);
        teach(&mut g, 2, Technique::Taijutsu, rank);
        for s in &mut g.characters[2].skills {
            if s.technique == Technique::Taijutsu {
                s.left = Some(0);
            }
        }
        put(&mut g, 1, "f8");
        put(&mut g, 2, "g8");
        // "Gôken is not spent"
        refuse(&mut g, 1, "iroujutsu Red3 goken", &[], Kind::Illegal);
        let events = act(&mut g, 1, "iroujutsu Red3 taijutsu", &[]);
        assert_eq!(left(&g, 2, Technique::Taijutsu), Some(1));
        assert!(
            seen(&events, seat(5))
                .iter()
                .all(|e| !matches!(e, ScrollRaceEvent::Restored { .. }))
        );
    }
    // On oneself, and only the same rank.
    let mut g = game();
    teach(&mut g, 1, Technique::Iroujutsu, 1);
    for s in &mut g.characters[1].skills {
        if s.technique == Technique::Goken {
            s.left = Some(0);
        }
    }
    act(&mut g, 1, "iroujutsu Red2 goken", &[]);
    assert_eq!(left(&g, 1, Technique::Goken), Some(1));
    let mut g = game();
    teach(&mut g, 1, Technique::Iroujutsu, 2);
    for s in &mut g.characters[1].skills {
        if s.technique == Technique::Goken {
            s.left = Some(0);
        }
    }
    refuse(&mut g, 1, "iroujutsu Red2 goken", &[], Kind::Illegal);
}

#[test]
fn sensory_names_4_3_2_enemies_including_the_carrier_to_its_user_only() {
    for rank in 1..=3u8 {
        let mut g = game();
        teach(&mut g, 1, Technique::Sensory, rank);
        let n = 5 - usize::from(rank);
        // Picks among the four others: always the first remaining.
        let rolls = vec![1; n - 1];
        let events = act(&mut g, 1, "sensory", &rolls);
        let sensing = g.sensings[0].clone();
        assert_eq!(sensing.sensed.len(), n);
        assert!(sensing.sensed.contains(&5));
        let mine = seen(&events, seat(1));
        assert!(mine.iter().any(|e| matches!(e, ScrollRaceEvent::Sensed(_))));
        for v in [seat(0), seat(5), Viewer::Public] {
            assert!(
                seen(&events, v)
                    .iter()
                    .all(|e| !matches!(e, ScrollRaceEvent::Sensed(_)))
            );
            assert!(ScrollRace::view(&g, v).sensings.is_empty());
        }
        assert_eq!(ScrollRace::view(&g, seat(1)).sensings, vec![sensing]);
    }
}

#[test]
fn talent_uses_follow_the_ranks_three_two_one() {
    for rank in 1..=3u8 {
        let mut g = game();
        teach(&mut g, 1, Technique::Doton, rank);
        for _ in 0..allowance(rank) {
            act(&mut g, 1, "doton", &[]);
            g.characters[1].doton = None;
        }
        assert_eq!(left(&g, 1, Technique::Doton), Some(0));
        refuse(&mut g, 1, "doton", &[], Kind::Illegal);
    }
    assert_eq!((allowance(1), allowance(2), allowance(3)), (3, 2, 1));
}

#[test]
fn a_technique_planned_after_a_cancelled_sprint_fizzles_and_costs_nothing() {
    let mut g = game();
    teach(&mut g, 7, Technique::Genjutsu, 3);
    act(&mut g, 7, "genjutsu", &[]);
    put(&mut g, 1, "f4");
    put(&mut g, 6, "e8");
    let events = act(&mut g, 1, "sprint s w; goken Blue2", &[75]);
    assert_eq!(at(&g, 1), sq("f4"));
    assert!(has(&events, |e| matches!(
        e,
        ScrollRaceEvent::Fizzled {
            technique: Technique::Goken,
            ..
        }
    )));
    assert_eq!(left(&g, 1, Technique::Goken), Some(3));
}
