//! Temporary trace of whole games (not committed).
use pbp_clan_war::{ClanWar, ClanWarConfig};
use pbp_core::sim::{Bot, play_bot_move};
use pbp_core::{Game, SeededDice};
use std::fmt::Write;
fn main() {
    let config = ClanWarConfig::default();
    let mut out = String::new();
    for bot in [Bot::Random, Bot::Heuristic] {
        for game in 0..150u64 {
            let mut dice = SeededDice::new(1000 + game);
            let mut state = ClanWar::setup(&config, &mut dice).unwrap();
            for _ in 0..ClanWar::max_actions(&config) {
                match play_bot_move::<ClanWar>(&mut state, bot, &mut dice) {
                    Ok(Some(m)) => {
                        writeln!(out, "{:?} {:?} {:?}", m.actor, m.action, m.events).unwrap();
                    }
                    Ok(None) => break,
                    Err(_) => panic!("refused"),
                }
            }
            writeln!(out, "END {}", serde_json::to_string(&state).unwrap()).unwrap();
        }
    }
    print!("{out}");
}
