//! Clan War's refusals against a hostile post: what a refusal quotes of the post is short,
//! whatever the post holds.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::*;
use pbp_clan_war::*;
use pbp_core::engine::{Actor, Game};

/// A hostile post of one endless word (a card, a hex, a strategy, a clan, a battle) is refused
/// with a message of a few lines, not echoed back whole: the refusal shortens what it quotes.
#[test]
fn a_refusal_quotes_an_endless_word_shortened() {
    let mut state = crab_scorpion();
    act(&mut state, CRAB, "attack E6 from C6", &[]);
    let word = "9".repeat(100_000);
    let hex = format!("E{word}");
    let name = "x".repeat(100_000);
    for (actor, text) in [
        (Actor::Seat(CRAB), format!("play {word}")),
        (Actor::Seat(CRAB), format!("play 2 discard {word}")),
        (Actor::Seat(CRAB), format!("nullify {word}")),
        (Actor::Seat(CRAB), format!("take {word}")),
        (Actor::Seat(CRAB), format!("give {word}")),
        (Actor::Seat(CRAB), format!("attack {hex} from C6")),
        (Actor::Seat(CRAB), format!("attack E6 from {name}")),
        (Actor::Seat(CRAB), format!("switch {name} to Honor")),
        (Actor::Seat(CRAB), format!("tactical {name}")),
        (Actor::Seat(CRAB), format!("pass in {word}")),
        (Actor::Seat(CRAB), format!("pass in {name}")),
        (Actor::GameMaster, format!("join {name} Honor Magic")),
        (Actor::GameMaster, format!("retire {name}")),
        (Actor::GameMaster, format!("for {name} pass")),
    ] {
        let err = ClanWar::parse_action(&state, actor, &text)
            .expect_err("an endless word is not an action")
            .to_string();
        assert!(
            err.chars().count() < 700,
            "{} characters for '{}...': {}...",
            err.chars().count(),
            &text[..20],
            err.chars().take(200).collect::<String>()
        );
    }
}
