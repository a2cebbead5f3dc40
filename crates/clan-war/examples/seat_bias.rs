//! Issue 27 part 4: why the heuristic bots' Clan War wins are so uneven by clan (Crab about 29%,
//! Lion 7.5% of 200 games of the README's first command). Prints the wins of each clan with the
//! seats rotated over the same clans, under the heuristic bot and under random seats, with the
//! Crab's and the Lion's strategies, lands, or both swapped, and the battles each clan fights;
//! docs/rules/clan-war.md ("Seat fairness") reads the figures.
//!
//! `cargo run --release -p pbp-clan-war --example seat_bias` (a few seconds; a debug build
//! takes about a minute). Every game is seeded (game `i` of a run with `step_seed(0, i)`), so
//! the figures are the same on every machine. The heuristic runs are what `pbp simulate
//! clan-war --games 250 --rotate-seats [--config FILE]` plays; the random-seat runs keep the
//! heuristic game master (`play_out`), which `pbp simulate --bot random` does not (a random
//! game master signs players up and retires them at random).

use std::collections::{BTreeMap, BTreeSet};

use pbp_clan_war::{
    BattleResult, ClanWar, ClanWarAction, ClanWarConfig, ClanWarError, heuristic_action, play_out,
};
use pbp_core::engine::sim::{Bot, rotated_config, simulate};
use pbp_core::{
    SeededDice, Side,
    engine::{Actor, Game, Seat, Turn, step_seed},
};

/// Games a run: ten full rotations of five clans over five seats.
const GAMES: u64 = 250;

/// The seed's table with the Crab's and the Lion's seed strategies exchanged.
const STRATEGIES_SWAPPED: &str =
    include_str!("../../../docs/rules/clan-war-bias/strategies_swapped.json");
/// The seed's table on the default map with the Crab's and the Lion's provinces exchanged.
const LANDS_SWAPPED: &str = include_str!("../../../docs/rules/clan-war-bias/lands_swapped.json");
/// Both exchanges: what stays with the clan's name is its cards.
const BOTH_SWAPPED: &str = include_str!("../../../docs/rules/clan-war-bias/both_swapped.json");

/// Wins by seat and by clan.
struct Wins {
    seats: Vec<u64>,
    clans: BTreeMap<String, u64>,
}

/// `GAMES` games with the seats rotated, the seats played by the heuristic bot (`heuristic`)
/// or at random, the game master always the heuristic one.
fn rotated(config: &ClanWarConfig, heuristic: bool) -> Result<Wins, String> {
    if heuristic {
        let summary = simulate::<ClanWar>(config, GAMES, 0, Bot::Heuristic, true, |_| {})?;
        return Ok(Wins {
            seats: (0..config.players.len())
                .map(|s| summary.wins.get(&Seat(s as u16)).copied().unwrap_or(0))
                .collect(),
            clans: summary
                .by_label
                .iter()
                .map(|(clan, record)| (clan.clone(), record.won))
                .collect(),
        });
    }
    let mut wins = Wins {
        seats: vec![0; config.players.len()],
        clans: BTreeMap::new(),
    };
    for game in 0..GAMES {
        let c = rotated_config::<ClanWar>(config, game)?;
        let bots = vec![false; c.players.len()];
        let state = play_out(&c, &bots, &mut SeededDice::new(step_seed(0, game)))
            .map_err(|e: ClanWarError| e.to_string())?;
        let Turn::Over(outcome) = ClanWar::turn(&state) else {
            return Err(format!("game {game} did not end"));
        };
        for p in &state.players {
            let won = outcome.winners.contains(&p.seat);
            *wins
                .clans
                .entry(ClanWar::seat_label(&state, p.seat))
                .or_default() += u64::from(won);
            wins.seats[usize::from(p.seat.0)] += u64::from(won);
        }
    }
    Ok(wins)
}

/// Over 100 heuristic games of `config` with the seats rotated: per clan, the battles it
/// fought as attacker against players, against the Spirit Army and as defender, and how many of
/// each it won.
fn battles(config: &ClanWarConfig) -> Result<BTreeMap<String, [u32; 6]>, String> {
    let mut table: BTreeMap<String, [u32; 6]> = BTreeMap::new();
    for game in 0..100 {
        let c = rotated_config::<ClanWar>(config, game)?;
        let mut dice = SeededDice::new(step_seed(0, game));
        let mut state = ClanWar::setup(&c, &mut dice).map_err(|e| e.to_string())?;
        let mut counted = BTreeSet::new();
        for _ in 0..ClanWar::max_actions(&c) {
            let actors = ClanWar::turn(&state).actors().to_vec();
            if actors.is_empty() {
                break;
            }
            let (actor, action) = actors
                .iter()
                .find_map(|&a| heuristic_action(&state, a).map(|x| (a, x)))
                .unwrap_or((Actor::GameMaster, ClanWarAction::EndRound));
            ClanWar::apply(&mut state, actor, &action, &mut dice).map_err(|e| e.to_string())?;
            for b in &state.battles {
                let Some(BattleResult::Won(winner)) = b.result else {
                    continue;
                };
                if !counted.insert(b.id) {
                    continue;
                }
                let label = |seat: Seat| ClanWar::seat_label(&state, seat);
                let won = u32::from(winner == Side::First);
                let row = table.entry(label(b.attacker)).or_default();
                match b.seat(Side::Second) {
                    None => (row[2], row[3]) = (row[2] + 1, row[3] + won),
                    Some(defender) => {
                        (row[0], row[1]) = (row[0] + 1, row[1] + won);
                        let row = table.entry(label(defender)).or_default();
                        (row[4], row[5]) = (row[4] + 1, row[5] + 1 - won);
                    }
                }
            }
        }
    }
    Ok(table)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seed_table = ClanWarConfig::default();
    let read = |text: &str| serde_json::from_str::<ClanWarConfig>(text);
    let runs = [
        ("heuristic, the seed's table", seed_table.clone(), true),
        (
            "heuristic, strategies swapped",
            read(STRATEGIES_SWAPPED)?,
            true,
        ),
        ("heuristic, lands swapped", read(LANDS_SWAPPED)?, true),
        ("heuristic, both swapped", read(BOTH_SWAPPED)?, true),
        ("random seats, the seed's table", seed_table, false),
        ("random seats, lands swapped", read(LANDS_SWAPPED)?, false),
    ];
    println!(
        "{GAMES} games a run, seats rotated over the same clans; wins (shared firsts count for each)"
    );
    for (name, config, heuristic) in runs {
        let wins = rotated(&config, heuristic)?;
        let clans: Vec<String> = wins
            .clans
            .iter()
            .map(|(clan, won)| format!("{clan} {won}"))
            .collect();
        println!(
            "{name}: by seat {:?}; by clan {}",
            wins.seats,
            clans.join(", ")
        );
    }
    println!("100 heuristic games, seats rotated: battles fought (won) per clan");
    for (clan, [a, aw, s, sw, d, dw]) in battles(&ClanWarConfig::default())? {
        println!(
            "{clan}: attacking players {a} ({aw}), attacking the Spirit Army {s} ({sw}), defending {d} ({dw})"
        );
    }
    Ok(())
}
