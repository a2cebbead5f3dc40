//! The plain data of Clan War: config, state, actions, events and views.

use std::sync::Arc;

use pbp_core::{Deck, Pool, PoolRoll, Reshuffle, Seat, Side, Viewer};
use serde::{Deserialize, Serialize};

use crate::cards::CardNo;
use crate::clan::{Clan, Strategy};
use crate::map::{Map, MapSpec, Terrain};

/// One player's setup: a clan and two strategies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    /// The Great Clan the player represents (one player per clan).
    pub clan: Clan,
    /// The player's two strategies (any two different ones).
    pub strategies: [Strategy; 2],
    /// The player's name on the forum.
    #[serde(default)]
    pub name: String,
}

/// Who gets the home-province bonus ("+1 to all your rolls").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HomeBonus {
    /// The seed's letter: only the attacker, when attacking from or attacking a province of its
    /// own clan.
    #[default]
    AttackerOnly,
    /// Also the defender, when the attacked hex is a province of its own clan.
    BothSides,
}

/// How long a Duelist loss stops the opponent's draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DuelistSpan {
    /// The seed's letter ("does not draw a card this round"): no normal end-of-battle draw for
    /// the rest of the round.
    #[default]
    Round,
    /// Only the draw at the end of this battle.
    Battle,
}

/// What happens when two attackers win the same hex in one round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Contested {
    /// First come, first served: the attack declared first takes the hex.
    #[default]
    FirstDeclared,
    /// Nobody takes it: the holder keeps it.
    Holder,
}

/// The options for every point the seed leaves open. `Default` is the documented reading.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Play with the 37 printed cards only, leaving out the 15 reconstructed blank slots.
    pub printed_cards_only: bool,
    /// Who gets the home-province bonus.
    pub home_bonus: HomeBonus,
    /// A Spell may be played as a battle card (and is cast); when false, only Magic casts Spells.
    pub spells_playable: bool,
    /// Cards played through a Ring also take their own effects (besides the Ring's `+1k0`).
    pub ring_cards_take_effect: bool,
    /// How long a Duelist loss stops the opponent's draws.
    pub duelist_span: DuelistSpan,
    /// Two attackers winning the same hex.
    pub contested: Contested,
    /// When the deck runs out: reshuffle the discards into it (default) or draw nothing more.
    pub reshuffle: Reshuffle,
    /// A force-resolved wash still counts as a battle engaged (0.5 glory each).
    pub wash_counts_as_engaged: bool,
    /// The game master may sign up late players (`join`).
    pub late_sign_up: bool,
    /// Every Blessing gives +1k0, Daikoku's (43) and Fukurokujin's (45) too, as if the line the
    /// other Blessings print had been lost from those two (default false: as printed).
    pub every_blessing_plus_one_k0: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            printed_cards_only: false,
            home_bonus: HomeBonus::AttackerOnly,
            spells_playable: true,
            ring_cards_take_effect: true,
            duelist_span: DuelistSpan::Round,
            contested: Contested::FirstDeclared,
            reshuffle: Reshuffle::Discards,
            wash_counts_as_engaged: true,
            late_sign_up: true,
            every_blessing_plus_one_k0: false,
        }
    }
}

/// The setup of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ClanWarConfig {
    /// The players, seat 0 first (2 to 8, distinct clans).
    pub players: Vec<PlayerSetup>,
    /// The map; `None` plays the default map.
    pub map: Option<MapSpec>,
    /// Rounds (days) in the game; the seed's schedule, 5/17 to the resolution on 5/29 at 7pm,
    /// is twelve 24-hour rounds.
    pub rounds: u32,
    /// The options.
    pub options: Options,
}

impl Default for ClanWarConfig {
    /// The seed's table: Crab (Tactical, Warfare), Dragon (Defensive, Duelist), Lion (Honor,
    /// Intrigue), Mantis (Mobility, Warfare), Phoenix (Defensive, Magic); twelve rounds.
    fn default() -> Self {
        let p = |clan, a, b, name: &str| PlayerSetup {
            clan,
            strategies: [a, b],
            name: name.to_owned(),
        };
        use Strategy::*;
        ClanWarConfig {
            players: vec![
                p(Clan::Crab, Tactical, Warfare, "Mongooseh"),
                p(Clan::Dragon, Defensive, Duelist, "BegrudginglyGood"),
                p(Clan::Lion, Honor, Intrigue, "Plainsfox"),
                p(Clan::Mantis, Mobility, Warfare, "xX_Terei_Xx"),
                p(Clan::Phoenix, Defensive, Magic, "Paidi tou Selini"),
            ],
            map: None,
            rounds: 12,
            options: Options::default(),
        }
    }
}

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
    pub pool: pbp_core::Pool,
    /// Every roll, the last one counting.
    pub rolls: Vec<PoolRoll>,
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
    /// It was force-resolved at the end of the round.
    pub forced: bool,
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
        [Side::First, Side::Second]
            .into_iter()
            .find(|&s| self.seat(s) == Some(seat))
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

/// What a Defensive card nullifies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NullifyTarget {
    /// A card the opponent played.
    Card(CardNo),
    /// The Spirit Army's Experienced.
    Experienced,
}

/// One decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClanWarAction {
    /// Attack `target` from `from` (hex names).
    Attack {
        /// The hex attacked.
        target: String,
        /// The player's hex it is attacked from.
        from: String,
    },
    /// Play a card in a battle, with the cards discarded for it (Magic, Ring of Void).
    Play {
        /// The battle.
        battle: u32,
        /// The card.
        card: CardNo,
        /// Cards discarded from hand for it; for Magic the first Spell listed is cast.
        discards: Vec<CardNo>,
    },
    /// Pass in a battle's card play.
    Pass {
        /// The battle.
        battle: u32,
    },
    /// Choose what a Defensive card nullifies.
    Nullify {
        /// The battle.
        battle: u32,
        /// The card (or Experienced).
        target: NullifyTarget,
    },
    /// Roll the battle dice.
    Roll {
        /// The battle.
        battle: u32,
    },
    /// Cunning won: take a card (or none).
    Take {
        /// The battle.
        battle: u32,
        /// The card taken.
        card: Option<CardNo>,
    },
    /// Cunning lost against you: give a card of your choice.
    Give {
        /// The battle.
        battle: u32,
        /// The card given.
        card: CardNo,
    },
    /// Tactical: the new strategies (two if won, one if lost, none to keep them).
    Tactical {
        /// The battle.
        battle: u32,
        /// The new strategies.
        strategies: Vec<Strategy>,
    },
    /// Draw the end-of-battle card.
    Draw {
        /// The battle.
        battle: u32,
    },
    /// Instead of drawing, switch a strategy (once per round).
    Switch {
        /// The battle.
        battle: u32,
        /// The strategy given up.
        from: Strategy,
        /// The strategy taken.
        to: Strategy,
    },
    /// The game master ends the round.
    EndRound,
    /// The game master signs up a late player.
    Join {
        /// The clan.
        clan: Clan,
        /// Its strategies.
        strategies: [Strategy; 2],
    },
    /// The game master marks a player no longer active.
    Retire {
        /// The player's clan.
        clan: Clan,
    },
    /// The game master acts for an absent player (`for Crab pass in 2`): only a step that
    /// decides nothing for the player (pass, roll, draw, take nothing, tactical keep) or a
    /// Cunning give the battle waits on.
    ForClan {
        /// The absent player's clan.
        clan: Clan,
        /// What it does.
        action: Box<ClanWarAction>,
    },
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClanWarEvent {
    /// A seat drew a card (told to that seat only).
    Drew {
        /// Who.
        seat: Seat,
        /// The card.
        card: CardNo,
    },
    /// A seat drew cards (public: how many).
    DrewCards {
        /// Who.
        seat: Seat,
        /// How many.
        count: u32,
    },
    /// The deck and discards are empty: a draw is lost.
    DeckEmpty {
        /// Who could not draw.
        seat: Seat,
    },
    /// An attack was declared and its battle opened.
    Attack {
        /// The battle.
        battle: u32,
        /// The attacker.
        seat: Seat,
        /// From.
        from: String,
        /// Target.
        target: String,
        /// The defender.
        defender: Holder,
    },
    /// A card was played.
    Played {
        /// The battle.
        battle: u32,
        /// Who.
        seat: Seat,
        /// The card.
        card: CardNo,
        /// Through a Ring.
        via_ring: bool,
        /// Discarded for it.
        discards: Vec<CardNo>,
        /// Cast through Magic.
        cast: Option<CardNo>,
    },
    /// A side passed.
    Passed {
        /// The battle.
        battle: u32,
        /// Who (none for the Spirit Army).
        seat: Option<Seat>,
    },
    /// Both passed: card play is over.
    PlayOver {
        /// The battle.
        battle: u32,
    },
    /// A card (or Experienced) was nullified.
    Nullified {
        /// The battle.
        battle: u32,
        /// What.
        target: NullifyTarget,
    },
    /// A side rolled (every roll, pushes included).
    Rolled {
        /// The battle.
        battle: u32,
        /// Which side.
        side: Side,
        /// The pool, as `XkY`.
        pool: String,
        /// Each roll's kept total and tie-breaker.
        results: Vec<(i64, i64)>,
    },
    /// Both rolled the same: push, both roll again.
    Push {
        /// The battle.
        battle: u32,
    },
    /// A side won.
    Won {
        /// The battle.
        battle: u32,
        /// The winning side.
        side: Side,
        /// The winner (none for the Spirit Army).
        seat: Option<Seat>,
    },
    /// A card effect took place (described).
    Effect {
        /// The battle.
        battle: u32,
        /// What happened.
        text: String,
    },
    /// Cards were discarded from a hand (public).
    Discarded {
        /// Whose.
        seat: Seat,
        /// Which.
        cards: Vec<CardNo>,
    },
    /// A hand shown by Cunning (to the winner only).
    HandShown {
        /// Who sees it.
        to: Seat,
        /// Whose hand.
        of: Seat,
        /// The cards.
        cards: Vec<CardNo>,
    },
    /// A card passed between hands (told to both seats).
    CardPassed {
        /// The two seats, lower first.
        seats: [Seat; 2],
        /// From.
        from: Seat,
        /// To.
        to: Seat,
        /// The card.
        card: CardNo,
    },
    /// A card passed between hands (public: not which).
    CardMoved {
        /// From.
        from: Seat,
        /// To.
        to: Seat,
    },
    /// A strategy changed.
    StrategyChanged {
        /// Whose.
        seat: Seat,
        /// Old.
        from: Strategy,
        /// New.
        to: Strategy,
        /// Why ("switch", "tactical", "reverts").
        why: String,
    },
    /// A battle closed; its cards left play.
    Closed {
        /// The battle.
        battle: u32,
    },
    /// A battle was force-resolved at the end of the round.
    Forced {
        /// The battle.
        battle: u32,
        /// How.
        how: String,
    },
    /// A hex changed hands at the end of the round.
    Captured {
        /// The hex.
        hex: String,
        /// Old holder.
        from: Holder,
        /// New holder.
        to: Holder,
    },
    /// The round was scored.
    Scored {
        /// The round.
        round: u32,
    },
    /// A player was marked no longer active.
    Retired {
        /// The seat.
        seat: Seat,
        /// The clan.
        clan: Clan,
    },
    /// A late player joined.
    Joined {
        /// The new seat.
        seat: Seat,
        /// The clan.
        clan: Clan,
    },
    /// The game master acted for an absent player (the events that follow are that action's).
    GameMasterActs {
        /// For whom.
        seat: Seat,
    },
    /// The game ended.
    GameOver,
}

/// A hex as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HexView {
    /// Its name.
    pub label: String,
    /// Column from 0.
    pub col: i32,
    /// Row from 0.
    pub row: i32,
    /// Axial coordinates.
    pub axial: (i32, i32),
    /// Terrain.
    pub terrain: Terrain,
    /// Holder.
    pub holder: Holder,
}

/// A player as seen by anyone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    /// Seat.
    pub seat: Seat,
    /// Clan.
    pub clan: Clan,
    /// Name.
    pub name: String,
    /// Strategies (with temporary ones).
    pub strategies: [Slot; 2],
    /// Cards in hand.
    pub hand_size: u32,
    /// Gold.
    pub gold: i64,
    /// Glory in half points.
    pub glory_halves: i64,
    /// Score in half points.
    pub score_halves: i64,
    /// Permanent Honor bonus.
    pub honor_bonus: i64,
    /// Honor bonus for the next battle.
    pub honor_next: i64,
    /// Attack declared this round.
    pub attacked: bool,
    /// Strategy switched this round.
    pub switched: bool,
    /// No longer active.
    pub retired: bool,
}

/// A hand the viewer may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandView {
    /// Whose.
    pub owner: Seat,
    /// The cards.
    pub cards: Vec<CardNo>,
}

/// What one viewer sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClanWarView {
    /// Who looks.
    pub viewer: Viewer,
    /// The round.
    pub round: u32,
    /// Rounds in the game.
    pub rounds: u32,
    /// Over.
    pub over: bool,
    /// The map's name.
    pub map_name: String,
    /// Every hex.
    pub hexes: Vec<HexView>,
    /// Every player.
    pub players: Vec<PlayerView>,
    /// The hands the viewer may see (its own; all for the game master).
    pub hands: Vec<HandView>,
    /// This round's battles.
    pub battles: Vec<Battle>,
    /// The pools each open battle's two sides would roll now (attacker first), by battle id:
    /// public, as every card that changes them is played face up.
    pub battle_pools: Vec<(u32, [Pool; 2])>,
    /// Cards left in the draw pile (not which).
    pub deck_remaining: u32,
    /// The discard pile.
    pub discard_pile: Vec<CardNo>,
    /// Every card this view shows (in the hands it may see, in this round's battles, in the
    /// discard pile), in number order, with its name, element and effect text.
    pub cards: Vec<crate::cards::Card>,
    /// Finished rounds.
    pub history: Vec<RoundReport>,
}
