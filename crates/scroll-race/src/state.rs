//! The state of a game (characters, scrolls, summons, traps, Genjutsu, the turn) and the
//! questions asked of it: who stands where, who carries the scroll, where a character may go,
//! and the seats of each team.

use std::sync::Arc;

use pbp_core::engine::{Actor, Seat};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::config::{Metric, ScrollRaceConfig};
use crate::error::{Refusal, ScrollRaceError as E};
use crate::field::{Cell, Field, Square, TEAM_SIZE};
use crate::model::CharId;
use crate::technique::Technique;

/// A character's skills, inline up to eight (two free techniques and the talents); serialized
/// as a plain list.
pub type Skills = SmallVec<[Skill; 8]>;

/// A technique a character can use, with its rank and uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skill {
    /// The technique.
    pub technique: Technique,
    /// Its rank.
    pub rank: u8,
    /// Uses per game; `None` is unlimited.
    pub allowance: Option<u8>,
    /// Uses left.
    pub left: Option<u8>,
}

/// A character on the field.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Character {
    /// Its number (and seat).
    pub id: CharId,
    /// Its name, shared by every copy of the state (it does not change).
    pub name: Arc<str>,
    /// 0 or 1.
    pub team: u8,
    /// Computer-played (its team plays it).
    pub npc: bool,
    /// Where it stands.
    pub square: Square,
    /// Sprint, Pass and its three talents.
    pub skills: Skills,
    /// Burnt by Katon: cannot move on its next turn.
    pub burned: bool,
    /// Paralysed by Raiton: loses its next turn.
    pub paralysed: bool,
    /// A pending Doton and its rank.
    pub doton: Option<u8>,
}

impl Clone for Character {
    fn clone(&self) -> Self {
        Character {
            id: self.id,
            name: Arc::clone(&self.name),
            team: self.team,
            npc: self.npc,
            square: self.square,
            skills: self.skills.clone(),
            burned: self.burned,
            paralysed: self.paralysed,
            doton: self.doton,
        }
    }

    /// Copies `source` into this character, keeping the shared name when it is the same one
    /// (a planned move copies the state onto a scratch copy of the same game).
    fn clone_from(&mut self, source: &Self) {
        let Character {
            id,
            name,
            team,
            npc,
            square,
            skills,
            burned,
            paralysed,
            doton,
        } = self;
        *id = source.id;
        if !Arc::ptr_eq(name, &source.name) {
            *name = Arc::clone(&source.name);
        }
        *team = source.team;
        *npc = source.npc;
        *square = source.square;
        skills.clone_from(&source.skills);
        *burned = source.burned;
        *paralysed = source.paralysed;
        *doton = source.doton;
    }
}

impl Character {
    /// The skill for `technique`.
    pub fn skill(&self, technique: Technique) -> Option<&Skill> {
        self.skills.iter().find(|s| s.technique == technique)
    }
}

/// Where a team's scroll is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Holder {
    /// Not yet given (before the secret choice).
    Unassigned,
    /// Carried by a character.
    Carrier(CharId),
    /// Lying on a square.
    Ground(Square),
}

/// A team's scroll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scroll {
    /// Where it is.
    pub holder: Holder,
    /// The last carrier the enemy and the public learned of (possibly out of date after a
    /// secret pass).
    pub last_seen: Option<CharId>,
}

/// A summon blocking a square (Kuchiyose).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summon {
    /// The square.
    pub square: Square,
    /// The caster's team.
    pub team: u8,
    /// The caster.
    pub caster: CharId,
    /// Its rank (destroyed by an offensive technique of this rank or higher).
    pub rank: u8,
    /// Ends of the caster's turns before it disappears.
    pub turns_left: u8,
}

/// What a trap does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TrapKind {
    /// Ends the turn of who steps on it (Fuinjutsu, Suiton as written).
    Seal,
    /// Makes who steps on it slide one square further (Suiton's flood).
    Flood,
}

/// A trap or a flood as a viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trap {
    /// The square.
    pub square: Square,
    /// The caster's team.
    pub team: u8,
    /// The caster.
    pub caster: CharId,
    /// Fuinjutsu or Suiton.
    pub technique: Technique,
    /// Its rank.
    pub rank: u8,
    /// What it does.
    pub kind: TrapKind,
    /// Only enemies spring it (Fuinjutsu rank 3).
    pub enemies_only: bool,
    /// It stays after being sprung (Suiton rank 3).
    pub persistent: bool,
}

impl Trap {
    /// Whether only the caster's team knows of it (Fuinjutsu).
    pub fn hidden(&self) -> bool {
        self.technique == Technique::Fuinjutsu
    }
}

/// A Genjutsu waiting for the next enemy technique.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Genjutsu {
    /// Its number among its team's Genjutsu, from 1 (two alike from one caster stay distinct;
    /// counted by team, so that a team's own numbers say nothing of the enemy's secret casts).
    pub number: u32,
    /// The caster's team.
    pub team: u8,
    /// The caster.
    pub caster: CharId,
    /// Its rank.
    pub rank: u8,
}

/// The names a Sensoriel gave its user.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sensing {
    /// Who used it.
    pub user: CharId,
    /// The enemy characters named, in character order; the carrier is among them.
    pub sensed: Vec<CharId>,
}

impl Clone for Sensing {
    fn clone(&self) -> Self {
        Sensing {
            user: self.user,
            sensed: self.sensed.clone(),
        }
    }

    /// Reuses the list's memory (a planned move copies the state onto a scratch copy).
    fn clone_from(&mut self, source: &Self) {
        self.user = source.user;
        self.sensed.clone_from(&source.sensed);
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// The teams secretly choose their carriers.
    ChooseCarriers,
    /// The team that did not start may change its carrier.
    ChangeCarrier,
    /// Characters take turns.
    Play,
    /// The game is over.
    Over,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// The winning team, or `None` for a draw.
    pub winner: Option<u8>,
    /// Why.
    pub reason: String,
}

/// The whole game.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScrollRaceState {
    /// The rules in force, shared by every copy of the state (they do not change).
    pub config: Arc<ScrollRaceConfig>,
    /// The ten characters, by number.
    pub characters: Vec<Character>,
    /// The two scrolls.
    pub scrolls: [Scroll; 2],
    /// The team drawn to start.
    pub starting_team: u8,
    /// The phase.
    pub phase: Phase,
    /// Round number, from 1.
    pub round: u32,
    /// The order of turns in a round.
    pub order: Vec<CharId>,
    /// Position in `order` of the character whose turn it is.
    pub turn_index: usize,
    /// Position in round 1 before which the non-starting team may change its carrier.
    pub change_point: usize,
    /// Whether that change has been decided.
    pub change_done: bool,
    /// Summons on the field.
    pub summons: Vec<Summon>,
    /// Traps and floods on the field.
    pub traps: Vec<Trap>,
    /// Genjutsu waiting, oldest first.
    pub genjutsu: Vec<Genjutsu>,
    /// Genjutsu cast so far by each team (a global count would tell a team, by its own next
    /// number, how many the enemy cast in secret).
    pub genjutsu_cast: [u32; 2],
    /// The latest Sensoriel result of each user.
    pub sensings: Vec<Sensing>,
    /// The end, once over.
    pub ending: Option<Ending>,
}

impl Clone for ScrollRaceState {
    fn clone(&self) -> Self {
        ScrollRaceState {
            config: Arc::clone(&self.config),
            characters: self.characters.clone(),
            scrolls: self.scrolls,
            starting_team: self.starting_team,
            phase: self.phase,
            round: self.round,
            order: self.order.clone(),
            turn_index: self.turn_index,
            change_point: self.change_point,
            change_done: self.change_done,
            summons: self.summons.clone(),
            traps: self.traps.clone(),
            genjutsu: self.genjutsu.clone(),
            genjutsu_cast: self.genjutsu_cast,
            sensings: self.sensings.clone(),
            ending: self.ending.clone(),
        }
    }

    /// Copies `source` field by field into the memory this state already holds, so that the
    /// legal list plans every move on one scratch copy without allocating.
    fn clone_from(&mut self, source: &Self) {
        let ScrollRaceState {
            config,
            characters,
            scrolls,
            starting_team,
            phase,
            round,
            order,
            turn_index,
            change_point,
            change_done,
            summons,
            traps,
            genjutsu,
            genjutsu_cast,
            sensings,
            ending,
        } = self;
        if !Arc::ptr_eq(config, &source.config) {
            *config = Arc::clone(&source.config);
        }
        characters.clone_from(&source.characters);
        *scrolls = source.scrolls;
        *starting_team = source.starting_team;
        *phase = source.phase;
        *round = source.round;
        order.clone_from(&source.order);
        *turn_index = source.turn_index;
        *change_point = source.change_point;
        *change_done = source.change_done;
        summons.clone_from(&source.summons);
        traps.clone_from(&source.traps);
        genjutsu.clone_from(&source.genjutsu);
        *genjutsu_cast = source.genjutsu_cast;
        sensings.clone_from(&source.sensings);
        ending.clone_from(&source.ending);
    }
}

/// The seats of a team.
pub fn team_seats(team: u8) -> Vec<Seat> {
    let base = u16::from(team) * TEAM_SIZE as u16;
    (base..base + TEAM_SIZE as u16).map(Seat).collect()
}

/// The characters of a team, by number (the same as [`team_seats`], without a list).
pub(crate) fn team_chars(team: u8) -> std::ops::Range<CharId> {
    let base = team * TEAM_SIZE as u8;
    base..base + TEAM_SIZE as u8
}

/// Why a character may not enter a square by its own team's doing ([`ScrollRaceState::can_enter`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Barrier {
    /// Off the field.
    OffField,
    /// A wall.
    Wall,
    /// A character stands there.
    Taken,
    /// A summon stands there.
    Summon,
    /// The enemy's dropped scroll lies there.
    EnemyScroll,
    /// The enemy zone, and the character does not carry its scroll.
    EnemyZone,
}

impl Barrier {
    /// The refusal, in words the team already knows.
    pub(crate) fn refusal(self, square: Square) -> Refusal {
        match self {
            Barrier::OffField => Refusal::OffField(square),
            Barrier::Wall => Refusal::Wall(square),
            Barrier::Taken => Refusal::Taken(square),
            Barrier::Summon => Refusal::SummonBlocks(square),
            Barrier::EnemyScroll => Refusal::EnemyScroll(square),
            Barrier::EnemyZone => Refusal::EnemyZone(square),
        }
    }
}

/// The team of a character or seat number.
pub fn team_of(id: CharId) -> u8 {
    id / TEAM_SIZE as u8
}

/// The seat that posts a team's decisions (its first character's).
pub fn captain(team: u8) -> Seat {
    Seat(u16::from(team) * TEAM_SIZE as u16)
}

/// The character a seat plays (`None` for the game master and seats beyond the ten).
pub(crate) fn seat_char(actor: Actor) -> Option<CharId> {
    match actor {
        Actor::Seat(Seat(s)) if usize::from(s) < 2 * TEAM_SIZE => Some(s as CharId),
        _ => None,
    }
}

impl ScrollRaceState {
    /// A character by number (numbers are checked where they come from outside).
    pub fn ch(&self, id: CharId) -> &Character {
        &self.characters[usize::from(id)]
    }

    /// The character with this number, or an error.
    ///
    /// # Errors
    /// [`E::UnknownCharacter`].
    pub fn find(&self, id: CharId) -> Result<&Character, E> {
        self.characters
            .get(usize::from(id))
            .ok_or_else(|| E::UnknownCharacter(id.to_string()))
    }

    /// The character whose turn it is.
    pub fn current(&self) -> Option<CharId> {
        if self.phase == Phase::Play {
            self.order.get(self.turn_index).copied()
        } else {
            None
        }
    }

    /// The character on a square.
    pub fn occupant(&self, square: Square) -> Option<CharId> {
        self.characters
            .iter()
            .find(|c| c.square == square)
            .map(|c| c.id)
    }

    /// The summon on a square.
    pub fn summon_at(&self, square: Square) -> Option<&Summon> {
        self.summons.iter().find(|s| s.square == square)
    }

    /// The team whose dropped scroll lies on a square.
    pub fn dropped_at(&self, square: Square) -> Option<u8> {
        (0..2u8).find(|&t| self.scrolls[usize::from(t)].holder == Holder::Ground(square))
    }

    /// A team's carrier.
    pub fn carrier(&self, team: u8) -> Option<CharId> {
        match self.scrolls[usize::from(team)].holder {
            Holder::Carrier(c) => Some(c),
            _ => None,
        }
    }

    /// Whether a character carries its team's scroll.
    pub fn carries(&self, id: CharId) -> bool {
        self.carrier(team_of(id)) == Some(id)
    }

    /// Whether `square` is in the enemy zone of `id`.
    pub fn in_enemy_zone(&self, id: CharId, square: Square) -> bool {
        self.config.field.cell(square).and_then(Cell::zone_of) == Some(1 - team_of(id))
    }

    /// The range between two squares under the config's metric.
    pub fn distance(&self, a: Square, b: Square) -> u32 {
        match self.config.metric {
            Metric::Manhattan => a.manhattan(b),
            Metric::Chebyshev => a.chebyshev(b),
        }
    }

    /// Whether nothing (wall, character, summon) stands between two squares.
    pub fn clear_line(&self, a: Square, b: Square) -> bool {
        Field::all_between(a, b, |s| {
            self.config.field.cell(s).is_some_and(|c| c != Cell::Wall)
                && self.occupant(s).is_none()
                && self.summon_at(s).is_none()
        })
    }

    /// Whether `id` may enter `square` by its own team's doing (a step, a sprint, a slide, a jump,
    /// Kujutsu): on the field, not a wall, free of characters and summons, not the enemy's
    /// dropped scroll, and outside the enemy zone unless `id` carries its scroll or its dropped
    /// scroll lies there.
    ///
    /// # Errors
    /// Why not, in words the team already knows.
    pub fn can_enter(&self, id: CharId, square: Square) -> Result<(), Refusal> {
        match self.barrier(id, square) {
            Some(b) => Err(b.refusal(square)),
            None => Ok(()),
        }
    }

    /// What bars `id` from entering `square` by its own team's doing, if anything
    /// ([`Self::can_enter`] without building the reason).
    pub(crate) fn barrier(&self, id: CharId, square: Square) -> Option<Barrier> {
        let Some(cell) = self.config.field.cell(square) else {
            return Some(Barrier::OffField);
        };
        if cell == Cell::Wall {
            return Some(Barrier::Wall);
        }
        if self.occupant(square).is_some() {
            return Some(Barrier::Taken);
        }
        if self.summon_at(square).is_some() {
            return Some(Barrier::Summon);
        }
        let team = team_of(id);
        match self.dropped_at(square) {
            Some(t) if t != team => return Some(Barrier::EnemyScroll),
            Some(_) => return None,
            None => {}
        }
        if cell.zone_of() == Some(1 - team) && !self.carries(id) {
            return Some(Barrier::EnemyZone);
        }
        None
    }

    /// Whether an enemy's blow may force `id` onto `square` (a push or a recoil): on the field, no
    /// wall, character, summon or dropped scroll, and never into `id`'s enemy zone (whether or not
    /// it carries the scroll, so that a push reveals nothing).
    pub fn can_be_forced(&self, id: CharId, square: Square) -> bool {
        self.config
            .field
            .cell(square)
            .is_some_and(|c| c != Cell::Wall && c.zone_of() != Some(1 - team_of(id)))
            && self.occupant(square).is_none()
            && self.summon_at(square).is_none()
            && self.dropped_at(square).is_none()
    }

    /// The rank of `id`'s `technique`, if it has a use left.
    ///
    /// # Errors
    /// [`E::Technique`] when the character lacks it or has spent it.
    pub fn ready(&self, id: CharId, technique: Technique) -> Result<u8, E> {
        let c = self.ch(id);
        let skill = c.skill(technique).ok_or_else(|| {
            E::Technique(Refusal::DoesNotKnow {
                name: c.name.to_string(),
                technique,
            })
        })?;
        if skill.left == Some(0) {
            return Err(E::Technique(Refusal::NoUseLeft {
                name: c.name.to_string(),
                technique,
            }));
        }
        Ok(skill.rank)
    }

    /// The team whose carrier `seat` may choose now: its captain's, while still unassigned.
    pub(crate) fn may_choose_carrier(&self, seat: Seat) -> Option<u8> {
        (0..2u8).find(|&t| {
            captain(t) == seat && self.scrolls[usize::from(t)].holder == Holder::Unassigned
        })
    }
}
