//! `pbp check-army` on the starter armies and on a broken army file.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

fn pbp(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_pbp"))
        .args(args)
        .output()
        .expect("pbp runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn starter() -> String {
    format!(
        "{}/../three-kingdoms/data/starter-armies.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn the_starter_armies_are_legal() {
    let (ok, out, err) = pbp(&["check-army", &starter()]);
    assert!(ok, "{err}");
    assert!(
        out.contains("Wei: the Hero of a Chaotic Age: legal"),
        "{out}"
    );
    assert!(!out.contains("problem"), "{out}");
}

#[test]
fn each_problem_is_explained_and_the_exit_is_a_failure() {
    let text = std::fs::read_to_string(starter()).unwrap();
    let mut armies: serde_json::Value = serde_json::from_str(&text).unwrap();
    let first = &mut armies["armies"][0];
    first["characters"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!("no-such-general"));
    let dir = std::env::temp_dir().join(format!("pbp-army-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("armies.json");
    std::fs::write(&path, armies.to_string()).unwrap();
    let (ok, out, err) = pbp(&["check-army", path.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(!ok);
    assert!(
        out.contains("Wei: the Hero of a Chaotic Age: 1 problem"),
        "{out}"
    );
    assert!(out.contains("no-such-general"), "{out}");
    assert!(err.contains("1 of 10 armies is not legal"), "{err}");
}

#[test]
fn a_file_that_is_not_an_army_file_is_refused() {
    let dir = std::env::temp_dir().join(format!("pbp-army-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("armies.json");
    std::fs::write(&path, "{\"format\": 3").unwrap();
    let (ok, _, err) = pbp(&["check-army", path.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(!ok);
    assert!(err.starts_with("pbp: "), "{err}");
}
