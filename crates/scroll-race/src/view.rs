//! What a viewer sees: the view built from the state (a team's own carrier, traps, Genjutsu and
//! uses; a seat's own sensings) and the secrets each view must never show.

use pbp_core::{Seat, Viewer};

use crate::field::TEAM_SIZE;
use crate::model::*;
use crate::state::team_of;

/// The team a viewer belongs to (`None` for the public and the game master).
fn viewer_team(viewer: Viewer) -> Option<u8> {
    match viewer {
        Viewer::Seat(Seat(s)) if usize::from(s) < 2 * TEAM_SIZE => Some(team_of(s as CharId)),
        _ => None,
    }
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// [`Game::view`](pbp_core::Game::view).
pub(crate) fn view_of(state: &ScrollRaceState, viewer: Viewer) -> ScrollRaceView {
    let team = viewer_team(viewer);
    let gm = viewer == Viewer::GameMaster;
    let knows_team = |t: u8| gm || team == Some(t);
    let characters = state
        .characters
        .iter()
        .map(|c| CharacterView {
            id: c.id,
            name: c.name.to_string(),
            team: c.team,
            npc: c.npc,
            square: c.square,
            skills: c.skills.iter().map(|s| (s.technique, s.rank)).collect(),
            burned: c.burned,
            paralysed: c.paralysed,
            doton: c.doton,
        })
        .collect();
    let uses = state
        .characters
        .iter()
        .filter(|c| knows_team(c.team))
        .map(|c| UsesView {
            character: c.id,
            left: c.skills.iter().map(|s| s.left).collect(),
        })
        .collect();
    let scrolls = (0..2u8)
        .map(|t| {
            let scroll = state.scrolls[usize::from(t)];
            // Outsiders see the last carrier revealed to them, which a secret pass may
            // have made stale: their view must not change when the scroll secretly moves.
            let (carrier, ground) = match scroll.holder {
                Holder::Carrier(c) if knows_team(t) => (Some(c), None),
                Holder::Carrier(_) => (scroll.last_seen, None),
                Holder::Ground(s) => (None, Some(s)),
                Holder::Unassigned => (None, None),
            };
            ScrollView {
                team: t,
                carrier,
                last_seen: scroll.last_seen,
                ground,
            }
        })
        .collect();
    let traps = state
        .traps
        .iter()
        .filter(|t| !t.hidden() || knows_team(t.team))
        .copied()
        .collect();
    let genjutsu = state
        .genjutsu
        .iter()
        .filter(|g| knows_team(g.team))
        .copied()
        .collect();
    let sensings = state
        .sensings
        .iter()
        .filter(|s| gm || viewer == Viewer::Seat(Seat(u16::from(s.user))))
        .cloned()
        .collect();
    ScrollRaceView {
        viewer,
        team,
        field: state.config.field.clone(),
        team_names: state.config.team_names.clone(),
        starting_team: state.starting_team,
        phase: state.phase,
        round: state.round,
        current: state.current(),
        characters,
        uses,
        scrolls,
        summons: state.summons.clone(),
        traps,
        genjutsu,
        sensings,
        ending: state.ending.clone(),
    }
}

/// [`Game::secrets`](pbp_core::Game::secrets).
pub(crate) fn secrets_of(state: &ScrollRaceState, viewer: Viewer) -> Vec<String> {
    if viewer == Viewer::GameMaster {
        return Vec::new();
    }
    let team = viewer_team(viewer);
    let mut secrets = Vec::new();
    for t in (0..2u8).filter(|&t| Some(t) != team) {
        let scroll = state.scrolls[usize::from(t)];
        if let Holder::Carrier(c) = scroll.holder
            && scroll.last_seen != Some(c)
        {
            secrets.push(format!("\"carrier\":{c},"));
            secrets.push(format!("\"carrier\":{c}}}"));
        }
        for trap in state.traps.iter().filter(|x| x.team == t && x.hidden()) {
            secrets.push(json(trap));
        }
        for g in state.genjutsu.iter().filter(|g| g.team == t) {
            secrets.push(json(g));
        }
        for c in state.characters.iter().filter(|c| c.team == t) {
            secrets.push(json(&UsesView {
                character: c.id,
                left: c.skills.iter().map(|s| s.left).collect(),
            }));
        }
    }
    for s in &state.sensings {
        if viewer != Viewer::Seat(Seat(u16::from(s.user))) {
            secrets.push(json(s));
        }
    }
    secrets
}
