//! [`Table::bot_action`]: the computer player for a seat, the same from the same table, never
//! changing the table, and only for a seat that may act.

use pbp_core::engine::erased::ActionInput;
use pbp_core::engine::{Actor, DiceChoice, Salt, Seat, Secret, Viewer};
use pbp_frontend::Table;

fn secret(seed: u64, salt: u8) -> Secret {
    Secret {
        seed,
        salt: Salt::from_bytes([salt; 32]),
    }
}

#[test]
fn the_bot_sends_a_warring_states_sheet_that_applies_and_leaves_the_table_alone() {
    let table = Table::start("warring-states", None, &secret(11, 1), DiceChoice::Seeded).unwrap();
    let before = table.save().unwrap();
    let action = table.bot_action(Seat(2)).unwrap().expect("a sheet");
    assert!(action.json.get("orders").is_some(), "{}", action.json);
    assert_eq!(table.save().unwrap(), before);
    let mut played = Table::load(&before).unwrap();
    played
        .act(
            Actor::Seat(Seat(2)),
            &ActionInput::Json(action.json),
            DiceChoice::Seeded,
        )
        .unwrap();
    assert_eq!(played.steps(), 1);
    // A seat that has sent its sheet has nothing more to send.
    assert_eq!(played.bot_action(Seat(2)).unwrap(), None);
}

#[test]
fn the_same_table_gives_the_same_choices_whoever_loads_it() {
    for game in [
        "duel",
        "clan-war",
        "three-kingdoms",
        "scroll-race",
        "warring-states",
    ] {
        let table = Table::start(game, None, &secret(2026, 9), DiceChoice::Seeded).unwrap();
        let mut first = Table::load(&table.save().unwrap()).unwrap();
        let mut second = Table::load(&table.save().unwrap()).unwrap();
        // Twenty actions, each by the bot for the first seat to act.
        for _ in 0..20 {
            let Some(seat) = first.turn().actors().iter().find_map(|a| a.seat()) else {
                break;
            };
            let a = first.bot_action(seat).unwrap();
            assert_eq!(a, second.bot_action(seat).unwrap(), "{game}");
            let Some(a) = a else { break };
            for table in [&mut first, &mut second] {
                table
                    .act(
                        Actor::Seat(seat),
                        &ActionInput::Json(a.json.clone()),
                        DiceChoice::Seeded,
                    )
                    .unwrap_or_else(|e| panic!("{game}: {e}"));
            }
        }
        assert!(first.steps() > 0, "{game}: the bot never played");
        assert_eq!(
            first.view(Viewer::GameMaster).unwrap(),
            second.view(Viewer::GameMaster).unwrap()
        );
    }
}

#[test]
fn a_seat_that_may_not_act_gets_nothing() {
    let table = Table::start("three-kingdoms", None, &secret(5, 2), DiceChoice::Seeded).unwrap();
    let waiting: Vec<Seat> = table
        .seats()
        .into_iter()
        .map(|info| info.seat)
        .filter(|seat| !table.turn().actors().contains(&Actor::Seat(*seat)))
        .collect();
    assert!(!waiting.is_empty());
    for seat in waiting {
        assert_eq!(table.bot_action(seat).unwrap(), None);
    }
    assert_eq!(table.bot_action(Seat(40)).unwrap(), None);
}
