//! Views of a [`PoolRoll`]'s dice and faces ([`PoolRoll::dice`], [`PoolRoll::faces`]), which
//! read the roll's arrays (or its lists on the heap) and build each die's record on access.

use serde::Serialize;

use super::result::{PoolDie, PoolRoll};

/// The dice of a [`PoolRoll`], highest first ([`PoolRoll::dice`]). Each die's record is built
/// when it is read.
#[derive(Clone, Copy)]
pub struct PoolDice<'a> {
    roll: &'a PoolRoll,
}

impl<'a> PoolDice<'a> {
    /// The dice of `roll`.
    #[inline(always)]
    pub(super) fn new(roll: &'a PoolRoll) -> PoolDice<'a> {
        PoolDice { roll }
    }

    /// How many dice were rolled.
    pub fn len(&self) -> usize {
        self.roll.dice_count()
    }

    /// Whether no die was rolled.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The die of rank `index` (0 for the highest), if there is one.
    pub fn get(&self, index: usize) -> Option<PoolDie> {
        self.roll.die(index)
    }

    /// The dice, highest first.
    pub fn iter(&self) -> PoolDiceIter<'a> {
        PoolDiceIter {
            roll: self.roll,
            front: 0,
            back: self.len(),
        }
    }

    /// The dice, highest first, as a list.
    pub fn to_vec(&self) -> Vec<PoolDie> {
        self.iter().collect()
    }
}

impl PartialEq for PoolDice<'_> {
    fn eq(&self, other: &PoolDice<'_>) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for PoolDice<'_> {}

impl std::fmt::Debug for PoolDice<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for PoolDice<'_> {
    /// As a list of dice.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'a> IntoIterator for PoolDice<'a> {
    type Item = PoolDie;
    type IntoIter = PoolDiceIter<'a>;

    fn into_iter(self) -> PoolDiceIter<'a> {
        self.iter()
    }
}

/// An iterator over the dice of a [`PoolRoll`], highest first ([`PoolDice::iter`]).
#[derive(Clone, Debug)]
pub struct PoolDiceIter<'a> {
    roll: &'a PoolRoll,
    front: usize,
    back: usize,
}

impl Iterator for PoolDiceIter<'_> {
    type Item = PoolDie;

    fn next(&mut self) -> Option<PoolDie> {
        if self.front >= self.back {
            return None;
        }
        self.front += 1;
        self.roll.die(self.front - 1)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.back.saturating_sub(self.front);
        (left, Some(left))
    }
}

impl DoubleEndedIterator for PoolDiceIter<'_> {
    fn next_back(&mut self) -> Option<PoolDie> {
        if self.front >= self.back {
            return None;
        }
        self.back -= 1;
        self.roll.die(self.back)
    }
}

impl ExactSizeIterator for PoolDiceIter<'_> {}

impl std::iter::FusedIterator for PoolDiceIter<'_> {}

/// Faces of a [`PoolRoll`] in the order rolled: those of one die ([`PoolRoll::faces`]).
#[derive(Clone, Copy)]
pub struct PoolFaces<'a>(FaceSlice<'a>);

/// Where a [`PoolFaces`] reads: the roll's array of one-byte faces, or its list on the heap.
#[derive(Clone, Copy)]
enum FaceSlice<'a> {
    Inline(&'a [u8]),
    Heap(&'a [u32]),
}

impl<'a> PoolFaces<'a> {
    /// Faces held in a roll's array.
    #[inline(always)]
    pub(super) fn inline(faces: &'a [u8]) -> PoolFaces<'a> {
        PoolFaces(FaceSlice::Inline(faces))
    }

    /// Faces held in a roll's list on the heap.
    #[inline(always)]
    pub(super) fn heap(faces: &'a [u32]) -> PoolFaces<'a> {
        PoolFaces(FaceSlice::Heap(faces))
    }

    /// How many faces.
    pub fn len(&self) -> usize {
        match self.0 {
            FaceSlice::Inline(faces) => faces.len(),
            FaceSlice::Heap(faces) => faces.len(),
        }
    }

    /// Whether there is no face.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The face at `index`, if there is one.
    pub fn get(&self, index: usize) -> Option<u32> {
        match self.0 {
            FaceSlice::Inline(faces) => faces.get(index).map(|&face| u32::from(face)),
            FaceSlice::Heap(faces) => faces.get(index).copied(),
        }
    }

    /// The first face (the one rolled first), if there is one.
    pub fn first(&self) -> Option<u32> {
        self.get(0)
    }

    /// The last face (the one that ended the chain), if there is one.
    pub fn last(&self) -> Option<u32> {
        self.len().checked_sub(1).and_then(|last| self.get(last))
    }

    /// The faces, in the order rolled.
    pub fn iter(&self) -> PoolFacesIter<'a> {
        PoolFacesIter(match self.0 {
            FaceSlice::Inline(faces) => FaceIter::Inline(faces.iter()),
            FaceSlice::Heap(faces) => FaceIter::Heap(faces.iter()),
        })
    }

    /// The faces, in the order rolled, as a list.
    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }

    /// The `len` faces from `first`, if there are that many.
    pub(super) fn range(&self, first: usize, len: usize) -> Option<PoolFaces<'a>> {
        let range = first..first.checked_add(len)?;
        Some(PoolFaces(match self.0 {
            FaceSlice::Inline(faces) => FaceSlice::Inline(faces.get(range)?),
            FaceSlice::Heap(faces) => FaceSlice::Heap(faces.get(range)?),
        }))
    }
}

impl PartialEq for PoolFaces<'_> {
    fn eq(&self, other: &PoolFaces<'_>) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for PoolFaces<'_> {}

impl PartialEq<[u32]> for PoolFaces<'_> {
    fn eq(&self, other: &[u32]) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter().copied())
    }
}

impl PartialEq<&[u32]> for PoolFaces<'_> {
    fn eq(&self, other: &&[u32]) -> bool {
        *self == **other
    }
}

impl<const N: usize> PartialEq<[u32; N]> for PoolFaces<'_> {
    fn eq(&self, other: &[u32; N]) -> bool {
        *self == other[..]
    }
}

impl PartialEq<Vec<u32>> for PoolFaces<'_> {
    fn eq(&self, other: &Vec<u32>) -> bool {
        *self == other[..]
    }
}

impl std::fmt::Debug for PoolFaces<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for PoolFaces<'_> {
    /// As a list of numbers.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'a> IntoIterator for PoolFaces<'a> {
    type Item = u32;
    type IntoIter = PoolFacesIter<'a>;

    fn into_iter(self) -> PoolFacesIter<'a> {
        self.iter()
    }
}

/// An iterator over faces of a [`PoolRoll`] ([`PoolFaces::iter`]).
#[derive(Clone, Debug)]
pub struct PoolFacesIter<'a>(FaceIter<'a>);

#[derive(Clone, Debug)]
enum FaceIter<'a> {
    Inline(std::slice::Iter<'a, u8>),
    Heap(std::slice::Iter<'a, u32>),
}

impl Iterator for PoolFacesIter<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        match &mut self.0 {
            FaceIter::Inline(faces) => faces.next().map(|&face| u32::from(face)),
            FaceIter::Heap(faces) => faces.next().copied(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.0 {
            FaceIter::Inline(faces) => faces.size_hint(),
            FaceIter::Heap(faces) => faces.size_hint(),
        }
    }
}

impl DoubleEndedIterator for PoolFacesIter<'_> {
    fn next_back(&mut self) -> Option<u32> {
        match &mut self.0 {
            FaceIter::Inline(faces) => faces.next_back().map(|&face| u32::from(face)),
            FaceIter::Heap(faces) => faces.next_back().copied(),
        }
    }
}

impl ExactSizeIterator for PoolFacesIter<'_> {}

impl std::iter::FusedIterator for PoolFacesIter<'_> {}
