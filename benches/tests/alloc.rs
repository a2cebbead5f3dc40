//! Proves that rolling a pool makes no heap allocation: a counting global allocator watches
//! thousands of rolls of 2k1, 5k3 and 10k5; and that looking up a Clan War card allocates
//! nothing once the card table is built.
//!
//! This is the one file of pbp with unsafe code: a `GlobalAlloc` impl is unsafe by definition.
//! The workspace forbids unsafe code, so this test lives in the benchmark crate, which does not
//! take the workspace lints (see `benches/Cargo.toml`). The allocator only counts and forwards
//! every call to the system allocator unchanged.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

use pbp_core::{Limits, Pool, SeededDice};

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

/// Allocations made by `work`. This test runs without the test harness (`harness = false`), so
/// no other thread allocates meanwhile.
fn allocations_during(work: impl FnOnce()) -> u64 {
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    work();
    ALLOCATIONS.load(Ordering::SeqCst) - before
}

fn main() {
    // A control: the counter does see allocations.
    let control = allocations_during(|| {
        let boxed = std::hint::black_box(Box::new(7_u64));
        drop(boxed);
    });
    assert_eq!(control, 1);

    let limits = Limits::default();
    for (rolled, kept) in [(2, 1), (5, 3), (10, 5)] {
        let pool = Pool::new(rolled, kept);
        let mut dice = SeededDice::new(u64::from(rolled * 100 + kept));
        let prepared = pool.prepare(&limits).expect("within the limits");
        let mut checksum = 0_i64;
        let count = allocations_during(|| {
            for _ in 0..5_000 {
                let roll = pool.roll(&mut dice).expect("a seeded roll never fails");
                checksum += roll.total();
                let fast = pool
                    .roll_fast(&mut dice, &limits)
                    .expect("a seeded roll never fails");
                checksum += fast.total;
                checksum += prepared
                    .roll(&mut dice)
                    .expect("a seeded roll never fails")
                    .total;
            }
        });
        assert_eq!(count, 0, "{rolled}k{kept} allocated {count} times");
        assert!(std::hint::black_box(checksum) > 0);
        println!(
            "{rolled}k{kept}: 5000 rolls, 5000 fast rolls and 5000 prepared rolls, no allocation"
        );
    }

    // roll_many of every pool from 1k1 to 10k10 (the bulk path and, under 16 rolls, one roll
    // after another), and of a pool that is not of exploding d10s: no allocation per call.
    let zero = pbp_core::FastRoll {
        total: 0,
        second_highest: 0,
    };
    let mut rolls = vec![zero; 1_000];
    let mut dice = SeededDice::new(11);
    let mut checksum = 0_i64;
    let mut pools: Vec<Pool> = (1..=10)
        .flat_map(|rolled| (1..=rolled).map(move |kept| Pool::new(rolled, kept)))
        .collect();
    let d6 = pbp_core::Die::new(6).expect("a d6");
    pools.push(Pool::new(4, 2).with_die(d6));
    for pool in &pools {
        let prepared = pool.prepare(&limits).expect("within the limits");
        let count = allocations_during(|| {
            for size in [1_000, 7, 1] {
                prepared
                    .roll_many(&mut dice, &mut rolls[..size])
                    .expect("a seeded roll never fails");
                checksum += rolls[..size].iter().map(|roll| roll.total).sum::<i64>();
            }
        });
        assert_eq!(count, 0, "roll_many of {pool:?} allocated {count} times");
    }
    assert!(std::hint::black_box(checksum) > 0);
    println!(
        "roll_many, every pool from 1k1 to 10k10 and 4d6k2: 1,000, 7 and 1 rolls, no allocation"
    );

    // Clan War's 52 cards are built on the first look-up; every look-up after it allocates nothing.
    let first = pbp_clan_war::card(1).expect("card 1 exists");
    let mut letters = first.name.len();
    let count = allocations_during(|| {
        for _ in 0..100 {
            for no in 1..=52 {
                let c = std::hint::black_box(pbp_clan_war::card(no)).expect("cards 1 to 52 exist");
                letters += c.name.len() + c.text.len();
            }
        }
    });
    assert_eq!(
        count, 0,
        "5200 Clan War card look-ups allocated {count} times"
    );
    assert!(std::hint::black_box(letters) > 0);
    println!("Clan War: 5200 card look-ups, no allocation");
}
