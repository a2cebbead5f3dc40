//! The scenarios of the instruction-count regression check (`benches/icount/check.sh`): each
//! one prepares its inputs, then runs its work inside [`measured`], the only function valgrind's
//! callgrind counts instructions in. Instruction counts do not depend on the machine's load,
//! so a rise of a few percent is a real change of the code (or of the compiler).
//!
//! Run: `icount --list` names the scenarios and how many operations each counts;
//! `icount SCENARIO` runs one (under callgrind, through the script).
#![forbid(unsafe_code)]

use std::hint::black_box;

use pbp_benches::{BareLoop, FaceStream, HandLoop};
use pbp_core::engine::sim::{Bot, bot_action};
use pbp_core::{
    Comparison, FastRoll, Limits, Pool, RollExpr, SeededDice, contest_odds,
    engine::{Actor, Game},
};
use pbp_warring_states::{WarringStates, WarringStatesAction, WarringStatesState, heuristic_sheet};

/// Rolls per pool scenario.
const ROLLS: u64 = 10_000;
/// Applies per game scenario (each on its own copy of the reference position).
const APPLIES: u64 = 100;

/// The function whose instructions callgrind counts (`--toggle-collect=*icount::measured*`).
#[inline(never)]
fn measured(work: &mut dyn FnMut()) {
    work();
}

/// Every scenario: its name and the number of operations it counts.
const SCENARIOS: [(&str, u64); 31] = [
    ("prepared-2k1", ROLLS),
    ("prepared-3k2", ROLLS),
    ("prepared-5k3", ROLLS),
    ("prepared-10k5", ROLLS),
    ("many-2k1", ROLLS),
    ("many-3k2", ROLLS),
    ("many-5k3", ROLLS),
    ("many-10k5", ROLLS),
    ("faces-bulk", FACES * 10),
    ("roll-2k1", ROLLS),
    ("roll-3k2", ROLLS),
    ("roll-5k3", ROLLS),
    ("roll-10k5", ROLLS),
    ("bare-2k1", ROLLS),
    ("bare-3k2", ROLLS),
    ("bare-5k3", ROLLS),
    ("bare-10k5", ROLLS),
    ("hand-2k1", ROLLS),
    ("hand-3k2", ROLLS),
    ("hand-5k3", ROLLS),
    ("hand-10k5", ROLLS),
    ("apply-duel", APPLIES),
    ("apply-clan-war", APPLIES),
    ("apply-three-kingdoms", APPLIES),
    ("apply-scroll-race", APPLIES),
    ("apply-warring-states", APPLIES),
    ("warring-states-12-player-turn", 5),
    ("odds-10k5-vs-10k5", 1),
    ("odds-10k5", 1),
    ("games-clan-war-random", GAMES),
    ("games-clan-war-heuristic", GAMES),
];

/// Whole games per game scenario.
const GAMES: u64 = 20;

fn prepared(rolled: u32, kept: u32) {
    let prepared = Pool::new(rolled, kept)
        .prepare(&Limits::default())
        .expect("within the limits");
    let mut dice = SeededDice::new(7);
    measured(&mut || {
        for _ in 0..ROLLS {
            black_box(&prepared.roll(&mut dice));
        }
    });
}

/// [`ROLLS`] rolls with `PreparedPool::roll_many`, [`MANY`] at a time into one buffer.
fn many(rolled: u32, kept: u32) {
    let prepared = Pool::new(rolled, kept)
        .prepare(&Limits::default())
        .expect("within the limits");
    let mut dice = SeededDice::new(7);
    let zero = FastRoll {
        total: 0,
        second_highest: 0,
    };
    let mut rolls = vec![zero; MANY];
    measured(&mut || {
        for _ in 0..ROLLS / MANY as u64 {
            black_box(&prepared.roll_many(&mut dice, &mut rolls));
            black_box(&rolls);
        }
    });
}

/// Rolls of one `roll_many` call in the `many-*` scenarios (a divisor of [`ROLLS`]).
const MANY: usize = 1_000;

/// Faces of one call of the face stream: 112 words of nine.
const FACES: u64 = 1_008;

/// Ten calls of the face stream in bulk, [`FACES`] d10 faces each (the limit of a roll in
/// bulk: per face).
fn faces_bulk() {
    let mut stream = FaceStream::new(7);
    let mut faces = vec![0_u8; FACES as usize];
    measured(&mut || {
        for _ in 0..10 {
            stream.fill(&mut faces);
            black_box(&faces);
        }
    });
}

fn full_roll(rolled: u32, kept: u32) {
    let pool = Pool::new(rolled, kept);
    let mut dice = SeededDice::new(7);
    measured(&mut || {
        for _ in 0..ROLLS {
            black_box(&pool.roll(&mut dice));
        }
    });
}

/// The two references of issue 28: the register-batch bare loop (the instructions a pool roll
/// cannot do without) and the hand-written rand 0.9 loop.
fn references<const ROLLED: usize, const KEPT: usize>(bare: bool) {
    if bare {
        let mut reference = BareLoop::new(7);
        measured(&mut || {
            for _ in 0..ROLLS {
                black_box(&reference.roll::<ROLLED, KEPT>());
            }
        });
    } else {
        let mut reference = HandLoop::new(7);
        measured(&mut || {
            for _ in 0..ROLLS {
                black_box(&reference.roll::<ROLLED, KEPT>());
            }
        });
    }
}

/// The reference position of `G`: the standard setup from seed 1 after `steps` moves of the
/// heuristic bot. Then [`APPLIES`] copies of it each take the bot's next action.
fn apply<G: Game>(steps: usize) {
    let config = G::Config::default();
    let mut dice = SeededDice::new(1);
    let mut state = G::setup(&config, &mut dice).expect("the standard setup");
    for _ in 0..steps {
        let (actor, action) =
            bot_action::<G>(&state, Bot::Heuristic, &mut dice).expect("the game goes on");
        G::apply(&mut state, actor, &action, &mut dice).expect("a legal action");
    }
    let (actor, action) =
        bot_action::<G>(&state, Bot::Heuristic, &mut dice).expect("the game goes on");
    let mut copies: Vec<(G::State, SeededDice)> = (0..APPLIES)
        .map(|_| (state.clone(), dice.clone()))
        .collect();
    measured(&mut || {
        for (copy, dice) in &mut copies {
            black_box(&G::apply(copy, actor, &action, dice).expect("a legal action"));
        }
    });
}

#[path = "../shared/twelve_players.rs"]
mod twelve_players;
use twelve_players::{send_orders, twelve_players};

/// The twelfth order sheet of turn 5 resolves the turn (movement, battles, supply), on five
/// copies of the position.
fn warring_states_turn() {
    let mut dice = SeededDice::new(5);
    let mut state = WarringStates::setup(&twelve_players(), &mut dice).expect("a valid setup");
    while state.turn < 5 {
        let seats = WarringStates::waiting(&state);
        send_orders(&mut state, &seats, &mut dice);
    }
    let waiting = WarringStates::waiting(&state);
    let (&last, rest) = waiting.split_last().expect("seats are waiting for orders");
    send_orders(&mut state, rest, &mut dice);
    let sheet = WarringStatesAction::Orders(heuristic_sheet(&state, last));
    let mut copies: Vec<WarringStatesState> = (0..5).map(|_| state.clone()).collect();
    measured(&mut || {
        for copy in &mut copies {
            black_box(
                &WarringStates::apply(copy, Actor::Seat(last), &sheet, &mut dice)
                    .expect("the last sheet resolves the turn"),
            );
        }
    });
}

/// [`GAMES`] whole Clan War games of `bot` from seed 1, the default config (five clans), as
/// `pbp simulate clan-war --games 20 --seed 1 --threads 1` plays them.
fn clan_war_games(bot: Bot) {
    let config = <pbp_clan_war::ClanWar as Game>::Config::default();
    measured(&mut || {
        black_box(
            &pbp_core::engine::sim::simulate::<pbp_clan_war::ClanWar>(
                &config,
                GAMES,
                1,
                bot,
                false,
                |_| {},
            )
            .expect("the games are played"),
        );
    });
}

fn odds(first: &str, second: Option<&str>) {
    let a = RollExpr::parse(first).expect("a pool");
    let b = second.map(|s| RollExpr::parse(s).expect("a pool"));
    measured(&mut || match &b {
        Some(b) => {
            black_box(&contest_odds(&a, b, Comparison::HighestThenSecond));
        }
        None => {
            black_box(&pbp_core::distribution(&a));
        }
    });
}

fn main() {
    let scenario = std::env::args().nth(1).unwrap_or_default();
    match scenario.as_str() {
        "--list" => {
            for (name, operations) in SCENARIOS {
                println!("{name} {operations}");
            }
        }
        "prepared-2k1" => prepared(2, 1),
        "prepared-3k2" => prepared(3, 2),
        "prepared-5k3" => prepared(5, 3),
        "prepared-10k5" => prepared(10, 5),
        "many-2k1" => many(2, 1),
        "many-3k2" => many(3, 2),
        "many-5k3" => many(5, 3),
        "many-10k5" => many(10, 5),
        "faces-bulk" => faces_bulk(),
        "roll-2k1" => full_roll(2, 1),
        "roll-3k2" => full_roll(3, 2),
        "roll-5k3" => full_roll(5, 3),
        "roll-10k5" => full_roll(10, 5),
        "bare-2k1" => references::<2, 1>(true),
        "bare-3k2" => references::<3, 2>(true),
        "bare-5k3" => references::<5, 3>(true),
        "bare-10k5" => references::<10, 5>(true),
        "hand-2k1" => references::<2, 1>(false),
        "hand-3k2" => references::<3, 2>(false),
        "hand-5k3" => references::<5, 3>(false),
        "hand-10k5" => references::<10, 5>(false),
        "apply-duel" => apply::<pbp_core::engine::duel::Duel>(3),
        "apply-clan-war" => apply::<pbp_clan_war::ClanWar>(20),
        "apply-three-kingdoms" => apply::<pbp_three_kingdoms::ThreeKingdoms>(20),
        "apply-scroll-race" => apply::<pbp_scroll_race::ScrollRace>(20),
        "apply-warring-states" => apply::<WarringStates>(6),
        "warring-states-12-player-turn" => warring_states_turn(),
        "odds-10k5-vs-10k5" => odds("10k5", Some("10k5")),
        "odds-10k5" => odds("10k5", None),
        "games-clan-war-random" => clan_war_games(Bot::Random),
        "games-clan-war-heuristic" => clan_war_games(Bot::Heuristic),
        other => {
            eprintln!("unknown scenario {other:?}: see --list");
            std::process::exit(2);
        }
    }
}
