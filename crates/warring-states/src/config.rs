//! The config: the colours and schools players choose, the rules' numbers and the setup.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::map::MapSpec;

/// The twelve colours a player may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)] // The variants are the colours' own names.
pub enum Colour {
    Red,
    Yellow,
    Green,
    Cyan,
    Orange,
    Silver,
    Purple,
    White,
    Teal,
    Pink,
    Blue,
    Grey,
}

impl Colour {
    /// All twelve, in the seed's order.
    pub const ALL: [Colour; 12] = [
        Colour::Red,
        Colour::Yellow,
        Colour::Green,
        Colour::Cyan,
        Colour::Orange,
        Colour::Silver,
        Colour::Purple,
        Colour::White,
        Colour::Teal,
        Colour::Pink,
        Colour::Blue,
        Colour::Grey,
    ];

    /// The colour's name.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Yellow => "yellow",
            Colour::Green => "green",
            Colour::Cyan => "cyan",
            Colour::Orange => "orange",
            Colour::Silver => "silver",
            Colour::Purple => "purple",
            Colour::White => "white",
            Colour::Teal => "teal",
            Colour::Pink => "pink",
            Colour::Blue => "blue",
            Colour::Grey => "grey",
        }
    }

    /// The colour's name as a title: "Yellow".
    pub fn label(self) -> &'static str {
        match self {
            Colour::Red => "Red",
            Colour::Yellow => "Yellow",
            Colour::Green => "Green",
            Colour::Cyan => "Cyan",
            Colour::Orange => "Orange",
            Colour::Silver => "Silver",
            Colour::Purple => "Purple",
            Colour::White => "White",
            Colour::Teal => "Teal",
            Colour::Pink => "Pink",
            Colour::Blue => "Blue",
            Colour::Grey => "Grey",
        }
    }

    /// Reads a colour's name (case-insensitive; `gray` too).
    pub fn parse(text: &str) -> Option<Colour> {
        let t = text.trim().to_ascii_lowercase();
        if t == "gray" {
            return Some(Colour::Grey);
        }
        Colour::ALL.into_iter().find(|c| c.name() == t)
    }
}

/// A school of thought, chosen once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum School {
    /// +2 starting generals and cap; +5 rice from each KINGDOM-type state after the first.
    Legalist,
    /// Pillages 1 rice less.
    Taoist,
    /// Investing and recruiting cost 4 instead of 5.
    Confucian,
    /// +3 when defending with at least 1 rice; devastated states regrow 1 each turn.
    Mohist,
    /// +1 general a turn after the first; +2 cap; generals always have a trait.
    Militarist,
}

impl School {
    /// All five.
    pub const ALL: [School; 5] = [
        School::Legalist,
        School::Taoist,
        School::Confucian,
        School::Mohist,
        School::Militarist,
    ];

    /// The school's name.
    pub fn name(self) -> &'static str {
        match self {
            School::Legalist => "legalist",
            School::Taoist => "taoist",
            School::Confucian => "confucian",
            School::Mohist => "mohist",
            School::Militarist => "militarist",
        }
    }

    /// Reads a school's name (case-insensitive; `military` too).
    pub fn parse(text: &str) -> Option<School> {
        let t = text.trim().to_ascii_lowercase();
        if t == "military" {
            return Some(School::Militarist);
        }
        School::ALL.into_iter().find(|s| s.name() == t)
    }
}

/// How pillage rounds half of an odd output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rounding {
    /// The pillaged half is rounded up: 15 loses 8 and keeps 7 (so 1 can fall to 0).
    #[default]
    Up,
    /// The pillaged half is rounded down: 15 loses 7 and keeps 8.
    Down,
}

/// One player of the starting table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    /// The player's name.
    pub name: String,
    /// The starting state, by name (not the capital).
    pub state: String,
    /// The colour.
    pub colour: Colour,
    /// The school.
    pub school: School,
}

/// The numbers of the rules; `Default` is the seed's reading (see docs/rules/warring-states.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Rice each player starts with (10).
    pub starting_rice: u32,
    /// Extra rice per turn for a late joiner: `starting_rice + join_bonus * turn - join_bonus` (2).
    pub join_bonus: u32,
    /// Output of every state at the start (10).
    pub starting_output: u8,
    /// The most a state can yield (30).
    pub max_output: u8,
    /// Rice per +1 output before discounts (5; the seed says 4 once, and computes with 5).
    pub invest_base: u32,
    /// Rice to recruit a general before the Confucian discount (5).
    pub recruit_cost: u32,
    /// Most generals recruited in one turn (5).
    pub max_recruits: u32,
    /// General cap before bonuses (5).
    pub general_cap: u32,
    /// Defence of an independent state (10).
    pub independent_defence: u32,
    /// Defence of the independent capital (20).
    pub capital_defence: u32,
    /// Defence bonus against attacks across the river (5).
    pub river_bonus: u32,
    /// The Mohist defence bonus (3).
    pub mohist_bonus: u32,
    /// Rice per turn for a Kingdom (5).
    pub kingdom_bonus: u32,
    /// Legalist rice per KINGDOM-type state after the first (5).
    pub legalist_bonus: u32,
    /// States adjacent to the KINGDOM-type state needed to declare a Kingdom (4).
    pub kingdom_neighbours: u32,
    /// Other KINGDOM-type states needed with the capital for the Imperial victory (6).
    pub imperial_kingdoms: u32,
    /// The last turn in which players may join or rejoin (4: no joining once turn 5 begins).
    pub last_join_turn: u32,
    /// The game ends without a winner after this many turns (the seed has no limit; 100).
    pub turn_limit: u32,
    /// How pillage rounds.
    pub pillage_rounding: Rounding,
    /// A cap on one general's bonus (skill plus trait). `None` (the default) follows the
    /// mechanics, up to 3 + 2 = 5; `Some(3)` reads the seed's "up to +3 per General" literally.
    pub general_bonus_cap: Option<u32>,
    /// Whether an undefended player state is taken without a battle even where the river would
    /// give it a bonus (true: the seed's "walk in"); false makes the river bonus defend alone.
    pub river_defends_empty: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            starting_rice: 10,
            join_bonus: 2,
            starting_output: 10,
            max_output: 30,
            invest_base: 5,
            recruit_cost: 5,
            max_recruits: 5,
            general_cap: 5,
            independent_defence: 10,
            capital_defence: 20,
            river_bonus: 5,
            mohist_bonus: 3,
            kingdom_bonus: 5,
            legalist_bonus: 5,
            kingdom_neighbours: 4,
            imperial_kingdoms: 6,
            last_join_turn: 4,
            turn_limit: 100,
            pillage_rounding: Rounding::Up,
            general_bonus_cap: None,
            river_defends_empty: false,
        }
    }
}

/// The setup: the map, the starting players and the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WarringStatesConfig {
    /// The map (the default 70-state map, or a user's file). The default map is left out of
    /// the config's JSON (a config without `map` has the default map), so a save of a game on
    /// it does not carry the map file; a config that writes it out reads the same. Shared
    /// (`Arc`): a config is copied with every record and table, the map need not be.
    #[serde(skip_serializing_if = "MapSpec::is_shared_standard")]
    pub map: Arc<MapSpec>,
    /// The players at the start, seat 0 first (up to 12).
    pub players: Vec<PlayerSpec>,
    /// The rules' numbers and options.
    pub rules: Rules,
}

impl Default for WarringStatesConfig {
    /// The standard map with four players.
    fn default() -> Self {
        let p = |name: &str, state: &str, colour, school| PlayerSpec {
            name: name.into(),
            state: state.into(),
            colour,
            school,
        };
        WarringStatesConfig {
            map: MapSpec::shared_standard(),
            players: vec![
                p("Player 1", "Tang", Colour::Red, School::Legalist),
                p("Player 2", "Lai", Colour::Yellow, School::Confucian),
                p("Player 3", "Cheng", Colour::Green, School::Mohist),
                p("Player 4", "Liao", Colour::Cyan, School::Taoist),
            ],
            rules: Rules::default(),
        }
    }
}
