//! Setting a game up: the config checked, the characters built (talents drawn where the config
//! leaves them out), the starting team tossed and the turn order fixed.

use std::sync::Arc;

use pbp_core::{Coin, Dice, pick};

use crate::config::{ScrollRaceConfig, Talent, TurnOrder};
use crate::error::ScrollRaceError as E;
use crate::field::{Square, TEAM_SIZE};
use crate::state::{Character, Holder, Phase, Scroll, ScrollRaceState, Skill, Skills};
use crate::technique::{Technique, allowance};

/// Whether a character name can be written in posts: 1 to 24 letters, digits, `-`, `_` or `'`,
/// and not a square's name.
pub(crate) fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.chars().count() <= 24
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '\''))
        && Square::parse(name).is_none()
}

/// Checks a character's three talents: distinct, not free techniques, ranks 1 to 3.
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

/// Draws three distinct talents at random ranks, for a character the config leaves without.
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

/// The config checked before anything is drawn: the field, the numbers, the team names, and each
/// given character's name and talents.
fn check_config(config: &ScrollRaceConfig) -> Result<(), E> {
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
    Ok(())
}

/// The name of team `team`'s character `i` (from 0): the config's, or for a computer-played
/// character its team's name and number (`Red-4`).
pub(crate) fn character_name(config: &ScrollRaceConfig, team: u8, i: usize) -> String {
    match config.characters[usize::from(team)].get(i) {
        Some(c) => c.name.clone(),
        None => {
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
        }
    }
}

/// Starts a game (see [`crate::ScrollRace`]).
pub(crate) fn setup(config: &ScrollRaceConfig, dice: &mut dyn Dice) -> Result<ScrollRaceState, E> {
    check_config(config)?;
    let starting_team = match Coin::toss(dice)? {
        Coin::Heads => 0,
        Coin::Tails => 1,
    };
    let mut characters = Vec::new();
    for team in 0..2u8 {
        for i in 0..TEAM_SIZE {
            let given = config.characters[usize::from(team)].get(i);
            let name = character_name(config, team, i);
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
        genjutsu_cast: [0; 2],
        sensings: Vec::new(),
        ending: None,
    })
}
