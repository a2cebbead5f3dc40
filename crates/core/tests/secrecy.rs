//! The secrecy property for the duel: a sealed stance never reaches the other seat or the
//! public, on any surface, until the round reveals both (see `pbp_core::engine::testing::secrecy`).

use pbp_core::engine::duel::{Duel, DuelConfig, DuelEvent, DuelState, Stance};
use pbp_core::engine::testing::{Secrecy, Twin, TwinCase};
use pbp_core::{
    Dice,
    engine::{Seat, Viewer},
};

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
        sessions: Vec::new(),
        reveals,
        tries: 4,
    }
}

pbp_core::engine::testing::secrecy_tests! {
    secrecy: secrecy(),
    cases: (0u32..12, 1u32..12),
    long: (0u32..40, 1u32..40),
    leak_case: TwinCase { seed: 1, before: 0, twin: 0, after: 3 },
    finds: "sealed",
}
