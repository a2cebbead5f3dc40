//! The dice notation as both frontends show it: reading a roll with a caret under the bad input,
//! splitting `A vs B`, and the JSON objects of `pbp roll --json` and `pbp odds --json`, which the
//! web page's dice panel answers too.

use pbp_core::{Comparison, ContestOdds, Distribution, NotationError, RollExpr, RollOutcome};
use serde_json::{Value, json};

/// The percentiles of a distribution that the frontends show.
pub const PERCENTILES: [u32; 7] = [5, 10, 25, 50, 75, 90, 95];

/// Reads a roll, pointing at the bad input on error: `cannot read the roll: at byte 4: ...`, then
/// the input and a caret under the bad character (counted in characters, not bytes).
///
/// ```
/// let error = pbp_render::dice::parse("2x1").unwrap_err();
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
///     pbp_render::dice::split_vs("5k3 h+2 VS 2k1"),
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
    let mut value = serde_json::to_value(outcome).map_err(|e| format!("cannot write JSON: {e}"))?;
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
}
