//! Pretty-printing of compact JSON text, byte for byte as `serde_json::to_string_pretty` lays it
//! out (two-space indent, `"key": value`, `[]` and `{}` when empty).
//!
//! Saves are written compact once (for the checksum) and then laid out by this function instead
//! of being serialized a second time with serde_json's pretty formatter: every type of a record
//! then has one writer in a build, which keeps the browser's wasm small.

/// `compact` (JSON as `serde_json::to_string` writes it: no whitespace outside strings) laid out
/// as `serde_json::to_string_pretty` would lay out the same value.
pub(crate) fn pretty_json(compact: &str) -> String {
    let bytes = compact.as_bytes();
    let mut out = String::with_capacity(compact.len() * 2);
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let mut start = 0;
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        for _ in 0..depth {
            out.push_str("  ");
        }
    };
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
            i += 1;
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                out.push_str(&compact[start..=i]);
                start = i + 1;
                let close = if b == b'[' { b']' } else { b'}' };
                if bytes.get(i + 1) == Some(&close) {
                    out.push(close as char);
                    i += 2;
                    start = i;
                    continue;
                }
                depth += 1;
                newline(&mut out, depth);
            }
            b']' | b'}' => {
                out.push_str(&compact[start..i]);
                depth = depth.saturating_sub(1);
                newline(&mut out, depth);
                out.push(b as char);
                start = i + 1;
            }
            b',' => {
                out.push_str(&compact[start..=i]);
                start = i + 1;
                newline(&mut out, depth);
            }
            b':' => {
                out.push_str(&compact[start..=i]);
                out.push(' ');
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    out.push_str(&compact[start..]);
    out
}

#[cfg(test)]
mod tests {
    use super::pretty_json;
    use serde_json::json;

    #[test]
    fn it_lays_out_json_as_serde_json_does() {
        for value in [
            json!({}),
            json!([]),
            json!(null),
            json!("a \"quoted\" [string], {with: brackets} \\ and ünïcode\n"),
            json!({"a": [], "b": {}, "c": [1, 2.5, -3e-7, true, null], "d": {"e": {"f": "x:y,z"}}}),
            json!([[[]], [{}], [[1], {"k": [{"": ""}]}]]),
            json!({"record": {"config": {"players": ["Bo", "Al"]}, "actions": [{"a": 1}, "end"]}}),
        ] {
            let compact = serde_json::to_string(&value).unwrap();
            assert_eq!(
                pretty_json(&compact),
                serde_json::to_string_pretty(&value).unwrap()
            );
        }
    }
}
