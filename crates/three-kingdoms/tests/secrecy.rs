//! The secrecy property (`pbp_core::testing::secrecy`): a player's hand, and so the
//! composition of its deck, reaches neither the opponent nor the public, on any surface (view
//! as JSON, text, BBCode both styles, SVG, event lines, legal actions, refusals, events), unless a
//! rule shows a card.
//!
//! Twins: the same game with a card of one player's hand exchanged for one of its own deck (as
//! another draw would have dealt it). Run with more cases: `PROPTEST_CASES=4096 cargo test -p
//! pbp-three-kingdoms --test secrecy`, or the `--ignored` run.

use pbp_core::testing::{Output, Secrecy, Twin, TwinCase, check_twins};
use pbp_core::{Dice, Game, LoggedEvent, Seat, Viewer};
use pbp_three_kingdoms::*;
use proptest::prelude::*;

/// The twin: a card of a seat's hand for a card of its draw pile. The opponent and the public
/// are outsiders (each side draws from its own deck).
fn twin(state: &ThreeKingdomsState, dice: &mut dyn Dice) -> Option<Twin<ThreeKingdoms>> {
    let seats: Vec<usize> = (0..2)
        .filter(|&s| !state.players[s].hand.is_empty() && state.players[s].deck.remaining() > 0)
        .collect();
    let s = *seats.get(dice.roll(seats.len().max(1) as u32).ok()? as usize - 1)?;
    let p = &state.players[s];
    let slot = dice.roll(p.hand.len() as u32).ok()? as usize - 1;
    let card = p.hand[slot];
    let position = dice.roll(p.deck.remaining()).ok()?;
    let other = p.deck.draw_pile()[position as usize - 1];
    let mut b = state.clone();
    let q = &mut b.players[s];
    q.deck.draw_at(position).ok()?;
    q.deck.return_to_pile(card).ok()?;
    q.hand[slot] = other;
    let seat = Seat(s as u16);
    let name = |i: u32| p.cards.get(i as usize).cloned().unwrap_or_default();
    Some(Twin {
        state: b,
        outsiders: vec![Viewer::Seat(opponent(seat)), Viewer::Public],
        secret: format!(
            "{}'s hand: {} for {}",
            ThreeKingdoms::seat_label(state, seat),
            name(other),
            name(card)
        ),
    })
}

/// The rules that show a card of a hand or deck to all (docs/rules/three-kingdoms.md, "Secrecy
/// property"): a card drawn into a full hand goes face up to the discard pile, and an effect's
/// random discard shows the card discarded.
fn reveals(event: &ThreeKingdomsEvent) -> Option<&'static str> {
    match event {
        ThreeKingdomsEvent::Burned { .. } => Some("a card drawn into a full hand is discarded"),
        ThreeKingdomsEvent::DiscardedAtRandom { .. } => Some("a random discard shows its card"),
        _ => None,
    }
}

fn secrecy() -> Secrecy<ThreeKingdoms> {
    Secrecy {
        config: ThreeKingdomsConfig::default(),
        twin,
        outputs: pbp_render::testing::outputs::<ThreeKingdoms>(),
        reveals,
        tries: 2,
    }
}

fn run(case: TwinCase) -> Result<(), TestCaseError> {
    check_twins(&secrecy(), case).map_err(|v| TestCaseError::fail(v.0))?;
    Ok(())
}

proptest! {
    #[test]
    fn a_hand_reaches_neither_the_opponent_nor_the_public(seed in any::<u64>(), before in 0u32..120, choice in any::<u64>(), after in 1u32..24) {
        run(TwinCase { seed, before, twin: choice, after })?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]
    /// The long run: `cargo test -p pbp-three-kingdoms --test secrecy -- --ignored`.
    #[test]
    #[ignore = "long run: 4096 twin pairs"]
    fn a_hand_reaches_neither_the_opponent_nor_the_public_long(seed in any::<u64>(), before in 0u32..400, choice in any::<u64>(), after in 1u32..60) {
        run(TwinCase { seed, before, twin: choice, after })?;
    }
}

/// What no outsider may receive: both hands.
fn hands(
    state: &ThreeKingdomsState,
    _: &ThreeKingdomsView,
    _: Viewer,
    _: &[LoggedEvent<ThreeKingdoms>],
) -> String {
    format!("{:?} {:?}", state.players[0].hand, state.players[1].hand)
}

#[test]
fn the_harness_catches_a_surface_that_shows_a_hand() {
    let mut leaky = secrecy();
    leaky.outputs.push(Output {
        name: "leak",
        show: hands,
    });
    let case = TwinCase {
        seed: 3,
        before: 10,
        twin: 2,
        after: 3,
    };
    let report = check_twins(&secrecy(), case).unwrap();
    assert!(report.secret.contains("hand"), "{report:?}");
    let error = check_twins(&leaky, case).unwrap_err();
    assert!(error.0.contains("leak tells the twins apart"), "{error}");
}
