//! What a viewer sees: the view types, `view_of` and the secrets a view must not show.

use pbp_core::{
    Pool, Side,
    engine::{Seat, Viewer},
};
use serde::Serialize;

use crate::cards::CardNo;
use crate::clan::Clan;
use crate::map::Terrain;
use crate::state::*;

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

/// What `viewer` sees of the game: its own hand (every hand for the game master), no one else's.
pub(crate) fn view_of(state: &ClanWarState, viewer: Viewer) -> ClanWarView {
    let hexes = state
        .map
        .hexes
        .iter()
        .zip(&state.holders)
        .map(|(h, holder)| HexView {
            label: h.label.to_string(),
            col: h.col,
            row: h.row,
            axial: h.axial,
            terrain: h.terrain,
            holder: *holder,
        })
        .collect();
    let players = state
        .players
        .iter()
        .map(|p| PlayerView {
            seat: p.seat,
            clan: p.clan,
            name: p.name.to_string(),
            strategies: p.strategies,
            hand_size: p.hand.len() as u32,
            gold: p.gold,
            glory_halves: p.glory_halves,
            score_halves: p.score_halves(),
            honor_bonus: p.honor_bonus,
            honor_next: p.honor_next,
            attacked: p.attacked,
            switched: p.switched,
            retired: p.retired,
        })
        .collect();
    let hands: Vec<HandView> = state
        .players
        .iter()
        .filter(|p| match viewer {
            Viewer::GameMaster => true,
            Viewer::Seat(s) => s == p.seat,
            Viewer::Public => false,
        })
        .map(|p| HandView {
            owner: p.seat,
            cards: p.hand.clone(),
        })
        .collect();
    let discard_pile: Vec<crate::cards::CardNo> = state
        .deck
        .discard_pile()
        .iter()
        .filter_map(|&i| state.deck.card(i).copied())
        .collect();
    let mut shown: Vec<crate::cards::CardNo> = hands
        .iter()
        .flat_map(|h| h.cards.iter().copied())
        .chain(state.battles.iter().flat_map(|b| {
            b.played
                .iter()
                .flat_map(|p| std::iter::once(p.card).chain(p.discards.iter().copied()))
        }))
        .chain(discard_pile.iter().copied())
        .collect();
    shown.sort_unstable();
    shown.dedup();
    ClanWarView {
        viewer,
        round: state.round,
        rounds: state.config.rounds,
        over: state.over,
        map_name: state.map.name.clone(),
        hexes,
        players,
        hands,
        battles: battles_seen(state, viewer),
        battle_pools: state
            .battles
            .iter()
            .filter_map(|b| Some((b.id, crate::engine::battle_pools(state, b.id)?)))
            .collect(),
        deck_remaining: state.deck.remaining(),
        discard_pile,
        cards: shown
            .into_iter()
            .filter_map(crate::cards::card)
            .cloned()
            .collect(),
        history: state.history.to_vec(),
    }
}

/// The battles as `viewer` sees them: the hand a Cunning win showed a side is that side's alone
/// (and the game master's).
fn battles_seen(state: &ClanWarState, viewer: Viewer) -> Vec<Battle> {
    let mut battles = state.battles.clone();
    if viewer != Viewer::GameMaster {
        for b in &mut battles {
            for side in [Side::First, Side::Second] {
                if b.seat(side).map(Viewer::Seat) != Some(viewer) {
                    b.sides[usize::from(side == Side::Second)].shown.clear();
                }
            }
        }
    }
    battles
}

/// Strings that must not appear in what `viewer` sees: the starts of the hidden hands, draws,
/// shown hands and passed cards of the other seats, as they serialize.
pub(crate) fn secrets_of(state: &ClanWarState, viewer: Viewer) -> Vec<String> {
    if viewer == Viewer::GameMaster {
        return Vec::new();
    }
    let me = match viewer {
        Viewer::Seat(s) => Some(s),
        _ => None,
    };
    let others: Vec<Seat> = state
        .players
        .iter()
        .map(|p| p.seat)
        .filter(|s| Some(*s) != me)
        .collect();
    let mut out = Vec::new();
    for &s in &others {
        out.push(format!("{{\"owner\":{s},\"cards\":"));
        out.push(format!("\"drew\":{{\"seat\":{s},"));
        out.push(format!("\"hand-shown\":{{\"to\":{s},"));
        for &t in others.iter().filter(|t| **t > s) {
            out.push(format!("\"card-passed\":{{\"seats\":[{s},{t}]"));
        }
    }
    out
}
