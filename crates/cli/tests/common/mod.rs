//! Runs the `pbp` binary in a scratch directory: the helpers the CLI's tests share.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![allow(dead_code)] // Each test file uses a part of these helpers.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// A scratch directory for one test, removed when the test ends.
pub struct Scratch(PathBuf);

impl Scratch {
    /// A fresh directory named after the test file, the process and `name`.
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "pbp-{}-{}-{name}",
            env!("CARGO_CRATE_NAME"),
            std::process::id()
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// The path of `name` in the directory.
    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// The names of the files in the directory, sorted.
    pub fn files(&self) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Runs `pbp` with `args` (and nothing on its standard input).
pub fn pbp(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pbp"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the pbp binary runs")
}

/// Output as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// Runs `pbp` and expects success; returns standard output.
pub fn ok(args: &[&str]) -> String {
    let out = pbp(args);
    assert!(
        out.status.success(),
        "pbp {args:?} failed: {}",
        text(&out.stderr)
    );
    text(&out.stdout)
}

/// Runs `pbp` and expects its standard output to be JSON.
pub fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(args)).unwrap()
}

/// Runs `pbp` and expects a refusal with a documented exit code (docs/CLI.md: 1, or 3 to 10), a
/// message on stderr and nothing on stdout; returns the code and the message.
pub fn refused_code(args: &[&str]) -> (i32, String) {
    let out = pbp(args);
    let code = out.status.code().unwrap_or_default();
    assert!(
        code == 1 || (3..=13).contains(&code),
        "pbp {args:?} should fail with a documented code, not {code}"
    );
    (code, refusal_message(args, &out))
}

/// Runs `pbp` and expects a refusal with exit code `code`, a message on stderr and nothing on
/// stdout; returns the message.
pub fn refused_with(code: i32, args: &[&str]) -> String {
    let out = pbp(args);
    assert_eq!(out.status.code(), Some(code), "pbp {args:?} should fail");
    refusal_message(args, &out)
}

/// The message of a refusal: nothing on stdout, `pbp: ...` on stderr, no panic.
fn refusal_message(args: &[&str], out: &Output) -> String {
    assert!(
        out.stdout.is_empty(),
        "pbp {args:?} printed {:?}",
        text(&out.stdout)
    );
    let message = text(&out.stderr);
    assert!(message.starts_with("pbp: "), "{message}");
    assert!(!message.contains("panicked"), "{message}");
    message
}

/// A path as a command-line argument.
pub fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}
