//! The secrecy property (`pbp_core::testing::secrecy`): a team's carrier reaches neither the
//! other team nor the public, on any surface (view as JSON, text, BBCode, SVG, event lines,
//! legal actions, refusals, events), until a rule reveals it.
//!
//! Twins: the same game with the scroll carried secretly by another character of its team (as a
//! different choice of the captain, or an unspotted pass, would leave it). Run with more cases:
//! `PROPTEST_CASES=4096 cargo test -p pbp-scroll-race --test secrecy`, or the `--ignored` run.

use pbp_core::testing::{Secrecy, Twin, TwinCase, check_twins};
use pbp_core::{Dice, Viewer};
use pbp_scroll_race::*;
use proptest::prelude::*;

/// Whether `id` stands in the enemy zone, where only a carrier may go (and is seen to).
fn in_enemy_zone(state: &ScrollRaceState, id: CharId) -> bool {
    let c = &state.characters[usize::from(id)];
    let zone = state.config.field.cell(c.square).and_then(Cell::zone_of);
    zone.is_some_and(|t| t != c.team)
}

/// The twin: a team whose carrier is secret carries its scroll on another of its characters,
/// neither burnt nor in the enemy zone. The other team's five seats and the public are outsiders.
fn twin(state: &ScrollRaceState, dice: &mut dyn Dice) -> Option<Twin<ScrollRace>> {
    let secret: Vec<u8> = (0..2u8)
        .filter(|&t| {
            let scroll = state.scrolls[usize::from(t)];
            matches!(scroll.holder, Holder::Carrier(c) if scroll.last_seen != Some(c)
                && !in_enemy_zone(state, c))
        })
        .collect();
    let &team = secret.get(dice.roll(secret.len().max(1) as u32).ok()? as usize - 1)?;
    let carrier = state.carrier(team)?;
    let others: Vec<CharId> = team_seats(team)
        .into_iter()
        .map(|s| s.0 as CharId)
        .filter(|&c| {
            c != carrier && !state.characters[usize::from(c)].burned && !in_enemy_zone(state, c)
        })
        .collect();
    let &other = others.get(dice.roll(others.len().max(1) as u32).ok()? as usize - 1)?;
    let mut b = state.clone();
    b.scrolls[usize::from(team)].holder = Holder::Carrier(other);
    let mut outsiders: Vec<Viewer> = team_seats(1 - team).into_iter().map(Viewer::Seat).collect();
    outsiders.push(Viewer::Public);
    Some(Twin {
        state: b,
        outsiders,
        secret: format!("team {team}'s carrier: {other} for {carrier}"),
    })
}

/// The events that tell a carrier by rule (docs/rules/scroll-race.md, "Secrecy property"): a
/// struck carrier drops the scroll, a spotted pass, a pick-up, a carrier entering the enemy zone
/// or winning, and Sensoriel's names to its user.
fn reveals(event: &ScrollRaceEvent) -> Option<&'static str> {
    match event {
        ScrollRaceEvent::ScrollDropped { .. } => Some("a struck carrier drops the scroll"),
        ScrollRaceEvent::PassSpotted { .. } => Some("a spotted pass tells the carrier"),
        ScrollRaceEvent::PickedUp { .. } => Some("a pick-up is public"),
        ScrollRaceEvent::EnteredEnemyZone { .. } => Some("only a carrier enters the enemy zone"),
        ScrollRaceEvent::GameOver(_) => Some("the carrier in the enemy base wins"),
        ScrollRaceEvent::Sensed(_) => Some("Sensoriel names the carrier among others"),
        _ => None,
    }
}

fn secrecy() -> Secrecy<ScrollRace> {
    Secrecy {
        config: ScrollRaceConfig::default(),
        twin,
        outputs: pbp_render::testing::outputs::<ScrollRace>(),
        reveals,
        tries: 3,
    }
}

fn run(case: TwinCase) -> Result<(), TestCaseError> {
    check_twins(&secrecy(), case).map_err(|v| TestCaseError::fail(v.0))?;
    Ok(())
}

proptest! {
    #[test]
    fn a_secret_carrier_reaches_no_outsider(seed in any::<u64>(), before in 0u32..80, choice in any::<u64>(), after in 1u32..30) {
        run(TwinCase { seed, before, twin: choice, after })?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]
    /// The long run: `cargo test -p pbp-scroll-race --test secrecy -- --ignored`.
    #[test]
    #[ignore = "long run: 4096 twin pairs"]
    fn a_secret_carrier_reaches_no_outsider_long(seed in any::<u64>(), before in 0u32..200, choice in any::<u64>(), after in 1u32..60) {
        run(TwinCase { seed, before, twin: choice, after })?;
    }
}

/// What no viewer may receive: the whole state, scrolls and all.
fn everything(
    state: &ScrollRaceState,
    _: &<ScrollRace as pbp_core::Game>::View,
    _: Viewer,
    _: &[pbp_core::LoggedEvent<ScrollRace>],
) -> String {
    format!("{:?}", state.scrolls)
}

#[test]
fn the_harness_catches_a_surface_that_shows_the_carrier() {
    let mut leaky = secrecy();
    leaky.outputs.push(pbp_core::testing::Output {
        name: "leak",
        show: everything,
    });
    let case = TwinCase {
        seed: 5,
        before: 20,
        twin: 1,
        after: 3,
    };
    let report = check_twins(&secrecy(), case).unwrap();
    assert!(report.secret.contains("carrier"), "{report:?}");
    let error = check_twins(&leaky, case).unwrap_err();
    assert!(error.0.contains("leak tells the twins apart"), "{error}");
}
