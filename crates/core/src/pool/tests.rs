//! Tests of pools and their full results.

use super::*;
use crate::dice::ScriptedDice;

#[test]
fn keeps_the_highest_and_totals_them() {
    let roll = Pool::new(3, 2)
        .roll(&mut ScriptedDice::new([4, 9, 6]))
        .unwrap();
    assert_eq!(roll.total(), 15);
    assert_eq!(roll.kept().count(), 2);
    assert_eq!(
        roll.dice().iter().map(|d| d.value).collect::<Vec<_>>(),
        [9, 6, 4]
    );
}

#[test]
fn keeping_more_than_rolled_keeps_all() {
    let roll = Pool::new(2, 5)
        .roll(&mut ScriptedDice::new([3, 4]))
        .unwrap();
    assert_eq!(roll.total(), 7);
}

#[test]
fn rank_and_die_modifiers() {
    let mut pool = Pool::new(2, 1);
    pool.modifiers.add_rank_bonus(1, 2);
    pool.modifiers.each_die = 1;
    let roll = pool.roll(&mut ScriptedDice::new([5, 8])).unwrap();
    assert_eq!(roll.total(), 11);
    assert_eq!(roll.second_highest(), 6);
}

#[test]
fn ten_dice_rule() {
    let mut pool = Pool::new(12, 9);
    pool.ten_dice_rule = true;
    assert_eq!(pool.effective(), (10, 10, 2));
    pool.ten_dice_rule = false;
    assert_eq!(pool.effective(), (12, 9, 0));
}

#[test]
fn pool_arithmetic() {
    let mut pool = Pool::new(2, 1);
    pool.add(PoolDelta { rolled: 1, kept: 0 });
    pool.add(PoolDelta { rolled: 0, kept: 1 });
    assert_eq!((pool.rolled, pool.kept), (3, 2));
    pool.double_rolled();
    assert_eq!(pool.rolled, 6);
    pool.add(PoolDelta {
        rolled: -10,
        kept: -1,
    });
    assert_eq!((pool.rolled, pool.kept), (0, 1));
}

#[test]
fn too_many_dice_is_refused() {
    let limits = Limits {
        max_dice: 5,
        max_chain: 10,
    };
    assert_eq!(
        Pool::new(6, 1).roll_limited(&mut ScriptedDice::new([]), &limits),
        Err(PoolError::TooManyDice {
            rolled: 6,
            limit: 5
        })
    );
}

#[test]
fn a_roll_serializes_as_it_always_has() {
    // The format of the lists the roll used to keep: its dice, its faces, its total.
    let roll = Pool::new(2, 1)
        .roll(&mut ScriptedDice::new([7, 10, 5]))
        .unwrap();
    let json = serde_json::to_string(&roll).unwrap();
    assert_eq!(
        json,
        r#"{"dice":[{"value":15,"kept":true,"first":1,"len":2},{"value":7,"kept":false,"first":0,"len":1}],"faces":[7,10,5],"total":15}"#
    );
    assert_eq!(serde_json::from_str::<PoolRoll>(&json).unwrap(), roll);
}

#[test]
fn rolls_beyond_the_arrays_keep_every_die_and_face() {
    // Twelve dice and thirty faces: both lists move to the heap, and come back from JSON.
    let mut script = vec![10; 18];
    script.extend(1..=9);
    script.extend([3, 3, 2]);
    let roll = Pool::new(12, 2)
        .roll(&mut ScriptedDice::new(script))
        .unwrap();
    assert_eq!(roll.dice().len(), 12);
    let faces: usize = (0..12).map(|index| roll.faces(index).len()).sum();
    assert_eq!(faces, 30);
    let mut chain = vec![10; 18];
    chain.push(1);
    assert_eq!(roll.faces(0), &chain[..]);
    assert_eq!(roll.total(), 181 + 9);
    let json = serde_json::to_string(&roll).unwrap();
    assert_eq!(serde_json::from_str::<PoolRoll>(&json).unwrap(), roll);
}

#[test]
fn fast_roll_agrees_with_full_roll() {
    let script = [10, 3, 7, 10, 10, 1, 2, 9, 4, 5, 6, 8, 10, 2];
    for (x, y) in [(1, 1), (2, 1), (3, 2), (5, 3), (10, 5), (4, 4)] {
        let mut pool = Pool::new(x, y);
        pool.modifiers.add_rank_bonus(1, 2);
        pool.modifiers.add_rank_bonus(2, -1);
        pool.modifiers.total = 3;
        let full = pool.roll(&mut ScriptedDice::new(script)).unwrap();
        let fast = pool
            .roll_fast(&mut ScriptedDice::new(script), &Limits::default())
            .unwrap();
        assert_eq!(full.summary(), fast, "{x}k{y}");
    }
}

#[test]
fn faces_of_dice_above_a_byte_go_to_the_heap_and_keep_their_values() {
    // A d1000's faces do not fit in the roll's bytes: they move to the heap, the dice stay.
    let pool = Pool::new(3, 2).with_die(Die::new(1000).unwrap());
    let roll = pool.roll(&mut ScriptedDice::new([999, 300, 5])).unwrap();
    assert_eq!(
        roll.dice().iter().map(|d| d.value).collect::<Vec<_>>(),
        [999, 300, 5]
    );
    assert_eq!(roll.faces(1), [300]);
    assert_eq!(roll.total(), 1299);
    let json = serde_json::to_string(&roll).unwrap();
    assert_eq!(
        json,
        r#"{"dice":[{"value":999,"kept":true,"first":0,"len":1},{"value":300,"kept":true,"first":1,"len":1},{"value":5,"kept":false,"first":2,"len":1}],"faces":[999,300,5],"total":1299}"#
    );
    assert_eq!(serde_json::from_str::<PoolRoll>(&json).unwrap(), roll);
    // From a seeded source, the same as face by face (a recording source takes that path).
    for seed in 0..50 {
        let seeded = pool.roll(&mut crate::SeededDice::new(seed)).unwrap();
        let mut recorded = crate::RecordingDice::new(crate::SeededDice::new(seed));
        assert_eq!(pool.roll(&mut recorded).unwrap(), seeded, "seed {seed}");
    }
}

#[test]
fn a_roll_read_from_json_keeps_kept_flags_and_chains_as_written() {
    // Saves written by hand (or by an older version) need not keep the highest dice: the roll
    // reads back exactly what was written.
    let json = r#"{"dice":[{"value":9,"kept":false,"first":1,"len":1},{"value":4,"kept":true,"first":0,"len":1}],"faces":[4,9],"total":4}"#;
    let roll: PoolRoll = serde_json::from_str(json).unwrap();
    assert_eq!(
        roll.dice()
            .iter()
            .map(|d| (d.value, d.kept))
            .collect::<Vec<_>>(),
        [(9, false), (4, true)]
    );
    assert_eq!(roll.faces(0), [9]);
    assert_eq!(roll.faces(1), [4]);
    assert!(roll.faces(2).is_empty());
    assert_eq!(serde_json::to_string(&roll).unwrap(), json);
}

#[cfg(target_pointer_width = "64")]
#[test]
fn a_roll_holds_ten_dice_and_24_faces_in_152_bytes() {
    // The size docs/BENCHMARKS.md states; a seeded roll writes all of it.
    assert_eq!(std::mem::size_of::<PoolRoll>(), 152);
}
