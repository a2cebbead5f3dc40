//! Refusals in words (issue 27 part 0c): players by name, battles by what they are, outside
//! dice errors that say which value and why.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;

#[test]
fn not_your_turn_names_the_players() {
    let dir = Scratch::new("turn-words");
    let save = dir.path("s.json");
    let file = s(&save);
    ok(&["new", "scroll-race", "--seed", "4", "--out", file]);
    ok(&["act", file, "--as", "Red-1", "carrier", "Red-2"]);
    ok(&["act", file, "--as", "Blue-1", "carrier", "Blue-2"]);
    let message = refused_with(5, &["act", file, "--as", "Blue-3", "wait"]);
    assert!(
        message.contains("it is not Blue-3 (Blue)'s turn: ") && message.contains(") plays now"),
        "{message}"
    );
    assert!(!message.contains("seat "), "{message}");
}

#[test]
fn clan_war_names_battles_by_what_they_are() {
    let dir = Scratch::new("battle-words");
    let save = dir.path("c.json");
    let file = s(&save);
    ok(&["new", "clan-war", "--seed", "4", "--out", file]);
    let message = refused_with(4, &["act", file, "--as", "Crab", "roll", "in", "7"]);
    assert!(message.contains("no battle is open"), "{message}");
    assert!(!message.contains('#'), "{message}");
    // Open a battle: the Crab attacks; the Lion, not in it, is told which battle it is.
    let legal = ok(&["legal", file, "--as", "Crab"]);
    let attack = legal
        .lines()
        .find(|l| l.starts_with("attack "))
        .expect("the Crab can attack")
        .to_owned();
    ok(&["act", file, "--as", "Crab", &attack]);
    let target = attack.split(' ').nth(1).unwrap();
    let (_, message) = refused_code(&["act", file, "--as", "Lion", "roll", "in", target]);
    assert!(!message.contains('#'), "{message}");
    let message = refused_with(4, &["act", file, "--as", "Crab", "roll", "in", "99"]);
    assert!(
        message.contains(&format!("the open battles: your attack on {target}"))
            || message.contains(&format!("the open battles: Crab's attack on {target}")),
        "{message}"
    );
}

#[test]
fn dice_errors_say_which_value_and_why() {
    let dir = Scratch::new("dice-words");
    let save = dir.path("d.json");
    let file = s(&save);
    ok(&["new", "duel", "--out", file]);
    ok(&["act", file, "--as", "0", "focus"]);
    let message = refused_with(7, &["act", file, "--as", "1", "strike", "--dice", "3,11"]);
    assert!(
        message.contains("dice value 11, the 2nd value given, is out of range: that roll is a d10, which rolls 1 to 10"),
        "{message}"
    );
    // Focus (3k1) against strike (2k1): five dice, two given.
    let message = refused_with(6, &["act", file, "--as", "1", "strike", "--dice", "3,4"]);
    assert!(
        message.contains("all 2 dice values given were used and the step needs at least 3 more: it rolls more dice than were given: 3 more dice"),
        "{message}"
    );
    // A 10 given last explodes: its next face is still to come.
    let message = refused_with(
        6,
        &["act", file, "--as", "1", "strike", "--dice", "3,4,5,6,10"],
    );
    assert!(
        message.trim_end().ends_with(
            "all 5 dice values given were used and the step needs at least 1 more: a 10 explodes and is rolled again: 1 more die"
        ),
        "{message}"
    );
    // Strike against strike: 7 and 4 against 4 and 7 is a tie on both dice, rolled again.
    ok(&["undo", file]);
    ok(&["act", file, "--as", "0", "strike"]);
    let message = refused_with(
        6,
        &["act", file, "--as", "1", "strike", "--dice", "7,4,4,7"],
    );
    assert!(
        message.trim_end().ends_with(
            "all 4 dice values given were used and the step needs at least 4 more: a tie re-rolls: 4 more dice"
        ),
        "{message}"
    );
    // The values of the re-roll, once posted, resolve the step.
    let act = ok(&[
        "act",
        file,
        "--as",
        "1",
        "strike",
        "--dice",
        "7,4,4,7,9,2,3,1",
    ]);
    assert!(
        act.contains("rolled on the forum: 7, 4, 4, 7, 9, 2, 3, 1"),
        "{act}"
    );
}

#[test]
fn an_action_with_a_field_no_action_has_is_refused_by_its_name() {
    let dir = Scratch::new("field-words");
    let save = dir.path("d.json");
    let file = s(&save);
    ok(&["new", "duel", "--out", file]);
    let before = std::fs::read(&save).unwrap();
    // A key beside the action's kind (dice belong in --dice).
    let message = refused_with(
        3,
        &[
            "act",
            file,
            "--as",
            "0",
            r#"{"choose": "strike", "dice": [9, 1]}"#,
        ],
    );
    assert!(
        message.trim_end().ends_with(
            "'dice' is not part of an action: an action is an object with one key, what it does (here 'choose'); remove it"
        ),
        "{message}"
    );
    // A field inside the action that it does not have (Clan War's attack takes no force).
    let war = dir.path("c.json");
    let war_file = s(&war);
    ok(&["new", "clan-war", "--seed", "4", "--out", war_file]);
    let legal = json(&["legal", war_file, "--as", "Crab", "--json"]);
    let attack = legal
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["json"].clone())
        .find(|a| a.get("attack").is_some_and(serde_json::Value::is_object))
        .expect("the Crab can attack");
    let mut forced = attack.clone();
    forced["attack"]["force"] = serde_json::json!(3);
    let message = refused_with(3, &["act", war_file, "--as", "Crab", &forced.to_string()]);
    assert!(
        message.contains("'force' in 'attack' is not a field of the action (its fields there: "),
        "{message}"
    );
    assert_eq!(std::fs::read(&save).unwrap(), before, "nothing was saved");
    // The same action without the field is taken.
    ok(&["act", war_file, "--as", "Crab", &attack.to_string()]);
}
