//! Plays one duel (the example game) with seeded dice and prints what each seat saw.
//!
//! Run with `cargo run -p pbp-core --example duel --features testing`.

use pbp_core::engine::duel::Duel;
use pbp_core::engine::testing::random_action;
use pbp_core::{
    SeededDice,
    engine::{Actor, DiceChoice, Game, Seat, Session, Turn, Viewer},
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut session = Session::<Duel>::new(Default::default(), 2026, DiceChoice::Seeded)?;
    let mut bot = SeededDice::new(1);
    while let Turn::Acting(_) = Duel::turn(session.state()) {
        // Players choose; the game master never concedes in this example.
        let Some((actor, action)) =
            std::iter::repeat_with(|| random_action::<Duel>(session.state(), &mut bot))
                .flatten()
                .find(|(actor, _)| *actor != Actor::GameMaster)
        else {
            break;
        };
        session.act(actor, action, DiceChoice::Seeded)?;
    }
    let outcome = Duel::turn(session.state());
    println!("{}", serde_json::to_string_pretty(&outcome.outcome())?);
    for event in session.log_for(Viewer::Seat(Seat(0))) {
        println!(
            "step {}: {}",
            event.step,
            serde_json::to_string(&event.visible.event)?
        );
    }
    let replayed = Session::<Duel>::replay(session.record().clone(), true)?;
    assert_eq!(replayed.state(), session.state());
    println!("the record replays to the same state");
    Ok(())
}
