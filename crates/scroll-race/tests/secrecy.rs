//! The secrecy property (`pbp_core::engine::testing::secrecy`): what a team keeps to itself (its
//! carrier, its hidden seals, its waiting Genjutsu, its uses left) reaches neither the other team
//! nor the public, on any surface (view as JSON, text, BBCode, SVG, event lines, legal actions,
//! refusals, events), until a rule reveals it.
//!
//! Twins, one kind drawn per case: the scroll carried secretly by another character of its
//! team (as a different choice of the captain, or an unspotted pass, would leave it); a hidden
//! Fuinjutsu seal not laid (its caster waited instead: the use is given back); the latest
//! waiting Genjutsu not cast (the same, and the game's count of Genjutsu one less); a character's
//! uses left of one technique other than they are. Run with more cases: `PROPTEST_CASES=4096
//! cargo test -p pbp-scroll-race --test secrecy`, or the `--ignored` run.

use pbp_core::engine::testing::{Secrecy, Twin, TwinCase};
use pbp_core::{Dice, engine::Viewer};
use pbp_scroll_race::*;

/// Whether `id` stands in the enemy zone, where only a carrier may go (and is seen to).
fn in_enemy_zone(state: &ScrollRaceState, id: CharId) -> bool {
    let c = &state.characters[usize::from(id)];
    let zone = state.config.field.cell(c.square).and_then(Cell::zone_of);
    zone.is_some_and(|t| t != c.team)
}

fn pick<T: Copy>(items: &[T], dice: &mut dyn Dice) -> Option<T> {
    let roll = dice.roll(items.len().max(1) as u32).ok()? as usize;
    items.get(roll - 1).copied()
}

/// The other team's five seats and the public.
fn outsiders_of(team: u8) -> Vec<Viewer> {
    let mut outsiders: Vec<Viewer> = team_seats(1 - team).into_iter().map(Viewer::Seat).collect();
    outsiders.push(Viewer::Public);
    outsiders
}

/// Gives `caster` back one use of `technique` (the turn it was used is a wait in the twin).
fn give_back(state: &mut ScrollRaceState, caster: CharId, technique: Technique) {
    let character = &mut state.characters[usize::from(caster)];
    if let Some(skill) = character
        .skills
        .iter_mut()
        .find(|s| s.technique == technique)
        && let (Some(left), Some(allowance)) = (skill.left.as_mut(), skill.allowance)
        && *left < allowance
    {
        *left += 1;
    }
}

/// The twin: another secret carrier of a team whose carrier is secret (neither burnt nor in the
/// enemy zone).
fn carrier_twin(state: &ScrollRaceState, dice: &mut dyn Dice) -> Option<Twin<ScrollRace>> {
    let secret: Vec<u8> = (0..2u8)
        .filter(|&t| {
            let scroll = state.scrolls[usize::from(t)];
            matches!(scroll.holder, Holder::Carrier(c) if scroll.last_seen != Some(c)
                && !in_enemy_zone(state, c))
        })
        .collect();
    let team = pick(&secret, dice)?;
    let carrier = state.carrier(team)?;
    let others: Vec<CharId> = team_seats(team)
        .into_iter()
        .map(|s| s.0 as CharId)
        .filter(|&c| {
            c != carrier && !state.characters[usize::from(c)].burned && !in_enemy_zone(state, c)
        })
        .collect();
    let other = pick(&others, dice)?;
    let mut b = state.clone();
    b.scrolls[usize::from(team)].holder = Holder::Carrier(other);
    Some(Twin {
        state: b,
        outsiders: outsiders_of(team),
        secret: format!("team {team}'s carrier: {other} for {carrier}"),
    })
}

/// The twin: a hidden seal (Fuinjutsu) never laid, its caster's use given back.
fn seal_twin(state: &ScrollRaceState, dice: &mut dyn Dice) -> Option<Twin<ScrollRace>> {
    let hidden: Vec<usize> = (0..state.traps.len())
        .filter(|&i| state.traps[i].hidden())
        .collect();
    let i = pick(&hidden, dice)?;
    let trap = state.traps[i];
    let mut b = state.clone();
    b.traps.remove(i);
    give_back(&mut b, trap.caster, Technique::Fuinjutsu);
    Some(Twin {
        state: b,
        outsiders: outsiders_of(trap.team),
        secret: format!(
            "team {}'s seal on {:?} by {} not laid",
            trap.team, trap.square, trap.caster
        ),
    })
}

/// The twin: the latest Genjutsu of a team, still waiting, never cast (its caster's use given
/// back, the team's count of Genjutsu one less). This twin found that Genjutsu were numbered
/// across the game: a team's next number told it how many the enemy had cast in secret.
fn genjutsu_twin(state: &ScrollRaceState) -> Option<Twin<ScrollRace>> {
    let i = state
        .genjutsu
        .iter()
        .position(|g| g.number == state.genjutsu_cast[usize::from(g.team)])?;
    let g = state.genjutsu[i];
    let mut b = state.clone();
    b.genjutsu.remove(i);
    b.genjutsu_cast[usize::from(g.team)] -= 1;
    give_back(&mut b, g.caster, Technique::Genjutsu);
    Some(Twin {
        state: b,
        outsiders: outsiders_of(g.team),
        secret: format!("team {}'s Genjutsu {} not cast", g.team, g.number),
    })
}

/// The twin: a character's uses left of one of its limited techniques, other than they are.
fn uses_twin(state: &ScrollRaceState, dice: &mut dyn Dice) -> Option<Twin<ScrollRace>> {
    let limited: Vec<(usize, usize)> = (0..state.characters.len())
        .flat_map(|c| {
            let skills = &state.characters[c].skills;
            (0..skills.len())
                .filter(|&s| skills[s].allowance.is_some_and(|a| a > 0))
                .map(move |s| (c, s))
        })
        .collect();
    let (c, s) = pick(&limited, dice)?;
    let skill = state.characters[c].skills[s];
    let (allowance, left) = (skill.allowance?, skill.left?);
    let choices: Vec<u8> = (0..=allowance).filter(|&n| n != left).collect();
    let other = pick(&choices, dice)?;
    let mut b = state.clone();
    b.characters[c].skills[s].left = Some(other);
    let team = state.characters[c].team;
    Some(Twin {
        state: b,
        outsiders: outsiders_of(team),
        secret: format!(
            "{}'s uses of {:?}: {other} for {left}",
            state.characters[c].name, skill.technique
        ),
    })
}

/// One of the four kinds of twin, drawn by the dice; `None` when the kind drawn has nothing to
/// vary here (the harness asks again at the next step).
fn twin(state: &ScrollRaceState, dice: &mut dyn Dice) -> Option<Twin<ScrollRace>> {
    match dice.roll(4).ok()? {
        1 => carrier_twin(state, dice),
        2 => seal_twin(state, dice).or_else(|| carrier_twin(state, dice)),
        3 => genjutsu_twin(state).or_else(|| carrier_twin(state, dice)),
        _ => uses_twin(state, dice),
    }
}

/// The events that tell a secret by rule (docs/rules/scroll-race.md, "Secrecy property"): a
/// struck carrier drops the scroll, a spotted pass, a pick-up, a carrier entering the enemy zone
/// or winning, Sensoriel's names to its user, a seal sprung and a Genjutsu that cancels.
fn reveals(event: &ScrollRaceEvent) -> Option<&'static str> {
    match event {
        ScrollRaceEvent::ScrollDropped { .. } => Some("a struck carrier drops the scroll"),
        ScrollRaceEvent::PassSpotted { .. } => Some("a spotted pass tells the carrier"),
        ScrollRaceEvent::PickedUp { .. } => Some("a pick-up is public"),
        ScrollRaceEvent::EnteredEnemyZone { .. } => Some("only a carrier enters the enemy zone"),
        ScrollRaceEvent::GameOver(_) => Some("the carrier in the enemy base wins"),
        ScrollRaceEvent::Sensed(_) => Some("Sensoriel names the carrier among others"),
        ScrollRaceEvent::TrapSprung { trap, .. } if trap.hidden() => {
            Some("a sprung seal is revealed to all")
        }
        ScrollRaceEvent::GenjutsuCancelled { .. } => Some("a cancelling Genjutsu is revealed"),
        _ => None,
    }
}

fn secrecy() -> Secrecy<ScrollRace> {
    Secrecy {
        config: ScrollRaceConfig::default(),
        twin,
        outputs: pbp_render::testing::outputs::<ScrollRace>(),
        sessions: pbp_frontend::testing::session_outputs::<ScrollRace>(),
        reveals,
        tries: 3,
    }
}

pbp_core::engine::testing::secrecy_tests! {
    secrecy: secrecy(),
    cases: (0u32..80, 1u32..30),
    long: (0u32..200, 1u32..60),
    leak_case: TwinCase { seed: 5, before: 20, twin: 1, after: 3 },
    finds: "team",
}

/// The case a clean-clone CI run found with the Genjutsu twin (issue 27); before the fix it
/// failed on the surfaces of `a_secret_reaches_no_outsider` (the table's run drew other bot
/// actions and passed). At step 58 a
/// Raiton on a Doton-shielded character was "blocked" in one twin and "shield broken, missed" in
/// the other, because the waiting Genjutsu's check drew a die only where a Genjutsu waited and so
/// moved the Doton roll's. The check now draws its die whether or not one waits, which also moves
/// the dice before step 55, so this seed now plays another game; the rule itself is pinned by
/// `a_waiting_genjutsu_does_not_move_the_dice_of_the_public_rolls_after_it` in tests/secrets.rs.
#[test]
fn the_genjutsu_twin_case_found_in_ci_passes() {
    let case = TwinCase {
        seed: 13_741_853_384_567_163_702,
        before: 55,
        twin: 3_668_025_059_714_591_806,
        after: 4,
    };
    let plain = pbp_core::engine::testing::secrecy::without_sessions(secrecy());
    pbp_core::engine::testing::secrecy::run_case(&plain, case).unwrap_or_else(|v| panic!("{v}"));
    pbp_core::engine::testing::secrecy::run_case(&secrecy(), case)
        .unwrap_or_else(|v| panic!("{v}"));
}
