//! The names and texts of the 15 blank slots, reconstructed from the pattern of the printed
//! cards and marked as such.

use super::{CardKind, CardNo, ring_element, spell_element};
use crate::clan::{Clan, Element, Strategy};

/// The text of a blank strategy card, on the pattern of the printed ones.
fn strategy_text(strategy: Strategy, clan: Clan) -> String {
    let effect = match strategy {
        Strategy::Cunning => {
            "If you have the Cunning strategy, if you win the battle, your opponent shows you their hand and you may take a card of your choice. If you lose the battle, the opponent instead gives you a card of their choice without showing you their hand."
        }
        Strategy::Defensive => {
            "If you have the Defensive strategy, nullify the effects of any one card your opponent has played. If more than one card was played, you may choose which. This does not negate any extra cards that are already in play."
        }
        Strategy::Diplomatic => {
            "If you have the Diplomatic strategy, if you win the battle, draw two additional cards after its resolution. If you lose, draw only one additional card."
        }
        Strategy::Duelist => {
            "If you have the Duelist strategy and you win the battle, your opponent discards all the cards in their hand. If you lose, your opponent instead does not draw a card this round."
        }
        Strategy::Honor => {
            "If you have the Honor strategy, if you win the battle, gain a permanent +1 bonus to all dice rolls. This is cumulative with further use of Honor cards. This benefit fades after your next loss. If you lose this battle, instead gain a +4 bonus to your highest die roll next battle."
        }
        Strategy::Intrigue => {
            "If you have the Intrigue strategy, your opponent takes -2 to their highest die roll. If you win the battle, return this card to your hand."
        }
        Strategy::Magic => {
            "If you have the Magic strategy, you may discard any number of cards from your hand, gaining a +2 bonus per card to your highest die roll. If one of these cards is a Spell, cast it instead. Max one Spell per use of this card."
        }
        Strategy::Mobility => {
            "If you have the Mobility strategy, double the number of rolled dice this battle. Calculate this number after all cards have been played. You may only benefit from this strategy once per battle."
        }
        Strategy::Spiritual => {
            "If you have the Spiritual strategy, gain a +1 bonus to your highest die roll for every card in your hand after all cards are played, and gain a +1 bonus to your second highest die roll for every card you played."
        }
        Strategy::Tactical => {
            "If you have the Tactical strategy, you may change both your strategies if you win the current battle, or your other strategy if you lose. These last until a card with a matching keyword is played; the \"used\" strategy reverts after battle."
        }
        Strategy::Warfare => "If you have the Warfare Strategy, gain +0k1 for this battle.",
    };
    format!(
        "- {effect}\nIf you are the {} Clan, gain +1k0 for this battle.\nIf you have neither of these keywords, instead gain +2 to your highest die roll.",
        clan.name()
    )
}

/// The name, element and text of blank card `number` of kind `kind`.
pub(super) fn reconstructed(number: CardNo, kind: &CardKind) -> (String, Element, String) {
    match kind {
        CardKind::Strategy { strategy, clan } => (
            format!("{} {} (reconstructed)", clan.name(), strategy.name()),
            clan.element(),
            strategy_text(*strategy, *clan),
        ),
        CardKind::Spell { clans } => {
            let element = spell_element(number);
            let ordinal = if matches!(number, 35 | 37 | 39) {
                "I"
            } else {
                "II"
            };
            (
                format!("{} Spell {ordinal} (reconstructed)", element.name()),
                element,
                format!(
                    "- Upon casting this Spell, gain +1k0 for this battle.\nIf you are either the {} clan or {} Clan, gain +2k0 instead.",
                    clans[0].name(),
                    clans[1].name()
                ),
            )
        }
        CardKind::Blessing { clans, .. } => {
            let fortune = if number == 42 { "Bishamon" } else { "Hotei" };
            (
                format!("{fortune}'s Blessing (reconstructed)"),
                Element::Void,
                format!(
                    "- Gain +1k0 for this battle.\nIf you are the {} Clan, play another card, -or- draw another card at the end of the battle.",
                    clans[0].name()
                ),
            )
        }
        CardKind::Ring => {
            let element = ring_element(number);
            (
                format!("Ring of {} (reconstructed)", element.name()),
                element,
                format!(
                    "- Gain +0k1 for this battle.\nYou can play as many {} cards out of your hand as you like, one at a time. Gain +1k0 for each card played in this fashion.",
                    element.name()
                ),
            )
        }
    }
}
