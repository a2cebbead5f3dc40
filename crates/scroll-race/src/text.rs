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

use pbp_core::Actor;

use crate::error::ScrollRaceError as E;
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
                    pbp_core::counted(n as u64, "argument", "arguments")
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
pub(crate) fn parse(
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
pub(crate) fn format(state: &ScrollRaceState, action: &ScrollRaceAction) -> String {
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
