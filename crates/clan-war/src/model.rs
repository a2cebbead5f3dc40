//! The action and event types of Clan War, and what a Defensive card nullifies.

use std::sync::Arc;

use pbp_core::{Pool, Side, engine::Seat};
use serde::{Deserialize, Serialize};

use crate::cards::CardNo;
use crate::clan::{Clan, Strategy};
use crate::config::DuelistSpan;
use crate::hex_label::HexLabel;
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
        /// The hex attacked from.
        from: HexLabel,
        /// The hex attacked.
        target: HexLabel,
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
        /// Who rolled (none for the Spirit Army), so that the event names its roller however
        /// long after the battle it is read.
        seat: Option<Seat>,
        /// The pool rolled: its dice and modifiers.
        pool: Pool,
        /// Each roll's kept total and tie-breaker.
        results: Vec<(i64, i64)>,
    },
    /// Both rolled the same: push, both roll again.
    Push {
        /// The battle.
        battle: u32,
        /// The attacker, who rolls again first.
        attacker: Seat,
        /// The defender (none for the Spirit Army).
        defender: Option<Seat>,
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
    /// A card effect took place once the winner was known.
    Effect {
        /// The battle.
        battle: u32,
        /// What happened.
        effect: CardEffect,
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
        /// Why.
        why: StrategyChange,
    },
    /// A battle closed; its cards left play.
    Closed {
        /// The battle.
        battle: u32,
    },
    /// A battle was force-resolved: at the end of the round, or at once when one side retired
    /// without rolling after the other side rolled ([`ForcedEnd::OtherRetired`]).
    Forced {
        /// The battle.
        battle: u32,
        /// How it ended.
        how: ForcedEnd,
    },
    /// A hex changed hands at the end of the round.
    Captured {
        /// The hex.
        hex: HexLabel,
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

/// What a card effect did once a battle's winner was known (the event
/// [`ClanWarEvent::Effect`]): each names the clan whose card it was and, where one card caused
/// it, the card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardEffect {
    /// The clan lost: the permanent bonus an Honor win gave it fades.
    HonorFades {
        /// The clan.
        clan: Clan,
    },
    /// An Honor card won: a permanent +1 to all the clan's dice (until it loses).
    HonorWon {
        /// The clan.
        clan: Clan,
        /// The Honor card.
        card: CardNo,
    },
    /// An Honor card lost: +4 to the clan's highest die in its next battle.
    HonorLost {
        /// The clan.
        clan: Clan,
        /// The Honor card.
        card: CardNo,
    },
    /// An Intrigue card won: it returns to its player's hand when the battle closes.
    IntrigueReturns {
        /// The clan.
        clan: Clan,
        /// The Intrigue card.
        card: CardNo,
    },
    /// A Duelist card won: the opponent discards its whole hand.
    DuelistDiscards {
        /// The clan.
        clan: Clan,
        /// The Duelist card.
        card: CardNo,
        /// The opponent's clan.
        opponent: Clan,
    },
    /// A Duelist card lost: the opponent draws no card, for as long as `span` says.
    DuelistBarsDraws {
        /// The clan.
        clan: Clan,
        /// The Duelist card.
        card: CardNo,
        /// The opponent's clan.
        opponent: Clan,
        /// For how long (the option [`DuelistSpan`]).
        span: DuelistSpan,
    },
    /// A Diplomatic card: more cards to draw after the battle (two on a win, one on a loss).
    DiplomaticDraws {
        /// The clan.
        clan: Clan,
        /// The Diplomatic card.
        card: CardNo,
        /// How many more cards.
        count: u32,
    },
    /// The clan owes a Cunning give but has no card left: the give lapses.
    GiveLapses {
        /// The clan.
        clan: Clan,
    },
}

/// Why a strategy changed (the event [`ClanWarEvent::StrategyChanged`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StrategyChange {
    /// The player switched a strategy instead of drawing (once per round).
    Switch,
    /// A Tactical card gave a temporary strategy.
    Tactical,
    /// A temporary strategy reverts once the battle that used it closes.
    Reverts,
}

/// How a battle was forced to an end (the event [`ClanWarEvent::Forced`]): left open at the end
/// of the round, or left with one side that rolled and one that retired without rolling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ForcedEnd {
    /// Both sides had rolled: the battle ends with no more draws.
    BothRolled,
    /// Only one side had rolled: it wins and draws late.
    OneRolled,
    /// Neither side had rolled: a wash, and the cards played are discarded.
    NeitherRolled,
    /// One side rolled and the other retired without rolling (it never will): the side that
    /// rolled wins at once, with every reward of the win.
    OtherRetired,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The JSON of `event`, checked to read back as the same event.
    fn json(event: &ClanWarEvent) -> serde_json::Value {
        let json = serde_json::to_value(event).unwrap();
        let back: ClanWarEvent = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(&back, event);
        json
    }

    #[test]
    fn events_are_values_in_json_hexes_by_name() {
        let (d6, c6) = (
            HexLabel::parse("D6").unwrap(),
            HexLabel::parse("c6").unwrap(),
        );
        let attack = json(&ClanWarEvent::Attack {
            battle: 1,
            seat: Seat(0),
            from: c6,
            target: d6,
            defender: Holder::SpiritArmy,
        });
        assert_eq!(attack["attack"]["from"], "C6");
        assert_eq!(attack["attack"]["target"], "D6");
        let captured = json(&ClanWarEvent::Captured {
            hex: d6,
            from: Holder::SpiritArmy,
            to: Holder::Clan(Clan::Crab),
        });
        assert_eq!(captured["captured"]["hex"], "D6");
        let mut pool = Pool::new(3, 2);
        pool.modifiers.each_die = 1;
        pool.modifiers.add_rank_bonus(1, -2);
        let rolled = json(&ClanWarEvent::Rolled {
            battle: 1,
            side: Side::First,
            seat: Some(Seat(2)),
            pool,
            results: vec![(10, 5)],
        });
        assert_eq!(rolled["rolled"]["seat"], 2);
        assert_eq!(rolled["rolled"]["pool"]["rolled"], 3);
        let push = json(&ClanWarEvent::Push {
            battle: 1,
            attacker: Seat(0),
            defender: None,
        });
        assert_eq!(push["push"]["attacker"], 0);
        assert_eq!(push["push"]["defender"], serde_json::Value::Null);
        assert_eq!(rolled["rolled"]["pool"]["kept"], 2);
        assert_eq!(rolled["rolled"]["pool"]["modifiers"]["each_die"], 1);
        let effect = json(&ClanWarEvent::Effect {
            battle: 2,
            effect: CardEffect::DuelistBarsDraws {
                clan: Clan::Crab,
                card: 4,
                opponent: Clan::Lion,
                span: DuelistSpan::Round,
            },
        });
        assert_eq!(effect["effect"]["effect"]["duelist-bars-draws"]["card"], 4);
        assert_eq!(
            effect["effect"]["effect"]["duelist-bars-draws"]["span"],
            "round"
        );
        let changed = json(&ClanWarEvent::StrategyChanged {
            seat: Seat(1),
            from: Strategy::Honor,
            to: Strategy::Warfare,
            why: StrategyChange::Reverts,
        });
        assert_eq!(changed["strategy-changed"]["why"], "reverts");
        let forced = json(&ClanWarEvent::Forced {
            battle: 3,
            how: ForcedEnd::NeitherRolled,
        });
        assert_eq!(forced["forced"]["how"], "neither-rolled");
        // A hex that is not a hex name is refused.
        let bad = serde_json::json!({"captured": {"hex": "E0", "from": "spirit-army", "to": "spirit-army"}});
        assert!(serde_json::from_value::<ClanWarEvent>(bad).is_err());
    }
}
