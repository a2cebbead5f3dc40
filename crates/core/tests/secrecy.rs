//! The secrecy property for the duel: a sealed stance never reaches the other seat or the
//! public, on any surface, until the round reveals both (see `pbp_core::testing::secrecy`).

use pbp_core::duel::{Duel, DuelConfig, DuelEvent, DuelState, Stance};
use pbp_core::testing::{Secrecy, Twin, TwinCase, check_twins};
use pbp_core::{Dice, Seat, Viewer};
use proptest::prelude::*;

/// The twin of a duel in which a seat has sealed its stance: the other stance it could have
/// sealed. Its opponent and the public may not know it.
fn twin(state: &DuelState, dice: &mut dyn Dice) -> Option<Twin<Duel>> {
    let sealed: Vec<usize> = (0..2).filter(|&i| state.sealed[i].is_some()).collect();
    let &i = sealed.get(dice.roll(sealed.len().max(1) as u32).ok()? as usize - 1)?;
    let other = match state.sealed[i]? {
        Stance::Strike if state.focus_left[i] > 0 => Stance::Focus,
        Stance::Strike => return None,
        Stance::Focus => Stance::Strike,
    };
    let mut b = state.clone();
    b.sealed[i] = Some(other);
    Some(Twin {
        state: b,
        outsiders: vec![Viewer::Seat(Seat(1 - i as u16)), Viewer::Public],
        secret: format!("seat {i} sealed {other:?}"),
    })
}

/// The round's roll reveals both stances, as the duel's rules say ("a stance is hidden from the
/// other seat until both have chosen").
fn reveals(event: &DuelEvent) -> Option<&'static str> {
    matches!(event, DuelEvent::Round { .. }).then_some("both stances are revealed by the roll")
}

fn secrecy() -> Secrecy<Duel> {
    Secrecy {
        config: DuelConfig::default(),
        twin,
        outputs: Vec::new(),
        reveals,
        tries: 4,
    }
}

proptest! {
    #[test]
    fn a_sealed_stance_reaches_no_outsider(seed in any::<u64>(), before in 0u32..12, choice in any::<u64>(), after in 1u32..12) {
        let case = TwinCase { seed, before, twin: choice, after };
        check_twins(&secrecy(), case).map_err(|v| TestCaseError::fail(v.0))?;
    }
}

/// A surface that shows what no outsider may see: the sealed stances.
fn leak(
    state: &DuelState,
    _: &<Duel as pbp_core::Game>::View,
    _: Viewer,
    _: &[pbp_core::LoggedEvent<Duel>],
) -> String {
    format!("{:?}", state.sealed)
}

#[test]
fn the_harness_catches_a_surface_that_shows_a_sealed_stance() {
    let mut leaky = secrecy();
    leaky.outputs.push(pbp_core::testing::Output {
        name: "leak",
        show: leak,
    });
    let case = TwinCase {
        seed: 1,
        before: 0,
        twin: 0,
        after: 3,
    };
    check_twins(&secrecy(), case).unwrap();
    let error = check_twins(&leaky, case).unwrap_err();
    assert!(error.0.contains("leak tells the twins apart"), "{error}");
}
