//! The secrecy property (`pbp_core::engine::testing::secrecy`): a player's hand, and so the draw pile's
//! composition, reaches neither the other players nor the public, on any surface (view as JSON,
//! text, BBCode both styles, SVG, event lines, legal actions, refusals, events), unless a rule
//! shows it.
//!
//! Twins: the same game with one card of a player's hand exchanged for one of another player's
//! hand, or for one of the draw pile (as another draw would have dealt it). Hands are Clan War's
//! only secret (`ClanWar::secrets`); the shared pile holds no order (a card is drawn by rolling
//! its position among the remaining ones), so its composition is all it hides. Run with more
//! cases: `PROPTEST_CASES=4096 cargo test -p pbp-clan-war --test secrecy`, or the `--ignored`
//! run.

use pbp_clan_war::*;
use pbp_core::engine::testing::{Secrecy, Twin, TwinCase};
use pbp_core::{
    Dice,
    engine::{Game, Viewer},
};

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

/// The two reveals by rule (docs/rules/clan-war.md, "Secrecy property"): Cunning shows the
/// loser's hand to the winner, and a Duelist win makes the opponent discard their whole hand
/// onto the discard pile, which is public.
fn reveals(event: &ClanWarEvent) -> Option<&'static str> {
    match event {
        ClanWarEvent::HandShown { .. } => Some("Cunning shows a hand to the battle's winner"),
        ClanWarEvent::Effect {
            effect: CardEffect::DuelistDiscards { .. },
            ..
        } => Some("a Duelist win discards the opponent's hand onto the public discard pile"),
        _ => None,
    }
}

fn secrecy() -> Secrecy<ClanWar> {
    Secrecy {
        config: ClanWarConfig::default(),
        twin,
        outputs: pbp_render::testing::outputs::<ClanWar>(),
        sessions: pbp_frontend::testing::session_outputs::<ClanWar>(),
        reveals,
        tries: 1,
    }
}

pbp_core::engine::testing::secrecy_tests! {
    secrecy: secrecy(),
    cases: (0u32..120, 1u32..24),
    long: (0u32..400, 1u32..60),
    leak_case: TwinCase { seed: 3, before: 10, twin: 2, after: 3 },
    finds: "hand",
}
