use super::*;
use crate::dice::ScriptedDice;
use crate::die::Die;

fn parse(text: &str) -> RollExpr {
    RollExpr::parse(text).unwrap()
}

#[test]
fn pools() {
    assert_eq!(parse("2k1"), RollExpr::Pool(Pool::new(2, 1)));
    assert_eq!(parse(" 3K2 + 1 "), RollExpr::Pool(Pool::new(3, 2).plus(1)));
    let mut pool = Pool::new(5, 3);
    pool.modifiers.add_rank_bonus(1, 2);
    pool.modifiers.add_rank_bonus(2, 1);
    pool.modifiers.each_die = 1;
    pool.modifiers.total = -3;
    let expr = parse("5k3 h+2 r2+1 e+1 -3");
    assert_eq!(expr, RollExpr::Pool(pool.clone()));
    assert_eq!(expr.to_string(), "5k3-3 e+1 h+2 r2+1");
    assert_eq!(parse("5k3-3 e+1 h+2 r2+1"), RollExpr::Pool(pool));
}

#[test]
fn bonuses_beyond_one_term_round_trip_with_their_prefix() {
    // Found by the `notation` fuzz target: the second term of a large rank bonus was read
    // back as a bonus to the total.
    for text in [
        "5k3 r2+999999999 r2+999999999",
        "5k3 h-999999999 h-999999999 e+999999999 e+999999999",
        "2k1+999999999+999999999",
        "5k3 r2+1 r2-1",
    ] {
        let expr = parse(text);
        assert_eq!(parse(&expr.to_string()), expr, "{text} -> {expr}");
    }
}

#[test]
fn explosion_variants() {
    assert_eq!(
        parse("2k1!n"),
        RollExpr::Pool(Pool::new(2, 1).with_die(Die::D10))
    );
    let nine = parse("2k1!9");
    assert_eq!(
        nine,
        RollExpr::Pool(Pool::new(2, 1).with_die(Die::exploding(10, 9).unwrap()))
    );
    assert_eq!(nine.to_string(), "2k1!9");
    assert_eq!(parse("2k1!10"), parse("2k1"));
    assert_eq!(parse("4k2d6").to_string(), "4k2d6");
    assert_eq!(parse("4k2d1").to_string(), "4k2d1!n");
    assert_eq!(
        RollExpr::parse("2k1!1"),
        Err(NotationError::BadThreshold {
            position: 4,
            threshold: 1,
            sides: 10
        })
    );
    assert_eq!(RollExpr::parse("2k1!11").map_err(|e| e.position()), Err(4));
}

#[test]
fn ten_dice_rule() {
    let RollExpr::Pool(pool) = parse("12k4t") else {
        panic!("not a pool")
    };
    assert!(pool.ten_dice_rule);
    assert_eq!(parse("12k4t").to_string(), "12k4t");
}

#[test]
fn sums_coins_and_percents() {
    assert_eq!(
        parse("d10"),
        RollExpr::Sum(DiceSum {
            count: 1,
            sides: 10,
            bonus: 0
        })
    );
    assert_eq!(parse("d10+19").to_string(), "d10+19");
    assert_eq!(parse("3d6").to_string(), "3d6");
    assert_eq!(parse("1d6").to_string(), "d6");
    assert_eq!(parse("0d6-2").to_string(), "0d6-2");
    assert_eq!(parse("coin"), RollExpr::Coin);
    assert_eq!(parse(" COIN "), RollExpr::Coin);
    assert_eq!(parse("75%"), RollExpr::Percent(Percent::new(75).unwrap()));
    assert_eq!(parse("75%").to_string(), "75%");
}

#[test]
fn errors_name_the_position() {
    for (text, position) in [
        ("", 0),
        ("   ", 3),
        ("2k", 2),
        ("2k1x", 3),
        ("2k1 h", 5),
        ("2k1 r0+1", 5),
        ("101%", 0),
        ("d0", 1),
        ("3d6 e+1", 4),
        ("coins", 4),
        ("99999999999999999999999k1", 0),
        ("2k1+1000000001", 4),
        ("é", 0),
        ("2k1 hé", 5),
    ] {
        let error = RollExpr::parse(text).unwrap_err();
        assert_eq!(error.position(), position, "{text:?}: {error}");
    }
    assert_eq!(
        RollExpr::parse("2k").unwrap_err().to_string(),
        "at byte 2: expected the number of dice kept, found the end of the input"
    );
}

#[test]
fn bonuses_cannot_overflow() {
    let text = format!("2k1{}", "+1000000000".repeat(MAX_TERMS));
    let expr = RollExpr::parse(&text).unwrap();
    assert_eq!(RollExpr::parse(&expr.to_string()), Ok(expr));
    let text = format!("2k1{}", "+1000000000".repeat(MAX_TERMS + 1));
    assert!(matches!(
        RollExpr::parse(&text),
        Err(NotationError::TooManyTerms { .. })
    ));
}

#[test]
fn rolls() {
    let outcome = parse("2k1")
        .roll(&mut ScriptedDice::new([10, 3, 4]))
        .unwrap();
    assert_eq!(outcome.total, 13);
    assert_eq!(outcome.dice[0].faces, vec![10, 3]);
    assert_eq!(outcome.second_highest, Some(4));
    let outcome = parse("3d6+1")
        .roll(&mut ScriptedDice::new([6, 6, 6]))
        .unwrap();
    assert_eq!(outcome.total, 19);
    assert_eq!(
        parse("75%")
            .roll(&mut ScriptedDice::new([76]))
            .unwrap()
            .success,
        Some(false)
    );
    assert_eq!(
        parse("coin")
            .roll(&mut ScriptedDice::new([2]))
            .unwrap()
            .coin,
        Some(Coin::Tails)
    );
    assert!(parse("101d6").roll(&mut ScriptedDice::new([])).is_err());
}

#[test]
fn keeping_after_the_bonuses_reads_and_writes_back() {
    let expr = parse("2k1 h-2 A");
    let RollExpr::Pool(pool) = &expr else {
        panic!("{expr:?}")
    };
    assert_eq!(pool.keep, crate::KeepOrder::AfterBonuses);
    assert_eq!(expr.to_string(), "2k1 h-2 a");
    assert_eq!(RollExpr::parse(&expr.to_string()), Ok(expr.clone()));
    // 8 and 7: the 8 becomes 6, the 7 is kept.
    let outcome = expr.roll(&mut ScriptedDice::new([8, 7])).unwrap();
    assert_eq!((outcome.total, outcome.second_highest), (7, Some(6)));
    assert_eq!(
        parse("2k1 h-2")
            .roll(&mut ScriptedDice::new([8, 7]))
            .unwrap()
            .total,
        6
    );
}
