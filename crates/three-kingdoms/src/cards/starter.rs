//! The starter pool shipped with pbp (the data is `data/starter-cards.json`).

use std::sync::OnceLock;

use super::CardSet;

/// The starter pool shipped with pbp.
pub const STARTER_CARDS: &str = include_str!("../../data/starter-cards.json");

impl CardSet {
    /// The starter pool.
    ///
    /// # Panics
    /// Never in a released build: the embedded file is checked by the tests.
    pub fn starter() -> CardSet {
        starter_set().clone()
    }
}

/// The starter pool, read once: the embedded file never changes, so every setup shares one
/// reading of it.
pub(crate) fn starter_set() -> &'static CardSet {
    static STARTER: OnceLock<CardSet> = OnceLock::new();
    // The embedded file is validated by a test; an invalid build falls back to empty.
    STARTER.get_or_init(|| CardSet::from_json(STARTER_CARDS).unwrap_or_default())
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
