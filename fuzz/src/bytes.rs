//! Reading the fuzz input: a cursor over its bytes, and the dice, actors and JSON changes the
//! bytes choose.

use pbp_core::{
    Dice, ScriptedDice, SeededDice,
    engine::{Actor, Seat},
};
use serde_json::Value;

/// A cursor over the fuzz input: every read succeeds, answering zeros once the input is used up.
#[derive(Debug)]
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// A cursor at the start of `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data }
    }

    /// Whether the input is used up.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The next byte (0 when none is left).
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// The next eight bytes as a little-endian number (missing bytes are zeros).
    pub fn u64(&mut self) -> u64 {
        let mut value = 0_u64;
        for i in 0..8 {
            value |= u64::from(self.byte()) << (8 * i);
        }
        value
    }

    /// A number below `n` (0 when `n` is 0), from one or two bytes.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        let raw = if n <= 256 {
            usize::from(self.byte())
        } else {
            usize::from(self.byte()) | (usize::from(self.byte()) << 8)
        };
        raw % n
    }

    /// A slice of up to `max` bytes, its length given by the next byte.
    pub fn slice(&mut self, max: usize) -> &'a [u8] {
        let len = usize::from(self.byte()).min(max).min(self.data.len());
        let (head, rest) = self.data.split_at(len);
        self.data = rest;
        head
    }

    /// A string of up to `max` bytes (invalid UTF-8 replaced).
    pub fn string(&mut self, max: usize) -> String {
        String::from_utf8_lossy(self.slice(max)).into_owned()
    }

    /// Everything left.
    pub fn rest(&mut self) -> &'a [u8] {
        std::mem::take(&mut self.data)
    }
}

/// A dice source chosen by the input: seeded from input bytes, or a short script of faces
/// (mostly in `1..=12`, sometimes out of range, possibly too short).
pub fn dice_from(bytes: &mut Bytes<'_>) -> Box<dyn Dice> {
    if bytes.byte().is_multiple_of(4) {
        let count = usize::from(bytes.byte() % 24);
        let faces: Vec<u32> = (0..count)
            .map(|_| match bytes.byte() {
                255 => 0,
                254 => 53,
                b => 1 + u32::from(b % 12),
            })
            .collect();
        Box::new(ScriptedDice::new(faces))
    } else {
        Box::new(SeededDice::new(bytes.u64()))
    }
}

/// An actor chosen by the input: a seat from 0 to 12 or the game master.
pub(crate) fn any_actor(bytes: &mut Bytes<'_>) -> Actor {
    match bytes.byte() % 14 {
        13 => Actor::GameMaster,
        n => Actor::Seat(Seat(u16::from(n))),
    }
}

/// Replaces one leaf of `value` (walking down by input bytes) with a value from the input.
pub(crate) fn mutate_json(value: &mut Value, bytes: &mut Bytes<'_>) {
    match value {
        Value::Array(items) if !items.is_empty() && !bytes.byte().is_multiple_of(4) => {
            let i = bytes.below(items.len());
            mutate_json(&mut items[i], bytes);
        }
        Value::Object(map) if !map.is_empty() && !bytes.byte().is_multiple_of(4) => {
            let i = bytes.below(map.len());
            if let Some(child) = map.values_mut().nth(i) {
                mutate_json(child, bytes);
            }
        }
        _ => {
            let replacement = match bytes.byte() % 8 {
                0 => Value::Null,
                1 => Value::Bool(bytes.byte().is_multiple_of(2)),
                2 => Value::from(bytes.byte()),
                3 => Value::from(-i64::from(bytes.byte())),
                4 => Value::from(bytes.u64()),
                5 => Value::from(bytes.string(16)),
                6 => Value::Array(Vec::new()),
                _ => match &*value {
                    Value::Number(n) => Value::from(n.as_u64().unwrap_or(0).wrapping_add(1)),
                    Value::String(s) => Value::from(format!("{s}x")),
                    other => other.clone(),
                },
            };
            *value = replacement;
        }
    }
}
