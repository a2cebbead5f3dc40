//! The rules: setup, attacks, battles, the end of the round.

use std::sync::Arc;

use pbp_core::{Comparison, Deck, Dice, Pool, PoolDelta, PoolRoll, Seat, Side, Verdict, Visible};

use crate::cards::{self, CardKind, CardNo};
use crate::clan::{Clan, Element, Strategy};
use crate::error::{ClanWarError, illegal};
use crate::map::{MapSpec, Terrain};
use crate::types::*;

type Events = Vec<Visible<ClanWarEvent>>;
type Res<T> = Result<T, ClanWarError>;

/// The most pushes rolled again in one battle before the game gives up (about 10^-150 likely).
const MAX_PUSHES: u32 = 100;

fn card(no: CardNo) -> cards::Card {
    // Every card number in play comes from the deck, so it is 1 to 52.
    cards::card(no).unwrap_or(cards::Card {
        number: no,
        name: String::new(),
        element: Element::Void,
        kind: CardKind::Ring,
        text: String::new(),
        reconstructed: false,
    })
}

/// Starts a game.
pub(crate) fn setup(config: &ClanWarConfig, dice: &mut dyn Dice) -> Res<ClanWarState> {
    let spec = config.map.clone().unwrap_or_else(MapSpec::default_map);
    let map = spec.validate()?;
    if !(2..=8).contains(&config.players.len()) {
        return Err(ClanWarError::Config(format!(
            "{} players: Clan War needs 2 to 8",
            config.players.len()
        )));
    }
    if config.rounds == 0 || config.rounds > 1000 {
        return Err(ClanWarError::Config("rounds must be 1 to 1000".into()));
    }
    for (i, p) in config.players.iter().enumerate() {
        check_new_player(&map.clans(), &config.players[..i], p.clan, p.strategies)?;
    }
    let holders = map
        .hexes
        .iter()
        .map(|h| match h.terrain {
            Terrain::Province(c) if config.players.iter().any(|p| p.clan == c) => Holder::Clan(c),
            _ => Holder::SpiritArmy,
        })
        .collect();
    let numbers = cards::deck(config.options.printed_cards_only)
        .into_iter()
        .map(|c| c.number)
        .collect();
    let mut state = ClanWarState {
        config: Arc::new(config.clone()),
        map: Arc::new(map),
        holders,
        players: Vec::new(),
        deck: Deck::with_reshuffle(numbers, config.options.reshuffle),
        round: 1,
        battles: Vec::new(),
        next_battle: 1,
        history: Arc::new(Vec::new()),
        over: false,
    };
    for (i, p) in config.players.iter().enumerate() {
        state.players.push(new_player(Seat(i as u16), p, 1));
    }
    let mut events = Vec::new();
    for i in 0..state.players.len() {
        draw_cards(&mut state, Seat(i as u16), 2, dice, &mut events)?;
    }
    Ok(state)
}

fn check_new_player(
    map_clans: &[Clan],
    earlier: &[PlayerSetup],
    clan: Clan,
    strategies: [Strategy; 2],
) -> Res<()> {
    if earlier.iter().any(|q| q.clan == clan) {
        return Err(ClanWarError::Config(format!(
            "the {clan} clan is taken: only one player may represent a clan"
        )));
    }
    if strategies[0] == strategies[1] {
        return Err(ClanWarError::Config(format!(
            "the {clan} player needs two different strategies"
        )));
    }
    if !map_clans.contains(&clan) {
        return Err(ClanWarError::Config(format!(
            "the map has no provinces of the {clan} clan"
        )));
    }
    Ok(())
}

fn new_player(seat: Seat, setup: &PlayerSetup, round: u32) -> Player {
    let slot = |strategy| Slot {
        strategy,
        original: None,
        revert_after: None,
    };
    Player {
        seat,
        clan: setup.clan,
        name: Arc::from(setup.name.as_str()),
        strategies: [slot(setup.strategies[0]), slot(setup.strategies[1])],
        hand: Vec::new(),
        gold: 0,
        glory_halves: 0,
        honor_bonus: 0,
        honor_next: 0,
        attacked: false,
        switched: false,
        no_draw_this_round: false,
        joined: round,
        retired: false,
    }
}

/// Draws `count` cards for `seat`; a draw from an exhausted deck is lost.
fn draw_cards(
    state: &mut ClanWarState,
    seat: Seat,
    count: u32,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Res<()> {
    let mut drawn = 0;
    for _ in 0..count {
        match state.deck.draw(dice) {
            Ok(index) => {
                let no = state.deck.card(index).copied().unwrap_or(0);
                state.players[usize::from(seat.0)].hand.push(no);
                events.push(Visible::to(
                    vec![seat],
                    ClanWarEvent::Drew { seat, card: no },
                ));
                drawn += 1;
            }
            Err(pbp_core::DeckError::Empty) => {
                events.push(Visible::public(ClanWarEvent::DeckEmpty { seat }));
                break;
            }
            Err(e) => return Err(e.into()),
        }
    }
    if drawn > 0 {
        events.push(Visible::public(ClanWarEvent::DrewCards {
            seat,
            count: drawn,
        }));
    }
    Ok(())
}

fn deck_index(state: &ClanWarState, no: CardNo) -> Option<u32> {
    state
        .deck
        .cards()
        .iter()
        .position(|&c| c == no)
        .map(|i| i as u32)
}

fn discard(state: &mut ClanWarState, no: CardNo) -> Res<()> {
    let index =
        deck_index(state, no).ok_or_else(|| ClanWarError::Illegal("no such card".into()))?;
    state.deck.discard(index)?;
    Ok(())
}

fn player(state: &ClanWarState, seat: Seat) -> Res<&Player> {
    state
        .players
        .get(usize::from(seat.0))
        .ok_or_else(|| ClanWarError::Illegal(format!("seat {seat} is not in the game")))
}

fn take_from_hand(state: &mut ClanWarState, seat: Seat, no: CardNo) -> Res<()> {
    let hand = &mut state.players[usize::from(seat.0)].hand;
    match hand.iter().position(|&c| c == no) {
        Some(i) => {
            hand.remove(i);
            Ok(())
        }
        None => illegal(format!("card {no} is not in your hand")),
    }
}

fn battle_index(state: &ClanWarState, id: u32) -> Res<usize> {
    state
        .battles
        .iter()
        .position(|b| b.id == id && b.phase != Phase::Closed)
        .ok_or_else(|| ClanWarError::Illegal(format!("there is no open battle #{id}")))
}

fn side_index(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
}

// ---------------------------------------------------------------------------------------------
// Attacks

/// Checks an attack and returns (from, target) hex indices.
pub(crate) fn check_attack(
    state: &ClanWarState,
    seat: Seat,
    target: &str,
    from: &str,
) -> Res<(usize, usize)> {
    let p = player(state, seat)?;
    if p.attacked {
        return illegal("you have already attacked this round: one attack per round");
    }
    let find = |label: &str| {
        state.map.index_of(label).ok_or_else(|| {
            ClanWarError::Illegal(format!(
                "there is no hex '{}' on the map",
                label.chars().take(8).collect::<String>()
            ))
        })
    };
    let (f, t) = (find(from)?, find(target)?);
    let (fl, tl) = (&state.map.hexes[f].label, &state.map.hexes[t].label);
    if state.holders[f] != Holder::Clan(p.clan) {
        return illegal(format!("you do not control {fl}"));
    }
    if state.holders[t] == Holder::Clan(p.clan) {
        return illegal(format!("{tl} is already yours"));
    }
    let distance = state.map.distance(f, t);
    if distance > 2 {
        return illegal(format!(
            "{tl} is {distance} hexes from {fl}: you may attack at most two hexes away"
        ));
    }
    if state.battles.iter().any(|b| b.from == t) {
        return illegal(format!(
            "{tl} is attacking this round and cannot be attacked"
        ));
    }
    if state.battles.iter().any(|b| b.target == f) {
        return illegal(format!(
            "{fl} is being attacked this round and cannot attack"
        ));
    }
    Ok((f, t))
}

fn attack(state: &mut ClanWarState, seat: Seat, target: &str, from: &str) -> Res<Events> {
    let (f, t) = check_attack(state, seat, target, from)?;
    let holder = state.holders[t];
    let defender = match holder {
        Holder::SpiritArmy => Defender::SpiritArmy,
        Holder::Clan(c) => match state.players.iter().find(|p| p.clan == c) {
            Some(p) => Defender::Seat(p.seat),
            None => return illegal("that hex's holder is not in the game"),
        },
    };
    let id = state.next_battle;
    state.next_battle += 1;
    state.players[usize::from(seat.0)].attacked = true;
    let fresh = SideState {
        plays_left: 1,
        ..SideState::default()
    };
    let spirit = SideState {
        end_done: true,
        ..SideState::default()
    };
    state.battles.push(Battle {
        id,
        attacker: seat,
        defender,
        from: f,
        target: t,
        played: Vec::new(),
        experienced_nullified: false,
        sides: [
            fresh.clone(),
            if defender == Defender::SpiritArmy {
                spirit
            } else {
                fresh
            },
        ],
        phase: Phase::Play {
            next: Side::First,
            passes: 0,
        },
        result: None,
        forced: false,
    });
    Ok(vec![Visible::public(ClanWarEvent::Attack {
        battle: id,
        seat,
        from: state.map.hexes[f].label.clone(),
        target: state.map.hexes[t].label.clone(),
        defender: holder,
    })])
}

// ---------------------------------------------------------------------------------------------
// Card play

fn ring_active(battle: &Battle, side: Side, element: Element) -> bool {
    battle.played.iter().any(|p| {
        p.side == side && cards::ring_of(&card(p.card)) == Some(element) && element != Element::Void
    })
}

/// Whether the card grants discards when played now by this player.
fn grants_discards(p: &Player, no: CardNo) -> bool {
    let c = card(no);
    match c.kind {
        CardKind::Strategy { strategy, .. } => {
            strategy == Strategy::Magic && p.has(Strategy::Magic)
        }
        CardKind::Ring => cards::ring_of(&c) == Some(Element::Void),
        _ => false,
    }
}

/// How many Cunning gives `seat` owes in its open battles.
fn owed_gives(state: &ClanWarState, seat: Seat) -> usize {
    state
        .battles
        .iter()
        .map(|b| match &b.phase {
            Phase::Choices(list) => list
                .iter()
                .filter(|p| matches!(p, Pending::Give(s) if b.seat(*s) == Some(seat)))
                .count(),
            _ => 0,
        })
        .sum()
}

/// Checks a play; returns whether it goes through a Ring.
pub(crate) fn check_play(
    state: &ClanWarState,
    seat: Seat,
    battle: u32,
    no: CardNo,
    discards: &[CardNo],
) -> Res<bool> {
    let b = &state.battles[battle_index(state, battle)?];
    let side = b
        .side_of(seat)
        .ok_or_else(|| ClanWarError::Illegal(format!("you are not in battle #{battle}")))?;
    match b.phase {
        Phase::Play { next, .. } if next == side => {}
        Phase::Play { .. } => {
            return illegal(format!("it is not your turn to play in battle #{battle}"));
        }
        _ => return illegal(format!("card play in battle #{battle} is over")),
    }
    let p = player(state, seat)?;
    if !p.hand.contains(&no) {
        return illegal(format!("card {no} is not in your hand"));
    }
    let c = card(no);
    if c.is_spell() && !state.config.options.spells_playable {
        return illegal("Spells are cast only through Magic in this game");
    }
    let owed = owed_gives(state, seat);
    let left = p.hand.len().saturating_sub(1 + discards.len());
    if owed > 0 && left < owed {
        return illegal(
            "you owe a card to a Cunning winner: give it before you play your last card",
        );
    }
    let via_ring = ring_active(b, side, c.element);
    if !via_ring && b.sides[side_index(side)].plays_left == 0 {
        return illegal(format!(
            "you have played your card in battle #{battle}: pass, or play a card your Ring allows"
        ));
    }
    if !discards.is_empty() {
        if !grants_discards(p, no) {
            return illegal(format!("card {no} does not let you discard cards"));
        }
        if via_ring && !state.config.options.ring_cards_take_effect {
            return illegal(format!(
                "card {no} goes through your Ring, which gives only +1k0 in this game: play it without discards"
            ));
        }
        for (i, d) in discards.iter().enumerate() {
            if *d == no || discards[..i].contains(d) || !p.hand.contains(d) {
                return illegal(format!(
                    "you cannot discard card {d}: discard other cards from your hand, each once"
                ));
            }
        }
    }
    Ok(via_ring)
}

fn play(
    state: &mut ClanWarState,
    seat: Seat,
    battle: u32,
    no: CardNo,
    discards: &[CardNo],
) -> Res<Events> {
    let via_ring = check_play(state, seat, battle, no, discards)?;
    let bi = battle_index(state, battle)?;
    let side = state.battles[bi].side_of(seat).unwrap_or(Side::First);
    let c = card(no);
    let p = &state.players[usize::from(seat.0)];
    let (strategy_on, clan_on) = match c.kind {
        CardKind::Strategy { strategy, clan } => (p.has(strategy), p.clan == clan),
        _ => (false, false),
    };
    let magic = strategy_on && c.strategy() == Some(Strategy::Magic);
    let cast = if magic {
        discards.iter().copied().find(|&d| card(d).is_spell())
    } else {
        None
    };
    take_from_hand(state, seat, no)?;
    for &d in discards {
        take_from_hand(state, seat, d)?;
        discard(state, d)?;
    }
    // A temporary strategy is "used" when a card with its keyword is played.
    if let Some(strategy) = c.strategy() {
        for slot in &mut state.players[usize::from(seat.0)].strategies {
            if slot.strategy == strategy && slot.original.is_some() && slot.revert_after.is_none() {
                slot.revert_after = Some(battle);
            }
        }
    }
    let clan = state.players[usize::from(seat.0)].clan;
    let b = &mut state.battles[bi];
    let s = &mut b.sides[side_index(side)];
    if !via_ring {
        s.plays_left -= 1;
    }
    if let CardKind::Blessing { clans, .. } = &c.kind
        && clans.contains(&clan)
    {
        s.plays_left += 1;
        s.blessings += 1;
    }
    b.played.push(Played {
        card: no,
        side,
        strategy_on,
        clan_on,
        via_ring,
        nullified: false,
        discards: discards.to_vec(),
        cast,
        returns: false,
    });
    let mut events = vec![Visible::public(ClanWarEvent::Played {
        battle,
        seat,
        card: no,
        via_ring,
        discards: discards.to_vec(),
        cast,
    })];
    if !discards.is_empty() {
        events.push(Visible::public(ClanWarEvent::Discarded {
            seat,
            cards: discards.to_vec(),
        }));
    }
    if let Phase::Play { next, .. } = &mut state.battles[bi].phase {
        *next = side.other();
    }
    if let Phase::Play { passes, .. } = &mut state.battles[bi].phase {
        *passes = 0;
    }
    after_play_step(state, bi, &mut events);
    Ok(events)
}

fn pass(state: &mut ClanWarState, seat: Seat, battle: u32) -> Res<Events> {
    let bi = battle_index(state, battle)?;
    let b = &state.battles[bi];
    let side = b
        .side_of(seat)
        .ok_or_else(|| ClanWarError::Illegal(format!("you are not in battle #{battle}")))?;
    match b.phase {
        Phase::Play { next, .. } if next == side => {}
        Phase::Play { .. } => return illegal(format!("it is not your turn in battle #{battle}")),
        _ => return illegal(format!("card play in battle #{battle} is over")),
    }
    let mut events = vec![Visible::public(ClanWarEvent::Passed {
        battle,
        seat: Some(seat),
    })];
    if let Phase::Play { next, passes } = &mut state.battles[bi].phase {
        *passes += 1;
        *next = side.other();
    }
    after_play_step(state, bi, &mut events);
    Ok(events)
}

/// Whether each side (attacker, defender) acts by itself: the Spirit Army, or a retired player.
pub(crate) fn auto_sides(state: &ClanWarState, b: &Battle) -> [bool; 2] {
    [Side::First, Side::Second].map(|side| match b.seat(side) {
        None => true,
        Some(seat) => state
            .players
            .get(usize::from(seat.0))
            .is_some_and(|p| p.retired),
    })
}

/// Lets the Spirit Army (and a retired player) pass, and ends card play after two passes in a
/// row.
fn after_play_step(state: &mut ClanWarState, bi: usize, events: &mut Events) {
    let auto = auto_sides(state, &state.battles[bi]);
    let ring_cards = state.config.options.ring_cards_take_effect;
    loop {
        let b = &mut state.battles[bi];
        let Phase::Play { next, passes } = b.phase else {
            return;
        };
        if passes >= 2 {
            break;
        }
        if !auto[side_index(next)] {
            return;
        }
        events.push(Visible::public(ClanWarEvent::Passed {
            battle: b.id,
            seat: b.seat(next),
        }));
        b.phase = Phase::Play {
            next: next.other(),
            passes: passes + 1,
        };
    }
    // Card play is over: note the hands for Spiritual, then Defensive choices.
    for side in [Side::First, Side::Second] {
        if let Some(seat) = state.battles[bi].seat(side) {
            let size = state.players[usize::from(seat.0)].hand.len() as u32;
            state.battles[bi].sides[side_index(side)].hand_after_play = size;
        }
    }
    let b = &mut state.battles[bi];
    events.push(Visible::public(ClanWarEvent::PlayOver { battle: b.id }));
    b.phase = Phase::Nullify { done: Vec::new() };
    advance_nullify(b, ring_cards, auto, events);
}

// ---------------------------------------------------------------------------------------------
// Defensive

/// Whether a played card's own effects apply: not nullified, and not played through a Ring when
/// the option `ring_cards_take_effect` is off.
fn takes_effect(p: &Played, ring_cards: bool) -> bool {
    !p.nullified && (ring_cards || !p.via_ring)
}

fn is_defensive(p: &Played, ring_cards: bool) -> bool {
    p.strategy_on
        && (ring_cards || !p.via_ring)
        && card(p.card).strategy() == Some(Strategy::Defensive)
}

/// The targets the Defensive card at `index` may nullify.
fn nullify_candidates(b: &Battle, index: usize) -> Vec<NullifyTarget> {
    let side = b.played[index].side;
    let mut out: Vec<NullifyTarget> = b
        .played
        .iter()
        .filter(|p| p.side != side && !p.nullified)
        .map(|p| NullifyTarget::Card(p.card))
        .collect();
    if side == Side::First && b.defender == Defender::SpiritArmy && !b.experienced_nullified {
        out.push(NullifyTarget::Experienced);
    }
    out
}

/// The Defensive card now waiting for its owner's choice, with its candidates.
/// `ring_cards` is the option `ring_cards_take_effect`.
pub(crate) fn nullify_waiting(b: &Battle, ring_cards: bool) -> Option<(usize, Vec<NullifyTarget>)> {
    let Phase::Nullify { done } = &b.phase else {
        return None;
    };
    let index = (0..b.played.len()).find(|&i| {
        is_defensive(&b.played[i], ring_cards) && !b.played[i].nullified && !done.contains(&i)
    })?;
    Some((index, nullify_candidates(b, index)))
}

fn apply_nullify(b: &mut Battle, target: NullifyTarget, events: &mut Events) {
    match target {
        NullifyTarget::Experienced => b.experienced_nullified = true,
        NullifyTarget::Card(no) => {
            if let Some(p) = b.played.iter_mut().find(|p| p.card == no) {
                p.nullified = true;
            }
        }
    }
    events.push(Visible::public(ClanWarEvent::Nullified {
        battle: b.id,
        target,
    }));
}

/// Handles Defensive cards in play order: no target skips, one target is automatic, more wait
/// for the owner's choice (a side that acts by itself, `auto`, makes none: its card nullifies
/// nothing). Then the battle goes to the roll.
fn advance_nullify(b: &mut Battle, ring_cards: bool, auto: [bool; 2], events: &mut Events) {
    while let Some((index, candidates)) = nullify_waiting(b, ring_cards) {
        let by_itself = auto[side_index(b.played[index].side)];
        if candidates.len() > 1 && !by_itself {
            return;
        }
        if let (Some(&target), 1) = (candidates.first(), candidates.len()) {
            apply_nullify(b, target, events);
        }
        if let Phase::Nullify { done } = &mut b.phase {
            done.push(index);
        }
    }
    if matches!(b.phase, Phase::Nullify { .. }) {
        b.phase = Phase::Roll;
    }
}

fn nullify(
    state: &mut ClanWarState,
    seat: Seat,
    battle: u32,
    target: NullifyTarget,
) -> Res<Events> {
    let bi = battle_index(state, battle)?;
    let ring_cards = state.config.options.ring_cards_take_effect;
    let auto = auto_sides(state, &state.battles[bi]);
    let b = &mut state.battles[bi];
    let Some((index, candidates)) = nullify_waiting(b, ring_cards) else {
        return illegal(format!(
            "no Defensive choice is waiting in battle #{battle}"
        ));
    };
    if b.seat(b.played[index].side) != Some(seat) {
        return illegal(format!(
            "the Defensive choice in battle #{battle} is not yours"
        ));
    }
    if !candidates.contains(&target) {
        return illegal(
            "that is not a card your opponent played in this battle (or it is already nullified)",
        );
    }
    let mut events = Vec::new();
    apply_nullify(b, target, &mut events);
    if let Phase::Nullify { done } = &mut b.phase {
        done.push(index);
    }
    advance_nullify(b, ring_cards, auto, &mut events);
    Ok(events)
}

// ---------------------------------------------------------------------------------------------
// The roll

fn spell_bonus(no: CardNo, clan: Clan) -> i32 {
    match card(no).kind {
        CardKind::Spell { clans } if clans.contains(&clan) => 2,
        _ => 1,
    }
}

/// The two pools (attacker, defender) of the open battle `id` as they stand now, for showing
/// the odds of an open battle; `None` when there is no such open battle.
pub fn battle_pools(state: &ClanWarState, id: u32) -> Option<[Pool; 2]> {
    let b = state
        .battles
        .iter()
        .find(|b| b.id == id && b.phase != Phase::Closed)?;
    Some([
        pool_for(state, b, Side::First),
        pool_for(state, b, Side::Second),
    ])
}

/// The pool `side` rolls in battle `b` with every card effect (honor_next included).
pub fn pool_for(state: &ClanWarState, b: &Battle, side: Side) -> Pool {
    let mut pool = Pool::new(2, 1);
    let options = &state.config.options;
    let me = b.seat(side).map(|s| &state.players[usize::from(s.0)]);
    let mut doubled = false;
    if let Some(p) = me {
        let own = Terrain::Province(p.clan);
        let home = match side {
            Side::First => {
                state.map.hexes[b.from].terrain == own || state.map.hexes[b.target].terrain == own
            }
            Side::Second => {
                options.home_bonus == HomeBonus::BothSides
                    && state.map.hexes[b.target].terrain == own
            }
        };
        if home {
            pool.modifiers.each_die += 1;
        }
        pool.modifiers.each_die += p.honor_bonus;
        pool.modifiers.add_rank_bonus(1, p.honor_next);
    } else if !b.experienced_nullified {
        // The Spirit Army's Experienced.
        pool.add(PoolDelta { rolled: 1, kept: 0 });
    }
    let played_count = b.played.iter().filter(|p| p.side == side).count() as i64;
    let sa = &b.sides[side_index(side)];
    for pl in b.played.iter() {
        let c = card(pl.card);
        if pl.side != side {
            if takes_effect(pl, options.ring_cards_take_effect)
                && pl.strategy_on
                && c.strategy() == Some(Strategy::Intrigue)
            {
                pool.modifiers.add_rank_bonus(1, -2);
            }
            continue;
        }
        let Some(p) = me else { continue };
        if pl.via_ring {
            let ring_on = b.played.iter().any(|r| {
                r.side == side && !r.nullified && cards::ring_of(&card(r.card)) == Some(c.element)
            });
            if ring_on {
                pool.add(PoolDelta { rolled: 1, kept: 0 });
            }
            if !options.ring_cards_take_effect {
                continue;
            }
        }
        if pl.nullified {
            continue;
        }
        match &c.kind {
            CardKind::Strategy { strategy, .. } => {
                if pl.clan_on {
                    pool.add(PoolDelta { rolled: 1, kept: 0 });
                }
                if !pl.clan_on && !pl.strategy_on {
                    pool.modifiers.add_rank_bonus(1, 2);
                }
                if pl.strategy_on {
                    match strategy {
                        Strategy::Warfare => pool.add(PoolDelta { rolled: 0, kept: 1 }),
                        Strategy::Magic => {
                            for &d in &pl.discards {
                                if Some(d) == pl.cast {
                                    pool.add(PoolDelta {
                                        rolled: spell_bonus(d, p.clan),
                                        kept: 0,
                                    });
                                } else {
                                    pool.modifiers.add_rank_bonus(1, 2);
                                }
                            }
                        }
                        Strategy::Mobility => doubled = true,
                        Strategy::Spiritual => {
                            pool.modifiers
                                .add_rank_bonus(1, i64::from(sa.hand_after_play));
                            pool.modifiers.add_rank_bonus(2, played_count);
                        }
                        _ => {}
                    }
                }
            }
            CardKind::Spell { .. } => pool.add(PoolDelta {
                rolled: spell_bonus(pl.card, p.clan),
                kept: 0,
            }),
            CardKind::Blessing { plus_one_k0, .. } => {
                if *plus_one_k0 || options.every_blessing_plus_one_k0 {
                    pool.add(PoolDelta { rolled: 1, kept: 0 });
                }
            }
            CardKind::Ring => {
                pool.add(PoolDelta { rolled: 0, kept: 1 });
                if cards::ring_of(&c) == Some(Element::Void) {
                    pool.add(PoolDelta {
                        rolled: pl.discards.len() as i32,
                        kept: 0,
                    });
                }
            }
        }
    }
    if doubled {
        pool.double_rolled();
    }
    pool
}

/// The tie-breaker: the second highest die with its bonus, even when it is not kept.
fn second_die(pool: &Pool, roll: &PoolRoll) -> i64 {
    match roll.dice().get(1) {
        Some(d) if d.kept => d.value,
        Some(d) => d.value + pool.modifiers.rank_bonus(2),
        None => 0,
    }
}

fn roll_pool(pool: &Pool, dice: &mut dyn Dice) -> Res<(PoolRoll, i64, i64)> {
    let roll = pool.roll(dice)?;
    let second = second_die(pool, &roll);
    let total = roll.total();
    Ok((roll, total, second))
}

fn roll_side(state: &mut ClanWarState, bi: usize, side: Side, dice: &mut dyn Dice) -> Res<()> {
    let pool = pool_for(state, &state.battles[bi], side);
    if let Some(seat) = state.battles[bi].seat(side) {
        state.players[usize::from(seat.0)].honor_next = 0;
    }
    let (roll, total, second) = roll_pool(&pool, dice)?;
    state.battles[bi].sides[side_index(side)].roll = Some(Rolled {
        pool,
        rolls: vec![roll],
        total,
        second,
    });
    Ok(())
}

fn pool_text(pool: &Pool) -> String {
    let m = &pool.modifiers;
    let mut text = format!("{}k{}", pool.rolled, pool.kept);
    if m.each_die != 0 {
        text.push_str(&format!(", {:+} to every die", m.each_die));
    }
    for r in &m.ranks {
        if r.bonus != 0 {
            let which = if r.rank == 1 {
                "highest"
            } else {
                "second highest"
            };
            text.push_str(&format!(", {:+} to the {which} die", r.bonus));
        }
    }
    text
}

fn roll(state: &mut ClanWarState, seat: Seat, battle: u32, dice: &mut dyn Dice) -> Res<Events> {
    let bi = battle_index(state, battle)?;
    let b = &state.battles[bi];
    let side = b
        .side_of(seat)
        .ok_or_else(|| ClanWarError::Illegal(format!("you are not in battle #{battle}")))?;
    if b.phase != Phase::Roll {
        return illegal(format!("battle #{battle} is not at the roll"));
    }
    if b.sides[side_index(side)].roll.is_some() {
        return illegal(format!("you have already rolled in battle #{battle}"));
    }
    roll_side(state, bi, side, dice)?;
    let auto = auto_sides(state, &state.battles[bi]);
    if auto[side_index(side.other())]
        && state.battles[bi].sides[side_index(side.other())]
            .roll
            .is_none()
    {
        // The Spirit Army (or a retired player) rolls with its opponent.
        roll_side(state, bi, side.other(), dice)?;
    }
    let mut events = Vec::new();
    compare_rolls(state, bi, side, dice, &mut events)?;
    Ok(events)
}

/// Once both sides have rolled: the verdict, pushes rolled again at once, then the effects.
/// Before that, the event of the side that has rolled (`side`).
fn compare_rolls(
    state: &mut ClanWarState,
    bi: usize,
    side: Side,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Res<()> {
    let battle = state.battles[bi].id;
    let (Some(a), Some(d)) = (
        state.battles[bi].sides[0].roll.clone(),
        state.battles[bi].sides[1].roll.clone(),
    ) else {
        let r = state.battles[bi].sides[side_index(side)].roll.clone();
        if let Some(r) = r {
            events.push(rolled_event(battle, side, &r));
        }
        return Ok(());
    };
    let (mut a, mut d) = (a, d);
    let mut pushes = 0;
    loop {
        let verdict = Comparison::HighestThenSecond.compare(
            pbp_core::FastRoll {
                total: a.total,
                second_highest: a.second,
            },
            pbp_core::FastRoll {
                total: d.total,
                second_highest: d.second,
            },
        );
        match verdict {
            Verdict::Win(winner) => {
                state.battles[bi].sides[0].roll = Some(a.clone());
                state.battles[bi].sides[1].roll = Some(d.clone());
                events.push(rolled_event(battle, Side::First, &a));
                events.push(rolled_event(battle, Side::Second, &d));
                resolve(state, bi, winner, false, events)?;
                return Ok(());
            }
            Verdict::Push => {
                pushes += 1;
                if pushes > MAX_PUSHES {
                    return Err(pbp_core::PoolError::EndlessPush { rounds: MAX_PUSHES }.into());
                }
                events.push(Visible::public(ClanWarEvent::Push { battle }));
                let (ra, ta, sa) = roll_pool(&a.pool, dice)?;
                let (rd, td, sd) = roll_pool(&d.pool, dice)?;
                a.rolls.push(ra);
                (a.total, a.second) = (ta, sa);
                d.rolls.push(rd);
                (d.total, d.second) = (td, sd);
            }
        }
    }
}

fn rolled_event(battle: u32, side: Side, r: &Rolled) -> Visible<ClanWarEvent> {
    let results = r
        .rolls
        .iter()
        .map(|roll| (roll.total(), second_die(&r.pool, roll)))
        .collect();
    Visible::public(ClanWarEvent::Rolled {
        battle,
        side,
        pool: pool_text(&r.pool),
        results,
    })
}

// ---------------------------------------------------------------------------------------------
// After the winner is known

fn effect(battle: u32, text: String) -> Visible<ClanWarEvent> {
    Visible::public(ClanWarEvent::Effect { battle, text })
}

/// Resolves the remaining card effects once `winner` is known. `forced` is the end-of-round
/// force resolution: choices are forfeited.
fn resolve(
    state: &mut ClanWarState,
    bi: usize,
    winner: Side,
    forced: bool,
    events: &mut Events,
) -> Res<()> {
    let id = state.battles[bi].id;
    state.battles[bi].result = Some(BattleResult::Won(winner));
    let winner_seat = state.battles[bi].seat(winner);
    events.push(Visible::public(ClanWarEvent::Won {
        battle: id,
        side: winner,
        seat: winner_seat,
    }));
    let loser = winner.other();
    if let Some(seat) = state.battles[bi].seat(loser) {
        let p = &mut state.players[usize::from(seat.0)];
        if p.honor_bonus > 0 {
            p.honor_bonus = 0;
            events.push(effect(
                id,
                format!("the {} clan's Honor bonus fades", p.clan),
            ));
        }
    }
    let mut pending = Vec::new();
    let played = state.battles[bi].played.clone();
    for (index, pl) in played.iter().enumerate() {
        let Some(seat) = state.battles[bi].seat(pl.side) else {
            continue;
        };
        let c = card(pl.card);
        let won = pl.side == winner;
        let opponent = state.battles[bi].seat(pl.side.other());
        let me = usize::from(seat.0);
        let clan = state.players[me].clan;
        if pl.nullified {
            continue;
        }
        if pl.via_ring && !state.config.options.ring_cards_take_effect {
            continue;
        }
        if let CardKind::Ring = c.kind
            && cards::ring_of(&c) == Some(Element::Void)
            && !pl.discards.is_empty()
        {
            state.battles[bi].sides[side_index(pl.side)].extra_draws += pl.discards.len() as u32;
        }
        if !pl.strategy_on {
            continue;
        }
        match c.strategy() {
            Some(Strategy::Honor) => {
                if won {
                    state.players[me].honor_bonus += 1;
                    events.push(effect(
                        id,
                        format!("{clan} Honor: a permanent +1 to all dice"),
                    ));
                } else {
                    state.players[me].honor_next += 4;
                    events.push(effect(
                        id,
                        format!("{clan} Honor: +4 to the highest die next battle"),
                    ));
                }
            }
            Some(Strategy::Intrigue) if won => {
                state.battles[bi].played[index].returns = true;
                events.push(effect(
                    id,
                    format!("{clan} Intrigue: card {} returns to hand", pl.card),
                ));
            }
            Some(Strategy::Duelist) => {
                if let Some(o) = opponent {
                    let oi = usize::from(o.0);
                    if won {
                        let hand = std::mem::take(&mut state.players[oi].hand);
                        for &h in &hand {
                            discard(state, h)?;
                        }
                        events.push(effect(
                            id,
                            format!(
                                "{clan} Duelist: the {} clan discards its hand",
                                state.players[oi].clan
                            ),
                        ));
                        if !hand.is_empty() {
                            events.push(Visible::public(ClanWarEvent::Discarded {
                                seat: o,
                                cards: hand,
                            }));
                        }
                    } else {
                        state.battles[bi].sides[side_index(pl.side.other())].draw_barred = true;
                        if state.config.options.duelist_span == DuelistSpan::Round {
                            state.players[oi].no_draw_this_round = true;
                        }
                        events.push(effect(
                            id,
                            format!(
                                "{clan} Duelist: the {} clan draws no card this round",
                                state.players[oi].clan
                            ),
                        ));
                    }
                }
            }
            Some(Strategy::Diplomatic) => {
                let n = if won { 2 } else { 1 };
                state.battles[bi].sides[side_index(pl.side)].extra_draws += n;
                events.push(effect(
                    id,
                    format!(
                        "{clan} Diplomatic: {} to draw",
                        pbp_core::counted(n, "more card", "more cards")
                    ),
                ));
            }
            Some(Strategy::Cunning) => {
                if let Some(o) = opponent {
                    let oi = usize::from(o.0);
                    if !state.players[oi].hand.is_empty() && !forced {
                        if won {
                            pending.push(Pending::Take(pl.side));
                            events.push(Visible::to(
                                vec![seat],
                                ClanWarEvent::HandShown {
                                    to: seat,
                                    of: o,
                                    cards: state.players[oi].hand.clone(),
                                },
                            ));
                        } else {
                            pending.push(Pending::Give(pl.side.other()));
                        }
                    }
                }
            }
            Some(Strategy::Tactical) if !forced => {
                pending.push(Pending::Tactical { side: pl.side, won })
            }
            _ => {}
        }
    }
    // Blessings not used to play another card draw another card, unless nullified.
    for side in [Side::First, Side::Second] {
        let n = unused_blessing_draws(state, &state.battles[bi], side);
        state.battles[bi].sides[side_index(side)].extra_draws += n;
    }
    state.battles[bi].phase = if pending.is_empty() {
        Phase::Draws
    } else {
        Phase::Choices(pending)
    };
    Ok(())
}

/// The extra draws of a side's Blessings whose extra play went unused. A Blessing's extra play
/// is used by the next card played after it, so the unused ones are the last Blessings played;
/// a nullified Blessing grants nothing.
fn unused_blessing_draws(state: &ClanWarState, b: &Battle, side: Side) -> u32 {
    let Some(seat) = b.seat(side) else {
        return 0;
    };
    let clan = state.players[usize::from(seat.0)].clan;
    let s = &b.sides[side_index(side)];
    let unused = s.blessings.min(s.plays_left) as usize;
    b.played
        .iter()
        .filter(|p| {
            p.side == side
                && matches!(&card(p.card).kind, CardKind::Blessing { clans, .. } if clans.contains(&clan))
        })
        .rev()
        .take(unused)
        .filter(|p| !p.nullified)
        .count() as u32
}

fn pending_index(b: &Battle, side: Side, want: impl Fn(&Pending) -> bool) -> Option<usize> {
    let Phase::Choices(list) = &b.phase else {
        return None;
    };
    list.iter().position(|p| {
        want(p)
            && match *p {
                Pending::Take(s) | Pending::Give(s) => s == side,
                Pending::Tactical { side: s, .. } => s == side,
            }
    })
}

fn finish_choice(b: &mut Battle, at: usize) {
    if let Phase::Choices(list) = &mut b.phase {
        list.remove(at);
        if list.is_empty() {
            b.phase = Phase::Draws;
        }
    }
}

fn choice_context(state: &ClanWarState, seat: Seat, battle: u32) -> Res<(usize, Side)> {
    let bi = battle_index(state, battle)?;
    let side = state.battles[bi]
        .side_of(seat)
        .ok_or_else(|| ClanWarError::Illegal(format!("you are not in battle #{battle}")))?;
    Ok((bi, side))
}

fn take(state: &mut ClanWarState, seat: Seat, battle: u32, no: Option<CardNo>) -> Res<Events> {
    let (bi, side) = choice_context(state, seat, battle)?;
    let at = pending_index(&state.battles[bi], side, |p| matches!(p, Pending::Take(_)))
        .ok_or_else(|| {
            ClanWarError::Illegal(format!("you have no card to take in battle #{battle}"))
        })?;
    let mut events = Vec::new();
    if let Some(no) = no {
        let Some(other) = state.battles[bi].seat(side.other()) else {
            return illegal("the Spirit Army has no hand");
        };
        if !state.players[usize::from(other.0)].hand.contains(&no) {
            return illegal(format!("card {no} is not in their hand"));
        }
        take_from_hand(state, other, no)?;
        state.players[usize::from(seat.0)].hand.push(no);
        events.push(Visible::to(
            vec![other, seat],
            ClanWarEvent::CardPassed {
                seats: pair(other, seat),
                from: other,
                to: seat,
                card: no,
            },
        ));
        events.push(Visible::public(ClanWarEvent::CardMoved {
            from: other,
            to: seat,
        }));
    }
    finish_choice(&mut state.battles[bi], at);
    Ok(events)
}

fn pair(a: Seat, b: Seat) -> [Seat; 2] {
    if a <= b { [a, b] } else { [b, a] }
}

fn give(state: &mut ClanWarState, seat: Seat, battle: u32, no: CardNo) -> Res<Events> {
    let (bi, side) = choice_context(state, seat, battle)?;
    let at = pending_index(&state.battles[bi], side, |p| matches!(p, Pending::Give(_)))
        .ok_or_else(|| ClanWarError::Illegal(format!("you owe no card in battle #{battle}")))?;
    let Some(other) = state.battles[bi].seat(side.other()) else {
        return illegal("the Spirit Army takes no cards");
    };
    take_from_hand(state, seat, no)?;
    state.players[usize::from(other.0)].hand.push(no);
    finish_choice(&mut state.battles[bi], at);
    Ok(vec![
        Visible::to(
            vec![seat, other],
            ClanWarEvent::CardPassed {
                seats: pair(seat, other),
                from: seat,
                to: other,
                card: no,
            },
        ),
        Visible::public(ClanWarEvent::CardMoved {
            from: seat,
            to: other,
        }),
    ])
}

/// The slot a lost Tactical changes: the one not holding Tactical (the second if neither does).
fn other_slot(p: &Player) -> usize {
    if p.strategies[1].strategy == Strategy::Tactical {
        0
    } else {
        1
    }
}

fn set_temporary(p: &mut Player, slot: usize, to: Strategy, events: &mut Events) {
    let s = &mut p.strategies[slot];
    if s.strategy == to {
        return;
    }
    let from = s.strategy;
    let original = s.original.unwrap_or(s.strategy);
    s.strategy = to;
    s.original = if original == to { None } else { Some(original) };
    s.revert_after = None;
    events.push(Visible::public(ClanWarEvent::StrategyChanged {
        seat: p.seat,
        from,
        to,
        why: "tactical".into(),
    }));
}

fn tactical(state: &mut ClanWarState, seat: Seat, battle: u32, new: &[Strategy]) -> Res<Events> {
    let (bi, side) = choice_context(state, seat, battle)?;
    let at = pending_index(&state.battles[bi], side, |p| {
        matches!(p, Pending::Tactical { .. })
    })
    .ok_or_else(|| {
        ClanWarError::Illegal(format!("you have no Tactical choice in battle #{battle}"))
    })?;
    let won = matches!(
        &state.battles[bi].phase,
        Phase::Choices(list) if matches!(list[at], Pending::Tactical { won: true, .. })
    );
    let p = &state.players[usize::from(seat.0)];
    let mut events = Vec::new();
    match (won, new.len()) {
        (_, 0) => {}
        (true, 2) => {
            if new[0] == new[1] {
                return illegal("choose two different strategies");
            }
            let mut p = p.clone();
            set_temporary(&mut p, 0, new[0], &mut events);
            set_temporary(&mut p, 1, new[1], &mut events);
            state.players[usize::from(seat.0)] = p;
        }
        (false, 1) => {
            let slot = other_slot(p);
            if p.strategies[1 - slot].strategy == new[0] {
                return illegal(format!("you already have {}", new[0]));
            }
            let mut p = p.clone();
            set_temporary(&mut p, slot, new[0], &mut events);
            state.players[usize::from(seat.0)] = p;
        }
        (true, _) => {
            return illegal(
                "after a win Tactical changes both strategies: name two, or none to keep them",
            );
        }
        (false, _) => {
            return illegal(
                "after a loss Tactical changes your other strategy: name one, or none to keep it",
            );
        }
    }
    finish_choice(&mut state.battles[bi], at);
    Ok(events)
}

/// Whether the battle involved a province of `clan` (for strategy switches).
fn involves_own_province(state: &ClanWarState, b: &Battle, clan: Clan) -> bool {
    let own = Terrain::Province(clan);
    state.map.hexes[b.from].terrain == own || state.map.hexes[b.target].terrain == own
}

pub(crate) fn check_switch(
    state: &ClanWarState,
    seat: Seat,
    bi: usize,
    from: Strategy,
    to: Strategy,
) -> Res<usize> {
    let p = player(state, seat)?;
    if p.switched {
        return illegal("you have already switched a strategy this round");
    }
    let Some(slot) = p.strategies.iter().position(|s| s.strategy == from) else {
        return illegal(format!("you do not have the {from} strategy"));
    };
    if p.has(to) {
        return illegal(format!("you already have the {to} strategy"));
    }
    if !involves_own_province(state, &state.battles[bi], p.clan)
        && !p.clan.strategies().contains(&to)
    {
        let own: Vec<&str> = p.clan.strategies().iter().map(|s| s.name()).collect();
        return illegal(format!(
            "this battle involved no {} province: you may only switch to a {} strategy ({})",
            p.clan,
            p.clan,
            own.join(", ")
        ));
    }
    Ok(slot)
}

fn end_step(
    state: &mut ClanWarState,
    seat: Seat,
    battle: u32,
    switch: Option<(Strategy, Strategy)>,
    dice: &mut dyn Dice,
) -> Res<Events> {
    let (bi, side) = choice_context(state, seat, battle)?;
    let b = &state.battles[bi];
    if b.phase != Phase::Draws {
        return illegal(format!("battle #{battle} is not at its draws"));
    }
    let s = &b.sides[side_index(side)];
    if s.end_done {
        return illegal(format!(
            "you have already drawn or switched in battle #{battle}"
        ));
    }
    let mut events = Vec::new();
    let p = &state.players[usize::from(seat.0)];
    let mut count = s.extra_draws;
    if let Some((from, to)) = switch {
        let slot = check_switch(state, seat, bi, from, to)?;
        let p = &mut state.players[usize::from(seat.0)];
        p.switched = true;
        p.strategies[slot] = Slot {
            strategy: to,
            original: None,
            revert_after: None,
        };
        events.push(Visible::public(ClanWarEvent::StrategyChanged {
            seat,
            from,
            to,
            why: "switch".into(),
        }));
    } else if !s.draw_barred && !p.no_draw_this_round {
        count += 1;
    }
    draw_cards(state, seat, count, dice, &mut events)?;
    state.battles[bi].sides[side_index(side)].end_done = true;
    if state.battles[bi].sides.iter().all(|s| s.end_done) {
        close(state, bi, &mut events)?;
    }
    Ok(events)
}

/// Closes a battle: played cards leave play (Intrigue winners return to hand), used temporary
/// strategies revert.
fn close(state: &mut ClanWarState, bi: usize, events: &mut Events) -> Res<()> {
    let id = state.battles[bi].id;
    let played = std::mem::take(&mut state.battles[bi].played);
    for pl in &played {
        match state.battles[bi].seat(pl.side) {
            Some(seat) if pl.returns => state.players[usize::from(seat.0)].hand.push(pl.card),
            _ => discard(state, pl.card)?,
        }
    }
    state.battles[bi].played = played;
    for p in &mut state.players {
        for s in &mut p.strategies {
            if s.revert_after == Some(id)
                && let Some(original) = s.original
            {
                events.push(Visible::public(ClanWarEvent::StrategyChanged {
                    seat: p.seat,
                    from: s.strategy,
                    to: original,
                    why: "reverts".into(),
                }));
                *s = Slot {
                    strategy: original,
                    original: None,
                    revert_after: None,
                };
            }
        }
    }
    state.battles[bi].phase = Phase::Closed;
    events.push(Visible::public(ClanWarEvent::Closed { battle: id }));
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// End of round

fn force_resolve(
    state: &mut ClanWarState,
    bi: usize,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Res<()> {
    let id = state.battles[bi].id;
    state.battles[bi].forced = true;
    let rolled: Vec<bool> = state.battles[bi]
        .sides
        .iter()
        .map(|s| s.roll.is_some())
        .collect();
    match (&state.battles[bi].phase, rolled[0], rolled[1]) {
        (Phase::Choices(_) | Phase::Draws, _, _) => {
            events.push(Visible::public(ClanWarEvent::Forced {
                battle: id,
                how: "both sides had rolled: no more draws".into(),
            }));
        }
        (_, true, false) | (_, false, true) => {
            let winner = if rolled[0] { Side::First } else { Side::Second };
            events.push(Visible::public(ClanWarEvent::Forced {
                battle: id,
                how: "only one side had rolled: it wins and draws late".into(),
            }));
            resolve(state, bi, winner, true, events)?;
            if let Some(seat) = state.battles[bi].seat(winner) {
                let s = &state.battles[bi].sides[side_index(winner)];
                let p = &state.players[usize::from(seat.0)];
                let normal = u32::from(!s.draw_barred && !p.no_draw_this_round);
                let count = s.extra_draws + normal;
                draw_cards(state, seat, count, dice, events)?;
            }
        }
        _ => {
            state.battles[bi].result = Some(BattleResult::Wash);
            events.push(Visible::public(ClanWarEvent::Forced {
                battle: id,
                how: "neither side had rolled: a wash, the cards played are discarded".into(),
            }));
            for pl in &mut state.battles[bi].played {
                pl.returns = false;
            }
        }
    }
    close(state, bi, events)
}

fn end_round(state: &mut ClanWarState, dice: &mut dyn Dice) -> Res<Events> {
    let mut events = Vec::new();
    for bi in 0..state.battles.len() {
        if state.battles[bi].phase != Phase::Closed {
            force_resolve(state, bi, dice, &mut events)?;
        }
    }
    // The map changes now, and only now.
    let mut captures: Vec<(String, Holder, Holder)> = Vec::new();
    let mut changes: Vec<(usize, Holder)> = Vec::new();
    for b in &state.battles {
        match b.result {
            Some(BattleResult::Won(Side::First)) => {
                let clan = state.players[usize::from(b.attacker.0)].clan;
                let rivals = state
                    .battles
                    .iter()
                    .filter(|o| {
                        o.target == b.target && o.result == Some(BattleResult::Won(Side::First))
                    })
                    .count();
                let first = !changes.iter().any(|(h, _)| *h == b.target);
                let take = match state.config.options.contested {
                    Contested::FirstDeclared => first,
                    Contested::Holder => rivals == 1,
                };
                if take {
                    changes.push((b.target, Holder::Clan(clan)));
                }
            }
            Some(BattleResult::Won(Side::Second)) if b.defender == Defender::SpiritArmy => {
                changes.push((b.from, Holder::SpiritArmy));
            }
            _ => {}
        }
    }
    for (hex, to) in changes {
        let from = state.holders[hex];
        if from != to {
            state.holders[hex] = to;
            let label = state.map.hexes[hex].label.clone();
            events.push(Visible::public(ClanWarEvent::Captured {
                hex: label.clone(),
                from,
                to,
            }));
            captures.push((label, from, to));
        }
    }
    // Glory, then gold.
    let mut glory = vec![0_i64; state.players.len()];
    let mut reports = Vec::new();
    for b in &state.battles {
        let result = b.result.unwrap_or(BattleResult::Wash);
        let engaged = result != BattleResult::Wash || state.config.options.wash_counts_as_engaged;
        for side in [Side::First, Side::Second] {
            if let Some(seat) = b.seat(side) {
                let g = &mut glory[usize::from(seat.0)];
                if engaged {
                    *g += 1;
                }
                if result == BattleResult::Won(side) {
                    *g += 1;
                }
            }
        }
        reports.push(BattleReport {
            id: b.id,
            attacker: state.players[usize::from(b.attacker.0)].clan,
            defender: match b.defender {
                Defender::Seat(s) => Holder::Clan(state.players[usize::from(s.0)].clan),
                Defender::SpiritArmy => Holder::SpiritArmy,
            },
            from: state.map.hexes[b.from].label.clone(),
            target: state.map.hexes[b.target].label.clone(),
            result,
            forced: b.forced,
        });
    }
    let mut scores = Vec::new();
    for (i, p) in state.players.iter_mut().enumerate() {
        let gold: i64 = state
            .holders
            .iter()
            .zip(&state.map.hexes)
            .filter(|(h, _)| **h == Holder::Clan(p.clan))
            .map(|(_, hex)| hex.terrain.gold())
            .sum();
        p.gold += gold;
        p.glory_halves += glory[i];
        scores.push((p.seat, gold, glory[i], p.score_halves()));
        p.attacked = false;
        p.switched = false;
        p.no_draw_this_round = false;
    }
    let round = state.round;
    Arc::make_mut(&mut state.history).push(RoundReport {
        round,
        battles: reports,
        captures,
        scores,
    });
    events.push(Visible::public(ClanWarEvent::Scored { round }));
    state.battles.clear();
    if state.round >= state.config.rounds {
        state.over = true;
        events.push(Visible::public(ClanWarEvent::GameOver));
    } else {
        state.round += 1;
    }
    Ok(events)
}

fn join(
    state: &mut ClanWarState,
    clan: Clan,
    strategies: [Strategy; 2],
    dice: &mut dyn Dice,
) -> Res<Events> {
    if !state.config.options.late_sign_up {
        return illegal("late sign-up is off in this game");
    }
    if state.players.len() >= 8 {
        return illegal("eight clans are already playing");
    }
    let setups: Vec<PlayerSetup> = state
        .players
        .iter()
        .map(|p| PlayerSetup {
            clan: p.clan,
            strategies: [p.strategies[0].strategy, p.strategies[1].strategy],
            name: p.name.to_string(),
        })
        .collect();
    check_new_player(&state.map.clans(), &setups, clan, strategies)
        .map_err(|e| ClanWarError::Illegal(e.to_string().replace("invalid config: ", "")))?;
    let seat = Seat(state.players.len() as u16);
    let setup = PlayerSetup {
        clan,
        strategies,
        name: String::new(),
    };
    state.players.push(new_player(seat, &setup, state.round));
    // A late clan takes back those of its provinces the Spirit Army still holds.
    for (i, hex) in state.map.hexes.iter().enumerate() {
        if hex.terrain == Terrain::Province(clan) && state.holders[i] == Holder::SpiritArmy {
            state.holders[i] = Holder::Clan(clan);
        }
    }
    let mut events = vec![Visible::public(ClanWarEvent::Joined { seat, clan })];
    draw_cards(state, seat, 2, dice, &mut events)?;
    Ok(events)
}

fn retire(state: &mut ClanWarState, clan: Clan) -> Res<Events> {
    let Some(p) = state.players.iter_mut().find(|p| p.clan == clan) else {
        return illegal(format!("no one plays the {clan} clan"));
    };
    if p.retired {
        return illegal(format!("the {clan} player is already retired"));
    }
    p.retired = true;
    Ok(vec![Visible::public(ClanWarEvent::Retired {
        seat: p.seat,
        clan,
    })])
}

/// Moves every open battle past the steps no one is left to take: a side that acts by itself
/// (the Spirit Army, a retired player) passes, makes no Defensive choice, rolls as soon as its
/// opponent has rolled, forfeits its Cunning and Tactical choices and draws nothing; a Cunning
/// give owed from an empty hand lapses (announced), so that it never blocks the draws.
fn settle(state: &mut ClanWarState, dice: &mut dyn Dice, events: &mut Events) -> Res<()> {
    for bi in 0..state.battles.len() {
        // Each pass moves the battle one phase at most; five phases follow card play.
        for _ in 0..8 {
            if !settle_step(state, bi, dice, events)? {
                break;
            }
        }
    }
    Ok(())
}

/// One step of [`settle`] for battle `bi`; whether anything changed.
fn settle_step(
    state: &mut ClanWarState,
    bi: usize,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Res<bool> {
    let auto = auto_sides(state, &state.battles[bi]);
    let ring_cards = state.config.options.ring_cards_take_effect;
    let id = state.battles[bi].id;
    match state.battles[bi].phase.clone() {
        Phase::Play { next, .. } => {
            if !auto[side_index(next)] {
                return Ok(false);
            }
            after_play_step(state, bi, events);
            Ok(true)
        }
        Phase::Nullify { .. } => {
            let before = state.battles[bi].phase.clone();
            advance_nullify(&mut state.battles[bi], ring_cards, auto, events);
            Ok(state.battles[bi].phase != before)
        }
        Phase::Roll => {
            let rolled = state.battles[bi].sides.each_ref().map(|s| s.roll.is_some());
            for (me, other) in [(Side::First, Side::Second), (Side::Second, Side::First)] {
                let (m, o) = (side_index(me), side_index(other));
                if auto[m] && !rolled[m] && rolled[o] && !auto[o] {
                    roll_side(state, bi, me, dice)?;
                    compare_rolls(state, bi, me, dice, events)?;
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Phase::Choices(list) => {
            let b = &state.battles[bi];
            let keep: Vec<Pending> = list
                .iter()
                .copied()
                .filter(|p| {
                    let side = match *p {
                        Pending::Take(s) | Pending::Give(s) => s,
                        Pending::Tactical { side, .. } => side,
                    };
                    if auto[side_index(side)] {
                        return false;
                    }
                    match (*p, b.seat(side)) {
                        (Pending::Give(_), Some(seat)) => {
                            !state.players[usize::from(seat.0)].hand.is_empty()
                        }
                        _ => true,
                    }
                })
                .collect();
            if keep.len() == list.len() {
                return Ok(false);
            }
            for p in &list {
                if let Pending::Give(side) = *p
                    && !keep.contains(p)
                    && !auto[side_index(side)]
                    && let Some(seat) = b.seat(side)
                {
                    let clan = state.players[usize::from(seat.0)].clan;
                    events.push(effect(
                        id,
                        format!(
                            "the {clan} clan has no card left to give: the Cunning give lapses"
                        ),
                    ));
                }
            }
            state.battles[bi].phase = if keep.is_empty() {
                Phase::Draws
            } else {
                Phase::Choices(keep)
            };
            Ok(true)
        }
        Phase::Draws => {
            let mut changed = false;
            for side in [Side::First, Side::Second] {
                let s = &mut state.battles[bi].sides[side_index(side)];
                if auto[side_index(side)] && !s.end_done {
                    s.end_done = true;
                    changed = true;
                }
            }
            if changed && state.battles[bi].sides.iter().all(|s| s.end_done) {
                close(state, bi, events)?;
            }
            Ok(changed)
        }
        Phase::Closed => Ok(false),
    }
}

/// Whether the game master may take `action` for an absent player: a step that decides nothing
/// for it, or the Cunning give a battle waits on.
pub(crate) fn game_master_may(action: &ClanWarAction) -> bool {
    matches!(
        action,
        ClanWarAction::Pass { .. }
            | ClanWarAction::Roll { .. }
            | ClanWarAction::Draw { .. }
            | ClanWarAction::Give { .. }
            | ClanWarAction::Take { card: None, .. }
    ) || matches!(action, ClanWarAction::Tactical { strategies, .. } if strategies.is_empty())
}

/// The game master acts for the absent player of `clan`.
fn for_clan(
    state: &mut ClanWarState,
    clan: Clan,
    action: &ClanWarAction,
    dice: &mut dyn Dice,
) -> Res<Events> {
    let Some(p) = state.players.iter().find(|p| p.clan == clan) else {
        return illegal(format!("no one plays the {clan} clan"));
    };
    if p.retired {
        return illegal(format!(
            "the {clan} player is retired: its battles run by themselves"
        ));
    }
    if !game_master_may(action) {
        return illegal(
            "for an absent player the game master may pass, roll, draw, take nothing, keep its strategies (tactical keep) or give a card it owes",
        );
    }
    let seat = p.seat;
    let mut events = vec![Visible::public(ClanWarEvent::GameMasterActs { seat })];
    events.extend(seat_action(state, seat, action, dice)?);
    Ok(events)
}

/// Applies an action to a copy and commits it only on success.
pub(crate) fn apply(
    state: &mut ClanWarState,
    actor: pbp_core::Actor,
    action: &ClanWarAction,
    dice: &mut dyn Dice,
) -> Res<Events> {
    if state.over {
        return Err(ClanWarError::Over);
    }
    let mut next = state.clone();
    let events = apply_in_place(&mut next, actor, action, dice)?;
    *state = next;
    Ok(events)
}

/// Applies an action to `next` itself. On error `next` may be half changed: only for a copy
/// that is thrown away on error (the bot's trials, [`apply`]'s copy).
pub(crate) fn apply_in_place(
    next: &mut ClanWarState,
    actor: pbp_core::Actor,
    action: &ClanWarAction,
    dice: &mut dyn Dice,
) -> Res<Events> {
    if next.over {
        return Err(ClanWarError::Over);
    }
    let mut events = match (actor, action) {
        (pbp_core::Actor::GameMaster, ClanWarAction::EndRound) => end_round(next, dice)?,
        (pbp_core::Actor::GameMaster, ClanWarAction::Join { clan, strategies }) => {
            join(next, *clan, *strategies, dice)?
        }
        (pbp_core::Actor::GameMaster, ClanWarAction::Retire { clan }) => retire(next, *clan)?,
        (pbp_core::Actor::GameMaster, ClanWarAction::ForClan { clan, action }) => {
            for_clan(next, *clan, action, dice)?
        }
        (pbp_core::Actor::GameMaster, _) => {
            return illegal(
                "the game master ends rounds and signs up players; the players fight the battles",
            );
        }
        (
            pbp_core::Actor::Seat(_),
            ClanWarAction::EndRound
            | ClanWarAction::Join { .. }
            | ClanWarAction::Retire { .. }
            | ClanWarAction::ForClan { .. },
        ) => {
            return illegal(
                "only the game master may end the round, sign up or retire a player, or act for an absent one",
            );
        }
        (pbp_core::Actor::Seat(seat), action) => {
            if player(next, seat)?.retired {
                return illegal("you are no longer active in this game");
            }
            seat_action(next, seat, action, dice)?
        }
    };
    settle(next, dice, &mut events)?;
    Ok(events)
}

fn seat_action(
    state: &mut ClanWarState,
    seat: Seat,
    action: &ClanWarAction,
    dice: &mut dyn Dice,
) -> Res<Events> {
    match action {
        ClanWarAction::Attack { target, from } => attack(state, seat, target, from),
        ClanWarAction::Play {
            battle,
            card,
            discards,
        } => play(state, seat, *battle, *card, discards),
        ClanWarAction::Pass { battle } => pass(state, seat, *battle),
        ClanWarAction::Nullify { battle, target } => nullify(state, seat, *battle, *target),
        ClanWarAction::Roll { battle } => roll(state, seat, *battle, dice),
        ClanWarAction::Take { battle, card } => take(state, seat, *battle, *card),
        ClanWarAction::Give { battle, card } => give(state, seat, *battle, *card),
        ClanWarAction::Tactical { battle, strategies } => {
            tactical(state, seat, *battle, strategies)
        }
        ClanWarAction::Draw { battle } => end_step(state, seat, *battle, None, dice),
        ClanWarAction::Switch { battle, from, to } => {
            end_step(state, seat, *battle, Some((*from, *to)), dice)
        }
        ClanWarAction::EndRound
        | ClanWarAction::Join { .. }
        | ClanWarAction::Retire { .. }
        | ClanWarAction::ForClan { .. } => illegal("only the game master may do that"),
    }
}
