//! Reading and writing files: bounded reads and atomic saves.

use std::fs::{self, File, OpenOptions};
use std::io::{ErrorKind, Read, Write};
use std::path::{Path, PathBuf};

/// The largest file `pbp` reads (saves and configs), so a wrong path cannot exhaust memory.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Reads a UTF-8 text file of at most [`MAX_FILE_BYTES`].
pub fn read_text(path: &Path) -> Result<String, String> {
    let shown = path.display();
    let file = File::open(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {shown}: {e}"))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!(
            "{shown} is larger than {} MiB: not a pbp file",
            MAX_FILE_BYTES / (1024 * 1024)
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{shown} is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })
}

/// The temporary file a save of `path` is written to before it replaces `path`: in the same
/// directory (so the rename cannot cross file systems), named after the file and this process.
fn temp_path(path: &Path) -> Result<PathBuf, String> {
    let name = path
        .file_name()
        .ok_or_else(|| format!("{} is not a file name", path.display()))?;
    let mut temp = name.to_os_string();
    temp.push(format!(".{}.tmp", std::process::id()));
    Ok(path.with_file_name(temp))
}

/// Writes `text` to `path` atomically: a temporary file in the same directory is written and
/// synced, then renamed over `path`. Readers see the old file or the new one, never a part.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    let temp = temp_path(path)?;
    let shown = path.display();
    let result = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&temp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        drop(file);
        fs::rename(&temp, path)
    })();
    if let Err(e) = result {
        // The temporary file is ours; the save itself was not touched.
        let _ = fs::remove_file(&temp);
        return Err(format!("cannot save {shown}: {e}"));
    }
    // Make the rename durable where the platform allows syncing a directory.
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(handle) = File::open(dir) {
            let _ = handle.sync_all();
        }
    }
    Ok(())
}

/// Writes `text` to standard output. A closed pipe (`pbp log FILE | head`) is not an error.
pub fn emit(text: &str) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(format!("cannot write to standard output: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("pbp-store-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn atomic_write_replaces_the_file_and_leaves_no_temporary() {
        let dir = scratch("write");
        let path = dir.join("game.json");
        write_atomic(&path, "one").unwrap();
        write_atomic(&path, "two").unwrap();
        assert_eq!(read_text(&path).unwrap(), "two");
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("game.json")]);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_failed_write_leaves_nothing_behind() {
        let dir = scratch("fail");
        let path = dir.join("missing-dir").join("game.json");
        let error = write_atomic(&path, "x").unwrap_err();
        assert!(error.starts_with("cannot save"), "{error}");
        assert!(fs::read_dir(&dir).unwrap().next().is_none());
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn reading_refuses_binary_and_missing_files() {
        let dir = scratch("read");
        let path = dir.join("bin");
        fs::write(&path, [b'{', 0xff, 0xfe]).unwrap();
        let error = read_text(&path).unwrap_err();
        assert!(
            error.contains("not UTF-8 text (invalid byte at offset 1)"),
            "{error}"
        );
        assert!(
            read_text(&dir.join("nope"))
                .unwrap_err()
                .starts_with("cannot read")
        );
        fs::remove_dir_all(dir).unwrap();
    }
}
