//! Every effect primitive, with scripted play.

mod common;

use common::*;
use pbp_core::Seat;
use pbp_three_kingdoms::{Effect, ThreeKingdomsEvent, Zone};

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
fn strength_until_the_end_of_the_turn() {
    let mut s = scene();
    play(&mut s, "t-strength-eot", Some((0, "t-a")));
    assert_eq!(strength(&s, 0, "t-a"), 2800);
    pass_turn(&mut s);
    assert_eq!(strength(&s, 0, "t-a"), 2500);
}

#[test]
fn strength_for_n_turns_counts_its_players_turns() {
    let mut s = scene();
    play(&mut s, "t-strength-2", Some((0, "t-a")));
    assert_eq!(strength(&s, 0, "t-a"), 2900);
    pass_turn(&mut s);
    assert_eq!(strength(&s, 0, "t-a"), 2900, "still in the enemy's turn");
    pass_turn(&mut s);
    assert_eq!(strength(&s, 0, "t-a"), 2900, "the second of its turns");
    pass_turn(&mut s);
    assert_eq!(strength(&s, 0, "t-a"), 2500);
}

#[test]
fn permanent_strength_from_a_reinforcement() {
    let mut s = scene();
    play(&mut s, "t-strength-perm", Some((0, "t-b")));
    for _ in 0..4 {
        pass_turn(&mut s);
    }
    assert_eq!(strength(&s, 0, "t-b"), 2200);
    assert!(in_discard(&s, 0, "t-strength-perm"));
}

#[test]
fn damage_lowers_strength_then_makes_vulnerable_then_evacuates() {
    let mut s = scene();
    play(&mut s, "t-damage", Some((1, "t-c")));
    assert_eq!(strength(&s, 1, "t-c"), 1000);
    assert!(!ch(&s, 1, "t-c").vulnerable);
    play(&mut s, "t-damage", Some((1, "t-c")));
    assert!(
        ch(&s, 1, "t-c").vulnerable,
        "at 0 Strength it is Vulnerable"
    );
    play(&mut s, "t-big-damage", Some((1, "t-c")));
    assert!(
        in_discard(&s, 1, "t-c"),
        "damaged again while Vulnerable: Evacuated"
    );
}

#[test]
fn draw_draws_for_its_player() {
    let mut s = scene();
    let before = s.player(Seat(0)).hand.len();
    play(&mut s, "t-draw", None);
    assert_eq!(s.player(Seat(0)).hand.len(), before + 2);
}

#[test]
fn discard_takes_cards_at_random_from_the_opponent() {
    let mut s = scene();
    give(&mut s, 1, "t-a");
    give(&mut s, 1, "t-b");
    give(&mut s, 1, "t-d");
    let events = play(&mut s, "t-discard", None);
    assert_eq!(s.player(Seat(1)).hand.len(), 1);
    assert_eq!(s.player(Seat(1)).discard.len(), 2);
    let told = events
        .iter()
        .filter(|e| {
            matches!(
                e,
                ThreeKingdomsEvent::DiscardedAtRandom { seat: Seat(1), .. }
            )
        })
        .count();
    assert_eq!(told, 2);
}

#[test]
fn resources_add_points() {
    let mut s = scene();
    let before = s.player(Seat(0)).resources;
    play(&mut s, "t-resources", None);
    assert_eq!(s.player(Seat(0)).resources, before - 1 + 3);
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
fn move_switches_deployment_zones() {
    let mut s = scene();
    play(&mut s, "t-move", Some((0, "t-a")));
    assert_eq!(ch(&s, 0, "t-a").zone, Zone::Front);
    play(&mut s, "t-move", Some((0, "t-a")));
    assert_eq!(ch(&s, 0, "t-a").zone, Zone::Home);
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
fn grant_gives_a_trait_for_its_duration() {
    let mut s = scene();
    let a = on_field(&s, 0, "t-a");
    assert!(!s.has_trait(Seat(0), a, pbp_three_kingdoms::Trait::Assault));
    play(&mut s, "t-grant", Some((0, "t-a")));
    assert!(s.has_trait(Seat(0), a, pbp_three_kingdoms::Trait::Assault));
    pass_turn(&mut s);
    assert!(!s.has_trait(Seat(0), a, pbp_three_kingdoms::Trait::Assault));
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
fn lords_are_never_chosen_by_cards() {
    let mut s = scene();
    let arrows = give(&mut s, 0, "t-damage");
    refuse(&mut s, 0, &format!("play {arrows} on 1:0"), Kind::Illegal);
    let boost = give(&mut s, 0, "t-strength-eot");
    refuse(&mut s, 0, &format!("play {boost} on 0:0"), Kind::Illegal);
}
