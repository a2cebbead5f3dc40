//! What the thread reader (`crate::thread`) needs of a [`Table`]: a copy to try a post on, and
//! a step marked with the post it came from. Not in the browser's wasm, which reads no threads.

use pbp_core::engine::erased::ActionInput;
use pbp_core::engine::post::PostMark;
use pbp_core::engine::{Actor, DiceChoice, Viewer};

use super::Table;
use crate::{ActReport, TableError};

/// A copy of the table, to try something on.
impl Clone for Table {
    fn clone(&self) -> Table {
        Table {
            session: self.session.clone_box(),
            renderer: self.renderer,
        }
    }
}

impl Table {
    /// [`Table::act_seen_by`], the step marked in the save as read from the forum post `mark`
    /// names (see [`crate::thread`]).
    ///
    /// # Errors
    /// As [`Table::act`].
    pub fn act_for_post(
        &mut self,
        viewer: Viewer,
        actor: Actor,
        input: &ActionInput,
        dice: DiceChoice,
        mark: PostMark,
    ) -> Result<ActReport, TableError> {
        let report = self.act_seen_by(viewer, actor, input, dice)?;
        self.session.mark_last_step(mark);
        Ok(report)
    }
}
