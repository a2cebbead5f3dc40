//! The words of Warring States: how states, players and generals are named, and each event and
//! order sheet as players read it (the text, the post and the event lines share them).

use std::collections::BTreeMap;

use pbp_core::{Coin, engine::Seat};
use pbp_warring_states::{
    Battle, Colour, Force, GainReason, Map, Order, School, WarringStatesEvent, WarringStatesView,
};

/// The fill used for a colour on the map.
pub(super) fn hex(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "#d62728",
        Colour::Yellow => "#e8c547",
        Colour::Green => "#2ca02c",
        Colour::Cyan => "#17becf",
        Colour::Orange => "#ff7f0e",
        Colour::Silver => "#b8b8c8",
        Colour::Purple => "#9467bd",
        Colour::White => "#ffffff",
        Colour::Teal => "#008080",
        Colour::Pink => "#e377c2",
        Colour::Blue => "#1f77b4",
        Colour::Grey => "#7f7f7f",
    }
}

pub(super) fn school(s: School) -> &'static str {
    match s {
        School::Legalist => "Legalist",
        School::Taoist => "Taoist",
        School::Confucian => "Confucian",
        School::Mohist => "Mohist",
        School::Militarist => "Militarist",
    }
}

/// Names states, players and generals as the readers know them: a state by its name, a player
/// by name and colour ("Plainsfox (Yellow)"), a general by name.
pub(super) struct Names<'a> {
    map: Option<&'a Map>,
    players: Option<&'a WarringStatesView>,
    /// Generals named in the events being written, who may have died or left since.
    recalled: BTreeMap<u32, String>,
}

impl<'a> Names<'a> {
    /// Names from a view (its map and players).
    pub(super) fn of(view: &'a WarringStatesView) -> Self {
        Names {
            map: Some(&view.map),
            players: Some(view),
            recalled: BTreeMap::new(),
        }
    }

    /// Remembers the generals an event names, for the events after it.
    pub(super) fn recall(&mut self, event: &WarringStatesEvent) {
        match event {
            WarringStatesEvent::Battle(b) => {
                for g in b.attack.generals.iter().chain(&b.defence.generals) {
                    self.recalled.insert(g.id, g.name.clone());
                }
            }
            WarringStatesEvent::Sealed(s) | WarringStatesEvent::Revealed(s) => {
                for (id, name) in &s.names {
                    self.recalled.insert(*id, name.clone());
                }
            }
            WarringStatesEvent::GeneralJoined { general, .. }
            | WarringStatesEvent::Dismissed { general, .. } => {
                self.recalled.insert(general.id, general.name.clone());
            }
            _ => {}
        }
    }

    pub(super) fn state(&self, id: u16) -> String {
        // A view read back from JSON has no map: the state's number is all there is then.
        match self.map.and_then(|m| m.province(id)) {
            Some(p) => p.name.clone(),
            None => format!("state {id}"),
        }
    }

    pub(super) fn seat(&self, seat: Seat) -> String {
        match self.players.and_then(|s| s.player(seat)) {
            Some(p) => format!("{} ({})", p.name, p.colour.label()),
            None => format!("seat {seat}"),
        }
    }

    pub(super) fn general(&self, id: u32) -> String {
        self.players
            .and_then(|s| {
                s.players
                    .iter()
                    .flat_map(|p| p.generals.iter())
                    .find(|g| g.id == id)
            })
            .map(|g| g.name.clone())
            .or_else(|| self.recalled.get(&id).cloned())
            .unwrap_or_else(|| "a general who has left".to_owned())
    }

    pub(super) fn holder(&self, seat: Option<Seat>) -> String {
        seat.map_or_else(|| "the independents".to_owned(), |s| self.seat(s))
    }
}

fn coin(c: Coin) -> &'static str {
    match c {
        Coin::Heads => "heads",
        Coin::Tails => "tails",
    }
}

fn force(f: &Force, attacking: bool) -> String {
    let mut parts = vec![format!("{} rice", f.rice), format!("roll {}", f.roll)];
    for g in &f.generals {
        let t = g
            .r#trait
            .map_or(String::new(), |t| format!("{} ", t.name()));
        parts.push(format!("{t}General {} +{}", g.name, g.bonus));
    }
    if f.mohist > 0 {
        parts.push(format!("Mohist +{}", f.mohist));
    }
    if f.river > 0 && !attacking {
        parts.push(format!("river +{}", f.river));
    }
    format!("{} = {}", parts.join(" + "), f.total)
}

fn battle(names: &Names<'_>, b: &Battle) -> String {
    format!(
        "{} attacks {} ({}){}: {} against {}: {}",
        names.seat(b.attacker),
        names.state(b.target),
        names.holder(b.defender),
        if b.across_river {
            ", across the river"
        } else {
            ""
        },
        force(&b.attack, true),
        force(&b.defence, false),
        if b.attacker_won {
            "the attack wins"
        } else {
            "the defence holds"
        }
    )
}

pub(super) fn order_text(names: &Names<'_>, order: &Order) -> String {
    let gens = |g: &[u32]| {
        if g.is_empty() {
            String::new()
        } else {
            let list: Vec<String> = g.iter().map(|id| names.general(*id)).collect();
            format!(" with {}", list.join(", "))
        }
    };
    match order {
        Order::Defense {
            state,
            rice,
            generals,
        } => format!(
            "{rice} Rice for Defense of {}{}",
            names.state(*state),
            gens(generals)
        ),
        Order::Invest { state, rice } => {
            format!("{rice} Rice for Investing of {}", names.state(*state))
        }
        Order::Conquest {
            state,
            rice,
            generals,
        } => format!(
            "{rice} Rice for Conquest of {}{}",
            names.state(*state),
            gens(generals)
        ),
        Order::Recruit { count: 1 } => "Recruit 1 General".to_owned(),
        Order::Recruit { count } => format!("Recruit {count} Generals"),
        Order::Dismiss { general } => format!("Dismiss General {}", names.general(*general)),
        Order::DeclareKingdom { state } => format!("Declare Kingdom of {}", names.state(*state)),
    }
}

// Long function: one arm per event, each its words: the game's vocabulary in one place.
#[allow(clippy::too_many_lines)]
pub(super) fn describe(names: &Names<'_>, event: &WarringStatesEvent) -> String {
    match event {
        WarringStatesEvent::Joined {
            name,
            state,
            colour,
            school: s,
            rice,
            ..
        } => format!(
            "{name} ({}) joins in {} as a {} player, with {rice} rice",
            colour.label(),
            names.state(*state),
            school(*s),
        ),
        WarringStatesEvent::GeneralJoined {
            seat,
            general,
            reason,
        } => {
            let why = match reason {
                GainReason::Start => "starting general".to_owned(),
                GainReason::Recruited => "recruited".to_owned(),
                GainReason::TurnGift => "the turn's new general".to_owned(),
                GainReason::Militarist => "Militarist's general".to_owned(),
                GainReason::Dismissed { from } => format!("dismissed by {}", names.seat(*from)),
                GainReason::Inherited { from } => {
                    format!("from the fallen {}", names.seat(*from))
                }
            };
            let t = general
                .r#trait
                .map_or("no trait".to_owned(), |t| t.name().to_owned());
            format!(
                "{} gains General {} ({t}, skill {}): {why}",
                names.seat(*seat),
                general.name,
                general.skill
            )
        }
        WarringStatesEvent::Submitted { seat } => format!("{} sent orders", names.seat(*seat)),
        WarringStatesEvent::Sealed(s) | WarringStatesEvent::Revealed(s) => {
            let orders: Vec<String> = s
                .sheet
                .orders
                .iter()
                .map(|o| order_text(names, o))
                .collect();
            format!(
                "orders of {}: {}",
                names.seat(s.seat),
                if orders.is_empty() {
                    "none".to_owned()
                } else {
                    orders.join("; ")
                }
            )
        }
        WarringStatesEvent::TurnClosed { missing } => {
            if missing.is_empty() {
                "the game master closes the turn".to_owned()
            } else {
                let m: Vec<String> = missing.iter().map(|s| names.seat(*s)).collect();
                format!(
                    "the game master closes the turn; no orders from {}",
                    m.join(", ")
                )
            }
        }
        WarringStatesEvent::Dismissed {
            seat,
            general,
            coin: toss,
            joined,
        } => format!(
            "{} dismisses General {}: {}, {}",
            names.seat(*seat),
            general.name,
            coin(*toss),
            joined.map_or("the general vanishes".to_owned(), |s| format!(
                "the general joins {}",
                names.seat(s)
            ))
        ),
        WarringStatesEvent::Invested {
            seat,
            state,
            rice,
            gain,
            output,
        } => format!(
            "{} invests {rice} rice in {}: +{gain}, now yields {output}",
            names.seat(*seat),
            names.state(*state)
        ),
        WarringStatesEvent::Battle(b) => battle(names, b),
        WarringStatesEvent::Conquered {
            state,
            from,
            to,
            walkover,
            tie_break,
            pillage,
            output,
        } => {
            let how = if *walkover {
                " walks into the undefended"
            } else {
                " conquers"
            };
            let tie = tie_break.map_or(String::new(), |t| {
                format!(" (equal attacks: the toss picks attack {t})")
            });
            format!(
                "{}{how} {} from {}{tie}; pillage -{pillage}, it yields {output}{}",
                names.seat(*to),
                names.state(*state),
                names.holder(*from),
                if *output == 0 { " (devastated)" } else { "" }
            )
        }
        WarringStatesEvent::GeneralFate {
            seat,
            name,
            tosses,
            died,
            ..
        } => format!(
            "General {name} of {}: {}: {}",
            names.seat(*seat),
            tosses
                .iter()
                .map(|c| coin(*c))
                .collect::<Vec<_>>()
                .join(" then "),
            if *died {
                "killed in action"
            } else {
                "survives"
            }
        ),
        WarringStatesEvent::Eliminated { seat, by } => {
            let by: Vec<String> = by.iter().map(|s| names.seat(*s)).collect();
            if by.is_empty() {
                format!("{} is eliminated", names.seat(*seat))
            } else {
                format!("{} is eliminated by {}", names.seat(*seat), by.join(", "))
            }
        }
        WarringStatesEvent::GeneralLost { seat, name, .. } => {
            format!("General {name} of {} leaves the game", names.seat(*seat))
        }
        WarringStatesEvent::Refunded { seat, rice } => format!(
            "{} gets {rice} rice back: no room under the general cap",
            names.seat(*seat)
        ),
        WarringStatesEvent::NoOrders { seat } => format!(
            "the game master records no orders for {}, who is absent",
            names.seat(*seat)
        ),
        WarringStatesEvent::KingdomFailed { seat, state } => format!(
            "{} cannot proclaim the Kingdom of {}: after the battles it no longer holds it and four states around it",
            names.seat(*seat),
            names.state(*state)
        ),
        WarringStatesEvent::Kingdom { seat, state } => format!(
            "{} declares the Kingdom of {}",
            names.seat(*seat),
            names.state(*state)
        ),
        WarringStatesEvent::Regrew { state } => {
            format!("devastated {} regrows to 1", names.state(*state))
        }
        WarringStatesEvent::Income { seat, gained, rice } => {
            format!("{} gains {gained} rice, now {rice}", names.seat(*seat))
        }
        WarringStatesEvent::TurnBegan { turn } => format!("turn {turn} begins"),
        WarringStatesEvent::GameOver(o) => format!("the game is over: {}", o.reason),
    }
}
