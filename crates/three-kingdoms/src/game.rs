//! The Game contract for Three Kingdoms: setup, the turn, actions, combat, views.

use std::collections::BTreeMap;

use pbp_core::{Actor, Audience, Deck, Dice, Game, Outcome, Seat, Turn, Viewer, Visible};
use serde::{Deserialize, Serialize};

use crate::army::{ArmyChoice, ArmySpec, preset, title_fits, validate_army};
use crate::cards::{CardSet, CardType, Duration, Effect, Target, Timing, Trait, Whom};
use crate::error::ThreeKingdomsError;
use crate::rules::{AmbushTie, AmbushVisibility, ResourceExpiry, StrengthTie, ThreeKingdomsConfig};
use crate::state::{
    Character, CostMod, Ending, Modifier, Pending, Phase, Player, TargetRef, ThreeKingdomsState,
    Zone, other,
};

/// The Three Kingdoms card game (seed 001).
///
/// `legal_actions` lists every legal action, with one documented exception: for an interception
/// it offers intercepting with nobody, with each eligible General alone, and with all of them in
/// field order; `apply` accepts any set of eligible Generals in any order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThreeKingdoms;

/// One decision of a player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ThreeKingdomsAction {
    /// Discard a card from the hand for Resource points equal to its printed cost.
    Discard {
        /// The card.
        card: u32,
    },
    /// Play a Tactic, Strategy, Reinforcement or Title from the hand.
    Play {
        /// The card.
        card: u32,
        /// The chosen character, for cards that target one (a Title's bearer).
        target: Option<TargetRef>,
    },
    /// Summon a General from the hand into the deployment zone.
    Summon {
        /// The card.
        card: u32,
    },
    /// Revive an Evacuated General from the discard pile, for double its cost.
    Revive {
        /// The card.
        card: u32,
    },
    /// Activate a General's Defend trait.
    Defend {
        /// The General.
        general: u32,
    },
    /// Use a character's activated ability by tapping it.
    Use {
        /// The character.
        character: u32,
        /// Use the Strategist ability rather than the character's own.
        strategist: bool,
        /// The chosen character, for abilities that target one.
        target: Option<TargetRef>,
    },
    /// Move the Lord between the Command and the deployment zone.
    MoveLord,
    /// End the phase: Preparation to Combat, Combat to the End Phase and the next turn.
    End,
    /// Declare an attack.
    Attack {
        /// The attacking character.
        attacker: u32,
        /// The enemy character attacked.
        target: u32,
    },
    /// Intercept the declared attack with these Alert Generals, in order (none to let it through).
    Intercept {
        /// The interceptors.
        with: Vec<u32>,
    },
    /// Follow up on an attacker stopped by interceptors, or not.
    FollowUp {
        /// The General attacking it, if any.
        with: Option<u32>,
    },
}

/// A card named with its id, where its identity is shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardSeen {
    /// Its instance number.
    pub instance: u32,
    /// Its card id.
    pub card: String,
}

/// How a fight ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FightResult {
    /// The attacking side won.
    AttackerWins,
    /// The defending side won.
    DefenderWins,
    /// Both lost.
    BothLose,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ThreeKingdomsEvent {
    /// A seat's turn began.
    TurnBegan {
        /// Whose.
        seat: Seat,
        /// Its number.
        turn: u32,
    },
    /// A phase began.
    PhaseBegan {
        /// Whose.
        seat: Seat,
        /// Which.
        phase: Phase,
    },
    /// A seat drew a card (public).
    Drew {
        /// Who.
        seat: Seat,
    },
    /// The card drawn, told to its owner only.
    DrewCard {
        /// Who.
        seat: Seat,
        /// The card.
        card: CardSeen,
    },
    /// A card drawn into a full hand went to the discard pile.
    Burned {
        /// Whose.
        seat: Seat,
        /// The card.
        card: CardSeen,
    },
    /// A card was discarded for Resource points.
    Discarded {
        /// Who.
        seat: Seat,
        /// The card.
        card: CardSeen,
        /// Points gained.
        resources: u32,
    },
    /// A card was discarded at random by an effect.
    DiscardedAtRandom {
        /// Whose.
        seat: Seat,
        /// The card.
        card: CardSeen,
    },
    /// A card was played.
    Played {
        /// Who.
        seat: Seat,
        /// The card.
        card: CardSeen,
        /// Points paid.
        cost: u32,
        /// Its chosen target.
        target: Option<TargetRef>,
    },
    /// An activated ability was used.
    AbilityUsed {
        /// Whose.
        seat: Seat,
        /// The character.
        character: u32,
        /// Whether it was the Strategist ability.
        strategist: bool,
        /// Its chosen target.
        target: Option<TargetRef>,
    },
    /// An effect primitive took effect.
    EffectApplied {
        /// The character affected, or none for a player-level effect.
        target: Option<TargetRef>,
        /// The effect.
        effect: Effect,
    },
    /// A General (or Adviser) was summoned.
    Summoned {
        /// Who.
        seat: Seat,
        /// The card.
        card: CardSeen,
        /// Points paid.
        cost: u32,
    },
    /// A General was revived.
    Revived {
        /// Who.
        seat: Seat,
        /// The card.
        card: CardSeen,
        /// Points paid.
        cost: u32,
    },
    /// Defend was activated.
    Defending {
        /// The General.
        general: TargetRef,
    },
    /// The Lord moved.
    LordMoved {
        /// Whose.
        seat: Seat,
        /// Where to.
        to: Zone,
        /// Points paid.
        cost: u32,
    },
    /// An attack was declared.
    AttackDeclared {
        /// The attacker.
        attacker: TargetRef,
        /// The character attacked.
        target: TargetRef,
    },
    /// An attack on a hidden Ambush General was foiled.
    AmbushFoiled {
        /// The Ambush General.
        general: TargetRef,
    },
    /// The defender chose interceptors (possibly none).
    Intercepted {
        /// The defender.
        seat: Seat,
        /// The interceptors.
        with: Vec<u32>,
    },
    /// An Ambush General intercepting was decided by cost.
    AmbushSprung {
        /// The Ambush General.
        general: TargetRef,
        /// Whether it won (false: the attacker passed it untouched; it stays untapped).
        won: bool,
    },
    /// Two characters fought.
    Fight {
        /// The attacking side.
        attacker: TargetRef,
        /// The defending side.
        defender: TargetRef,
        /// Their Strengths before the fight.
        strengths: [u32; 2],
        /// Who struck first, if anyone (Assault).
        first_strike: Option<TargetRef>,
        /// The result.
        result: FightResult,
        /// Their Strengths after.
        remaining: [u32; 2],
    },
    /// A character became Vulnerable.
    Vulnerable {
        /// Who.
        who: TargetRef,
    },
    /// A character was Evacuated (a General to the discard pile, an Adviser out of the game).
    Evacuated {
        /// Who.
        who: TargetRef,
        /// Whether it left the game (Advisers).
        removed: bool,
    },
    /// A Commander was Evacuated, taking every General with it.
    CommanderFell {
        /// Whose.
        seat: Seat,
    },
    /// An attacker advanced into the enemy's deployment zone.
    Advanced {
        /// Who.
        who: TargetRef,
    },
    /// An attacker was stopped by interceptors (not Vulnerable, does not advance).
    Stopped {
        /// Who.
        who: TargetRef,
    },
    /// The defender chose whether to follow up.
    FollowUpChosen {
        /// The defender.
        seat: Seat,
        /// The General following up, if any.
        with: Option<u32>,
    },
    /// The End Phase: effects ended, Strength regained, points lost.
    EndPhase {
        /// Whose.
        seat: Seat,
    },
    /// The game master acted for the absent player of `seat` (the events that follow are that
    /// action's).
    GameMasterActs {
        /// For whom.
        seat: Seat,
    },
    /// The game ended.
    GameOver {
        /// The winner; none for a draw (both Lords fell at once).
        winner: Option<Seat>,
        /// Why.
        reason: String,
    },
}

/// A character as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CharacterView {
    /// Instance number.
    pub instance: u32,
    /// Card id.
    pub card: String,
    /// Whether it is in Ambush (`None`: hidden from this viewer).
    pub ambush: Option<bool>,
    /// Name.
    pub name: String,
    /// Lord, General or Adviser.
    pub card_type: CardType,
    /// Where it stands.
    pub zone: Zone,
    /// Strength now.
    pub strength: u32,
    /// Maximum Strength now.
    pub max_strength: u32,
    /// Printed cost.
    pub cost: u8,
    /// Vulnerable rather than Alert.
    pub vulnerable: bool,
    /// Tapped.
    pub tapped: bool,
    /// Defend active.
    pub defending: bool,
    /// Entered play this turn.
    pub fresh: bool,
    /// Traits, printed and granted.
    pub traits: Vec<Trait>,
    /// Titles held.
    pub titles: Vec<CardSeen>,
    /// Highest Tactic cost ignored.
    pub tactic_immunity: u8,
    /// Protected.
    pub protected: bool,
    /// The Commander.
    pub commander: bool,
    /// The Strategist.
    pub strategist: bool,
}

/// One side as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The seat.
    pub seat: Seat,
    /// The seat's label, as people name it: its faction (`Wei`), or its Lord's name when both
    /// armies share a faction.
    pub label: String,
    /// The deck's remaining cards (game master only).
    pub draw_pile: Option<Vec<CardSeen>>,
    /// The hand (own seat and game master only).
    pub hand: Option<Vec<CardSeen>>,
    /// The army's name.
    pub army: String,
    /// Cards left in the deck.
    pub deck_count: u32,
    /// Cards in hand.
    pub hand_count: u32,
    /// The discard pile, oldest first.
    pub discard: Vec<CardSeen>,
    /// Cards removed from the game.
    pub removed: Vec<CardSeen>,
    /// The Event played.
    pub event: Option<CardSeen>,
    /// Characters in play.
    pub field: Vec<CharacterView>,
    /// Resource points in the pool.
    pub resources: u32,
    /// Whether the Commander is Evacuated (the Command may be attacked).
    pub commander_evacuated: bool,
}

/// What a viewer sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreeKingdomsView {
    /// Who looks.
    pub viewer: Viewer,
    /// The turn number.
    pub turn: u32,
    /// Whose turn.
    pub active: Seat,
    /// The phase.
    pub phase: Phase,
    /// A decision owed by the defender.
    pub pending: Option<Pending>,
    /// The end, if reached.
    pub ending: Option<Ending>,
    /// Both sides.
    pub players: Vec<PlayerView>,
    /// The printed name of every card id this view shows, for renderers (card ids without a
    /// definition are left out and show as their id).
    pub card_names: BTreeMap<String, String>,
}

impl ThreeKingdomsView {
    /// The printed name of a card this view shows, or its id if the card has no definition.
    pub fn card_name<'a>(&'a self, card: &'a CardSeen) -> &'a str {
        self.card_names
            .get(&card.card)
            .map_or(&card.card, String::as_str)
    }

    /// A seat's label (`Wei`), or `seat N` for a seat the view does not hold.
    pub fn seat_name(&self, seat: Seat) -> String {
        self.players
            .iter()
            .find(|p| p.seat == seat)
            .map_or_else(|| format!("seat {seat}"), |p| p.label.clone())
    }

    /// The name of a seat's card by its instance number, wherever this view shows it (field,
    /// discard pile, removed cards, a hand or draw pile the viewer may see); `None` for a card
    /// the viewer may not see.
    pub fn instance_name(&self, seat: Seat, instance: u32) -> Option<String> {
        let p = self.players.iter().find(|p| p.seat == seat)?;
        if let Some(c) = p.field.iter().find(|c| c.instance == instance) {
            return Some(c.name.clone());
        }
        let lists = [
            Some(&p.discard[..]),
            Some(&p.removed[..]),
            p.hand.as_deref(),
            p.draw_pile.as_deref(),
            p.event.as_ref().map(std::slice::from_ref),
        ];
        lists
            .into_iter()
            .flatten()
            .flatten()
            .chain(p.field.iter().flat_map(|c| c.titles.iter()))
            .find(|c| c.instance == instance)
            .map(|c| self.card_name(c).to_owned())
    }

    /// A character as people name it: `Xiahou Dun (Wei)`.
    pub fn character(&self, t: TargetRef) -> String {
        let name = self
            .instance_name(t.seat, t.card)
            .unwrap_or_else(|| "a character".to_owned());
        format!("{name} ({})", self.seat_name(t.seat))
    }
}

/// The names of the cards a view shows, from the card definitions.
fn card_names(state: &ThreeKingdomsState, players: &[PlayerView]) -> BTreeMap<String, String> {
    let mut ids: Vec<&str> = Vec::new();
    for p in players {
        let lists = [
            p.draw_pile.as_deref(),
            p.hand.as_deref(),
            Some(&p.discard[..]),
            Some(&p.removed[..]),
        ];
        ids.extend(
            lists
                .into_iter()
                .flatten()
                .flatten()
                .map(|c| c.card.as_str()),
        );
        ids.extend(p.event.iter().map(|c| c.card.as_str()));
        for ch in &p.field {
            ids.push(ch.card.as_str());
            ids.extend(ch.titles.iter().map(|c| c.card.as_str()));
        }
    }
    ids.into_iter()
        .filter_map(|id| Some((id.to_owned(), state.defs.get(id)?.name.clone())))
        .collect()
}

fn seen(state: &ThreeKingdomsState, seat: Seat, card: u32) -> CardSeen {
    CardSeen {
        instance: card,
        card: state
            .player(seat)
            .cards
            .get(card as usize)
            .cloned()
            .unwrap_or_default(),
    }
}

fn tr(seat: Seat, card: u32) -> TargetRef {
    TargetRef { seat, card }
}

type Events = Vec<Visible<ThreeKingdomsEvent>>;

fn public(events: &mut Events, e: ThreeKingdomsEvent) {
    events.push(Visible::public(e));
}

fn expiry(state: &ThreeKingdomsState, d: Duration) -> Option<u32> {
    match d {
        Duration::EndOfTurn => Some(state.turn),
        Duration::Turns(n) => Some(state.turn + 2 * u32::from(n.max(1) - 1)),
        Duration::Permanent => None,
    }
}

fn check_seat(seat: Seat) -> Result<(), ThreeKingdomsError> {
    if seat.0 > 1 {
        return Err(ThreeKingdomsError::not_your_turn(seat));
    }
    Ok(())
}

/// Builds a seat's side from a legal army.
fn build_player(
    state_defs: &mut BTreeMap<String, crate::cards::CardDef>,
    cards: &CardSet,
    army: &ArmySpec,
) -> Player {
    let mut ids: Vec<String> = Vec::new();
    ids.push(army.lord.clone());
    ids.extend(army.characters.iter().cloned());
    ids.extend(army.titles.iter().map(|t| t.title.clone()));
    ids.extend(army.events.iter().cloned());
    let army_len = ids.len() as u32;
    for entry in &army.deck {
        for _ in 0..entry.copies {
            ids.push(entry.card.clone());
        }
    }
    for id in &ids {
        if let Some(d) = cards.get(id) {
            state_defs.insert(id.clone(), d.clone());
        }
    }
    let mut deck = Deck::new((0..ids.len() as u32).collect());
    // The army's cards are out of the deck from the start: take positions 1..army_len.
    for _ in 0..army_len {
        let _ = deck.draw_at(1);
    }
    let index_of = |id: &str| army.characters.iter().position(|c| c == id);
    let mut field = vec![Character::new(0, Zone::Command)];
    for (i, id) in army.characters.iter().enumerate() {
        let card = 1 + i as u32;
        let zone = match cards.get(id).map(|d| d.card_type) {
            Some(CardType::General) => Zone::Home,
            _ => Zone::Command,
        };
        let mut ch = Character::new(card, zone);
        ch.ambush = army.ambush.contains(id);
        field.push(ch);
    }
    let titles_start = 1 + army.characters.len() as u32;
    for (i, grant) in army.titles.iter().enumerate() {
        let title = titles_start + i as u32;
        let bearer = if grant.on == army.lord {
            Some(0)
        } else {
            index_of(&grant.on).map(|p| 1 + p as u32)
        };
        if let Some(b) = bearer
            && let Some(ch) = field.iter_mut().find(|c| c.card == b)
        {
            ch.titles.push(title);
        }
    }
    let event = army
        .events
        .first()
        .map(|_| titles_start + army.titles.len() as u32);
    Player {
        army: army.name.clone(),
        commander: army
            .commander
            .as_deref()
            .and_then(index_of)
            .map(|p| 1 + p as u32),
        strategist: army
            .strategist
            .as_deref()
            .and_then(index_of)
            .map(|p| 1 + p as u32),
        cards: ids,
        deck,
        hand: Vec::new(),
        discard: Vec::new(),
        removed: Vec::new(),
        field,
        lord: 0,
        event,
        resources: 0,
        lord_moved: false,
        commander_fell: None,
    }
}

impl ThreeKingdoms {
    /// Ends the match: `winner` wins, or none (both Lords fell at once) for a draw.
    fn end_game(
        state: &mut ThreeKingdomsState,
        winner: Option<Seat>,
        reason: String,
        events: &mut Events,
    ) {
        if state.ending.is_some() {
            return;
        }
        state.ending = Some(Ending {
            winner,
            reason: reason.clone(),
        });
        state.pending = None;
        public(events, ThreeKingdomsEvent::GameOver { winner, reason });
    }

    /// Draws one card for `seat`; an empty deck loses the match.
    fn draw(
        state: &mut ThreeKingdomsState,
        seat: Seat,
        dice: &mut dyn Dice,
        events: &mut Events,
    ) -> Result<(), ThreeKingdomsError> {
        if state.ending.is_some() {
            return Ok(());
        }
        if state.player(seat).deck.remaining() == 0 {
            let reason = format!(
                "{} had to draw from an empty deck",
                Self::seat_label(state, seat)
            );
            Self::end_game(state, Some(other(seat)), reason, events);
            return Ok(());
        }
        let limit = usize::from(state.rules.hand_limit);
        let card = state.player_mut(seat).deck.draw(dice)?;
        let shown = seen(state, seat, card);
        let p = state.player_mut(seat);
        if p.hand.len() >= limit {
            p.discard.push(card);
            public(events, ThreeKingdomsEvent::Drew { seat });
            public(events, ThreeKingdomsEvent::Burned { seat, card: shown });
        } else {
            p.hand.push(card);
            public(events, ThreeKingdomsEvent::Drew { seat });
            events.push(Visible {
                audience: Audience::only(seat),
                event: ThreeKingdomsEvent::DrewCard { seat, card: shown },
            });
        }
        Ok(())
    }

    fn start_turn(
        state: &mut ThreeKingdomsState,
        seat: Seat,
        dice: &mut dyn Dice,
        events: &mut Events,
    ) -> Result<(), ThreeKingdomsError> {
        state.active = seat;
        state.turn += 1;
        state.phase = Phase::Preparation;
        let p = state.player_mut(seat);
        p.resources = 0;
        p.lord_moved = false;
        for ch in &mut p.field {
            ch.tapped = false;
            ch.vulnerable = false;
            ch.defending = false;
            ch.fresh = false;
            ch.ability_used = false;
        }
        public(
            events,
            ThreeKingdomsEvent::TurnBegan {
                seat,
                turn: state.turn,
            },
        );
        if state.turn > 1 || state.rules.first_turn_draw {
            Self::draw(state, seat, dice, events)?;
        }
        public(
            events,
            ThreeKingdomsEvent::PhaseBegan {
                seat,
                phase: Phase::Preparation,
            },
        );
        Ok(())
    }

    fn end_phase(state: &mut ThreeKingdomsState, events: &mut Events) {
        let turn = state.turn;
        let keep = |e: Option<u32>| e.is_none_or(|t| t > turn);
        for p in &mut state.players {
            p.resources = 0;
            for ch in &mut p.field {
                ch.mods.retain(|m| keep(m.expires));
            }
        }
        state.cost_mods.retain(|m| keep(m.expires));
        for seat in [Seat(0), Seat(1)] {
            let lord = state.player(seat).lord;
            for ch in &mut state.player_mut(seat).field {
                if ch.card != lord {
                    ch.damage = 0;
                }
            }
        }
        public(events, ThreeKingdomsEvent::EndPhase { seat: state.active });
    }

    /// Evacuates a character: Generals to the discard pile, Advisers out of the game, Titles to
    /// the discard pile; a Commander takes every General with it.
    fn evacuate(state: &mut ThreeKingdomsState, seat: Seat, card: u32, events: &mut Events) {
        let Some(i) = state.find(seat, card) else {
            return;
        };
        if card == state.player(seat).lord {
            return;
        }
        let kind = state.card_type(seat, card);
        let p = state.player_mut(seat);
        let ch = p.field.remove(i);
        p.discard.extend(ch.titles.iter().copied());
        let removed = kind == Some(CardType::Adviser);
        if removed {
            p.removed.push(card);
        } else {
            p.discard.push(card);
        }
        public(
            events,
            ThreeKingdomsEvent::Evacuated {
                who: tr(seat, card),
                removed,
            },
        );
        if state.player(seat).commander == Some(card) {
            let turn = state.turn;
            state.player_mut(seat).commander_fell = Some(turn);
            public(events, ThreeKingdomsEvent::CommanderFell { seat });
            let generals: Vec<u32> = state
                .player(seat)
                .field
                .iter()
                .map(|c| c.card)
                .filter(|&c| state.card_type(seat, c) == Some(CardType::General))
                .collect();
            for g in generals {
                Self::evacuate(state, seat, g, events);
            }
        }
    }

    /// A character lost a fight or was damaged to 0: Vulnerable, or Evacuated if it already was.
    fn lose(state: &mut ThreeKingdomsState, seat: Seat, card: u32, events: &mut Events) {
        if card == state.player(seat).lord {
            return;
        }
        let Some(ch) = state.character_mut(seat, card) else {
            return;
        };
        if ch.vulnerable {
            Self::evacuate(state, seat, card, events);
        } else {
            ch.vulnerable = true;
            public(
                events,
                ThreeKingdomsEvent::Vulnerable {
                    who: tr(seat, card),
                },
            );
        }
    }

    fn set_strength_zero(state: &mut ThreeKingdomsState, seat: Seat, card: u32) {
        let max = state.max_strength(seat, card);
        if let Some(ch) = state.character_mut(seat, card) {
            ch.damage = ch.damage.max(max);
        }
    }

    fn take_damage(state: &mut ThreeKingdomsState, seat: Seat, card: u32, amount: u32) {
        if let Some(ch) = state.character_mut(seat, card) {
            ch.damage = ch.damage.saturating_add(amount);
        }
    }

    /// Resolves one fight; applies the damage (not the consequences of losing).
    ///
    /// `fresh` says, for the attacker and the defender, whether the character tapped to fight
    /// this very fight (to attack, intercept or follow up): it fights with its traits. A
    /// character that was already tapped has none (the seed's Q&A: a tapped character's
    /// abilities cannot be used, Generals' as Advisers').
    fn fight(
        state: &mut ThreeKingdomsState,
        att: TargetRef,
        def: TargetRef,
        fresh: [bool; 2],
        events: &mut Events,
    ) -> FightResult {
        let sa = state.strength(att.seat, att.card);
        let sd = state.strength(def.seat, def.card);
        let assault = |t: TargetRef, fresh: bool| {
            state.has_trait(t.seat, t.card, Trait::Assault)
                && (fresh || state.character(t.seat, t.card).is_some_and(|c| !c.tapped))
        };
        let aa = assault(att, fresh[0]);
        let ad = assault(def, fresh[1]);
        let first = match (aa, ad) {
            (true, false) => Some(att),
            (false, true) => Some(def),
            (true, true) => {
                let ca = state.printed_cost(att.seat, att.card);
                let cd = state.printed_cost(def.seat, def.card);
                match ca.cmp(&cd) {
                    std::cmp::Ordering::Greater => Some(att),
                    std::cmp::Ordering::Less => Some(def),
                    std::cmp::Ordering::Equal => None,
                }
            }
            (false, false) => None,
        };
        let result = match first {
            Some(f) => {
                let (sf, so) = if f == att { (sa, sd) } else { (sd, sa) };
                let o = if f == att { def } else { att };
                if sf >= so {
                    Self::set_strength_zero(state, o.seat, o.card);
                    if f == att {
                        FightResult::AttackerWins
                    } else {
                        FightResult::DefenderWins
                    }
                } else {
                    Self::take_damage(state, o.seat, o.card, sf);
                    Self::set_strength_zero(state, f.seat, f.card);
                    if o == att {
                        FightResult::AttackerWins
                    } else {
                        FightResult::DefenderWins
                    }
                }
            }
            None => {
                let result = match sa.cmp(&sd) {
                    std::cmp::Ordering::Greater => FightResult::AttackerWins,
                    std::cmp::Ordering::Less => FightResult::DefenderWins,
                    std::cmp::Ordering::Equal => match state.rules.strength_tie {
                        StrengthTie::BothLose => FightResult::BothLose,
                        StrengthTie::DefenderWins => FightResult::DefenderWins,
                        StrengthTie::AttackerWins => FightResult::AttackerWins,
                    },
                };
                match result {
                    FightResult::AttackerWins => {
                        Self::take_damage(state, att.seat, att.card, sd);
                        Self::set_strength_zero(state, def.seat, def.card);
                    }
                    FightResult::DefenderWins => {
                        Self::take_damage(state, def.seat, def.card, sa);
                        Self::set_strength_zero(state, att.seat, att.card);
                    }
                    FightResult::BothLose => {
                        Self::set_strength_zero(state, att.seat, att.card);
                        Self::set_strength_zero(state, def.seat, def.card);
                    }
                }
                result
            }
        };
        let remaining = [
            state.strength(att.seat, att.card),
            state.strength(def.seat, def.card),
        ];
        public(
            events,
            ThreeKingdomsEvent::Fight {
                attacker: att,
                defender: def,
                strengths: [sa, sd],
                first_strike: first,
                result,
                remaining,
            },
        );
        result
    }

    /// A Lord at 0 Strength loses the match. Both seats are checked together, so when one fight
    /// (or one effect) brings both Lords to 0 at once, neither seat is favoured: a draw.
    fn check_lords(state: &mut ThreeKingdomsState, events: &mut Events) {
        let fallen = [Seat(0), Seat(1)].map(|seat| {
            let lord = state.player(seat).lord;
            state.strength(seat, lord) == 0
        });
        let name = |state: &ThreeKingdomsState, seat: Seat| Self::seat_label(state, seat);
        match fallen {
            [true, true] => {
                let reason = format!(
                    "both Lords fell to 0 Strength at once ({} and {}): a draw",
                    name(state, Seat(0)),
                    name(state, Seat(1))
                );
                Self::end_game(state, None, reason, events);
            }
            [true, false] | [false, true] => {
                let seat = if fallen[0] { Seat(0) } else { Seat(1) };
                let reason = format!("{}'s Lord fell to 0 Strength", name(state, seat));
                Self::end_game(state, Some(other(seat)), reason, events);
            }
            [false, false] => {}
        }
    }

    fn advance(state: &mut ThreeKingdomsState, who: TargetRef, events: &mut Events) {
        if state.card_type(who.seat, who.card) != Some(CardType::General) {
            return;
        }
        if let Some(ch) = state.character_mut(who.seat, who.card) {
            ch.zone = Zone::Front;
            public(events, ThreeKingdomsEvent::Advanced { who });
        }
    }

    // ---- Legality ----

    /// Whether a character may declare an attack (or a follow-up) now, on its owner's behalf.
    fn can_attack(state: &ThreeKingdomsState, seat: Seat, card: u32) -> bool {
        let Some(ch) = state.character(seat, card) else {
            return false;
        };
        let kind = state.card_type(seat, card);
        let placed = match kind {
            Some(CardType::General) => matches!(ch.zone, Zone::Home | Zone::Front),
            Some(CardType::Lord) => ch.zone == Zone::Home,
            _ => false,
        };
        placed && !ch.tapped && !ch.vulnerable && !ch.defending && !ch.ambush
    }

    /// Whether an enemy character may be chosen as the target of `attacker`'s attack.
    fn can_be_attacked(state: &ThreeKingdomsState, attacker: TargetRef, target: TargetRef) -> bool {
        let Some(ch) = state.character(target.seat, target.card) else {
            return false;
        };
        if ch.defending || state.protected(target.seat, target.card) {
            return false;
        }
        let hidden_ambush = state.rules.ambush == AmbushVisibility::Secret && !ch.ambush_revealed;
        if ch.ambush && !hidden_ambush {
            return false;
        }
        match (state.card_type(target.seat, target.card), ch.zone) {
            (Some(CardType::General), _) | (Some(CardType::Lord), Zone::Home) => true,
            (Some(CardType::Lord | CardType::Adviser), Zone::Command) => {
                state.command_open(target.seat)
                    && (!state.rules.command_attack_from_front
                        || state
                            .character(attacker.seat, attacker.card)
                            .is_some_and(|a| a.zone == Zone::Front))
            }
            _ => false,
        }
    }

    fn can_intercept(state: &ThreeKingdomsState, seat: Seat, card: u32, target: TargetRef) -> bool {
        let Some(ch) = state.character(seat, card) else {
            return false;
        };
        let kind = state.card_type(seat, card);
        matches!(kind, Some(CardType::General | CardType::Lord))
            && ch.zone == Zone::Home
            && !ch.tapped
            && !ch.vulnerable
            && !(target.seat == seat && target.card == card)
    }

    /// The characters a single-target card or ability may choose. `tactic_cost` is the printed
    /// cost of a Tactic (for immunity); `title` checks a Title's class.
    fn single_targets(
        state: &ThreeKingdomsState,
        seat: Seat,
        target: Target,
        tactic_cost: Option<u8>,
        title: Option<crate::cards::TitleClass>,
    ) -> Vec<TargetRef> {
        let mut out = Vec::new();
        for s in [Seat(0), Seat(1)] {
            let own = s == seat;
            for ch in &state.player(s).field {
                let Some(kind) = state.card_type(s, ch.card) else {
                    continue;
                };
                let general = kind == CardType::General;
                let character = matches!(kind, CardType::General | CardType::Adviser);
                let ok = match (target, title.is_some()) {
                    (_, true) => own && character && title_fits(title, kind, &state.rules),
                    (Target::OwnGeneral, _) => own && general,
                    (Target::EnemyGeneral, _) => !own && general,
                    (Target::AnyGeneral, _) => general,
                    (Target::OwnCharacter, _) => own && character,
                    (Target::EnemyCharacter, _) => !own && character,
                    _ => false,
                };
                if !ok {
                    continue;
                }
                if !own {
                    if state.protected(s, ch.card) {
                        continue;
                    }
                    if let Some(c) = tactic_cost
                        && state.tactic_immunity(s, ch.card) >= c
                    {
                        continue;
                    }
                }
                out.push(tr(s, ch.card));
            }
        }
        out
    }

    /// Checks an action of the acting seat without changing anything.
    fn validate(
        state: &ThreeKingdomsState,
        seat: Seat,
        action: &ThreeKingdomsAction,
    ) -> Result<(), ThreeKingdomsError> {
        let illegal = |s: &str| Err(ThreeKingdomsError::illegal(s));
        let p = state.player(seat);
        let active = seat == state.active;
        let prep = active && state.phase == Phase::Preparation && state.pending.is_none();
        let combat = active && state.phase == Phase::Combat && state.pending.is_none();
        match action {
            ThreeKingdomsAction::Intercept { with } => {
                let Some(Pending::Intercept { target, .. }) = &state.pending else {
                    return illegal("no attack is waiting for interception");
                };
                if active {
                    return illegal("only the defender intercepts");
                }
                for (i, &g) in with.iter().enumerate() {
                    if with[..i].contains(&g) {
                        return illegal("a General intercepts once");
                    }
                    if !Self::can_intercept(state, seat, g, *target) {
                        return illegal(
                            "only your Alert, untapped Generals in your deployment zone, other than the target, intercept",
                        );
                    }
                }
                Ok(())
            }
            ThreeKingdomsAction::FollowUp { with } => {
                let Some(Pending::FollowUp { .. }) = &state.pending else {
                    return illegal("no follow-up attack is possible now");
                };
                if active {
                    return illegal("only the defender follows up");
                }
                match with {
                    Some(g) if !Self::can_attack(state, seat, *g) => {
                        illegal("that character cannot attack now")
                    }
                    _ => Ok(()),
                }
            }
            _ if state.pending.is_some() => illegal("the defender must decide first"),
            _ if !active => Err(ThreeKingdomsError::not_your_turn(seat)),
            ThreeKingdomsAction::End => Ok(()),
            ThreeKingdomsAction::Discard { card } => {
                let when =
                    prep || (combat && state.rules.resource_expiry == ResourceExpiry::EndOfPhase);
                if !when {
                    return illegal("cards are discarded for resources in the Preparation Phase");
                }
                if !p.hand.contains(card) {
                    return illegal("that card is not in your hand");
                }
                Ok(())
            }
            ThreeKingdomsAction::Play { card, target } => {
                if !p.hand.contains(card) {
                    return illegal("that card is not in your hand");
                }
                let Some(d) = state.def(seat, *card) else {
                    return illegal("unknown card");
                };
                let in_phase = match d.card_type {
                    CardType::Tactic => match d.tactic_timing() {
                        Timing::Preparation => prep,
                        Timing::Combat => combat,
                    },
                    CardType::Strategy | CardType::Title | CardType::Reinforcement => prep,
                    _ => {
                        return illegal(
                            "only Tactics, Strategies, Titles and Reinforcements are played",
                        );
                    }
                };
                if !in_phase {
                    return illegal("that card cannot be played in this phase");
                }
                if state.play_cost(seat, *card) > p.resources {
                    return illegal("not enough Resource points");
                }
                let (spec, title) = match d.card_type {
                    CardType::Title => (Target::Bearer, d.class),
                    _ => (d.target.unwrap_or(Target::Player), None),
                };
                let tactic = (d.card_type == CardType::Tactic).then_some(d.cost);
                Self::check_target(state, seat, spec, tactic, title, *target)
            }
            ThreeKingdomsAction::Use {
                character,
                strategist,
                target,
            } => {
                if !prep {
                    return illegal("abilities are used in the Preparation Phase");
                }
                let Some(ch) = state.character(seat, *character) else {
                    return illegal("that character is not in play");
                };
                if ch.tapped || ch.ability_used {
                    return illegal("that character is tapped or has used its ability");
                }
                let Some((a, _)) = state
                    .abilities(seat, *character)
                    .into_iter()
                    .find(|(_, s)| s == strategist)
                else {
                    return illegal("that character has no such ability");
                };
                if a.kind != crate::cards::AbilityKind::Activated {
                    return illegal("that ability is passive");
                }
                if a.target == Target::Bearer {
                    return if target.is_none() {
                        Ok(())
                    } else {
                        illegal("that ability acts on its bearer")
                    };
                }
                Self::check_target(state, seat, a.target, None, None, *target)
            }
            ThreeKingdomsAction::Summon { card } => {
                if !prep {
                    return illegal("summoning is done in the Preparation Phase");
                }
                if !p.hand.contains(card) {
                    return illegal("that card is not in your hand");
                }
                let kind = state.card_type(seat, *card);
                let adviser_ok = kind == Some(CardType::Adviser)
                    && state.politics_lord(seat)
                    && state.rules.politics == crate::rules::PoliticsRule::SummonAdvisers;
                if kind != Some(CardType::General) && !adviser_ok {
                    return illegal("only Generals are summoned");
                }
                Self::check_unique(state, seat, *card)?;
                if state.summon_cost(seat, *card) > p.resources {
                    return illegal("not enough Resource points");
                }
                Ok(())
            }
            ThreeKingdomsAction::Revive { card } => {
                if !prep {
                    return illegal("reviving is done in the Preparation Phase");
                }
                if !p.discard.contains(card)
                    || state.card_type(seat, *card) != Some(CardType::General)
                {
                    return illegal("only an Evacuated General in your discard pile is revived");
                }
                if let Some(c) = p.commander
                    && c != *card
                    && p.discard.contains(&c)
                {
                    return illegal("the Commander must be revived first");
                }
                Self::check_unique(state, seat, *card)?;
                if state.revive_cost(seat, *card) > p.resources {
                    return illegal("not enough Resource points: reviving costs double");
                }
                Ok(())
            }
            ThreeKingdomsAction::Defend { general } => {
                if !prep {
                    return illegal("Defend is activated in the Preparation Phase");
                }
                let Some(ch) = state.character(seat, *general) else {
                    return illegal("that General is not in play");
                };
                if state.card_type(seat, *general) != Some(CardType::General)
                    || !state.has_trait(seat, *general, Trait::Defend)
                    || ch.tapped
                    || ch.defending
                {
                    return illegal("only an untapped General with Defend activates it, once");
                }
                Ok(())
            }
            ThreeKingdomsAction::MoveLord => {
                if !prep {
                    return illegal("the Lord moves in the Preparation Phase");
                }
                if p.lord_moved {
                    return illegal("the Lord moves one way per Preparation Phase");
                }
                if !state.war_lord(seat) && p.resources < 2 {
                    return illegal("a Politics Lord pays 2 Resource points to move");
                }
                Ok(())
            }
            ThreeKingdomsAction::Attack { attacker, target } => {
                if !combat {
                    return illegal("attacks are declared in the Combat Phase");
                }
                if !Self::can_attack(state, seat, *attacker) {
                    return illegal("that character cannot attack now");
                }
                if state
                    .character(seat, *attacker)
                    .is_some_and(|c| c.fresh && !state.rules.attack_when_summoned)
                {
                    return illegal("a General cannot attack in the turn it entered play");
                }
                if !Self::can_be_attacked(state, tr(seat, *attacker), tr(other(seat), *target)) {
                    return illegal("that character cannot be attacked");
                }
                Ok(())
            }
        }
    }

    fn check_unique(
        state: &ThreeKingdomsState,
        seat: Seat,
        card: u32,
    ) -> Result<(), ThreeKingdomsError> {
        let cards = &state.player(seat).cards;
        let id = cards.get(card as usize);
        if state
            .player(seat)
            .field
            .iter()
            .any(|c| cards.get(c.card as usize) == id)
        {
            return Err(ThreeKingdomsError::illegal(
                "that character is already in play",
            ));
        }
        Ok(())
    }

    fn check_target(
        state: &ThreeKingdomsState,
        seat: Seat,
        spec: Target,
        tactic: Option<u8>,
        title: Option<crate::cards::TitleClass>,
        target: Option<TargetRef>,
    ) -> Result<(), ThreeKingdomsError> {
        if spec.is_single() || title.is_some() {
            let Some(t) = target else {
                return Err(ThreeKingdomsError::illegal("choose a target"));
            };
            if !Self::single_targets(state, seat, spec, tactic, title).contains(&t) {
                return Err(ThreeKingdomsError::illegal("that target cannot be chosen"));
            }
            Ok(())
        } else if target.is_some() {
            Err(ThreeKingdomsError::illegal("that card takes no target"))
        } else {
            Ok(())
        }
    }

    // ---- Effects ----

    #[allow(clippy::too_many_arguments)] // the source, its owner and its target all matter
    fn apply_effects(
        state: &mut ThreeKingdomsState,
        seat: Seat,
        spec: Target,
        target: Option<TargetRef>,
        bearer: Option<u32>,
        tactic: Option<u8>,
        effects: &[Effect],
        dice: &mut dyn Dice,
        events: &mut Events,
    ) -> Result<(), ThreeKingdomsError> {
        let enemy = other(seat);
        let generals_of = |state: &ThreeKingdomsState, s: Seat| -> Vec<TargetRef> {
            state
                .player(s)
                .field
                .iter()
                .filter(|c| state.card_type(s, c.card) == Some(CardType::General))
                .filter(|c| {
                    s == seat
                        || (!state.protected(s, c.card)
                            && tactic.is_none_or(|t| state.tactic_immunity(s, c.card) < t))
                })
                .map(|c| tr(s, c.card))
                .collect()
        };
        let targets: Vec<TargetRef> = match spec {
            Target::Bearer => bearer.map(|b| tr(seat, b)).into_iter().collect(),
            Target::AllOwnGenerals => generals_of(state, seat),
            Target::AllEnemyGenerals => generals_of(state, enemy),
            Target::Player => Vec::new(),
            _ => target.into_iter().collect(),
        };
        for effect in effects {
            if state.ending.is_some() {
                break;
            }
            if !effect.on_character() {
                Self::player_effect(state, seat, effect, dice, events)?;
                continue;
            }
            for &t in &targets {
                if state.character(t.seat, t.card).is_none() {
                    continue;
                }
                Self::character_effect(state, t, effect, events);
            }
        }
        Ok(())
    }

    fn player_effect(
        state: &mut ThreeKingdomsState,
        seat: Seat,
        effect: &Effect,
        dice: &mut dyn Dice,
        events: &mut Events,
    ) -> Result<(), ThreeKingdomsError> {
        let whom = |w: Whom| if w == Whom::You { seat } else { other(seat) };
        public(
            events,
            ThreeKingdomsEvent::EffectApplied {
                target: None,
                effect: effect.clone(),
            },
        );
        match effect {
            Effect::Draw { count, player } => {
                for _ in 0..*count {
                    Self::draw(state, whom(*player), dice, events)?;
                }
            }
            Effect::Discard { count, player } => {
                let s = whom(*player);
                for _ in 0..*count {
                    let n = state.player(s).hand.len() as u32;
                    if n == 0 {
                        break;
                    }
                    let at = dice.roll(n)? as usize - 1;
                    let card = state.player_mut(s).hand.remove(at);
                    state.player_mut(s).discard.push(card);
                    let shown = seen(state, s, card);
                    public(
                        events,
                        ThreeKingdomsEvent::DiscardedAtRandom {
                            seat: s,
                            card: shown,
                        },
                    );
                }
            }
            Effect::Resources { amount } => {
                state.player_mut(seat).resources += u32::from(*amount);
            }
            Effect::CostChange {
                amount,
                cards,
                player,
                duration,
            } => {
                let expires = expiry(state, *duration);
                state.cost_mods.push(CostMod {
                    seat: whom(*player),
                    cards: *cards,
                    amount: *amount,
                    expires,
                });
            }
            _ => {}
        }
        Ok(())
    }

    fn character_effect(
        state: &mut ThreeKingdomsState,
        t: TargetRef,
        effect: &Effect,
        events: &mut Events,
    ) {
        let is_lord = t.card == state.player(t.seat).lord;
        let kind = state.card_type(t.seat, t.card);
        public(
            events,
            ThreeKingdomsEvent::EffectApplied {
                target: Some(t),
                effect: effect.clone(),
            },
        );
        let expires = effect.duration().and_then(|d| expiry(state, d));
        match effect {
            Effect::Strength { .. }
            | Effect::TacticImmunity { .. }
            | Effect::Protect { .. }
            | Effect::Grant { .. } => {
                if let Some(ch) = state.character_mut(t.seat, t.card) {
                    ch.mods.push(Modifier {
                        effect: effect.clone(),
                        expires,
                    });
                }
            }
            Effect::Damage { amount } => {
                if is_lord {
                    return;
                }
                let vulnerable = state
                    .character(t.seat, t.card)
                    .is_some_and(|c| c.vulnerable);
                if vulnerable {
                    Self::evacuate(state, t.seat, t.card, events);
                } else {
                    Self::take_damage(state, t.seat, t.card, *amount);
                    if state.strength(t.seat, t.card) == 0 {
                        Self::lose(state, t.seat, t.card, events);
                    }
                }
            }
            Effect::Tap => {
                if let Some(ch) = state.character_mut(t.seat, t.card) {
                    ch.tapped = true;
                }
            }
            Effect::Untap => {
                if let Some(ch) = state.character_mut(t.seat, t.card) {
                    ch.tapped = false;
                }
            }
            Effect::Move => {
                if kind == Some(CardType::General)
                    && let Some(ch) = state.character_mut(t.seat, t.card)
                {
                    ch.zone = match ch.zone {
                        Zone::Front => Zone::Home,
                        _ => Zone::Front,
                    };
                }
            }
            Effect::Rally => {
                if let Some(ch) = state.character_mut(t.seat, t.card) {
                    ch.vulnerable = false;
                    if !is_lord {
                        ch.damage = 0;
                    }
                }
            }
            _ => {}
        }
    }

    // ---- Combat ----

    fn resolve_on_target(
        state: &mut ThreeKingdomsState,
        att: TargetRef,
        target: TargetRef,
        events: &mut Events,
    ) {
        let vulnerable = state
            .character(target.seat, target.card)
            .is_some_and(|c| c.vulnerable);
        if vulnerable && target.card != state.player(target.seat).lord {
            Self::evacuate(state, target.seat, target.card, events);
            Self::advance(state, att, events);
            return;
        }
        match Self::fight(state, att, target, [true, false], events) {
            FightResult::AttackerWins => {
                Self::lose(state, target.seat, target.card, events);
                Self::advance(state, att, events);
            }
            FightResult::DefenderWins => Self::lose(state, att.seat, att.card, events),
            FightResult::BothLose => {
                Self::lose(state, target.seat, target.card, events);
                Self::lose(state, att.seat, att.card, events);
            }
        }
    }

    fn intercept(
        state: &mut ThreeKingdomsState,
        seat: Seat,
        attacker: u32,
        target: TargetRef,
        with: &[u32],
        events: &mut Events,
    ) {
        let att = tr(state.active, attacker);
        let mut beaten = false;
        let mut stopped = false;
        for &g in with {
            let me = tr(seat, g);
            if state.character(att.seat, att.card).is_none() {
                return;
            }
            let ambusher = state.character(seat, g).is_some_and(|c| c.ambush);
            if ambusher {
                if let Some(ch) = state.character_mut(seat, g) {
                    ch.ambush = false;
                    ch.ambush_revealed = true;
                }
                let ci = state.printed_cost(seat, g);
                let ca = state.printed_cost(att.seat, att.card);
                let decided = match ci.cmp(&ca) {
                    std::cmp::Ordering::Greater => Some(true),
                    std::cmp::Ordering::Less => Some(false),
                    std::cmp::Ordering::Equal => match state.rules.ambush_cost_tie {
                        AmbushTie::Strength => None,
                        AmbushTie::Ambusher => Some(true),
                        AmbushTie::Attacker => Some(false),
                    },
                };
                match decided {
                    Some(true) => {
                        public(
                            events,
                            ThreeKingdomsEvent::AmbushSprung {
                                general: me,
                                won: true,
                            },
                        );
                        if let Some(ch) = state.character_mut(seat, g) {
                            ch.tapped = true;
                        }
                        Self::set_strength_zero(state, att.seat, att.card);
                        stopped = true;
                        break;
                    }
                    Some(false) => {
                        public(
                            events,
                            ThreeKingdomsEvent::AmbushSprung {
                                general: me,
                                won: false,
                            },
                        );
                        continue;
                    }
                    None => {}
                }
            }
            if let Some(ch) = state.character_mut(seat, g) {
                ch.tapped = true;
            }
            match Self::fight(state, att, me, [true, true], events) {
                FightResult::AttackerWins => {
                    Self::lose(state, seat, g, events);
                    beaten = true;
                }
                FightResult::DefenderWins => {
                    stopped = true;
                    break;
                }
                FightResult::BothLose => {
                    Self::lose(state, seat, g, events);
                    stopped = true;
                    break;
                }
            }
        }
        if stopped {
            public(events, ThreeKingdomsEvent::Stopped { who: att });
            let followers = state
                .player(seat)
                .field
                .iter()
                .any(|c| Self::can_attack(state, seat, c.card));
            if followers {
                state.pending = Some(Pending::FollowUp { attacker });
            }
        } else if beaten {
            Self::advance(state, att, events);
        } else {
            Self::resolve_on_target(state, att, target, events);
        }
    }

    fn execute(
        state: &mut ThreeKingdomsState,
        seat: Seat,
        action: &ThreeKingdomsAction,
        dice: &mut dyn Dice,
        events: &mut Events,
    ) -> Result<(), ThreeKingdomsError> {
        match action {
            ThreeKingdomsAction::Discard { card } => {
                let gain = state.printed_cost(seat, *card);
                let p = state.player_mut(seat);
                p.hand.retain(|c| c != card);
                p.discard.push(*card);
                p.resources += gain;
                let shown = seen(state, seat, *card);
                public(
                    events,
                    ThreeKingdomsEvent::Discarded {
                        seat,
                        card: shown,
                        resources: gain,
                    },
                );
            }
            ThreeKingdomsAction::Play { card, target } => {
                let cost = state.play_cost(seat, *card);
                let d = state
                    .def(seat, *card)
                    .cloned()
                    .ok_or_else(|| ThreeKingdomsError::illegal("unknown card"))?;
                let p = state.player_mut(seat);
                p.resources -= cost;
                p.hand.retain(|c| c != card);
                let shown = seen(state, seat, *card);
                public(
                    events,
                    ThreeKingdomsEvent::Played {
                        seat,
                        card: shown,
                        cost,
                        target: *target,
                    },
                );
                if d.card_type == CardType::Title {
                    if let Some(t) = target
                        && let Some(ch) = state.character_mut(t.seat, t.card)
                    {
                        ch.titles.push(*card);
                    }
                } else {
                    state.player_mut(seat).discard.push(*card);
                    let tactic = (d.card_type == CardType::Tactic).then_some(d.cost);
                    let spec = d.target.unwrap_or(Target::Player);
                    Self::apply_effects(
                        state, seat, spec, *target, None, tactic, &d.effects, dice, events,
                    )?;
                }
            }
            ThreeKingdomsAction::Use {
                character,
                strategist,
                target,
            } => {
                let ability = state
                    .abilities(seat, *character)
                    .into_iter()
                    .find(|(_, s)| s == strategist)
                    .map(|(a, _)| a.clone())
                    .ok_or_else(|| ThreeKingdomsError::illegal("no such ability"))?;
                if let Some(ch) = state.character_mut(seat, *character) {
                    ch.tapped = true;
                    ch.ability_used = true;
                }
                public(
                    events,
                    ThreeKingdomsEvent::AbilityUsed {
                        seat,
                        character: *character,
                        strategist: *strategist,
                        target: *target,
                    },
                );
                Self::apply_effects(
                    state,
                    seat,
                    ability.target,
                    *target,
                    Some(*character),
                    None,
                    &ability.effects,
                    dice,
                    events,
                )?;
            }
            ThreeKingdomsAction::Summon { card } => {
                let cost = state.summon_cost(seat, *card);
                let zone = match state.card_type(seat, *card) {
                    Some(CardType::General) => Zone::Home,
                    _ => Zone::Command,
                };
                let p = state.player_mut(seat);
                p.resources -= cost;
                p.hand.retain(|c| c != card);
                let mut ch = Character::new(*card, zone);
                ch.fresh = true;
                p.field.push(ch);
                let shown = seen(state, seat, *card);
                public(
                    events,
                    ThreeKingdomsEvent::Summoned {
                        seat,
                        card: shown,
                        cost,
                    },
                );
            }
            ThreeKingdomsAction::Revive { card } => {
                let cost = state.revive_cost(seat, *card);
                let p = state.player_mut(seat);
                p.resources -= cost;
                p.discard.retain(|c| c != card);
                if p.commander == Some(*card) {
                    p.commander_fell = None;
                }
                let mut ch = Character::new(*card, Zone::Home);
                ch.fresh = true;
                p.field.push(ch);
                let shown = seen(state, seat, *card);
                public(
                    events,
                    ThreeKingdomsEvent::Revived {
                        seat,
                        card: shown,
                        cost,
                    },
                );
            }
            ThreeKingdomsAction::Defend { general } => {
                if let Some(ch) = state.character_mut(seat, *general) {
                    ch.defending = true;
                }
                public(
                    events,
                    ThreeKingdomsEvent::Defending {
                        general: tr(seat, *general),
                    },
                );
            }
            ThreeKingdomsAction::MoveLord => {
                let cost = if state.war_lord(seat) { 0 } else { 2 };
                let lord = state.player(seat).lord;
                let p = state.player_mut(seat);
                p.resources -= cost;
                p.lord_moved = true;
                let mut to = Zone::Home;
                if let Some(ch) = p.field.iter_mut().find(|c| c.card == lord) {
                    ch.zone = if ch.zone == Zone::Command {
                        Zone::Home
                    } else {
                        Zone::Command
                    };
                    to = ch.zone;
                }
                public(events, ThreeKingdomsEvent::LordMoved { seat, to, cost });
            }
            ThreeKingdomsAction::End => match state.phase {
                Phase::Preparation => {
                    state.phase = Phase::Combat;
                    if state.rules.resource_expiry == ResourceExpiry::EndOfPhase {
                        state.player_mut(seat).resources = 0;
                    }
                    public(
                        events,
                        ThreeKingdomsEvent::PhaseBegan {
                            seat,
                            phase: Phase::Combat,
                        },
                    );
                }
                Phase::Combat => {
                    Self::end_phase(state, events);
                    Self::start_turn(state, other(seat), dice, events)?;
                }
            },
            ThreeKingdomsAction::Attack { attacker, target } => {
                let t = tr(other(seat), *target);
                if let Some(ch) = state.character_mut(seat, *attacker) {
                    ch.tapped = true;
                }
                public(
                    events,
                    ThreeKingdomsEvent::AttackDeclared {
                        attacker: tr(seat, *attacker),
                        target: t,
                    },
                );
                let hidden = state
                    .character(t.seat, t.card)
                    .is_some_and(|c| c.ambush && !c.ambush_revealed);
                if hidden {
                    if let Some(ch) = state.character_mut(t.seat, t.card) {
                        ch.ambush_revealed = true;
                    }
                    public(events, ThreeKingdomsEvent::AmbushFoiled { general: t });
                } else {
                    state.pending = Some(Pending::Intercept {
                        attacker: *attacker,
                        target: t,
                    });
                }
            }
            ThreeKingdomsAction::Intercept { with } => {
                let Some(Pending::Intercept { attacker, target }) = state.pending.take() else {
                    return Err(ThreeKingdomsError::illegal("no attack is waiting"));
                };
                public(
                    events,
                    ThreeKingdomsEvent::Intercepted {
                        seat,
                        with: with.clone(),
                    },
                );
                Self::intercept(state, seat, attacker, target, with, events);
            }
            ThreeKingdomsAction::FollowUp { with } => {
                let Some(Pending::FollowUp { attacker }) = state.pending.take() else {
                    return Err(ThreeKingdomsError::illegal("no follow-up is possible"));
                };
                public(
                    events,
                    ThreeKingdomsEvent::FollowUpChosen { seat, with: *with },
                );
                if let Some(g) = with {
                    if let Some(ch) = state.character_mut(seat, *g) {
                        ch.tapped = true;
                    }
                    let f = tr(seat, *g);
                    let a = tr(state.active, attacker);
                    if state.character(a.seat, a.card).is_some() {
                        match Self::fight(state, f, a, [true, false], events) {
                            FightResult::AttackerWins => Self::lose(state, a.seat, a.card, events),
                            FightResult::DefenderWins => Self::lose(state, seat, *g, events),
                            FightResult::BothLose => {
                                Self::lose(state, a.seat, a.card, events);
                                Self::lose(state, seat, *g, events);
                            }
                        }
                    }
                }
            }
        }
        Self::check_lords(state, events);
        Ok(())
    }

    /// What the game master may do for an absent player who must act now: end the phase, or
    /// decline an interception or a follow-up (never a choice that plays or spends a card).
    fn game_master_may(action: &ThreeKingdomsAction) -> bool {
        matches!(
            action,
            ThreeKingdomsAction::End | ThreeKingdomsAction::FollowUp { with: None }
        ) || matches!(action, ThreeKingdomsAction::Intercept { with } if with.is_empty())
    }

    /// The seat that must act now, if any.
    fn acting(state: &ThreeKingdomsState) -> Option<Seat> {
        if state.ending.is_some() {
            return None;
        }
        Some(if state.pending.is_some() {
            other(state.active)
        } else {
            state.active
        })
    }

    /// Every army problem for a config, by seat.
    ///
    /// # Errors
    /// The cards added by the config are invalid.
    pub fn resolve_armies(
        config: &ThreeKingdomsConfig,
    ) -> Result<(CardSet, [ArmySpec; 2]), ThreeKingdomsError> {
        let mut cards = CardSet::starter();
        for c in &config.extra_cards {
            cards.insert(c.clone())?;
        }
        let pick = |choice: &ArmyChoice| -> Result<ArmySpec, ThreeKingdomsError> {
            match choice {
                ArmyChoice::Preset(f) => preset(*f).ok_or_else(|| {
                    ThreeKingdomsError::Config(format!("no preset army for {}", f.name()))
                }),
                ArmyChoice::Custom(a) => Ok((**a).clone()),
            }
        };
        Ok((cards, [pick(&config.armies[0])?, pick(&config.armies[1])?]))
    }
}

impl Game for ThreeKingdoms {
    const NAME: &'static str = "three-kingdoms";
    type Config = ThreeKingdomsConfig;
    type State = ThreeKingdomsState;
    type Action = ThreeKingdomsAction;
    type Event = ThreeKingdomsEvent;
    type View = ThreeKingdomsView;
    type Error = ThreeKingdomsError;

    fn setup(
        config: &ThreeKingdomsConfig,
        dice: &mut dyn Dice,
    ) -> Result<ThreeKingdomsState, ThreeKingdomsError> {
        let rules = &config.rules;
        if rules.hand_limit == 0 || rules.opening_hand > rules.hand_limit {
            return Err(ThreeKingdomsError::Config(
                "the opening hand must fit the hand limit, which is at least 1".into(),
            ));
        }
        if rules.deck_min == 0 || rules.deck_min > rules.deck_max || rules.max_copies == 0 {
            return Err(ThreeKingdomsError::Config(
                "deck_min must be 1 to deck_max, and max_copies at least 1".into(),
            ));
        }
        if config.first.is_some_and(|s| s.0 > 1) {
            return Err(ThreeKingdomsError::Config(
                "first must be seat 0 or 1".into(),
            ));
        }
        let (cards, armies) = Self::resolve_armies(config)?;
        for army in &armies {
            let problems = validate_army(army, &cards, rules);
            if !problems.is_empty() {
                return Err(ThreeKingdomsError::Army {
                    army: army.name.clone(),
                    problems,
                });
            }
        }
        let mut defs = BTreeMap::new();
        let players = [
            build_player(&mut defs, &cards, &armies[0]),
            build_player(&mut defs, &cards, &armies[1]),
        ];
        let mut state = ThreeKingdomsState {
            rules: rules.clone(),
            defs,
            players,
            active: Seat(0),
            phase: Phase::Preparation,
            turn: 0,
            pending: None,
            cost_mods: Vec::new(),
            ending: None,
        };
        let first = match config.first {
            Some(s) => s,
            None => Seat(dice.roll(2)? as u16 - 1),
        };
        if rules.ambush == AmbushVisibility::Public {
            for p in &mut state.players {
                for ch in &mut p.field {
                    ch.ambush_revealed = true;
                }
            }
        }
        let mut events = Vec::new();
        for seat in [Seat(0), Seat(1)] {
            if state.player(seat).deck.remaining() < u32::from(rules.opening_hand) {
                return Err(ThreeKingdomsError::Config(
                    "a deck is smaller than the opening hand".into(),
                ));
            }
            for _ in 0..rules.opening_hand {
                Self::draw(&mut state, seat, dice, &mut events)?;
            }
        }
        Self::start_turn(&mut state, first, dice, &mut events)?;
        Ok(state)
    }

    fn seat_count(_state: &ThreeKingdomsState) -> u16 {
        2
    }

    fn turn(state: &ThreeKingdomsState) -> Turn {
        if let Some(end) = &state.ending {
            let (winners, ranking) = match end.winner {
                Some(w) => (vec![w], vec![vec![w], vec![other(w)]]),
                None => (Vec::new(), vec![vec![Seat(0), Seat(1)]]),
            };
            return Turn::Over(Outcome {
                winners,
                ranking,
                scores: BTreeMap::new(),
                score_denominator: 1,
                reason: end.reason.clone(),
            });
        }
        let mut actors: Vec<Actor> = Self::acting(state).map(Actor::Seat).into_iter().collect();
        // The game master may act for the player who must act now (for an absent player), with
        // the few actions that never choose for them.
        if !Self::legal_actions(state, Actor::GameMaster).is_empty() {
            actors.push(Actor::GameMaster);
        }
        Turn::Acting(actors)
    }

    fn legal_actions(state: &ThreeKingdomsState, actor: Actor) -> Vec<ThreeKingdomsAction> {
        let Some(seat) = actor.seat() else {
            // The game master, for the absent player who must act now.
            return match Self::acting(state) {
                Some(seat) => Self::legal_actions(state, Actor::Seat(seat))
                    .into_iter()
                    .filter(Self::game_master_may)
                    .collect(),
                None => Vec::new(),
            };
        };
        if Self::acting(state) != Some(seat) {
            return Vec::new();
        }
        let mut candidates = Vec::new();
        let p = state.player(seat);
        match &state.pending {
            Some(Pending::Intercept { target, .. }) => {
                let eligible: Vec<u32> = p
                    .field
                    .iter()
                    .map(|c| c.card)
                    .filter(|&c| Self::can_intercept(state, seat, c, *target))
                    .collect();
                candidates.push(ThreeKingdomsAction::Intercept { with: Vec::new() });
                for &g in &eligible {
                    candidates.push(ThreeKingdomsAction::Intercept { with: vec![g] });
                }
                if eligible.len() > 1 {
                    candidates.push(ThreeKingdomsAction::Intercept { with: eligible });
                }
                return candidates;
            }
            Some(Pending::FollowUp { .. }) => {
                candidates.push(ThreeKingdomsAction::FollowUp { with: None });
                for c in &p.field {
                    candidates.push(ThreeKingdomsAction::FollowUp { with: Some(c.card) });
                }
            }
            None => {
                candidates.push(ThreeKingdomsAction::End);
                candidates.push(ThreeKingdomsAction::MoveLord);
                for &c in &p.hand {
                    candidates.push(ThreeKingdomsAction::Discard { card: c });
                    candidates.push(ThreeKingdomsAction::Summon { card: c });
                    let Some(d) = state.def(seat, c) else {
                        continue;
                    };
                    match d.card_type {
                        CardType::Title => {
                            for t in
                                Self::single_targets(state, seat, Target::Bearer, None, d.class)
                            {
                                candidates.push(ThreeKingdomsAction::Play {
                                    card: c,
                                    target: Some(t),
                                });
                            }
                        }
                        CardType::Tactic | CardType::Strategy | CardType::Reinforcement => {
                            let spec = d.target.unwrap_or(Target::Player);
                            if spec.is_single() {
                                let tactic = (d.card_type == CardType::Tactic).then_some(d.cost);
                                for t in Self::single_targets(state, seat, spec, tactic, None) {
                                    candidates.push(ThreeKingdomsAction::Play {
                                        card: c,
                                        target: Some(t),
                                    });
                                }
                            } else {
                                candidates.push(ThreeKingdomsAction::Play {
                                    card: c,
                                    target: None,
                                });
                            }
                        }
                        _ => {}
                    }
                }
                for &c in &p.discard {
                    candidates.push(ThreeKingdomsAction::Revive { card: c });
                }
                let enemy = other(seat);
                for ch in &p.field {
                    candidates.push(ThreeKingdomsAction::Defend { general: ch.card });
                    for (a, strategist) in state.abilities(seat, ch.card) {
                        if a.target.is_single() {
                            for t in Self::single_targets(state, seat, a.target, None, None) {
                                candidates.push(ThreeKingdomsAction::Use {
                                    character: ch.card,
                                    strategist,
                                    target: Some(t),
                                });
                            }
                        } else {
                            candidates.push(ThreeKingdomsAction::Use {
                                character: ch.card,
                                strategist,
                                target: None,
                            });
                        }
                    }
                    for t in &state.player(enemy).field {
                        candidates.push(ThreeKingdomsAction::Attack {
                            attacker: ch.card,
                            target: t.card,
                        });
                    }
                }
            }
        }
        candidates.retain(|a| Self::validate(state, seat, a).is_ok());
        candidates.dedup();
        candidates
    }

    fn apply(
        state: &mut ThreeKingdomsState,
        actor: Actor,
        action: &ThreeKingdomsAction,
        dice: &mut dyn Dice,
    ) -> Result<Vec<Visible<ThreeKingdomsEvent>>, ThreeKingdomsError> {
        if state.ending.is_some() {
            return Err(ThreeKingdomsError::Over);
        }
        let (seat, for_absent) = match actor.seat() {
            Some(seat) => (seat, false),
            None => {
                let Some(seat) = Self::acting(state) else {
                    return Err(ThreeKingdomsError::NotYourTurn("the game master".into()));
                };
                if !Self::game_master_may(action) {
                    return Err(ThreeKingdomsError::illegal(
                        "for an absent player the game master only ends the phase (end), or declines an interception (intercept none) or a follow-up (follow none)",
                    ));
                }
                (seat, true)
            }
        };
        check_seat(seat)?;
        if Self::acting(state) != Some(seat) {
            return Err(ThreeKingdomsError::not_your_turn(seat));
        }
        Self::validate(state, seat, action)?;
        let mut next = state.clone();
        let mut events = Vec::new();
        if for_absent {
            public(&mut events, ThreeKingdomsEvent::GameMasterActs { seat });
        }
        Self::execute(&mut next, seat, action, dice, &mut events)?;
        *state = next;
        Ok(events)
    }

    fn view(state: &ThreeKingdomsState, viewer: Viewer) -> ThreeKingdomsView {
        let players: Vec<PlayerView> = [Seat(0), Seat(1)]
            .into_iter()
            .map(|seat| {
                let p = state.player(seat);
                let own = viewer == Viewer::Seat(seat) || viewer == Viewer::GameMaster;
                let list = |cards: &[u32]| -> Vec<CardSeen> {
                    cards.iter().map(|&c| seen(state, seat, c)).collect()
                };
                let field = p
                    .field
                    .iter()
                    .map(|ch| {
                        let d = state.def(seat, ch.card);
                        let ambush_known = own
                            || state.rules.ambush == AmbushVisibility::Public
                            || ch.ambush_revealed;
                        let mut traits: Vec<Trait> = [
                            Trait::Assault,
                            Trait::Defend,
                            Trait::Law,
                            Trait::Ambush,
                            Trait::Politics,
                            Trait::War,
                        ]
                        .into_iter()
                        .filter(|&t| state.has_trait(seat, ch.card, t))
                        .collect();
                        traits.dedup();
                        CharacterView {
                            instance: ch.card,
                            card: p.cards.get(ch.card as usize).cloned().unwrap_or_default(),
                            ambush: ambush_known.then_some(ch.ambush),
                            name: d.map(|d| d.name.clone()).unwrap_or_default(),
                            card_type: d.map_or(CardType::General, |d| d.card_type),
                            zone: ch.zone,
                            strength: state.strength(seat, ch.card),
                            max_strength: state.max_strength(seat, ch.card),
                            cost: d.map_or(0, |d| d.cost),
                            vulnerable: ch.vulnerable,
                            tapped: ch.tapped,
                            defending: ch.defending,
                            fresh: ch.fresh,
                            traits,
                            titles: list(&ch.titles),
                            tactic_immunity: state.tactic_immunity(seat, ch.card),
                            protected: state.protected(seat, ch.card),
                            commander: p.commander == Some(ch.card)
                                || (ch.card == p.lord && state.war_lord(seat)),
                            strategist: p.strategist == Some(ch.card),
                        }
                    })
                    .collect();
                PlayerView {
                    seat,
                    label: Self::seat_label(state, seat),
                    army: p.army.clone(),
                    deck_count: p.deck.remaining(),
                    hand_count: p.hand.len() as u32,
                    hand: own.then(|| list(&p.hand)),
                    draw_pile: (viewer == Viewer::GameMaster).then(|| list(p.deck.draw_pile())),
                    discard: list(&p.discard),
                    removed: list(&p.removed),
                    event: p.event.map(|e| seen(state, seat, e)),
                    field,
                    resources: p.resources,
                    commander_evacuated: state.commander_evacuated(seat),
                }
            })
            .collect();
        ThreeKingdomsView {
            viewer,
            turn: state.turn,
            active: state.active,
            phase: state.phase,
            pending: state.pending.clone(),
            ending: state.ending.clone(),
            card_names: card_names(state, &players),
            players,
        }
    }

    fn parse_action(
        state: &ThreeKingdomsState,
        actor: Actor,
        text: &str,
    ) -> Result<ThreeKingdomsAction, ThreeKingdomsError> {
        crate::text::parse(state, actor, text)
    }

    fn format_action(state: &ThreeKingdomsState, action: &ThreeKingdomsAction) -> String {
        crate::text::format_named(state, action)
    }

    fn max_actions(config: &ThreeKingdomsConfig) -> u64 {
        let deck = u64::from(config.rules.deck_max.max(1));
        // Every turn draws a card, so a game lasts at most (deck + 1) turns a seat; a turn's
        // actions are bounded by the cards and characters it can use.
        let turns = 2 * (deck + 2);
        let per_turn = 8 * deck + 200;
        turns * per_turn
    }

    /// Each seat's place in the turn order: first or second where the config fixes who starts,
    /// "first by a coin" for both where a coin decides.
    fn seat_positions(config: &ThreeKingdomsConfig) -> Vec<String> {
        (0..2u16)
            .map(|i| match config.first {
                Some(first) if first == Seat(i) => "first player".to_owned(),
                Some(_) => "second player".to_owned(),
                None => "first by a coin".to_owned(),
            })
            .collect()
    }

    /// The faction is the army; the position the place in the turn order (where the config
    /// fixes it: with a coin toss there is nothing to rotate).
    fn rotate_seats(
        config: &ThreeKingdomsConfig,
        faction_shift: usize,
        position_shift: usize,
    ) -> Option<ThreeKingdomsConfig> {
        let armies = [
            config.armies[faction_shift % 2].clone(),
            config.armies[(1 + faction_shift) % 2].clone(),
        ];
        // Seat i takes the place of seat (i + shift) % 2: the first player moves with it.
        let first = config
            .first
            .map(|s| Seat(((usize::from(s.0) + 2 - position_shift % 2) % 2) as u16));
        Some(ThreeKingdomsConfig {
            armies,
            first,
            ..config.clone()
        })
    }

    /// The seat's faction (`Wei`), from its Lord; when both armies are of one faction, the
    /// Lord's name instead (`Cao Cao`).
    fn seat_label(state: &ThreeKingdomsState, seat: Seat) -> String {
        let lord = |seat: Seat| {
            let player = state.player(seat);
            player
                .cards
                .get(player.lord as usize)
                .and_then(|id| state.defs.get(id))
        };
        let faction = |seat: Seat| lord(seat).and_then(|def| def.faction);
        match (faction(seat), lord(seat)) {
            (Some(f), _) if faction(other(seat)) != Some(f) => f.to_string(),
            (_, Some(def)) => def.name.clone(),
            _ => format!("seat {seat}"),
        }
    }

    fn heuristic_action(
        state: &ThreeKingdomsState,
        actor: Actor,
        _dice: &mut dyn Dice,
    ) -> Result<Option<ThreeKingdomsAction>, ThreeKingdomsError> {
        Ok(actor
            .seat()
            .and_then(|seat| crate::bot::heuristic_action(state, seat)))
    }

    fn secrets(state: &ThreeKingdomsState, viewer: Viewer) -> Vec<String> {
        let mut out = Vec::new();
        for seat in [Seat(0), Seat(1)] {
            let p = state.player(seat);
            if viewer != Viewer::GameMaster {
                let pile: Vec<CardSeen> = p
                    .deck
                    .draw_pile()
                    .iter()
                    .map(|&c| seen(state, seat, c))
                    .collect();
                if !pile.is_empty() {
                    out.push(format!(
                        "\"seat\":{seat},\"draw_pile\":{}",
                        serde_json::to_string(&pile).unwrap_or_default()
                    ));
                }
            }
            if viewer == Viewer::GameMaster || viewer == Viewer::Seat(seat) {
                continue;
            }
            let hand: Vec<CardSeen> = p.hand.iter().map(|&c| seen(state, seat, c)).collect();
            if !hand.is_empty() {
                out.push(format!(
                    "\"seat\":{seat},\"draw_pile\":null,\"hand\":{}",
                    serde_json::to_string(&hand).unwrap_or_default()
                ));
            }
            for card in hand {
                let event = ThreeKingdomsEvent::DrewCard { seat, card };
                out.push(serde_json::to_string(&event).unwrap_or_default());
            }
            for ch in &p.field {
                if ch.ambush && !ch.ambush_revealed {
                    out.push(format!(
                        "{{\"instance\":{},\"card\":{},\"ambush\":true",
                        ch.card,
                        serde_json::to_string(&p.cards.get(ch.card as usize)).unwrap_or_default()
                    ));
                }
            }
        }
        out
    }
}
