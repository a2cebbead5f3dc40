//! Heap allocations per `apply`, per game, random and heuristic bots: a counting global
//! allocator counts the allocations made inside `Game::apply` alone (not the bots' choices),
//! over a few whole games of each game's standard setup, and prints the mean per `apply`, and
//! the allocations of the whole games (bots included) per action.
//!
//! Run: `cargo run --release -p pbp-benches --example allocs [games]` (default 20 games).
//!
//! Like `tests/alloc.rs`, this file needs unsafe code for its `GlobalAlloc` impl, which only
//! counts and forwards every call to the system allocator unchanged.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

use pbp_core::engine::duel::{Duel, DuelConfig};
use pbp_core::engine::testing::{Bot, bot_action, play_bot_move};
use pbp_core::{SeededDice, engine::Game};
use pbp_three_kingdoms::{Faction, ThreeKingdoms, ThreeKingdomsConfig};
use pbp_warring_states::{WarringStates, WarringStatesConfig};

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every method forwards to `System` with the caller's arguments unchanged, so `System`'s
// guarantees hold; the counter is an atomic and never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded unchanged; the caller upholds `alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded unchanged; the caller upholds `alloc_zeroed`'s contract.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged; `ptr` came from `System` through this allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded unchanged; the caller upholds `realloc`'s contract.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn count() -> u64 {
    ALLOCATIONS.load(Ordering::Relaxed)
}

/// Plays `games` games of `G` with `bot` and prints allocations per `apply` and per action.
fn measure<G: Game>(name: &str, config: &G::Config, games: u64, bot: Bot) {
    let (mut applies, mut in_apply) = (0_u64, 0_u64);
    let start = count();
    for game in 0..games {
        let mut dice = SeededDice::new(1000 + game);
        let mut state = G::setup(config, &mut dice).expect("a valid setup");
        let bound = G::max_actions(config);
        for _ in 0..bound {
            let Some((actor, action)) = bot_action::<G>(&state, bot, &mut dice) else {
                break;
            };
            let before = count();
            G::apply(&mut state, actor, &action, &mut dice).expect("a legal action applies");
            in_apply += count() - before;
            applies += 1;
        }
    }
    let all = count() - start;
    // The same games as `simulate` plays them: the heuristic move tried on the state itself.
    let start = count();
    let mut played = 0_u64;
    for game in 0..games {
        let mut dice = SeededDice::new(1000 + game);
        let mut state = G::setup(config, &mut dice).expect("a valid setup");
        for _ in 0..G::max_actions(config) {
            match play_bot_move::<G>(&mut state, bot, &mut dice) {
                Ok(Some(_)) => played += 1,
                Ok(None) => break,
                Err(refused) => panic!("a legal action was refused: {}", refused.error),
            }
        }
    }
    let simulated = count() - start;
    assert_eq!(played, applies, "play_bot_move plays the same games");
    println!(
        "{name:<16} {bot:<9} {games:>3} games {applies:>7} applies: {:>8.1} allocations per apply, {:>8.1} per action with the bot, {:>8.1} per action as simulate plays",
        in_apply as f64 / applies.max(1) as f64,
        all as f64 / applies.max(1) as f64,
        simulated as f64 / applies.max(1) as f64,
        bot = format!("{bot:?}"),
    );
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    for bot in [Bot::Random, Bot::Heuristic] {
        measure::<Duel>("duel", &DuelConfig::default(), games, bot);
        measure::<pbp_clan_war::ClanWar>(
            "clan war",
            &pbp_clan_war::ClanWarConfig::default(),
            games,
            bot,
        );
        measure::<pbp_scroll_race::ScrollRace>(
            "scroll race",
            &pbp_scroll_race::ScrollRaceConfig::default(),
            games,
            bot,
        );
        measure::<ThreeKingdoms>(
            "three kingdoms",
            &ThreeKingdomsConfig::presets(Faction::Wei, Faction::Wu),
            games,
            bot,
        );
        measure::<WarringStates>(
            "warring states",
            &WarringStatesConfig::default(),
            games,
            bot,
        );
    }
}
