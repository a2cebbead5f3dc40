//! The renderings checked: the text, the post, the map and the words of each event.

use super::svg::clan_colour;
use super::*;
use crate::{PostOptions, xml_escape};
use pbp_clan_war::{ClanWarAction, ClanWarConfig};
use pbp_core::engine::LoggedEvent;
use pbp_core::engine::{Actor, DiceChoice, Game, Seat, Session, Viewer};

fn view(session: &Session<ClanWar>, viewer: Viewer) -> ClanWarView {
    ClanWar::view(session.state(), viewer)
}

fn session() -> Session<ClanWar> {
    let mut session =
        Session::<ClanWar>::new(ClanWarConfig::default(), 5, DiceChoice::Seeded).unwrap();
    session
        .act(
            Actor::Seat(Seat(0)),
            ClanWarAction::Attack {
                target: "D6".into(),
                from: "C6".into(),
            },
            DiceChoice::Seeded,
        )
        .unwrap();
    session
}

#[test]
fn text_shows_own_hand_only() {
    let session = session();
    let own = ClanWar::text(&view(&session, Viewer::Seat(Seat(0))));
    assert!(own.contains("hand of Mongooseh (Crab):"), "{own}");
    assert!(!own.contains("hand of BegrudginglyGood"));
    assert!(!ClanWar::text(&view(&session, Viewer::Public)).contains("hand of"));
    assert!(own.contains("battle 1: Mongooseh (Crab) attacks D6 from C6 against the Spirit Army"));
    // Each card in the hand with its effect text; no seat numbers, no #N.
    let hand = &session.state().players[0].hand;
    let first = pbp_clan_war::card(hand[0]).unwrap();
    assert!(own.contains(&first.name));
    assert!(own.contains("for this battle"), "{own}");
    assert!(!own.contains("seat ") && !own.contains('#'), "{own}");
    assert!(own.contains("Cr/Cr"));
}

#[test]
fn the_text_map_says_what_its_codes_mean() {
    let text = ClanWar::text(&view(&session(), Viewer::Public));
    let key = text
        .lines()
        .find(|l| l.starts_with("each hex: holder/terrain"))
        .unwrap_or_else(|| panic!("no key under the map: {text}"));
    for code in [
        "Cr Mongooseh (Crab)",
        "SA the Spirit Army",
        "Mo Mountain",
        "Oc Ocean",
    ] {
        assert!(key.contains(code), "{key}");
    }
    // Every code on the map is in the key.
    for cell in text
        .lines()
        .filter(|l| l.contains('/') && !l.starts_with("each"))
    {
        for pair in cell.split_whitespace().filter(|w| w.contains('/')) {
            let (holder, terrain) = pair.split_once('/').unwrap();
            assert!(
                key.contains(&format!("{holder} ")),
                "{holder} of {pair}: {key}"
            );
            assert!(
                key.contains(&format!("{terrain} ")),
                "{terrain} of {pair}: {key}"
            );
        }
    }
}

#[test]
fn bbcode_summarises_the_round() {
    let mut session = session();
    session
        .act(
            Actor::GameMaster,
            ClanWarAction::EndRound,
            DiceChoice::Seeded,
        )
        .unwrap();
    let events: Vec<&LoggedEvent<ClanWar>> = session.log_for(Viewer::Public).collect();
    let post = ClanWar::bbcode(&view(&session, Viewer::Public), &events);
    assert!(post.contains("[b]Clan War: the end of round 1[/b]"));
    assert!(
        post.contains("battle 1: Crab attacks D6 (Spirit Army) from C6: a wash (force-resolved)")
    );
    // Plain lists by default (Gaia Online has no [table]), a player named with the clan.
    assert!(!post.contains("[table]"), "{post}");
    assert!(
        post.contains("[*][b]Mongooseh (Crab)[/b]: +4 gold, +0.5 glory, score 4.5"),
        "{post}"
    );
    assert!(!post.contains(" drew "));
    // Where the post stands in the thread: the round and the steps it covers.
    assert!(
        post.contains("[i]round 2 of 12: steps 1-2, after the setup[/i]"),
        "{post}"
    );
    // Each player's holdings.
    assert!(post.contains("[b]Holdings[/b]"), "{post}");
    assert!(
        post.contains(
            "[*][b]Plainsfox (Lion)[/b]: 4 gold, score 4, 2 cards in hand, hexes 4 (C3 C4 D3 D4)"
        ),
        "{post}"
    );
    let table = ClanWar::bbcode_with(
        &view(&session, Viewer::Public),
        &events,
        &PostOptions::styled(crate::BbcodeStyle::Table),
    );
    assert!(
        table.contains("[tr][td]Mongooseh (Crab)[/td][td]+4[/td][td]+0.5[/td][td]4.5[/td][/tr]"),
        "{table}"
    );
    assert!(table.contains("[th]Clan[/th][th]Gold[/th]"), "{table}");
}

#[test]
fn svg_draws_every_hex_with_owner_and_terrain() {
    let session = session();
    let svg = ClanWar::svg(&view(&session, Viewer::Public));
    assert!(svg.starts_with("<svg"));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<polygon").count(), 70);
    assert!(svg.contains("<title>C6: Crab province, held by Mongooseh (Crab)</title>"));
    assert!(svg.contains("<title>E4: Imperial province, held by the Spirit Army</title>"));
    assert!(svg.contains("<title>battle 1: C6 to D6</title>"));
    assert_eq!(svg.matches("class=\"attack\"").count(), 1);
}

#[test]
fn the_svg_has_a_legend_the_round_and_says_whose_province_a_captured_hex_was() {
    let session = session();
    let mut v = view(&session, Viewer::Public);
    let svg = ClanWar::svg(&v);
    // The round, visible and in the title.
    assert!(svg.contains("<title>"), "{svg}");
    assert!(svg.contains("round 1 of 12"), "{svg}");
    // The legend: each clan's colour with its player's name, the Spirit Army, terrains.
    for p in &v.players {
        let label = format!("{} {}", holder_short(Holder::Clan(p.clan)), who(&v, p.seat));
        assert!(svg.contains(&xml_escape(&label)), "{label}");
        assert!(svg.contains(clan_colour(p.clan)));
    }
    assert!(svg.contains("SA the Spirit Army"));
    assert!(svg.contains(">Forest</text>") && svg.contains(">Ocean</text>"));
    assert_eq!(svg.matches("class=\"captured\"").count(), 0);
    // The Lion takes the Crab's C6: the hex says it is Crab land, held by the Lion.
    let c6 = v.hexes.iter().position(|h| h.label == "C6").unwrap();
    v.hexes[c6].holder = Holder::Clan(Clan::Lion);
    let svg = ClanWar::svg(&v);
    assert!(svg.contains("<title>C6: Crab province, held by Plainsfox (Lion)</title>"));
    assert_eq!(svg.matches("class=\"captured\"").count(), 1);
    assert!(svg.contains(">Crab land</text>"), "{svg}");
    // The holder's badge is written in the ink that reads on its colour.
    assert!(svg.contains(&format!(
        "fill=\"{}\">Li</text>",
        crate::ink::ink_on(clan_colour(Clan::Lion))
    )));
}

/// The words of `event` as the public reads them in `session`.
fn words(session: &Session<ClanWar>, event: ClanWarEvent) -> String {
    ClanWar::event_text(&event, &view(session, Viewer::Public))
}

#[test]
fn an_attack_and_a_capture_name_their_hexes() {
    let session = session();
    let attack = session.log().last().unwrap();
    assert_eq!(
        ClanWar::event_text(&attack.visible.event, &view(&session, Viewer::Public)),
        "battle 1: Mongooseh (Crab) attacks D6 from C6, against the Spirit Army"
    );
    let c6 = pbp_clan_war::HexLabel::parse("C6").unwrap();
    assert_eq!(
        words(
            &session,
            ClanWarEvent::Captured {
                hex: c6,
                from: Holder::Clan(Clan::Crab),
                to: Holder::SpiritArmy,
            }
        ),
        "C6 passes from the Crab to the Spirit Army"
    );
}

#[test]
fn a_roll_names_its_pool_and_each_roll() {
    let session = session();
    let mut pool = pbp_core::Pool::new(3, 2);
    pool.modifiers.each_die = 1;
    pool.modifiers.add_rank_bonus(1, -2);
    pool.modifiers.add_rank_bonus(2, 3);
    let rolled = |side, seat, results| ClanWarEvent::Rolled {
        battle: 1,
        side,
        seat,
        pool: pool.clone(),
        results,
    };
    assert_eq!(
        words(&session, rolled(Side::First, Some(Seat(0)), vec![(10, 5)])),
        "battle 1: Mongooseh (Crab) rolls 3k2, +1 to every die, -2 to the highest die, +3 to the second highest die: 10 (second die 5)"
    );
    assert_eq!(
        words(&session, rolled(Side::Second, None, vec![(8, 2), (6, 1)])),
        "battle 1: the Spirit Army rolls 3k2, +1 to every die, -2 to the highest die, +3 to the second highest die: 8 (second die 2), then after a push 6 (second die 1)"
    );
    // A battle no longer open names its sides as it did while open: from the event.
    let closed = ClanWarEvent::Rolled {
        battle: 9,
        side: Side::Second,
        seat: Some(Seat(1)),
        pool: pbp_core::Pool::new(2, 1),
        results: vec![(7, 3)],
    };
    assert_eq!(
        words(&session, closed),
        "battle 9: BegrudginglyGood (Dragon) rolls 2k1: 7 (second die 3)"
    );
    let push = ClanWarEvent::Push {
        battle: 9,
        attacker: Seat(0),
        defender: None,
    };
    assert_eq!(
        words(&session, push),
        "battle 9: a push, both roll again: Mongooseh (Crab)'s dice first, then the Spirit Army's"
    );
}

/// Issue 25: an event's text is the same whenever it is read. Whole heuristic games: each
/// step's events written for every viewer with the view just after the step, then again with
/// the view at the end of the game.
#[test]
fn an_event_reads_the_same_whenever_it_is_read() {
    use pbp_core::SeededDice;
    let mut rolls_read = 0;
    for seed in 1..=6_u64 {
        let mut session =
            Session::<ClanWar>::new(ClanWarConfig::default(), seed, DiceChoice::Seeded).unwrap();
        let viewers = |session: &Session<ClanWar>| {
            let mut all = vec![Viewer::Public, Viewer::GameMaster];
            all.extend((0..ClanWar::seat_count(session.state())).map(|s| Viewer::Seat(Seat(s))));
            all
        };
        let mut written: Vec<(Viewer, usize, String)> = Vec::new();
        let mut bot = SeededDice::new(seed);
        for _ in 0..400 {
            let pbp_core::engine::Turn::Acting(actors) = ClanWar::turn(session.state()) else {
                break;
            };
            let actor = actors[0];
            let Some(action) = ClanWar::heuristic_action(session.state(), actor, &mut bot)
                .unwrap()
                .or_else(|| {
                    ClanWar::legal_actions(session.state(), actor)
                        .into_iter()
                        .next()
                })
            else {
                break;
            };
            let before = session.log().len();
            session.act(actor, action, DiceChoice::Seeded).unwrap();
            for viewer in viewers(&session) {
                let v = view(&session, viewer);
                for (i, logged) in session.log().iter().enumerate().skip(before) {
                    if logged.visible.audience.includes(viewer) {
                        written.push((viewer, i, ClanWar::event_text(&logged.visible.event, &v)));
                    }
                }
            }
        }
        for (viewer, i, text) in &written {
            let now =
                ClanWar::event_text(&session.log()[*i].visible.event, &view(&session, *viewer));
            assert_eq!(&now, text, "seed {seed}, {viewer:?}, event {i}");
            rolls_read += usize::from(text.contains(" rolls "));
        }
    }
    assert!(rolls_read > 100, "only {rolls_read} rolls read");
}

#[test]
fn each_card_effect_says_what_it_did() {
    use pbp_clan_war::{CardEffect::*, DuelistSpan};
    let session = session();
    let (lion, crab) = (Clan::Lion, Clan::Crab);
    for (effect, want) in [
        (
            HonorFades { clan: lion },
            "the Lion clan's Honor bonus fades",
        ),
        (
            HonorWon {
                clan: lion,
                card: 4,
            },
            "Lion Honor: a permanent +1 to all dice",
        ),
        (
            HonorLost {
                clan: lion,
                card: 4,
            },
            "Lion Honor: +4 to the highest die next battle",
        ),
        (
            IntrigueReturns {
                clan: crab,
                card: 4,
            },
            "Crab Intrigue: 4 Honor of the Matsu Berserkers returns to hand",
        ),
        (
            DuelistDiscards {
                clan: crab,
                card: 4,
                opponent: lion,
            },
            "Crab Duelist: the Lion clan discards its hand",
        ),
        (
            DuelistBarsDraws {
                clan: crab,
                card: 4,
                opponent: lion,
                span: DuelistSpan::Round,
            },
            "Crab Duelist: the Lion clan draws no card this round",
        ),
        (
            DuelistBarsDraws {
                clan: crab,
                card: 4,
                opponent: lion,
                span: DuelistSpan::Battle,
            },
            "Crab Duelist: the Lion clan draws no card at the end of this battle",
        ),
        (
            DiplomaticDraws {
                clan: crab,
                card: 4,
                count: 1,
            },
            "Crab Diplomatic: 1 more card to draw",
        ),
        (
            DiplomaticDraws {
                clan: crab,
                card: 4,
                count: 2,
            },
            "Crab Diplomatic: 2 more cards to draw",
        ),
        (
            GiveLapses { clan: lion },
            "the Lion clan has no card left to give: the Cunning give lapses",
        ),
    ] {
        assert_eq!(
            words(&session, ClanWarEvent::Effect { battle: 2, effect }),
            format!("battle 2: {want}")
        );
    }
}

#[test]
fn strategy_changes_and_forced_ends_say_why() {
    use pbp_clan_war::{ForcedEnd, Strategy, StrategyChange};
    let session = session();
    for (why, want) in [
        (StrategyChange::Switch, "switch"),
        (StrategyChange::Tactical, "Tactical"),
        (StrategyChange::Reverts, "reverts"),
    ] {
        let event = ClanWarEvent::StrategyChanged {
            seat: Seat(2),
            from: Strategy::Honor,
            to: Strategy::Warfare,
            why,
        };
        assert_eq!(
            words(&session, event),
            format!("Plainsfox (Lion) changes Honor to Warfare ({want})")
        );
    }
    for (how, want) in [
        (
            ForcedEnd::BothRolled,
            "both sides had rolled: no more draws",
        ),
        (
            ForcedEnd::OneRolled,
            "only one side had rolled: it wins and draws late",
        ),
        (
            ForcedEnd::NeitherRolled,
            "neither side had rolled: a wash, the cards played are discarded",
        ),
        (
            ForcedEnd::OtherRetired,
            "the other side retired without rolling: the side that rolled wins",
        ),
    ] {
        assert_eq!(
            words(&session, ClanWarEvent::Forced { battle: 3, how }),
            format!("battle 3 is force-resolved: {want}")
        );
    }
}
