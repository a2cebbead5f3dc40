//! Helpers shared by the integration tests.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![allow(dead_code)] // Each test file uses a different subset of the helpers.

use pbp_clan_war::*;
pub use pbp_core::engine::testing::Kind;
use pbp_core::engine::testing::{self, Contract, Refusal, Rolls};
use pbp_core::{
    SeededDice,
    engine::{Actor, Game, Seat, Visible},
};

pub const CRAB: Seat = Seat(0);
pub const SCORPION: Seat = Seat(1);

/// A game of the given clans and strategies with empty hands.
pub fn game_of(players: &[(Clan, [Strategy; 2])], options: Options) -> ClanWarState {
    let config = ClanWarConfig {
        players: players
            .iter()
            .map(|&(clan, strategies)| PlayerSetup {
                clan,
                strategies,
                name: String::new(),
            })
            .collect(),
        map: None,
        rounds: 3,
        options,
    };
    let mut state = ClanWar::setup(&config, &mut SeededDice::new(1)).unwrap();
    for seat in 0..state.players.len() {
        deal(&mut state, Seat(seat as u16), &[]);
    }
    state
}

/// Crab (Cunning, Warfare) against Scorpion (Intrigue, Magic), empty hands.
pub fn crab_scorpion() -> ClanWarState {
    use Strategy::*;
    game_of(
        &[
            (Clan::Crab, [Cunning, Warfare]),
            (Clan::Scorpion, [Intrigue, Magic]),
        ],
        Options::default(),
    )
}

/// Sets a player's strategies.
pub fn strategies(state: &mut ClanWarState, seat: Seat, a: Strategy, b: Strategy) {
    let p = &mut state.players[usize::from(seat.0)];
    p.strategies[0] = Slot {
        strategy: a,
        original: None,
        revert_after: None,
    };
    p.strategies[1] = Slot {
        strategy: b,
        original: None,
        revert_after: None,
    };
}

/// Replaces a seat's hand with `cards`, moving cards between the hand and the draw pile so that
/// no card is created or lost.
pub fn deal(state: &mut ClanWarState, seat: Seat, cards: &[CardNo]) {
    let hand = std::mem::take(&mut state.players[usize::from(seat.0)].hand);
    for no in hand {
        let index = state.deck.cards().iter().position(|&c| c == no).unwrap() as u32;
        state.deck.return_to_pile(index).unwrap();
    }
    for &no in cards {
        let index = state.deck.cards().iter().position(|&c| c == no).unwrap() as u32;
        let position = state
            .deck
            .draw_pile()
            .iter()
            .position(|&i| i == index)
            .unwrap();
        state.deck.draw_at(position as u32 + 1).unwrap();
        state.players[usize::from(seat.0)].hand.push(no);
    }
}

/// Gives a hex to a clan (test setup only).
pub fn hold(state: &mut ClanWarState, hex: &str, holder: Holder) {
    let i = state.map.index_of(hex).unwrap();
    state.holders[i] = holder;
}

pub fn holder(state: &ClanWarState, hex: &str) -> Holder {
    state.holders[state.map.index_of(hex).unwrap()]
}

/// What the contract checks of `pbp_core::engine::testing` know of Clan War: every legal action is
/// listed except the sampled discards of Magic and the Ring of Void and the late sign-up's
/// strategies (see `legal_actions`), and cards are conserved.
pub const CONTRACT: Contract<ClanWar> = Contract::listing_all()
    .listed(listed)
    .invariants(check_cards);

fn listed(_: &ClanWarState, _: Actor, action: &ClanWarAction) -> bool {
    match action {
        ClanWarAction::Join { .. } => false,
        ClanWarAction::Play { discards, .. } => discards.len() < 2,
        _ => true,
    }
}

/// Applies a text action with exactly these dice; panics on refusal.
pub fn act(
    state: &mut ClanWarState,
    seat: Seat,
    text: &str,
    dice: &[u32],
) -> Vec<Visible<ClanWarEvent>> {
    testing::act(
        &CONTRACT,
        state,
        Actor::Seat(seat),
        text,
        Rolls::Exactly(dice),
    )
}

/// The game master acts.
pub fn gm(state: &mut ClanWarState, text: &str, dice: &[u32]) -> Vec<Visible<ClanWarEvent>> {
    testing::act(
        &CONTRACT,
        state,
        Actor::GameMaster,
        text,
        Rolls::Exactly(dice),
    )
}

/// Applies a text action with exactly these dice, checking the contract (`testing::try_act`:
/// text round trip, legal list, every die used, a refusal changes nothing, cards conserved).
pub fn try_act(
    state: &mut ClanWarState,
    actor: Actor,
    text: &str,
    dice: &[u32],
) -> Result<Vec<Visible<ClanWarEvent>>, Refusal<ClanWarError>> {
    testing::try_act(&CONTRACT, state, actor, text, Rolls::Exactly(dice))
}

/// An action that must be refused, for this reason: the game's error.
pub fn refuse(
    state: &mut ClanWarState,
    actor: Actor,
    text: &str,
    dice: &[u32],
    kind: Kind,
) -> ClanWarError {
    testing::refuse(&CONTRACT, state, actor, text, Rolls::Exactly(dice), kind)
}

/// Every card is in exactly one place: draw pile, discard pile, a hand or a battle.
pub fn check_cards(state: &ClanWarState) {
    let mut seen: Vec<CardNo> = Vec::new();
    for &i in state
        .deck
        .draw_pile()
        .iter()
        .chain(state.deck.discard_pile())
    {
        seen.push(*state.deck.card(i).unwrap());
    }
    for p in &state.players {
        seen.extend(&p.hand);
    }
    for b in &state.battles {
        if b.phase != Phase::Closed {
            seen.extend(b.played.iter().map(|p| p.card));
        }
    }
    seen.sort_unstable();
    let all: Vec<CardNo> = state.deck.cards().to_vec();
    assert_eq!(seen, all, "cards were created or lost");
}

/// The battle with this number.
pub fn battle(state: &ClanWarState, id: u32) -> &Battle {
    state.battles.iter().find(|b| b.id == id).unwrap()
}

/// The card effects among the events.
pub fn effects(events: &[Visible<ClanWarEvent>]) -> Vec<CardEffect> {
    events
        .iter()
        .filter_map(|e| match &e.event {
            ClanWarEvent::Effect { effect, .. } => Some(*effect),
            _ => None,
        })
        .collect()
}

/// The winner of battle `id`.
pub fn winner(state: &ClanWarState, id: u32) -> Option<BattleResult> {
    battle(state, id).result
}
