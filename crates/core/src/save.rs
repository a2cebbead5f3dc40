//! The save file: a [`Record`] as JSON in an envelope with a checksum.
//!
//! A save is the [`Record`] as JSON, wrapped in an envelope:
//!
//! ```json
//! { "pbp_save": 1, "game": "duel", "checksum": "fnv1a64:…", "record": { … } }
//! ```
//!
//! `pbp_save` is the envelope's format version ([`SAVE_FORMAT`]); `checksum` is the FNV-1a 64-bit
//! hash of the record's canonical JSON ([`canonical_json`]: compact, object keys sorted), so
//! whitespace does not matter but any change to the record does. Loading checks, in order: JSON
//! syntax (with line and column), the envelope's version, its fields, the game, the checksum, the
//! record's fields and format, and finally that every step replays (with the seed check on
//! request). The checksum catches accidents (a truncated or hand-edited file), not forgers: anyone
//! can recompute it, which is why a replay with the seed check re-derives every seeded roll.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::erased::ErasedError;
use crate::game::Game;
use crate::record::{Record, Session};

/// The save envelope's format version this build writes and reads.
pub const SAVE_FORMAT: u32 = 1;

/// The name of the checksum algorithm, written before the hash in a save's `checksum` field.
const CHECKSUM_PREFIX: &str = "fnv1a64:";

/// The save file's outer layer.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Envelope {
    pbp_save: u32,
    game: String,
    checksum: String,
    record: Value,
}

/// The FNV-1a 64-bit hash of `bytes`.
///
/// ```
/// assert_eq!(pbp_core::save::fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
/// assert_eq!(pbp_core::save::fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
/// ```
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// The canonical JSON of `value`: compact, with object keys sorted, so that the same value always
/// gives the same text whatever the order or spacing it was read with.
///
/// ```
/// let value = serde_json::json!({"b": [1, 2], "a": {"d": null, "c": "x"}});
/// assert_eq!(pbp_core::save::canonical_json(&value), r#"{"a":{"c":"x","d":null},"b":[1,2]}"#);
/// ```
pub fn canonical_json(value: &Value) -> String {
    let mut out = String::new();
    write_canonical(value, &mut out);
    out
}

fn write_canonical(value: &Value, out: &mut String) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => {
            let _ = write!(out, "{n}");
        }
        Value::String(s) => write_string(s, out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            out.push('{');
            for (i, (key, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(key, out);
                out.push(':');
                write_canonical(item, out);
            }
            out.push('}');
        }
    }
}

fn write_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// The checksum of a record, as written in a save (`fnv1a64:` and 16 hex digits).
pub fn checksum(record: &Value) -> String {
    format!(
        "{CHECKSUM_PREFIX}{:016x}",
        fnv1a64(canonical_json(record).as_bytes())
    )
}

/// Reads a save's envelope and checks its version and fields, not yet its game or checksum.
fn read_envelope(save: &str) -> Result<Envelope, ErasedError> {
    let value: Value =
        serde_json::from_str(save).map_err(|e| ErasedError::SaveSyntax(e.to_string()))?;
    let Value::Object(map) = &value else {
        return Err(ErasedError::SaveShape("it is not a JSON object".into()));
    };
    match map.get("pbp_save") {
        None => {
            return Err(ErasedError::SaveShape(
                "the field 'pbp_save' (the save format) is missing".into(),
            ));
        }
        Some(version) => match version.as_u64() {
            Some(found) if found == u64::from(SAVE_FORMAT) => {}
            Some(found) => {
                return Err(ErasedError::SaveFormat {
                    found,
                    supported: SAVE_FORMAT,
                });
            }
            None => {
                return Err(ErasedError::SaveShape(format!(
                    "the save format must be a number, not {version}"
                )));
            }
        },
    }
    serde_json::from_value(value).map_err(|e| ErasedError::SaveShape(e.to_string()))
}

/// The name of the game a save is for, after checking its JSON and envelope.
///
/// # Errors
/// Bad JSON, a save of another format, or an envelope with missing or unknown fields.
pub fn save_game(save: &str) -> Result<String, ErasedError> {
    read_envelope(save).map(|envelope| envelope.game)
}

/// Loads a save of the game `G` (see the [module docs](self) for the checks).
///
/// # Errors
/// Each check has its own error: [`ErasedError::SaveSyntax`], [`ErasedError::SaveFormat`],
/// [`ErasedError::SaveShape`], [`ErasedError::WrongGame`], [`ErasedError::Checksum`],
/// [`ErasedError::RecordShape`], [`ErasedError::RecordFormat`] and [`ErasedError::Step`].
pub fn load_session<G: Game>(save: &str, check_seed: bool) -> Result<Session<G>, ErasedError> {
    let envelope = read_envelope(save)?;
    if envelope.game != G::NAME {
        return Err(ErasedError::WrongGame {
            expected: G::NAME.to_owned(),
            found: envelope.game,
        });
    }
    let computed = checksum(&envelope.record);
    if computed != envelope.checksum {
        return Err(ErasedError::Checksum {
            stored: envelope.checksum,
            computed,
        });
    }
    let record: Record<G> =
        serde_json::from_value(envelope.record).map_err(|e| ErasedError::RecordShape {
            game: G::NAME,
            message: e.to_string(),
        })?;
    Ok(Session::replay(record, check_seed)?)
}

/// The save file of `session`: its record in the envelope, pretty-printed, ending with a newline.
///
/// # Errors
/// [`ErasedError::Serialize`] if the record cannot be written as JSON.
pub fn save_session<G: Game>(session: &Session<G>) -> Result<String, ErasedError> {
    let record = serde_json::to_value(session.record())
        .map_err(|e| ErasedError::Serialize(e.to_string()))?;
    let envelope = Envelope {
        pbp_save: SAVE_FORMAT,
        game: G::NAME.to_owned(),
        checksum: checksum(&record),
        record,
    };
    let mut text = serde_json::to_string_pretty(&envelope)
        .map_err(|e| ErasedError::Serialize(e.to_string()))?;
    text.push('\n');
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksum_ignores_key_order_and_spacing() {
        let a: Value = serde_json::from_str(r#"{"x": 1, "y": [true, "é\n"]}"#).unwrap();
        let b: Value = serde_json::from_str(r#"{"y":[true,"é\n"],"x":1}"#).unwrap();
        assert_eq!(checksum(&a), checksum(&b));
        assert_ne!(
            checksum(&a),
            checksum(&serde_json::json!({"x": 2, "y": [true, "é\n"]}))
        );
        assert_eq!(checksum(&a).len(), CHECKSUM_PREFIX.len() + 16);
    }
}
