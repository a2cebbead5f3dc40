//! Plays one game with random legal actions (seeded dice) and writes its save: the long saves
//! that docs/CLI.md measures load time and peak memory with.
//!
//! `cargo run --release -p pbp-cli --example long_save -- GAME CONFIG.json STEPS OUT.json`
//! (`-` for the default config). Stops at STEPS actions or when the game ends, whichever comes
//! first, and prints the steps played and the save's size.

use pbp_core::engine::erased::ActionInput;
use pbp_core::engine::{DiceChoice, Secret, Turn};

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, config, steps, out] = args.as_slice() else {
        return Err("usage: long_save GAME CONFIG.json|- STEPS OUT.json".to_owned());
    };
    let steps: usize = steps.parse().map_err(|_| "STEPS is a number".to_owned())?;
    let config = match config.as_str() {
        "-" => None,
        path => Some(std::fs::read_to_string(path).map_err(|e| e.to_string())?),
    };
    let game = pbp_frontend::catalog::catalog()
        .game(game)
        .map_err(|e| e.to_string())?;
    let secret = Secret::from_os().map_err(|e| e.to_string())?;
    let mut session = game
        .start(config.as_deref(), &secret, DiceChoice::Seeded)
        .map_err(|e| e.to_string())?;
    // A small xorshift picks the actions: the dice come from the game's seed.
    let mut state = secret.seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    while session.steps() < steps {
        let Turn::Acting(actors) = session.turn() else {
            break;
        };
        let start = (next() % actors.len() as u64) as usize;
        let mut acted = false;
        for k in 0..actors.len() {
            let actor = actors[(start + k) % actors.len()];
            let legal = session.legal_actions(actor).map_err(|e| e.to_string())?;
            if legal.is_empty() {
                continue;
            }
            let pick = &legal[(next() % legal.len() as u64) as usize];
            let input = ActionInput::Json(pick.json.clone());
            session
                .act(actor, &input, DiceChoice::Seeded)
                .map_err(|e| e.to_string())?;
            acted = true;
            break;
        }
        if !acted {
            break;
        }
    }
    let text = session.save().map_err(|e| e.to_string())?;
    std::fs::write(out, &text).map_err(|e| e.to_string())?;
    println!("{} steps, {} bytes", session.steps(), text.len());
    Ok(())
}
