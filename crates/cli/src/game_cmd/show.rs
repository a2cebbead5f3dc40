//! `pbp show`: the game as a viewer sees it, in each format; a PNG as bytes.

use std::io::IsTerminal as _;
use std::path::Path;

use pbp_frontend::{BbcodeStyle, PostOptions};

use super::{Format, load, to_text};
use crate::failure::{Failure, USAGE};
use crate::store::{emit, emit_bytes};

pub(super) fn show(
    file: &Path,
    viewer: &str,
    format: Format,
    style: BbcodeStyle,
) -> Result<(), Failure> {
    if format == Format::Png && std::io::stdout().is_terminal() {
        return Err(Failure {
            code: USAGE,
            message: "a PNG picture is not text for a terminal: redirect it to a file \
                      (pbp show FILE --format png > map.png)"
                .into(),
        });
    }
    let table = load(file)?;
    let viewer = table.viewer(viewer)?;
    let mut text = match format {
        Format::Text => table.text_with_turn(viewer)?,
        Format::Json => to_text(&table.view(viewer)?)?,
        Format::Bbcode => table.bbcode_with(viewer, &PostOptions::styled(style))?,
        Format::Svg => table.svg(viewer)?,
        Format::Png => return Ok(emit_bytes(&table.png(viewer)?)?),
    };
    if !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(emit(&text)?)
}
