//! Wall-clock ratios of pbp's pool rolls against the raw generator word, the peer crate and
//! the bare loop, interleaved in one process: every round times each contender right after
//! the others, so that a busy machine slows them alike, and the median over the rounds is
//! reported. Criterion runs each benchmark for seconds, minutes apart from the others; on a
//! shared machine its ratios move by tens of percent, these by a few.
//!
//! Run: `cargo run --release -p pbp-benches --example ratios [rounds]`, or with `odds [rounds]`
//! for the median time of the exact contest odds of 10k5 against 10k5 and against 10k4.
#![forbid(unsafe_code)]

use std::hint::black_box;
use std::time::Instant;

use pbp_benches::BareLoop;
use pbp_core::{Limits, Pool, SeededDice};
use rand08::SeedableRng;
use rpg_dice_roller::{Dice as PeerDice, DiceKind, ExplodingKind, KeepKind, Modifier};

/// Calls per contender per round.
const CALLS: u32 = 200_000;

/// Nanoseconds per call of `work`, over [`CALLS`] calls.
fn time(work: &mut dyn FnMut()) -> f64 {
    let start = Instant::now();
    for _ in 0..CALLS {
        work();
    }
    start.elapsed().as_secs_f64() * 1e9 / f64::from(CALLS)
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// The median time of the exact contest odds of 10k5 against 10k5 (one pool computed, used
/// for both sides) and against 10k4 (two pools), over `rounds` computations each.
fn odds(rounds: usize) {
    use pbp_core::{Comparison, RollExpr, contest_odds};
    let ten = RollExpr::parse("10k5").expect("valid notation");
    let other = RollExpr::parse("10k4").expect("valid notation");
    for (name, second) in [("10k5 vs 10k5", &ten), ("10k5 vs 10k4", &other)] {
        let mut times: Vec<f64> = (0..rounds)
            .map(|_| {
                let start = Instant::now();
                black_box(&contest_odds(&ten, second, Comparison::HighestThenSecond));
                start.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        println!("exact odds {name}: median {:.2} ms", median(&mut times));
    }
}

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    if args.peek().is_some_and(|a| a == "odds") {
        args.next();
        odds(args.next().and_then(|r| r.parse().ok()).unwrap_or(15));
        return;
    }
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(15);
    let limits = Limits::default();
    let mut raw = SeededDice::new(1);
    let mut contenders: Vec<(String, Box<dyn FnMut()>)> = Vec::new();
    contenders.push((
        "raw next_u64".into(),
        Box::new(move || {
            black_box(&raw.next_u64());
        }),
    ));
    let explode = Modifier::Exploding(ExplodingKind::Compounding, None);
    for (rolled, kept) in [(2_u32, 1_u32), (5, 3), (10, 5)] {
        let pool = Pool::new(rolled, kept);
        let prepared = pool.prepare(&limits).expect("within the limits");
        let mut dice = SeededDice::new(u64::from(rolled));
        contenders.push((
            format!("{rolled}k{kept} prepared"),
            Box::new(move || {
                black_box(&prepared.roll(&mut dice));
            }),
        ));
        let mut dice = SeededDice::new(u64::from(rolled) + 1);
        contenders.push((
            format!("{rolled}k{kept} roll"),
            Box::new(move || {
                black_box(&pool.roll(&mut dice));
            }),
        ));
        let mut bare = BareLoop::new(u64::from(rolled) + 2);
        let (r, k) = (rolled as usize, kept as usize);
        contenders.push((
            format!("{rolled}k{kept} bare loop"),
            Box::new(move || {
                black_box(&bare.roll(black_box(r), black_box(k)));
            }),
        ));
        let peer = PeerDice::new(
            rolled,
            DiceKind::Standard(10),
            &[explode, Modifier::Keep(KeepKind::Highest, kept)],
        );
        let mut rng = rand_pcg03::Pcg64Mcg::seed_from_u64(6);
        contenders.push((
            format!("{rolled}k{kept} rpg-dice-roller"),
            Box::new(move || {
                black_box(&peer.roll_all_with(&mut rng).value());
            }),
        ));
    }
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); contenders.len()];
    for _ in 0..rounds {
        for (index, (_, work)) in contenders.iter_mut().enumerate() {
            times[index].push(time(work.as_mut()));
        }
    }
    let index_of = |name: &str| {
        contenders
            .iter()
            .position(|(n, _)| n == name)
            .expect("a contender")
    };
    // The ratio of two contenders is taken within each round, then the median over rounds.
    let ratio = |fast: &str, slow: &str| {
        let (a, b) = (index_of(fast), index_of(slow));
        let mut ratios: Vec<f64> = (0..rounds).map(|r| times[b][r] / times[a][r]).collect();
        median(&mut ratios)
    };
    println!("{rounds} rounds of {CALLS} calls each; median ns per call:");
    for (index, (name, _)) in contenders.iter().enumerate() {
        let mut mine = times[index].clone();
        println!("  {name:<24} {:>9.2} ns", median(&mut mine));
    }
    println!("median ratios within a round:");
    for pool in ["2k1", "5k3", "10k5"] {
        println!(
            "  {pool}: roll vs rpg-dice-roller {:.2}x, prepared vs rpg-dice-roller {:.2}x, prepared / bare loop {:.3}, prepared / raw word {:.3}",
            ratio(&format!("{pool} roll"), &format!("{pool} rpg-dice-roller")),
            ratio(
                &format!("{pool} prepared"),
                &format!("{pool} rpg-dice-roller")
            ),
            ratio(&format!("{pool} prepared"), &format!("{pool} bare loop")),
            ratio(&format!("{pool} prepared"), "raw next_u64"),
        );
    }
}
