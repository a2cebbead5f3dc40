//! The engine of Scroll Race: the helpers its modules share (audiences, uses spent, the end of
//! the game); `movement` walks characters and springs traps, `check` validates a turn against
//! what the actor knows, `techniques` resolves them, `attack` lands the blows, `turn` plays a
//! turn and moves to the next, `rulings` applies the game master's rulings.

mod attack;
mod carriers;
mod check;
mod movement;
mod rulings;
mod techniques;
mod turn;

use pbp_core::{Audience, Visible};

use crate::model::{CharId, ScrollRaceEvent};
use crate::state::{Character, Ending, Phase, ScrollRaceState, Skill, team_seats};
use crate::technique::Technique;

pub(crate) type Events = Vec<Visible<ScrollRaceEvent>>;

pub(crate) fn own(team: u8) -> Audience {
    Audience::Seats(team_seats(team))
}

fn audience_for(team: u8, technique: Technique) -> Audience {
    if technique.is_secret() {
        own(team)
    } else {
        Audience::Everyone
    }
}

/// Whether a character should move during a walk in planning (hidden enemy traps ignored) or for
/// real.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Plan,
    Real,
}

impl ScrollRaceState {
    fn ch_mut(&mut self, id: CharId) -> &mut Character {
        &mut self.characters[usize::from(id)]
    }

    fn skill_mut(&mut self, id: CharId, technique: Technique) -> Option<&mut Skill> {
        self.ch_mut(id)
            .skills
            .iter_mut()
            .find(|s| s.technique == technique)
    }

    fn consume(&mut self, id: CharId, technique: Technique) {
        if let Some(skill) = self.skill_mut(id, technique)
            && let Some(left) = skill.left.as_mut()
        {
            *left = left.saturating_sub(1);
        }
    }

    fn end_game(&mut self, winner: Option<u8>, reason: String, events: &mut Events) {
        let ending = Ending { winner, reason };
        self.phase = Phase::Over;
        self.ending = Some(ending.clone());
        events.push(Visible::public(ScrollRaceEvent::GameOver(ending)));
    }
}
