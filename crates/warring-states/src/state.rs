//! The state and its derived quantities: caps, costs, reach, kingdoms, victory.

use std::collections::BTreeMap;
use std::sync::Arc;

use pbp_core::engine::{Outcome, Seat};
use serde::{Deserialize, Serialize};

use crate::config::{Colour, Rules, School};
use crate::error::JoinRefusal;
use crate::map::{Link, Map, StateId};
use crate::model::{GeneralId, OrderSheet, Player};

/// The whole game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WarringStatesState {
    /// The map. The default map is left out of the state's JSON (a state without `map` is on
    /// the default map).
    #[serde(default = "Map::standard", skip_serializing_if = "Map::is_standard")]
    pub map: Arc<Map>,
    /// The rules.
    pub rules: Rules,
    /// The current turn, from 1.
    pub turn: u32,
    /// Each state's holder (`None`: independent).
    pub holders: Vec<Option<Seat>>,
    /// Each state's rice output.
    pub output: Vec<u8>,
    /// The players by seat.
    pub players: Vec<Player>,
    /// This turn's sealed order sheets.
    pub sheets: BTreeMap<Seat, OrderSheet>,
    /// Colours taken so far (a colour is never taken twice).
    pub used_colours: Vec<Colour>,
    /// The next general's id.
    pub next_general: GeneralId,
    /// The outcome, once the game is over.
    pub outcome: Option<Outcome>,
}

impl WarringStatesState {
    /// The player at `seat`.
    pub fn player(&self, seat: Seat) -> Option<&Player> {
        self.players.get(usize::from(seat.0))
    }

    pub(crate) fn player_mut(&mut self, seat: Seat) -> Option<&mut Player> {
        self.players.get_mut(usize::from(seat.0))
    }

    /// How people call a seat: the player's name and colour, "Plainsfox (Yellow)"; "seat N"
    /// only for a seat nobody has taken.
    pub fn seat_name(&self, seat: Seat) -> String {
        match self.player(seat) {
            Some(p) => format!("{} ({})", p.name, p.colour.label()),
            None => format!("seat {seat}"),
        }
    }

    /// The seat a player is called by in a game master's command: its number, its colour or
    /// its player's name (case-insensitive).
    pub fn find_seat(&self, text: &str) -> Option<Seat> {
        let t = text.trim();
        if let Ok(n) = t.parse::<u16>() {
            return (usize::from(n) < self.players.len()).then_some(Seat(n));
        }
        let colour = Colour::parse(t);
        self.players
            .iter()
            .position(|p| Some(p.colour) == colour || p.name.eq_ignore_ascii_case(t))
            .map(|i| Seat(i as u16))
    }

    /// Seats still in the game.
    pub fn active_seats(&self) -> Vec<Seat> {
        self.players
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.eliminated)
            .map(|(i, _)| Seat(i as u16))
            .collect()
    }

    /// Whether `seat` holds `state`.
    pub fn holds(&self, seat: Seat, state: StateId) -> bool {
        self.holders.get(usize::from(state)) == Some(&Some(seat))
    }

    /// The states `seat` holds, ascending.
    pub fn holdings(&self, seat: Seat) -> Vec<StateId> {
        self.holders
            .iter()
            .enumerate()
            .filter(|(_, h)| **h == Some(seat))
            .map(|(i, _)| i as StateId)
            .collect()
    }

    /// A state's output.
    pub fn output_of(&self, state: StateId) -> u8 {
        self.output.get(usize::from(state)).copied().unwrap_or(0)
    }

    /// Whether a state is devastated (output 0).
    pub fn devastated(&self, state: StateId) -> bool {
        self.output_of(state) == 0
    }

    /// The general cap of `seat`: 5, +2 Kingdom, +2 holding the capital, +2 Legalist or
    /// Militarist.
    pub fn general_cap(&self, seat: Seat) -> u32 {
        let Some(p) = self.player(seat) else {
            return 0;
        };
        let mut cap = self.rules.general_cap;
        if p.kingdom.is_some() {
            cap = cap.saturating_add(2);
        }
        if self.holds(seat, self.map.capital) {
            cap = cap.saturating_add(2);
        }
        if matches!(p.school, School::Legalist | School::Militarist) {
            cap = cap.saturating_add(2);
        }
        cap
    }

    /// Rice per +1 output when `seat` invests in `state`: the base, 1 less for a Confucian, 1
    /// less for a river-adjacent state (never below 1).
    pub fn invest_cost(&self, seat: Seat, state: StateId) -> u32 {
        let mut cost = self.rules.invest_base;
        if self
            .player(seat)
            .is_some_and(|p| p.school == School::Confucian)
        {
            cost = cost.saturating_sub(1);
        }
        if self.map.province(state).is_some_and(|p| p.river) {
            cost = cost.saturating_sub(1);
        }
        cost.max(1)
    }

    /// The most output points `seat` can buy in `state` with `rice` (as many whole points as
    /// the Rice pays for, up to the output cap), with the cost of one; `None` if not one.
    pub(crate) fn affordable_investment(
        &self,
        seat: Seat,
        state: StateId,
        rice: u32,
    ) -> Option<(u32, u32)> {
        let cost = self.invest_cost(seat, state);
        let room = u32::from(self.rules.max_output.saturating_sub(self.output_of(state)));
        let points = (rice / cost).min(room);
        (points > 0).then_some((points, cost))
    }

    /// Rice per recruited general for `seat` (Confucian 1 less, never below 1).
    pub fn recruit_cost(&self, seat: Seat) -> u32 {
        let mut cost = self.rules.recruit_cost;
        if self
            .player(seat)
            .is_some_and(|p| p.school == School::Confucian)
        {
            cost = cost.saturating_sub(1);
        }
        cost.max(1)
    }

    /// The states `seat` holds from which an attack may be launched (not devastated).
    pub fn bases(&self, seat: Seat) -> Vec<StateId> {
        self.holdings(seat)
            .into_iter()
            .filter(|&s| !self.devastated(s))
            .collect()
    }

    /// Whether `seat` may attack `target`: not its own, and bordering one of its bases (the
    /// map's links are symmetric, so the target's neighbours are the states it borders).
    pub fn can_attack(&self, seat: Seat, target: StateId) -> bool {
        usize::from(target) < self.map.len()
            && !self.holds(seat, target)
            && self.map.provinces[usize::from(target)]
                .neighbours
                .iter()
                .any(|&(b, _)| self.holds(seat, b) && !self.devastated(b))
    }

    /// Every state `seat` may attack, ascending.
    pub fn targets(&self, seat: Seat) -> Vec<StateId> {
        let mut reach = vec![false; self.map.len()];
        for (i, h) in self.holders.iter().enumerate() {
            if *h == Some(seat) && self.output[i] > 0 {
                for &(n, _) in &self.map.provinces[i].neighbours {
                    reach[usize::from(n)] = true;
                }
            }
        }
        reach
            .iter()
            .enumerate()
            .filter(|&(t, &r)| r && self.holders[t] != Some(seat))
            .map(|(t, _)| t as StateId)
            .collect()
    }

    /// Whether an attack of `seat` on `target` comes across the river: the target is
    /// river-adjacent and `seat` has no base bordering it by land on its own bank.
    pub fn across_river(&self, seat: Seat, target: StateId) -> bool {
        self.across_river_with(seat, target, |n| !self.devastated(n))
    }

    /// [`across_river`](Self::across_river) with `launches` saying which held states count
    /// as bases (the turn's battles use the bases at the start of the turn: a devastated state
    /// invested in this turn launches attacks only from the next turn).
    pub(crate) fn across_river_with(
        &self,
        seat: Seat,
        target: StateId,
        launches: impl Fn(StateId) -> bool,
    ) -> bool {
        let Some(p) = self.map.province(target) else {
            return false;
        };
        p.river
            && !p
                .neighbours
                .iter()
                .any(|&(n, link)| link == Link::Land && self.holds(seat, n) && launches(n))
    }

    /// Whether `seat` may declare a Kingdom around `state`: a KINGDOM-type state it holds with
    /// at least four held neighbours.
    pub fn kingdom_ready(&self, seat: Seat, state: StateId) -> bool {
        let Some(p) = self.map.province(state) else {
            return false;
        };
        p.kingdom
            && self.holds(seat, state)
            && p.neighbours
                .iter()
                .filter(|&&(n, _)| self.holds(seat, n))
                .count() as u32
                >= self.rules.kingdom_neighbours
    }

    /// KINGDOM-type states (the capital included) held by `seat`.
    pub fn kingdom_states_held(&self, seat: Seat) -> u32 {
        self.map
            .kingdom_states()
            .filter(|&k| self.holds(seat, k))
            .count() as u32
    }

    /// Rice `seat` gains at the end of a turn: outputs, +5 Kingdom, +5 Legalist per
    /// KINGDOM-type state after the first.
    pub fn income(&self, seat: Seat) -> u32 {
        let Some(p) = self.player(seat) else {
            return 0;
        };
        let mut income: u32 = self
            .holdings(seat)
            .into_iter()
            .map(|s| u32::from(self.output_of(s)))
            .fold(0_u32, u32::saturating_add);
        if p.kingdom.is_some() {
            income = income.saturating_add(self.rules.kingdom_bonus);
        }
        if p.school == School::Legalist {
            income = income.saturating_add(
                self.rules
                    .legalist_bonus
                    .saturating_mul(self.kingdom_states_held(seat).saturating_sub(1)),
            );
        }
        income
    }

    /// Whether `seat` meets the Imperial victory: a Kingdom holding the capital and six other
    /// KINGDOM-type states, its dominion contiguous.
    pub fn imperial(&self, seat: Seat) -> bool {
        let Some(p) = self.player(seat) else {
            return false;
        };
        let capital = self.map.capital;
        !p.eliminated
            && p.kingdom.is_some()
            && self.holds(seat, capital)
            && self
                .map
                .kingdom_states()
                .filter(|&k| k != capital && self.holds(seat, k))
                .count() as u32
                >= self.rules.imperial_kingdoms
            && self.map.connected(&self.holdings(seat))
    }

    /// Whether players may join now.
    pub fn joining_open(&self) -> bool {
        self.outcome.is_none() && self.turn <= self.rules.last_join_turn
    }

    /// Rice of a player joining now: `10 + 2 * turn - 2` by default.
    pub fn join_rice(&self) -> u32 {
        self.rules
            .starting_rice
            .saturating_add(self.rules.join_bonus.saturating_mul(self.turn))
            .saturating_sub(self.rules.join_bonus)
    }

    /// Whether a joining player may start in `state`: independent, not the capital, and not
    /// bordering a player who has already sent this turn's orders.
    pub fn join_allowed(&self, state: StateId) -> Result<(), JoinRefusal> {
        let Some(p) = self.map.province(state) else {
            return Err(JoinRefusal::NoSuchState);
        };
        match self.join_bar(state) {
            None => Ok(()),
            Some(JoinBar::Capital) => Err(JoinRefusal::OffLimits(p.name.to_string())),
            Some(JoinBar::Held) => Err(JoinRefusal::NotIndependent(p.name.to_string())),
            Some(JoinBar::Borders(n, h)) => Err(JoinRefusal::Borders {
                state: p.name.to_string(),
                neighbour: self.map.name(n).to_string(),
                holder: self.seat_name(h),
            }),
        }
    }

    /// Whether a joining player may start in `state`, as [`join_allowed`](Self::join_allowed)
    /// says, without writing out the reason.
    pub(crate) fn may_join_at(&self, state: StateId) -> bool {
        self.map.province(state).is_some() && self.join_bar(state).is_none()
    }

    /// What bars a joining player from a state of the map, if anything.
    fn join_bar(&self, state: StateId) -> Option<JoinBar> {
        let p = self.map.province(state)?;
        if state == self.map.capital {
            return Some(JoinBar::Capital);
        }
        if self.holders[usize::from(state)].is_some() {
            return Some(JoinBar::Held);
        }
        p.neighbours.iter().find_map(|&(n, _)| {
            self.holders[usize::from(n)]
                .filter(|h| self.sheets.contains_key(h))
                .map(|h| JoinBar::Borders(n, h))
        })
    }
}

/// Why a joining player may not start in a state.
enum JoinBar {
    /// The imperial capital.
    Capital,
    /// A player holds it.
    Held,
    /// It borders this state, held by this player, who has already sent orders this turn.
    Borders(StateId, Seat),
}
