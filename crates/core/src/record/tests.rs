//! The one rollback of a session's step: a seeded step copies no state, a step with outside
//! dice takes one snapshot, and every refusal leaves the state as it was; and the events after
//! a step, found by a search of the log, are those the whole log filters.

use std::cell::Cell;

use serde::{Deserialize, Serialize};

use super::{DiceChoice, RecordError, Session, Shortfall};
use crate::dice::Dice;
use crate::engine::duel::{
    Duel, DuelAction, DuelConfig, DuelError, DuelEvent, DuelState, DuelView, Stance,
};
use crate::game::{Actor, Game, Seat, Turn, Viewer, Visible};

thread_local! {
    static CLONES: Cell<usize> = const { Cell::new(0) };
}

/// The duel's state, counting its copies on this thread.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
struct Counted(DuelState);

impl Clone for Counted {
    fn clone(&self) -> Counted {
        CLONES.with(|c| c.set(c.get() + 1));
        Counted(self.0.clone())
    }
}

/// The duel, with a state that counts its copies.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct CountedDuel;

impl Game for CountedDuel {
    const NAME: &'static str = "counted-duel";
    const TITLE: &'static str = "Counted duel";
    type Config = DuelConfig;
    type State = Counted;
    type Action = DuelAction;
    type Event = DuelEvent;
    type View = DuelView;
    type Error = DuelError;

    fn setup(config: &DuelConfig, dice: &mut dyn Dice) -> Result<Counted, DuelError> {
        Duel::setup(config, dice).map(Counted)
    }
    fn turn(state: &Counted) -> Turn {
        Duel::turn(&state.0)
    }
    fn seat_count(state: &Counted) -> u16 {
        Duel::seat_count(&state.0)
    }
    fn legal_actions(state: &Counted, actor: Actor) -> Vec<DuelAction> {
        Duel::legal_actions(&state.0, actor)
    }
    fn apply(
        state: &mut Counted,
        actor: Actor,
        action: &DuelAction,
        dice: &mut dyn Dice,
    ) -> Result<Vec<Visible<DuelEvent>>, DuelError> {
        Duel::apply(&mut state.0, actor, action, dice)
    }
    fn view(state: &Counted, viewer: Viewer) -> DuelView {
        Duel::view(&state.0, viewer)
    }
    fn parse_action(state: &Counted, actor: Actor, text: &str) -> Result<DuelAction, DuelError> {
        Duel::parse_action(&state.0, actor, text)
    }
    fn format_action(state: &Counted, action: &DuelAction) -> String {
        Duel::format_action(&state.0, action)
    }
    fn max_actions(config: &DuelConfig) -> u64 {
        Duel::max_actions(config)
    }
}

fn clones() -> usize {
    CLONES.with(Cell::get)
}

const S0: Actor = Actor::Seat(Seat(0));
const S1: Actor = Actor::Seat(Seat(1));
const STRIKE: DuelAction = DuelAction::Choose(Stance::Strike);

/// A duel where seat 0 has sealed a strike, so seat 1's strike rolls the round.
fn sealed_round() -> Session<CountedDuel> {
    let mut session = Session::new(DuelConfig::default(), 7, DiceChoice::Seeded).unwrap();
    session.act(S0, STRIKE, DiceChoice::Seeded).unwrap();
    session
}

#[test]
fn a_seeded_step_copies_no_state() {
    let mut session = sealed_round();
    let before = clones();
    session.act(S1, STRIKE, DiceChoice::Seeded).unwrap();
    assert_eq!(clones(), before, "an accepted seeded step");
    let refused = session.act(S0, DuelAction::Concede(Seat(1)), DiceChoice::Seeded);
    assert!(matches!(
        refused,
        Err(RecordError::Game(DuelError::WrongActor(_)))
    ));
    assert_eq!(clones(), before, "a refused seeded step");
}

#[test]
fn a_step_with_outside_dice_takes_one_snapshot() {
    let mut session = sealed_round();
    let before = clones();
    // Strike against strike rolls four d10s at least: 9 and 8 against 3 and 2.
    session
        .act(S1, STRIKE, DiceChoice::Outside(vec![9, 8, 3, 2]))
        .unwrap();
    assert_eq!(clones(), before + 1);
    assert_eq!(session.state().0.wins, [1, 0]);
}

#[test]
fn unused_outside_dice_leave_the_state_as_it_was() {
    let mut session = sealed_round();
    let before = session.state().clone();
    let refused = session.act(S1, STRIKE, DiceChoice::Outside(vec![9, 8, 3, 2, 5]));
    assert!(matches!(
        refused,
        Err(RecordError::UnusedDice { given: 5, used: 4 })
    ));
    assert_eq!(session.state(), &before);
    assert_eq!(session.record().entries.len(), 1);
}

#[test]
fn too_few_outside_dice_leave_the_state_as_it_was() {
    // Counting the values needed plays the step again, successfully, on the session's state;
    // the snapshot puts it back.
    let mut session = sealed_round();
    let before = session.state().clone();
    let refused = session.act(S1, STRIKE, DiceChoice::Outside(vec![9, 8]));
    assert!(matches!(
        refused,
        Err(RecordError::MoreDice {
            given: 2,
            more: 2,
            why: Shortfall {
                rolled: 2,
                exploded: 0,
                tied: 0
            }
        })
    ));
    assert_eq!(session.state(), &before);
    assert_eq!(session.record().entries.len(), 1);
}

/// The reason a step short of outside dice gives, in words.
fn short_of(dice: Vec<u32>) -> String {
    let mut session = sealed_round();
    let refused = session.act(S1, STRIKE, DiceChoice::Outside(dice));
    match refused {
        Err(error @ RecordError::MoreDice { .. }) => error.to_string(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn too_few_outside_dice_say_why_more_are_needed() {
    // Strike against strike: 2k1 against 2k1, exploding d10s, a tie on both dice re-rolled.
    assert_eq!(
        short_of(vec![9, 8, 3]),
        "all 3 dice values given were used and the step needs at least 1 more: it rolls more dice than were given: 1 more die"
    );
    // The last value given is a 10: it explodes, and the next face is added.
    assert_eq!(
        short_of(vec![9, 8, 3, 10]),
        "all 4 dice values given were used and the step needs at least 1 more: a 10 explodes and is rolled again: 1 more die"
    );
    // 7 and 4 against 4 and 7: a push, both pools rolled again (the tie's dice neither tie nor
    // explode in the count, where 1s would tie forever).
    assert_eq!(
        short_of(vec![7, 4, 4, 7]),
        "all 4 dice values given were used and the step needs at least 4 more: a tie re-rolls: 4 more dice"
    );
    assert_eq!(
        short_of(vec![7, 4, 4, 7, 2]),
        "all 5 dice values given were used and the step needs at least 3 more: a tie re-rolls: 3 more dice"
    );
    // Both causes at once: a tie, then a 10 given last in the re-roll.
    assert_eq!(
        short_of(vec![7, 4, 4, 7, 2, 10]),
        "all 6 dice values given were used and the step needs at least 3 more: a 10 explodes and is rolled again: 1 more die; a tie re-rolls: 2 more dice"
    );
}

#[test]
fn a_step_refused_after_the_game_accepted_it_is_undone() {
    for dice in [DiceChoice::Seeded, DiceChoice::Outside(vec![9, 8, 3, 2])] {
        let mut session = sealed_round();
        let before = session.state().clone();
        let refused: Result<(), &str> = session.act_checked(
            S1,
            STRIKE,
            dice,
            |_| "the game refused",
            |events| {
                assert!(!events.is_empty(), "the step was applied");
                Err("the events were refused")
            },
        );
        assert_eq!(refused, Err("the events were refused"));
        assert_eq!(session.state(), &before);
        assert_eq!(session.record().entries.len(), 1);
        assert_eq!(session.log().len(), 2);
        // The session plays on as if the refused step never happened.
        session.act(S1, STRIKE, DiceChoice::Seeded).unwrap();
        assert_eq!(session.record().entries.len(), 2);
    }
}

#[test]
fn the_events_after_a_step_are_those_the_whole_log_filters() {
    let config = DuelConfig {
        first_to: 50,
        ..DuelConfig::default()
    };
    let mut session = Session::<Duel>::new(config, 11, DiceChoice::Seeded).unwrap();
    while session.log().len() < 60 {
        let Turn::Acting(actors) = Duel::turn(session.state()) else {
            break;
        };
        let next = actors.iter().find_map(|&actor| {
            let legal = Duel::legal_actions(session.state(), actor);
            let action = legal
                .into_iter()
                .find(|a| !matches!(a, DuelAction::Concede(_)))?;
            Some((actor, action))
        });
        let Some((actor, action)) = next else { break };
        session.act(actor, action, DiceChoice::Seeded).unwrap();
    }
    let steps = session.record().entries.len();
    assert!(steps > 10, "a game of {steps} steps");
    let secret = session
        .log()
        .iter()
        .any(|e| !e.visible.audience.includes(Viewer::Public));
    assert!(secret, "some events are not for everyone");
    let viewers = [
        Viewer::Public,
        Viewer::GameMaster,
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(1)),
    ];
    let afters = std::iter::once(None).chain((0..=steps + 1).map(Some));
    for viewer in viewers {
        for after in afters.clone() {
            let searched: Vec<_> = session.log_for_after(viewer, after).collect();
            let filtered: Vec<_> = session
                .log_for(viewer)
                .filter(|e| after.is_none_or(|after| e.step > after))
                .collect();
            assert_eq!(searched, filtered, "{viewer:?} after {after:?}");
        }
    }
}
