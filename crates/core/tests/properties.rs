//! Property tests: pool invariants, deck conservation, the notation's round trip, and dice
//! sources that fail without changing anything.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_core::{
    Deck, Dice, DiceSum, Die, FastRoll, Limits, Percent, Pool, RollExpr, ScriptedDice, SeededDice,
};
use proptest::prelude::*;

fn pool_strategy() -> impl Strategy<Value = Pool> {
    (
        0_u32..14,
        0_u32..14,
        prop_oneof![Just(None), (6_u32..=10).prop_map(Some)],
        -5_i64..5,
        -2_i64..3,
        proptest::collection::vec((1_u32..13, -3_i64..4), 0..4),
        any::<bool>(),
    )
        .prop_map(|(rolled, kept, threshold, total, each, ranks, ten)| {
            let die = match threshold {
                None => Die::D10,
                Some(t) => Die::exploding(10, t).unwrap(),
            };
            let mut pool = Pool::new(rolled, kept).with_die(die).plus(total);
            pool.modifiers.each_die = each;
            for (rank, bonus) in ranks {
                pool.modifiers.add_rank_bonus(rank, bonus);
            }
            pool.ten_dice_rule = ten;
            pool
        })
}

fn expr_strategy() -> impl Strategy<Value = RollExpr> {
    prop_oneof![
        pool_strategy().prop_map(RollExpr::Pool),
        (0_u32..20, 1_u32..200, -50_i64..50).prop_map(|(count, sides, bonus)| {
            RollExpr::Sum(DiceSum {
                count,
                sides,
                bonus,
            })
        }),
        Just(RollExpr::Coin),
        (0_u32..=100).prop_map(|p| RollExpr::Percent(Percent::new(p).unwrap())),
    ]
}

/// A source that only answers `roll`, so it uses the provided `roll_chain_total`.
struct PlainDice(SeededDice);

impl Dice for PlainDice {
    fn roll(&mut self, sides: u32) -> Result<u32, pbp_core::DiceError> {
        self.0.roll(sides)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn pool_invariants(pool in pool_strategy(), seed in any::<u64>()) {
        let roll = pool.roll(&mut SeededDice::new(seed)).unwrap();
        let (rolled, kept, ten_bonus) = pool.effective();
        prop_assert_eq!(roll.dice().len() as u32, rolled);
        prop_assert_eq!(roll.kept().count() as u32, kept.min(rolled));
        // The kept dice are the highest (before rank bonuses).
        let raw: Vec<i64> = (0..roll.dice().len()).map(|i| roll.rolled(i) as i64).collect();
        prop_assert!(raw.windows(2).all(|w| w[0] >= w[1]));
        prop_assert!(roll.dice().iter().take(kept as usize).all(|d| d.kept));
        // Total = kept dice values + flat bonus; values = raw + per-die + rank bonuses.
        let kept_sum: i64 = roll.kept().map(|d| d.value).sum();
        prop_assert_eq!(roll.total(), kept_sum + pool.modifiers.total + ten_bonus);
        for (index, die) in roll.dice().iter().enumerate() {
            let rank_bonus = if die.kept { pool.modifiers.rank_bonus(index as u32 + 1) } else { 0 };
            prop_assert_eq!(die.value, roll.rolled(index) as i64 + pool.modifiers.each_die + rank_bonus);
            let faces = roll.faces(index).to_vec();
            prop_assert!(!faces.is_empty());
            prop_assert!(faces.iter().all(|&f| (1..=10).contains(&f)));
            match pool.die.explode_at() {
                Some(threshold) => {
                    let (last, chain) = faces.split_last().unwrap();
                    prop_assert!(chain.iter().all(|&f| f >= threshold));
                    prop_assert!(*last < threshold);
                    prop_assert_eq!(roll.faces(index).last(), Some(*last));
                }
                None => prop_assert_eq!(faces.len(), 1),
            }
        }
        // The fast path agrees with the full roll.
        let fast = pool.roll_fast(&mut SeededDice::new(seed), &Limits::default()).unwrap();
        prop_assert_eq!(fast, roll.summary());
    }

    #[test]
    fn decks_never_create_or_lose_cards(
        seed in any::<u64>(),
        ops in proptest::collection::vec((0_u8..3, any::<u32>()), 0..80),
    ) {
        let mut deck = Deck::with_reshuffle((0..20).collect::<Vec<u32>>(), pbp_core::Reshuffle::Discards);
        let mut dice = SeededDice::new(seed);
        for (op, choice) in ops {
            let out = deck.out();
            match op {
                0 => { let _ = deck.draw(&mut dice); }
                1 if !out.is_empty() => deck.discard(out[choice as usize % out.len()]).unwrap(),
                2 if !out.is_empty() => deck.return_to_pile(out[choice as usize % out.len()]).unwrap(),
                _ => prop_assert!(deck.discard(choice % 40).is_err() || out.contains(&(choice % 40))),
            }
            let mut all: Vec<u32> = deck.draw_pile().to_vec();
            all.extend_from_slice(deck.discard_pile());
            all.extend(deck.out());
            all.sort_unstable();
            prop_assert_eq!(all, (0..20).collect::<Vec<u32>>());
        }
    }

    #[test]
    fn notation_round_trips(expr in expr_strategy()) {
        let text = expr.to_string();
        prop_assert_eq!(RollExpr::parse(&text), Ok(expr), "{}", text);
    }

    #[test]
    fn parsing_never_panics_and_round_trips(text in "[0-9kdKD!nthre+% \\-]{0,24}") {
        if let Ok(expr) = RollExpr::parse(&text) {
            prop_assert_eq!(RollExpr::parse(&expr.to_string()), Ok(expr));
        }
    }

    #[test]
    fn parsing_arbitrary_text_never_panics(text in "\\PC{0,40}") {
        if let Err(error) = RollExpr::parse(&text) {
            prop_assert!(error.position() <= text.len());
            prop_assert!(text.is_char_boundary(error.position()));
        }
    }

    #[test]
    fn scripted_errors_leave_the_script_unchanged(
        values in proptest::collection::vec(0_u32..14, 0..12),
        sides in proptest::collection::vec(0_u32..13, 1..20),
    ) {
        let mut dice = ScriptedDice::new(values);
        for s in sides {
            let before = dice.clone();
            if dice.roll(s).is_err() {
                prop_assert_eq!(&dice, &before);
            }
        }
    }

    #[test]
    fn failed_deck_draws_leave_the_deck_unchanged(values in proptest::collection::vec(0_u32..60, 0..10)) {
        let mut deck = Deck::new((0..8).collect::<Vec<u32>>());
        let mut dice = ScriptedDice::new(values);
        for _ in 0..10 {
            let before = (deck.clone(), dice.clone());
            if deck.draw(&mut dice).is_err() {
                prop_assert_eq!(&(deck.clone(), dice.clone()), &before);
            }
        }
    }

    #[test]
    fn seeded_chain_loop_draws_what_the_generic_loop_draws(
        seed in any::<u64>(),
        sides in 1_u32..30,
        threshold in prop_oneof![Just(None), (1_u32..31).prop_map(Some)],
        max_rolls in 0_u32..6,
    ) {
        let mut fast = SeededDice::new(seed);
        let mut plain = PlainDice(SeededDice::new(seed));
        for _ in 0..50 {
            let a = fast.roll_chain_total(sides, threshold, max_rolls);
            let b = plain.roll_chain_total(sides, threshold, max_rolls);
            prop_assert_eq!(&a, &b);
            // Both sources are at the same point of the stream afterwards.
            prop_assert_eq!(fast.roll(1000), plain.roll(1000));
        }
    }

    #[test]
    fn seeded_pool_path_rolls_what_the_generic_path_rolls(
        seed in any::<u64>(),
        pool in pool_strategy(),
        sides in prop_oneof![Just(10_u32), 2_u32..13],
        max_chain in prop_oneof![Just(100_u32), 0_u32..4],
        mix in any::<bool>(),
    ) {
        // The same pool, through the seeded fast path and through a source that only answers
        // `roll`: the same results and errors, and the generators at the same point afterwards,
        // whatever die, chain limit, modifiers and earlier rolls of other dice.
        let mut pool = pool;
        if sides != 10 {
            pool.die = Die::exploding(sides, sides).expect("2 <= sides");
        }
        let limits = Limits { max_dice: 100, max_chain };
        let mut fast = SeededDice::new(seed);
        let mut plain = PlainDice(SeededDice::new(seed));
        for round in 0..30 {
            if mix && round % 3 == 0 {
                // Another die between pools discards the rest of the batch on both paths.
                prop_assert_eq!(fast.roll(6), plain.roll(6));
            }
            let before = fast.clone();
            let a = pool.roll_fast(&mut fast, &limits);
            let b = pool.roll_fast(&mut plain, &limits);
            prop_assert_eq!(&a, &b);
            // The full roll, from the same point, agrees too.
            let full = pool.roll_limited(&mut before.clone(), &limits).map(|roll| roll.summary());
            prop_assert_eq!(&a, &full);
            // So does the prepared pool, on both paths, leaving the generator at the same point.
            let prepared = pool.prepare(&limits).expect("within max_dice");
            let mut seeded_again = before.clone();
            prop_assert_eq!(&a, &prepared.roll(&mut seeded_again));
            let mut plain_again = PlainDice(before);
            prop_assert_eq!(&a, &prepared.roll(&mut plain_again));
            let next = fast.clone().roll(10);
            prop_assert_eq!(&seeded_again.roll(10), &next);
            prop_assert_eq!(plain_again.roll(10), next);
            prop_assert_eq!(fast.roll(10), plain.roll(10));
        }
    }

    #[test]
    fn roll_many_rolls_what_one_roll_after_another_rolls(
        seed in any::<u64>(),
        pool in pool_strategy(),
        sides in prop_oneof![Just(0_u32), Just(0_u32), Just(1_u32), 2_u32..13],
        max_chain in prop_oneof![Just(100_u32), 0_u32..4],
        before in 0_u32..10,
        count in prop_oneof![0_usize..20, 16_usize..1_200],
    ) {
        // `PreparedPool::roll_many` against one `roll` after another from the same point (a
        // few d10s drawn first, or a d6): the same rolls, the same first error with the rolls
        // before it written, and the generators at the same point afterwards; and from a
        // source that only answers `roll`, the same again. Mostly the exploding d10 (side 0,
        // the bulk path for up to ten dice), else the pool's own die (1) or another.
        let mut pool = pool;
        match sides {
            0 => pool.die = Die::EXPLODING_D10,
            1 => {}
            _ => pool.die = Die::exploding(sides, sides).expect("2 <= sides"),
        }
        let limits = Limits { max_dice: 100, max_chain };
        let Ok(prepared) = pool.prepare(&limits) else {
            return Ok(());
        };
        let mut start = SeededDice::new(seed);
        for _ in 0..before {
            start.roll(10).expect("a d10");
        }
        if before == 9 {
            start.roll(6).expect("a d6");
        }
        let zero = FastRoll { total: 0, second_highest: 0 };
        let (mut many, mut each) = (start.clone(), start.clone());
        let mut rolls = vec![zero; count];
        let got = prepared.roll_many(&mut many, &mut rolls);
        let mut expected = Ok(());
        for (index, roll) in rolls.iter().enumerate() {
            match prepared.roll(&mut each) {
                Ok(one) => prop_assert_eq!(*roll, one, "roll {}", index),
                Err(error) => {
                    expected = Err(error);
                    break;
                }
            }
        }
        prop_assert_eq!(&got, &expected);
        let next = each.roll(10);
        prop_assert_eq!(many.roll(10), next.clone());
        let mut plain = PlainDice(start);
        let mut plain_rolls = vec![zero; count];
        let plain_got = prepared.roll_many(&mut plain, &mut plain_rolls);
        prop_assert_eq!(&plain_got, &got);
        if got.is_ok() {
            prop_assert_eq!(&plain_rolls, &rolls);
        }
        prop_assert_eq!(plain.roll(10), next);
    }

    #[test]
    fn seeded_full_roll_is_the_generic_full_roll(
        seed in any::<u64>(),
        pool in pool_strategy(),
        sides in prop_oneof![Just(10_u32), 2_u32..13],
        max_chain in prop_oneof![Just(100_u32), 0_u32..4],
    ) {
        // `Pool::roll` from a seeded source draws from the batch in registers; from a source
        // that only answers `roll`, face after face. Every die, face, kept flag and total is
        // the same, and so is any error, and the generators stand at the same point after.
        let mut pool = pool;
        if sides != 10 {
            pool.die = Die::exploding(sides, sides).expect("2 <= sides");
        }
        let limits = Limits { max_dice: 100, max_chain };
        let mut fast = SeededDice::new(seed);
        let mut plain = PlainDice(SeededDice::new(seed));
        for round in 0..20 {
            if round % 4 == 0 {
                prop_assert_eq!(fast.roll(6), plain.roll(6));
            }
            let a = pool.roll_limited(&mut fast, &limits);
            let b = pool.roll_limited(&mut plain, &limits);
            prop_assert_eq!(&a, &b);
            prop_assert_eq!(fast.roll(10), plain.roll(10));
        }
    }
}
