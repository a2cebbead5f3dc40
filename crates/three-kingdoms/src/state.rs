//! The state of a game and the rules' derived quantities (Strength, traits, costs).

use std::collections::BTreeMap;
use std::sync::Arc;

use pbp_core::{Deck, engine::Seat};
use serde::{Deserialize, Serialize};

use crate::cards::{
    Ability, AbilityKind, CardDef, CardType, CostScope, Effect, Target, Trait, Whom,
};
use crate::config::{PoliticsRule, Rules};
use crate::resolved::Resolved;

/// Where a character stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Zone {
    /// The Command: the Lord (unless moved) and the Advisers.
    Command,
    /// Its own deployment zone.
    Home,
    /// The enemy's deployment zone (a General that advanced).
    Front,
}

/// The phase of the active player's turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Strategies, Tactics, Defend, resources, summoning, reviving, moving the Lord.
    Preparation,
    /// Attacks and Combat-Phase Tactics.
    Combat,
}

/// A card of a seat, by its instance number, as an action or event names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TargetRef {
    /// The seat that owns the card.
    pub seat: Seat,
    /// The card's instance number within that seat's cards.
    pub card: u32,
}

/// An effect held by a character, with the turn at whose End Phase it ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    /// The effect (strength, tactic immunity, protect or grant).
    pub effect: Effect,
    /// The last turn it holds; `None` for permanent.
    pub expires: Option<u32>,
}

/// A character in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    /// Its instance number.
    pub card: u32,
    /// Where it stands.
    pub zone: Zone,
    /// Vulnerable (被动) rather than Alert (正兵).
    pub vulnerable: bool,
    /// Tapped: cannot attack or intercept, abilities do nothing.
    pub tapped: bool,
    /// Defend activated: cannot attack nor be attacked until its next turn.
    pub defending: bool,
    /// Summoned or revived this turn.
    pub fresh: bool,
    /// Its activated ability was used this turn.
    pub ability_used: bool,
    /// It declared an attack this turn ("one attack per General during your Combat Phase"),
    /// whether or not a card has untapped it since.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attacked: bool,
    /// In Ambush (伏兵): cannot be targeted, cannot attack until it intercepts.
    pub ambush: bool,
    /// Whether its Ambush is known to the enemy (always, with public Ambush).
    pub ambush_revealed: bool,
    /// Damage taken since the last End Phase (the Lord's is never healed).
    pub damage: u32,
    /// Effects held.
    pub mods: Vec<Modifier>,
    /// Titles held (instance numbers).
    pub titles: Vec<u32>,
}

impl Character {
    /// A character entering play in `zone`.
    pub fn new(card: u32, zone: Zone) -> Character {
        Character {
            card,
            zone,
            vulnerable: false,
            tapped: false,
            defending: false,
            fresh: false,
            ability_used: false,
            attacked: false,
            ambush: false,
            ambush_revealed: false,
            damage: 0,
            mods: Vec::new(),
            titles: Vec::new(),
        }
    }
}

/// A change to a player's costs for some turns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CostMod {
    /// Whose costs change.
    pub seat: Seat,
    /// Which costs.
    pub cards: CostScope,
    /// By how much.
    pub amount: i8,
    /// The last turn it holds; `None` for permanent.
    pub expires: Option<u32>,
}

/// One player's side of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The player's name (the config's `players`); empty when none was given.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// The army's name (shared: it never changes during a game).
    pub army: Arc<str>,
    /// The card id of each instance: the army's characters, Titles and Event, then the deck
    /// (shared: it never changes during a game).
    pub cards: Arc<[String]>,
    /// The deck (card values are instance numbers); cards out of it are elsewhere.
    pub deck: Deck<u32>,
    /// The hand (hidden from the opponent).
    pub hand: Vec<u32>,
    /// The discard pile, oldest first (public).
    pub discard: Vec<u32>,
    /// Cards removed from the game (Evacuated Advisers).
    pub removed: Vec<u32>,
    /// Characters in play.
    pub field: Vec<Character>,
    /// The Lord's instance.
    pub lord: u32,
    /// The Commander General's instance (`None` with a War Lord, who is the Commander).
    pub commander: Option<u32>,
    /// The Strategist's instance.
    pub strategist: Option<u32>,
    /// The Event played before the match.
    pub event: Option<u32>,
    /// Resource points in the pool.
    pub resources: u32,
    /// Whether the Lord moved this Preparation Phase.
    pub lord_moved: bool,
    /// The turn in which the Commander was last Evacuated, while it stays out of play.
    pub commander_fell: Option<u32>,
}

/// Why and how a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// The winner; none for a draw (both Lords fell at once).
    pub winner: Option<Seat>,
    /// Why.
    pub reason: String,
}

/// A decision the defending player owes before play goes on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pending {
    /// An attack was declared: the defender may intercept.
    Intercept {
        /// The attacking character (of the active seat).
        attacker: u32,
        /// The character attacked.
        target: TargetRef,
    },
    /// An attacker was stopped by interceptors: the defender may follow up.
    FollowUp {
        /// The stopped attacker (of the active seat).
        attacker: u32,
    },
}

/// The whole game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreeKingdomsState {
    /// The rules in force.
    pub rules: Rules,
    /// The definitions of every card in the game, by id (shared: they never change during a
    /// game, so copying a state does not copy them).
    pub defs: Arc<BTreeMap<String, Arc<CardDef>>>,
    /// Seat 0 and seat 1.
    pub players: [Player; 2],
    /// Whose turn it is.
    pub active: Seat,
    /// The active player's phase.
    pub phase: Phase,
    /// Turns begun so far (the first turn is 1).
    pub turn: u32,
    /// A decision owed by the defender.
    pub pending: Option<Pending>,
    /// Cost changes from Tactics and Strategies.
    pub cost_mods: Vec<CostMod>,
    /// The end, once reached.
    pub ending: Option<Ending>,
    /// Each seat's card instances resolved to their definitions: derived, never saved.
    #[serde(skip)]
    pub(crate) resolved: Resolved,
}

/// The other seat of the two: the opponent of `seat` (seat 1 for seat 0, seat 0 for any other).
pub fn other(seat: Seat) -> Seat {
    Seat(1 - seat.0.min(1))
}

impl ThreeKingdomsState {
    /// A seat's player.
    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[usize::from(seat.0.min(1))]
    }

    pub(crate) fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[usize::from(seat.0.min(1))]
    }

    pub(crate) fn card_type(&self, seat: Seat, card: u32) -> Option<CardType> {
        self.def(seat, card).map(|d| d.card_type)
    }

    pub(crate) fn printed_cost(&self, seat: Seat, card: u32) -> u32 {
        self.def(seat, card).map_or(0, |d| u32::from(d.cost))
    }

    /// The index in the field of a seat's character.
    pub fn find(&self, seat: Seat, card: u32) -> Option<usize> {
        self.player(seat).field.iter().position(|c| c.card == card)
    }

    /// A seat's character in play.
    pub fn character(&self, seat: Seat, card: u32) -> Option<&Character> {
        self.player(seat).field.iter().find(|c| c.card == card)
    }

    pub(crate) fn character_mut(&mut self, seat: Seat, card: u32) -> Option<&mut Character> {
        self.player_mut(seat)
            .field
            .iter_mut()
            .find(|c| c.card == card)
    }

    /// Whether the seat's Lord has the War trait.
    pub fn war_lord(&self, seat: Seat) -> bool {
        let p = self.player(seat);
        self.def(seat, p.lord)
            .is_some_and(|d| d.has_trait(Trait::War))
    }

    /// Whether the seat's Lord has the Politics trait.
    pub fn politics_lord(&self, seat: Seat) -> bool {
        let p = self.player(seat);
        self.def(seat, p.lord)
            .is_some_and(|d| d.has_trait(Trait::Politics))
    }

    /// Whether Tactic and Strategy cards deal with `card` as with a General although it is the
    /// Lord: a Politics Lord standing in its deployment zone, where the rules say so (D14).
    pub fn lord_takes_cards(&self, seat: Seat, card: u32) -> bool {
        self.rules.politics_lord_takes_cards
            && card == self.player(seat).lord
            && self.politics_lord(seat)
            && !self.war_lord(seat)
            && self
                .character(seat, card)
                .is_some_and(|c| c.zone == Zone::Home)
    }

    /// Whether the seat's Commander General is out of play.
    pub fn commander_evacuated(&self, seat: Seat) -> bool {
        match self.player(seat).commander {
            Some(c) => self.character(seat, c).is_none(),
            None => false,
        }
    }

    /// Whether the seat's Command may be attacked: its Commander is Evacuated and was not revived
    /// in the seat's turn since it fell ("come that player's next turn").
    pub fn command_open(&self, seat: Seat) -> bool {
        self.commander_evacuated(seat)
            && self
                .player(seat)
                .commander_fell
                .is_some_and(|t| t < self.turn)
    }

    /// Every continuous effect that applies to a seat's character now: its own modifiers, its
    /// Titles, the passive abilities of its side's untapped characters (the Strategist's second
    /// ability included), and both Events.
    pub fn effects_on(&self, seat: Seat, card: u32) -> Vec<Effect> {
        let mut out = Vec::new();
        self.for_each_effect_on(seat, card, |e| out.push(e.clone()));
        out
    }

    /// Calls `f` with every continuous effect that applies to a seat's character now, in the
    /// order of [`ThreeKingdomsState::effects_on`], without collecting them.
    fn for_each_effect_on(&self, seat: Seat, card: u32, mut f: impl FnMut(&Effect)) {
        let Some(ch) = self.character(seat, card) else {
            return;
        };
        let is_general = self.card_type(seat, card) == Some(CardType::General);
        for m in &ch.mods {
            f(&m.effect);
        }
        let mut on_character = |effects: &[Effect]| {
            for e in effects.iter().filter(|e| e.on_character()) {
                f(e);
            }
        };
        for &t in &ch.titles {
            if let Some(d) = self.def(seat, t) {
                on_character(&d.effects);
            }
        }
        for source in &self.player(seat).field {
            if source.tapped {
                continue;
            }
            for (ability, _) in self.abilities_now(seat, source.card) {
                if ability.kind != AbilityKind::Passive {
                    continue;
                }
                let applies = match ability.target {
                    Target::Bearer => source.card == card,
                    Target::AllOwnGenerals => is_general,
                    _ => false,
                };
                if applies {
                    on_character(&ability.effects);
                }
            }
        }
        if is_general {
            for (s, want) in [
                (seat, Target::AllOwnGenerals),
                (other(seat), Target::AllEnemyGenerals),
            ] {
                if let Some(e) = self.player(s).event
                    && let Some(d) = self.def(s, e)
                    && d.target == Some(want)
                {
                    on_character(&d.effects);
                }
            }
        }
    }

    /// A character's abilities that work now: its own, and its Strategist ability if it is the
    /// Strategist (`true` marks the Strategist ability).
    pub fn abilities(&self, seat: Seat, card: u32) -> Vec<(&Ability, bool)> {
        self.abilities_now(seat, card).collect()
    }

    /// [`ThreeKingdomsState::abilities`], without collecting them.
    pub(crate) fn abilities_now(
        &self,
        seat: Seat,
        card: u32,
    ) -> impl Iterator<Item = (&Ability, bool)> {
        let d = self.def(seat, card);
        let own = d.and_then(|d| d.ability.as_ref()).map(|a| (a, false));
        let strategist = d
            .filter(|_| self.player(seat).strategist == Some(card))
            .and_then(|d| d.strategist_ability.as_ref())
            .map(|a| (a, true));
        own.into_iter().chain(strategist)
    }

    /// A character's maximum Strength now (printed plus every change, never below 0).
    pub fn max_strength(&self, seat: Seat, card: u32) -> u32 {
        let base = i64::from(self.def(seat, card).map_or(0, |d| d.base_strength()));
        let mut change = 0_i64;
        self.for_each_effect_on(seat, card, |e| {
            if let Effect::Strength { amount, .. } = e {
                change += i64::from(*amount);
            }
        });
        u32::try_from((base + change).max(0)).unwrap_or(0)
    }

    /// A character's Strength now: its maximum less the damage taken.
    pub fn strength(&self, seat: Seat, card: u32) -> u32 {
        let damage = self.character(seat, card).map_or(0, |c| c.damage);
        self.max_strength(seat, card).saturating_sub(damage)
    }

    /// Whether a character has a trait, printed or granted.
    pub fn has_trait(&self, seat: Seat, card: u32, t: Trait) -> bool {
        if self.def(seat, card).is_some_and(|d| d.has_trait(t)) {
            return true;
        }
        let mut granted = false;
        self.for_each_effect_on(seat, card, |e| {
            granted |= matches!(e, Effect::Grant { grant, .. } if *grant == t);
        });
        granted
    }

    /// The highest printed Tactic cost a character ignores (0 for none).
    pub fn tactic_immunity(&self, seat: Seat, card: u32) -> u8 {
        let mut highest = 0;
        self.for_each_effect_on(seat, card, |e| {
            if let Effect::TacticImmunity { max_cost, .. } = e {
                highest = highest.max(*max_cost);
            }
        });
        highest
    }

    /// Whether a character is protected (cannot be attacked nor chosen by enemy cards).
    pub fn protected(&self, seat: Seat, card: u32) -> bool {
        let mut protected = false;
        self.for_each_effect_on(seat, card, |e| {
            protected |= matches!(e, Effect::Protect { .. });
        });
        protected
    }

    /// The total of every cost change on a seat's costs of this kind.
    pub fn cost_change(&self, seat: Seat, scope: CostScope) -> i32 {
        let matches = |s: CostScope| s == scope || s == CostScope::Any;
        let mut total: i32 = self
            .cost_mods
            .iter()
            .filter(|m| m.seat == seat && matches(m.cards))
            .map(|m| i32::from(m.amount))
            .sum();
        for owner in [Seat(0), Seat(1)] {
            let mut add = |effects: &[Effect]| {
                for e in effects {
                    if let Effect::CostChange {
                        amount,
                        cards,
                        player,
                        ..
                    } = e
                    {
                        let affected = match player {
                            Whom::You => owner,
                            Whom::Opponent => other(owner),
                        };
                        if affected == seat && matches(*cards) {
                            total += i32::from(*amount);
                        }
                    }
                }
            };
            let p = self.player(owner);
            for ch in &p.field {
                for &t in &ch.titles {
                    if let Some(d) = self.def(owner, t) {
                        add(&d.effects);
                    }
                }
                if ch.tapped {
                    continue;
                }
                for (a, _) in self.abilities_now(owner, ch.card) {
                    if a.kind == AbilityKind::Passive {
                        add(&a.effects);
                    }
                }
            }
            if let Some(e) = p.event
                && let Some(d) = self.def(owner, e)
            {
                add(&d.effects);
            }
        }
        total
    }

    /// What a seat pays to summon a card from its hand (never below 1).
    pub fn summon_cost(&self, seat: Seat, card: u32) -> u32 {
        let Some(d) = self.def(seat, card) else {
            return 0;
        };
        let mut cost = i32::from(d.cost) + self.cost_change(seat, CostScope::Summon);
        if d.card_type == CardType::General && self.war_lord(seat) {
            cost -= 1;
        }
        if d.card_type == CardType::Adviser
            && self.politics_lord(seat)
            && self.rules.politics == PoliticsRule::SummonAdvisers
        {
            cost -= 1;
        }
        u32::try_from(cost.max(1)).unwrap_or(1)
    }

    /// What a seat pays to revive an Evacuated General: double its printed cost.
    pub fn revive_cost(&self, seat: Seat, card: u32) -> u32 {
        2 * self.printed_cost(seat, card).max(1)
    }

    /// What a seat pays to play a Tactic, Strategy, Title or Reinforcement (never below 1).
    pub fn play_cost(&self, seat: Seat, card: u32) -> u32 {
        let Some(d) = self.def(seat, card) else {
            return 0;
        };
        let scope = match d.card_type {
            CardType::Tactic => CostScope::Tactic,
            CardType::Strategy => CostScope::Strategy,
            CardType::Title => CostScope::Title,
            CardType::Reinforcement => CostScope::Reinforcement,
            _ => CostScope::Summon,
        };
        let cost = i32::from(d.cost) + self.cost_change(seat, scope);
        u32::try_from(cost.max(1)).unwrap_or(1)
    }

    /// Every card instance of a seat, wherever it is, counted once each: deck, hand, field (with
    /// Titles), discard pile, removed, Event. Used to check that cards are conserved.
    pub fn locations(&self, seat: Seat) -> Vec<u32> {
        let p = self.player(seat);
        let mut all: Vec<u32> = p.deck.draw_pile().to_vec();
        all.extend(&p.hand);
        all.extend(&p.discard);
        all.extend(&p.removed);
        for ch in &p.field {
            all.push(ch.card);
            all.extend(&ch.titles);
        }
        all.extend(p.event);
        all
    }
}
