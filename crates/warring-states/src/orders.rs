//! Order sheets: checking them against the rules, reading forum posts, writing them back.

use pbp_core::Seat;

use crate::error::{OrderProblem, WarringStatesError};
use crate::map::StateId;
use crate::model::{GeneralId, Order, OrderSheet, WarringStatesState};

/// The most generals one conquest or defence may take.
pub const GENERALS_PER_ORDER: usize = 3;

impl Order {
    /// Rice this order spends (recruits at `recruit_cost` each).
    pub fn rice(&self, recruit_cost: u32) -> u32 {
        match self {
            Order::Defense { rice, .. }
            | Order::Invest { rice, .. }
            | Order::Conquest { rice, .. } => *rice,
            Order::Recruit { count } => count.saturating_mul(recruit_cost),
            Order::Dismiss { .. } | Order::DeclareKingdom { .. } => 0,
        }
    }

    /// The generals this order sends.
    pub fn generals(&self) -> &[GeneralId] {
        match self {
            Order::Defense { generals, .. } | Order::Conquest { generals, .. } => generals,
            _ => &[],
        }
    }
}

impl OrderSheet {
    /// Rice the sheet spends for `seat` in `state`.
    pub fn total(&self, state: &WarringStatesState, seat: Seat) -> u32 {
        let cost = state.recruit_cost(seat);
        self.orders
            .iter()
            .fold(0_u32, |t, o| t.saturating_add(o.rice(cost)))
    }
}

/// Checks `sheet` as `seat`'s orders now. Returns every problem: the index of the order (or
/// `None` for the sheet as a whole) and the reason. Empty means the sheet is legal.
pub fn check_sheet(
    state: &WarringStatesState,
    seat: Seat,
    sheet: &OrderSheet,
) -> Vec<(Option<usize>, String)> {
    let mut problems: Vec<(Option<usize>, String)> = Vec::new();
    let Some(player) = state.player(seat) else {
        return vec![(None, format!("seat {seat} is not in the game"))];
    };
    if player.eliminated {
        return vec![(
            None,
            format!("{} has been eliminated", state.seat_name(seat)),
        )];
    }
    if sheet.turn != state.turn {
        problems.push((
            None,
            format!(
                "these orders are for turn {}, but this is turn {}",
                sheet.turn, state.turn
            ),
        ));
    }
    // No legal sheet is longer: a defence, an investment and a conquest per state, plus
    // recruits, dismissals and a declaration.
    let longest = 3 * state.map.len() + 64;
    if sheet.orders.len() > longest {
        return vec![(None, format!("a sheet holds at most {longest} orders"))];
    }
    let name = |s: StateId| state.map.name(s).to_owned();
    let dismissed: Vec<GeneralId> = sheet
        .orders
        .iter()
        .filter_map(|o| match o {
            Order::Dismiss { general } => Some(*general),
            _ => None,
        })
        .collect();
    let owns = |g: GeneralId| player.generals.iter().any(|x| x.id == g);
    let mut used: Vec<GeneralId> = Vec::new();
    let mut defended: Vec<StateId> = Vec::new();
    let mut invested: Vec<StateId> = Vec::new();
    let mut attacked: Vec<StateId> = Vec::new();
    let mut dismissed_seen: Vec<GeneralId> = Vec::new();
    let mut recruits = 0_u32;
    let mut declared = false;
    let mut spent = 0_u64;
    let recruit_cost = state.recruit_cost(seat);
    for (i, order) in sheet.orders.iter().enumerate() {
        let mut bad = |reason: String| problems.push((Some(i), reason));
        let valid_state = |s: StateId| usize::from(s) < state.map.len();
        match order {
            Order::Defense {
                state: s,
                rice,
                generals,
            }
            | Order::Conquest {
                state: s,
                rice,
                generals,
            } => {
                let attack = matches!(order, Order::Conquest { .. });
                if !valid_state(*s) {
                    bad("no such state".into());
                    continue;
                }
                if *rice == 0 {
                    bad("an order needs at least 1 rice".into());
                }
                if generals.len() > GENERALS_PER_ORDER {
                    bad(format!("at most {GENERALS_PER_ORDER} generals per order"));
                }
                if (*rice as usize) < generals.len() {
                    bad(format!(
                        "{} generals need at least {} rice (1 per general)",
                        generals.len(),
                        generals.len()
                    ));
                }
                for &g in generals {
                    let who = general_name(state, g);
                    if !owns(g) {
                        bad(format!("{who} is not yours"));
                    } else if used.contains(&g) {
                        bad(format!("{who} is already on another task"));
                    } else if dismissed.contains(&g) {
                        bad(format!("{who} is being dismissed"));
                    }
                    used.push(g);
                }
                if attack {
                    if state.holds(seat, *s) {
                        bad(format!("you already hold {}", name(*s)));
                    } else if !state.can_attack(seat, *s) {
                        bad(format!(
                            "{} does not border any of your states that can launch an attack (devastated states cannot)",
                            name(*s)
                        ));
                    }
                    if attacked.contains(s) {
                        bad(format!("{} is attacked twice", name(*s)));
                    }
                    attacked.push(*s);
                } else {
                    if !state.holds(seat, *s) {
                        bad(format!("you do not hold {}", name(*s)));
                    }
                    if defended.contains(s) {
                        bad(format!("{} is defended twice", name(*s)));
                    }
                    defended.push(*s);
                }
            }
            Order::Invest { state: s, rice } => {
                if !valid_state(*s) {
                    bad("no such state".into());
                    continue;
                }
                if !state.holds(seat, *s) {
                    bad(format!("you do not hold {}", name(*s)));
                }
                if invested.contains(s) {
                    bad(format!("{} is invested in twice", name(*s)));
                }
                invested.push(*s);
                let cost = state.invest_cost(seat, *s);
                if *rice == 0 {
                    bad("an order needs at least 1 rice".into());
                } else if !rice.is_multiple_of(cost) {
                    bad(format!(
                        "partial investments are not allowed: {} costs {cost} rice per +1 output",
                        name(*s)
                    ));
                } else {
                    let gain = rice / cost;
                    let now = u32::from(state.output_of(*s));
                    let max = u32::from(state.rules.max_output);
                    if now.saturating_add(gain) > max {
                        bad(format!(
                            "{} yields {now}; +{gain} would pass the most a state can yield, {max}",
                            name(*s)
                        ));
                    }
                }
            }
            Order::Recruit { count } => {
                if *count == 0 {
                    bad("recruit at least one general".into());
                }
                recruits = recruits.saturating_add(*count);
                if recruits > state.rules.max_recruits {
                    bad(format!(
                        "at most {} generals may be recruited in a turn",
                        state.rules.max_recruits
                    ));
                }
                let after = ((player.generals.len() - dismissed_count(&dismissed, player)) as u32)
                    .saturating_add(recruits);
                let cap = state.general_cap(seat);
                if after > cap {
                    bad(format!(
                        "that would make {after} generals; your cap is {cap}"
                    ));
                }
            }
            Order::Dismiss { general } => {
                let who = general_name(state, *general);
                if !owns(*general) {
                    bad(format!("{who} is not yours"));
                }
                if dismissed_seen.contains(general) {
                    bad(format!("{who} is dismissed twice"));
                }
                dismissed_seen.push(*general);
            }
            Order::DeclareKingdom { state: s } => {
                if !valid_state(*s) {
                    bad("no such state".into());
                    continue;
                }
                if player.kingdom.is_some() {
                    bad("you are already a Kingdom".into());
                } else if declared {
                    bad("a Kingdom is declared once".into());
                } else if !state.kingdom_ready(seat, *s) {
                    bad(format!(
                        "a Kingdom needs a KINGDOM-type state you hold and {} states you hold adjacent to it; {} does not qualify",
                        state.rules.kingdom_neighbours,
                        name(*s)
                    ));
                }
                declared = true;
            }
        }
        let cost = order.rice(recruit_cost);
        spent += u64::from(cost);
        if cost > 0 && spent > u64::from(player.rice) {
            problems.push((
                Some(i),
                format!(
                    "overspending: the orders so far spend {spent} rice but you have {}",
                    player.rice
                ),
            ));
        }
    }
    problems
}

fn dismissed_count(dismissed: &[GeneralId], player: &crate::model::Player) -> usize {
    player
        .generals
        .iter()
        .filter(|g| dismissed.contains(&g.id))
        .count()
}

/// Turns `check_sheet`'s problems into line-by-line problems, using `lines` (the text of each
/// order, if known) or the formatted orders.
pub(crate) fn problems_for(
    state: &WarringStatesState,
    sheet: &OrderSheet,
    lines: Option<&[String]>,
    raw: Vec<(Option<usize>, String)>,
) -> Vec<OrderProblem> {
    raw.into_iter()
        .map(|(i, reason)| OrderProblem {
            line: match i {
                Some(i) => lines
                    .and_then(|l| l.get(i).cloned())
                    .or_else(|| sheet.orders.get(i).map(|o| format_order(state, o)))
                    .unwrap_or_default(),
                None => "(whole sheet)".into(),
            },
            reason,
        })
        .collect()
}

/// A general as people call it, "General Sun Ce"; a number that is nobody's general (a sheet
/// built by hand) is "an unknown general".
fn general_name(state: &WarringStatesState, id: GeneralId) -> String {
    state
        .players
        .iter()
        .flat_map(|p| p.generals.iter())
        .find(|g| g.id == id)
        .map_or_else(
            || format!("an unknown general (number {id})"),
            |g| format!("General {}", g.name),
        )
}

fn general_ref(state: &WarringStatesState, id: GeneralId) -> String {
    for p in &state.players {
        if let Some(g) = p.generals.iter().find(|g| g.id == id) {
            let unique = p
                .generals
                .iter()
                .filter(|x| x.name.eq_ignore_ascii_case(&g.name))
                .count()
                == 1;
            return if unique {
                g.name.clone()
            } else {
                format!("#{id}")
            };
        }
    }
    format!("#{id}")
}

fn with_generals(state: &WarringStatesState, generals: &[GeneralId]) -> String {
    if generals.is_empty() {
        return String::new();
    }
    let names: Vec<String> = generals.iter().map(|&g| general_ref(state, g)).collect();
    format!(" with {}", names.join(", "))
}

/// Writes one order in the seed's form.
pub fn format_order(state: &WarringStatesState, order: &Order) -> String {
    let n = |s: StateId| state.map.name(s).to_owned();
    match order {
        Order::Defense {
            state: s,
            rice,
            generals,
        } => format!(
            "{rice} Rice for Defense of {}{}.",
            n(*s),
            with_generals(state, generals)
        ),
        Order::Invest { state: s, rice } => format!("{rice} Rice for Investing of {}.", n(*s)),
        Order::Conquest {
            state: s,
            rice,
            generals,
        } => format!(
            "{rice} Rice for Conquest of {}{}.",
            n(*s),
            with_generals(state, generals)
        ),
        Order::Recruit { count } => {
            format!(
                "Recruit {count} General{}.",
                if *count == 1 { "" } else { "s" }
            )
        }
        Order::Dismiss { general } => format!("Dismiss General {}.", general_ref(state, *general)),
        Order::DeclareKingdom { state: s } => format!("Declare Kingdom of {}.", n(*s)),
    }
}

/// Writes a sheet as a forum post: every order bolded, one a line.
pub fn format_sheet(state: &WarringStatesState, sheet: &OrderSheet) -> String {
    let mut lines: Vec<String> = sheet.notes.clone();
    if sheet.orders.is_empty() {
        lines.push("No orders.".into());
    }
    lines.extend(sheet.orders.iter().map(|o| format_order(state, o)));
    format!("[b]{}[/b]", lines.join("\n"))
}

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
fn bold_parts(text: &str) -> Vec<String> {
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

/// Splits bolded text into order lines: one per line or per sentence. A list number on its own
/// ("1." of a numbered list) is dropped.
fn order_lines(parts: &[String]) -> Vec<String> {
    parts
        .iter()
        .map(|p| expand_abbreviations(p))
        .flat_map(|p| {
            p.split(['\n', '.', ';'])
                .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
                .collect::<Vec<_>>()
        })
        .map(|l| strip_list_marker(&l).to_owned())
        .filter(|l| !l.is_empty() && !l.chars().all(|c| c.is_ascii_digit()))
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
enum Line {
    /// An order.
    Order(Order),
    /// An explicit "No orders" / "Pass".
    NoOrders,
    /// No order: a header or a remark.
    Note,
}

/// Reads one line of a post.
fn read_line(state: &WarringStatesState, seat: Seat, line: &str) -> Result<Line, String> {
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

/// Reads a whole forum post as `seat`'s order sheet: only bolded text counts, quotes are
/// skipped, one order per line or sentence. Every problem, of reading or of the rules, is
/// reported with its line.
///
/// # Errors
/// [`WarringStatesError::Parse`] when nothing is bolded; [`WarringStatesError::Orders`] listing every refused line.
pub fn parse_post(
    state: &WarringStatesState,
    seat: Seat,
    text: &str,
) -> Result<OrderSheet, WarringStatesError> {
    let parts = bold_parts(text);
    if parts.iter().all(|p| p.trim().is_empty()) {
        return Err(WarringStatesError::Parse(
            "no bolded orders: orders count only inside [b]...[/b]".into(),
        ));
    }
    let mut sheet = OrderSheet {
        turn: state.turn,
        orders: Vec::new(),
        notes: Vec::new(),
    };
    let mut lines = Vec::new();
    let mut line_of = Vec::new();
    let mut found: Vec<(usize, OrderProblem)> = Vec::new();
    let mut no_orders = false;
    for (n, line) in order_lines(&parts).into_iter().enumerate() {
        match read_line(state, seat, &line) {
            Ok(Line::Order(order)) => {
                sheet.orders.push(order);
                lines.push(line);
                line_of.push(n);
            }
            Ok(Line::NoOrders) => no_orders = true,
            Ok(Line::Note) => sheet.notes.push(line),
            Err(reason) => found.push((n, OrderProblem { line, reason })),
        }
    }
    if sheet.orders.is_empty() && found.is_empty() && !no_orders {
        let skipped = if sheet.notes.is_empty() {
            String::new()
        } else {
            format!(
                " (the bolded {} no order: '{}')",
                if sheet.notes.len() == 1 {
                    "line is"
                } else {
                    "lines are"
                },
                sheet.notes.join("', '")
            )
        };
        return Err(WarringStatesError::Parse(format!(
            "no bolded orders: orders count only inside [b]...[/b]; write [b]No orders.[/b] to send none{skipped}"
        )));
    }
    for (i, reason) in check_sheet(state, seat, &sheet) {
        let n = i
            .and_then(|i| line_of.get(i).copied())
            .unwrap_or(usize::MAX);
        let problem = problems_for(state, &sheet, Some(&lines), vec![(i, reason)]);
        found.extend(problem.into_iter().map(|p| (n, p)));
    }
    found.sort_by_key(|(n, _)| *n);
    let problems: Vec<OrderProblem> = found.into_iter().map(|(_, p)| p).collect();
    if problems.is_empty() {
        Ok(sheet)
    } else {
        Err(WarringStatesError::Orders(problems))
    }
}
