//! Players' names: the one check every frontend and every game applies to the names given to
//! a game's seats (`pbp new GAME --players Ann,Bo`, a hosted table's `players`), and the one
//! way names are compared.
//!
//! A name is printable text of 1 to [`MAX_NAME`] characters, and no two seats' names are the
//! same once case and spacing are folded ([`fold`]): a forum thread's reader finds a post's seat
//! by its author's name that way, so two names that fold alike would make every such post
//! ambiguous.
//!
//! ```
//! use pbp_core::engine::names::{NamesError, check_names};
//!
//! let names = |list: &[&str]| list.iter().map(|n| n.to_string()).collect::<Vec<_>>();
//! assert!(check_names(&names(&["Ann", "Bo"])).is_ok());
//! assert!(matches!(
//!     check_names(&names(&["Ann Lee", "  ann  LEE"])),
//!     Err(NamesError::Same { first: 0, second: 1, .. })
//! ));
//! ```

use thiserror::Error;

use crate::game::Game;

/// The longest name a player may be given, in characters.
pub const MAX_NAME: usize = 80;

/// Why names given to a game's seats were refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum NamesError {
    /// The game has another number of seats than names were given.
    #[error("this {game} game has {seats} seats, but {given} player names were given")]
    Count {
        /// The game's title.
        game: &'static str,
        /// Its seats.
        seats: usize,
        /// The names given.
        given: usize,
    },
    /// A name is empty (or only spaces).
    #[error("a player's name is empty (player {})", seat + 1)]
    Empty {
        /// The seat (0 for the first player).
        seat: usize,
    },
    /// A name is longer than [`MAX_NAME`].
    #[error(
        "a player's name must be at most {MAX_NAME} characters; '{start}…' (player {}) has {length}",
        seat + 1
    )]
    TooLong {
        /// The seat (0 for the first player).
        seat: usize,
        /// The name's first 20 characters.
        start: String,
        /// Its length in characters.
        length: usize,
    },
    /// A name holds a character that prints nothing a reader could see ([`is_unprintable`]).
    #[error(
        "a player's name is printable text: '{shown}' (player {}) holds the unprintable character U+{code:04X}",
        seat + 1
    )]
    Unprintable {
        /// The seat (0 for the first player).
        seat: usize,
        /// The name without its unprintable characters (at most 40 characters).
        shown: String,
        /// The first unprintable character's code point.
        code: u32,
    },
    /// Two seats' names are the same once case and spacing are folded ([`fold`]).
    #[error(
        "the names of player {} ('{first_name}') and player {} ('{second_name}') are the same name once case and spacing are ignored: a thread could not tell their posts apart; give each player a name of their own",
        first + 1,
        second + 1
    )]
    Same {
        /// The first seat.
        first: usize,
        /// Its name.
        first_name: String,
        /// The later seat.
        second: usize,
        /// Its name.
        second_name: String,
    },
    /// A game whose seats take no players' names (none of the catalog's games).
    #[error("{game} takes no players' names")]
    NotNamed {
        /// The game's title.
        game: &'static str,
    },
    /// A name the game cannot use as it is, with the game's reason (Scroll Race's characters,
    /// named after their players, are written in posts).
    #[error("'{name}' (player {}) cannot name a seat of {game}: {reason}", seat + 1)]
    Unusable {
        /// The game's title.
        game: &'static str,
        /// The seat (0 for the first player).
        seat: usize,
        /// The name.
        name: String,
        /// Why, in the game's words.
        reason: String,
    },
}

/// A name as names are compared: trimmed, lowercase, every run of spaces one space, without
/// the joiners and variation selectors that change nothing on the page.
pub fn fold(name: &str) -> String {
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
pub fn is_unprintable(c: char) -> bool {
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

/// Checks one name, given to `seat`: not empty, at most [`MAX_NAME`] characters, printable.
///
/// # Errors
/// [`NamesError::Empty`], [`NamesError::TooLong`] or [`NamesError::Unprintable`].
pub fn check_name(seat: usize, name: &str) -> Result<(), NamesError> {
    if name.trim().is_empty() {
        return Err(NamesError::Empty { seat });
    }
    let length = name.chars().count();
    if length > MAX_NAME {
        return Err(NamesError::TooLong {
            seat,
            start: name.chars().take(20).collect(),
            length,
        });
    }
    if let Some(bad) = name.chars().find(|c| is_unprintable(*c)) {
        return Err(NamesError::Unprintable {
            seat,
            shown: name
                .chars()
                .filter(|c| !is_unprintable(*c))
                .take(40)
                .collect(),
            code: u32::from(bad),
        });
    }
    Ok(())
}

/// Checks the names of a game's seats, seat 0 first: each with [`check_name`], and no two
/// the same once folded ([`fold`]); the first problem in seat order is told.
///
/// # Errors
/// See [`check_name`], and [`NamesError::Same`] for two names that fold alike.
pub fn check_names(names: &[String]) -> Result<(), NamesError> {
    for (seat, name) in names.iter().enumerate() {
        check_name(seat, name)?;
        let folded = fold(name);
        if let Some(first) = names[..seat].iter().position(|n| fold(n) == folded) {
            return Err(NamesError::Same {
                first,
                first_name: names[first].clone(),
                second: seat,
                second_name: name.clone(),
            });
        }
    }
    Ok(())
}

/// `config` with its seats' players named `names`, seat 0 first, once the names pass
/// [`check_names`]: what every frontend calls ([`Game::name_players`] does the naming).
///
/// # Errors
/// See [`check_names`] and [`Game::name_players`].
pub fn named<G: Game>(config: &G::Config, names: &[String]) -> Result<G::Config, NamesError> {
    check_names(names)?;
    let mut named = config.clone();
    G::name_players(&mut named, names)?;
    Ok(named)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
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
    fn each_bad_name_gets_its_own_refusal() {
        assert!(check_names(&names(&["Ann", "Bo", "\u{1F600} Cy"])).is_ok());
        let long = "a".repeat(MAX_NAME + 1);
        let cases: [(&[&str], &str); 5] = [
            (&["Ann", "  "], "is empty (player 2)"),
            (
                &["Ann", &long],
                "at most 80 characters; 'aaaaaaaaaaaaaaaaaaaa…' (player 2) has 81",
            ),
            (
                &["A\u{202E}nn"],
                "'Ann' (player 1) holds the unprintable character U+202E",
            ),
            (
                &["Ann", "Bo", "ANN"],
                "player 1 ('Ann') and player 3 ('ANN') are the same name",
            ),
            (
                &["Ann Lee", " ann   LEE "],
                "the same name once case and spacing are ignored",
            ),
        ];
        for (list, said) in cases {
            let error = check_names(&names(list)).unwrap_err().to_string();
            assert!(error.contains(said), "{list:?}: {error}");
        }
        assert!(check_name(0, &"é".repeat(MAX_NAME)).is_ok());
    }
}
