//! Sampled totals against the exact distribution (chi-squared), with fixed seeds, so these tests
//! are deterministic: they can never be flaky, and a change in sampling shows up as a failure.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_core::{Dice, FastRoll, Limits, Pool, RollExpr, SeededDice, distribution};

/// Rolls sampled at a time with `PreparedPool::roll_many`.
const BLOCK: usize = 1_000;

/// The totals of `samples` rolls of `pool` from `dice`, a block of [`BLOCK`] at a time with
/// `PreparedPool::roll_many` (the same rolls as one `Pool::roll_fast` after another), passed to
/// `count`.
fn sample(pool: &Pool, dice: &mut SeededDice, samples: u32, mut count: impl FnMut(i64)) {
    let prepared = pool.prepare(&Limits::default()).unwrap();
    let zero = FastRoll {
        total: 0,
        second_highest: 0,
    };
    let mut block = vec![zero; BLOCK];
    let mut left = samples as usize;
    while left > 0 {
        let rolls = &mut block[..left.min(BLOCK)];
        prepared.roll_many(dice, rolls).unwrap();
        rolls.iter().for_each(|roll| count(roll.total));
        left -= rolls.len();
    }
}

/// The chi-squared statistic of `samples` rolls of `pool` against its exact distribution, and
/// its degrees of freedom. Totals expected fewer than 5 times are pooled into one bin.
fn chi_squared(pool: &Pool, seed: u64, samples: u32) -> (f64, u32) {
    let exact = distribution(&RollExpr::Pool(pool.clone())).unwrap();
    let mut dice = SeededDice::new(seed);
    let mut counts = vec![0_u64; (exact.max() - exact.min() + 1) as usize];
    sample(pool, &mut dice, samples, |total| {
        counts[(total - exact.min()) as usize] += 1;
    });
    let n = f64::from(samples);
    let (mut statistic, mut bins) = (0.0, 0);
    let (mut rare_expected, mut rare_observed) = (0.0, 0.0);
    for (index, &observed) in counts.iter().enumerate() {
        let expected = exact.probability(exact.min() + index as i64) * n;
        if expected >= 5.0 {
            statistic += (observed as f64 - expected).powi(2) / expected;
            bins += 1;
        } else {
            rare_expected += expected;
            rare_observed += observed as f64;
        }
    }
    if rare_expected > 0.0 {
        statistic += (rare_observed - rare_expected).powi(2) / rare_expected;
        bins += 1;
    }
    (statistic, bins - 1)
}

/// The chi-squared value exceeded with probability 0.001 (Wilson-Hilferty approximation).
fn critical(df: u32) -> f64 {
    let df = f64::from(df);
    let z = 3.090; // the normal quantile of 0.999
    let a = 2.0 / (9.0 * df);
    df * (1.0 - a + z * a.sqrt()).powi(3)
}

#[test]
fn two_keep_one_matches_the_exact_distribution() {
    for seed in [1, 2, 3] {
        let (statistic, df) = chi_squared(&Pool::new(2, 1), seed, 200_000);
        assert!(df > 20, "{df}");
        assert!(
            statistic < critical(df),
            "seed {seed}: {statistic} with {df} df"
        );
    }
}

#[test]
fn five_keep_three_matches_the_exact_distribution() {
    for seed in [4, 5, 6] {
        let (statistic, df) = chi_squared(&Pool::new(5, 3), seed, 200_000);
        assert!(df > 40, "{df}");
        assert!(
            statistic < critical(df),
            "seed {seed}: {statistic} with {df} df"
        );
    }
}

#[test]
fn a_biased_sampler_would_be_caught() {
    // The same test on the wrong distribution (3k2 sampled, 2k2 expected by relabelling) fails:
    // the test has the power to see a real difference.
    let exact = distribution(&RollExpr::Pool(Pool::new(2, 2))).unwrap();
    let mut dice = SeededDice::new(9);
    let pool = Pool::new(3, 2);
    let samples = 50_000;
    let mut statistic = 0.0;
    let mut counts = vec![0_u64; (exact.max() - exact.min() + 1) as usize];
    sample(&pool, &mut dice, samples, |total| {
        if total <= exact.max() {
            counts[(total - exact.min()) as usize] += 1;
        }
    });
    let mut df = 0;
    for (index, &observed) in counts.iter().enumerate() {
        let expected = exact.probability(exact.min() + index as i64) * f64::from(samples);
        if expected >= 5.0 {
            statistic += (observed as f64 - expected).powi(2) / expected;
            df += 1;
        }
    }
    assert!(statistic > critical(df - 1) * 10.0, "{statistic}");
}

#[test]
fn sampling_in_blocks_draws_the_rolls_of_one_after_another() {
    // The blocks of `sample` (a last one shorter) are the rolls `roll_fast` makes one after
    // another, and leave the dice at the same point.
    let pool = Pool::new(5, 3).plus(2);
    let (mut blocks, mut each) = (SeededDice::new(8), SeededDice::new(8));
    let mut sampled = Vec::new();
    sample(&pool, &mut blocks, 2_345, |total| sampled.push(total));
    let one_by_one: Vec<i64> = (0..2_345)
        .map(|_| pool.roll_fast(&mut each, &Limits::default()).unwrap().total)
        .collect();
    assert_eq!(sampled, one_by_one);
    assert_eq!(blocks.roll(10), each.roll(10));
}
