//! Clans, strategies and elements.

use serde::{Deserialize, Serialize};

/// One of the eight Great Clans.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Clan {
    /// The Crab.
    Crab,
    /// The Crane.
    Crane,
    /// The Dragon.
    Dragon,
    /// The Lion.
    Lion,
    /// The Mantis.
    Mantis,
    /// The Phoenix.
    Phoenix,
    /// The Scorpion.
    Scorpion,
    /// The Unicorn.
    Unicorn,
}

impl Clan {
    /// Every clan, in the seed's order.
    pub const ALL: [Clan; 8] = [
        Clan::Crab,
        Clan::Crane,
        Clan::Dragon,
        Clan::Lion,
        Clan::Mantis,
        Clan::Phoenix,
        Clan::Scorpion,
        Clan::Unicorn,
    ];

    /// The clan's name.
    pub fn name(self) -> &'static str {
        match self {
            Clan::Crab => "Crab",
            Clan::Crane => "Crane",
            Clan::Dragon => "Dragon",
            Clan::Lion => "Lion",
            Clan::Mantis => "Mantis",
            Clan::Phoenix => "Phoenix",
            Clan::Scorpion => "Scorpion",
            Clan::Unicorn => "Unicorn",
        }
    }

    /// Reads a clan's name, in any case.
    pub fn parse(text: &str) -> Option<Clan> {
        Clan::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(text.trim()))
    }

    /// The clan's four own strategies, in alphabetical order (the seed's strategy table).
    pub fn strategies(self) -> [Strategy; 4] {
        use Strategy::*;
        match self {
            Clan::Crab => [Cunning, Defensive, Tactical, Warfare],
            Clan::Crane => [Diplomatic, Duelist, Honor, Intrigue],
            Clan::Dragon => [Defensive, Duelist, Intrigue, Spiritual],
            Clan::Lion => [Honor, Spiritual, Tactical, Warfare],
            Clan::Mantis => [Intrigue, Magic, Mobility, Warfare],
            Clan::Phoenix => [Defensive, Diplomatic, Magic, Spiritual],
            Clan::Scorpion => [Cunning, Intrigue, Magic, Tactical],
            Clan::Unicorn => [Diplomatic, Honor, Mobility, Warfare],
        }
    }

    /// The element shared by the clan's cards.
    pub fn element(self) -> Element {
        match self {
            Clan::Crab | Clan::Dragon => Element::Earth,
            Clan::Crane | Clan::Scorpion => Element::Air,
            Clan::Mantis | Clan::Phoenix => Element::Fire,
            Clan::Lion | Clan::Unicorn => Element::Water,
        }
    }
}

impl std::fmt::Display for Clan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the eleven strategies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Strategy {
    /// Cunning.
    Cunning,
    /// Defensive.
    Defensive,
    /// Diplomatic.
    Diplomatic,
    /// Duelist (the seed's table also says "Dueling").
    Duelist,
    /// Honor.
    Honor,
    /// Intrigue.
    Intrigue,
    /// Magic.
    Magic,
    /// Mobility.
    Mobility,
    /// Spiritual.
    Spiritual,
    /// Tactical.
    Tactical,
    /// Warfare.
    Warfare,
}

impl Strategy {
    /// Every strategy, alphabetically.
    pub const ALL: [Strategy; 11] = [
        Strategy::Cunning,
        Strategy::Defensive,
        Strategy::Diplomatic,
        Strategy::Duelist,
        Strategy::Honor,
        Strategy::Intrigue,
        Strategy::Magic,
        Strategy::Mobility,
        Strategy::Spiritual,
        Strategy::Tactical,
        Strategy::Warfare,
    ];

    /// The strategy's name.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Cunning => "Cunning",
            Strategy::Defensive => "Defensive",
            Strategy::Diplomatic => "Diplomatic",
            Strategy::Duelist => "Duelist",
            Strategy::Honor => "Honor",
            Strategy::Intrigue => "Intrigue",
            Strategy::Magic => "Magic",
            Strategy::Mobility => "Mobility",
            Strategy::Spiritual => "Spiritual",
            Strategy::Tactical => "Tactical",
            Strategy::Warfare => "Warfare",
        }
    }

    /// Reads a strategy's name in any case ("Dueling" is read as Duelist, as the seed writes it).
    pub fn parse(text: &str) -> Option<Strategy> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("dueling") {
            return Some(Strategy::Duelist);
        }
        Strategy::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(text))
    }

    /// The clans for which this is a clan strategy.
    pub fn clans(self) -> Vec<Clan> {
        Clan::ALL
            .into_iter()
            .filter(|c| c.strategies().contains(&self))
            .collect()
    }
}

impl std::fmt::Display for Strategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The five elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Element {
    /// Air.
    Air,
    /// Earth.
    Earth,
    /// Fire.
    Fire,
    /// Water.
    Water,
    /// Void.
    Void,
}

impl Element {
    /// The element's name.
    pub fn name(self) -> &'static str {
        match self {
            Element::Air => "Air",
            Element::Earth => "Earth",
            Element::Fire => "Fire",
            Element::Water => "Water",
            Element::Void => "Void",
        }
    }

    /// Reads an element's name.
    pub fn parse(text: &str) -> Option<Element> {
        [
            Element::Air,
            Element::Earth,
            Element::Fire,
            Element::Water,
            Element::Void,
        ]
        .into_iter()
        .find(|e| e.name().eq_ignore_ascii_case(text.trim()))
    }

    /// The two clans whose cards carry this element (no clan's cards are Void).
    pub fn clans(self) -> Option<[Clan; 2]> {
        match self {
            Element::Earth => Some([Clan::Crab, Clan::Dragon]),
            Element::Air => Some([Clan::Crane, Clan::Scorpion]),
            Element::Fire => Some([Clan::Mantis, Clan::Phoenix]),
            Element::Water => Some([Clan::Lion, Clan::Unicorn]),
            Element::Void => None,
        }
    }
}
