//! Techniques resolved: the enemy Genjutsu that may cancel one, then each technique's effect.

use pbp_core::{
    Dice,
    engine::{Audience, Seat, Visible},
    pick,
};

use super::attack::attack;
use super::movement::{arrive, walk};
use super::{ch_mut, consume, skill_mut};
use crate::config::{GenjutsuScope, SuitonReading};
use crate::engine::{Events, Mode, audience_for, own};
use crate::error::ScrollRaceError as E;
use crate::field::{Dir, TEAM_SIZE};
use crate::model::{CharId, ScrollRaceEvent, Use};
use crate::state::{Genjutsu, Holder, ScrollRaceState, Sensing, Summon, Trap, TrapKind, team_of};
use crate::technique::{Technique, chance, half_chance, quarter_chance};

/// Rolls the oldest enemy Genjutsu against `id`'s technique; returns whether it cancels it.
///
/// A secret technique (Passe, Genjutsu, Fuinjutsu: the orders sent to the organiser by
/// private message) does not wake an enemy Genjutsu, which waits for the next technique
/// shown on the thread: were it rolled, its team would learn from the Genjutsu's end that a
/// secret technique was used, and, from a character without those talents, an unspotted
/// pass and the new carrier.
///
/// The check draws its die (one d100) for every open technique of a team whose enemy has
/// the Genjutsu talent, whether or not a Genjutsu waits: where none does, the die is drawn
/// and set aside. A waiting Genjutsu is the enemy's secret, and a check drawn only when one
/// waits would move the dice of every later roll of the step (a Doton's, the technique's
/// own), so that the public outcome of an open roll, and the count of dice a forum's roller
/// is asked for, would tell the secret (issue 27). Talents are public, so whether the die is
/// drawn tells nothing; a team without the talent can hold no Genjutsu and draws none.
pub(super) fn genjutsu_cancels(
    state: &mut ScrollRaceState,
    id: CharId,
    technique: Technique,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Result<bool, E> {
    if technique.is_secret() {
        return Ok(false);
    }
    if technique.is_free() && state.config.genjutsu_scope == GenjutsuScope::TalentsOnly {
        return Ok(false);
    }
    let team = team_of(id);
    let Some(i) = state.genjutsu.iter().position(|g| g.team != team) else {
        if has_genjutsu_talent(state, 1 - team) {
            // The die a waiting Genjutsu would have rolled, set aside (see above).
            dice.roll(100)?;
        }
        return Ok(false);
    };
    let genjutsu = state.genjutsu.remove(i);
    if chance(dice, quarter_chance(genjutsu.rank))? {
        events.push(Visible::public(ScrollRaceEvent::GenjutsuCancelled {
            genjutsu,
            character: id,
            technique,
        }));
        Ok(true)
    } else {
        events.push(Visible {
            audience: own(genjutsu.team),
            event: ScrollRaceEvent::GenjutsuSpent(genjutsu),
        });
        Ok(false)
    }
}

/// Whether a character of `team` has the Genjutsu talent (public, unlike its uses left and
/// its waiting Genjutsu).
fn has_genjutsu_talent(state: &ScrollRaceState, team: u8) -> bool {
    state
        .characters
        .iter()
        .any(|c| c.team == team && c.skill(Technique::Genjutsu).is_some())
}

/// Resolves a checked technique.
// Long function: one arm per technique, each resolving it, beside its siblings as the seed
// lists them.
#[allow(clippy::too_many_lines)]
pub(super) fn resolve_use(
    state: &mut ScrollRaceState,
    id: CharId,
    u: &Use,
    rank: u8,
    dice: &mut dyn Dice,
    events: &mut Events,
) -> Result<(), E> {
    let technique = u.technique();
    let team = team_of(id);
    consume(state, id, technique);
    events.push(Visible {
        audience: audience_for(team, technique),
        event: ScrollRaceEvent::Used {
            character: id,
            technique,
            rank,
        },
    });
    if genjutsu_cancels(state, id, technique, dice, events)? {
        return Ok(());
    }
    let at = state.ch(id).square;
    match *u {
        Use::Pass(to) => {
            let spot = match rank {
                1 => 50,
                2 if at.orthogonal_to(state.ch(to).square) => 50,
                2 => 75,
                _ if at.orthogonal_to(state.ch(to).square) => 50,
                _ => 100,
            };
            let t = usize::from(team);
            state.scrolls[t].holder = Holder::Carrier(to);
            events.push(Visible {
                audience: own(team),
                event: ScrollRaceEvent::Passed {
                    team,
                    from: id,
                    carrier: to,
                },
            });
            if chance(dice, spot)? {
                state.scrolls[t].last_seen = Some(to);
                events.push(Visible::public(ScrollRaceEvent::PassSpotted {
                    team,
                    from: id,
                    carrier: to,
                }));
            }
        }
        Use::Attack { technique, target } => {
            attack(state, id, technique, rank, target, dice, events)?;
        }
        Use::Genjutsu => {
            let cast = &mut state.genjutsu_cast[usize::from(team)];
            *cast += 1;
            let g = Genjutsu {
                number: *cast,
                team,
                caster: id,
                rank,
            };
            state.genjutsu.push(g);
            events.push(Visible {
                audience: own(team),
                event: ScrollRaceEvent::GenjutsuCast(g),
            });
        }
        Use::Doton => {
            ch_mut(state, id).doton = Some(rank);
            events.push(Visible::public(ScrollRaceEvent::Shielded {
                character: id,
                rank,
            }));
        }
        Use::Sensory => {
            let enemy = 1 - team;
            if let Some(carrier) = state.carrier(enemy) {
                let names = [4usize, 3, 2][usize::from(rank.clamp(1, 3) - 1)];
                let mut pool: Vec<CharId> = (0..TEAM_SIZE as u8)
                    .map(|i| enemy * TEAM_SIZE as u8 + i)
                    .filter(|&c| c != carrier)
                    .collect();
                let mut sensed = vec![carrier];
                for _ in 1..names {
                    let i = pick(dice, pool.len() as u32)? as usize;
                    sensed.push(pool.remove(i));
                }
                sensed.sort_unstable();
                let sensing = Sensing { user: id, sensed };
                state.sensings.retain(|s| s.user != id);
                state.sensings.push(sensing.clone());
                events.push(Visible {
                    audience: Audience::only(Seat(u16::from(id))),
                    event: ScrollRaceEvent::Sensed(sensing),
                });
            }
        }
        Use::Kuchiyose(square) => {
            let summon = Summon {
                square,
                team,
                caster: id,
                rank,
                turns_left: if rank == 1 { 2 } else { 3 },
            };
            state.summons.push(summon);
            events.push(Visible::public(ScrollRaceEvent::Summoned(summon)));
        }
        Use::Fuinjutsu(square) => {
            let trap = Trap {
                square,
                team,
                caster: id,
                technique,
                rank,
                kind: TrapKind::Seal,
                enemies_only: rank == 3,
                persistent: false,
            };
            state.traps.push(trap);
            events.push(Visible {
                audience: own(team),
                event: ScrollRaceEvent::TrapSet(trap),
            });
        }
        Use::Suiton(square) => {
            let kind = if rank == 1 || state.config.suiton == SuitonReading::Flood {
                TrapKind::Flood
            } else {
                TrapKind::Seal
            };
            let trap = Trap {
                square,
                team,
                caster: id,
                technique,
                rank,
                kind,
                enemies_only: false,
                persistent: rank == 3,
            };
            state.traps.push(trap);
            events.push(Visible::public(ScrollRaceEvent::TrapSet(trap)));
        }
        Use::Kujutsu { ally, to } => {
            ch_mut(state, ally).square = to;
            events.push(Visible::public(ScrollRaceEvent::Pulled {
                by: id,
                character: ally,
                to,
            }));
            let mut flood = false;
            arrive(state, ally, to, Mode::Real, false, &mut flood, events);
        }
        Use::Iroujutsu { target, technique } => {
            if let Some(skill) = skill_mut(state, target, technique) {
                skill.left = Some(1);
            }
            events.push(Visible {
                audience: own(team),
                event: ScrollRaceEvent::Restored {
                    by: id,
                    target,
                    technique,
                },
            });
        }
        Use::Fuuton(over) => {
            let foe = state.ch(over).square;
            let (dx, dy) = at.delta(foe);
            let success = chance(dice, half_chance(rank))?;
            events.push(Visible::public(ScrollRaceEvent::Jumped {
                character: id,
                over,
                success,
            }));
            if success && let Some(landing) = foe.offset(dx, dy) {
                let dir = Dir::ALL
                    .into_iter()
                    .find(|d| d.delta() == (dx, dy))
                    .unwrap_or(Dir::North);
                walk(state, id, &[(landing, dir)], Mode::Real, events)?;
            }
        }
    }
    Ok(())
}
