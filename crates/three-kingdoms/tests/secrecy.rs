//! The secrecy property (`pbp_core::engine::testing::secrecy`): a player's hand, and so the
//! composition of its deck, reaches neither the opponent nor the public, on any surface (view as
//! JSON, text, BBCode both styles, SVG, event lines, legal actions, refusals, events, the
//! table's answers), unless a rule shows a card.
//!
//! Twins: a card of one player's hand exchanged for one of its own deck (as another draw would
//! have dealt it), or (the game is played with `ambush: secret`) an unrevealed Ambush moved to
//! another unrevealed, untapped General of the same side and zone. A deck holds no order to vary: a card is drawn by rolling its position among the
//! remaining ones (the seed's dice), so its composition is all it hides. Run with more cases:
//! `PROPTEST_CASES=4096 cargo test -p pbp-three-kingdoms --test secrecy`, or the `--ignored` run.

use pbp_core::engine::testing::{Secrecy, Twin, TwinCase};
use pbp_core::{
    Dice,
    engine::{Game, Seat, Viewer},
};
use pbp_three_kingdoms::*;

fn pick<T: Copy>(items: &[T], dice: &mut dyn Dice) -> Option<T> {
    let roll = dice.roll(items.len().max(1) as u32).ok()? as usize;
    items.get(roll - 1).copied()
}

/// The twin: a card of a seat's hand for a card of its draw pile. The opponent and the public
/// are outsiders (each side draws from its own deck).
fn hand_twin(state: &ThreeKingdomsState, dice: &mut dyn Dice) -> Option<Twin<ThreeKingdoms>> {
    let seats: Vec<usize> = (0..2)
        .filter(|&s| !state.players[s].hand.is_empty() && state.players[s].deck.remaining() > 0)
        .collect();
    let s = pick(&seats, dice)?;
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

/// The twin: an unrevealed Ambush of a side moved to another unrevealed, untapped General of
/// the same side and zone (with `ambush: secret`). The opponent and the public are outsiders.
fn ambush_twin(state: &ThreeKingdomsState, dice: &mut dyn Dice) -> Option<Twin<ThreeKingdoms>> {
    if state.rules.ambush != AmbushVisibility::Secret {
        return None;
    }
    let general = |s: usize, c: u32| {
        state.players[s]
            .cards
            .get(c as usize)
            .and_then(|id| state.defs.get(id))
            .map(|d| d.card_type)
            == Some(CardType::General)
    };
    let hidden: Vec<(usize, usize)> = (0..2)
        .flat_map(|s| {
            state.players[s]
                .field
                .iter()
                .enumerate()
                .filter(move |(_, ch)| ch.ambush && !ch.ambush_revealed)
                .map(move |(i, _)| (s, i))
        })
        .collect();
    let (s, from) = pick(&hidden, dice)?;
    let p = &state.players[s];
    let zone = p.field[from].zone;
    let to: Vec<usize> = p
        .field
        .iter()
        .enumerate()
        .filter(|&(i, ch)| {
            i != from
                && general(s, ch.card)
                && ch.zone == zone
                && !ch.ambush
                && !ch.ambush_revealed
                && !ch.tapped
        })
        .map(|(i, _)| i)
        .collect();
    let to = pick(&to, dice)?;
    let mut b = state.clone();
    b.players[s].field[from].ambush = false;
    b.players[s].field[to].ambush = true;
    let seat = Seat(s as u16);
    let name = |i: usize| {
        p.cards
            .get(p.field[i].card as usize)
            .cloned()
            .unwrap_or_default()
    };
    Some(Twin {
        state: b,
        outsiders: vec![Viewer::Seat(opponent(seat)), Viewer::Public],
        secret: format!(
            "{}'s Ambush: {} for {}",
            ThreeKingdoms::seat_label(state, seat),
            name(to),
            name(from)
        ),
    })
}

/// The twin (one of two kinds, by the dice): a card of a hand for one of the same side's deck,
/// or a hidden Ambush moved to another General.
fn twin(state: &ThreeKingdomsState, dice: &mut dyn Dice) -> Option<Twin<ThreeKingdoms>> {
    if dice.roll(2).ok()? == 1 {
        ambush_twin(state, dice).or_else(|| hand_twin(state, dice))
    } else {
        hand_twin(state, dice)
    }
}

/// The rules that show a secret to all (docs/rules/three-kingdoms.md, "Secrecy property"): a
/// card drawn into a full hand goes face up to the discard pile, an effect's random discard
/// shows the card discarded, and a hidden Ambush (with `ambush: secret`) is revealed when it
/// foils an attack or intercepts.
fn reveals(event: &ThreeKingdomsEvent) -> Option<&'static str> {
    match event {
        ThreeKingdomsEvent::Burned { .. } => Some("a card drawn into a full hand is discarded"),
        ThreeKingdomsEvent::DiscardedAtRandom { .. } => Some("a random discard shows its card"),
        ThreeKingdomsEvent::AmbushFoiled { .. } => Some("an attack on a hidden Ambush is foiled"),
        ThreeKingdomsEvent::AmbushSprung { .. } | ThreeKingdomsEvent::AmbushMet { .. } => {
            Some("an Ambush intercepts")
        }
        _ => None,
    }
}

fn secrecy() -> Secrecy<ThreeKingdoms> {
    Secrecy {
        config: ThreeKingdomsConfig {
            rules: Rules {
                ambush: AmbushVisibility::Secret,
                ..Rules::default()
            },
            ..ThreeKingdomsConfig::default()
        },
        twin,
        outputs: pbp_render::testing::outputs::<ThreeKingdoms>(),
        sessions: pbp_frontend::testing::session_outputs::<ThreeKingdoms>(),
        reveals,
        tries: 2,
    }
}

pbp_core::engine::testing::secrecy_tests! {
    secrecy: secrecy(),
    cases: (0u32..120, 1u32..24),
    long: (0u32..400, 1u32..60),
    leak_case: TwinCase { seed: 3, before: 10, twin: 2, after: 3 },
    finds: "'s ",
}

/// The case the first Ambush generator found (seed 16372638467708928437, 13 steps): Wei's
/// hidden Ambush moved from Li Dian to Xiahou Dun, then Xiahou Dun intercepts Liu Bei, of the
/// same cost 4. The Ambush ends (the seed: "Any Ambush attempt by your General will be triggered
/// by declaring an interception") and they fight by Strength (D6); the opponent's view showed
/// Xiahou Dun's `ambush` as `false` in one twin and `null` in the other, with no event saying
/// so. The game now announces it (`AmbushMet`), and the harness stops there.
#[test]
fn an_ambush_intercepting_an_equal_cost_is_announced() {
    let case = TwinCase {
        seed: 16372638467708928437,
        before: 13,
        twin: 16,
        after: 24,
    };
    let report = pbp_core::engine::testing::check_twins(&secrecy(), case)
        .map_err(|v| v.0)
        .unwrap();
    assert!(
        report.secret.contains("xiahou-dun for li-dian"),
        "{report:?}"
    );
    assert_eq!(report.revealed, Some("an Ambush intercepts"), "{report:?}");
}

/// Found by the property: Shu's attack was stopped, and whether Wei was asked to follow up
/// depended on which of its Generals was in Ambush (an Ambush General may not attack, so when it
/// was Wei's only General able to, Shu saw no follow-up). With `ambush: secret` the question is
/// now put whenever a General could follow up were it not in Ambush, and Wei's own choices
/// leave the Ambush General out.
#[test]
fn a_hidden_ambush_does_not_decide_whether_the_defender_may_follow_up() {
    let case = TwinCase {
        seed: 12114154471977469815,
        before: 15,
        twin: 1162344685754101641,
        after: 1,
    };
    let report = pbp_core::engine::testing::check_twins(&secrecy(), case)
        .map_err(|v| v.0)
        .unwrap();
    assert!(report.secret.contains("yue-jin for li-dian"), "{report:?}");
}
