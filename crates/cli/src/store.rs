//! Reading and writing files: bounded reads of regular files, and a save writer that never loses
//! a move or clobbers a file.
//!
//! - Every command that rewrites a save holds an exclusive advisory lock on it (std's
//!   `File::try_lock`, `flock` on Unix) from before it reads the save until the new save has
//!   replaced it, so a second writer waits (at most its `--wait`), then reads the newest save.
//!   Because a save is replaced by a rename, a writer that got the lock checks that the path still
//!   names the file it locked, and starts again if not.
//! - The new save is written to a temporary file created exclusively (`O_EXCL`, so never through a
//!   planted symlink) with an unpredictable name (a dot, the save's name, twelve random characters, then `.pbp-tmp`, by the `tempfile`
//!   crate) in the save's real directory, synced, given the old save's permissions and owner, and
//!   renamed over the real file. A symlinked save keeps its link; the file it points to gets the
//!   move.
//! - Temporary files are hidden, end in `.pbp-tmp`, and are refused as saves; one left by a killed
//!   writer is removed, under the save's lock, by the next writer once it is a minute old.
//! - A save without write permission is refused, and only a regular file is read or replaced
//!   (opened without blocking, so a FIFO or a device cannot hang `pbp`).

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{ErrorKind, Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

/// The largest file `pbp` reads (saves and configs), so a wrong path cannot exhaust memory. A save
/// of this size loads in well under 512 MiB (see docs/CLI.md for the measured figures).
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// The end of every temporary file name, which no save may have.
const TEMP_SUFFIX: &str = ".pbp-tmp";

/// How old a temporary file must be before a writer holding the save's lock removes it as the
/// leftover of a killed writer.
const STALE_TEMP_AGE: Duration = Duration::from_secs(60);

/// Refuses the name of a temporary file, so a leftover is never taken for a save.
fn refuse_temp_name(path: &Path) -> Result<(), String> {
    let is_temp = path
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.ends_with(TEMP_SUFFIX));
    if is_temp {
        return Err(format!(
            "{} is a temporary file left by an interrupted pbp, not a save",
            path.display()
        ));
    }
    Ok(())
}

/// Opens `path` for reading, without blocking (a FIFO or a terminal cannot hang `pbp`), and
/// refuses anything but a regular file.
fn open_regular(path: &Path) -> Result<(File, Metadata), String> {
    let shown = path.display();
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    let file = options
        .open(path)
        .map_err(|e| format!("cannot read {shown}: {e}"))?;
    let meta = file
        .metadata()
        .map_err(|e| format!("cannot read {shown}: {e}"))?;
    if !meta.is_file() {
        return Err(format!(
            "{shown} is not a regular file (a directory, device, FIFO or socket): not a pbp file"
        ));
    }
    Ok((file, meta))
}

/// Reads an open file of at most [`MAX_FILE_BYTES`] as UTF-8 text.
fn read_open(file: &mut File, shown: &Path) -> Result<String, String> {
    let shown = shown.display();
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

/// Reads a regular file's bytes, at most `limit` and one more (so that the caller can tell a file
/// over its limit and say so in its own words).
pub fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, String> {
    let (file, _) = open_regular(path)?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(bytes)
}

/// Reads a regular UTF-8 text file of at most [`MAX_FILE_BYTES`] (a save or a config).
pub fn read_text(path: &Path) -> Result<String, String> {
    refuse_temp_name(path)?;
    let (mut file, _) = open_regular(path)?;
    read_open(&mut file, path)
}

/// A save held under its exclusive lock, with the text read under it. The lock is released when
/// this is dropped.
pub struct LockedSave {
    file: File,
    /// The real path (symlinks resolved): the file that is replaced.
    real: PathBuf,
    /// The path as the user gave it, for messages.
    shown: PathBuf,
    meta: Metadata,
    /// The save's text, read under the lock.
    pub text: String,
}

/// The same file: device and inode on Unix.
fn same_file(a: &Metadata, b: &Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        a.dev() == b.dev() && a.ino() == b.ino()
    }
    #[cfg(not(unix))]
    {
        a.len() == b.len() && a.modified().ok() == b.modified().ok()
    }
}

/// Takes the exclusive lock of the save at `path`, waiting at most `wait` for another writer, and
/// reads it. Refuses a save without write permission, and anything but a regular file.
pub fn lock_save(path: &Path, wait: Duration) -> Result<LockedSave, String> {
    refuse_temp_name(path)?;
    let shown = path.display();
    let real = fs::canonicalize(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let deadline = Instant::now() + wait;
    loop {
        let (mut file, meta) = open_regular(&real)?;
        if meta.permissions().readonly() {
            return Err(format!(
                "{shown} is read-only: pbp does not rewrite a save without write permission (make it writable to play on)"
            ));
        }
        match file.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => {
                if Instant::now() >= deadline {
                    return Err(format!(
                        "{shown} is being changed by another pbp: gave up after waiting {} s (try again, or raise --wait)",
                        wait.as_secs_f64()
                    ));
                }
                std::thread::sleep(Duration::from_millis(5));
                continue;
            }
            Err(fs::TryLockError::Error(e)) => {
                return Err(format!("cannot lock {shown}: {e}"));
            }
        }
        // The writer before us replaced the file by a rename: lock the new one instead.
        match fs::metadata(&real) {
            Ok(now) if same_file(&now, &meta) => {}
            _ => continue,
        }
        file.rewind()
            .map_err(|e| format!("cannot read {shown}: {e}"))?;
        let text = read_open(&mut file, path)?;
        return Ok(LockedSave {
            file,
            real,
            shown: path.to_owned(),
            meta,
            text,
        });
    }
}

impl LockedSave {
    /// Replaces the save with `text` (atomically, keeping its permissions and owner), still under
    /// the lock, then removes stale temporary files of this save.
    pub fn replace(&self, text: &str) -> Result<(), String> {
        write_new_file(&self.real, &self.shown, text, Some(&self.meta), true)?;
        remove_stale_temps(&self.real);
        Ok(())
    }
}

impl Drop for LockedSave {
    fn drop(&mut self) {
        let _ = self.file.unlock();
    }
}

/// Where the first save of `pbp new` goes: a path where nothing is (not even a dangling symlink),
/// or with `force` a regular file that is a pbp save, locked while it is replaced.
pub enum NewTarget {
    /// Nothing is there: the save is created, never replacing anything that appears meanwhile.
    Fresh(PathBuf),
    /// A pbp save that `--force` replaces, under its lock.
    Replace(Box<LockedSave>),
}

/// Checks where `pbp new` may write. `is_save` says whether a text is a pbp save.
pub fn new_target(
    path: &Path,
    force: bool,
    wait: Duration,
    is_save: impl FnOnce(&str) -> bool,
) -> Result<NewTarget, String> {
    refuse_temp_name(path)?;
    let shown = path.display();
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(NewTarget::Fresh(path.to_owned())),
        Err(e) => return Err(format!("cannot write {shown}: {e}")),
        Ok(_) if !force => {
            return Err(format!(
                "{shown} exists already (use --force to replace it, if it is a pbp save)"
            ));
        }
        Ok(_) => {}
    }
    let locked = lock_save(path, wait)?;
    if !is_save(&locked.text) {
        return Err(format!(
            "{shown} is not a pbp save: --force replaces only a pbp save, nothing else"
        ));
    }
    Ok(NewTarget::Replace(Box::new(locked)))
}

impl NewTarget {
    /// Writes the first save there.
    pub fn write(&self, text: &str) -> Result<(), String> {
        match self {
            NewTarget::Fresh(path) => write_new_file(path, path, text, None, false),
            NewTarget::Replace(locked) => locked.replace(text),
        }
    }
}

/// The directory a file is in (`.` for a bare name).
fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Writes `text` to a fresh temporary file beside `target` and renames it over `target`
/// (`replace`) or links it there only if nothing is there yet. `keep` is the metadata of the file
/// replaced, whose permissions and owner the new one gets.
fn write_new_file(
    target: &Path,
    shown: &Path,
    text: &str,
    keep: Option<&Metadata>,
    replace: bool,
) -> Result<(), String> {
    let shown = shown.display();
    let name = target
        .file_name()
        .ok_or_else(|| format!("{shown} is not a file name"))?;
    let dir = directory_of(target);
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(name);
    prefix.push(".");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(TEMP_SUFFIX).rand_bytes(12);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // As a plain file would be created: 0666 less the umask.
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let fail = |e: std::io::Error| format!("cannot save {shown}: {e}");
    let mut temp = builder.tempfile_in(dir).map_err(fail)?;
    temp.write_all(text.as_bytes()).map_err(fail)?;
    if let Some(old) = keep {
        temp.as_file()
            .set_permissions(old.permissions())
            .map_err(fail)?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            // Keeps the owner where allowed (root rewriting a player's save); otherwise the
            // writer owns the file, as any editor's save would.
            let _ = std::os::unix::fs::fchown(temp.as_file(), Some(old.uid()), Some(old.gid()));
        }
    }
    temp.as_file().sync_all().map_err(fail)?;
    // On failure the temporary file is removed when `temp` is dropped; the save is untouched.
    if replace {
        temp.persist(target).map_err(|e| fail(e.error))?;
    } else {
        temp.persist_noclobber(target).map_err(|e| {
            if e.error.kind() == ErrorKind::AlreadyExists {
                format!("{shown} appeared while the game was being set up: it was left as it is")
            } else {
                fail(e.error)
            }
        })?;
    }
    // Make the rename durable where the platform allows syncing a directory.
    if let Ok(handle) = File::open(dir) {
        let _ = handle.sync_all();
    }
    Ok(())
}

/// Removes this save's temporary files older than [`STALE_TEMP_AGE`]: left by a writer killed
/// between writing and renaming, since a live writer holds the lock (which the caller holds now).
/// Only regular files are removed; a symlink of that name is left alone and never followed.
fn remove_stale_temps(real: &Path) {
    let Some(name) = real.file_name().and_then(|n| n.to_str()) else {
        return;
    };
    let prefix = format!(".{name}.");
    let Ok(entries) = fs::read_dir(directory_of(real)) else {
        return;
    };
    let now = SystemTime::now();
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(file_name) = file_name.to_str() else {
            continue;
        };
        if !file_name.starts_with(&prefix) || !file_name.ends_with(TEMP_SUFFIX) {
            continue;
        }
        let Ok(meta) = fs::symlink_metadata(entry.path()) else {
            continue;
        };
        let old = meta
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok())
            .is_some_and(|age| age >= STALE_TEMP_AGE);
        if meta.is_file() && old {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Writes `text` to standard output. A closed pipe (`pbp log FILE | head`) is not an error.
pub fn emit(text: &str) -> Result<(), String> {
    emit_bytes(text.as_bytes())
}

/// Writes `bytes` (text, or a PNG picture) to standard output, as [`emit`].
pub fn emit_bytes(bytes: &[u8]) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
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

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<_> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    const WAIT: Duration = Duration::from_secs(2);

    #[test]
    fn replacing_leaves_no_temporary_and_keeps_the_mode() {
        let dir = scratch("write");
        let path = dir.join("game.json");
        let fresh = new_target(&path, false, WAIT, |_| true).unwrap();
        fresh.write("one").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        }
        let locked = lock_save(&path, WAIT).unwrap();
        assert_eq!(locked.text, "one");
        locked.replace("two").unwrap();
        drop(locked);
        assert_eq!(read_text(&path).unwrap(), "two");
        assert_eq!(names(&dir), vec!["game.json"]);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o640);
        }
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_failed_write_leaves_nothing_behind() {
        let dir = scratch("fail");
        let path = dir.join("missing-dir").join("game.json");
        let error = NewTarget::Fresh(path).write("x").unwrap_err();
        assert!(error.starts_with("cannot save"), "{error}");
        assert!(fs::read_dir(&dir).unwrap().next().is_none());
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn reading_refuses_binary_missing_temporary_and_special_files() {
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
        let temp = dir.join(".game.json.abcdefabcdef.pbp-tmp");
        fs::write(&temp, "{}").unwrap();
        assert!(
            read_text(&temp)
                .unwrap_err()
                .contains("a temporary file left by an interrupted pbp")
        );
        assert!(read_text(&dir).unwrap_err().contains("not a regular file"));
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_held_lock_makes_the_next_writer_give_up_after_its_wait() {
        let dir = scratch("lock");
        let path = dir.join("game.json");
        fs::write(&path, "one").unwrap();
        let held = lock_save(&path, WAIT).unwrap();
        let started = Instant::now();
        let error = lock_save(&path, Duration::from_millis(200)).err().unwrap();
        assert!(started.elapsed() >= Duration::from_millis(200));
        assert!(
            error.contains("is being changed by another pbp: gave up after waiting 0.2 s"),
            "{error}"
        );
        drop(held);
        assert_eq!(lock_save(&path, WAIT).unwrap().text, "one");
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn stale_temporaries_are_removed_young_ones_and_symlinks_kept() {
        let dir = scratch("stale");
        let path = dir.join("game.json");
        fs::write(&path, "one").unwrap();
        let stale = dir.join(".game.json.aaaaaaaaaaaa.pbp-tmp");
        let young = dir.join(".game.json.bbbbbbbbbbbb.pbp-tmp");
        let other = dir.join(".other.json.cccccccccccc.pbp-tmp");
        for file in [&stale, &young, &other] {
            fs::write(file, "{}").unwrap();
        }
        let an_hour_ago = SystemTime::now() - Duration::from_secs(3600);
        for file in [&stale, &other] {
            File::options()
                .write(true)
                .open(file)
                .unwrap()
                .set_modified(an_hour_ago)
                .unwrap();
        }
        #[cfg(unix)]
        let link = {
            let target = dir.join("precious");
            fs::write(&target, "keep me").unwrap();
            let link = dir.join(".game.json.dddddddddddd.pbp-tmp");
            std::os::unix::fs::symlink(&target, &link).unwrap();
            link
        };
        lock_save(&path, WAIT).unwrap().replace("two").unwrap();
        assert!(!stale.exists(), "a killed writer's leftover is removed");
        assert!(
            young.exists(),
            "a temporary file of a minute ago may be a live writer's"
        );
        assert!(other.exists(), "another save's files are not touched");
        #[cfg(unix)]
        {
            assert!(fs::symlink_metadata(&link).is_ok());
            assert_eq!(fs::read_to_string(dir.join("precious")).unwrap(), "keep me");
        }
        fs::remove_dir_all(dir).unwrap();
    }
}
