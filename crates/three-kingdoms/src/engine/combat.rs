//! Combat: who may attack, be attacked or intercept, the fight itself and interceptions.

use pbp_core::engine::Seat;

use super::{Events, advance, lose, public, resolve_on_target, set_strength_zero, take_damage, tr};
use crate::cards::{CardType, Trait};
use crate::config::{AmbushTie, AmbushVisibility, StrengthTie};
use crate::model::{FightResult, ThreeKingdomsEvent};
use crate::state::{Pending, TargetRef, ThreeKingdomsState, Zone};

/// Resolves one fight; applies the damage (not the consequences of losing).
///
/// `fresh` says, for the attacker and the defender, whether the character tapped to fight
/// this very fight (to attack, intercept or follow up): it fights with its traits. A
/// character that was already tapped has none (the seed's Q&A: a tapped character's
/// abilities cannot be used, Generals' as Advisers').
pub(crate) fn fight(
    state: &mut ThreeKingdomsState,
    att: TargetRef,
    def: TargetRef,
    fresh: [bool; 2],
    events: &mut Events,
) -> FightResult {
    let sa = state.strength(att.seat, att.card);
    let sd = state.strength(def.seat, def.card);
    let assault = |t: TargetRef, fresh: bool| {
        state.has_trait(t.seat, t.card, Trait::Assault)
            && (fresh || state.character(t.seat, t.card).is_some_and(|c| !c.tapped))
    };
    let aa = assault(att, fresh[0]);
    let ad = assault(def, fresh[1]);
    let first = match (aa, ad) {
        (true, false) => Some(att),
        (false, true) => Some(def),
        (true, true) => {
            let ca = state.printed_cost(att.seat, att.card);
            let cd = state.printed_cost(def.seat, def.card);
            match ca.cmp(&cd) {
                std::cmp::Ordering::Greater => Some(att),
                std::cmp::Ordering::Less => Some(def),
                std::cmp::Ordering::Equal => None,
            }
        }
        (false, false) => None,
    };
    let result = match first {
        Some(f) => {
            let (sf, so) = if f == att { (sa, sd) } else { (sd, sa) };
            let o = if f == att { def } else { att };
            if sf >= so {
                set_strength_zero(state, o.seat, o.card);
                if f == att {
                    FightResult::AttackerWins
                } else {
                    FightResult::DefenderWins
                }
            } else {
                take_damage(state, o.seat, o.card, sf);
                set_strength_zero(state, f.seat, f.card);
                if o == att {
                    FightResult::AttackerWins
                } else {
                    FightResult::DefenderWins
                }
            }
        }
        None => {
            let result = match sa.cmp(&sd) {
                std::cmp::Ordering::Greater => FightResult::AttackerWins,
                std::cmp::Ordering::Less => FightResult::DefenderWins,
                std::cmp::Ordering::Equal => match state.rules.strength_tie {
                    StrengthTie::BothLose => FightResult::BothLose,
                    StrengthTie::DefenderWins => FightResult::DefenderWins,
                    StrengthTie::AttackerWins => FightResult::AttackerWins,
                },
            };
            match result {
                FightResult::AttackerWins => {
                    take_damage(state, att.seat, att.card, sd);
                    set_strength_zero(state, def.seat, def.card);
                }
                FightResult::DefenderWins => {
                    take_damage(state, def.seat, def.card, sa);
                    set_strength_zero(state, att.seat, att.card);
                }
                FightResult::BothLose => {
                    set_strength_zero(state, att.seat, att.card);
                    set_strength_zero(state, def.seat, def.card);
                }
            }
            result
        }
    };
    let remaining = [
        state.strength(att.seat, att.card),
        state.strength(def.seat, def.card),
    ];
    public(
        events,
        ThreeKingdomsEvent::Fight {
            attacker: att,
            defender: def,
            strengths: [sa, sd],
            first_strike: first,
            result,
            remaining,
        },
    );
    result
}

/// Whether a character may declare an attack (or a follow-up) now, on its owner's behalf.
pub(crate) fn can_attack(state: &ThreeKingdomsState, seat: Seat, card: u32) -> bool {
    able_to_attack(state, seat, card, false)
}

/// Whether a character may attack as far as the opponent can tell: [`can_attack`],
/// except that with `ambush: secret` a General whose Ambush is not revealed counts as able.
/// What both players see (whether the defender is asked to follow up) is decided by this,
/// so that it does not tell which General is in Ambush; the defender's own choices still
/// leave the Ambush General out.
pub(crate) fn seems_able_to_attack(state: &ThreeKingdomsState, seat: Seat, card: u32) -> bool {
    let secret = state.rules.ambush == AmbushVisibility::Secret;
    able_to_attack(state, seat, card, secret)
}

/// [`can_attack`], with an unrevealed Ambush left out of the check when
/// `hidden_ambush_counts_as_able`.
fn able_to_attack(
    state: &ThreeKingdomsState,
    seat: Seat,
    card: u32,
    hidden_ambush_counts_as_able: bool,
) -> bool {
    let Some(ch) = state.character(seat, card) else {
        return false;
    };
    let kind = state.card_type(seat, card);
    let placed = match kind {
        Some(CardType::General) => matches!(ch.zone, Zone::Home | Zone::Front),
        Some(CardType::Lord) => ch.zone == Zone::Home,
        _ => false,
    };
    let hidden_and_counted = hidden_ambush_counts_as_able && !ch.ambush_revealed;
    let ambush_bars = ch.ambush && !hidden_and_counted;
    placed && !ch.tapped && !ch.vulnerable && !ch.defending && !ambush_bars
}

/// Whether an enemy character may be chosen as the target of `attacker`'s attack.
pub(crate) fn can_be_attacked(
    state: &ThreeKingdomsState,
    attacker: TargetRef,
    target: TargetRef,
) -> bool {
    let Some(ch) = state.character(target.seat, target.card) else {
        return false;
    };
    if ch.defending || state.protected(target.seat, target.card) {
        return false;
    }
    let hidden_ambush = state.rules.ambush == AmbushVisibility::Secret && !ch.ambush_revealed;
    if ch.ambush && !hidden_ambush {
        return false;
    }
    match (state.card_type(target.seat, target.card), ch.zone) {
        (Some(CardType::General), _) | (Some(CardType::Lord), Zone::Home) => true,
        (Some(CardType::Lord | CardType::Adviser), Zone::Command) => {
            state.command_open(target.seat)
                && (!state.rules.command_attack_from_front
                    || state
                        .character(attacker.seat, attacker.card)
                        .is_some_and(|a| a.zone == Zone::Front))
        }
        _ => false,
    }
}

pub(crate) fn can_intercept(
    state: &ThreeKingdomsState,
    seat: Seat,
    card: u32,
    target: TargetRef,
) -> bool {
    let Some(ch) = state.character(seat, card) else {
        return false;
    };
    let kind = state.card_type(seat, card);
    matches!(kind, Some(CardType::General | CardType::Lord))
        && ch.zone == Zone::Home
        && !ch.tapped
        && !ch.vulnerable
        && !(target.seat == seat && target.card == card)
}

/// Resolves an interception: each General in `with` fights the attacker in turn.
pub(crate) fn resolve_interception(
    state: &mut ThreeKingdomsState,
    seat: Seat,
    attacker: u32,
    target: TargetRef,
    with: &[u32],
    events: &mut Events,
) {
    let att = tr(state.active, attacker);
    let mut beaten = false;
    let mut stopped = false;
    for &g in with {
        let me = tr(seat, g);
        if state.character(att.seat, att.card).is_none() {
            return;
        }
        let ambusher = state.character(seat, g).is_some_and(|c| c.ambush);
        if ambusher {
            if let Some(ch) = state.character_mut(seat, g) {
                ch.ambush = false;
                ch.ambush_revealed = true;
            }
            let ci = state.printed_cost(seat, g);
            let ca = state.printed_cost(att.seat, att.card);
            let decided = match ci.cmp(&ca) {
                std::cmp::Ordering::Greater => Some(true),
                std::cmp::Ordering::Less => Some(false),
                std::cmp::Ordering::Equal => match state.rules.ambush_cost_tie {
                    AmbushTie::Strength => None,
                    AmbushTie::Ambusher => Some(true),
                    AmbushTie::Attacker => Some(false),
                },
            };
            match decided {
                Some(true) => {
                    public(
                        events,
                        ThreeKingdomsEvent::AmbushSprung {
                            general: me,
                            won: true,
                        },
                    );
                    if let Some(ch) = state.character_mut(seat, g) {
                        ch.tapped = true;
                    }
                    set_strength_zero(state, att.seat, att.card);
                    stopped = true;
                    break;
                }
                Some(false) => {
                    public(
                        events,
                        ThreeKingdomsEvent::AmbushSprung {
                            general: me,
                            won: false,
                        },
                    );
                    continue;
                }
                None => {
                    public(events, ThreeKingdomsEvent::AmbushMet { general: me });
                }
            }
        }
        if let Some(ch) = state.character_mut(seat, g) {
            ch.tapped = true;
        }
        match fight(state, att, me, [true, true], events) {
            FightResult::AttackerWins => {
                lose(state, seat, g, events);
                beaten = true;
            }
            FightResult::DefenderWins => {
                stopped = true;
                break;
            }
            FightResult::BothLose => {
                lose(state, seat, g, events);
                stopped = true;
                break;
            }
        }
    }
    if stopped {
        public(events, ThreeKingdomsEvent::Stopped { who: att });
        let followers = state
            .player(seat)
            .field
            .iter()
            .any(|c| seems_able_to_attack(state, seat, c.card));
        if followers {
            state.pending = Some(Pending::FollowUp { attacker });
        }
    } else if beaten {
        advance(state, att, events);
    } else {
        resolve_on_target(state, att, target, events);
    }
}
