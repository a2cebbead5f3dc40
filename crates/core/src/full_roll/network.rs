//! Sorting the sort keys of a seeded full roll, highest first, without branches: sorting
//! networks once every key is drawn (three, five or ten keys), or each key sunk into the keys
//! so far as it comes (the browser's wasm, where size comes first).

use crate::pool::INLINE_ROLL_DICE;

/// Sinks `key` into `keys`, sorted highest first, by compare-and-swap without branches.
#[inline(always)]
pub(super) fn sink_key(keys: &mut [u64], mut key: u64) {
    for slot in keys {
        let higher = (*slot).max(key);
        key = (*slot).min(key);
        *slot = higher;
    }
}

/// Puts the higher of `keys[$high]` and `keys[$low]` in `$high`, the lower in `$low`.
macro_rules! exchange {
    ($keys:ident, $(($high:literal, $low:literal)),* $(,)?) => {$(
        let (a, b) = ($keys[$high], $keys[$low]);
        $keys[$high] = a.max(b);
        $keys[$low] = a.min(b);
    )*};
}

/// Sorts the first `N` keys (3 or 5), highest first, by the sorting network [`network`]
/// builds for `N`: the keys in registers, each comparator a branchless compare-and-swap.
#[inline(always)]
pub(super) fn sort_keys<const N: usize>(keys: &mut [u64; INLINE_ROLL_DICE]) {
    let (pairs, len) = const { network(N) };
    let mut sorted = [0_u64; N];
    sorted.copy_from_slice(&keys[..N]);
    for &(high, low) in &pairs[..len] {
        let (a, b) = (sorted[high as usize], sorted[low as usize]);
        sorted[high as usize] = a.max(b);
        sorted[low as usize] = a.min(b);
    }
    keys[..N].copy_from_slice(&sorted);
}

/// Sorts ten keys, highest first, by Waksman's network of 29 comparators in nine layers (Knuth,
/// The Art of Computer Programming 3, 5.3.4; two fewer than Batcher's 31), written out so that
/// every index is a constant and the keys stay in registers.
#[inline(always)]
pub(super) fn sort_ten(keys: &mut [u64; INLINE_ROLL_DICE]) {
    let mut k = *keys;
    exchange!(k, (4, 9), (3, 8), (2, 7), (1, 6), (0, 5));
    exchange!(k, (1, 4), (6, 9), (0, 3), (5, 8));
    exchange!(k, (0, 2), (3, 6), (7, 9));
    exchange!(k, (0, 1), (2, 4), (5, 7), (8, 9));
    exchange!(k, (1, 2), (4, 6), (7, 8), (3, 5));
    exchange!(k, (2, 5), (6, 8), (1, 3), (4, 7));
    exchange!(k, (2, 3), (6, 7));
    exchange!(k, (3, 4), (5, 6));
    exchange!(k, (4, 5));
    *keys = k;
}

/// The comparators of Batcher's merge-exchange sorting network for `n <= 16` values (Knuth,
/// The Art of Computer Programming 3, 5.2.2, Algorithm M), each `(i, j)` with `i < j`: after
/// every comparator puts the higher of slots `i` and `j` in `i`, the values are sorted highest
/// first. 3 comparators for 3 values, 9 for 5, 31 for 10. Built at compile time.
const fn network(n: usize) -> ([(u8, u8); 64], usize) {
    let mut pairs = [(0_u8, 0_u8); 64];
    let mut len = 0;
    if n < 2 {
        return (pairs, 0);
    }
    let mut t = 0;
    while (1 << t) < n {
        t += 1;
    }
    let mut p = 1 << (t - 1);
    while p > 0 {
        let (mut q, mut r, mut d) = (1 << (t - 1), 0, p);
        loop {
            let mut i = 0;
            while i + d < n {
                if i & p == r {
                    pairs[len] = (i as u8, (i + d) as u8);
                    len += 1;
                }
                i += 1;
            }
            if q == p {
                break;
            }
            d = q - p;
            q >>= 1;
            r = p;
        }
        p >>= 1;
    }
    (pairs, len)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `sort` sorts, highest first, every input of zeros and ones in the first `n`
    /// slots (zeros after them): by the 0-1 principle, a comparator network that does sorts
    /// every input.
    fn sorts_every_input(n: usize, sort: impl Fn(&mut [u64; INLINE_ROLL_DICE])) -> bool {
        (0_u64..(1 << n)).all(|bits| {
            let mut keys = [0_u64; INLINE_ROLL_DICE];
            for (i, key) in keys.iter_mut().enumerate().take(n) {
                *key = (bits >> i) & 1;
            }
            sort(&mut keys);
            keys.windows(2).all(|w| w[0] >= w[1])
        })
    }

    #[test]
    fn the_sorting_networks_sort_every_input() {
        assert!(sorts_every_input(3, sort_keys::<3>));
        assert!(sorts_every_input(5, sort_keys::<5>));
        assert!(sorts_every_input(INLINE_ROLL_DICE, sort_ten));
        // Fewer keys than the network's (the slots past them hold 0, below every key).
        assert!(sorts_every_input(2, sort_keys::<3>));
        assert!(sorts_every_input(4, sort_keys::<5>));
        for n in 6..INLINE_ROLL_DICE {
            assert!(sorts_every_input(n, sort_ten), "{n} keys");
        }
        assert_eq!((network(3).1, network(5).1, network(10).1), (3, 9, 31));
    }

    #[test]
    fn sinking_sorts_every_input() {
        assert!(sorts_every_input(INLINE_ROLL_DICE, |keys| {
            let input = *keys;
            *keys = [0; INLINE_ROLL_DICE];
            for (i, &key) in input.iter().enumerate() {
                sink_key(&mut keys[..=i], key);
            }
        }));
    }
}
