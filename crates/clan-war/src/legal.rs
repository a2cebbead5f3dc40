//! Legal actions: every legal action, discards included, except that late sign-ups are offered
//! with one pair of strategies each (documented below).

use pbp_core::{Actor, Seat, Side};

use crate::cards::{self, CardNo};
use crate::clan::{Clan, Strategy};
use crate::engine::{attack_refusal, check_switch, nullify_waiting, owed_gives, play_refusal};
use crate::model::*;
use crate::state::*;

/// Every legal action of `actor`, except that a late sign-up (`join`) is offered once per clan
/// not in play, with the clan's first two strategies (any two strategies are accepted).
///
/// The discards of a Magic card (played with the Magic strategy) and of the Ring of Void are
/// listed in full: every set of the other cards in hand, each set once, its cards in hand order;
/// for a Magic card, a set holding several Spells is listed once per Spell, that Spell first, as
/// the first Spell of the discards is the one cast. With `d` other cards in hand, `s` of them
/// Spells, a Magic card has `2^(d-s) * (1 + s * 2^(s-1))` plays (discarding nothing included),
/// the Ring of Void `2^d`. The seed sets no hand limit, but a hand starts at two cards and grows
/// only by the draws at the end of a battle, less the cards played: in 2,800 bot games (random
/// and heuristic bots; the seed's table, and 2 to 8 clans) no hand held more than 12 cards, so
/// at most `2^11 = 2,048` sets of discards for one card (the 52 cards bound `d` at 51).
pub(crate) fn legal_actions(state: &ClanWarState, actor: Actor) -> Vec<ClanWarAction> {
    if state.over {
        return Vec::new();
    }
    match actor {
        Actor::GameMaster => {
            let mut out = Vec::with_capacity(USUAL_ACTIONS);
            out.push(ClanWarAction::EndRound);
            if state.config.options.late_sign_up && state.players.len() < 8 {
                // The map's clans in `Map::clans` order, without building that list.
                for clan in Clan::ALL {
                    if state.players.iter().all(|p| p.clan != clan)
                        && state.map.has_province_of(clan)
                    {
                        let own = clan.strategies();
                        out.push(ClanWarAction::Join {
                            clan,
                            strategies: [own[0], own[1]],
                        });
                    }
                }
            }
            for p in &state.players {
                if !p.retired {
                    out.push(ClanWarAction::Retire { clan: p.clan });
                }
            }
            // For an absent player: the steps that decide nothing for it (one list for all).
            let mut found = Found::for_game_master();
            for p in &state.players {
                seat_actions_into(state, p.seat, &mut found);
                for action in found.list.drain(..) {
                    out.push(ClanWarAction::ForClan {
                        clan: p.clan,
                        action: Box::new(action),
                    });
                }
            }
            out
        }
        Actor::Seat(seat) => seat_actions(state, seat),
    }
}

/// Whether `seat` has any legal action, found without listing them all (the turn asks this of
/// every player after every action).
pub(crate) fn seat_can_act(state: &ClanWarState, seat: Seat) -> bool {
    if state.over {
        return false;
    }
    let mut found = Found::first_only();
    seat_actions_into(state, seat, &mut found);
    found.any
}

/// Where the actions found go: into a list, or only noted, to stop at the first; and whether
/// only the steps the game master may take for an absent player are wanted.
struct Found {
    list: Vec<ClanWarAction>,
    first_only: bool,
    any: bool,
    game_master_only: bool,
    attacks: bool,
}

impl Found {
    fn all() -> Found {
        Found {
            list: Vec::new(),
            first_only: false,
            any: false,
            game_master_only: false,
            attacks: true,
        }
    }

    /// Only the steps the game master may take for an absent player
    /// ([`crate::engine::game_master_may`]), in the order of the player's own list.
    fn for_game_master() -> Found {
        Found {
            game_master_only: true,
            ..Found::all()
        }
    }

    /// Whether attacks and card plays are wanted (the game master never makes them for a
    /// player).
    fn wants_choices(&self) -> bool {
        !self.game_master_only
    }

    fn first_only() -> Found {
        Found {
            first_only: true,
            ..Found::all()
        }
    }

    fn push(&mut self, action: ClanWarAction) {
        if self.game_master_only && !crate::engine::game_master_may(&action) {
            return;
        }
        self.any = true;
        if !self.first_only {
            self.list.push(action);
        }
    }

    /// Whether looking further can change nothing.
    fn done(&self) -> bool {
        self.first_only && self.any
    }
}

/// Room for a player's usual list (its attacks, or a battle's plays), reserved at once so that
/// the list does not grow and move as it is built.
const USUAL_ACTIONS: usize = 64;

fn seat_actions(state: &ClanWarState, seat: Seat) -> Vec<ClanWarAction> {
    let mut found = Found::all();
    found.list.reserve(USUAL_ACTIONS);
    seat_actions_into(state, seat, &mut found);
    found.list
}

/// `seat`'s legal actions but its attacks: its battles' business, in the order of its whole
/// list (the heuristic bot scores attacks from the hexes themselves, in the list's order).
pub(crate) fn battle_actions_of(state: &ClanWarState, seat: Seat) -> Vec<ClanWarAction> {
    if state.over {
        return Vec::new();
    }
    let mut found = Found {
        attacks: false,
        ..Found::all()
    };
    found.list.reserve(USUAL_ACTIONS);
    seat_actions_into(state, seat, &mut found);
    found.list
}

fn seat_actions_into(state: &ClanWarState, seat: Seat, out: &mut Found) {
    let Some(p) = state.players.get(usize::from(seat.0)) else {
        return;
    };
    if p.retired {
        return;
    }
    if !p.attacked && out.wants_choices() && out.attacks {
        for (f, h) in state.holders.iter().enumerate() {
            if *h != Holder::Clan(p.clan) {
                continue;
            }
            for &t in state.map.near(f) {
                if attack_refusal(state, p, f, t).is_none() {
                    out.push(ClanWarAction::Attack {
                        target: state.map.hexes[t].label.clone(),
                        from: state.map.hexes[f].label.clone(),
                    });
                    if out.done() {
                        return;
                    }
                }
            }
        }
    }
    for (bi, b) in state.battles.iter().enumerate() {
        let Some(side) = b.side_of(seat) else {
            continue;
        };
        battle_actions(state, p, bi, b, side, out);
        if out.done() {
            return;
        }
    }
}

fn battle_actions(
    state: &ClanWarState,
    p: &Player,
    bi: usize,
    b: &Battle,
    side: Side,
    out: &mut Found,
) {
    let battle = b.id;
    let seat = p.seat;
    let me = match side {
        Side::First => 0,
        Side::Second => 1,
    };
    match &b.phase {
        Phase::Play { next, .. } if *next == side => {
            out.push(ClanWarAction::Pass { battle });
            if out.done() {
                return;
            }
            if !out.wants_choices() {
                return;
            }
            for (i, &card) in p.hand.iter().enumerate() {
                if p.hand[..i].contains(&card)
                    || play_refusal(state, seat, battle, card, &[]).is_err()
                {
                    continue;
                }
                out.push(ClanWarAction::Play {
                    battle,
                    card,
                    discards: Vec::new(),
                });
                discard_plays(state, p, battle, card, out);
            }
        }
        Phase::Nullify { .. } => {
            if let Some((index, candidates)) =
                nullify_waiting(b, state.config.options.ring_cards_take_effect)
                && b.played[index].side == side
            {
                for target in candidates {
                    out.push(ClanWarAction::Nullify { battle, target });
                }
            }
        }
        Phase::Roll if b.sides[me].roll.is_none() => out.push(ClanWarAction::Roll { battle }),
        Phase::Choices(list) => {
            let mut seen = Vec::new();
            for pending in list {
                if seen.contains(pending) {
                    continue;
                }
                seen.push(*pending);
                match *pending {
                    Pending::Take(s) if s == side => {
                        out.push(ClanWarAction::Take { battle, card: None });
                        if let Some(o) = b.seat(side.other()) {
                            for &card in &state.players[usize::from(o.0)].hand {
                                out.push(ClanWarAction::Take {
                                    battle,
                                    card: Some(card),
                                });
                            }
                        }
                    }
                    Pending::Give(s) if s == side => {
                        for &card in &p.hand {
                            out.push(ClanWarAction::Give { battle, card });
                        }
                    }
                    Pending::Tactical { side: s, won } if s == side => {
                        out.push(ClanWarAction::Tactical {
                            battle,
                            strategies: Vec::new(),
                        });
                        if out.wants_choices() {
                            tactical_options(p, won, battle, out);
                        }
                    }
                    _ => {}
                }
            }
        }
        Phase::Draws if !b.sides[me].end_done => {
            out.push(ClanWarAction::Draw { battle });
            if !out.wants_choices() {
                return;
            }
            for from in [p.strategies[0].strategy, p.strategies[1].strategy] {
                for to in Strategy::ALL {
                    if check_switch(state, seat, bi, from, to).is_ok() {
                        out.push(ClanWarAction::Switch { battle, from, to });
                    }
                }
            }
        }
        _ => {}
    }
}

/// The plays of `card` with discards: every non-empty set of the other cards in `p`'s hand that
/// `check_play` accepts (none if the card grants no discards), in hand order; for a Magic card,
/// a set with several Spells once per Spell, that Spell first (it is the one cast).
fn discard_plays(state: &ClanWarState, p: &Player, battle: u32, card: CardNo, out: &mut Found) {
    let mut others: Vec<CardNo> = Vec::with_capacity(p.hand.len());
    for &c in &p.hand {
        if c != card && !others.contains(&c) {
            others.push(c);
        }
    }
    // A single discard refused refuses every set: the card grants none (or not through its
    // Ring), or an owed Cunning give forbids it (larger sets leave even fewer cards).
    let Some(&first) = others.first() else {
        return;
    };
    if play_refusal(state, p.seat, battle, card, &[first]).is_err() {
        return;
    }
    // Past one discard, `play_refusal` reads of a set only its size (each set holds distinct
    // cards of the hand other than the card played): a set is refused only when it leaves
    // fewer cards than the Cunning gives owed.
    let owed = owed_gives(state, p.seat);
    let magic = cards::card(card).and_then(|c| c.strategy()) == Some(Strategy::Magic);
    for set in 1..1_u64 << others.len() {
        let size = set.count_ones() as usize;
        if owed > 0 && p.hand.len().saturating_sub(1 + size) < owed {
            continue;
        }
        let mut discards: Vec<CardNo> = Vec::with_capacity(size);
        discards.extend(
            others
                .iter()
                .enumerate()
                .filter(|(i, _)| set >> i & 1 == 1)
                .map(|(_, &c)| c),
        );
        let spells: Vec<usize> = if magic {
            (0..discards.len())
                .filter(|&i| cards::card(discards[i]).is_some_and(|c| c.is_spell()))
                .collect()
        } else {
            Vec::new()
        };
        if spells.len() < 2 {
            out.push(ClanWarAction::Play {
                battle,
                card,
                discards,
            });
            continue;
        }
        for &cast in &spells {
            let mut order = Vec::with_capacity(discards.len());
            order.push(discards[cast]);
            order.extend(
                discards
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != cast)
                    .map(|(_, &c)| c),
            );
            out.push(ClanWarAction::Play {
                battle,
                card,
                discards: order,
            });
        }
    }
}

fn tactical_options(p: &Player, won: bool, battle: u32, out: &mut Found) {
    if won {
        for a in Strategy::ALL {
            for b in Strategy::ALL {
                if a != b {
                    out.push(ClanWarAction::Tactical {
                        battle,
                        strategies: vec![a, b],
                    });
                }
            }
        }
    } else {
        let keep = if p.strategies[1].strategy == Strategy::Tactical {
            p.strategies[1].strategy
        } else {
            p.strategies[0].strategy
        };
        for a in Strategy::ALL {
            if a != keep {
                out.push(ClanWarAction::Tactical {
                    battle,
                    strategies: vec![a],
                });
            }
        }
    }
}
