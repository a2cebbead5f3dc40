//! The 52 cards as data: the printed ones exactly as the seed prints them, the blank slots
//! reconstructed from the evident pattern and marked as such.

mod printed;
mod reconstructed;

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::clan::{Clan, Element, Strategy};
use printed::PRINTED;
use reconstructed::reconstructed;

/// A card's number, 1 to 52, as printed ("Card 21/52").
pub type CardNo = u8;

/// What a card does, as structured rules data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardKind {
    /// Cards 1-32: a strategy effect, the clan's `+1k0`, and "+2 to your highest die" when neither
    /// keyword applies.
    Strategy {
        /// The strategy keyword.
        strategy: Strategy,
        /// The clan keyword.
        clan: Clan,
    },
    /// Cards 33-40: `+1k0` on casting, `+2k0` for the two clans of its element.
    Spell {
        /// The clans that gain `+2k0`.
        clans: [Clan; 2],
    },
    /// Cards 41-47: the Blessings of the Seven Fortunes.
    Blessing {
        /// Whether it gives `+1k0` to anyone who plays it (three of the five printed ones do).
        plus_one_k0: bool,
        /// The clans that may play another card or draw another card at the end of the battle.
        clans: Vec<Clan>,
    },
    /// Cards 48-52: `+0k1`, and further cards of the Ring's element (or, for Void, discards).
    Ring,
}

/// One card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    /// Its number, 1 to 52.
    pub number: CardNo,
    /// Its name.
    pub name: String,
    /// Its element.
    pub element: Element,
    /// Its rules.
    pub kind: CardKind,
    /// Its effect text (the printed text for printed cards).
    pub text: String,
    /// True for the blank slots of the seed, reconstructed from the pattern of the printed cards.
    pub reconstructed: bool,
}

impl Card {
    /// The strategy keyword of a strategy card.
    pub fn strategy(&self) -> Option<Strategy> {
        match self.kind {
            CardKind::Strategy { strategy, .. } => Some(strategy),
            _ => None,
        }
    }

    /// Whether the card is a Spell.
    pub fn is_spell(&self) -> bool {
        matches!(self.kind, CardKind::Spell { .. })
    }
}

/// The clans in the order of the card rows: Crab, Crane, Dragon, Lion, Mantis, Phoenix, Scorpion,
/// Unicorn.
const ROW_ORDER: [Clan; 8] = Clan::ALL;

/// The printed name, element and text of card `number`, if the seed prints it.
fn printed(number: CardNo) -> Option<(&'static str, &'static str, &'static str)> {
    PRINTED
        .iter()
        .find(|(n, ..)| *n == number)
        .map(|(_, name, element, text)| (*name, *element, *text))
}

/// The rules of card `number`, from its place in the deck.
fn kind_of(number: CardNo) -> CardKind {
    match number {
        1..=32 => {
            let index = usize::from(number - 1);
            let clan = ROW_ORDER[index % 8];
            CardKind::Strategy {
                strategy: clan.strategies()[index / 8],
                clan,
            }
        }
        33..=40 => {
            let clans = match spell_element(number) {
                Element::Earth => [Clan::Crab, Clan::Dragon],
                Element::Air => [Clan::Crane, Clan::Scorpion],
                Element::Fire => [Clan::Mantis, Clan::Phoenix],
                _ => [Clan::Lion, Clan::Unicorn],
            };
            CardKind::Spell { clans }
        }
        41..=47 => {
            // Alphabetical Fortunes: Benten, Bishamon, Daikoku, Ebisu, Fukurokujin, Hotei, Jurojin.
            let (plus_one_k0, clans) = match number {
                41 => (true, vec![Clan::Crane]),
                // Bishamon, the Fortune of Strength, has his great temple in Lion lands.
                42 => (true, vec![Clan::Lion]),
                43 => (false, vec![Clan::Mantis]),
                44 => (true, vec![Clan::Unicorn]),
                45 => (false, vec![Clan::Dragon, Clan::Phoenix]),
                // Hotei then serves the one clan no other Blessing serves.
                46 => (true, vec![Clan::Crab]),
                _ => (true, vec![Clan::Scorpion]),
            };
            CardKind::Blessing { plus_one_k0, clans }
        }
        _ => CardKind::Ring,
    }
}

/// The element of Spell card `number`.
fn spell_element(number: CardNo) -> Element {
    match number {
        33 | 36 => Element::Earth,
        34 | 35 => Element::Air,
        37 | 38 => Element::Fire,
        _ => Element::Water,
    }
}

/// The element of Ring card `number`.
fn ring_element(number: CardNo) -> Element {
    match number {
        48 => Element::Air,
        49 => Element::Earth,
        50 => Element::Fire,
        51 => Element::Water,
        _ => Element::Void,
    }
}

/// Card `number`, built from its place in the deck and the seed's print (once, for the table).
fn build(number: CardNo) -> Card {
    let kind = kind_of(number);
    if let Some((name, element, text)) = printed(number) {
        let element = Element::parse(element).unwrap_or(Element::Void);
        return Card {
            number,
            name: name.to_owned(),
            element,
            kind,
            text: text.to_owned(),
            reconstructed: false,
        };
    }
    let (name, element, text) = reconstructed(number, &kind);
    Card {
        number,
        name,
        element,
        kind,
        text,
        reconstructed: true,
    }
}

/// The 52 cards in number order, built on the first look-up and kept for the program's life, so
/// that a look-up allocates nothing.
fn table() -> &'static [Card] {
    static TABLE: OnceLock<Vec<Card>> = OnceLock::new();
    TABLE.get_or_init(|| (1..=52).map(build).collect())
}

/// Card `number` (1 to 52), or `None` outside that range. The cards are built once and shared:
/// a look-up allocates nothing.
pub fn card(number: CardNo) -> Option<&'static Card> {
    table().get(usize::from(number).checked_sub(1)?)
}

/// The whole deck in number order: all 52 cards, or only the printed ones.
pub fn deck(printed_only: bool) -> Vec<&'static Card> {
    table()
        .iter()
        .filter(|c| !printed_only || !c.reconstructed)
        .collect()
}

/// The ring's element for a Ring card (Void for the Ring of Void).
pub fn ring_of(card: &Card) -> Option<Element> {
    matches!(card.kind, CardKind::Ring).then(|| ring_element(card.number))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_seven_printed_and_fifteen_reconstructed() {
        let all = deck(false);
        assert_eq!(all.len(), 52);
        let blank: Vec<CardNo> = all
            .iter()
            .filter(|c| c.reconstructed)
            .map(|c| c.number)
            .collect();
        assert_eq!(
            blank,
            [7, 11, 13, 19, 26, 27, 30, 35, 37, 38, 39, 40, 42, 46, 51]
        );
        assert_eq!(deck(true).len(), 37);
        assert!(
            all.iter()
                .filter(|c| c.reconstructed)
                .all(|c| c.name.contains("(reconstructed)"))
        );
        assert!(card(0).is_none() && card(53).is_none());
    }

    #[test]
    fn every_look_up_shares_one_card() {
        for no in 1..=52 {
            let c = card(no).unwrap();
            assert_eq!(c.number, no);
            assert!(std::ptr::eq(c, card(no).unwrap()), "card {no}");
        }
        assert!(std::ptr::eq(deck(false)[20], card(21).unwrap()));
    }

    #[test]
    fn printed_cards_are_exactly_as_printed() {
        let c = card(21).unwrap();
        assert_eq!(c.name, "The Enterprising Fleet of the Yoritomo");
        assert_eq!(c.element, Element::Fire);
        assert!(c.text.contains("double the number of rolled dice"));
        assert!(
            card(22)
                .unwrap()
                .text
                .contains("If one of these cads is a Spell")
        );
        assert_eq!(
            card(43).unwrap().text,
            "If you are the Mantis Clan, play another card, -or- draw another card at the end of the battle."
        );
        assert_eq!(card(18).unwrap().name, "Honor of the Iron Warriors");
    }

    #[test]
    fn printed_strategy_cards_follow_the_pattern() {
        for c in deck(true) {
            if let CardKind::Strategy { strategy, clan } = c.kind {
                let name = if strategy == Strategy::Duelist {
                    "Duelist"
                } else {
                    strategy.name()
                };
                assert!(
                    c.text.contains(&format!("If you have the {name}")),
                    "card {}",
                    c.number
                );
                assert!(
                    c.text.contains(&format!("the {} Clan", clan.name())),
                    "card {}",
                    c.number
                );
                assert_eq!(c.element, clan.element(), "card {}", c.number);
            }
        }
    }

    #[test]
    fn reconstructed_cards_follow_the_pattern() {
        let strategy_of = |n| match card(n).unwrap().kind {
            CardKind::Strategy { strategy, clan } => (clan, strategy),
            _ => panic!("card {n}"),
        };
        assert_eq!(strategy_of(7), (Clan::Scorpion, Strategy::Cunning));
        assert_eq!(strategy_of(11), (Clan::Dragon, Strategy::Duelist));
        assert_eq!(strategy_of(13), (Clan::Mantis, Strategy::Magic));
        assert_eq!(strategy_of(19), (Clan::Dragon, Strategy::Intrigue));
        assert_eq!(strategy_of(26), (Clan::Crane, Strategy::Intrigue));
        assert_eq!(strategy_of(27), (Clan::Dragon, Strategy::Spiritual));
        assert_eq!(strategy_of(30), (Clan::Phoenix, Strategy::Spiritual));
        assert_eq!(card(7).unwrap().element, Element::Air);
        for (n, element, clans) in [
            (35, Element::Air, [Clan::Crane, Clan::Scorpion]),
            (37, Element::Fire, [Clan::Mantis, Clan::Phoenix]),
            (38, Element::Fire, [Clan::Mantis, Clan::Phoenix]),
            (39, Element::Water, [Clan::Lion, Clan::Unicorn]),
            (40, Element::Water, [Clan::Lion, Clan::Unicorn]),
            (33, Element::Earth, [Clan::Crab, Clan::Dragon]),
            (34, Element::Air, [Clan::Crane, Clan::Scorpion]),
        ] {
            let c = card(n).unwrap();
            assert_eq!(c.element, element);
            assert_eq!(c.kind, CardKind::Spell { clans });
        }
        assert_eq!(
            card(42).unwrap().kind,
            CardKind::Blessing {
                plus_one_k0: true,
                clans: vec![Clan::Lion]
            }
        );
        assert_eq!(
            card(46).unwrap().kind,
            CardKind::Blessing {
                plus_one_k0: true,
                clans: vec![Clan::Crab]
            }
        );
        assert_eq!(
            card(43).unwrap().kind,
            CardKind::Blessing {
                plus_one_k0: false,
                clans: vec![Clan::Mantis]
            }
        );
        assert_eq!(ring_of(card(51).unwrap()), Some(Element::Water));
        assert_eq!(card(51).unwrap().name, "Ring of Water (reconstructed)");
        assert_eq!(ring_of(card(52).unwrap()), Some(Element::Void));
        assert_eq!(ring_of(card(1).unwrap()), None);
    }
}
