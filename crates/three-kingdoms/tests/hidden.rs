//! Hidden information: hands and decks are hidden, the discard pile and the field are public.

mod common;

use common::*;
use pbp_core::engine::testing;
use pbp_core::engine::{Actor, DiceChoice, Game, Seat, Session, Viewer};
use pbp_three_kingdoms::{
    Faction, ThreeKingdoms, ThreeKingdomsAction, ThreeKingdomsConfig, ThreeKingdomsEvent,
};

#[test]
fn views_show_hands_and_decks_only_to_whom_they_belong() {
    let config = ThreeKingdomsConfig::presets(Faction::Shu, Faction::Wu);
    let session = Session::<ThreeKingdoms>::new(config, 5, DiceChoice::Seeded).unwrap();
    let s = session.state();
    for seat in [Seat(0), Seat(1)] {
        let own = ThreeKingdoms::view(s, Viewer::Seat(seat));
        let enemy = ThreeKingdoms::view(s, Viewer::Seat(Seat(1 - seat.0)));
        let public = ThreeKingdoms::view(s, Viewer::Public);
        let gm = ThreeKingdoms::view(s, Viewer::GameMaster);
        let i = seat.0 as usize;
        assert_eq!(own.players[i].hand.as_ref().map(Vec::len), Some(8));
        assert_eq!(enemy.players[i].hand, None);
        assert_eq!(public.players[i].hand, None);
        assert_eq!(enemy.players[i].hand_count, 8);
        assert_eq!(
            own.players[i].draw_pile, None,
            "not even the owner sees the deck"
        );
        assert_eq!(
            gm.players[i].draw_pile.as_ref().map(Vec::len),
            Some(s.player(seat).deck.remaining() as usize)
        );
        // The field and the discard pile are public.
        assert_eq!(enemy.players[i].field, own.players[i].field);
        assert_eq!(enemy.players[i].discard, own.players[i].discard);
        for secret in ThreeKingdoms::secrets(s, Viewer::Seat(Seat(1 - seat.0))) {
            assert!(!serde_json::to_string(&enemy).unwrap().contains(&secret));
        }
        testing::views_keep_secrets::<ThreeKingdoms>(
            s,
            &testing::contract::viewers::<ThreeKingdoms>(s),
            &session
                .log()
                .iter()
                .map(|e| e.visible.clone())
                .collect::<Vec<_>>(),
        )
        .unwrap_or_else(|v| panic!("{v}"));
    }
}

#[test]
fn a_drawn_card_is_told_to_its_owner_only() {
    let mut s = start(
        army("t-war-lord", &["t-a"], None),
        army("t-war-lord", &["t-b"], None),
        rules(),
    );
    let events = ThreeKingdoms::apply(
        &mut s,
        Actor::Seat(Seat(0)),
        &ThreeKingdomsAction::End,
        &mut pbp_core::SeededDice::new(1),
    )
    .unwrap();
    assert!(
        events.is_empty()
            || events
                .iter()
                .all(|e| !matches!(e.event, ThreeKingdomsEvent::DrewCard { .. }))
    );
    let events = ThreeKingdoms::apply(
        &mut s,
        Actor::Seat(Seat(0)),
        &ThreeKingdomsAction::End,
        &mut pbp_core::SeededDice::new(1),
    )
    .unwrap();
    let drew: Vec<_> = events
        .iter()
        .filter(|e| matches!(e.event, ThreeKingdomsEvent::DrewCard { .. }))
        .collect();
    assert_eq!(drew.len(), 1);
    assert!(drew[0].audience.includes(Viewer::Seat(Seat(1))));
    assert!(!drew[0].audience.includes(Viewer::Seat(Seat(0))));
    assert!(!drew[0].audience.includes(Viewer::Public));
    assert!(events.iter().any(
        |e| matches!(e.event, ThreeKingdomsEvent::Drew { seat: Seat(1) })
            && e.audience.includes(Viewer::Public)
    ));
}

#[test]
fn a_card_discarded_for_resources_is_revealed() {
    let mut s = start(
        army("t-war-lord", &["t-a"], None),
        army("t-war-lord", &["t-b"], None),
        rules(),
    );
    let card = give(&mut s, 0, "t-giant");
    let view = ThreeKingdoms::view(&s, Viewer::Seat(Seat(1)));
    assert!(view.players[0].discard.is_empty());
    act(&mut s, 0, &format!("discard {card}"));
    let view = ThreeKingdoms::view(&s, Viewer::Seat(Seat(1)));
    assert_eq!(view.players[0].discard[0].card, "t-giant");
}

#[test]
fn every_action_text_reads_back() {
    let config = ThreeKingdomsConfig::presets(Faction::Han, Faction::Qun);
    let mut dice = pbp_core::SeededDice::new(9);
    let mut s = ThreeKingdoms::setup(&config, &mut dice).unwrap();
    let mut checked = 0;
    for _ in 0..200 {
        let Some((actor, action)) = testing::random_action_with::<ThreeKingdoms>(
            &s,
            testing::BotOptions::WITH_RULINGS,
            &mut dice,
        ) else {
            break;
        };
        for a in ThreeKingdoms::legal_actions(&s, actor) {
            testing::text_round_trip::<ThreeKingdoms>(&s, actor, &a)
                .unwrap_or_else(|v| panic!("{v}"));
            let text = ThreeKingdoms::format_action(&s, &a);
            // Every card number is followed by the card's name.
            let named = text.split_whitespace().all(|w| {
                w.parse::<u32>().is_err() && !w.contains(':') || text.contains(&format!("{w} ("))
            });
            assert!(named, "{text}");
            checked += 1;
        }
        ThreeKingdoms::apply(&mut s, actor, &action, &mut dice).unwrap();
    }
    assert!(checked > 100);
    let actor = Actor::Seat(Seat(0));
    for bad in [
        "",
        "attack",
        "play x",
        "play 3 on 7",
        "play 3 on 2:1",
        "intercept",
        "fly",
        "discard 3 (Cao Cao",
        "discard 3 Cao Cao)",
    ] {
        let result = ThreeKingdoms::parse_action(&s, actor, bad);
        assert!(
            matches!(
                result,
                Err(pbp_three_kingdoms::ThreeKingdomsError::Parse { .. })
            ),
            "{bad}: {result:?}"
        );
    }
    assert_eq!(
        ThreeKingdoms::parse_action(&s, actor, "Use 4 Strategist on 1:2").unwrap(),
        ThreeKingdomsAction::Use {
            character: 4,
            strategist: true,
            target: Some(pbp_three_kingdoms::TargetRef {
                seat: Seat(1),
                card: 2
            })
        }
    );
    // The names pbp writes in parentheses are notes: they read back as the numbers.
    assert_eq!(
        ThreeKingdoms::parse_action(&s, actor, "attack 2 (Zhang Fei) on 5 (Cao Cao (Lord))")
            .unwrap(),
        ThreeKingdomsAction::Attack {
            attacker: 2,
            target: 5
        }
    );
}
