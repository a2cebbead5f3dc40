//! The notices a table's webhooks receive, made from the game's own values: who may act
//! before and after an act ([`pbp_core::engine::Turn`]), the outcome, and the public's forum post of
//! the turn's steps. A turn ends when a seat may act that could not before, or when the game
//! is over (a turn that waits for the game master to resolve it ends when the resolution
//! opens the next one, so its summary holds the resolution too). Every text names players by
//! the names the table gives them and holds only what the public sees.

use serde::Serialize;
use utoipa::ToSchema;

use super::payload::{NOTICE_TEXT_LIMIT, cut};
use super::{Notice, NoticeKind};
use crate::error::ApiError;
use crate::hub::{HubHandle, Live};
use crate::store::AbsentDefault;

/// Registers this venue's notices with the hub: every act that ends a turn of a table with a
/// webhook writes them to the outbox in its own transaction (with the table's public picture
/// when the server has a `public_url`).
///
/// # Errors
/// [`ApiError::Internal`] if the hub has stopped.
pub(crate) fn register(hub: &HubHandle, public_url: Option<String>) -> Result<(), ApiError> {
    hub.set_turn_notices(std::sync::Arc::new(
        move |id: &str, live: &Live, began: u64| {
            turn_notices(id, live, began, public_url.as_deref())
        },
    ))
}

/// The player at `seat` as every venue names them ([`crate::names::seat_called`]): "Ann
/// (Red)" at a table whose names reached the game, the table's name where the game calls the
/// seat otherwise.
fn player(live: &Live, seat: u16) -> String {
    let game = live.game.seat_name(seat);
    live.seats
        .get(usize::from(seat))
        .map_or(game.clone(), |stored| {
            crate::names::seat_called(&game, &stored.name)
        })
}

/// Each seat's name as the game writes it ("Player 1 (Red)", "seat 0") and as the table
/// names its player, for the seats the table names otherwise, longest game name first.
fn renamed(live: &Live) -> Vec<(String, String)> {
    let mut pairs: Vec<(String, String)> = (0..live.game.seat_count())
        .filter_map(|seat| {
            let game = live.game.seat_name(seat);
            let table = player(live, seat);
            (game != table && !game.is_empty()).then_some((game, table))
        })
        .collect();
    pairs.sort_by_key(|(game, _)| std::cmp::Reverse(game.len()));
    pairs
}

/// `text` (a post the game rendered) with every seat's game name, as a whole name (not inside
/// a longer word), replaced by the table's name for its player: a summary names players as
/// every other notice does.
pub(crate) fn with_table_names(text: &str, renamed: &[(String, String)]) -> String {
    if renamed.is_empty() {
        return text.to_owned();
    }
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut before: Option<char> = None;
    while let Some(next) = rest.chars().next() {
        let found = (!word(before))
            .then(|| {
                renamed.iter().find(|(game, _)| {
                    rest.starts_with(game.as_str()) && !word(rest[game.len()..].chars().next())
                })
            })
            .flatten();
        if let Some((game, table)) = found {
            out.push_str(table);
            before = game.chars().next_back();
            rest = &rest[game.len()..];
        } else {
            out.push(next);
            before = Some(next);
            rest = &rest[next.len_utf8()..];
        }
    }
    out
}

/// Names joined as in a sentence: "Al", "Al and Bo", "Al, Bo and Cy".
pub(crate) fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A seat a notice names: its number and its player as every venue names them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct NoticeSeat {
    /// The player's name ("Ann (Red)").
    pub name: String,
    /// The seat's number.
    pub seat: u16,
}

/// `turn_closed`: a turn ended; its public summary. Every notice's fields are in alphabetical
/// order, the order the JSON always had.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct TurnClosedNotice {
    /// The turn's public forum post, BBCode (with the picture's `[img]` line when the server
    /// has a public URL).
    pub bbcode: String,
    /// `turn_closed`.
    pub event: &'static str,
    /// The turn's first step.
    pub from_step: u64,
    /// The game.
    pub game: &'static str,
    /// The table's public picture at this step (only when the server has a public URL).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    pub picture: Option<String>,
    /// Actions taken so far.
    pub step: u64,
    /// The table's id.
    pub table: String,
    /// The summary in plain text.
    pub text: String,
}

/// `game_over`: who won.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct GameOverNotice {
    /// `game_over`.
    pub event: &'static str,
    /// The game.
    pub game: &'static str,
    /// Why the game ended, as the game says it.
    pub reason: String,
    /// Actions taken so far.
    pub step: u64,
    /// The table's id.
    pub table: String,
    /// The result in words.
    pub text: String,
    /// The winners (none for a draw).
    pub winners: Vec<NoticeSeat>,
}

/// `turn_opened`: a new turn; who must act.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct TurnOpenedNotice {
    /// `turn_opened`.
    pub event: &'static str,
    /// The game.
    pub game: &'static str,
    /// Actions taken so far.
    pub step: u64,
    /// The table's id.
    pub table: String,
    /// Who acts, in words.
    pub text: String,
    /// The seats to act.
    pub to_act: Vec<NoticeSeat>,
}

/// `reminder`: the deadline is near; who has not sent orders marked ready.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct ReminderNotice {
    /// The deadline (Unix seconds).
    pub deadline: u64,
    /// `reminder`.
    pub event: &'static str,
    /// The game.
    pub game: &'static str,
    /// Seconds after the deadline before it resolves.
    pub grace: u64,
    /// Actions taken so far.
    pub step: u64,
    /// The table's id.
    pub table: String,
    /// The reminder in words.
    pub text: String,
    /// The seats whose orders are not ready.
    pub waiting: Vec<NoticeSeat>,
}

fn seats_named(live: &Live, seats: &[u16]) -> Vec<NoticeSeat> {
    seats
        .iter()
        .map(|&seat| NoticeSeat {
            name: player(live, seat),
            seat,
        })
        .collect()
}

/// The notice of `kind` whose body is `body`, as the outbox keeps it.
fn notice(kind: NoticeKind, body: &impl Serialize) -> Result<Notice, String> {
    let json = serde_json::to_string(body).map_err(|e| format!("a notice as JSON: {e}"))?;
    Ok(Notice { kind, json })
}

/// The notices of a turn that ended at the act just applied to table `id`: the turn's public
/// summary (the steps after `began`; with the server's `public_url`, its `picture`, the
/// table's public picture, and the same as an `[img]` line of its post), then who won or who
/// acts now.
///
/// # Errors
/// A renderer that fails (a bug): the act is refused rather than its notice lost.
pub(crate) fn turn_notices(
    id: &str,
    live: &Live,
    began: u64,
    public_url: Option<&str>,
) -> Result<Vec<Notice>, String> {
    let title = live.game.title();
    let step = live.game.steps();
    let mut notices = Vec::new();
    if step > began {
        let post = with_table_names(&live.game.public_post_since(began)?, &renamed(live));
        let text = format!(
            "{title}: the turn is over.\n{}",
            super::payload::bbcode_to(&post, super::payload::Markup::Plain)
        );
        let picture = public_url.map(|url| crate::picture::public_picture(url, id, step));
        let bbcode = match &picture {
            Some(picture) => crate::picture::with_picture(cut(&post, NOTICE_TEXT_LIMIT), picture),
            None => cut(&post, NOTICE_TEXT_LIMIT),
        };
        let body = TurnClosedNotice {
            bbcode,
            event: NoticeKind::TurnClosed.name(),
            from_step: began + 1,
            game: live.game.game(),
            picture,
            step,
            table: id.to_owned(),
            text: cut(&text, NOTICE_TEXT_LIMIT),
        };
        notices.push(notice(NoticeKind::TurnClosed, &body)?);
    }
    if let Some(outcome) = live.game.outcome() {
        let winners: Vec<u16> = outcome.winners.iter().map(|s| s.0).collect();
        let names: Vec<String> = winners.iter().map(|&s| player(live, s)).collect();
        let result = match names.len() {
            0 => "a draw".to_owned(),
            _ => format!("{} won", and_list(&names)),
        };
        let reason = outcome.reason.trim();
        // The players' text names players as the table does; a reason that still names seats
        // by number ("seat 1 won 3 rounds") stays in the JSON for programs only.
        let named = with_table_names(reason, &renamed(live));
        let by_number = named
            .match_indices("seat ")
            .any(|(at, _)| named[at + 5..].starts_with(|c: char| c.is_ascii_digit()));
        let text = if named.is_empty() || by_number {
            format!("{title} is over: {result}.")
        } else {
            format!("{title} is over: {result} ({named}).")
        };
        let body = GameOverNotice {
            event: NoticeKind::GameOver.name(),
            game: live.game.game(),
            reason: reason.to_owned(),
            step,
            table: id.to_owned(),
            text,
            winners: seats_named(live, &winners),
        };
        notices.push(notice(NoticeKind::GameOver, &body)?);
        return Ok(notices);
    }
    let seats: Vec<u16> = live
        .game
        .acting()
        .iter()
        .filter_map(|a| a.seat().map(|s| s.0))
        .collect();
    let names: Vec<String> = seats.iter().map(|&s| player(live, s)).collect();
    let text = match names.as_slice() {
        [one] => format!("{title}: {one}'s turn."),
        _ => format!(
            "{title}: a new turn: {} send their orders.",
            and_list(&names)
        ),
    };
    let body = TurnOpenedNotice {
        event: NoticeKind::TurnOpened.name(),
        game: live.game.game(),
        step,
        table: id.to_owned(),
        text,
        to_act: seats_named(live, &seats),
    };
    notices.push(notice(NoticeKind::TurnOpened, &body)?);
    Ok(notices)
}

/// The reminder of table `id`'s deadline at `now` (Unix seconds), naming the seats to act
/// whose orders are not ready; `None` when every one is ready (or nobody is to act).
pub(crate) fn reminder(id: &str, live: &Live, deadline: u64, now: u64) -> Option<Notice> {
    let waiting: Vec<u16> = live
        .game
        .acting()
        .iter()
        .filter_map(|a| a.seat().map(|s| s.0))
        .filter(|&seat| !live.turn.drafts.iter().any(|d| d.seat == seat && d.ready))
        .collect();
    if waiting.is_empty() {
        return None;
    }
    let (drafted, none): (Vec<u16>, Vec<u16>) = waiting
        .iter()
        .partition(|&&seat| live.turn.drafts.iter().any(|d| d.seat == seat));
    let names =
        |seats: &[u16]| and_list(&seats.iter().map(|&s| player(live, s)).collect::<Vec<_>>());
    let mut parts = Vec::new();
    if !none.is_empty() {
        parts.push(format!("no orders yet from {}", names(&none)));
    }
    if !drafted.is_empty() {
        parts.push(format!("orders not marked ready from {}", names(&drafted)));
    }
    let absent = match live.turn.absent {
        AbsentDefault::NoOrders => "no orders",
        AbsentDefault::Bot => "the bot's orders",
    };
    let text = format!(
        "{}: the deadline is {} ({}); {}. A seat that sends nothing gets {absent}.",
        live.game.title(),
        in_words(deadline.saturating_sub(now)),
        utc(deadline),
        parts.join("; "),
    );
    let body = ReminderNotice {
        deadline,
        event: NoticeKind::Reminder.name(),
        game: live.game.game(),
        grace: live.turn.grace,
        step: live.game.steps(),
        table: id.to_owned(),
        text,
        waiting: seats_named(live, &waiting),
    };
    notice(NoticeKind::Reminder, &body).ok()
}

/// A wait in words, rounded down: "in 2 hours", "in 5 minutes", "in less than a minute".
pub(crate) fn in_words(seconds: u64) -> String {
    let unit = |n: u64, one: &str| {
        if n == 1 {
            format!("in 1 {one}")
        } else {
            format!("in {n} {one}s")
        }
    };
    match seconds {
        0..=59 => "in less than a minute".to_owned(),
        60..=3599 => unit(seconds / 60, "minute"),
        3600..=86_399 => unit(seconds / 3600, "hour"),
        _ => unit(seconds / 86_400, "day"),
    }
}

/// A Unix time as "2026-12-03 14:00 UTC".
pub(crate) fn utc(seconds: u64) -> String {
    let days = i64::try_from(seconds / 86_400).unwrap_or(i64::MAX);
    let rest = seconds % 86_400;
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        rest / 3600,
        rest % 3600 / 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_and_names_read_as_players_write_them() {
        assert_eq!(utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc(1_796_306_400), "2026-12-03 14:00 UTC");
        assert_eq!(utc(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(in_words(30), "in less than a minute");
        assert_eq!(in_words(60), "in 1 minute");
        assert_eq!(in_words(7300), "in 2 hours");
        assert_eq!(in_words(3 * 86_400), "in 3 days");
        let names = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(and_list(&names(&["Al"])), "Al");
        assert_eq!(and_list(&names(&["Al", "Bo"])), "Al and Bo");
        assert_eq!(and_list(&names(&["Al", "Bo", "Cy"])), "Al, Bo and Cy");
    }

    #[test]
    fn a_post_names_players_as_the_table_does_whole_names_only() {
        let pairs = |list: &[(&str, &str)]| {
            list.iter()
                .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
                .collect::<Vec<_>>()
        };
        let renamed = pairs(&[
            ("Player 10 (Teal)", "Jo"),
            ("Player 1 (Red)", "Ann"),
            ("seat 1", "Bo"),
        ]);
        assert_eq!(
            with_table_names(
                "[b]Player 1 (Red)[/b] attacks Player 10 (Teal); seat 1 and seat 12 wait",
                &renamed
            ),
            "[b]Ann[/b] attacks Jo; Bo and seat 12 wait"
        );
        assert_eq!(
            with_table_names("Xseat 1 seat 1x", &renamed),
            "Xseat 1 seat 1x"
        );
        assert_eq!(with_table_names("é seat 1", &[]), "é seat 1");
    }
}
