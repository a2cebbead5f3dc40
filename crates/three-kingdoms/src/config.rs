//! The game's config: the two armies and every rules option the seed leaves open.

use pbp_core::engine::Seat;
use serde::{Deserialize, Serialize};

use crate::army::ArmyChoice;
use crate::cards::CardDef;

/// Who wins a fight when both sides have the same Strength and neither strikes first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StrengthTie {
    /// Both lose: each deals damage equal to the other's Strength (the default).
    #[default]
    BothLose,
    /// The defending side (target, interceptor, or the General a follow-up attacks) holds.
    DefenderWins,
    /// The attacking side wins.
    AttackerWins,
}

/// When unspent Resource points are lost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResourceExpiry {
    /// Cards are discarded for points only in the Preparation Phase; unspent points carry into the
    /// Combat Phase (for Combat-Phase Tactics) and are lost in the End Phase (the default).
    #[default]
    EndOfTurn,
    /// Points are lost at the end of each phase; cards may also be discarded for points in the
    /// Combat Phase, to pay Combat-Phase Tactics.
    EndOfPhase,
}

/// What the Politics trait ("any Adviser's summoning cost will be reduced by 1") does, given that
/// Advisers can never be summoned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PoliticsRule {
    /// Advisers cost 1 less (never below 1) toward the 15 points of the army (the default).
    #[default]
    SelectionDiscount,
    /// A Politics Lord may summon Advisers from the hand into the Command, for 1 less.
    SummonAdvisers,
    /// Politics only changes how the Lord moves.
    NoDiscount,
}

/// Whether the Generals chosen for Ambush are known to the opponent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AmbushVisibility {
    /// Ambush choices are public: such Generals simply cannot be chosen as attack targets
    /// (the default).
    #[default]
    Public,
    /// Ambush choices are hidden until used: an attack declared on a hidden Ambush General is
    /// foiled (the attacker is spent, the Ambush revealed).
    Secret,
}

/// Who wins when an Ambush General intercepts an attacker of the same printed cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AmbushTie {
    /// The two fight by Strength as in any interception (the default).
    #[default]
    Strength,
    /// The Ambush General wins.
    Ambusher,
    /// The attacker passes the Ambush.
    Attacker,
}

/// When a player whose deck runs out loses ("if your deck runs out of cards, you will still
/// lose the match anyway").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeckOut {
    /// A player loses when it must draw from an empty deck (the default).
    #[default]
    MustDraw,
    /// A player loses as soon as it draws its deck's last card (and, as by default, when it
    /// must draw from an empty deck).
    LastCard,
}

/// Every rules option. `Default` is the documented reading of the seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Ties in Strength.
    pub strength_tie: StrengthTie,
    /// When unspent Resource points expire.
    pub resource_expiry: ResourceExpiry,
    /// The Politics trait.
    pub politics: PoliticsRule,
    /// Whether Ambush choices are secret.
    pub ambush: AmbushVisibility,
    /// Ambush against an attacker of equal cost.
    pub ambush_cost_tie: AmbushTie,
    /// Whether a General may hold a political Title and an Adviser a military one.
    pub cross_titles: bool,
    /// Fewest cards in a deck.
    pub deck_min: u8,
    /// Most cards in a deck.
    pub deck_max: u8,
    /// Most copies of one card in a deck.
    pub max_copies: u8,
    /// Most cards in hand.
    pub hand_limit: u8,
    /// Cards drawn before the first turn.
    pub opening_hand: u8,
    /// Points for the characters of the army, the Lord included.
    pub character_points: u8,
    /// Points for Titles (before Law).
    pub title_points: u8,
    /// Whether the first player draws in the first turn's Draw Phase.
    pub first_turn_draw: bool,
    /// Whether characters and faction cards must share the Lord's faction.
    pub faction_lock: bool,
    /// Whether only Generals standing in the enemy's deployment zone may attack the Command.
    pub command_attack_from_front: bool,
    /// Whether a General may attack in the turn it was summoned or revived.
    pub attack_when_summoned: bool,
    /// When a player whose deck runs out loses.
    pub deck_out: DeckOut,
    /// Whether a Politics Lord standing in its deployment zone is dealt the penalties and
    /// bonuses of Tactic and Strategy cards as a General is (decision D14; a War Lord never is).
    pub politics_lord_takes_cards: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            strength_tie: StrengthTie::default(),
            resource_expiry: ResourceExpiry::default(),
            politics: PoliticsRule::default(),
            ambush: AmbushVisibility::default(),
            ambush_cost_tie: AmbushTie::default(),
            cross_titles: false,
            deck_min: 30,
            deck_max: 50,
            max_copies: 3,
            hand_limit: 8,
            opening_hand: 8,
            character_points: 15,
            title_points: 10,
            first_turn_draw: true,
            faction_lock: true,
            command_attack_from_front: true,
            attack_when_summoned: false,
            deck_out: DeckOut::default(),
            politics_lord_takes_cards: false,
        }
    }
}

/// The setup of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ThreeKingdomsConfig {
    /// Seat 0's and seat 1's armies.
    pub armies: [ArmyChoice; 2],
    /// The rules options.
    pub rules: Rules,
    /// Who takes the first turn; `None` tosses a coin.
    pub first: Option<Seat>,
    /// Cards added to the starter pool (validated at setup).
    pub extra_cards: Vec<CardDef>,
    /// The players' names, seat 0 first ([`pbp_core::engine::Game::name_players`]); none (the
    /// default) calls each seat by its faction alone.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
}

impl Default for ThreeKingdomsConfig {
    /// Wei against Shu, preconstructed, coin toss for the first turn.
    fn default() -> Self {
        ThreeKingdomsConfig {
            armies: [
                ArmyChoice::Preset(crate::cards::Faction::Wei),
                ArmyChoice::Preset(crate::cards::Faction::Shu),
            ],
            rules: Rules::default(),
            first: None,
            extra_cards: Vec::new(),
            players: Vec::new(),
        }
    }
}

impl ThreeKingdomsConfig {
    /// Two preconstructed armies.
    pub fn presets(a: crate::cards::Faction, b: crate::cards::Faction) -> ThreeKingdomsConfig {
        ThreeKingdomsConfig {
            armies: [ArmyChoice::Preset(a), ArmyChoice::Preset(b)],
            ..ThreeKingdomsConfig::default()
        }
    }
}
