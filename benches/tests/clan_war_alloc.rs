//! Heap allocations of Clan War's `apply`, per kind of action, over whole games of the random
//! and the heuristic bots: a counting global allocator counts what `apply` allocates, and the
//! blocks the returned events own (the list itself, a private event's audience) are taken off,
//! so what is left is what applying the action cost. The common actions of a battle (a pass, a
//! play without discards, a Defensive choice, a Cunning take or give, a kept Tactical) make
//! none: they change the state in place and copy nothing.
//!
//! Like `tests/alloc.rs`, this file needs unsafe code for its `GlobalAlloc` impl, which only
//! counts and forwards every call to the system allocator unchanged; it runs without the test
//! harness so that no other thread allocates meanwhile.

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

use pbp_clan_war::{ClanWar, ClanWarAction, ClanWarConfig, ClanWarEvent};
use pbp_core::engine::testing::{Bot, bot_action};
use pbp_core::{
    SeededDice,
    engine::{Audience, Game, Visible},
};

struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every method forwards to `System` with the caller's arguments unchanged, so `System`'s
// guarantees hold; the counter is an atomic and never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: forwarded unchanged; the caller upholds `alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: forwarded unchanged; the caller upholds `alloc_zeroed`'s contract.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged; `ptr` came from `System` through this allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        // SAFETY: forwarded unchanged; the caller upholds `realloc`'s contract.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn count() -> u64 {
    ALLOCATIONS.load(Ordering::SeqCst)
}

/// The heap blocks `events` own: the list, each private audience, each non-empty card list.
fn owned_blocks(events: &Vec<Visible<ClanWarEvent>>) -> u64 {
    let lists = |event: &ClanWarEvent| match event {
        ClanWarEvent::Played { discards, .. } => u64::from(!discards.is_empty()),
        ClanWarEvent::Discarded { cards, .. } => u64::from(!cards.is_empty()),
        ClanWarEvent::Rolled { results, .. } => u64::from(!results.is_empty()),
        _ => 0,
    };
    u64::from(events.capacity() > 0)
        + events
            .iter()
            .map(|v| u64::from(matches!(v.audience, Audience::Seats(_))) + lists(&v.event))
            .sum::<u64>()
}

fn kind(action: &ClanWarAction) -> &'static str {
    match action {
        ClanWarAction::Pass { .. } => "pass",
        ClanWarAction::Play { discards, .. } if discards.is_empty() => "play",
        ClanWarAction::Play { .. } => "play with discards",
        ClanWarAction::Nullify { .. } => "nullify",
        ClanWarAction::Take { .. } => "take",
        ClanWarAction::Give { .. } => "give",
        ClanWarAction::Tactical { strategies, .. } if strategies.is_empty() => "tactical keep",
        ClanWarAction::Tactical { .. } => "tactical",
        ClanWarAction::Attack { .. } => "attack",
        ClanWarAction::Roll { .. } => "roll",
        ClanWarAction::Draw { .. } => "draw",
        ClanWarAction::Switch { .. } => "switch",
        ClanWarAction::EndRound => "end round",
        _ => "other",
    }
}

fn main() {
    let control = {
        let before = count();
        drop(std::hint::black_box(Box::new(7_u64)));
        count() - before
    };
    assert_eq!(control, 1, "the counter sees allocations");
    // Per kind: (actions, the most allocations one made beyond its events, their sum, the
    // actions that made none).
    let mut seen: BTreeMap<&str, (u64, u64, u64, u64)> = BTreeMap::new();
    let config = ClanWarConfig::default();
    for bot in [Bot::Random, Bot::Heuristic] {
        for game in 0..6 {
            let mut dice = SeededDice::new(500 + game);
            let mut state = ClanWar::setup(&config, &mut dice).expect("the standard setup");
            for _ in 0..ClanWar::max_actions(&config) {
                let Some((actor, action)) = bot_action::<ClanWar>(&state, bot, &mut dice) else {
                    break;
                };
                let before = count();
                let events = ClanWar::apply(&mut state, actor, &action, &mut dice)
                    .expect("a legal action applies");
                let made = (count() - before).saturating_sub(owned_blocks(&events));
                drop(events);
                let entry = seen.entry(kind(&action)).or_default();
                *entry = (
                    entry.0 + 1,
                    entry.1.max(made),
                    entry.2 + made,
                    entry.3 + u64::from(made == 0),
                );
            }
        }
    }
    for (kind, (actions, most, sum, none)) in &seen {
        println!(
            "{kind:<20} {actions:>6} actions: {:>6.2} allocations beyond the events on average, {most} at most, {none} with none",
            *sum as f64 / *actions as f64
        );
    }
    // A pass and a play without discards allocate nothing, except where the state holds more
    // than before: a fifth card in play in one battle, the first Defensive card handled.
    for kind in ["pass", "play"] {
        let (actions, most, _, none) = seen[kind];
        assert!(actions > 500, "{kind}: {actions} actions seen");
        assert!(most <= 2, "{kind}: {most} allocations");
        assert!(
            none * 100 >= actions * 97,
            "{kind}: {none} of {actions} allocate nothing"
        );
    }
    // The battle's choices allocate nothing at all.
    for kind in ["nullify", "take", "give", "tactical keep", "tactical"] {
        if let Some(&(_, most, _, _)) = seen.get(kind) {
            assert_eq!(most, 0, "{kind}");
        }
    }
    println!("clan_war_alloc: 1 passed, 0 failed");
}
