//! The text form of actions, in English with French aliases.
//!
//! ```text
//! carrier Kiba            porteur Kiba        (choose or change the carrier)
//! keep                    garder              (keep the carrier)
//! wait                    rien                (do nothing this turn)
//! step n                  avance nord         (one square: n e s w / nord est sud ouest)
//! sprint n e              sprint nord est     (a sprint: long leg, then short leg)
//! step n; goken Kiba      avance n puis goken Kiba
//! pass Kiba   goken Kiba   goken c5 (a summon)   katon Kiba   genjutsu   doton   sensory
//! kuchiyose c5   fuinjutsu c5   suiton c5   kujutsu Kiba c5   iroujutsu Kiba katon   fuuton Kiba
//! gm skip   gm place Kiba c5   gm give Kiba   gm clear c5   gm end Red   gm end draw
//! ```

use pbp_core::engine::Actor;

use crate::error::{Refusal, ScrollRaceError as E};
use crate::field::{Dir, Square};
use crate::model::{CharId, Movement, Ruling, ScrollRaceAction, Target, Use};
use crate::state::ScrollRaceState;
use crate::technique::Technique;

fn err(text: &str, reason: impl Into<String>) -> E {
    E::Parse {
        text: text.chars().take(80).collect(),
        reason: reason.into(),
    }
}

fn character(state: &ScrollRaceState, word: &str, text: &str) -> Result<CharId, E> {
    let word = word.trim_start_matches('@');
    if let Some(c) = state
        .characters
        .iter()
        .find(|c| c.name.to_lowercase() == word.to_lowercase())
    {
        return Ok(c.id);
    }
    match word.parse::<u8>() {
        Ok(n) if usize::from(n) < state.characters.len() => Ok(n),
        _ => Err(err(text, format!("no character is called '{word}'"))),
    }
}

fn square(word: &str, text: &str) -> Result<Square, E> {
    Square::parse(word).ok_or_else(|| err(text, format!("'{word}' is not a square like c5")))
}

fn dir(word: &str, text: &str) -> Result<Dir, E> {
    Dir::parse(word).ok_or_else(|| err(text, format!("'{word}' is not a direction (n e s w)")))
}

fn movement(words: &[&str], text: &str) -> Result<Option<Movement>, E> {
    let Some(first) = words.first() else {
        return Ok(None);
    };
    match (first.to_lowercase().as_str(), &words[1..]) {
        ("step" | "move" | "avance" | "bouge" | "pas", [d]) => {
            Ok(Some(Movement::Step(dir(d, text)?)))
        }
        ("sprint", [d]) => Ok(Some(Movement::Sprint {
            long: dir(d, text)?,
            short: None,
        })),
        ("sprint", [d, e]) => Ok(Some(Movement::Sprint {
            long: dir(d, text)?,
            short: Some(dir(e, text)?),
        })),
        _ => Ok(None),
    }
}

fn technique(state: &ScrollRaceState, words: &[&str], text: &str) -> Result<Use, E> {
    let name = words.first().copied().unwrap_or_default();
    let tech = Technique::parse(name)
        .ok_or_else(|| err(text, format!("'{name}' is neither a move nor a technique")))?;
    let args = &words[1..];
    let one = |n: usize| -> Result<(), E> {
        if args.len() == n {
            Ok(())
        } else {
            Err(err(
                text,
                format!(
                    "{} takes {}",
                    tech.name(),
                    pbp_core::engine::words::counted(n as u64, "argument", "arguments")
                ),
            ))
        }
    };
    Ok(match tech {
        Technique::Sprint => return Err(err(text, "a sprint is the move: write sprint DIR [DIR]")),
        Technique::Pass => {
            one(1)?;
            Use::Pass(character(state, args[0], text)?)
        }
        Technique::Goken
        | Technique::Suiken
        | Technique::Taijutsu
        | Technique::Katon
        | Technique::Raiton => {
            one(1)?;
            let target = match Square::parse(args[0]) {
                Some(s)
                    if state.summon_at(s).is_some() || character(state, args[0], text).is_err() =>
                {
                    Target::Summon(s)
                }
                _ => Target::Character(character(state, args[0], text)?),
            };
            Use::Attack {
                technique: tech,
                target,
            }
        }
        Technique::Genjutsu => {
            one(0)?;
            Use::Genjutsu
        }
        Technique::Doton => {
            one(0)?;
            Use::Doton
        }
        Technique::Sensory => {
            one(0)?;
            Use::Sensory
        }
        Technique::Kuchiyose => {
            one(1)?;
            Use::Kuchiyose(square(args[0], text)?)
        }
        Technique::Fuinjutsu => {
            one(1)?;
            Use::Fuinjutsu(square(args[0], text)?)
        }
        Technique::Suiton => {
            one(1)?;
            Use::Suiton(square(args[0], text)?)
        }
        Technique::Kujutsu => {
            one(2)?;
            Use::Kujutsu {
                ally: character(state, args[0], text)?,
                to: square(args[1], text)?,
            }
        }
        Technique::Iroujutsu => {
            one(2)?;
            Use::Iroujutsu {
                target: character(state, args[0], text)?,
                technique: Technique::parse(args[1])
                    .ok_or_else(|| err(text, format!("'{}' is not a technique", args[1])))?,
            }
        }
        Technique::Fuuton => {
            one(1)?;
            Use::Fuuton(character(state, args[0], text)?)
        }
    })
}

fn team(state: &ScrollRaceState, word: &str, text: &str) -> Result<Option<u8>, E> {
    let w = word.to_lowercase();
    if w == "draw" || w == "nul" {
        return Ok(None);
    }
    for t in 0..2u8 {
        if state.config.team_names[usize::from(t)].to_lowercase() == w || w == t.to_string() {
            return Ok(Some(t));
        }
    }
    Err(err(text, format!("'{word}' is neither a team nor draw")))
}

fn ruling(state: &ScrollRaceState, words: &[&str], text: &str) -> Result<Ruling, E> {
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let lower: Vec<&str> = lower.iter().map(String::as_str).collect();
    match lower.as_slice() {
        ["skip"] => Ok(Ruling::Skip),
        ["place", _, _] => Ok(Ruling::Place {
            character: character(state, words[1], text)?,
            square: square(words[2], text)?,
        }),
        ["give", _] => Ok(Ruling::GiveScroll {
            character: character(state, words[1], text)?,
        }),
        ["clear", _] => Ok(Ruling::Clear(square(words[1], text)?)),
        ["end", _] => Ok(Ruling::End {
            winner: team(state, words[1], text)?,
        }),
        _ => Err(err(
            text,
            "rulings are: gm skip, gm place NAME SQUARE, gm give NAME, gm clear SQUARE, gm end TEAM|draw",
        )),
    }
}

/// Reads an action.
pub(crate) fn parse_action(
    state: &ScrollRaceState,
    actor: Actor,
    text: &str,
) -> Result<ScrollRaceAction, E> {
    let normalized = text.replace([';', ','], " ; ");
    let words: Vec<&str> = normalized.split_whitespace().collect();
    let Some(first) = words.first() else {
        return Err(err(text, "the action is empty"));
    };
    let head = first.to_lowercase();
    if head == "gm" || head == "mj" || actor == Actor::GameMaster {
        let rest = if head == "gm" || head == "mj" {
            &words[1..]
        } else {
            &words[..]
        };
        return Ok(ScrollRaceAction::Gm(ruling(state, rest, text)?));
    }
    match (head.as_str(), words.len()) {
        ("carrier" | "porteur", 2) => {
            return Ok(ScrollRaceAction::Carrier(character(state, words[1], text)?));
        }
        ("keep" | "garder" | "garde", 1) => return Ok(ScrollRaceAction::Keep),
        ("wait" | "nothing" | "rien" | "attendre" | "done", 1) => {
            return Ok(ScrollRaceAction::Play {
                movement: None,
                technique: None,
            });
        }
        _ => {}
    }
    let parts: Vec<Vec<&str>> = words
        .split(|w| *w == ";" || w.eq_ignore_ascii_case("then") || w.eq_ignore_ascii_case("puis"))
        .filter(|p| !p.is_empty())
        .map(<[&str]>::to_vec)
        .collect();
    match parts.as_slice() {
        [one] => match movement(one, text)? {
            Some(m) => Ok(ScrollRaceAction::Play {
                movement: Some(m),
                technique: None,
            }),
            None => Ok(ScrollRaceAction::Play {
                movement: None,
                technique: Some(technique(state, one, text)?),
            }),
        },
        [m, t] => {
            let m = movement(m, text)?
                .ok_or_else(|| err(text, "write the move first, then the technique"))?;
            Ok(ScrollRaceAction::Play {
                movement: Some(m),
                technique: Some(technique(state, t, text)?),
            })
        }
        _ => Err(err(
            text,
            "a turn is a move, a technique, or a move then a technique",
        )),
    }
}

fn name(state: &ScrollRaceState, id: CharId) -> String {
    state
        .characters
        .get(usize::from(id))
        .map_or_else(|| id.to_string(), |c| c.name.to_string())
}

fn format_use(state: &ScrollRaceState, u: &Use) -> String {
    let t = u.technique().name();
    match *u {
        Use::Pass(c) | Use::Fuuton(c) => format!("{t} {}", name(state, c)),
        Use::Attack {
            target: Target::Character(c),
            ..
        } => format!("{t} {}", name(state, c)),
        Use::Attack {
            target: Target::Summon(s),
            ..
        } => format!("{t} {s}"),
        Use::Genjutsu | Use::Doton | Use::Sensory => t.to_owned(),
        Use::Kuchiyose(s) | Use::Fuinjutsu(s) | Use::Suiton(s) => format!("{t} {s}"),
        Use::Kujutsu { ally, to } => format!("{t} {} {to}", name(state, ally)),
        Use::Iroujutsu { target, technique } => {
            format!("{t} {} {}", name(state, target), technique.name())
        }
    }
}

fn format_movement(m: Movement) -> String {
    match m {
        Movement::Step(d) => format!("step {}", d.name()),
        Movement::Sprint { long, short: None } => format!("sprint {}", long.name()),
        Movement::Sprint {
            long,
            short: Some(s),
        } => format!("sprint {} {}", long.name(), s.name()),
    }
}

/// Writes an action.
pub(crate) fn format_action(state: &ScrollRaceState, action: &ScrollRaceAction) -> String {
    match action {
        ScrollRaceAction::Carrier(c) => format!("carrier {}", name(state, *c)),
        ScrollRaceAction::Keep => "keep".into(),
        ScrollRaceAction::Play {
            movement: None,
            technique: None,
        } => "wait".into(),
        ScrollRaceAction::Play {
            movement: Some(m),
            technique: None,
        } => format_movement(*m),
        ScrollRaceAction::Play {
            movement: None,
            technique: Some(u),
        } => format_use(state, u),
        ScrollRaceAction::Play {
            movement: Some(m),
            technique: Some(u),
        } => format!("{}; {}", format_movement(*m), format_use(state, u)),
        ScrollRaceAction::Gm(r) => match r {
            Ruling::Skip => "gm skip".into(),
            Ruling::Place { character, square } => {
                format!("gm place {} {square}", name(state, *character))
            }
            Ruling::GiveScroll { character } => format!("gm give {}", name(state, *character)),
            Ruling::Clear(s) => format!("gm clear {s}"),
            Ruling::End { winner: None } => "gm end draw".into(),
            Ruling::End { winner: Some(w) } => format!("gm end {w}"),
        },
    }
}

/// The words of a refusal, after its kind's ("illegal move: ", "illegal target: ", ...).
impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::NoCarrierToChoose { who } => write!(f, "{who} has no carrier to choose"),
            Refusal::NotTheChanger { who, captain } => {
                write!(
                    f,
                    "{who} does not decide the carrier change: {captain} does"
                )
            }
            Refusal::NoChangeToDecide { who, captain } => match captain {
                Some(captain) => write!(
                    f,
                    "{who} has no carrier change to decide: {captain} decides it"
                ),
                None => write!(f, "{who} has no carrier change to decide"),
            },
            Refusal::NotChoosingCarriers => f.write_str("carriers are not chosen now"),
            Refusal::AlreadyCarrier => f.write_str("that is already the carrier: use keep"),
            Refusal::ScrollOnGround => {
                f.write_str("the scroll lies on the ground and cannot be handed over")
            }
            Refusal::OnlyGameMasterRules => f.write_str("only the game master makes rulings"),
            Refusal::GameMasterRules => {
                f.write_str("the game master rules; players move and choose carriers")
            }
            Refusal::NotYourTurn { who, current } => match current {
                Some(cur) => write!(f, "it is not {who}'s turn: {cur} plays now"),
                None => write!(f, "it is not {who}'s turn"),
            },
            Refusal::DoesNotKnow { name, technique } => {
                write!(f, "{name} does not know {}", technique.name())
            }
            Refusal::NoUseLeft { name, technique } => {
                write!(f, "{name} has no use of {} left", technique.name())
            }
            Refusal::SprintStraight => f.write_str("a rank 1 sprint goes two squares straight"),
            Refusal::SprintShape { rank, long } => write!(
                f,
                "a rank {rank} sprint goes {long} squares then one square at right angles"
            ),
            Refusal::LeavesField => f.write_str("that leaves the field"),
            Refusal::BurntMove(name) => write!(f, "{name} is burnt and cannot move this turn"),
            Refusal::BurntJump(name) => write!(f, "{name} is burnt and cannot jump this turn"),
            Refusal::OffField(s) => write!(f, "{s} is off the field"),
            Refusal::Wall(s) => write!(f, "{s} is a wall"),
            Refusal::Taken(s) => write!(f, "{s} is taken"),
            Refusal::SummonBlocks(s) => write!(f, "a summon blocks {s}"),
            Refusal::EnemyScroll(s) => write!(f, "the enemy scroll on {s} bars the way"),
            Refusal::EnemyZone(s) => write!(
                f,
                "{s} is in the enemy zone, where only the scroll carrier may go"
            ),
            Refusal::SummonOn(s) => write!(f, "a summon stands on {s}"),
            Refusal::NoSummonOn(s) => write!(f, "no summon stands on {s}"),
            Refusal::NotCarrying(name) => write!(f, "{name} does not carry the scroll"),
            Refusal::PassInEnemyZone => {
                f.write_str("the scroll cannot be passed inside the enemy zone")
            }
            Refusal::NotAnEnemy(name) => write!(f, "{name} is not an enemy"),
            Refusal::NotAnAlly(name) => write!(f, "{name} is not an ally"),
            Refusal::PassOutOfReach { name, rank } => {
                write!(f, "{name} is out of reach of a rank {rank} pass")
            }
            Refusal::NotAnAttack(t) => write!(f, "{} is not an attack", t.name()),
            Refusal::SummonTooStrong {
                rank,
                technique,
                summon,
            } => write!(
                f,
                "a rank {rank} {} cannot destroy a rank {summon} summon",
                technique.name()
            ),
            Refusal::SquareNotAdjacent(s) => write!(f, "{s} is not adjacent"),
            Refusal::NotAdjacent(name) => write!(f, "{name} is not adjacent"),
            Refusal::SquareOutOfSight(s) => write!(f, "{s} is out of reach or out of sight"),
            Refusal::OutOfSight(name) => write!(f, "{name} is out of reach or out of sight"),
            Refusal::DotonUp(name) => write!(f, "{name} already has a Doton up"),
            Refusal::NoEnemyCarrier => f.write_str("nobody carries the enemy scroll"),
            Refusal::OutOfReach(s) => write!(f, "{s} is out of reach"),
            Refusal::ScrollOn(s) => write!(f, "a scroll lies on {s}"),
            Refusal::TrapOn(s) => write!(f, "your team already has a trap on {s}"),
            Refusal::NotNextTo { square, name } => write!(f, "{square} is not next to {name}"),
            Refusal::KujutsuTowards(rank) => write!(
                f,
                "a rank {rank} Kujutsu only draws an ally towards its caster"
            ),
            Refusal::KujutsuIntoBase => {
                f.write_str("a rank 3 Kujutsu cannot move into the enemy base")
            }
            Refusal::NotYouNorAdjacentAlly(name) => {
                write!(f, "{name} is neither you nor an adjacent ally")
            }
            Refusal::NotSpent {
                name,
                technique,
                rank,
            } => write!(
                f,
                "{name}'s {} is not a spent rank {rank} technique",
                technique.name()
            ),
            Refusal::LandingOffField => f.write_str("the landing square is off the field"),
            Refusal::NobodyPlaying => f.write_str("nobody is taking a turn"),
            Refusal::CannotHold => f.write_str("that square cannot hold a character"),
            Refusal::NotFree => f.write_str("that square is not free"),
            Refusal::OnlyCarrierInEnemyZone => {
                f.write_str("only a scroll carrier may stand in the enemy zone")
            }
            Refusal::PlaceEndsGame => {
                f.write_str("placing the carrier in the enemy base would end the game: use end")
            }
            Refusal::StillChoosing => f.write_str("the teams are still choosing their carriers"),
            Refusal::NoSuchTeam => f.write_str("teams are 0 and 1"),
        }
    }
}
