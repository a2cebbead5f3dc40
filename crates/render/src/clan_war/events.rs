//! Each event in the game's words: who did what in which battle, with hexes, pools and cards by
//! name. The events carry values; the words are made here, when an event is read.

use std::fmt::Write;

use pbp_clan_war::{
    CardEffect, ClanWarEvent, ClanWarView, DuelistSpan, ForcedEnd, NullifyTarget, StrategyChange,
};
use pbp_core::{
    Pool, Side,
    engine::{Seat, words::counted},
};

use super::{card_name, holder_name, who};

/// One event as a line of text, for the viewer of `view`.
// Long function: one arm per event, each its words: the game's vocabulary in one place.
#[allow(clippy::too_many_lines)]
pub(super) fn event_text(event: &ClanWarEvent, view: &ClanWarView) -> String {
    let who = |seat: &Seat| who(view, *seat);
    // A battle's side by the seat its event carries, never by the battles the view still holds,
    // so an event reads the same while its battle is open and after.
    let side_of = |seat: Option<&Seat>| seat.map_or_else(|| "the Spirit Army".to_owned(), who);
    let cards = |cards: &[u8]| {
        cards
            .iter()
            .map(|&c| card_name(c))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match event {
        ClanWarEvent::Drew { seat, card } => format!("{} drew {}", who(seat), card_name(*card)),
        ClanWarEvent::DrewCards { seat, count } => {
            format!("{} drew {}", who(seat), counted(*count, "card", "cards"))
        }
        ClanWarEvent::DeckEmpty { seat } => {
            format!("the deck is empty: {} draws nothing", who(seat))
        }
        ClanWarEvent::Attack {
            battle,
            seat,
            from,
            target,
            defender,
        } => format!(
            "battle {battle}: {} attacks {target} from {from}, against {}",
            who(seat),
            holder_name(view, *defender)
        ),
        ClanWarEvent::Played {
            battle,
            seat,
            card,
            via_ring,
            discards,
            cast,
        } => {
            let mut text = format!("battle {battle}: {} plays {}", who(seat), card_name(*card));
            if *via_ring {
                text.push_str(" through its Ring");
            }
            if !discards.is_empty() {
                let _ = write!(text, ", discarding {}", cards(discards));
            }
            if let Some(spell) = cast {
                let _ = write!(text, ", casting {}", card_name(*spell));
            }
            text
        }
        ClanWarEvent::Passed { battle, seat } => match seat {
            Some(s) => format!("battle {battle}: {} passes", who(s)),
            None => format!("battle {battle}: the Spirit Army passes"),
        },
        ClanWarEvent::PlayOver { battle } => format!("battle {battle}: card play is over"),
        ClanWarEvent::Nullified { battle, target } => match target {
            NullifyTarget::Card(c) => {
                format!("battle {battle}: {} is nullified", card_name(*c))
            }
            NullifyTarget::Experienced => {
                format!("battle {battle}: the Spirit Army's Experienced is nullified")
            }
        },
        ClanWarEvent::Rolled {
            battle,
            seat,
            pool,
            results,
            ..
        } => {
            let rolls: Vec<String> = results
                .iter()
                .map(|(t, s)| format!("{t} (second die {s})"))
                .collect();
            format!(
                "battle {battle}: {} rolls {}: {}",
                side_of(seat.as_ref()),
                pool_words(pool),
                rolls.join(", then after a push ")
            )
        }
        ClanWarEvent::Push {
            battle,
            attacker,
            defender,
        } => format!(
            "battle {battle}: a push, both roll again: {}'s dice first, then {}'s",
            who(attacker),
            side_of(defender.as_ref())
        ),
        ClanWarEvent::Won { battle, side, seat } => match seat {
            Some(s) => format!(
                "battle {battle}: {} ({}) wins",
                who(s),
                if *side == Side::First {
                    "attacker"
                } else {
                    "defender"
                }
            ),
            None => format!("battle {battle}: the Spirit Army wins"),
        },
        ClanWarEvent::Effect { battle, effect } => {
            format!("battle {battle}: {}", effect_words(effect))
        }
        ClanWarEvent::Discarded { seat, cards: list } => {
            format!("{} discards {}", who(seat), cards(list))
        }
        ClanWarEvent::HandShown {
            to,
            of,
            cards: list,
        } => {
            format!("{} shows {} its hand: {}", who(of), who(to), cards(list))
        }
        ClanWarEvent::CardPassed { from, to, card, .. } => {
            format!("{} passes {} to {}", who(from), card_name(*card), who(to))
        }
        ClanWarEvent::CardMoved { from, to } => {
            format!("{} passes a card to {}", who(from), who(to))
        }
        ClanWarEvent::StrategyChanged {
            seat,
            from,
            to,
            why,
        } => {
            let why = match why {
                StrategyChange::Switch => "switch",
                StrategyChange::Tactical => "Tactical",
                StrategyChange::Reverts => "reverts",
            };
            format!("{} changes {from} to {to} ({why})", who(seat))
        }
        ClanWarEvent::Closed { battle } => format!("battle {battle} is over"),
        ClanWarEvent::Forced { battle, how } => {
            let how = match how {
                ForcedEnd::BothRolled => "both sides had rolled: no more draws",
                ForcedEnd::OneRolled => "only one side had rolled: it wins and draws late",
                ForcedEnd::NeitherRolled => {
                    "neither side had rolled: a wash, the cards played are discarded"
                }
                ForcedEnd::OtherRetired => {
                    "the other side retired without rolling: the side that rolled wins"
                }
            };
            format!("battle {battle} is force-resolved: {how}")
        }
        ClanWarEvent::Captured { hex, from, to } => {
            format!("{hex} passes from the {from} to the {to}")
        }
        ClanWarEvent::Scored { round } => format!("round {round} is scored"),
        ClanWarEvent::Joined { seat, clan } => {
            format!("{} joins the game for the {clan} clan", who(seat))
        }
        ClanWarEvent::Retired { seat, .. } => {
            format!("{} is no longer active", who(seat))
        }
        ClanWarEvent::GameMasterActs { seat } => {
            format!("the game master acts for {}, who is absent", who(seat))
        }
        ClanWarEvent::GameOver => "the game is over".into(),
    }
}

/// A pool as the battle rolls it: `3k2, +1 to every die, -2 to the highest die`.
pub(super) fn pool_words(pool: &Pool) -> String {
    let m = &pool.modifiers;
    let mut text = format!("{}k{}", pool.rolled, pool.kept);
    if m.each_die != 0 {
        let _ = write!(text, ", {:+} to every die", m.each_die);
    }
    for r in &m.ranks {
        if r.bonus != 0 {
            let which = if r.rank == 1 {
                "highest"
            } else {
                "second highest"
            };
            let _ = write!(text, ", {:+} to the {which} die", r.bonus);
        }
    }
    text
}

/// What a card effect did: `Lion Honor: +4 to the highest die next battle`.
pub(super) fn effect_words(effect: &CardEffect) -> String {
    match *effect {
        CardEffect::HonorFades { clan } => format!("the {clan} clan's Honor bonus fades"),
        CardEffect::HonorWon { clan, .. } => format!("{clan} Honor: a permanent +1 to all dice"),
        CardEffect::HonorLost { clan, .. } => {
            format!("{clan} Honor: +4 to the highest die next battle")
        }
        CardEffect::IntrigueReturns { clan, card } => {
            format!("{clan} Intrigue: {} returns to hand", card_name(card))
        }
        CardEffect::DuelistDiscards { clan, opponent, .. } => {
            format!("{clan} Duelist: the {opponent} clan discards its hand")
        }
        CardEffect::DuelistBarsDraws {
            clan,
            opponent,
            span,
            ..
        } => format!(
            "{clan} Duelist: the {opponent} clan draws no card {}",
            match span {
                DuelistSpan::Round => "this round",
                DuelistSpan::Battle => "at the end of this battle",
            }
        ),
        CardEffect::DiplomaticDraws { clan, count, .. } => format!(
            "{clan} Diplomatic: {} to draw",
            counted(count, "more card", "more cards")
        ),
        CardEffect::GiveLapses { clan } => {
            format!("the {clan} clan has no card left to give: the Cunning give lapses")
        }
    }
}
