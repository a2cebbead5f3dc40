//! Plays one random game between two preconstructed armies and prints every action and event.
//!
//! `cargo run -p pbp-three-kingdoms --example watch --features pbp-core/testing -- SEED`

use pbp_core::engine::testing::random_action;
use pbp_core::{SeededDice, engine::Game};
use pbp_three_kingdoms::{Faction, ThreeKingdoms, ThreeKingdomsConfig};

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let config = ThreeKingdomsConfig::presets(Faction::Wei, Faction::Shu);
    let mut dice = SeededDice::new(seed);
    let Ok(mut state) = ThreeKingdoms::setup(&config, &mut dice) else {
        return;
    };
    while let Some((actor, action)) = random_action::<ThreeKingdoms>(&state, &mut dice) {
        println!(
            "{actor:?}: {}",
            ThreeKingdoms::format_action(&state, &action)
        );
        match ThreeKingdoms::apply(&mut state, actor, &action, &mut dice) {
            Ok(events) => {
                for e in events {
                    println!("    {:?}", e.event);
                }
            }
            Err(e) => {
                println!("refused: {e}");
                break;
            }
        }
    }
    println!("{:?}", ThreeKingdoms::turn(&state));
}
