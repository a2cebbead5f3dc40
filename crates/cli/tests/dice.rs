//! `pbp roll` and `pbp odds`, run as the built binary.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::{Command, Output};

fn pbp(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pbp"))
        .args(args)
        .output()
        .expect("the pbp binary runs")
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "pbp failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).expect("utf-8 output")
}

fn json_lines(output: &Output) -> Vec<serde_json::Value> {
    stdout(output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
        .collect()
}

#[test]
fn roll_json_has_one_object_per_roll() {
    let rolls = json_lines(&pbp(&[
        "roll", "2k1", "--seed", "7", "--count", "5", "--json",
    ]));
    assert_eq!(rolls.len(), 5);
    for roll in &rolls {
        let total = roll["total"].as_i64().expect("an integer total");
        let dice = roll["dice"].as_array().expect("a list of dice");
        assert_eq!(dice.len(), 2);
        let kept: Vec<i64> = dice
            .iter()
            .filter(|d| d["kept"] == true)
            .map(|d| d["value"].as_i64().unwrap())
            .collect();
        assert_eq!(kept.iter().sum::<i64>(), total);
        assert_eq!(roll["expr"], "2k1");
    }
}

#[test]
fn rolls_are_reproducible_by_seed() {
    let a = stdout(&pbp(&["roll", "5k3 h+2", "--seed", "42", "--count", "20"]));
    let b = stdout(&pbp(&["roll", "5k3 h+2", "--seed", "42", "--count", "20"]));
    assert_eq!(a, b);
    assert_eq!(a.lines().count(), 20);
    assert!(a.starts_with("5k3 h+2 = "), "{a}");
}

#[test]
fn every_kind_of_roll() {
    for (expr, check) in [
        ("d10+19", 20..=29),
        ("3d6", 3..=18),
        ("coin", 0..=1),
        ("75%", 0..=1),
    ] {
        for roll in json_lines(&pbp(&["roll", expr, "--count", "50", "--json"])) {
            let total = roll["total"].as_i64().unwrap();
            assert!(check.contains(&total), "{expr}: {total}");
            assert!(roll["dice"].is_array());
        }
    }
    let coin = stdout(&pbp(&["roll", "coin", "--seed", "1"]));
    assert!(
        coin == "coin = heads\n" || coin == "coin = tails\n",
        "{coin}"
    );
}

#[test]
fn bad_notation_is_an_error_pointing_at_it() {
    let output = pbp(&["roll", "2k1 x"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("at byte 4"), "{stderr}");
    assert!(stderr.contains("      ^"), "{stderr}");
    assert!(output.stdout.is_empty());
}

#[test]
fn odds_of_one_roll() {
    let odds = json_lines(&pbp(&["odds", "3d6", "--json"]));
    assert_eq!(odds.len(), 1);
    assert!((odds[0]["mean"].as_f64().unwrap() - 10.5).abs() < 1e-9);
    assert_eq!(odds[0]["percentiles"]["50"], 10);
    let table = odds[0]["table"].as_array().unwrap();
    assert_eq!(table.len(), 16);
    let text = stdout(&pbp(&["odds", "2k1"]));
    assert!(text.starts_with("2k1: mean "), "{text}");
    assert!(text.contains("percentiles"), "{text}");
}

#[test]
fn odds_of_a_contest() {
    let odds = json_lines(&pbp(&["odds", "2k1", "vs", "2k1", "--json"]));
    let (win, lose) = (
        odds[0]["win"].as_f64().unwrap(),
        odds[0]["lose"].as_f64().unwrap(),
    );
    assert!((win - 0.5).abs() < 1e-9 && (win + lose - 1.0).abs() < 1e-12);
    let odds = json_lines(&pbp(&[
        "odds",
        "d10+20 vs d10+19",
        "--compare",
        "first-must-exceed",
        "--json",
    ]));
    assert!((odds[0]["win"].as_f64().unwrap() - 0.55).abs() < 1e-9);
    let stronger = json_lines(&pbp(&["odds", "3k2", "vs", "2k1", "--json"]));
    assert!(stronger[0]["win"].as_f64().unwrap() > 0.5);
}

#[test]
fn impossible_odds_are_errors() {
    let output = pbp(&["odds", "0k0", "vs", "0k0"]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("push"));
    let output = pbp(&["odds", "200k1"]);
    assert!(!output.status.success());
}
