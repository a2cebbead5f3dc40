//! The army building rules: points, factions, Titles, the Strategist, the Commander, Ambush,
//! the Event and the deck.

use super::{ArmyProblem, ArmySpec};
use crate::cards::{CardSet, CardType, Faction, TitleClass, Trait};
use crate::config::{PoliticsRule, Rules};

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
// Long function: one check per army-building rule, in the rules' order, each naming its violation:
// the list reads as the rules do.
#[allow(clippy::too_many_lines)]
pub fn validate_army(army: &ArmySpec, cards: &CardSet, rules: &Rules) -> Vec<ArmyProblem> {
    let mut problems = Vec::new();
    // The name is printed in every view and post: it is checked as a player's name is (not
    // empty, at most 80 characters, no line break or escape that could forge a line).
    if pbp_core::engine::names::check_name(0, &army.name).is_err() {
        problems.push(ArmyProblem::BadName);
    }
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
    // Law raises the points "used for selecting your Generals' Titles": Titles on anyone else
    // are paid from the 10 points alone.
    let mut not_generals_titles = 0;
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
        // The Lord is in the army, but holds no Title (D13): its class never fits.
        let Some(bearer) = cards
            .get(&grant.on)
            .filter(|_| in_army(&grant.on) || grant.on == army.lord)
        else {
            problems.push(ArmyProblem::TitleBearerMissing {
                title: grant.title.clone(),
                on: grant.on.clone(),
            });
            continue;
        };
        if bearer.card_type != CardType::General {
            not_generals_titles += u32::from(t.cost);
        }
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
    if law > 0 && not_generals_titles > u32::from(rules.title_points) {
        problems.push(ArmyProblem::AdviserTitlePoints {
            total: not_generals_titles,
            limit: u32::from(rules.title_points),
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
