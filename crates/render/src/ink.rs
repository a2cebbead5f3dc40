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
            ((c + 0.055) / 1.055).powf(2.4)
        })
    };
    Some(0.2126 * channel(0)? + 0.7152 * channel(2)? + 0.0722 * channel(4)?)
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
