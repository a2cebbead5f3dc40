//! The text of actions: order posts read and written, and the game master's commands.

mod post;

use pbp_core::engine::post::{PostPiece, PostText, each_line};
use pbp_core::engine::{Actor, Seat};

use crate::config::{Colour, School};
use crate::engine::sheets::{GENERALS_PER_ORDER, check_sheet};
use crate::error::{JoinRefusal, OrderProblem, Refusal, WarringStatesError};
use crate::map::StateId;
use crate::model::{GeneralId, JoinSpec, Order, OrderSheet, WarringStatesAction};
use crate::state::WarringStatesState;
use post::{Line, bold_parts, note_turn, order_lines, read_line};

/// Turns `check_sheet`'s problems into line-by-line problems, using `lines` (the text of each
/// order, if known) or the formatted orders.
pub(crate) fn problems_for(
    state: &WarringStatesState,
    sheet: &OrderSheet,
    lines: Option<&[String]>,
    raw: Vec<(Option<usize>, Refusal)>,
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
            reason: reason.to_string(),
        })
        .collect()
}

pub(crate) fn general_ref(state: &WarringStatesState, id: GeneralId) -> String {
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

/// Reads a post's lines into a sheet, keeping the lines that cannot be read.
fn read_post(
    state: &WarringStatesState,
    seat: Seat,
    text: &str,
) -> Result<Read, WarringStatesError> {
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
    let mut dated = false;
    for (n, (written, line)) in order_lines(&parts).into_iter().enumerate() {
        match read_line(state, seat, &line) {
            Ok(Line::Order(order)) => {
                sheet.orders.push(order);
                lines.push(line);
                line_of.push(n);
            }
            Ok(Line::NoOrders) => no_orders = true,
            // A note is kept as written, its bullet too: written back and read again, it is
            // the same note (a note "-- x" kept as "- x" lost a dash at each reading).
            Ok(Line::Note) => {
                // A header naming its turn ("Orders for Turn 3:") dates the sheet: orders
                // posted for a turn already resolved (or not begun) are refused, not applied
                // to this one.
                if !dated && let Some(turn) = note_turn(&line) {
                    sheet.turn = turn;
                    dated = true;
                }
                sheet.notes.push(written);
            }
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
    Ok(Read {
        sheet,
        lines,
        line_of,
        found,
    })
}

/// A post as read, before the rules are checked: the sheet, the text of each order and its
/// line number, and the lines that could not be read.
struct Read {
    sheet: OrderSheet,
    lines: Vec<String>,
    line_of: Vec<usize>,
    found: Vec<(usize, OrderProblem)>,
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
    checked(state, seat, read_post(state, seat, text)?)
}

/// The sheet of a post that reads, or every problem of the post (of reading and of the rules),
/// each with its line.
fn checked(
    state: &WarringStatesState,
    seat: Seat,
    read: Read,
) -> Result<OrderSheet, WarringStatesError> {
    let Read {
        sheet,
        lines,
        line_of,
        mut found,
    } = read;
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

/// What a forum post holds for the game (see [`pbp_core::engine::Game::post_pieces`]): a player's
/// bolded lines, together one order sheet read by [`parse_post`], and every other line chatter;
/// the game master's lines, each a command if it reads as one.
pub(crate) fn post_pieces(actor: Actor, post: &PostText) -> Vec<PostPiece> {
    if actor == Actor::GameMaster {
        return each_line(post);
    }
    let mut orders: Vec<&str> = Vec::new();
    let mut pieces = Vec::new();
    for line in &post.lines {
        if !line.bold.trim().is_empty() {
            orders.push(line.bold.trim());
        } else if !line.text.trim().is_empty() {
            pieces.push(PostPiece::Chatter(line.text.trim().to_owned()));
        }
    }
    if !orders.is_empty() {
        pieces.insert(
            0,
            PostPiece::Orders(format!("[b]{}[/b]", orders.join("\n"))),
        );
    }
    pieces
}

/// Reads an action: a seat's order post (see [`parse_post`]), or the game master's `close`,
/// `no orders SEAT` or `join SEAT STATE COLOUR SCHOOL NAME...`.
pub(crate) fn parse_action(
    state: &WarringStatesState,
    actor: Actor,
    text: &str,
) -> Result<WarringStatesAction, WarringStatesError> {
    match actor {
        // A post whose every line reads is an action, even if the rules refuse it (a general
        // named twice, or dismissed and sent): `apply` refuses it as illegal, with the
        // problems. A line that cannot be read refuses the post here, with every problem.
        Actor::Seat(seat) => {
            let read = read_post(state, seat, text)?;
            if read.found.is_empty() {
                Ok(WarringStatesAction::Orders(read.sheet))
            } else {
                checked(state, seat, read).map(WarringStatesAction::Orders)
            }
        }
        Actor::GameMaster => {
            let words: Vec<&str> = text.split_whitespace().collect();
            match words.as_slice() {
                [w] | [w, _] if w.eq_ignore_ascii_case("close") => Ok(WarringStatesAction::CloseTurn),
                [w, o, who @ ..]
                    if w.eq_ignore_ascii_case("no")
                        && o.eq_ignore_ascii_case("orders")
                        && !who.is_empty() =>
                {
                    no_orders_for(state, &who.join(" "))
                }
                [w, who @ ..] if w.eq_ignore_ascii_case("no-orders") && !who.is_empty() => {
                    no_orders_for(state, &who.join(" "))
                }
                [w, seat, st, colour, school, name @ ..]
                    if w.eq_ignore_ascii_case("join") && !name.is_empty() =>
                {
                    let seat: u16 = seat.parse().map_err(|_| {
                        WarringStatesError::Parse(format!("'{seat}' is not a seat number"))
                    })?;
                    let st = state.map.find(st).ok_or_else(|| {
                        WarringStatesError::Parse(format!("there is no state called '{st}'"))
                    })?;
                    let colour = Colour::parse(colour)
                        .ok_or_else(|| WarringStatesError::Parse(format!("'{colour}' is not a colour")))?;
                    let school = School::parse(school)
                        .ok_or_else(|| WarringStatesError::Parse(format!("'{school}' is not a school")))?;
                    Ok(WarringStatesAction::Join(JoinSpec {
                        seat: Seat(seat),
                        name: name.join(" "),
                        state: st,
                        colour,
                        school,
                    }))
                }
                _ => Err(WarringStatesError::Parse(
                    "game master commands: 'close', 'no orders SEAT' (SEAT: number, colour or player name) for an absent player, or 'join SEAT STATE COLOUR SCHOOL NAME'"
                        .into(),
                )),
            }
        }
    }
}

/// Writes an action as its author would: an order post, or the game master's command.
pub(crate) fn format_action(state: &WarringStatesState, action: &WarringStatesAction) -> String {
    match action {
        WarringStatesAction::Orders(sheet) => format_sheet(state, sheet),
        WarringStatesAction::CloseTurn => "close".into(),
        WarringStatesAction::NoOrders { seat } => format!("no orders {seat}"),
        WarringStatesAction::Join(spec) => format!(
            "join {} {} {} {} {}",
            spec.seat,
            state.map.name(spec.state),
            spec.colour.name(),
            spec.school.name(),
            spec.name
        ),
    }
}

/// The game master's `no orders SEAT`.
fn no_orders_for(
    state: &WarringStatesState,
    who: &str,
) -> Result<WarringStatesAction, WarringStatesError> {
    state
        .find_seat(who)
        .map(|seat| WarringStatesAction::NoOrders { seat })
        .ok_or_else(|| {
            WarringStatesError::Parse(format!(
                "'{who}' is no player: name a seat by its number, colour or player name"
            ))
        })
}

/// The words of a refusal, as an order problem's reason or a refusal of the action.
impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::NotInGame(seat) => write!(f, "seat {seat} is not in the game"),
            Refusal::Eliminated(name) => write!(f, "{name} has been eliminated"),
            Refusal::WrongTurn { sheet, now } => write!(
                f,
                "these orders are for turn {sheet}, but this is turn {now}"
            ),
            Refusal::TooLong(longest) => write!(f, "a sheet holds at most {longest} orders"),
            Refusal::NoSuchState => f.write_str("no such state"),
            Refusal::NoRice => f.write_str("an order needs at least 1 rice"),
            Refusal::TooManyGenerals => {
                write!(f, "at most {GENERALS_PER_ORDER} generals per order")
            }
            Refusal::RiceForGenerals(n) => {
                write!(f, "{n} generals need at least {n} rice (1 per general)")
            }
            Refusal::NotYours(who) => write!(f, "{who} is not yours"),
            Refusal::OnAnotherTask(who) => write!(f, "{who} is already on another task"),
            Refusal::BeingDismissed(who) => write!(f, "{who} is being dismissed"),
            Refusal::AlreadyHold(name) => write!(f, "you already hold {name}"),
            Refusal::NoBorder(name) => write!(
                f,
                "{name} does not border any of your states that can launch an attack (devastated states cannot)"
            ),
            Refusal::AttackedTwice(name) => write!(f, "{name} is attacked twice"),
            Refusal::DoNotHold(name) => write!(f, "you do not hold {name}"),
            Refusal::DefendedTwice(name) => write!(f, "{name} is defended twice"),
            Refusal::InvestedTwice(name) => write!(f, "{name} is invested in twice"),
            Refusal::PartialInvestment { state, cost } => write!(
                f,
                "partial investments are not allowed: {state} costs {cost} rice per +1 output"
            ),
            Refusal::OutputCap {
                state,
                now,
                gain,
                max,
            } => write!(
                f,
                "{state} yields {now}; +{gain} would pass the most a state can yield, {max}"
            ),
            Refusal::NoRecruit => f.write_str("recruit at least one general"),
            Refusal::RecruitLimit(max) => {
                write!(f, "at most {max} generals may be recruited in a turn")
            }
            Refusal::GeneralCap { after, cap } => {
                write!(f, "that would make {after} generals; your cap is {cap}")
            }
            Refusal::DismissedTwice(who) => write!(f, "{who} is dismissed twice"),
            Refusal::AlreadyKingdom => f.write_str("you are already a Kingdom"),
            Refusal::DeclaredOnce => f.write_str("a Kingdom is declared once"),
            Refusal::KingdomNotReady { neighbours, state } => write!(
                f,
                "a Kingdom needs a KINGDOM-type state you hold and {neighbours} states you hold adjacent to it; {state} does not qualify"
            ),
            Refusal::Overspending { spent, rice } => write!(
                f,
                "overspending: the orders so far spend {spent} rice but you have {rice}"
            ),
            Refusal::MayNotSend(name) => write!(
                f,
                "{name} may not send orders now (not playing, eliminated, or already sent)"
            ),
            Refusal::NoOrdersToGive(name) => write!(
                f,
                "{name} has no orders to give now (not playing, eliminated, or already sent)"
            ),
            Refusal::GameMasterSendsNone => f.write_str("the game master does not send orders"),
            Refusal::GameMasterOnly => f.write_str(
                "only the game master closes turns, admits players and gives no orders for an absent player",
            ),
            Refusal::NoAttackToChoose => f.write_str("no attack to choose"),
        }
    }
}

impl std::fmt::Display for JoinRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JoinRefusal::Closed(turn) => write!(f, "joining closed when turn {turn} began"),
            JoinRefusal::TableFull { most, eliminated } if eliminated.is_empty() => write!(
                f,
                "the table is full: {most} players is the most the game seats, and none of them has been eliminated"
            ),
            JoinRefusal::TableFull { most, eliminated } => {
                write!(
                    f,
                    "the table is full: {most} players is the most the game seats; a new player may only take an eliminated player's seat ("
                )?;
                for (i, (name, seat)) in eliminated.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{name} in seat {seat}")?;
                }
                f.write_str(")")
            }
            JoinRefusal::SeatHeld { seat, player } => {
                write!(
                    f,
                    "seat {seat} is held by {player}, who is still in the game"
                )
            }
            JoinRefusal::NotNextSeat { seat, next } => write!(
                f,
                "seat {seat} is neither the next free seat (seat {next}) nor an eliminated player's"
            ),
            JoinRefusal::BadName => f.write_str("a player needs a name of 1 to 60 characters"),
            JoinRefusal::ColourTaken(colour) => {
                write!(f, "{} has already been taken", colour.name())
            }
            JoinRefusal::NoSuchState => f.write_str("no such state"),
            JoinRefusal::OffLimits(state) => write!(f, "{state} is off-limits"),
            JoinRefusal::NotIndependent(state) => write!(f, "{state} is not independent"),
            JoinRefusal::Borders {
                state,
                neighbour,
                holder,
            } => write!(
                f,
                "{state} borders {neighbour}, held by {holder} who has already sent orders this turn"
            ),
        }
    }
}
