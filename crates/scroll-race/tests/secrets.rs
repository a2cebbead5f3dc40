//! Hidden information: no view, event or error message gives a secret away.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use pbp_core::engine::testing;
use pbp_core::{
    ScriptedDice,
    engine::{Actor, Game, Seat, Viewer},
};
use pbp_scroll_race::*;

fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap()
}

/// Every seat of team 0 and the public.
fn outsiders() -> Vec<Viewer> {
    let mut v: Vec<Viewer> = (0..5).map(|s| Viewer::Seat(Seat(s))).collect();
    v.push(Viewer::Public);
    v
}

/// Texts a team 0 player might try, legal or not.
fn attempts() -> Vec<String> {
    let mut texts = vec![
        "wait".to_owned(),
        "genjutsu".into(),
        "doton".into(),
        "sensory".into(),
    ];
    for d in ["n", "e", "s", "w"] {
        texts.push(format!("step {d}"));
        for e in ["n", "e", "s", "w"] {
            texts.push(format!("sprint {d} {e}"));
        }
    }
    for name in [
        "Blue1", "Blue2", "Blue3", "Blue4", "Blue5", "Red1", "Red2", "Red3",
    ] {
        for t in ["goken", "katon", "pass", "fuuton"] {
            texts.push(format!("{t} {name}"));
            texts.push(format!("step s; {t} {name}"));
        }
    }
    for s in ["f9", "f10", "g9", "e9", "f8"] {
        texts.push(format!("step s; goken {s}"));
        texts.push(format!("step e; kuchiyose {s}"));
    }
    texts
}

/// Two games that differ only in team 1's secrets: its carrier, a hidden seal, a Genjutsu and a
/// Sensoriel result, and its uses of those techniques.
fn twins() -> (ScrollRaceState, ScrollRaceState) {
    let mut a = game();
    put(&mut a, 1, "f7");
    put(&mut a, 5, "f10");
    put(&mut a, 6, "g9");
    put(&mut a, 7, "h11");
    teach(&mut a, 7, Technique::Fuinjutsu, 2);
    teach(&mut a, 8, Technique::Genjutsu, 1);
    teach(&mut a, 9, Technique::Sensory, 1);
    let mut b = a.clone();
    // Twin b: Blue3 carries instead of Blue1, and has secretly laid a seal, cast a Genjutsu and sensed.
    b.scrolls[1].holder = Holder::Carrier(7);
    act(&mut b, 7, "fuinjutsu h9", &[]);
    act(&mut b, 8, "genjutsu", &[]);
    act(&mut b, 9, "sensory", &[1, 1, 1]);
    // Bring twin a to the same public point (three turns taken, nothing secret done).
    act(&mut a, 7, "wait", &[]);
    act(&mut a, 8, "wait", &[]);
    act(&mut a, 9, "wait", &[]);
    // Sensoriel's use is public; make it count the same in twin a.
    a.characters[9].skills = b.characters[9].skills.clone();
    turn_of(&mut a, 1);
    turn_of(&mut b, 1);
    (a, b)
}

#[test]
fn views_are_the_same_whatever_the_enemy_hides() {
    let (a, b) = twins();
    testing::same_to_outsiders::<ScrollRace>(&a, &b, &outsiders())
        .unwrap_or_else(|v| panic!("{v}"));
    for v in outsiders() {
        assert_eq!(ScrollRace::view(&a, v), ScrollRace::view(&b, v), "{v:?}");
    }
}

#[test]
fn legal_actions_and_error_messages_are_the_same_whatever_the_enemy_hides() {
    let (a, b) = twins();
    let actor = Actor::Seat(Seat(1));
    assert_eq!(
        ScrollRace::legal_actions(&a, actor),
        ScrollRace::legal_actions(&b, actor)
    );
    // Refusals must read the same; successes are compared by view below.
    testing::probe_twins::<ScrollRace>(&a, &b, actor, &attempts(), &[100; 8])
        .unwrap_or_else(|v| panic!("{v}"));
    for text in attempts() {
        assert_eq!(
            ScrollRace::parse_action(&a, actor, &text),
            ScrollRace::parse_action(&b, actor, &text)
        );
    }
}

#[test]
fn the_same_turn_reads_the_same_to_outsiders_unless_a_secret_is_sprung() {
    let (mut a, mut b) = twins();
    // Red2 steps and strikes Blue2 (not a carrier in either twin); Blue2 is next to the Genjutsu's team,
    // so the Genjutsu in twin b rolls (and fails at 100) in silence, and twin a draws the same
    // die and sets it aside (team 1 has the Genjutsu talent): the same dice in both.
    put(&mut a, 6, "f8");
    put(&mut b, 6, "f8");
    let ea = act(&mut a, 1, "goken Blue2", &[100, 100, 100]);
    let eb = act(&mut b, 1, "goken Blue2", &[100, 100, 100]);
    testing::same_effects::<ScrollRace>((&a, &ea), (&b, &eb), &outsiders())
        .unwrap_or_else(|v| panic!("{v}"));
    for v in outsiders() {
        assert_eq!(seen(&ea, v), seen(&eb, v), "{v:?}");
        assert_eq!(ScrollRace::view(&a, v), ScrollRace::view(&b, v), "{v:?}");
    }
}

#[test]
fn a_sprung_seal_and_a_cancelling_genjutsu_are_revealed() {
    let (_, mut b) = twins();
    // Red2 walks onto the hidden seal on h9: the turn stops and the seal is revealed to all.
    put(&mut b, 1, "h8");
    let events = act(&mut b, 1, "step s; katon Blue2", &[]);
    assert!(
        seen(&events, Viewer::Public)
            .iter()
            .any(|e| matches!(e, ScrollRaceEvent::TrapSprung { .. }))
    );
    assert!(!has(&events, |e| matches!(
        e,
        ScrollRaceEvent::Burned { .. } | ScrollRaceEvent::Missed { .. }
    )));
    // Then Red3's technique meets the Genjutsu, which cancels it (roll 25 at rank 1).
    put(&mut b, 2, "a8");
    let events = act(&mut b, 2, "doton", &[25]);
    assert!(
        seen(&events, Viewer::Public)
            .iter()
            .any(|e| matches!(e, ScrollRaceEvent::GenjutsuCancelled { .. }))
    );
}

#[test]
fn carriers_are_chosen_and_changed_in_secret() {
    let mut state = ScrollRace::setup(
        &ScrollRaceConfig::default(),
        &mut pbp_core::SeededDice::new(3),
    )
    .unwrap();
    let start = state.starting_team;
    let other = 1 - start;
    let mut all = Vec::new();
    for team in [0u8, 1] {
        let c = team * 5 + 3;
        let events = ScrollRace::apply(
            &mut state,
            Actor::Seat(captain(team)),
            &ScrollRaceAction::Carrier(c),
            &mut ScriptedDice::new([]),
        )
        .unwrap();
        all.extend(events);
    }
    for v in [Viewer::Seat(Seat(1)), Viewer::Public] {
        let text = json(&ScrollRace::view(&state, v));
        assert!(
            !text.contains("\"carrier\":8"),
            "team 1's carrier shows to {v:?}"
        );
        assert!(
            seen(&all, v)
                .iter()
                .all(|e| !matches!(e, ScrollRaceEvent::CarrierChosen { team: 1, .. }))
        );
    }
    assert_eq!(
        ScrollRace::view(&state, Viewer::Seat(Seat(6))).scrolls[1].carrier,
        Some(8)
    );
    // Play the starting team's first turn (five characters wait).
    for _ in 0..5 {
        let id = state.current().unwrap();
        ScrollRace::apply(
            &mut state,
            Actor::Seat(Seat(u16::from(id))),
            &ScrollRaceAction::Play {
                movement: None,
                technique: None,
            },
            &mut ScriptedDice::new([]),
        )
        .unwrap();
    }
    assert_eq!(state.phase, Phase::ChangeCarrier);
    let captain = Actor::Seat(captain(other));
    let mut kept = state.clone();
    let keep = ScrollRace::apply(
        &mut kept,
        captain,
        &ScrollRaceAction::Keep,
        &mut ScriptedDice::new([]),
    )
    .unwrap();
    let change = ScrollRace::apply(
        &mut state,
        captain,
        &ScrollRaceAction::Carrier(other * 5 + 1),
        &mut ScriptedDice::new([]),
    )
    .unwrap();
    assert_eq!(state.carrier(other), Some(other * 5 + 1));
    let enemy = Viewer::Seat(Seat(u16::from(start) * 5));
    assert_eq!(
        seen(&keep, enemy),
        seen(&change, enemy),
        "keeping and changing look alike"
    );
    assert_eq!(
        ScrollRace::view(&kept, enemy),
        ScrollRace::view(&state, enemy)
    );
    // Only once.
    assert_eq!(state.phase, Phase::Play);
    assert!(!ScrollRace::legal_actions(&state, captain).contains(&ScrollRaceAction::Keep));
}

#[test]
fn a_revealed_carrier_stays_known_but_a_secret_pass_is_not_seen() {
    let mut g = game();
    put(&mut g, 0, "f8");
    put(&mut g, 1, "f7");
    // A spotted pass reveals Red2.
    act(&mut g, 0, "pass Red2", &[50]);
    assert_eq!(ScrollRace::view(&g, seat(5)).scrolls[0].carrier, Some(1));
    // Red2 passes back unseen: the enemy still believes Red2 carries, and its view does not change.
    let before = ScrollRace::view(&g, seat(5));
    act(&mut g, 1, "pass Red1", &[51]);
    let after = ScrollRace::view(&g, seat(5));
    assert_eq!(after.scrolls, before.scrolls);
    assert_eq!(after.scrolls[0].last_seen, Some(1));
    assert_eq!(ScrollRace::view(&g, seat(2)).scrolls[0].carrier, Some(0));
}

#[test]
fn secrets_lists_what_each_viewer_may_not_see() {
    let (_, b) = twins();
    let for_team0 = ScrollRace::secrets(&b, Viewer::Seat(Seat(0)));
    assert!(for_team0.iter().any(|s| s.contains("\"carrier\":7")));
    assert!(for_team0.iter().any(|s| s.contains("fuinjutsu")));
    assert!(
        for_team0
            .iter()
            .any(|s| s.contains("\"rank\":1") && s.contains("\"caster\":8"))
    );
    let for_user = ScrollRace::secrets(&b, Viewer::Seat(Seat(9)));
    assert!(for_user.iter().all(|s| !s.contains("sensed")));
    let for_teammate = ScrollRace::secrets(&b, Viewer::Seat(Seat(8)));
    assert!(for_teammate.iter().any(|s| s.contains("sensed")));
    assert!(ScrollRace::secrets(&b, Viewer::GameMaster).is_empty());
    testing::views_keep_secrets::<ScrollRace>(
        &b,
        &testing::contract::viewers::<ScrollRace>(&b),
        &[],
    )
    .unwrap_or_else(|v| panic!("{v}"));
}

#[test]
fn a_cancelling_genjutsu_does_not_give_away_a_second_one_alike() {
    let mut g = game();
    teach(&mut g, 8, Technique::Genjutsu, 2);
    act(&mut g, 8, "genjutsu", &[]);
    act(&mut g, 8, "genjutsu", &[]);
    assert_eq!(g.genjutsu.len(), 2);
    let events = act(&mut g, 1, "doton", &[50]);
    assert!(has(&events, |e| matches!(
        e,
        ScrollRaceEvent::GenjutsuCancelled { .. }
    )));
    let hidden = json(&g.genjutsu[0]);
    for v in outsiders() {
        for e in seen(&events, v) {
            assert!(
                !json(&e).contains(&hidden),
                "{v:?} learns of the second genjutsu"
            );
        }
        assert!(!json(&ScrollRace::view(&g, v)).contains(&hidden));
    }
}

/// A state after a turn, with that turn's events.
type Played = (
    ScrollRaceState,
    Vec<pbp_core::engine::Visible<ScrollRaceEvent>>,
);

/// Twins for a waiting Genjutsu of `genjutsu_team`: in one the enemy carrier (whose talents
/// hold neither Genjutsu nor Fuinjutsu) waits, in the other it passes the scroll in secret,
/// unspotted. Returns both states and the events of that last turn.
fn genjutsu_twins(genjutsu_team: u8) -> (Played, Played) {
    let (caster, carrier, mate, squares) = if genjutsu_team == 1 {
        (7, 0, 2, ["c8", "c7"])
    } else {
        (4, 5, 6, ["h8", "h9"])
    };
    let mut g = game();
    teach(&mut g, caster, Technique::Genjutsu, 1);
    act(&mut g, caster, "genjutsu", &[]);
    put(&mut g, carrier, squares[0]);
    put(&mut g, mate, squares[1]);
    let play = |text: String| {
        let mut s = g.clone();
        turn_of(&mut s, carrier);
        let actor = Actor::Seat(Seat(u16::from(carrier)));
        let action = ScrollRace::parse_action(&s, actor, &text).unwrap();
        // Enough rolls for anything the turn may roll; 100 fails every chance below 100%.
        let mut dice = ScriptedDice::new(vec![100; 4]);
        let events = ScrollRace::apply(&mut s, actor, &action, &mut dice).unwrap();
        (s, events)
    };
    let name = g.characters[usize::from(mate)].name.clone();
    (play("wait".into()), play(format!("pass {name}")))
}

#[test]
fn a_genjutsu_learns_nothing_from_a_secret_pass_whichever_team_holds_it() {
    for genjutsu_team in [0u8, 1] {
        let ((waited, seen_waiting), (passed, seen_passing)) = genjutsu_twins(genjutsu_team);
        assert_ne!(waited, passed, "the pass happened");
        let carrier_team = 1 - genjutsu_team;
        assert_ne!(waited.carrier(carrier_team), passed.carrier(carrier_team));
        let mut viewers: Vec<Viewer> = (0..5)
            .map(|i| Viewer::Seat(Seat(u16::from(genjutsu_team) * 5 + i)))
            .collect();
        viewers.push(Viewer::Public);
        testing::same_effects::<ScrollRace>(
            (&waited, &seen_waiting),
            (&passed, &seen_passing),
            &viewers,
        )
        .unwrap_or_else(|v| panic!("team {genjutsu_team}'s Genjutsu: {v}"));
        // The Genjutsu still waits for the next technique it can see.
        assert_eq!(passed.genjutsu.len(), 1);
        assert_eq!(waited.genjutsu.len(), 1);
    }
}

/// Issue 27, found by the secrecy property's Genjutsu twin (seed 13741853384567163702, before
/// 55): a Genjutsu's check drew its die only where a Genjutsu waited, so it moved the dice of the
/// Doton roll after it, and the same dice blocked a blow in one twin and broke the shield in the
/// other. The check now draws its die whenever the enemy has the Genjutsu talent.
#[test]
fn a_waiting_genjutsu_does_not_move_the_dice_of_the_public_rolls_after_it() {
    let mut g = game();
    teach(&mut g, 8, Technique::Genjutsu, 1);
    put(&mut g, 1, "f7");
    put(&mut g, 6, "f8");
    // Blue2 shields itself (team 0 has no Genjutsu talent: no die is drawn for one).
    act(&mut g, 6, "doton", &[]);
    let (mut waited, mut cast) = (g.clone(), g);
    act(&mut waited, 8, "wait", &[]);
    act(&mut cast, 8, "genjutsu", &[]);
    // The same dice in both twins: 60 for the Genjutsu (fails at 25%, or is set aside where none
    // waits), then 40 for the Doton shield (blocks at 50%).
    let ea = act(&mut waited, 1, "katon Blue2", &[60, 40]);
    let eb = act(&mut cast, 1, "katon Blue2", &[60, 40]);
    for events in [&ea, &eb] {
        assert!(has(events, |e| matches!(
            e,
            ScrollRaceEvent::Blocked { .. }
        )));
    }
    assert!(cast.genjutsu.is_empty(), "the Genjutsu is spent");
    testing::same_effects::<ScrollRace>((&waited, &ea), (&cast, &eb), &outsiders())
        .unwrap_or_else(|v| panic!("{v}"));
}

/// Seed: "Les actions sont données directement sur le topic du jeu à l'exception des techniques
/// de passe, de genjutsu et de fuinjutsu" (a seal is written to the organiser alone). A hostile
/// player of the other team aims every square technique at the square of a hidden enemy seal
/// (h9 in twin b, open ground in twin a): each is accepted or refused alike, with the same
/// message, and what follows reads the same to the outsiders, so no probe finds the seal.
#[test]
fn a_trap_or_summon_aimed_at_a_hidden_enemy_seal_finds_nothing() {
    let (a, b) = twins();
    for (technique, name, rank) in [
        (Technique::Kuchiyose, "kuchiyose", 1),
        (Technique::Kuchiyose, "kuchiyose", 3),
        (Technique::Fuinjutsu, "fuinjutsu", 1),
        (Technique::Fuinjutsu, "fuinjutsu", 3),
        (Technique::Suiton, "suiton", 1),
        (Technique::Suiton, "suiton", 2),
    ] {
        let (mut a, mut b) = (a.clone(), b.clone());
        for s in [&mut a, &mut b] {
            put(s, 1, "h8");
            teach(s, 1, technique, rank);
        }
        let texts: Vec<String> = ["h9", "g9", "h10", "i9"]
            .iter()
            .flat_map(|sq| [format!("{name} {sq}"), format!("step e; {name} {sq}")])
            .collect();
        testing::probe_twins::<ScrollRace>(&a, &b, Actor::Seat(Seat(1)), &texts, &[100; 4])
            .unwrap_or_else(|v| panic!("{name} {rank}: {v}"));
        // Laid on the seal's square: accepted in both twins, the same to every outsider. An
        // open technique draws the die of team 1's possible Genjutsu (waiting in twin b, where
        // it fails at 100).
        let rolls: &[u32] = if technique.is_secret() { &[] } else { &[100] };
        let ea = act(&mut a, 1, &format!("{name} h9"), rolls);
        let eb = act(&mut b, 1, &format!("{name} h9"), rolls);
        testing::same_effects::<ScrollRace>((&a, &ea), (&b, &eb), &outsiders())
            .unwrap_or_else(|v| panic!("{name} {rank}: {v}"));
    }
}

/// Seed: "Un rouleau par équipe, le porteur est désigné au début de la partie" and "Passe ...
/// 50% de chance de se faire repérer par l'équipe adverse qui sait alors qui est le porteur":
/// who carries is the team's secret until spotted. A player of the other team tries, on the
/// secret team's turn and on its own, to act for each of the secret team's characters and to
/// use every move and technique on them: every answer is the same whoever carries.
#[test]
fn acting_for_the_other_team_or_on_its_characters_does_not_find_the_carrier() {
    let base = game();
    let (mut a, mut b) = (base.clone(), base);
    // Twin a: Blue1 carries (the config); twin b: Blue3 carries.
    b.scrolls[1].holder = Holder::Carrier(7);
    let mut texts = attempts();
    for name in ["Blue1", "Blue2", "Blue3", "Blue4", "Blue5"] {
        for t in [
            "suiken",
            "taijutsu",
            "raiton",
            "kujutsu",
            "iroujutsu",
            "sensory",
        ] {
            texts.push(format!("{t} {name}"));
        }
        texts.push(format!("kujutsu {name} f9"));
        texts.push(format!("iroujutsu {name} goken"));
        texts.push(format!("carrier {name}"));
        texts.push(format!("pass {name}"));
    }
    texts.push("keep".into());
    for s in [&mut a, &mut b] {
        put(s, 1, "f7");
        put(s, 5, "f8");
        put(s, 7, "g7");
    }
    // On Blue3's own turn (the secret team's), every seat of team 0 and the game master probe.
    turn_of(&mut a, 7);
    turn_of(&mut b, 7);
    for seat in 0..5u16 {
        testing::probe_twins::<ScrollRace>(&a, &b, Actor::Seat(Seat(seat)), &texts, &[100; 8])
            .unwrap_or_else(|v| panic!("seat {seat} on Blue3's turn: {v}"));
    }
    // On Red2's turn, next to Blue1 and Blue3.
    turn_of(&mut a, 1);
    turn_of(&mut b, 1);
    for seat in 0..5u16 {
        testing::probe_twins::<ScrollRace>(&a, &b, Actor::Seat(Seat(seat)), &texts, &[100; 8])
            .unwrap_or_else(|v| panic!("seat {seat} on Red2's turn: {v}"));
    }
    // A Gôken on either possible carrier, with the same dice: what outsiders see is the same
    // (no drop at 100), and the striker is not told why.
    for target in ["Blue1", "Blue3"] {
        let (mut x, mut y) = (a.clone(), b.clone());
        let ex = act(&mut x, 1, &format!("goken {target}"), &[100, 100]);
        let ey = act(&mut y, 1, &format!("goken {target}"), &[100, 100]);
        testing::same_effects::<ScrollRace>((&x, &ex), (&y, &ey), &outsiders())
            .unwrap_or_else(|v| panic!("goken {target}: {v}"));
    }
}
