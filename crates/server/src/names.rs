//! Players' names at a table: printable, and each seat's told apart from every other seat's.
//! What a name is and how names compare is `pbp_core::engine::names`, the one check every frontend
//! and game applies; this module adds the table's own: a name against the names the game
//! gives the other seats.
//!
//! A thread imported into a table finds a post's seat by its author's name, with case and
//! spacing ignored, among the table's names and the names the game gives the seats ("Player 2"
//! of "Player 2 (Yellow)", the label "Yellow"). Two seats whose names fold to the same text,
//! or a name that is another seat's in the game, would make every such post ambiguous: they
//! are refused when the table is created (and when a seat the game added gets its name), with
//! the names that clash.

use pbp_core::engine::erased::SeatInfo;
use pbp_core::engine::names::{NamesError, fold};

use crate::error::ApiError;

/// A seat as every venue names it, from the game's name of the seat (`game`, "Ann (Red)") and
/// the table's name of its player (`table`, "Ann"): the game's own name when it already names
/// that player (a table created with `players` passes them to the game, so its texts, posts
/// and pictures say "Ann (Red)", and so do the notices and the stream); the table's name
/// when the game calls the seat otherwise (an imported save, a seat named after the game
/// added it).
pub(crate) fn seat_called(game: &str, table: &str) -> String {
    let names_player = game == table
        || game
            .strip_prefix(table)
            .is_some_and(|rest| rest.starts_with(" ("));
    if names_player {
        game.to_owned()
    } else {
        table.to_owned()
    }
}

/// The names the game gives `info`'s seat, as a thread's author could write them: the whole
/// name ("Player 2 (Yellow)"), the player's part ("Player 2") and the label ("Yellow").
fn game_names(info: &SeatInfo) -> Vec<String> {
    let mut names = vec![info.name.clone(), info.label.clone()];
    if let Some((player, _)) = info.name.rsplit_once(" (") {
        names.push(player.to_owned());
    }
    names
}

/// Refuses `name` for seat `seat` if it folds to the same text as the name of another seat
/// of `table` (seat, name), or as a name the game gives another seat of `seats`.
///
/// # Errors
/// [`ApiError::BadRequest`], naming both seats.
pub(crate) fn check_distinct(
    seat: u16,
    name: &str,
    table: &[(u16, &str)],
    seats: &[SeatInfo],
) -> Result<(), ApiError> {
    let folded = fold(name);
    if let Some((other, taken)) = table
        .iter()
        .find(|(other, taken)| *other != seat && fold(taken) == folded)
    {
        return Err(ApiError::BadRequest(
            NamesError::Same {
                first: usize::from(*other),
                first_name: (*taken).to_owned(),
                second: usize::from(seat),
                second_name: name.to_owned(),
            }
            .to_string(),
        ));
    }
    for info in seats.iter().filter(|info| info.seat.0 != seat) {
        if game_names(info).iter().any(|game| fold(game) == folded) {
            let player = u32::from(seat) + 1;
            return Err(ApiError::BadRequest(format!(
                "'{name}' (player {player}) is the game's name of another seat, {} (player {}): \
                 a thread could not tell their posts apart; give player {player} another name",
                info.name,
                u32::from(info.seat.0) + 1
            )));
        }
    }
    Ok(())
}

/// Refuses a table's names, in seat order, if two seats' names clash (see [`check_distinct`]).
///
/// # Errors
/// [`ApiError::BadRequest`] for the first clash.
pub(crate) fn check_table(names: &[String], seats: &[SeatInfo]) -> Result<(), ApiError> {
    let table: Vec<(u16, &str)> = names
        .iter()
        .enumerate()
        .map(|(seat, name)| (u16::try_from(seat).unwrap_or(u16::MAX), name.as_str()))
        .collect();
    for (at, &(seat, name)) in table.iter().enumerate() {
        // Each name against the seats before it: a clash is told once, in seat order.
        check_distinct(seat, name, &table[..at], seats)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use pbp_core::engine::Seat;

    fn seats(names: &[(&str, &str)]) -> Vec<SeatInfo> {
        names
            .iter()
            .enumerate()
            .map(|(n, (name, label))| SeatInfo {
                seat: Seat(u16::try_from(n).unwrap()),
                label: (*label).to_owned(),
                name: (*name).to_owned(),
            })
            .collect()
    }

    #[test]
    fn a_seat_is_called_by_the_games_name_when_it_names_the_player() {
        assert_eq!(seat_called("Ann (Red)", "Ann"), "Ann (Red)");
        assert_eq!(seat_called("Ann", "Ann"), "Ann");
        assert_eq!(seat_called("Player 1 (Red)", "Ann"), "Ann");
        assert_eq!(seat_called("Annabel (Red)", "Ann"), "Ann");
    }

    #[test]
    fn two_seats_may_not_share_a_name_nor_take_another_seats_game_name() {
        let ws = seats(&[("Player 1 (Red)", "Red"), ("Player 2 (Yellow)", "Yellow")]);
        let names = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert!(check_table(&names(&["Ann", "Bo"]), &ws).is_ok());
        // A seat may keep its own game name.
        assert!(check_table(&names(&["Player 1", "Yellow"]), &ws).is_ok());
        for (clash, said) in [
            (["Ann", "ann"], "player 1 ('Ann') and player 2 ('ann')"),
            (["Ann  Lee", " ann lee"], "the same name"),
            (["Player 2", "Bo"], "Player 2 (Yellow) (player 2)"),
            (["yellow", "Bo"], "Player 2 (Yellow) (player 2)"),
            (["Ann", "Player 1 (red)"], "Player 1 (Red) (player 1)"),
        ] {
            match check_table(&names(&clash), &ws) {
                Err(ApiError::BadRequest(message)) => {
                    assert!(message.contains(said), "{clash:?}: {message}");
                }
                other => panic!("{clash:?}: {other:?}"),
            }
        }
    }
}
