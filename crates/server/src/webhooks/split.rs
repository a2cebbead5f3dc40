//! A chat message cut into parts Discord takes (2,000 characters each), at line breaks: a
//! line is never cut unless it is longer than a part, and then at a space outside inline
//! Markdown (bold, strike, spoiler, inline code) where there is one; a code block cut by a
//! part's end is closed at the end of the part and opened again at the start of the next.
//! Only a word longer than a whole part is cut inside. Nothing else is added or lost: the
//! parts read as the text did, the spaces a cut falls on aside.

/// What closes a code block at the end of a part.
const CLOSE: &str = "\n```";

fn length(text: &str) -> usize {
    text.chars().count()
}

/// Whether the inline Markdown of `text` is balanced (every `**`, `~~`, `||` and backtick
/// closed), so that a cut after it falls outside every construct.
fn balanced(text: &str) -> bool {
    ["**", "~~", "||", "`"]
        .iter()
        .all(|mark| text.matches(mark).count() % 2 == 0)
}

/// `line` cut into a head of at most `room` characters (at least one) and the rest: at the
/// last space where the head's inline Markdown is balanced, else at the last space, else
/// (a word longer than `room`) inside the word. The space the cut falls on is dropped.
fn cut_line(line: &str, room: usize) -> (&str, &str) {
    let room = room.max(1);
    if length(line) <= room {
        return (line, "");
    }
    let end = line
        .char_indices()
        .nth(room)
        .map_or(line.len(), |(at, _)| at);
    let mut spaces: Vec<usize> = line[..end]
        .match_indices(' ')
        .map(|(at, _)| at)
        .filter(|&at| at > 0)
        .collect();
    // A space at `end` itself ends a head of exactly `room` characters.
    if line[end..].starts_with(' ') {
        spaces.push(end);
    }
    let chosen = spaces
        .iter()
        .rev()
        .find(|&&at| balanced(&line[..at]))
        .or_else(|| spaces.last());
    match chosen {
        Some(&at) => (&line[..at], &line[at + 1..]),
        None => (&line[..end], &line[end..]),
    }
}

/// Whether `line` opens or closes a code block.
fn is_fence(line: &str) -> bool {
    line.trim_start().starts_with("```")
}

/// `text` in parts of at most `limit` characters (see the module's text). An empty text is
/// one empty part.
pub fn split_message(text: &str, limit: usize) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    // The line that opened the code block open at the end of `current`, if any.
    let mut fence: Option<String> = None;
    // Whether `current` holds nothing of its own yet (empty, or only a reopened fence).
    let mut fresh = true;
    for line in text.split('\n') {
        let mut rest = line;
        loop {
            let after = if is_fence(line) && rest == line {
                match fence {
                    Some(_) => None,
                    None => Some(line.to_owned()),
                }
            } else {
                fence.clone()
            };
            let separator = usize::from(!current.is_empty());
            let reserve = if after.is_some() { length(CLOSE) } else { 0 };
            if length(&current) + separator + length(rest) + reserve <= limit {
                if separator == 1 {
                    current.push('\n');
                }
                current.push_str(rest);
                fence = after;
                fresh = false;
                break;
            }
            if fresh {
                // A line longer than a part: its head fills this part.
                let held = if fence.is_some() { length(CLOSE) } else { 0 };
                let room = limit.saturating_sub(length(&current) + separator + held);
                if room == 0 {
                    // A reopened fence that leaves no room (a limit smaller than the fence).
                    fence = None;
                    current.clear();
                    continue;
                }
                let (head, tail) = cut_line(rest, room);
                if separator == 1 {
                    current.push('\n');
                }
                current.push_str(head);
                rest = tail;
            }
            if let Some(open) = &fence {
                current.push_str(CLOSE);
                parts.push(std::mem::replace(&mut current, open.clone()));
            } else {
                parts.push(std::mem::take(&mut current));
            }
            fresh = true;
            if rest.is_empty() {
                break;
            }
        }
    }
    if !fresh || parts.is_empty() {
        parts.push(current);
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words of `text`, fences aside: what a reader reads.
    fn words(text: &str) -> Vec<String> {
        text.split_whitespace()
            .filter(|w| !w.starts_with("```"))
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn a_short_text_is_one_part() {
        assert_eq!(
            split_message("Duel: Al's turn.", 2000),
            ["Duel: Al's turn."]
        );
        assert_eq!(split_message("", 2000), [""]);
    }

    #[test]
    fn a_long_text_is_cut_at_line_breaks_and_loses_nothing() {
        let text: Vec<String> = (0..300)
            .map(|n| format!("- **Al** moves army {n} to Qi"))
            .collect();
        let text = text.join("\n");
        let parts = split_message(&text, 2000);
        assert!(parts.len() > 1);
        for part in &parts {
            assert!(length(part) <= 2000);
            assert!(part.lines().all(|l| l.starts_with("- **Al** moves army")));
        }
        assert_eq!(parts.join("\n"), text);
    }

    #[test]
    fn a_code_block_is_closed_and_opened_again() {
        let rows: Vec<String> = (0..200).map(|n| format!("row {n:03} | Qin | 4")).collect();
        let text = format!("Turn 2\n```\n{}\n```\nAfter the table", rows.join("\n"));
        let parts = split_message(&text, 500);
        assert!(parts.len() > 2);
        for part in &parts {
            assert!(length(part) <= 500, "{part}");
            assert_eq!(part.matches("```").count() % 2, 0, "{part}");
        }
        assert_eq!(words(&parts.join("\n")), words(&text));
    }

    #[test]
    fn a_long_line_is_cut_between_words_outside_bold() {
        let line = format!("{} **bold words here** tail", "word ".repeat(30));
        let parts = split_message(&line, 163);
        for part in &parts {
            assert!(length(part) <= 163);
            assert!(balanced(part), "{part}");
        }
        assert_eq!(words(&parts.join(" ")), words(&line));
        // A word longer than a part is the one thing cut inside.
        let parts = split_message(&"x".repeat(4500), 2000);
        assert_eq!(
            parts.iter().map(|p| length(p)).collect::<Vec<_>>(),
            [2000, 2000, 500]
        );
    }
}
