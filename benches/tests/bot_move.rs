//! `play_bot_move` (what `simulate` plays: the heuristic move tried on the state itself) plays
//! exactly the games of `bot_action` followed by `apply` (the heuristic move tried on a copy
//! first), in every game of the workspace, with random and heuristic bots: the same actors,
//! actions, events, states and dice, move after move.

use pbp_core::engine::testing::{Bot, bot_action, play_bot_move};
use pbp_core::{Dice, SeededDice, engine::Game};
use pbp_three_kingdoms::{Faction, ThreeKingdoms, ThreeKingdomsConfig};
use pbp_warring_states::{WarringStates, WarringStatesConfig};

/// Plays `games` games of `G` both ways in lockstep and compares them after every move.
fn same_games<G: Game>(config: &G::Config, games: u64) {
    for bot in [Bot::Random, Bot::Heuristic] {
        for game in 0..games {
            let mut probe_dice = SeededDice::new(77 + game);
            let mut played_dice = probe_dice.clone();
            let mut probed = G::setup(config, &mut probe_dice).expect("a valid setup");
            let mut played = G::setup(config, &mut played_dice).expect("a valid setup");
            let mut moves = 0;
            for _ in 0..G::max_actions(config) {
                let chosen = bot_action::<G>(&probed, bot, &mut probe_dice);
                let made = play_bot_move::<G>(&mut played, bot, &mut played_dice)
                    .expect("a legal action applies");
                let (Some((actor, action)), Some(made)) = (chosen.clone(), made.as_ref()) else {
                    assert_eq!(chosen.is_none(), made.is_none(), "{bot:?} game {game}");
                    break;
                };
                let events = G::apply(&mut probed, actor, &action, &mut probe_dice)
                    .expect("a legal action applies");
                assert_eq!((actor, &action), (made.actor, &made.action));
                assert_eq!(events, made.events, "{bot:?} game {game} move {moves}");
                assert_eq!(probed, played, "{bot:?} game {game} move {moves}");
                for _ in 0..3 {
                    assert_eq!(probe_dice.roll(10), played_dice.roll(10), "the same dice");
                }
                moves += 1;
            }
            assert!(moves > 0, "{bot:?} game {game} was played");
        }
    }
}

#[test]
fn clan_war() {
    same_games::<pbp_clan_war::ClanWar>(&pbp_clan_war::ClanWarConfig::default(), 3);
}

#[test]
fn scroll_race() {
    same_games::<pbp_scroll_race::ScrollRace>(&pbp_scroll_race::ScrollRaceConfig::default(), 3);
}

#[test]
fn three_kingdoms() {
    same_games::<ThreeKingdoms>(&ThreeKingdomsConfig::presets(Faction::Wei, Faction::Wu), 3);
}

#[test]
fn warring_states() {
    same_games::<WarringStates>(&WarringStatesConfig::default(), 3);
}

#[test]
fn duel() {
    same_games::<pbp_core::engine::duel::Duel>(&pbp_core::engine::duel::DuelConfig::default(), 5);
}
