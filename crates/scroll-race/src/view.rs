//! What a viewer sees: the view built from the state (a team's own carrier, traps, Genjutsu and
//! uses; a seat's own sensings) and the secrets each view must never show.

use pbp_core::engine::{Seat, Viewer};
use serde::{Deserialize, Serialize};

use crate::field::{Field, Square, TEAM_SIZE};
use crate::model::CharId;
use crate::state::{
    Ending, Genjutsu, Holder, Phase, ScrollRaceState, Sensing, Summon, Trap, team_of,
};
use crate::technique::Technique;

/// A team's scroll as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScrollView {
    /// The team.
    pub team: u8,
    /// The carrier for its own team and the game master; for others, the last carrier revealed
    /// to them (a secret pass since may have made it stale).
    pub carrier: Option<CharId>,
    /// The last carrier revealed to everyone (may be out of date).
    pub last_seen: Option<CharId>,
    /// The square it lies on, when dropped.
    pub ground: Option<Square>,
}

/// A character's uses left, for its own team and the game master.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UsesView {
    /// Whose.
    pub character: CharId,
    /// Uses left of each skill, in skill order (`null` unlimited).
    pub left: Vec<Option<u8>>,
}

/// A character as anyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CharacterView {
    /// Number and seat.
    pub id: CharId,
    /// Name.
    pub name: String,
    /// Team.
    pub team: u8,
    /// Computer-played.
    pub npc: bool,
    /// Square.
    pub square: Square,
    /// Techniques and ranks (public, like a character sheet).
    pub skills: Vec<(Technique, u8)>,
    /// Burnt.
    pub burned: bool,
    /// Paralysed.
    pub paralysed: bool,
    /// A pending Doton's rank.
    pub doton: Option<u8>,
}

/// What one viewer may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScrollRaceView {
    /// Who looks.
    pub viewer: Viewer,
    /// The viewer's team, for a seat.
    pub team: Option<u8>,
    /// The field.
    pub field: Field,
    /// The teams' names.
    pub team_names: [String; 2],
    /// The team that started.
    pub starting_team: u8,
    /// The phase.
    pub phase: Phase,
    /// The round.
    pub round: u32,
    /// Whose turn it is.
    pub current: Option<CharId>,
    /// Every character.
    pub characters: Vec<CharacterView>,
    /// Uses left that the viewer may know.
    pub uses: Vec<UsesView>,
    /// Both scrolls.
    pub scrolls: Vec<ScrollView>,
    /// Summons.
    pub summons: Vec<Summon>,
    /// Traps and floods the viewer knows of.
    pub traps: Vec<Trap>,
    /// Genjutsu the viewer knows of.
    pub genjutsu: Vec<Genjutsu>,
    /// Sensoriel results the viewer may read.
    pub sensings: Vec<Sensing>,
    /// The end, once over.
    pub ending: Option<Ending>,
}

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

/// Team `t`'s scroll as `viewer` sees it (the `scrolls` of its view).
pub(crate) fn scroll_view(state: &ScrollRaceState, viewer: Viewer, t: u8) -> ScrollView {
    let knows_team = viewer == Viewer::GameMaster || viewer_team(viewer) == Some(t);
    let scroll = state.scrolls[usize::from(t)];
    // Outsiders see the last carrier revealed to them, which a secret pass may have made
    // stale: their view must not change when the scroll secretly moves.
    let (carrier, ground) = match scroll.holder {
        Holder::Carrier(c) if knows_team => (Some(c), None),
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
}

/// [`Game::view`](pbp_core::engine::Game::view).
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
    let scrolls = (0..2u8).map(|t| scroll_view(state, viewer, t)).collect();
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

/// [`Game::secrets`](pbp_core::engine::Game::secrets).
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
