//! Clan War: the state as text, the round summary as BBCode, the hex map as SVG, and each event
//! in the game's words.
//!
//! The events carry values (hexes, pools, cards, what an effect did); the words are made here:
//! `events.rs` writes each event, `text.rs` the state as text, `post.rs` the forum post,
//! `svg.rs` the map. The names they share (players, cards, hexes, terrains) are below.

mod events;
mod post;
mod svg;
mod text;

#[cfg(test)]
mod tests;

use pbp_clan_war::{Battle, Clan, ClanWar, ClanWarEvent, ClanWarView, Holder, Terrain, card};
use pbp_core::{
    Side,
    engine::{LoggedEvent, Seat},
};

use crate::{PostOptions, Render};

impl Render for ClanWar {
    fn text(view: &ClanWarView) -> String {
        text::text(view)
    }

    fn bbcode_with(
        view: &ClanWarView,
        events: &[&LoggedEvent<ClanWar>],
        options: &PostOptions,
    ) -> String {
        post::bbcode(view, events, options)
    }

    fn svg(view: &ClanWarView) -> String {
        svg::svg(view)
    }

    fn event_text(event: &ClanWarEvent, view: &ClanWarView) -> String {
        events::event_text(event, view)
    }
}

/// A card by number and name: `25 Fury of the Hida`.
fn card_name(no: u8) -> String {
    card(no).map_or_else(|| format!("card {no}"), |c| format!("{no} {}", c.name))
}

/// Half points as points: `4`, `4.5`.
fn halves(h: i64) -> String {
    if h % 2 == 0 {
        format!("{}", h / 2)
    } else {
        format!("{}.5", h / 2)
    }
}

/// A holder's two-letter code on the maps.
fn holder_short(holder: Holder) -> &'static str {
    match holder {
        Holder::Clan(c) => match c {
            Clan::Crab => "Cr",
            Clan::Crane => "Cn",
            Clan::Dragon => "Dr",
            Clan::Lion => "Li",
            Clan::Mantis => "Ma",
            Clan::Phoenix => "Ph",
            Clan::Scorpion => "Sc",
            Clan::Unicorn => "Un",
        },
        Holder::SpiritArmy => "SA",
    }
}

/// A terrain as people name it: `Crab province`, `Mountain`.
fn terrain_name(terrain: Terrain) -> String {
    match terrain {
        Terrain::Province(clan) => format!("{clan} province"),
        Terrain::Imperial => "Imperial province".into(),
        Terrain::Mountain => "Mountain".into(),
        Terrain::Forest => "Forest".into(),
        Terrain::Ocean => "Ocean".into(),
    }
}

/// The side `side` of battle `b`: its player, or the Spirit Army.
fn side_name(view: &ClanWarView, b: &Battle, side: Side) -> String {
    match b.seat(side) {
        Some(seat) => who(view, seat),
        None => "the Spirit Army".into(),
    }
}

/// A player as people name it: `Plainsfox (Lion)`, or `Lion` when it has no name.
fn who(view: &ClanWarView, seat: Seat) -> String {
    match view.players.iter().find(|p| p.seat == seat) {
        Some(p) if p.name.is_empty() => p.clan.to_string(),
        Some(p) => format!("{} ({})", p.name, p.clan),
        None => format!("seat {seat}"),
    }
}

/// Who holds a hex, as people name it: its clan's player, the clan when no one plays it, or
/// the Spirit Army.
fn holder_name(view: &ClanWarView, holder: Holder) -> String {
    match holder {
        Holder::SpiritArmy => "the Spirit Army".into(),
        Holder::Clan(c) => view
            .players
            .iter()
            .find(|p| p.clan == c)
            .map_or_else(|| c.to_string(), |p| who(view, p.seat)),
    }
}
