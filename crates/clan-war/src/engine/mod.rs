//! The engine of Clan War: an action dispatched to its phase, and the helpers the phases share.
//! `attack` opens battles, `play` is card play, `defensive` the nullifications, `pool` and `roll`
//! the roll, `effects` the effects after it, `choices` Cunning and Tactical, `draws` the end of a
//! battle, `round` the end of the round, `sign_up` the roster and `settle` the steps that take
//! themselves.

mod attack;
mod choices;
mod defensive;
mod draws;
mod effects;
mod play;
mod pool;
mod roll;
mod round;
mod settle;
mod sign_up;

pub(crate) use attack::{attack_refusal, is_attacked, is_attacking};
pub(crate) use defensive::{nullify_in, nullify_waiting};
pub(crate) use draws::check_switch;
pub(crate) use play::{owed_gives, play_refusal, played_card};
pub use pool::{battle_pools, pool_for};
pub use roll::{BATTLE_RULE, battle_odds};
pub(crate) use round::outcome;

use attack::attack;
pub(crate) use choices::takeable;
use choices::{give, tactical, take};
use defensive::nullify;
use draws::end_step;
use play::{pass, play};
use roll::roll;
use round::end_round;
use settle::settle;
use sign_up::{join, retire};

use pbp_core::{
    Deck, Dice, Reshuffle, Side,
    engine::{Actor, Seat, Visible},
};

use crate::cards::{self, CardKind, CardNo};
use crate::clan::{Clan, Element};
use crate::error::{BattleName, ClanWarError, Refusal, illegal};
use crate::model::*;
use crate::state::*;

/// The events an action produces, each with who may see it.
pub(crate) type Events = Vec<Visible<ClanWarEvent>>;
/// A result of the engine.
pub(crate) type Res<T> = Result<T, ClanWarError>;

/// Room for the events of one step of a battle, reserved at once so that the list does not
/// grow (and move) while the step and the battle's automatic steps after it add theirs.
const STEP_EVENTS: usize = 8;

/// An empty list of events with room for a step's.
pub(super) fn step_events() -> Events {
    Vec::with_capacity(STEP_EVENTS)
}

/// What `card` gives for a number outside 1 to 52: a blank Ring of no element's (Void's) power.
static BLANK: cards::Card = cards::Card {
    number: 0,
    name: String::new(),
    element: Element::Void,
    kind: CardKind::Ring,
    text: String::new(),
    reconstructed: false,
};

/// Card `no`, which is in play, so 1 to 52 (a blank Ring otherwise), from the shared table: no
/// allocation.
pub(super) fn card(no: CardNo) -> &'static cards::Card {
    // Every card number in play comes from the deck, so it is 1 to 52.
    cards::card(no).unwrap_or(&BLANK)
}

/// Draws `count` cards for `seat`; a draw from an exhausted deck is lost. Every position is
/// rolled before the first card moves, so a dice failure leaves the state as it was.
pub(crate) fn draw_cards(
    state: &mut ClanWarState,
    seat: Seat,
    count: u32,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Res<()> {
    let positions = DrawPositions::roll(&state.deck, count, dice)?;
    draw_rolled(state, seat, count, &positions, events)
}

/// Draws the cards at `positions`, rolled for `count` draws, for `seat`.
pub(crate) fn draw_rolled(
    state: &mut ClanWarState,
    seat: Seat,
    count: u32,
    positions: &DrawPositions,
    events: &mut Events,
) -> Res<()> {
    let mut drawn = 0;
    for position in positions.iter() {
        let index = state.deck.draw_at(position)?;
        let no = state.deck.card(index).copied().unwrap_or(0);
        state.players[usize::from(seat.0)].hand.push(no);
        events.push(Visible::to(
            vec![seat],
            ClanWarEvent::Drew { seat, card: no },
        ));
        drawn += 1;
    }
    if drawn < count {
        events.push(Visible::public(ClanWarEvent::DeckEmpty { seat }));
    }
    if drawn > 0 {
        events.push(Visible::public(ClanWarEvent::DrewCards {
            seat,
            count: drawn,
        }));
    }
    Ok(())
}

/// The positions of up to `count` cards drawn one after another from a deck, rolled as
/// [`Deck::draw`](pbp_core::Deck::draw) rolls them (among the cards left, the discard pile
/// shuffled back in when the draw pile runs out and the deck reshuffles), without drawing.
/// Fewer than `count` when the deck runs out. Held inline for the usual few draws.
pub(crate) struct DrawPositions {
    inline: [u32; DrawPositions::INLINE],
    more: Vec<u32>,
    len: usize,
}

impl DrawPositions {
    const INLINE: usize = 8;

    pub(crate) fn roll(deck: &Deck<CardNo>, count: u32, dice: &mut dyn Dice) -> Res<DrawPositions> {
        let mut out = DrawPositions {
            inline: [0; DrawPositions::INLINE],
            more: Vec::new(),
            len: 0,
        };
        let mut left = deck.remaining();
        let mut discarded = deck.discard_pile().len() as u32;
        let reshuffles = deck.reshuffle() != Reshuffle::Never;
        for _ in 0..count {
            if left == 0 && reshuffles && discarded > 0 {
                (left, discarded) = (discarded, 0);
            }
            if left == 0 {
                break;
            }
            let position = dice.roll(left)?;
            if out.len < DrawPositions::INLINE {
                out.inline[out.len] = position;
            } else {
                out.more.push(position);
            }
            out.len += 1;
            left -= 1;
        }
        Ok(out)
    }

    fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.inline[..self.len.min(DrawPositions::INLINE)]
            .iter()
            .chain(&self.more)
            .copied()
    }
}

fn deck_index(state: &ClanWarState, no: CardNo) -> Option<u32> {
    state
        .deck
        .cards()
        .iter()
        .position(|&c| c == no)
        .map(|i| i as u32)
}

/// Puts card `no` on the discard pile.
pub(super) fn discard(state: &mut ClanWarState, no: CardNo) -> Res<()> {
    let index = deck_index(state, no).ok_or(ClanWarError::Illegal(Refusal::NoSuchCard))?;
    state.deck.discard(index)?;
    Ok(())
}

/// The player in `seat`, or a refusal when there is none.
pub(super) fn player(state: &ClanWarState, seat: Seat) -> Res<&Player> {
    state
        .players
        .get(usize::from(seat.0))
        .ok_or(ClanWarError::Illegal(Refusal::NoSeat(seat)))
}

/// Takes card `no` out of `seat`'s hand, or refuses when it is not there.
pub(super) fn take_from_hand(state: &mut ClanWarState, seat: Seat, no: CardNo) -> Res<()> {
    let hand = &mut state.players[usize::from(seat.0)].hand;
    match hand.iter().position(|&c| c == no) {
        Some(i) => {
            hand.remove(i);
            Ok(())
        }
        None => illegal(Refusal::NotInHand(no)),
    }
}

/// The index of the open battle numbered `id`.
pub(super) fn battle_index(state: &ClanWarState, id: u32) -> Res<usize> {
    state
        .battles
        .iter()
        .position(|b| b.id == id && b.phase != Phase::Closed)
        .ok_or_else(|| {
            ClanWarError::Illegal(Refusal::NoBattle {
                number: id,
                open: state
                    .battles
                    .iter()
                    .filter(|b| b.phase != Phase::Closed)
                    .map(|b| described(state, b, None))
                    .collect(),
            })
        })
}

/// The open battle numbered `battle` as a refusal names it to `seat`: "your attack on E4",
/// "Crab's attack on your E4", "Crab's attack on E4" (never its number).
pub(super) fn named(state: &ClanWarState, battle: u32, seat: Seat) -> BattleName {
    match state.battles.iter().find(|b| b.id == battle) {
        Some(b) => described(state, b, Some(seat)),
        None => BattleName::Number(battle),
    }
}

/// A battle as a refusal names it, from `seat`'s side when given.
fn described(state: &ClanWarState, battle: &Battle, seat: Option<Seat>) -> BattleName {
    let hex = state.map.hex_label(battle.target);
    let attacker = state.players.get(usize::from(battle.attacker.0));
    let defended = matches!(battle.defender, Defender::Seat(d) if Some(d) == seat);
    match attacker {
        _ if seat == Some(battle.attacker) => BattleName::Yours { hex },
        Some(p) if defended => BattleName::OnYours {
            attacker: p.clan,
            hex,
        },
        Some(p) => BattleName::Other {
            attacker: p.clan,
            hex,
        },
        // Every battle's attacker is a seated player.
        None => BattleName::Number(battle.id),
    }
}

/// The index of `side` in a battle's `sides` (attacker 0, defender 1).
pub(super) fn side_index(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
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

/// The public event of a card effect in `battle`.
pub(super) fn effect(battle: u32, effect: CardEffect) -> Visible<ClanWarEvent> {
    Visible::public(ClanWarEvent::Effect { battle, effect })
}

/// The open battle `battle` and the side `seat` fights on, for a choice it makes.
pub(super) fn choice_context(state: &ClanWarState, seat: Seat, battle: u32) -> Res<(usize, Side)> {
    let bi = battle_index(state, battle)?;
    let side = state.battles[bi]
        .side_of(seat)
        .ok_or_else(|| ClanWarError::Illegal(Refusal::NotIn(named(state, battle, seat))))?;
    Ok((bi, side))
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
        return illegal(Refusal::NoSuchClan(clan));
    };
    if p.retired {
        return illegal(Refusal::ClanRetired(clan));
    }
    if !game_master_may(action) {
        return illegal(Refusal::NotForAbsent);
    }
    let seat = p.seat;
    let mut events = vec![Visible::public(ClanWarEvent::GameMasterActs { seat })];
    events.extend(seat_action(state, seat, action, dice)?);
    Ok(events)
}

/// Applies an action; on a refusal the state is as it was before.
///
/// The players' actions are applied in place: each step makes every check, and draws every die
/// (positions of cards drawn, rolls and pushes), before its first change, and the steps that
/// settle after them draw no dice (the Spirit Army or a retired player rolls only beside an
/// opponent who rolls, and [`roll`] rolls both at once). What can still fail after a change is
/// an invariant of a consistent state (a card in hand is out of the deck). So is the game
/// master's end of round when it draws no cards (no battle forced with one side rolled). The
/// other ends of round, sign-ups and retirements, which draw cards or force battles for several
/// players at once, run on a copy that is kept only if they succeed.
pub(crate) fn apply(
    state: &mut ClanWarState,
    actor: Actor,
    action: &ClanWarAction,
    dice: &mut dyn Dice,
) -> Res<Events> {
    if state.over {
        return Err(ClanWarError::Over);
    }
    let on_a_copy = match (actor, action) {
        (Actor::GameMaster, ClanWarAction::EndRound) => round::end_round_draws(state),
        (Actor::GameMaster, ClanWarAction::Join { .. } | ClanWarAction::Retire { .. }) => true,
        _ => false,
    };
    if !on_a_copy {
        return apply_in_place(state, actor, action, dice);
    }
    let mut next = state.clone();
    let events = apply_in_place(&mut next, actor, action, dice)?;
    *state = next;
    Ok(events)
}

/// Applies an action to `next` itself. On error `next` is as it was for the actions [`apply`]
/// applies in place, and may be half changed for the others (an end of round that draws
/// cards, a sign-up, a retirement): those only on a copy that is thrown away on error.
pub(crate) fn apply_in_place(
    next: &mut ClanWarState,
    actor: Actor,
    action: &ClanWarAction,
    dice: &mut dyn Dice,
) -> Res<Events> {
    if next.over {
        return Err(ClanWarError::Over);
    }
    let mut events = match (actor, action) {
        (Actor::GameMaster, ClanWarAction::EndRound) => end_round(next, dice)?,
        (Actor::GameMaster, ClanWarAction::Join { clan, strategies }) => {
            join(next, *clan, *strategies, dice)?
        }
        (Actor::GameMaster, ClanWarAction::Retire { clan }) => retire(next, *clan)?,
        (Actor::GameMaster, ClanWarAction::ForClan { clan, action }) => {
            for_clan(next, *clan, action, dice)?
        }
        (Actor::GameMaster, _) => {
            return illegal(Refusal::PlayersFight);
        }
        (
            Actor::Seat(_),
            ClanWarAction::EndRound
            | ClanWarAction::Join { .. }
            | ClanWarAction::Retire { .. }
            | ClanWarAction::ForClan { .. },
        ) => {
            return illegal(Refusal::GameMasterOnly);
        }
        (Actor::Seat(seat), action) => {
            if player(next, seat)?.retired {
                return illegal(Refusal::NoLongerActive);
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
        | ClanWarAction::ForClan { .. } => illegal(Refusal::OnlyGameMaster),
    }
}
