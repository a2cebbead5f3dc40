//! The map: states, land borders, river crossings, and its validation.

use std::cmp::Ordering;
use std::collections::BTreeSet;
use std::sync::{Arc, LazyLock};

use serde::{Deserialize, Serialize};

use crate::error::WarringStatesError;

/// The index of a state (province) on the map.
pub type StateId = u16;

/// Which bank of the Great River a state lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Bank {
    /// North of the river.
    North,
    /// South of the river.
    South,
}

/// How two neighbouring states touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Link {
    /// A land border between two states on the same bank.
    Land,
    /// A river crossing between two river-adjacent states on opposite banks.
    Crossing,
}

/// One state as a map file describes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateSpec {
    /// The state's name, unique on the map.
    pub name: String,
    /// Whether it is a KINGDOM-type state (underlined on the seed's map).
    pub kingdom: bool,
    /// Its bank of the Great River.
    pub side: Bank,
    /// Whether it is river-adjacent (cheaper investment; river defence bonus).
    pub river: bool,
    /// Horizontal position for drawing, in SVG units.
    pub x: i32,
    /// Vertical position for drawing, in SVG units.
    pub y: i32,
}

/// A map file: the states, the land borders and the river crossings, by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapSpec {
    /// The map's name.
    pub name: String,
    /// The imperial capital (Zhou on the default map): a KINGDOM-type state that no player may
    /// start in and that defends with more rice.
    pub capital: String,
    /// Every state.
    pub states: Vec<StateSpec>,
    /// Land borders, each an unordered pair of names on the same bank.
    pub borders: Vec<[String; 2]>,
    /// River crossings, each an unordered pair of river-adjacent states on opposite banks.
    pub crossings: Vec<[String; 2]>,
}

const DEFAULT_MAP: &str = include_str!("default_map.json");

/// The default map's file, read once per process.
static STANDARD_SPEC: LazyLock<Arc<MapSpec>> = LazyLock::new(|| Arc::new(read_standard_spec()));

fn read_standard_spec() -> MapSpec {
    // The file is part of the crate and checked by the tests; an unreadable copy would be a
    // build defect, so fall back to an empty map that `Map::new` refuses rather than panic.
    serde_json::from_str(DEFAULT_MAP).unwrap_or_else(|_| MapSpec {
        name: String::new(),
        capital: String::new(),
        states: Vec::new(),
        borders: Vec::new(),
        crossings: Vec::new(),
    })
}

/// The default map, validated once per process.
static STANDARD_MAP: LazyLock<Result<Map, WarringStatesError>> =
    LazyLock::new(|| Map::new(&STANDARD_SPEC));

impl MapSpec {
    /// The default 70-state map of the Lands of Han.
    pub fn standard() -> MapSpec {
        MapSpec::clone(&STANDARD_SPEC)
    }

    /// The default map's file, shared: what the default config holds.
    pub fn shared_standard() -> Arc<MapSpec> {
        Arc::clone(&STANDARD_SPEC)
    }

    /// Whether this is the default map's file.
    pub fn is_standard(&self) -> bool {
        std::ptr::eq(self, &**STANDARD_SPEC) || *self == **STANDARD_SPEC
    }

    /// [`MapSpec::is_standard`] of a shared file (what a config leaves out of its JSON).
    pub fn is_shared_standard(spec: &Arc<MapSpec>) -> bool {
        spec.is_standard()
    }

    /// The validated map of this file, for one game: the default map is validated once per
    /// process and copied (each game its own copy, so games on different threads share no
    /// reference count), any other is validated by [`Map::new`].
    ///
    /// # Errors
    /// As [`Map::new`].
    pub fn to_map(&self) -> Result<Arc<Map>, WarringStatesError> {
        if self.is_standard() {
            match &*STANDARD_MAP {
                Ok(map) => Ok(Arc::new(map.clone())),
                Err(error) => Err(error.clone()),
            }
        } else {
            Map::new(self).map(Arc::new)
        }
    }

    /// Reads a map file (JSON) and validates it.
    ///
    /// # Errors
    /// [`WarringStatesError::Map`] for text that is not a map file or a map that breaks a rule of
    /// [`Map::new`].
    pub fn from_json(text: &str) -> Result<Map, WarringStatesError> {
        let spec: MapSpec =
            serde_json::from_str(text).map_err(|e| WarringStatesError::Map(e.to_string()))?;
        Map::new(&spec)
    }
}

impl Default for MapSpec {
    fn default() -> Self {
        MapSpec::standard()
    }
}

/// A state on a validated map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Province {
    /// Its name.
    pub name: String,
    /// KINGDOM-type.
    pub kingdom: bool,
    /// Its bank.
    pub side: Bank,
    /// River-adjacent.
    pub river: bool,
    /// Drawing position.
    pub x: i32,
    /// Drawing position.
    pub y: i32,
    /// Its neighbours in ascending order, each with how it is reached.
    pub neighbours: Vec<(StateId, Link)>,
}

/// A validated map: names unique, adjacency symmetric, every link a land border on one bank or a
/// crossing between river-adjacent states on opposite banks, and the whole map connected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "MapFields")]
pub struct Map {
    /// The map's name.
    pub name: String,
    /// The imperial capital.
    pub capital: StateId,
    /// The states, indexed by [`StateId`].
    pub provinces: Vec<Province>,
    /// The states sorted by name (ASCII case folded), then by id: [`Map::find`]'s index, built
    /// with the map and not written in its JSON.
    #[serde(skip_serializing)]
    index: Vec<StateId>,
}

/// A map's JSON as written: [`Map`] without its index, which reading it builds.
#[derive(Deserialize)]
struct MapFields {
    name: String,
    capital: StateId,
    provinces: Vec<Province>,
}

impl From<MapFields> for Map {
    fn from(fields: MapFields) -> Map {
        Map::indexed(fields.name, fields.capital, fields.provinces)
    }
}

/// Two names compared with ASCII case folded, as [`Map::find`] matches them.
fn cmp_folded(a: &str, b: &str) -> Ordering {
    a.bytes()
        .map(|c| c.to_ascii_lowercase())
        .cmp(b.bytes().map(|c| c.to_ascii_lowercase()))
}

impl Map {
    /// The default map, validated once per process, as a copy of its own.
    pub fn standard() -> Arc<Map> {
        Arc::new(Map::clone(STANDARD_MAP.as_ref().unwrap_or(&EMPTY_MAP)))
    }

    /// Whether this is the default map (what a state leaves out of its JSON).
    pub fn is_standard(map: &Arc<Map>) -> bool {
        STANDARD_MAP
            .as_ref()
            .is_ok_and(|standard| **map == *standard)
    }

    fn indexed(name: String, capital: StateId, provinces: Vec<Province>) -> Map {
        let mut index: Vec<StateId> = (0..provinces.len() as StateId).collect();
        index.sort_by(|&a, &b| {
            cmp_folded(
                &provinces[usize::from(a)].name,
                &provinces[usize::from(b)].name,
            )
            .then(a.cmp(&b))
        });
        Map {
            name,
            capital,
            provinces,
            index,
        }
    }

    /// Validates a map file.
    ///
    /// # Errors
    /// [`WarringStatesError::Map`] naming the first problem found.
    pub fn new(spec: &MapSpec) -> Result<Map, WarringStatesError> {
        let err = |m: String| Err(WarringStatesError::Map(m));
        if spec.states.len() < 2 {
            return err("a map needs at least two states".into());
        }
        if spec.states.len() > usize::from(u16::MAX) {
            return err("too many states".into());
        }
        let mut provinces: Vec<Province> = Vec::with_capacity(spec.states.len());
        let mut names: BTreeSet<String> = BTreeSet::new();
        for s in &spec.states {
            let name = s.name.trim();
            if name.is_empty() {
                return err("a state has an empty name".into());
            }
            if name.contains(['.', ',', '[', ']', '\n']) || name.contains(" with ") {
                return err(format!(
                    "state name '{name}' may not contain '.', ',', brackets or ' with '"
                ));
            }
            if !names.insert(name.to_ascii_lowercase()) {
                return err(format!("state name '{name}' is used twice"));
            }
            provinces.push(Province {
                name: name.to_owned(),
                kingdom: s.kingdom,
                side: s.side,
                river: s.river,
                x: s.x,
                y: s.y,
                neighbours: Vec::new(),
            });
        }
        let mut map = Map::indexed(spec.name.clone(), 0, provinces);
        let find = |map: &Map, name: &str| {
            map.find(name).ok_or_else(|| {
                WarringStatesError::Map(format!("unknown state '{name}' in a border"))
            })
        };
        let mut edges: Vec<(StateId, StateId, Link)> = Vec::new();
        let mut joined: BTreeSet<(StateId, StateId)> = BTreeSet::new();
        for (pairs, link) in [
            (&spec.borders, Link::Land),
            (&spec.crossings, Link::Crossing),
        ] {
            for [a, b] in pairs {
                let (a, b) = (find(&map, a)?, find(&map, b)?);
                let (pa, pb) = (
                    &map.provinces[usize::from(a)],
                    &map.provinces[usize::from(b)],
                );
                if a == b {
                    return err(format!("'{}' borders itself", pa.name));
                }
                if !joined.insert((a.min(b), a.max(b))) {
                    return err(format!("'{}' and '{}' are joined twice", pa.name, pb.name));
                }
                match link {
                    Link::Land if pa.side != pb.side => {
                        return err(format!(
                            "'{}' and '{}' are on opposite banks: join them with a crossing",
                            pa.name, pb.name
                        ));
                    }
                    Link::Crossing if pa.side == pb.side => {
                        return err(format!(
                            "the crossing '{}'-'{}' joins states on the same bank",
                            pa.name, pb.name
                        ));
                    }
                    Link::Crossing if !(pa.river && pb.river) => {
                        return err(format!(
                            "the crossing '{}'-'{}' needs two river-adjacent states",
                            pa.name, pb.name
                        ));
                    }
                    _ => {}
                }
                edges.push((a, b, link));
            }
        }
        let capital = find(&map, &spec.capital).map_err(|_| {
            WarringStatesError::Map(format!("the capital '{}' is not on the map", spec.capital))
        })?;
        for &(a, b, link) in &edges {
            map.provinces[usize::from(a)].neighbours.push((b, link));
            map.provinces[usize::from(b)].neighbours.push((a, link));
        }
        for p in &mut map.provinces {
            p.neighbours.sort_unstable();
        }
        if !map.provinces[usize::from(capital)].kingdom {
            return err("the capital must be a KINGDOM-type state".into());
        }
        map.capital = capital;
        map.check_symmetric()?;
        if !map.connected(&(0..map.len() as StateId).collect::<Vec<_>>()) {
            return err("the map is not connected".into());
        }
        Ok(map)
    }

    fn check_symmetric(&self) -> Result<(), WarringStatesError> {
        for (a, p) in self.provinces.iter().enumerate() {
            for &(b, link) in &p.neighbours {
                if !self.provinces[usize::from(b)]
                    .neighbours
                    .contains(&(a as StateId, link))
                {
                    return Err(WarringStatesError::Map(format!(
                        "'{}' borders '{}' but not the other way",
                        p.name,
                        self.provinces[usize::from(b)].name
                    )));
                }
            }
        }
        Ok(())
    }

    /// The number of states.
    pub fn len(&self) -> usize {
        self.provinces.len()
    }

    /// Whether the map has no states (never true for a validated map).
    pub fn is_empty(&self) -> bool {
        self.provinces.is_empty()
    }

    /// The state called `name` (case-insensitive; the first by id if a map read from JSON
    /// names two alike), found by the name index built with the map.
    pub fn find(&self, name: &str) -> Option<StateId> {
        let name = name.trim();
        if self.index.len() != self.provinces.len() {
            // Provinces added through the public field after the map was made: not indexed.
            return self
                .provinces
                .iter()
                .position(|p| p.name.eq_ignore_ascii_case(name))
                .map(|i| i as StateId);
        }
        let name_of = |id: StateId| self.provinces.get(usize::from(id)).map(|p| p.name.as_str());
        let at = self
            .index
            .partition_point(|&id| name_of(id).is_some_and(|n| cmp_folded(n, name).is_lt()));
        let id = *self.index.get(at)?;
        name_of(id)
            .is_some_and(|n| n.eq_ignore_ascii_case(name))
            .then_some(id)
    }

    /// The name of a state.
    pub fn name(&self, id: StateId) -> &str {
        self.provinces
            .get(usize::from(id))
            .map_or("?", |p| p.name.as_str())
    }

    /// A state's data.
    pub fn province(&self, id: StateId) -> Option<&Province> {
        self.provinces.get(usize::from(id))
    }

    /// How `a` and `b` touch, if they do.
    pub fn link(&self, a: StateId, b: StateId) -> Option<Link> {
        self.province(a)?
            .neighbours
            .iter()
            .find(|&&(n, _)| n == b)
            .map(|&(_, l)| l)
    }

    /// Whether `a` and `b` are neighbours.
    pub fn adjacent(&self, a: StateId, b: StateId) -> bool {
        self.link(a, b).is_some()
    }

    /// Whether the listed states form one connected territory (true for an empty list).
    pub fn connected(&self, states: &[StateId]) -> bool {
        let Some(&first) = states.first() else {
            return true;
        };
        let mut inside = vec![false; self.len()];
        for &s in states {
            if let Some(slot) = inside.get_mut(usize::from(s)) {
                *slot = true;
            }
        }
        let mut seen = vec![false; self.len()];
        let mut stack = vec![first];
        seen[usize::from(first)] = true;
        let mut count = 0;
        while let Some(s) = stack.pop() {
            count += 1;
            for &(n, _) in &self.provinces[usize::from(s)].neighbours {
                let n_ix = usize::from(n);
                if inside[n_ix] && !seen[n_ix] {
                    seen[n_ix] = true;
                    stack.push(n);
                }
            }
        }
        let distinct = inside.iter().filter(|&&b| b).count();
        count == distinct
    }

    /// The KINGDOM-type states, the capital included.
    pub fn kingdom_states(&self) -> impl Iterator<Item = StateId> + '_ {
        self.provinces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.kingdom)
            .map(|(i, _)| i as StateId)
    }
}

/// What [`Map::standard`] gives if the default map's file were unreadable (a build defect).
static EMPTY_MAP: Map = Map {
    name: String::new(),
    capital: 0,
    provinces: Vec::new(),
    index: Vec::new(),
};

impl Default for Map {
    fn default() -> Self {
        Map::clone(STANDARD_MAP.as_ref().unwrap_or(&EMPTY_MAP))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map() -> Map {
        Map::new(&MapSpec::standard()).expect("the default map is valid")
    }

    #[test]
    fn default_map_has_seventy_states_and_nine_kingdoms() {
        let m = map();
        assert_eq!(m.len(), 70);
        let kingdoms: Vec<&str> = m.kingdom_states().map(|k| m.name(k)).collect();
        assert_eq!(kingdoms.len(), 9);
        for k in [
            "Zhou", "Qi", "Zhao", "Jin", "Song", "Wu", "Chu", "Shu", "Qin",
        ] {
            assert!(kingdoms.contains(&k), "{k}");
            let id = m.find(k).unwrap();
            assert!(m.province(id).unwrap().neighbours.len() > 4, "{k}");
        }
        assert_eq!(m.name(m.capital), "Zhou");
        for named in [
            "Tang", "Sui", "Lai", "Cheng", "Liao", "Dun", "Zheng", "Chen",
        ] {
            assert!(m.find(named).is_some(), "{named}");
        }
    }

    #[test]
    fn names_are_found_by_the_index_as_a_linear_search_finds_them() {
        let m = map();
        for (id, p) in m.provinces.iter().enumerate() {
            let upper = format!("  {} ", p.name.to_uppercase());
            assert_eq!(m.find(&upper), Some(id as StateId), "{}", p.name);
            assert_eq!(m.find(&p.name.to_lowercase()), Some(id as StateId));
        }
        for missing in ["", "Zho", "Zhouu", "Tang Sui", "~", "\u{0}"] {
            assert_eq!(m.find(missing), None, "{missing}");
        }
        // A map read from JSON (a state's) that names two states alike finds the first, as
        // the linear search did; the index is rebuilt on reading.
        let mut json = serde_json::to_value(&m).unwrap();
        assert!(json.get("index").is_none(), "the index is not written");
        json["provinces"][5]["name"] = json["provinces"][3]["name"].clone();
        let read: Map = serde_json::from_value(json).unwrap();
        assert_eq!(read.find(&m.provinces[3].name), Some(3));
        assert_eq!(read.find(&m.provinces[5].name), None);
        assert_eq!(Map::clone(&Map::standard()), m);
        assert!(Map::is_standard(&Map::standard()));
        assert!(!Map::is_standard(&std::sync::Arc::new(read)));
    }

    #[test]
    fn default_map_makes_the_seed_examples_true() {
        let m = map();
        let id = |n: &str| m.find(n).unwrap();
        assert_eq!(m.link(id("Zheng"), id("Dun")), Some(Link::Crossing));
        assert_eq!(m.link(id("Chen"), id("Dun")), Some(Link::Land));
        assert!(m.province(id("Dun")).unwrap().river);
        assert!(m.adjacent(id("Sui"), id("Tang")));
        assert!(!m.province(id("Lai")).unwrap().river);
        // The river splits the map: without the crossings the banks fall apart.
        let north: Vec<StateId> = (0..70)
            .filter(|&s| m.province(s).unwrap().side == Bank::North)
            .collect();
        assert!(!north.is_empty() && north.len() < 70);
        assert!(m.connected(&north));
    }

    #[test]
    fn maps_are_validated() {
        let mut spec = MapSpec::standard();
        spec.states[1].name = spec.states[0].name.to_uppercase();
        assert!(
            matches!(Map::new(&spec), Err(WarringStatesError::Map(m)) if m.contains("used twice"))
        );

        let mut spec = MapSpec::standard();
        let last = spec.states.len() - 1;
        let lonely = spec.states[last].name.clone();
        spec.borders.retain(|[a, b]| *a != lonely && *b != lonely);
        spec.crossings.retain(|[a, b]| *a != lonely && *b != lonely);
        assert!(
            matches!(Map::new(&spec), Err(WarringStatesError::Map(m)) if m.contains("not connected"))
        );

        let mut spec = MapSpec::standard();
        let [a, b] = spec.borders[0].clone();
        spec.borders.push([b, a]);
        assert!(matches!(Map::new(&spec), Err(WarringStatesError::Map(m)) if m.contains("twice")));

        let mut spec = MapSpec::standard();
        spec.borders.push(["Zheng".into(), "Song".into()]);
        assert!(
            matches!(Map::new(&spec), Err(WarringStatesError::Map(m)) if m.contains("opposite banks"))
        );

        let mut spec = MapSpec::standard();
        spec.crossings.push(["Lai".into(), "Song".into()]);
        assert!(
            matches!(Map::new(&spec), Err(WarringStatesError::Map(m)) if m.contains("river-adjacent"))
        );

        let mut spec = MapSpec::standard();
        spec.capital = "Lai".into();
        assert!(Map::new(&spec).is_err());

        assert!(MapSpec::from_json("{").is_err());
        let text = serde_json::to_string(&MapSpec::standard()).unwrap();
        assert_eq!(MapSpec::from_json(&text).unwrap(), map());
    }
}
