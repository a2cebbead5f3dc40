//! Seed 003 against a hostile player: orders for another player's states and generals, and
//! sheets built to confuse the reader, each refused in words that tell nothing of the others'
//! orders.

use pbp_core::engine::{Actor, Game, Seat};
use pbp_warring_states::{Order, OrderSheet, School, Trait, WarringStates, WarringStatesAction};

mod common;
use common::scripted::*;
use common::*;

/// The audit's hostile cases: a player giving orders for another player's states or generals, a
/// post crafted to confuse the reader, orders for a turn already resolved, and a seat that is
/// not in the game. Each is a typed refusal that names the problem, and none says anything of
/// the other player's sealed orders (the refusal is the same whether or not it has sent them,
/// and whatever they are).
#[test]
fn orders_for_another_players_states_and_generals_are_refused_and_leak_nothing() {
    let mut base = game(&[("Lai", School::Taoist), ("Liao", School::Taoist)]);
    rice(&mut base, S0, 20);
    rice(&mut base, S1, 20);
    general(&mut base, S0, "Sun Ce", Some(Trait::Brave), 1);
    let cao_ren = general(&mut base, S1, "Cao Ren", Some(Trait::Cautious), 2);
    let mut d = Script::new(&[]);
    // Twins: Liao has sent nothing, has sealed one sheet, or another.
    let mut twins = vec![base.clone()];
    for sheet in [
        "[b]7 Rice for Defense of Liao with Cao Ren.[/b]",
        "[b]13 Rice for Conquest of Lai.[/b]",
    ] {
        let mut s = base.clone();
        post(&mut s, S1, sheet, &mut d).unwrap();
        twins.push(s);
    }
    let me = Actor::Seat(S0);
    let hostile: [(&str, Kind, &str); 8] = [
        (
            "[b]5 Rice for Defense of Liao.[/b]",
            Kind::Illegal,
            "you do not hold Liao",
        ),
        (
            "[b]5 Rice for Investing of Liao.[/b]",
            Kind::Illegal,
            "you do not hold Liao",
        ),
        (
            "[b]5 Rice for Conquest of Liao with General Cao Ren.[/b]",
            Kind::Parse,
            "you have no general called 'Cao Ren'",
        ),
        (
            "[b]Dismiss General Cao Ren.[/b]",
            Kind::Parse,
            "you have no general called 'Cao Ren'",
        ),
        (
            "[b]5 Rice for Defense of Lai with Sun Ce and Sun Ce.[/b]",
            Kind::Illegal,
            "General Sun Ce is already on another task",
        ),
        (
            "[b]5 Rice for Defense of Lai.[/b] [b]5 Rice for Defense of Lai.[/b]",
            Kind::Illegal,
            "Lai is defended twice",
        ),
        // An unclosed quote swallows the rest of the post: nothing bolded is left.
        (
            "[quote]see Liao's orders [b]20 Rice for Conquest of Liao.[/b]",
            Kind::Parse,
            "no bolded orders",
        ),
        (
            "[b]18446744073709551616 Rice for Conquest of Liao.[/b]",
            Kind::Parse,
            "18446744073709551616",
        ),
    ];
    for (text, kind, says) in hostile {
        let mut answers = Vec::new();
        for twin in &twins {
            let answer = match WarringStates::parse_action(twin, me, text) {
                Ok(action) => refused(&mut twin.clone(), me, &action, &mut d, kind).to_string(),
                Err(e) => {
                    assert_eq!(kind, Kind::Parse, "{text}: {e}");
                    e.to_string()
                }
            };
            assert!(answer.contains(says), "{text}: {answer}");
            answers.push(answer);
        }
        assert!(answers.iter().all(|a| a == &answers[0]), "{answers:?}");
        assert!(!answers[0].contains("7 Rice") && !answers[0].contains("13 Rice"));
    }
    // A sheet built by hand with the other player's general: refused by name, not number.
    let sheet = OrderSheet {
        turn: 1,
        orders: vec![Order::Defense {
            state: id(&base, "Lai"),
            rice: 5,
            generals: vec![cao_ren],
        }],
        notes: Vec::new(),
    };
    let e = refused(
        &mut twins[1].clone(),
        me,
        &WarringStatesAction::Orders(sheet.clone()),
        &mut d,
        Kind::Illegal,
    );
    assert!(
        e.to_string().contains("General Cao Ren is not yours"),
        "{e}"
    );
    // Another player's seat cannot be acted for, nor a seat nobody sits in.
    let stranger = Actor::Seat(Seat(7));
    let e = refused(
        &mut base.clone(),
        stranger,
        &WarringStatesAction::Orders(sheet.clone()),
        &mut d,
        Kind::NotYourTurn,
    );
    assert!(!e.to_string().is_empty());
    // Orders after the deadline: a sheet read in turn 1, sent once turn 1 has been closed, is
    // refused as the orders of another turn, not applied to turn 2.
    let mut s = base.clone();
    let late = WarringStates::parse_action(&s, me, "[b]5 Rice for Defense of Lai.[/b]").unwrap();
    close(&mut s, &mut d);
    assert_eq!(s.turn, 2);
    let e = refused(&mut s, me, &late, &mut d, Kind::Illegal);
    assert!(
        e.to_string()
            .contains("these orders are for turn 1, but this is turn 2"),
        "{e}"
    );
}
