//! The action and event types of Clan War, and what a Defensive card nullifies.

use std::sync::Arc;

use pbp_core::{Seat, Side};
use serde::{Deserialize, Serialize};

use crate::cards::CardNo;
use crate::clan::{Clan, Strategy};
use crate::state::Holder;

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
        /// The hex attacked, by name (`E4`; shared, so listing attacks copies no text).
        target: Arc<str>,
        /// The player's hex it is attacked from, by name.
        from: Arc<str>,
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
