//! Win rates per faction between preconstructed armies, both seats played by the heuristic bot.
//!
//! `cargo run -p pbp-three-kingdoms --example win_rates -- GAMES_PER_PAIRING`

use pbp_core::{
    SeededDice,
    engine::{Game, Seat, Turn},
};
use pbp_three_kingdoms::{Faction, ThreeKingdoms, ThreeKingdomsConfig, heuristic_action};

fn play(config: &ThreeKingdomsConfig, seed: u64) -> Option<(Seat, Seat)> {
    let mut dice = SeededDice::new(seed);
    let mut state = ThreeKingdoms::setup(config, &mut dice).ok()?;
    let first = state.active;
    for _ in 0..20_000 {
        let Turn::Acting(actors) = ThreeKingdoms::turn(&state) else {
            break;
        };
        let actor = *actors.first()?;
        let action = heuristic_action(&state, actor.seat()?)?;
        ThreeKingdoms::apply(&mut state, actor, &action, &mut dice).ok()?;
    }
    let winner = *ThreeKingdoms::turn(&state).outcome()?.winners.first()?;
    Some((winner, first))
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let mut first_wins = 0;
    let mut total = 0;
    println!("row faction's wins against column faction, {games} games each (seats alternate)");
    print!("{:>5}", "");
    for f in Faction::ALL {
        print!("{:>6}", f.name());
    }
    println!("{:>8}", "total");
    for a in Faction::ALL {
        print!("{:>5}", a.name());
        let mut row = 0;
        for b in Faction::ALL {
            let mut wins = 0;
            for g in 0..games {
                let (config, me) = if g % 2 == 0 {
                    (ThreeKingdomsConfig::presets(a, b), Seat(0))
                } else {
                    (ThreeKingdomsConfig::presets(b, a), Seat(1))
                };
                if let Some((winner, first)) = play(&config, g * 31 + 7) {
                    total += 1;
                    if winner == first {
                        first_wins += 1;
                    }
                    if winner == me {
                        wins += 1;
                    }
                }
            }
            row += wins;
            print!("{wins:>6}");
        }
        println!("{:>7}%", 100 * row / (5 * games).max(1));
    }
    println!("first player won {first_wins} of {total}");
}
