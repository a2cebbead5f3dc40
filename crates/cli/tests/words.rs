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
    let message = refused_with(6, &["act", file, "--as", "1", "strike", "--dice", "3,4"]);
    assert!(
        message.contains("all 2 dice values given were used and the step needs at least 3 more"),
        "{message}"
    );
    assert!(message.contains("tie"), "{message}");
}
