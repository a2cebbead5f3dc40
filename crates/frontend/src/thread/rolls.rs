//! Dice rolled by the forum's dice roller, as they read in a post: the line of the roller's
//! post, or a roll line inside a player's post, gives the values pbp feeds to the game as
//! outside dice, in order.
//!
//! The roll lines read (any words may come before the roll, such as `Plainsfox rolled`):
//!
//! - `NdM: a, b, c`: `N` dice of `M` sides and their values, separated by commas or spaces;
//!   `:` may be `=`, `=>`, `->` or `→`. An exploding die's chain is written `10+3` (its values
//!   in the order rolled). A total after the values (`= 17`, `(total 17)`, `Total: 17`) is
//!   ignored. The line is a roll only if it gives exactly `N` dice.
//! - `1-M: v` (or `(1-M): v`, `1-M = v`): one number from 1 to M, as a random number generator
//!   gives it (Clan War's card draws, "between 1-52").
//!
//! A line that reads as neither is not a roll.

/// A roll's values, or `None` when `line` is not a roll line.
///
/// ```
/// use pbp_frontend::thread::roll_values;
/// assert_eq!(roll_values("Plainsfox rolled 2d10: 7, 10+3 (total 20)"), Some(vec![7, 10, 3]));
/// assert_eq!(roll_values("3d6 => 1 4 6 = 11"), Some(vec![1, 4, 6]));
/// assert_eq!(roll_values("RNG (1-52): 37"), Some(vec![37]));
/// assert_eq!(roll_values("2d10: 7"), None); // two dice announced, one given
/// assert_eq!(roll_values("I need 2d10: badly"), None);
/// ```
pub fn roll_values(line: &str) -> Option<Vec<u32>> {
    let lower = line.to_lowercase();
    let bytes = lower.as_bytes();
    for (at, &b) in bytes.iter().enumerate() {
        if at > 300 {
            break;
        }
        if b.is_ascii_digit()
            && (at == 0 || !bytes[at - 1].is_ascii_alphanumeric())
            && let Some(values) = dice_roll(&lower[at..]).or_else(|| range_roll(&lower[at..]))
        {
            return Some(values);
        }
    }
    None
}

/// Leading digits of `text` as a number (at most 6 digits) and the rest.
fn leading_number(text: &str) -> Option<(u32, &str)> {
    let len = text.bytes().take_while(u8::is_ascii_digit).count();
    if len == 0 || len > 6 {
        return None;
    }
    Some((text[..len].parse().ok()?, &text[len..]))
}

/// After a roll's expression: the separator, then the values.
fn after_separator(text: &str) -> Option<&str> {
    let text = text.trim_start();
    ["=>", "->", "→", ":", "="]
        .iter()
        .find_map(|sep| text.strip_prefix(sep))
}

/// The values of a roll's result, a total after them cut off.
fn values(text: &str) -> Option<Vec<Vec<u32>>> {
    let mut text = text.trim();
    if let Some(at) = text.find("total") {
        text = &text[..at];
    }
    if let Some(at) = text.find('=') {
        text = &text[..at];
    }
    let text = text.trim().trim_end_matches(['(', '[', '.', ';']).trim();
    let mut groups = Vec::new();
    for group in text.split([',', ' ']).filter(|g| !g.is_empty()) {
        let chain: Option<Vec<u32>> = group
            .split('+')
            .map(|v| {
                leading_number(v)
                    .filter(|(_, rest)| rest.is_empty())
                    .map(|(n, _)| n)
            })
            .collect();
        groups.push(chain?);
        if groups.len() > 100 {
            return None;
        }
    }
    (!groups.is_empty()).then_some(groups)
}

fn dice_roll(text: &str) -> Option<Vec<u32>> {
    let (count, rest) = leading_number(text)?;
    let rest = rest.strip_prefix('d')?;
    let (_sides, rest) = leading_number(rest)?;
    let rest = match rest.strip_prefix(['+', '-']) {
        Some(modifier) => leading_number(modifier)?.1,
        None => rest,
    };
    let groups = values(after_separator(rest)?)?;
    (groups.len() == usize::try_from(count).ok()?).then(|| groups.concat())
}

fn range_roll(text: &str) -> Option<Vec<u32>> {
    let (low, rest) = leading_number(text)?;
    let (_high, rest) = leading_number(rest.strip_prefix('-')?)?;
    let rest = rest.strip_prefix(')').unwrap_or(rest);
    let groups = values(after_separator(rest)?)?;
    (low == 1 && groups.len() == 1 && groups[0].len() == 1).then(|| groups.concat())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roll_lines_are_read() {
        assert_eq!(roll_values("1d52: 37"), Some(vec![37]));
        assert_eq!(
            roll_values("Dice Roller: 2d10+1 = 4, 9 (total 14)"),
            Some(vec![4, 9])
        );
        assert_eq!(
            roll_values("lancer 2d10 → 10+10+2, 5"),
            Some(vec![10, 10, 2, 5])
        );
        assert_eq!(roll_values("rolled 1-51 = 12"), Some(vec![12]));
    }

    #[test]
    fn chatter_is_not_a_roll() {
        for line in [
            "attack E4 from D3",
            "we meet at 10:30",
            "2d10: 7 and then some",
            "5-3: what a score",
            "see you 2-3 days",
            "",
        ] {
            assert_eq!(roll_values(line), None, "{line}");
        }
    }
}
