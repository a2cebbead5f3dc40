//! Each Three Kingdoms event as players read it: seats by name, characters and cards by the
//! names the viewer may know.

use pbp_core::engine::{Seat, words::counted};
use pbp_three_kingdoms::{CardSeen, FightResult, TargetRef, ThreeKingdomsEvent, ThreeKingdomsView};

use super::{phase, zone_name};

/// The words of one event (what [`crate::Render::event_text`] returns for Three Kingdoms).
// Long function: one arm per event, each its words: the game's vocabulary in one place.
#[allow(clippy::too_many_lines)]
pub(super) fn describe(event: &ThreeKingdomsEvent, view: &ThreeKingdomsView) -> String {
    let seat_name = |seat: &Seat| view.seat_name(*seat);
    let who = |t: &TargetRef| view.character(*t);
    let card = |c: &CardSeen| view.card_name(c).to_owned();
    let own = |seat: &Seat, instance: &u32| {
        view.instance_name(*seat, *instance)
            .unwrap_or_else(|| "a character".to_owned())
    };
    match event {
        ThreeKingdomsEvent::TurnBegan { seat, turn } => {
            format!("turn {turn}: {} begins", seat_name(seat))
        }
        ThreeKingdomsEvent::PhaseBegan { seat, phase: p } => {
            format!("{}: {}", seat_name(seat), phase(*p))
        }
        ThreeKingdomsEvent::Drew { seat } => format!("{} draws a card", seat_name(seat)),
        ThreeKingdomsEvent::DrewCard { seat, card: c } => {
            format!("{} drew {}", seat_name(seat), card(c))
        }
        ThreeKingdomsEvent::Burned { seat, card: c } => format!(
            "{}'s hand is full: {} goes to the discard pile",
            seat_name(seat),
            card(c)
        ),
        ThreeKingdomsEvent::Discarded {
            seat,
            card: c,
            resources,
        } => format!(
            "{} discards {} for {}",
            seat_name(seat),
            card(c),
            counted(*resources, "Resource point", "Resource points")
        ),
        ThreeKingdomsEvent::DiscardedAtRandom { seat, card: c } => {
            format!("{} discards {} at random", seat_name(seat), card(c))
        }
        ThreeKingdomsEvent::Played {
            seat,
            card: c,
            cost,
            target,
        } => {
            let on = target
                .map(|t| format!(" on {}", who(&t)))
                .unwrap_or_default();
            format!("{} plays {} for {cost}{on}", seat_name(seat), card(c))
        }
        ThreeKingdomsEvent::AbilityUsed {
            seat,
            character,
            strategist,
            target,
        } => {
            let on = target
                .map(|t| format!(" on {}", who(&t)))
                .unwrap_or_default();
            let which = if *strategist {
                "Strategist ability"
            } else {
                "ability"
            };
            format!(
                "{} uses its {which}{on}",
                who(&TargetRef {
                    seat: *seat,
                    card: *character
                })
            )
        }
        ThreeKingdomsEvent::EffectApplied { target, effect } => match target {
            Some(t) => format!("{}: {}", who(t), pbp_three_kingdoms::effect_text(effect)),
            None => pbp_three_kingdoms::effect_text(effect),
        },
        ThreeKingdomsEvent::Summoned {
            seat,
            card: c,
            cost,
        } => {
            format!("{} summons {} for {cost}", seat_name(seat), card(c))
        }
        ThreeKingdomsEvent::Revived {
            seat,
            card: c,
            cost,
        } => {
            format!("{} revives {} for {cost}", seat_name(seat), card(c))
        }
        ThreeKingdomsEvent::Defending { general } => {
            format!("{} activates Defend", who(general))
        }
        ThreeKingdomsEvent::LordMoved { seat, to, cost } => format!(
            "{}'s Lord moves to the {} for {cost}",
            seat_name(seat),
            zone_name(*to)
        ),
        ThreeKingdomsEvent::AttackDeclared { attacker, target } => {
            format!("{} attacks {}", who(attacker), who(target))
        }
        ThreeKingdomsEvent::AmbushFoiled { general } => format!(
            "the attack on {} is foiled: it lies in Ambush",
            who(general)
        ),
        ThreeKingdomsEvent::Intercepted { seat, with } => {
            if with.is_empty() {
                format!("{} does not intercept", seat_name(seat))
            } else {
                let list: Vec<String> = with.iter().map(|c| own(seat, c)).collect();
                format!(
                    "{} intercepts with {}",
                    seat_name(seat),
                    list.join(", then ")
                )
            }
        }
        ThreeKingdomsEvent::AmbushSprung { general, won } => {
            if *won {
                format!("{} springs its Ambush and wins", who(general))
            } else {
                format!(
                    "{} springs its Ambush but the attacker passes",
                    who(general)
                )
            }
        }
        ThreeKingdomsEvent::AmbushMet { general } => format!(
            "{} springs its Ambush against an equal cost: they fight by Strength",
            who(general)
        ),
        ThreeKingdomsEvent::Fight {
            attacker,
            defender,
            strengths,
            first_strike,
            result,
            remaining,
        } => {
            let first = first_strike
                .map(|f| format!(", {} strikes first", who(&f)))
                .unwrap_or_default();
            let verdict = match result {
                FightResult::AttackerWins => "the attacker wins",
                FightResult::DefenderWins => "the defender wins",
                FightResult::BothLose => "both fall",
            };
            format!(
                "{} ({}) fights {} ({}){first}: {verdict}, {} and {} left",
                who(attacker),
                strengths[0],
                who(defender),
                strengths[1],
                remaining[0],
                remaining[1]
            )
        }
        ThreeKingdomsEvent::Vulnerable { who: w } => format!("{} is Vulnerable", who(w)),
        ThreeKingdomsEvent::Evacuated { who: w, removed } => {
            if *removed {
                format!("{} is Evacuated and leaves the game", who(w))
            } else {
                format!("{} is Evacuated to the discard pile", who(w))
            }
        }
        ThreeKingdomsEvent::CommanderFell { seat } => format!(
            "{0}'s Commander has fallen: every General of {0} is Evacuated",
            seat_name(seat)
        ),
        ThreeKingdomsEvent::Advanced { who: w } => {
            format!("{} advances into the enemy deployment zone", who(w))
        }
        ThreeKingdomsEvent::Stopped { who: w } => {
            format!("{} is stopped by the interceptors", who(w))
        }
        ThreeKingdomsEvent::FollowUpChosen { seat, with } => match with {
            Some(g) => format!("{} follows up with {}", seat_name(seat), own(seat, g)),
            None => format!("{} does not follow up", seat_name(seat)),
        },
        ThreeKingdomsEvent::EndPhase { seat } => format!("{}'s End Phase", seat_name(seat)),
        ThreeKingdomsEvent::GameMasterActs { seat } => {
            format!(
                "the game master acts for {}, who is absent",
                seat_name(seat)
            )
        }
        ThreeKingdomsEvent::GameOver { winner, reason } => match winner {
            Some(w) => format!("{} wins: {reason}", seat_name(w)),
            None => format!("the match is a draw: {reason}"),
        },
    }
}
