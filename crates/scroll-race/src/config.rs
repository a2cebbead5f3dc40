//! The config and the house rules: the field, the two rosters and their talents, the turn order,
//! how range is counted, and the readings where the seed is silent or unclear.

use serde::{Deserialize, Serialize};

use crate::field::Field;
use crate::technique::Technique;

/// A talent: a technique at a rank (1 minor, 2 major, 3 optimal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Talent {
    /// The technique.
    pub technique: Technique,
    /// 1, 2 or 3.
    pub rank: u8,
}

/// A player's character in the config.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CharacterConfig {
    /// The name (letters, digits, `-`, `_`, `'`; unique in the game).
    pub name: String,
    /// Three distinct talents; `None` draws them at random like a computer-played character's.
    #[serde(default)]
    pub talents: Option<Vec<Talent>>,
}

/// In which order characters take their turns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TurnOrder {
    /// A team's turn is each of its five characters in order, then the other team's (default).
    #[default]
    TeamByTeam,
    /// Characters of the two teams alternate, starting team first.
    Alternate,
}

/// How "N squares of range" is counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Metric {
    /// Orthogonal steps (default).
    #[default]
    Manhattan,
    /// King steps (diagonals count as one).
    Chebyshev,
}

/// Which enemy techniques a Genjutsu can cancel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GenjutsuScope {
    /// Every technique done in the open, Sprint included (default: the seed calls Sprint a
    /// technique). The secret ones (Pass, Genjutsu, Fuinjutsu) never wake a Genjutsu, whatever
    /// the scope: its team would learn of them.
    #[default]
    AllTechniques,
    /// Only talents: Sprint is never cancelled either.
    TalentsOnly,
}

/// How Suiton's ranks 2 and 3 read (the seed repeats Fuinjutsu's text there).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SuitonReading {
    /// As written: a visible trap that ends the turn of the next person on it, two squares of
    /// range; rank 3's trap stays after it is sprung (default).
    #[default]
    AsWritten,
    /// As a flood like rank 1, with two squares of range; rank 3's flood stays after use.
    Flood,
}

/// The game's setup and house rules. `Default` is the seed's game on the standard field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ScrollRaceConfig {
    /// The two teams' names.
    pub team_names: [String; 2],
    /// The players' characters of each team (at most five); missing ones are computer-played
    /// characters with random talents.
    pub characters: [Vec<CharacterConfig>; 2],
    /// The field.
    pub field: Field,
    /// Carriers named in advance (skipping the secret choice at the start).
    pub carriers: [Option<String>; 2],
    /// The order of turns.
    pub order: TurnOrder,
    /// The rank at which everyone uses Sprint and Pass ("Aucun talent : Rang 3").
    pub free_rank: u8,
    /// Uses per game of Sprint and Pass; `None` is unlimited (default).
    pub free_uses: Option<u8>,
    /// How ranges are counted.
    pub metric: Metric,
    /// Squares of range of Katon and Raiton (the seed gives none), with a clear line of sight.
    pub ranged_reach: u8,
    /// Whether melee strikes may hit diagonally (pushing diagonally).
    pub diagonal_strikes: bool,
    /// What Genjutsu can cancel.
    pub genjutsu_scope: GenjutsuScope,
    /// How Suiton's ranks 2 and 3 read.
    pub suiton: SuitonReading,
    /// Rounds after which the organizer calls the game a draw; `None` plays on until a ruling.
    pub round_limit: Option<u32>,
}

impl Default for ScrollRaceConfig {
    fn default() -> Self {
        ScrollRaceConfig {
            team_names: ["Red".to_owned(), "Blue".to_owned()],
            characters: [Vec::new(), Vec::new()],
            field: Field::standard(),
            carriers: [None, None],
            order: TurnOrder::TeamByTeam,
            free_rank: 3,
            free_uses: None,
            metric: Metric::Manhattan,
            ranged_reach: 2,
            diagonal_strikes: false,
            genjutsu_scope: GenjutsuScope::AllTechniques,
            suiton: SuitonReading::AsWritten,
            round_limit: Some(40),
        }
    }
}
