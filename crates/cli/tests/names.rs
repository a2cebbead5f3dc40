//! `pbp new GAME --players Ann,Bo,...`: the names given once are in every output (the text
//! view, the BBCode post, the SVG, the log, a refusal), and bad names are refused with the
//! config's exit code before any file is written.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;

/// A Warring States game of Ann, Bo, Cy and Di in `dir/game.json`.
fn start(dir: &Scratch) -> String {
    let save = dir.path("game.json");
    let out = ok(&[
        "new",
        "warring-states",
        "--seed",
        "5",
        "--players",
        "Ann,Bo,Cy,Di",
        "--out",
        s(&save),
    ]);
    assert!(
        out.contains("to act: Ann (Red), Bo (Yellow), Cy (Green), Di (Cyan)"),
        "{out}"
    );
    s(&save).to_owned()
}

#[test]
fn the_names_given_are_in_every_output() {
    let dir = Scratch::new("names-outputs");
    let save = start(&dir);
    let text = ok(&["show", &save]);
    assert!(text.contains("Ann (Red)"), "{text}");
    let bbcode = ok(&["show", &save, "--format", "bbcode"]);
    assert!(bbcode.contains("[b]Bo (Yellow)[/b]"), "{bbcode}");
    let svg = ok(&["show", &save, "--format", "svg"]);
    assert!(svg.contains("Cy (Green)"), "{svg}");
    for output in [&text, &bbcode, &svg] {
        assert!(!output.contains("Player 1"), "{output}");
    }
    // A seat is named by its player in commands too, and the log says who acted.
    ok(&["act", &save, "--as", "gm", "no orders Di"]);
    let log = ok(&["log", &save, "--as", "gm"]);
    assert!(log.contains("Di (Cyan)"), "{log}");
    let json = json(&["show", &save, "--format", "json"]);
    assert_eq!(json["title"], "Warring States");
    // A refusal names the player: Di, given no orders, has no turn to send them in.
    let refused = refused_with(
        5,
        &[
            "act",
            &save,
            "--as",
            "Di",
            "[b]10 Rice for Defense of Qin.[/b]",
        ],
    );
    assert!(refused.contains("Di (Cyan)"), "{refused}");
}

#[test]
fn bad_names_are_refused_before_a_file_is_written() {
    let dir = Scratch::new("names-refused");
    let save = dir.path("game.json");
    let long = "a".repeat(81);
    let unprintable = "Ann,B\u{200B}o";
    let too_long = format!("Ann,{long}");
    for (players, said) in [
        ("Ann,ann", "the same name once case and spacing are ignored"),
        ("Ann, ANN ", "player 1 ('Ann') and player 2 (' ANN ')"),
        (unprintable, "U+200B"),
        (too_long.as_str(), "at most 80 characters"),
        (
            "Ann,Bo,Cy",
            "this Duel game has 2 seats, but 3 player names were given",
        ),
    ] {
        let message = refused_with(8, &["new", "duel", "--players", players, "--out", s(&save)]);
        assert!(message.contains(said), "{players}: {message}");
        assert!(!save.exists(), "{players}");
    }
}
