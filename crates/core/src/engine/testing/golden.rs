//! Golden files: one convention and one way to regenerate them.
//!
//! A golden file holds what a test produced once and must produce again (a transcript of a
//! game, a summary of its final position, a record to replay), as text in the crate's
//! `tests/golden/` folder, so that any change of behaviour shows in review as a difference of
//! lines. [`check`] compares what the test produced with the file and names the first line that
//! differs. After an intended change, regenerate every golden file of a crate with
//!
//! ```sh
//! PBP_BLESS=1 cargo test -p <crate>
//! ```
//!
//! and review the difference before committing it: with `PBP_BLESS` set (to anything but `0` or
//! nothing) [`check`] writes the file instead of comparing, and every other test runs as usual.

use std::path::{Path, PathBuf};

use super::contract::Violation;

/// The environment variable that makes [`check`] write golden files instead of comparing them.
pub const BLESS: &str = "PBP_BLESS";

/// Whether golden files are being regenerated (`PBP_BLESS` set to anything but `0` or nothing).
pub fn blessing() -> bool {
    std::env::var_os(BLESS).is_some_and(|v| !v.is_empty() && v != "0")
}

/// The golden file `name` of the crate whose manifest folder is `manifest_dir` (pass
/// `env!("CARGO_MANIFEST_DIR")`): `<manifest_dir>/tests/golden/<name>`.
pub fn path(manifest_dir: &str, name: &str) -> PathBuf {
    Path::new(manifest_dir).join("tests/golden").join(name)
}

/// Compares `actual` with the golden file at `path` (see the [module](self)); when
/// [`blessing`], writes `actual` there instead.
///
/// # Errors
/// A file that cannot be read or written, or the first line that differs (the file's and the
/// test's), with how to regenerate it.
pub fn check(path: &Path, actual: &str) -> Result<(), Violation> {
    let shown = path.display();
    if blessing() {
        return std::fs::write(path, actual)
            .map_err(|e| Violation(format!("cannot write the golden file {shown}: {e}")));
    }
    let expected = std::fs::read_to_string(path).map_err(|e| {
        Violation(format!(
            "cannot read the golden file {shown} ({e}); write it with {BLESS}=1"
        ))
    })?;
    if expected == actual {
        return Ok(());
    }
    let (mut want, mut got) = (expected.lines(), actual.lines());
    let mut line = 1;
    loop {
        match (want.next(), got.next()) {
            (Some(a), Some(b)) if a == b => line += 1,
            (None, None) => {
                return Err(Violation(format!(
                    "{shown} differs in its line endings or final newline; \
                     rerun with {BLESS}=1 if the change is intended"
                )));
            }
            (a, b) => {
                return Err(Violation(format!(
                    "{shown}:{line} differs:\n  golden: {}\n  now:    {}\n\
                     rerun with {BLESS}=1 if the change is intended, and review the difference",
                    a.unwrap_or("<end of file>"),
                    b.unwrap_or("<end of output>"),
                )));
            }
        }
    }
}

/// [`check`], panicking with its message.
// A test's assertion: it fails the calling test with the first line that differs.
#[allow(clippy::panic)]
pub fn assert(path: &Path, actual: &str) {
    if let Err(v) = check(path, actual) {
        panic!("{v}");
    }
}
