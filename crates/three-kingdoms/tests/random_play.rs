//! The random-play harness between preconstructed armies, over many seeds and every pairing, and
//! the bots played to the end of whole games.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_core::engine::Seat;
use pbp_core::engine::testing::{Bot, PlayOptions, play_to_the_end, random_play};
use pbp_three_kingdoms::{
    AmbushTie, AmbushVisibility, DeckOut, Faction, PoliticsRule, ResourceExpiry, StrengthTie,
    ThreeKingdoms, ThreeKingdomsConfig,
};

fn run(config: &ThreeKingdomsConfig, seeds: std::ops::Range<u64>, options: PlayOptions) -> u64 {
    let mut actions = 0;
    for seed in seeds {
        let report = random_play::<ThreeKingdoms>(config, seed, &[Seat(0), Seat(1)], options)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        // One winner, or none when both Lords fell at once (a draw).
        assert!(report.outcome.winners.len() <= 1);
        if report.outcome.winners.is_empty() {
            assert!(report.outcome.reason.contains("a draw"), "seed {seed}");
        }
        actions += report.actions as u64;
    }
    actions
}

#[test]
fn every_pairing_plays_out_with_full_checks() {
    for (i, a) in Faction::ALL.into_iter().enumerate() {
        for b in [a, Faction::ALL[(i + 1) % 5]] {
            let config = ThreeKingdomsConfig::presets(a, b);
            let start = 100 * i as u64;
            let started = std::time::Instant::now();
            let actions = run(&config, start..start + 1, PlayOptions::default());
            eprintln!(
                "{a:?} v {b:?}: {actions} actions in {:?}",
                started.elapsed()
            );
            assert!(actions > 0);
        }
    }
}

#[test]
fn many_seeds_play_out() {
    let options = PlayOptions {
        try_every_action: false,
        check_secrets: true,
        round_trip: false,
    };
    let config = ThreeKingdomsConfig::presets(Faction::Shu, Faction::Qun);
    run(&config, 1000..1040, options);
}

#[test]
fn every_rules_option_plays_out() {
    let options = PlayOptions::default();
    let mut config = ThreeKingdomsConfig::presets(Faction::Wu, Faction::Han);
    config.rules.strength_tie = StrengthTie::DefenderWins;
    config.rules.resource_expiry = ResourceExpiry::EndOfPhase;
    config.rules.politics = PoliticsRule::SummonAdvisers;
    config.rules.ambush = AmbushVisibility::Secret;
    config.rules.ambush_cost_tie = AmbushTie::Ambusher;
    config.rules.cross_titles = true;
    config.rules.command_attack_from_front = false;
    config.rules.attack_when_summoned = true;
    config.rules.first_turn_draw = false;
    config.rules.deck_out = DeckOut::LastCard;
    config.rules.politics_lord_takes_cards = true;
    run(&config, 0..4, options);
    let mut config = ThreeKingdomsConfig::presets(Faction::Wei, Faction::Qun);
    config.rules.strength_tie = StrengthTie::AttackerWins;
    config.rules.ambush = AmbushVisibility::Secret;
    config.rules.ambush_cost_tie = AmbushTie::Attacker;
    run(&config, 10..14, options);
}

#[test]
fn hundreds_of_games_between_every_pairing_end() {
    let mut finished = 0;
    let mut draws = 0;
    for (i, a) in Faction::ALL.into_iter().enumerate() {
        for (j, b) in Faction::ALL.into_iter().enumerate() {
            let config = ThreeKingdomsConfig::presets(a, b);
            let seed = (i * 5 + j) as u64;
            let summary = pbp_core::engine::testing::simulate::<ThreeKingdoms>(
                &config,
                8,
                seed,
                pbp_core::engine::testing::Bot::Random,
                false,
                |_| {},
            )
            .unwrap();
            assert_eq!(summary.finished, summary.games, "{a:?} v {b:?}");
            draws += summary.draws;
            finished += summary.finished;
        }
    }
    assert_eq!(finished, 200);
    // A draw only when both Lords fall at once: rare (3 or 4 in these 200 games).
    assert!(draws <= 10, "{draws} draws in 200 games");
}

/// Two hundred fully checked games (every legal action tried at every step); slow in a debug
/// build: `cargo test -p pbp-three-kingdoms --test random_play -- --ignored`.
#[test]
#[ignore = "two hundred fully checked games: several minutes"]
fn hundreds_of_fully_checked_games() {
    let options = PlayOptions {
        try_every_action: true,
        check_secrets: true,
        round_trip: true,
    };
    for (i, a) in Faction::ALL.into_iter().enumerate() {
        for b in Faction::ALL {
            let config = ThreeKingdomsConfig::presets(a, b);
            let start = 10_000 * (i as u64 + 1);
            run(&config, start..start + 8, options);
        }
    }
}

#[test]
fn every_shipped_army_plays_out() {
    let armies = pbp_three_kingdoms::armies_from_json(pbp_three_kingdoms::STARTER_ARMIES).unwrap();
    assert_eq!(armies.len(), 10, "two armies per faction");
    let options = PlayOptions {
        try_every_action: false,
        ..PlayOptions::default()
    };
    for (i, army) in armies.into_iter().enumerate() {
        let mut config = ThreeKingdomsConfig::presets(Faction::Wei, Faction::ALL[i % 5]);
        config.armies[0] = pbp_three_kingdoms::ArmyChoice::Custom(Box::new(army));
        run(&config, 500 + i as u64..501 + i as u64, options);
    }
}

/// The bots as an embedder runs them (the game master never stands in for a seat that can act)
/// play whole games of the two seats, every faction against every other, to their end: a win
/// (a Lord fell, or a player had to draw from an empty deck) or the rules' one draw (both Lords
/// fell at once), each saying which it is.
#[test]
fn the_bots_end_games_between_every_pairing() {
    for (i, a) in Faction::ALL.into_iter().enumerate() {
        for b in Faction::ALL {
            let config = ThreeKingdomsConfig::presets(a, b);
            for (seed, bot) in [(i as u64, Bot::Random), (i as u64 + 50, Bot::Heuristic)] {
                let ending = play_to_the_end::<ThreeKingdoms>(&config, seed, bot)
                    .unwrap_or_else(|e| panic!("{a:?} v {b:?}, seed {seed}, {bot:?}: {e}"));
                let (outcome, reason) = (&ending.outcome, ending.outcome.reason.as_str());
                if outcome.winners.is_empty() {
                    assert!(reason.ends_with(": a draw"), "{a:?} v {b:?}: {reason}");
                } else {
                    assert_eq!(outcome.winners.len(), 1);
                    assert!(
                        reason.ends_with("Lord fell to 0 Strength")
                            || reason.ends_with("had to draw from an empty deck"),
                        "{a:?} v {b:?}: {reason}"
                    );
                }
                assert_eq!(ending.returns.len(), 2);
            }
        }
    }
}
