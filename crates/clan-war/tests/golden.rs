//! Golden playthroughs: games written as text (actions and the dice rolled for them) with the
//! numbers they must produce, played through a session and replayed from its record.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use pbp_clan_war::*;
use pbp_core::engine::testing;
use pbp_core::{
    Side,
    engine::{Actor, DiceChoice, Game, Seat, Session, Turn},
};

fn clan_seat(state: &ClanWarState, name: &str) -> Seat {
    let clan = Clan::parse(name).unwrap_or_else(|| panic!("no clan {name}"));
    state.players.iter().find(|p| p.clan == clan).unwrap().seat
}

fn numbers(words: &[&str]) -> Vec<u32> {
    words.iter().map(|w| w.parse().unwrap()).collect()
}

fn play(script: &str) {
    let mut config = ClanWarConfig::default();
    let mut session: Option<Session<ClanWar>> = None;
    for (n, raw) in script.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("line {}: {line}", n + 1);
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[0] {
            "config" => {
                config.players.clear();
                let mut i = 1;
                while i < words.len() {
                    if words[i] == "rounds" {
                        config.rounds = words[i + 1].parse().unwrap();
                        i += 2;
                        continue;
                    }
                    let (clan, strategies) = words[i].split_once(':').unwrap();
                    let (a, b) = strategies.split_once(',').unwrap();
                    config.players.push(PlayerSetup {
                        clan: Clan::parse(clan).unwrap(),
                        strategies: [Strategy::parse(a).unwrap(), Strategy::parse(b).unwrap()],
                        name: String::new(),
                    });
                    i += 1;
                }
            }
            "setup" => {
                session = Some(
                    Session::new(config.clone(), 0, DiceChoice::Outside(numbers(&words[1..])))
                        .unwrap_or_else(|e| panic!("{at}: {e}")),
                );
            }
            "expect" => {
                let state = session.as_ref().unwrap().state();
                check(state, &words[1..], &at);
            }
            _ => {
                let s = session.as_mut().unwrap();
                let (who, rest) = line.split_once(':').unwrap();
                let (text, dice) = match rest.split_once('|') {
                    Some((t, d)) => (t.trim(), numbers(&d.split_whitespace().collect::<Vec<_>>())),
                    None => (rest.trim(), Vec::new()),
                };
                let actor = if who == "gm" {
                    Actor::GameMaster
                } else {
                    Actor::Seat(clan_seat(s.state(), who))
                };
                // The contract on a copy (text round trip, legal list, every die used), then
                // the step through the session, as a table plays it.
                testing::try_act(
                    &common::CONTRACT,
                    &mut s.state().clone(),
                    actor,
                    text,
                    testing::Rolls::Exactly(&dice),
                )
                .unwrap_or_else(|e| panic!("{at}: {e}"));
                let action = ClanWar::parse_action(s.state(), actor, text)
                    .unwrap_or_else(|e| panic!("{at}: {e}"));
                s.act(actor, action, DiceChoice::Outside(dice))
                    .unwrap_or_else(|e| panic!("{at}: {e}"));
                common::check_cards(s.state());
            }
        }
    }
    // The record replays to the same game.
    let session = session.unwrap();
    let replayed = Session::<ClanWar>::replay(session.record().clone(), false).unwrap();
    assert_eq!(replayed.state(), session.state());
    let json = serde_json::to_string(session.record()).unwrap();
    let back: pbp_core::engine::Record<ClanWar> = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, session.record());
    testing::save_round_trip(&session).unwrap_or_else(|v| panic!("{v}"));
}

fn check(state: &ClanWarState, words: &[&str], at: &str) {
    let battle = |w: &str| {
        let id: u32 = w.trim_start_matches('#').parse().unwrap();
        state
            .battles
            .iter()
            .find(|b| b.id == id)
            .unwrap_or_else(|| panic!("{at}: no battle {w} this round"))
    };
    let side = |w: &str| {
        if w == "attacker" {
            Side::First
        } else {
            Side::Second
        }
    };
    match words {
        ["hand", clan, cards @ ..] => {
            let hand = &state.players[usize::from(clan_seat(state, clan).0)].hand;
            let want: Vec<u8> = cards.iter().map(|c| c.parse().unwrap()).collect();
            assert_eq!(hand, &want, "{at}");
        }
        ["roll", b, s, total] => {
            let i = if side(s) == Side::First { 0 } else { 1 };
            let roll = battle(b).sides[i].roll.as_ref().unwrap();
            assert_eq!(roll.total.to_string(), *total, "{at}");
        }
        ["winner", b, s] => {
            assert_eq!(battle(b).result, Some(BattleResult::Won(side(s))), "{at}");
        }
        ["holder", hex, who] => {
            let i = state.map.index_of(hex).unwrap();
            let want = match Clan::parse(who) {
                Some(c) => Holder::Clan(c),
                None => Holder::SpiritArmy,
            };
            assert_eq!(state.holders[i], want, "{at}");
        }
        ["score", clan, halves] => {
            let p = &state.players[usize::from(clan_seat(state, clan).0)];
            assert_eq!(p.score_halves().to_string(), *halves, "{at}");
        }
        ["over", clan] => {
            let Turn::Over(outcome) = ClanWar::turn(state) else {
                panic!("{at}: the game is not over")
            };
            assert_eq!(outcome.winners, vec![clan_seat(state, clan)], "{at}");
        }
        _ => panic!("{at}: unknown expectation"),
    }
}

#[test]
fn three_clans_over_two_rounds() {
    play(include_str!("golden/three_clans.txt"));
}
