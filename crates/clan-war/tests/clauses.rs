//! The clause tests of seed 000 that a scenario file cannot state: data tables, hidden
//! information (who sees an event), seat fairness over every seating, text forms, refusals of
//! actions no player can write, and a state no sequence of legal plays reaches. Every clause a
//! reader checks against the seed is a scenario file of docs/rules/clan-war/ (played by
//! `tests/scenarios.rs`), linked from docs/rules/clan-war.md.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use Strategy::*;
use common::*;
use pbp_clan_war::*;
use pbp_core::engine::testing::{self, Rolls};
use pbp_core::{
    FastRoll, KeepOrder, Pool, RollExpr, SeededDice, Side, Verdict,
    engine::{Actor, Game, Seat, Turn, Viewer},
};

fn pool(state: &ClanWarState, id: u32, side: Side) -> Pool {
    pool_for(state, battle(state, id), side)
}

fn size(p: &Pool) -> (u32, u32) {
    (p.rolled, p.kept)
}

/// Crab attacks E6 (a Scorpion province) from E7 (a forest it holds): no home bonus.
fn open_battle(state: &mut ClanWarState) -> u32 {
    hold(state, "E7", Holder::Clan(Clan::Crab));
    act(state, CRAB, "attack E6 from E7", &[]);
    state.battles.last().unwrap().id
}

// ---------------------------------------------------------------------------------- data

#[test]
fn clause_2_the_strategy_table_is_data() {
    assert_eq!(Cunning.clans(), vec![Clan::Crab, Clan::Scorpion]);
    assert_eq!(
        Defensive.clans(),
        vec![Clan::Crab, Clan::Dragon, Clan::Phoenix]
    );
    assert_eq!(
        Diplomatic.clans(),
        vec![Clan::Crane, Clan::Phoenix, Clan::Unicorn]
    );
    assert_eq!(Duelist.clans(), vec![Clan::Crane, Clan::Dragon]);
    assert_eq!(Honor.clans(), vec![Clan::Crane, Clan::Lion, Clan::Unicorn]);
    assert_eq!(
        Intrigue.clans(),
        vec![Clan::Crane, Clan::Dragon, Clan::Mantis, Clan::Scorpion]
    );
    assert_eq!(
        Magic.clans(),
        vec![Clan::Mantis, Clan::Phoenix, Clan::Scorpion]
    );
    assert_eq!(Mobility.clans(), vec![Clan::Mantis, Clan::Unicorn]);
    assert_eq!(
        Spiritual.clans(),
        vec![Clan::Dragon, Clan::Lion, Clan::Phoenix]
    );
    assert_eq!(
        Tactical.clans(),
        vec![Clan::Crab, Clan::Lion, Clan::Scorpion]
    );
    assert_eq!(
        Warfare.clans(),
        vec![Clan::Crab, Clan::Lion, Clan::Mantis, Clan::Unicorn]
    );
    assert_eq!(Strategy::parse("Dueling"), Some(Duelist));
}

#[test]
fn clause_7_terrain_gold_values() {
    // Clause 7: "If it is a Clan Province, gain 1 gold ... an Imperial Province, gain 2 gold ...
    // Mountain, Forest, or Ocean hexes, gain 0 gold". map_update_gold_and_glory.txt plays all
    // but the Ocean, which no clan reaches in a short game on the default map.
    assert_eq!(Terrain::Imperial.gold(), 2);
    assert_eq!(Terrain::Ocean.gold(), 0);
    assert_eq!(Terrain::Forest.gold(), 0);
    assert_eq!(Terrain::Mountain.gold(), 0);
    assert_eq!(Terrain::Province(Clan::Lion).gold(), 1);
}

#[test]
fn bishamon_serves_the_lion_and_hotei_the_crab() {
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
    // Played: bishamon_and_hotei.txt.
}

// ---------------------------------------------------------------------------------- a state no play reaches

#[test]
fn mobility_doubles_once_per_battle() {
    // "You may only benefit from this strategy once per battle." Two Mobility cards (21, Fire;
    // 24, Water) in one battle need two plays besides a Ring of Fire's, which the rules never
    // give one side (one play, and a Blessing's extra play only replaces the Blessing's own): the
    // test grants the extra play by hand. One doubling is a scenario: mobility.txt.
    let mut state = crab_scorpion();
    strategies(&mut state, CRAB, Mobility, Warfare);
    deal(&mut state, CRAB, &[50, 21, 24]);
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "play 50", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "play 21", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    state.battles[0].sides[0].plays_left = 1;
    act(&mut state, CRAB, "play 24", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "pass", &[]);
    // 2 + 1 (one card through the Ring) = 3, doubled once = 6; Ring +0k1; neither 21 nor 24 is
    // a Crab card, but the Crab has Mobility: no +2.
    let crab = pool(&state, id, Side::First);
    assert_eq!(size(&crab), (6, 2));
    assert_eq!(crab.modifiers.rank_bonus(1), 0);
}

// ---------------------------------------------------------------------------------- end of round

#[test]
fn scores_never_decrease() {
    let mut state = crab_scorpion();
    let mut last = [0; 2];
    for _ in 0..3 {
        gm(&mut state, "end round", &[]);
        for (i, p) in state.players.iter().enumerate() {
            assert!(p.score_halves() >= last[i]);
            last[i] = p.score_halves();
        }
    }
}

// ---------------------------------------------------------------------------------- hidden information

#[test]
fn hands_are_seen_by_their_owner_and_the_game_master_only() {
    let mut state = crab_scorpion();
    deal(&mut state, CRAB, &[25, 9]);
    deal(&mut state, SCORPION, &[15]);
    let own = ClanWar::view(&state, Viewer::Seat(CRAB));
    assert_eq!(own.hands.len(), 1);
    assert_eq!(own.hands[0].cards, vec![25, 9]);
    assert_eq!(own.players[1].hand_size, 1);
    assert!(ClanWar::view(&state, Viewer::Public).hands.is_empty());
    assert_eq!(ClanWar::view(&state, Viewer::GameMaster).hands.len(), 2);
    let json = serde_json::to_string(&ClanWar::view(&state, Viewer::Seat(SCORPION))).unwrap();
    for secret in ClanWar::secrets(&state, Viewer::Seat(SCORPION)) {
        assert!(!json.contains(&secret));
    }
    let gm_json = serde_json::to_string(&ClanWar::view(&state, Viewer::GameMaster)).unwrap();
    assert!(
        ClanWar::secrets(&state, Viewer::Seat(SCORPION))
            .iter()
            .any(|s| gm_json.contains(s))
    );
}

#[test]
fn cunning_shows_the_hand_to_the_winner_alone() {
    // "your opponent shows you their hand": to the winner alone; the card taken is told to the
    // two players only. A loss shows nothing. The effects themselves: cunning.txt.
    let mut state = crab_scorpion();
    deal(&mut state, CRAB, &[1]);
    deal(&mut state, SCORPION, &[23, 31]);
    open_battle(&mut state);
    act(&mut state, CRAB, "play 1", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, CRAB, "roll", &[9, 1, 1]);
    let events = act(&mut state, SCORPION, "roll", &[5, 2]);
    let shown = events
        .iter()
        .find(|e| matches!(e.event, ClanWarEvent::HandShown { .. }))
        .unwrap();
    assert!(shown.audience.includes(Viewer::Seat(CRAB)));
    assert!(!shown.audience.includes(Viewer::Seat(SCORPION)));
    assert!(!shown.audience.includes(Viewer::Public));
    let events = act(&mut state, CRAB, "take 31", &[]);
    let passed = events
        .iter()
        .find(|e| matches!(e.event, ClanWarEvent::CardPassed { .. }))
        .unwrap();
    assert!(!passed.audience.includes(Viewer::Public));

    let mut state = crab_scorpion();
    deal(&mut state, CRAB, &[1]);
    deal(&mut state, SCORPION, &[23, 31]);
    open_battle(&mut state);
    act(&mut state, CRAB, "play 1", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, CRAB, "roll", &[1, 1, 1]);
    let events = act(&mut state, SCORPION, "roll", &[5, 2]);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e.event, ClanWarEvent::HandShown { .. }))
    );
}

#[test]
fn a_cunning_take_is_from_the_hand_shown_not_from_cards_drawn_since() {
    // "your opponent shows you their hand and you may take a card of your choice": the choice is
    // among the cards shown. A card the loser draws afterwards in another battle was never
    // shown: the winner's legal actions must not list it, and taking it is refused in the same
    // words as a card the loser does not hold, so that neither says what the loser drew.
    let mut state = crab_scorpion();
    deal(&mut state, CRAB, &[1]);
    deal(&mut state, SCORPION, &[23]);
    open_battle(&mut state);
    // The Scorpion attacks the Spirit Army's forest C5 from D5 too.
    act(&mut state, SCORPION, "attack C5 from D5", &[]);
    act(&mut state, CRAB, "play 1 in 1", &[]);
    act(&mut state, SCORPION, "pass in 1", &[]);
    act(&mut state, CRAB, "pass in 1", &[]);
    act(&mut state, CRAB, "roll in 1", &[9, 1, 1]);
    act(&mut state, SCORPION, "roll in 1", &[5, 2]);
    // The Crab has seen [23]. The Scorpion wins at C5 and draws card 2, the first left.
    act(&mut state, SCORPION, "pass in 2", &[]);
    act(&mut state, SCORPION, "roll in 2", &[9, 1, 1, 1, 1]);
    act(&mut state, SCORPION, "draw in 2", &[1]);
    assert_eq!(state.players[usize::from(SCORPION.0)].hand, vec![23, 2]);
    let takes: Vec<String> = ClanWar::legal_actions(&state, Actor::Seat(CRAB))
        .iter()
        .map(|a| ClanWar::format_action(&state, a))
        .filter(|t| t.starts_with("take"))
        .collect();
    assert_eq!(takes, ["take nothing in 1", "take 23 in 1"]);
    // The hand shown is the winner's to see (and the game master's), no one else's.
    let shown = |viewer| {
        ClanWar::view(&state, viewer).battles[0].sides[0]
            .shown
            .clone()
    };
    assert_eq!(shown(Viewer::Seat(CRAB)), [23]);
    assert_eq!(shown(Viewer::GameMaster), [23]);
    assert!(shown(Viewer::Seat(SCORPION)).is_empty());
    assert!(shown(Viewer::Public).is_empty());
    let drawn = refuse(&mut state, Actor::Seat(CRAB), "take 2", &[], Kind::Illegal);
    let never = refuse(&mut state, Actor::Seat(CRAB), "take 3", &[], Kind::Illegal);
    assert_eq!(
        drawn.to_string().replace(" 2 ", " N "),
        never.to_string().replace(" 3 ", " N ")
    );
    act(&mut state, CRAB, "take 23", &[]);
    assert_eq!(state.players[usize::from(CRAB.0)].hand, vec![23]);
    assert_eq!(state.players[usize::from(SCORPION.0)].hand, vec![2]);
}

// ---------------------------------------------------------------------------------- text

#[test]
fn text_actions_read_and_write_back() {
    let mut state = crab_scorpion();
    deal(&mut state, CRAB, &[52, 2]);
    let crab = Actor::Seat(CRAB);
    let attack = ClanWar::parse_action(&state, crab, "attack e6 from C6").unwrap();
    assert_eq!(ClanWar::format_action(&state, &attack), "attack E6 from C6");
    act(&mut state, CRAB, "attack E6 from C6", &[]);
    for text in [
        "play 52 discard 2 in 1",
        "pass in 1",
        "roll in 1",
        "draw in 1",
        "switch Cunning to Honor in 1",
        "tactical keep in 1",
        "take nothing in 1",
        "nullify experienced in 1",
        "end round",
        "join Lion Honor Tactical",
    ] {
        let action = ClanWar::parse_action(&state, crab, text).unwrap();
        assert_eq!(ClanWar::format_action(&state, &action), text);
    }
    // `in #1` (a shell comment when unquoted), `battle 1` and `in battle 1` read the same.
    for text in ["pass in #1", "pass battle 1", "pass in battle 1", "pass"] {
        assert_eq!(
            ClanWar::parse_action(&state, crab, text).unwrap(),
            ClanWarAction::Pass { battle: 1 },
            "{text}"
        );
    }
    assert_eq!(
        ClanWar::parse_action(&state, crab, "play 52 in E6").unwrap(),
        ClanWarAction::Play {
            battle: 1,
            card: 52,
            discards: vec![]
        }
    );
    let err = ClanWar::parse_action(&state, crab, "play 99")
        .unwrap_err()
        .to_string();
    assert!(err.contains("numbered 1 to 52"), "{err}");
    let err = ClanWar::parse_action(&state, crab, "attack E6 C6")
        .unwrap_err()
        .to_string();
    assert!(err.contains("attack TARGET from HEX"), "{err}");
    let err = ClanWar::parse_action(&state, crab, "switch Honour to Magic")
        .unwrap_err()
        .to_string();
    assert!(err.contains("not a strategy"), "{err}");
    let err = ClanWar::parse_action(&state, crab, "dance")
        .unwrap_err()
        .to_string();
    assert!(err.contains("attack E4 from D3"), "{err}");
}

#[test]
fn the_game_master_and_players_keep_to_their_actions() {
    let mut state = crab_scorpion();
    refuse(
        &mut state,
        Actor::Seat(CRAB),
        "end round",
        &[],
        Kind::Illegal,
    );
    // A player's action given to the game master, and to a seat that is not in the game: no
    // text says either, so they are given as values.
    let action = ClanWarAction::Attack {
        target: "E6".into(),
        from: "C6".into(),
    };
    // A battle step posted by the game master as its own: the refusal points to `for CLAN`.
    act(&mut state, CRAB, "attack E6 from C6", &[]);
    for text in ["pass", "roll in 1", "draw in E6"] {
        let err = ClanWar::parse_action(&state, Actor::GameMaster, text)
            .expect_err("the game master fights no battle")
            .to_string();
        assert!(err.contains("for Crab pass in 2"), "{text}: {err}");
    }
    let mut state = crab_scorpion();
    for (actor, kind) in [
        (Actor::GameMaster, Kind::Illegal),
        (Actor::Seat(Seat(7)), Kind::NotYourTurn),
    ] {
        let refusal =
            testing::try_apply(&CONTRACT, &mut state, actor, &action, Rolls::Exactly(&[]))
                .expect_err("an attack by no player must be refused");
        assert_eq!(refusal.kind, kind, "{actor:?}: {refusal}");
    }
}

// ---------------------------------------------------------------------------------- seat fairness

/// Plays one round by clan with the clans seated in `order`, and returns what each clan ends
/// with (gold, glory, hand size) and who holds E6.
fn round_by_clan(order: &[Clan]) -> (Vec<(Clan, i64, i64, usize)>, Holder) {
    let players: Vec<(Clan, [Strategy; 2])> = order
        .iter()
        .map(|&c| match c {
            Clan::Crab => (c, [Cunning, Warfare]),
            Clan::Scorpion => (c, [Intrigue, Magic]),
            _ => (c, [Honor, Tactical]),
        })
        .collect();
    let mut state = game_of(&players, Options::default());
    let seat = |state: &ClanWarState, clan: Clan| {
        state.players.iter().find(|p| p.clan == clan).unwrap().seat
    };
    hold(&mut state, "E7", Holder::Clan(Clan::Crab));
    hold(&mut state, "F7", Holder::Clan(Clan::Lion));
    let (crab, scorpion, lion) = (
        seat(&state, Clan::Crab),
        seat(&state, Clan::Scorpion),
        seat(&state, Clan::Lion),
    );
    // The Lion declares first, then the Crab: both attack E6 and both win.
    act(&mut state, lion, "attack E6 from F7", &[]);
    act(&mut state, crab, "attack E6 from E7", &[]);
    for (id, attacker) in [(1, lion), (2, crab)] {
        act(&mut state, attacker, &format!("pass in {id}"), &[]);
        act(&mut state, scorpion, &format!("pass in {id}"), &[]);
        act(&mut state, scorpion, &format!("roll in {id}"), &[1, 1]);
        act(&mut state, attacker, &format!("roll in {id}"), &[9, 1]);
        act(&mut state, attacker, &format!("draw in {id}"), &[1]);
        act(&mut state, scorpion, &format!("draw in {id}"), &[1]);
    }
    gm(&mut state, "end round", &[]);
    let mut out: Vec<(Clan, i64, i64, usize)> = state
        .players
        .iter()
        .map(|p| (p.clan, p.gold, p.glory_halves, p.hand.len()))
        .collect();
    out.sort();
    (out, holder(&state, "E6"))
}

#[test]
fn seats_swapped_change_nothing_but_the_seat_numbers() {
    // Every order of the three clans at the table: the same round gives each clan the same
    // gold, glory and cards, and the first declared attack (the Lion's) takes the contested
    // hex whatever its seat.
    let orders = [
        [Clan::Crab, Clan::Scorpion, Clan::Lion],
        [Clan::Crab, Clan::Lion, Clan::Scorpion],
        [Clan::Scorpion, Clan::Crab, Clan::Lion],
        [Clan::Scorpion, Clan::Lion, Clan::Crab],
        [Clan::Lion, Clan::Crab, Clan::Scorpion],
        [Clan::Lion, Clan::Scorpion, Clan::Crab],
    ];
    let first = round_by_clan(&orders[0]);
    assert_eq!(first.1, Holder::Clan(Clan::Lion));
    for order in &orders[1..] {
        assert_eq!(round_by_clan(order), first, "{order:?}");
    }
}

#[test]
fn a_tie_for_first_place_is_shared_whatever_the_seats() {
    for order in [[Clan::Crab, Clan::Scorpion], [Clan::Scorpion, Clan::Crab]] {
        let players: Vec<(Clan, [Strategy; 2])> =
            order.iter().map(|&c| (c, [Honor, Tactical])).collect();
        let mut state = game_of(&players, Options::default());
        std::sync::Arc::make_mut(&mut state.config).rounds = 1;
        gm(&mut state, "end round", &[]);
        let Turn::Over(outcome) = ClanWar::turn(&state) else {
            panic!("not over")
        };
        // Four provinces each, no battle: equal scores, both win, one shared place.
        assert_eq!(outcome.winners, vec![Seat(0), Seat(1)]);
        assert_eq!(outcome.ranking, vec![vec![Seat(0), Seat(1)]]);
    }
}

#[test]
fn a_game_with_every_player_retired_has_no_winner_and_says_why() {
    let players = [
        (Clan::Crab, [Honor, Tactical]),
        (Clan::Scorpion, [Honor, Tactical]),
    ];
    let mut state = game_of(&players, Options::default());
    std::sync::Arc::make_mut(&mut state.config).rounds = 1;
    gm(&mut state, "retire Crab", &[]);
    gm(&mut state, "retire Scorpion", &[]);
    gm(&mut state, "end round", &[]);
    let Turn::Over(outcome) = ClanWar::turn(&state) else {
        panic!("not over")
    };
    assert_eq!(outcome.winners, Vec::<Seat>::new());
    assert_eq!(
        outcome.reason,
        "every player retired: no active player to win after 1 round"
    );
    // No winner: a draw, the point shared (docs/rules/clan-war.md, "Results").
    assert_eq!(ClanWar::returns(&state), Some(vec![0.5, 0.5]));
    // One player still active wins, and the reason is the score.
    let mut state = game_of(&players, Options::default());
    std::sync::Arc::make_mut(&mut state.config).rounds = 1;
    gm(&mut state, "retire Crab", &[]);
    gm(&mut state, "end round", &[]);
    let outcome = ClanWar::turn(&state).outcome().cloned().unwrap();
    assert_eq!(outcome.winners, vec![Seat(1)]);
    assert!(
        outcome.reason.starts_with("the highest score"),
        "{}",
        outcome.reason
    );
    assert_eq!(ClanWar::returns(&state), Some(vec![0.0, 1.0]));
}

// ---------------------------------------------------------------------------------- odds

/// The attacker's share of the decided rounds of `rounds` seeded rounds of `attack` against
/// `defence`, each die rolled and compared as the engine's roll does (the second die with its
/// bonus even when it is not kept).
fn sampled_win(attack: &Pool, defence: &Pool, rounds: u32) -> f64 {
    let mut dice = SeededDice::new(27);
    let roll = |pool: &Pool, dice: &mut SeededDice| {
        let r = pool.roll(dice).unwrap();
        let second = match r.dice().get(1) {
            Some(d) if d.kept || pool.keep == KeepOrder::AfterBonuses => d.value,
            Some(d) => d.value + pool.modifiers.rank_bonus(2),
            None => 0,
        };
        FastRoll {
            total: r.total(),
            second_highest: second,
        }
    };
    let (mut won, mut decided) = (0_u32, 0_u32);
    for _ in 0..rounds {
        let (a, d) = (roll(attack, &mut dice), roll(defence, &mut dice));
        match BATTLE_RULE.compare(a, d) {
            Verdict::Win(Side::First) => (won, decided) = (won + 1, decided + 1),
            Verdict::Win(Side::Second) => decided += 1,
            Verdict::Push => {}
        }
    }
    f64::from(won) / f64::from(decided)
}

#[test]
fn battle_odds_follow_the_kept_die_reading() {
    let pool = |text: &str| match RollExpr::parse(text).unwrap() {
        RollExpr::Pool(p) => p,
        other => panic!("{other:?}"),
    };
    let win = |a: &Pool, d: &Pool| battle_odds(a, d).unwrap().win;
    // 200,000 rounds: a standard error of at most 0.0012; 0.006 is five of them.
    let close = |a: &Pool, d: &Pool| {
        let (exact, sampled) = (win(a, d), sampled_win(a, d, 200_000));
        assert!(
            (exact - sampled).abs() < 0.006,
            "{a:?}: {exact} against {sampled}"
        );
        exact
    };
    let scorpion = pool("3k1");
    // Intrigue against a Crab on its own province, both readings: the penalty weighs less when
    // the kept die is chosen after it.
    let after = close(&pool("2k1 e+1 h-2 a"), &scorpion);
    let before = close(&pool("2k1 e+1 h-2"), &scorpion);
    assert!(before < after, "{before} {after}");
    // Spiritual's bonus on the second die, not kept, counts in the tie-breaker's odds too: with
    // bonuses that keep the order, the odds are those of the pool keeping after them.
    let spiritual = pool("2k1 h+3 r2+1");
    let exact = close(&spiritual, &scorpion);
    let mut after = spiritual.clone();
    after.keep = KeepOrder::AfterBonuses;
    assert_eq!(exact, win(&after, &scorpion));
    // Spiritual with an opponent's Intrigue, kept before the modifiers: no odds rather than
    // wrong ones. Kept after them, exact.
    assert!(battle_odds(&pool("2k1 h-1 r2+2"), &scorpion).is_err());
    close(&pool("2k1 h-1 r2+2 a"), &scorpion);
    // A pool keeping three that a penalty can reorder: no odds.
    assert!(battle_odds(&pool("4k3 h-2 a"), &scorpion).is_err());
}

#[test]
fn a_pool_is_marked_as_keeping_after_its_modifiers_only_when_they_can_reorder_it() {
    for (kept_dice, intrigue) in [
        (KeptDice::AfterModifiers, true),
        (KeptDice::AfterModifiers, false),
        (KeptDice::BeforeModifiers, true),
    ] {
        let options = Options {
            kept_dice,
            ..Options::default()
        };
        let mut state = game_of(
            &[
                (Clan::Crab, [Cunning, Warfare]),
                (Clan::Scorpion, [Intrigue, Magic]),
            ],
            options,
        );
        // 15 is the Scorpion's Intrigue card; 3 gives the Scorpion +2 and the Crab nothing.
        let card = if intrigue { 15 } else { 3 };
        deal(&mut state, SCORPION, &[card]);
        let id = open_battle(&mut state);
        act(&mut state, CRAB, "pass", &[]);
        act(&mut state, SCORPION, &format!("play {card}"), &[]);
        let crab = pool(&state, id, Side::First);
        let marked = crab.keep == KeepOrder::AfterBonuses;
        assert_eq!(
            marked,
            intrigue && kept_dice == KeptDice::AfterModifiers,
            "{kept_dice:?} {crab:?}"
        );
    }
}
