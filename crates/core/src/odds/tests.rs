use super::joint::{binomials, die_values, kept_sum_and_second, order_statistics_dp};
use super::*;
use crate::die::Die;
use crate::notation::DiceSum;

fn expr(text: &str) -> RollExpr {
    RollExpr::parse(text).unwrap()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

/// The column-by-column joint of the kept sum and the second highest die is the one the
/// order statistics walk computes, for every shape of pool and dice of several kinds (the
/// large pools of exploding d10s are pinned in `tests/odds_exact.rs`) (the walk prunes below 1e-30, so they agree to far better than 1e-12).
#[test]
fn kept_sum_and_second_is_the_order_statistics_walk() {
    // The walk is slow in a debug build: the dice with long chains get fewer dice.
    let dice = [
        (Die::EXPLODING_D10, 4),
        (Die::exploding(10, 9).unwrap(), 3),
        (Die::exploding(2, 2).unwrap(), 6),
        (Die::new(6).unwrap(), 10),
        (Die::new(10).unwrap(), 10),
    ];
    for (die, most) in dice {
        let (probs, _) = die_values(die).unwrap();
        let values: Vec<(usize, f64)> = probs
            .iter()
            .enumerate()
            .rev()
            .filter(|&(_, &p)| p > 0.0)
            .map(|(v, &p)| (v, p))
            .collect();
        for x in 2..=most {
            let binomial = binomials(x);
            for y in 1..=x {
                let rows = y * values[0].0 + 1;
                let need = y.max(2);
                let (walk, pruned) =
                    order_statistics_dp(x, y, need, true, &values, rows, &binomial);
                let columns = kept_sum_and_second(x, y, &values, rows, &binomial);
                assert_eq!(walk.len(), columns.len());
                let mut difference = 0.0;
                for (a, b) in walk.iter().zip(&columns) {
                    difference += (a - b).abs();
                }
                assert!(
                    difference <= 1e-14 + pruned,
                    "{die:?} {x}k{y}: off by {difference:e} in all"
                );
            }
        }
    }
}

#[test]
fn exploding_d10_values() {
    let (probs, tail) = die_values(Die::EXPLODING_D10).unwrap();
    assert!(close(probs[5], 0.1));
    assert_eq!(probs[10], 0.0);
    assert!(close(probs[13], 0.01));
    assert!(close(probs[23], 0.001));
    assert!(tail <= DIE_TAIL);
    let mass: f64 = probs.iter().sum();
    assert!((mass + tail - 1.0).abs() < 1e-14);
}

#[test]
fn one_kept_die_hand_computed() {
    let odds = distribution(&expr("2k1")).unwrap();
    // max of two dice = 5 with neither exploding: 2*0.1*0.5 - 0.01 = 0.09.
    assert!(close(odds.probability(5), 0.09));
    // P(one die <= 13) = 0.9 + 0.03 (faces 1-9, or 10 then 1-3); <= 12: 0.92.
    // P(max = 13) = 0.93^2 - 0.92^2 = 0.0185.
    assert!(close(odds.probability(13), 0.0185));
    assert_eq!(odds.probability(10), 0.0);
    assert!((odds.mass() - 1.0).abs() < TRUNCATION_BOUND);
}

#[test]
fn modifiers_shift_totals() {
    let base = distribution(&expr("3k2")).unwrap();
    let shifted = distribution(&expr("3k2+1 e+1 h+2 r3+5")).unwrap();
    // +1 total, +1 on each of the two kept dice, +2 to the highest; rank 3 is not kept.
    for value in 2..60 {
        assert!(close(
            base.probability(value),
            shifted.probability(value + 5)
        ));
    }
}

#[test]
fn ten_dice_rule_odds() {
    let rule = distribution(&expr("12k4t")).unwrap();
    let plain = distribution(&expr("10k6")).unwrap();
    assert!(close(rule.mean(), plain.mean()));
    let over = distribution(&expr("12k10t")).unwrap();
    let ten = distribution(&expr("10k10")).unwrap();
    assert!(close(over.mean(), ten.mean() + 4.0));
}

#[test]
fn edge_pools() {
    let nothing = distribution(&expr("0k0+3")).unwrap();
    assert_eq!(nothing.table().collect::<Vec<_>>(), vec![(3, 1.0)]);
    let all = distribution(&expr("2k5!n")).unwrap();
    assert!(close(all.mean(), 11.0));
    assert_eq!(
        pool_distribution(&Pool::new(101, 1)),
        Err(OddsError::TooManyDice {
            dice: 101,
            limit: 100
        })
    );
    assert_eq!(
        distribution(&expr("2k1d1000000!2")),
        Err(OddsError::TooLarge)
    );
}

#[test]
fn contests() {
    let odds = contest_odds(&expr("2k1"), &expr("2k1"), Comparison::HighestThenSecond).unwrap();
    assert!(close(odds.win, 0.5) && close(odds.lose, 0.5));
    assert!(odds.push > 0.0);
    let odds = contest_odds(&expr("coin"), &expr("coin"), Comparison::HighestThenSecond).unwrap();
    assert!(close(odds.win, 0.5) && close(odds.push, 0.5));
    let odds = contest_odds(
        &expr("d10+20"),
        &expr("d10+19"),
        Comparison::FirstMustExceed,
    )
    .unwrap();
    assert!(close(odds.win, 0.55));
    assert_eq!(
        contest_odds(&expr("0k0"), &expr("0k0"), Comparison::HighestThenSecond),
        Err(OddsError::EndlessPush)
    );
}

#[test]
fn huge_bonuses_are_errors_not_overflows() {
    let pool = Pool::new(2, 1).plus(i64::MAX - 5);
    assert_eq!(pool_distribution(&pool), Err(OddsError::Overflow));
    let sum = RollExpr::Sum(DiceSum {
        count: 1,
        sides: 10,
        bonus: i64::MAX - 5,
    });
    assert_eq!(distribution(&sum), Err(OddsError::Overflow));
}

#[test]
fn percentiles() {
    let odds = distribution(&expr("d10")).unwrap();
    assert_eq!(odds.percentile(0.5), 5);
    assert_eq!(odds.percentile(0.0), 1);
    assert_eq!(odds.percentile(1.0), 10);
    assert!(close(odds.at_least(8), 0.3));
}
