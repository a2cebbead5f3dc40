//! Dice, pools, decks and exact odds, with the peer crate `rpg-dice-roller` in the same run.
//!
//! Run: `cargo bench -p pbp-benches -- --warm-up-time 1 --measurement-time 2`.
#![forbid(unsafe_code)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use pbp_core::{
    Comparison, Deck, Dice, Die, Limits, Pool, RollExpr, SeededDice, contest_odds, distribution,
};
use rand08::SeedableRng;
use rpg_dice_roller::{Dice as PeerDice, DiceKind, ExplodingKind, KeepKind, Modifier};

fn generator(c: &mut Criterion) {
    let mut dice = SeededDice::new(1);
    c.bench_function("raw next_u64", |b| b.iter(|| black_box(dice.next_u64())));
    let mut dice = SeededDice::new(2);
    c.bench_function("d10", |b| b.iter(|| black_box(dice.roll(10))));
    let mut dice = SeededDice::new(3);
    c.bench_function("exploding d10", |b| {
        b.iter(|| black_box(Die::EXPLODING_D10.roll_total(&mut dice, 100)))
    });
    let mut dice = SeededDice::new(4);
    c.bench_function("exploding d10 with chain", |b| {
        b.iter(|| black_box(Die::EXPLODING_D10.roll(&mut dice, 100)))
    });
}

fn pools(c: &mut Criterion) {
    let limits = Limits::default();
    for (rolled, kept) in [(2, 1), (3, 2), (5, 3), (10, 5)] {
        let pool = Pool::new(rolled, kept);
        let mut dice = SeededDice::new(u64::from(rolled));
        c.bench_function(&format!("pool {rolled}k{kept} roll"), |b| {
            b.iter(|| black_box(pool.roll(&mut dice)))
        });
        let mut dice = SeededDice::new(u64::from(rolled) + 100);
        c.bench_function(&format!("pool {rolled}k{kept} roll_fast"), |b| {
            b.iter(|| black_box(pool.roll_fast(&mut dice, &limits)))
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
            black_box(deck.draw(&mut dice))
        })
    });
}

fn odds(c: &mut Criterion) {
    let two = RollExpr::parse("2k1").expect("valid notation");
    let ten = RollExpr::parse("10k5").expect("valid notation");
    c.bench_function("odds 2k1 vs 2k1", |b| {
        b.iter(|| black_box(contest_odds(&two, &two, Comparison::HighestThenSecond)))
    });
    c.bench_function("odds 10k5", |b| b.iter(|| black_box(distribution(&ten))));
}

fn peer(c: &mut Criterion) {
    let explode = Modifier::Exploding(ExplodingKind::Compounding, None);
    for (quantity, keep) in [(5, 3), (2, 1)] {
        let dice = PeerDice::new(
            quantity,
            DiceKind::Standard(10),
            &[explode, Modifier::Keep(KeepKind::Highest, keep)],
        );
        let mut rng = rand_pcg03::Pcg64Mcg::seed_from_u64(6);
        c.bench_function(&format!("rpg-dice-roller {quantity}d10!!kh{keep}"), |b| {
            b.iter(|| black_box(dice.roll_all_with(&mut rng).value()))
        });
    }
}

criterion_group!(benches, generator, pools, decks, odds, peer);
criterion_main!(benches);
