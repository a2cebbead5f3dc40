//! The hex map: terrain as data, validated on load, with hex geometry from the `hexx` crate.
//!
//! Hexes are named like a forum map: a column letter and a row number (`E4`). Columns are
//! flat-topped hexes with odd columns (B, D, F...) shoved half a hex down; `hexx` converts these
//! offset coordinates to axial ones and measures distances.

use std::sync::{Arc, OnceLock};

use hexx::{Hex, HexOrientation, OffsetHexMode};
use serde::{Deserialize, Serialize};

use crate::clan::Clan;
use crate::error::ClanWarError;
use crate::hex_label::HexLabel;

/// What a hex is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Terrain {
    /// A province of a clan: 1 gold to whoever holds it.
    Province(Clan),
    /// An Imperial province: 2 gold.
    Imperial,
    /// Mountains: no gold.
    Mountain,
    /// Forest: no gold.
    Forest,
    /// Ocean: no gold.
    Ocean,
}

impl Terrain {
    /// Gold a hex of this terrain yields its holder at the end of each round.
    pub fn gold(self) -> i64 {
        match self {
            Terrain::Province(_) => 1,
            Terrain::Imperial => 2,
            Terrain::Mountain | Terrain::Forest | Terrain::Ocean => 0,
        }
    }

    /// The two-letter code of the map grid.
    pub fn code(self) -> &'static str {
        match self {
            Terrain::Province(Clan::Crab) => "Cr",
            Terrain::Province(Clan::Crane) => "Cn",
            Terrain::Province(Clan::Dragon) => "Dr",
            Terrain::Province(Clan::Lion) => "Li",
            Terrain::Province(Clan::Mantis) => "Ma",
            Terrain::Province(Clan::Phoenix) => "Ph",
            Terrain::Province(Clan::Scorpion) => "Sc",
            Terrain::Province(Clan::Unicorn) => "Un",
            Terrain::Imperial => "Im",
            Terrain::Mountain => "Mo",
            Terrain::Forest => "Fo",
            Terrain::Ocean => "Oc",
        }
    }

    fn from_code(code: &str) -> Option<Terrain> {
        let all = Clan::ALL.into_iter().map(Terrain::Province).chain([
            Terrain::Imperial,
            Terrain::Mountain,
            Terrain::Forest,
            Terrain::Ocean,
        ]);
        all.into_iter()
            .find(|t| t.code().eq_ignore_ascii_case(code))
    }
}

/// One hex of a user-supplied map file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexSpec {
    /// Its name: a column letter A-Z and a row number from 1 (`E4`).
    pub hex: String,
    /// Its terrain.
    pub terrain: Terrain,
}

/// A map as written in a file: a name and its hexes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapSpec {
    /// The map's name.
    pub name: String,
    /// Every hex.
    pub hexes: Vec<HexSpec>,
}

/// The default map as a grid of two-letter terrain codes, one row per line, columns A to J.
///
/// `Cr Cn Dr Li Ma Ph Sc Un` are clan provinces, `Im` Imperial, `Mo` Mountain, `Fo` Forest and
/// `Oc` Ocean. The geography loosely follows the Empire: Phoenix and Dragon in the north, Unicorn
/// in the west, Lion in the centre-west, the Imperial provinces in the centre, Crane on the east
/// coast, Mantis on the eastern isles, Scorpion south of the capital and Crab on the southern wall.
pub const DEFAULT_GRID: &str = "\
Ph Ph Mo Dr Dr Mo Fo Oc Oc Oc
Ph Ph Fo Mo Dr Dr Fo Cn Oc Oc
Un Fo Li Li Im Fo Cn Cn Oc Ma
Un Un Li Li Im Im Fo Cn Oc Ma
Un Mo Fo Sc Im Sc Mo Fo Oc Ma
Fo Mo Cr Sc Sc Fo Fo Mo Oc Ma
Mo Cr Cr Cr Fo Mo Fo Oc Oc Oc
";

/// One hex of a validated map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapHex {
    /// Its name (`E4`), shared with the attacks that name it.
    pub label: Arc<str>,
    /// Column, from 0 (A).
    pub col: i32,
    /// Row, from 0 (row 1).
    pub row: i32,
    /// Axial coordinates (q, r) of `hexx`.
    pub axial: (i32, i32),
    /// Its terrain.
    pub terrain: Terrain,
}

/// A validated map: connected, four provinces for each clan that has any, no two hexes in one
/// place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Map {
    /// The map's name.
    pub name: String,
    /// Every hex, sorted by column then row.
    pub hexes: Vec<MapHex>,
    /// What is worked out from the hexes once and kept (never saved).
    #[serde(skip)]
    derived: Derived,
}

/// Data a map derives from its hexes on first use: not part of the map's value (equal maps are
/// equal whatever has been worked out), never saved, shared by every state holding the map.
#[derive(Clone, Default)]
struct Derived {
    /// For each hex, the hexes one or two away (an attack's reach), in index order.
    near: OnceLock<Vec<Vec<usize>>>,
}

impl PartialEq for Derived {
    fn eq(&self, _: &Derived) -> bool {
        true
    }
}

impl Eq for Derived {}

impl std::fmt::Debug for Derived {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Derived")
    }
}

/// Reads a hex name (`E4`, in any case) as 0-based (column, row).
pub fn parse_label(text: &str) -> Option<(i32, i32)> {
    // Byte by byte: the bots look up every attack they list (a non-ASCII first character's
    // first byte is no letter, so it is refused as before).
    let (&letter, digits) = text.trim().as_bytes().split_first()?;
    let letter = letter.to_ascii_uppercase();
    if !letter.is_ascii_uppercase() || digits.is_empty() || digits.len() > 3 {
        return None;
    }
    let mut row = 0_i32;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        row = row * 10 + i32::from(d - b'0');
    }
    if row == 0 {
        return None;
    }
    Some((i32::from(letter - b'A'), row - 1))
}

/// Writes 0-based (column, row) as a hex name.
pub fn label(col: i32, row: i32) -> String {
    let letter = char::from(b'A' + col.clamp(0, 25) as u8);
    format!("{letter}{}", row + 1)
}

fn axial(col: i32, row: i32) -> Hex {
    Hex::from_offset_coordinates([col, row], OffsetHexMode::Odd, HexOrientation::Flat)
}

impl MapSpec {
    /// Reads a grid of two-letter terrain codes (see [`DEFAULT_GRID`]).
    ///
    /// # Errors
    /// An unknown code, or a grid wider than 26 columns.
    pub fn from_grid(name: &str, grid: &str) -> Result<MapSpec, ClanWarError> {
        let mut hexes = Vec::new();
        for (row, line) in grid.lines().filter(|l| !l.trim().is_empty()).enumerate() {
            for (col, code) in line.split_whitespace().enumerate() {
                if col >= 26 {
                    return Err(ClanWarError::Map(format!(
                        "row {} has more than 26 columns",
                        row + 1
                    )));
                }
                if code == ".." {
                    continue;
                }
                let terrain = Terrain::from_code(code).ok_or_else(|| {
                    ClanWarError::Map(format!(
                        "unknown terrain code '{}' at {}: use Cr Cn Dr Li Ma Ph Sc Un Im Mo Fo Oc or ..",
                        code.chars().take(8).collect::<String>(),
                        label(col as i32, row as i32)
                    ))
                })?;
                hexes.push(HexSpec {
                    hex: label(col as i32, row as i32),
                    terrain,
                });
            }
        }
        Ok(MapSpec {
            name: name.to_owned(),
            hexes,
        })
    }

    /// The default map.
    pub fn default_map() -> MapSpec {
        // The grid is a constant checked by the tests; an error here cannot happen.
        MapSpec::from_grid("Rokugan", DEFAULT_GRID).unwrap_or(MapSpec {
            name: String::new(),
            hexes: Vec::new(),
        })
    }

    /// Validates the map.
    ///
    /// # Errors
    /// A bad hex name, two hexes in one place, a clan with provinces but not exactly four, or a
    /// map that is not connected.
    pub fn validate(&self) -> Result<Map, ClanWarError> {
        if self.hexes.is_empty() {
            return Err(ClanWarError::Map("the map has no hexes".into()));
        }
        if self.hexes.len() > 26 * 999 {
            return Err(ClanWarError::Map("the map has too many hexes".into()));
        }
        let mut hexes: Vec<MapHex> = Vec::with_capacity(self.hexes.len());
        for spec in &self.hexes {
            let (col, row) = parse_label(&spec.hex).ok_or_else(|| {
                ClanWarError::Map(format!(
                    "'{}' is not a hex name: write a column letter and a row number, like E4",
                    spec.hex.chars().take(12).collect::<String>()
                ))
            })?;
            let hex = axial(col, row);
            hexes.push(MapHex {
                label: label(col, row).into(),
                col,
                row,
                axial: (hex.x, hex.y),
                terrain: spec.terrain,
            });
        }
        hexes.sort_by_key(|h| (h.col, h.row));
        for pair in hexes.windows(2) {
            if pair[0].col == pair[1].col && pair[0].row == pair[1].row {
                return Err(ClanWarError::Map(format!(
                    "hex {} is listed twice",
                    pair[0].label
                )));
            }
        }
        for clan in Clan::ALL {
            let count = hexes
                .iter()
                .filter(|h| h.terrain == Terrain::Province(clan))
                .count();
            if count != 0 && count != 4 {
                return Err(ClanWarError::Map(format!(
                    "the {clan} clan has {count} provinces: every clan on the map needs exactly four"
                )));
            }
        }
        let map = Map {
            name: self.name.clone(),
            hexes,
            derived: Derived::default(),
        };
        // Connected: a flood fill from the first hex reaches every hex.
        let mut seen = vec![false; map.hexes.len()];
        let mut stack = vec![0_usize];
        seen[0] = true;
        while let Some(i) = stack.pop() {
            for j in map.neighbours(i) {
                if !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        if let Some(i) = seen.iter().position(|s| !s) {
            return Err(ClanWarError::Map(format!(
                "the map is not connected: {} cannot be reached from {}",
                map.hexes[i].label, map.hexes[0].label
            )));
        }
        Ok(map)
    }
}

impl Map {
    fn hex(&self, i: usize) -> Hex {
        let (x, y) = self.hexes[i].axial;
        Hex::new(x, y)
    }

    /// The name of hex `i`, as a value that copies without allocation.
    pub fn hex_label(&self, i: usize) -> HexLabel {
        let h = &self.hexes[i];
        HexLabel::of_map(h.col, h.row)
    }

    /// The index of the hex named `label` (any case).
    pub fn index_of(&self, label: &str) -> Option<usize> {
        let (col, row) = parse_label(label)?;
        self.hexes
            .binary_search_by_key(&(col, row), |h| (h.col, h.row))
            .ok()
    }

    /// The distance in hexes between hexes `a` and `b`.
    pub fn distance(&self, a: usize, b: usize) -> u32 {
        self.hex(a).unsigned_distance_to(self.hex(b))
    }

    /// The indices of the hexes next to hex `i`.
    pub fn neighbours(&self, i: usize) -> Vec<usize> {
        self.near(i)
            .iter()
            .copied()
            .filter(|&j| self.distance(i, j) == 1)
            .collect()
    }

    /// A copy that shares nothing with this map: its hex names are new (a plain clone would share
    /// their reference counts), what it derives is copied.
    pub(crate) fn unshared_copy(&self) -> Map {
        Map {
            name: self.name.clone(),
            hexes: self
                .hexes
                .iter()
                .map(|h| MapHex {
                    label: Arc::from(&*h.label),
                    col: h.col,
                    row: h.row,
                    axial: h.axial,
                    terrain: h.terrain,
                })
                .collect(),
            derived: self.derived.clone(),
        }
    }

    /// The indices of the hexes one or two away from hex `i` (the reach of an attack), in index
    /// order. Worked out for the whole map on the first call, then kept with the map.
    pub fn near(&self, i: usize) -> &[usize] {
        let near = self.derived.near.get_or_init(|| {
            self.hexes
                .iter()
                .map(|h| {
                    let (q, r) = h.axial;
                    let mut reach = Vec::with_capacity(18);
                    // Column by column (q is the column), and down each column (r grows with
                    // the row): the order of `hexes`, so the list comes out in index order.
                    for dq in -2_i32..=2 {
                        for dr in (-2 - dq.min(0))..=(2 - dq.max(0)) {
                            if (dq, dr) == (0, 0) {
                                continue;
                            }
                            let [col, row] = Hex::new(q + dq, r + dr)
                                .to_offset_coordinates(OffsetHexMode::Odd, HexOrientation::Flat);
                            if let Ok(j) = self
                                .hexes
                                .binary_search_by_key(&(col, row), |h| (h.col, h.row))
                            {
                                reach.push(j);
                            }
                        }
                    }
                    reach
                })
                .collect()
        });
        near.get(i).map_or(&[], Vec::as_slice)
    }

    /// The clans that have provinces on this map.
    pub fn clans(&self) -> Vec<Clan> {
        Clan::ALL
            .into_iter()
            .filter(|&c| self.has_province_of(c))
            .collect()
    }

    /// Whether the map has a province of `clan`.
    pub fn has_province_of(&self, clan: Clan) -> bool {
        self.hexes
            .iter()
            .any(|h| h.terrain == Terrain::Province(clan))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_is_every_hex_one_or_two_away() {
        let map = MapSpec::default_map().validate().unwrap();
        for a in 0..map.hexes.len() {
            let by_distance: Vec<usize> = (0..map.hexes.len())
                .filter(|&b| b != a && map.distance(a, b) <= 2)
                .collect();
            assert_eq!(
                map.near(a),
                by_distance.as_slice(),
                "{}",
                map.hexes[a].label
            );
        }
        assert_eq!(map.near(map.hexes.len()), &[] as &[usize]);
    }

    #[test]
    fn the_default_map_is_valid() {
        let map = MapSpec::default_map().validate().unwrap();
        assert_eq!(map.hexes.len(), 70);
        assert_eq!(map.clans(), Clan::ALL.to_vec());
        assert_eq!(
            map.hexes
                .iter()
                .filter(|h| h.terrain == Terrain::Imperial)
                .count(),
            4
        );
    }

    #[test]
    fn labels_and_distances() {
        let map = MapSpec::default_map().validate().unwrap();
        let e4 = map.index_of("e4").unwrap();
        assert_eq!(&*map.hexes[e4].label, "E4");
        assert_eq!(map.distance(e4, e4), 0);
        assert_eq!(map.neighbours(e4).len(), 6);
        for n in map.neighbours(e4) {
            assert_eq!(map.distance(e4, n), 1);
        }
        // Column E is even (not shoved): E4's neighbours in column D are D3 and D4.
        let d3 = map.index_of("D3").unwrap();
        let d4 = map.index_of("D4").unwrap();
        let d5 = map.index_of("D5").unwrap();
        assert_eq!(map.distance(e4, d3), 1);
        assert_eq!(map.distance(e4, d4), 1);
        assert_eq!(map.distance(e4, d5), 2);
        assert_eq!(
            map.distance(map.index_of("A1").unwrap(), map.index_of("C1").unwrap()),
            2
        );
        assert!(map.index_of("Z9").is_none());
        assert!(parse_label("4E").is_none());
        assert!(parse_label("E0").is_none());
    }

    #[test]
    fn bad_maps_are_refused_with_reasons() {
        let overlap = MapSpec {
            name: "x".into(),
            hexes: vec![
                HexSpec {
                    hex: "A1".into(),
                    terrain: Terrain::Ocean,
                },
                HexSpec {
                    hex: "a1".into(),
                    terrain: Terrain::Forest,
                },
            ],
        };
        assert!(
            overlap
                .validate()
                .unwrap_err()
                .to_string()
                .contains("twice")
        );
        let apart = MapSpec {
            name: "x".into(),
            hexes: vec![
                HexSpec {
                    hex: "A1".into(),
                    terrain: Terrain::Ocean,
                },
                HexSpec {
                    hex: "C3".into(),
                    terrain: Terrain::Forest,
                },
            ],
        };
        assert!(
            apart
                .validate()
                .unwrap_err()
                .to_string()
                .contains("not connected")
        );
        let three = MapSpec::from_grid("x", "Cr Cr Cr Oc").unwrap();
        assert!(
            three
                .validate()
                .unwrap_err()
                .to_string()
                .contains("exactly four")
        );
        assert!(MapSpec::from_grid("x", "Cr Zz").is_err());
        let json = serde_json::to_string(&MapSpec::default_map()).unwrap();
        let back: MapSpec = serde_json::from_str(&json).unwrap();
        assert_eq!(back, MapSpec::default_map());
        assert!(json.contains("{\"province\":\"crab\"}"));
    }
}
