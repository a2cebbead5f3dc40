//! The Game contract for Clan War.

use std::collections::BTreeMap;

use pbp_core::{Actor, Dice, Game, Outcome, Seat, Turn, Viewer, Visible};

use crate::error::ClanWarError;
use crate::types::*;

/// Clan War (seed 000): see the crate docs and `docs/rules/clan-war.md`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClanWar;

fn outcome(state: &ClanWarState) -> Outcome {
    let scores: BTreeMap<Seat, i64> = state
        .players
        .iter()
        .map(|p| (p.seat, p.score_halves()))
        .collect();
    // Active players rank first by score; retired ones after them (the prize goes to the
    // runner-up when the best player is no longer active).
    let key = |seat: &Seat| {
        let p = &state.players[usize::from(seat.0)];
        (p.retired, -p.score_halves())
    };
    let mut keys: Vec<(bool, i64)> = scores.keys().map(key).collect();
    keys.sort_unstable();
    keys.dedup();
    let ranking: Vec<Vec<Seat>> = keys
        .iter()
        .map(|k| scores.keys().filter(|s| key(s) == *k).copied().collect())
        .collect();
    let winners = match ranking.first() {
        Some(first)
            if first
                .iter()
                .all(|s| !state.players[usize::from(s.0)].retired) =>
        {
            first.clone()
        }
        _ => Vec::new(),
    };
    Outcome {
        winners,
        ranking,
        scores,
        score_denominator: 2,
        reason: format!(
            "the highest score (gold plus glory) after {} rounds",
            state.config.rounds
        ),
    }
}

impl Game for ClanWar {
    const NAME: &'static str = "clan-war";
    type Config = ClanWarConfig;
    type State = ClanWarState;
    type Action = ClanWarAction;
    type Event = ClanWarEvent;
    type View = ClanWarView;
    type Error = ClanWarError;

    fn setup(config: &ClanWarConfig, dice: &mut dyn Dice) -> Result<ClanWarState, ClanWarError> {
        crate::setup::setup(config, dice)
    }

    fn seat_count(state: &ClanWarState) -> u16 {
        state.players.len() as u16
    }

    fn turn(state: &ClanWarState) -> Turn {
        if state.over {
            return Turn::Over(outcome(state));
        }
        let mut actors: Vec<Actor> = state
            .players
            .iter()
            .map(|p| Actor::Seat(p.seat))
            .filter(|&a| !crate::legal::legal_actions(state, a).is_empty())
            .collect();
        actors.push(Actor::GameMaster);
        Turn::Acting(actors)
    }

    fn legal_actions(state: &ClanWarState, actor: Actor) -> Vec<ClanWarAction> {
        crate::legal::legal_actions(state, actor)
    }

    fn apply(
        state: &mut ClanWarState,
        actor: Actor,
        action: &ClanWarAction,
        dice: &mut dyn Dice,
    ) -> Result<Vec<Visible<ClanWarEvent>>, ClanWarError> {
        crate::engine::apply(state, actor, action, dice)
    }

    fn view(state: &ClanWarState, viewer: Viewer) -> ClanWarView {
        let hexes = state
            .map
            .hexes
            .iter()
            .zip(&state.holders)
            .map(|(h, holder)| HexView {
                label: h.label.clone(),
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
            battles: state.battles.clone(),
            battle_pools: state
                .battles
                .iter()
                .filter_map(|b| Some((b.id, crate::engine::battle_pools(state, b.id)?)))
                .collect(),
            deck_remaining: state.deck.remaining(),
            discard_pile,
            cards: shown.into_iter().filter_map(crate::cards::card).collect(),
            history: state.history.to_vec(),
        }
    }

    fn parse_action(
        state: &ClanWarState,
        actor: Actor,
        text: &str,
    ) -> Result<ClanWarAction, ClanWarError> {
        crate::text::parse_action(state, actor, text)
    }

    fn format_action(state: &ClanWarState, action: &ClanWarAction) -> String {
        crate::text::format_action(state, action)
    }

    fn max_actions(config: &ClanWarConfig) -> u64 {
        // Per round: at most 8 attacks (so 8 battles) and 8 sign-ups, and per battle at most
        // 52 plays, 54 passes, 52 nullifications, 2 rolls, 104 choices and 2 draws; plus the
        // game master's end of round; and at most eight retirements a game.
        let per_battle = 52 + 54 + 52 + 2 + 104 + 2;
        u64::from(config.rounds.max(1)) * (8 * per_battle + 8 + 8 + 1) + 8
    }

    /// Each seat's clan: a clan's lands are its starting position.
    fn seat_positions(config: &ClanWarConfig) -> Vec<String> {
        config
            .players
            .iter()
            .map(|p| format!("{:?} lands", p.clan))
            .collect()
    }

    /// A clan and its lands are one: the players (clan, strategies, name) rotate by
    /// `faction_shift`, and `position_shift` changes nothing.
    fn rotate_seats(
        config: &ClanWarConfig,
        faction_shift: usize,
        _position_shift: usize,
    ) -> Option<ClanWarConfig> {
        let n = config.players.len();
        if n == 0 {
            return None;
        }
        let players = (0..n)
            .map(|i| config.players[(i + faction_shift) % n].clone())
            .collect();
        Some(ClanWarConfig {
            players,
            ..config.clone()
        })
    }

    fn seat_label(state: &ClanWarState, seat: Seat) -> String {
        state
            .players
            .iter()
            .find(|p| p.seat == seat)
            .map_or_else(|| format!("seat {seat}"), |p| p.clan.to_string())
    }

    fn seat_name(state: &ClanWarState, seat: Seat) -> String {
        match state.players.iter().find(|p| p.seat == seat) {
            Some(p) if p.name.is_empty() => p.clan.to_string(),
            Some(p) => format!("{} ({})", p.name, p.clan),
            None => format!("seat {seat}"),
        }
    }

    fn heuristic_action(
        state: &ClanWarState,
        actor: Actor,
        _dice: &mut dyn Dice,
    ) -> Result<Option<ClanWarAction>, ClanWarError> {
        Ok(crate::bot::heuristic_action(state, actor))
    }

    fn secrets(state: &ClanWarState, viewer: Viewer) -> Vec<String> {
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
}
