//! The card effects that wait for the winner: Honor, Intrigue, Duelist, Diplomatic, Cunning,
//! Tactical, Blessings and the Void Ring's draws.

use pbp_core::{Side, engine::Visible};

use super::{Events, Res, card, discard, effect, side_index};
use crate::cards::{self, CardKind};
use crate::clan::{Element, Strategy};
use crate::config::*;
use crate::model::*;
use crate::state::*;

/// Resolves the remaining card effects once `winner` is known. With `forfeit_choices` (a
/// battle force-resolved at the end of the last round, when no one acts any more) the choices
/// (Cunning's take and give, Tactical) are forfeited; otherwise they wait for their players.
// Long function: one arm per strategy, in the seed's order of effects once the winner is known:
// they read the battle in that order, so they stay together.
#[allow(clippy::too_many_lines)]
pub(super) fn resolve(
    state: &mut ClanWarState,
    bi: usize,
    winner: Side,
    forfeit_choices: bool,
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
            events.push(effect(id, CardEffect::HonorFades { clan: p.clan }));
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
            && cards::ring_of(c) == Some(Element::Void)
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
                        CardEffect::HonorWon {
                            clan,
                            card: pl.card,
                        },
                    ));
                } else {
                    state.players[me].honor_next += 4;
                    events.push(effect(
                        id,
                        CardEffect::HonorLost {
                            clan,
                            card: pl.card,
                        },
                    ));
                }
            }
            Some(Strategy::Intrigue) if won => {
                state.battles[bi].played[index].returns = true;
                events.push(effect(
                    id,
                    CardEffect::IntrigueReturns {
                        clan,
                        card: pl.card,
                    },
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
                            CardEffect::DuelistDiscards {
                                clan,
                                card: pl.card,
                                opponent: state.players[oi].clan,
                            },
                        ));
                        if !hand.is_empty() {
                            events.push(Visible::public(ClanWarEvent::Discarded {
                                seat: o,
                                cards: hand,
                            }));
                        }
                    } else {
                        state.battles[bi].sides[side_index(pl.side.other())].draw_barred = true;
                        let span = state.config.options.duelist_span;
                        if span == DuelistSpan::Round {
                            state.players[oi].no_draw_this_round = true;
                        }
                        events.push(effect(
                            id,
                            CardEffect::DuelistBarsDraws {
                                clan,
                                card: pl.card,
                                opponent: state.players[oi].clan,
                                span,
                            },
                        ));
                    }
                }
            }
            Some(Strategy::Diplomatic) => {
                let n = if won { 2 } else { 1 };
                state.battles[bi].sides[side_index(pl.side)].extra_draws += n;
                events.push(effect(
                    id,
                    CardEffect::DiplomaticDraws {
                        clan,
                        card: pl.card,
                        count: n,
                    },
                ));
            }
            Some(Strategy::Cunning) => {
                if let Some(o) = opponent {
                    let oi = usize::from(o.0);
                    if !state.players[oi].hand.is_empty() && !forfeit_choices {
                        if won {
                            pending.push(Pending::Take(pl.side));
                            state.battles[bi].sides[side_index(pl.side)].shown =
                                state.players[oi].hand.clone();
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
            Some(Strategy::Tactical) if !forfeit_choices => {
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
