//! Escaping text for the formats pbp writes.

/// Escapes text for XML and SVG content and attributes.
///
/// ```
/// assert_eq!(pbp_render::xml_escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
/// ```
pub fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Neutralises BBCode tags in user-supplied text (names, notes) so they print as written.
///
/// ```
/// assert_eq!(pbp_render::bbcode_escape("[b]x[/b]"), "[noparse][b]x[/b][/noparse]");
/// assert_eq!(pbp_render::bbcode_escape("plain"), "plain");
/// ```
pub fn bbcode_escape(text: &str) -> String {
    if text.contains('[') {
        format!("[noparse]{}[/noparse]", text.replace("[/noparse]", ""))
    } else {
        text.to_owned()
    }
}
