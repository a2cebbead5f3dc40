//! The scenario runner (`pbp_core::engine::testing::scenario`) on the small Duel game: what passes, and
//! that every kind of failure names its line and says what differed.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_core::engine::duel::{Duel, DuelEvent, DuelView};
use pbp_core::engine::testing::scenario::{ScenarioReport, run};

/// A stand-in for a renderer's event text: enough words to tell events apart.
fn text(event: &DuelEvent, _view: &DuelView) -> String {
    match event {
        DuelEvent::Sealed { seat } => format!("Player {} sealed a stance", seat.0 + 1),
        other => format!("{other:?}"),
    }
}

fn failure(scenario: &str) -> (usize, String) {
    let f = run::<Duel>("duel.txt", scenario, Some(text)).unwrap_err();
    assert_eq!(f.file, "duel.txt");
    (f.line, f.message)
}

const OPENING: &str = "# two seats, first to 2\nconfig {\"first_to\": 2}\nsetup\n";

#[test]
fn a_scenario_that_holds_passes_and_counts_what_it_checked() {
    let scenario = format!(
        "{OPENING}expect view public /first_to = 2\nseat 0: focus\nexpect event Player 1 sealed a stance\n\
         expect view seat 0 /own/0 = \"focus\"\nexpect view seat 1 /own/0 = null\n\
         seat 0: strike\nrefused not-your-turn\ngm: concede 7\nrefused illegal: only seats 0 and 1\n"
    );
    assert_eq!(
        run::<Duel>("duel.txt", &scenario, Some(text)),
        Ok(ScenarioReport {
            actions: 1,
            refusals: 2,
            expectations: 4
        })
    );
}

#[test]
fn a_config_runs_over_several_lines_and_overlays_the_default() {
    let scenario = "config {\n  \"first_to\": 4\n}\nsetup\nexpect view gm /first_to = 4\nexpect view gm /focus_left = [2, 2]\n";
    assert_eq!(
        run::<Duel>("duel.txt", scenario, None)
            .unwrap()
            .expectations,
        2
    );
}

#[test]
fn a_view_that_differs_names_its_line_and_both_values() {
    let (line, message) = failure(&format!("{OPENING}expect view public /first_to = 3\n"));
    assert_eq!(line, 4);
    assert_eq!(message, "the view of public has 2 at /first_to, expected 3");
    let (line, message) = failure(&format!("{OPENING}expect view gm /nothing = 3\n"));
    assert_eq!(
        (line, message.as_str()),
        (4, "the view of gm has nothing at /nothing")
    );
}

#[test]
fn a_refusal_the_scenario_did_not_announce_fails_at_the_action() {
    let (line, message) = failure(&format!(
        "{OPENING}gm: concede 7\nexpect view gm /first_to = 2\n"
    ));
    assert_eq!(line, 4);
    assert!(
        message.starts_with("the action was refused (illegal): "),
        "{message}"
    );
}

#[test]
fn a_refusal_of_another_kind_or_reason_fails() {
    let (line, message) = failure(&format!("{OPENING}gm: concede 7\nrefused parse\n"));
    assert_eq!(line, 5);
    assert!(
        message.starts_with("the action was refused as illegal, not parse"),
        "{message}"
    );
    let (line, message) = failure(&format!(
        "{OPENING}gm: concede 7\nrefused illegal: no such words\n"
    ));
    assert_eq!(line, 5);
    assert!(
        message.contains("does not contain 'no such words'"),
        "{message}"
    );
    let (line, message) = failure(&format!("{OPENING}Player 1: focus\nrefused illegal\n"));
    assert_eq!(line, 5);
    assert!(message.starts_with("'refused' must follow"), "{message}");
}

#[test]
fn unknown_seats_lines_and_events_are_reported() {
    let (line, message) = failure(&format!("{OPENING}Nobody: focus\n"));
    assert_eq!(line, 4);
    assert_eq!(
        message,
        "no seat is called 'Nobody' (seats: Player 1, Player 2)"
    );
    let (line, message) = failure(&format!("{OPENING}roll the dice\n"));
    assert_eq!(line, 4);
    assert!(message.starts_with("not a scenario line"), "{message}");
    let (line, message) = failure(&format!(
        "{OPENING}Player 2: focus\nexpect event Player 1 sealed a stance\n"
    ));
    assert_eq!(line, 5);
    assert!(
        message.contains("they read:\n  Player 2 sealed a stance"),
        "{message}"
    );
    let (line, message) = failure("Player 1: focus\n");
    assert_eq!(
        (line, message.as_str()),
        (1, "no 'setup' line before this one")
    );
    let (line, _) = failure("config {\"first_to\": 0}\nsetup\n");
    assert_eq!(line, 2);
}

#[test]
fn the_end_of_a_game_names_its_winners() {
    let scenario = "setup\ngm: concede 0\nexpect over Player 2\n";
    assert_eq!(
        run::<Duel>("duel.txt", scenario, None)
            .unwrap()
            .expectations,
        1
    );
    let (line, message) = failure("setup\ngm: concede 0\nexpect over Player 1\n");
    assert_eq!(
        (line, message.as_str()),
        (3, "the game was won by Player 2, expected Player 1")
    );
    let (line, message) = failure("setup\nexpect over nobody\n");
    assert_eq!((line, message.as_str()), (2, "the game is not over"));
}

#[test]
fn dice_that_are_not_used_are_a_refusal_of_their_own() {
    let scenario =
        format!("{OPENING}Player 1: focus | 3\nrefused unused-dice\nseat 0: focus | x\n");
    let (line, message) = failure(&scenario);
    assert_eq!(line, 6);
    assert_eq!(message, "'x' is not a dice value (a whole number)");
}

#[test]
fn a_rules_page_that_names_a_missing_test_or_file_is_reported() {
    use pbp_core::engine::testing::rules_page::{PageCheck, check_rules_page};
    let dir = std::env::temp_dir().join(format!("pbp-rules-page-{}", std::process::id()));
    let crate_dir = dir.join("crates/game");
    std::fs::create_dir_all(crate_dir.join("tests")).unwrap();
    std::fs::create_dir_all(dir.join("docs/rules/game")).unwrap();
    std::fs::write(
        crate_dir.join("tests/rules.rs"),
        "#[test]\nfn clause_one() {}\n",
    )
    .unwrap();
    std::fs::write(dir.join("docs/rules/game/one.txt"), "setup\n").unwrap();
    let page = dir.join("docs/rules/game.md");
    let good = "| Clause | Test |\n|---|---|\n| one | `rules::clause_one`, [one](game/one.txt) |\n| two | `clause_one` |\n";
    std::fs::write(&page, good).unwrap();
    assert_eq!(
        check_rules_page(&page, &crate_dir),
        Ok(PageCheck { files: 1, tests: 2 })
    );
    let bad = "| Clause | Test |\n|---|---|\n| one | `rules::clause_two`, [one](game/two.txt) |\n| option | `late_sign_up` |\n\nNot a test column: `late_sign_up`.\n";
    std::fs::write(&page, bad).unwrap();
    let missing = check_rules_page(&page, &crate_dir).unwrap_err();
    let lines: Vec<&str> = missing.lines().collect();
    assert_eq!(lines.len(), 4, "{missing}");
    assert!(
        lines[0].contains("game.md:3: no test `clause_two`"),
        "{missing}"
    );
    assert!(
        lines[1].contains("game.md:3: no file game/two.txt"),
        "{missing}"
    );
    assert!(
        lines[2].contains("game.md:4: no test `late_sign_up`"),
        "{missing}"
    );
    // The scenario beside the page that it no longer links.
    assert!(
        lines[3].ends_with("game.md: no link to the scenario game/one.txt"),
        "{missing}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn legal_actions_are_counted_and_looked_up() {
    // Seat 0 may strike or focus (2 focus left); the game master may concede either seat.
    let scenario = format!(
        "{OPENING}expect legal seat 0 count = 2\nexpect legal gm count = 2\n\
         expect legal gm count concede = 2\nexpect legal seat 0 count focus = 1\n\
         expect legal seat 0 includes focus\nexpect legal gm excludes concede 7\n\
         seat 0: focus\nexpect legal seat 0 count = 0\nexpect legal seat 0 excludes strike\n"
    );
    assert_eq!(
        run::<Duel>("duel.txt", &scenario, Some(text)),
        Ok(ScenarioReport {
            actions: 1,
            refusals: 0,
            expectations: 8
        })
    );
}

#[test]
fn a_legal_count_or_lookup_that_differs_lists_the_actions() {
    let (line, message) = failure(&format!("{OPENING}expect legal Player 2 count = 3\n"));
    assert_eq!(
        (line, message.as_str()),
        (4, "Player 2 has 2 legal actions, expected 3: strike; focus")
    );
    let (line, message) = failure(&format!("{OPENING}expect legal gm count strike = 1\n"));
    assert_eq!(
        (line, message.as_str()),
        (4, "gm has 0 legal actions starting 'strike', expected 1: ")
    );
    let (line, message) = failure(&format!("{OPENING}expect legal gm includes concede 7\n"));
    assert_eq!(
        (line, message.as_str()),
        (
            4,
            "'concede 7' is not among gm's 2 legal actions: concede 0; concede 1"
        )
    );
    let (line, message) = failure(&format!("{OPENING}expect legal Player 1 excludes strike\n"));
    assert_eq!(
        (line, message.as_str()),
        (4, "'strike' is among Player 1's legal actions")
    );
    let (line, message) = failure(&format!("{OPENING}expect legal Player 1 includes dance\n"));
    assert_eq!(line, 4);
    assert!(
        message.starts_with("'dance' does not read as an action: "),
        "{message}"
    );
    let (line, message) = failure(&format!("{OPENING}expect legal Player 1 count = many\n"));
    assert_eq!((line, message.as_str()), (4, "'many' is not a count"));
    let (line, message) = failure(&format!("{OPENING}expect legal Player 1\n"));
    assert_eq!(line, 4);
    assert!(
        message.starts_with("an expectation of legal actions is"),
        "{message}"
    );
}

#[test]
fn a_refused_setup_is_checked_and_ends_the_scenario() {
    // Duel refuses a first_to of 0: a config error.
    let scenario = "config {\"first_to\": 0}\nsetup\nrefused config: first_to\n";
    assert_eq!(
        run::<Duel>("duel.txt", scenario, None),
        Ok(ScenarioReport {
            actions: 0,
            refusals: 1,
            expectations: 0
        })
    );
    let (line, message) = failure("config {\"first_to\": 0}\nsetup\n");
    assert_eq!(line, 2);
    assert!(
        message.starts_with("the setup was refused (config): "),
        "{message}"
    );
    let (line, message) = failure("config {\"first_to\": 0}\nsetup\nrefused illegal\n");
    assert_eq!(line, 3);
    assert!(
        message.starts_with("the setup was refused as config, not illegal"),
        "{message}"
    );
    let (line, message) =
        failure("config {\"first_to\": 0}\nsetup\nrefused config\nseat 0: focus\n");
    assert_eq!(
        (line, message.as_str()),
        (
            4,
            "the setup was refused: nothing may follow its 'refused' line"
        )
    );
    // Dice a setup does not use are refused as such.
    let (line, message) = failure("setup 3\nrefused config\n");
    assert_eq!(line, 2);
    assert!(message.contains("as unused-dice, not config"), "{message}");
}
