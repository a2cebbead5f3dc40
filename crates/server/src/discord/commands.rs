//! The commands pbp offers in Discord, as `pbp discord register` sends them, and the answers of
//! those that need no table: `/roll` (public: everyone in the channel sees the result) and
//! `/odds` (exact, computed, so it is deferred and completed by editing the original response).
//! Their words are the players' ones; what a roll means is pbp-core's notation.

use pbp_core::{Comparison, RollExpr, SeededDice, contest_odds, distribution};
use pbp_frontend::dice::{PERCENTILES, describe_roll, parse, split_vs};
use serde_json::{Value, json};

/// A string option (Discord's option type 3).
const STRING: u8 = 3;
/// A slash command (Discord's command type 1).
const CHAT_INPUT: u8 = 1;
/// The most totals listed in an answer of `/odds`.
const MAX_ROWS: usize = 30;

/// The rule `/odds` decides a contest by, as its `rule` option names it.
const RULES: [(&str, &str); 2] = [
    (
        "highest then second",
        "higher total wins; on a tie the higher second die; then a push",
    ),
    (
        "first must beat",
        "the first side wins only with a higher total; ties go to the second",
    ),
];

/// The command definitions, as Discord's "bulk overwrite" of an application's commands reads
/// them.
pub fn definitions() -> Value {
    let string = |name: &str, description: &str, required: bool| json!({ "type": STRING, "name": name, "description": description, "required": required });
    let rules: Vec<Value> = RULES
        .iter()
        .map(|(name, _)| json!({ "name": name, "value": name }))
        .collect();
    let mut rule = string("rule", "How a contest is decided (a tie, a push)", false);
    rule["choices"] = json!(rules);
    let mut commands = vec![
        json!({
            "type": CHAT_INPUT,
            "name": "roll",
            "description": "Roll dice for everyone in the channel to see (2k1, 3k2+1, d10+19, coin, 75%)",
            "options": [string("dice", "The roll in pbp's notation: 2k1, 5k3 h+2, d10+19, coin, 75%", true)],
        }),
        json!({
            "type": CHAT_INPUT,
            "name": "odds",
            "description": "The exact chances of a roll, or of one roll against another",
            "options": [
                string("dice", "The roll: 2k1, 5k3 h+2, d10+19", true),
                string("against", "The opposing roll, for the chance to win a contest", false),
                rule,
            ],
        }),
    ];
    // The tables' commands (`tables.rs`).
    commands.extend(super::tables::definitions());
    // The players' commands (`play.rs`).
    commands.extend(super::play::definitions());
    // `/status`, `/map`, `/export` (`public.rs`).
    commands.extend(super::public::definitions());
    // The game master's `/gm` (`gm.rs`).
    commands.extend(super::gm::definitions());
    Value::Array(commands)
}

/// The commands' names as people type them: "/roll, /odds, ... and /export".
pub fn names() -> String {
    let names: Vec<String> = definitions()
        .as_array()
        .map(|list| {
            list.iter()
                .filter_map(|c| c["name"].as_str().map(|n| format!("/{n}")))
                .collect()
        })
        .unwrap_or_default();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// The public line of a roll by `user` (a mention, which the answer does not ping), rolled
/// with `seed`; the seed is shown so anyone can roll the same again with `pbp roll --seed`.
///
/// # Errors
/// The notation's error, with a caret under the bad character.
pub fn roll(user: &str, dice: &str, seed: u64) -> Result<String, String> {
    let expr = parse(dice)?;
    let mut source = SeededDice::new(seed);
    let outcome = expr
        .roll(&mut source)
        .map_err(|e| format!("cannot roll {expr}: {e}"))?;
    Ok(format!(
        "<@{user}> rolls {}\n(seed {seed}: `pbp roll \"{expr}\" --seed {seed}` rolls the same)",
        describe_roll(&expr, &outcome)
    ))
}

/// The exact odds of `dice`, or of `dice` against `against` decided by `rule` (one of the
/// command's choices; the first by default).
///
/// # Errors
/// A roll that cannot be read, an unknown rule, odds too large to compute.
pub fn odds(dice: &str, against: Option<&str>, rule: Option<&str>) -> Result<String, String> {
    let (first, vs) = split_vs(dice)?;
    let first = parse(&first)?;
    let second = match (vs.as_deref(), against) {
        (Some(_), Some(_)) => {
            return Err("give the opposing roll once: after vs, or in against".into());
        }
        (Some(text), None) | (None, Some(text)) => Some(parse(text.trim())?),
        (None, None) => None,
    };
    let Some(second) = second else {
        return distribution_text(&first);
    };
    let comparison = match rule.unwrap_or(RULES[0].0) {
        r if r == RULES[0].0 => Comparison::HighestThenSecond,
        r if r == RULES[1].0 => Comparison::FirstMustExceed,
        other => return Err(format!("there is no rule '{other}': choose one offered")),
    };
    let odds = contest_odds(&first, &second, comparison)
        .map_err(|e| format!("cannot compute the odds of {first} against {second}: {e}"))?;
    let rule_text = RULES
        .iter()
        .find(|(name, _)| Some(*name) == rule || (rule.is_none() && *name == RULES[0].0))
        .map_or("", |(_, text)| text);
    Ok(format!(
        "{first} against {second} ({rule_text})\nwins {:.2}%, loses {:.2}%\na round is a push {:.2}% of the time (pushes are rolled again)",
        odds.win * 100.0,
        odds.lose * 100.0,
        odds.push * 100.0
    ))
}

/// A roll's mean, percentiles and chances, the rarest totals left out (and said so).
fn distribution_text(expr: &RollExpr) -> Result<String, String> {
    let dist = distribution(expr).map_err(|e| format!("cannot compute the odds of {expr}: {e}"))?;
    let percentiles: Vec<String> = PERCENTILES
        .iter()
        .map(|&p| format!("{p}%: {}", dist.percentile(f64::from(p) / 100.0)))
        .collect();
    let mut lines = vec![
        format!("{expr}: mean {:.2}", dist.mean()),
        format!("percentiles {}", percentiles.join(", ")),
        "```".to_owned(),
        format!("{:>6}  {:>8}  {:>8}", "total", "chance", "at least"),
    ];
    let mut at_least = dist.mass();
    let mut left_out = 0usize;
    for (total, chance) in dist.table() {
        if lines.len() - 4 < MAX_ROWS && at_least >= 1e-4 {
            lines.push(format!(
                "{total:>6}  {:>7.2}%  {:>7.2}%",
                chance * 100.0,
                at_least * 100.0
            ));
        } else {
            left_out += 1;
        }
        at_least -= chance;
    }
    lines.push("```".to_owned());
    if left_out > 0 {
        lines.push(format!(
            "({left_out} rarer or higher totals left out: `pbp odds \"{expr}\"` lists them all)"
        ));
    }
    Ok(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_roll_names_its_roller_and_its_seed() {
        let text = roll("42", "2k1", 7).unwrap();
        assert!(text.starts_with("<@42> rolls 2k1 = "), "{text}");
        assert!(text.contains("--seed 7"), "{text}");
        // The same seed, the same roll.
        assert_eq!(roll("42", "2k1", 7), Ok(text));
        let error = roll("42", "2x1", 7).unwrap_err();
        assert!(error.ends_with("\n  2x1\n   ^"), "{error}");
    }

    #[test]
    fn odds_of_a_roll_and_of_a_contest() {
        let text = odds("d10", None, None).unwrap();
        assert!(text.starts_with("d10: mean 5.50"), "{text}");
        assert!(text.contains("     1    10.00%   100.00%"), "{text}");
        let contest = odds("2k1", Some("2k1"), None).unwrap();
        assert!(contest.contains("wins 50.00%, loses 50.00%"), "{contest}");
        assert_eq!(odds("2k1 vs 2k1", None, None), Ok(contest));
        let strict = odds("2k1", Some("2k1"), Some("first must beat")).unwrap();
        assert!(strict.contains("ties go to the second"), "{strict}");
        assert!(odds("2k1", Some("2k1"), Some("coin flip")).is_err());
        assert!(odds("2k1 vs 2k1", Some("3k2"), None).is_err());
    }

    #[test]
    fn definitions_are_in_discords_limits() {
        let commands = definitions();
        for command in commands.as_array().unwrap() {
            let name = command["name"].as_str().unwrap();
            assert!(name.len() <= 32 && name.bytes().all(|b| b.is_ascii_lowercase()));
            let description = command["description"].as_str().unwrap();
            assert!(
                (1..=100).contains(&description.chars().count()),
                "{description}"
            );
            for option in command["options"].as_array().unwrap() {
                let text = option["description"].as_str().unwrap();
                assert!((1..=100).contains(&text.chars().count()), "{text}");
            }
        }
    }
}
