//! The checks of one card against the card file format: ranges, the fields each card type needs
//! and allows, and the effects each may hold.

use super::{Ability, AbilityKind, CardDef, CardType, Duration, Effect, Target, Trait};
use crate::error::ThreeKingdomsError;
use pbp_core::engine::names::{MAX_NAME, is_unprintable};

pub(super) fn card_err(
    card: &str,
    field: &'static str,
    reason: impl Into<String>,
) -> ThreeKingdomsError {
    ThreeKingdomsError::Card {
        card: card.to_owned(),
        field,
        reason: reason.into(),
    }
}

fn check_duration(card: &str, field: &'static str, d: Duration) -> Result<(), ThreeKingdomsError> {
    if let Duration::Turns(n) = d
        && !(1..=9).contains(&n)
    {
        return Err(card_err(card, field, "a duration is 1 to 9 turns"));
    }
    Ok(())
}

fn check_effect(card: &str, field: &'static str, e: &Effect) -> Result<(), ThreeKingdomsError> {
    let bad = |reason: &str| Err(card_err(card, field, reason.to_owned()));
    match e {
        Effect::Strength { amount, .. } if *amount == 0 || amount.abs() > 5000 => {
            return bad("a strength change is -5000 to 5000 and not 0");
        }
        Effect::Damage { amount } if !(1..=5000).contains(amount) => {
            return bad("damage is 1 to 5000");
        }
        Effect::Draw { count, .. } | Effect::Discard { count, .. } if !(1..=3).contains(count) => {
            return bad("a draw or discard is 1 to 3 cards");
        }
        Effect::Resources { amount } if !(1..=5).contains(amount) => {
            return bad("resources gained are 1 to 5");
        }
        Effect::CostChange { amount, .. } if *amount == 0 || amount.abs() > 3 => {
            return bad("a cost change is -3 to 3 and not 0");
        }
        Effect::TacticImmunity { max_cost, .. } if !(1..=5).contains(max_cost) => {
            return bad("tactic immunity covers costs 1 to 5");
        }
        Effect::Grant { grant, .. } if !matches!(grant, Trait::Assault | Trait::Defend) => {
            return bad("only assault and defend can be granted");
        }
        _ => {}
    }
    if let Some(d) = e.duration() {
        check_duration(card, field, d)?;
    }
    Ok(())
}

fn check_effects(
    card: &str,
    field: &'static str,
    target: Target,
    effects: &[Effect],
    continuous: bool,
) -> Result<(), ThreeKingdomsError> {
    if effects.is_empty() {
        return Err(card_err(card, field, "at least one effect is needed"));
    }
    for e in effects {
        check_effect(card, field, e)?;
        if e.on_character() && target == Target::Player {
            return Err(card_err(
                card,
                field,
                "a character effect needs a character target, not player",
            ));
        }
        if continuous {
            if !e.is_continuous() {
                return Err(card_err(
                    card,
                    field,
                    "only strength, cost_change, tactic_immunity, protect and grant can hold continuously",
                ));
            }
            if e.duration() != Some(Duration::Permanent) {
                return Err(card_err(
                    card,
                    field,
                    "a continuous effect has duration permanent",
                ));
            }
        }
    }
    Ok(())
}

fn check_ability(card: &str, field: &'static str, a: &Ability) -> Result<(), ThreeKingdomsError> {
    match a.kind {
        AbilityKind::Passive => {
            if !matches!(
                a.target,
                Target::Bearer | Target::AllOwnGenerals | Target::Player
            ) {
                return Err(card_err(
                    card,
                    field,
                    "a passive ability targets bearer, all_own_generals or player",
                ));
            }
            check_effects(card, field, a.target, &a.effects, true)
        }
        AbilityKind::Activated => check_effects(card, field, a.target, &a.effects, false),
    }
}

/// Checks one card; the error names the card and the field.
///
/// # Errors
/// [`ThreeKingdomsError::Card`] with the field at fault and why.
// Long function: one check per field of a card file, each naming its problem: the list reads as
// the format does.
#[allow(clippy::too_many_lines)]
pub fn validate_card(c: &CardDef) -> Result<(), ThreeKingdomsError> {
    let id = c.id.as_str();
    if id.is_empty()
        || id.len() > 60
        || !id
            .chars()
            .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-')
    {
        return Err(card_err(
            id,
            "id",
            "an id is 1 to 60 lowercase letters, digits or -",
        ));
    }
    if c.name.trim().is_empty() || c.name.chars().count() > MAX_NAME {
        return Err(card_err(id, "name", "a name is 1 to 80 characters"));
    }
    // A name is printed in every view, post and log line: a control character (a line break,
    // a terminal escape) could forge a line or hide text there.
    let printable = |text: &str| !text.chars().any(is_unprintable);
    if !printable(&c.name) {
        return Err(card_err(
            id,
            "name",
            "a name holds no control or invisible characters",
        ));
    }
    if let Some(e) = &c.epithet
        && (e.chars().count() > MAX_NAME || !printable(e))
    {
        return Err(card_err(
            id,
            "epithet",
            "an epithet is at most 80 characters, with no control or invisible characters",
        ));
    }
    let t = c.card_type;
    let (lo, hi) = match t {
        CardType::Lord | CardType::General | CardType::Adviser => (1, 5),
        CardType::Title => (1, 3),
        CardType::Event => (0, 0),
        _ => (1, 5),
    };
    if !(lo..=hi).contains(&c.cost) {
        return Err(card_err(
            id,
            "cost",
            format!("a {t:?} costs {lo} to {hi}").to_lowercase(),
        ));
    }
    if t.is_character() {
        match c.strength {
            Some(s) if (1..=10000).contains(&s) => {}
            _ => {
                return Err(card_err(
                    id,
                    "strength",
                    "a character needs a strength of 1 to 10000",
                ));
            }
        }
        if c.faction.is_none() {
            return Err(card_err(id, "faction", "a character needs a faction"));
        }
        if !c.effects.is_empty() || c.target.is_some() {
            return Err(card_err(
                id,
                "effects",
                "a character acts through ability, not effects",
            ));
        }
        if let Some(a) = &c.ability {
            check_ability(id, "ability", a)?;
        }
    } else {
        if c.strength.is_some() {
            return Err(card_err(id, "strength", "only characters have strength"));
        }
        if !c.traits.is_empty() {
            return Err(card_err(id, "traits", "only characters have traits"));
        }
        if c.ability.is_some() {
            return Err(card_err(id, "ability", "only characters have abilities"));
        }
    }
    let mut sorted = c.traits.clone();
    sorted.sort();
    sorted.dedup();
    if sorted.len() != c.traits.len() {
        return Err(card_err(id, "traits", "a trait is listed twice"));
    }
    let allowed: &[Trait] = match t {
        CardType::Lord => &[Trait::Politics, Trait::War],
        CardType::General => &[Trait::Assault, Trait::Defend],
        CardType::Adviser => &[Trait::Law, Trait::Ambush],
        _ => &[],
    };
    if let Some(bad) = c.traits.iter().find(|tr| !allowed.contains(tr)) {
        return Err(card_err(
            id,
            "traits",
            format!("{bad:?} is not a trait of this card type").to_lowercase(),
        ));
    }
    if t == CardType::Lord
        && c.traits
            .iter()
            .filter(|tr| matches!(tr, Trait::Politics | Trait::War))
            .count()
            != 1
    {
        return Err(card_err(
            id,
            "traits",
            "a lord has exactly one of politics and war",
        ));
    }
    if c.commander && t != CardType::General {
        return Err(card_err(id, "commander", "only generals may be commander"));
    }
    if let Some(a) = &c.strategist_ability {
        if t != CardType::Adviser {
            return Err(card_err(
                id,
                "strategist_ability",
                "only advisers may be strategist",
            ));
        }
        check_ability(id, "strategist_ability", a)?;
    }
    if c.timing.is_some() && t != CardType::Tactic {
        return Err(card_err(id, "timing", "only tactics have a timing"));
    }
    if (t == CardType::Title) != c.class.is_some() {
        return Err(card_err(
            id,
            "class",
            "titles, and only titles, have a class",
        ));
    }
    match t {
        CardType::Lord | CardType::General | CardType::Adviser => {}
        CardType::Title => {
            if c.target.is_some() {
                return Err(card_err(id, "target", "a title always acts on its bearer"));
            }
            check_effects(id, "effects", Target::Bearer, &c.effects, true)?;
        }
        CardType::Tactic | CardType::Strategy | CardType::Reinforcement | CardType::Event => {
            let target = c
                .target
                .ok_or_else(|| card_err(id, "target", "this card type needs a target"))?;
            let ok = match t {
                CardType::Reinforcement => {
                    matches!(target, Target::OwnGeneral | Target::AnyGeneral)
                }
                CardType::Event => matches!(
                    target,
                    Target::AllOwnGenerals | Target::AllEnemyGenerals | Target::Player
                ),
                _ => target != Target::Bearer,
            };
            if !ok {
                return Err(card_err(
                    id,
                    "target",
                    format!("{target:?} is not a target for a {t:?}").to_lowercase(),
                ));
            }
            let continuous = t == CardType::Event;
            check_effects(id, "effects", target, &c.effects, continuous)?;
            if t == CardType::Reinforcement
                && c.effects
                    .iter()
                    .any(|e| e.duration().is_some_and(|d| d != Duration::Permanent))
            {
                return Err(card_err(
                    id,
                    "effects",
                    "a reinforcement's buffs are permanent",
                ));
            }
            if t == CardType::Strategy
                && c.effects
                    .iter()
                    .any(|e| e.duration() == Some(Duration::EndOfTurn))
            {
                return Err(card_err(
                    id,
                    "effects",
                    "a strategy lasts some turns: end_of_turn is for tactics",
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{CARD_FORMAT, CardSet};

    fn one(card: &str) -> Result<CardSet, ThreeKingdomsError> {
        CardSet::from_json(&format!(
            "{{\"format\":\"{CARD_FORMAT}\",\"version\":1,\"set\":\"t\",\"cards\":[{card}]}}"
        ))
    }

    #[test]
    fn names_with_control_or_invisible_characters_are_refused() {
        // A card file's name is printed in every view, post and log line: a line break could
        // forge a line of the log ("Shu's Lord fell"), an escape could recolour a terminal.
        let card = |name: &str, epithet: &str| {
            format!(
                r#"{{"id":"x","name":{},"epithet":{},"faction":"wei","rarity":"C","type":"general","cost":2,"strength":1000}}"#,
                serde_json::to_string(name).unwrap(),
                serde_json::to_string(epithet).unwrap()
            )
        };
        assert!(one(&card("Xu Huang", "Steady Axe")).is_ok());
        for (name, epithet, field) in [
            ("Xu\nstep 9: Shu's Lord fell", "Steady Axe", "name"),
            ("\u{1b}[31mXu Huang", "Steady Axe", "name"),
            ("Xu\u{202e}Huang", "Steady Axe", "name"),
            ("Xu Huang", "Steady\u{0}Axe", "epithet"),
        ] {
            let e = one(&card(name, epithet)).unwrap_err();
            assert!(
                matches!(&e, ThreeKingdomsError::Card { card, field: f, .. } if card == "x" && *f == field),
                "{name:?} {epithet:?}: {e}"
            );
            assert!(e.to_string().contains("control"), "{e}");
        }
    }

    #[test]
    fn errors_name_the_card_and_the_field() {
        let e = one(r#"{"id":"x","name":"X","rarity":"C","type":"general","cost":6,"strength":1000,"faction":"wei"}"#)
            .unwrap_err();
        assert_eq!(
            e,
            ThreeKingdomsError::Card {
                card: "x".into(),
                field: "cost",
                reason: "a general costs 1 to 5".into()
            }
        );
        let e =
            one(r#"{"id":"y","name":"Y","rarity":"C","type":"general","cost":2,"faction":"wei"}"#)
                .unwrap_err();
        assert!(
            matches!(e, ThreeKingdomsError::Card { ref card, field: "strength", .. } if card == "y")
        );
        let e = one(r#"{"id":"z","name":"Z","rarity":"C","type":"tactic","cost":2,"target":"player","effects":[{"op":"damage","amount":100}]}"#)
            .unwrap_err();
        assert!(matches!(
            e,
            ThreeKingdomsError::Card {
                field: "effects",
                ..
            }
        ));
        let e =
            one(r#"{"id":"w","name":"W","rarity":"C","type":"tactic","cost":2,"colour":"red"}"#)
                .unwrap_err();
        assert!(e.to_string().contains("card w"), "{e}");
        assert!(e.to_string().contains("colour"), "{e}");
        let e = CardSet::from_json(
            r#"{"format":"pbp-three-kingdoms-cards","version":2,"set":"s","cards":[]}"#,
        )
        .unwrap_err();
        assert!(e.to_string().contains("version 2"));
        let e = one(r#"{"id":"v","name":"V","rarity":"C","type":"lord","cost":4,"strength":3000,"faction":"wu","traits":["war","politics"]}"#)
            .unwrap_err();
        assert!(matches!(
            e,
            ThreeKingdomsError::Card {
                field: "traits",
                ..
            }
        ));
    }

    #[test]
    fn events_cost_nothing() {
        let e = one(r#"{"id":"ev","name":"Ev","rarity":"C","type":"event","cost":1,"target":"player","effects":[{"op":"cost_change","amount":-1,"cards":"any","player":"you","duration":"permanent"}]}"#)
            .unwrap_err();
        assert!(matches!(e, ThreeKingdomsError::Card { field: "cost", .. }));
        let e = one(r#"{"id":"ev","name":"Ev","rarity":"C","type":"event","cost":0,"target":"player","effects":[{"op":"draw","count":1,"player":"you"}]}"#)
            .unwrap_err();
        assert!(
            matches!(
                e,
                ThreeKingdomsError::Card {
                    field: "effects",
                    ..
                }
            ),
            "{e}"
        );
    }

    #[test]
    fn duplicate_ids_are_refused() {
        let c = r#"{"id":"d","name":"D","rarity":"C","type":"tactic","cost":1,"target":"player","effects":[{"op":"draw","count":1,"player":"you"}]}"#;
        let e = one(&format!("{c},{c}")).unwrap_err();
        assert!(matches!(e, ThreeKingdomsError::Card { field: "id", .. }));
    }
}
