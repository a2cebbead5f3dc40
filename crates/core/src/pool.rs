//! Roll-and-keep pools (`XkY`): roll X dice, keep the Y highest, total them.

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::dice::Dice;
use crate::die::Die;
use crate::error::{DiceError, PoolError};

/// Bounds that keep hostile input from hanging a roll or exhausting memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// The most dice one pool may roll.
    pub max_dice: u32,
    /// The most rolls one exploding die may make (its chain length).
    pub max_chain: u32,
}

impl Default for Limits {
    /// 100 dice, and chains of up to 100 rolls (a chance of 10^-99 on an exploding d10).
    fn default() -> Self {
        Limits {
            max_dice: 100,
            max_chain: 100,
        }
    }
}

/// A bonus to the die of one rank among the kept dice: rank 1 is the highest.
///
/// "+2 to your highest die" is `RankBonus { rank: 1, bonus: 2 }`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RankBonus {
    /// 1 for the highest die, 2 for the second highest, and so on.
    pub rank: u32,
    /// Added to that die (negative to subtract).
    pub bonus: i64,
}

/// Modifiers to a pool's roll.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifiers {
    /// Added to the kept total ("+3").
    pub total: i64,
    /// Added to every die, kept or not ("+1 to all your rolls").
    pub each_die: i64,
    /// Added to the die of a given rank ("+2 to your highest die", "-2 to their highest").
    pub ranks: SmallVec<[RankBonus; 2]>,
}

impl Modifiers {
    /// No modifier at all.
    pub fn is_empty(&self) -> bool {
        self.total == 0 && self.each_die == 0 && self.ranks.iter().all(|r| r.bonus == 0)
    }

    /// The sum of the rank bonuses for `rank` (1 = highest).
    pub fn rank_bonus(&self, rank: u32) -> i64 {
        self.ranks
            .iter()
            .filter(|r| r.rank == rank)
            .map(|r| r.bonus)
            .sum()
    }

    /// Adds a bonus to the die of `rank` (1 = highest), merging with any bonus already there.
    ///
    /// A bonus that comes to zero is removed, so equal modifiers compare and print equal.
    pub fn add_rank_bonus(&mut self, rank: u32, bonus: i64) {
        if let Some(existing) = self.ranks.iter_mut().find(|r| r.rank == rank) {
            existing.bonus += bonus;
        } else {
            self.ranks.push(RankBonus { rank, bonus });
            self.ranks.sort_by_key(|r| r.rank);
        }
        self.ranks.retain(|r| r.bonus != 0);
    }
}

/// A roll-and-keep pool: roll `rolled` dice, keep the `kept` highest, apply the modifiers.
///
/// ```
/// use pbp_core::{Pool, ScriptedDice};
/// let pool = Pool::new(2, 1); // 2k1 with exploding d10s
/// let roll = pool.roll(&mut ScriptedDice::new([7, 10, 5])).unwrap();
/// assert_eq!(roll.total(), 15);
/// assert_eq!(roll.second_highest(), 7);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    /// Dice rolled (X).
    pub rolled: u32,
    /// Dice kept (Y); keeping more than is rolled keeps all.
    pub kept: u32,
    /// The die rolled; an exploding d10 unless said otherwise.
    pub die: Die,
    /// Modifiers to dice and total.
    pub modifiers: Modifiers,
    /// The L5R "ten dice rule": rolled dice above 10 become kept dice; kept dice above 10 become
    /// +2 each. Off by default.
    pub ten_dice_rule: bool,
}

/// A change to a pool's size: `+1k0` adds a rolled die, `+0k1` a kept one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PoolDelta {
    /// Change to the dice rolled.
    pub rolled: i32,
    /// Change to the dice kept.
    pub kept: i32,
}

impl Pool {
    /// `XkY` with exploding d10s and no modifier.
    pub fn new(rolled: u32, kept: u32) -> Pool {
        Pool {
            rolled,
            kept,
            die: Die::EXPLODING_D10,
            modifiers: Modifiers::default(),
            ten_dice_rule: false,
        }
    }

    /// The same pool with another die.
    pub fn with_die(mut self, die: Die) -> Pool {
        self.die = die;
        self
    }

    /// The same pool with `bonus` added to the total.
    pub fn plus(mut self, bonus: i64) -> Pool {
        self.modifiers.total += bonus;
        self
    }

    /// Adds `+XkY` (negative values remove dice; sizes never go below zero).
    pub fn add(&mut self, delta: PoolDelta) {
        self.rolled = self.rolled.saturating_add_signed(delta.rolled);
        self.kept = self.kept.saturating_add_signed(delta.kept);
    }

    /// Doubles the dice rolled ("roll twice as many dice").
    pub fn double_rolled(&mut self) {
        self.rolled = self.rolled.saturating_mul(2);
    }

    /// The dice actually rolled and kept after the ten dice rule and "keeping more than is
    /// rolled keeps all", and the flat bonus the ten dice rule adds.
    #[inline]
    pub fn effective(&self) -> (u32, u32, i64) {
        let (mut rolled, mut kept, mut bonus) = (self.rolled, self.kept, 0_i64);
        if self.ten_dice_rule {
            if rolled > 10 {
                kept = kept.saturating_add(rolled - 10);
                rolled = 10;
            }
            if kept > 10 {
                bonus = 2 * i64::from(kept - 10);
                kept = 10;
            }
        }
        (rolled, kept.min(rolled), bonus)
    }

    /// The pool's effective numbers (see [`Pool::effective`]), if it rolls no more dice than
    /// `limits` allow.
    #[inline(always)]
    pub(crate) fn within_limits(&self, limits: &Limits) -> Result<(u32, u32, i64), PoolError> {
        let (rolled, kept, ten_dice_bonus) = self.effective();
        if rolled > limits.max_dice {
            return Err(PoolError::TooManyDice {
                rolled,
                limit: limits.max_dice,
            });
        }
        Ok((rolled, kept, ten_dice_bonus))
    }

    /// Rolls the pool within the default [`Limits`].
    ///
    /// # Errors
    /// See [`Pool::roll_limited`].
    #[inline]
    pub fn roll<D: Dice + ?Sized>(&self, dice: &mut D) -> Result<PoolRoll, PoolError> {
        self.roll_limited(dice, &Limits::default())
    }

    /// Rolls the pool, keeping every die and the faces of its chain. Makes no heap allocation
    /// for pools of up to ten dice with up to twenty-four faces among them.
    ///
    /// # Errors
    /// [`PoolError::TooManyDice`] when the pool rolls more than `limits.max_dice`, and the dice
    /// source's errors (including an explosion chain longer than `limits.max_chain`).
    #[inline(always)]
    pub fn roll_limited<D: Dice + ?Sized>(
        &self,
        dice: &mut D,
        limits: &Limits,
    ) -> Result<PoolRoll, PoolError> {
        let (rolled, kept, ten_dice_bonus) = self.within_limits(limits)?;
        // From a seeded source, the dice are drawn from the batch in registers, with the
        // exploding d10's own copy of the loop, in which the die is a constant.
        if (1..=INLINE_ROLL_DICE as u32).contains(&rolled)
            && self.die.sides() >= 2
            && let Some(seeded) = dice.as_seeded()
        {
            let numbers = (rolled, kept, ten_dice_bonus);
            // Written through a reference and not dropped on unwinding (only an allocation
            // failing past 24 faces could unwind): without drop glue on the way, the roll is
            // built in the caller's memory, not in a local copied out (368 bytes).
            let mut roll = std::mem::ManuallyDrop::new(PoolRoll::empty());
            let too_long = if self.die == Die::EXPLODING_D10 {
                self.roll_seeded_d10(seeded, limits.max_chain, numbers, &mut roll)
            } else {
                self.roll_seeded_any(seeded, limits.max_chain, numbers, &mut roll)
            };
            let roll = std::mem::ManuallyDrop::into_inner(roll);
            if too_long {
                return Err(DiceError::ChainTooLong {
                    limit: limits.max_chain,
                }
                .into());
            }
            return Ok(roll);
        }
        self.roll_generic(dice, limits, rolled, kept, ten_dice_bonus)
    }

    /// [`Pool::roll_limited`] after the checks, from any source.
    #[inline(never)]
    fn roll_generic<D: Dice + ?Sized>(
        &self,
        dice: &mut D,
        limits: &Limits,
        rolled: u32,
        kept: u32,
        ten_dice_bonus: i64,
    ) -> Result<PoolRoll, PoolError> {
        // The exploding d10 gets its own copy of the loop, in which the die is a constant.
        if self.die == Die::EXPLODING_D10 {
            self.roll_full(
                Die::EXPLODING_D10,
                dice,
                limits,
                rolled,
                kept,
                ten_dice_bonus,
            )
        } else {
            self.roll_full(self.die, dice, limits, rolled, kept, ten_dice_bonus)
        }
    }

    /// [`Pool::roll_limited`] after the checks, with the die passed in, for any source: one
    /// face after another through [`Dice::roll`].
    #[inline(always)]
    fn roll_full<D: Dice + ?Sized>(
        &self,
        die: Die,
        dice: &mut D,
        limits: &Limits,
        rolled: u32,
        kept: u32,
        ten_dice_bonus: i64,
    ) -> Result<PoolRoll, PoolError> {
        let mut roll = PoolRoll::empty();
        let threshold = die.explode_at().unwrap_or(u32::MAX);
        let max_rolls = limits.max_chain.max(1);
        for _ in 0..rolled {
            let first = roll.face_count();
            let (mut len, mut sum) = (0_u32, 0_u64);
            loop {
                if len >= max_rolls {
                    return Err(DiceError::ChainTooLong {
                        limit: limits.max_chain,
                    }
                    .into());
                }
                let face = dice.roll(die.sides())?;
                roll.push_face(face);
                len += 1;
                sum += u64::from(face);
                if face < threshold {
                    break;
                }
            }
            roll.insert(first, len, sum as i64 + self.modifiers.each_die);
        }
        self.finish(&mut roll, kept, ten_dice_bonus);
        Ok(roll)
    }

    /// Marks the `kept` highest dice of `roll` kept, adds their rank bonuses and sets the
    /// total.
    #[inline(always)]
    pub(crate) fn finish(&self, roll: &mut PoolRoll, kept: u32, ten_dice_bonus: i64) {
        let ranked = !self.modifiers.ranks.is_empty();
        let mut total = self.modifiers.total + ten_dice_bonus;
        for (index, die) in roll.dice_mut().iter_mut().enumerate().take(kept as usize) {
            die.kept = true;
            if ranked {
                die.value += self.modifiers.rank_bonus(index as u32 + 1);
            }
            total += die.value;
        }
        roll.total = total;
    }

    /// Rolls the pool and returns only the kept total and the second highest die (the seed 000
    /// tie-breaker), without keeping the chains: the fast path, for simulations. To roll the
    /// same pool many times, [`Pool::prepare`] it once and roll the [`PreparedPool`](crate::PreparedPool).
    ///
    /// # Errors
    /// As [`Pool::roll_limited`].
    #[inline]
    pub fn roll_fast<D: Dice + ?Sized>(
        &self,
        dice: &mut D,
        limits: &Limits,
    ) -> Result<FastRoll, PoolError> {
        let (rolled, kept, ten_dice_bonus) = self.within_limits(limits)?;
        self.prepared(rolled, kept, ten_dice_bonus, limits.max_chain)
            .roll(dice)
    }
}

/// The totals of a pool roll without its dice (see [`Pool::roll_fast`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FastRoll {
    /// The kept total with modifiers.
    pub total: i64,
    /// The second highest die, with its modifiers (0 when only one die was rolled).
    pub second_highest: i64,
}

/// Dice whose faces a [`PoolRoll`] holds without heap allocation.
pub(crate) const INLINE_ROLL_DICE: usize = 10;

/// Faces a [`PoolRoll`] holds without heap allocation: ten dice and fourteen explosions among
/// them (an exploding d10 pool of ten dice goes beyond that about once in 10^11 rolls).
pub(crate) const INLINE_ROLL_FACES: usize = 24;

/// One die of a pool roll. Its faces are kept by the roll: [`PoolRoll::faces`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolDie {
    /// The die's value with every modifier that applies to it.
    pub value: i64,
    /// Whether it counts toward the total.
    pub kept: bool,
    /// Where its faces start among the roll's faces.
    first: u32,
    /// How many faces it rolled (its chain's length).
    len: u32,
}

impl PoolDie {
    /// A die not (yet) kept, of `value`, whose chain is the `len` faces from `first`.
    #[inline(always)]
    pub(crate) const fn new(value: i64, first: usize, len: u32) -> PoolDie {
        PoolDie {
            value,
            kept: false,
            first: first as u32,
            len,
        }
    }

    /// Where its faces start among the roll's faces.
    #[cfg(test)]
    pub(crate) fn first(&self) -> u32 {
        self.first
    }

    /// How many faces it rolled.
    #[cfg(test)]
    pub(crate) fn chain_len(&self) -> u32 {
        self.len
    }

    /// A die of `value`, kept or not, whose chain is the `len` faces from `first`.
    #[inline(always)]
    pub(crate) const fn with_chain(value: i64, kept: bool, first: u32, len: u32) -> PoolDie {
        PoolDie {
            value,
            kept,
            first,
            len,
        }
    }
}

/// The result of a pool roll: every die (highest first) with the faces of its chain, which
/// were kept, and the total. Holds up to ten dice and twenty-four faces without heap
/// allocation.
///
/// The dice and the faces are kept in fixed arrays inside the roll, which a seeded roll writes
/// straight into, with no capacity or heap check on the way; past ten dice (only pools of more
/// than ten dice) or twenty-four faces (about once in 10^11 rolls of ten exploding d10s) all
/// of them move to a list on the heap. It serializes as it always has: its dice, its faces and
/// its total.
#[derive(Clone)]
pub struct PoolRoll {
    /// The kept total with every modifier.
    pub(crate) total: i64,
    /// Every die, highest first (ties in roll order): the first `dice_len` here, unless
    /// `more_dice` holds them all.
    pub(crate) dice: [PoolDie; INLINE_ROLL_DICE],
    /// Every face rolled, in the order rolled (each die points at its chain): the first
    /// `faces_len` here, unless `more_faces` holds them all.
    pub(crate) faces: [u32; INLINE_ROLL_FACES],
    /// All the dice, once there are more than fit in `dice`. Boxed, so that the roll holds one
    /// word for it rather than three (a roll is copied whole, and this is rarely used).
    #[allow(clippy::box_collection)]
    more_dice: Option<Box<Vec<PoolDie>>>,
    /// All the faces, once there are more than fit in `faces` (boxed for the same reason).
    #[allow(clippy::box_collection)]
    more_faces: Option<Box<Vec<u32>>>,
    pub(crate) dice_len: u8,
    pub(crate) faces_len: u8,
}

// The counts of the arrays fit in their `u8` lengths.
const _: () = assert!(INLINE_ROLL_DICE <= u8::MAX as usize);
const _: () = assert!(INLINE_ROLL_FACES <= u8::MAX as usize);

impl PoolRoll {
    /// A roll of no die yet, totalling 0.
    #[inline(always)]
    pub(crate) fn empty() -> PoolRoll {
        PoolRoll {
            total: 0,
            dice: [PoolDie::new(0, 0, 0); INLINE_ROLL_DICE],
            faces: [0; INLINE_ROLL_FACES],
            more_dice: None,
            more_faces: None,
            dice_len: 0,
            faces_len: 0,
        }
    }

    /// A roll of `dice` (highest first) and their `faces`, with `total`.
    fn from_lists(dice: Vec<PoolDie>, faces: Vec<u32>, total: i64) -> PoolRoll {
        let mut roll = PoolRoll::empty();
        roll.total = total;
        if dice.len() <= INLINE_ROLL_DICE {
            roll.dice[..dice.len()].copy_from_slice(&dice);
            roll.dice_len = dice.len() as u8;
        } else {
            roll.more_dice = Some(Box::new(dice));
        }
        if faces.len() <= INLINE_ROLL_FACES {
            roll.faces[..faces.len()].copy_from_slice(&faces);
            roll.faces_len = faces.len() as u8;
        } else {
            roll.more_faces = Some(Box::new(faces));
        }
        roll
    }

    /// How many faces the roll holds.
    #[inline(always)]
    pub(crate) fn face_count(&self) -> usize {
        self.all_faces().len()
    }

    /// Adds a face after the others.
    #[inline(always)]
    pub(crate) fn push_face(&mut self, face: u32) {
        let len = usize::from(self.faces_len);
        if self.more_faces.is_none() && len < INLINE_ROLL_FACES {
            self.faces[len] = face;
            self.faces_len += 1;
        } else {
            self.push_face_on_heap(face);
        }
    }

    /// Adds a face once the array of faces is full: all the faces move to the heap.
    #[cold]
    #[inline(never)]
    pub(crate) fn push_face_on_heap(&mut self, face: u32) {
        let inline = &self.faces;
        self.more_faces
            .get_or_insert_with(|| Box::new(inline.to_vec()))
            .push(face);
    }

    /// Adds the die whose chain is the `len` faces from `first`, of `value`, below the dice of
    /// at least its value (ties keep roll order).
    #[inline(always)]
    pub(crate) fn insert(&mut self, first: usize, len: u32, value: i64) {
        let die = PoolDie::new(value, first, len);
        let count = usize::from(self.dice_len);
        if self.more_dice.is_none() && count < INLINE_ROLL_DICE {
            let mut at = count;
            while at > 0 && self.dice[at - 1].value < value {
                self.dice[at] = self.dice[at - 1];
                at -= 1;
            }
            self.dice[at] = die;
            self.dice_len += 1;
        } else {
            self.insert_on_heap(die);
        }
    }

    /// [`PoolRoll::insert`] once the array of dice is full: all the dice move to the heap.
    #[cold]
    #[inline(never)]
    fn insert_on_heap(&mut self, die: PoolDie) {
        let inline = &self.dice[..usize::from(self.dice_len).min(INLINE_ROLL_DICE)];
        let dice = self
            .more_dice
            .get_or_insert_with(|| Box::new(inline.to_vec()));
        let at = dice.partition_point(|other| other.value >= die.value);
        dice.insert(at, die);
    }

    /// Every die, mutably.
    #[inline(always)]
    pub(crate) fn dice_mut(&mut self) -> &mut [PoolDie] {
        match &mut self.more_dice {
            Some(dice) => dice,
            None => &mut self.dice[..usize::from(self.dice_len).min(INLINE_ROLL_DICE)],
        }
    }

    /// Every face, in the order rolled.
    #[inline(always)]
    pub(crate) fn all_faces(&self) -> &[u32] {
        match &self.more_faces {
            Some(faces) => faces,
            None => &self.faces[..usize::from(self.faces_len).min(INLINE_ROLL_FACES)],
        }
    }

    /// Every die rolled, from highest to lowest (before rank bonuses).
    #[inline]
    pub fn dice(&self) -> &[PoolDie] {
        match &self.more_dice {
            Some(dice) => dice,
            None => &self.dice[..usize::from(self.dice_len).min(INLINE_ROLL_DICE)],
        }
    }

    /// The faces of the die at `index` in [`PoolRoll::dice`], in the order rolled: all but the
    /// last are at or above the explosion threshold. Empty when there is no such die.
    pub fn faces(&self, index: usize) -> &[u32] {
        self.dice()
            .get(index)
            .and_then(|die| {
                let first = die.first as usize;
                self.all_faces().get(first..first + die.len as usize)
            })
            .unwrap_or(&[])
    }

    /// The sum of the faces of the die at `index` (before any modifier); 0 when there is no
    /// such die.
    pub fn rolled(&self, index: usize) -> u64 {
        self.faces(index).iter().map(|&face| u64::from(face)).sum()
    }

    /// The kept dice, highest first.
    pub fn kept(&self) -> impl Iterator<Item = &PoolDie> {
        self.dice().iter().filter(|d| d.kept)
    }

    /// The kept total with every modifier.
    pub fn total(&self) -> i64 {
        self.total
    }

    /// The value of the second highest die (0 when only one die was rolled): seed 000's
    /// tie-breaker.
    pub fn second_highest(&self) -> i64 {
        self.dice().get(1).map_or(0, |d| d.value)
    }

    /// The fast summary of this roll.
    pub fn summary(&self) -> FastRoll {
        FastRoll {
            total: self.total,
            second_highest: self.second_highest(),
        }
    }
}

impl PartialEq for PoolRoll {
    /// Two rolls are equal when their dice, faces and totals are (not the unused room).
    fn eq(&self, other: &PoolRoll) -> bool {
        self.total == other.total
            && self.dice() == other.dice()
            && self.all_faces() == other.all_faces()
    }
}

impl Eq for PoolRoll {}

impl std::fmt::Debug for PoolRoll {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PoolRoll")
            .field("dice", &self.dice())
            .field("faces", &self.all_faces())
            .field("total", &self.total)
            .finish()
    }
}

impl Serialize for PoolRoll {
    /// As `{ dice, faces, total }`: the same as when the dice and faces were lists.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut state = serializer.serialize_struct("PoolRoll", 3)?;
        state.serialize_field("dice", self.dice())?;
        state.serialize_field("faces", self.all_faces())?;
        state.serialize_field("total", &self.total)?;
        state.end()
    }
}

/// A [`PoolRoll`] as it is serialized.
#[derive(Deserialize)]
#[serde(rename = "PoolRoll")]
struct PoolRollWire {
    dice: Vec<PoolDie>,
    faces: Vec<u32>,
    total: i64,
}

impl<'de> Deserialize<'de> for PoolRoll {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<PoolRoll, D::Error> {
        let wire = PoolRollWire::deserialize(deserializer)?;
        Ok(PoolRoll::from_lists(wire.dice, wire.faces, wire.total))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;

    #[test]
    fn keeps_the_highest_and_totals_them() {
        let roll = Pool::new(3, 2)
            .roll(&mut ScriptedDice::new([4, 9, 6]))
            .unwrap();
        assert_eq!(roll.total(), 15);
        assert_eq!(roll.kept().count(), 2);
        assert_eq!(
            roll.dice().iter().map(|d| d.value).collect::<Vec<_>>(),
            [9, 6, 4]
        );
    }

    #[test]
    fn keeping_more_than_rolled_keeps_all() {
        let roll = Pool::new(2, 5)
            .roll(&mut ScriptedDice::new([3, 4]))
            .unwrap();
        assert_eq!(roll.total(), 7);
    }

    #[test]
    fn rank_and_die_modifiers() {
        let mut pool = Pool::new(2, 1);
        pool.modifiers.add_rank_bonus(1, 2);
        pool.modifiers.each_die = 1;
        let roll = pool.roll(&mut ScriptedDice::new([5, 8])).unwrap();
        assert_eq!(roll.total(), 11);
        assert_eq!(roll.second_highest(), 6);
    }

    #[test]
    fn ten_dice_rule() {
        let mut pool = Pool::new(12, 9);
        pool.ten_dice_rule = true;
        assert_eq!(pool.effective(), (10, 10, 2));
        pool.ten_dice_rule = false;
        assert_eq!(pool.effective(), (12, 9, 0));
    }

    #[test]
    fn pool_arithmetic() {
        let mut pool = Pool::new(2, 1);
        pool.add(PoolDelta { rolled: 1, kept: 0 });
        pool.add(PoolDelta { rolled: 0, kept: 1 });
        assert_eq!((pool.rolled, pool.kept), (3, 2));
        pool.double_rolled();
        assert_eq!(pool.rolled, 6);
        pool.add(PoolDelta {
            rolled: -10,
            kept: -1,
        });
        assert_eq!((pool.rolled, pool.kept), (0, 1));
    }

    #[test]
    fn too_many_dice_is_refused() {
        let limits = Limits {
            max_dice: 5,
            max_chain: 10,
        };
        assert_eq!(
            Pool::new(6, 1).roll_limited(&mut ScriptedDice::new([]), &limits),
            Err(PoolError::TooManyDice {
                rolled: 6,
                limit: 5
            })
        );
    }

    #[test]
    fn a_roll_serializes_as_it_always_has() {
        // The format of the lists the roll used to keep: its dice, its faces, its total.
        let roll = Pool::new(2, 1)
            .roll(&mut ScriptedDice::new([7, 10, 5]))
            .unwrap();
        let json = serde_json::to_string(&roll).unwrap();
        assert_eq!(
            json,
            r#"{"dice":[{"value":15,"kept":true,"first":1,"len":2},{"value":7,"kept":false,"first":0,"len":1}],"faces":[7,10,5],"total":15}"#
        );
        assert_eq!(serde_json::from_str::<PoolRoll>(&json).unwrap(), roll);
    }

    #[test]
    fn rolls_beyond_the_arrays_keep_every_die_and_face() {
        // Twelve dice and thirty faces: both lists move to the heap, and come back from JSON.
        let mut script = vec![10; 18];
        script.extend(1..=9);
        script.extend([3, 3, 2]);
        let roll = Pool::new(12, 2)
            .roll(&mut ScriptedDice::new(script))
            .unwrap();
        assert_eq!(roll.dice().len(), 12);
        let faces: usize = (0..12).map(|index| roll.faces(index).len()).sum();
        assert_eq!(faces, 30);
        let mut chain = vec![10; 18];
        chain.push(1);
        assert_eq!(roll.faces(0), &chain[..]);
        assert_eq!(roll.total(), 181 + 9);
        let json = serde_json::to_string(&roll).unwrap();
        assert_eq!(serde_json::from_str::<PoolRoll>(&json).unwrap(), roll);
    }

    #[test]
    fn fast_roll_agrees_with_full_roll() {
        let script = [10, 3, 7, 10, 10, 1, 2, 9, 4, 5, 6, 8, 10, 2];
        for (x, y) in [(1, 1), (2, 1), (3, 2), (5, 3), (10, 5), (4, 4)] {
            let mut pool = Pool::new(x, y);
            pool.modifiers.add_rank_bonus(1, 2);
            pool.modifiers.add_rank_bonus(2, -1);
            pool.modifiers.total = 3;
            let full = pool.roll(&mut ScriptedDice::new(script)).unwrap();
            let fast = pool
                .roll_fast(&mut ScriptedDice::new(script), &Limits::default())
                .unwrap();
            assert_eq!(full.summary(), fast, "{x}k{y}");
        }
    }
}
