//! The text form of actions, as players post them: `attack E4 from D3`, `play 21`, `pass`,
//! `roll`, `draw`, `switch Honor to Warfare`, and the game master's `end round`.

use pbp_core::engine::Actor;

use crate::cards::CardNo;
use crate::clan::{Clan, Strategy};
use crate::error::{BattleName, ClanWarError, Refusal};
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

/// A word of the post as a refusal quotes it: whole when short, else its first 16 characters
/// and an ellipsis, so that a hostile post of one endless word is not echoed back whole.
fn quoted(word: &str) -> String {
    const MAX: usize = 16;
    if word.chars().count() <= MAX {
        word.to_string()
    } else {
        let mut short: String = word.chars().take(MAX).collect();
        short.push('…');
        short
    }
}

fn card_no(text: &str, word: &str) -> Result<CardNo, ClanWarError> {
    let w = word.trim_start_matches('#');
    match w.parse::<u8>() {
        Ok(n) if (1..=52).contains(&n) => Ok(n),
        _ => Err(parse_err(
            text,
            format!(
                "'{}' is not a card number: cards are numbered 1 to 52",
                quoted(word)
            ),
        )),
    }
}

fn strategy(text: &str, word: &str) -> Result<Strategy, ClanWarError> {
    Strategy::parse(word).ok_or_else(|| {
        parse_err(
            text,
            format!(
                "'{}' is not a strategy: the strategies are Cunning, Defensive, Diplomatic, Duelist, Honor, Intrigue, Magic, Mobility, Spiritual, Tactical, Warfare",
                quoted(word)
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
    let Some(seat) = actor.seat() else {
        return Err(parse_err(
            text,
            "the game master fights in no battle: to act for an absent player, write for CLAN ACTION, like for Crab pass in 2",
        ));
    };
    let mine: Vec<&Battle> = state
        .battles
        .iter()
        .filter(|b| b.side_of(seat).is_some() && b.phase != Phase::Closed)
        .collect();
    if let Some(spec) = spec {
        let number = spec.strip_prefix('#').unwrap_or(spec);
        if !number.is_empty() && number.bytes().all(|c| c.is_ascii_digit()) {
            return number.parse::<u32>().map_err(|_| {
                parse_err(text, format!("'{}' is not a battle number", quoted(spec)))
            });
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
                "'{}' names no battle: write in 2 (the battle's number) or in E4 (a hex of the battle)",
                quoted(spec)
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
                            "'{}' is not a hex name: write a column letter and a row number, like E4",
                            quoted(hex)
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
                parse_err(text, format!("'{}' is not a Great Clan: Crab, Crane, Dragon, Lion, Mantis, Phoenix, Scorpion or Unicorn", quoted(clan)))
            })?;
            Ok(ClanWarAction::Join {
                clan,
                strategies: [strategy(text, a)?, strategy(text, b2)?],
            })
        }
        ("retire", [clan]) => Clan::parse(clan)
            .map(|clan| ClanWarAction::Retire { clan })
            .ok_or_else(|| parse_err(text, format!("'{}' is not a Great Clan", quoted(clan)))),
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
    let clan = Clan::parse(clan_word).ok_or_else(|| {
        parse_err(
            text,
            format!("'{}' is not a Great Clan: {usage}", quoted(clan_word)),
        )
    })?;
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

impl std::fmt::Display for BattleName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BattleName::Yours { hex } => write!(f, "your attack on {hex}"),
            BattleName::OnYours { attacker, hex } => write!(f, "{attacker}'s attack on your {hex}"),
            BattleName::Other { attacker, hex } => write!(f, "{attacker}'s attack on {hex}"),
            BattleName::Number(n) => write!(f, "battle {n}"),
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::NoSuchCard => f.write_str("no such card"),
            Refusal::NoSeat(seat) => write!(f, "seat {seat} is not in the game"),
            Refusal::NotInHand(no) => write!(f, "card {no} is not in your hand"),
            Refusal::NotInTheirHand(no) => write!(f, "card {no} is not in their hand"),
            Refusal::NotShown(no) => write!(
                f,
                "card {no} was not in the hand you were shown: take one of those cards still in it"
            ),
            Refusal::NoBattle { number, open } if open.is_empty() => {
                write!(f, "no battle is open (none has the number {number})")
            }
            Refusal::NoBattle { number, open } => {
                write!(f, "no open battle has the number {number}; the open battles: ")?;
                for (i, b) in open.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{b}")?;
                }
                Ok(())
            }
            Refusal::NotIn(b) => write!(f, "you are not in {b}"),
            Refusal::NoSuchClan(clan) => write!(f, "no one plays the {clan} clan"),
            Refusal::ClanRetired(clan) => write!(
                f,
                "the {clan} player is retired: its battles run by themselves"
            ),
            Refusal::AlreadyRetired(clan) => write!(f, "the {clan} player is already retired"),
            Refusal::NotForAbsent => f.write_str(
                "for an absent player the game master may pass, roll, draw, take nothing, keep its strategies (tactical keep) or give a card it owes",
            ),
            Refusal::PlayersFight => f.write_str(
                "the game master ends rounds and signs up players; the players fight the battles",
            ),
            Refusal::GameMasterOnly => f.write_str(
                "only the game master may end the round, sign up or retire a player, or act for an absent one",
            ),
            Refusal::OnlyGameMaster => f.write_str("only the game master may do that"),
            Refusal::NoLongerActive => f.write_str("you are no longer active in this game"),
            Refusal::NoTake(b) => write!(f, "you have no card to take in {b}"),
            Refusal::SpiritHasNoHand => f.write_str("the Spirit Army has no hand"),
            Refusal::OweNone(b) => write!(f, "you owe no card in {b}"),
            Refusal::SpiritTakesNone => f.write_str("the Spirit Army takes no cards"),
            Refusal::NoTactical(b) => write!(f, "you have no Tactical choice in {b}"),
            Refusal::SameStrategies => f.write_str("choose two different strategies"),
            Refusal::AlreadyHave(s) => write!(f, "you already have {s}"),
            Refusal::NameTwo => f.write_str(
                "after a win Tactical changes both strategies: name two, or none to keep them",
            ),
            Refusal::NameOne => f.write_str(
                "after a loss Tactical changes your other strategy: name one, or none to keep it",
            ),
            Refusal::NotAtRoll(b) => write!(f, "{b} is not at the roll"),
            Refusal::RolledAlready(b) => write!(f, "you have already rolled in {b}"),
            Refusal::NotYourTurn(b) => write!(f, "it is not your turn in {b}"),
            Refusal::NotYourTurnToPlay(b) => write!(f, "it is not your turn to play in {b}"),
            Refusal::PlayOver(b) => write!(f, "card play in {b} is over"),
            Refusal::SpellsOff => f.write_str("Spells are cast only through Magic in this game"),
            Refusal::OwesGive => f.write_str(
                "you owe a card to a Cunning winner: give it before you play your last card",
            ),
            Refusal::PlayedAlready(b) => write!(
                f,
                "you have played your card in {b}: pass, or play a card your Ring allows"
            ),
            Refusal::NoDiscards(no) => write!(f, "card {no} does not let you discard cards"),
            Refusal::RingOnly(no) => write!(
                f,
                "card {no} goes through your Ring, which gives only +1k0 in this game: play it without discards"
            ),
            Refusal::BadDiscard(d) => write!(
                f,
                "you cannot discard card {d}: discard other cards from your hand, each once"
            ),
            Refusal::AttackedAlready => {
                f.write_str("you have already attacked this round: one attack per round")
            }
            Refusal::NoSuchHex(label) => write!(f, "there is no hex '{label}' on the map"),
            Refusal::NotYourHex(hex) => write!(f, "you do not control {hex}"),
            Refusal::AlreadyYours(hex) => write!(f, "{hex} is already yours"),
            Refusal::TooFar {
                target,
                from,
                distance,
            } => write!(
                f,
                "{target} is {distance} hexes from {from}: you may attack at most two hexes away"
            ),
            Refusal::TargetAttacking(hex) => {
                write!(f, "{hex} is attacking this round and cannot be attacked")
            }
            Refusal::FromAttacked(hex) => {
                write!(f, "{hex} is being attacked this round and cannot attack")
            }
            Refusal::HolderGone => f.write_str("that hex's holder is not in the game"),
            Refusal::NoDefensive => f.write_str("no Defensive choice is waiting in this battle"),
            Refusal::NotYourDefensive => {
                f.write_str("the Defensive choice in this battle is not yours")
            }
            Refusal::NotNullifiable => f.write_str(
                "that is not a card your opponent played in this battle (or it is already nullified)",
            ),
            Refusal::NotAtDraws(b) => write!(f, "{b} is not at its draws"),
            Refusal::DrewAlready(b) => write!(f, "you have already drawn or switched in {b}"),
            Refusal::AlreadySwitched => {
                f.write_str("you have already switched a strategy this round")
            }
            Refusal::NotHeld(s) => write!(f, "you do not have the {s} strategy"),
            Refusal::AlreadyHeld(s) => write!(f, "you already have the {s} strategy"),
            Refusal::NotOwnProvince(clan) => {
                let own: Vec<&str> = clan.strategies().iter().map(|s| s.name()).collect();
                write!(
                    f,
                    "this battle involved no {clan} province: you may only switch to a {clan} strategy ({})",
                    own.join(", ")
                )
            }
            Refusal::SignUpOff => f.write_str("late sign-up is off in this game"),
            Refusal::TableFull => f.write_str("eight clans are already playing"),
            Refusal::SignUp(reason) => f.write_str(reason),
            Refusal::Pool(e) => write!(f, "{e}"),
            Refusal::Deck(e) => write!(f, "{e}"),
        }
    }
}
