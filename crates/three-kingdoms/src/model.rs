//! The action, event and fight-result types of Three Kingdoms.

use pbp_core::engine::Seat;
use serde::{Deserialize, Serialize};

use crate::cards::Effect;
use crate::state::{Phase, TargetRef, Zone};

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
    /// An Ambush General intercepting an attacker of the same printed cost, with
    /// `ambush_cost_tie: strength` (D6): its Ambush ends and they fight by Strength.
    AmbushMet {
        /// The Ambush General.
        general: TargetRef,
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
