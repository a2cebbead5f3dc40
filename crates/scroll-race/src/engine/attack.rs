//! The blows: Goken, Suiken, Taijutsu, Katon and Raiton on a character or a summon.

use pbp_core::{Dice, engine::Visible};

use super::ch_mut;
use crate::engine::Events;
use crate::error::ScrollRaceError as E;
use crate::model::{CharId, ScrollRaceEvent, Target};
use crate::state::{Holder, ScrollRaceState, team_of};
use crate::technique::{Technique, chance, half_chance, quarter_chance};

/// Resolves `id`'s checked blow with `technique` at `rank` on `target`: its hit or miss and
/// its effects (a Doton shield blocking or breaking, a push or a recoil, a dropped scroll, a
/// burn, a paralysis, a summon destroyed).
pub(super) fn attack(
    state: &mut ScrollRaceState,
    id: CharId,
    technique: Technique,
    rank: u8,
    target: Target,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Result<(), E> {
    let target = match target {
        Target::Summon(square) => {
            state.summons.retain(|s| s.square != square);
            events.push(Visible::public(ScrollRaceEvent::SummonDestroyed {
                square,
                by: id,
            }));
            return Ok(());
        }
        Target::Character(t) => t,
    };
    let at = state.ch(id).square;
    let there = state.ch(target).square;
    let (dx, dy) = at.delta(there);
    if let Some(shield) = state.ch(target).doton {
        ch_mut(state, target).doton = None;
        if chance(dice, half_chance(shield))? {
            events.push(Visible::public(ScrollRaceEvent::Blocked {
                attacker: id,
                target,
            }));
            return Ok(());
        }
        events.push(Visible::public(ScrollRaceEvent::ShieldBroken { target }));
    }
    match technique {
        Technique::Goken | Technique::Suiken | Technique::Taijutsu => {
            let (move_chance, fall_chance) = match technique {
                Technique::Taijutsu => (half_chance(rank), None),
                _ => (quarter_chance(rank), Some(quarter_chance(rank))),
            };
            // Both chances are always rolled, so that neither the outcome nor the number of
            // rolls tells whether the target carried the scroll.
            let moves = chance(dice, move_chance)?;
            let falls = match fall_chance {
                Some(p) => chance(dice, p)?,
                None => false,
            };
            let mut dropped = None;
            if falls && state.carries(target) {
                let team = team_of(target);
                let t = usize::from(team);
                state.scrolls[t].holder = Holder::Ground(there);
                state.scrolls[t].last_seen = None;
                dropped = Some(ScrollRaceEvent::ScrollDropped {
                    team,
                    from: target,
                    square: there,
                });
            }
            let (mut pushed, mut recoiled) = (false, false);
            if moves {
                if technique == Technique::Suiken {
                    if let Some(back) = at.offset(-dx, -dy)
                        && state.can_be_forced(id, back)
                    {
                        ch_mut(state, id).square = back;
                        recoiled = true;
                    }
                } else if let Some(back) = there.offset(dx, dy)
                    && state.can_be_forced(target, back)
                {
                    ch_mut(state, target).square = back;
                    pushed = true;
                }
            }
            events.push(Visible::public(ScrollRaceEvent::Struck {
                attacker: id,
                target,
                technique,
                pushed,
                recoiled,
            }));
            if let Some(e) = dropped {
                events.push(Visible::public(e));
            }
        }
        Technique::Katon => {
            if chance(dice, half_chance(rank))? {
                ch_mut(state, target).burned = true;
                events.push(Visible::public(ScrollRaceEvent::Burned { target }));
            } else {
                events.push(Visible::public(ScrollRaceEvent::Missed {
                    attacker: id,
                    target,
                }));
            }
        }
        _ => {
            if chance(dice, quarter_chance(rank))? {
                ch_mut(state, target).paralysed = true;
                events.push(Visible::public(ScrollRaceEvent::Paralysed { target }));
            } else {
                events.push(Visible::public(ScrollRaceEvent::Missed {
                    attacker: id,
                    target,
                }));
            }
        }
    }
    Ok(())
}
