//! Combat, clause by clause, with scripted play (see docs/rules/three-kingdoms.md).

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common::*;
use pbp_core::engine::Seat;
use pbp_three_kingdoms::{
    AmbushTie, AmbushVisibility, FightResult, Pending, StrengthTie, ThreeKingdomsEvent, Zone,
};

fn fight_of(events: &[ThreeKingdomsEvent]) -> (FightResult, [u32; 2], [u32; 2]) {
    events
        .iter()
        .find_map(|e| match e {
            ThreeKingdomsEvent::Fight {
                result,
                strengths,
                remaining,
                ..
            } => Some((*result, *strengths, *remaining)),
            _ => None,
        })
        .expect("a fight")
}

fn attack(state: &mut pbp_three_kingdoms::ThreeKingdomsState, seat: u16, a: &str, t: &str) {
    let a = on_field(state, seat, a);
    let t = on_field(state, 1 - seat, t);
    act(state, seat, &format!("attack {a} on {t}"));
}

#[test]
fn seed_example_2500_against_2000_leaves_500() {
    let mut s = start(
        army("t-war-lord", &["t-a"], None),
        army("t-war-lord", &["t-b"], None),
        rules(),
    );
    act(&mut s, 0, "end");
    attack(&mut s, 0, "t-a", "t-b");
    assert!(matches!(s.pending, Some(Pending::Intercept { .. })));
    let events = act(&mut s, 1, "intercept none");
    let (result, strengths, remaining) = fight_of(&events);
    assert_eq!(result, FightResult::AttackerWins);
    assert_eq!(strengths, [2500, 2000]);
    assert_eq!(remaining, [500, 0]);
    assert_eq!(strength(&s, 0, "t-a"), 500);
    assert!(ch(&s, 1, "t-b").vulnerable, "the loser is Vulnerable");
    assert_eq!(ch(&s, 0, "t-a").zone, Zone::Front, "the winner advances");
    // End Phase: damaged Generals regain full Strength; B stays Vulnerable.
    act(&mut s, 0, "end");
    assert_eq!(strength(&s, 0, "t-a"), 2500);
    assert_eq!(strength(&s, 1, "t-b"), 2000);
    // B reverts to Alert in its controller's turn.
    assert!(!ch(&s, 1, "t-b").vulnerable);
}

#[test]
fn assault_also_strikes_first_when_attacked() {
    let mut s = start(
        army("t-war-lord", &["t-b"], None),
        army("t-war-lord", &["t-assault-3"], None),
        rules(),
    );
    act(&mut s, 0, "end");
    attack(&mut s, 0, "t-b", "t-assault-3");
    let events = act(&mut s, 1, "intercept none");
    let (result, _, remaining) = fight_of(&events);
    assert_eq!(result, FightResult::DefenderWins);
    assert_eq!(remaining, [0, 2000]);
    assert!(ch(&s, 0, "t-b").vulnerable);
}

#[test]
fn equal_cost_assaults_cancel_and_the_tie_rule_decides() {
    let mut s = start(
        army("t-war-lord", &["t-assault-3"], None),
        army("t-war-lord", &["t-assault-3b"], None),
        rules(),
    );
    act(&mut s, 0, "end");
    attack(&mut s, 0, "t-assault-3", "t-assault-3b");
    let events = act(&mut s, 1, "intercept none");
    assert_eq!(fight_of(&events).0, FightResult::BothLose);
}

#[test]
fn strength_ties_follow_the_config() {
    for (tie, expected) in [
        (StrengthTie::BothLose, FightResult::BothLose),
        (StrengthTie::DefenderWins, FightResult::DefenderWins),
        (StrengthTie::AttackerWins, FightResult::AttackerWins),
    ] {
        let mut r = rules();
        r.strength_tie = tie;
        let mut s = start(
            army("t-war-lord", &["t-b"], None),
            army("t-war-lord", &["t-c"], None),
            r,
        );
        act(&mut s, 0, "end");
        attack(&mut s, 0, "t-b", "t-c");
        let events = act(&mut s, 1, "intercept none");
        assert_eq!(fight_of(&events).0, expected, "{tie:?}");
        let (a_vul, d_vul) = (ch(&s, 0, "t-b").vulnerable, ch(&s, 1, "t-c").vulnerable);
        match expected {
            FightResult::BothLose => assert!(a_vul && d_vul),
            FightResult::DefenderWins => assert!(a_vul && !d_vul),
            FightResult::AttackerWins => assert!(!a_vul && d_vul),
        }
        assert_eq!(
            ch(&s, 0, "t-b").zone == Zone::Front,
            expected == FightResult::AttackerWins
        );
    }
}

#[test]
fn a_follow_up_may_be_declined() {
    let mut s = start(
        army("t-war-lord", &["t-d"], None),
        army("t-war-lord", &["t-a", "t-b", "t-c"], None),
        rules(),
    );
    act(&mut s, 0, "end");
    attack(&mut s, 0, "t-d", "t-b");
    let a = on_field(&s, 1, "t-a");
    act(&mut s, 1, &format!("intercept {a}"));
    act(&mut s, 1, "follow none");
    assert!(!ch(&s, 0, "t-d").vulnerable);
    assert!(s.pending.is_none());
}

#[test]
fn each_general_attacks_once_a_turn_and_only_in_combat() {
    let mut s = start(
        army("t-war-lord", &["t-giant"], None),
        army("t-war-lord", &["t-b", "t-d"], None),
        rules(),
    );
    let g = on_field(&s, 0, "t-giant");
    let b = on_field(&s, 1, "t-b");
    let d = on_field(&s, 1, "t-d");
    refuse(&mut s, 0, &format!("attack {g} on {b}"), Kind::Illegal);
    act(&mut s, 0, "end");
    act(&mut s, 0, &format!("attack {g} on {b}"));
    act(&mut s, 1, "intercept none");
    refuse(&mut s, 0, &format!("attack {g} on {d}"), Kind::Illegal);
}

#[test]
fn a_general_untapped_in_the_combat_phase_still_attacks_only_once() {
    // The seed: "you can only declare one attack per General during your Combat Phase". A
    // card file's Combat Phase Tactic that untaps a General (Second Wind) readies it, but gives
    // it no second attack.
    use pbp_core::{SeededDice, engine::Game};
    let wind = r#"{"format":"pbp-three-kingdoms-cards","version":1,"set":"x","cards":[
        {"id":"x-second-wind","name":"Second Wind","rarity":"C","type":"tactic","cost":1,
         "target":"own_general","timing":"combat","effects":[{"op":"untap"}]}]}"#;
    let mut a = army("t-war-lord", &["t-giant"], None);
    a.deck.push(pbp_three_kingdoms::DeckEntry {
        card: "x-second-wind".into(),
        copies: 1,
    });
    let mut cfg = config(a, army("t-war-lord", &["t-b", "t-d"], None), rules());
    cfg.extra_cards.extend(
        pbp_three_kingdoms::CardSet::from_json(wind)
            .unwrap()
            .iter()
            .cloned(),
    );
    let mut s = pbp_three_kingdoms::ThreeKingdoms::setup(&cfg, &mut SeededDice::new(7)).unwrap();
    let g = on_field(&s, 0, "t-giant");
    let b = on_field(&s, 1, "t-b");
    let d = on_field(&s, 1, "t-d");
    pay(&mut s, 0, "t-d");
    let wind = give(&mut s, 0, "x-second-wind");
    act(&mut s, 0, "end");
    act(&mut s, 0, &format!("attack {g} on {b}"));
    act(&mut s, 1, "intercept none");
    act(&mut s, 0, &format!("play {wind} on 0:{g}"));
    assert!(!ch(&s, 0, "t-giant").tapped);
    let err = refuse(&mut s, 0, &format!("attack {g} on {d}"), Kind::Illegal);
    assert!(err.to_string().contains("its one attack"), "{err}");
    assert!(
        !pbp_three_kingdoms::ThreeKingdoms::legal_actions(
            &s,
            pbp_core::engine::Actor::Seat(Seat(0))
        )
        .iter()
        .any(|a| matches!(a, pbp_three_kingdoms::ThreeKingdomsAction::Attack { .. }))
    );
}

fn ambush_armies() -> (pbp_three_kingdoms::ArmySpec, pbp_three_kingdoms::ArmySpec) {
    let mut defender = army("t-war-lord", &["t-ambush", "t-b", "t-d"], None);
    defender.ambush = vec!["t-b".into()];
    (
        army("t-war-lord", &["t-a", "t-d", "t-assault-2"], None),
        defender,
    )
}

#[test]
fn ambush_generals_cannot_be_targeted_nor_attack_before_intercepting() {
    let (a, d) = ambush_armies();
    let mut s = start(a, d, rules());
    act(&mut s, 0, "end");
    let atk = on_field(&s, 0, "t-a");
    let b = on_field(&s, 1, "t-b");
    refuse(&mut s, 0, &format!("attack {atk} on {b}"), Kind::Illegal);
    pass_turn(&mut s);
    act(&mut s, 1, "end");
    let target = on_field(&s, 0, "t-d");
    refuse(&mut s, 1, &format!("attack {b} on {target}"), Kind::Illegal);
}

#[test]
fn an_ambush_against_equal_cost_follows_the_config() {
    for (tie, ambusher_wins) in [
        (AmbushTie::Strength, None),
        (AmbushTie::Ambusher, Some(true)),
        (AmbushTie::Attacker, Some(false)),
    ] {
        let (a, d) = ambush_armies();
        let mut r = rules();
        r.ambush_cost_tie = tie;
        let mut s = start(a, d, r);
        act(&mut s, 0, "end");
        attack(&mut s, 0, "t-assault-2", "t-d");
        let b = on_field(&s, 1, "t-b");
        let events = act(&mut s, 1, &format!("intercept {b}"));
        let sprung = events.iter().find_map(|e| match e {
            ThreeKingdomsEvent::AmbushSprung { won, .. } => Some(*won),
            _ => None,
        });
        assert_eq!(sprung, ambusher_wins, "{tie:?}");
        if tie == AmbushTie::Strength {
            // The Ambush ends for all to see, and they fight by Strength.
            assert!(
                events
                    .iter()
                    .any(|e| matches!(e, ThreeKingdomsEvent::AmbushMet { .. })),
                "{events:?}"
            );
            // 2000 with Assault against 2000: the attacker strikes first and wins.
            assert!(ch(&s, 1, "t-b").vulnerable);
        }
    }
}

#[test]
fn secret_ambush_is_hidden_and_an_attack_on_it_is_foiled() {
    let (a, d) = ambush_armies();
    let mut r = rules();
    r.ambush = AmbushVisibility::Secret;
    let mut s = start(a, d, r);
    use pbp_core::engine::{Game, Viewer};
    let view = pbp_three_kingdoms::ThreeKingdoms::view(&s, Viewer::Seat(Seat(0)));
    let b = on_field(&s, 1, "t-b");
    let seen = view.players[1]
        .field
        .iter()
        .find(|c| c.instance == b)
        .unwrap();
    assert_eq!(seen.ambush, None);
    let own = pbp_three_kingdoms::ThreeKingdoms::view(&s, Viewer::Seat(Seat(1)));
    assert_eq!(
        own.players[1]
            .field
            .iter()
            .find(|c| c.instance == b)
            .unwrap()
            .ambush,
        Some(true)
    );
    act(&mut s, 0, "end");
    let atk = on_field(&s, 0, "t-a");
    let events = act(&mut s, 0, &format!("attack {atk} on {b}"));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, ThreeKingdomsEvent::AmbushFoiled { .. }))
    );
    assert!(ch(&s, 0, "t-a").tapped);
    assert!(s.pending.is_none());
    assert!(ch(&s, 1, "t-b").ambush_revealed);
}

fn command_scene(r: pbp_three_kingdoms::Rules) -> pbp_three_kingdoms::ThreeKingdomsState {
    let mut s = start(
        army("t-war-lord", &["t-a", "t-giant", "t-d"], None),
        army("t-pol-lord", &["t-c", "t-b", "t-law"], Some("t-c")),
        r,
    );
    ch_mut(&mut s, 1, "t-c").vulnerable = true;
    act(&mut s, 0, "end");
    attack(&mut s, 0, "t-a", "t-c");
    let events = act(&mut s, 1, "intercept none");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, ThreeKingdomsEvent::CommanderFell { .. }))
    );
    s
}

#[test]
fn an_evacuated_commander_takes_every_general_with_it() {
    let s = command_scene(rules());
    assert!(in_discard(&s, 1, "t-c") && in_discard(&s, 1, "t-b"));
    assert!(s.commander_evacuated(Seat(1)));
    assert_eq!(
        s.player(Seat(1)).field.len(),
        2,
        "the Lord and the Adviser remain"
    );
}

#[test]
fn the_command_may_be_attacked_from_the_front_once_the_commander_falls() {
    let mut s = command_scene(rules());
    let law = on_field(&s, 1, "t-law");
    let giant = on_field(&s, 0, "t-giant");
    // Not before the defender has had a turn to revive its Commander, even from the front.
    ch_mut(&mut s, 0, "t-giant").zone = Zone::Front;
    assert!(!s.command_open(Seat(1)));
    refuse(
        &mut s,
        0,
        &format!("attack {giant} on {law}"),
        Kind::Illegal,
    );
    ch_mut(&mut s, 0, "t-giant").zone = Zone::Home;
    pass_turn(&mut s);
    pass_turn(&mut s);
    assert!(s.command_open(Seat(1)));
    act(&mut s, 0, "end");
    // Only from the enemy's deployment zone.
    refuse(
        &mut s,
        0,
        &format!("attack {giant} on {law}"),
        Kind::Illegal,
    );
    // t-a advanced when it won; it attacks the Adviser in the Command.
    attack(&mut s, 0, "t-a", "t-law");
    act(&mut s, 1, "intercept none");
    assert!(ch(&s, 1, "t-law").vulnerable);
}

#[test]
fn an_evacuated_adviser_leaves_the_game_and_a_lord_at_zero_loses() {
    let mut r = rules();
    r.command_attack_from_front = false;
    let mut s = command_scene(r);
    pass_turn(&mut s);
    pass_turn(&mut s);
    act(&mut s, 0, "end");
    attack(&mut s, 0, "t-d", "t-law");
    act(&mut s, 1, "intercept none");
    attack(&mut s, 0, "t-a", "t-law");
    let events = act(&mut s, 1, "intercept none");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, ThreeKingdomsEvent::Evacuated { removed: true, .. }))
    );
    let p = s.player(Seat(1));
    assert!(p.removed.iter().any(|&c| p.cards[c as usize] == "t-law"));
    // The Giant (5000) attacks the Lord (4000) in the Command: the Lord falls to 0.
    attack(&mut s, 0, "t-giant", "t-pol-lord");
    let events = act(&mut s, 1, "intercept none");
    assert!(events.iter().any(|e| matches!(
        e,
        ThreeKingdomsEvent::GameOver {
            winner: Some(Seat(0)),
            ..
        }
    )));
    use pbp_core::engine::Game;
    let turn = pbp_three_kingdoms::ThreeKingdoms::turn(&s);
    assert_eq!(turn.outcome().unwrap().winners, vec![Seat(0)]);
    assert!(
        refuse(&mut s, 0, "end", Kind::NotYourTurn)
            .to_string()
            .contains("over")
    );
}

#[test]
fn the_lords_damage_is_not_healed_in_the_end_phase() {
    let mut r = rules();
    r.command_attack_from_front = false;
    let mut s = command_scene(r);
    pass_turn(&mut s);
    pass_turn(&mut s);
    act(&mut s, 0, "end");
    attack(&mut s, 0, "t-d", "t-pol-lord");
    act(&mut s, 1, "intercept none");
    assert_eq!(strength(&s, 1, "t-pol-lord"), 3000);
    act(&mut s, 0, "end");
    assert_eq!(strength(&s, 1, "t-pol-lord"), 3000);
    assert!(s.ending.is_none());
}

#[test]
fn a_lord_moved_into_the_deployment_zone_fights_like_a_general() {
    let mut s = start(
        army("t-war-lord", &["t-d"], None),
        army("t-war-lord", &["t-giant"], None),
        rules(),
    );
    act(&mut s, 0, "move lord");
    assert_eq!(ch(&s, 0, "t-war-lord").zone, Zone::Home);
    pass_turn(&mut s);
    act(&mut s, 1, "end");
    attack(&mut s, 1, "t-giant", "t-war-lord");
    act(&mut s, 0, "intercept none");
    assert_eq!(s.ending.as_ref().and_then(|e| e.winner), Some(Seat(1)));
}

#[test]
fn a_tapped_general_fights_without_its_traits() {
    // As in `assault_also_strikes_first_when_attacked`, but the Lancer was tapped before the
    // attack (by a Discord card, say): its Assault is a trait, and a tapped character's
    // abilities cannot be used. 2000 against 2000 with no first strike: the tie rule.
    let mut s = start(
        army("t-war-lord", &["t-b"], None),
        army("t-war-lord", &["t-assault-3"], None),
        rules(),
    );
    act(&mut s, 0, "end");
    ch_mut(&mut s, 1, "t-assault-3").tapped = true;
    attack(&mut s, 0, "t-b", "t-assault-3");
    let events = act(&mut s, 1, "intercept none");
    let first = events.iter().find_map(|e| match e {
        ThreeKingdomsEvent::Fight { first_strike, .. } => Some(*first_strike),
        _ => None,
    });
    assert_eq!(first, Some(None));
    assert_eq!(fight_of(&events).0, FightResult::BothLose);
}

#[test]
fn a_general_that_taps_to_attack_keeps_its_traits_in_that_fight() {
    // Tapping is how a General attacks: the attacker fights its own attack with Assault.
    let mut s = start(
        army("t-war-lord", &["t-assault-3"], None),
        army("t-war-lord", &["t-b"], None),
        rules(),
    );
    act(&mut s, 0, "end");
    attack(&mut s, 0, "t-assault-3", "t-b");
    assert!(ch(&s, 0, "t-assault-3").tapped);
    let events = act(&mut s, 1, "intercept none");
    assert_eq!(fight_of(&events).0, FightResult::AttackerWins);
}

/// Both Lords, 4000 each, in their deployment zones; `attacker`'s Lord attacks the other's.
fn lords_fall_together(attacker: u16) -> pbp_three_kingdoms::ThreeKingdomsState {
    let mut s = start(
        army("t-war-lord", &["t-d"], None),
        army("t-war-lord", &["t-d"], None),
        rules(),
    );
    act(&mut s, 0, "move lord");
    pass_turn(&mut s);
    act(&mut s, 1, "move lord");
    if attacker == 1 {
        act(&mut s, 1, "end");
    } else {
        pass_turn(&mut s);
        act(&mut s, 0, "end");
    }
    attack(&mut s, attacker, "t-war-lord", "t-war-lord");
    let events = act(&mut s, 1 - attacker, "intercept none");
    assert_eq!(fight_of(&events).0, FightResult::BothLose);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, ThreeKingdomsEvent::GameOver { winner: None, .. }))
    );
    s
}

#[test]
fn both_lords_falling_in_one_fight_is_a_draw_whoever_attacked() {
    use pbp_core::engine::Game;
    for attacker in [0, 1] {
        let s = lords_fall_together(attacker);
        let outcome = pbp_three_kingdoms::ThreeKingdoms::turn(&s)
            .outcome()
            .cloned()
            .expect("over");
        assert!(outcome.winners.is_empty(), "attacker {attacker}");
        assert_eq!(outcome.ranking, vec![vec![Seat(0), Seat(1)]]);
        assert!(outcome.reason.contains("a draw"), "{}", outcome.reason);
    }
}
