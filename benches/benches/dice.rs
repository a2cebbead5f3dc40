//! Dice, pools, decks and exact odds, with the peer crate `rpg-dice-roller` in the same run.
//!
//! Run: `cargo bench -p pbp-benches -- --warm-up-time 1 --measurement-time 3`.
#![forbid(unsafe_code)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use pbp_benches::{BareLoop, HandLoop};
use pbp_core::{
    Comparison, Deck, Dice, Die, Limits, Pool, RollExpr, SeededDice, contest_odds, distribution,
};
use rand08::SeedableRng;
use rpg_dice_roller::{Dice as PeerDice, DiceKind, ExplodingKind, KeepKind, Modifier};

/// Keeps `value` from being optimised away, through a reference. Every benchmark here observes
/// its result this way rather than returning it from the timed closure: criterion passes a
/// returned value through `black_box` by value, which copies it with 16-byte loads; for a
/// result of more than 16 bytes just written with 8-byte stores (the `Result` of a pool roll),
/// that copy stalls on store forwarding and the benchmark times the stall (about 6 ns here)
/// rather than the roll.
#[inline(always)]
fn observe<T>(value: T) {
    black_box(&value);
}

/// The benchmarks the targets compare, one right after another, so that the machine's drift
/// over a run (figures here move by 10-40% over minutes) skews their ratios as little as it can:
/// the raw word, the prepared 2k1, 3k2, 5k3 and 10k5, the two references (the register-batch
/// bare loop and the hand-written rand 0.9 loop), the full rolls and the peer's prebuilt pools.
/// The interleaved `ratios` example is the figure to trust on a shared machine.
fn targets(c: &mut Criterion) {
    let mut dice = SeededDice::new(1);
    c.bench_function("raw next_u64", |b| b.iter(|| observe(dice.next_u64())));
    let limits = Limits::default();
    for (rolled, kept) in [(2, 1), (3, 2), (5, 3), (10, 5)] {
        // Checked and folded once, as the peer's pools are built once, then rolled again and
        // again: the way a simulation rolls one pool many times.
        let prepared = Pool::new(rolled, kept)
            .prepare(&limits)
            .expect("within the limits");
        let mut dice = SeededDice::new(u64::from(rolled) + 200);
        c.bench_function(&format!("pool {rolled}k{kept} prepared"), |b| {
            b.iter(|| observe(prepared.roll(&mut dice)))
        });
    }
    references(c);
    for (rolled, kept) in [(2, 1), (3, 2), (5, 3), (10, 5)] {
        let pool = Pool::new(rolled, kept);
        let mut dice = SeededDice::new(u64::from(rolled));
        c.bench_function(&format!("pool {rolled}k{kept} roll"), |b| {
            b.iter(|| observe(pool.roll(&mut dice)))
        });
    }
    peer(c);
}

fn generator(c: &mut Criterion) {
    let mut dice = SeededDice::new(2);
    c.bench_function("d10", |b| b.iter(|| observe(dice.roll(10))));
    let mut dice = SeededDice::new(3);
    c.bench_function("exploding d10", |b| {
        b.iter(|| observe(Die::EXPLODING_D10.roll_total(&mut dice, 100)))
    });
    let mut dice = SeededDice::new(4);
    c.bench_function("exploding d10 with chain", |b| {
        b.iter(|| observe(Die::EXPLODING_D10.roll(&mut dice, 100)))
    });
}

fn pools(c: &mut Criterion) {
    let limits = Limits::default();
    // One exploding d10 as a pool: the fixed cost of a pool roll, under which no pool can go.
    let single = Pool::new(1, 1);
    let mut dice = SeededDice::new(99);
    c.bench_function("pool 1k1 roll_fast", |b| {
        b.iter(|| observe(single.roll_fast(&mut dice, &limits)))
    });
    let single = single.prepare(&limits).expect("within the limits");
    let mut dice = SeededDice::new(98);
    c.bench_function("pool 1k1 prepared", |b| {
        b.iter(|| observe(single.roll(&mut dice)))
    });
    for (rolled, kept) in [(2, 1), (3, 2), (5, 3), (10, 5)] {
        // Prepared and rolled in full with the targets.
        let pool = Pool::new(rolled, kept);
        let mut dice = SeededDice::new(u64::from(rolled) + 100);
        c.bench_function(&format!("pool {rolled}k{kept} roll_fast"), |b| {
            b.iter(|| observe(pool.roll_fast(&mut dice, &limits)))
        });
    }
}

fn decks(c: &mut Criterion) {
    let full = Deck::new((0..52).collect::<Vec<u32>>());
    let mut dice = SeededDice::new(5);
    let mut deck = full.clone();
    c.bench_function("deck draw (52 cards, refilled when empty)", |b| {
        b.iter(|| {
            if deck.remaining() == 0 {
                deck.clone_from(&full);
            }
            observe(deck.draw(&mut dice))
        })
    });
}

fn odds(c: &mut Criterion) {
    let two = RollExpr::parse("2k1").expect("valid notation");
    let ten = RollExpr::parse("10k5").expect("valid notation");
    c.bench_function("odds 2k1 vs 2k1", |b| {
        b.iter(|| observe(contest_odds(&two, &two, Comparison::HighestThenSecond)))
    });
    c.bench_function("odds 10k5", |b| b.iter(|| observe(distribution(&ten))));
    c.bench_function("odds 10k5 vs 10k5", |b| {
        b.iter(|| observe(contest_odds(&ten, &ten, Comparison::HighestThenSecond)))
    });
}

/// One pool of both references: the register-batch bare loop ([`BareLoop`], pbp's batch
/// sampling with none of its bookkeeping) and the hand-written rand 0.9 loop ([`HandLoop`]),
/// the sizes constants in both.
fn reference<const ROLLED: usize, const KEPT: usize>(c: &mut Criterion) {
    let mut bare = BareLoop::new(7 + ROLLED as u64);
    c.bench_function(&format!("bare loop {ROLLED}k{KEPT}"), |b| {
        b.iter(|| observe(bare.roll::<ROLLED, KEPT>()))
    });
    let mut hand = HandLoop::new(8 + ROLLED as u64);
    c.bench_function(&format!("hand loop {ROLLED}k{KEPT}"), |b| {
        b.iter(|| observe(hand.roll::<ROLLED, KEPT>()))
    });
}

fn references(c: &mut Criterion) {
    reference::<2, 1>(c);
    reference::<3, 2>(c);
    reference::<5, 3>(c);
    reference::<10, 5>(c);
}

fn peer(c: &mut Criterion) {
    let explode = Modifier::Exploding(ExplodingKind::Compounding, None);
    for (quantity, keep) in [(2, 1), (3, 2), (5, 3), (10, 5)] {
        let dice = PeerDice::new(
            quantity,
            DiceKind::Standard(10),
            &[explode, Modifier::Keep(KeepKind::Highest, keep)],
        );
        let mut rng = rand_pcg03::Pcg64Mcg::seed_from_u64(6);
        c.bench_function(&format!("rpg-dice-roller {quantity}d10!!kh{keep}"), |b| {
            b.iter(|| observe(dice.roll_all_with(&mut rng).value()))
        });
    }
}

criterion_group!(benches, targets, generator, pools, decks, odds);
criterion_main!(benches);
