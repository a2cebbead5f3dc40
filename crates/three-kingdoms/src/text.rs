//! The text form of actions, as a player writes them in a forum post.
//!
//! | text | action |
//! |---|---|
//! | `discard 12` | discard card 12 for Resource points |
//! | `play 14`, `play 14 on 1:3` | play card 14 (on seat 1's card 3) |
//! | `summon 9`, `revive 4` | summon from the hand, revive from the discard pile |
//! | `defend 2` | activate Defend |
//! | `use 5`, `use 5 strategist on 0:2` | use an activated ability |
//! | `move lord` | move the Lord |
//! | `end` | end the phase |
//! | `attack 2 on 5` | character 2 attacks enemy card 5 |
//! | `intercept 3 4`, `intercept none` | intercept with 3 then 4, or not |
//! | `follow 3`, `follow none` | follow up with 3, or not |
//!
//! Anything in parentheses is a reader's note and is skipped, so the names pbp writes after
//! each number (`discard 21 (Shield Wall)`, `attack 2 (Zhang Fei) on 5 (Cao Cao)`,
//! `use 3 (Guo Jia) on 1:4 (Shu's Liao Hua)`) read back as the numbers alone.

use pbp_core::engine::{Actor, Seat, words::counted};

use crate::cards::{CostScope, Duration, Effect, Whom};
use crate::error::{Refusal, ThreeKingdomsError};
use crate::model::ThreeKingdomsAction;
use crate::state::{TargetRef, ThreeKingdomsState};

fn parse_err(text: &str, reason: &str) -> ThreeKingdomsError {
    ThreeKingdomsError::Parse {
        text: text.chars().take(80).collect(),
        reason: reason.into(),
    }
}

fn number(text: &str, word: &str) -> Result<u32, ThreeKingdomsError> {
    word.trim_start_matches('#')
        .parse::<u32>()
        .map_err(|_| parse_err(text, "expected a card number"))
}

fn target(text: &str, word: &str) -> Result<TargetRef, ThreeKingdomsError> {
    let (s, c) = word
        .split_once(':')
        .ok_or_else(|| parse_err(text, "a target is written SEAT:CARD, like 1:3"))?;
    let seat = s
        .parse::<u16>()
        .ok()
        .filter(|s| *s <= 1)
        .ok_or_else(|| parse_err(text, "the seat of a target is 0 or 1"))?;
    Ok(TargetRef {
        seat: Seat(seat),
        card: number(text, c)?,
    })
}

/// Reads an action.
///
/// # Errors
/// [`ThreeKingdomsError::Parse`] with the reason.
pub fn parse_action(
    _state: &ThreeKingdomsState,
    _actor: Actor,
    text: &str,
) -> Result<ThreeKingdomsAction, ThreeKingdomsError> {
    let lower = without_notes(text)?.to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let on = |rest: &[&str]| -> Result<Option<TargetRef>, ThreeKingdomsError> {
        match rest {
            [] => Ok(None),
            ["on", t] => Ok(Some(target(text, t)?)),
            _ => Err(parse_err(text, "expected 'on SEAT:CARD' or nothing")),
        }
    };
    match words.as_slice() {
        ["discard", n] => Ok(ThreeKingdomsAction::Discard {
            card: number(text, n)?,
        }),
        ["play", n, rest @ ..] => Ok(ThreeKingdomsAction::Play {
            card: number(text, n)?,
            target: on(rest)?,
        }),
        ["summon", n] => Ok(ThreeKingdomsAction::Summon {
            card: number(text, n)?,
        }),
        ["revive", n] => Ok(ThreeKingdomsAction::Revive {
            card: number(text, n)?,
        }),
        ["defend", n] => Ok(ThreeKingdomsAction::Defend {
            general: number(text, n)?,
        }),
        ["use", n, "strategist", rest @ ..] => Ok(ThreeKingdomsAction::Use {
            character: number(text, n)?,
            strategist: true,
            target: on(rest)?,
        }),
        ["use", n, rest @ ..] => Ok(ThreeKingdomsAction::Use {
            character: number(text, n)?,
            strategist: false,
            target: on(rest)?,
        }),
        ["move", "lord"] => Ok(ThreeKingdomsAction::MoveLord),
        ["end"] => Ok(ThreeKingdomsAction::End),
        ["attack", a, "on", t] => Ok(ThreeKingdomsAction::Attack {
            attacker: number(text, a)?,
            target: number(text, t)?,
        }),
        ["intercept", "none"] => Ok(ThreeKingdomsAction::Intercept { with: Vec::new() }),
        ["intercept", rest @ ..] if !rest.is_empty() => Ok(ThreeKingdomsAction::Intercept {
            with: rest
                .iter()
                .map(|w| number(text, w))
                .collect::<Result<_, _>>()?,
        }),
        ["follow", "none"] => Ok(ThreeKingdomsAction::FollowUp { with: None }),
        ["follow", n] => Ok(ThreeKingdomsAction::FollowUp {
            with: Some(number(text, n)?),
        }),
        _ => Err(parse_err(
            text,
            "write discard N, play N [on S:C], summon N, revive N, defend N, use N [strategist] [on S:C], move lord, end, attack N on M, intercept N.../none, follow N/none",
        )),
    }
}

/// The text without its parenthesised notes (nested ones too).
fn without_notes(text: &str) -> Result<String, ThreeKingdomsError> {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return Err(parse_err(text, "a ')' closes no '('")),
            ')' => {
                depth -= 1;
                out.push(' ');
            }
            c if depth == 0 => out.push(c),
            _ => {}
        }
    }
    if depth > 0 {
        return Err(parse_err(text, "a '(' is never closed"));
    }
    Ok(out)
}

/// Writes an action with the name of each card after its number, as the acting player reads
/// it: `attack 2 (Zhang Fei) on 5 (Cao Cao)`. [`parse_action`] reads it back (the names are notes).
pub fn format_action(state: &ThreeKingdomsState, action: &ThreeKingdomsAction) -> String {
    let seat = if state.pending.is_some() {
        crate::state::other(state.active)
    } else {
        state.active
    };
    // Names never hold parentheses here, so the text reads back.
    let clean = |name: &str| name.replace(['(', ')'], "");
    let own = |card: u32| match state.def(seat, card) {
        Some(d) => format!("{card} ({})", clean(&d.name)),
        None => card.to_string(),
    };
    let theirs = |card: u32| match state.def(crate::state::other(seat), card) {
        Some(d) => format!("{card} ({})", clean(&d.name)),
        None => card.to_string(),
    };
    let on = |t: &Option<TargetRef>| match t {
        Some(t) => match state.def(t.seat, t.card) {
            Some(d) => format!(
                " on {}:{} ({}'s {})",
                t.seat,
                t.card,
                clean(
                    &<crate::game::ThreeKingdoms as pbp_core::engine::Game>::seat_label(
                        state, t.seat
                    )
                ),
                clean(&d.name)
            ),
            None => format!(" on {}:{}", t.seat, t.card),
        },
        None => String::new(),
    };
    match action {
        ThreeKingdomsAction::Discard { card } => format!("discard {}", own(*card)),
        ThreeKingdomsAction::Play { card, target } => format!("play {}{}", own(*card), on(target)),
        ThreeKingdomsAction::Summon { card } => format!("summon {}", own(*card)),
        ThreeKingdomsAction::Revive { card } => format!("revive {}", own(*card)),
        ThreeKingdomsAction::Defend { general } => format!("defend {}", own(*general)),
        ThreeKingdomsAction::Use {
            character,
            strategist,
            target,
        } => format!(
            "use {}{}{}",
            own(*character),
            if *strategist { " strategist" } else { "" },
            on(target)
        ),
        ThreeKingdomsAction::Attack { attacker, target } => {
            format!("attack {} on {}", own(*attacker), theirs(*target))
        }
        ThreeKingdomsAction::Intercept { with } if !with.is_empty() => format!(
            "intercept {}",
            with.iter().map(|c| own(*c)).collect::<Vec<_>>().join(" ")
        ),
        ThreeKingdomsAction::FollowUp { with: Some(g) } => format!("follow {}", own(*g)),
        other => format_plain(other),
    }
}

/// Writes an action; [`parse_action`] reads it back.
pub fn format_plain(action: &ThreeKingdomsAction) -> String {
    let on = |t: &Option<TargetRef>| match t {
        Some(t) => format!(" on {}:{}", t.seat, t.card),
        None => String::new(),
    };
    match action {
        ThreeKingdomsAction::Discard { card } => format!("discard {card}"),
        ThreeKingdomsAction::Play { card, target } => format!("play {card}{}", on(target)),
        ThreeKingdomsAction::Summon { card } => format!("summon {card}"),
        ThreeKingdomsAction::Revive { card } => format!("revive {card}"),
        ThreeKingdomsAction::Defend { general } => format!("defend {general}"),
        ThreeKingdomsAction::Use {
            character,
            strategist,
            target,
        } => format!(
            "use {character}{}{}",
            if *strategist { " strategist" } else { "" },
            on(target)
        ),
        ThreeKingdomsAction::MoveLord => "move lord".into(),
        ThreeKingdomsAction::End => "end".into(),
        ThreeKingdomsAction::Attack { attacker, target } => {
            format!("attack {attacker} on {target}")
        }
        ThreeKingdomsAction::Intercept { with } if with.is_empty() => "intercept none".into(),
        ThreeKingdomsAction::Intercept { with } => format!(
            "intercept {}",
            with.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ),
        ThreeKingdomsAction::FollowUp { with: None } => "follow none".into(),
        ThreeKingdomsAction::FollowUp { with: Some(g) } => format!("follow {g}"),
    }
}

/// How long an effect lasts, in words: `until the end of the turn`.
pub fn duration_text(d: Duration) -> String {
    match d {
        Duration::EndOfTurn => "until the end of the turn".into(),
        Duration::Turns(1) => "for 1 turn".into(),
        Duration::Turns(n) => format!("for {n} turns"),
        Duration::Permanent => "for good".into(),
    }
}

fn whom(w: Whom) -> &'static str {
    match w {
        Whom::You => "its player",
        Whom::Opponent => "the opponent",
    }
}

/// An effect in words, as a game master would write it: `+400 Strength until the end of the
/// turn`, `500 damage`.
pub fn effect_text(effect: &Effect) -> String {
    match effect {
        Effect::Strength { amount, duration } => {
            format!("{amount:+} Strength {}", duration_text(*duration))
        }
        Effect::Damage { amount } => format!("{amount} damage"),
        Effect::Draw { count, player } => {
            format!(
                "{} draws {}",
                whom(*player),
                counted(*count, "card", "cards")
            )
        }
        Effect::Discard { count, player } => {
            format!(
                "{} discards {} at random",
                whom(*player),
                counted(*count, "card", "cards")
            )
        }
        Effect::Resources { amount } => counted(*amount, "Resource point", "Resource points"),
        Effect::CostChange {
            amount,
            cards,
            player,
            duration,
        } => {
            let which = match cards {
                CostScope::Summon => "summoning costs",
                CostScope::Tactic => "Tactic costs",
                CostScope::Strategy => "Strategy costs",
                CostScope::Title => "Title costs",
                CostScope::Reinforcement => "Reinforcement costs",
                CostScope::Any => "costs",
            };
            let owner = match player {
                Whom::You => "its player's",
                Whom::Opponent => "the opponent's",
            };
            format!("{amount:+} to {owner} {which} {}", duration_text(*duration))
        }
        Effect::TacticImmunity { max_cost, duration } => format!(
            "immune to enemy Tactics of cost {max_cost} or less {}",
            duration_text(*duration)
        ),
        Effect::Tap => "tapped".into(),
        Effect::Untap => "untapped".into(),
        Effect::Move => "moved to the other deployment zone".into(),
        Effect::Protect { duration } => format!(
            "cannot be attacked nor chosen by enemy cards {}",
            duration_text(*duration)
        ),
        Effect::Grant { grant, duration } => {
            format!("gains {} {}", grant.name(), duration_text(*duration))
        }
        Effect::Rally => "Alert again at full Strength".into(),
    }
}

/// The words of a refusal, as players read them after "illegal action: ".
impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let words = match self {
            Refusal::NoAttackWaiting => "no attack is waiting for interception",
            Refusal::OnlyDefenderIntercepts => "only the defender intercepts",
            Refusal::InterceptsOnce => "a General intercepts once",
            Refusal::CannotIntercept => {
                "only your Alert, untapped Generals in your deployment zone, other than the target, intercept"
            }
            Refusal::NoFollowUp => "no follow-up attack is possible now",
            Refusal::OnlyDefenderFollowsUp => "only the defender follows up",
            Refusal::DefenderFirst => "the defender must decide first",
            Refusal::GameMasterOnlyEnds => {
                "for an absent player the game master only ends the phase (end), or declines an interception (intercept none) or a follow-up (follow none)"
            }
            Refusal::DiscardPhase => "cards are discarded for resources in the Preparation Phase",
            Refusal::NotInHand => "that card is not in your hand",
            Refusal::UnknownCard => "unknown card",
            Refusal::NotPlayable => {
                "only Tactics, Strategies, Titles and Reinforcements are played"
            }
            Refusal::PlayPhase => "that card cannot be played in this phase",
            Refusal::NotEnoughResources => "not enough Resource points",
            Refusal::AbilityPhase => "abilities are used in the Preparation Phase",
            Refusal::NotInPlay => "that character is not in play",
            Refusal::AbilitySpent => "that character is tapped or has used its ability",
            Refusal::NoSuchAbility => "that character has no such ability",
            Refusal::Passive => "that ability is passive",
            Refusal::ActsOnBearer => "that ability acts on its bearer",
            Refusal::SummonPhase => "summoning is done in the Preparation Phase",
            Refusal::OnlyGenerals => "only Generals are summoned",
            Refusal::RevivePhase => "reviving is done in the Preparation Phase",
            Refusal::NotRevivable => "only an Evacuated General in your discard pile is revived",
            Refusal::CommanderFirst => "the Commander must be revived first",
            Refusal::ReviveCost => "not enough Resource points: reviving costs double",
            Refusal::DefendPhase => "Defend is activated in the Preparation Phase",
            Refusal::GeneralNotInPlay => "that General is not in play",
            Refusal::CannotDefend => "only an untapped General with Defend activates it, once",
            Refusal::LordPhase => "the Lord moves in the Preparation Phase",
            Refusal::LordMoved => "the Lord moves one way per Preparation Phase",
            Refusal::LordCost => "a Politics Lord pays 2 Resource points to move",
            Refusal::AttackPhase => "attacks are declared in the Combat Phase",
            Refusal::CannotAttack => "that character cannot attack now",
            Refusal::Fresh => "a General cannot attack in the turn it entered play",
            Refusal::AttacksOnce => {
                "that character has already declared its one attack this Combat Phase"
            }
            Refusal::CannotBeAttacked => "that character cannot be attacked",
            Refusal::AlreadyInPlay => "that character is already in play",
            Refusal::ChooseTarget => "choose a target",
            Refusal::BadTarget => "that target cannot be chosen",
            Refusal::NoTarget => "that card takes no target",
            Refusal::Deck(e) => return e.fmt(f),
        };
        f.write_str(words)
    }
}
