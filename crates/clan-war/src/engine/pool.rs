//! The pool each side rolls, with every card effect.

use pbp_core::{KeepOrder, Pool, PoolDelta, Side};

use super::defensive::takes_effect;
use super::{card, side_index};
use crate::cards::{self, CardKind, CardNo};
use crate::clan::{Clan, Element, Strategy};
use crate::config::*;
use crate::map::Terrain;
use crate::state::*;

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
                r.side == side && !r.nullified && cards::ring_of(card(r.card)) == Some(c.element)
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
                if cards::ring_of(c) == Some(Element::Void) {
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
    // Keeping after the modifiers changes nothing unless they can reorder the dice; the pool
    // says so only then, so that a pool they cannot reorder reads, prints and saves as before.
    if options.kept_dice == KeptDice::AfterModifiers && pool.rank_bonuses_can_reorder() {
        pool.keep = KeepOrder::AfterBonuses;
    }
    pool
}
