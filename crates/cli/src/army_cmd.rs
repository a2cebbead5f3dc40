//! `pbp check-army`: checks a Three Kingdoms army file and explains each problem.

use std::path::PathBuf;

use clap::Args;
use pbp_core::engine::words::counted;
use pbp_three_kingdoms::{Rules, validate_army_file};

use crate::store::{emit, read_text};

/// Arguments of `pbp check-army`.
#[derive(Debug, Args)]
pub struct CheckArmyArgs {
    /// A Three Kingdoms army file (JSON, the format of the starter armies).
    pub file: PathBuf,
    /// A card file whose cards the armies may use besides the starter pool.
    #[arg(long, value_name = "FILE")]
    pub cards: Option<PathBuf>,
}

/// Runs `pbp check-army`: one line per army, then its problems; fails when any army is illegal.
pub fn check_army(args: &CheckArmyArgs) -> Result<(), String> {
    let armies = read_text(&args.file)?;
    let cards = args.cards.as_deref().map(read_text).transpose()?;
    let report = validate_army_file(&armies, cards.as_deref(), &Rules::default())
        .map_err(|e| format!("{}: {e}", args.file.display()))?;
    let mut out = String::new();
    let mut illegal = 0;
    for (army, problems) in &report {
        if problems.is_empty() {
            out.push_str(&format!("{army}: legal\n"));
        } else {
            illegal += 1;
            out.push_str(&format!(
                "{army}: {}\n",
                counted(problems.len() as u64, "problem", "problems")
            ));
            for problem in problems {
                out.push_str(&format!("  - {problem}\n"));
            }
        }
    }
    emit(&out)?;
    if illegal > 0 {
        return Err(format!(
            "{illegal} of {} {} not legal",
            counted(report.len() as u64, "army", "armies"),
            if illegal == 1 { "is" } else { "are" }
        ));
    }
    Ok(())
}
