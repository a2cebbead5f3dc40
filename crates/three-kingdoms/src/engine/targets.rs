//! Targets: the characters a card or ability may choose, and the checks of a target and of a
//! character's uniqueness that the actions' checks share.

use pbp_core::engine::Seat;

use super::{Res, tr};
use crate::army::title_fits;
use crate::cards::{CardType, Target};
use crate::error::Refusal;
use crate::state::{TargetRef, ThreeKingdomsState};

/// The characters a single-target card or ability may choose. `tactic_cost` is the printed
/// cost of a Tactic (for immunity); `title` checks a Title's class; `card` says the source is a
/// Tactic or Strategy card (which may deal with a Politics Lord as with a General, D14).
pub(crate) fn single_targets(
    state: &ThreeKingdomsState,
    seat: Seat,
    target: Target,
    tactic_cost: Option<u8>,
    title: Option<crate::cards::TitleClass>,
    card: bool,
) -> Vec<TargetRef> {
    let mut out = Vec::new();
    for s in [Seat(0), Seat(1)] {
        let own = s == seat;
        for ch in &state.player(s).field {
            let Some(kind) = state.card_type(s, ch.card) else {
                continue;
            };
            let lord = card && state.lord_takes_cards(s, ch.card);
            let general = kind == CardType::General || lord;
            let character = matches!(kind, CardType::General | CardType::Adviser) || lord;
            let ok = match (target, title.is_some()) {
                (_, true) => {
                    own && matches!(kind, CardType::General | CardType::Adviser)
                        && title_fits(title, kind, &state.rules)
                }
                (Target::OwnGeneral, _) => own && general,
                (Target::EnemyGeneral, _) => !own && general,
                (Target::AnyGeneral, _) => general,
                (Target::OwnCharacter, _) => own && character,
                (Target::EnemyCharacter, _) => !own && character,
                _ => false,
            };
            if !ok {
                continue;
            }
            if !own {
                if state.protected(s, ch.card) {
                    continue;
                }
                if let Some(c) = tactic_cost
                    && state.tactic_immunity(s, ch.card) >= c
                {
                    continue;
                }
            }
            out.push(tr(s, ch.card));
        }
    }
    out
}

/// Refuses a character already in play (the same card id on the field).
pub(crate) fn check_unique(state: &ThreeKingdomsState, seat: Seat, card: u32) -> Res<()> {
    let cards = &state.player(seat).cards;
    let id = cards.get(card as usize);
    if state
        .player(seat)
        .field
        .iter()
        .any(|c| cards.get(c.card as usize) == id)
    {
        return Err(Refusal::AlreadyInPlay.into());
    }
    Ok(())
}

/// Checks the target of a card or ability: one it may choose where it takes one, none where it
/// takes none.
pub(crate) fn check_target(
    state: &ThreeKingdomsState,
    seat: Seat,
    spec: Target,
    tactic: Option<u8>,
    title: Option<crate::cards::TitleClass>,
    card: bool,
    target: Option<TargetRef>,
) -> Res<()> {
    if spec.is_single() || title.is_some() {
        let Some(t) = target else {
            return Err(Refusal::ChooseTarget.into());
        };
        if !single_targets(state, seat, spec, tactic, title, card).contains(&t) {
            return Err(Refusal::BadTarget.into());
        }
        Ok(())
    } else if target.is_some() {
        Err(Refusal::NoTarget.into())
    } else {
        Ok(())
    }
}
