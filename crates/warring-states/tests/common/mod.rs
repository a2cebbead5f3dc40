//! What the Warring States rule tests share: scripted dice with a seeded tail, and a game of
//! chosen players on the standard map.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![allow(dead_code)] // each test file uses its own part of it

pub mod scripted;

pub use pbp_core::engine::testing::Kind;
use pbp_core::engine::testing::{self, Contract};
use pbp_core::{
    Dice, DiceError, ScriptedDice, SeededDice,
    engine::{Actor, Game, Seat, Visible},
};
use pbp_warring_states::{
    Colour, MapSpec, PlayerSpec, School, StateId, WarringStates, WarringStatesAction,
    WarringStatesConfig, WarringStatesError, WarringStatesEvent, WarringStatesState,
};

/// Scripted values first (the seed's or the test's numbers), then a seeded source for the draws
/// a test does not fix (the next turn's random general, the gifts).
pub struct Script {
    scripted: ScriptedDice,
    rest: SeededDice,
}

impl Script {
    /// These values first, then seed 99's.
    pub fn new(values: &[u32]) -> Script {
        Script {
            scripted: ScriptedDice::new(values.to_vec()),
            rest: SeededDice::new(99),
        }
    }

    /// How many scripted values are still unused.
    pub fn scripted_left(&self) -> usize {
        self.scripted.remaining()
    }
}

impl Dice for Script {
    fn roll(&mut self, sides: u32) -> Result<u32, DiceError> {
        if self.scripted.remaining() > 0 {
            self.scripted.roll(sides)
        } else {
            self.rest.roll(sides)
        }
    }
}

pub const S0: Seat = Seat(0);
pub const S1: Seat = Seat(1);
pub const S2: Seat = Seat(2);

/// A game with these players (states, schools), colours in order, no starting generals.
pub fn game(players: &[(&str, School)]) -> WarringStatesState {
    let config = WarringStatesConfig {
        map: MapSpec::shared_standard(),
        players: players
            .iter()
            .enumerate()
            .map(|(i, (state, school))| PlayerSpec {
                name: format!("P{i}"),
                state: (*state).into(),
                colour: Colour::ALL[i],
                school: *school,
            })
            .collect(),
        ..WarringStatesConfig::default()
    };
    let mut s = WarringStates::setup(&config, &mut SeededDice::new(1)).unwrap();
    for p in &mut s.players {
        p.generals.clear();
    }
    s
}

/// The state of this name on the game's map.
pub fn id(s: &WarringStatesState, name: &str) -> StateId {
    s.map.find(name).unwrap()
}

/// What the contract checks of `pbp_core::engine::testing` know of Warring States: the game master's
/// closing of the turn and "no orders" for a waiting seat are listed in full; order sheets and
/// admissions are a documented generator's representative ones (`legal_actions`; `apply` is the
/// authority), so only "a listed one is accepted" holds for them.
pub const CONTRACT: Contract<WarringStates> = Contract::sampling().listed(listed);

fn listed(_: &WarringStatesState, _: Actor, action: &WarringStatesAction) -> bool {
    matches!(
        action,
        WarringStatesAction::CloseTurn | WarringStatesAction::NoOrders { .. }
    )
}

/// `WarringStates::apply` with the contract checked (`testing::try_apply_with`: the text round
/// trip of the action, the legal list, a refusal changes nothing); the dice are the test's own
/// source, kept over several actions.
pub fn play(
    s: &mut WarringStatesState,
    actor: Actor,
    action: &WarringStatesAction,
    dice: &mut dyn Dice,
) -> Result<Vec<Visible<WarringStatesEvent>>, WarringStatesError> {
    testing::try_apply_with(&CONTRACT, s, actor, action, dice).map_err(|r| r.game_error())
}

/// [`play`] that must be refused, for this reason: the game's error.
pub fn refused(
    s: &mut WarringStatesState,
    actor: Actor,
    action: &WarringStatesAction,
    dice: &mut dyn Dice,
    kind: Kind,
) -> WarringStatesError {
    match testing::try_apply_with(&CONTRACT, s, actor, action, dice) {
        Ok(_) => panic!("{action:?} of {actor:?} was accepted; expected a refusal ({kind})"),
        Err(r) if r.kind != kind => panic!(
            "{action:?} of {actor:?} was refused as {}, not {kind}: {r}",
            r.kind
        ),
        Err(r) => r.game_error(),
    }
}
