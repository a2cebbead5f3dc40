//! Tests of prepared pools and their drawing loops.

use super::*;
use crate::dice::ScriptedDice;

#[test]
fn preparing_checks_the_limits_once() {
    let limits = Limits {
        max_dice: 5,
        max_chain: 10,
    };
    assert_eq!(
        Pool::new(6, 1).prepare(&limits),
        Err(PoolError::TooManyDice {
            rolled: 6,
            limit: 5
        })
    );
    let prepared = Pool::new(5, 7).prepare(&limits).unwrap();
    assert_eq!((prepared.rolled(), prepared.kept()), (5, 5));
}

#[test]
fn the_ten_dice_rule_and_the_modifiers_are_folded_in() {
    // Under the ten dice rule 12k11 is 10k13, which is 10k10 + 6 (and the +3 on the total).
    let mut pool = Pool::new(12, 11).plus(3);
    pool.ten_dice_rule = true;
    pool.modifiers.add_rank_bonus(2, 1);
    pool.modifiers.add_rank_bonus(11, 5); // no eleventh die is kept: no bonus
    let prepared = pool.prepare(&Limits::default()).unwrap();
    assert_eq!((prepared.rolled(), prepared.kept()), (10, 10));
    let faces = [1, 2, 3, 4, 5, 6, 7, 8, 9, 9];
    let roll = prepared.roll(&mut ScriptedDice::new(faces)).unwrap();
    assert_eq!(roll.total, 54 + 6 + 3 + 1);
    assert_eq!(roll.second_highest, 9 + 1);
}

#[test]
fn a_chain_past_the_limit_is_an_error() {
    let limits = Limits {
        max_dice: 10,
        max_chain: 2,
    };
    let prepared = Pool::new(2, 1).prepare(&limits).unwrap();
    assert_eq!(
        prepared.roll(&mut ScriptedDice::new([10, 10, 10])),
        Err(PoolError::Dice(DiceError::ChainTooLong { limit: 2 }))
    );
    assert_eq!(
        prepared.roll(&mut ScriptedDice::new([10, 3, 4])).unwrap(),
        FastRoll {
            total: 13,
            second_highest: 4
        }
    );
}

#[test]
fn every_sized_loop_rolls_what_the_generic_path_rolls() {
    use crate::dice::RecordingDice;
    // Every pool of up to ten exploding d10s (each has a loop of its own), with modifiers,
    // chain limits that a roll passes (1 and 2) and the default; a recording source takes
    // the generic path, die after die. Same results, same errors, same generator position.
    for rolled in 1..=10_u32 {
        for kept in 0..=rolled {
            for max_chain in [1, 2, 100] {
                let limits = Limits {
                    max_dice: 10,
                    max_chain,
                };
                let mut pool = Pool::new(rolled, kept).plus(3);
                pool.modifiers.each_die = -1;
                pool.modifiers.add_rank_bonus(2, 4);
                let prepared = pool.prepare(&limits).unwrap();
                let seed = u64::from(rolled * 100 + kept * 10 + max_chain);
                let mut fast = SeededDice::new(seed);
                let mut slow = RecordingDice::new(SeededDice::new(seed));
                for _ in 0..300 {
                    assert_eq!(
                        prepared.roll(&mut fast),
                        prepared.roll(&mut slow),
                        "{rolled}k{kept}, chains of {max_chain}"
                    );
                }
                assert_eq!(fast.roll(10), slow.inner_mut().roll(10));
            }
        }
    }
}

#[test]
fn more_than_ten_kept_dice_are_all_counted() {
    let mut pool = Pool::new(12, 11);
    pool.modifiers.each_die = 1;
    pool.modifiers.add_rank_bonus(11, 2);
    let prepared = pool.prepare(&Limits::default()).unwrap();
    let faces = [1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 9];
    let roll = prepared.roll(&mut ScriptedDice::new(faces)).unwrap();
    // The eleven highest (all but the 1), each +1, and +2 on the eleventh.
    assert_eq!(roll.total, 71 + 11 + 2);
    assert_eq!(roll.second_highest, 10);
    let full = pool.roll(&mut ScriptedDice::new(faces)).unwrap();
    assert_eq!(full.summary(), roll);
}

/// `roll_many` against one `roll` after another from a clone of the same generator: the same
/// results in the same order, the same error at the same roll (the rolls before it written),
/// and the generators at the same point afterwards (the next d10 and d6 drawn the same).
fn many_is_one_after_another(prepared: &PreparedPool, dice: &SeededDice, size: usize, what: &str) {
    let (mut many, mut each) = (dice.clone(), dice.clone());
    let mut out = vec![
        FastRoll {
            total: i64::MIN,
            second_highest: i64::MIN,
        };
        size
    ];
    let got = prepared.roll_many(&mut many, &mut out);
    let mut expected = Ok(());
    for (index, slot) in out.iter().enumerate() {
        match prepared.roll(&mut each) {
            Ok(roll) => assert_eq!(*slot, roll, "{what}, size {size}, roll {index}"),
            Err(error) => {
                expected = Err(error);
                break;
            }
        }
    }
    assert_eq!(got, expected, "{what}, size {size}");
    assert_eq!(
        many.roll(10),
        each.roll(10),
        "{what}, size {size}: next d10"
    );
    assert_eq!(many.roll(6), each.roll(6), "{what}, size {size}: next d6");
}

#[test]
fn roll_many_rolls_what_one_roll_after_another_rolls() {
    // Every pool from 1k1 to 10k10, with modifiers, from generators that stand anywhere in a
    // d10 batch (0 to 8 of its nine values used) or in a batch of another die; sizes that end
    // inside a batch, on one, and across many of them.
    for rolled in 1..=10_u32 {
        for kept in 1..=rolled {
            let mut pool = Pool::new(rolled, kept).plus(3);
            pool.modifiers.each_die = -1;
            pool.modifiers.add_rank_bonus(2, 4);
            pool.modifiers.add_rank_bonus(1, -2);
            let prepared = pool.prepare(&Limits::default()).unwrap();
            for (start, size) in [(0, 0), (1, 1), (3, 7), (8, 256), (4, 10_000)] {
                let seed = u64::from(rolled * 1000 + kept * 10) + start;
                let mut dice = SeededDice::new(seed);
                for _ in 0..start {
                    dice.roll(10).unwrap();
                }
                let what = format!("{rolled}k{kept} after {start} d10s");
                many_is_one_after_another(&prepared, &dice, size, &what);
                dice.roll(6).unwrap();
                let what = format!("{rolled}k{kept} after a d6");
                many_is_one_after_another(&prepared, &dice, size, &what);
            }
        }
    }
}

#[test]
fn roll_many_stops_at_the_roll_a_chain_breaks() {
    // Chains of one or two rolls at most: a 10 (or two) ends the rolls with an error, at the
    // same roll and with the generator at the same face as one roll after another.
    for max_chain in [0, 1, 2, 3] {
        let limits = Limits {
            max_dice: 10,
            max_chain,
        };
        for (rolled, kept) in [(1, 1), (2, 1), (3, 2), (5, 3), (10, 5), (10, 10)] {
            let prepared = Pool::new(rolled, kept).prepare(&limits).unwrap();
            for seed in 0..20 {
                let what = format!("{rolled}k{kept}, chains of {max_chain}, seed {seed}");
                many_is_one_after_another(&prepared, &SeededDice::new(seed), 3_000, &what);
            }
        }
    }
}

#[test]
fn roll_many_of_other_pools_and_sources_is_one_roll_after_another() {
    use crate::dice::RecordingDice;
    // Other dice, no die kept, more than ten dice, the ten dice rule: each rolled as `roll`
    // rolls it; and a source that is not seeded gives the same values as the seeded one.
    let mut ten_dice = Pool::new(13, 4);
    ten_dice.ten_dice_rule = true;
    let pools = [
        Pool::new(3, 2).with_die(Die::new(6).unwrap()),
        Pool::new(4, 2).with_die(Die::exploding(6, 6).unwrap()),
        Pool::new(3, 0),
        Pool::new(12, 11),
        ten_dice,
    ];
    for (index, pool) in pools.iter().enumerate() {
        let prepared = pool.prepare(&Limits::default()).unwrap();
        for size in [0, 1, 7, 256, 2_000] {
            let what = format!("pool {index}");
            many_is_one_after_another(&prepared, &SeededDice::new(index as u64), size, &what);
        }
    }
    let prepared = Pool::new(5, 3).plus(1).prepare(&Limits::default()).unwrap();
    let zero = FastRoll {
        total: 0,
        second_highest: 0,
    };
    let (mut seeded, mut recording) = (SeededDice::new(3), RecordingDice::new(SeededDice::new(3)));
    let (mut a, mut b) = (vec![zero; 500], vec![zero; 500]);
    prepared.roll_many(&mut seeded, &mut a).unwrap();
    prepared.roll_many(&mut recording, &mut b).unwrap();
    assert_eq!(a, b);
    assert_eq!(seeded.roll(10), recording.inner_mut().roll(10));
}
