//! The sizes pbp reads, and the thread's bytes checked as UTF-8 text.

use crate::TableError;

/// The largest thread pbp reads at once: 50 MiB.
pub const MAX_THREAD_BYTES: usize = 50 * 1024 * 1024;

/// The largest post pbp reads: 1 MiB.
pub const MAX_POST_BYTES: usize = 1024 * 1024;

/// `bytes` as text, within [`MAX_THREAD_BYTES`].
///
/// # Errors
/// [`TableError::ThreadTooLarge`], or [`TableError::ThreadEncoding`] naming the first byte that
/// is not UTF-8 and its line.
pub fn thread_text(bytes: &[u8]) -> Result<&str, TableError> {
    if bytes.len() > MAX_THREAD_BYTES {
        return Err(TableError::ThreadTooLarge {
            bytes: bytes.len(),
            limit: MAX_THREAD_BYTES,
        });
    }
    std::str::from_utf8(bytes).map_err(|e| {
        let offset = e.valid_up_to();
        TableError::ThreadEncoding {
            offset,
            line: 1 + bytes[..offset].iter().filter(|&&b| b == b'\n').count(),
        }
    })
}

/// Refuses a post over [`MAX_POST_BYTES`]; `describe` names it.
///
/// # Errors
/// [`TableError::PostTooLarge`].
pub fn check_post(body: &str, describe: impl FnOnce() -> String) -> Result<(), TableError> {
    if body.len() > MAX_POST_BYTES {
        return Err(TableError::PostTooLarge {
            post: describe(),
            bytes: body.len(),
            limit: MAX_POST_BYTES,
        });
    }
    Ok(())
}
