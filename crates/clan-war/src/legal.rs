//! Legal actions: every legal action, discards included, except that late sign-ups are offered
//! with one pair of strategies each (documented below).

use pbp_core::{
    Side,
    engine::{Actor, Seat},
};

use crate::cards::{self, CardNo};
use crate::clan::{Clan, Strategy};
use crate::engine::{
    attack_refusal, check_switch, is_attacked, is_attacking, nullify_waiting, owed_gives,
    play_refusal,
};
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
    let mut found = Found::new(Want::All);
    found.list.reserve(USUAL_ACTIONS);
    actions_into(state, actor, &mut found);
    found.list
}

/// How many actions [`legal_actions`] lists for `actor`, counted without building them.
pub(crate) fn legal_action_count(state: &ClanWarState, actor: Actor) -> usize {
    let mut found = Found::new(Want::Count);
    actions_into(state, actor, &mut found);
    found.count
}

/// The action at `index` of [`legal_actions`] for `actor`, built alone.
pub(crate) fn legal_action_at(
    state: &ClanWarState,
    actor: Actor,
    index: usize,
) -> Option<ClanWarAction> {
    let mut found = Found::new(Want::At(index));
    actions_into(state, actor, &mut found);
    found.picked
}

fn actions_into(state: &ClanWarState, actor: Actor, out: &mut Found) {
    if state.over {
        return;
    }
    match actor {
        Actor::GameMaster => game_master_actions_into(state, out),
        Actor::Seat(seat) => seat_actions_into(state, seat, out),
    }
}

fn game_master_actions_into(state: &ClanWarState, out: &mut Found) {
    out.push_with(|| ClanWarAction::EndRound);
    if state.config.options.late_sign_up && state.players.len() < 8 {
        // The map's clans in `Map::clans` order, without building that list.
        for clan in Clan::ALL {
            if state.players.iter().all(|p| p.clan != clan) && state.map.has_province_of(clan) {
                let own = clan.strategies();
                out.push_with(|| ClanWarAction::Join {
                    clan,
                    strategies: [own[0], own[1]],
                });
            }
        }
    }
    for p in &state.players {
        if !p.retired {
            out.push_with(|| ClanWarAction::Retire { clan: p.clan });
        }
    }
    // For an absent player: the steps that decide nothing for it (one list for all).
    for p in &state.players {
        if out.done() {
            return;
        }
        let wrap = |action| ClanWarAction::ForClan {
            clan: p.clan,
            action: Box::new(action),
        };
        if out.want == Want::All {
            let mut inner = Found::for_game_master(Want::All);
            seat_actions_into(state, p.seat, &mut inner);
            for action in inner.list {
                out.push(wrap(action));
            }
            continue;
        }
        let mut inner = Found::for_game_master(Want::Count);
        seat_actions_into(state, p.seat, &mut inner);
        if let Want::At(index) = out.want
            && (out.count..out.count + inner.count).contains(&index)
        {
            let mut one = Found::for_game_master(Want::At(index - out.count));
            seat_actions_into(state, p.seat, &mut one);
            out.picked = one.picked.map(wrap);
        }
        out.count += inner.count;
    }
}

/// Whether `seat` has any legal action, found without listing them all (the turn asks this of
/// every player after every action).
pub(crate) fn seat_can_act(state: &ClanWarState, seat: Seat) -> bool {
    if state.over {
        return false;
    }
    let mut found = Found::new(Want::First);
    seat_actions_into(state, seat, &mut found);
    found.count > 0
}

/// What a search of the legal actions is after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Want {
    /// Every action, in a list.
    All,
    /// Whether there is any: the search stops at the first.
    First,
    /// Their number; nothing is built.
    Count,
    /// The one at this place of the list, built alone; the search stops once it is.
    At(usize),
}

/// Where the actions found go (see [`Want`]), and whether only the steps the game master may
/// take for an absent player are wanted.
struct Found {
    want: Want,
    list: Vec<ClanWarAction>,
    /// How many were found so far.
    count: usize,
    /// The action of [`Want::At`], once found.
    picked: Option<ClanWarAction>,
    game_master_only: bool,
    attacks: bool,
}

impl Found {
    fn new(want: Want) -> Found {
        Found {
            want,
            list: Vec::new(),
            count: 0,
            picked: None,
            game_master_only: false,
            attacks: true,
        }
    }

    /// Only the steps the game master may take for an absent player
    /// ([`crate::engine::game_master_may`]), in the order of the player's own list.
    fn for_game_master(want: Want) -> Found {
        Found {
            game_master_only: true,
            ..Found::new(want)
        }
    }

    /// Whether the player's choices are wanted: attacks, card plays and their discards,
    /// nullifications, the card taken, strategies (the game master never makes them for a
    /// player).
    fn wants_choices(&self) -> bool {
        !self.game_master_only
    }

    fn push(&mut self, action: ClanWarAction) {
        self.push_with(|| action);
    }

    /// Notes the next action, building it with `make` only if it is wanted. For the game
    /// master's steps ([`Found::for_game_master`]) the callers leave out the choices
    /// ([`Found::wants_choices`]): what is left is what `engine::game_master_may` allows, which
    /// a debug build checks of every action listed.
    fn push_with(&mut self, make: impl FnOnce() -> ClanWarAction) {
        match self.want {
            Want::All => {
                let action = make();
                debug_assert!(
                    !self.game_master_only || crate::engine::game_master_may(&action),
                    "the game master may not take {action:?} for a player"
                );
                self.list.push(action);
            }
            Want::At(index) if index == self.count => self.picked = Some(make()),
            Want::First | Want::Count | Want::At(_) => {}
        }
        self.count += 1;
    }

    /// Whether looking further can change nothing.
    fn done(&self) -> bool {
        match self.want {
            Want::All | Want::Count => false,
            Want::First => self.count > 0,
            Want::At(_) => self.picked.is_some(),
        }
    }
}

/// Room for a player's usual list (its attacks, or a battle's plays), reserved at once so that
/// the list does not grow and move as it is built.
const USUAL_ACTIONS: usize = 64;

/// `seat`'s legal actions but its attacks: its battles' business, in the order of its whole
/// list (the heuristic bot scores attacks from the hexes themselves, in the list's order).
pub(crate) fn battle_actions_of(state: &ClanWarState, seat: Seat) -> Vec<ClanWarAction> {
    if state.over {
        return Vec::new();
    }
    let mut found = Found {
        attacks: false,
        ..Found::new(Want::All)
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
    // Whether there is any: the few battles answer sooner than the map's hexes.
    if out.want == Want::First {
        battles_into(state, p, out);
        if !out.done() {
            attacks_into(state, p, out);
        }
        return;
    }
    attacks_into(state, p, out);
    if !out.done() {
        battles_into(state, p, out);
    }
}

/// `p`'s attacks, from each hex it holds in map order, to each neighbour in the map's order.
fn attacks_into(state: &ClanWarState, p: &Player, out: &mut Found) {
    if p.attacked || !out.wants_choices() || !out.attacks {
        return;
    }
    let mine = Holder::Clan(p.clan);
    for (f, h) in state.holders.iter().enumerate() {
        // `attack_refusal`'s checks, those of the hex attacking once for all its targets
        // (`near` holds only the hexes in reach).
        if *h != mine || is_attacked(state, f) {
            continue;
        }
        for &t in state.map.near(f) {
            let legal = state.holders[t] != mine && !is_attacking(state, t);
            debug_assert_eq!(legal, attack_refusal(state, p, f, t).is_none());
            if legal {
                out.push_with(|| ClanWarAction::Attack {
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

/// `p`'s actions in its battles, battle by battle.
fn battles_into(state: &ClanWarState, p: &Player, out: &mut Found) {
    for (bi, b) in state.battles.iter().enumerate() {
        // A round keeps its closed battles until it ends: they ask nothing.
        if b.phase == Phase::Closed {
            continue;
        }
        let Some(side) = b.side_of(p.seat) else {
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
            out.push_with(|| ClanWarAction::Pass { battle });
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
                out.push_with(|| ClanWarAction::Play {
                    battle,
                    card,
                    discards: Vec::new(),
                });
                discard_plays(state, p, battle, card, out);
                if out.done() {
                    return;
                }
            }
        }
        Phase::Nullify { .. } if out.wants_choices() => {
            if let Some((index, candidates)) =
                nullify_waiting(b, state.config.options.ring_cards_take_effect)
                && b.played[index].side == side
            {
                for target in candidates {
                    out.push_with(|| ClanWarAction::Nullify { battle, target });
                }
            }
        }
        Phase::Roll if b.sides[me].roll.is_none() => {
            out.push_with(|| ClanWarAction::Roll { battle })
        }
        Phase::Choices(list) => {
            let mut seen = Vec::new();
            for pending in list {
                if seen.contains(pending) {
                    continue;
                }
                seen.push(*pending);
                match *pending {
                    Pending::Take(s) if s == side => {
                        out.push_with(|| ClanWarAction::Take { battle, card: None });
                        if let Some(o) = b.seat(side.other())
                            && out.wants_choices()
                        {
                            for card in crate::engine::takeable(state, bi, side, o) {
                                out.push_with(|| ClanWarAction::Take {
                                    battle,
                                    card: Some(card),
                                });
                            }
                        }
                    }
                    Pending::Give(s) if s == side => {
                        for &card in &p.hand {
                            out.push_with(|| ClanWarAction::Give { battle, card });
                        }
                    }
                    Pending::Tactical { side: s, won } if s == side => {
                        out.push_with(|| ClanWarAction::Tactical {
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
            out.push_with(|| ClanWarAction::Draw { battle });
            if !out.wants_choices() {
                return;
            }
            for from in [p.strategies[0].strategy, p.strategies[1].strategy] {
                for to in Strategy::ALL {
                    if check_switch(state, seat, bi, from, to).is_ok() {
                        out.push_with(|| ClanWarAction::Switch { battle, from, to });
                    }
                }
            }
        }
        _ => {}
    }
}

/// The plays of `card` with discards: every non-empty set of the other cards in `p`'s hand that
/// `check_play` accepts (none if the card grants no discards), in hand order; for a Magic card,
/// a set with several Spells once per Spell, that Spell first (it is the one cast). The sets
/// are bit sets over the other cards; a play's list of discards is built only when wanted.
fn discard_plays(state: &ClanWarState, p: &Player, battle: u32, card: CardNo, out: &mut Found) {
    // The other cards, each once, in hand order (a hand holds at most the 52 cards).
    let mut others: [CardNo; 64] = [0; 64];
    let mut len = 0;
    for &c in &p.hand {
        if c != card && !others[..len].contains(&c) && len < others.len() - 1 {
            others[len] = c;
            len += 1;
        }
    }
    let others = &others[..len];
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
    let spell_set: u64 = if magic {
        others
            .iter()
            .enumerate()
            .filter(|(_, c)| cards::card(**c).is_some_and(|c| c.is_spell()))
            .fold(0, |set, (i, _)| set | 1 << i)
    } else {
        0
    };
    let discards_of = |set: u64, cast: Option<usize>| {
        let mut discards: Vec<CardNo> = Vec::with_capacity(set.count_ones() as usize);
        discards.extend(cast.map(|i| others[i]));
        discards.extend(
            others
                .iter()
                .enumerate()
                .filter(|&(i, _)| set >> i & 1 == 1 && Some(i) != cast)
                .map(|(_, &c)| c),
        );
        discards
    };
    for set in 1..1_u64 << others.len() {
        let size = set.count_ones() as usize;
        if owed > 0 && p.hand.len().saturating_sub(1 + size) < owed {
            continue;
        }
        let spells = set & spell_set;
        if spells.count_ones() < 2 {
            out.push_with(|| ClanWarAction::Play {
                battle,
                card,
                discards: discards_of(set, None),
            });
            continue;
        }
        let mut rest = spells;
        while rest != 0 {
            let cast = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            out.push_with(|| ClanWarAction::Play {
                battle,
                card,
                discards: discards_of(set, Some(cast)),
            });
        }
        if out.done() {
            return;
        }
    }
}

fn tactical_options(p: &Player, won: bool, battle: u32, out: &mut Found) {
    if won {
        for a in Strategy::ALL {
            for b in Strategy::ALL {
                if a != b {
                    out.push_with(|| ClanWarAction::Tactical {
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
                out.push_with(|| ClanWarAction::Tactical {
                    battle,
                    strategies: vec![a],
                });
            }
        }
    }
}
