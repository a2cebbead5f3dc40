//! The secrecy property (`pbp_core::engine::testing::secrecy`): a sealed order sheet reaches neither
//! the other players nor the public, on any surface (view as JSON, text, BBCode both styles, SVG,
//! event lines, legal actions, refusals, events), until the turn's resolution reveals every sheet.
//!
//! Twins: the same game in which a seat that sent its orders sent another legal sheet. The
//! sheets are Warring States' only secret (`WarringStates::secrets`): no hands, decks or carriers,
//! and the map, treasuries and armies are public. Run with more cases: `PROPTEST_CASES=4096
//! cargo test -p pbp-warring-states --test secrecy`, or the `--ignored` run.

use pbp_core::engine::testing::{Secrecy, Twin, TwinCase};
use pbp_core::{
    Dice, SeededDice,
    engine::{Actor, Game, Viewer},
};
use pbp_warring_states::*;

/// The twin: a seat that has sent its sheet this turn sent another of its legal sheets instead.
/// Every other seat and the public are outsiders.
fn twin(state: &WarringStatesState, dice: &mut dyn Dice) -> Option<Twin<WarringStates>> {
    let sent: Vec<_> = state.sheets.keys().copied().collect();
    let &seat = sent.get(dice.roll(sent.len().max(1) as u32).ok()? as usize - 1)?;
    let mut b = state.clone();
    let sheet = b.sheets.remove(&seat)?;
    let others: Vec<WarringStatesAction> = WarringStates::legal_actions(&b, Actor::Seat(seat))
        .into_iter()
        .filter(|a| !matches!(a, WarringStatesAction::Orders(s) if *s == sheet))
        .collect();
    let pick = dice.roll(others.len().max(1) as u32).ok()? as usize;
    let other = others.get(pick - 1)?;
    let seed = u64::from(dice.roll(1 << 30).ok()?);
    WarringStates::apply(&mut b, Actor::Seat(seat), other, &mut SeededDice::new(seed)).ok()?;
    let mut outsiders: Vec<Viewer> = (0..WarringStates::seat_count(state))
        .map(pbp_core::engine::Seat)
        .filter(|&s| s != seat)
        .map(Viewer::Seat)
        .collect();
    outsiders.push(Viewer::Public);
    Some(Twin {
        state: b,
        outsiders,
        secret: format!(
            "{}'s sheet: {} for {}",
            WarringStates::seat_name(state, seat),
            WarringStates::format_action(state, other),
            format_sheet(state, &sheet)
        ),
    })
}

/// The turn's resolution reveals every sheet ("Revealed"), as the seed's simultaneous orders are
/// read out (docs/rules/warring-states.md, "Secrecy property").
fn reveals(event: &WarringStatesEvent) -> Option<&'static str> {
    match event {
        WarringStatesEvent::Revealed(_) => Some("the resolution reveals every sheet"),
        _ => None,
    }
}

fn secrecy() -> Secrecy<WarringStates> {
    Secrecy {
        config: WarringStatesConfig::default(),
        twin,
        outputs: pbp_render::testing::outputs::<WarringStates>(),
        sessions: pbp_frontend::testing::session_outputs::<WarringStates>(),
        reveals,
        tries: 2,
    }
}

pbp_core::engine::testing::secrecy_tests! {
    secrecy: secrecy(),
    cases: (0u32..60, 1u32..24),
    long: (0u32..200, 1u32..60),
    leak_case: TwinCase { seed: 3, before: 2, twin: 2, after: 3 },
    finds: "sheet",
}
