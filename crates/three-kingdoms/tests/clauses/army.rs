//! Army building: every rule, each violation reported with its reason.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common::*;
use pbp_core::{SeededDice, engine::Game};
use pbp_three_kingdoms::{
    ArmyProblem, ArmySpec, CardSet, DeckEntry, PoliticsRule, Rules, ThreeKingdoms,
    ThreeKingdomsError, TitleGrant, validate_army,
};

fn cards() -> CardSet {
    let mut set = CardSet::starter();
    for c in test_cards() {
        set.insert(c).unwrap();
    }
    set
}

fn check(army: &ArmySpec, rules: &Rules) -> Vec<ArmyProblem> {
    validate_army(army, &cards(), rules)
}

fn base() -> ArmySpec {
    army("t-war-lord", &["t-a", "t-b"], None)
}

#[test]
fn a_legal_test_army_has_no_problem() {
    assert_eq!(check(&base(), &rules()), vec![]);
}

#[test]
fn characters_cost_at_most_15_with_the_lord() {
    // 3 + 5 + 4 + 3 = 15: legal; one more point is not.
    let ok = army("t-war-lord", &["t-giant", "t-c", "t-a"], None);
    assert_eq!(check(&ok, &rules()), vec![]);
    let over = army("t-war-lord", &["t-giant", "t-c", "t-a", "t-d"], None);
    assert_eq!(
        check(&over, &rules()),
        vec![ArmyProblem::CharacterPoints {
            total: 16,
            limit: 15
        }]
    );
    assert!(
        check(&over, &rules())[0]
            .to_string()
            .contains("the lord included")
    );
}

#[test]
fn the_lord_must_be_a_lord_and_characters_generals_or_advisers() {
    let mut a = base();
    a.lord = "t-a".into();
    assert!(check(&a, &rules()).contains(&ArmyProblem::NotALord { card: "t-a".into() }));
    let mut b = base();
    b.characters.push("t-draw".into());
    b.characters.push("t-a".into());
    b.characters.push("no-such-card".into());
    let problems = check(&b, &rules());
    assert!(problems.contains(&ArmyProblem::NotACharacter {
        card: "t-draw".into()
    }));
    assert!(problems.contains(&ArmyProblem::DuplicateCharacter { card: "t-a".into() }));
    assert!(problems.contains(&ArmyProblem::UnknownCard {
        card: "no-such-card".into(),
        place: "characters".into()
    }));
}

#[test]
fn an_army_name_that_could_forge_a_line_is_refused() {
    // The army's name heads each side in every view and post.
    for name in [
        "",
        "Wei\nstep 9: Shu's Lord fell",
        "\u{1b}[31mWei",
        "Wei\u{202e}",
    ] {
        let mut a = base();
        a.name = name.into();
        let problems = check(&a, &rules());
        assert_eq!(problems, vec![ArmyProblem::BadName], "{name:?}");
        assert!(problems[0].to_string().contains("control"));
    }
}

/// `title` given to the character `on`.
fn grant(title: &str, on: &str) -> TitleGrant {
    TitleGrant {
        title: title.into(),
        on: on.into(),
    }
}

#[test]
fn law_raises_only_the_points_for_generals_titles() {
    // The seed: "Law: You can increase the maximum value of your Resource points used for
    // selecting your Generals' Titles by X where X is the cost of your said Adviser." Lawgiver
    // (Law, cost 2) makes 12 points, but the 2 more are for Generals' Titles.
    let mut a = army("t-war-lord", &["t-a", "t-law"], None);
    // Three Secretaries (political, 3 each) on Lawgiver, 9, and Vanguard (military, 2) and
    // General of the Vanguard (1) on General A, 3: 12 in all, 9 of them on the Adviser.
    a.titles = vec![
        grant("t-title-pol", "t-law"),
        grant("t-title-pol", "t-law"),
        grant("t-title-pol", "t-law"),
        grant("t-title-mil", "t-a"),
        grant("general-of-the-vanguard", "t-a"),
    ];
    assert_eq!(check(&a, &rules()), vec![]);
    // Four Secretaries on Lawgiver: 12 points, within 10 + 2, but 12 on an Adviser.
    a.titles = vec![grant("t-title-pol", "t-law"); 4];
    let problems = check(&a, &rules());
    assert_eq!(
        problems,
        vec![ArmyProblem::AdviserTitlePoints {
            total: 12,
            limit: 10
        }]
    );
    assert!(problems[0].to_string().contains("generals' titles only"));
}

#[test]
fn titles_cost_at_most_10_plus_each_law_advisers_cost() {
    let mut a = army("t-war-lord", &["t-a", "t-b", "t-c"], None);
    // 2 + 2 + 2 + 2 + 2 = 10: legal.
    a.titles = vec![
        grant("t-title-mil", "t-a"),
        grant("t-title-mil", "t-b"),
        grant("t-title-mil", "t-c"),
        grant("general-who-guards-the-north", "t-a"),
        grant("general-who-guards-the-north", "t-b"),
    ];
    assert_eq!(check(&a, &rules()), vec![]);
    a.titles.push(grant("general-of-the-vanguard", "t-c"));
    assert_eq!(
        check(&a, &rules()),
        vec![ArmyProblem::TitlePoints {
            total: 11,
            limit: 10
        }]
    );
    // A Law Adviser of cost 2 raises the limit to 12.
    a.characters = vec!["t-a".into(), "t-b".into(), "t-c".into(), "t-law".into()];
    a.characters.retain(|c| c != "t-c");
    a.titles.retain(|g| g.on != "t-c");
    a.titles.push(grant("t-title-mil", "t-a"));
    a.titles.push(grant("general-of-the-vanguard", "t-a"));
    a.titles.push(grant("general-of-the-vanguard", "t-b"));
    assert_eq!(check(&a, &rules()), vec![]);
    a.titles.push(grant("general-of-the-vanguard", "t-b"));
    assert_eq!(
        check(&a, &rules()),
        vec![ArmyProblem::TitlePoints {
            total: 13,
            limit: 12
        }]
    );
}

#[test]
fn military_titles_go_to_generals_and_political_ones_to_advisers() {
    let mut a = army("t-war-lord", &["t-a", "t-law"], None);
    a.titles = vec![
        TitleGrant {
            title: "t-title-pol".into(),
            on: "t-a".into(),
        },
        TitleGrant {
            title: "t-title-mil".into(),
            on: "t-law".into(),
        },
        TitleGrant {
            title: "t-title-mil".into(),
            on: "t-giant".into(),
        },
        TitleGrant {
            title: "t-draw".into(),
            on: "t-a".into(),
        },
    ];
    let problems = check(&a, &rules());
    assert!(problems.contains(&ArmyProblem::TitleClass {
        title: "t-title-pol".into(),
        on: "t-a".into()
    }));
    assert!(problems.contains(&ArmyProblem::TitleClass {
        title: "t-title-mil".into(),
        on: "t-law".into()
    }));
    assert!(problems.contains(&ArmyProblem::TitleBearerMissing {
        title: "t-title-mil".into(),
        on: "t-giant".into()
    }));
    assert!(problems.contains(&ArmyProblem::NotATitle {
        card: "t-draw".into()
    }));
    let mut cross = rules();
    cross.cross_titles = true;
    a.titles.truncate(2);
    assert_eq!(check(&a, &cross), vec![]);
    // The Lord is in the army but holds no Title (D13), whatever the class rule: told so, not
    // that it is missing from the army.
    a.titles = vec![TitleGrant {
        title: "t-title-mil".into(),
        on: "t-war-lord".into(),
    }];
    for r in [rules(), cross] {
        let problems = check(&a, &r);
        assert_eq!(
            problems,
            vec![ArmyProblem::TitleClass {
                title: "t-title-mil".into(),
                on: "t-war-lord".into()
            }]
        );
        assert!(problems[0].to_string().contains("none to the lord"));
    }
}

#[test]
fn one_strategist_who_is_an_eligible_adviser_of_the_army() {
    let mut a = army("t-war-lord", &["t-a", "t-strat", "t-law"], None);
    a.strategist = Some("t-strat".into());
    assert_eq!(check(&a, &rules()), vec![]);
    a.strategist = Some("t-law".into());
    assert_eq!(
        check(&a, &rules()),
        vec![ArmyProblem::BadStrategist {
            card: "t-law".into()
        }]
    );
    a.strategist = Some("zhuge-liang".into());
    assert_eq!(check(&a, &rules()).len(), 1);
}

#[test]
fn one_commander_and_the_war_lord_is_always_it() {
    let mut a = army("t-war-lord", &["t-a", "t-d"], Some("t-a"));
    assert_eq!(
        check(&a, &rules()),
        vec![ArmyProblem::CommanderWithWarLord { card: "t-a".into() }]
    );
    a.lord = "t-pol-lord".into();
    assert_eq!(check(&a, &rules()), vec![]);
    a.commander = Some("t-d".into());
    assert_eq!(
        check(&a, &rules()),
        vec![ArmyProblem::BadCommander { card: "t-d".into() }]
    );
    a.commander = None;
    assert_eq!(check(&a, &rules()), vec![ArmyProblem::NoCommander]);
}

#[test]
fn ambush_chooses_up_to_the_ambush_advisers_cost_in_generals() {
    let mut a = army("t-war-lord", &["t-ambush", "t-a", "t-b", "t-d"], None);
    a.ambush = vec!["t-a".into(), "t-b".into(), "t-d".into()];
    assert_eq!(check(&a, &rules()), vec![]);
    a.characters.push("t-strat".into());
    a.ambush.push("t-strat".into());
    assert!(check(&a, &rules()).contains(&ArmyProblem::BadAmbush {
        card: "t-strat".into()
    }));
    let mut b = army("t-war-lord", &["t-a", "t-b"], None);
    b.ambush = vec!["t-a".into()];
    assert_eq!(
        check(&b, &rules()),
        vec![ArmyProblem::TooManyAmbush {
            chosen: 1,
            limit: 0
        }]
    );
}

#[test]
fn at_most_one_event_and_never_in_the_deck() {
    let mut a = base();
    a.events = vec!["t-event".into(), "t-event-2".into()];
    assert_eq!(
        check(&a, &rules()),
        vec![ArmyProblem::TooManyEvents { count: 2 }]
    );
    a.events = vec!["t-draw".into()];
    assert_eq!(
        check(&a, &rules()),
        vec![ArmyProblem::NotAnEvent {
            card: "t-draw".into()
        }]
    );
    a.events.clear();
    a.deck.push(DeckEntry {
        card: "t-event".into(),
        copies: 1,
    });
    assert_eq!(
        check(&a, &rules()),
        vec![ArmyProblem::EventInDeck {
            card: "t-event".into()
        }]
    );
}

#[test]
fn deck_size_and_copies_follow_the_config() {
    let mut a = base();
    let size: u32 = a.deck.iter().map(|e| u32::from(e.copies)).sum();
    let strict = Rules::default();
    assert!(check(&a, &strict).contains(&ArmyProblem::DeckSize {
        size,
        min: 30,
        max: 50
    }));
    a.deck.push(DeckEntry {
        card: "t-a".into(),
        copies: 2,
    });
    assert!(check(&a, &rules()).contains(&ArmyProblem::TooManyCopies {
        card: "t-a".into(),
        copies: 4,
        max: 3
    }));
}

#[test]
fn characters_share_the_lords_faction_unless_unlocked() {
    let a = army("t-war-lord", &["t-a", "guan-yu"], None);
    let problems = check(&a, &rules());
    assert_eq!(
        problems,
        vec![ArmyProblem::WrongFaction {
            card: "guan-yu".into(),
            lord: pbp_three_kingdoms::Faction::Wei
        }]
    );
    let mut open = rules();
    open.faction_lock = false;
    assert_eq!(check(&a, &open), vec![]);
}

#[test]
fn politics_lowers_advisers_selection_cost_by_default() {
    // 3 + 5 + 4 + 1 + (2 - 1 for the Adviser) + 1 (an Adviser never below 1) = 15.
    let a = army(
        "t-pol-lord",
        &["t-giant", "t-c", "t-d", "t-law", "t-strat"],
        Some("t-c"),
    );
    assert_eq!(check(&a, &rules()), vec![]);
    let mut none = rules();
    none.politics = PoliticsRule::NoDiscount;
    assert_eq!(
        check(&a, &none),
        vec![ArmyProblem::CharacterPoints {
            total: 16,
            limit: 15
        }]
    );
}

#[test]
fn setup_refuses_an_illegal_army_with_every_reason() {
    let mut a = army("t-war-lord", &["t-giant", "t-c", "t-a", "t-d"], Some("t-a"));
    a.events = vec!["t-event".into(), "t-event-2".into()];
    let err =
        ThreeKingdoms::setup(&config(a, base(), rules()), &mut SeededDice::new(1)).unwrap_err();
    match &err {
        ThreeKingdomsError::Army { problems, .. } => assert_eq!(problems.len(), 3),
        other => panic!("{other}"),
    }
    let text = err.to_string();
    assert!(text.contains("16 points") && text.contains("war lord") && text.contains("events"));
}

#[test]
fn army_files_are_versioned() {
    let text = pbp_three_kingdoms::STARTER_ARMIES.replace("\"version\": 1", "\"version\": 9");
    assert!(
        pbp_three_kingdoms::armies_from_json(&text)
            .unwrap_err()
            .to_string()
            .contains("version 9")
    );
}
