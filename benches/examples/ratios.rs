//! Wall-clock ratios of pbp's pool rolls (`PreparedPool::roll`, `PreparedPool::roll_many`,
//! `Pool::roll`) against the raw generator word, the d10 face stream in bulk ([`FaceStream`],
//! the limit of any roll drawn from pbp's generator), the peer crate `rpg-dice-roller`, the
//! hand-written rand 0.9 loop ([`HandLoop`]) and the register-batch bare loop ([`BareLoop`]),
//! for 2k1, 3k2, 5k3 and 10k5, interleaved in one process: every round times each contender right after
//! the others, so that a busy machine slows them alike. Each contender's window (its calls in
//! one round) lasts about the same time, 2 ms unless told, whatever its speed: a window of the
//! slow peer as long as ten of the raw word would be ten times as likely to be interrupted by
//! the other work of a shared machine. Two figures are reported for each ratio: the median
//! over the rounds of the ratio within a round, and the ratio of the two contenders' best
//! rounds (their fastest window each: the one least disturbed). Criterion runs each benchmark
//! for seconds, minutes apart from the others; on a shared machine its ratios move by tens of
//! percent. `roll_many` and the face stream are timed a call of [`MANY`] rolls or faces at a
//! time, and reported per roll or face.
//!
//! Run: `cargo run --release -p pbp-benches --example ratios [rounds] [window in µs]`, or with
//! `odds [rounds]` for the median time of the exact contest odds of 10k5 against 10k5 and
//! against 10k4, or with `sample [rounds]` for the median time of the histogram of 200,000
//! totals of 2k1, 5k3 and 10k5 as `crates/core/tests/statistics.rs` samples them against the
//! exact odds: one `Pool::roll_fast` after another (as it did before `roll_many`), one
//! `PreparedPool::roll` after another, and `PreparedPool::roll_many` in blocks of 1,000 (as it
//! does now), interleaved. With `csv COMMIT DATE [rounds]` it prints rows of `benches/history.csv`
//! instead: each contender's rate in its best round (millions of calls a second) and the ratio
//! of its best round to the bare loop's, for the same pool (the best rounds, the least
//! disturbed windows, move least from run to run on a shared machine).
#![forbid(unsafe_code)]

use std::hint::black_box;
use std::time::Instant;

use pbp_benches::{BareLoop, FaceStream, HandLoop};
use pbp_core::{FastRoll, Limits, Pool, SeededDice};
use rand08::SeedableRng;
use rpg_dice_roller::{Dice as PeerDice, DiceKind, ExplodingKind, KeepKind, Modifier};

/// The length of a contender's window in a round, in microseconds, unless given: short
/// enough that many windows run undisturbed on a busy machine.
const WINDOW_MICROS: f64 = 2_000.0;

/// Nanoseconds per call of `work`, over `calls` calls.
fn time(work: &mut dyn FnMut(), calls: u32) -> f64 {
    let start = Instant::now();
    for _ in 0..calls {
        work();
    }
    start.elapsed().as_secs_f64() * 1e9 / f64::from(calls)
}

/// A contender: its name, the rolls (or faces) one call of its work makes, and that work.
type Contender = (String, u32, Box<dyn FnMut()>);

/// Rolls of one `roll_many` call, and faces of one call of the face stream.
const MANY: usize = 1008;

/// The d10 faces an exploding d10 takes on average: a chain goes on with probability 1/10.
const FACES_PER_DIE: f64 = 10.0 / 9.0;

/// The pools measured, as `(rolled, kept)`.
const POOLS: [(u32, u32); 4] = [(2, 1), (3, 2), (5, 3), (10, 5)];

/// The contenders of one pool of `ROLLED` exploding d10s keeping `KEPT`: pbp's prepared pool
/// and full roll, the two references (the sizes constants in both) and the peer's prebuilt pool.
fn pool_contenders<const ROLLED: usize, const KEPT: usize>(contenders: &mut Vec<Contender>) {
    let (rolled, kept) = (ROLLED as u32, KEPT as u32);
    let name = format!("{rolled}k{kept}");
    let pool = Pool::new(rolled, kept);
    let prepared = pool.prepare(&Limits::default()).expect("within the limits");
    let mut dice = SeededDice::new(u64::from(rolled));
    contenders.push((
        format!("{name} prepared"),
        1,
        Box::new(move || {
            black_box(&prepared.roll(&mut dice));
        }),
    ));
    let mut dice = SeededDice::new(u64::from(rolled) + 5);
    let mut rolls = vec![
        FastRoll {
            total: 0,
            second_highest: 0
        };
        MANY
    ];
    contenders.push((
        format!("{name} roll_many"),
        MANY as u32,
        Box::new(move || {
            black_box(&prepared.roll_many(&mut dice, &mut rolls));
            black_box(&rolls);
        }),
    ));
    let mut dice = SeededDice::new(u64::from(rolled) + 1);
    contenders.push((
        format!("{name} roll"),
        1,
        Box::new(move || {
            black_box(&pool.roll(&mut dice));
        }),
    ));
    let mut bare = BareLoop::new(u64::from(rolled) + 2);
    contenders.push((
        format!("{name} bare loop"),
        1,
        Box::new(move || {
            black_box(&bare.roll::<ROLLED, KEPT>());
        }),
    ));
    let mut hand = HandLoop::new(u64::from(rolled) + 3);
    contenders.push((
        format!("{name} hand loop"),
        1,
        Box::new(move || {
            black_box(&hand.roll::<ROLLED, KEPT>());
        }),
    ));
    let explode = Modifier::Exploding(ExplodingKind::Compounding, None);
    let peer = PeerDice::new(
        rolled,
        DiceKind::Standard(10),
        &[explode, Modifier::Keep(KeepKind::Highest, kept)],
    );
    let mut rng = rand_pcg03::Pcg64Mcg::seed_from_u64(6);
    contenders.push((
        format!("{name} rpg-dice-roller"),
        1,
        Box::new(move || {
            black_box(&peer.roll_all_with(&mut rng).value());
        }),
    ));
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

/// One way of sampling: it counts 200,000 totals into the histogram it is given.
type Sampling<'a> = Box<dyn FnMut(&mut Vec<u32>) + 'a>;

/// The median time of the histogram of 200,000 totals of 2k1, 5k3 and 10k5 sampled three
/// ways (see the module's docs), interleaved over `rounds` rounds; each way gives the same
/// histogram from the same seed.
fn sample(rounds: usize) {
    const SAMPLES: usize = 200_000;
    const BLOCK: usize = 1_000;
    let limits = Limits::default();
    for (rolled, kept) in [(2, 1), (5, 3), (10, 5)] {
        let pool = Pool::new(rolled, kept);
        let prepared = pool.prepare(&limits).expect("within the limits");
        // Totals of up to ten exploding d10s stay below 1,000 but in a roll in about 10^90.
        let histogram = |counts: &mut Vec<u32>, total: i64| {
            let index = usize::try_from(total).unwrap_or(0).min(999);
            counts[index] += 1;
        };
        let mut ways: Vec<(&str, Sampling)> = vec![
            (
                "roll_fast one after another",
                Box::new(|counts| {
                    let mut dice = SeededDice::new(1);
                    for _ in 0..SAMPLES {
                        let roll = pool.roll_fast(&mut dice, &limits).expect("a roll");
                        histogram(counts, roll.total);
                    }
                }),
            ),
            (
                "prepared roll one after another",
                Box::new(|counts| {
                    let mut dice = SeededDice::new(1);
                    for _ in 0..SAMPLES {
                        histogram(counts, prepared.roll(&mut dice).expect("a roll").total);
                    }
                }),
            ),
            (
                "roll_many, blocks of 1,000",
                Box::new(|counts| {
                    let mut dice = SeededDice::new(1);
                    let zero = FastRoll {
                        total: 0,
                        second_highest: 0,
                    };
                    let mut block = vec![zero; BLOCK];
                    for _ in 0..SAMPLES / BLOCK {
                        prepared.roll_many(&mut dice, &mut block).expect("rolls");
                        block.iter().for_each(|roll| histogram(counts, roll.total));
                    }
                }),
            ),
        ];
        let mut times = vec![Vec::new(); ways.len()];
        let mut histograms = vec![Vec::new(); ways.len()];
        for _ in 0..rounds {
            for (index, (_, way)) in ways.iter_mut().enumerate() {
                let mut counts = vec![0_u32; 1_000];
                let start = Instant::now();
                way(&mut counts);
                times[index].push(start.elapsed().as_secs_f64() * 1e3);
                black_box(&counts);
                histograms[index] = counts;
            }
        }
        let same = histograms.iter().all(|h| *h == histograms[0]);
        println!("{rolled}k{kept}, 200,000 totals (the same histogram each way: {same}):");
        for (index, (name, _)) in ways.iter().enumerate() {
            // The rate over the first way's and over the way before, within each round.
            let mut to_first: Vec<f64> =
                (0..rounds).map(|r| times[0][r] / times[index][r]).collect();
            let before = index.saturating_sub(1);
            let mut to_before: Vec<f64> = (0..rounds)
                .map(|r| times[before][r] / times[index][r])
                .collect();
            let middle = median(&mut times[index].clone());
            println!(
                "  {name:<32} median {middle:.2} ms; within a round (median) {:.2}x the first, \
                 {:.2}x the way above",
                median(&mut to_first),
                median(&mut to_before)
            );
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    if args.peek().is_some_and(|a| a == "odds") {
        args.next();
        odds(args.next().and_then(|r| r.parse().ok()).unwrap_or(15));
        return;
    }
    if args.peek().is_some_and(|a| a == "sample") {
        args.next();
        sample(args.next().and_then(|r| r.parse().ok()).unwrap_or(15));
        return;
    }
    let csv = if args.peek().is_some_and(|a| a == "csv") {
        args.next();
        let commit = args.next().expect("csv COMMIT DATE [rounds]");
        let date = args.next().expect("csv COMMIT DATE [rounds]");
        Some((commit, date))
    } else {
        None
    };
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(31);
    let window: f64 = args
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or(WINDOW_MICROS);
    let mut raw = SeededDice::new(1);
    let mut contenders: Vec<Contender> = Vec::new();
    contenders.push((
        "raw next_u64".into(),
        1,
        Box::new(move || {
            black_box(&raw.next_u64());
        }),
    ));
    let mut stream = FaceStream::new(2);
    let mut faces = vec![0_u8; MANY];
    contenders.push((
        "faces d10 in bulk".into(),
        MANY as u32,
        Box::new(move || {
            stream.fill(&mut faces);
            black_box(&faces);
        }),
    ));
    pool_contenders::<2, 1>(&mut contenders);
    pool_contenders::<3, 2>(&mut contenders);
    pool_contenders::<5, 3>(&mut contenders);
    pool_contenders::<10, 5>(&mut contenders);
    // Calls per window for each contender, from a first timing of 2,000 calls (after 2,000
    // to warm up).
    let calls: Vec<u32> = contenders
        .iter_mut()
        .map(|(_, _, work)| {
            time(work.as_mut(), 200);
            let nanos = time(work.as_mut(), 200);
            (window * 1e3 / nanos).clamp(20.0, 10_000_000.0) as u32
        })
        .collect();
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); contenders.len()];
    for _ in 0..rounds {
        for (index, (_, units, work)) in contenders.iter_mut().enumerate() {
            times[index].push(time(work.as_mut(), calls[index]) / f64::from(*units));
        }
    }
    let index_of = |name: &str| {
        contenders
            .iter()
            .position(|(n, _, _)| n == name)
            .expect("a contender")
    };
    // The rate of `fast` over the rate of `slow`: taken within each round, then the median
    // over rounds; and the ratio of their best rounds.
    let ratio = |fast: &str, slow: &str| {
        let (a, b) = (index_of(fast), index_of(slow));
        let mut ratios: Vec<f64> = (0..rounds).map(|r| times[b][r] / times[a][r]).collect();
        let best = |index: usize| times[index].iter().copied().fold(f64::INFINITY, f64::min);
        (median(&mut ratios), best(b) / best(a))
    };
    if let Some((commit, date)) = csv {
        for (index, (name, _, _)) in contenders.iter().enumerate() {
            let Some((pool, contender)) = name.split_once(' ') else {
                continue;
            };
            if pool == "raw" || pool == "faces" {
                continue; // the raw word and the face stream have no pool
            }
            // The best rounds: on a shared machine the least disturbed windows.
            let best = times[index].iter().copied().fold(f64::INFINITY, f64::min);
            let rate = 1e3 / best;
            let (_, to_bare) = ratio(name, &format!("{pool} bare loop"));
            println!("{commit},{date},{pool} {contender},{rate:.2},{to_bare:.3}");
        }
        return;
    }
    println!(
        "{rounds} rounds of windows of about {window} µs; ns per call (per roll or face for \
         roll_many and the face stream), median and best round:"
    );
    for (index, (name, _, _)) in contenders.iter().enumerate() {
        let mut mine = times[index].clone();
        let middle = median(&mut mine);
        println!(
            "  {name:<24} {middle:>9.2} ns {:>9.2} ns {:>8.2} M/s  ({} calls a window)",
            mine[0],
            1e3 / middle,
            calls[index]
        );
    }
    println!("ratios of rates (median within a round / of the best rounds), targets in brackets:");
    let show = |(middle, best): (f64, f64)| format!("{middle:.2} / {best:.2}");
    for (rolled, kept) in POOLS {
        let pool = format!("{rolled}k{kept}");
        let of = |contender: &str| format!("{pool} {contender}");
        println!(
            "  {pool}: prepared / hand loop {} [>= 1.2], prepared / bare loop {} [>= 0.70], \
             roll / rpg-dice-roller {} [>= 6], roll / prepared {} [>= 0.40], \
             hand loop / bare loop {} [<= 1: the bare loop is the limit], \
             prepared / raw word {}",
            show(ratio(&of("prepared"), &of("hand loop"))),
            show(ratio(&of("prepared"), &of("bare loop"))),
            show(ratio(&of("roll"), &of("rpg-dice-roller"))),
            show(ratio(&of("roll"), &of("prepared"))),
            show(ratio(&of("hand loop"), &of("bare loop"))),
            show(ratio(&of("prepared"), "raw next_u64")),
        );
        // The limit of a roll in bulk: the faces it takes, at the face stream's rate.
        let faces = f64::from(rolled) * FACES_PER_DIE;
        let (face, many) = (index_of("faces d10 in bulk"), index_of(&of("roll_many")));
        let mut shares: Vec<f64> = (0..rounds)
            .map(|r| faces * times[face][r] / times[many][r])
            .collect();
        let best = |index: usize| times[index].iter().copied().fold(f64::INFINITY, f64::min);
        let target = match (rolled, kept) {
            (2, 1) => ">= 2",
            (5, 3) => ">= 1.5",
            (10, 5) => ">= 1.3",
            _ => "none",
        };
        println!(
            "  {pool}: roll_many / bare loop {} [{target}], roll_many / prepared {}, \
             roll_many / limit of the face stream {} (the limit {:.2} ns a roll: {faces:.2} \
             faces)",
            show(ratio(&of("roll_many"), &of("bare loop"))),
            show(ratio(&of("roll_many"), &of("prepared"))),
            show((median(&mut shares), faces * best(face) / best(many))),
            faces * best(face),
        );
    }
}
