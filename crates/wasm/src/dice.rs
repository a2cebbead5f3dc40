//! The dice panel's API in plain Rust: roll any notation with a seed, its exact distribution, and
//! the exact odds of a contest, answering the JSON that `pbp roll --json` and `pbp odds --json`
//! print and failing with the CLI's messages. The bindings in `lib.rs` only convert these to
//! JavaScript values and errors, so this part is tested natively as well.

use pbp_core::{Comparison, MAX_COUNT, SeededDice, contest_odds, distribution};
use pbp_render::dice::{contest_json, distribution_json, roll_json};
pub use pbp_render::dice::{parse, split_vs};
use serde_json::Value;

/// The most rolls one call makes: the page runs on the browser's only thread, so an unbounded
/// count would freeze it (the CLI streams its rolls and has no limit).
pub const MAX_ROLLS: u32 = MAX_COUNT;

/// Rolls `expr` `count` times from one [`SeededDice`] with `seed`: one object per roll, each as a
/// line of `pbp roll EXPR --seed SEED --count COUNT --json` (`{total, dice, expr, ...}`).
pub fn roll(expr: &str, seed: u64, count: u32) -> Result<Value, String> {
    if count > MAX_ROLLS {
        return Err(format!(
            "{count} rolls is more than the limit of {MAX_ROLLS} at once"
        ));
    }
    let expr = parse(expr)?;
    let mut dice = SeededDice::new(seed);
    let mut rolls = Vec::new();
    for _ in 0..count {
        let outcome = expr
            .roll(&mut dice)
            .map_err(|e| format!("cannot roll {expr}: {e}"))?;
        rolls.push(roll_json(&expr, &outcome)?);
    }
    Ok(Value::Array(rolls))
}

/// Reads a comparison by the name `pbp odds --compare` takes (`highest-then-second`, the
/// default, or `first-must-exceed`).
pub fn comparison(name: Option<&str>) -> Result<Comparison, String> {
    match name.map(str::trim) {
        None | Some("" | "highest-then-second") => Ok(Comparison::HighestThenSecond),
        Some("first-must-exceed") => Ok(Comparison::FirstMustExceed),
        Some(other) => {
            let shown: String = other.chars().take(40).collect();
            Err(format!(
                "invalid comparison '{shown}' (expected highest-then-second or first-must-exceed)"
            ))
        }
    }
}

/// The exact odds of `text`, as `pbp odds TEXT --compare COMPARISON --json` prints them: for one
/// roll its distribution `{expr, mean, min, max, percentiles, table, truncated}`, for `A vs B`
/// the contest `{first, second, comparison, win, lose, push, truncated}`.
pub fn odds(text: &str, compare: Option<&str>) -> Result<Value, String> {
    let comparison = comparison(compare)?;
    let (first, second) = split_vs(text)?;
    let first = parse(&first)?;
    if let Some(second) = second {
        let second = parse(&second)?;
        let odds = contest_odds(&first, &second, comparison)
            .map_err(|e| format!("cannot compute the odds of {first} vs {second}: {e}"))?;
        return Ok(contest_json(&first, &second, comparison, &odds));
    }
    let dist =
        distribution(&first).map_err(|e| format!("cannot compute the odds of {first}: {e}"))?;
    Ok(distribution_json(&first, &dist))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: &Value, b: f64) -> bool {
        (a.as_f64().unwrap() - b).abs() < 1e-9
    }

    #[test]
    fn rolls_are_the_clis_lines() {
        let rolls = roll("5k3", 7, 3).unwrap();
        let rolls = rolls.as_array().unwrap();
        assert_eq!(rolls.len(), 3);
        for one in rolls {
            assert_eq!(one["expr"], "5k3");
            let dice = one["dice"].as_array().unwrap();
            assert_eq!(dice.len(), 5);
            let kept: i64 = dice
                .iter()
                .filter(|d| d["kept"] == true)
                .map(|d| d["value"].as_i64().unwrap())
                .sum();
            assert_eq!(dice.iter().filter(|d| d["kept"] == true).count(), 3);
            assert_eq!(one["total"].as_i64().unwrap(), kept);
            for die in dice {
                let faces = die["faces"].as_array().unwrap();
                // Every face but the last of a chain is a 10 (exploding d10s).
                for face in &faces[..faces.len() - 1] {
                    assert_eq!(face, 10);
                }
            }
        }
        // Byte for byte the line `pbp roll 5k3 --seed 7 --json` prints.
        assert_eq!(
            roll("5k3", 7, 1).unwrap()[0].to_string(),
            r#"{"dice":[{"faces":[10,10,4],"kept":true,"value":24},{"faces":[9],"kept":true,"value":9},{"faces":[4],"kept":true,"value":4},{"faces":[2],"kept":false,"value":2},{"faces":[2],"kept":false,"value":2}],"expr":"5k3","second_highest":9,"total":37}"#
        );
        // One seed, one sequence: the first of three rolls is the single roll.
        assert_eq!(roll("5k3", 7, 1).unwrap()[0], rolls[0]);
        assert_ne!(roll("5k3", 8, 3).unwrap(), Value::Array(rolls.clone()));
        assert_eq!(roll("2k1", 1, 0).unwrap(), serde_json::json!([]));
        let coin = roll("coin", 3, 1).unwrap();
        assert!(coin[0]["coin"] == "heads" || coin[0]["coin"] == "tails");
        assert_eq!(roll("100%", 3, 1).unwrap()[0]["success"], true);
        assert_eq!(roll("d10+19", 3, 1).unwrap()[0]["expr"], "d10+19");
    }

    #[test]
    fn roll_errors_name_the_position() {
        let error = roll("2k1 x", 1, 1).unwrap_err();
        assert!(
            error.starts_with("cannot read the roll: at byte 4: expected ")
                && error.ends_with(", found 'x'\n  2k1 x\n      ^"),
            "{error}"
        );
        let error = parse("2x1").unwrap_err();
        assert_eq!(
            error,
            "cannot read the roll: at byte 1: expected 'k', 'd' or '%', found 'x'\n  2x1\n   ^"
        );
        assert_eq!(
            roll("2k1", 1, MAX_ROLLS + 1).unwrap_err(),
            "10001 rolls is more than the limit of 10000 at once"
        );
        // The caret counts characters, not bytes.
        assert!(parse("é").unwrap_err().ends_with("\n  é\n  ^"));
    }

    #[test]
    fn distributions_are_the_clis() {
        let d = odds("2k1", None).unwrap();
        assert_eq!(d["expr"], "2k1");
        assert_eq!(d["min"], 1);
        assert!(d["truncated"].as_f64().unwrap() <= 1e-12);
        // The higher of two exploding d10s: a 1 needs both dice at 1.
        let table = d["table"].as_array().unwrap();
        assert_eq!(table[0]["total"], 1);
        assert!(close(&table[0]["chance"], 0.01));
        let mass: f64 = table.iter().map(|r| r["chance"].as_f64().unwrap()).sum();
        assert!((mass - 1.0).abs() < 1e-9);
        let mean: f64 = table
            .iter()
            .map(|r| r["total"].as_f64().unwrap() * r["chance"].as_f64().unwrap())
            .sum();
        assert!(close(&d["mean"], mean));
        let keys: Vec<&String> = d["percentiles"].as_object().unwrap().keys().collect();
        assert_eq!(keys.len(), 7);
        assert!(d["percentiles"]["5"].as_i64() <= d["percentiles"]["50"].as_i64());
        assert!(d["percentiles"]["50"].as_i64() <= d["percentiles"]["95"].as_i64());

        let sum = odds("3d6", None).unwrap();
        assert!(close(&sum["mean"], 10.5));
        assert_eq!(
            (sum["min"].as_i64(), sum["max"].as_i64()),
            (Some(3), Some(18))
        );
        assert_eq!(sum["percentiles"]["50"], 10);
        let coin = odds("coin", None).unwrap();
        assert!(close(&coin["mean"], 0.5));
    }

    #[test]
    fn contests_are_the_clis() {
        let even = odds("2k1 vs 2k1", None).unwrap();
        assert_eq!(even["first"], "2k1");
        assert_eq!(even["second"], "2k1");
        assert_eq!(even["comparison"], "highest-then-second");
        assert!(close(&even["win"], 0.5));
        assert!(close(&even["lose"], 0.5));
        let defence = odds("1d10 VS 1d10", Some("first-must-exceed")).unwrap();
        assert_eq!(defence["comparison"], "first-must-exceed");
        assert!(close(&defence["win"], 0.45));
        assert!(close(&defence["lose"], 0.55));
        assert!(close(&defence["push"], 0.0));
        let stronger = odds("3k2 vs 2k1", Some("highest-then-second")).unwrap();
        assert!(stronger["win"].as_f64() > stronger["lose"].as_f64());
    }

    #[test]
    fn odds_errors_are_the_clis() {
        assert_eq!(
            odds("2k1 vs 2k1 vs 2k1", None).unwrap_err(),
            "a contest has two sides: write one 'vs'"
        );
        assert!(
            odds("2k1 vs 2x1", None)
                .unwrap_err()
                .starts_with("cannot read the roll: at byte 1: ")
        );
        assert_eq!(
            odds("2k1", Some("loudest")).unwrap_err(),
            "invalid comparison 'loudest' (expected highest-then-second or first-must-exceed)"
        );
        assert_eq!(
            odds("200k1", None).unwrap_err(),
            "cannot compute the odds of 200k1: 200 dice is more than the limit of 100 for exact odds"
        );
        assert_eq!(
            comparison(Some("first-must-exceed")),
            Ok(Comparison::FirstMustExceed)
        );
        assert_eq!(comparison(None), Ok(Comparison::HighestThenSecond));
    }
}
