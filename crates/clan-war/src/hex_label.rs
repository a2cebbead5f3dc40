//! A hex by its name (`E4`): a value that copies without allocation, which the events carry.

use serde::{Deserialize, Serialize};

use crate::map::parse_label;

/// A hex by its name (`E4`): a column and a row, copied without allocation, and written and read
/// as its name, in JSON too (`"E4"`).
///
/// ```
/// use pbp_clan_war::HexLabel;
///
/// let hex = HexLabel::parse("e4").unwrap();
/// assert_eq!((hex.col(), hex.row()), (4, 3));
/// assert_eq!(hex.to_string(), "E4");
/// assert_eq!(serde_json::to_string(&hex).unwrap(), "\"E4\"");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HexLabel {
    col: u8,
    row: u16,
}

impl HexLabel {
    /// The hex of a validated map's column and row (they are those of hex names).
    pub(crate) fn of_map(col: i32, row: i32) -> HexLabel {
        HexLabel {
            col: col as u8,
            row: row as u16,
        }
    }

    /// The most rows a hex name can count (three digits).
    const ROWS: i32 = 999;

    /// The hex of 0-based column `col` (A is 0, up to Z) and row `row` (row 1 is 0, up to 998),
    /// or `None` outside those.
    pub fn new(col: i32, row: i32) -> Option<HexLabel> {
        if !(0..26).contains(&col) || !(0..Self::ROWS).contains(&row) {
            return None;
        }
        Some(HexLabel {
            col: col as u8,
            row: row as u16,
        })
    }

    /// Reads a hex name (`E4`, in any case).
    pub fn parse(text: &str) -> Option<HexLabel> {
        let (col, row) = parse_label(text)?;
        HexLabel::new(col, row)
    }

    /// The 0-based column (A is 0).
    pub fn col(self) -> i32 {
        i32::from(self.col)
    }

    /// The 0-based row (row 1 is 0).
    pub fn row(self) -> i32 {
        i32::from(self.row)
    }
}

impl std::fmt::Display for HexLabel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'A' + self.col),
            u32::from(self.row) + 1
        )
    }
}

impl Serialize for HexLabel {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for HexLabel {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<'de, str>::deserialize(deserializer)?;
        HexLabel::parse(&text).ok_or_else(|| {
            serde::de::Error::invalid_value(
                serde::de::Unexpected::Str(&text),
                &"a hex name: a column letter and a row number, like E4",
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::MapSpec;

    #[test]
    fn a_hex_label_is_its_name() {
        let map = MapSpec::default_map().validate().unwrap();
        for (i, hex) in map.hexes.iter().enumerate() {
            let name = map.hex_label(i);
            assert_eq!(name.to_string(), *hex.label);
            assert_eq!((name.col(), name.row()), (hex.col, hex.row));
            assert_eq!(HexLabel::parse(&hex.label.to_lowercase()), Some(name));
            let json = serde_json::to_string(&name).unwrap();
            assert_eq!(json, format!("\"{}\"", hex.label));
            assert_eq!(serde_json::from_str::<HexLabel>(&json).unwrap(), name);
        }
        assert_eq!(
            HexLabel::parse("Z999").map(|h| h.to_string()),
            Some("Z999".into())
        );
        for bad in ["", "E", "E0", "E1000", "4E", "\u{e9}4"] {
            assert_eq!(HexLabel::parse(bad), None, "{bad}");
            assert!(serde_json::from_value::<HexLabel>(bad.into()).is_err());
        }
        assert_eq!(HexLabel::new(26, 0), None);
        assert_eq!(HexLabel::new(0, 999), None);
        assert_eq!(HexLabel::new(-1, 0), None);
    }
}
