//! The end of the round: open battles forced to an end, the map changed, glory and gold scored.

use std::collections::BTreeMap;
use std::sync::Arc;

use pbp_core::{
    Dice, Side,
    engine::{Outcome, Seat, Visible},
};

use super::draws::close;
use super::effects::resolve;
use super::{Events, Res, draw_cards, side_index};
use crate::config::*;
use crate::model::*;
use crate::state::*;

/// Forces battle `bi` to an end at the end of the round. Its draws are made (the late-drawn
/// card of a side that alone rolled) or lost now; the Cunning and Tactical choices of a battle
/// won are kept for the players to make after the end of the round, unless `last` (the game
/// ends with this round) or no choice is left, in which case the battle closes now.
fn force_resolve(
    state: &mut ClanWarState,
    bi: usize,
    last: bool,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Res<()> {
    let id = state.battles[bi].id;
    state.battles[bi].forced = true;
    let rolled: Vec<bool> = state.battles[bi]
        .sides
        .iter()
        .map(|s| s.roll.is_some())
        .collect();
    match (&state.battles[bi].phase, rolled[0], rolled[1]) {
        (Phase::Choices(_) | Phase::Draws, _, _) => {
            events.push(Visible::public(ClanWarEvent::Forced {
                battle: id,
                how: ForcedEnd::BothRolled,
            }));
        }
        (_, true, false) | (_, false, true) => {
            let winner = if rolled[0] { Side::First } else { Side::Second };
            events.push(Visible::public(ClanWarEvent::Forced {
                battle: id,
                how: ForcedEnd::OneRolled,
            }));
            resolve(state, bi, winner, last, events)?;
            if let Some(seat) = state.battles[bi].seat(winner) {
                let s = &state.battles[bi].sides[side_index(winner)];
                let p = &state.players[usize::from(seat.0)];
                let normal = u32::from(!s.draw_barred && !p.no_draw_this_round);
                let count = s.extra_draws + normal;
                draw_cards(state, seat, count, dice, events)?;
            }
        }
        _ => {
            state.battles[bi].result = Some(BattleResult::Wash);
            events.push(Visible::public(ClanWarEvent::Forced {
                battle: id,
                how: ForcedEnd::NeitherRolled,
            }));
            for pl in &mut state.battles[bi].played {
                pl.returns = false;
            }
        }
    }
    // Every draw is made or lost now: the battle waits only for its choices, if any.
    for s in &mut state.battles[bi].sides {
        s.end_done = true;
    }
    if !last && matches!(state.battles[bi].phase, Phase::Choices(_)) {
        return Ok(());
    }
    close(state, bi, events)
}

/// Whether ending the round now draws cards: a battle forced with one side rolled gives its
/// winner its draws. Without such a battle the end of round draws no dice and refuses nothing
/// once begun, so it may change the state in place.
pub(crate) fn end_round_draws(state: &ClanWarState) -> bool {
    state.battles.iter().any(|b| {
        let rolled = b.sides.iter().filter(|s| s.roll.is_some()).count();
        !matches!(b.phase, Phase::Closed | Phase::Choices(_) | Phase::Draws) && rolled == 1
    })
}

/// The game master ends the round: open battles are forced, the map changes, glory and gold
/// are scored.
pub(super) fn end_round(state: &mut ClanWarState, dice: &mut dyn Dice) -> Res<Events> {
    let mut events = Vec::new();
    // A battle of the round before still waiting for its choices closes now, choices or not;
    // it was scored then, and is not scored again.
    for bi in 0..state.battles.len() {
        if state.battles[bi].carried && state.battles[bi].phase != Phase::Closed {
            close(state, bi, &mut events)?;
        }
    }
    state.battles.retain(|b| !b.carried);
    let last = state.round >= state.config.rounds;
    for bi in 0..state.battles.len() {
        if state.battles[bi].phase != Phase::Closed {
            force_resolve(state, bi, last, dice, &mut events)?;
        }
    }
    // The map changes now, and only now.
    let mut captures: Vec<(String, Holder, Holder)> = Vec::new();
    let mut changes: Vec<(usize, Holder)> = Vec::new();
    for b in &state.battles {
        match b.result {
            Some(BattleResult::Won(Side::First)) => {
                let clan = state.players[usize::from(b.attacker.0)].clan;
                let rivals = state
                    .battles
                    .iter()
                    .filter(|o| {
                        o.target == b.target && o.result == Some(BattleResult::Won(Side::First))
                    })
                    .count();
                let first = !changes.iter().any(|(h, _)| *h == b.target);
                let take = match state.config.options.contested {
                    Contested::FirstDeclared => first,
                    Contested::Holder => rivals == 1,
                };
                if take {
                    changes.push((b.target, Holder::Clan(clan)));
                }
            }
            Some(BattleResult::Won(Side::Second)) if b.defender == Defender::SpiritArmy => {
                changes.push((b.from, Holder::SpiritArmy));
            }
            _ => {}
        }
    }
    for (hex, to) in changes {
        let from = state.holders[hex];
        if from != to {
            state.holders[hex] = to;
            events.push(Visible::public(ClanWarEvent::Captured {
                hex: state.map.hex_label(hex),
                from,
                to,
            }));
            captures.push((state.map.hexes[hex].label.to_string(), from, to));
        }
    }
    // Glory, then gold.
    let mut glory = vec![0_i64; state.players.len()];
    let mut reports = Vec::new();
    for b in &state.battles {
        let result = b.result.unwrap_or(BattleResult::Wash);
        let engaged = result != BattleResult::Wash || state.config.options.wash_counts_as_engaged;
        for side in [Side::First, Side::Second] {
            if let Some(seat) = b.seat(side) {
                let g = &mut glory[usize::from(seat.0)];
                if engaged {
                    *g += 1;
                }
                if result == BattleResult::Won(side) {
                    *g += 1;
                }
            }
        }
        reports.push(BattleReport {
            id: b.id,
            attacker: state.players[usize::from(b.attacker.0)].clan,
            defender: match b.defender {
                Defender::Seat(s) => Holder::Clan(state.players[usize::from(s.0)].clan),
                Defender::SpiritArmy => Holder::SpiritArmy,
            },
            from: state.map.hexes[b.from].label.to_string(),
            target: state.map.hexes[b.target].label.to_string(),
            result,
            forced: b.forced,
        });
    }
    let mut scores = Vec::new();
    for (i, p) in state.players.iter_mut().enumerate() {
        let gold: i64 = state
            .holders
            .iter()
            .zip(&state.map.hexes)
            .filter(|(h, _)| **h == Holder::Clan(p.clan))
            .map(|(_, hex)| hex.terrain.gold())
            .sum();
        p.gold += gold;
        p.glory_halves += glory[i];
        scores.push((p.seat, gold, glory[i], p.score_halves()));
        p.attacked = false;
        p.switched = false;
        p.no_draw_this_round = false;
    }
    let round = state.round;
    Arc::make_mut(&mut state.history).push(RoundReport {
        round,
        battles: reports,
        captures,
        scores,
    });
    events.push(Visible::public(ClanWarEvent::Scored { round }));
    // The battles still waiting for their choices stay into the next round, already scored.
    state.battles.retain(|b| b.phase != Phase::Closed);
    for b in &mut state.battles {
        b.carried = true;
    }
    if state.round >= state.config.rounds {
        state.over = true;
        events.push(Visible::public(ClanWarEvent::GameOver));
    } else {
        state.round += 1;
    }
    Ok(events)
}

/// The final standing: active players by score first, retired ones after them.
pub(crate) fn outcome(state: &ClanWarState) -> Outcome {
    let scores: BTreeMap<Seat, i64> = state
        .players
        .iter()
        .map(|p| (p.seat, p.score_halves()))
        .collect();
    // Active players rank first by score; retired ones after them (the prize goes to the
    // runner-up when the best player is no longer active).
    let key = |seat: &Seat| {
        let p = &state.players[usize::from(seat.0)];
        (p.retired, -p.score_halves())
    };
    let mut keys: Vec<(bool, i64)> = scores.keys().map(key).collect();
    keys.sort_unstable();
    keys.dedup();
    let ranking: Vec<Vec<Seat>> = keys
        .iter()
        .map(|k| scores.keys().filter(|s| key(s) == *k).copied().collect())
        .collect();
    let winners = match ranking.first() {
        Some(first)
            if first
                .iter()
                .all(|s| !state.players[usize::from(s.0)].retired) =>
        {
            first.clone()
        }
        _ => Vec::new(),
    };
    // The best active player wins; with every player retired there is none, and the reason
    // says so rather than naming a score no one won by.
    let rounds = pbp_core::engine::words::counted(state.config.rounds, "round", "rounds");
    let reason = if state.players.iter().all(|p| p.retired) {
        format!("every player retired: no active player to win after {rounds}")
    } else {
        format!("the highest score (gold plus glory) after {rounds}")
    };
    Outcome {
        winners,
        ranking,
        scores,
        score_denominator: 2,
        reason,
    }
}
