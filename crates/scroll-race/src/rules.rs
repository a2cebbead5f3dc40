//! The rules: setup, moves, techniques, turns and rulings.

use std::sync::Arc;

use pbp_core::{Audience, Coin, Dice, Seat, Visible, pick};

use crate::error::ScrollRaceError as E;
use crate::field::{Cell, Dir, Field, Square, TEAM_SIZE};
use crate::model::*;
use crate::technique::{Technique, allowance, chance, half_chance, quarter_chance};

pub(crate) type Events = Vec<Visible<ScrollRaceEvent>>;

/// The seats of a team.
pub fn team_seats(team: u8) -> Vec<Seat> {
    let base = u16::from(team) * TEAM_SIZE as u16;
    (base..base + TEAM_SIZE as u16).map(Seat).collect()
}

/// The team of a character or seat number.
pub fn team_of(id: CharId) -> u8 {
    id / TEAM_SIZE as u8
}

/// The seat that posts a team's decisions (its first character's).
pub fn captain(team: u8) -> Seat {
    Seat(u16::from(team) * TEAM_SIZE as u16)
}

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

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.chars().count() <= 24
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '\''))
        && Square::parse(name).is_none()
}

fn check_talents(name: &str, talents: &[Talent]) -> Result<(), E> {
    let bad = |m: String| Err(E::Config(format!("{name}: {m}")));
    if talents.len() != 3 {
        return bad(format!(
            "{} talents; a character has exactly 3",
            talents.len()
        ));
    }
    for (i, t) in talents.iter().enumerate() {
        if t.technique.is_free() {
            return bad(format!(
                "{} needs no talent; choose among the fourteen talents",
                t.technique.name()
            ));
        }
        if !(1..=3).contains(&t.rank) {
            return bad(format!(
                "rank {} of {}; ranks are 1 to 3",
                t.rank,
                t.technique.name()
            ));
        }
        if talents[..i].iter().any(|o| o.technique == t.technique) {
            return bad(format!("{} is given twice", t.technique.name()));
        }
    }
    Ok(())
}

fn draw_talents(dice: &mut dyn Dice) -> Result<Vec<Talent>, E> {
    let mut pool: Vec<Technique> = Technique::TALENTS.to_vec();
    let mut talents = Vec::new();
    for _ in 0..3 {
        let i = pick(dice, pool.len() as u32)? as usize;
        let technique = pool.remove(i);
        let rank = dice.roll(3)? as u8;
        talents.push(Talent { technique, rank });
    }
    Ok(talents)
}

/// Starts a game (see [`crate::ScrollRace`]).
pub(crate) fn setup(config: &ScrollRaceConfig, dice: &mut dyn Dice) -> Result<ScrollRaceState, E> {
    config.field.validate()?;
    if !(1..=3).contains(&config.free_rank) {
        return Err(E::Config("free_rank must be 1, 2 or 3".into()));
    }
    if !(1..=20).contains(&config.ranged_reach) {
        return Err(E::Config("ranged_reach must be 1 to 20".into()));
    }
    if config.round_limit == Some(0) {
        return Err(E::Config("round_limit must be at least 1".into()));
    }
    for (t, name) in config.team_names.iter().enumerate() {
        if name.trim().is_empty() || name.chars().count() > 24 {
            return Err(E::Config(format!(
                "team {t} needs a name of 1 to 24 letters"
            )));
        }
    }
    for team in 0..2 {
        let given = &config.characters[team];
        if given.len() > TEAM_SIZE {
            return Err(E::Config(format!(
                "team {team} has {} characters; a team has {TEAM_SIZE}",
                given.len()
            )));
        }
        for c in given {
            if !valid_name(&c.name) {
                return Err(E::Config(format!(
                    "'{}' is not a usable name: letters, digits, - _ ' only, and not a square",
                    c.name
                )));
            }
            if let Some(talents) = &c.talents {
                check_talents(&c.name, talents)?;
            }
        }
    }
    let starting_team = match Coin::toss(dice)? {
        Coin::Heads => 0,
        Coin::Tails => 1,
    };
    let mut characters = Vec::new();
    for team in 0..2u8 {
        for i in 0..TEAM_SIZE {
            let given = config.characters[usize::from(team)].get(i);
            let name = given.map_or_else(
                || {
                    let base: String = config.team_names[usize::from(team)]
                        .chars()
                        .filter(|c| c.is_alphanumeric())
                        .collect();
                    let base = if base.is_empty() {
                        "Team".to_owned()
                    } else {
                        base
                    };
                    format!("{base}-{}", i + 1)
                },
                |c| c.name.clone(),
            );
            let talents = match given.and_then(|c| c.talents.clone()) {
                Some(t) => t,
                None => draw_talents(dice)?,
            };
            let free_allowance = config.free_uses;
            let mut skills: Skills = smallvec::smallvec![
                Skill {
                    technique: Technique::Sprint,
                    rank: config.free_rank,
                    allowance: free_allowance,
                    left: free_allowance,
                },
                Skill {
                    technique: Technique::Pass,
                    rank: config.free_rank,
                    allowance: free_allowance,
                    left: free_allowance,
                },
            ];
            skills.extend(talents.iter().map(|t| Skill {
                technique: t.technique,
                rank: t.rank,
                allowance: Some(allowance(t.rank)),
                left: Some(allowance(t.rank)),
            }));
            characters.push(Character {
                id: team * TEAM_SIZE as u8 + i as u8,
                name: Arc::from(name),
                team,
                npc: given.is_none(),
                square: config.field.starts[usize::from(team)][i],
                skills,
                burned: false,
                paralysed: false,
                doton: None,
            });
        }
    }
    for (i, c) in characters.iter().enumerate() {
        if characters[..i]
            .iter()
            .any(|o| o.name.to_lowercase() == c.name.to_lowercase())
        {
            return Err(E::Config(format!("the name {} is used twice", c.name)));
        }
    }
    let mut scrolls = [Scroll {
        holder: Holder::Unassigned,
        last_seen: None,
    }; 2];
    for team in 0..2u8 {
        if let Some(name) = &config.carriers[usize::from(team)] {
            let c = characters
                .iter()
                .find(|c| c.team == team && c.name.eq_ignore_ascii_case(name))
                .ok_or_else(|| {
                    E::Config(format!("carrier {name} is not a character of team {team}"))
                })?;
            scrolls[usize::from(team)].holder = Holder::Carrier(c.id);
        }
    }
    let other = 1 - starting_team;
    let ids = |t: u8| (0..TEAM_SIZE as u8).map(move |i| t * TEAM_SIZE as u8 + i);
    let (order, change_point) = match config.order {
        TurnOrder::TeamByTeam => (ids(starting_team).chain(ids(other)).collect(), TEAM_SIZE),
        TurnOrder::Alternate => (
            ids(starting_team)
                .zip(ids(other))
                .flat_map(|(a, b)| [a, b])
                .collect(),
            1,
        ),
    };
    let ready = scrolls.iter().all(|s| s.holder != Holder::Unassigned);
    Ok(ScrollRaceState {
        config: Arc::new(config.clone()),
        characters,
        scrolls,
        starting_team,
        phase: if ready {
            Phase::Play
        } else {
            Phase::ChooseCarriers
        },
        round: 1,
        order,
        turn_index: 0,
        change_point,
        change_done: false,
        summons: Vec::new(),
        traps: Vec::new(),
        genjutsu: Vec::new(),
        genjutsu_cast: 0,
        sensings: Vec::new(),
        ending: None,
    })
}

impl ScrollRaceState {
    /// A character by number (numbers are checked where they come from outside).
    pub fn ch(&self, id: CharId) -> &Character {
        &self.characters[usize::from(id)]
    }

    fn ch_mut(&mut self, id: CharId) -> &mut Character {
        &mut self.characters[usize::from(id)]
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
        Field::between(a, b).into_iter().all(|s| {
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
    pub fn can_enter(&self, id: CharId, square: Square) -> Result<(), String> {
        let cell = self
            .config
            .field
            .cell(square)
            .ok_or_else(|| format!("{square} is off the field"))?;
        if cell == Cell::Wall {
            return Err(format!("{square} is a wall"));
        }
        if self.occupant(square).is_some() {
            return Err(format!("{square} is taken"));
        }
        if self.summon_at(square).is_some() {
            return Err(format!("a summon blocks {square}"));
        }
        let team = team_of(id);
        match self.dropped_at(square) {
            Some(t) if t != team => {
                return Err(format!("the enemy scroll on {square} bars the way"));
            }
            Some(_) => return Ok(()),
            None => {}
        }
        if cell.zone_of() == Some(1 - team) && !self.carries(id) {
            return Err(format!(
                "{square} is in the enemy zone, where only the scroll carrier may go"
            ));
        }
        Ok(())
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

    fn skill_mut(&mut self, id: CharId, technique: Technique) -> Option<&mut Skill> {
        self.ch_mut(id)
            .skills
            .iter_mut()
            .find(|s| s.technique == technique)
    }

    /// The rank of `id`'s `technique`, if it has a use left.
    ///
    /// # Errors
    /// [`E::Technique`] when the character lacks it or has spent it.
    pub fn ready(&self, id: CharId, technique: Technique) -> Result<u8, E> {
        let c = self.ch(id);
        let skill = c.skill(technique).ok_or_else(|| {
            E::Technique(format!("{} does not know {}", c.name, technique.name()))
        })?;
        if skill.left == Some(0) {
            return Err(E::Technique(format!(
                "{} has no use of {} left",
                c.name,
                technique.name()
            )));
        }
        Ok(skill.rank)
    }

    fn end_game(&mut self, winner: Option<u8>, reason: String, events: &mut Events) {
        let ending = Ending { winner, reason };
        self.phase = Phase::Over;
        self.ending = Some(ending.clone());
        events.push(Visible::public(ScrollRaceEvent::GameOver(ending)));
    }

    /// What happens when `id` arrives on `square` by its own team's doing: picking up its
    /// scroll, revealing itself in the enemy zone, winning in the enemy base, and (when `traps`)
    /// springing traps and floods. Returns whether the turn ends (a trap or a win).
    fn arrive(
        &mut self,
        id: CharId,
        square: Square,
        mode: Mode,
        traps: bool,
        flood: &mut bool,
        events: &mut Events,
    ) -> bool {
        let team = team_of(id);
        let t = usize::from(team);
        if self.scrolls[t].holder == Holder::Ground(square) {
            self.scrolls[t].holder = Holder::Carrier(id);
            self.scrolls[t].last_seen = Some(id);
            events.push(Visible::public(ScrollRaceEvent::PickedUp {
                team,
                carrier: id,
            }));
        }
        let cell = self.config.field.cell(square);
        if self.carries(id) {
            if cell.and_then(Cell::zone_of) == Some(1 - team)
                && self.scrolls[t].last_seen != Some(id)
            {
                self.scrolls[t].last_seen = Some(id);
                events.push(Visible::public(ScrollRaceEvent::EnteredEnemyZone {
                    character: id,
                }));
            }
            if cell == Some(Cell::Base(1 - team)) {
                let reason = format!(
                    "{} brought the {} scroll into the {} base",
                    self.ch(id).name,
                    self.config.team_names[t],
                    self.config.team_names[usize::from(1 - team)]
                );
                self.end_game(Some(team), reason, events);
                return true;
            }
        }
        if !traps {
            return false;
        }
        let mut ended = false;
        let mut i = 0;
        while i < self.traps.len() {
            let trap = self.traps[i];
            let applies = trap.square == square
                && !(trap.enemies_only && trap.team == team)
                && !(mode == Mode::Plan && trap.hidden() && trap.team != team);
            if !applies {
                i += 1;
                continue;
            }
            events.push(Visible::public(ScrollRaceEvent::TrapSprung {
                trap,
                character: id,
            }));
            match trap.kind {
                TrapKind::Seal => ended = true,
                TrapKind::Flood => *flood = true,
            }
            if trap.persistent {
                i += 1;
            } else {
                self.traps.remove(i);
            }
        }
        ended
    }

    /// Walks `id` along `legs` (each a square entered and the direction of entry), then slides
    /// one square further if it crossed a flood. Returns whether the turn goes on.
    fn walk(
        &mut self,
        id: CharId,
        legs: &[(Square, Dir)],
        mode: Mode,
        events: &mut Events,
    ) -> Result<bool, E> {
        let mut path = Vec::new();
        let mut later = Vec::new();
        let mut flood = false;
        let mut last = None;
        let mut ended = false;
        for &(square, dir) in legs {
            self.can_enter(id, square).map_err(E::Move)?;
            self.ch_mut(id).square = square;
            path.push(square);
            last = Some(dir);
            if self.arrive(id, square, mode, true, &mut flood, &mut later) {
                ended = true;
                break;
            }
        }
        events.push(Visible::public(ScrollRaceEvent::Moved {
            character: id,
            path,
        }));
        events.append(&mut later);
        if ended {
            return Ok(false);
        }
        if flood && let Some(dir) = last {
            let from = self.ch(id).square;
            if let Some(to) = from.step(dir)
                && self.can_enter(id, to).is_ok()
            {
                self.ch_mut(id).square = to;
                events.push(Visible::public(ScrollRaceEvent::Slid { character: id, to }));
                let mut again = false;
                if self.arrive(id, to, mode, true, &mut again, events) {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// The squares of a move, checking the Sprint's shape against its rank.
    pub(crate) fn legs(&self, id: CharId, movement: Movement) -> Result<Vec<(Square, Dir)>, E> {
        let dirs: Vec<Dir> = match movement {
            Movement::Step(d) => vec![d],
            Movement::Sprint { long, short } => {
                let rank = self.ready(id, Technique::Sprint)?;
                let n = if rank == 3 { 3 } else { 2 };
                let mut dirs = vec![long; n];
                match (rank, short) {
                    (1, None) => {}
                    (1, Some(_)) => {
                        return Err(E::Move("a rank 1 sprint goes two squares straight".into()));
                    }
                    (_, Some(s)) if s.perpendicular(long) => dirs.push(s),
                    _ => {
                        return Err(E::Move(format!(
                            "a rank {rank} sprint goes {n} squares then one square at right angles"
                        )));
                    }
                }
                dirs
            }
        };
        let mut at = self.ch(id).square;
        let mut legs = Vec::new();
        for d in dirs {
            at = at
                .step(d)
                .ok_or_else(|| E::Move("that leaves the field".into()))?;
            legs.push((at, d));
        }
        Ok(legs)
    }

    /// Checks that `id` may use `u` now; returns its rank.
    pub(crate) fn check_use(&self, id: CharId, u: &Use) -> Result<u8, E> {
        let tech = u.technique();
        let rank = self.ready(id, tech)?;
        let me = self.ch(id);
        let at = me.square;
        let team = me.team;
        let target = |m: String| Err(E::Target(m));
        let enemy = |other: CharId| -> Result<&Character, E> {
            let c = self.find(other)?;
            if c.team == team {
                Err(E::Target(format!("{} is not an enemy", c.name)))
            } else {
                Ok(c)
            }
        };
        let ally = |other: CharId| -> Result<&Character, E> {
            let c = self.find(other)?;
            if c.team != team || c.id == id {
                Err(E::Target(format!("{} is not an ally", c.name)))
            } else {
                Ok(c)
            }
        };
        let free_square = |s: Square| -> Result<(), E> {
            match self.config.field.cell(s) {
                None => Err(E::Target(format!("{s} is off the field"))),
                Some(Cell::Wall) => Err(E::Target(format!("{s} is a wall"))),
                _ if self.occupant(s).is_some() => Err(E::Target(format!("{s} is taken"))),
                _ if self.summon_at(s).is_some() => {
                    Err(E::Target(format!("a summon stands on {s}")))
                }
                _ => Ok(()),
            }
        };
        match *u {
            Use::Pass(to) => {
                if !self.carries(id) {
                    return target(format!("{} does not carry the scroll", me.name));
                }
                if self.in_enemy_zone(id, at) {
                    return target("the scroll cannot be passed inside the enemy zone".into());
                }
                let other = ally(to)?;
                let reach = match rank {
                    1 => at.orthogonal_to(other.square),
                    2 => at.chebyshev(other.square) == 1,
                    _ => self.distance(at, other.square) <= 2,
                };
                if !reach {
                    return target(format!(
                        "{} is out of reach of a rank {rank} pass",
                        other.name
                    ));
                }
            }
            Use::Attack {
                technique,
                target: aim,
            } => {
                if !technique.is_offensive() {
                    return target(format!("{} is not an attack", technique.name()));
                }
                let square = match aim {
                    Target::Character(t) => enemy(t)?.square,
                    Target::Summon(s) => {
                        let summon = self
                            .summon_at(s)
                            .ok_or_else(|| E::Target(format!("no summon stands on {s}")))?;
                        if summon.rank > rank {
                            return target(format!(
                                "a rank {rank} {} cannot destroy a rank {} summon",
                                technique.name(),
                                summon.rank
                            ));
                        }
                        s
                    }
                };
                if technique.is_melee() {
                    let adjacent = at.orthogonal_to(square)
                        || (self.config.diagonal_strikes && at.diagonal_to(square));
                    if !adjacent {
                        return target(format!("{square} is not adjacent"));
                    }
                } else if self.distance(at, square) > u32::from(self.config.ranged_reach)
                    || !self.clear_line(at, square)
                {
                    return target(format!("{square} is out of reach or out of sight"));
                }
            }
            Use::Genjutsu => {}
            Use::Doton => {
                if me.doton.is_some() {
                    return target(format!("{} already has a Doton up", me.name));
                }
            }
            Use::Sensory => {
                if self.carrier(1 - team).is_none() {
                    return target("nobody carries the enemy scroll".into());
                }
            }
            Use::Kuchiyose(s) => {
                let reach = if rank < 3 {
                    at.orthogonal_to(s)
                } else {
                    s != at && self.distance(at, s) <= 2
                };
                if !reach {
                    return target(format!("{s} is out of reach"));
                }
                free_square(s)?;
                if self.dropped_at(s).is_some() {
                    return target(format!("a scroll lies on {s}"));
                }
            }
            Use::Fuinjutsu(s) | Use::Suiton(s) => {
                let range = if rank == 1 { 1 } else { 2 };
                if s == at || self.distance(at, s) > range {
                    return target(format!("{s} is out of reach"));
                }
                free_square(s)?;
                if self.traps.iter().any(|t| t.square == s && t.team == team) {
                    return target(format!("your team already has a trap on {s}"));
                }
            }
            Use::Kujutsu { ally: a, to } => {
                let other = ally(a)?;
                let range = [2, 3, 2][usize::from(rank.clamp(1, 3) - 1)];
                if self.distance(at, other.square) > range || !self.clear_line(at, other.square) {
                    return target(format!("{} is out of reach or out of sight", other.name));
                }
                if !other.square.orthogonal_to(to) {
                    return target(format!("{to} is not next to {}", other.name));
                }
                if rank < 3 && self.distance(at, to) >= self.distance(at, other.square) {
                    return target(format!(
                        "a rank {rank} Kujutsu only draws an ally towards its caster"
                    ));
                }
                if rank == 3 && self.config.field.cell(to) == Some(Cell::Base(1 - other.team)) {
                    return target("a rank 3 Kujutsu cannot move into the enemy base".into());
                }
                self.can_enter(a, to).map_err(E::Target)?;
            }
            Use::Iroujutsu {
                target: t,
                technique,
            } => {
                let other = self.find(t)?;
                if t != id && (other.team != team || !other.square.orthogonal_to(at)) {
                    return target(format!(
                        "{} is neither you nor an adjacent ally",
                        other.name
                    ));
                }
                let skill = other.skill(technique).ok_or_else(|| {
                    E::Target(format!("{} does not know {}", other.name, technique.name()))
                })?;
                if skill.rank != rank || skill.left != Some(0) {
                    return target(format!(
                        "{}'s {} is not a spent rank {rank} technique",
                        other.name,
                        technique.name()
                    ));
                }
            }
            Use::Fuuton(over) => {
                if me.burned {
                    return target(format!("{} is burnt and cannot jump this turn", me.name));
                }
                let foe = enemy(over)?;
                if !at.orthogonal_to(foe.square) {
                    return target(format!("{} is not adjacent", foe.name));
                }
                let (dx, dy) = at.delta(foe.square);
                let landing = foe
                    .square
                    .offset(dx, dy)
                    .ok_or_else(|| E::Target("the landing square is off the field".into()))?;
                self.can_enter(id, landing).map_err(E::Target)?;
            }
        }
        Ok(rank)
    }

    fn consume(&mut self, id: CharId, technique: Technique) {
        if let Some(skill) = self.skill_mut(id, technique)
            && let Some(left) = skill.left.as_mut()
        {
            *left = left.saturating_sub(1);
        }
    }

    /// Rolls the oldest enemy Genjutsu against `id`'s technique; returns whether it cancels it.
    ///
    /// A secret technique (Passe, Genjutsu, Fuinjutsu: the orders sent to the organiser by
    /// private message) does not wake an enemy Genjutsu, which waits for the next technique
    /// shown on the thread: were it rolled, its team would learn from the Genjutsu's end that a
    /// secret technique was used, and, from a character without those talents, an unspotted
    /// pass and the new carrier.
    fn genjutsu_cancels(
        &mut self,
        id: CharId,
        technique: Technique,
        dice: &mut dyn Dice,
        events: &mut Events,
    ) -> Result<bool, E> {
        if technique.is_secret() {
            return Ok(false);
        }
        if technique.is_free() && self.config.genjutsu_scope == GenjutsuScope::TalentsOnly {
            return Ok(false);
        }
        let team = team_of(id);
        let Some(i) = self.genjutsu.iter().position(|g| g.team != team) else {
            return Ok(false);
        };
        let genjutsu = self.genjutsu.remove(i);
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

    /// Resolves a checked technique.
    fn resolve_use(
        &mut self,
        id: CharId,
        u: &Use,
        rank: u8,
        dice: &mut dyn Dice,
        events: &mut Events,
    ) -> Result<(), E> {
        let technique = u.technique();
        let team = team_of(id);
        self.consume(id, technique);
        events.push(Visible {
            audience: audience_for(team, technique),
            event: ScrollRaceEvent::Used {
                character: id,
                technique,
                rank,
            },
        });
        if self.genjutsu_cancels(id, technique, dice, events)? {
            return Ok(());
        }
        let at = self.ch(id).square;
        match *u {
            Use::Pass(to) => {
                let spot = match rank {
                    1 => 50,
                    2 if at.orthogonal_to(self.ch(to).square) => 50,
                    2 => 75,
                    _ if at.orthogonal_to(self.ch(to).square) => 50,
                    _ => 100,
                };
                let t = usize::from(team);
                self.scrolls[t].holder = Holder::Carrier(to);
                events.push(Visible {
                    audience: own(team),
                    event: ScrollRaceEvent::Passed {
                        team,
                        from: id,
                        carrier: to,
                    },
                });
                if chance(dice, spot)? {
                    self.scrolls[t].last_seen = Some(to);
                    events.push(Visible::public(ScrollRaceEvent::PassSpotted {
                        team,
                        from: id,
                        carrier: to,
                    }));
                }
            }
            Use::Attack { technique, target } => {
                self.attack(id, technique, rank, target, dice, events)?;
            }
            Use::Genjutsu => {
                self.genjutsu_cast += 1;
                let g = Genjutsu {
                    number: self.genjutsu_cast,
                    team,
                    caster: id,
                    rank,
                };
                self.genjutsu.push(g);
                events.push(Visible {
                    audience: own(team),
                    event: ScrollRaceEvent::GenjutsuCast(g),
                });
            }
            Use::Doton => {
                self.ch_mut(id).doton = Some(rank);
                events.push(Visible::public(ScrollRaceEvent::Shielded {
                    character: id,
                    rank,
                }));
            }
            Use::Sensory => {
                let enemy = 1 - team;
                if let Some(carrier) = self.carrier(enemy) {
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
                    self.sensings.retain(|s| s.user != id);
                    self.sensings.push(sensing.clone());
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
                self.summons.push(summon);
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
                self.traps.push(trap);
                events.push(Visible {
                    audience: own(team),
                    event: ScrollRaceEvent::TrapSet(trap),
                });
            }
            Use::Suiton(square) => {
                let kind = if rank == 1 || self.config.suiton == SuitonReading::Flood {
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
                self.traps.push(trap);
                events.push(Visible::public(ScrollRaceEvent::TrapSet(trap)));
            }
            Use::Kujutsu { ally, to } => {
                self.ch_mut(ally).square = to;
                events.push(Visible::public(ScrollRaceEvent::Pulled {
                    by: id,
                    character: ally,
                    to,
                }));
                let mut flood = false;
                self.arrive(ally, to, Mode::Real, false, &mut flood, events);
            }
            Use::Iroujutsu { target, technique } => {
                if let Some(skill) = self.skill_mut(target, technique) {
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
                let foe = self.ch(over).square;
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
                    self.walk(id, &[(landing, dir)], Mode::Real, events)?;
                }
            }
        }
        Ok(())
    }

    fn attack(
        &mut self,
        id: CharId,
        technique: Technique,
        rank: u8,
        target: Target,
        dice: &mut dyn Dice,
        events: &mut Events,
    ) -> Result<(), E> {
        let target = match target {
            Target::Summon(square) => {
                self.summons.retain(|s| s.square != square);
                events.push(Visible::public(ScrollRaceEvent::SummonDestroyed {
                    square,
                    by: id,
                }));
                return Ok(());
            }
            Target::Character(t) => t,
        };
        let at = self.ch(id).square;
        let there = self.ch(target).square;
        let (dx, dy) = at.delta(there);
        if let Some(shield) = self.ch(target).doton {
            self.ch_mut(target).doton = None;
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
                if falls && self.carries(target) {
                    let team = team_of(target);
                    let t = usize::from(team);
                    self.scrolls[t].holder = Holder::Ground(there);
                    self.scrolls[t].last_seen = None;
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
                            && self.can_be_forced(id, back)
                        {
                            self.ch_mut(id).square = back;
                            recoiled = true;
                        }
                    } else if let Some(back) = there.offset(dx, dy)
                        && self.can_be_forced(target, back)
                    {
                        self.ch_mut(target).square = back;
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
                    self.ch_mut(target).burned = true;
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
                    self.ch_mut(target).paralysed = true;
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

    /// Checks a whole turn against what the actor knows: the move square by square (hidden enemy
    /// traps and Genjutsu ignored), then the technique from where the move would end.
    pub(crate) fn check_play(
        &self,
        id: CharId,
        movement: Option<Movement>,
        technique: Option<&Use>,
    ) -> Result<(), E> {
        let Some(m) = movement else {
            // Nothing moves: the technique is checked on the state itself, without a copy.
            if let Some(u) = technique
                && self.phase != Phase::Over
            {
                self.check_use(id, u)?;
            }
            return Ok(());
        };
        let (sim, goes_on) = self.planned_move(id, m)?;
        if let Some(u) = technique
            && goes_on
            && sim.phase != Phase::Over
        {
            sim.check_use(id, u)?;
        }
        Ok(())
    }

    /// The state after `id`'s move `m` as the actor plans it (hidden enemy traps and Genjutsu
    /// ignored), and whether the turn goes on after it; an error if the move is not allowed.
    pub(crate) fn planned_move(&self, id: CharId, m: Movement) -> Result<(Self, bool), E> {
        if self.ch(id).burned {
            return Err(E::Move(format!(
                "{} is burnt and cannot move this turn",
                self.ch(id).name
            )));
        }
        let mut sim = self.clone();
        let mut scratch = Vec::new();
        let legs = sim.legs(id, m)?;
        let goes_on = sim.walk(id, &legs, Mode::Plan, &mut scratch)?;
        Ok((sim, goes_on))
    }

    /// Plays a checked turn for real.
    pub(crate) fn play(
        &mut self,
        id: CharId,
        movement: Option<Movement>,
        technique: Option<&Use>,
        dice: &mut dyn Dice,
        events: &mut Events,
    ) -> Result<(), E> {
        self.check_play(id, movement, technique)?;
        let mut goes_on = true;
        if let Some(m) = movement {
            let legs = self.legs(id, m)?;
            let mut cancelled = false;
            if matches!(m, Movement::Sprint { .. }) {
                let rank = self.ready(id, Technique::Sprint)?;
                self.consume(id, Technique::Sprint);
                events.push(Visible::public(ScrollRaceEvent::Used {
                    character: id,
                    technique: Technique::Sprint,
                    rank,
                }));
                cancelled = self.genjutsu_cancels(id, Technique::Sprint, dice, events)?;
            }
            if !cancelled {
                goes_on = self.walk(id, &legs, Mode::Real, events)?;
            }
        }
        if let Some(u) = technique
            && goes_on
            && self.phase != Phase::Over
        {
            match self.check_use(id, u) {
                Ok(rank) => self.resolve_use(id, u, rank, dice, events)?,
                Err(_) => events.push(Visible {
                    audience: audience_for(team_of(id), u.technique()),
                    event: ScrollRaceEvent::Fizzled {
                        character: id,
                        technique: u.technique(),
                    },
                }),
            }
        }
        if self.phase != Phase::Over {
            events.push(Visible::public(ScrollRaceEvent::TurnEnded {
                character: id,
            }));
            self.close_turn(id, events);
        }
        Ok(())
    }

    /// The end of `id`'s turn (played or lost): its burn heals, its summons count down, and the
    /// next character comes up.
    pub(crate) fn close_turn(&mut self, id: CharId, events: &mut Events) {
        self.end_of_turn_upkeep(id, events);
        self.step_pointer(events);
        self.settle(events);
    }

    fn end_of_turn_upkeep(&mut self, id: CharId, events: &mut Events) {
        self.ch_mut(id).burned = false;
        let mut i = 0;
        while i < self.summons.len() {
            if self.summons[i].caster == id {
                self.summons[i].turns_left = self.summons[i].turns_left.saturating_sub(1);
                if self.summons[i].turns_left == 0 {
                    let square = self.summons.remove(i).square;
                    events.push(Visible::public(ScrollRaceEvent::SummonExpired { square }));
                    continue;
                }
            }
            i += 1;
        }
    }

    fn step_pointer(&mut self, events: &mut Events) {
        self.turn_index += 1;
        if self.turn_index >= self.order.len() {
            self.turn_index = 0;
            self.round += 1;
            if let Some(limit) = self.config.round_limit
                && self.round > limit
            {
                self.end_game(
                    None,
                    format!("the organizer calls a draw after {limit} rounds"),
                    events,
                );
                return;
            }
            events.push(Visible::public(ScrollRaceEvent::RoundStarted {
                round: self.round,
            }));
        }
    }

    /// Stops at the carrier change, or skips paralysed characters.
    pub(crate) fn settle(&mut self, events: &mut Events) {
        loop {
            if self.phase == Phase::Over {
                return;
            }
            if self.round == 1 && !self.change_done && self.turn_index == self.change_point {
                self.phase = Phase::ChangeCarrier;
                return;
            }
            self.phase = Phase::Play;
            let Some(id) = self.current() else { return };
            if !self.ch(id).paralysed {
                return;
            }
            let c = self.ch_mut(id);
            c.paralysed = false;
            events.push(Visible::public(ScrollRaceEvent::TurnLost { character: id }));
            self.end_of_turn_upkeep(id, events);
            self.step_pointer(events);
        }
    }

    /// A game master's ruling.
    pub(crate) fn rule(&mut self, ruling: &Ruling, events: &mut Events) -> Result<(), E> {
        let bad = |m: &str| Err(E::Ruling(m.to_owned()));
        match *ruling {
            Ruling::Skip => {
                let Some(id) = self.current() else {
                    return bad("nobody is taking a turn");
                };
                events.push(Visible::public(ScrollRaceEvent::Skipped { character: id }));
                self.close_turn(id, events);
            }
            Ruling::Place { character, square } => {
                self.find(character)?;
                let cell = self.config.field.cell(square);
                if cell.is_none() || cell == Some(Cell::Wall) {
                    return bad("that square cannot hold a character");
                }
                if self.occupant(square).is_some_and(|c| c != character)
                    || self.summon_at(square).is_some()
                    || self.dropped_at(square).is_some()
                {
                    return bad("that square is not free");
                }
                if self.in_enemy_zone(character, square) && !self.carries(character) {
                    return bad("only a scroll carrier may stand in the enemy zone");
                }
                if self.carries(character) && cell == Some(Cell::Base(1 - team_of(character))) {
                    return bad(
                        "placing the carrier in the enemy base would end the game: use end",
                    );
                }
                self.ch_mut(character).square = square;
                events.push(Visible::public(ScrollRaceEvent::Placed {
                    character,
                    square,
                }));
            }
            Ruling::GiveScroll { character } => {
                self.find(character)?;
                let team = team_of(character);
                if self.phase == Phase::ChooseCarriers {
                    return bad("the teams are still choosing their carriers");
                }
                self.scrolls[usize::from(team)].holder = Holder::Carrier(character);
                events.push(Visible {
                    audience: own(team),
                    event: ScrollRaceEvent::ScrollGiven {
                        team,
                        carrier: character,
                    },
                });
                events.push(Visible::public(ScrollRaceEvent::ScrollRuling { team }));
            }
            Ruling::Clear(square) => {
                self.summons.retain(|s| s.square != square);
                self.traps.retain(|t| t.square != square);
                events.push(Visible::public(ScrollRaceEvent::Cleared(square)));
            }
            Ruling::End { winner } => {
                if winner.is_some_and(|w| w > 1) {
                    return bad("teams are 0 and 1");
                }
                let reason = match winner {
                    Some(w) => format!(
                        "the organizer declares {} the winner",
                        self.config.team_names[usize::from(w)]
                    ),
                    None => "the organizer declares a draw".to_owned(),
                };
                self.end_game(winner, reason, events);
            }
        }
        Ok(())
    }
}
