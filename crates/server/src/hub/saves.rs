//! When the hub writes a table's whole save. An action writes only its record entry (a few
//! hundred bytes, beside the table's new version and turn state); the save, whose writing and
//! checksum grow with the game, is written:
//!
//! - with every [`Hub::SAVE_EVERY`]th action of a table, and with the action that ends a game;
//! - for a table idle [`Hub::SAVE_IDLE`] or more with actions after its save ([`Hub::save_idle`],
//!   from the server's once-a-second scheduler);
//! - for a table leaving memory with actions after its save (the least recently used, when
//!   [`Hub::CACHE_LIMIT`] tables are held);
//! - for every table in memory when the server stops ([`Hub::save_all`]).
//!
//! None of these is needed for durability: every acknowledged action is in the store with its
//! entry, and a table is loaded as its last save plus the entries after it. A save only bounds
//! how many entries a load reads. It never raises the table's version, and a save of an older
//! step than the stored one changes nothing, so an instance holding an older copy of a shared
//! table may write its save without harm: every copy an instance holds is a step of the one
//! stored history.

use std::time::{Duration, Instant};

use pbp_core::engine::erased::ErasedError;

use super::{Hub, Live};

impl Hub {
    /// A table's save is written with every this many of its actions.
    pub const SAVE_EVERY: u64 = 100;

    /// A table with actions after its save is saved once it has been idle this long.
    pub const SAVE_IDLE: Duration = Duration::from_secs(5);

    /// Writes the save of every table in memory idle for [`Hub::SAVE_IDLE`] or more with
    /// actions after its save; answers how many were written. A save that fails is tried again
    /// at the next call (the actions are stored either way).
    pub fn save_idle(&mut self) -> usize {
        let now = Instant::now();
        let idle: Vec<String> = self
            .live
            .iter()
            .filter(|(_, live)| {
                unsaved(live) && now.duration_since(live.touched) >= Self::SAVE_IDLE
            })
            .map(|(id, _)| id.clone())
            .collect();
        idle.iter().filter(|id| self.save_table(id)).count()
    }

    /// Writes the save of every table in memory with actions after its save (the server is
    /// stopping); answers how many were written.
    pub fn save_all(&mut self) -> usize {
        let unsaved: Vec<String> = self
            .live
            .iter()
            .filter(|(_, live)| unsaved(live))
            .map(|(id, _)| id.clone())
            .collect();
        unsaved.iter().filter(|id| self.save_table(id)).count()
    }

    /// Drops the least recently used table from memory, writing its save first if it has
    /// actions after it.
    pub(super) fn evict_oldest(&mut self) {
        let oldest = self
            .live
            .iter()
            .min_by_key(|(_, live)| live.used)
            .map(|(id, _)| id.clone());
        if let Some(oldest) = oldest {
            if self.live.get(&oldest).is_some_and(unsaved) {
                self.save_table(&oldest);
            }
            self.live.remove(&oldest);
        }
    }

    /// Writes table `id`'s save from memory; answers whether it was written.
    fn save_table(&mut self, id: &str) -> bool {
        let Some(live) = self.live.get(id) else {
            return false;
        };
        let step = live.game.steps();
        let Ok(save) = live.game.save() else {
            return false;
        };
        if self.store.store_save(id, step, &save).is_err() {
            return false;
        }
        if let Some(live) = self.live.get_mut(id) {
            live.saved = step;
        }
        true
    }
}

/// Whether the table has actions after its stored save.
fn unsaved(live: &Live) -> bool {
    live.game.steps() > live.saved
}

/// What the action just applied to `live` writes: its record entry, and the whole save if this
/// is the [`Hub::SAVE_EVERY`]th action since the last one or the game is over.
pub(super) fn act_writes(live: &Live) -> Result<(String, Option<String>), ErasedError> {
    let entry = live
        .game
        .last_entry()?
        .ok_or_else(|| ErasedError::Serialize("an action left no entry in the record".into()))?;
    let step = live.game.steps();
    let save =
        if step.saturating_sub(live.saved) >= Hub::SAVE_EVERY || live.game.outcome().is_some() {
            Some(live.game.save()?)
        } else {
            None
        };
    Ok((entry, save))
}
