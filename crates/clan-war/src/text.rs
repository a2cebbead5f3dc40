//! The text form of actions, as players post them: `attack E4 from D3`, `play 21`, `pass`,
//! `roll`, `draw`, `switch Honor to Warfare`, and the game master's `end round`.

use pbp_core::engine::{Actor, Seat};

use crate::cards::CardNo;
use crate::clan::{Clan, Strategy};
use crate::error::ClanWarError;
use crate::map::parse_label;
use crate::model::*;
use crate::state::*;

const HELP: &str = "write attack E4 from D3, play 21 [discard 3 7], pass, nullify 21 (or nullify experienced), roll, take 12 (or take nothing), give 12, tactical Honor Warfare (or tactical keep), draw, switch Honor to Warfare, each optionally followed by 'in 2' (the battle's number) or 'in E4' (a hex of the battle) to name the battle; the game master writes end round, join Crab Tactical Warfare, retire Crab, or for Crab pass in 2 (for an absent player: pass, roll, draw, take nothing, tactical keep, give N)";

fn parse_err(text: &str, reason: impl Into<String>) -> ClanWarError {
    ClanWarError::Parse {
        text: text.chars().take(80).collect(),
        reason: reason.into(),
    }
}

fn card_no(text: &str, word: &str) -> Result<CardNo, ClanWarError> {
    let w = word.trim_start_matches('#');
    match w.parse::<u8>() {
        Ok(n) if (1..=52).contains(&n) => Ok(n),
        _ => Err(parse_err(
            text,
            format!("'{word}' is not a card number: cards are numbered 1 to 52"),
        )),
    }
}

fn strategy(text: &str, word: &str) -> Result<Strategy, ClanWarError> {
    Strategy::parse(word).ok_or_else(|| {
        parse_err(
            text,
            format!(
                "'{word}' is not a strategy: the strategies are Cunning, Defensive, Diplomatic, Duelist, Honor, Intrigue, Magic, Mobility, Spiritual, Tactical, Warfare"
            ),
        )
    })
}

/// Which battle the words `in X` name, for `seat`; with no `in`, the one open battle the seat
/// is in (when it is in several, the action is refused, asking for the battle).
fn battle_of(
    state: &ClanWarState,
    actor: Actor,
    text: &str,
    spec: Option<&str>,
) -> Result<u32, ClanWarError> {
    let seat = actor.seat().unwrap_or(Seat(u16::MAX));
    let mine: Vec<&Battle> = state
        .battles
        .iter()
        .filter(|b| b.side_of(seat).is_some() && b.phase != Phase::Closed)
        .collect();
    if let Some(spec) = spec {
        let number = spec.strip_prefix('#').unwrap_or(spec);
        if !number.is_empty() && number.bytes().all(|c| c.is_ascii_digit()) {
            return number
                .parse::<u32>()
                .map_err(|_| parse_err(text, format!("'{spec}' is not a battle number")));
        }
        if parse_label(spec).is_some() {
            let at: Vec<u32> = mine
                .iter()
                .filter(|b| {
                    state.map.hexes[b.target].label.eq_ignore_ascii_case(spec)
                        || state.map.hexes[b.from].label.eq_ignore_ascii_case(spec)
                })
                .map(|b| b.id)
                .collect();
            return match at.as_slice() {
                [one] => Ok(*one),
                [] => Err(parse_err(
                    text,
                    format!("you are in no open battle at {spec}"),
                )),
                many => Err(parse_err(
                    text,
                    format!(
                        "you are in several battles at {spec}: write in {}",
                        list(many)
                    ),
                )),
            };
        }
        return Err(parse_err(
            text,
            format!(
                "'{spec}' names no battle: write in 2 (the battle's number) or in E4 (a hex of the battle)"
            ),
        ));
    }
    match mine.as_slice() {
        [only] => Ok(only.id),
        [] => Err(parse_err(text, "you are in no open battle")),
        many => {
            let ids: Vec<u32> = many.iter().map(|b| b.id).collect();
            let verb = text.split_whitespace().next().unwrap_or("pass");
            Err(parse_err(
                text,
                format!(
                    "you are in battles {}: say which, like '{verb} ... in {}'",
                    list(&ids),
                    ids[0]
                ),
            ))
        }
    }
}

fn list(ids: &[u32]) -> String {
    let names: Vec<String> = ids.iter().map(|i| i.to_string()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// The battle an action belongs to.
pub fn battle_id(action: &ClanWarAction) -> Option<u32> {
    match action {
        ClanWarAction::Play { battle, .. }
        | ClanWarAction::Pass { battle }
        | ClanWarAction::Nullify { battle, .. }
        | ClanWarAction::Roll { battle }
        | ClanWarAction::Take { battle, .. }
        | ClanWarAction::Give { battle, .. }
        | ClanWarAction::Tactical { battle, .. }
        | ClanWarAction::Draw { battle }
        | ClanWarAction::Switch { battle, .. } => Some(*battle),
        ClanWarAction::Attack { .. }
        | ClanWarAction::EndRound
        | ClanWarAction::Join { .. }
        | ClanWarAction::Retire { .. } => None,
        ClanWarAction::ForClan { action, .. } => battle_id(action),
    }
}

/// Reads an action.
pub(crate) fn parse_action(
    state: &ClanWarState,
    actor: Actor,
    text: &str,
) -> Result<ClanWarAction, ClanWarError> {
    let mut words: Vec<&str> = text.split_whitespace().collect();
    // The battle: `in 2`, `battle 2`, `in battle 2`, `in #2` (a shell comment unquoted, still
    // read), or `in E4`.
    let mut spec = None;
    if words.len() >= 2 {
        let word = words[words.len() - 2];
        if word.eq_ignore_ascii_case("in") || word.eq_ignore_ascii_case("battle") {
            spec = words.pop();
            words.pop();
            if word.eq_ignore_ascii_case("battle")
                && words.last().is_some_and(|w| w.eq_ignore_ascii_case("in"))
            {
                words.pop();
            }
        }
    }
    let Some(first) = words.first() else {
        return Err(parse_err(text, format!("the action is empty: {HELP}")));
    };
    // The game master for an absent player: `for Crab pass in 2`.
    if first.eq_ignore_ascii_case("for") && actor == Actor::GameMaster {
        return for_clan(state, text);
    }
    let verb = first.to_ascii_lowercase();
    let rest = &words[1..];
    let b = || battle_of(state, actor, text, spec);
    match (verb.as_str(), rest) {
        ("attack", [target, from_word, from]) if from_word.eq_ignore_ascii_case("from") => {
            for hex in [target, from] {
                if parse_label(hex).is_none() {
                    return Err(parse_err(
                        text,
                        format!(
                            "'{hex}' is not a hex name: write a column letter and a row number, like E4"
                        ),
                    ));
                }
            }
            Ok(ClanWarAction::Attack {
                target: target.to_ascii_uppercase().into(),
                from: from.to_ascii_uppercase().into(),
            })
        }
        ("attack", _) => Err(parse_err(
            text,
            "write attack TARGET from HEX, like attack E4 from D3",
        )),
        ("play", [card, tail @ ..]) => {
            let card = card_no(text, card)?;
            let discards = match tail {
                [] => Vec::new(),
                [d, cards @ ..]
                    if d.eq_ignore_ascii_case("discard")
                        || d.eq_ignore_ascii_case("discarding") =>
                {
                    cards
                        .iter()
                        .map(|w| card_no(text, w.trim_end_matches(',')))
                        .collect::<Result<_, _>>()?
                }
                _ => return Err(parse_err(text, "write play N, or play N discard A B ...")),
            };
            let battle = b()?;
            Ok(ClanWarAction::Play {
                battle,
                card,
                discards,
            })
        }
        ("play", []) => Err(parse_err(text, "which card? write play N")),
        ("pass", []) => Ok(ClanWarAction::Pass { battle: b()? }),
        ("roll", []) => Ok(ClanWarAction::Roll { battle: b()? }),
        ("draw", []) => Ok(ClanWarAction::Draw { battle: b()? }),
        ("nullify", [what]) => {
            let target = if what.eq_ignore_ascii_case("experienced") {
                NullifyTarget::Experienced
            } else {
                NullifyTarget::Card(card_no(text, what)?)
            };
            let battle = b()?;
            Ok(ClanWarAction::Nullify { battle, target })
        }
        ("take", [what]) => {
            let card = if what.eq_ignore_ascii_case("nothing") || what.eq_ignore_ascii_case("none")
            {
                None
            } else {
                Some(card_no(text, what)?)
            };
            let battle = b()?;
            Ok(ClanWarAction::Take { battle, card })
        }
        ("give", [what]) => {
            let card = card_no(text, what)?;
            let battle = b()?;
            Ok(ClanWarAction::Give { battle, card })
        }
        ("tactical", names) => {
            let strategies = match names {
                [k] if k.eq_ignore_ascii_case("keep") => Vec::new(),
                _ => names
                    .iter()
                    .map(|w| strategy(text, w))
                    .collect::<Result<_, _>>()?,
            };
            let battle = b()?;
            Ok(ClanWarAction::Tactical { battle, strategies })
        }
        ("switch", [from, to_word, to]) if to_word.eq_ignore_ascii_case("to") => {
            let (from, to) = (strategy(text, from)?, strategy(text, to)?);
            let battle = b()?;
            Ok(ClanWarAction::Switch { battle, from, to })
        }
        ("switch", _) => Err(parse_err(
            text,
            "write switch OLD to NEW, like switch Honor to Warfare",
        )),
        ("end", [r]) if r.eq_ignore_ascii_case("round") => Ok(ClanWarAction::EndRound),
        ("join", [clan, a, b2]) => {
            let clan = Clan::parse(clan).ok_or_else(|| {
                parse_err(text, format!("'{clan}' is not a Great Clan: Crab, Crane, Dragon, Lion, Mantis, Phoenix, Scorpion or Unicorn"))
            })?;
            Ok(ClanWarAction::Join {
                clan,
                strategies: [strategy(text, a)?, strategy(text, b2)?],
            })
        }
        ("retire", [clan]) => Clan::parse(clan)
            .map(|clan| ClanWarAction::Retire { clan })
            .ok_or_else(|| parse_err(text, format!("'{clan}' is not a Great Clan"))),
        _ => Err(parse_err(text, HELP)),
    }
}

/// Reads the game master's `for CLAN ACTION`.
fn for_clan(state: &ClanWarState, text: &str) -> Result<ClanWarAction, ClanWarError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let usage = "write for CLAN ACTION, like for Crab pass in 2";
    let Some(clan_word) = words.get(1) else {
        return Err(parse_err(text, usage));
    };
    let clan = Clan::parse(clan_word)
        .ok_or_else(|| parse_err(text, format!("'{clan_word}' is not a Great Clan: {usage}")))?;
    let seat = state
        .players
        .iter()
        .find(|p| p.clan == clan)
        .map(|p| p.seat)
        .ok_or_else(|| parse_err(text, format!("no one plays the {clan} clan")))?;
    let action = parse_action(state, Actor::Seat(seat), &words[2..].join(" "))?;
    Ok(ClanWarAction::ForClan {
        clan,
        action: Box::new(action),
    })
}

/// Writes an action; [`parse_action`] reads it back.
pub(crate) fn format_action(_state: &ClanWarState, action: &ClanWarAction) -> String {
    match action {
        ClanWarAction::Attack { target, from } => format!("attack {target} from {from}"),
        ClanWarAction::Play {
            battle,
            card,
            discards,
        } => {
            if discards.is_empty() {
                format!("play {card} in {battle}")
            } else {
                let d: Vec<String> = discards.iter().map(|c| c.to_string()).collect();
                format!("play {card} discard {} in {battle}", d.join(" "))
            }
        }
        ClanWarAction::Pass { battle } => format!("pass in {battle}"),
        ClanWarAction::Nullify { battle, target } => match target {
            NullifyTarget::Card(c) => format!("nullify {c} in {battle}"),
            NullifyTarget::Experienced => format!("nullify experienced in {battle}"),
        },
        ClanWarAction::Roll { battle } => format!("roll in {battle}"),
        ClanWarAction::Take { battle, card } => match card {
            Some(c) => format!("take {c} in {battle}"),
            None => format!("take nothing in {battle}"),
        },
        ClanWarAction::Give { battle, card } => format!("give {card} in {battle}"),
        ClanWarAction::Tactical { battle, strategies } => {
            if strategies.is_empty() {
                format!("tactical keep in {battle}")
            } else {
                let s: Vec<&str> = strategies.iter().map(|s| s.name()).collect();
                format!("tactical {} in {battle}", s.join(" "))
            }
        }
        ClanWarAction::Draw { battle } => format!("draw in {battle}"),
        ClanWarAction::Switch { battle, from, to } => format!("switch {from} to {to} in {battle}"),
        ClanWarAction::EndRound => "end round".into(),
        ClanWarAction::Retire { clan } => format!("retire {clan}"),
        ClanWarAction::Join { clan, strategies } => {
            format!("join {clan} {} {}", strategies[0], strategies[1])
        }
        ClanWarAction::ForClan { clan, action } => {
            format!("for {clan} {}", format_action(_state, action))
        }
    }
}
