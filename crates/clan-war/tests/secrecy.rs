//! The secrecy property (`pbp_core::testing::secrecy`): a player's hand, and so the draw pile's
//! composition, reaches neither the other players nor the public, on any surface (view as JSON,
//! text, BBCode both styles, SVG, event lines, legal actions, refusals, events), unless a rule
//! shows it.
//!
//! Twins: the same game with one card of a player's hand exchanged for one of the draw pile (as
//! another draw would have dealt it). Run with more cases: `PROPTEST_CASES=4096 cargo test -p
//! pbp-clan-war --test secrecy`, or the `--ignored` run.

use pbp_clan_war::*;
use pbp_core::testing::{Output, Secrecy, Twin, TwinCase, check_twins};
use pbp_core::{Dice, Game, LoggedEvent, Viewer};
use proptest::prelude::*;

fn pick<T: Copy>(items: &[T], dice: &mut dyn Dice) -> Option<T> {
    let roll = dice.roll(items.len().max(1) as u32).ok()? as usize;
    items.get(roll - 1).copied()
}

/// The twin, one of two kinds: a card of one player's hand exchanged with a card of another's
/// (every other seat and the public are outsiders), or a card of a hand exchanged with one of
/// the draw pile, as another draw would have dealt it (the public is the outsider: a seat that
/// draws from the shared pile may draw the very card exchanged).
fn twin(state: &ClanWarState, dice: &mut dyn Dice) -> Option<Twin<ClanWar>> {
    let holders: Vec<usize> = (0..state.players.len())
        .filter(|&p| !state.players[p].hand.is_empty())
        .collect();
    let p = pick(&holders, dice)?;
    let slot = dice.roll(state.players[p].hand.len() as u32).ok()? as usize - 1;
    let card = state.players[p].hand[slot];
    let mut b = state.clone();
    if dice.roll(2).ok()? == 1 {
        let others: Vec<usize> = holders.iter().copied().filter(|&q| q != p).collect();
        let q = pick(&others, dice)?;
        let their = dice.roll(state.players[q].hand.len() as u32).ok()? as usize - 1;
        let other = state.players[q].hand[their];
        b.players[p].hand[slot] = other;
        b.players[q].hand[their] = card;
        let (x, y) = (state.players[p].seat, state.players[q].seat);
        let mut outsiders: Vec<Viewer> = state
            .players
            .iter()
            .filter(|r| r.seat != x && r.seat != y)
            .map(|r| Viewer::Seat(r.seat))
            .collect();
        outsiders.push(Viewer::Public);
        let (n, m) = (ClanWar::seat_name(state, x), ClanWar::seat_name(state, y));
        return Some(Twin {
            state: b,
            outsiders,
            secret: format!("card {card} of {n}'s hand and card {other} of {m}'s exchanged"),
        });
    }
    let index = state.deck.cards().iter().position(|&c| c == card)? as u32;
    let pile = state.deck.draw_pile();
    let position = dice.roll(pile.len().max(1) as u32).ok()?;
    let other = *pile.get(position as usize - 1)?;
    b.deck.draw_at(position).ok()?;
    b.deck.return_to_pile(index).ok()?;
    let drawn = *b.deck.card(other)?;
    b.players[p].hand[slot] = drawn;
    Some(Twin {
        state: b,
        outsiders: vec![Viewer::Public],
        secret: format!(
            "{}'s hand: card {drawn} for card {card}",
            state.players[p].name
        ),
    })
}

/// Cunning shows the loser's hand to the winner (docs/rules/clan-war.md, "Secrecy property").
fn reveals(event: &ClanWarEvent) -> Option<&'static str> {
    match event {
        ClanWarEvent::HandShown { .. } => Some("Cunning shows a hand to the battle's winner"),
        _ => None,
    }
}

fn secrecy() -> Secrecy<ClanWar> {
    Secrecy {
        config: ClanWarConfig::default(),
        twin,
        outputs: pbp_render::testing::outputs::<ClanWar>(),
        reveals,
        tries: 1,
    }
}

fn run(case: TwinCase) -> Result<(), TestCaseError> {
    check_twins(&secrecy(), case).map_err(|v| TestCaseError::fail(v.0))?;
    Ok(())
}

proptest! {
    #[test]
    fn a_hand_reaches_no_outsider(seed in any::<u64>(), before in 0u32..120, choice in any::<u64>(), after in 1u32..24) {
        run(TwinCase { seed, before, twin: choice, after })?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]
    /// The long run: `cargo test -p pbp-clan-war --test secrecy -- --ignored`.
    #[test]
    #[ignore = "long run: 4096 twin pairs"]
    fn a_hand_reaches_no_outsider_long(seed in any::<u64>(), before in 0u32..400, choice in any::<u64>(), after in 1u32..60) {
        run(TwinCase { seed, before, twin: choice, after })?;
    }
}

/// What no outsider may receive: every hand.
fn hands(
    state: &ClanWarState,
    _: &<ClanWar as pbp_core::Game>::View,
    _: Viewer,
    _: &[LoggedEvent<ClanWar>],
) -> String {
    format!(
        "{:?}",
        state.players.iter().map(|p| &p.hand).collect::<Vec<_>>()
    )
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
