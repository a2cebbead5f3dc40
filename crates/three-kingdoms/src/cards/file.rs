//! The card file format: reading a card file (every card validated) into a [`CardSet`], and
//! writing one back.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::CardDef;
use super::validate::{card_err, validate_card};
use crate::error::ThreeKingdomsError;

/// The `format` string of a card file.
pub const CARD_FORMAT: &str = "pbp-three-kingdoms-cards";
/// The card file version this build reads and writes.
pub const CARD_FORMAT_VERSION: u32 = 1;

/// A card file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardFile {
    /// Always [`CARD_FORMAT`].
    pub format: String,
    /// The format version, [`CARD_FORMAT_VERSION`].
    pub version: u32,
    /// The set's name.
    pub set: String,
    /// The cards.
    pub cards: Vec<CardDef>,
}

/// A validated set of cards, by id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardSet {
    /// Each card is shared: a game's state holds the same definitions, not copies.
    cards: BTreeMap<String, Arc<CardDef>>,
}

impl CardSet {
    /// Reads and validates a card file.
    ///
    /// # Errors
    /// [`ThreeKingdomsError::CardFile`] for a file that is not a card file of this version, and
    /// [`ThreeKingdomsError::Card`] naming the card and field of the first invalid card.
    pub fn from_json(text: &str) -> Result<CardSet, ThreeKingdomsError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| ThreeKingdomsError::CardFile(e.to_string()))?;
        let obj = value
            .as_object()
            .ok_or_else(|| ThreeKingdomsError::CardFile("a card file is a JSON object".into()))?;
        match obj.get("format").and_then(|f| f.as_str()) {
            Some(CARD_FORMAT) => {}
            _ => {
                return Err(ThreeKingdomsError::CardFile(format!(
                    "field format must be \"{CARD_FORMAT}\""
                )));
            }
        }
        match obj.get("version").and_then(|v| v.as_u64()) {
            Some(v) if v == u64::from(CARD_FORMAT_VERSION) => {}
            Some(v) => {
                return Err(ThreeKingdomsError::CardFile(format!(
                    "version {v} is not supported: this build reads version {CARD_FORMAT_VERSION}"
                )));
            }
            None => {
                return Err(ThreeKingdomsError::CardFile(
                    "field version is missing".into(),
                ));
            }
        }
        for key in obj.keys() {
            if !matches!(key.as_str(), "format" | "version" | "set" | "cards") {
                return Err(ThreeKingdomsError::CardFile(format!("unknown field {key}")));
            }
        }
        let cards = obj
            .get("cards")
            .and_then(|c| c.as_array())
            .ok_or_else(|| ThreeKingdomsError::CardFile("field cards must be a list".into()))?;
        let mut set = CardSet::default();
        for (i, raw) in cards.iter().enumerate() {
            let label = raw
                .get("id")
                .and_then(|v| v.as_str())
                .map(|s| s.chars().take(40).collect::<String>())
                .unwrap_or_else(|| format!("#{}", i + 1));
            // Read from text, as a config's extra cards are, so that a build holds one reader
            // of cards, not a second one for `serde_json::Value`.
            let card: CardDef = serde_json::from_str(&raw.to_string())
                .map_err(|e| card_err(&label, "card", e.to_string()))?;
            set.insert(card)?;
        }
        Ok(set)
    }

    /// Adds a card after validating it.
    ///
    /// # Errors
    /// [`ThreeKingdomsError::Card`] naming the field at fault, or a duplicate id.
    pub fn insert(&mut self, card: CardDef) -> Result<(), ThreeKingdomsError> {
        validate_card(&card)?;
        if self.cards.contains_key(&card.id) {
            return Err(card_err(&card.id, "id", "the id is used twice"));
        }
        self.cards.insert(card.id.clone(), Arc::new(card));
        Ok(())
    }

    /// Adds every card of `other` (validated) to this set.
    ///
    /// # Errors
    /// A duplicate id.
    pub fn extend(&mut self, other: &CardSet) -> Result<(), ThreeKingdomsError> {
        for card in other.cards.values() {
            validate_card(card)?;
            if self.cards.contains_key(&card.id) {
                return Err(card_err(&card.id, "id", "the id is used twice"));
            }
            self.cards.insert(card.id.clone(), Arc::clone(card));
        }
        Ok(())
    }

    /// The card with this id.
    pub fn get(&self, id: &str) -> Option<&CardDef> {
        self.cards.get(id).map(|c| &**c)
    }

    /// The card with this id, shared.
    pub(crate) fn get_shared(&self, id: &str) -> Option<&Arc<CardDef>> {
        self.cards.get(id)
    }

    /// Every card, by id.
    pub fn iter(&self) -> impl Iterator<Item = &CardDef> {
        self.cards.values().map(|c| &**c)
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Writes the set as a card file.
    pub fn to_json(&self, set: &str) -> String {
        let file = CardFile {
            format: CARD_FORMAT.into(),
            version: CARD_FORMAT_VERSION,
            set: set.into(),
            cards: self.cards.values().map(|c| CardDef::clone(c)).collect(),
        };
        serde_json::to_string_pretty(&file).unwrap_or_default()
    }
}
