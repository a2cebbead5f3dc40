//! The turn and the Preparation Phase, clause by clause, with scripted play.

use crate::common::*;
use pbp_core::{
    SeededDice,
    engine::{Game, Seat},
};
use pbp_three_kingdoms::{
    Faction, Phase, PoliticsRule, ResourceExpiry, ThreeKingdoms, ThreeKingdomsConfig,
    ThreeKingdomsEvent, Zone,
};

#[test]
fn each_side_starts_with_eight_cards_and_never_holds_more() {
    let config = ThreeKingdomsConfig::presets(Faction::Wei, Faction::Han);
    let mut s = ThreeKingdoms::setup(&config, &mut SeededDice::new(3)).unwrap();
    // The first player drew into a full hand: that card went to the discard pile.
    for seat in [Seat(0), Seat(1)] {
        assert_eq!(s.player(seat).hand.len(), 8);
    }
    assert_eq!(s.player(s.active).discard.len(), 1);
    let first = s.active.0;
    pass_turn(&mut s);
    let second = 1 - first;
    assert_eq!(s.player(Seat(second)).hand.len(), 8);
    assert_eq!(s.player(Seat(second)).discard.len(), 1);
}

#[test]
fn with_end_of_phase_expiry_points_are_lost_when_the_phase_ends() {
    let mut r = rules();
    r.resource_expiry = ResourceExpiry::EndOfPhase;
    let mut s = start(
        army("t-war-lord", &["t-a"], None),
        army("t-war-lord", &["t-b"], None),
        r,
    );
    pay(&mut s, 0, "t-b");
    act(&mut s, 0, "end");
    assert_eq!(s.player(Seat(0)).resources, 0);
    // Cards may then be discarded in the Combat Phase to pay Combat-Phase Tactics.
    pay(&mut s, 0, "t-d");
    assert_eq!(s.player(Seat(0)).resources, 1);
}

#[test]
fn politics_may_let_advisers_be_summoned_for_one_less() {
    let mut r = rules();
    r.politics = PoliticsRule::SummonAdvisers;
    let mut s = start(
        army("t-pol-lord", &["t-a"], Some("t-a")),
        army("t-war-lord", &["t-b"], None),
        r,
    );
    let law = give(&mut s, 0, "t-law");
    pay(&mut s, 0, "t-d");
    let events = act(&mut s, 0, &format!("summon {law}"));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, ThreeKingdomsEvent::Summoned { cost: 1, .. }))
    );
    assert_eq!(ch(&s, 0, "t-law").zone, Zone::Command);
}

#[test]
fn tapped_characters_abilities_do_nothing() {
    let mut s = start(
        army("t-war-lord", &["t-a", "t-aura"], None),
        army("t-war-lord", &["t-b"], None),
        rules(),
    );
    assert_eq!(strength(&s, 0, "t-a"), 2600);
    pass_turn(&mut s);
    pay(&mut s, 1, "t-b");
    let tap = give(&mut s, 1, "t-tap");
    let aura = on_field(&s, 0, "t-aura");
    act(&mut s, 1, &format!("play {tap} on 0:{aura}"));
    assert_eq!(strength(&s, 0, "t-a"), 2500);
    pass_turn(&mut s);
    assert_eq!(strength(&s, 0, "t-a"), 2600, "untapped in its own turn");
}

#[test]
fn an_event_played_before_the_match_lasts_the_whole_game() {
    let mut with_event = army("t-war-lord", &["t-a"], None);
    with_event.events = vec!["t-event".into()];
    let mut s = start(with_event, army("t-war-lord", &["t-b"], None), rules());
    assert_eq!(strength(&s, 0, "t-a"), 2600);
    let g = give(&mut s, 0, "t-d");
    pay(&mut s, 0, "t-b");
    act(&mut s, 0, &format!("summon {g}"));
    assert_eq!(strength(&s, 0, "t-d"), 1100);
    for _ in 0..6 {
        pass_turn(&mut s);
    }
    assert_eq!(strength(&s, 0, "t-a"), 2600);
}

#[test]
fn the_opponent_cannot_act_and_the_game_master_only_acts_for_the_absent() {
    let mut s = start(
        army("t-war-lord", &["t-a"], None),
        army("t-war-lord", &["t-b"], None),
        rules(),
    );
    refuse(&mut s, 1, "end", Kind::NotYourTurn);
    // The game master may only end the phase for the seat that must act (see the next test).
    assert_eq!(
        ThreeKingdoms::legal_actions(&s, pbp_core::engine::Actor::GameMaster),
        vec![pbp_three_kingdoms::ThreeKingdomsAction::End]
    );
    let err = pbp_core::engine::testing::refuse(
        &CONTRACT,
        &mut s,
        pbp_core::engine::Actor::GameMaster,
        "move lord",
        pbp_core::engine::testing::Rolls::Seeded(1),
        Kind::Illegal,
    );
    assert!(err.to_string().contains("absent player"), "{err}");
}

#[test]
fn acting_out_of_turn_is_refused_in_players_words() {
    // Wei's preset against Shu's: Shu tries to act in Wei's Preparation Phase, even with a
    // card of Wei's hand. The refusal names the seats by their players and factions, never by
    // a number, says who acts now, and tells nothing of the card.
    let mut config = ThreeKingdomsConfig::presets(Faction::Wei, Faction::Shu);
    config.first = Some(Seat(0));
    config.players = vec!["Cao".into(), "Liu".into()];
    let mut s = ThreeKingdoms::setup(&config, &mut SeededDice::new(3)).unwrap();
    let hand = s.player(Seat(0)).hand.clone();
    for text in [
        "end".to_string(),
        format!("discard {}", hand[0]),
        "move lord".into(),
    ] {
        let err = refuse(&mut s, 1, &text, Kind::NotYourTurn).to_string();
        assert_eq!(
            err, "Liu (Shu) may not act now: Cao (Wei) acts now",
            "{text}"
        );
    }
    // A seat the game does not have is refused too, without a panic.
    let err = pbp_core::engine::testing::refuse(
        &CONTRACT,
        &mut s,
        pbp_core::engine::Actor::Seat(Seat(7)),
        "end",
        pbp_core::engine::testing::Rolls::Seeded(1),
        Kind::NotYourTurn,
    );
    assert!(err.to_string().contains("two players"), "{err}");
}

#[test]
fn advisers_stay_in_the_command() {
    let mut s = start(
        army("t-war-lord", &["t-a", "t-law"], None),
        army("t-war-lord", &["t-b"], None),
        rules(),
    );
    assert_eq!(ch(&s, 0, "t-law").zone, Zone::Command);
    pay(&mut s, 0, "t-giant");
    let feint = give(&mut s, 0, "t-move");
    let law = on_field(&s, 0, "t-law");
    refuse(
        &mut s,
        0,
        &format!("play {feint} on 0:{law}"),
        Kind::Illegal,
    );
}

#[test]
fn a_dice_failure_leaves_the_state_unchanged() {
    let mut s = start(
        army("t-war-lord", &["t-a"], None),
        army("t-war-lord", &["t-b"], None),
        rules(),
    );
    act(&mut s, 0, "end");
    let before = s.clone();
    // Ending the turn makes seat 1 draw, which needs a roll the script does not have.
    let result = ThreeKingdoms::apply(
        &mut s,
        pbp_core::engine::Actor::Seat(Seat(0)),
        &pbp_three_kingdoms::ThreeKingdomsAction::End,
        &mut pbp_core::ScriptedDice::new([]),
    );
    assert!(matches!(
        result,
        Err(pbp_three_kingdoms::ThreeKingdomsError::Dice(_))
    ));
    assert_eq!(s, before);
    // An outside roll picks the card by its position among the remaining ones.
    let second = s.player(Seat(1)).deck.draw_pile()[1];
    ThreeKingdoms::apply(
        &mut s,
        pbp_core::engine::Actor::Seat(Seat(0)),
        &pbp_three_kingdoms::ThreeKingdomsAction::End,
        &mut pbp_core::ScriptedDice::new([2]),
    )
    .unwrap();
    assert_eq!(s.player(Seat(1)).hand, vec![second]);
}

#[test]
fn the_game_master_ends_the_phase_and_declines_for_an_absent_player() {
    use pbp_core::engine::Actor;
    use pbp_three_kingdoms::ThreeKingdomsAction;
    let mut s = start(
        army("t-war-lord", &["t-a"], None),
        army("t-war-lord", &["t-b"], None),
        rules(),
    );
    let gm = Actor::GameMaster;
    // What the game master can really do now: end seat 0's phase, nothing else; and the turn
    // says so (who may act now: seat 0, or the game master for seat 0).
    assert_eq!(
        ThreeKingdoms::legal_actions(&s, gm),
        vec![ThreeKingdomsAction::End]
    );
    assert_eq!(
        ThreeKingdoms::turn(&s).actors(),
        &[Actor::Seat(Seat(0)), Actor::GameMaster]
    );
    let summon = ThreeKingdomsAction::Summon { card: 0 };
    let before = s.clone();
    let err = ThreeKingdoms::apply(&mut s, gm, &summon, &mut SeededDice::new(1)).unwrap_err();
    assert!(err.to_string().contains("absent player"), "{err}");
    assert_eq!(s, before);
    let events = ThreeKingdoms::apply(
        &mut s,
        gm,
        &ThreeKingdomsAction::End,
        &mut SeededDice::new(1),
    )
    .unwrap();
    assert!(matches!(
        events[0].event,
        ThreeKingdomsEvent::GameMasterActs { seat: Seat(0) }
    ));
    assert_eq!(s.phase, Phase::Combat);
    // Seat 0 attacks; the absent seat 1 is asked to intercept: the game master declines.
    let a = on_field(&s, 0, "t-a");
    let b = on_field(&s, 1, "t-b");
    act(&mut s, 0, &format!("attack {a} on {b}"));
    let legal = ThreeKingdoms::legal_actions(&s, gm);
    assert_eq!(
        legal,
        vec![ThreeKingdomsAction::Intercept { with: Vec::new() }]
    );
    let text = ThreeKingdoms::parse_action(&s, gm, "intercept none").unwrap();
    let events = ThreeKingdoms::apply(&mut s, gm, &text, &mut SeededDice::new(1)).unwrap();
    assert!(matches!(
        events[0].event,
        ThreeKingdomsEvent::GameMasterActs { seat: Seat(1) }
    ));
    assert!(
        events
            .iter()
            .any(|e| matches!(e.event, ThreeKingdomsEvent::Fight { .. }))
    );
}

#[test]
fn the_coin_toss_gives_the_first_turn_to_either_seat() {
    // With `first: None` the dice choose who starts; over forty seeds both seats do, about
    // equally, and the army of the seat does not matter.
    let mut starts = [0_u32; 2];
    for seed in 0..40 {
        let mut config = config(
            army("t-war-lord", &["t-a"], None),
            army("t-war-lord", &["t-b"], None),
            rules(),
        );
        config.first = None;
        let s = ThreeKingdoms::setup(&config, &mut SeededDice::new(seed)).unwrap();
        starts[usize::from(s.active.0)] += 1;
    }
    assert!(starts[0] >= 10 && starts[1] >= 10, "{starts:?}");
}
