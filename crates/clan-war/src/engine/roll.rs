//! The roll: both sides' pools rolled, pushes rolled again, the verdict.

use std::sync::Arc;

use pbp_core::{
    Comparison, ContestOdds, Dice, FastRoll, KeepOrder, OddsError, Pool, PoolError, PoolRoll,
    RollExpr, Side, Verdict, contest_odds,
    engine::{Seat, Visible},
};

use super::effects::resolve;
use super::pool::pool_for;
use super::{Events, Res, battle_index, named, side_index};
use crate::error::{ClanWarError, Refusal, illegal};
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
/// The tie-breaker is the second highest die with its bonus even when it is not kept, which
/// core's odds of a pool keeping before its bonuses leave out: such a pool is given the odds
/// of the same pool keeping after them when its bonuses cannot reorder the dice (then the two
/// keep the same dice and the second die carries its bonus), and none otherwise.
///
/// # Errors
/// Pools too large for the exact computation, or a shape it does not cover ([`OddsError`]):
/// the odds are then not shown, never shown wrong.
pub fn battle_odds(attack: &Pool, defence: &Pool) -> Result<ContestOdds, OddsError> {
    contest_odds(
        &RollExpr::Pool(for_odds(attack)?),
        &RollExpr::Pool(for_odds(defence)?),
        BATTLE_RULE,
    )
}

/// The pool whose core odds are the battle's (see [`battle_odds`]).
fn for_odds(pool: &Pool) -> Result<Pool, OddsError> {
    let (rolled, kept, _) = pool.effective();
    let unkept_second_bonus = rolled >= 2 && kept < 2 && pool.modifiers.rank_bonus(2) != 0;
    if pool.keep == KeepOrder::AfterBonuses || !unkept_second_bonus {
        return Ok(pool.clone());
    }
    if pool.rank_bonuses_can_reorder() {
        return Err(OddsError::Unsupported);
    }
    let mut after = pool.clone();
    after.keep = KeepOrder::AfterBonuses;
    Ok(after)
}

/// The tie-breaker: the second highest die with its bonus, even when it is not kept (a pool
/// keeping after its bonuses has put it on every die already).
fn second_die(pool: &Pool, roll: &PoolRoll) -> i64 {
    match roll.dice().get(1) {
        Some(d) if d.kept || pool.keep == KeepOrder::AfterBonuses => d.value,
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
        .ok_or_else(|| ClanWarError::Illegal(Refusal::NotIn(named(state, battle, seat))))?;
    if b.phase != Phase::Roll {
        return illegal(Refusal::NotAtRoll(named(state, battle, seat)));
    }
    if b.sides[side_index(side)].roll.is_some() {
        return illegal(Refusal::RolledAlready(named(state, battle, seat)));
    }
    // The Spirit Army rolls with its opponent; a retired player never rolls (settle gives the
    // battle to the side that rolled).
    let other = side.other();
    let with_other = b.seat(other).is_none() && b.sides[side_index(other)].roll.is_none();
    let mut events = Vec::new();
    roll_sides(state, bi, side, with_other, dice, &mut events)?;
    Ok(events)
}

/// Rolls `side`'s pool in battle `bi` (and its opponent's too with `with_other`, after it);
/// once both sides have rolled, the verdict, pushes rolled again at once, then the effects.
/// Before that, the event of the side that has rolled. Every die is drawn, and every refusal
/// (a dice failure, endless pushes) made, before anything changes: a refusal leaves the state
/// as it was.
pub(super) fn roll_sides(
    state: &mut ClanWarState,
    bi: usize,
    side: Side,
    with_other: bool,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Res<()> {
    let b = &state.battles[bi];
    let battle = b.id;
    let seats = (b.attacker, b.seat(Side::Second));
    let mut rolled: [Option<Rolled>; 2] = [None, None];
    for (s, rolls) in [(side, true), (side.other(), with_other)] {
        if rolls {
            let pool = pool_for(state, b, s);
            let (roll, total, second) = roll_pool(&pool, dice)?;
            rolled[side_index(s)] = Some(Rolled {
                pool,
                rolls: Arc::new(vec![roll]),
                total,
                second,
            });
        }
    }
    let fresh = rolled.each_ref().map(Option::is_some);
    for (r, s) in rolled.iter_mut().zip(&b.sides) {
        if r.is_none() {
            r.clone_from(&s.roll);
        }
    }
    // Once every die is drawn (the pushes' too), nothing is refused: the rolls are written.
    let (winner, a, d) = match rolled {
        [Some(a), Some(d)] => pushes_rolled(battle, seats, a, d, dice, events)?,
        [a, d] => {
            use_up_honor(state, bi, fresh);
            let r = if side == Side::First { a } else { d };
            if let Some(r) = &r {
                events.push(rolled_event(battle, side, seats, r));
            }
            state.battles[bi].sides[side_index(side)].roll = r;
            return Ok(());
        }
    };
    use_up_honor(state, bi, fresh);
    events.push(rolled_event(battle, Side::First, seats, &a));
    events.push(rolled_event(battle, Side::Second, seats, &d));
    state.battles[bi].sides[0].roll = Some(a);
    state.battles[bi].sides[1].roll = Some(d);
    resolve(state, bi, winner, false, events)
}

/// A fresh roll uses up its side's next-battle Honor bonus.
fn use_up_honor(state: &mut ClanWarState, bi: usize, fresh: [bool; 2]) {
    for s in [Side::First, Side::Second] {
        if fresh[side_index(s)]
            && let Some(seat) = state.battles[bi].seat(s)
        {
            state.players[usize::from(seat.0)].honor_next = 0;
        }
    }
}

/// The verdict of two rolls, pushes rolled again (attacker first) until one side wins, with a
/// push event for each: the winner and both sides' rolls, every push included.
fn pushes_rolled(
    battle: u32,
    seats: (Seat, Option<Seat>),
    mut a: Rolled,
    mut d: Rolled,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Res<(Side, Rolled, Rolled)> {
    let start = events.len();
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
            Verdict::Win(winner) => return Ok((winner, a, d)),
            Verdict::Push => {
                pushes += 1;
                dice.tie();
                let rolled = if pushes > MAX_PUSHES {
                    Err(PoolError::EndlessPush { rounds: MAX_PUSHES }.into())
                } else {
                    roll_pool(&a.pool, dice)
                        .and_then(|ra| roll_pool(&d.pool, dice).map(|rd| (ra, rd)))
                };
                let ((ra, ta, sa), (rd, td, sd)) = match rolled {
                    Ok(rolls) => rolls,
                    Err(error) => {
                        events.truncate(start);
                        return Err(error);
                    }
                };
                events.push(Visible::public(ClanWarEvent::Push {
                    battle,
                    attacker: seats.0,
                    defender: seats.1,
                }));
                Arc::make_mut(&mut a.rolls).push(ra);
                Arc::make_mut(&mut d.rolls).push(rd);
                (a.total, a.second) = (ta, sa);
                (d.total, d.second) = (td, sd);
            }
        }
    }
}

fn rolled_event(
    battle: u32,
    side: Side,
    seats: (Seat, Option<Seat>),
    r: &Rolled,
) -> Visible<ClanWarEvent> {
    let results = r
        .rolls
        .iter()
        .map(|roll| (roll.total(), second_die(&r.pool, roll)))
        .collect();
    Visible::public(ClanWarEvent::Rolled {
        battle,
        side,
        seat: match side {
            Side::First => Some(seats.0),
            Side::Second => seats.1,
        },
        pool: r.pool.clone(),
        results,
    })
}
