//! Every rule clause and card effect of seed 000, with scripted dice.

mod common;

use Strategy::*;
use common::*;
use pbp_clan_war::*;
use pbp_core::{
    Actor, Game, Pool, RecordingDice, ScriptedDice, Seat, SeededDice, Side, Turn, Viewer,
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

fn last_totals(state: &ClanWarState, id: u32) -> (i64, i64) {
    let b = battle(state, id);
    (
        b.sides[0].roll.as_ref().unwrap().total,
        b.sides[1].roll.as_ref().unwrap().total,
    )
}

// ---------------------------------------------------------------------------------- setup

#[test]
fn clause_1_two_to_eight_players() {
    let mut config = ClanWarConfig::default();
    config.players.truncate(1);
    assert!(ClanWar::setup(&config, &mut SeededDice::new(1)).is_err());
}

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
fn clause_3_draws_by_position_one_to_fifty_two_then_fifty_one() {
    let mut dice = RecordingDice::new(SeededDice::new(9));
    let state = ClanWar::setup(&ClanWarConfig::default(), &mut dice).unwrap();
    let sides: Vec<u32> = dice.draws().iter().map(|d| d.sides).collect();
    assert_eq!(sides, (43..=52).rev().collect::<Vec<_>>());
    assert!(state.players.iter().all(|p| p.hand.len() == 2));
    // A roll of 52 on the first draw takes card 52; a roll of 1 then takes card 1.
    let mut config = ClanWarConfig::default();
    config.players.truncate(2);
    let state = ClanWar::setup(&config, &mut ScriptedDice::new([52, 1, 50, 49])).unwrap();
    assert_eq!(state.players[0].hand, vec![52, 1]);
    // Third roll 50 among the 50 left: the last remaining card, 51.
    assert_eq!(state.players[1].hand, vec![51, 50]);
    // A result beyond the range must be rolled again: 52 is out of range for the second draw.
    let err = ClanWar::setup(&config, &mut ScriptedDice::new([1, 52])).unwrap_err();
    assert!(err.to_string().contains("out of range"));
}

#[test]
fn printed_cards_only_option() {
    let mut config = ClanWarConfig::default();
    config.options.printed_cards_only = true;
    let mut dice = RecordingDice::new(SeededDice::new(3));
    let state = ClanWar::setup(&config, &mut dice).unwrap();
    assert_eq!(state.deck.cards().len(), 37);
    assert_eq!(dice.draws()[0].sides, 37);
    assert!(
        state
            .deck
            .cards()
            .iter()
            .all(|&n| !card(n).unwrap().reconstructed)
    );
}

#[test]
fn clause_5_four_provinces_each_and_the_spirit_army_holds_the_rest() {
    let state = ClanWar::setup(&ClanWarConfig::default(), &mut SeededDice::new(1)).unwrap();
    for p in &state.players {
        assert_eq!(
            state
                .holders
                .iter()
                .filter(|h| **h == Holder::Clan(p.clan))
                .count(),
            4
        );
    }
    // The Crane, Scorpion and Unicorn are not played: their provinces are the Spirit Army's.
    assert_eq!(holder(&state, "H2"), Holder::SpiritArmy);
    assert_eq!(holder(&state, "E4"), Holder::SpiritArmy);
}

// ---------------------------------------------------------------------------------- attacks

// ---------------------------------------------------------------------------------- battle steps

#[test]
fn clause_6_attacker_plays_first_one_card_each_until_two_passes() {
    let mut state = crab_scorpion();
    deal(&mut state, CRAB, &[25, 9]);
    deal(&mut state, SCORPION, &[15, 23]);
    let id = open_battle(&mut state);
    let err = try_act(&mut state, Actor::Seat(SCORPION), "play 15", &[]).unwrap_err();
    assert!(err.to_string().contains("not your turn"));
    act(&mut state, CRAB, "pass", &[]);
    // A pass followed by a play does not end the step.
    act(&mut state, SCORPION, "play 15", &[]);
    assert!(matches!(battle(&state, id).phase, Phase::Play { .. }));
    act(&mut state, CRAB, "play 25", &[]);
    // Only one card each.
    let err = try_act(&mut state, Actor::Seat(SCORPION), "play 23", &[]).unwrap_err();
    assert!(err.to_string().contains("played your card"));
    act(&mut state, SCORPION, "pass", &[]);
    let err = try_act(&mut state, Actor::Seat(CRAB), "play 9", &[]).unwrap_err();
    assert!(err.to_string().contains("played your card"));
    act(&mut state, CRAB, "pass", &[]);
    assert_eq!(battle(&state, id).phase, Phase::Roll);
}

#[test]
fn clause_6_plus_one_to_all_rolls_from_or_against_own_province() {
    let mut state = crab_scorpion();
    // C6 is a Crab province.
    act(&mut state, CRAB, "attack D6 from C6", &[]);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    assert_eq!(pool(&state, 1, Side::First).modifiers.each_die, 1);
    // The defender gets nothing by the letter of the rule.
    assert_eq!(pool(&state, 1, Side::Second).modifiers.each_die, 0);
    act(&mut state, CRAB, "roll", &[5, 5]);
    act(&mut state, SCORPION, "roll", &[6, 1]);
    // 6 and 6 against 6 and 1.
    assert_eq!(last_totals(&state, 1), (6, 6));
    assert_eq!(winner(&state, 1), Some(BattleResult::Won(Side::First)));
    // Attacking one's own province from elsewhere also counts: the Scorpion takes back D6 from
    // a forest next round is tested by the pool alone.
    let mut state = crab_scorpion();
    hold(&mut state, "E7", Holder::Clan(Clan::Scorpion));
    hold(&mut state, "D7", Holder::Clan(Clan::Scorpion));
    act(&mut state, SCORPION, "attack C7 from E7", &[]);
    assert_eq!(pool(&state, 1, Side::First).modifiers.each_die, 0);
    let mut both = crab_scorpion();
    std::sync::Arc::make_mut(&mut both.config)
        .options
        .home_bonus = HomeBonus::BothSides;
    act(&mut both, CRAB, "attack D6 from C6", &[]);
    assert_eq!(pool(&both, 1, Side::Second).modifiers.each_die, 1);
}

#[test]
fn clause_6_draw_at_the_end_of_each_battle() {
    let mut state = crab_scorpion();
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "roll", &[7, 3]);
    act(&mut state, SCORPION, "roll", &[5, 2]);
    assert_eq!(battle(&state, id).phase, Phase::Draws);
    // By position among the 52 remaining, then the 51.
    act(&mut state, CRAB, "draw", &[52]);
    act(&mut state, SCORPION, "draw", &[1]);
    assert_eq!(state.players[0].hand, vec![52]);
    assert_eq!(state.players[1].hand, vec![1]);
    assert_eq!(battle(&state, id).phase, Phase::Closed);
}

#[test]
fn clause_6_switch_a_strategy_instead_of_drawing_once_per_round() {
    let mut state = game_of(
        &[
            (Clan::Crab, [Cunning, Warfare]),
            (Clan::Scorpion, [Intrigue, Magic]),
            (Clan::Lion, [Honor, Tactical]),
        ],
        Options::default(),
    );
    let scorpion = Actor::Seat(SCORPION);
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "roll", &[7, 3]);
    act(&mut state, SCORPION, "roll", &[5, 2]);
    // E6 is a Scorpion province: any strategy may be taken.
    act(&mut state, SCORPION, "switch Magic to Honor", &[]);
    assert!(state.players[1].has(Honor));
    assert!(state.players[1].hand.is_empty());
    act(&mut state, CRAB, "draw", &[1]);
    assert_eq!(battle(&state, id).phase, Phase::Closed);
    // A second battle the same round: no second switch.
    hold(&mut state, "G7", Holder::Clan(Clan::Scorpion));
    hold(&mut state, "G6", Holder::Clan(Clan::Lion));
    act(&mut state, Seat(2), "attack G7 from G6", &[]);
    act(&mut state, Seat(2), "pass", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, Seat(2), "roll", &[7, 3]);
    act(&mut state, SCORPION, "roll", &[5, 2]);
    let err = try_act(&mut state, scorpion, "switch Honor to Magic", &[]).unwrap_err();
    assert!(err.to_string().contains("already switched"));
    // The Lion's battle involved no Lion province (G6 and G7 are forest): only Lion strategies.
    let err = try_act(
        &mut state,
        Actor::Seat(Seat(2)),
        "switch Honor to Magic",
        &[],
    )
    .unwrap_err();
    assert!(
        err.to_string().contains("only switch to a Lion strategy"),
        "{err}"
    );
    act(&mut state, Seat(2), "switch Honor to Spiritual", &[]);
    assert!(state.players[2].has(Spiritual));
}

#[test]
fn clause_6_cards_leave_the_hand_at_once_and_returning_cards_wait() {
    let mut state = game_of(
        &[
            (Clan::Crab, [Cunning, Warfare]),
            (Clan::Scorpion, [Intrigue, Magic]),
            (Clan::Lion, [Honor, Tactical]),
        ],
        Options::default(),
    );
    deal(&mut state, SCORPION, &[15]);
    let first = open_battle(&mut state);
    hold(&mut state, "G6", Holder::Clan(Clan::Lion));
    hold(&mut state, "G7", Holder::Clan(Clan::Scorpion));
    act(&mut state, Seat(2), "attack G7 from G6", &[]);
    act(&mut state, CRAB, "pass in #1", &[]);
    act(&mut state, SCORPION, "play 15 in #1", &[]);
    // The card is gone from the hand: it cannot be played in the other battle.
    act(&mut state, Seat(2), "pass", &[]);
    let err = try_act(&mut state, Actor::Seat(SCORPION), "play 15 in #2", &[]).unwrap_err();
    assert!(err.to_string().contains("not in your hand"));
    act(&mut state, CRAB, "pass in #1", &[]);
    act(&mut state, SCORPION, "pass in #1", &[]);
    act(&mut state, CRAB, "roll", &[3, 2]);
    act(&mut state, SCORPION, "roll in #1", &[5, 2, 1]);
    // Intrigue won: the card returns, but only when the battle resolves.
    assert!(state.players[1].hand.is_empty());
    act(&mut state, CRAB, "draw", &[1]);
    act(&mut state, SCORPION, "draw in #1", &[1]);
    assert!(state.players[1].hand.contains(&15));
    assert_eq!(battle(&state, first).phase, Phase::Closed);
}

// ---------------------------------------------------------------------------------- card effects

#[test]
fn warfare_gives_plus_zero_k1_and_both_bonuses_apply() {
    let mut state = crab_scorpion();
    deal(&mut state, CRAB, &[25]);
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "play 25", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "pass", &[]);
    // Warfare strategy and Crab clan: +1k0 and +0k1.
    assert_eq!(size(&pool(&state, id, Side::First)), (3, 2));
    let [a, d] = battle_pools(&state, id).unwrap();
    assert_eq!((size(&a), size(&d)), ((3, 2), (2, 1)));
    assert!(battle_pools(&state, 99).is_none());
    act(&mut state, CRAB, "roll", &[6, 4, 2]);
    act(&mut state, SCORPION, "roll", &[9, 1]);
    assert_eq!(last_totals(&state, id), (10, 9));
}

fn honor_battle(
    state: &mut ClanWarState,
    crab_dice: &[u32],
    scorpion_dice: &[u32],
    card: Option<CardNo>,
) -> u32 {
    if let Some(c) = card {
        deal(state, CRAB, &[c]);
    }
    let id = state.next_battle;
    act(state, CRAB, "attack E6 from E7", &[]);
    match card {
        Some(c) => act(state, CRAB, &format!("play {c}"), &[]),
        None => act(state, CRAB, "pass", &[]),
    };
    act(state, SCORPION, "pass", &[]);
    if card.is_some() {
        act(state, CRAB, "pass", &[]);
    }
    act(state, CRAB, "roll", crab_dice);
    act(state, SCORPION, "roll", scorpion_dice);
    act(state, CRAB, "draw", &[1]);
    act(state, SCORPION, "draw", &[1]);
    gm(state, "end round", &[]);
    // Give E6 back for the next battle.
    hold(state, "E6", Holder::Clan(Clan::Scorpion));
    deal(state, CRAB, &[]);
    deal(state, SCORPION, &[]);
    id
}

#[test]
fn honor_permanent_bonus_stacks_and_fades_and_plus_four_after_a_loss() {
    let mut state = crab_scorpion();
    std::sync::Arc::make_mut(&mut state.config).rounds = 10;
    strategies(&mut state, CRAB, Honor, Warfare);
    hold(&mut state, "E7", Holder::Clan(Clan::Crab));
    // Card 4 (Lion Honor): the Crab has Honor. Win: +1 to all dice.
    honor_battle(&mut state, &[9, 1], &[5, 1], Some(4));
    assert_eq!(state.players[0].honor_bonus, 1);
    honor_battle(&mut state, &[9, 1], &[5, 1], Some(16));
    assert_eq!(state.players[0].honor_bonus, 2);
    // It applies to every die: 3 + 2 and 1 + 2.
    let id = state.next_battle;
    act(&mut state, CRAB, "attack E6 from E7", &[]);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    assert_eq!(pool(&state, id, Side::First).modifiers.each_die, 2);
    act(&mut state, CRAB, "roll", &[3, 1]);
    act(&mut state, SCORPION, "roll", &[9, 1]);
    assert_eq!(last_totals(&state, id), (5, 9));
    // The loss fades it.
    assert_eq!(state.players[0].honor_bonus, 0);
    act(&mut state, CRAB, "draw", &[1]);
    act(&mut state, SCORPION, "draw", &[1]);
    gm(&mut state, "end round", &[]);
    deal(&mut state, CRAB, &[]);
    deal(&mut state, SCORPION, &[]);
    // Honor lost: +4 to the highest die in the next battle, once.
    honor_battle(&mut state, &[2, 1], &[5, 1], Some(18));
    assert_eq!(state.players[0].honor_next, 4);
    let id = honor_battle(&mut state, &[2, 1], &[5, 1], None);
    assert_eq!(state.history.last().unwrap().battles[0].id, id);
    assert_eq!(
        state.history.last().unwrap().battles[0].result,
        BattleResult::Won(Side::First)
    );
    assert_eq!(state.players[0].honor_next, 0);
}

#[test]
fn defensive_nullifies_one_card_of_the_players_choice() {
    let mut state = crab_scorpion();
    strategies(&mut state, CRAB, Defensive, Warfare);
    state.players[1].strategies[1].strategy = Warfare;
    deal(&mut state, CRAB, &[46, 9]);
    // Scorpion plays a Blessing for Scorpions (+1k0, another card) then a Warfare card.
    deal(&mut state, SCORPION, &[47, 29]);
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "play 47", &[]);
    act(&mut state, CRAB, "play 9", &[]);
    act(&mut state, SCORPION, "play 29", &[]);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    // Two cards to choose from: the Crab chooses.
    assert!(matches!(battle(&state, id).phase, Phase::Nullify { .. }));
    let err = try_act(&mut state, Actor::Seat(CRAB), "nullify 46", &[]).unwrap_err();
    assert!(err.to_string().contains("not a card your opponent played"));
    refuse(
        &mut state,
        Actor::Seat(SCORPION),
        "nullify 9",
        &[],
        Kind::Illegal,
    );
    act(&mut state, CRAB, "nullify 29", &[]);
    assert_eq!(battle(&state, id).phase, Phase::Roll);
    // Warfare (+0k1) and the +2 of card 29 are gone; the Blessing's +1k0 stays, and so does the
    // extra card it let the Scorpion play.
    assert_eq!(size(&pool(&state, id, Side::Second)), (3, 1));
    assert_eq!(pool(&state, id, Side::Second).modifiers.rank_bonus(1), 0);
    // The Crab's own card: Crab clan +1k0, Defensive.
    assert_eq!(size(&pool(&state, id, Side::First)), (3, 1));
}

#[test]
fn defensive_with_one_card_is_automatic_and_can_nullify_experienced() {
    let mut state = crab_scorpion();
    strategies(&mut state, CRAB, Defensive, Warfare);
    deal(&mut state, CRAB, &[9]);
    // F6 is a forest held by the Spirit Army, two hexes from D7? Use E7 -> F6 (adjacent).
    hold(&mut state, "E7", Holder::Clan(Clan::Crab));
    act(&mut state, CRAB, "attack F6 from E7", &[]);
    assert_eq!(size(&pool(&state, 1, Side::Second)), (3, 1));
    act(&mut state, CRAB, "play 9", &[]);
    // The Spirit Army passes by itself; the Crab passes; Experienced is nullified at once.
    act(&mut state, CRAB, "pass", &[]);
    assert!(battle(&state, 1).experienced_nullified);
    assert_eq!(size(&pool(&state, 1, Side::Second)), (2, 1));
}

#[test]
fn diplomatic_draws_two_more_on_a_win_one_on_a_loss() {
    for (crab_dice, extra) in [([9_u32, 1], 2_usize), ([1, 1], 1)] {
        let mut state = crab_scorpion();
        strategies(&mut state, CRAB, Diplomatic, Warfare);
        deal(&mut state, CRAB, &[2]);
        let id = open_battle(&mut state);
        act(&mut state, CRAB, "play 2", &[]);
        act(&mut state, SCORPION, "pass", &[]);
        act(&mut state, CRAB, "pass", &[]);
        act(&mut state, CRAB, "roll", &crab_dice);
        act(&mut state, SCORPION, "roll", &[5, 2]);
        let draws: Vec<u32> = vec![1; extra + 1];
        act(&mut state, CRAB, "draw", &draws);
        assert_eq!(state.players[0].hand.len(), extra + 1, "battle {id}");
    }
}

#[test]
fn duelist_win_discards_the_opponents_hand_loss_stops_its_draws() {
    let mut state = crab_scorpion();
    strategies(&mut state, CRAB, Duelist, Warfare);
    deal(&mut state, CRAB, &[10]);
    deal(&mut state, SCORPION, &[15, 23]);
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "play 10", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, CRAB, "roll", &[9, 1]);
    act(&mut state, SCORPION, "roll", &[5, 2]);
    assert!(state.players[1].hand.is_empty());
    assert!(battle(&state, id).phase == Phase::Draws);

    let mut state = crab_scorpion();
    strategies(&mut state, CRAB, Duelist, Warfare);
    deal(&mut state, CRAB, &[10]);
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "play 10", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, CRAB, "roll", &[1, 1]);
    act(&mut state, SCORPION, "roll", &[5, 2]);
    // The winning Scorpion draws nothing (and the dice are not asked).
    act(&mut state, SCORPION, "draw", &[]);
    assert!(state.players[1].hand.is_empty());
    assert!(state.players[1].no_draw_this_round);
    act(&mut state, CRAB, "draw", &[1]);
    assert_eq!(battle(&state, id).phase, Phase::Closed);
}

#[test]
fn cunning_win_shows_the_hand_to_the_winner_only_and_takes_a_card() {
    let mut state = crab_scorpion();
    deal(&mut state, CRAB, &[1]);
    deal(&mut state, SCORPION, &[23, 31]);
    let id = open_battle(&mut state);
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
    assert!(matches!(battle(&state, id).phase, Phase::Choices(_)));
    // Draws wait for the choice.
    refuse(&mut state, Actor::Seat(CRAB), "draw", &[1], Kind::Illegal);
    let events = act(&mut state, CRAB, "take 31", &[]);
    let passed = events
        .iter()
        .find(|e| matches!(e.event, ClanWarEvent::CardPassed { .. }))
        .unwrap();
    assert!(!passed.audience.includes(Viewer::Public));
    assert_eq!(state.players[0].hand, vec![31]);
    assert_eq!(state.players[1].hand, vec![23]);
}

#[test]
fn cunning_loss_the_opponent_gives_a_card_of_its_choice() {
    let mut state = crab_scorpion();
    deal(&mut state, CRAB, &[1]);
    deal(&mut state, SCORPION, &[23, 31]);
    let id = open_battle(&mut state);
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
    refuse(
        &mut state,
        Actor::Seat(CRAB),
        "take 23",
        &[],
        Kind::NotYourTurn,
    );
    act(&mut state, SCORPION, "give 23", &[]);
    assert_eq!(state.players[0].hand, vec![23]);
    assert_eq!(battle(&state, id).phase, Phase::Draws);
}

#[test]
fn spiritual_counts_the_hand_and_the_cards_played() {
    let mut state = crab_scorpion();
    strategies(&mut state, CRAB, Spiritual, Warfare);
    deal(&mut state, CRAB, &[12, 2, 3, 46]);
    let id = open_battle(&mut state);
    // Hotei's Blessing (Crab): +1k0 and another card; then the Lion Spiritual card.
    act(&mut state, CRAB, "play 46", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "play 12", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "pass", &[]);
    let crab = pool(&state, id, Side::First);
    // Two cards left in hand: +2 to the highest; two cards played: +2 to the second highest.
    assert_eq!(crab.modifiers.rank_bonus(1), 2);
    assert_eq!(crab.modifiers.rank_bonus(2), 2);
    assert_eq!(size(&crab), (3, 1));
    // 6+2 = 8 with a second die of 3+2 = 5, against 8 and 4: the second die decides.
    act(&mut state, CRAB, "roll", &[6, 3, 1]);
    act(&mut state, SCORPION, "roll", &[8, 4]);
    assert_eq!(battle(&state, id).sides[0].roll.as_ref().unwrap().second, 5);
    assert_eq!(winner(&state, id), Some(BattleResult::Won(Side::First)));
}

#[test]
fn mobility_doubles_the_rolled_dice_after_all_cards_once() {
    let mut state = crab_scorpion();
    strategies(&mut state, CRAB, Mobility, Warfare);
    deal(&mut state, CRAB, &[21, 46, 24]);
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "play 46", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "play 21", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "pass", &[]);
    // 2 + 1 (Blessing) = 3 rolled, doubled after all cards: 6.
    assert_eq!(size(&pool(&state, id, Side::First)), (6, 1));
    // Once per battle: a second Mobility card does not double again. Ring of Fire, then the
    // Fire Mobility card through it, then (with one more play granted) the Water one.
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

#[test]
fn magic_discards_for_plus_two_each_or_casts_one_spell() {
    let mut state = crab_scorpion();
    deal(&mut state, SCORPION, &[23, 2, 3, 34, 35]);
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "pass", &[]);
    // Soshi's Whisper with Magic: discard 2, 3 (+2 each) and two Spells: the first (34, Air, a
    // Scorpion: +2k0) is cast, the second (35) gives +2.
    act(&mut state, SCORPION, "play 23 discard 2 34 3 35", &[]);
    assert_eq!(battle(&state, id).played[0].cast, Some(34));
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    let p = pool(&state, id, Side::Second);
    // 2 + 1 (Scorpion card) + 2 (spell) = 5 rolled; +6 to the highest.
    assert_eq!(size(&p), (5, 1));
    assert_eq!(p.modifiers.rank_bonus(1), 6);
    assert!(state.players[1].hand.is_empty());
    // Without Magic, no discards.
    let mut state = crab_scorpion();
    deal(&mut state, CRAB, &[23, 2]);
    open_battle(&mut state);
    let err = try_act(&mut state, Actor::Seat(CRAB), "play 23 discard 2", &[]).unwrap_err();
    assert!(err.to_string().contains("does not let you discard"));
}

#[test]
fn tactical_temporary_strategies_revert_after_the_battle_they_are_used_in() {
    let mut state = crab_scorpion();
    strategies(&mut state, CRAB, Tactical, Warfare);
    std::sync::Arc::make_mut(&mut state.config).rounds = 5;
    deal(&mut state, CRAB, &[17]);
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "play 17", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, CRAB, "roll", &[9, 1, 1]);
    act(&mut state, SCORPION, "roll", &[5, 2]);
    // Won: both strategies may change.
    refuse(
        &mut state,
        Actor::Seat(CRAB),
        "tactical Honor",
        &[],
        Kind::Illegal,
    );
    act(&mut state, CRAB, "tactical Honor Diplomatic", &[]);
    assert!(state.players[0].has(Honor) && state.players[0].has(Diplomatic));
    assert_eq!(state.players[0].strategies[0].original, Some(Tactical));
    act(&mut state, CRAB, "draw", &[1]);
    act(&mut state, SCORPION, "draw", &[1]);
    assert_eq!(battle(&state, id).phase, Phase::Closed);
    gm(&mut state, "end round", &[]);
    hold(&mut state, "E6", Holder::Clan(Clan::Scorpion));
    // They last until a card with a matching keyword is played: Honor (card 4).
    deal(&mut state, CRAB, &[4]);
    let next = state.next_battle;
    act(&mut state, CRAB, "attack E6 from E7", &[]);
    act(&mut state, CRAB, "play 4", &[]);
    assert_eq!(state.players[0].strategies[0].revert_after, Some(next));
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, CRAB, "roll", &[9, 1]);
    act(&mut state, SCORPION, "roll", &[5, 2]);
    assert_eq!(state.players[0].honor_bonus, 1);
    act(&mut state, CRAB, "draw", &[1]);
    act(&mut state, SCORPION, "draw", &[1]);
    // Honor was used and reverts to Tactical; Diplomatic stays.
    assert!(state.players[0].has(Tactical) && state.players[0].has(Diplomatic));
    assert!(!state.players[0].has(Honor));
}

#[test]
fn tactical_after_a_loss_changes_the_other_strategy() {
    let mut state = crab_scorpion();
    strategies(&mut state, CRAB, Tactical, Warfare);
    deal(&mut state, CRAB, &[17]);
    open_battle(&mut state);
    act(&mut state, CRAB, "play 17", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, CRAB, "roll", &[1, 1, 1]);
    act(&mut state, SCORPION, "roll", &[5, 2]);
    refuse(
        &mut state,
        Actor::Seat(CRAB),
        "tactical Honor Magic",
        &[],
        Kind::Illegal,
    );
    act(&mut state, CRAB, "tactical Magic", &[]);
    assert_eq!(state.players[0].strategies[0].strategy, Tactical);
    assert_eq!(state.players[0].strategies[1].strategy, Magic);
    assert_eq!(state.players[0].strategies[1].original, Some(Warfare));
}

#[test]
fn spells_give_one_k0_or_two_k0_for_their_clans() {
    let mut state = crab_scorpion();
    deal(&mut state, CRAB, &[33]);
    deal(&mut state, SCORPION, &[33 + 3]);
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "play 33", &[]);
    act(&mut state, SCORPION, "play 36", &[]);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    // Earth spells: +2k0 for the Crab, +1k0 for the Scorpion.
    assert_eq!(size(&pool(&state, id, Side::First)), (4, 1));
    assert_eq!(size(&pool(&state, id, Side::Second)), (3, 1));
    let mut state = crab_scorpion();
    std::sync::Arc::make_mut(&mut state.config)
        .options
        .spells_playable = false;
    deal(&mut state, CRAB, &[33]);
    open_battle(&mut state);
    refuse(&mut state, Actor::Seat(CRAB), "play 33", &[], Kind::Illegal);
}

#[test]
fn blessings_play_another_card_or_draw_another() {
    // Used to play another card: no extra draw.
    let mut state = crab_scorpion();
    deal(&mut state, SCORPION, &[47, 15]);
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "play 47", &[]);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "play 15", &[]);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    assert_eq!(size(&pool(&state, id, Side::Second)), (4, 1));
    act(&mut state, CRAB, "roll", &[9, 1]);
    act(&mut state, SCORPION, "roll", &[1, 1, 1, 1]);
    act(&mut state, SCORPION, "draw", &[1]);
    assert_eq!(state.players[1].hand.len(), 1);
    // Not used: one more card at the end.
    let mut state = crab_scorpion();
    deal(&mut state, SCORPION, &[47]);
    open_battle(&mut state);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "play 47", &[]);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "roll", &[9, 1]);
    act(&mut state, SCORPION, "roll", &[1, 1, 1]);
    act(&mut state, SCORPION, "draw", &[1, 1]);
    assert_eq!(state.players[1].hand.len(), 2);
    // Another clan's Blessing: +1k0 only (Benten's is the Crane's); Daikoku's gives nothing.
    let mut state = crab_scorpion();
    deal(&mut state, CRAB, &[41, 43, 25]);
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "play 41", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    refuse(&mut state, Actor::Seat(CRAB), "play 43", &[], Kind::Illegal);
    act(&mut state, CRAB, "pass", &[]);
    assert_eq!(size(&pool(&state, id, Side::First)), (3, 1));
}

#[test]
fn rings_plus_zero_k1_and_same_element_cards_for_plus_one_k0() {
    let mut state = crab_scorpion();
    strategies(&mut state, CRAB, Honor, Magic);
    deal(&mut state, CRAB, &[49, 1, 9, 4]);
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "play 49", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "play 1", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "play 9", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    // Card 4 is Water: not through the Ring of Earth, and the one ordinary play is spent.
    refuse(&mut state, Actor::Seat(CRAB), "play 4", &[], Kind::Illegal);
    act(&mut state, CRAB, "pass", &[]);
    // Ring: +0k1; two Earth cards: +1k0 each, and each is a Crab card: +1k0 each.
    assert_eq!(size(&pool(&state, id, Side::First)), (6, 2));
    let mut letter = crab_scorpion();
    std::sync::Arc::make_mut(&mut letter.config)
        .options
        .ring_cards_take_effect = false;
    strategies(&mut letter, CRAB, Honor, Magic);
    deal(&mut letter, CRAB, &[49, 1]);
    let id = open_battle(&mut letter);
    act(&mut letter, CRAB, "play 49", &[]);
    act(&mut letter, SCORPION, "pass", &[]);
    act(&mut letter, CRAB, "play 1", &[]);
    act(&mut letter, SCORPION, "pass", &[]);
    act(&mut letter, CRAB, "pass", &[]);
    assert_eq!(size(&pool(&letter, id, Side::First)), (3, 2));
}

#[test]
fn ring_of_void_discards_for_plus_one_k0_and_draws_them_back_later() {
    let mut state = crab_scorpion();
    deal(&mut state, CRAB, &[52, 2, 3, 4]);
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "play 52 discard 2 3 4", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "pass", &[]);
    assert_eq!(size(&pool(&state, id, Side::First)), (5, 2));
    act(&mut state, CRAB, "roll", &[1, 1, 1, 1, 1]);
    act(&mut state, SCORPION, "roll", &[9, 1]);
    // Three extra cards on top of the normal draw.
    act(&mut state, CRAB, "draw", &[1, 1, 1, 1]);
    assert_eq!(state.players[0].hand.len(), 4);
}

// ---------------------------------------------------------------------------------- Spirit Army

// ---------------------------------------------------------------------------------- end of round

#[test]
fn clause_7_map_update_gold_and_glory_at_the_end_of_the_round() {
    let mut state = crab_scorpion();
    open_battle(&mut state);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "roll", &[7, 3]);
    act(&mut state, SCORPION, "roll", &[5, 2]);
    act(&mut state, CRAB, "draw", &[1]);
    act(&mut state, SCORPION, "draw", &[1]);
    assert_eq!(holder(&state, "E6"), Holder::Clan(Clan::Scorpion));
    let events = gm(&mut state, "end round", &[]);
    assert!(
        events
            .iter()
            .any(|e| matches!(&e.event, ClanWarEvent::Captured { hex, .. } if hex == "E6"))
    );
    assert_eq!(holder(&state, "E6"), Holder::Clan(Clan::Crab));
    // Crab: four provinces, E6 (a province: 1) and E7 (forest: 0) = 5 gold; 0.5 + 0.5 glory.
    assert_eq!(state.players[0].gold, 5);
    assert_eq!(state.players[0].glory_halves, 2);
    // Scorpion: three provinces; 0.5 glory.
    assert_eq!(state.players[1].gold, 3);
    assert_eq!(state.players[1].glory_halves, 1);
    assert_eq!(state.players[0].score_halves(), 12);
    assert_eq!(state.round, 2);
    // Imperial provinces give 2, terrain 0.
    assert_eq!(Terrain::Imperial.gold(), 2);
    assert_eq!(Terrain::Ocean.gold(), 0);
    assert_eq!(Terrain::Mountain.gold(), 0);
    assert_eq!(Terrain::Province(Clan::Lion).gold(), 1);
}

#[test]
fn two_attackers_winning_one_hex_first_declared_takes_it() {
    for (contested, expected) in [
        (Contested::FirstDeclared, Holder::Clan(Clan::Crab)),
        (Contested::Holder, Holder::Clan(Clan::Scorpion)),
    ] {
        use Strategy::*;
        let mut state = game_of(
            &[
                (Clan::Crab, [Cunning, Warfare]),
                (Clan::Scorpion, [Intrigue, Magic]),
                (Clan::Lion, [Honor, Tactical]),
            ],
            Options {
                contested,
                ..Options::default()
            },
        );
        hold(&mut state, "F7", Holder::Clan(Clan::Lion));
        open_battle(&mut state);
        act(&mut state, Seat(2), "attack E6 from F7", &[]);
        for id in [1, 2] {
            let attacker = battle(&state, id).attacker;
            act(&mut state, attacker, &format!("pass in #{id}"), &[]);
            act(&mut state, SCORPION, &format!("pass in #{id}"), &[]);
            act(&mut state, attacker, &format!("roll in #{id}"), &[9, 1]);
            act(&mut state, SCORPION, &format!("roll in #{id}"), &[1, 1]);
        }
        gm(&mut state, "end round", &[]);
        assert_eq!(holder(&state, "E6"), expected);
    }
}

#[test]
fn clause_8_the_game_ends_after_the_rounds_with_gold_plus_glory() {
    let mut state = crab_scorpion();
    for _ in 0..3 {
        assert!(matches!(ClanWar::turn(&state), Turn::Acting(_)));
        gm(&mut state, "end round", &[]);
    }
    let Turn::Over(outcome) = ClanWar::turn(&state) else {
        panic!("not over")
    };
    // Crab 4 gold a round, Scorpion 4: a shared first place.
    assert_eq!(outcome.scores[&CRAB], 24);
    assert_eq!(outcome.score_denominator, 2);
    assert_eq!(outcome.winners, vec![CRAB, SCORPION]);
    assert!(ClanWar::legal_actions(&state, Actor::GameMaster).is_empty());
    refuse(
        &mut state,
        Actor::GameMaster,
        "end round",
        &[],
        Kind::NotYourTurn,
    );
}

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

// ---------------------------------------------------------------------------------- late sign-up

#[test]
fn clause_4_late_sign_up_takes_back_the_spirit_held_provinces() {
    let mut state = crab_scorpion();
    gm(&mut state, "end round", &[]);
    gm(&mut state, "join Lion Honor Tactical", &[1, 1]);
    assert_eq!(state.players.len(), 3);
    assert_eq!(state.players[2].joined, 2);
    assert_eq!(holder(&state, "C3"), Holder::Clan(Clan::Lion));
    assert_eq!(state.players[2].hand.len(), 2);
    refuse(
        &mut state,
        Actor::GameMaster,
        "join Crab Honor Tactical",
        &[],
        Kind::Illegal,
    );
    refuse(
        &mut state,
        Actor::Seat(CRAB),
        "join Lion Honor Tactical",
        &[],
        Kind::Illegal,
    );
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
    let action = ClanWarAction::Attack {
        target: "E6".into(),
        from: "C6".into(),
    };
    let before = state.clone();
    assert!(
        ClanWar::apply(
            &mut state,
            Actor::GameMaster,
            &action,
            &mut ScriptedDice::new([])
        )
        .is_err()
    );
    assert!(
        ClanWar::apply(
            &mut state,
            Actor::Seat(Seat(7)),
            &action,
            &mut ScriptedDice::new([])
        )
        .is_err()
    );
    assert_eq!(state, before);
}

#[test]
fn a_roll_without_enough_dice_changes_nothing() {
    let mut state = crab_scorpion();
    open_battle(&mut state);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "roll", &[9, 1]);
    let err = try_act(&mut state, Actor::Seat(SCORPION), "roll", &[5]).unwrap_err();
    assert!(err.to_string().contains("more dice are needed"));
}

#[test]
fn the_documented_config_reads() {
    let doc = include_str!("../../../docs/rules/clan-war.md");
    let start = doc.find("```json\n").unwrap() + 8;
    let end = start + doc[start..].find("```").unwrap();
    let config: ClanWarConfig = serde_json::from_str(&doc[start..end]).unwrap();
    assert_eq!(config.options, Options::default());
    assert_eq!(config.rounds, 12);
    assert_eq!(config.players[1].strategies, [Defensive, Duelist]);
    assert!(ClanWar::setup(&config, &mut SeededDice::new(1)).is_ok());
    let bad = r#"{"options": {"home_bonus": "defender"}}"#;
    assert!(serde_json::from_str::<ClanWarConfig>(bad).is_err());
}

#[test]
fn clause_8_the_prize_goes_to_the_runner_up_when_the_winner_is_not_active() {
    let mut state = crab_scorpion();
    std::sync::Arc::make_mut(&mut state.config).rounds = 1;
    open_battle(&mut state);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "roll", &[9, 1]);
    act(&mut state, SCORPION, "roll", &[1, 1]);
    gm(&mut state, "retire Crab", &[]);
    // A retired player acts no more.
    assert!(ClanWar::legal_actions(&state, Actor::Seat(CRAB)).is_empty());
    let err = try_act(&mut state, Actor::Seat(CRAB), "draw", &[1]).unwrap_err();
    assert!(err.to_string().contains("no longer active"));
    refuse(
        &mut state,
        Actor::GameMaster,
        "retire Crab",
        &[],
        Kind::Illegal,
    );
    gm(&mut state, "end round", &[]);
    let Turn::Over(outcome) = ClanWar::turn(&state) else {
        panic!("not over")
    };
    // The Crab scored more (5 gold, 1 glory) but is retired: the Scorpion wins.
    assert!(outcome.scores[&CRAB] > outcome.scores[&SCORPION]);
    assert_eq!(outcome.winners, vec![SCORPION]);
    assert_eq!(outcome.ranking, vec![vec![SCORPION], vec![CRAB]]);
}

// ---------------------------------------------------------------------------------- issue 12

#[test]
fn an_action_without_a_battle_is_refused_when_the_player_is_in_several() {
    let mut state = crab_scorpion();
    open_battle(&mut state);
    // The Scorpion attacks a Crab province: the Crab is now in battles 1 and 2.
    act(&mut state, SCORPION, "attack C6 from D5", &[]);
    // Only battle 1 waits for the Crab's card, but the Crab must still say which.
    let err = try_act(&mut state, Actor::Seat(CRAB), "pass", &[])
        .unwrap_err()
        .to_string();
    assert!(err.contains("battles 1 and 2"), "{err}");
    assert!(err.contains("pass ... in 1"), "{err}");
    act(&mut state, CRAB, "pass in 1", &[]);
    act(&mut state, SCORPION, "pass battle 2", &[]);
}

#[test]
fn a_nullified_blessing_grants_no_extra_draw() {
    // Jurojin's Blessing (47, the Scorpion's) not used to play another card would draw one
    // more card; the Crab's Defensive card 9 nullifies it, and with it the extra draw.
    let mut state = crab_scorpion();
    strategies(&mut state, CRAB, Defensive, Warfare);
    deal(&mut state, CRAB, &[9]);
    deal(&mut state, SCORPION, &[47]);
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "play 47", &[]);
    act(&mut state, CRAB, "play 9", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "pass", &[]);
    assert!(
        battle(&state, id)
            .played
            .iter()
            .any(|p| p.card == 47 && p.nullified)
    );
    // Nullified: no +1k0 either.
    assert_eq!(size(&pool(&state, id, Side::Second)), (2, 1));
    act(&mut state, CRAB, "roll", &[9, 1, 1]);
    act(&mut state, SCORPION, "roll", &[1, 1]);
    // One card, the ordinary draw: one die value and no more.
    act(&mut state, SCORPION, "draw", &[1]);
    assert_eq!(state.players[1].hand.len(), 1);
}

#[test]
fn a_blessing_used_then_nullified_keeps_the_card_it_let_in() {
    // The Scorpion plays Jurojin's Blessing, then card 15 with the extra play it gives. The
    // Crab nullifies the Blessing: card 15 stays in play with its effects, and there is no
    // extra draw (the extra play was used).
    let mut state = crab_scorpion();
    strategies(&mut state, CRAB, Defensive, Warfare);
    deal(&mut state, CRAB, &[9]);
    deal(&mut state, SCORPION, &[47, 15]);
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "play 47", &[]);
    act(&mut state, CRAB, "play 9", &[]);
    act(&mut state, SCORPION, "play 15", &[]);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    // Two candidates: the Crab nullifies the Blessing; card 15 stays in play.
    act(&mut state, CRAB, "nullify 47", &[]);
    let played = &battle(&state, id).played;
    assert!(played.iter().any(|p| p.card == 15 && !p.nullified));
    assert!(played.iter().any(|p| p.card == 47 && p.nullified));
    act(&mut state, CRAB, "roll", &[9, 1, 1]);
    act(&mut state, SCORPION, "roll", &[1, 1, 1]);
    // The Blessing's extra play was used by card 15: no extra draw either way.
    act(&mut state, SCORPION, "draw", &[1]);
    assert_eq!(state.players[1].hand.len(), 1);
}

/// Battle 1: the Crab (Cunning) attacks E6 and loses with card 1; battle 2: the Scorpion attacks
/// C6 from D5 and the Crab, defending, loses with card 7 (a Cunning card). The Scorpion holds
/// `hand` and owes a give in battle 1 (and in battle 2 if it still holds a card then).
fn cunning_twice(hand: &[CardNo]) -> ClanWarState {
    let mut state = crab_scorpion();
    deal(&mut state, CRAB, &[1, 7]);
    deal(&mut state, SCORPION, hand);
    open_battle(&mut state);
    act(&mut state, CRAB, "play 1 in 1", &[]);
    act(&mut state, SCORPION, "pass in 1", &[]);
    act(&mut state, CRAB, "pass in 1", &[]);
    act(&mut state, CRAB, "roll in 1", &[1, 1, 1]);
    act(&mut state, SCORPION, "roll in 1", &[5, 2]);
    assert_eq!(
        battle(&state, 1).phase,
        Phase::Choices(vec![Pending::Give(Side::Second)])
    );
    act(&mut state, SCORPION, "attack C6 from D5", &[]);
    state
}

#[test]
fn an_owed_cunning_give_cannot_be_dodged() {
    let mut state = cunning_twice(&[23]);
    // The Scorpion's last card is owed to the Crab: it may not play it in battle 2.
    let err = try_act(&mut state, Actor::Seat(SCORPION), "play 23 in 2", &[])
        .unwrap_err()
        .to_string();
    assert!(err.contains("give it before"), "{err}");
    assert!(
        !ClanWar::legal_actions(&state, Actor::Seat(SCORPION))
            .iter()
            .any(|a| matches!(a, ClanWarAction::Play { .. }))
    );
    act(&mut state, SCORPION, "give 23 in 1", &[]);
    assert_eq!(battle(&state, 1).phase, Phase::Draws);
    act(&mut state, CRAB, "draw in 1", &[1]);
    act(&mut state, SCORPION, "draw in 1", &[1]);
    assert_eq!(battle(&state, 1).phase, Phase::Closed);
}

#[test]
fn an_empty_hand_does_not_block_the_other_players_draw() {
    // The Scorpion owes two gives and holds one card: once it has given it in battle 1, the
    // give of battle 2 lapses and both sides draw.
    let mut state = cunning_twice(&[23]);
    act(&mut state, SCORPION, "pass in 2", &[]);
    act(&mut state, CRAB, "play 7 in 2", &[]);
    act(&mut state, SCORPION, "pass in 2", &[]);
    act(&mut state, CRAB, "pass in 2", &[]);
    act(&mut state, SCORPION, "roll in 2", &[5, 2]);
    act(&mut state, CRAB, "roll in 2", &[1, 1]);
    assert_eq!(
        battle(&state, 2).phase,
        Phase::Choices(vec![Pending::Give(Side::First)])
    );
    let events = act(&mut state, SCORPION, "give 23 in 1", &[]);
    assert!(effects(&events).iter().any(|t| t.contains("give lapses")));
    assert_eq!(battle(&state, 2).phase, Phase::Draws);
    act(&mut state, CRAB, "draw in 2", &[1]);
    act(&mut state, SCORPION, "draw in 2", &[1]);
    assert_eq!(battle(&state, 2).phase, Phase::Closed);
    // Nothing is lost at the end of the round: both battles closed with their draws.
    act(&mut state, CRAB, "draw in 1", &[1]);
    act(&mut state, SCORPION, "draw in 1", &[1]);
    gm(&mut state, "end round", &[]);
    assert_eq!(state.players[0].hand.len(), 3);
}

#[test]
fn without_ring_effects_intrigue_and_defensive_through_a_ring_do_nothing() {
    let options = Options {
        ring_cards_take_effect: false,
        ..Options::default()
    };
    // Intrigue through the Ring of Air: only the Ring's +1k0, no -2 for the Crab.
    let mut state = game_of(
        &[
            (Clan::Crab, [Cunning, Warfare]),
            (Clan::Scorpion, [Intrigue, Magic]),
        ],
        options.clone(),
    );
    deal(&mut state, SCORPION, &[48, 15]);
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "play 48", &[]);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "play 15", &[]);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    assert_eq!(pool(&state, id, Side::First).modifiers.rank_bonus(1), 0);
    assert_eq!(size(&pool(&state, id, Side::Second)), (3, 2));
    // Defensive through the Ring of Earth nullifies nothing.
    let mut state = game_of(
        &[
            (Clan::Crab, [Defensive, Warfare]),
            (Clan::Scorpion, [Intrigue, Warfare]),
        ],
        options.clone(),
    );
    deal(&mut state, CRAB, &[49, 9]);
    deal(&mut state, SCORPION, &[29]);
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "play 49", &[]);
    act(&mut state, SCORPION, "play 29", &[]);
    act(&mut state, CRAB, "play 9", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "pass", &[]);
    assert_eq!(battle(&state, id).phase, Phase::Roll);
    assert!(battle(&state, id).played.iter().all(|p| !p.nullified));
    // With the option on (the default) the same play nullifies card 29.
    let mut again = game_of(
        &[
            (Clan::Crab, [Defensive, Warfare]),
            (Clan::Scorpion, [Intrigue, Warfare]),
        ],
        Options::default(),
    );
    deal(&mut again, CRAB, &[49, 9]);
    deal(&mut again, SCORPION, &[29]);
    let id = open_battle(&mut again);
    act(&mut again, CRAB, "play 49", &[]);
    act(&mut again, SCORPION, "play 29", &[]);
    act(&mut again, CRAB, "play 9", &[]);
    act(&mut again, SCORPION, "pass", &[]);
    act(&mut again, CRAB, "pass", &[]);
    assert!(
        battle(&again, id)
            .played
            .iter()
            .any(|p| p.card == 29 && p.nullified)
    );
}

#[test]
fn a_retired_defender_passes_and_rolls_by_itself() {
    let mut state = crab_scorpion();
    deal(&mut state, CRAB, &[25]);
    gm(&mut state, "retire Scorpion", &[]);
    let id = open_battle(&mut state);
    // The Crab plays; the retired Scorpion passes at once; the Crab passes.
    act(&mut state, CRAB, "play 25", &[]);
    act(&mut state, CRAB, "pass", &[]);
    assert_eq!(battle(&state, id).phase, Phase::Roll);
    // The Crab's roll rolls the Scorpion's 2k1 too, as against the Spirit Army.
    act(&mut state, CRAB, "roll", &[9, 8, 1, 5, 2]);
    assert_eq!(winner(&state, id), Some(BattleResult::Won(Side::First)));
    // The retired side draws nothing; the Crab's draw closes the battle.
    act(&mut state, CRAB, "draw", &[1]);
    assert_eq!(battle(&state, id).phase, Phase::Closed);
    assert!(state.players[1].hand.is_empty());
    gm(&mut state, "end round", &[]);
    assert_eq!(holder(&state, "E6"), Holder::Clan(Clan::Crab));
    // A retired player still holds hexes and collects their gold (three provinces left).
    assert_eq!(state.players[1].gold, 3);
}

#[test]
fn a_player_retiring_mid_battle_no_longer_holds_it_up() {
    let mut state = crab_scorpion();
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "pass", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "roll", &[1, 1]);
    // The Scorpion has not rolled; retiring it rolls its dice now.
    gm(&mut state, "retire Scorpion", &[5, 2]);
    assert_eq!(winner(&state, id), Some(BattleResult::Won(Side::Second)));
    act(&mut state, CRAB, "draw", &[1]);
    assert_eq!(battle(&state, id).phase, Phase::Closed);
}

#[test]
fn blessings_43_and_45_give_plus_one_k0_only_with_the_option() {
    for (every, rolled) in [(false, 2), (true, 3)] {
        let options = Options {
            every_blessing_plus_one_k0: every,
            ..Options::default()
        };
        let mut state = game_of(
            &[
                (Clan::Crab, [Cunning, Warfare]),
                (Clan::Scorpion, [Intrigue, Magic]),
            ],
            options,
        );
        for blessing in [43, 45] {
            deal(&mut state, CRAB, &[blessing]);
            let id = open_battle(&mut state);
            act(&mut state, CRAB, &format!("play {blessing}"), &[]);
            act(&mut state, SCORPION, "pass", &[]);
            act(&mut state, CRAB, "pass", &[]);
            assert_eq!(size(&pool(&state, id, Side::First)), (rolled, 1));
            // Start again for the next Blessing.
            state.battles.clear();
            state.players[0].attacked = false;
            let index = state
                .deck
                .cards()
                .iter()
                .position(|&c| c == blessing)
                .unwrap();
            state.deck.return_to_pile(index as u32).ok();
        }
    }
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
    // The Crab may play another card after Hotei's Blessing, not after Bishamon's.
    let mut state = crab_scorpion();
    deal(&mut state, CRAB, &[46, 25]);
    open_battle(&mut state);
    act(&mut state, CRAB, "play 46", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    act(&mut state, CRAB, "play 25", &[]);
    let mut state = crab_scorpion();
    deal(&mut state, CRAB, &[42, 25]);
    open_battle(&mut state);
    act(&mut state, CRAB, "play 42", &[]);
    act(&mut state, SCORPION, "pass", &[]);
    refuse(&mut state, Actor::Seat(CRAB), "play 25", &[], Kind::Illegal);
}

#[test]
fn the_game_master_passes_rolls_and_draws_for_an_absent_player() {
    let mut state = crab_scorpion();
    deal(&mut state, SCORPION, &[23]);
    let id = open_battle(&mut state);
    act(&mut state, CRAB, "pass", &[]);
    // What the game master can really do for the Scorpion: pass, not play its card.
    let legal = ClanWar::legal_actions(&state, Actor::GameMaster);
    assert!(legal.contains(&ClanWarAction::ForClan {
        clan: Clan::Scorpion,
        action: Box::new(ClanWarAction::Pass { battle: id }),
    }));
    assert!(!legal.iter().any(|a| matches!(
        a,
        ClanWarAction::ForClan { action, .. } if matches!(**action, ClanWarAction::Play { .. })
    )));
    let err = try_act(
        &mut state,
        Actor::GameMaster,
        "for Scorpion play 23 in 1",
        &[],
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("for an absent player"), "{err}");
    let action = ClanWar::parse_action(&state, Actor::GameMaster, "for Scorpion pass").unwrap();
    assert_eq!(
        ClanWar::format_action(&state, &action),
        "for Scorpion pass in 1"
    );
    let events = gm(&mut state, "for Scorpion pass in 1", &[]);
    assert!(matches!(
        events[0].event,
        ClanWarEvent::GameMasterActs { seat: SCORPION }
    ));
    assert!(matches!(
        events[1].event,
        ClanWarEvent::Passed {
            seat: Some(SCORPION),
            ..
        }
    ));
    act(&mut state, CRAB, "roll", &[9, 1]);
    gm(&mut state, "for Scorpion roll in 1", &[5, 2]);
    act(&mut state, CRAB, "draw", &[1]);
    gm(&mut state, "for Scorpion draw in 1", &[1]);
    assert_eq!(battle(&state, id).phase, Phase::Closed);
    assert_eq!(state.players[1].hand.len(), 2);
    // Players cannot use it.
    refuse(
        &mut state,
        Actor::Seat(CRAB),
        "for Scorpion pass in 1",
        &[],
        Kind::Parse,
    );
}

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
