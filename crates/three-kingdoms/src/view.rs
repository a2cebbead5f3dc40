//! What a viewer sees: the view types and how names of the cards shown are gathered.

use std::collections::BTreeMap;

use pbp_core::engine::{Game, Seat, Viewer};
use serde::{Deserialize, Serialize};

use crate::cards::{CardType, Trait};
use crate::config::AmbushVisibility;
use crate::game::ThreeKingdoms;
use crate::model::{CardSeen, ThreeKingdomsEvent};
use crate::state::{Ending, Pending, Phase, TargetRef, ThreeKingdomsState, Zone};

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
    /// The player's name (empty when the config names no players).
    pub name: String,
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

    /// A seat as people call it: its player's name with its label (`Liu (Shu)`), its label
    /// alone (`Wei`) when the config names no players, or `seat N` for a seat the view does
    /// not hold.
    pub fn seat_name(&self, seat: Seat) -> String {
        match self.players.iter().find(|p| p.seat == seat) {
            Some(p) if !p.name.is_empty() => format!("{} ({})", p.name, p.label),
            Some(p) => p.label.clone(),
            None => format!("seat {seat}"),
        }
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
        let side = self
            .players
            .iter()
            .find(|p| p.seat == t.seat)
            .map_or_else(|| format!("seat {}", t.seat), |p| p.label.clone());
        format!("{name} ({side})")
    }
}

/// The names of the cards a view shows, from the card definitions.
pub(crate) fn card_names(
    state: &ThreeKingdomsState,
    players: &[PlayerView],
) -> BTreeMap<String, String> {
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

pub(crate) fn seen(state: &ThreeKingdomsState, seat: Seat, card: u32) -> CardSeen {
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

/// [`Game::view`](pbp_core::engine::Game::view).
pub(crate) fn view_of(state: &ThreeKingdomsState, viewer: Viewer) -> ThreeKingdomsView {
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
                    let ambush_known =
                        own || state.rules.ambush == AmbushVisibility::Public || ch.ambush_revealed;
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
                label: ThreeKingdoms::seat_label(state, seat),
                name: p.name.clone(),
                army: p.army.to_string(),
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

/// [`Game::secrets`](pbp_core::engine::Game::secrets): what `viewer` must never see, as JSON fragments
/// (the draw piles; the other seat's hand and its unrevealed Ambushes).
pub(crate) fn secrets_of(state: &ThreeKingdomsState, viewer: Viewer) -> Vec<String> {
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
