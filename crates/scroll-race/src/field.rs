//! The field: a grid of squares with each team's zone and base, walls, and starting squares.

use serde::{Deserialize, Serialize};

use crate::error::ScrollRaceError;

/// Characters per team.
pub const TEAM_SIZE: usize = 5;

/// A square of the field: column `x` from the left, row `y` from the top, both from 0.
///
/// Its text form is a column letter and a row number from 1: `a1` is the top-left square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square {
    /// Column, from 0 on the left.
    pub x: u8,
    /// Row, from 0 at the top.
    pub y: u8,
}

impl Square {
    /// The square at column `x`, row `y`.
    pub const fn new(x: u8, y: u8) -> Square {
        Square { x, y }
    }

    /// The square `(dx, dy)` away, if it has non-negative coordinates below 256.
    pub fn offset(self, dx: i32, dy: i32) -> Option<Square> {
        let x = i32::from(self.x) + dx;
        let y = i32::from(self.y) + dy;
        match (u8::try_from(x), u8::try_from(y)) {
            (Ok(x), Ok(y)) => Some(Square { x, y }),
            _ => None,
        }
    }

    /// The next square in `dir`.
    pub fn step(self, dir: Dir) -> Option<Square> {
        let (dx, dy) = dir.delta();
        self.offset(dx, dy)
    }

    /// Column and row differences from `self` to `other`.
    pub fn delta(self, other: Square) -> (i32, i32) {
        (
            i32::from(other.x) - i32::from(self.x),
            i32::from(other.y) - i32::from(self.y),
        )
    }

    /// Orthogonal steps between two squares.
    pub fn manhattan(self, other: Square) -> u32 {
        let (dx, dy) = self.delta(other);
        dx.unsigned_abs() + dy.unsigned_abs()
    }

    /// King steps between two squares.
    pub fn chebyshev(self, other: Square) -> u32 {
        let (dx, dy) = self.delta(other);
        dx.unsigned_abs().max(dy.unsigned_abs())
    }

    /// Whether the squares share a side.
    pub fn orthogonal_to(self, other: Square) -> bool {
        self.manhattan(other) == 1
    }

    /// Whether the squares touch by a corner only.
    pub fn diagonal_to(self, other: Square) -> bool {
        let (dx, dy) = self.delta(other);
        dx.abs() == 1 && dy.abs() == 1
    }

    /// Parses `c5` (column letter, row number from 1).
    pub fn parse(text: &str) -> Option<Square> {
        let text = text.trim();
        let mut chars = text.chars();
        let letter = chars.next()?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let row: u32 = chars.as_str().parse().ok()?;
        if row == 0 || row > 256 {
            return None;
        }
        Some(Square {
            x: letter as u8 - b'a',
            y: u8::try_from(row - 1).ok()?,
        })
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.x < 26 {
            write!(f, "{}{}", char::from(b'a' + self.x), u32::from(self.y) + 1)
        } else {
            write!(f, "({},{})", self.x, self.y)
        }
    }
}

/// An orthogonal direction; north is up (towards row 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    /// Up.
    North,
    /// Right.
    East,
    /// Down.
    South,
    /// Left.
    West,
}

impl Dir {
    /// The four directions.
    pub const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    /// Column and row change of one step.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::North => (0, -1),
            Dir::East => (1, 0),
            Dir::South => (0, 1),
            Dir::West => (-1, 0),
        }
    }

    /// Whether two directions are at right angles.
    pub fn perpendicular(self, other: Dir) -> bool {
        let (a, b) = (self.delta(), other.delta());
        a.0 * b.0 + a.1 * b.1 == 0
    }

    /// The direction's text form.
    pub fn name(self) -> &'static str {
        match self {
            Dir::North => "n",
            Dir::East => "e",
            Dir::South => "s",
            Dir::West => "w",
        }
    }

    /// Reads `n`, `north`, `nord`, ... (English and French).
    pub fn parse(text: &str) -> Option<Dir> {
        match text.to_lowercase().as_str() {
            "n" | "north" | "nord" | "up" => Some(Dir::North),
            "e" | "east" | "est" | "right" => Some(Dir::East),
            "s" | "south" | "sud" | "down" => Some(Dir::South),
            "w" | "west" | "o" | "ouest" | "left" => Some(Dir::West),
            _ => None,
        }
    }
}

/// What a square of the field is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cell {
    /// Open ground that belongs to no team.
    Neutral,
    /// The zone of team 0 or 1 (not its base).
    Zone(u8),
    /// The base of team 0 or 1 (part of its zone).
    Base(u8),
    /// Impassable.
    Wall,
}

impl Cell {
    /// The team whose zone (base included) this is.
    pub fn zone_of(self) -> Option<u8> {
        match self {
            Cell::Zone(t) | Cell::Base(t) => Some(t),
            _ => None,
        }
    }
}

/// A field: rows of cells and the starting squares of each team.
///
/// Each row is a string, one character a square: `.` neutral ground, `a` the zone of team 0, `A`
/// the base of team 0, `b` the zone of team 1, `B` the base of team 1, `#` a wall. Team 0 wins by
/// bringing its scroll into `B`; team 1 into `A`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Field {
    /// The rows, top first.
    pub rows: Vec<String>,
    /// The five starting squares of each team, in character order.
    pub starts: [Vec<Square>; 2],
}

impl Default for Field {
    fn default() -> Self {
        Field::standard()
    }
}

impl Field {
    /// The standard field: 11 columns by 15 rows; each team's zone is the six rows at its end, with
    /// a three-square base in the middle of its back row, and three neutral rows between. Team 0
    /// starts on row 3, team 1 on row 13, on columns d to h.
    pub fn standard() -> Field {
        let mut rows = Vec::new();
        rows.push("aaaaAAAaaaa".to_owned());
        for _ in 0..5 {
            rows.push("aaaaaaaaaaa".to_owned());
        }
        for _ in 0..3 {
            rows.push("...........".to_owned());
        }
        for _ in 0..5 {
            rows.push("bbbbbbbbbbb".to_owned());
        }
        rows.push("bbbbBBBbbbb".to_owned());
        Field {
            rows,
            starts: [
                (3..8).map(|x| Square::new(x, 2)).collect(),
                (3..8).map(|x| Square::new(x, 12)).collect(),
            ],
        }
    }

    /// Columns.
    pub fn width(&self) -> u8 {
        self.rows
            .first()
            .map_or(0, |r| u8::try_from(r.len()).unwrap_or(u8::MAX))
    }

    /// Rows.
    pub fn height(&self) -> u8 {
        u8::try_from(self.rows.len()).unwrap_or(u8::MAX)
    }

    /// What is at `square`, or `None` off the field.
    pub fn cell(&self, square: Square) -> Option<Cell> {
        let row = self.rows.get(usize::from(square.y))?;
        let byte = *row.as_bytes().get(usize::from(square.x))?;
        Some(match byte {
            b'a' => Cell::Zone(0),
            b'A' => Cell::Base(0),
            b'b' => Cell::Zone(1),
            b'B' => Cell::Base(1),
            b'#' => Cell::Wall,
            _ => Cell::Neutral,
        })
    }

    /// Every square, row by row.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        let (w, h) = (self.width(), self.height());
        (0..h).flat_map(move |y| (0..w).map(move |x| Square::new(x, y)))
    }

    /// Checks that the field can be played: a rectangle of 3 to 26 columns and 3 to 99 rows of
    /// known characters, both bases present, five distinct starting squares per team on open
    /// ground outside the enemy zone and outside any base, and each team's base reachable from
    /// the other team's starting squares.
    ///
    /// # Errors
    /// [`ScrollRaceError::Field`] saying what is wrong.
    pub fn validate(&self) -> Result<(), ScrollRaceError> {
        let bad = |m: String| Err(ScrollRaceError::Field(m));
        let h = self.rows.len();
        if !(3..=99).contains(&h) {
            return bad(format!("the field has {h} rows; it needs 3 to 99"));
        }
        let w = self.rows[0].len();
        if !(3..=26).contains(&w) {
            return bad(format!("the field has {w} columns; it needs 3 to 26"));
        }
        for (y, row) in self.rows.iter().enumerate() {
            if row.len() != w {
                return bad(format!("row {} has {} squares, not {w}", y + 1, row.len()));
            }
            if let Some(c) = row.chars().find(|c| !".aAbB#".contains(*c)) {
                return bad(format!("row {} has '{c}'; use . a A b B or #", y + 1));
            }
        }
        for team in 0..2u8 {
            if !self
                .squares()
                .any(|s| self.cell(s) == Some(Cell::Base(team)))
            {
                return bad(format!("team {team} has no base square"));
            }
            let starts = &self.starts[usize::from(team)];
            if starts.len() != TEAM_SIZE {
                return bad(format!(
                    "team {team} has {} starting squares, not {TEAM_SIZE}",
                    starts.len()
                ));
            }
            for (i, s) in starts.iter().enumerate() {
                match self.cell(*s) {
                    None => return bad(format!("starting square {s} is off the field")),
                    Some(Cell::Wall) => return bad(format!("starting square {s} is a wall")),
                    Some(Cell::Base(_)) => return bad(format!("starting square {s} is in a base")),
                    Some(Cell::Zone(t)) if t != team => {
                        return bad(format!(
                            "starting square {s} of team {team} is in the enemy zone"
                        ));
                    }
                    _ => {}
                }
                if starts[..i].contains(s) || self.starts[usize::from(1 - team)].contains(s) {
                    return bad(format!("starting square {s} is given twice"));
                }
            }
            // The enemy base must be reachable by a carrier from the starting squares.
            if !self.reaches_base(starts[0], 1 - team) {
                return bad(format!(
                    "the base of team {} cannot be reached from team {team}'s start",
                    1 - team
                ));
            }
        }
        Ok(())
    }

    /// Whether a carrier walking orthogonally from `from` can reach a base square of `team`.
    fn reaches_base(&self, from: Square, team: u8) -> bool {
        let (w, h) = (usize::from(self.width()), usize::from(self.height()));
        let mut seen = vec![false; w * h];
        let mut stack = vec![from];
        seen[usize::from(from.y) * w + usize::from(from.x)] = true;
        while let Some(s) = stack.pop() {
            if self.cell(s) == Some(Cell::Base(team)) {
                return true;
            }
            for d in Dir::ALL {
                if let Some(n) = s.step(d)
                    && let Some(cell) = self.cell(n)
                    && cell != Cell::Wall
                {
                    let i = usize::from(n.y) * w + usize::from(n.x);
                    if !seen[i] {
                        seen[i] = true;
                        stack.push(n);
                    }
                }
            }
        }
        false
    }

    /// The squares crossed by the straight line between the centres of `from` and `to`, both
    /// excluded. Where the line passes exactly through a corner, both squares beside it count.
    pub fn between(from: Square, to: Square) -> Vec<Square> {
        let mut out = Vec::new();
        Field::all_between(from, to, |s| {
            out.push(s);
            true
        });
        out
    }

    /// Whether `test` holds for every square of [`Field::between`], in its order, stopping at
    /// the first that fails (no list is built).
    pub fn all_between(from: Square, to: Square, mut test: impl FnMut(Square) -> bool) -> bool {
        let (dx, dy) = from.delta(to);
        let (nx, ny) = (dx.abs(), dy.abs());
        let (sx, sy) = (dx.signum(), dy.signum());
        let (mut ix, mut iy) = (0, 0);
        let (mut x, mut y) = (i32::from(from.x), i32::from(from.y));
        let mut visit = |x: i32, y: i32| -> bool {
            match (u8::try_from(x), u8::try_from(y)) {
                (Ok(x), Ok(y)) => {
                    let s = Square::new(x, y);
                    s == to || s == from || test(s)
                }
                _ => true,
            }
        };
        while ix < nx || iy < ny {
            let decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx;
            if decision == 0 {
                if !visit(x + sx, y) || !visit(x, y + sy) {
                    return false;
                }
                x += sx;
                y += sy;
                ix += 1;
                iy += 1;
            } else if decision < 0 {
                x += sx;
                ix += 1;
            } else {
                y += sy;
                iy += 1;
            }
            if !visit(x, y) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_field_is_valid() {
        let field = Field::standard();
        assert_eq!(field.validate(), Ok(()));
        assert_eq!((field.width(), field.height()), (11, 15));
        assert_eq!(field.cell(Square::new(5, 0)), Some(Cell::Base(0)));
        assert_eq!(field.cell(Square::new(5, 14)), Some(Cell::Base(1)));
        assert_eq!(field.cell(Square::new(0, 7)), Some(Cell::Neutral));
    }

    #[test]
    fn broken_fields_are_refused() {
        let mut f = Field::standard();
        f.rows[3].push('a');
        assert!(f.validate().is_err());
        let mut f = Field::standard();
        f.rows[0] = "aaaaaaaaaaa".into();
        assert!(f.validate().is_err());
        let mut f = Field::standard();
        f.starts[0][1] = f.starts[0][0];
        assert!(f.validate().is_err());
        let mut f = Field::standard();
        f.starts[0][0] = Square::new(3, 12);
        assert!(f.validate().is_err());
        let mut f = Field::standard();
        f.rows[7] = "###########".into();
        assert!(f.validate().is_err());
        let mut f = Field::standard();
        f.rows[2] = "aaaaaXaaaaa".into();
        assert!(f.validate().is_err());
    }

    #[test]
    fn squares_read_and_write() {
        assert_eq!(Square::parse("c5"), Some(Square::new(2, 4)));
        assert_eq!(Square::new(2, 4).to_string(), "c5");
        assert_eq!(Square::parse("c0"), None);
        assert_eq!(Square::parse("5c"), None);
        assert_eq!(Square::parse(""), None);
    }

    #[test]
    fn lines_cross_the_right_squares() {
        let a = Square::new(0, 0);
        assert_eq!(
            Field::between(a, Square::new(3, 0)),
            vec![Square::new(1, 0), Square::new(2, 0)]
        );
        assert_eq!(
            Field::between(a, Square::new(1, 1)),
            vec![Square::new(1, 0), Square::new(0, 1)]
        );
        assert!(Field::between(a, Square::new(1, 0)).is_empty());
        assert_eq!(
            Field::between(a, Square::new(2, 1)),
            vec![Square::new(1, 0), Square::new(1, 1)]
        );
    }
}
