//! The drawing loops of a prepared pool from a [`SeededDice`]: the highest dice of a pool
//! drawn straight from the generator's batch, and the compare-and-swap that keeps them.

use crate::dice::{Cursor, SeededDice};
use crate::die::Die;

/// Sinks a die's `value` into the highest values seen so far, kept highest first, by
/// compare-and-swap without branches (a random comparison mispredicts half the time).
#[inline(always)]
pub(super) fn sink<T: Ord + Copy>(top: &mut [T], mut value: T) {
    for slot in top {
        let higher = (*slot).max(value);
        value = (*slot).min(value);
        *slot = higher;
    }
}

/// The second die [`PreparedPool::seeded_sums`](super::PreparedPool::seeded_sums) answers for
/// a chain past the limit: no die
/// drawn reaches it (a chain's total is at most its number of rolls, a `u32`, times its sides).
pub(super) const CHAIN_TOO_LONG: u64 = u64::MAX;

/// The `N` highest of `rolled` dice (without modifiers), drawn straight from a seeded
/// generator's batch, which stays in registers for the whole pool; `die` has at least two
/// sides. The values are those of rolling die after die with
/// [`Dice::roll_chain_total`](crate::Dice::roll_chain_total); `None`
/// when a chain went past `max_chain` rolls (the generator then stands after its last face).
#[inline(always)]
pub(super) fn seeded_top<const N: usize>(
    dice: &mut SeededDice,
    die: Die,
    rolled: u32,
    max_chain: u32,
) -> Option<[u64; N]> {
    let threshold = die.explode_at().unwrap_or(u32::MAX);
    let mut top = [0_u64; N];
    if rolled == 0 {
        // Nothing is drawn, so the batch (even of other sides) stays as it is.
        return Some(top);
    }
    let mut cursor = dice.cursor(die.sides());
    for _ in 0..rolled {
        match dice.chain_total(&mut cursor, threshold, max_chain) {
            Ok(total) => sink(&mut top, total),
            Err(_) => {
                dice.settle(cursor);
                return None;
            }
        }
    }
    dice.settle(cursor);
    Some(top)
}

/// [`seeded_top`] for the exploding d10. Every face of a chain but its last is a 10, so a
/// chain of `r` rolls stands at `10 r` when its last 10 comes up, and it may roll again only
/// while `10 r` is below `limit`, `10 max(max_chain, 1)`: one comparison with the running
/// total, instead of a count of rolls.
#[inline(always)]
pub(super) fn seeded_d10_top<const N: usize>(
    dice: &mut SeededDice,
    rolled: u32,
    limit: u64,
) -> Option<[u64; N]> {
    let mut top = [0_u64; N];
    if rolled == 0 {
        return Some(top);
    }
    let mut cursor = dice.cursor(10);
    // The first die is the highest so far: it needs no sinking.
    top[0] = d10_chain(dice, &mut cursor, limit)?;
    for _ in 1..rolled {
        let Some(total) = d10_chain(dice, &mut cursor, limit) else {
            dice.settle(cursor);
            return None;
        };
        sink(&mut top, total);
    }
    dice.settle(cursor);
    Some(top)
}

/// One exploding d10's chain from `cursor` (see [`seeded_d10_top`]): its total, or `None`
/// when it would roll past `limit`, with the generator then settled after its last face.
#[inline(always)]
pub(super) fn d10_chain(dice: &mut SeededDice, cursor: &mut Cursor, limit: u64) -> Option<u64> {
    let mut total = 0_u64;
    loop {
        if cursor.left == 0 {
            dice.refill_cursor(cursor);
        }
        let face = cursor.take();
        total += u64::from(face);
        if face < 10 {
            return Some(total);
        }
        if total >= limit {
            dice.settle(*cursor);
            return None;
        }
    }
}
