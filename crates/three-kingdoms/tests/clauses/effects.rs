//! Every effect primitive, with scripted play.

use crate::common::*;
use pbp_core::engine::Seat;
use pbp_three_kingdoms::{Effect, ThreeKingdomsEvent};

fn scene() -> pbp_three_kingdoms::ThreeKingdomsState {
    let mut s = start(
        army("t-war-lord", &["t-a", "t-b"], None),
        army("t-war-lord", &["t-c", "t-d", "t-law"], None),
        rules(),
    );
    // Plenty of points for the tests.
    pay(&mut s, 0, "t-giant");
    pay(&mut s, 0, "t-giant");
    s
}

fn play(
    s: &mut pbp_three_kingdoms::ThreeKingdomsState,
    id: &str,
    target: Option<(u16, &str)>,
) -> Vec<ThreeKingdomsEvent> {
    let card = give(s, 0, id);
    let on = match target {
        Some((seat, t)) => format!(" on {seat}:{}", on_field(s, seat, t)),
        None => String::new(),
    };
    act(s, 0, &format!("play {card}{on}"))
}

#[test]
fn cost_change_never_takes_a_cost_below_1() {
    let mut s = scene();
    play(&mut s, "t-cheap", None);
    let b = give(&mut s, 0, "t-b");
    // Printed 2, War Lord -1, Farms -3: 1, never less.
    assert_eq!(s.summon_cost(Seat(0), b), 1);
    let g = give(&mut s, 0, "t-c");
    assert_eq!(s.summon_cost(Seat(0), g), 1);
    // Reviving reads the printed cost: double 4.
    assert_eq!(s.revive_cost(Seat(0), g), 8);
    pass_turn(&mut s);
    pass_turn(&mut s);
    assert_eq!(s.summon_cost(Seat(0), b), 1);
    assert_eq!(s.summon_cost(Seat(0), g), 3, "the change lasted one turn");
}

#[test]
fn tactic_immunity_reads_the_printed_cost() {
    let mut s = scene();
    play(&mut s, "t-immune", Some((0, "t-a")));
    pass_turn(&mut s);
    pay(&mut s, 1, "t-giant");
    let discount = give(&mut s, 1, "t-tactic-discount");
    act(&mut s, 1, &format!("play {discount}"));
    let a = on_field(&s, 1 - 1, "t-a");
    let small = give(&mut s, 1, "t-damage");
    let big = give(&mut s, 1, "t-big-damage");
    // Printed 2: ignored, whatever it costs now.
    assert_eq!(s.play_cost(Seat(1), small), 1);
    refuse(&mut s, 1, &format!("play {small} on 0:{a}"), Kind::Illegal);
    // Printed 3, costing 2 now: not ignored.
    assert_eq!(s.play_cost(Seat(1), big), 2);
    act(&mut s, 1, &format!("play {big} on 0:{a}"));
    assert_eq!(strength(&s, 0, "t-a"), 0);
}

#[test]
fn tap_and_untap() {
    let mut s = scene();
    play(&mut s, "t-tap", Some((1, "t-law")));
    assert!(ch(&s, 1, "t-law").tapped);
    act(&mut s, 0, "end");
    let a = on_field(&s, 0, "t-a");
    let d = on_field(&s, 1, "t-d");
    act(&mut s, 0, &format!("attack {a} on {d}"));
    act(&mut s, 1, "intercept none");
    assert!(ch(&s, 0, "t-a").tapped);
    pass_turn(&mut s);
    pass_turn(&mut s);
    assert!(!ch(&s, 0, "t-a").tapped);
    let mut s = scene();
    ch_mut(&mut s, 0, "t-a").tapped = true;
    play(&mut s, "t-untap", Some((0, "t-a")));
    assert!(!ch(&s, 0, "t-a").tapped);
}

#[test]
fn protect_forbids_attacks_and_enemy_cards() {
    let mut s = start(
        army("t-war-lord", &["t-a"], None),
        army("t-war-lord", &["t-b", "t-d"], None),
        rules(),
    );
    pass_turn(&mut s);
    pay(&mut s, 1, "t-giant");
    act(&mut s, 1, "end");
    let shield = give(&mut s, 1, "t-protect");
    let b = on_field(&s, 1, "t-b");
    act(&mut s, 1, &format!("play {shield} on 1:{b}"));
    assert!(s.protected(Seat(1), b));
    act(&mut s, 1, "end");
    // Protection lasted to the end of that turn only.
    assert!(!s.protected(Seat(1), b));
    let mut s2 = start(
        army("t-war-lord", &["t-a"], None),
        army("t-war-lord", &["t-b"], None),
        rules(),
    );
    ch_mut(&mut s2, 1, "t-b")
        .mods
        .push(pbp_three_kingdoms::Modifier {
            effect: Effect::Protect {
                duration: pbp_three_kingdoms::Duration::Permanent,
            },
            expires: None,
        });
    pay(&mut s2, 0, "t-giant");
    let arrows = give(&mut s2, 0, "t-damage");
    let b = on_field(&s2, 1, "t-b");
    refuse(
        &mut s2,
        0,
        &format!("play {arrows} on 1:{b}"),
        Kind::Illegal,
    );
    act(&mut s2, 0, "end");
    let a = on_field(&s2, 0, "t-a");
    refuse(&mut s2, 0, &format!("attack {a} on {b}"), Kind::Illegal);
}

#[test]
fn rally_makes_alert_at_full_strength() {
    let mut s = scene();
    {
        let a = ch_mut(&mut s, 0, "t-a");
        a.vulnerable = true;
        a.damage = 2000;
    }
    play(&mut s, "t-rally", Some((0, "t-a")));
    assert!(!ch(&s, 0, "t-a").vulnerable);
    assert_eq!(strength(&s, 0, "t-a"), 2500);
}

#[test]
fn a_politics_lord_in_the_deployment_zone_takes_tactics_by_option() {
    // The seed: "Only Lord cards with the War trait can move back and forth between your own
    // deployment zone and command zone with no penalty/bonus. And by penalty/bonus, this is all
    // about whatever effects dealt by Tactic/Strategy cards." D14: by default no Lord is chosen
    // by cards; with `politics_lord_takes_cards` a Politics Lord standing in its deployment zone
    // is dealt Tactics and Strategies as a General is, and a War Lord still never is.
    for option in [false, true] {
        let mut r = rules();
        r.politics_lord_takes_cards = option;
        let mut s = start(
            army("t-war-lord", &["t-a"], None),
            army("t-pol-lord", &["t-b"], Some("t-b")),
            r,
        );
        // The War Lord of seat 0 moves into its deployment zone for free.
        act(&mut s, 0, "move lord");
        pass_turn(&mut s);
        // The Politics Lord of seat 1 pays 2 points to move there too; Arrows (1000 damage,
        // enemy General) cannot reach the War Lord either way.
        pay(&mut s, 1, "t-b");
        act(&mut s, 1, "move lord");
        pay(&mut s, 1, "t-b");
        let arrows = give(&mut s, 1, "t-damage");
        refuse(&mut s, 1, &format!("play {arrows} on 0:0"), Kind::Illegal);
        pass_turn(&mut s);
        pay(&mut s, 0, "t-giant");
        let arrows = give(&mut s, 0, "t-damage");
        let lord = s.player(Seat(1)).lord;
        if option {
            act(&mut s, 0, &format!("play {arrows} on 1:{lord}"));
            assert_eq!(s.strength(Seat(1), lord), 3000);
            // A Lord's wounds last (D15).
            pass_turn(&mut s);
            assert_eq!(s.strength(Seat(1), lord), 3000);
        } else {
            refuse(
                &mut s,
                0,
                &format!("play {arrows} on 1:{lord}"),
                Kind::Illegal,
            );
            assert_eq!(s.strength(Seat(1), lord), 4000);
        }
    }
}
