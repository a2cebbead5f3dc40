//! What a bot embedding pbp does, from start to end: roll and odds, start a game with a dice
//! commitment, list the legal actions, act with seeded and with outside dice, a seat's view as
//! JSON, save, load and replay, verify against the commitment; then the same through the erased
//! layer for any game, with the error enum matched; then a bot that plays every game of the
//! catalog to its end knowing none of them, and reads each seat's result.
//!
//! Run with `cargo run -p pbp-frontend --example bot`.

use pbp_core::engine::erased::{ActionInput, ErasedError, LegalAction};
use pbp_core::{
    Dice, SeededDice,
    engine::{Actor, DiceChoice, Seat, Secret, Viewer},
};
use pbp_frontend::{Table, TableError, catalog, dice};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Dice: a seeded roll and exact odds, as `pbp roll` and `pbp odds --json` answer them.
    let rolls = dice::roll("5k3 h+2", 7, 1)?;
    println!("5k3 h+2 rolled {}", rolls[0]["total"]);
    let odds = dice::odds("3k2 vs 2k1", None)?;
    println!(
        "3k2 beats 2k1 {:.1}% of the time",
        100.0 * odds["win"].as_f64().unwrap_or(0.0)
    );

    // A duel with a chosen seed and a fresh salt (pbp-core's `os-random` feature): the seed is
    // the game master's secret, the commitment is posted with the first post.
    let secret = Secret::with_seed(2026)?;
    let mut table = Table::start("duel", None, &secret, DiceChoice::Seeded)?;
    let commitment = table
        .commitment()
        .ok_or("a started table has a commitment")?;
    println!("dice commitment: {commitment}");
    let (seat0, seat1) = (Actor::Seat(Seat(0)), Actor::Seat(Seat(1)));
    let legal: Vec<String> = table
        .legal_actions(seat0)?
        .into_iter()
        .map(|a| a.text)
        .collect();
    println!("seat 0 may: {}", legal.join(", "));
    table.act_text(seat0, "focus", DiceChoice::Seeded)?;
    // Seat 1's roll comes from the forum's dice roller: 3k1 for the focus, 2k1 for the strike.
    let report = table.act_text(
        seat1,
        "strike",
        DiceChoice::Outside(vec![2, 10, 4, 1, 9, 9]),
    )?;
    for event in &report.events {
        println!("step {}: {}", event.step, event.text);
    }
    // What seat 1 may see, as JSON for a web page or a bot's own rendering.
    let view = table.view(Viewer::Seat(Seat(1)))?;
    println!("seat 1 sees {}", serde_json::to_string(&view.view)?);
    println!("{}", table.text(Viewer::Public)?);

    // Save, load (every seeded roll replayed and checked against the seed), verify: the same
    // game, byte for byte.
    let save = table.save()?;
    let loaded = Table::load(&save)?;
    assert_eq!(loaded.save()?, save);
    loaded.verify(&commitment.to_string())?;
    println!(
        "the save replays: {} step(s), {}",
        loaded.steps(),
        loaded.describe_turn()
    );

    // Refusals say what kind they are: seat 1 seals its stance, then tries again.
    table.act_text(seat1, "strike", DiceChoice::Seeded)?;
    match table.act_text(seat1, "strike", DiceChoice::Seeded) {
        Err(TableError::Game(ErasedError::NotYourTurn { reason, .. })) => {
            println!("not seat 1's turn: {reason}");
        }
        other => return Err(format!("expected not-your-turn, got {other:?}").into()),
    }
    match table.act_text(seat0, "strike", DiceChoice::Outside(vec![7])) {
        Err(TableError::Game(ErasedError::MoreDice { more, .. })) => {
            println!("post at least {more} more dice");
        }
        other => return Err(format!("expected more dice, got {other:?}").into()),
    }

    // The same through the erased layer, for every game of the catalog.
    for (game, _) in catalog::catalog().iter() {
        let mut session = game.new_session(None, 1, DiceChoice::Seeded)?;
        let seats = session.seats();
        let acting = session.turn().actors().to_vec();
        let Some(&actor) = acting.first() else {
            continue;
        };
        let legal = session.legal_actions(actor)?;
        if let Some(first) = legal.first() {
            session.act(
                actor,
                &ActionInput::Json(first.json.clone()),
                DiceChoice::Seeded,
            )?;
        }
        match session.act(
            actor,
            &ActionInput::Text("no such action".into()),
            DiceChoice::Seeded,
        ) {
            Err(ErasedError::Parse { game, message }) => {
                println!("{game} ({} seats): cannot read it: {message}", seats.len());
            }
            Err(ErasedError::Illegal { reason, .. } | ErasedError::NotYourTurn { reason, .. }) => {
                println!("{} ({} seats): refused: {reason}", game.name(), seats.len());
            }
            Err(other) => println!("{}: {other}", game.name()),
            Ok(_) => println!("{}: the game took it", game.name()),
        }
    }

    // A bot that plays any game to its end, knowing none of them: the seats pick among their
    // legal actions, and the game master only moves the game on (ends a round, closes a turn),
    // its actions found by their role, never by their text. Each seat's result is then read as
    // numbers (the winners share 1, a draw shares it among every seat).
    for (game, _) in catalog::catalog().iter() {
        let secret = Secret::with_seed(41)?;
        let mut table = Table::start(game.name(), None, &secret, DiceChoice::Seeded)?;
        let mut choices = SeededDice::new(41);
        while table.turn().outcome().is_none() {
            if table.steps() >= 100_000 {
                return Err(format!("{} did not end", game.name()).into());
            }
            let (actor, action) = bot_move(&table, &mut choices)?;
            table.act(actor, &ActionInput::Json(action.json), DiceChoice::Seeded)?;
        }
        println!(
            "{} after {} steps: {}; returns {:?}",
            game.name(),
            table.steps(),
            table.describe_turn(),
            table.returns().unwrap_or_default()
        );
    }
    Ok(())
}

/// One move of a bot that knows no game: the game master's moves that move the game on
/// (`GameMasterRole::moves_on`) one time in ten, or whenever no seat can act; otherwise any
/// legal action of a seat that may act. Rulings (sign-ups, retirements, concessions) and the
/// game master's stand-ins for a seat are never taken.
fn bot_move(
    table: &Table,
    dice: &mut SeededDice,
) -> Result<(Actor, LegalAction), Box<dyn std::error::Error>> {
    let mut seats = Vec::new();
    for &actor in table.turn().actors() {
        if actor != Actor::GameMaster {
            seats.extend(table.legal_actions(actor)?.into_iter().map(|a| (actor, a)));
        }
    }
    let moves: Vec<(Actor, LegalAction)> = table
        .session()
        .game_master_actions()?
        .into_iter()
        .filter(|listed| listed.role.moves_on())
        .map(|listed| (Actor::GameMaster, listed.action))
        .collect();
    let mut choices = if !moves.is_empty() && (seats.is_empty() || dice.roll(10)? == 1) {
        moves
    } else {
        seats
    };
    if choices.is_empty() {
        return Err(format!("nobody can move {} on", table.game()).into());
    }
    let pick = dice.roll(choices.len() as u32)? as usize - 1;
    Ok(choices.swap_remove(pick))
}
