//! Checking an action before it is executed: targets, uniqueness, costs and timing.

use pbp_core::Seat;

use crate::army::title_fits;
use crate::cards::{CardType, Target, Timing, Trait};
use crate::config::ResourceExpiry;
use crate::engine::tr;
use crate::error::ThreeKingdomsError;
use crate::game::ThreeKingdoms;
use crate::model::ThreeKingdomsAction;
use crate::state::{Pending, Phase, TargetRef, ThreeKingdomsState, other};

impl ThreeKingdoms {
    /// The characters a single-target card or ability may choose. `tactic_cost` is the printed
    /// cost of a Tactic (for immunity); `title` checks a Title's class.
    pub(crate) fn single_targets(
        state: &ThreeKingdomsState,
        seat: Seat,
        target: Target,
        tactic_cost: Option<u8>,
        title: Option<crate::cards::TitleClass>,
    ) -> Vec<TargetRef> {
        let mut out = Vec::new();
        for s in [Seat(0), Seat(1)] {
            let own = s == seat;
            for ch in &state.player(s).field {
                let Some(kind) = state.card_type(s, ch.card) else {
                    continue;
                };
                let general = kind == CardType::General;
                let character = matches!(kind, CardType::General | CardType::Adviser);
                let ok = match (target, title.is_some()) {
                    (_, true) => own && character && title_fits(title, kind, &state.rules),
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

    /// Checks an action of the acting seat without changing anything.
    // Long function: one arm per kind of action, each the checks of that action before it
    // executes, side by side with the others'.
    #[allow(clippy::too_many_lines)]
    pub(crate) fn validate(
        state: &ThreeKingdomsState,
        seat: Seat,
        action: &ThreeKingdomsAction,
    ) -> Result<(), ThreeKingdomsError> {
        let illegal = |s: &'static str| Err(ThreeKingdomsError::illegal(s));
        let p = state.player(seat);
        let active = seat == state.active;
        let prep = active && state.phase == Phase::Preparation && state.pending.is_none();
        let combat = active && state.phase == Phase::Combat && state.pending.is_none();
        match action {
            ThreeKingdomsAction::Intercept { with } => {
                let Some(Pending::Intercept { target, .. }) = &state.pending else {
                    return illegal("no attack is waiting for interception");
                };
                if active {
                    return illegal("only the defender intercepts");
                }
                for (i, &g) in with.iter().enumerate() {
                    if with[..i].contains(&g) {
                        return illegal("a General intercepts once");
                    }
                    if !Self::can_intercept(state, seat, g, *target) {
                        return illegal(
                            "only your Alert, untapped Generals in your deployment zone, other than the target, intercept",
                        );
                    }
                }
                Ok(())
            }
            ThreeKingdomsAction::FollowUp { with } => {
                let Some(Pending::FollowUp { .. }) = &state.pending else {
                    return illegal("no follow-up attack is possible now");
                };
                if active {
                    return illegal("only the defender follows up");
                }
                match with {
                    Some(g) if !Self::can_attack(state, seat, *g) => {
                        illegal("that character cannot attack now")
                    }
                    _ => Ok(()),
                }
            }
            _ if state.pending.is_some() => illegal("the defender must decide first"),
            _ if !active => Err(ThreeKingdomsError::not_your_turn(seat)),
            ThreeKingdomsAction::End => Ok(()),
            ThreeKingdomsAction::Discard { card } => {
                let when =
                    prep || (combat && state.rules.resource_expiry == ResourceExpiry::EndOfPhase);
                if !when {
                    return illegal("cards are discarded for resources in the Preparation Phase");
                }
                if !p.hand.contains(card) {
                    return illegal("that card is not in your hand");
                }
                Ok(())
            }
            ThreeKingdomsAction::Play { card, target } => {
                if !p.hand.contains(card) {
                    return illegal("that card is not in your hand");
                }
                let Some(d) = state.def(seat, *card) else {
                    return illegal("unknown card");
                };
                let in_phase = match d.card_type {
                    CardType::Tactic => match d.tactic_timing() {
                        Timing::Preparation => prep,
                        Timing::Combat => combat,
                    },
                    CardType::Strategy | CardType::Title | CardType::Reinforcement => prep,
                    _ => {
                        return illegal(
                            "only Tactics, Strategies, Titles and Reinforcements are played",
                        );
                    }
                };
                if !in_phase {
                    return illegal("that card cannot be played in this phase");
                }
                if state.play_cost(seat, *card) > p.resources {
                    return illegal("not enough Resource points");
                }
                let (spec, title) = match d.card_type {
                    CardType::Title => (Target::Bearer, d.class),
                    _ => (d.target.unwrap_or(Target::Player), None),
                };
                let tactic = (d.card_type == CardType::Tactic).then_some(d.cost);
                Self::check_target(state, seat, spec, tactic, title, *target)
            }
            ThreeKingdomsAction::Use {
                character,
                strategist,
                target,
            } => {
                if !prep {
                    return illegal("abilities are used in the Preparation Phase");
                }
                let Some(ch) = state.character(seat, *character) else {
                    return illegal("that character is not in play");
                };
                if ch.tapped || ch.ability_used {
                    return illegal("that character is tapped or has used its ability");
                }
                let Some((a, _)) = state
                    .abilities(seat, *character)
                    .into_iter()
                    .find(|(_, s)| s == strategist)
                else {
                    return illegal("that character has no such ability");
                };
                if a.kind != crate::cards::AbilityKind::Activated {
                    return illegal("that ability is passive");
                }
                if a.target == Target::Bearer {
                    return if target.is_none() {
                        Ok(())
                    } else {
                        illegal("that ability acts on its bearer")
                    };
                }
                Self::check_target(state, seat, a.target, None, None, *target)
            }
            ThreeKingdomsAction::Summon { card } => {
                if !prep {
                    return illegal("summoning is done in the Preparation Phase");
                }
                if !p.hand.contains(card) {
                    return illegal("that card is not in your hand");
                }
                let kind = state.card_type(seat, *card);
                let adviser_ok = kind == Some(CardType::Adviser)
                    && state.politics_lord(seat)
                    && state.rules.politics == crate::config::PoliticsRule::SummonAdvisers;
                if kind != Some(CardType::General) && !adviser_ok {
                    return illegal("only Generals are summoned");
                }
                Self::check_unique(state, seat, *card)?;
                if state.summon_cost(seat, *card) > p.resources {
                    return illegal("not enough Resource points");
                }
                Ok(())
            }
            ThreeKingdomsAction::Revive { card } => {
                if !prep {
                    return illegal("reviving is done in the Preparation Phase");
                }
                if !p.discard.contains(card)
                    || state.card_type(seat, *card) != Some(CardType::General)
                {
                    return illegal("only an Evacuated General in your discard pile is revived");
                }
                if let Some(c) = p.commander
                    && c != *card
                    && p.discard.contains(&c)
                {
                    return illegal("the Commander must be revived first");
                }
                Self::check_unique(state, seat, *card)?;
                if state.revive_cost(seat, *card) > p.resources {
                    return illegal("not enough Resource points: reviving costs double");
                }
                Ok(())
            }
            ThreeKingdomsAction::Defend { general } => {
                if !prep {
                    return illegal("Defend is activated in the Preparation Phase");
                }
                let Some(ch) = state.character(seat, *general) else {
                    return illegal("that General is not in play");
                };
                if state.card_type(seat, *general) != Some(CardType::General)
                    || !state.has_trait(seat, *general, Trait::Defend)
                    || ch.tapped
                    || ch.defending
                {
                    return illegal("only an untapped General with Defend activates it, once");
                }
                Ok(())
            }
            ThreeKingdomsAction::MoveLord => {
                if !prep {
                    return illegal("the Lord moves in the Preparation Phase");
                }
                if p.lord_moved {
                    return illegal("the Lord moves one way per Preparation Phase");
                }
                if !state.war_lord(seat) && p.resources < 2 {
                    return illegal("a Politics Lord pays 2 Resource points to move");
                }
                Ok(())
            }
            ThreeKingdomsAction::Attack { attacker, target } => {
                if !combat {
                    return illegal("attacks are declared in the Combat Phase");
                }
                if !Self::can_attack(state, seat, *attacker) {
                    return illegal("that character cannot attack now");
                }
                if state
                    .character(seat, *attacker)
                    .is_some_and(|c| c.fresh && !state.rules.attack_when_summoned)
                {
                    return illegal("a General cannot attack in the turn it entered play");
                }
                if !Self::can_be_attacked(state, tr(seat, *attacker), tr(other(seat), *target)) {
                    return illegal("that character cannot be attacked");
                }
                Ok(())
            }
        }
    }

    pub(crate) fn check_unique(
        state: &ThreeKingdomsState,
        seat: Seat,
        card: u32,
    ) -> Result<(), ThreeKingdomsError> {
        let cards = &state.player(seat).cards;
        let id = cards.get(card as usize);
        if state
            .player(seat)
            .field
            .iter()
            .any(|c| cards.get(c.card as usize) == id)
        {
            return Err(ThreeKingdomsError::illegal(
                "that character is already in play",
            ));
        }
        Ok(())
    }

    pub(crate) fn check_target(
        state: &ThreeKingdomsState,
        seat: Seat,
        spec: Target,
        tactic: Option<u8>,
        title: Option<crate::cards::TitleClass>,
        target: Option<TargetRef>,
    ) -> Result<(), ThreeKingdomsError> {
        if spec.is_single() || title.is_some() {
            let Some(t) = target else {
                return Err(ThreeKingdomsError::illegal("choose a target"));
            };
            if !Self::single_targets(state, seat, spec, tactic, title).contains(&t) {
                return Err(ThreeKingdomsError::illegal("that target cannot be chosen"));
            }
            Ok(())
        } else if target.is_some() {
            Err(ThreeKingdomsError::illegal("that card takes no target"))
        } else {
            Ok(())
        }
    }

    // ---- Effects ----
}
