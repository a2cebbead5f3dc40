//! Benchmarks: one battle's roll and resolution, and whole games per second.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use criterion::{Criterion, criterion_group, criterion_main};
use pbp_clan_war::{ClanWar, ClanWarAction, ClanWarConfig, play_out};
use pbp_core::{
    SeededDice,
    engine::{Actor, Game, Seat},
};
use std::hint::black_box;

/// A game where the Crab attacks D6 (a Spirit Army hex in the seed's five-player game), both
/// sides have passed, and the roll is next.
fn at_the_roll() -> pbp_clan_war::ClanWarState {
    let mut dice = SeededDice::new(11);
    let mut state = ClanWar::setup(&ClanWarConfig::default(), &mut dice).unwrap();
    let crab = Actor::Seat(Seat(0));
    for action in [
        ClanWarAction::Attack {
            target: "D6".into(),
            from: "C6".into(),
        },
        ClanWarAction::Pass { battle: 1 },
    ] {
        ClanWar::apply(&mut state, crab, &action, &mut dice).unwrap();
    }
    state
}

fn battle(c: &mut Criterion) {
    let state = at_the_roll();
    let roll = ClanWarAction::Roll { battle: 1 };
    let mut dice = SeededDice::new(3);
    c.bench_function("clan-war battle roll and resolution", |b| {
        b.iter(|| {
            let mut s = state.clone();
            ClanWar::apply(&mut s, Actor::Seat(Seat(0)), black_box(&roll), &mut dice).unwrap();
            s
        })
    });
}

fn games(c: &mut Criterion) {
    let config = ClanWarConfig::default();
    let mut group = c.benchmark_group("clan-war whole game, five clans, twelve rounds");
    group.sample_size(10);
    let mut seed = 0_u64;
    group.bench_function("random bots", |b| {
        b.iter(|| {
            seed += 1;
            play_out(&config, &[false; 5], &mut SeededDice::new(seed)).unwrap()
        })
    });
    group.bench_function("heuristic bots", |b| {
        b.iter(|| {
            seed += 1;
            play_out(&config, &[true; 5], &mut SeededDice::new(seed)).unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, battle, games);
criterion_main!(benches);
