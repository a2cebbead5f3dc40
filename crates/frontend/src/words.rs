//! The words every frontend uses for seats, viewers and turns: reading `--as 0`, `gm`, `public`,
//! and writing `Player 2`, `the game master`, `to act: Player 1, gm`.

use pbp_core::engine::erased::{SeatInfo, seat_named};
use pbp_core::engine::{Actor, Seat, Turn, Viewer};

fn parse_seat(text: &str) -> Option<Seat> {
    let digits = text.strip_prefix("seat").unwrap_or(text).trim_start();
    digits.parse::<u16>().ok().map(Seat)
}

/// Reads an actor: a seat number (`0`, `seat0`, `seat 0`) or `gm` (`game-master`), in any case.
///
/// # Errors
/// Anything else, with what is expected.
///
/// ```
/// use pbp_core::engine::{Actor, Seat};
/// assert_eq!(pbp_frontend::words::parse_actor("GM"), Ok(Actor::GameMaster));
/// assert_eq!(pbp_frontend::words::parse_actor("seat1"), Ok(Actor::Seat(Seat(1))));
/// ```
pub fn parse_actor(text: &str) -> Result<Actor, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "gm" | "game-master" => Ok(Actor::GameMaster),
        other => parse_seat(other)
            .map(Actor::Seat)
            .ok_or_else(|| "expected a seat number (0, 1, ...) or gm".to_owned()),
    }
}

/// Reads a viewer: a seat number, `public` or `gm`, in any case.
///
/// # Errors
/// Anything else, with what is expected.
///
/// ```
/// use pbp_core::engine::Viewer;
/// assert_eq!(pbp_frontend::words::parse_viewer("public"), Ok(Viewer::Public));
/// ```
pub fn parse_viewer(text: &str) -> Result<Viewer, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "public" => Ok(Viewer::Public),
        other => parse_actor(other)
            .map(Viewer::from)
            .map_err(|_| "expected a seat number (0, 1, ...), public or gm".to_owned()),
    }
}

/// What a table's seats are called, for the messages of [`parse_actor_in`].
fn expected_seats(seats: &[SeatInfo]) -> String {
    let names: Vec<String> = seats
        .iter()
        .map(|i| format!("{} {}", i.seat, i.name))
        .collect();
    // A game that names its seats by number alone ("Player 1") has nothing more to list.
    let numbered = seats
        .iter()
        .all(|i| i.name == actor_name(Actor::Seat(i.seat)));
    if names.is_empty() || numbered {
        "a seat number (0, 1, ...)".to_owned()
    } else {
        format!("a seat's number or name ({})", names.join(", "))
    }
}

/// Reads an actor at a table: a seat by number, label or player name (see the seats), or `gm`.
///
/// # Errors
/// Anything else, or a name several seats share, with what is expected.
///
/// ```
/// use pbp_core::engine::erased::{SeatInfo, seat_named};
/// use pbp_core::engine::{Actor, Seat};
/// let seats = [SeatInfo { seat: Seat(2), label: "Lion".into(), name: "Plainsfox (Lion)".into() }];
/// let read = |t| pbp_frontend::words::parse_actor_in(t, &seats);
/// assert_eq!(read("plainsfox"), Ok(Actor::Seat(Seat(2))));
/// assert_eq!(read("Lion"), Ok(Actor::Seat(Seat(2))));
/// assert_eq!(read("gm"), Ok(Actor::GameMaster));
/// ```
pub fn parse_actor_in(text: &str, seats: &[SeatInfo]) -> Result<Actor, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "gm" | "game-master" => Ok(Actor::GameMaster),
        _ => seat_named(text, seats)?
            .map(Actor::Seat)
            .ok_or_else(|| format!("expected {} or gm", expected_seats(seats))),
    }
}

/// Reads a viewer at a table: a seat by number, label or player name, `public` or `gm`.
///
/// # Errors
/// As [`parse_actor_in`].
pub fn parse_viewer_in(text: &str, seats: &[SeatInfo]) -> Result<Viewer, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "public" => Ok(Viewer::Public),
        "gm" | "game-master" => Ok(Viewer::GameMaster),
        _ => seat_named(text, seats)?
            .map(Viewer::Seat)
            .ok_or_else(|| format!("expected {}, public or gm", expected_seats(seats))),
    }
}

/// A seat as the table names it: "Plainsfox (Lion)" (`seat N` for a seat it does not list).
fn seat_called(seat: Seat, seats: &[SeatInfo]) -> String {
    seats
        .iter()
        .find(|i| i.seat == seat)
        .map_or_else(|| actor_name(Actor::Seat(seat)), |i| i.name.clone())
}

/// [`describe_turn`] with each seat by its name: `to act: Plainsfox (Lion), gm`.
///
/// ```
/// use pbp_core::engine::erased::{SeatInfo, seat_named};
/// use pbp_core::engine::{Actor, Seat, Turn};
/// let seats = [SeatInfo { seat: Seat(1), label: "Lion".into(), name: "Plainsfox (Lion)".into() }];
/// let turn = Turn::Acting(vec![Actor::Seat(Seat(1)), Actor::GameMaster]);
/// assert_eq!(pbp_frontend::words::describe_turn_in(&turn, &seats), "to act: Plainsfox (Lion), gm");
/// ```
pub fn describe_turn_in(turn: &Turn, seats: &[SeatInfo]) -> String {
    let list = |s: &[Seat]| {
        s.iter()
            .map(|&seat| seat_called(seat, seats))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match turn {
        Turn::Acting(actors) => {
            let names: Vec<String> = actors
                .iter()
                .map(|&a| match a {
                    Actor::Seat(seat) => seat_called(seat, seats),
                    Actor::GameMaster => "gm".to_owned(),
                })
                .collect();
            format!("to act: {}", names.join(", "))
        }
        Turn::Over(outcome) if outcome.winners.is_empty() => {
            format!("game over, no winner: {}", outcome.reason)
        }
        Turn::Over(outcome) => format!(
            "game over, won by {}: {}",
            list(&outcome.winners),
            outcome.reason
        ),
    }
}

/// An actor in a sentence where the table's names are not at hand: `Player 2` (seat 1,
/// counted from 1 as people count) or `the game master`.
pub fn actor_name(actor: Actor) -> String {
    match actor {
        Actor::Seat(seat) => seat.player_name(),
        Actor::GameMaster => "the game master".to_owned(),
    }
}

/// One line saying who may act, or how the game ended.
///
/// ```
/// use pbp_core::engine::{Actor, Seat, Turn};
/// let turn = Turn::Acting(vec![Actor::Seat(Seat(1)), Actor::GameMaster]);
/// assert_eq!(pbp_frontend::words::describe_turn(&turn), "to act: Player 2, gm");
/// ```
pub fn describe_turn(turn: &Turn) -> String {
    describe_turn_in(turn, &[])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actors_viewers_and_turns_read_and_write_like_the_cli() {
        assert_eq!(parse_actor("gm"), Ok(Actor::GameMaster));
        assert_eq!(parse_actor("Game-Master"), Ok(Actor::GameMaster));
        assert_eq!(parse_actor("3"), Ok(Actor::Seat(Seat(3))));
        assert_eq!(parse_actor("seat1"), Ok(Actor::Seat(Seat(1))));
        assert_eq!(parse_actor("seat 2"), Ok(Actor::Seat(Seat(2))));
        assert_eq!(
            parse_actor("public"),
            Err("expected a seat number (0, 1, ...) or gm".to_owned())
        );
        assert!(parse_actor("70000").is_err());
        assert!(parse_actor("").is_err());
        assert_eq!(parse_viewer("PUBLIC"), Ok(Viewer::Public));
        assert_eq!(parse_viewer("0"), Ok(Viewer::Seat(Seat(0))));
        assert_eq!(parse_viewer("gm"), Ok(Viewer::GameMaster));
        assert_eq!(
            parse_viewer("everyone"),
            Err("expected a seat number (0, 1, ...), public or gm".to_owned())
        );
        assert_eq!(actor_name(Actor::Seat(Seat(4))), "Player 5");
        assert_eq!(actor_name(Actor::GameMaster), "the game master");
        let over = Turn::Over(pbp_core::engine::Outcome {
            winners: vec![Seat(0), Seat(2)],
            reason: "a team won".into(),
            ..Default::default()
        });
        assert_eq!(
            describe_turn(&over),
            "game over, won by Player 1, Player 3: a team won"
        );
        let draw = Turn::Over(pbp_core::engine::Outcome {
            reason: "time ran out".into(),
            ..Default::default()
        });
        assert_eq!(describe_turn(&draw), "game over, no winner: time ran out");
    }

    fn seats() -> Vec<SeatInfo> {
        let info = |seat: u16, label: &str, name: &str| SeatInfo {
            seat: Seat(seat),
            label: label.into(),
            name: name.into(),
        };
        vec![
            info(0, "Crab", "Mongooseh (Crab)"),
            info(1, "Lion", "Plainsfox (Lion)"),
            info(2, "Wei", "Wei"),
            info(3, "Wei", "Wei"),
        ]
    }

    #[test]
    fn a_seat_is_read_by_number_label_or_player_name_and_written_by_name() {
        let seats = seats();
        for text in [
            "1",
            "seat 1",
            "Lion",
            "lion",
            "Plainsfox",
            "PLAINSFOX (lion)",
        ] {
            assert_eq!(
                parse_actor_in(text, &seats),
                Ok(Actor::Seat(Seat(1))),
                "{text}"
            );
            assert_eq!(
                parse_viewer_in(text, &seats),
                Ok(Viewer::Seat(Seat(1))),
                "{text}"
            );
        }
        assert_eq!(parse_actor_in("GM", &seats), Ok(Actor::GameMaster));
        assert_eq!(parse_viewer_in("public", &seats), Ok(Viewer::Public));
        let unknown = parse_actor_in("Dragon", &seats).unwrap_err();
        assert!(
            unknown.contains("0 Mongooseh (Crab), 1 Plainsfox (Lion)"),
            "{unknown}"
        );
        let shared = parse_actor_in("wei", &seats).unwrap_err();
        assert_eq!(
            shared,
            "'wei' names several seats (Wei is seat 2, Wei is seat 3): give the seat's number"
        );
        let turn = Turn::Acting(vec![
            Actor::Seat(Seat(0)),
            Actor::Seat(Seat(1)),
            Actor::GameMaster,
        ]);
        assert_eq!(
            describe_turn_in(&turn, &seats),
            "to act: Mongooseh (Crab), Plainsfox (Lion), gm"
        );
        let over = Turn::Over(pbp_core::engine::Outcome {
            winners: vec![Seat(1)],
            reason: "the most points".into(),
            ..Default::default()
        });
        assert_eq!(
            describe_turn_in(&over, &seats),
            "game over, won by Plainsfox (Lion): the most points"
        );
    }
}
