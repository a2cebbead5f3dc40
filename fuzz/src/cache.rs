//! A cache of values the fuzz inputs only name (a state reached by seeded random moves, a save
//! of a game played by them): they are the same every time they are named, so a fuzz process
//! works each one out once and clones it after, instead of replaying up to hundreds of moves on
//! every input. The cache is per thread (libFuzzer runs inputs on one) and bounded.

use std::any::Any;
use std::cell::RefCell;
use std::collections::BTreeMap;

/// The most values kept: past it the cache is emptied and fills again.
const MAX_ENTRIES: usize = 4096;

/// What names a cached value: its kind and game, a seed and a number of moves.
pub type Key = (&'static str, &'static str, u64, usize);

thread_local! {
    static VALUES: RefCell<BTreeMap<Key, Box<dyn Any>>> = RefCell::new(BTreeMap::new());
}

/// The value named `key`, worked out by `make` the first time (its checks run then) and cloned
/// from the cache after. `make` must depend on nothing but `key`.
pub fn cached<T: Clone + 'static>(key: Key, make: impl FnOnce() -> T) -> T {
    let hit = VALUES.with(|values| {
        values
            .borrow()
            .get(&key)
            .and_then(|value| value.downcast_ref::<T>())
            .cloned()
    });
    if let Some(value) = hit {
        return value;
    }
    let value = make();
    VALUES.with(|values| {
        let mut values = values.borrow_mut();
        if values.len() >= MAX_ENTRIES {
            values.clear();
        }
        values.insert(key, Box::new(value.clone()));
    });
    value
}
