//! Reading a forum post: the bolded text outside quotes, its order lines, and each line's order.

use pbp_core::engine::Seat;

use crate::map::StateId;
use crate::model::{GeneralId, Order};
use crate::state::WarringStatesState;

/// Removes `[quote]...[/quote]` blocks (quoted orders are someone else's).
fn strip_quotes(text: &str) -> String {
    let lower = text.to_ascii_lowercase();
    let mut out = String::new();
    let mut depth = 0_usize;
    let mut i = 0;
    let bytes = lower.as_bytes();
    while i < text.len() {
        if lower[i..].starts_with("[quote") && matches!(bytes.get(i + 6), Some(b']' | b'=' | b' '))
        {
            depth += 1;
            i += lower[i..].find(']').map_or(lower.len() - i, |e| e + 1);
            continue;
        }
        if lower[i..].starts_with("[/quote]") {
            depth = depth.saturating_sub(1);
            i += 8;
            continue;
        }
        let ch_len = text[i..].chars().next().map_or(1, char::len_utf8);
        if depth == 0 {
            out.push_str(&text[i..i + ch_len]);
        }
        i += ch_len;
    }
    out
}

/// The bolded parts of a post, with other tags removed.
pub(super) fn bold_parts(text: &str) -> Vec<String> {
    let text = strip_quotes(text);
    let lower = text.to_ascii_lowercase();
    let mut parts = Vec::new();
    let mut from = 0;
    while let Some(start) = lower[from..].find("[b]") {
        let open = from + start + 3;
        let end = lower[open..].find("[/b]").map_or(text.len(), |e| open + e);
        parts.push(strip_tags(&text[open..end]));
        from = (end + 4).min(text.len());
        if end >= text.len() {
            break;
        }
    }
    parts
}

/// Removes BBCode tags; the tags that break a line on the forum (list items, `[br]`, list and
/// paragraph edges) become line breaks, so a one-line `[list][*]a[*]b[/list]` gives two lines.
fn strip_tags(text: &str) -> String {
    let mut out = String::new();
    let mut tag: Option<String> = None;
    for c in text.chars() {
        match (&mut tag, c) {
            (None, '[') => tag = Some(String::new()),
            (Some(name), ']') => {
                let name = name.trim().to_ascii_lowercase();
                let name = name.split(['=', ' ']).next().unwrap_or_default();
                if matches!(
                    name,
                    "*" | "/*" | "br" | "br/" | "li" | "/li" | "list" | "/list" | "p" | "/p" | "hr"
                ) {
                    out.push('\n');
                }
                tag = None;
            }
            (Some(name), c) => name.push(c),
            (None, c) => out.push(c),
        }
    }
    out
}

/// Writes the abbreviation `Gen.` as `Gen` so that its full stop does not end the order.
fn expand_abbreviations(text: &str) -> String {
    let lower = text.to_ascii_lowercase();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        let word_start = i == 0 || !lower.as_bytes()[i - 1].is_ascii_alphanumeric();
        if word_start && lower[i..].starts_with("gen.") {
            out.push_str(&text[i..i + 3]);
            out.push(' ');
            i += 4;
            continue;
        }
        let ch_len = text[i..].chars().next().map_or(1, char::len_utf8);
        out.push_str(&text[i..i + ch_len]);
        i += ch_len;
    }
    out
}

/// Splits bolded text into order lines: one per line or per sentence, each as written (spaces
/// folded) and without its bullet or list number. A list number on its own ("1." of a numbered
/// list) is dropped.
pub(super) fn order_lines(parts: &[String]) -> Vec<(String, String)> {
    parts
        .iter()
        .map(|p| expand_abbreviations(p))
        .flat_map(|p| {
            p.split(['\n', '.', ';'])
                .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
                .collect::<Vec<_>>()
        })
        .map(|l| {
            let bare = strip_list_marker(&l).to_owned();
            (l, bare)
        })
        .filter(|(_, l)| !l.is_empty() && !l.chars().all(|c| c.is_ascii_digit()))
        .collect()
}

/// Drops a leading bullet (`-`, `*`) or list number (`1)`) before an order.
fn strip_list_marker(line: &str) -> &str {
    let l = line.trim();
    if let Some(rest) = l.strip_prefix(['-', '*', '\u{2022}']) {
        return rest.trim_start();
    }
    let digits = l.chars().take_while(char::is_ascii_digit).count();
    if digits > 0
        && let Some(rest) = l[digits..].strip_prefix(')')
    {
        return rest.trim_start();
    }
    l
}

/// Words that only an order (or an attempt at one) contains. A bolded line with none of them,
/// or a line ending with a colon, is a note (a header such as "Orders for Turn 1:").
const ORDER_WORDS: [&str; 10] = [
    "rice", "defen", "invest", "conque", "attack", "recruit", "hire", "dismiss", "kingdom",
    "general",
];

fn is_note(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    if lower.starts_with(|c: char| c.is_ascii_digit()) {
        return false;
    }
    lower.trim_end().ends_with(':') || !ORDER_WORDS.iter().any(|w| lower.contains(w))
}

/// The turn a header note names: "Turn 3", "Turn 3:", "Turn 3 orders", "Orders for Turn 3:"
/// (any case); `None` for any other note.
pub(super) fn note_turn(line: &str) -> Option<u32> {
    let lower = line.to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == ':' || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let rest = match words.as_slice() {
        ["orders", "for", rest @ ..] | ["orders", rest @ ..] => rest,
        rest => rest,
    };
    match rest {
        ["turn", n] | ["turn", n, "orders"] => n.parse().ok(),
        _ => None,
    }
}

/// Reads parentheses: `(with ...)` and `(from ...)` are part of the order, anything else in
/// parentheses is a remark and dropped ("Conquest of Sui (neutral)").
fn read_parentheses(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')').map(|c| open + c) else {
            break;
        };
        out.push_str(&rest[..open]);
        let inner = rest[open + 1..close].trim();
        if strip_any(inner, &["with ", "from "]).is_some() {
            out.push(' ');
            out.push_str(inner);
        }
        out.push(' ');
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The number of generals a recruiting order names before "General(s)": a number, a number
/// word, or "a", "an", "one", "another", "an additional" for one. `None` when no count is
/// written ("Recruit Generals", "10 Rice for Recruiting Generals").
fn recruit_count(rest: &str) -> Result<Option<u32>, String> {
    let words: Vec<String> = rest
        .split_whitespace()
        .map(str::to_ascii_lowercase)
        .collect();
    let Some((last, count)) = words.split_last() else {
        return Err("write 'Recruit 2 Generals' or 'Recruit a General'".into());
    };
    if !matches!(last.as_str(), "general" | "generals") {
        return Err("write 'Recruit 2 Generals' or 'Recruit a General'".into());
    }
    let count: Vec<&str> = count
        .iter()
        .map(String::as_str)
        .filter(|w| !matches!(*w, "new" | "more" | "extra"))
        .collect();
    let n = match count.as_slice() {
        [] => return Ok(None),
        ["a" | "an" | "one" | "another" | "additional"] | ["an" | "one", "additional"] => 1,
        ["two"] => 2,
        ["three"] => 3,
        ["four"] => 4,
        ["five"] => 5,
        [n] => n
            .parse::<u32>()
            .map_err(|_| format!("'{n}' is not a number of generals"))?,
        _ => {
            return Err(format!("'{}' is not a number of generals", count.join(" ")));
        }
    };
    Ok(Some(n))
}

fn strip_prefix_ci<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    if text.len() >= prefix.len()
        && text.is_char_boundary(prefix.len())
        && text[..prefix.len()].eq_ignore_ascii_case(prefix)
    {
        Some(&text[prefix.len()..])
    } else {
        None
    }
}

fn strip_any<'a>(text: &'a str, prefixes: &[&str]) -> Option<&'a str> {
    prefixes.iter().find_map(|p| strip_prefix_ci(text, p))
}

/// Finds one of `seat`'s generals by name (trait words and "General" allowed before it) or by
/// `#id`.
fn find_general(state: &WarringStatesState, seat: Seat, text: &str) -> Result<GeneralId, String> {
    let mut t = text.trim();
    loop {
        let before = t;
        for w in [
            "general ",
            "brave ",
            "cautious ",
            "elusive ",
            "just ",
            "gen ",
        ] {
            if let Some(rest) = strip_prefix_ci(t, w) {
                t = rest.trim_start();
            }
        }
        if t == before {
            break;
        }
    }
    let Some(player) = state.player(seat) else {
        return Err("you are not in the game".into());
    };
    if let Some(num) = t.strip_prefix('#') {
        let id: GeneralId = num
            .trim()
            .parse()
            .map_err(|_| format!("'{t}' is not a general's number"))?;
        return if player.generals.iter().any(|g| g.id == id) {
            Ok(id)
        } else {
            Err(format!("you have no general numbered {id}"))
        };
    }
    let found: Vec<GeneralId> = player
        .generals
        .iter()
        .filter(|g| g.name.eq_ignore_ascii_case(t))
        .map(|g| g.id)
        .collect();
    match found.as_slice() {
        [id] => Ok(*id),
        [] => Err(format!("you have no general called '{t}'")),
        _ => Err(format!(
            "several of your generals are called '{t}': write #number instead"
        )),
    }
}

fn find_state(state: &WarringStatesState, text: &str) -> Result<StateId, String> {
    let t = text.trim();
    state
        .map
        .find(t)
        .ok_or_else(|| format!("there is no state called '{t}'"))
}

/// What one bolded line of a post is.
pub(super) enum Line {
    /// An order.
    Order(Order),
    /// An explicit "No orders" / "Pass".
    NoOrders,
    /// No order: a header or a remark.
    Note,
}

/// Reads one line of a post.
pub(super) fn read_line(
    state: &WarringStatesState,
    seat: Seat,
    line: &str,
) -> Result<Line, String> {
    let bare = line.trim().trim_end_matches(['!', ':', ',']);
    if matches!(
        bare.to_ascii_lowercase().as_str(),
        "no orders" | "no orders this turn" | "pass" | "none" | "nothing"
    ) {
        return Ok(Line::NoOrders);
    }
    if is_note(line) {
        return Ok(Line::Note);
    }
    parse_line(state, seat, &read_parentheses(bare)).map(Line::Order)
}

/// Reads one order line.
fn parse_line(state: &WarringStatesState, seat: Seat, line: &str) -> Result<Order, String> {
    let l = line.trim().trim_end_matches(['!', ':', ',']);
    if let Some(rest) = strip_any(l, &["dismiss ", "dismissing "]) {
        return find_general(state, seat, rest).map(|general| Order::Dismiss { general });
    }
    if let Some(rest) = strip_any(l, &["recruit ", "recruiting ", "hire "]) {
        let count = recruit_count(rest)?.unwrap_or(1);
        return Ok(Order::Recruit { count });
    }
    if let Some(rest) = strip_any(l, &["declare ", "create ", "form ", "proclaim ", "found "]) {
        let rest = strip_any(rest.trim(), &["a ", "the ", "my "])
            .unwrap_or(rest)
            .trim();
        let rest = strip_any(rest, &["kingdom"]).ok_or("write 'Declare Kingdom of <state>'")?;
        let rest = rest.trim();
        let name = strip_any(rest, &["of ", "in ", "at ", "around "]).unwrap_or(rest);
        if name.trim().is_empty() {
            return Err("name the KINGDOM-type state: 'Declare Kingdom of <state>'".into());
        }
        return find_state(state, name).map(|s| Order::DeclareKingdom { state: s });
    }
    // "<n> Rice for <kind> of <state> [with <generals>]"
    let (num, rest) = l.split_once(' ').ok_or_else(|| unknown(l))?;
    let rice: u32 = num.parse().map_err(|_| unknown(l))?;
    let rest = strip_prefix_ci(rest.trim(), "rice")
        .ok_or_else(|| unknown(l))?
        .trim();
    let rest = strip_any(rest, &["for ", "to ", "on ", "in "])
        .ok_or_else(|| unknown(l))?
        .trim();
    let rest = strip_any(rest, &["the "]).unwrap_or(rest).trim();
    let kinds: [(&str, u8); 13] = [
        ("defense", 0),
        ("defence", 0),
        ("defending", 0),
        ("defend", 0),
        ("investing", 1),
        ("investment", 1),
        ("invest", 1),
        ("conquest", 2),
        ("conquering", 2),
        ("conquer", 2),
        ("attack", 2),
        ("recruiting", 3),
        ("recruit", 3),
    ];
    let (kind, rest) = kinds
        .iter()
        .find_map(|(w, k)| strip_prefix_ci(rest, w).map(|r| (*k, r.trim())))
        .ok_or_else(|| unknown(l))?;
    if kind == 3 {
        let cost = state.recruit_cost(seat);
        let count = match recruit_count(rest)? {
            Some(n) => n,
            None => {
                if !rice.is_multiple_of(cost) {
                    return Err(format!(
                        "a general costs {cost} rice: {rice} does not buy a whole number"
                    ));
                }
                rice / cost
            }
        };
        if count.saturating_mul(cost) != rice {
            return Err(format!(
                "{count} general{} cost {} rice, not {rice}",
                if count == 1 { "" } else { "s" },
                count.saturating_mul(cost)
            ));
        }
        return Ok(Order::Recruit { count });
    }
    let rest = strip_any(rest, &["of ", "in ", "into ", "on ", "at "]).unwrap_or(rest);
    let lower_rest = rest.to_ascii_lowercase();
    let (target, generals_text) = match lower_rest.find(" with ") {
        Some(at) => (
            rest[..at].trim_end_matches([',', ' ']),
            Some(&rest[at + 6..]),
        ),
        None => (rest, None),
    };
    // "... of Dun from Zheng [with ...]" or "... with G from Zheng": the origin is checked,
    // then dropped (the rules need only the holdings).
    let (target, origin) = split_from(target);
    let (generals_text, origin2) = match generals_text {
        Some(g) => {
            let (g, o) = split_from(g);
            (Some(g), o)
        }
        None => (None, None),
    };
    let target = find_state(state, target)?;
    if let Some(origin) = origin.or(origin2) {
        if kind != 2 {
            return Err("only a conquest is sent from a state".into());
        }
        let from = find_state(state, origin)?;
        if !state.holds(seat, from) {
            return Err(format!("you do not hold {}", state.map.name(from)));
        }
        if !state.map.adjacent(from, target) {
            return Err(format!(
                "{} does not border {}",
                state.map.name(from),
                state.map.name(target)
            ));
        }
        if state.devastated(from) {
            return Err(format!(
                "{} is devastated: no attack can be launched from it",
                state.map.name(from)
            ));
        }
    }
    let mut generals = Vec::new();
    if let Some(list) = generals_text {
        if kind == 1 {
            return Err("generals do not invest".into());
        }
        let normalized = list.replace('&', ",");
        for item in normalized.split(',').flat_map(split_and) {
            let item = item.trim();
            let item = strip_prefix_ci(item, "and ").unwrap_or(item).trim();
            if item.is_empty() {
                continue;
            }
            generals.push(find_general(state, seat, item)?);
        }
    }
    Ok(match kind {
        0 => Order::Defense {
            state: target,
            rice,
            generals,
        },
        1 => Order::Invest {
            state: target,
            rice,
        },
        _ => Order::Conquest {
            state: target,
            rice,
            generals,
        },
    })
}

fn split_from(text: &str) -> (&str, Option<&str>) {
    match text.to_ascii_lowercase().find(" from ") {
        Some(at) => (&text[..at], Some(&text[at + 6..])),
        None => (text, None),
    }
}

fn split_and(text: &str) -> Vec<&str> {
    let lower = text.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = lower[from..].find(" and ") {
        out.push(&text[from..from + at]);
        from += at + 5;
    }
    out.push(&text[from..]);
    out
}

fn unknown(line: &str) -> String {
    let _ = line;
    "not an order: write '5 Rice for Defense of <state>', '... for Investing of <state>', '... for Conquest of <state> with <generals>', 'Recruit 2 Generals', 'Dismiss General <name>' or 'Declare Kingdom of <state>'".into()
}
