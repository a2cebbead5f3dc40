//! Reading a thread is safe to repeat: a thread applied, then the same thread with more posts,
//! gives the save the longer thread gives at once; an applied post edited since is reported
//! and changes nothing; a post older than one applied before is held; ids seen twice are
//! duplicates.

// Tests and their helpers unwrap, expect and panic: a failed test is their way to report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_core::engine::DiceChoice;
use pbp_frontend::Table;
use pbp_frontend::thread::{Layout, Outcome, Post, ThreadOptions, apply_posts};
use proptest::prelude::*;
use serde_json::Value;

/// What a duel's players post: actions (some not legal when posted), chatter, quotes.
const BODIES: [&str; 7] = [
    "strike",
    "focus",
    "[quote=\"Player 2\"]strike[/quote]\nfocus",
    "good game!\nstrike",
    "hmm",
    "concede 0",
    "[b]focus[/b] now",
];

fn post(index: usize, author: u8, body: usize, with_ids: bool) -> Post {
    post_with(index, author, body, with_ids, true)
}

fn post_with(index: usize, author: u8, body: usize, with_ids: bool, with_times: bool) -> Post {
    Post {
        id: with_ids.then(|| format!("p{index}")),
        author: match author {
            0 => "Player 1".to_owned(),
            1 => "player 2 ".to_owned(),
            _ => "Kibitzer".to_owned(),
        },
        time: with_times.then(|| format!("2026-12-03T10:{:02}:00Z", index % 60)),
        body: BODIES[body % BODIES.len()].to_owned(),
        rolls: Vec::new(),
    }
}

fn posts(spec: &[(u8, usize)], with_ids: bool) -> Vec<Post> {
    posts_with(spec, with_ids, true)
}

fn posts_with(spec: &[(u8, usize)], with_ids: bool, with_times: bool) -> Vec<Post> {
    spec.iter()
        .enumerate()
        .map(|(i, &(author, body))| post_with(i, author, body, with_ids, with_times))
        .collect()
}

fn table() -> Table {
    Table::new("duel", None, 11, DiceChoice::Seeded).unwrap()
}

fn record(table: &Table) -> Value {
    table.session().record().unwrap()
}

fn apply(table: &mut Table, posts: &[Post]) -> pbp_frontend::thread::ThreadReport {
    apply_posts(table, Layout::Jsonl, posts, &ThreadOptions::default()).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Thread then thread + k posts == the longer thread once; and reading it a third time
    /// changes nothing.
    #[test]
    fn reading_again_applies_only_the_new_posts(
        spec in prop::collection::vec((0u8..3, 0usize..7), 1..40),
        cut in 0usize..40,
        with_ids in any::<bool>(),
        with_times in any::<bool>(),
    ) {
        // A forum without times (a copied page that shows none, a scraper that drops them)
        // gives pbp only the thread's order to go by.
        let all = posts_with(&spec, with_ids, with_times);
        let cut = cut.min(all.len());
        let mut once = table();
        apply(&mut once, &all);
        let mut twice = table();
        apply(&mut twice, &all[..cut]);
        apply(&mut twice, &all);
        prop_assert_eq!(record(&twice), record(&once));
        let again = apply(&mut twice, &all);
        prop_assert_eq!(again.applied, 0);
        prop_assert_eq!(record(&twice), record(&once));
    }

    /// An applied post edited since is reported as edited, and nothing changes.
    #[test]
    fn an_edited_post_changes_nothing(
        spec in prop::collection::vec((0u8..2, 0usize..2), 1..20),
        pick in any::<prop::sample::Index>(),
    ) {
        let all = posts(&spec, true);
        let mut game = table();
        let report = apply(&mut game, &all);
        let applied: Vec<usize> = report
            .posts
            .iter()
            .filter(|p| p.outcome == Outcome::Applied)
            .map(|p| p.number - 1)
            .collect();
        prop_assume!(!applied.is_empty());
        let edited_at = applied[pick.index(applied.len())];
        let before = record(&game);
        let mut edited = all.clone();
        edited[edited_at].body.push_str("\nconcede 0");
        let report = apply(&mut game, &edited);
        prop_assert_eq!(report.posts[edited_at].outcome, Outcome::Edited);
        prop_assert_eq!(report.applied, 0);
        prop_assert_eq!(record(&game), before);
    }
}

#[test]
fn a_post_older_than_one_applied_is_held_and_duplicates_are_not_read() {
    let mut game = table();
    let first = vec![post(10, 0, 0, true), post(11, 1, 1, true)];
    let report = apply(&mut game, &first);
    assert_eq!(report.applied, 2);
    // A post that turns up later with an older time, then the same id twice.
    let mut late = post(5, 0, 1, true);
    late.id = Some("p99".into());
    let mut next = first.clone();
    next.push(late);
    next.push(post(12, 1, 0, true));
    next.push(post(12, 1, 0, true));
    let report = apply(&mut game, &next);
    assert_eq!(
        report.posts[2].outcome,
        Outcome::OutOfOrder,
        "{}",
        report.text()
    );
    assert!(report.text().contains(
        "post 3 by Player 1, id p99, 2026-12-03T10:05:00Z: out of order: it is older than a post already applied (2026-12-03T10:11:00Z)"
    ), "{}", report.text());
    assert_eq!(report.posts[3].outcome, Outcome::Applied);
    assert_eq!(report.posts[4].outcome, Outcome::Duplicate);
    assert!(report.text().contains("post 5 by player 2, id p12, 2026-12-03T10:12:00Z: duplicate: it has the key of post 4 (id:p12); not read"), "{}", report.text());
}

#[test]
fn check_leaves_the_table_as_it_was() {
    let mut game = table();
    let options = ThreadOptions {
        check: true,
        ..ThreadOptions::default()
    };
    let report = apply_posts(
        &mut game,
        Layout::Jsonl,
        &posts(&[(0, 0), (1, 1)], true),
        &options,
    )
    .unwrap();
    assert_eq!(report.applied, 2);
    assert!(
        report
            .text()
            .contains("would apply 2 steps (2 steps in all); nothing was changed (--check)")
    );
    assert_eq!(game.steps(), 0);
}

/// The Clan War thread of the CLI's tests, with forum dice (a post waiting for the roller's
/// rolls, a refusal and the posts that wait behind it): cut after any post and read again in
/// full, it gives the save it gives read once.
#[test]
fn a_clan_war_thread_cut_anywhere_reads_as_once() {
    let text = include_str!("../../cli/tests/threads/clan-war.phpbb.txt");
    let (layout, all) = pbp_frontend::thread::read_thread(text.as_bytes(), None).unwrap();
    let options = ThreadOptions {
        game_masters: vec!["Sensei".into()],
        rollers: vec!["Dice Roller".into()],
        forum_dice: true,
        ..ThreadOptions::default()
    };
    let start = || Table::new("clan-war", None, 5, DiceChoice::Seeded).unwrap();
    let mut once = start();
    assert_eq!(
        apply_posts(&mut once, layout, &all, &options)
            .unwrap()
            .applied,
        7
    );
    for cut in 0..=all.len() {
        let mut twice = start();
        apply_posts(&mut twice, layout, &all[..cut], &options).unwrap();
        let report = apply_posts(&mut twice, layout, &all, &options).unwrap();
        assert_eq!(
            record(&twice),
            record(&once),
            "cut after post {cut}:\n{}",
            report.text()
        );
    }
}

/// A `jsonl` post's `rolls` are read as roll lines; one that is not refuses the thread, with
/// its line, before anything applies.
#[test]
fn a_jsonl_roll_pbp_cannot_read_refuses_the_thread() {
    let good = "{\"author\": \"Dice Roller\", \"body\": \"\", \"rolls\": [\"2d10: 7, 3\"]}\n";
    let (_, posts) = pbp_frontend::thread::read_thread(good.as_bytes(), None).unwrap();
    assert_eq!(posts[0].rolls, vec!["2d10: 7, 3".to_owned()]);
    let bad =
        format!("{good}{{\"author\": \"Player 1\", \"body\": \"x\", \"rolls\": [\"seven\"]}}\n");
    let error = pbp_frontend::thread::read_thread(bad.as_bytes(), None).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 2 of the jsonl thread: 'seven' in `rolls` is not a roll line pbp reads (such as '2d10: 7, 3')"
    );
}
