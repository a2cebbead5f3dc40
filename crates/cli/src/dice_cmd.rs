//! `pbp roll` and `pbp odds`.

use std::io::Write;

use clap::{Args, ValueEnum};
use pbp_core::{Comparison, Distribution, RollExpr, SeededDice, contest_odds, distribution};
use pbp_frontend::dice::{
    PERCENTILES, contest_json, describe_roll, distribution_json, parse, roll_json, split_vs,
};

/// Arguments of `pbp roll`.
#[derive(Debug, Args)]
pub struct RollArgs {
    /// The roll, in pbp's notation (quote it when it has spaces: "5k3 h+2").
    pub expr: String,
    /// Seed of the dice [default: a fresh seed from the operating system, printed with the
    /// result so that `--seed` rolls the same again].
    #[arg(long)]
    pub seed: Option<u64>,
    /// How many times to roll.
    #[arg(long, default_value_t = 1)]
    pub count: u32,
    /// One JSON object per roll per line.
    #[arg(long)]
    pub json: bool,
}

/// How a contest is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CompareArg {
    /// Higher total wins; on a tie the higher second highest die; then a push, rerolled (seed 000).
    HighestThenSecond,
    /// The first side wins only with a strictly higher total; ties go to the second (seed 003).
    FirstMustExceed,
}

impl From<CompareArg> for Comparison {
    fn from(value: CompareArg) -> Self {
        match value {
            CompareArg::HighestThenSecond => Comparison::HighestThenSecond,
            CompareArg::FirstMustExceed => Comparison::FirstMustExceed,
        }
    }
}

/// Arguments of `pbp odds`.
#[derive(Debug, Args)]
pub struct OddsArgs {
    /// The roll, then optionally `vs` and the opposing roll (`2k1 vs 3k2`).
    #[arg(required = true, num_args = 1..)]
    pub exprs: Vec<String>,
    /// How a contest is decided.
    #[arg(long, value_enum, default_value_t = CompareArg::HighestThenSecond)]
    pub compare: CompareArg,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

fn write_error(error: std::io::Error) -> String {
    format!("cannot write the output: {error}")
}

/// Runs `pbp roll`.
pub fn roll(args: &RollArgs) -> Result<(), String> {
    let expr = parse(&args.expr)?;
    // A fresh seed is printed beside the result: with it anyone rolls the same again.
    let (seed, fresh) = match args.seed {
        Some(seed) => (seed, false),
        None => (
            pbp_core::engine::os_seed().map_err(|e| e.to_string())?,
            true,
        ),
    };
    let mut dice = SeededDice::new(seed);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for _ in 0..args.count {
        let outcome = expr
            .roll(&mut dice)
            .map_err(|e| format!("cannot roll {expr}: {e}"))?;
        if args.json {
            let mut value = roll_json(&expr, &outcome)?;
            if fresh {
                value["seed"] = serde_json::json!(seed);
            }
            writeln!(out, "{value}").map_err(write_error)?;
        } else {
            writeln!(out, "{}", describe_roll(&expr, &outcome)).map_err(write_error)?;
        }
    }
    if fresh && !args.json {
        writeln!(out, "(seed {seed}: --seed {seed} rolls the same again)").map_err(write_error)?;
    }
    out.flush().map_err(write_error)
}

/// Runs `pbp odds`.
pub fn odds(args: &OddsArgs) -> Result<(), String> {
    let (first, second) = split_vs(&args.exprs.join(" "))?;
    let first = parse(&first)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if let Some(second) = second {
        let second = parse(&second)?;
        let comparison = Comparison::from(args.compare);
        let odds = contest_odds(&first, &second, comparison)
            .map_err(|e| format!("cannot compute the odds of {first} vs {second}: {e}"))?;
        if args.json {
            let value = contest_json(&first, &second, comparison, &odds);
            writeln!(out, "{value}").map_err(write_error)?;
        } else {
            writeln!(out, "{first} vs {second} ({comparison:?})").map_err(write_error)?;
            writeln!(out, "win:  {:>8.4}%", odds.win * 100.0).map_err(write_error)?;
            writeln!(out, "lose: {:>8.4}%", odds.lose * 100.0).map_err(write_error)?;
            writeln!(
                out,
                "a round is a push {:.4}% of the time (pushes are rerolled)",
                odds.push * 100.0
            )
            .map_err(write_error)?;
        }
        return out.flush().map_err(write_error);
    }
    let dist =
        distribution(&first).map_err(|e| format!("cannot compute the odds of {first}: {e}"))?;
    if args.json {
        let value = distribution_json(&first, &dist);
        writeln!(out, "{value}").map_err(write_error)?;
    } else {
        write_table(&mut out, &first, &dist).map_err(write_error)?;
    }
    out.flush().map_err(write_error)
}

/// The text form: mean, percentiles, and a table of totals down to a chance of 0.01%.
fn write_table(out: &mut impl Write, expr: &RollExpr, dist: &Distribution) -> std::io::Result<()> {
    writeln!(out, "{expr}: mean {:.4}", dist.mean())?;
    let percentiles: Vec<String> = PERCENTILES
        .iter()
        .map(|&p| format!("{p}%: {}", dist.percentile(f64::from(p) / 100.0)))
        .collect();
    writeln!(out, "percentiles  {}", percentiles.join("  "))?;
    writeln!(out, "{:>7}  {:>9}  {:>9}", "total", "chance", "at least")?;
    let mut at_least = dist.mass();
    let mut hidden = 0.0;
    for (total, chance) in dist.table() {
        if at_least >= 1e-4 {
            writeln!(
                out,
                "{total:>7}  {:>8.4}%  {:>8.4}%",
                chance * 100.0,
                at_least * 100.0
            )?;
        } else {
            hidden += chance;
        }
        at_least -= chance;
    }
    if hidden > 0.0 {
        writeln!(out, "{:>7}  {:>8.4}%", "higher", hidden * 100.0)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn several_arguments_are_one_contest() {
        let args: Vec<String> = ["5k3", "h+2", "VS", "2k1"].map(String::from).to_vec();
        assert_eq!(
            split_vs(&args.join(" ")),
            Ok(("5k3 h+2".to_string(), Some("2k1".to_string())))
        );
    }
}
