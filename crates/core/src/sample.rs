//! Unbiased, portable sampling of integers in a range from raw 64-bit generator output.
//!
//! The method is Lemire's multiply-and-reject ("nearly divisionless") algorithm on `u64`. It uses no
//! floating point and no `usize`, so the same generator output gives the same values on every
//! platform, and it rejects the few raw values that would bias the result, so every outcome is
//! exactly equally likely.
//!
//! [`crate::SeededDice`] uses the batched form of the same method: one word yields several values
//! of the same range (the base-`n` digits of one draw in `0..n^k`), as its documentation details.

/// Maps raw 64-bit words from `next` to a uniform integer in `1..=n`.
///
/// `n` must be at least 1. Draws one word, and in rare cases (probability below `n / 2^64`) more.
///
/// ```
/// let mut words = [7_u64, 1 << 63].into_iter();
/// let value = pbp_core::sample_one_to(10, || words.next().unwrap());
/// assert!((1..=10).contains(&value));
/// ```
#[inline]
pub fn sample_one_to(n: u32, mut next: impl FnMut() -> u64) -> u32 {
    debug_assert!(n >= 1);
    let n = u64::from(n.max(1));
    let mut product = u128::from(next()) * u128::from(n);
    let mut low = product as u64;
    if low < n {
        let threshold = n.wrapping_neg() % n;
        while low < threshold {
            product = u128::from(next()) * u128::from(n);
            low = product as u64;
        }
    }
    // The high word is below n, which fits in u32, so the cast is exact.
    ((product >> 64) as u32) + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_the_extremes_of_the_word_range_to_the_ends_of_the_range() {
        assert_eq!(sample_one_to(10, || 0x1999_9999_9999_999B), 1 + 1);
        assert_eq!(sample_one_to(10, || u64::MAX), 10);
        assert_eq!(sample_one_to(1, || 12345), 1);
    }

    #[test]
    fn rejects_biased_words() {
        // For n = 3, threshold = 2^64 mod 3 = 1, so a product whose low word is 0 is redrawn.
        let mut words = [0_u64, u64::MAX].into_iter();
        assert_eq!(sample_one_to(3, || words.next().unwrap()), 3);
    }
}
