//! The end of a turn: victory and the limits, the outcome, then the next turn and its gifts.

use std::collections::BTreeMap;

use pbp_core::{
    Dice,
    engine::{Outcome, Seat, Visible},
};

use crate::config::School;
use crate::engine::generals::{below_cap, gift};
use crate::engine::{Events, pick_index};
use crate::error::WarringStatesError;
use crate::model::{GainReason, WarringStatesEvent};
use crate::state::WarringStatesState;

/// Victory and the limits, then the next turn and its gifts.
pub(crate) fn end_turn(
    state: &mut WarringStatesState,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Result<(), WarringStatesError> {
    if let Some(seat) = state
        .active_seats()
        .into_iter()
        .find(|&s| state.imperial(s))
    {
        let outcome = outcome(
            state,
            vec![seat],
            format!(
                "{} holds the imperial capital and {} KINGDOM-type states in one dominion: Imperial victory",
                state.seat_name(seat),
                state.kingdom_states_held(seat) - 1
            ),
        );
        finish(state, outcome, events);
        return Ok(());
    }
    state.turn += 1;
    if state.turn > state.rules.turn_limit {
        let outcome = outcome(
            state,
            Vec::new(),
            format!("the turn limit of {} was reached", state.rules.turn_limit),
        );
        finish(state, outcome, events);
        return Ok(());
    }
    if state.active_seats().is_empty() && !state.joining_open() {
        let outcome = outcome(
            state,
            Vec::new(),
            "no player is left and joining is closed".into(),
        );
        finish(state, outcome, events);
        return Ok(());
    }
    events.push(Visible::public(WarringStatesEvent::TurnBegan {
        turn: state.turn,
    }));
    let eligible = below_cap(state, &[]);
    if !eligible.is_empty() {
        let seat = eligible[pick_index(dice, eligible.len())?];
        gift(state, seat, GainReason::TurnGift, dice, events)?;
    }
    for seat in state.active_seats() {
        if state
            .player(seat)
            .is_some_and(|p| p.school == School::Militarist)
        {
            gift(state, seat, GainReason::Militarist, dice, events)?;
        }
    }
    Ok(())
}

pub(crate) fn finish(state: &mut WarringStatesState, outcome: Outcome, events: &mut Events) {
    events.push(Visible::public(WarringStatesEvent::GameOver(
        outcome.clone(),
    )));
    state.outcome = Some(outcome);
}

/// The outcome with `winners` first and the rest ranked by states held.
pub(crate) fn outcome(state: &WarringStatesState, winners: Vec<Seat>, reason: String) -> Outcome {
    let mut scores = BTreeMap::new();
    for i in 0..state.players.len() {
        let seat = Seat(i as u16);
        scores.insert(seat, state.holdings(seat).len() as i64);
    }
    let mut ranking: Vec<Vec<Seat>> = Vec::new();
    if !winners.is_empty() {
        ranking.push(winners.clone());
    }
    let mut rest: Vec<(i64, Seat)> = scores
        .iter()
        .filter(|(s, _)| !winners.contains(s))
        .map(|(&s, &n)| (n, s))
        .collect();
    rest.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut last: Option<i64> = None;
    for (n, s) in rest {
        match (last, ranking.last_mut()) {
            (Some(l), Some(place)) if l == n => place.push(s),
            _ => ranking.push(vec![s]),
        }
        last = Some(n);
    }
    Outcome {
        winners,
        ranking,
        scores,
        score_denominator: 1,
        reason,
    }
}
