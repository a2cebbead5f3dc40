//! The table's picture as a PNG (feature `png`).

use pbp_core::engine::Viewer;

use crate::{Table, TableError};

impl Table {
    /// The map or field as `viewer` sees it ([`Table::svg`]), drawn as a PNG by
    /// [`pbp_render::svg_to_png`]: the same pixels on every machine, from the fonts pbp ships.
    ///
    /// # Errors
    /// As [`Table::svg`]; [`TableError::Picture`] if the picture cannot be drawn.
    pub fn png(&self, viewer: Viewer) -> Result<Vec<u8>, TableError> {
        Ok(pbp_render::svg_to_png(&self.svg(viewer)?)?)
    }
}
