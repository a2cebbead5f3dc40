//! A heuristic player: attacks the richest hex in reach, plays the card that strengthens its
//! pool most (keeping Spells for Magic when it can cast them), rolls, draws, and as game master
//! ends the round once every battle is over.

use pbp_core::{
    Dice, Pool, Side,
    engine::{Actor, Game},
};

use crate::cards::{CardKind, CardNo, card};
use crate::clan::Strategy;
use crate::config::*;
use crate::engine::pool_for;
use crate::game::ClanWar;
use crate::map::Terrain;
use crate::model::*;
use crate::state::*;

/// A rough strength of a pool in tenths of a point: about 6.1 per kept die, 1.5 per extra
/// rolled die, plus the flat bonuses. Only for choosing between plays.
fn strength(pool: &Pool) -> i64 {
    let kept = i64::from(pool.kept.min(pool.rolled));
    let extra = i64::from(pool.rolled.saturating_sub(pool.kept));
    let m = &pool.modifiers;
    61 * kept
        + 15 * extra
        + 10 * (m.each_die * kept + m.rank_bonus(1) + m.total)
        + 2 * m.rank_bonus(2)
}

fn card_value(no: CardNo) -> i64 {
    match card(no).map(|c| &c.kind) {
        Some(CardKind::Ring) => 4,
        Some(CardKind::Spell { .. }) => 3,
        Some(CardKind::Blessing { .. }) => 2,
        _ => 1,
    }
}

fn margin(state: &ClanWarState, b: &Battle, side: Side) -> i64 {
    strength(&pool_for(state, b, side)) - strength(&pool_for(state, b, side.other()))
}

/// Whether player `p` may still declare this round's attack: what its legal list would say,
/// found without listing its card plays (every set of discards of a Magic card).
fn can_attack(state: &ClanWarState, p: &Player) -> bool {
    !p.retired
        && !p.attacked
        && state.holders.iter().enumerate().any(|(f, h)| {
            *h == Holder::Clan(p.clan)
                && state
                    .map
                    .near(f)
                    .iter()
                    .any(|&t| crate::engine::attack_refusal(state, p, f, t).is_none())
        })
}

/// What decides a play's score: the battle, the card, how many cards it discards and the Spell
/// it casts. Two plays of one class leave the same pools (the pools count a hand's and the
/// discards' cards, and read only the Spell cast among them), so the same margin; and the same
/// refusal, if any (a play is refused for the count of its discards, never for which).
#[derive(Clone, Copy, PartialEq, Eq)]
struct PlayClass {
    battle: u32,
    card: CardNo,
    discards: usize,
    cast: Option<CardNo>,
}

fn play_class(p: &Player, battle: u32, no: CardNo, discards: &[CardNo]) -> PlayClass {
    // As `engine::play` finds the Spell cast: a Magic card played with the Magic strategy
    // casts the first Spell among its discards.
    let magic =
        card(no).and_then(|c| c.strategy()) == Some(Strategy::Magic) && p.has(Strategy::Magic);
    let cast = if magic {
        discards
            .iter()
            .copied()
            .find(|&d| card(d).is_some_and(|c| c.is_spell()))
    } else {
        None
    };
    PlayClass {
        battle,
        card: no,
        discards: discards.len(),
        cast,
    }
}

/// The heuristic bot's action for `actor`, or `None` when it has nothing to do.
pub fn heuristic_action(state: &ClanWarState, actor: Actor) -> Option<ClanWarAction> {
    let Actor::Seat(seat) = actor else {
        // The game master may always end the round while the game goes on.
        if state.over {
            return None;
        }
        let busy = state.battles.iter().any(|b| b.phase != Phase::Closed)
            || state.players.iter().any(|p| can_attack(state, p));
        return (!busy).then_some(ClanWarAction::EndRound);
    };
    // The legal list but its attacks, which are scored below from the hexes themselves.
    let legal = crate::legal::battle_actions_of(state, seat);
    let p = state.players.get(usize::from(seat.0))?;
    // Battle business first.
    let mut best: Option<(i64, ClanWarAction)> = None;
    let mut consider = |score: i64, action: &ClanWarAction| {
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, action.clone()));
        }
    };
    // The plays already tried, by what decides their score (see `play_class`).
    let mut tried: Vec<PlayClass> = Vec::new();
    // The battle the plays are tried on, as it stands.
    let mut trial_battle: Option<Battle> = None;
    let ring_cards = state.config.options.ring_cards_take_effect;
    for action in &legal {
        match action {
            ClanWarAction::Roll { .. } | ClanWarAction::Draw { .. } => consider(100, action),
            ClanWarAction::Tactical { strategies, .. } if strategies.is_empty() => {
                consider(100, action)
            }
            ClanWarAction::Take { card: Some(c), .. } => consider(100 + card_value(*c), action),
            ClanWarAction::Give { card: c, .. } => consider(100 - card_value(*c), action),
            ClanWarAction::Nullify { battle, target } => {
                // Nullify what helps the opponent most: try each on a copy of its battle (a
                // Defensive choice changes nothing else) and keep the best margin.
                let trial = state
                    .battles
                    .iter()
                    .find(|b| b.id == *battle && b.phase != Phase::Closed)
                    .and_then(|b| {
                        let mut b = b.clone();
                        let auto = crate::engine::auto_sides(state, &b);
                        crate::engine::nullify_in(&mut b, seat, *target, ring_cards, auto, &mut {
                            Vec::new()
                        })
                        .ok()
                        .map(|()| b)
                    });
                match trial {
                    Some(b) => {
                        let side = b.side_of(seat).unwrap_or(Side::First);
                        consider(200 + margin(state, &b, side), action);
                    }
                    None => consider(0, action),
                }
            }
            ClanWarAction::Pass { .. } => consider(50, action),
            ClanWarAction::Play {
                battle,
                card: c,
                discards,
            } => {
                let keep_spell = card(*c).is_some_and(|c| c.is_spell())
                    && p.has(Strategy::Magic)
                    && p.hand
                        .iter()
                        .any(|&h| card(h).and_then(|x| x.strategy()) == Some(Strategy::Magic));
                if keep_spell {
                    continue;
                }
                // A play scores as the first of its class: it can only tie with it, and a tie
                // keeps the first.
                let class = play_class(p, *battle, *c, discards);
                if tried.contains(&class) {
                    continue;
                }
                tried.push(class);
                let Some(before) = state.battles.iter().find(|b| b.id == *battle) else {
                    continue;
                };
                let side = before.side_of(seat).unwrap_or(Side::First);
                let Ok(via_ring) = crate::engine::play_refusal(state, seat, *battle, *c, discards)
                else {
                    continue;
                };
                // A play changes the pools only through the card it puts in play (the
                // players' bonuses and the hands counted for Spiritual change later): the
                // card is tried on one copy of its battle, not on a copy of the game.
                let trial = match &mut trial_battle {
                    Some(b) if b.id == *battle => b,
                    slot => slot.insert(before.clone()),
                };
                trial.played.push(crate::engine::played_card(
                    state, seat, side, *c, discards, via_ring,
                ));
                let gain = margin(state, trial, side) - margin(state, before, side);
                trial.played.pop();
                // Discards cost cards: each must earn its keep.
                let score = 50 + gain - 10 * discards.len() as i64;
                if gain > 0 {
                    consider(score, action);
                }
            }
            _ => {}
        }
    }
    if let Some((_, action)) = best {
        return Some(action);
    }
    // Then the attack: the most gold within reach, preferring hexes of the own clan (+1); of
    // equal scores the last in the legal list's order (hexes held, then each one's reach).
    if p.retired || p.attacked || state.over {
        return None;
    }
    let own = Terrain::Province(p.clan);
    let mut best: Option<(i64, usize, usize)> = None;
    for (f, h) in state.holders.iter().enumerate() {
        if *h != Holder::Clan(p.clan) {
            continue;
        }
        for &t in state.map.near(f) {
            if crate::engine::attack_refusal(state, p, f, t).is_some() {
                continue;
            }
            let mut score = 10 * state.map.hexes[t].terrain.gold();
            if state.map.hexes[t].terrain == own || state.map.hexes[f].terrain == own {
                score += 5;
            }
            if state.holders[t] == Holder::SpiritArmy {
                score -= 2;
            }
            if best.is_none_or(|(s, _, _)| score >= s) {
                best = Some((score, f, t));
            }
        }
    }
    best.map(|(_, f, t)| ClanWarAction::Attack {
        target: state.map.hexes[t].label.clone(),
        from: state.map.hexes[f].label.clone(),
    })
}

/// Plays a whole game with `bots[seat]` deciding for each seat (true: heuristic, false: uniform
/// random) and the heuristic game master; returns the final state.
///
/// # Errors
/// A setup or dice failure.
pub fn play_out(
    config: &ClanWarConfig,
    bots: &[bool],
    dice: &mut dyn Dice,
) -> Result<ClanWarState, crate::ClanWarError> {
    let mut state = ClanWar::setup(config, dice)?;
    let bound = ClanWar::max_actions(config);
    for _ in 0..bound {
        let actors = ClanWar::turn(&state).actors().to_vec();
        if actors.is_empty() {
            break;
        }
        let mut chosen = None;
        for &actor in actors.iter().filter(|a| a.seat().is_some()) {
            let seat = actor.seat().map_or(0, |s| usize::from(s.0));
            let action = if bots.get(seat).copied().unwrap_or(true) {
                heuristic_action(&state, actor)
            } else {
                let legal = ClanWar::legal_actions(&state, actor);
                let pick = dice.roll(legal.len().max(1) as u32)? as usize - 1;
                legal.get(pick).cloned()
            };
            if let Some(action) = action {
                chosen = Some((actor, action));
                break;
            }
        }
        let (actor, action) = match chosen {
            Some(c) => c,
            None => (Actor::GameMaster, ClanWarAction::EndRound),
        };
        ClanWar::apply(&mut state, actor, &action, dice)?;
    }
    Ok(state)
}

/// Wins of each clan over `games` games of heuristic bots (game `i` seeded with
/// `pbp_core::engine::step_seed(seed, i)`), for `pbp simulate`: per clan, (games won, games played).
/// A shared first place counts as a win for each leader.
///
/// # Errors
/// A setup or dice failure.
pub fn heuristic_win_rates(
    config: &ClanWarConfig,
    games: u64,
    seed: u64,
) -> Result<std::collections::BTreeMap<crate::clan::Clan, (u64, u64)>, crate::ClanWarError> {
    let mut table = std::collections::BTreeMap::new();
    let bots = vec![true; config.players.len()];
    for game in 0..games {
        let mut dice = pbp_core::SeededDice::new(pbp_core::engine::step_seed(seed, game));
        let state = play_out(config, &bots, &mut dice)?;
        let winners = match ClanWar::turn(&state) {
            pbp_core::engine::Turn::Over(outcome) => outcome.winners,
            pbp_core::engine::Turn::Acting(_) => Vec::new(),
        };
        for p in &state.players {
            let entry = table.entry(p.clan).or_insert((0, 0));
            entry.1 += 1;
            if winners.contains(&p.seat) {
                entry.0 += 1;
            }
        }
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pbp_core::{ScriptedDice, SeededDice, engine::Turn};

    #[test]
    fn heuristic_games_finish_with_legal_actions() {
        for players in 2..=8 {
            let config = ClanWarConfig {
                players: crate::clan::Clan::ALL
                    .iter()
                    .take(players)
                    .map(|&clan| PlayerSetup {
                        clan,
                        strategies: [clan.strategies()[0], clan.strategies()[3]],
                        name: String::new(),
                    })
                    .collect(),
                rounds: 4,
                ..ClanWarConfig::default()
            };
            let bots: Vec<bool> = (0..players).map(|i| i % 2 == 0).collect();
            let state = play_out(&config, &bots, &mut SeededDice::new(players as u64)).unwrap();
            assert!(
                matches!(ClanWar::turn(&state), Turn::Over(_)),
                "{players} clans"
            );
            assert!(state.history.iter().map(|r| r.battles.len()).sum::<usize>() > 0);
        }
    }

    fn deal(state: &mut ClanWarState, seat: usize, cards: &[CardNo]) {
        for no in std::mem::take(&mut state.players[seat].hand) {
            let index = state.deck.cards().iter().position(|&c| c == no).unwrap() as u32;
            state.deck.return_to_pile(index).unwrap();
        }
        for &no in cards {
            let index = state.deck.cards().iter().position(|&c| c == no).unwrap() as u32;
            let at = state
                .deck
                .draw_pile()
                .iter()
                .position(|&i| i == index)
                .unwrap();
            state.deck.draw_at(at as u32 + 1).unwrap();
            state.players[seat].hand.push(no);
        }
    }

    fn first_play(strategies: [Strategy; 2], hand: &[CardNo]) -> ClanWarAction {
        let mut config = ClanWarConfig::default();
        config.players.truncate(2);
        config.players[0].strategies = strategies;
        let mut state = ClanWar::setup(&config, &mut SeededDice::new(2)).unwrap();
        deal(&mut state, 0, hand);
        let crab = Actor::Seat(pbp_core::engine::Seat(0));
        let attack = heuristic_action(&state, crab).unwrap();
        assert!(matches!(attack, ClanWarAction::Attack { .. }));
        ClanWar::apply(&mut state, crab, &attack, &mut SeededDice::new(1)).unwrap();
        heuristic_action(&state, crab).unwrap()
    }

    #[test]
    fn the_bot_plays_its_strongest_card() {
        // Fury of the Hida (Crab, Warfare: +1k0 +0k1) beats a plain +2.
        let play = first_play([Strategy::Tactical, Strategy::Warfare], &[8, 25]);
        assert!(
            matches!(play, ClanWarAction::Play { card: 25, .. }),
            "{play:?}"
        );
    }

    #[test]
    fn the_bot_keeps_spells_for_magic() {
        // With Magic and Isawa's Art in hand, Armor of Earth is cast through Magic, not played.
        let play = first_play([Strategy::Magic, Strategy::Warfare], &[33, 22]);
        assert_eq!(
            play,
            ClanWarAction::Play {
                battle: 1,
                card: 22,
                discards: vec![33]
            }
        );
    }

    #[test]
    fn plays_of_one_class_leave_the_same_pools() {
        // What lets the bot try one play of each class: every play of a class, applied, leaves
        // the same pools (or is refused alike). A Magic player (Isawa's Art, 22) holding the
        // Ring of Void (52), three Spells and two other cards has hundreds of plays.
        let spells: Vec<CardNo> = (1..=52)
            .filter(|&n| card(n).is_some_and(|c| c.is_spell()))
            .take(3)
            .collect();
        let mut hand = vec![22, 52, 25, 8];
        hand.extend(&spells);
        let mut config = ClanWarConfig::default();
        config.players.truncate(2);
        config.players[0].strategies = [Strategy::Magic, Strategy::Warfare];
        let mut state = ClanWar::setup(&config, &mut SeededDice::new(2)).unwrap();
        deal(&mut state, 0, &hand);
        let crab = Actor::Seat(pbp_core::engine::Seat(0));
        let attack = heuristic_action(&state, crab).unwrap();
        ClanWar::apply(&mut state, crab, &attack, &mut SeededDice::new(1)).unwrap();
        let p = &state.players[0];
        let (mut classes, mut same) = (Vec::<(PlayClass, Option<[Pool; 2]>)>::new(), 0);
        for action in ClanWar::legal_actions(&state, crab) {
            let ClanWarAction::Play {
                battle,
                card: c,
                ref discards,
            } = action
            else {
                continue;
            };
            let class = play_class(p, battle, c, discards);
            let mut copy = state.clone();
            let pools =
                crate::engine::apply_in_place(&mut copy, crab, &action, &mut ScriptedDice::new([]))
                    .ok()
                    .and_then(|_| crate::engine::battle_pools(&copy, battle));
            match classes.iter().find(|(k, _)| *k == class) {
                Some((_, first)) => {
                    assert_eq!(first, &pools, "{action:?}");
                    same += 1;
                }
                None => classes.push((class, pools)),
            }
        }
        assert!(
            same > 100 && classes.len() > 10,
            "{same} plays, {} classes",
            classes.len()
        );
    }

    #[test]
    fn win_rates_count_every_clan() {
        let config = ClanWarConfig {
            rounds: 3,
            ..ClanWarConfig::default()
        };
        let table = heuristic_win_rates(&config, 4, 9).unwrap();
        assert_eq!(table.len(), 5);
        assert!(table.values().all(|&(_, played)| played == 4));
        assert!(table.values().map(|&(won, _)| won).sum::<u64>() >= 4);
    }

    #[test]
    fn the_heuristic_bot_beats_the_random_bot() {
        let config = ClanWarConfig {
            players: ClanWarConfig::default().players[..2].to_vec(),
            rounds: 6,
            ..ClanWarConfig::default()
        };
        let (mut heuristic, mut random) = (0, 0);
        for game in 0..16_u64 {
            // Alternate seats so that neither clan's position decides.
            let first = game % 2 == 0;
            let state = play_out(&config, &[first, !first], &mut SeededDice::new(game)).unwrap();
            let Turn::Over(outcome) = ClanWar::turn(&state) else {
                panic!("game {game} did not end")
            };
            for w in outcome.winners {
                if (w.0 == 0) == first {
                    heuristic += 1;
                } else {
                    random += 1;
                }
            }
        }
        assert!(heuristic > random, "heuristic {heuristic}, random {random}");
    }
}
