//! Scripted-play helpers: a test card pool with round numbers, armies, and acting by text.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![allow(dead_code)] // each test file uses its own part of the helpers

pub use pbp_core::engine::testing::Kind;
use pbp_core::engine::testing::{self, Contract, Refusal, Rolls};
use pbp_core::{
    SeededDice,
    engine::{Actor, Game, Seat},
};
use pbp_three_kingdoms::{
    ArmyChoice, ArmySpec, CardDef, CardSet, DeckEntry, Rules, ThreeKingdoms, ThreeKingdomsAction,
    ThreeKingdomsConfig, ThreeKingdomsError, ThreeKingdomsEvent, ThreeKingdomsState,
};

/// Test cards with round numbers and no abilities unless a test needs one.
pub const TEST_CARDS: &str = r#"{"format":"pbp-three-kingdoms-cards","version":1,"set":"test","cards":[
{"id":"t-war-lord","name":"War Lord","faction":"wei","rarity":"C","type":"lord","cost":3,"strength":4000,"traits":["war"]},
{"id":"t-pol-lord","name":"Politics Lord","faction":"wei","rarity":"C","type":"lord","cost":3,"strength":4000,"traits":["politics"]},
{"id":"t-a","name":"General A","faction":"wei","rarity":"C","type":"general","cost":3,"strength":2500,"commander":true},
{"id":"t-b","name":"General B","faction":"wei","rarity":"C","type":"general","cost":2,"strength":2000,"commander":true},
{"id":"t-c","name":"General C","faction":"wei","rarity":"C","type":"general","cost":4,"strength":2000,"commander":true},
{"id":"t-d","name":"General D","faction":"wei","rarity":"C","type":"general","cost":1,"strength":1000},
{"id":"t-giant","name":"Giant","faction":"wei","rarity":"C","type":"general","cost":5,"strength":5000},
{"id":"t-assault-2","name":"Raider","faction":"wei","rarity":"C","type":"general","cost":2,"strength":2000,"traits":["assault"]},
{"id":"t-assault-3","name":"Lancer","faction":"wei","rarity":"C","type":"general","cost":3,"strength":2000,"traits":["assault"]},
{"id":"t-assault-3b","name":"Second Lancer","faction":"wei","rarity":"C","type":"general","cost":3,"strength":2000,"traits":["assault"]},
{"id":"t-defender","name":"Defender","faction":"wei","rarity":"C","type":"general","cost":2,"strength":1500,"traits":["defend"]},
{"id":"t-law","name":"Lawgiver","faction":"wei","rarity":"C","type":"adviser","cost":2,"strength":800,"traits":["law"]},
{"id":"t-ambush","name":"Ambusher","faction":"wei","rarity":"C","type":"adviser","cost":3,"strength":800,"traits":["ambush"]},
{"id":"t-strat","name":"Strategist","faction":"wei","rarity":"C","type":"adviser","cost":1,"strength":500,
 "ability":{"kind":"activated","target":"player","effects":[{"op":"draw","count":1,"player":"you"}]},
 "strategist_ability":{"kind":"activated","target":"own_general","effects":[{"op":"strength","amount":300,"duration":"end_of_turn"}]}},
{"id":"t-aura","name":"Aura","faction":"wei","rarity":"C","type":"adviser","cost":1,"strength":500,
 "ability":{"kind":"passive","target":"all_own_generals","effects":[{"op":"strength","amount":100,"duration":"permanent"}]}},
{"id":"t-strength-eot","name":"Boost","rarity":"C","type":"tactic","cost":1,"target":"own_general","effects":[{"op":"strength","amount":300,"duration":"end_of_turn"}]},
{"id":"t-strength-2","name":"Drill","rarity":"C","type":"strategy","cost":2,"target":"own_general","effects":[{"op":"strength","amount":400,"duration":{"turns":2}}]},
{"id":"t-strength-perm","name":"Veterans","rarity":"C","type":"reinforcement","cost":2,"target":"own_general","effects":[{"op":"strength","amount":200,"duration":"permanent"}]},
{"id":"t-damage","name":"Arrows","rarity":"C","type":"tactic","cost":2,"target":"enemy_general","effects":[{"op":"damage","amount":1000}]},
{"id":"t-big-damage","name":"Fire","rarity":"C","type":"tactic","cost":3,"target":"enemy_general","effects":[{"op":"damage","amount":3000}]},
{"id":"t-draw","name":"Supplies","rarity":"C","type":"tactic","cost":1,"target":"player","effects":[{"op":"draw","count":2,"player":"you"}]},
{"id":"t-discard","name":"Raid","rarity":"C","type":"tactic","cost":1,"target":"player","effects":[{"op":"discard","count":2,"player":"opponent"}]},
{"id":"t-resources","name":"Tribute","rarity":"C","type":"tactic","cost":1,"target":"player","effects":[{"op":"resources","amount":3}]},
{"id":"t-cheap","name":"Farms","rarity":"C","type":"strategy","cost":1,"target":"player","effects":[{"op":"cost_change","amount":-3,"cards":"summon","player":"you","duration":{"turns":1}}]},
{"id":"t-tactic-discount","name":"Planning","rarity":"C","type":"strategy","cost":1,"target":"player","effects":[{"op":"cost_change","amount":-1,"cards":"tactic","player":"you","duration":{"turns":1}}]},
{"id":"t-immune","name":"Discipline","rarity":"C","type":"strategy","cost":1,"target":"own_general","effects":[{"op":"tactic_immunity","max_cost":2,"duration":{"turns":2}}]},
{"id":"t-tap","name":"Discord","rarity":"C","type":"tactic","cost":1,"target":"enemy_character","effects":[{"op":"tap"}]},
{"id":"t-untap","name":"March","rarity":"C","type":"tactic","cost":1,"target":"own_general","effects":[{"op":"untap"}]},
{"id":"t-move","name":"Feint","rarity":"C","type":"tactic","cost":1,"target":"any_general","effects":[{"op":"move"}]},
{"id":"t-protect","name":"Shields","rarity":"C","type":"tactic","cost":1,"target":"own_general","timing":"combat","effects":[{"op":"protect","duration":"end_of_turn"}]},
{"id":"t-grant","name":"Charge","rarity":"C","type":"tactic","cost":1,"target":"own_general","effects":[{"op":"grant","trait":"assault","duration":"end_of_turn"}]},
{"id":"t-rally","name":"Rally","rarity":"C","type":"tactic","cost":1,"target":"own_general","effects":[{"op":"rally"}]},
{"id":"t-combat-boost","name":"Flank","rarity":"C","type":"tactic","cost":1,"target":"own_general","timing":"combat","effects":[{"op":"strength","amount":500,"duration":"end_of_turn"}]},
{"id":"t-title-mil","name":"Vanguard","rarity":"C","type":"title","cost":2,"class":"military","effects":[{"op":"strength","amount":500,"duration":"permanent"}]},
{"id":"t-title-pol","name":"Secretary","rarity":"C","type":"title","cost":3,"class":"political","effects":[{"op":"strength","amount":100,"duration":"permanent"}]},
{"id":"t-event","name":"Omen","rarity":"C","type":"event","cost":0,"target":"all_own_generals","effects":[{"op":"strength","amount":100,"duration":"permanent"}]},
{"id":"t-event-2","name":"Second Omen","rarity":"C","type":"event","cost":0,"target":"player","effects":[{"op":"cost_change","amount":-1,"cards":"tactic","player":"you","duration":"permanent"}]}
]}"#;

/// The test cards.
pub fn test_cards() -> Vec<CardDef> {
    CardSet::from_json(TEST_CARDS)
        .expect("test cards are valid")
        .iter()
        .cloned()
        .collect()
}

/// Two copies of every test card that is not an Event or a Lord, as a deck.
pub fn test_deck() -> Vec<DeckEntry> {
    test_cards()
        .into_iter()
        .filter(|c| {
            !matches!(
                c.card_type,
                pbp_three_kingdoms::CardType::Event | pbp_three_kingdoms::CardType::Lord
            )
        })
        .map(|c| DeckEntry {
            card: c.id,
            copies: 2,
        })
        .collect()
}

/// An army of test cards.
pub fn army(lord: &str, characters: &[&str], commander: Option<&str>) -> ArmySpec {
    ArmySpec {
        name: format!("{lord} army"),
        lord: lord.into(),
        characters: characters.iter().map(|s| s.to_string()).collect(),
        titles: Vec::new(),
        strategist: None,
        commander: commander.map(str::to_owned),
        ambush: Vec::new(),
        events: Vec::new(),
        deck: test_deck(),
    }
}

/// Rules for scripted play: no opening hand, no first-turn draw, small decks allowed.
pub fn rules() -> Rules {
    Rules {
        deck_min: 1,
        deck_max: 100,
        opening_hand: 0,
        first_turn_draw: false,
        ..Rules::default()
    }
}

/// A config of two test armies, seat 0 first.
pub fn config(a: ArmySpec, b: ArmySpec, rules: Rules) -> ThreeKingdomsConfig {
    ThreeKingdomsConfig {
        armies: [
            ArmyChoice::Custom(Box::new(a)),
            ArmyChoice::Custom(Box::new(b)),
        ],
        rules,
        first: Some(Seat(0)),
        extra_cards: test_cards(),
        players: Vec::new(),
    }
}

/// Starts a scripted game.
pub fn start(a: ArmySpec, b: ArmySpec, rules: Rules) -> ThreeKingdomsState {
    ThreeKingdoms::setup(&config(a, b, rules), &mut SeededDice::new(7)).expect("setup")
}

/// The instance of a card of `seat` in play.
pub fn on_field(state: &ThreeKingdomsState, seat: u16, id: &str) -> u32 {
    let p = state.player(Seat(seat));
    p.field
        .iter()
        .map(|c| c.card)
        .find(|&c| p.cards[c as usize] == id)
        .unwrap_or_else(|| panic!("{id} is not in play for seat {seat}"))
}

/// Moves a card of `seat` from the draw pile into the hand; returns its instance.
pub fn give(state: &mut ThreeKingdomsState, seat: u16, id: &str) -> u32 {
    let p = &mut state.players[seat as usize];
    let position = p
        .deck
        .draw_pile()
        .iter()
        .position(|&c| p.cards[c as usize] == id)
        .unwrap_or_else(|| panic!("no {id} left in seat {seat}'s deck"));
    let card = p.deck.draw_at(position as u32 + 1).expect("in the pile");
    p.hand.push(card);
    card
}

/// Gives a card and discards it for its Resource points.
pub fn pay(state: &mut ThreeKingdomsState, seat: u16, id: &str) {
    let card = give(state, seat, id);
    act(state, seat, &format!("discard {card}"));
}

/// What the contract checks of `pbp_core::engine::testing` know of Three Kingdoms: every legal action
/// is listed, interceptions included while at most six Generals may intercept (beyond that,
/// `legal_actions` bounds them at 2,000 and leaves out the largest choices).
pub const CONTRACT: Contract<ThreeKingdoms> = Contract::listing_all().listed(listed);

fn listed(state: &ThreeKingdomsState, actor: Actor, action: &ThreeKingdomsAction) -> bool {
    let ThreeKingdomsAction::Intercept { with } = action else {
        return true;
    };
    // The eligible Generals are the single-General interceptions, always listed.
    let eligible = ThreeKingdoms::legal_actions(state, actor)
        .iter()
        .filter(|a| matches!(a, ThreeKingdomsAction::Intercept { with } if with.len() == 1))
        .count();
    with.len() <= 1 || eligible <= 6
}

/// Applies an action written as text; panics if refused.
pub fn act(state: &mut ThreeKingdomsState, seat: u16, text: &str) -> Vec<ThreeKingdomsEvent> {
    try_act(state, seat, text)
        .unwrap_or_else(|e| panic!("'{text}' by seat {seat} was refused ({}): {e}", e.kind))
}

/// Applies an action written as text with seeded dice, checking the contract
/// (`testing::try_act`: text round trip, legal list, a refusal changes nothing).
pub fn try_act(
    state: &mut ThreeKingdomsState,
    seat: u16,
    text: &str,
) -> Result<Vec<ThreeKingdomsEvent>, Refusal<ThreeKingdomsError>> {
    let actor = Actor::Seat(Seat(seat));
    testing::try_act(&CONTRACT, state, actor, text, Rolls::Seeded(11))
        .map(|events| events.into_iter().map(|v| v.event).collect())
}

/// Asserts an action is refused for this reason; returns the game's error.
pub fn refuse(
    state: &mut ThreeKingdomsState,
    seat: u16,
    text: &str,
    kind: Kind,
) -> ThreeKingdomsError {
    let actor = Actor::Seat(Seat(seat));
    testing::refuse(&CONTRACT, state, actor, text, Rolls::Seeded(11), kind)
}

/// Ends phases until the other seat's Preparation Phase.
pub fn pass_turn(state: &mut ThreeKingdomsState) {
    let seat = state.active.0;
    while state.active.0 == seat && state.ending.is_none() {
        act(state, seat, "end");
    }
}

/// Strength now of a seat's card in play.
pub fn strength(state: &ThreeKingdomsState, seat: u16, id: &str) -> u32 {
    state.strength(Seat(seat), on_field(state, seat, id))
}

/// A seat's character in play, by id.
pub fn ch<'a>(
    state: &'a ThreeKingdomsState,
    seat: u16,
    id: &str,
) -> &'a pbp_three_kingdoms::Character {
    state
        .character(Seat(seat), on_field(state, seat, id))
        .expect("in play")
}

/// Mutable access to a seat's character in play, to arrange a scene.
pub fn ch_mut<'a>(
    state: &'a mut ThreeKingdomsState,
    seat: u16,
    id: &str,
) -> &'a mut pbp_three_kingdoms::Character {
    let card = on_field(state, seat, id);
    state.players[seat as usize]
        .field
        .iter_mut()
        .find(|c| c.card == card)
        .expect("in play")
}

/// Whether a card of `seat` is in its discard pile.
pub fn in_discard(state: &ThreeKingdomsState, seat: u16, id: &str) -> bool {
    let p = state.player(Seat(seat));
    p.discard.iter().any(|&c| p.cards[c as usize] == id)
}
