//! Players' names at a table: printable, and each seat's told apart from every other seat's.
//!
//! A thread imported into a table finds a post's seat by its author's name, with case and
//! spacing ignored, among the table's names and the names the game gives the seats ("Player 2"
//! of "Player 2 (Yellow)", the label "Yellow"). Two seats whose names fold to the same text,
//! or a name that is another seat's in the game, would make every such post ambiguous: they
//! are refused when the table is created (and when a seat the game added gets its name), with
//! the names that clash.

use pbp_core::erased::SeatInfo;

use crate::error::ApiError;

/// A name as the thread reader compares it: trimmed, lowercase, every run of spaces one space,
/// without the joiners and variation selectors that change nothing on the page.
pub(crate) fn fold(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .filter(|c| !is_joiner(*c))
        .flat_map(char::to_lowercase)
        .collect()
}

/// Zero-width joiners and variation selectors: invisible, but part of some scripts and of
/// emoji, so kept in a name and dropped when names are compared.
fn is_joiner(c: char) -> bool {
    matches!(c, '\u{200C}' | '\u{200D}' | '\u{FE00}'..='\u{FE0F}' | '\u{180B}'..='\u{180F}')
}

/// Whether `c` prints nothing a reader could see or tell apart: control and format
/// characters (bidirectional overrides, zero-width spaces, the byte-order mark, tags), line
/// and paragraph separators, private-use characters and noncharacters.
pub(crate) fn is_unprintable(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180E}'
                | '\u{200B}'
                | '\u{200E}'
                | '\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF0}'..='\u{FFFB}'
                | '\u{FFFE}'
                | '\u{FFFF}'
                | '\u{E000}'..='\u{F8FF}'
                | '\u{E0000}'..='\u{E0FFF}'
                | '\u{F0000}'..='\u{10FFFF}'
        )
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
        return Err(ApiError::BadRequest(format!(
            "the names of seat {other} ('{taken}') and seat {seat} ('{name}') are the same name \
             once case and spacing are ignored: a thread could not tell their posts apart; give \
             each player a name of their own"
        )));
    }
    for info in seats.iter().filter(|info| info.seat.0 != seat) {
        if game_names(info).iter().any(|game| fold(game) == folded) {
            return Err(ApiError::BadRequest(format!(
                "'{name}' (seat {seat}) is the game's name of another seat, {} (seat {}): a \
                 thread could not tell their posts apart; give seat {seat} another name",
                info.name, info.seat.0
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
    use pbp_core::Seat;

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
    fn names_fold_case_spacing_and_joiners() {
        assert_eq!(fold("  Ann   Lee "), "ann lee");
        assert_eq!(fold("ANN\tlee"), "ann lee");
        assert_eq!(fold("An\u{200D}n"), "ann");
        assert_eq!(fold("Ärger"), "ärger");
    }

    #[test]
    fn unprintable_characters_are_told_apart_from_printable_ones() {
        for bad in [
            '\u{0007}',
            '\u{202E}',
            '\u{200B}',
            '\u{FEFF}',
            '\u{E0041}',
            '\u{E000}',
        ] {
            assert!(is_unprintable(bad), "{:04x}", u32::from(bad));
        }
        for good in ['A', 'é', '語', ' ', '\u{1F600}', '\u{200D}'] {
            assert!(!is_unprintable(good), "{:04x}", u32::from(good));
        }
    }

    #[test]
    fn two_seats_may_not_share_a_name_nor_take_another_seats_game_name() {
        let ws = seats(&[("Player 1 (Red)", "Red"), ("Player 2 (Yellow)", "Yellow")]);
        let names = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert!(check_table(&names(&["Ann", "Bo"]), &ws).is_ok());
        // A seat may keep its own game name.
        assert!(check_table(&names(&["Player 1", "Yellow"]), &ws).is_ok());
        for (clash, said) in [
            (["Ann", "ann"], "seat 0 ('Ann') and seat 1 ('ann')"),
            (["Ann  Lee", " ann lee"], "the same name"),
            (["Player 2", "Bo"], "Player 2 (Yellow) (seat 1)"),
            (["yellow", "Bo"], "Player 2 (Yellow) (seat 1)"),
            (["Ann", "Player 1 (red)"], "Player 1 (Red) (seat 0)"),
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
