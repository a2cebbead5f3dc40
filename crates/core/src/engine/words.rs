//! Words for what people read: counts with their noun in the right number.

/// `n` followed by `one` when `n` is 1 and by `many` otherwise: "1 card", "3 cards", "0 passes".
///
/// ```
/// assert_eq!(pbp_core::engine::words::counted(1, "card", "cards"), "1 card");
/// assert_eq!(pbp_core::engine::words::counted(0, "pass", "passes"), "0 passes");
/// assert_eq!(pbp_core::engine::words::counted(12, "army", "armies"), "12 armies");
/// ```
pub fn counted(n: impl Into<i128>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `n` as an ordinal: "1st", "2nd", "3rd", "4th", "11th", "21st".
///
/// ```
/// assert_eq!(pbp_core::engine::words::ordinal(1), "1st");
/// assert_eq!(pbp_core::engine::words::ordinal(12), "12th");
/// assert_eq!(pbp_core::engine::words::ordinal(23), "23rd");
/// ```
pub fn ordinal(n: u64) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
