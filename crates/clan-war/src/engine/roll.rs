//! The roll: both sides' pools rolled, pushes rolled again, the verdict.

use std::sync::Arc;

use pbp_core::{
    Comparison, ContestOdds, Dice, FastRoll, OddsError, Pool, PoolError, PoolRoll, RollExpr, Seat,
    Side, Verdict, Visible, contest_odds,
};

use super::effects::resolve;
use super::pool::pool_for;
use super::{Events, Res, auto_sides, battle_index, side_index};
use crate::error::{ClanWarError, illegal};
use crate::model::*;
use crate::state::*;

/// The most pushes rolled again in one battle before the game gives up (about 10^-150 likely).
const MAX_PUSHES: u32 = 100;

/// How a battle's two rolls compare (seed 000): the higher kept total wins; on equal totals
/// the higher second-highest die (with its bonus, even when it is not kept); equal again, a
/// push, and both sides roll again. The roll below and [`battle_odds`] both use it.
pub const BATTLE_RULE: Comparison = Comparison::HighestThenSecond;

/// The exact chance of each side winning a battle between the `attack` and `defence` pools,
/// pushes rolled again, under the [`BATTLE_RULE`]; what the renderers show beside an open
/// battle (with [`battle_pools`](super::battle_pools)).
///
/// # Errors
/// Pools too large for the exact computation ([`OddsError`]).
pub fn battle_odds(attack: &Pool, defence: &Pool) -> Result<ContestOdds, OddsError> {
    contest_odds(
        &RollExpr::Pool(attack.clone()),
        &RollExpr::Pool(defence.clone()),
        BATTLE_RULE,
    )
}

/// The tie-breaker: the second highest die with its bonus, even when it is not kept.
fn second_die(pool: &Pool, roll: &PoolRoll) -> i64 {
    match roll.dice().get(1) {
        Some(d) if d.kept => d.value,
        Some(d) => d.value + pool.modifiers.rank_bonus(2),
        None => 0,
    }
}

fn roll_pool(pool: &Pool, dice: &mut dyn Dice) -> Res<(PoolRoll, i64, i64)> {
    let roll = pool.roll(dice)?;
    let second = second_die(pool, &roll);
    let total = roll.total();
    Ok((roll, total, second))
}

/// Rolls `side`'s pool in battle `bi` and records it (the next-battle Honor bonus is used up).
pub(super) fn roll_side(
    state: &mut ClanWarState,
    bi: usize,
    side: Side,
    dice: &mut dyn Dice,
) -> Res<()> {
    let pool = pool_for(state, &state.battles[bi], side);
    if let Some(seat) = state.battles[bi].seat(side) {
        state.players[usize::from(seat.0)].honor_next = 0;
    }
    let (roll, total, second) = roll_pool(&pool, dice)?;
    state.battles[bi].sides[side_index(side)].roll = Some(Rolled {
        pool,
        rolls: Arc::new(vec![roll]),
        total,
        second,
    });
    Ok(())
}

/// `seat` rolls in `battle` (with the Spirit Army or a retired opponent), then the rolls compare.
pub(super) fn roll(
    state: &mut ClanWarState,
    seat: Seat,
    battle: u32,
    dice: &mut dyn Dice,
) -> Res<Events> {
    let bi = battle_index(state, battle)?;
    let b = &state.battles[bi];
    let side = b
        .side_of(seat)
        .ok_or_else(|| ClanWarError::Illegal(format!("you are not in battle #{battle}")))?;
    if b.phase != Phase::Roll {
        return illegal(format!("battle #{battle} is not at the roll"));
    }
    if b.sides[side_index(side)].roll.is_some() {
        return illegal(format!("you have already rolled in battle #{battle}"));
    }
    roll_side(state, bi, side, dice)?;
    let auto = auto_sides(state, &state.battles[bi]);
    if auto[side_index(side.other())]
        && state.battles[bi].sides[side_index(side.other())]
            .roll
            .is_none()
    {
        // The Spirit Army (or a retired player) rolls with its opponent.
        roll_side(state, bi, side.other(), dice)?;
    }
    let mut events = Vec::new();
    compare_rolls(state, bi, side, dice, &mut events)?;
    Ok(events)
}

/// Once both sides have rolled: the verdict, pushes rolled again at once, then the effects.
/// Before that, the event of the side that has rolled (`side`).
pub(super) fn compare_rolls(
    state: &mut ClanWarState,
    bi: usize,
    side: Side,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Res<()> {
    let battle = state.battles[bi].id;
    let (Some(a), Some(d)) = (
        state.battles[bi].sides[0].roll.clone(),
        state.battles[bi].sides[1].roll.clone(),
    ) else {
        let r = state.battles[bi].sides[side_index(side)].roll.clone();
        if let Some(r) = r {
            events.push(rolled_event(battle, side, &r));
        }
        return Ok(());
    };
    let (mut a, mut d) = (a, d);
    let mut pushes = 0;
    loop {
        let verdict = BATTLE_RULE.compare(
            FastRoll {
                total: a.total,
                second_highest: a.second,
            },
            FastRoll {
                total: d.total,
                second_highest: d.second,
            },
        );
        match verdict {
            Verdict::Win(winner) => {
                state.battles[bi].sides[0].roll = Some(a.clone());
                state.battles[bi].sides[1].roll = Some(d.clone());
                events.push(rolled_event(battle, Side::First, &a));
                events.push(rolled_event(battle, Side::Second, &d));
                resolve(state, bi, winner, false, events)?;
                return Ok(());
            }
            Verdict::Push => {
                pushes += 1;
                if pushes > MAX_PUSHES {
                    return Err(PoolError::EndlessPush { rounds: MAX_PUSHES }.into());
                }
                events.push(Visible::public(ClanWarEvent::Push { battle }));
                let (ra, ta, sa) = roll_pool(&a.pool, dice)?;
                let (rd, td, sd) = roll_pool(&d.pool, dice)?;
                Arc::make_mut(&mut a.rolls).push(ra);
                Arc::make_mut(&mut d.rolls).push(rd);
                (a.total, a.second) = (ta, sa);
                (d.total, d.second) = (td, sd);
            }
        }
    }
}

fn rolled_event(battle: u32, side: Side, r: &Rolled) -> Visible<ClanWarEvent> {
    let results = r
        .rolls
        .iter()
        .map(|roll| (roll.total(), second_die(&r.pool, roll)))
        .collect();
    Visible::public(ClanWarEvent::Rolled {
        battle,
        side,
        pool: r.pool.clone(),
        results,
    })
}
