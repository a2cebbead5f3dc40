//! Each violation of the army building rules, and the words that explain it.

use serde::{Deserialize, Serialize};

use crate::cards::Faction;

/// One violation of the army building rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "problem")]
#[non_exhaustive]
pub enum ArmyProblem {
    /// A card id that is not in the card pool.
    UnknownCard {
        /// The id.
        card: String,
        /// Where it was named.
        place: String,
    },
    /// The army's name is empty, too long, or holds a control or invisible character.
    BadName,
    /// The Lord named is not a Lord card.
    NotALord {
        /// The id.
        card: String,
    },
    /// A starting character that is not a General or an Adviser.
    NotACharacter {
        /// The id.
        card: String,
    },
    /// A character fielded twice.
    DuplicateCharacter {
        /// The id.
        card: String,
    },
    /// A card of another faction than the Lord's.
    WrongFaction {
        /// The id.
        card: String,
        /// The Lord's faction.
        lord: Faction,
    },
    /// The characters cost too much.
    CharacterPoints {
        /// Their total.
        total: u32,
        /// The limit.
        limit: u32,
    },
    /// A Title grant names a card that is not a Title.
    NotATitle {
        /// The id.
        card: String,
    },
    /// A Title is given to a character not in the army.
    TitleBearerMissing {
        /// The Title.
        title: String,
        /// The named bearer.
        on: String,
    },
    /// A Title of the wrong class for its bearer.
    TitleClass {
        /// The Title.
        title: String,
        /// The bearer.
        on: String,
    },
    /// The Titles cost too much.
    TitlePoints {
        /// Their total.
        total: u32,
        /// The limit (10 plus the Law Advisers' costs).
        limit: u32,
    },
    /// The Titles borne by Advisers cost more than the points Law does not raise: Law adds
    /// points for Generals' Titles only.
    AdviserTitlePoints {
        /// The Advisers' Titles' total.
        total: u32,
        /// The limit (the 10 points, without Law).
        limit: u32,
    },
    /// The Strategist is not an Adviser of the army eligible as Strategist.
    BadStrategist {
        /// The id.
        card: String,
    },
    /// The Commander is not a General of the army eligible as Commander.
    BadCommander {
        /// The id.
        card: String,
    },
    /// A Commander is named although the War Lord is always the Commander.
    CommanderWithWarLord {
        /// The named General.
        card: String,
    },
    /// A Politics Lord's army names no Commander.
    NoCommander,
    /// An Ambush choice that is not a General of the army.
    BadAmbush {
        /// The id.
        card: String,
    },
    /// More Ambush Generals than the Ambush Advisers allow.
    TooManyAmbush {
        /// Generals chosen.
        chosen: u32,
        /// The Ambush Advisers' total cost.
        limit: u32,
    },
    /// More than one Event.
    TooManyEvents {
        /// Events named.
        count: u32,
    },
    /// An Event slot naming a card that is not an Event.
    NotAnEvent {
        /// The id.
        card: String,
    },
    /// The deck is too small or too large.
    DeckSize {
        /// Cards in the deck.
        size: u32,
        /// Fewest allowed.
        min: u32,
        /// Most allowed.
        max: u32,
    },
    /// Too many copies of a card.
    TooManyCopies {
        /// The id.
        card: String,
        /// Copies.
        copies: u32,
        /// The limit.
        max: u32,
    },
    /// An Event in the deck (Events are played before the match only).
    EventInDeck {
        /// The id.
        card: String,
    },
}

impl std::fmt::Display for ArmyProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use ArmyProblem::*;
        match self {
            BadName => f.write_str(
                "name: an army's name is 1 to 80 characters, with no control or invisible characters",
            ),
            UnknownCard { card, place } => write!(f, "{place}: no card has the id {card}"),
            NotALord { card } => write!(f, "lord: {card} is not a lord"),
            NotACharacter { card } => {
                write!(f, "characters: {card} is not a general or an adviser")
            }
            DuplicateCharacter { card } => write!(f, "characters: {card} is fielded twice"),
            WrongFaction { card, lord } => {
                write!(f, "{card} is not of the lord's faction ({})", lord.name())
            }
            CharacterPoints { total, limit } => write!(
                f,
                "characters cost {total} points, the lord included; the limit is {limit}"
            ),
            NotATitle { card } => write!(f, "titles: {card} is not a title"),
            TitleBearerMissing { title, on } => {
                write!(
                    f,
                    "titles: {title} is given to {on}, who is not in the army"
                )
            }
            TitleClass { title, on } => write!(
                f,
                "titles: {title} is of the wrong class for {on} (military titles go to generals, political ones to advisers, none to the lord)"
            ),
            TitlePoints { total, limit } => write!(
                f,
                "titles cost {total} points; the limit is {limit} (10 plus each law adviser's cost)"
            ),
            AdviserTitlePoints { total, limit } => write!(
                f,
                "titles on advisers cost {total} points; the limit is {limit} (law adds points for generals' titles only)"
            ),
            BadStrategist { card } => write!(
                f,
                "strategist: {card} is not an adviser of the army with a strategist ability"
            ),
            BadCommander { card } => write!(
                f,
                "commander: {card} is not a general of the army eligible as commander"
            ),
            CommanderWithWarLord { card } => write!(
                f,
                "commander: {card} is named, but a war lord is always the commander and there is only one"
            ),
            NoCommander => write!(
                f,
                "commander: an army led by a politics lord needs an eligible general as commander"
            ),
            BadAmbush { card } => write!(f, "ambush: {card} is not a general of the army"),
            TooManyAmbush { chosen, limit } => write!(
                f,
                "ambush: {chosen} generals chosen, but the ambush advisers allow {limit}"
            ),
            TooManyEvents { count } => {
                write!(f, "events: {count} events named, only one may be played")
            }
            NotAnEvent { card } => write!(f, "events: {card} is not an event"),
            DeckSize { size, min, max } => {
                write!(f, "deck: {size} cards, a deck holds {min} to {max}")
            }
            TooManyCopies { card, copies, max } => {
                write!(f, "deck: {copies} copies of {card}, at most {max}")
            }
            EventInDeck { card } => write!(
                f,
                "deck: {card} is an event; events are played before the match, not from the deck"
            ),
        }
    }
}
