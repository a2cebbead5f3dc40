//! What a forum post needs besides the view and the events: its layout, and the line that says
//! where it stands in the thread.

use std::fmt::Write;

use pbp_core::engine::{Game, LoggedEvent};

use crate::bbcode_escape;

/// How a forum post lays out a table of figures (scores, holdings).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BbcodeStyle {
    /// One `[list]` item per row: every forum shows it (Gaia Online, where Clan War ran, has no
    /// `[table]`). The default.
    #[default]
    Plain,
    /// `[table]`, `[tr]`, `[th]` and `[td]`, for forums that have them.
    Table,
}

impl BbcodeStyle {
    /// Reads `plain` or `table` (any case).
    ///
    /// # Errors
    /// Anything else, with the two names.
    ///
    /// ```
    /// use pbp_render::BbcodeStyle;
    /// assert_eq!(BbcodeStyle::parse("Table"), Ok(BbcodeStyle::Table));
    /// assert!(BbcodeStyle::parse("grid").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Self, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "plain" => Ok(Self::Plain),
            "table" => Ok(Self::Table),
            other => Err(format!(
                "'{other}' is not a BBCode style: expected plain or table"
            )),
        }
    }
}

/// The options of a forum post.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PostOptions {
    /// How its tables are laid out.
    pub style: BbcodeStyle,
}

impl PostOptions {
    /// Options with this style.
    pub fn styled(style: BbcodeStyle) -> Self {
        Self { style }
    }
}

/// The steps a post covers, as a reader of the thread finds its place: "steps 5-9, after
/// the post for step 4", "the setup". `period` is the game's turn or round ("turn 2").
#[cfg_attr(
    not(any(
        feature = "clan-war",
        feature = "three-kingdoms",
        feature = "warring-states",
        feature = "scroll-race"
    )),
    expect(
        dead_code,
        reason = "the four games' posts use it; a build of the duel alone has none"
    )
)]
pub(crate) fn position<G: Game>(period: &str, events: &[&LoggedEvent<G>]) -> String {
    let first = events.iter().map(|e| e.step).min();
    let last = events.iter().map(|e| e.step).max();
    let covers = match (first, last) {
        (None, _) | (_, None) => "no new events".to_owned(),
        (Some(0), Some(0)) => "the setup".to_owned(),
        (Some(0), Some(b)) => format!("the setup to step {b}"),
        (Some(a), Some(b)) => {
            let steps = if a == b {
                format!("step {a}")
            } else {
                format!("steps {a}-{b}")
            };
            if a == 1 {
                format!("{steps}, after the setup")
            } else {
                format!("{steps}, after the post for step {}", a - 1)
            }
        }
    };
    format!("[i]{}: {covers}[/i]", bbcode_escape(period))
}

/// A table of figures: a header row and rows, as `style` lays them out. In the plain style
/// each row is a list item, written by `plain` from the row's cells (unescaped: this escapes
/// them).
#[cfg_attr(
    not(any(feature = "clan-war", feature = "warring-states")),
    expect(
        dead_code,
        reason = "Clan War's and Warring States' posts lay out tables; others do not"
    )
)]
pub(crate) fn table(
    style: BbcodeStyle,
    header: &[&str],
    rows: &[Vec<String>],
    plain: impl Fn(&[String]) -> String,
) -> String {
    let mut out = String::new();
    match style {
        BbcodeStyle::Table => {
            out.push_str("[table][tr]");
            for h in header {
                let _ = write!(out, "[th]{}[/th]", bbcode_escape(h));
            }
            out.push_str("[/tr]\n");
            for row in rows {
                out.push_str("[tr]");
                for cell in row {
                    let _ = write!(out, "[td]{}[/td]", bbcode_escape(cell));
                }
                out.push_str("[/tr]\n");
            }
            out.push_str("[/table]\n");
        }
        BbcodeStyle::Plain => {
            out.push_str("[list]\n");
            for row in rows {
                let cells: Vec<String> = row.iter().map(|c| bbcode_escape(c)).collect();
                let _ = writeln!(out, "[*]{}", plain(&cells));
            }
            out.push_str("[/list]\n");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use pbp_core::engine::Visible;
    use pbp_core::engine::duel::Duel;

    fn logged(step: usize) -> LoggedEvent<Duel> {
        LoggedEvent {
            step,
            visible: Visible::public(pbp_core::engine::duel::DuelEvent::Sealed {
                seat: pbp_core::engine::Seat(0),
            }),
        }
    }

    #[test]
    fn the_position_names_the_turn_and_the_steps_covered() {
        let (a, b, c) = (logged(5), logged(7), logged(0));
        assert_eq!(
            position("turn 2", &[&a, &b]),
            "[i]turn 2: steps 5-7, after the post for step 4[/i]"
        );
        assert_eq!(
            position("turn 2", &[&b]),
            "[i]turn 2: step 7, after the post for step 6[/i]"
        );
        assert_eq!(position("round 1", &[&c]), "[i]round 1: the setup[/i]");
        assert_eq!(
            position::<Duel>("round 1", &[]),
            "[i]round 1: no new events[/i]"
        );
    }

    #[test]
    fn plain_tables_are_lists_and_table_tables_are_tables() {
        let rows = vec![vec!["Plainsfox (Lion)".to_owned(), "+3".to_owned()]];
        let line = |c: &[String]| format!("[b]{}[/b]: {} gold", c[0], c[1]);
        let plain = table(BbcodeStyle::Plain, &["Clan", "Gold"], &rows, line);
        assert_eq!(
            plain,
            "[list]\n[*][b]Plainsfox (Lion)[/b]: +3 gold\n[/list]\n"
        );
        assert!(!plain.contains("[table]"));
        let table = table(BbcodeStyle::Table, &["Clan", "Gold"], &rows, line);
        assert!(table.starts_with("[table][tr][th]Clan[/th][th]Gold[/th][/tr]"));
        assert!(table.contains("[td]Plainsfox (Lion)[/td][td]+3[/td]"));
    }
}
