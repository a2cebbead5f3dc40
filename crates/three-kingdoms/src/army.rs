//! Armies: the characters fielded at the start, their Titles, the Strategist, the Commander, the
//! Ambush choices, the Event, and the deck; the building rules; the preconstructed armies.
//!
//! An army file is JSON: `{ "format": "pbp-three-kingdoms-armies", "version": 1, "armies": [...] }`
//! where each army is an [`ArmySpec`].

use serde::{Deserialize, Serialize};

use crate::cards::{CardSet, CardType, Faction, TitleClass, Trait};
use crate::error::ThreeKingdomsError;
use crate::rules::{PoliticsRule, Rules};

/// The `format` string of an army file.
pub const ARMY_FORMAT: &str = "pbp-three-kingdoms-armies";
/// The army file version this build reads.
pub const ARMY_FORMAT_VERSION: u32 = 1;

/// The preconstructed armies shipped with pbp, one per faction.
pub const STARTER_ARMIES: &str = include_str!("../data/starter-armies.json");

/// A Title given to a character of the army at the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TitleGrant {
    /// The Title card's id.
    pub title: String,
    /// The id of the character holding it.
    pub on: String,
}

/// Copies of one card in a deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckEntry {
    /// The card's id.
    pub card: String,
    /// How many copies.
    pub copies: u8,
}

/// An army and its deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmySpec {
    /// The army's name.
    pub name: String,
    /// The Lord's card id.
    pub lord: String,
    /// The Generals and Advisers fielded at the start (the Lord not included).
    pub characters: Vec<String>,
    /// Titles bought at the start.
    #[serde(default)]
    pub titles: Vec<TitleGrant>,
    /// The Strategist, an eligible Adviser of the army.
    #[serde(default)]
    pub strategist: Option<String>,
    /// The Commander, an eligible General of the army (none with a War Lord, who is Commander).
    #[serde(default)]
    pub commander: Option<String>,
    /// Generals of the army starting in Ambush.
    #[serde(default)]
    pub ambush: Vec<String>,
    /// Events played before the match (at most one).
    #[serde(default)]
    pub events: Vec<String>,
    /// The deck.
    pub deck: Vec<DeckEntry>,
}

/// How a seat's army is chosen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ArmyChoice {
    /// The preconstructed army of a faction.
    Preset(Faction),
    /// An army of one's own.
    Custom(Box<ArmySpec>),
}

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
                "titles: {title} is of the wrong class for {on} (military titles go to generals, political ones to advisers)"
            ),
            TitlePoints { total, limit } => write!(
                f,
                "titles cost {total} points; the limit is {limit} (10 plus each law adviser's cost)"
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

/// The cost a character counts for toward the army's points.
pub fn selection_cost(cards: &CardSet, rules: &Rules, lord: &str, character: &str) -> u32 {
    let Some(c) = cards.get(character) else {
        return 0;
    };
    let politics = cards
        .get(lord)
        .is_some_and(|l| l.has_trait(Trait::Politics));
    let mut cost = u32::from(c.cost);
    if politics
        && c.card_type == CardType::Adviser
        && rules.politics == PoliticsRule::SelectionDiscount
    {
        cost = cost.saturating_sub(1).max(1);
    }
    cost
}

/// Checks an army against the building rules; returns every violation (empty when legal).
pub fn validate_army(army: &ArmySpec, cards: &CardSet, rules: &Rules) -> Vec<ArmyProblem> {
    let mut problems = Vec::new();
    let unknown = |card: &str, place: &str| ArmyProblem::UnknownCard {
        card: card.to_owned(),
        place: place.to_owned(),
    };
    let lord = cards.get(&army.lord);
    let lord_faction = lord.and_then(|l| l.faction);
    match lord {
        None => problems.push(unknown(&army.lord, "lord")),
        Some(l) if l.card_type != CardType::Lord => problems.push(ArmyProblem::NotALord {
            card: army.lord.clone(),
        }),
        _ => {}
    }
    let war = lord.is_some_and(|l| l.has_trait(Trait::War) && l.card_type == CardType::Lord);
    let faction_ok = |f: Option<Faction>| match (rules.faction_lock, lord_faction, f) {
        (true, Some(lf), Some(cf)) => lf == cf,
        _ => true,
    };
    let mut seen: Vec<&str> = Vec::new();
    let mut total = lord.map_or(0, |l| u32::from(l.cost));
    for id in &army.characters {
        let Some(c) = cards.get(id) else {
            problems.push(unknown(id, "characters"));
            continue;
        };
        if !matches!(c.card_type, CardType::General | CardType::Adviser) {
            problems.push(ArmyProblem::NotACharacter { card: id.clone() });
            continue;
        }
        if seen.contains(&id.as_str()) || *id == army.lord {
            problems.push(ArmyProblem::DuplicateCharacter { card: id.clone() });
            continue;
        }
        seen.push(id);
        if !faction_ok(c.faction)
            && let Some(lf) = lord_faction
        {
            problems.push(ArmyProblem::WrongFaction {
                card: id.clone(),
                lord: lf,
            });
        }
        total += selection_cost(cards, rules, &army.lord, id);
    }
    let limit = u32::from(rules.character_points);
    if total > limit {
        problems.push(ArmyProblem::CharacterPoints { total, limit });
    }
    let in_army = |id: &str| seen.contains(&id);
    let law: u32 = seen
        .iter()
        .filter_map(|id| cards.get(id))
        .filter(|c| c.card_type == CardType::Adviser && c.has_trait(Trait::Law))
        .map(|c| u32::from(c.cost))
        .sum();
    let mut title_total = 0;
    for grant in &army.titles {
        let Some(t) = cards.get(&grant.title) else {
            problems.push(unknown(&grant.title, "titles"));
            continue;
        };
        if t.card_type != CardType::Title {
            problems.push(ArmyProblem::NotATitle {
                card: grant.title.clone(),
            });
            continue;
        }
        title_total += u32::from(t.cost);
        let Some(bearer) = cards.get(&grant.on).filter(|_| in_army(&grant.on)) else {
            problems.push(ArmyProblem::TitleBearerMissing {
                title: grant.title.clone(),
                on: grant.on.clone(),
            });
            continue;
        };
        if !title_fits(t.class, bearer.card_type, rules) {
            problems.push(ArmyProblem::TitleClass {
                title: grant.title.clone(),
                on: grant.on.clone(),
            });
        }
    }
    let title_limit = u32::from(rules.title_points) + law;
    if title_total > title_limit {
        problems.push(ArmyProblem::TitlePoints {
            total: title_total,
            limit: title_limit,
        });
    }
    if let Some(s) = &army.strategist {
        let ok = in_army(s)
            && cards.get(s).is_some_and(|c| {
                c.card_type == CardType::Adviser && c.strategist_ability.is_some()
            });
        if !ok {
            problems.push(ArmyProblem::BadStrategist { card: s.clone() });
        }
    }
    match (&army.commander, war) {
        (Some(c), true) => problems.push(ArmyProblem::CommanderWithWarLord { card: c.clone() }),
        (Some(c), false) => {
            let ok = in_army(c)
                && cards
                    .get(c)
                    .is_some_and(|g| g.card_type == CardType::General && g.commander);
            if !ok {
                problems.push(ArmyProblem::BadCommander { card: c.clone() });
            }
        }
        (None, false) if lord.is_some() => problems.push(ArmyProblem::NoCommander),
        _ => {}
    }
    let ambush_limit: u32 = seen
        .iter()
        .filter_map(|id| cards.get(id))
        .filter(|c| c.card_type == CardType::Adviser && c.has_trait(Trait::Ambush))
        .map(|c| u32::from(c.cost))
        .sum();
    let mut ambushers: Vec<&str> = Vec::new();
    for a in &army.ambush {
        let ok = in_army(a)
            && !ambushers.contains(&a.as_str())
            && cards
                .get(a)
                .is_some_and(|g| g.card_type == CardType::General);
        if !ok {
            problems.push(ArmyProblem::BadAmbush { card: a.clone() });
        } else {
            ambushers.push(a);
        }
    }
    if ambushers.len() as u32 > ambush_limit {
        problems.push(ArmyProblem::TooManyAmbush {
            chosen: ambushers.len() as u32,
            limit: ambush_limit,
        });
    }
    if army.events.len() > 1 {
        problems.push(ArmyProblem::TooManyEvents {
            count: army.events.len() as u32,
        });
    }
    for e in &army.events {
        match cards.get(e) {
            None => problems.push(unknown(e, "events")),
            Some(c) if c.card_type != CardType::Event => {
                problems.push(ArmyProblem::NotAnEvent { card: e.clone() })
            }
            Some(c) if !faction_ok(c.faction) => problems.push(ArmyProblem::WrongFaction {
                card: e.clone(),
                lord: lord_faction.unwrap_or(Faction::Wei),
            }),
            _ => {}
        }
    }
    let mut size = 0_u32;
    let mut counted: Vec<(&str, u32)> = Vec::new();
    for entry in &army.deck {
        size += u32::from(entry.copies);
        match counted.iter_mut().find(|(id, _)| *id == entry.card) {
            Some((_, n)) => *n += u32::from(entry.copies),
            None => counted.push((&entry.card, u32::from(entry.copies))),
        }
    }
    for (id, copies) in counted {
        match cards.get(id) {
            None => problems.push(unknown(id, "deck")),
            Some(c) => {
                if c.card_type == CardType::Event {
                    problems.push(ArmyProblem::EventInDeck { card: id.into() });
                }
                if !faction_ok(c.faction)
                    && let Some(lf) = lord_faction
                {
                    problems.push(ArmyProblem::WrongFaction {
                        card: id.into(),
                        lord: lf,
                    });
                }
            }
        }
        if copies > u32::from(rules.max_copies) {
            problems.push(ArmyProblem::TooManyCopies {
                card: id.into(),
                copies,
                max: u32::from(rules.max_copies),
            });
        }
    }
    let (min, max) = (u32::from(rules.deck_min), u32::from(rules.deck_max));
    if size < min || size > max {
        problems.push(ArmyProblem::DeckSize { size, min, max });
    }
    problems
}

/// Whether a Title of `class` may be held by a character of type `bearer`.
pub fn title_fits(class: Option<TitleClass>, bearer: CardType, rules: &Rules) -> bool {
    match (class, bearer) {
        (_, CardType::General | CardType::Adviser) if rules.cross_titles => true,
        (Some(TitleClass::Military), CardType::General) => true,
        (Some(TitleClass::Political), CardType::Adviser) => true,
        _ => false,
    }
}

/// Reads an army file.
///
/// # Errors
/// [`ThreeKingdomsError::ArmyFile`] for a file that is not an army file of this version.
pub fn armies_from_json(text: &str) -> Result<Vec<ArmySpec>, ThreeKingdomsError> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct File {
        format: String,
        version: u32,
        armies: Vec<ArmySpec>,
    }
    let file: File =
        serde_json::from_str(text).map_err(|e| ThreeKingdomsError::ArmyFile(e.to_string()))?;
    if file.format != ARMY_FORMAT {
        return Err(ThreeKingdomsError::ArmyFile(format!(
            "field format must be \"{ARMY_FORMAT}\""
        )));
    }
    if file.version != ARMY_FORMAT_VERSION {
        return Err(ThreeKingdomsError::ArmyFile(format!(
            "version {} is not supported: this build reads version {ARMY_FORMAT_VERSION}",
            file.version
        )));
    }
    Ok(file.armies)
}

/// Checks every army of an army file against the starter pool plus the cards of an optional
/// card file: each army's name with its problems (an empty list for a legal army).
///
/// ```
/// use pbp_three_kingdoms::{Rules, STARTER_ARMIES, validate_army_file};
/// let report = validate_army_file(STARTER_ARMIES, None, &Rules::default())?;
/// assert!(report.iter().all(|(_, problems)| problems.is_empty()));
/// # Ok::<(), pbp_three_kingdoms::ThreeKingdomsError>(())
/// ```
///
/// # Errors
/// A file that is not an army file, or a card file that does not load.
pub fn validate_army_file(
    armies: &str,
    cards: Option<&str>,
    rules: &Rules,
) -> Result<Vec<(String, Vec<ArmyProblem>)>, ThreeKingdomsError> {
    let mut set = CardSet::starter();
    if let Some(text) = cards {
        set.extend(&CardSet::from_json(text)?)?;
    }
    Ok(armies_from_json(armies)?
        .iter()
        .map(|a| (a.name.clone(), validate_army(a, &set, rules)))
        .collect())
}

/// The preconstructed army of a faction.
pub fn preset(faction: Faction) -> Option<ArmySpec> {
    let cards = CardSet::starter();
    armies_from_json(STARTER_ARMIES)
        .ok()?
        .into_iter()
        .find(|a| {
            cards
                .get(&a.lord)
                .is_some_and(|l| l.faction == Some(faction))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_army_file_is_checked_army_by_army() {
        let mut armies = armies_from_json(STARTER_ARMIES).unwrap();
        armies[1].characters.push("lu-bu".into());
        let text = serde_json::json!({
            "format": ARMY_FORMAT,
            "version": ARMY_FORMAT_VERSION,
            "armies": armies,
        })
        .to_string();
        let report = validate_army_file(&text, None, &Rules::default()).unwrap();
        assert!(report[0].1.is_empty());
        let problems: Vec<String> = report[1].1.iter().map(|p| p.to_string()).collect();
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems.iter().any(|p| p.contains("faction")));
        assert!(problems.iter().any(|p| p.contains("points")));
        assert!(validate_army_file("{}", None, &Rules::default()).is_err());
    }

    #[test]
    fn every_preset_is_legal() {
        let cards = CardSet::starter();
        let rules = Rules::default();
        let armies = armies_from_json(STARTER_ARMIES).unwrap();
        assert!(armies.len() >= 5);
        for faction in Faction::ALL {
            let army = preset(faction).unwrap();
            assert_eq!(
                validate_army(&army, &cards, &rules),
                vec![],
                "{}",
                army.name
            );
        }
        for army in armies {
            assert_eq!(
                validate_army(&army, &cards, &rules),
                vec![],
                "{}",
                army.name
            );
        }
    }
}
