//! The preconstructed armies shipped with pbp, one per faction (the data is
//! `data/starter-armies.json`).

use std::sync::OnceLock;

use super::{ArmySpec, armies_from_json};
use crate::cards::{Faction, starter_set};

/// The preconstructed armies shipped with pbp, one per faction.
pub const STARTER_ARMIES: &str = include_str!("../../data/starter-armies.json");

/// The preconstructed army of a faction.
pub fn preset(faction: Faction) -> Option<ArmySpec> {
    preset_of(faction).cloned()
}

/// The preconstructed army of a faction, from the starter armies read once (the embedded file
/// never changes, so every setup shares one reading of it).
pub(crate) fn preset_of(faction: Faction) -> Option<&'static ArmySpec> {
    static ARMIES: OnceLock<Vec<ArmySpec>> = OnceLock::new();
    // The embedded file is checked by a test; an invalid build has no presets.
    let armies = ARMIES.get_or_init(|| armies_from_json(STARTER_ARMIES).unwrap_or_default());
    let cards = starter_set();
    armies.iter().find(|a| {
        cards
            .get(&a.lord)
            .is_some_and(|l| l.faction == Some(faction))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::army::{armies_from_json, validate_army};
    use crate::cards::CardSet;
    use crate::config::Rules;

    #[test]
    fn every_preset_is_legal() {
        let cards = CardSet::starter();
        let rules = Rules::default();
        let armies = armies_from_json(STARTER_ARMIES).unwrap();
        assert!(armies.len() >= 5);
        for faction in Faction::ALL {
            let army = preset(faction).unwrap();
            assert_eq!(
                validate_army(&army, &cards, &rules),
                vec![],
                "{}",
                army.name
            );
        }
        for army in armies {
            assert_eq!(
                validate_army(&army, &cards, &rules),
                vec![],
                "{}",
                army.name
            );
        }
    }
}
