//! Colours that stay readable: the ink to write on a fill.

/// The WCAG relative luminance (0 to 1) of a `#rrggbb` colour; `None` for anything else.
fn luminance(fill: &str) -> Option<f64> {
    let hex = fill.strip_prefix('#')?;
    if hex.len() != 6 {
        return None;
    }
    let channel = |i: usize| -> Option<f64> {
        let c = f64::from(u8::from_str_radix(hex.get(i..i + 2)?, 16).ok()?) / 255.0;
        Some(if c <= 0.039_28 {
            c / 12.92
        } else {
            pow_2_4((c + 0.055) / 1.055)
        })
    };
    Some(0.2126 * channel(0)? + 0.7152 * channel(2)? + 0.0722 * channel(4)?)
}

/// `x` to the power 2.4 for `x` in (0, 1], as `x.powf(2.4)` to within a few units in the last
/// place: the fifth root of `x` to the 12th by Newton's method, so that the page's wasm carries
/// no general power function.
fn pow_2_4(x: f64) -> f64 {
    let t = x.powi(12);
    if t <= 0.0 {
        return 0.0;
    }
    // Start above the root (x^2.4 <= x^2 < x for x in (0, 1]) and descend monotonically.
    let mut y = x;
    for _ in 0..200 {
        let next = (4.0 * y + t / y.powi(4)) / 5.0;
        if next >= y {
            break;
        }
        y = next;
    }
    y
}

/// The ink that reads best on `fill` (the higher WCAG contrast): white or near-black.
pub(crate) fn ink_on(fill: &str) -> &'static str {
    match luminance(fill) {
        // Contrast with white (1.05 / (l + 0.05)) beats contrast with black ((l + 0.05) / 0.05)
        // below l = 0.179.
        Some(l) if l < 0.179 => "#ffffff",
        _ => "#1a1a1a",
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_power_is_powf_to_within_rounding() {
        for i in 0..=1000 {
            let x = f64::from(i) / 1000.0;
            let x = if x == 0.0 { 1e-9 } else { x };
            let (ours, std) = (super::pow_2_4(x), x.powf(2.4));
            assert!(
                (ours - std).abs() <= 1e-14 * std.max(1e-300),
                "{x}: {ours} {std}"
            );
        }
    }

    use super::*;

    #[test]
    fn dark_fills_take_white_ink_and_light_fills_dark_ink() {
        assert_eq!(ink_on("#1f77b4"), "#ffffff", "blue");
        assert_eq!(ink_on("#d62728"), "#ffffff", "red");
        assert_eq!(ink_on("#008080"), "#ffffff", "teal");
        assert_eq!(ink_on("#4a5a7a"), "#ffffff", "crab");
        assert_eq!(ink_on("#e8c547"), "#1a1a1a", "yellow");
        assert_eq!(ink_on("#ffffff"), "#1a1a1a", "white");
        assert_eq!(ink_on("#17becf"), "#1a1a1a", "cyan");
        assert_eq!(ink_on("not a colour"), "#1a1a1a");
    }
}
