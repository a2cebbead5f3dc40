//! Temporary: whole games for callgrind (not committed).
use pbp_clan_war::{ClanWar, ClanWarConfig};
use pbp_core::sim::{Bot, simulate};
fn main() {
    let bot = if std::env::args().nth(1).as_deref() == Some("heuristic") {
        Bot::Heuristic
    } else {
        Bot::Random
    };
    let games: u64 = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let s = simulate::<ClanWar>(&ClanWarConfig::default(), games, 1, bot, false, |_| {}).unwrap();
    println!("{}", s.actions);
}
