//! The dice answers every frontend gives: reading a roll with a caret under the bad input,
//! splitting `A vs B`, rolling with a seed and the exact odds of a roll or a contest, as the JSON
//! objects of `pbp roll --json` and `pbp odds --json` (which the web page's dice panel and the
//! table server answer too).
//!
//! ```
//! let rolls = pbp_frontend::dice::roll("2k1", 7, 2)?;
//! assert_eq!(rolls.as_array().map(Vec::len), Some(2));
//! let odds = pbp_frontend::dice::odds("2k1 vs 2k1", None)?;
//! assert!((odds["win"].as_f64().unwrap() - 0.5).abs() < 1e-9);
//! # Ok::<(), String>(())
//! ```

use pbp_core::{
    Comparison, ContestOdds, Distribution, MAX_COUNT, NotationError, RollExpr, RollOutcome,
    SeededDice, contest_odds, distribution,
};
use serde_json::{Value, json};

use crate::TableError;

/// The percentiles of a distribution that the frontends show.
pub const PERCENTILES: [u32; 7] = [5, 10, 25, 50, 75, 90, 95];

/// Reads a roll, pointing at the bad input on error: `cannot read the roll: at byte 4: ...`, then
/// the input and a caret under the bad character (counted in characters, not bytes).
///
/// ```
/// let error = pbp_frontend::dice::parse("2x1").unwrap_err();
/// assert!(error.ends_with("\n  2x1\n   ^"));
/// ```
///
/// # Errors
/// The notation error, as above.
pub fn parse(text: &str) -> Result<RollExpr, String> {
    RollExpr::parse(text).map_err(|error: NotationError| {
        let before = text.get(..error.position()).unwrap_or(text);
        let caret = " ".repeat(before.chars().count());
        format!("cannot read the roll: {error}\n  {text}\n  {caret}^")
    })
}

/// Splits `A vs B` into its sides (`vs` in any case, between spaces); one side alone is a roll.
///
/// ```
/// assert_eq!(
///     pbp_frontend::dice::split_vs("5k3 h+2 VS 2k1"),
///     Ok(("5k3 h+2".to_owned(), Some("2k1".to_owned())))
/// );
/// ```
///
/// # Errors
/// More than one `vs`.
pub fn split_vs(text: &str) -> Result<(String, Option<String>), String> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let positions: Vec<usize> = tokens
        .iter()
        .enumerate()
        .filter(|(_, t)| t.eq_ignore_ascii_case("vs"))
        .map(|(i, _)| i)
        .collect();
    match positions.as_slice() {
        [] => Ok((tokens.join(" "), None)),
        [at] => Ok((tokens[..*at].join(" "), Some(tokens[at + 1..].join(" ")))),
        _ => Err("a contest has two sides: write one 'vs'".to_owned()),
    }
}

/// One roll as a line of `pbp roll --json`: the outcome's fields and `expr`.
///
/// # Errors
/// An outcome that does not serialize (never for core's outcomes).
pub fn roll_json(expr: &RollExpr, outcome: &RollOutcome) -> Result<Value, String> {
    let mut value = pbp_core::engine::erased::json_value(outcome)
        .map_err(|e| format!("cannot write JSON: {e}"))?;
    if let Some(map) = value.as_object_mut() {
        map.insert("expr".to_owned(), json!(expr.to_string()));
    }
    Ok(value)
}

/// A distribution as `pbp odds --json` prints it:
/// `{expr, mean, min, max, percentiles, table, truncated}`.
pub fn distribution_json(expr: &RollExpr, dist: &Distribution) -> Value {
    let percentiles: serde_json::Map<String, Value> = PERCENTILES
        .iter()
        .map(|&p| (p.to_string(), json!(dist.percentile(f64::from(p) / 100.0))))
        .collect();
    let table: Vec<Value> = dist
        .table()
        .map(|(total, chance)| json!({ "total": total, "chance": chance }))
        .collect();
    json!({
        "expr": expr.to_string(),
        "mean": dist.mean(),
        "min": dist.min(),
        "max": dist.max(),
        "percentiles": percentiles,
        "table": table,
        "truncated": dist.truncated(),
    })
}

/// A contest as `pbp odds A vs B --json` prints it:
/// `{first, second, comparison, win, lose, push, truncated}`.
pub fn contest_json(
    first: &RollExpr,
    second: &RollExpr,
    comparison: Comparison,
    odds: &ContestOdds,
) -> Value {
    json!({
        "first": first.to_string(),
        "second": second.to_string(),
        "comparison": comparison,
        "win": odds.win,
        "lose": odds.lose,
        "push": odds.push,
        "truncated": odds.truncated,
    })
}

/// One line of text for a roll, as `pbp roll` prints it and the Discord venue posts it:
/// `2k1 = 13: [10+3] 4` (kept dice in brackets; an exploded die as its faces added up).
pub fn describe_roll(expr: &RollExpr, outcome: &RollOutcome) -> String {
    let dice: Vec<String> = outcome
        .dice
        .iter()
        .map(|die| {
            let faces: Vec<String> = die.faces.iter().map(u32::to_string).collect();
            let mut text = faces.join("+");
            let raw: i64 = die.faces.iter().map(|&f| i64::from(f)).sum();
            if die.value != raw {
                text = format!("{text}={}", die.value);
            }
            if die.kept && matches!(expr, RollExpr::Pool(_)) {
                format!("[{text}]")
            } else {
                text
            }
        })
        .collect();
    match expr {
        RollExpr::Coin => {
            let face = match outcome.coin {
                Some(pbp_core::Coin::Heads) => "heads",
                _ => "tails",
            };
            format!("coin = {face}")
        }
        RollExpr::Percent(_) => {
            let verdict = if outcome.success == Some(true) {
                "success"
            } else {
                "failure"
            };
            if dice.is_empty() {
                format!("{expr} = {verdict}")
            } else {
                format!("{expr} = {verdict} (rolled {})", dice.join(" "))
            }
        }
        _ if dice.is_empty() => format!("{expr} = {}", outcome.total),
        _ => format!("{expr} = {}: {}", outcome.total, dice.join(" ")),
    }
}

/// The most rolls one call makes: a page runs on the browser's only thread and a server answers
/// many players, so an unbounded count would freeze them (the CLI streams its rolls through
/// [`roll_json`] and has no limit).
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

/// Reads dice rolled elsewhere: whole numbers separated by commas or spaces (`10,4,7` or
/// `10 4 7`), as a forum's dice roller posts them.
///
/// ```
/// assert_eq!(pbp_frontend::parse_dice("10, 4 7"), Ok(vec![10, 4, 7]));
/// ```
///
/// # Errors
/// [`TableError::DiceText`] for a part that is not a whole number.
pub fn parse_dice(text: &str) -> Result<Vec<u32>, TableError> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|part| !part.is_empty())
        .map(|part| {
            part.parse::<u32>().map_err(|e| TableError::DiceText {
                value: part.chars().take(20).collect(),
                message: e.to_string(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carets_count_characters() {
        assert!(parse("é").unwrap_err().ends_with("\n  é\n  ^"));
        assert!(parse("2k1 x").unwrap_err().ends_with("\n  2k1 x\n      ^"));
    }

    #[test]
    fn one_vs_only() {
        assert_eq!(split_vs("2k1"), Ok(("2k1".to_owned(), None)));
        assert!(split_vs("2k1 vs 2k1 vs 2k1").is_err());
    }

    #[test]
    fn json_shapes() {
        let expr = parse("2k1").unwrap();
        let dist = pbp_core::distribution(&expr).unwrap();
        let value = distribution_json(&expr, &dist);
        assert_eq!(value["expr"], "2k1");
        assert_eq!(value["percentiles"].as_object().unwrap().len(), 7);
        let odds = pbp_core::contest_odds(&expr, &expr, Comparison::HighestThenSecond).unwrap();
        let value = contest_json(&expr, &expr, Comparison::HighestThenSecond, &odds);
        assert!((value["win"].as_f64().unwrap() - 0.5).abs() < 1e-9);
        let outcome = expr
            .roll(&mut pbp_core::ScriptedDice::new([10, 4, 7]))
            .unwrap();
        assert_eq!(roll_json(&expr, &outcome).unwrap()["total"], 14);
    }

    // The answers of roll and odds.

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
