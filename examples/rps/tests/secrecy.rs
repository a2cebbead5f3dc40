//! The secrecy property (`pbp_core::engine::testing::secrecy`): a sealed throw reaches neither the other
//! seat nor the public, on any surface (the views, the renderings, and the table's, as the CLI
//! and the table server write them), until the round shows both throws.

use pbp_core::engine::testing::{Secrecy, Twin, TwinCase};
use pbp_core::{
    Dice,
    engine::{Seat, Viewer},
};
use pbp_rps::{Rps, RpsConfig, RpsEvent, RpsState, Throw};

/// The twin of a game in which a seat has thrown: another throw it could have made.
fn twin(state: &RpsState, dice: &mut dyn Dice) -> Option<Twin<Rps>> {
    let sealed: Vec<usize> = (0..2).filter(|&i| state.sealed[i].is_some()).collect();
    let &i = sealed.get(dice.roll(sealed.len().max(1) as u32).ok()? as usize - 1)?;
    let now = state.sealed[i]?;
    let others: Vec<Throw> = Throw::ALL.into_iter().filter(|&t| t != now).collect();
    let other = *others.get(dice.roll(2).ok()? as usize - 1)?;
    let mut b = state.clone();
    b.sealed[i] = Some(other);
    Some(Twin {
        state: b,
        outsiders: vec![Viewer::Seat(Seat(1 - i as u16)), Viewer::Public],
        secret: format!("seat {i} threw {} sealed", other.word()),
    })
}

/// The round shows both throws, as the rules say.
fn reveals(event: &RpsEvent) -> Option<&'static str> {
    matches!(event, RpsEvent::Round { .. }).then_some("the round shows both throws")
}

fn secrecy() -> Secrecy<Rps> {
    // The table's surfaces start tables of this game: the catalog must know it.
    if let Err(error) = pbp_frontend::catalog::register::<Rps>() {
        unreachable!("rps is no built-in game's name: {error}");
    }
    Secrecy {
        config: RpsConfig::default(),
        twin,
        outputs: pbp_render::testing::outputs::<Rps>(),
        sessions: pbp_frontend::testing::session_outputs::<Rps>(),
        reveals,
        tries: 4,
    }
}

pbp_core::engine::testing::secrecy_tests! {
    secrecy: secrecy(),
    cases: (0u32..6, 1u32..8),
    long: (0u32..18, 1u32..18),
    leak_case: TwinCase { seed: 1, before: 0, twin: 0, after: 2 },
    finds: "sealed",
}
