//! Exact odds against brute-force enumeration, hand-computed values and the truncation bound.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;

use pbp_core::{
    Comparison, Die, Pool, RollExpr, ScriptedDice, contest_odds, distribution, joint_distribution,
    pool_distribution,
};

/// The most probability mass a distribution may leave out, as the odds' docs promise.
const TRUNCATION_BOUND: f64 = 1e-12;

fn expr(text: &str) -> RollExpr {
    RollExpr::parse(text).unwrap()
}

/// Every way `count` dice of `sides` can fall, each with the same chance.
fn every_roll(count: u32, sides: u32) -> impl Iterator<Item = Vec<u32>> {
    let total = u64::from(sides).pow(count);
    (0..total).map(move |mut index| {
        (0..count)
            .map(|_| {
                let face = (index % u64::from(sides)) as u32 + 1;
                index /= u64::from(sides);
                face
            })
            .collect()
    })
}

/// The joint (total, second highest) distribution of a non-exploding pool, by enumeration.
fn brute_joint(pool: &Pool) -> BTreeMap<(i64, i64), f64> {
    let sides = pool.die.sides();
    let (rolled, _, _) = pool.effective();
    let total = f64::from(sides).powi(rolled as i32);
    let mut joint = BTreeMap::new();
    for faces in every_roll(rolled, sides) {
        let roll = pool.roll(&mut ScriptedDice::new(faces)).unwrap();
        *joint
            .entry((roll.total(), roll.second_highest()))
            .or_insert(0.0) += 1.0 / total;
    }
    joint
}

#[test]
fn non_exploding_pools_match_enumeration() {
    for text in [
        "1k1!n",
        "2k1!n",
        "2k2!n",
        "3k1!n",
        "3k2!n+1",
        "4k2!n h+2 r2-1 e+1",
        "4k3!n -3 r3+2",
        "3k5!n",
        "5k2d6!n h-2",
        "5k3d4!n e-1",
    ] {
        let RollExpr::Pool(pool) = expr(text) else {
            unreachable!("the texts are pools")
        };
        let brute = brute_joint(&pool);
        let joint = joint_distribution(&RollExpr::Pool(pool.clone())).unwrap();
        for (&(total, second), &p) in &brute {
            let computed = joint.probability(total, second);
            assert!(
                (computed - p).abs() < 1e-12,
                "{text}: ({total}, {second}): {computed} vs {p}"
            );
        }
        let mass: f64 = brute.values().sum();
        assert!((mass - 1.0).abs() < 1e-12);
        let totals = pool_distribution(&pool).unwrap();
        assert!((totals.mass() - 1.0).abs() < 1e-12, "{text}");
        let mut brute_totals: BTreeMap<i64, f64> = BTreeMap::new();
        for (&(total, _), &p) in &brute {
            *brute_totals.entry(total).or_insert(0.0) += p;
        }
        for (total, p) in totals.table() {
            assert!((brute_totals[&total] - p).abs() < 1e-12, "{text}: {total}");
        }
    }
}

/// One exploding d10's values from chains of at most `rolls` rolls.
fn short_chains(rolls: u32) -> Vec<(i64, f64)> {
    let mut values = Vec::new();
    for length in 1..=rolls {
        for last in 1..10 {
            values.push((
                i64::from(10 * (length - 1) + last),
                0.1_f64.powi(length as i32),
            ));
        }
    }
    values
}

#[test]
fn exploding_pools_match_enumeration_below_forty() {
    // A total below 40 needs no kept die of 40 or more, and dropped dice are no higher than kept
    // ones, so chains of at most 4 rolls cover every outcome with a total below 40 exactly.
    let values = short_chains(4);
    for (rolled, kept) in [(2_usize, 1_usize), (3, 2), (3, 1)] {
        let mut brute: BTreeMap<(i64, i64), f64> = BTreeMap::new();
        let mut index = vec![0_usize; rolled];
        'outer: loop {
            let mut dice: Vec<i64> = index.iter().map(|&i| values[i].0).collect();
            let p: f64 = index.iter().map(|&i| values[i].1).product();
            dice.sort_unstable_by(|a, b| b.cmp(a));
            let total: i64 = dice[..kept].iter().sum();
            if dice[0] < 40 {
                *brute.entry((total, dice[1])).or_insert(0.0) += p;
            }
            for slot in index.iter_mut() {
                *slot += 1;
                if *slot < values.len() {
                    continue 'outer;
                }
                *slot = 0;
            }
            break;
        }
        let joint =
            joint_distribution(&RollExpr::Pool(Pool::new(rolled as u32, kept as u32))).unwrap();
        for (&(total, second), &p) in &brute {
            if total < 40 {
                let computed = joint.probability(total, second);
                assert!(
                    (computed - p).abs() < 1e-12,
                    "{rolled}k{kept}: ({total}, {second}): {computed} vs {p}"
                );
            }
        }
    }
}

#[test]
fn hand_computed_values() {
    let two_keep_one = distribution(&expr("2k1")).unwrap();
    // Both dice 1-5 minus both 1-4: 0.25 - 0.16.
    assert!((two_keep_one.probability(5) - 0.09).abs() < 1e-15);
    // A 10 is never a total of an exploding d10.
    assert_eq!(two_keep_one.probability(10), 0.0);
    // 11 = 10 then 1 on one die (0.01), the other die at most 11 (0.9 + 0.01): 2 * 0.01 * 0.91
    // minus both 11 counted twice (0.01^2).
    assert!((two_keep_one.probability(11) - (2.0 * 0.01 * 0.91 - 0.0001)).abs() < 1e-15);
    let one_die = distribution(&expr("1k1")).unwrap();
    // The mean of an exploding d10 is 5.5 / 0.9 = 6.111...
    assert!((one_die.mean() - 5.5 / 0.9).abs() < 1e-9);
    let three_d6 = distribution(&expr("3d6")).unwrap();
    assert!((three_d6.probability(10) - 27.0 / 216.0).abs() < 1e-15);
    let offset = distribution(&expr("d10+19")).unwrap();
    assert_eq!((offset.min(), offset.max()), (20, 29));
    assert!((distribution(&expr("75%")).unwrap().probability(1) - 0.75).abs() < 1e-15);
    assert!((distribution(&expr("coin")).unwrap().probability(0) - 0.5).abs() < 1e-15);
}

#[test]
fn truncation_is_within_the_bound() {
    for text in [
        "1k1", "2k1", "3k2", "5k3", "10k5", "10k10", "2k1!9", "5k3!8", "12k4t", "100k1", "4k2d6",
        "3k3d4!3",
    ] {
        let dist = distribution(&expr(text)).unwrap();
        assert!(dist.truncated() <= TRUNCATION_BOUND, "{text}");
        assert!(
            (dist.mass() - 1.0).abs() <= TRUNCATION_BOUND,
            "{text}: mass {}",
            dist.mass()
        );
        assert!(
            (dist.mass() + dist.truncated() - 1.0).abs() < 1e-13,
            "{text}"
        );
    }
}

#[test]
fn contests_match_enumeration() {
    // 2k1!n against 1k1!n: every 10^3 outcome.
    let first = Pool::new(2, 1).with_die(Die::D10);
    let second = Pool::new(1, 1).with_die(Die::D10).plus(1);
    let (mut win, mut lose) = (0.0, 0.0);
    for faces in (0..1000).map(|i| [i % 10 + 1, i / 10 % 10 + 1, i / 100 + 1]) {
        let a = first
            .roll(&mut ScriptedDice::new(faces[..2].to_vec()))
            .unwrap();
        let b = second.roll(&mut ScriptedDice::new([faces[2]])).unwrap();
        match (a.total(), a.second_highest()).cmp(&(b.total(), b.second_highest())) {
            std::cmp::Ordering::Greater => win += 1.0,
            std::cmp::Ordering::Less => lose += 1.0,
            std::cmp::Ordering::Equal => {}
        }
    }
    let odds = contest_odds(
        &RollExpr::Pool(first),
        &RollExpr::Pool(second),
        Comparison::HighestThenSecond,
    )
    .unwrap();
    assert!((odds.win - win / (win + lose)).abs() < 1e-12);
    assert!((odds.win + odds.lose - 1.0).abs() < 1e-12);
    assert!((odds.push - (1000.0 - win - lose) / 1000.0).abs() < 1e-12);
    // Seed 003: d10+N against d10+M, the attack must be strictly higher.
    let odds = contest_odds(&expr("d10+3"), &expr("d10+1"), Comparison::FirstMustExceed).unwrap();
    // P(a + 2 > b) for two d10s: 1 - P(b - a >= 2) = 1 - 36/100.
    assert!((odds.win - 0.64).abs() < 1e-12);
    assert_eq!(odds.push, 0.0);
}

#[test]
fn contests_are_symmetric_and_fast_enough() {
    let start = std::time::Instant::now();
    for text in ["2k1", "3k2", "5k3 h+2", "10k5"] {
        let odds = contest_odds(&expr(text), &expr(text), Comparison::HighestThenSecond).unwrap();
        assert!((odds.win - 0.5).abs() < 1e-9, "{text}: {odds:?}");
        assert!((odds.win + odds.lose - 1.0).abs() < 1e-12);
    }
    let odds = contest_odds(&expr("3k2"), &expr("2k1"), Comparison::HighestThenSecond).unwrap();
    let reverse = contest_odds(&expr("2k1"), &expr("3k2"), Comparison::HighestThenSecond).unwrap();
    assert!((odds.win - reverse.lose).abs() < 1e-12);
    assert!(odds.win > 0.5);
    // Generous even for an unoptimised build on a busy machine.
    assert!(start.elapsed().as_secs() < 60);
}

/// The contests the battles of the games compute, against their values before the pool
/// computation moved whole rows at a time (pinned to 1e-12).
#[test]
fn contest_odds_of_large_pools_are_unchanged() {
    let cases = [
        ("10k5", "10k5", 0.5, 0.011_207_339_781_806),
        (
            "10k5",
            "8k4+2",
            0.697_430_890_586_324,
            0.008_270_502_004_642,
        ),
        ("5k3", "6k2+1", 0.620_314_598_565_227, 0.005_529_280_887_400),
        ("3k2", "2k2", 0.660_793_673_383_477, 0.013_856_176_529_198),
    ];
    for (first, second, win, push) in cases {
        let odds = contest_odds(
            &RollExpr::parse(first).unwrap(),
            &RollExpr::parse(second).unwrap(),
            Comparison::HighestThenSecond,
        )
        .unwrap();
        assert!(
            (odds.win - win).abs() < 1e-12,
            "{first} vs {second}: win {}",
            odds.win
        );
        assert!(
            (odds.push - push).abs() < 1e-12,
            "{first} vs {second}: push {}",
            odds.push
        );
        assert!((odds.win + odds.lose - 1.0).abs() < 1e-12);
    }
}
