//! The words every frontend uses for seats, viewers and turns: reading `--as 0`, `gm`, `public`,
//! and writing `seat 1`, `the game master`, `to act: seat 0, gm`.

use pbp_core::{Actor, Seat, Turn, Viewer};

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
/// use pbp_core::{Actor, Seat};
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
/// use pbp_core::Viewer;
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

/// An actor in a sentence: `seat 1` or `the game master`.
pub fn actor_name(actor: Actor) -> String {
    match actor {
        Actor::Seat(seat) => format!("seat {seat}"),
        Actor::GameMaster => "the game master".to_owned(),
    }
}

fn seat_list(seats: &[Seat]) -> String {
    seats
        .iter()
        .map(|s| format!("seat {s}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One line saying who may act, or how the game ended.
///
/// ```
/// use pbp_core::{Actor, Seat, Turn};
/// let turn = Turn::Acting(vec![Actor::Seat(Seat(1)), Actor::GameMaster]);
/// assert_eq!(pbp_frontend::words::describe_turn(&turn), "to act: seat 1, gm");
/// ```
pub fn describe_turn(turn: &Turn) -> String {
    match turn {
        Turn::Acting(actors) => {
            let names: Vec<String> = actors
                .iter()
                .map(|&a| match a {
                    Actor::Seat(seat) => format!("seat {seat}"),
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
            seat_list(&outcome.winners),
            outcome.reason
        ),
    }
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
        assert_eq!(actor_name(Actor::Seat(Seat(4))), "seat 4");
        assert_eq!(actor_name(Actor::GameMaster), "the game master");
        let over = Turn::Over(pbp_core::Outcome {
            winners: vec![Seat(0), Seat(2)],
            reason: "a team won".into(),
            ..Default::default()
        });
        assert_eq!(
            describe_turn(&over),
            "game over, won by seat 0, seat 2: a team won"
        );
        let draw = Turn::Over(pbp_core::Outcome {
            reason: "time ran out".into(),
            ..Default::default()
        });
        assert_eq!(describe_turn(&draw), "game over, no winner: time ran out");
    }
}
