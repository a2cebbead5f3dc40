//! The full result of a pool roll ([`PoolRoll`]): every die, highest first, with the faces of
//! its chain and whether it was kept, held in small fixed arrays inside the roll and read
//! through accessors ([`PoolRoll::dice`], [`PoolRoll::faces`]) that build each die's record
//! on access.

use serde::{Deserialize, Serialize};

use super::views::{PoolDice, PoolFaces};

/// Dice whose records a [`PoolRoll`] holds without heap allocation.
pub(crate) const INLINE_ROLL_DICE: usize = 10;

/// Faces a [`PoolRoll`] holds without heap allocation: ten dice and fourteen explosions among
/// them (an exploding d10 pool of ten dice goes beyond that about once in 10^11 rolls).
pub(crate) const INLINE_ROLL_FACES: usize = 24;

/// The most sides of a die whose faces a [`PoolRoll`] holds inline, one byte each (the faces
/// of larger dice are kept on the heap).
pub(crate) const INLINE_FACE_SIDES: u32 = u8::MAX as u32;

// The counts of the arrays fit in their `u8` lengths and the kept dice in a `u16` mask.
const _: () = assert!(INLINE_ROLL_DICE <= u16::BITS as usize);
const _: () = assert!(INLINE_ROLL_FACES <= u8::MAX as usize);

/// One die of a pool roll, as [`PoolRoll::dice`] gives it: its value and whether it was kept.
/// Its faces are kept by the roll: [`PoolRoll::faces`].
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
}

/// The result of a pool roll: every die (highest first) with the faces of its chain, which
/// were kept, and the total. Holds up to ten dice and twenty-four faces (of dice of up to 255
/// sides) without heap allocation.
///
/// The roll keeps its dice in small fixed arrays, which a seeded roll writes straight into:
/// each die's value, where its chain starts among the faces and how long it is (one byte
/// each), a bit per kept die, and the faces of every chain, one byte each, in the order
/// rolled. Past ten dice (only pools of more than ten dice), twenty-four faces (about once in
/// 10^11 rolls of ten exploding d10s) or a face above 255, all the dice or all the faces move
/// to a list on the heap. [`PoolRoll::dice`] and [`PoolRoll::faces`] read either form. It
/// serializes as it always has: its dice, its faces and its total.
///
/// ```
/// use pbp_core::{Pool, ScriptedDice};
/// let roll = Pool::new(3, 2).roll(&mut ScriptedDice::new([4, 10, 2, 6])).unwrap();
/// let values: Vec<i64> = roll.dice().iter().map(|die| die.value).collect();
/// assert_eq!(values, [12, 6, 4]);
/// assert_eq!(roll.faces(0), [10, 2]);
/// assert_eq!(roll.kept().count(), 2);
/// assert_eq!(roll.total(), 18);
/// ```
#[derive(Clone)]
pub struct PoolRoll {
    /// The kept total with every modifier.
    pub(crate) total: i64,
    /// The value of each die, highest first (ties in roll order): the first `dice_len` here,
    /// unless `more_dice` holds them all.
    pub(crate) values: [i64; INLINE_ROLL_DICE],
    /// Every face rolled, in the order rolled: the first `faces_len` here, unless
    /// `more_faces` holds them all.
    pub(crate) faces: [u8; INLINE_ROLL_FACES],
    /// The chain of each die (highest first): where it starts among the faces and how many
    /// faces it rolled, packed by [`chain_code`].
    pub(crate) chains: [u16; INLINE_ROLL_DICE],
    /// Bit `i` is set when the die of rank `i` (0 for the highest) is kept.
    pub(crate) kept: u16,
    pub(crate) dice_len: u8,
    pub(crate) faces_len: u8,
    /// All the dice, once there are more than fit in the arrays. Boxed, so that the roll holds
    /// one word for it rather than three (a roll is copied whole, and this is rarely used).
    #[allow(clippy::box_collection)]
    more_dice: Option<Box<Vec<PoolDie>>>,
    /// All the faces, once there are more than fit in `faces` (boxed for the same reason).
    #[allow(clippy::box_collection)]
    more_faces: Option<Box<Vec<u32>>>,
}

/// The mask of the `count` lowest bits, for `count <= 16`.
#[inline(always)]
pub(crate) const fn low_bits(count: usize) -> u16 {
    ((1_u32 << count) - 1) as u16
}

/// A die's chain as a [`PoolRoll`] holds it, for `first` and `len` below 256: `255 - first`
/// in the high byte and `len` in the low one. These are the low 16 bits of a seeded roll's sort
/// key, which a die's record is then written from as they are.
#[inline(always)]
pub(crate) const fn chain_code(first: usize, len: u32) -> u16 {
    ((u8::MAX - first as u8) as u16) << 8 | len as u8 as u16
}

/// Where the chain of [`chain_code`] starts among the faces.
#[inline(always)]
const fn chain_first(code: u16) -> u32 {
    (u8::MAX - (code >> 8) as u8) as u32
}

/// How many faces the chain of [`chain_code`] holds.
#[inline(always)]
const fn chain_len(code: u16) -> u32 {
    code as u8 as u32
}

impl PoolRoll {
    /// A roll of no die yet, totalling 0.
    #[inline(always)]
    pub(crate) const fn empty() -> PoolRoll {
        PoolRoll {
            total: 0,
            values: [0; INLINE_ROLL_DICE],
            faces: [0; INLINE_ROLL_FACES],
            chains: [0; INLINE_ROLL_DICE],
            kept: 0,
            dice_len: 0,
            faces_len: 0,
            more_dice: None,
            more_faces: None,
        }
    }

    /// A roll of `dice` (highest first) and their `faces`, with `total`.
    pub(super) fn from_lists(dice: Vec<PoolDie>, faces: Vec<u32>, total: i64) -> PoolRoll {
        let mut roll = PoolRoll::empty();
        roll.total = total;
        let small = |n: u32| n <= u32::from(u8::MAX);
        if dice.len() <= INLINE_ROLL_DICE && dice.iter().all(|d| small(d.first) && small(d.len)) {
            for (rank, die) in dice.iter().enumerate() {
                roll.values[rank] = die.value;
                roll.chains[rank] = chain_code(die.first as usize, die.len);
                roll.kept |= u16::from(die.kept) << rank;
            }
            roll.dice_len = dice.len() as u8;
        } else {
            roll.more_dice = Some(Box::new(dice));
        }
        if faces.len() <= INLINE_ROLL_FACES && faces.iter().all(|&face| small(face)) {
            for (slot, &face) in roll.faces.iter_mut().zip(&faces) {
                *slot = face as u8;
            }
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
        if self.more_faces.is_none() && len < INLINE_ROLL_FACES && face <= INLINE_FACE_SIDES {
            self.faces[len] = face as u8;
            self.faces_len += 1;
        } else {
            self.push_face_on_heap(face, len);
        }
    }

    /// Adds a face that does not fit in the array of faces: all the faces (the first `inline`
    /// of the array, if they are not on the heap yet) move to the heap.
    #[cold]
    #[inline(never)]
    pub(crate) fn push_face_on_heap(&mut self, face: u32, inline: usize) {
        let inline = &self.faces[..inline.min(INLINE_ROLL_FACES)];
        self.more_faces
            .get_or_insert_with(|| Box::new(inline.iter().map(|&face| u32::from(face)).collect()))
            .push(face);
    }

    /// Adds the die whose chain is the `len` faces from `first`, of `value`, below the dice of
    /// at least its value (ties keep roll order).
    #[inline(always)]
    pub(crate) fn insert(&mut self, first: usize, len: u32, value: i64) {
        let count = usize::from(self.dice_len);
        if self.more_dice.is_none()
            && count < INLINE_ROLL_DICE
            && first <= usize::from(u8::MAX)
            && len <= u32::from(u8::MAX)
        {
            let mut at = count;
            while at > 0 && self.values[at - 1] < value {
                self.values[at] = self.values[at - 1];
                self.chains[at] = self.chains[at - 1];
                at -= 1;
            }
            self.values[at] = value;
            self.chains[at] = chain_code(first, len);
            self.dice_len += 1;
        } else {
            self.insert_on_heap(PoolDie::new(value, first, len));
        }
    }

    /// [`PoolRoll::insert`] once the dice do not fit in the arrays: all the dice move to the
    /// heap.
    #[cold]
    #[inline(never)]
    fn insert_on_heap(&mut self, die: PoolDie) {
        if self.more_dice.is_none() {
            let inline: Vec<PoolDie> = self.dice().iter().collect();
            self.more_dice = Some(Box::new(inline));
        }
        if let Some(dice) = &mut self.more_dice {
            let at = dice.partition_point(|other| other.value >= die.value);
            dice.insert(at, die);
        }
    }

    /// Marks the `kept` highest dice kept, adds `bonus(rank)` to the die of each kept rank (0
    /// for the highest) and returns the sum of their values.
    #[inline(always)]
    pub(crate) fn keep_highest(&mut self, kept: usize, bonus: impl Fn(u32) -> i64) -> i64 {
        let mut sum = 0;
        match &mut self.more_dice {
            Some(dice) => {
                for (rank, die) in dice.iter_mut().enumerate().take(kept) {
                    die.kept = true;
                    die.value += bonus(rank as u32);
                    sum += die.value;
                }
            }
            None => {
                let count = kept.min(usize::from(self.dice_len).min(INLINE_ROLL_DICE));
                for rank in 0..count {
                    self.values[rank] += bonus(rank as u32);
                    sum += self.values[rank];
                }
                self.kept |= low_bits(count);
            }
        }
        sum
    }

    /// The die of rank `index` (0 for the highest), if there is one.
    #[inline(always)]
    pub(super) fn die(&self, index: usize) -> Option<PoolDie> {
        match &self.more_dice {
            Some(dice) => dice.get(index).copied(),
            None if index < usize::from(self.dice_len).min(INLINE_ROLL_DICE) => Some(PoolDie {
                value: self.values[index],
                kept: self.kept >> index & 1 == 1,
                first: chain_first(self.chains[index]),
                len: chain_len(self.chains[index]),
            }),
            None => None,
        }
    }

    /// How many dice the roll holds.
    #[inline(always)]
    pub(super) fn dice_count(&self) -> usize {
        match &self.more_dice {
            Some(dice) => dice.len(),
            None => usize::from(self.dice_len).min(INLINE_ROLL_DICE),
        }
    }

    /// Every face, in the order rolled.
    #[inline(always)]
    pub(crate) fn all_faces(&self) -> PoolFaces<'_> {
        match &self.more_faces {
            Some(faces) => PoolFaces::heap(faces),
            None => {
                PoolFaces::inline(&self.faces[..usize::from(self.faces_len).min(INLINE_ROLL_FACES)])
            }
        }
    }

    /// Every die rolled, from highest to lowest (ordered before rank bonuses, or after them for
    /// a pool that keeps its dice after its bonuses, [`KeepOrder::AfterBonuses`]; ties in the
    /// order rolled).
    ///
    /// [`KeepOrder::AfterBonuses`]: crate::KeepOrder::AfterBonuses
    #[inline]
    pub fn dice(&self) -> PoolDice<'_> {
        PoolDice::new(self)
    }

    /// The faces of the die at `index` in [`PoolRoll::dice`], in the order rolled: all but the
    /// last are at or above the explosion threshold. Empty when there is no such die.
    pub fn faces(&self, index: usize) -> PoolFaces<'_> {
        let faces = self.all_faces();
        self.die(index)
            .and_then(|die| faces.range(die.first as usize, die.len as usize))
            .unwrap_or(PoolFaces::inline(&[]))
    }

    /// The sum of the faces of the die at `index` (before any modifier); 0 when there is no
    /// such die.
    pub fn rolled(&self, index: usize) -> u64 {
        self.faces(index).iter().map(u64::from).sum()
    }

    /// The kept dice, highest first.
    pub fn kept(&self) -> impl Iterator<Item = PoolDie> + '_ {
        self.dice().iter().filter(|d| d.kept)
    }

    /// The kept total with every modifier.
    pub fn total(&self) -> i64 {
        self.total
    }

    /// The value of the second highest die (0 when only one die was rolled): seed 000's
    /// tie-breaker.
    pub fn second_highest(&self) -> i64 {
        self.die(1).map_or(0, |d| d.value)
    }

    /// The fast summary of this roll.
    pub fn summary(&self) -> super::FastRoll {
        super::FastRoll {
            total: self.total,
            second_highest: self.second_highest(),
        }
    }
}

impl PartialEq for PoolRoll {
    /// Two rolls are equal when their dice, faces and totals are (not the unused room, nor
    /// whether they are held inline or on the heap).
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
        state.serialize_field("dice", &self.dice())?;
        state.serialize_field("faces", &self.all_faces())?;
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
