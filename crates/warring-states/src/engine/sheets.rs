//! Order sheets checked against the rules before they are sealed (the same check refuses a post,
//! filters the generated representative sheets of `legal.rs` and guards the bot).

use pbp_core::engine::Seat;

use crate::error::Refusal;
use crate::map::StateId;
use crate::model::{GeneralId, Order, OrderSheet, Player};
use crate::state::WarringStatesState;

/// The most generals one conquest or defence may take.
pub const GENERALS_PER_ORDER: usize = 3;

impl Order {
    /// Rice this order spends (recruits at `recruit_cost` each).
    pub fn rice(&self, recruit_cost: u32) -> u32 {
        match self {
            Order::Defense { rice, .. }
            | Order::Invest { rice, .. }
            | Order::Conquest { rice, .. } => *rice,
            Order::Recruit { count } => count.saturating_mul(recruit_cost),
            Order::Dismiss { .. } | Order::DeclareKingdom { .. } => 0,
        }
    }

    /// The generals this order sends.
    pub fn generals(&self) -> &[GeneralId] {
        match self {
            Order::Defense { generals, .. } | Order::Conquest { generals, .. } => generals,
            _ => &[],
        }
    }
}

impl OrderSheet {
    /// Rice the sheet spends for `seat` in `state`.
    pub fn total(&self, state: &WarringStatesState, seat: Seat) -> u32 {
        let cost = state.recruit_cost(seat);
        self.orders
            .iter()
            .fold(0_u32, |t, o| t.saturating_add(o.rice(cost)))
    }
}

/// Checks `sheet` as `seat`'s orders now. Returns every problem: the index of the order (or
/// `None` for the sheet as a whole) and the refusal. Empty means the sheet is legal. Each kind
/// of order has its check; what the orders before it took (generals, states, recruits) is
/// carried from one to the next.
pub fn check_sheet(
    state: &WarringStatesState,
    seat: Seat,
    sheet: &OrderSheet,
) -> Vec<(Option<usize>, Refusal)> {
    let mut problems: Vec<(Option<usize>, Refusal)> = Vec::new();
    let Some(player) = state.player(seat) else {
        return vec![(None, Refusal::NotInGame(seat))];
    };
    if player.eliminated {
        return vec![(None, Refusal::Eliminated(state.seat_name(seat)))];
    }
    if sheet.turn != state.turn {
        problems.push((
            None,
            Refusal::WrongTurn {
                sheet: sheet.turn,
                now: state.turn,
            },
        ));
    }
    // No legal sheet is longer: a defence, an investment and a conquest per state, plus
    // recruits, dismissals and a declaration.
    let longest = 3 * state.map.len() + 64;
    if sheet.orders.len() > longest {
        return vec![(None, Refusal::TooLong(longest))];
    }
    let dismissed: Vec<GeneralId> = sheet
        .orders
        .iter()
        .filter_map(|o| match o {
            Order::Dismiss { general } => Some(*general),
            _ => None,
        })
        .collect();
    let mut sheet_check = SheetCheck {
        state,
        seat,
        player,
        dismissed,
        used: Vec::new(),
        defended: Vec::new(),
        invested: Vec::new(),
        attacked: Vec::new(),
        dismissed_seen: Vec::new(),
        recruits: 0,
        declared: false,
    };
    let mut spent = 0_u64;
    let recruit_cost = state.recruit_cost(seat);
    for (i, order) in sheet.orders.iter().enumerate() {
        let mut bad = |reason: Refusal| problems.push((Some(i), reason));
        let checked = match order {
            Order::Defense {
                state: s,
                rice,
                generals,
            } => sheet_check.force(false, *s, *rice, generals, &mut bad),
            Order::Conquest {
                state: s,
                rice,
                generals,
            } => sheet_check.force(true, *s, *rice, generals, &mut bad),
            Order::Invest { state: s, rice } => sheet_check.invest(*s, *rice, &mut bad),
            Order::Recruit { count } => sheet_check.recruit(*count, &mut bad),
            Order::Dismiss { general } => sheet_check.dismiss(*general, &mut bad),
            Order::DeclareKingdom { state: s } => sheet_check.declare(*s, &mut bad),
        };
        if !checked {
            continue;
        }
        let cost = order.rice(recruit_cost);
        spent += u64::from(cost);
        if cost > 0 && spent > u64::from(player.rice) {
            problems.push((
                Some(i),
                Refusal::Overspending {
                    spent,
                    rice: player.rice,
                },
            ));
        }
    }
    problems
}

/// A sheet being checked: the player, and what the orders checked so far took.
struct SheetCheck<'a> {
    state: &'a WarringStatesState,
    seat: Seat,
    player: &'a Player,
    /// Every general the sheet dismisses.
    dismissed: Vec<GeneralId>,
    used: Vec<GeneralId>,
    defended: Vec<StateId>,
    invested: Vec<StateId>,
    attacked: Vec<StateId>,
    dismissed_seen: Vec<GeneralId>,
    recruits: u32,
    declared: bool,
}

/// Where a check puts each problem of its order.
type Bad<'b> = dyn FnMut(Refusal) + 'b;

impl SheetCheck<'_> {
    fn valid_state(&self, s: StateId) -> bool {
        usize::from(s) < self.state.map.len()
    }

    fn name(&self, s: StateId) -> String {
        self.state.map.name(s).to_owned()
    }

    fn owns(&self, g: GeneralId) -> bool {
        self.player.generals.iter().any(|x| x.id == g)
    }

    /// A defence (`attack` false) or a conquest of `s`: rice for its generals, generals the
    /// player has free, a state held (defence) or in reach (conquest), once each. `false` when
    /// `s` is no state (nothing more is checked of the order).
    fn force(
        &mut self,
        attack: bool,
        s: StateId,
        rice: u32,
        generals: &[GeneralId],
        bad: &mut Bad<'_>,
    ) -> bool {
        let state = self.state;
        let seat = self.seat;
        if !self.valid_state(s) {
            bad(Refusal::NoSuchState);
            return false;
        }
        if rice == 0 {
            bad(Refusal::NoRice);
        }
        if generals.len() > GENERALS_PER_ORDER {
            bad(Refusal::TooManyGenerals);
        }
        if (rice as usize) < generals.len() {
            bad(Refusal::RiceForGenerals(generals.len()));
        }
        for &g in generals {
            let who = || general_name(state, g);
            if !self.owns(g) {
                bad(Refusal::NotYours(who()));
            } else if self.used.contains(&g) {
                bad(Refusal::OnAnotherTask(who()));
            } else if self.dismissed.contains(&g) {
                bad(Refusal::BeingDismissed(who()));
            }
            self.used.push(g);
        }
        if attack {
            if state.holds(seat, s) {
                bad(Refusal::AlreadyHold(self.name(s)));
            } else if !state.can_attack(seat, s) {
                bad(Refusal::NoBorder(self.name(s)));
            }
            if self.attacked.contains(&s) {
                bad(Refusal::AttackedTwice(self.name(s)));
            }
            self.attacked.push(s);
        } else {
            if !state.holds(seat, s) {
                bad(Refusal::DoNotHold(self.name(s)));
            }
            if self.defended.contains(&s) {
                bad(Refusal::DefendedTwice(self.name(s)));
            }
            self.defended.push(s);
        }
        true
    }

    /// An investment in `s`: a state held, once, whole steps of output up to the most a state
    /// yields. `false` when `s` is no state.
    fn invest(&mut self, s: StateId, rice: u32, bad: &mut Bad<'_>) -> bool {
        let state = self.state;
        let seat = self.seat;
        if !self.valid_state(s) {
            bad(Refusal::NoSuchState);
            return false;
        }
        if !state.holds(seat, s) {
            bad(Refusal::DoNotHold(self.name(s)));
        }
        if self.invested.contains(&s) {
            bad(Refusal::InvestedTwice(self.name(s)));
        }
        self.invested.push(s);
        let cost = state.invest_cost(seat, s);
        if rice == 0 {
            bad(Refusal::NoRice);
        } else if !rice.is_multiple_of(cost) {
            bad(Refusal::PartialInvestment {
                state: self.name(s),
                cost,
            });
        } else {
            let gain = rice / cost;
            let now = u32::from(state.output_of(s));
            let max = u32::from(state.rules.max_output);
            if now.saturating_add(gain) > max {
                bad(Refusal::OutputCap {
                    state: self.name(s),
                    now,
                    gain,
                    max,
                });
            }
        }
        true
    }

    /// Recruits: at least one, within the turn's limit and the player's cap of generals.
    fn recruit(&mut self, count: u32, bad: &mut Bad<'_>) -> bool {
        let state = self.state;
        if count == 0 {
            bad(Refusal::NoRecruit);
        }
        self.recruits = self.recruits.saturating_add(count);
        if self.recruits > state.rules.max_recruits {
            bad(Refusal::RecruitLimit(state.rules.max_recruits));
        }
        let after = ((self.player.generals.len() - dismissed_count(&self.dismissed, self.player))
            as u32)
            .saturating_add(self.recruits);
        let cap = state.general_cap(self.seat);
        if after > cap {
            bad(Refusal::GeneralCap { after, cap });
        }
        true
    }

    /// A dismissal: one of the player's generals, once.
    fn dismiss(&mut self, general: GeneralId, bad: &mut Bad<'_>) -> bool {
        let who = || general_name(self.state, general);
        if !self.owns(general) {
            bad(Refusal::NotYours(who()));
        }
        if self.dismissed_seen.contains(&general) {
            bad(Refusal::DismissedTwice(who()));
        }
        self.dismissed_seen.push(general);
        true
    }

    /// A Kingdom declared at `s`: once, by a player not yet a Kingdom, at a state that
    /// qualifies. `false` when `s` is no state.
    fn declare(&mut self, s: StateId, bad: &mut Bad<'_>) -> bool {
        let state = self.state;
        if !self.valid_state(s) {
            bad(Refusal::NoSuchState);
            return false;
        }
        if self.player.kingdom.is_some() {
            bad(Refusal::AlreadyKingdom);
        } else if self.declared {
            bad(Refusal::DeclaredOnce);
        } else if !state.kingdom_ready(self.seat, s) {
            bad(Refusal::KingdomNotReady {
                neighbours: state.rules.kingdom_neighbours,
                state: self.name(s),
            });
        }
        self.declared = true;
        true
    }
}

fn dismissed_count(dismissed: &[GeneralId], player: &Player) -> usize {
    player
        .generals
        .iter()
        .filter(|g| dismissed.contains(&g.id))
        .count()
}

/// A general as people call it, "General Sun Ce"; a number that is nobody's general (a sheet
/// built by hand) is "an unknown general".
fn general_name(state: &WarringStatesState, id: GeneralId) -> String {
    state
        .players
        .iter()
        .flat_map(|p| p.generals.iter())
        .find(|g| g.id == id)
        .map_or_else(
            || format!("an unknown general (number {id})"),
            |g| format!("General {}", g.name),
        )
}
