//! Post authors matched to the table: a player's seat by the player's name (case and
//! spacing ignored, as `pbp_core::engine::names` compares names), the game master's names, the dice roller's accounts, or nobody.

use pbp_core::engine::erased::SeatInfo;
use pbp_core::engine::{Actor, Seat};

use crate::TableError;

/// Who wrote a post, as the table sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Author {
    /// A player, or the game master: their posts are read for actions.
    Actor(Actor),
    /// The forum's dice roller: its posts are read for rolls.
    Roller,
    /// Anyone else.
    Other,
}

/// The names of the table's seats, game master and dice rollers.
#[derive(Clone, Debug)]
pub struct Seating {
    players: Vec<(Seat, String)>,
    /// Seats given to a name that is already a seat's player name (`--player Solo=Red-2` where
    /// Solo plays a seat of its own): that player's posts may also play them.
    also: Vec<(Seat, String)>,
    game_masters: Vec<String>,
    rollers: Vec<String>,
}

/// A name as names are compared everywhere (`pbp_core::engine::names::fold`: case, runs of spaces
/// and invisible joiners folded), so an author matches the name the table checked and the
/// texts show.
fn folded(name: &str) -> String {
    pbp_core::engine::names::fold(name)
}

/// The player's name of a seat's name: "Plainsfox" of "Plainsfox (Lion)".
fn player_name(info: &SeatInfo) -> &str {
    info.name
        .rsplit_once(" (")
        .map_or(info.name.as_str(), |(player, _)| player)
}

impl Seating {
    /// The seats (each known by its player's name), the game master's names and the dice
    /// roller's account names.
    pub fn new(seats: &[SeatInfo], game_masters: &[String], rollers: &[String]) -> Seating {
        Seating {
            players: seats
                .iter()
                .map(|info| (info.seat, folded(player_name(info))))
                .collect(),
            also: Vec::new(),
            game_masters: game_masters.iter().map(|n| folded(n)).collect(),
            rollers: rollers.iter().map(|n| folded(n)).collect(),
        }
    }

    /// The seating with more forum names for seats (a name that is a seat's already is not
    /// repeated). A name that is already another seat's player name keeps that seat as its
    /// own, and may also play the seat given ([`Seating::also_plays`]).
    #[must_use]
    pub fn with_players(mut self, players: &[(String, Seat)]) -> Seating {
        let own: Vec<(Seat, String)> = self.players.clone();
        for (name, seat) in players {
            let name = folded(name);
            if name.is_empty() || self.players.contains(&(*seat, name.clone())) {
                continue;
            }
            if own.iter().any(|(_, player)| *player == name) {
                self.also.push((*seat, name));
            } else {
                self.players.push((*seat, name));
            }
        }
        self
    }

    /// The seats `name` may also play, besides its own (given by [`Seating::with_players`]).
    pub fn also_plays(&self, name: &str) -> Vec<Seat> {
        let name = folded(name);
        self.also
            .iter()
            .filter(|(_, player)| *player == name)
            .map(|(seat, _)| *seat)
            .collect()
    }

    /// Who `name` is.
    ///
    /// # Errors
    /// [`TableError::AuthorSeats`] when it names several seats (`seats` gives their names).
    pub fn author(&self, name: &str, seats: &[SeatInfo]) -> Result<Author, TableError> {
        let name = folded(name);
        let mut found: Vec<Seat> = self
            .players
            .iter()
            .filter(|(_, player)| *player == name)
            .map(|(seat, _)| *seat)
            .collect();
        found.dedup();
        match found.as_slice() {
            [seat] => Ok(Author::Actor(Actor::Seat(*seat))),
            [] if self.game_masters.contains(&name) => Ok(Author::Actor(Actor::GameMaster)),
            [] if self.rollers.contains(&name) => Ok(Author::Roller),
            [] => Ok(Author::Other),
            several => Err(TableError::AuthorSeats {
                author: name,
                seats: several
                    .iter()
                    .map(|seat| {
                        seats.iter().find(|info| info.seat == *seat).map_or_else(
                            || crate::words::actor_name(Actor::Seat(*seat)),
                            |info| info.name.clone(),
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(", "),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(n: u16, name: &str) -> SeatInfo {
        SeatInfo {
            seat: Seat(n),
            label: "Lion".into(),
            name: name.into(),
        }
    }

    #[test]
    fn authors_are_matched_by_player_name() {
        let seats = [seat(0, "Plainsfox (Lion)"), seat(1, "Élodie (Crab)")];
        let seating = Seating::new(&seats, &["Sensei".into()], &["Dice Roller".into()]);
        let who = |name| seating.author(name, &seats);
        assert_eq!(who("  plainsFOX "), Ok(Author::Actor(Actor::Seat(Seat(0)))));
        assert_eq!(who("ÉLODIE"), Ok(Author::Actor(Actor::Seat(Seat(1)))));
        assert_eq!(who("sensei"), Ok(Author::Actor(Actor::GameMaster)));
        assert_eq!(who("dice roller"), Ok(Author::Roller));
        assert_eq!(who("Lion"), Ok(Author::Other));
        // A player's name given another seat too plays its own, and may also play that one.
        let seating = seating.with_players(&[("Plainsfox".into(), Seat(1))]);
        assert_eq!(
            seating.author("plainsfox", &seats),
            Ok(Author::Actor(Actor::Seat(Seat(0))))
        );
        assert_eq!(seating.also_plays("PlainsFox"), vec![Seat(1)]);
        assert_eq!(seating.also_plays("Élodie"), Vec::<Seat>::new());
        let twins = [seat(0, "Sam (Lion)"), seat(1, "sam (Crab)")];
        let seating = Seating::new(&twins, &[], &[]);
        assert!(matches!(
            seating.author("Sam", &twins),
            Err(TableError::AuthorSeats { .. })
        ));
    }
}
