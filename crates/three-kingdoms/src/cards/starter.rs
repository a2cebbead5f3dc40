//! The starter pool shipped with pbp (the data is `data/starter-cards.json`).

use super::CardSet;

/// The starter pool shipped with pbp.
pub const STARTER_CARDS: &str = include_str!("../../data/starter-cards.json");

impl CardSet {
    /// The starter pool.
    ///
    /// # Panics
    /// Never in a released build: the embedded file is checked by the tests.
    pub fn starter() -> CardSet {
        // The embedded file is validated by a test; an invalid build falls back to empty.
        CardSet::from_json(STARTER_CARDS).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starter_pool_loads() {
        let set = CardSet::from_json(STARTER_CARDS).unwrap();
        assert!(set.len() > 80);
        let back = CardSet::from_json(&set.to_json("starter")).unwrap();
        assert_eq!(back, set);
    }
}
