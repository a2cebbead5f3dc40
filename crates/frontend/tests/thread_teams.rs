//! Scroll Race through a thread: a team member's post plays the team's computer-played
//! character whose turn it is ("PNJ joués par leur équipe"), never the other team's; and a
//! player's own name given another seat with `--player` plays both.

// Tests and their helpers unwrap, expect and panic: a failed test is their way to report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_core::engine::{DiceChoice, Seat};
use pbp_frontend::Table;
use pbp_frontend::thread::{Layout, Outcome, Post, ThreadOptions, apply_posts, apply_thread};

/// Red: Solo plays Red's first character, the other four are computer-played; Blue: Kira
/// plays Blue's first. Carriers are fixed, so play starts at once.
const CONFIG: &str = r#"{
  "characters": [[{"name": "Solo"}], [{"name": "Kira"}]],
  "carriers": ["Solo", "Kira"]
}"#;

fn table() -> Table {
    Table::new("scroll-race", Some(CONFIG), 3, DiceChoice::Seeded).unwrap()
}

fn post(n: usize, author: &str, body: &str) -> Post {
    Post {
        id: Some(format!("p{n}")),
        author: author.to_owned(),
        time: Some(format!("2026-12-03T20:{n:02}:00Z")),
        body: body.to_owned(),
        rolls: Vec::new(),
    }
}

fn options() -> ThreadOptions {
    ThreadOptions {
        game_masters: vec!["Sensei".into()],
        ..ThreadOptions::default()
    }
}

/// Who acts now, by name.
fn to_act(table: &Table) -> String {
    table.describe_turn()
}

/// The posts of the team that moves first, each `wait`: its first character's by its player,
/// the next four by that same player for the computer-played characters.
fn first_team(table: &Table) -> (&'static str, &'static str) {
    if to_act(table).contains("Solo") {
        ("Solo", "Kira")
    } else {
        ("Kira", "Solo")
    }
}

#[test]
fn a_team_member_posts_the_turns_of_its_computer_played_characters() {
    let mut table = table();
    let (mine, theirs) = first_team(&table);
    let mut posts = vec![post(1, mine, "wait")];
    for n in 2..=5 {
        posts.push(post(n, mine, "rien"));
    }
    let report = apply_posts(&mut table, Layout::Jsonl, &posts, &options()).unwrap();
    let text = report.text();
    for p in &report.posts {
        assert_eq!(p.outcome, Outcome::Applied, "{text}");
    }
    assert_eq!(table.steps(), 5, "{text}");
    // The report says whose turn the post played.
    assert!(
        report.posts[1]
            .player
            .as_deref()
            .is_some_and(|p| p.contains(", playing ") && p.contains("-2")),
        "{text}"
    );
    // Now the other team's player has the turn.
    assert!(to_act(&table).contains(theirs), "{}", to_act(&table));
}

#[test]
fn a_player_of_the_other_team_cannot_post_for_your_computer_played_character() {
    let mut table = table();
    let (mine, theirs) = first_team(&table);
    let posts = vec![
        post(1, mine, "wait"),
        // The other team's player tries to play this team's next computer character.
        post(2, theirs, "wait"),
    ];
    let report = apply_posts(&mut table, Layout::Jsonl, &posts, &options()).unwrap();
    let text = report.text();
    assert_eq!(report.posts[0].outcome, Outcome::Applied, "{text}");
    assert_eq!(report.posts[1].outcome, Outcome::Refused, "{text}");
    assert!(
        report.posts[1]
            .reason
            .as_deref()
            .is_some_and(|r| r.contains("turn")),
        "{text}"
    );
    assert_eq!(table.steps(), 1);
}

#[test]
fn a_players_name_given_another_seat_plays_both() {
    // `--player Solo=Red-2` (or Kira=Blue-2) no longer refuses the whole thread: the player's
    // own seat stays its author, and the post plays the seat that has the turn.
    let mut table = table();
    let (mine, _) = first_team(&table);
    let second = if mine == "Solo" { Seat(1) } else { Seat(6) };
    let thread = format!(
        "{{\"author\": \"{mine}\", \"body\": \"wait\"}}\n{{\"author\": \"{mine}\", \"body\": \"wait\"}}\n"
    );
    let options = ThreadOptions {
        layout: Some(Layout::Jsonl),
        players: vec![(mine.to_owned(), second)],
        ..options()
    };
    let report = apply_thread(&mut table, thread.as_bytes(), &options).unwrap();
    let text = report.text();
    assert_eq!(report.applied, 2, "{text}");
}

/// The mover's names: its player, its team's second character (computer-played).
fn mover(table: &Table) -> (&'static str, &'static str) {
    if to_act(table).contains("Solo") {
        ("Solo", "Red-2")
    } else {
        ("Kira", "Blue-2")
    }
}

/// A save's record without the post marks a thread writes.
fn record_without_marks(table: &Table) -> serde_json::Value {
    let mut record = table.session().record().unwrap();
    for entry in record["entries"].as_array_mut().unwrap() {
        entry.as_object_mut().unwrap().remove("post");
    }
    record
}

#[test]
fn a_move_posted_and_a_secret_pass_sent_in_private_make_one_turn() {
    let mut table = table();
    let typed = table.clone();
    let (me, ally) = mover(&table);
    // Forward: south for Red (rows 3 to 13), north for Blue.
    let step = if me == "Solo" { "step s" } else { "step n" };
    let posts = vec![
        post(1, me, step),
        post(2, "Sensei", &format!("private {me}: pass {ally}")),
        post(3, me, "rien"),
    ];
    let report = apply_posts(&mut table, Layout::Jsonl, &posts, &options()).unwrap();
    let text = report.text();
    println!("{text}");
    assert_eq!(report.posts[0].outcome, Outcome::Applied, "{text}");
    assert_eq!(
        report.posts[0].actions[0].action,
        format!("{step}; pass {ally}"),
        "{text}"
    );
    assert_eq!(report.posts[1].outcome, Outcome::Applied, "{text}");
    assert_eq!(report.applied, 2, "{text}");
    // The same turn typed whole gives the same record.
    let mut typed = typed;
    let seat = if me == "Solo" { Seat(0) } else { Seat(5) };
    typed
        .act(
            pbp_core::engine::Actor::Seat(seat),
            &pbp_core::engine::erased::ActionInput::Text(format!("{step}; pass {ally}")),
            DiceChoice::Seeded,
        )
        .unwrap();
    typed
        .act(
            pbp_core::engine::Actor::Seat(Seat(seat.0 + 1)),
            &pbp_core::engine::erased::ActionInput::Text("wait".into()),
            DiceChoice::Seeded,
        )
        .unwrap();
    assert_eq!(record_without_marks(&table), record_without_marks(&typed));
    // Read again, nothing is applied twice and the private message is known as read.
    let again = apply_posts(&mut table, Layout::Jsonl, &posts, &options()).unwrap();
    let text = again.text();
    assert_eq!(again.applied, 0, "{text}");
    assert_eq!(again.posts[1].outcome, Outcome::AlreadyApplied, "{text}");
}

#[test]
fn a_private_message_is_the_game_masters_alone_and_completes_only_the_turn_before_it() {
    let mut table = table();
    let (me, ally) = mover(&table);
    let posts = vec![
        // A player's own "private" line is no private message: not an action of theirs.
        post(1, me, &format!("private {me}: pass {ally}")),
        post(2, me, "wait"),
        // The next player has posted since: the private message completes no turn.
        post(3, if me == "Solo" { "Solo" } else { "Kira" }, "wait"),
        post(4, "Sensei", &format!("private {me}: pass {ally}")),
    ];
    let report = apply_posts(&mut table, Layout::Jsonl, &posts, &options()).unwrap();
    let text = report.text();
    assert_eq!(report.posts[0].outcome, Outcome::Chatter, "{text}");
    assert_eq!(report.posts[1].actions[0].action, "wait", "{text}");
    assert_eq!(report.posts[3].outcome, Outcome::Refused, "{text}");
    assert!(
        report.posts[3]
            .reason
            .as_deref()
            .is_some_and(|r| r.contains("completes no move")),
        "{text}"
    );
    assert_eq!(table.steps(), 2, "{text}");
}

#[test]
fn a_private_message_sent_after_its_move_was_applied_is_too_late() {
    let mut table = table();
    let (me, ally) = mover(&table);
    let step = if me == "Solo" { "step s" } else { "step n" };
    // The thread is read once the move is posted, before the private message is given.
    let first = apply_posts(&mut table, Layout::Jsonl, &[post(1, me, step)], &options()).unwrap();
    assert_eq!(first.posts[0].actions[0].action, step, "{}", first.text());
    let posts = vec![
        post(1, me, step),
        post(2, "Sensei", &format!("private {me}: pass {ally}")),
    ];
    for _ in 0..2 {
        let again = apply_posts(&mut table, Layout::Jsonl, &posts, &options()).unwrap();
        let text = again.text();
        assert_eq!(again.posts[0].outcome, Outcome::AlreadyApplied, "{text}");
        assert_eq!(again.posts[1].outcome, Outcome::Refused, "{text}");
        assert!(
            again.posts[1]
                .reason
                .as_deref()
                .is_some_and(|r| r.contains("came after post 1's move was applied without it")),
            "{text}"
        );
        assert_eq!(again.applied, 0, "{text}");
        assert_eq!(table.steps(), 1, "{text}");
    }
}
