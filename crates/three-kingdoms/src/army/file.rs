//! The army file format: reading an army file, and checking every army of one.

use serde::Deserialize;

use super::{ArmyProblem, ArmySpec, validate_army};
use crate::cards::CardSet;
use crate::config::Rules;
use crate::error::ThreeKingdomsError;

/// The `format` string of an army file.
pub const ARMY_FORMAT: &str = "pbp-three-kingdoms-armies";
/// The army file version this build reads.
pub const ARMY_FORMAT_VERSION: u32 = 1;

/// Reads an army file.
///
/// # Errors
/// [`ThreeKingdomsError::ArmyFile`] for a file that is not an army file of this version.
pub fn armies_from_json(text: &str) -> Result<Vec<ArmySpec>, ThreeKingdomsError> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct File {
        format: String,
        version: u32,
        armies: Vec<ArmySpec>,
    }
    let file: File =
        serde_json::from_str(text).map_err(|e| ThreeKingdomsError::ArmyFile(e.to_string()))?;
    if file.format != ARMY_FORMAT {
        return Err(ThreeKingdomsError::ArmyFile(format!(
            "field format must be \"{ARMY_FORMAT}\""
        )));
    }
    if file.version != ARMY_FORMAT_VERSION {
        return Err(ThreeKingdomsError::ArmyFile(format!(
            "version {} is not supported: this build reads version {ARMY_FORMAT_VERSION}",
            file.version
        )));
    }
    Ok(file.armies)
}

/// Checks every army of an army file against the starter pool plus the cards of an optional
/// card file: each army's name with its problems (an empty list for a legal army).
///
/// ```
/// use pbp_three_kingdoms::{Rules, STARTER_ARMIES, validate_army_file};
/// let report = validate_army_file(STARTER_ARMIES, None, &Rules::default())?;
/// assert!(report.iter().all(|(_, problems)| problems.is_empty()));
/// # Ok::<(), pbp_three_kingdoms::ThreeKingdomsError>(())
/// ```
///
/// # Errors
/// A file that is not an army file, or a card file that does not load.
pub fn validate_army_file(
    armies: &str,
    cards: Option<&str>,
    rules: &Rules,
) -> Result<Vec<(String, Vec<ArmyProblem>)>, ThreeKingdomsError> {
    let mut set = CardSet::starter();
    if let Some(text) = cards {
        set.extend(&CardSet::from_json(text)?)?;
    }
    Ok(armies_from_json(armies)?
        .iter()
        .map(|a| (printable_name(&a.name), validate_army(a, &set, rules)))
        .collect())
}

/// An army's name as a report may print it: itself, or, when it holds a control or invisible
/// character (refused as [`ArmyProblem::BadName`]), quoted with those characters escaped, so
/// that printing the report cannot forge a line or send a terminal escape.
fn printable_name(name: &str) -> String {
    if name.chars().any(pbp_core::engine::names::is_unprintable) {
        format!("{name:?}")
    } else {
        name.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::army::STARTER_ARMIES;

    /// An army file of `armies`, as `pbp check-army` reads one.
    fn file_of(armies: &[ArmySpec]) -> String {
        serde_json::json!({
            "format": ARMY_FORMAT,
            "version": ARMY_FORMAT_VERSION,
            "armies": armies,
        })
        .to_string()
    }

    #[test]
    fn an_army_file_is_checked_army_by_army() {
        let mut armies = armies_from_json(STARTER_ARMIES).unwrap();
        armies[1].characters.push("lu-bu".into());
        let text = file_of(&armies);
        let report = validate_army_file(&text, None, &Rules::default()).unwrap();
        assert!(report[0].1.is_empty());
        let problems: Vec<String> = report[1].1.iter().map(|p| p.to_string()).collect();
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems.iter().any(|p| p.contains("faction")));
        assert!(problems.iter().any(|p| p.contains("points")));
        assert!(validate_army_file("{}", None, &Rules::default()).is_err());
    }

    #[test]
    fn a_name_that_could_forge_a_line_is_reported_escaped() {
        let mut armies = armies_from_json(STARTER_ARMIES).unwrap();
        armies.truncate(1);
        armies[0].name = "Wei\n\u{1b}[31mall armies are legal".into();
        let text = file_of(&armies);
        let report = validate_army_file(&text, None, &Rules::default()).unwrap();
        assert_eq!(report[0].0, r#""Wei\n\u{1b}[31mall armies are legal""#);
        assert_eq!(report[0].1, vec![ArmyProblem::BadName]);
    }
}
