use super::simulate::{GameResult, Merger};
use super::*;
use crate::engine::duel::{Duel, DuelConfig};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

fn on_threads(threads: usize, games: u64, seed: u64, bot: Bot) -> SimulationSummary {
    let control = Control {
        threads,
        ..Control::default()
    };
    simulate_with::<Duel>(&DuelConfig::default(), games, seed, bot, false, &control).unwrap()
}

#[test]
fn the_summary_is_the_same_on_any_number_of_threads() {
    for bot in [Bot::Random, Bot::Heuristic] {
        let one = simulate::<Duel>(&DuelConfig::default(), 300, 11, bot, false, |_| {}).unwrap();
        assert_eq!(one.games, 300);
        for threads in [1, 2, 3, 8] {
            assert_eq!(on_threads(threads, 300, 11, bot), one, "{threads} threads");
        }
    }
}

#[test]
fn progress_is_called_once_per_game() {
    let calls = AtomicU64::new(0);
    let progress = || {
        calls.fetch_add(1, Ordering::Relaxed);
    };
    let control = Control {
        threads: 3,
        stop: None,
        progress: &progress,
    };
    let summary =
        simulate_with::<Duel>(&DuelConfig::default(), 257, 4, Bot::Random, false, &control)
            .unwrap();
    assert_eq!(summary.games, 257);
    assert_eq!(calls.into_inner(), 257);
}

#[test]
fn a_stopped_run_counts_every_game_started() {
    for threads in [1, 2, 4] {
        let stop = AtomicBool::new(false);
        let done = AtomicU64::new(0);
        // Stop once 100 games have finished, from inside the run as a signal handler would.
        let progress = || {
            if done.fetch_add(1, Ordering::Relaxed) + 1 == 100 {
                stop.store(true, Ordering::Relaxed);
            }
        };
        let control = Control {
            threads,
            stop: Some(&stop),
            progress: &progress,
        };
        let summary = simulate_with::<Duel>(
            &DuelConfig::default(),
            100_000,
            8,
            Bot::Random,
            false,
            &control,
        )
        .unwrap();
        // The games in play when the flag was set finish too; a thread that had just
        // checked the flag may start one more.
        assert!(
            (100..=100 + 2 * threads as u64).contains(&summary.games),
            "{threads} threads: {} games",
            summary.games
        );
        let prefix = simulate::<Duel>(
            &DuelConfig::default(),
            summary.games,
            8,
            Bot::Random,
            false,
            |_| {},
        )
        .unwrap();
        assert_eq!(summary, prefix, "{threads} threads");
    }
}

#[test]
fn a_run_stopped_before_it_starts_counts_nothing() {
    let stop = AtomicBool::new(true);
    let control = Control {
        threads: 2,
        stop: Some(&stop),
        progress: &|| {},
    };
    let summary =
        simulate_with::<Duel>(&DuelConfig::default(), 50, 1, Bot::Random, false, &control).unwrap();
    assert_eq!(summary.games, 0);
}

fn result(actions: u64) -> GameResult {
    GameResult {
        actions,
        over: None,
    }
}

#[test]
fn games_finished_out_of_order_are_merged_in_order_up_to_the_first_failure() {
    let mut merger = Merger {
        next: 0,
        pending: std::collections::BTreeMap::new(),
        summary: SimulationSummary::default(),
        failed: None,
    };
    merger.add(1, Ok(result(5)));
    assert_eq!(merger.summary.games, 0, "game 1 waits for game 0");
    merger.add(4, Err("game 4 failed".into()));
    merger.add(0, Ok(result(3)));
    assert_eq!(merger.summary.games, 2);
    merger.add(3, Err("game 3 failed".into()));
    merger.add(5, Ok(result(1)));
    assert_eq!(merger.failed, None, "game 2 is still in play");
    merger.add(2, Ok(result(7)));
    assert_eq!(merger.failed.as_deref(), Some("game 3 failed"));
    assert_eq!(merger.summary.games, 3);
    assert_eq!(merger.summary.actions, 15);
    assert_eq!(merger.summary.longest, 7);
}

/// A game whose one seat may act but has nothing to do until the game master stands in for it
/// (three times), and whose game master may also end it at once (a ruling): what the bots'
/// game master takes with and without rulings.
mod stand_in {
    use serde::{Deserialize, Serialize};

    use crate::dice::Dice;
    use crate::error::DiceError;
    use crate::game::{Actor, Game, GameMasterRole, Outcome, Seat, Turn, Viewer, Visible};

    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub(super) struct Stuck;

    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub(super) struct StuckState {
        pub(super) stand_ins: u8,
        pub(super) ended: bool,
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    pub(super) enum StuckAction {
        StandIn,
        End,
    }

    #[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
    pub(super) enum StuckError {
        #[error("the game is over")]
        Over,
        #[error(transparent)]
        Dice(#[from] DiceError),
    }

    impl Game for Stuck {
        const NAME: &'static str = "stuck";
        const TITLE: &'static str = "Stuck";
        type Config = ();
        type State = StuckState;
        type Action = StuckAction;
        type Event = ();
        type View = ();
        type Error = StuckError;

        fn setup(_: &(), _: &mut dyn Dice) -> Result<StuckState, StuckError> {
            Ok(StuckState::default())
        }

        fn turn(state: &StuckState) -> Turn {
            if state.ended || state.stand_ins == 3 {
                let winners = if state.ended { vec![] } else { vec![Seat(0)] };
                return Turn::Over(Outcome {
                    winners,
                    ..Outcome::default()
                });
            }
            Turn::Acting(vec![Actor::Seat(Seat(0)), Actor::GameMaster])
        }

        fn seat_count(_: &StuckState) -> u16 {
            1
        }

        fn legal_actions(state: &StuckState, actor: Actor) -> Vec<StuckAction> {
            match (Self::turn(state), actor) {
                (Turn::Acting(_), Actor::GameMaster) => {
                    vec![StuckAction::End, StuckAction::StandIn]
                }
                _ => Vec::new(),
            }
        }

        fn apply(
            state: &mut StuckState,
            _: Actor,
            action: &StuckAction,
            _: &mut dyn Dice,
        ) -> Result<Vec<Visible<()>>, StuckError> {
            if Self::turn(state).outcome().is_some() {
                return Err(StuckError::Over);
            }
            match action {
                StuckAction::StandIn => state.stand_ins += 1,
                StuckAction::End => state.ended = true,
            }
            Ok(Vec::new())
        }

        fn view(_: &StuckState, _: Viewer) {}

        fn parse_action(_: &StuckState, _: Actor, _: &str) -> Result<StuckAction, StuckError> {
            Err(StuckError::Over)
        }

        fn format_action(_: &StuckState, action: &StuckAction) -> String {
            format!("{action:?}")
        }

        fn max_actions(_: &()) -> u64 {
            3
        }

        fn game_master_role(_: &StuckState, action: &StuckAction) -> GameMasterRole {
            match action {
                StuckAction::StandIn => GameMasterRole::StandIn(Seat(0)),
                StuckAction::End => GameMasterRole::Ruling,
            }
        }
    }
}

#[test]
fn the_game_master_stands_in_only_when_nothing_else_moves_the_game_and_never_rules() {
    use stand_in::{Stuck, StuckAction, StuckState};
    for seed in 0..20 {
        let mut dice = SeededDice::new(seed);
        let mut state = StuckState::default();
        while let Some((actor, action)) = random_action::<Stuck>(&state, &mut dice) {
            assert_eq!((actor, &action), (Actor::GameMaster, &StuckAction::StandIn));
            Stuck::apply(&mut state, actor, &action, &mut dice).unwrap();
        }
        assert_eq!(state.stand_ins, 3, "seed {seed}");
        assert_eq!(Stuck::returns(&state), Some(vec![1.0]));
    }
    // Asked for rulings, the bot draws among all the game master's actions and ends it early.
    let ended = (0..20).any(|seed| {
        let mut dice = SeededDice::new(seed);
        let mut state = StuckState::default();
        while let Some((actor, action)) =
            random_action_with::<Stuck>(&state, BotOptions::WITH_RULINGS, &mut dice)
        {
            Stuck::apply(&mut state, actor, &action, &mut dice).unwrap();
        }
        state.ended
    });
    assert!(ended);
}
