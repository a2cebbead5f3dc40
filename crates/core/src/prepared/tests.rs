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
