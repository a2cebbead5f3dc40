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
//! whitespace does not matter but any change to the record does.
//!
//! Loading ([`load_session`]) checks, in order, and names the first failure: JSON syntax (with
//! line and column), the envelope's version, its fields, the game, the checksum, the record's
//! fields and format, that the seed and salt hash to the record's commitment
//! ([`crate::engine::commitment`]), and that every step replays, every seeded step played again from the
//! seed and its draws compared with the recorded ones. The checksum catches accidents (a
//! truncated or hand-edited file), not forgers: anyone can recompute it. The seed check is what
//! refuses a forged seeded die, and the commitment what refuses a changed seed (a forger who also
//! changes the commitment is caught by `pbp verify` against the commitment published at the
//! start). Outside dice are taken as recorded: the post of the roller that rolled them is their
//! proof.
//!
//! Loading never builds a `serde_json::Value` of the record (which takes ten times the file's
//! size): the record's text is hashed as it is read and deserialized straight into the
//! [`Record`], so a save of the largest size a frontend accepts loads in a few times its size.

use std::fmt::Write as _;

use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::engine::erased::ErasedError;
use crate::game::Game;
use crate::record::{Record, Session, Source};

/// The save envelope's format version this build writes and reads.
pub const SAVE_FORMAT: u32 = 1;

/// The name of the checksum algorithm, written before the hash in a save's `checksum` field.
const CHECKSUM_PREFIX: &str = "fnv1a64:";

/// The save file's outer layer, as written.
#[derive(Serialize)]
#[serde(bound = "")]
struct EnvelopeOut<'a> {
    pbp_save: u32,
    game: &'a str,
    checksum: String,
    record: &'a RawValue,
}

/// The save file's outer layer, as read: the record's text is borrowed, not parsed yet.
struct EnvelopeIn<'a> {
    game: String,
    checksum: String,
    record: &'a RawValue,
}

/// The FNV-1a 64-bit hash of `bytes`.
///
/// ```
/// assert_eq!(pbp_core::engine::save::fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
/// assert_eq!(pbp_core::engine::save::fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
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
/// assert_eq!(pbp_core::engine::save::canonical_json(&value), r#"{"a":{"c":"x","d":null},"b":[1,2]}"#);
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

/// The canonical JSON of the JSON text `json` (see [`canonical_json`]), computed as the text
/// is read, without building a `serde_json::Value`.
///
/// ```
/// let text = r#"{ "b": [1, 2.5, -3], "a": {"d": null, "c": "x\u00e9"} }"#;
/// let value: serde_json::Value = serde_json::from_str(text).unwrap();
/// assert_eq!(
///     pbp_core::engine::save::canonical_text(text).unwrap(),
///     pbp_core::engine::save::canonical_json(&value)
/// );
/// ```
///
/// # Errors
/// Text that is not one JSON value, with serde_json's message (line and column).
pub fn canonical_text(json: &str) -> Result<String, serde_json::Error> {
    let mut deserializer = serde_json::Deserializer::from_str(json);
    let mut out = String::with_capacity(json.len() / 2);
    Canon(&mut out).deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(out)
}

/// The checksum of a record given as JSON text: the same as [`checksum`] of its value.
///
/// # Errors
/// Text that is not one JSON value.
pub fn checksum_text(record: &str) -> Result<String, serde_json::Error> {
    Ok(format!(
        "{CHECKSUM_PREFIX}{:016x}",
        fnv1a64(canonical_text(record)?.as_bytes())
    ))
}

/// Writes one JSON value's canonical form into the string, as serde reads it. Numbers, strings
/// and duplicate keys (the last one wins) are treated exactly as `serde_json::Value` does, so
/// that [`canonical_text`] and [`canonical_json`] always agree.
struct Canon<'o>(&'o mut String);

impl<'de> DeserializeSeed<'de> for Canon<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Canon<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<(), E> {
        self.0.push_str(if v { "true" } else { "false" });
        Ok(())
    }

    fn visit_i64<E>(self, v: i64) -> Result<(), E> {
        let _ = write!(self.0, "{}", serde_json::Number::from(v));
        Ok(())
    }

    fn visit_u64<E>(self, v: u64) -> Result<(), E> {
        let _ = write!(self.0, "{}", serde_json::Number::from(v));
        Ok(())
    }

    fn visit_f64<E>(self, v: f64) -> Result<(), E> {
        match serde_json::Number::from_f64(v) {
            Some(n) => {
                let _ = write!(self.0, "{n}");
            }
            None => self.0.push_str("null"),
        }
        Ok(())
    }

    fn visit_str<E>(self, v: &str) -> Result<(), E> {
        write_string(v, self.0);
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        self.0.push_str("null");
        Ok(())
    }

    fn visit_none<E>(self) -> Result<(), E> {
        self.0.push_str("null");
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        self.0.push('[');
        let mut first = true;
        loop {
            let mark = self.0.len();
            if !first {
                self.0.push(',');
            }
            if seq.next_element_seed(Canon(self.0))?.is_none() {
                self.0.truncate(mark);
                break;
            }
            first = false;
        }
        self.0.push(']');
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut entries: Vec<(String, String)> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            let mut value = String::new();
            map.next_value_seed(Canon(&mut value))?;
            entries.push((key, value));
        }
        // As a `serde_json::Map`: sorted by key, a repeated key keeping its last value.
        entries.reverse();
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        entries.dedup_by(|later, earlier| later.0 == earlier.0);
        self.0.push('{');
        for (i, (key, value)) in entries.iter().enumerate() {
            if i > 0 {
                self.0.push(',');
            }
            write_string(key, self.0);
            self.0.push(':');
            self.0.push_str(value);
        }
        self.0.push('}');
        Ok(())
    }
}

/// The envelope's fields as found, in any order, the unknown ones named.
#[derive(Default)]
struct LooseEnvelope<'a> {
    pbp_save: Option<&'a RawValue>,
    game: Option<&'a RawValue>,
    checksum: Option<&'a RawValue>,
    record: Option<&'a RawValue>,
    unknown: Option<String>,
    duplicate: Option<&'static str>,
}

impl<'de: 'a, 'a> Deserialize<'de> for LooseEnvelope<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for V<'a> {
            type Value = LooseEnvelope<'a>;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut out = LooseEnvelope::default();
                while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                    let (slot, name) = match key.as_ref() {
                        "pbp_save" => (&mut out.pbp_save, "pbp_save"),
                        "game" => (&mut out.game, "game"),
                        "checksum" => (&mut out.checksum, "checksum"),
                        "record" => (&mut out.record, "record"),
                        other => {
                            if out.unknown.is_none() {
                                out.unknown = Some(other.chars().take(80).collect());
                            }
                            map.next_value::<IgnoredAny>()?;
                            continue;
                        }
                    };
                    if slot.is_some() {
                        out.duplicate.get_or_insert(name);
                    }
                    *slot = Some(map.next_value::<&'de RawValue>()?);
                }
                Ok(out)
            }
        }
        deserializer.deserialize_map(V(std::marker::PhantomData))
    }
}

/// Reads a save's envelope and checks its version and fields, not yet its game or checksum. The
/// record stays text.
fn read_envelope(save: &str) -> Result<EnvelopeIn<'_>, ErasedError> {
    let loose: LooseEnvelope<'_> = serde_json::from_str(save).map_err(|e| {
        if e.is_data() {
            ErasedError::SaveShape("it is not a JSON object".into())
        } else {
            ErasedError::SaveSyntax(e.to_string())
        }
    })?;
    let shape = |message: String| ErasedError::SaveShape(message);
    let Some(version) = loose.pbp_save else {
        return Err(shape(
            "the field 'pbp_save' (the save format) is missing".into(),
        ));
    };
    match serde_json::from_str::<Value>(version.get())
        .ok()
        .and_then(|v| v.as_u64())
    {
        Some(found) if found == u64::from(SAVE_FORMAT) => {}
        Some(found) => {
            return Err(ErasedError::SaveFormat {
                found,
                supported: SAVE_FORMAT,
            });
        }
        None => {
            return Err(shape(format!(
                "the save format must be a number, not {}",
                version.get().chars().take(80).collect::<String>()
            )));
        }
    }
    if let Some(name) = loose.unknown {
        return Err(shape(format!(
            "unknown field `{name}`, expected one of `pbp_save`, `game`, `checksum`, `record`"
        )));
    }
    if let Some(name) = loose.duplicate {
        return Err(shape(format!("duplicate field `{name}`")));
    }
    let text = |field: Option<&RawValue>, name: &str| -> Result<String, ErasedError> {
        let raw = field.ok_or_else(|| shape(format!("missing field `{name}`")))?;
        serde_json::from_str::<String>(raw.get())
            .map_err(|_| shape(format!("the field `{name}` must be a string")))
    };
    let game = text(loose.game, "game")?;
    let checksum = text(loose.checksum, "checksum")?;
    let record = loose
        .record
        .ok_or_else(|| shape("missing field `record`".into()))?;
    Ok(EnvelopeIn {
        game,
        checksum,
        record,
    })
}

/// The name of the game a save is for, after checking its JSON and envelope.
///
/// # Errors
/// Bad JSON, a save of another format, or an envelope with missing or unknown fields.
pub fn save_game(save: &str) -> Result<String, ErasedError> {
    read_envelope(save).map(|envelope| envelope.game)
}

/// Loads a save of the game `G`, checking everything (see the [module docs](self)).
///
/// # Errors
/// Each check has its own error: [`ErasedError::SaveSyntax`], [`ErasedError::SaveFormat`],
/// [`ErasedError::SaveShape`], [`ErasedError::WrongGame`], [`ErasedError::Checksum`],
/// [`ErasedError::RecordShape`], [`ErasedError::RecordFormat`], [`ErasedError::Commitment`] and
/// [`ErasedError::Step`] (naming the first step that does not replay or whose seeded draws do
/// not follow from the seed, or a step with outside dice in a game that takes only seeded
/// dice).
pub fn load_session<G: Game>(save: &str) -> Result<Session<G>, ErasedError> {
    let envelope = read_envelope(save)?;
    if envelope.game != G::NAME {
        return Err(ErasedError::WrongGame {
            expected: G::NAME.to_owned(),
            found: envelope.game,
        });
    }
    let computed =
        checksum_text(envelope.record.get()).map_err(|e| ErasedError::SaveSyntax(e.to_string()))?;
    if computed != envelope.checksum {
        return Err(ErasedError::Checksum {
            stored: envelope.checksum,
            computed,
        });
    }
    let record: Record<G> =
        serde_json::from_str(envelope.record.get()).map_err(|e| ErasedError::RecordShape {
            game: G::NAME,
            message: e.to_string(),
        })?;
    // The first step with outside dice, counted plainly (this runs in the browser too).
    let outside = if record.setup_source == Source::Outside {
        Some(0)
    } else {
        record
            .entries
            .iter()
            .position(|e| e.source == Source::Outside)
            .map(|i| i + 1)
    };
    if record.dice.is_seeded()
        && let Some(step) = outside
    {
        return Err(ErasedError::Step {
            step,
            message: "its dice came from outside pbp, but this game takes only seeded dice \
                      (\"dice\": \"seeded\"): the record was altered"
                .to_owned(),
        });
    }
    Ok(Session::replay(record, true)?)
}

/// The save file of `session`: its record in the envelope, pretty-printed, ending with a newline.
/// The record is written once, compact, straight from its types (never as a `serde_json::Value`);
/// the checksum is taken of that text, and the whole envelope is then laid out as
/// `serde_json::to_string_pretty` would, without writing the record a second time.
///
/// # Errors
/// [`ErasedError::Serialize`] if the record cannot be written as JSON.
pub fn save_session<G: Game>(session: &Session<G>) -> Result<String, ErasedError> {
    let error = |e: serde_json::Error| ErasedError::Serialize(e.to_string());
    let compact = serde_json::to_string(session.record()).map_err(error)?;
    let checksum = checksum_text(&compact).map_err(error)?;
    let record = RawValue::from_string(compact).map_err(error)?;
    let envelope = EnvelopeOut {
        pbp_save: SAVE_FORMAT,
        game: G::NAME,
        checksum,
        record: &record,
    };
    let mut text = crate::pretty::pretty_json(&serde_json::to_string(&envelope).map_err(error)?);
    text.push('\n');
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The save as it was written before saves were laid out from their compact text: the
    /// envelope with the record serialized by serde_json's pretty formatter.
    #[derive(Serialize)]
    #[serde(bound = "")]
    struct PrettyEnvelope<'a, G: Game> {
        pbp_save: u32,
        game: &'a str,
        checksum: String,
        record: &'a Record<G>,
    }

    #[test]
    fn saves_are_byte_for_byte_what_the_pretty_formatter_wrote() {
        use crate::engine::duel::{Duel, DuelAction, Stance};
        use crate::engine::{Actor, DiceChoice, Seat};
        let mut session = Session::<Duel>::new(Default::default(), 11, DiceChoice::Seeded).unwrap();
        for (seat, stance) in [(0, Stance::Focus), (1, Stance::Strike), (1, Stance::Focus)] {
            let action = DuelAction::Choose(stance);
            session
                .act(Actor::Seat(Seat(seat)), action, DiceChoice::Seeded)
                .unwrap();
        }
        let compact = serde_json::to_string(session.record()).unwrap();
        let old = PrettyEnvelope {
            pbp_save: SAVE_FORMAT,
            game: Duel::NAME,
            checksum: checksum_text(&compact).unwrap(),
            record: session.record(),
        };
        let old = serde_json::to_string_pretty(&old).unwrap() + "\n";
        assert_eq!(save_session(&session).unwrap(), old);
    }

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

    #[test]
    fn canonical_text_agrees_with_the_value_form() {
        for text in [
            r#"{"x": 1, "y": [true, "é\n", null, -0, 1e3, 2.50, -7, 18446744073709551615]}"#,
            r#"{"b": {"z": [], "a": {}}, "a": "\u0001\"\\", "a": 3}"#,
            r#"[1.5e-7, 123456789012345678901234567890, {"k": [{"j": 0}]}]"#,
            r#""only a string""#,
            "  17 ",
        ] {
            let value: Value = serde_json::from_str(text).unwrap();
            assert_eq!(
                canonical_text(text).unwrap(),
                canonical_json(&value),
                "{text}"
            );
            assert_eq!(checksum_text(text).unwrap(), checksum(&value), "{text}");
        }
        assert!(canonical_text("[1, 2").is_err());
        assert!(canonical_text("1 2").is_err());
    }
}
