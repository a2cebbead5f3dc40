//! Tests of the dice sources.

use super::seeded::batch_shape;
use super::*;

#[test]
fn seeded_dice_are_reproducible_and_in_range() {
    let mut a = SeededDice::new(42);
    let mut b = SeededDice::new(42);
    for sides in [2, 6, 10, 52, 100, 1_000_000] {
        for _ in 0..200 {
            let x = a.roll(sides).unwrap();
            assert_eq!(Ok(x), b.roll(sides));
            assert!((1..=sides).contains(&x));
        }
    }
}

#[test]
fn batch_shapes() {
    assert_eq!(batch_shape(2), (32, 1 << 32));
    assert_eq!(batch_shape(6), (12, 2_176_782_336));
    assert_eq!(batch_shape(10), (9, 1_000_000_000));
    assert_eq!(batch_shape(100), (4, 100_000_000));
    assert_eq!(batch_shape(65_536), (2, 1 << 32));
    assert_eq!(batch_shape(65_537), (1, 65_537));
    assert_eq!(batch_shape(u32::MAX), (1, u64::from(u32::MAX)));
}

/// The values of a batch are the base-`n` digits of Lemire's `floor(x * n^k / 2^64)`, most
/// significant first, from the first accepted generator word.
#[test]
fn a_batch_is_the_digits_of_one_lemire_draw() {
    for sides in [
        2_u32,
        3,
        6,
        7,
        10,
        52,
        100,
        1000,
        65_536,
        65_537,
        4_000_000_000,
    ] {
        let mut dice = SeededDice::new(u64::from(sides));
        let mut raw = dice.clone();
        let (length, size) = batch_shape(sides);
        for _ in 0..5 {
            let threshold = (u128::from(u64::MAX) + 1) % u128::from(size);
            let mut word = raw.next_u64();
            while (u128::from(word) * u128::from(size)) % (1 << 64) < threshold {
                word = raw.next_u64();
            }
            let mut index = (u128::from(word) * u128::from(size)) >> 64;
            let mut digits = Vec::new();
            for _ in 0..length {
                digits.push((index % u128::from(sides)) as u32 + 1);
                index /= u128::from(sides);
            }
            digits.reverse();
            let drawn: Vec<u32> = (0..length).map(|_| dice.roll(sides).unwrap()).collect();
            assert_eq!(drawn, digits, "{sides} sides");
        }
    }
}

#[test]
fn another_range_starts_a_new_batch_and_one_side_draws_nothing() {
    let mut dice = SeededDice::new(3);
    let mut twin = SeededDice::new(3);
    let first = dice.roll(10).unwrap();
    assert_eq!(twin.roll(10), Ok(first));
    // A one-sided roll leaves the batch alone.
    assert_eq!(dice.roll(1), Ok(1));
    assert_eq!(dice.roll(10), twin.roll(10));
    // A coin discards the rest of the d10 batch and takes the next word.
    let mut raw = SeededDice::new(3);
    raw.next_u64();
    let word = raw.next_u64();
    assert_eq!(dice.roll(2), Ok(u32::from(word >> 63 == 1) + 1));
}

#[test]
fn every_face_of_a_d10_is_equally_likely() {
    // 100,000 rolls of seed 11: each face within 5 standard deviations of 10,000.
    let mut dice = SeededDice::new(11);
    let mut counts = [0_u32; 10];
    for _ in 0..100_000 {
        counts[dice.roll(10).unwrap() as usize - 1] += 1;
    }
    for count in counts {
        assert!((9_526..=10_474).contains(&count), "{counts:?}");
    }
}

#[test]
fn zero_sides_is_an_error_everywhere() {
    assert_eq!(SeededDice::new(1).roll(0), Err(DiceError::NoSides));
    assert_eq!(ScriptedDice::new([1]).roll(0), Err(DiceError::NoSides));
}

#[test]
fn one_sided_rolls_draw_nothing() {
    let mut dice = RecordingDice::new(ScriptedDice::new([]));
    assert_eq!(dice.roll(1), Ok(1));
    assert!(dice.draws().is_empty());
}

#[test]
fn exhausted_script_is_an_error() {
    let mut dice = ScriptedDice::new([5]);
    assert_eq!(dice.roll(6), Ok(5));
    assert_eq!(
        dice.roll(6),
        Err(DiceError::Exhausted {
            sides: 6,
            position: 2
        })
    );
}

#[test]
fn replay_detects_divergence() {
    let mut dice = ReplayDice::new(vec![Draw {
        sides: 10,
        value: 3,
    }]);
    assert_eq!(
        dice.roll(6),
        Err(DiceError::Diverged {
            position: 1,
            recorded: 10,
            asked: 6
        })
    );
    assert_eq!(dice.roll(10), Ok(3));
}
