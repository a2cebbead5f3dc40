//! Runs the `pbp` binary through a whole duel: every generic game command, every output format
//! and viewer, and broken save files.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

mod common;

use common::*;

/// Runs `pbp` and expects a refusal (an exit code of docs/CLI.md, a message on stderr, nothing on
/// stdout); returns the message.
fn refused(args: &[&str]) -> String {
    refused_code(args).1
}

/// Starts a duel with seed 5 in `dir/game.json`.
fn start(dir: &Scratch) -> PathBuf {
    let save = dir.path("game.json");
    let out = ok(&["new", "duel", "--seed", "5", "--out", s(&save)]);
    assert!(out.contains("started duel"), "{out}");
    assert!(out.contains("to act: Player 1, Player 2, gm"), "{out}");
    save
}

#[test]
fn games_lists_the_duel_first() {
    let list = ok(&["games"]);
    assert!(list.starts_with("duel "), "{list}");
    // Each game with its title, never a capitalised slug.
    for (name, title) in [
        ("duel", "Duel"),
        ("clan-war", "Clan War"),
        ("three-kingdoms", "Three Kingdoms"),
        ("warring-states", "Warring States"),
        ("scroll-race", "Scroll Race"),
    ] {
        let line = list.lines().find(|l| l.starts_with(name)).unwrap();
        assert!(line.ends_with(title), "{line}");
    }
    let all = json(&["games", "--json"]);
    assert_eq!(all[0]["name"], "duel");
    assert_eq!(all[0]["default_config"]["first_to"], 3);
}

#[test]
fn help_is_everywhere() {
    for command in [
        "games", "new", "legal", "act", "show", "log", "undo", "replay", "simulate",
    ] {
        let out = ok(&[command, "--help"]);
        assert!(out.contains("Usage: pbp"), "{command}: {out}");
    }
    let out = ok(&["--help"]);
    for command in ["games", "simulate", "replay"] {
        assert!(out.contains(command), "{out}");
    }
}

#[test]
fn a_whole_duel() {
    let dir = Scratch::new("whole");
    let save = start(&dir);
    let file = s(&save);

    // Legal actions, both forms.
    assert_eq!(ok(&["legal", file, "--as", "0"]), "strike\nfocus\n");
    assert_eq!(ok(&["legal", file, "--as", "gm"]), "concede 0\nconcede 1\n");
    let legal = json(&["legal", file, "--as", "1", "--json"]);
    assert_eq!(legal[1]["json"], serde_json::json!({"choose": "focus"}));

    // Seat 0 seals focus in the text form; it sees its own choice.
    let out = ok(&["act", file, "--as", "0", "focus"]);
    assert_eq!(
        out,
        "step 1: Player 1 sealed a stance\nstep 1: Player 1 chose focus\nto act: Player 2, gm\n"
    );
    let out = pbp(&["legal", file, "--as", "0"]);
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
    assert!(text(&out.stderr).contains("Player 1 has no legal action now"));

    // The sealed stance shows to seat 0 and the game master only.
    let seat0 = ok(&["show", file, "--as", "0"]);
    assert!(seat0.contains("own stance focus"), "{seat0}");
    for viewer in ["1", "public"] {
        for format in ["text", "json", "bbcode", "svg"] {
            let out = ok(&["show", file, "--as", viewer, "--format", format]);
            assert!(
                !out.contains("own stance focus"),
                "{viewer} {format}: {out}"
            );
            assert!(!out.contains("chose focus"), "{viewer} {format}: {out}");
            assert!(!out.contains("\"focus\""), "{viewer} {format}: {out}");
        }
        let log = ok(&["log", file, "--as", viewer]);
        let (events, chain) = log.rsplit_once("chain at step 1: ").unwrap();
        assert_eq!(
            events,
            "step 0: the setup of Duel: Player 1, Player 2\nstep 1: Player 1 sealed a stance\n",
            "{viewer}"
        );
        // The log ends with the chain's head, the same for every viewer.
        assert_eq!(chain.trim().len(), 12, "{viewer}: {log}");
        let log = ok(&["log", file, "--as", viewer, "--json"]);
        assert!(!log.contains("\"focus\""), "{viewer}: {log}");
    }
    let gm = json(&["show", file, "--as", "gm", "--format", "json"]);
    assert_eq!(gm["view"]["own"], serde_json::json!(["focus", null]));
    assert_eq!(gm["steps"], 1);
    assert!(ok(&["log", file, "--as", "gm"]).contains("Player 1 chose focus"));

    // Seat 1 strikes in the JSON form with dice rolled elsewhere: seat 0's 3k1 rolls 2, 10+4, 1
    // = 14 against seat 1's 9, 9.
    let report = json(&[
        "act",
        file,
        "--as",
        "1",
        r#"{"choose":"strike"}"#,
        "--dice",
        "2,10,4,1,9,9",
        "--json",
    ]);
    assert_eq!(report["step"], 2);
    assert_eq!(report["action"]["text"], "strike");
    let round = &report["events"][2]["event"]["round"];
    assert_eq!(round["winner"], 0);
    assert_eq!(round["rolls"][0][0]["total"], 14);
    assert_eq!(round["rolls"][0][1]["total"], 9);

    // Every format after the round, for every viewer.
    let public = ok(&["show", file]);
    assert!(public.starts_with("Duel, first to 3: 1 - 0\n"), "{public}");
    let bbcode = ok(&["show", file, "--format", "bbcode"]);
    assert!(bbcode.contains("[b]Duel[/b]: 1 - 0"), "{bbcode}");
    assert!(bbcode.contains("focus against strike: 14 to 9"), "{bbcode}");
    assert!(!bbcode.contains("Player 2 chose"), "{bbcode}");
    let svg = ok(&["show", file, "--as", "gm", "--format", "svg"]);
    assert!(svg.starts_with("<svg"), "{svg}");

    // Play on with seeded dice until someone has won three rounds.
    let mut rounds = 1;
    loop {
        let view = json(&["show", file, "--as", "gm", "--format", "json"]);
        if view["turn"].get("over").is_some() {
            break;
        }
        assert!(rounds < 5, "the duel must end within five rounds");
        ok(&["act", file, "--as", "0", "strike"]);
        ok(&["act", file, "--as", "seat1", "strike"]);
        rounds += 1;
    }
    let out = ok(&["show", file]);
    assert!(out.contains("game over, won by Player"), "{out}");
    let message = refused(&["act", file, "--as", "0", "strike"]);
    assert!(message.contains("the duel is over"), "{message}");

    // The record replays with the seed check; undo takes back the last action.
    let replayed = ok(&["replay", file]);
    assert!(replayed.contains("replays exactly"), "{replayed}");
    let steps = json(&["show", file, "--format", "json"])["steps"]
        .as_u64()
        .unwrap();
    let out = ok(&["undo", file]);
    assert!(out.starts_with(&format!("took back step {steps}")), "{out}");
    let after = json(&["show", file, "--format", "json"]);
    assert_eq!(after["steps"].as_u64(), Some(steps - 1));
    assert!(after["turn"].get("acting").is_some());
    ok(&["replay", file]);
    assert_eq!(dir.files(), vec!["game.json"]);
}

#[test]
fn the_game_master_concedes_for_a_seat() {
    let dir = Scratch::new("concede");
    let save = start(&dir);
    let out = ok(&["act", s(&save), "--as", "gm", "concede", "1"]);
    assert!(out.contains("Player 1 wins the duel"), "{out}");
    assert!(
        out.contains("game over, won by Player 1: a seat conceded"),
        "{out}"
    );
}

#[test]
fn undo_with_nothing_to_undo_is_refused() {
    let dir = Scratch::new("undo");
    let save = start(&dir);
    let before = fs::read(&save).unwrap();
    let (code, message) = refused_code(&["undo", s(&save)]);
    assert!(message.contains("there is no action to undo"));
    assert_eq!(code, 10);
    assert_eq!(fs::read(&save).unwrap(), before);
}

#[test]
fn refused_actions_leave_the_save_byte_identical() {
    let dir = Scratch::new("refused");
    let save = start(&dir);
    let file = s(&save);
    ok(&["act", file, "--as", "0", "strike"]);
    let before = fs::read(&save).unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["act", file, "--as", "0", "strike"],
            "cannot choose a stance now",
        ),
        (
            &["act", file, "--as", "1", "dance"],
            "not an action of duel",
        ),
        (&["act", file, "--as", "1", "{\"choose\":1}"], "as JSON"),
        (
            &["act", file, "--as", "gm", "strike"],
            "does not choose stances",
        ),
        (
            &["act", file, "--as", "1", "concede", "0"],
            "only the game master",
        ),
        (&["act", file, "--as", "7", "strike"], "Player 8 cannot"),
        (
            &["act", file, "--as", "1", "strike", "--dice", "3,4"],
            "all 2 dice values given were used and the step needs at least 2 more",
        ),
        (
            &["act", file, "--as", "1", "strike", "--dice", "3,4,11,2"],
            "dice value 11, the 3rd value given, is out of range: that roll is a d10, which rolls 1 to 10",
        ),
        (
            &[
                "act",
                file,
                "--as",
                "1",
                "strike",
                "--dice",
                "9,1,2,3,4,5,6",
            ],
            "were given but the step used only the first 4",
        ),
    ];
    // The exit codes of docs/CLI.md: 5 not your turn, 3 cannot parse, 4 illegal, 6 more dice, 7
    // a bad dice value or too many.
    let codes = [5, 3, 3, 4, 4, 5, 6, 7, 7];
    assert_eq!(codes.len(), cases.len());
    for ((args, expected), code) in cases.iter().zip(codes) {
        let (got, message) = refused_code(args);
        assert!(message.contains(expected), "{args:?}: {message}");
        assert_eq!(got, code, "{args:?}: {message}");
        assert_eq!(
            fs::read(&save).unwrap(),
            before,
            "{args:?} changed the save"
        );
    }
    assert_eq!(dir.files(), vec!["game.json"]);
}

#[test]
fn new_refuses_bad_input() {
    let dir = Scratch::new("new");
    let out = dir.path("x.json");
    let o = s(&out);
    assert!(refused(&["new", "chess", "--out", o]).contains("no game named 'chess'"));
    let config = dir.path("config.json");
    fs::write(&config, "{\"first_to\": 0}").unwrap();
    assert!(refused(&["new", "duel", "--config", s(&config), "--out", o]).contains("first_to"));
    fs::write(&config, "{\"first_to\": 2,").unwrap();
    let message = refused(&["new", "duel", "--config", s(&config), "--out", o]);
    assert!(message.contains("line 1 column"), "{message}");
    assert!(
        refused(&["new", "duel", "--config", s(&dir.path("nope")), "--out", o])
            .contains("cannot read")
    );
    assert!(refused(&["new", "duel", "--dice", "3", "--out", o]).contains("were given"));
    assert_eq!(dir.files(), vec!["config.json"]);
    // A config that works, then no overwrite without --force.
    fs::write(&config, "{\"first_to\": 1}").unwrap();
    ok(&["new", "duel", "--config", s(&config), "--out", o]);
    assert!(refused(&["new", "duel", "--out", o]).contains("exists already"));
    ok(&["new", "duel", "--out", o, "--force"]);
    // A bad argument is clap's usage error (exit 2).
    let bad = pbp(&["new", "duel", "--seed", "-1", "--out", o]);
    assert_eq!(bad.status.code(), Some(2));
}

fn rewrite(path: &Path, edit: impl FnOnce(&mut Value)) {
    let mut save: Value = serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    edit(&mut save);
    fs::write(path, serde_json::to_string_pretty(&save).unwrap()).unwrap();
}

#[test]
fn broken_saves_are_refused_and_left_as_they_were() {
    let dir = Scratch::new("broken");
    let good = start(&dir);
    ok(&["act", s(&good), "--as", "0", "focus"]);
    ok(&[
        "act",
        s(&good),
        "--as",
        "1",
        "strike",
        "--dice",
        "2,10,4,1,9,9",
    ]);
    let original = fs::read_to_string(&good).unwrap();
    let broken = dir.path("broken.json");

    let truncated = &original[..original.len() * 2 / 3];
    let corrupted = original.replacen("\"record\"", "\"rec\u{0}ord\"", 1);
    let cases: Vec<(String, &str)> = vec![
        (
            truncated.to_owned(),
            "the save is not valid JSON: EOF while parsing",
        ),
        (corrupted, "not valid JSON"),
        (String::new(), "not valid JSON"),
        ("[]".into(), "not a pbp save"),
        (
            original.replacen("\"pbp_save\": 1", "\"pbp_save\": 2", 1),
            "save format 2 is not supported",
        ),
        (
            original.replacen("\"game\": \"duel\"", "\"game\": \"go\"", 1),
            "no game named 'go'",
        ),
        (
            original.replacen("\"first_to\": 3", "\"first_to\": 1", 1),
            "checksum mismatch",
        ),
    ];
    for (content, expected) in cases {
        fs::write(&broken, &content).unwrap();
        for args in [
            vec!["show", s(&broken)],
            vec!["log", s(&broken)],
            vec!["legal", s(&broken), "--as", "0"],
            vec!["act", s(&broken), "--as", "0", "strike"],
            vec!["undo", s(&broken)],
            vec!["replay", s(&broken)],
        ] {
            let message = refused(&args);
            assert!(message.contains(expected), "{args:?}: {message}");
            assert!(message.contains("broken.json"), "{message}");
            assert_eq!(fs::read_to_string(&broken).unwrap(), content);
        }
    }

    // Tampered with and resealed: a seat that acts twice, a seeded roll changed.
    fs::write(&broken, &original).unwrap();
    rewrite(&broken, |save| {
        save["record"]["entries"][1]["actor"] = serde_json::json!({"seat": 0});
        reseal(save);
    });
    let message = refused(&["replay", s(&broken)]);
    assert!(
        message.contains("step 2 of the record does not replay"),
        "{message}"
    );

    fs::write(&broken, &original).unwrap();
    rewrite(&broken, |save| {
        save["record"]["entries"][1]["source"] = "seeded".into();
        reseal(save);
    });
    let message = refused(&["replay", s(&broken)]);
    assert!(
        message.contains("do not match the record's seed"),
        "{message}"
    );

    // Not UTF-8.
    fs::write(&broken, b"\xff\xfe{}").unwrap();
    assert!(refused(&["show", s(&broken)]).contains("not UTF-8"));
    assert!(refused(&["show", s(&dir.path("missing.json"))]).contains("cannot read"));

    // The good save was never touched.
    assert_eq!(fs::read_to_string(&good).unwrap(), original);
    ok(&["replay", s(&good)]);
}

/// Recomputes a save's checksum the way pbp does, as a forger could.
fn reseal(save: &mut Value) {
    save["checksum"] = Value::String(pbp_core::engine::erased::checksum(&save["record"]));
}

#[test]
fn simulate_summarizes() {
    let out = ok(&["simulate", "duel", "--games", "200", "--seed", "9"]);
    assert!(
        out.starts_with("duel: 200 games from seed 9, 200 finished\n"),
        "{out}"
    );
    assert!(out.contains("Player 1 won"), "{out}");
    assert!(out.contains("actions per game: average"), "{out}");
    // No progress bar when stderr is not a terminal.
    let run = pbp(&["simulate", "duel", "--games", "50"]);
    assert!(run.stderr.is_empty());
    let summary = json(&[
        "simulate", "duel", "--games", "200", "--seed", "9", "--json",
    ]);
    assert_eq!(summary["summary"]["games"], 200);
    let wins: u64 = summary["summary"]["wins"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(wins + summary["summary"]["draws"].as_u64().unwrap(), 200);
    // The same seed gives the same games.
    assert_eq!(
        ok(&["simulate", "duel", "--games", "200", "--seed", "9"]),
        out
    );
    assert!(refused(&["simulate", "nope", "--games", "1"]).contains("no game named"));
}

#[test]
fn simulate_gives_the_same_summary_on_any_number_of_threads() {
    for (game, games) in [("duel", "300"), ("clan-war", "6"), ("scroll-race", "6")] {
        for bot in ["random", "heuristic"] {
            let args = |threads: &'static str| {
                vec![
                    "simulate",
                    game,
                    "--games",
                    games,
                    "--seed",
                    "5",
                    "--bot",
                    bot,
                    "--threads",
                    threads,
                ]
            };
            let one = ok(&args("1"));
            assert!(one.contains(&format!("{games} games from seed 5")), "{one}");
            assert_eq!(ok(&args("2")), one, "{game} {bot}");
            assert_eq!(ok(&args("3")), one, "{game} {bot}");
        }
    }
    let zero = pbp(&["simulate", "duel", "--threads", "0"]);
    assert_eq!(zero.status.code(), Some(2));
    assert!(text(&zero.stderr).contains("--threads"));
}

/// Ctrl-C stops a run: the summary of the games finished so far is printed, and it is the
/// summary of `--games k` for the `k` games it covers.
#[cfg(unix)]
#[test]
fn simulate_interrupted_prints_the_games_finished_so_far() {
    let child = Command::new(env!("CARGO_BIN_EXE_pbp"))
        .args([
            "simulate",
            "duel",
            "--games",
            "100000000",
            "--seed",
            "3",
            "--threads",
            "2",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("interrupted: the summary covers the first"),
        "{stderr}"
    );
    let stdout = text(&out.stdout);
    let games: u64 = stdout
        .strip_prefix("duel: ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count of games in {stdout:?}"));
    assert!(games > 0 && games < 100_000_000, "{stdout}");
    let count = games.to_string();
    let again = ok(&["simulate", "duel", "--games", &count, "--seed", "3"]);
    assert_eq!(stdout, again);
}

/// A Clan War game as a game master runs it: seats by player name or clan, a log that opens with
/// the setup, names instead of numbers, BBCode in plain lists unless tables are asked for.
#[test]
fn a_clan_war_game_master_names_seats_and_chooses_the_bbcode_style() {
    let dir = Scratch::new("clan-war-words");
    let save = dir.path("cw.json");
    let out = ok(&["new", "clan-war", "--seed", "3", "--out", s(&save)]);
    assert!(
        out.contains("to act: Mongooseh (Crab), BegrudginglyGood (Dragon), Plainsfox (Lion)"),
        "{out}"
    );
    // --as takes the seat's number, its clan or its player's name, in any case.
    let by_number = ok(&["legal", s(&save), "--as", "2"]);
    assert_eq!(ok(&["legal", s(&save), "--as", "Lion"]), by_number);
    assert_eq!(ok(&["legal", s(&save), "--as", "plainsfox"]), by_number);
    let out = pbp(&["legal", s(&save), "--as", "Unicorn"]);
    assert_eq!(out.status.code(), Some(2), "a bad --as is a usage error");
    assert!(out.stdout.is_empty());
    let unknown = text(&out.stderr);
    assert!(unknown.contains("2 Plainsfox (Lion)"), "{unknown}");
    let first = by_number.lines().find(|l| l.starts_with("attack")).unwrap();
    let acted = ok(&["act", s(&save), "--as", "Plainsfox", first]);
    assert!(acted.contains("Plainsfox (Lion) attacks"), "{acted}");
    // The log opens with step 0, the setup, naming every seat.
    let log = ok(&["log", s(&save), "--as", "gm"]);
    assert!(
        log.starts_with(
            "step 0: the setup of Clan War: Mongooseh (Crab), BegrudginglyGood (Dragon)"
        ),
        "{log}"
    );
    assert!(!log.contains("seat 2:"), "{log}");
    ok(&["act", s(&save), "--as", "gm", "end round"]);
    let plain = ok(&["show", s(&save), "--format", "bbcode"]);
    assert!(!plain.contains("[table]"), "{plain}");
    assert!(plain.contains("[*][b]Plainsfox (Lion)[/b]: "), "{plain}");
    assert!(
        plain.contains("[i]round 2 of 12: step 2, after the post for step 1[/i]"),
        "{plain}"
    );
    let table = ok(&[
        "show",
        s(&save),
        "--format",
        "bbcode",
        "--bbcode-style",
        "table",
    ]);
    assert!(table.contains("[table][tr][th]Clan[/th]"), "{table}");
    assert!(table.contains("[td]Plainsfox (Lion)[/td]"), "{table}");
    let bad = pbp(&[
        "show",
        s(&save),
        "--format",
        "bbcode",
        "--bbcode-style",
        "grid",
    ]);
    assert_eq!(bad.status.code(), Some(2), "a usage error");
    assert!(text(&bad.stderr).contains("expected plain or table"));
}
