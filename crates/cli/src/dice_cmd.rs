//! `pbp roll` and `pbp odds`.

use clap::Args;

/// Arguments of `pbp roll`.
#[derive(Debug, Args)]
pub struct RollArgs {
    /// The roll, in pbp's notation.
    pub expr: String,
    /// Seed of the dice (a random seed is never used: omitting it means seed 0).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// How many times to roll.
    #[arg(long, default_value_t = 1)]
    pub count: u32,
    /// One JSON object per roll per line.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `pbp odds`.
#[derive(Debug, Args)]
pub struct OddsArgs {
    /// The roll, then optionally `vs` and the opposing roll.
    #[arg(required = true, num_args = 1..)]
    pub exprs: Vec<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `pbp roll`.
pub fn roll(args: &RollArgs) -> Result<(), String> {
    Err(format!("the notation parser is not built yet: cannot roll '{}'", args.expr))
}

/// Runs `pbp odds`.
pub fn odds(args: &OddsArgs) -> Result<(), String> {
    Err(format!("exact odds are not built yet: cannot compute '{}'", args.exprs.join(" ")))
}
