//! The state of a game: the holders of the map, the players, the deck and this round's battles.

use std::sync::Arc;

use pbp_core::{Deck, Pool, PoolRoll, Side, engine::Seat};
use serde::{Deserialize, Serialize};

use crate::cards::CardNo;
use crate::clan::{Clan, Strategy};
use crate::config::ClanWarConfig;
use crate::map::Map;

/// Who holds a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Holder {
    /// A player's clan.
    Clan(Clan),
    /// The Spirit Army.
    SpiritArmy,
}

impl std::fmt::Display for Holder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Holder::Clan(c) => write!(f, "{c}"),
            Holder::SpiritArmy => f.write_str("Spirit Army"),
        }
    }
}

/// One of a player's two strategy slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slot {
    /// The strategy held now.
    pub strategy: Strategy,
    /// For a temporary strategy taken through Tactical: the strategy it reverts to.
    pub original: Option<Strategy>,
    /// The battle after which a used temporary strategy reverts.
    pub revert_after: Option<u32>,
}

/// A player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The seat.
    pub seat: Seat,
    /// The clan.
    pub clan: Clan,
    /// The forum name, shared by every copy of the state (it does not change).
    pub name: Arc<str>,
    /// The two strategies.
    pub strategies: [Slot; 2],
    /// The cards in hand (hidden from the other players).
    pub hand: Vec<CardNo>,
    /// Gold.
    pub gold: i64,
    /// Glory in half points.
    pub glory_halves: i64,
    /// The permanent Honor bonus to all dice (fades after the next loss).
    pub honor_bonus: i64,
    /// The Honor bonus to the highest die in the next battle rolled.
    pub honor_next: i64,
    /// Whether the player has declared this round's attack.
    pub attacked: bool,
    /// Whether the player has switched a strategy this round.
    pub switched: bool,
    /// A Duelist loss stops the player's normal draws for the rest of the round.
    pub no_draw_this_round: bool,
    /// The round the player joined (1 for the start).
    pub joined: u32,
    /// The game master has marked the player no longer active: it takes no more actions and
    /// cannot win the prize, which goes to the best active player.
    #[serde(default)]
    pub retired: bool,
}

impl Player {
    /// Whether the player has `strategy` now.
    pub fn has(&self, strategy: Strategy) -> bool {
        self.strategies.iter().any(|s| s.strategy == strategy)
    }

    /// Score in half points: gold plus glory.
    pub fn score_halves(&self) -> i64 {
        2 * self.gold + self.glory_halves
    }
}

/// The defender of a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Defender {
    /// A player.
    Seat(Seat),
    /// The Spirit Army.
    SpiritArmy,
}

/// A card in play in a battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// The card.
    pub card: CardNo,
    /// Who played it.
    pub side: Side,
    /// The player had the card's strategy when it was played.
    pub strategy_on: bool,
    /// The player was the card's clan.
    pub clan_on: bool,
    /// Played through a Ring of its element.
    pub via_ring: bool,
    /// Nullified by Defensive.
    pub nullified: bool,
    /// Cards discarded from hand for it (Magic, Ring of Void).
    pub discards: Vec<CardNo>,
    /// The Spell cast through Magic.
    pub cast: Option<CardNo>,
    /// It returns to its owner's hand when the battle closes (Intrigue won).
    pub returns: bool,
}

/// One side's roll, pushes included.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rolled {
    /// The pool rolled, with its modifiers.
    pub pool: Pool,
    /// Every roll, the last one counting; shared by the copies of the state (a roll never
    /// changes once made; a push copies the list if another copy shares it).
    pub rolls: Arc<Vec<PoolRoll>>,
    /// The last roll's total.
    pub total: i64,
    /// The last roll's second highest die with its bonus (the tie-breaker).
    pub second: i64,
}

/// One side of a battle.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideState {
    /// Ordinary plays left (one, plus Blessings).
    pub plays_left: u32,
    /// Blessings that granted "play another card, or draw another card".
    pub blessings: u32,
    /// Cards in hand when the card-play step ended (for Spiritual).
    pub hand_after_play: u32,
    /// The roll, once made.
    pub roll: Option<Rolled>,
    /// Extra cards to draw at the end.
    pub extra_draws: u32,
    /// No normal draw at the end of this battle (Duelist).
    pub draw_barred: bool,
    /// The end-of-battle draw or switch is done (or not due).
    pub end_done: bool,
    /// The hand this side was shown by a Cunning win, the cards it may take from: a card the
    /// loser gets afterwards (a draw in another battle) was never shown. Written in a save only
    /// when a take waits, so older saves read the same.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shown: Vec<CardNo>,
}

/// A choice a battle waits for after its winner is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pending {
    /// Cunning won: this side may take a card from the other's hand.
    Take(Side),
    /// Cunning lost: this side gives the other a card of its choice.
    Give(Side),
    /// Tactical: this side may change strategies (both if it won).
    Tactical {
        /// Who.
        side: Side,
        /// Whether it won.
        won: bool,
    },
}

/// Where a battle stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Card play: `next` plays or passes; `passes` passes in a row so far.
    Play {
        /// Who acts.
        next: Side,
        /// Consecutive passes.
        passes: u8,
    },
    /// Defensive cards choose what to nullify; `done` lists the played cards already handled.
    Nullify {
        /// Indices into `played` of Defensive cards already handled.
        done: Vec<usize>,
    },
    /// Both sides roll.
    Roll,
    /// Choices after the winner is known.
    Choices(Vec<Pending>),
    /// Each player side draws or switches a strategy.
    Draws,
    /// Over.
    Closed,
}

/// How a battle ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BattleResult {
    /// A side won.
    Won(Side),
    /// Force-resolved with nobody having rolled: no change.
    Wash,
}

/// A battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    /// Its number (counted over the whole game).
    pub id: u32,
    /// The attacker.
    pub attacker: Seat,
    /// The defender.
    pub defender: Defender,
    /// The hex attacked from (index into the map).
    pub from: usize,
    /// The hex attacked.
    pub target: usize,
    /// Cards in play, in order.
    pub played: Vec<Played>,
    /// The Spirit Army's Experienced was nullified.
    pub experienced_nullified: bool,
    /// Attacker and defender.
    pub sides: [SideState; 2],
    /// Where it stands.
    pub phase: Phase,
    /// The result, once known.
    pub result: Option<BattleResult>,
    /// It was force-resolved at the end of the round (or at once, its other side retired
    /// without rolling). A battle force-resolved at the end of a round that still waits for
    /// Cunning or Tactical choices stays in the list into the next round, already scored.
    pub forced: bool,
    /// It was fought in an earlier round and was scored then: only the choices its
    /// force-resolution left open remain (the next end of round closes it, choices or not).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub carried: bool,
}

impl Battle {
    /// The seat on `side` (none for the Spirit Army).
    pub fn seat(&self, side: Side) -> Option<Seat> {
        match side {
            Side::First => Some(self.attacker),
            Side::Second => match self.defender {
                Defender::Seat(s) => Some(s),
                Defender::SpiritArmy => None,
            },
        }
    }

    /// The side `seat` fights on.
    pub fn side_of(&self, seat: Seat) -> Option<Side> {
        if self.attacker == seat {
            Some(Side::First)
        } else if self.defender == Defender::Seat(seat) {
            Some(Side::Second)
        } else {
            None
        }
    }
}

/// What a round came to, for the summary post.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundReport {
    /// The round.
    pub round: u32,
    /// Battles: id, attacker, defender, from, target (labels) and result.
    pub battles: Vec<BattleReport>,
    /// Hexes that changed hands: label, old holder, new holder.
    pub captures: Vec<(String, Holder, Holder)>,
    /// Per seat: gold gained, glory gained (half points), score after (half points).
    pub scores: Vec<(Seat, i64, i64, i64)>,
}

/// One battle in a round report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleReport {
    /// The battle's number.
    pub id: u32,
    /// The attacker's clan.
    pub attacker: Clan,
    /// The defender.
    pub defender: Holder,
    /// Attacked from.
    pub from: String,
    /// Attacked.
    pub target: String,
    /// How it ended.
    pub result: BattleResult,
    /// Force-resolved at the end of the round.
    pub forced: bool,
}

/// The whole game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClanWarState {
    /// The setup, shared by every copy of the state (it does not change during a game).
    pub config: Arc<ClanWarConfig>,
    /// The validated map, shared by every copy of the state (it does not change).
    pub map: Arc<Map>,
    /// Who holds each hex (same order as `map.hexes`).
    pub holders: Vec<Holder>,
    /// The players, by seat.
    pub players: Vec<Player>,
    /// The deck (cards by number).
    pub deck: Deck<CardNo>,
    /// The round, from 1.
    pub round: u32,
    /// This round's battles, in the order declared.
    pub battles: Vec<Battle>,
    /// The next battle's number.
    pub next_battle: u32,
    /// Every finished round, shared by the copies of the state until a round ends.
    pub history: Arc<Vec<RoundReport>>,
    /// The game is over.
    pub over: bool,
}
