//! Post times read into comparable instants, so that a post older than one already applied is
//! seen: RFC 3339 (`2026-12-03T10:15:00Z`, the `jsonl` layout's) and the English dates of copied
//! pages (`Thu Dec 03, 2026 10:15 am`, `December 03, 2026, 10:15:00 AM`). A date pbp cannot
//! read is kept as text and simply not compared.

use serde::Serialize;

/// A post's time as seconds since 1970-01-01 00:00 UTC (a forum date without a zone is taken
/// as UTC, so the posts of one copied page compare as the page shows them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct PostTime(pub i64);

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

impl PostTime {
    /// Reads a time in one of the forms above.
    ///
    /// ```
    /// use pbp_frontend::thread::PostTime;
    /// let a = PostTime::parse("2026-12-03T10:15:00Z").unwrap();
    /// let b = PostTime::parse("2026-12-03T11:15:00+01:00").unwrap();
    /// assert_eq!(a, b);
    /// assert_eq!(PostTime::parse("Thu Dec 03, 2026 10:15 am"), Some(a));
    /// assert_eq!(PostTime::parse("December 03, 2026, 10:15:00 AM"), Some(a));
    /// assert_eq!(PostTime::parse("yesterday"), None);
    /// ```
    pub fn parse(text: &str) -> Option<PostTime> {
        let text = text.trim();
        if text.len() > 80 {
            return None;
        }
        if text.as_bytes().get(4) == Some(&b'-') {
            return rfc3339(text);
        }
        english(text)
    }
}

/// Days from 1970-01-01 to a civil date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let yoe = year - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn instant(date: (i64, i64, i64), clock: (i64, i64, i64), offset: i64) -> Option<PostTime> {
    let (year, month, day) = date;
    let (hour, minute, second) = clock;
    let valid = (1..=12).contains(&month)
        && (1..=31).contains(&day)
        && (0..=23).contains(&hour)
        && (0..=59).contains(&minute)
        && (0..=60).contains(&second)
        && (1..=9999).contains(&year);
    valid.then(|| {
        PostTime(
            days_from_civil(year, month, day) * 86_400 + hour * 3_600 + minute * 60 + second
                - offset,
        )
    })
}

fn number(text: &str) -> Option<i64> {
    (!text.is_empty() && text.len() <= 4 && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

/// `h:m` or `h:m:s` (fractions of a second dropped).
fn clock(text: &str) -> Option<(i64, i64, i64)> {
    let mut parts = text.split(':');
    let hour = number(parts.next()?)?;
    let minute = number(parts.next()?)?;
    let second = match parts.next() {
        Some(s) => number(s.split('.').next()?)?,
        None => 0,
    };
    parts.next().is_none().then_some((hour, minute, second))
}

fn rfc3339(text: &str) -> Option<PostTime> {
    let date = text.get(..10)?;
    let rest = text.get(10..)?;
    let mut fields = date.split('-');
    let year = number(fields.next()?)?;
    let month = number(fields.next()?)?;
    let day = number(fields.next()?)?;
    let rest = rest.strip_prefix(['T', 't', ' '])?;
    let (clock_text, offset) = match rest.find(['Z', 'z', '+', '-']) {
        Some(at) => (&rest[..at], zone(&rest[at..])?),
        None => (rest, 0),
    };
    instant((year, month, day), clock(clock_text)?, offset)
}

/// `Z`, `+hh:mm` or `-hh:mm` as seconds east of UTC.
fn zone(text: &str) -> Option<i64> {
    if text.eq_ignore_ascii_case("z") {
        return Some(0);
    }
    let sign = if text.starts_with('-') { -1 } else { 1 };
    let (hours, minutes) = text.get(1..)?.split_once(':')?;
    Some(sign * (number(hours)? * 3_600 + number(minutes)? * 60))
}

fn english(text: &str) -> Option<PostTime> {
    let (mut month, mut day, mut year, mut time, mut half) = (None, None, None, None, None);
    for word in text.split([' ', ',']).filter(|w| !w.is_empty()) {
        let lower = word.to_ascii_lowercase();
        if lower == "am" || lower == "pm" {
            half = Some(lower == "pm");
        } else if word.contains(':') {
            time = Some(clock(word)?);
        } else if let Some(n) = number(word) {
            if word.len() == 4 {
                year = Some(n);
            } else {
                day = Some(n);
            }
        } else if let Some(m) = MONTHS.iter().position(|m| lower.starts_with(m)) {
            month = Some(m as i64 + 1);
        }
    }
    let (hour, minute, second) = time.unwrap_or((0, 0, 0));
    let hour = match half {
        Some(pm) if (1..=12).contains(&hour) => hour % 12 + if pm { 12 } else { 0 },
        Some(_) => return None,
        None => hour,
    };
    instant((year?, month?, day?), (hour, minute, second), 0)
}
