//! A post's body, rendered by the forum as HTML, back to the text the thread reader reads: line
//! breaks and block ends to new lines, bold (`<strong>`, `<b>`, phpBB's
//! `<span style="font-weight: bold">`) to `[b]...[/b]` (Warring States reads orders in bold),
//! `<blockquote>` to `[quote]...[/quote]` (a quote is never the poster's action), the forum's
//! quote captions (SMF's `quoteheader`) left out, other tags dropped with their text kept, and
//! entities decoded.
//!
//! The text out is never longer than the HTML in: each tag is replaced by at most as many
//! bytes as it has, and entities decode shorter.

use super::html::{Token, Tokens, attribute, decode};

/// Tags whose start and end break the line.
const BLOCKS: [&str; 20] = [
    "p", "div", "li", "ul", "ol", "dl", "dt", "dd", "tr", "table", "h1", "h2", "h3", "h4", "h5",
    "h6", "pre", "cite", "section", "article",
];

/// Classes of the forum's own captions inside a body (SMF's "Quote from: NAME on DATE"): left
/// out with what they hold.
const CAPTIONS: [&str; 3] = ["quoteheader", "quotefooter", "codeheader"];

/// Builds the text: whitespace as a browser shows it (runs of it one space), lines broken
/// where the page breaks them.
struct Text {
    out: String,
    space: bool,
}

impl Text {
    fn push_text(&mut self, raw: &str) {
        for c in decode(raw).chars() {
            if c.is_whitespace() {
                self.space = true;
                continue;
            }
            if std::mem::take(&mut self.space) && !self.out.is_empty() && !self.out.ends_with('\n')
            {
                self.out.push(' ');
            }
            self.out.push(c);
        }
    }

    /// An opening tag's markup: a space before it is kept before it.
    fn push_open(&mut self, markup: &str) {
        if std::mem::take(&mut self.space) && !self.out.is_empty() && !self.out.ends_with('\n') {
            self.out.push(' ');
        }
        self.out.push_str(markup);
    }

    /// A closing tag's markup: a space before it is kept after it.
    fn push_close(&mut self, markup: &str) {
        self.out.push_str(markup);
    }

    fn break_line(&mut self) {
        self.space = false;
        if !self.out.is_empty() && !self.out.ends_with('\n') {
            self.out.push('\n');
        }
    }

    fn finish(self) -> String {
        let lines: Vec<&str> = self.out.lines().map(str::trim_end).collect();
        let first = lines
            .iter()
            .position(|l| !l.is_empty())
            .unwrap_or(lines.len());
        let last = lines
            .iter()
            .rposition(|l| !l.is_empty())
            .map_or(first, |l| l + 1);
        lines[first..last.max(first)].join("\n")
    }
}

fn is_bold_span(token: &Token<'_>) -> bool {
    attribute(token.attributes(), "style").is_some_and(|style| {
        let style: String = style
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_lowercase();
        style.contains("font-weight:bold") || style.contains("font-weight:700")
    })
}

/// Reads a body from the tokens after its container's opening `container` tag up to the
/// matching closing tag, which it consumes. `None` when the page ends first (cut short).
pub fn body_text(tokens: &mut Tokens<'_>, container: &str) -> Option<String> {
    let mut text = Text {
        out: String::new(),
        space: false,
    };
    let mut depth = 0usize;
    // Open spans, each whether it is bold; a caption's depth while inside one.
    let mut spans: Vec<bool> = Vec::new();
    let mut caption: Option<usize> = None;
    for token in tokens.by_ref() {
        if token.is_start(container) {
            depth += 1;
        } else if token.is_end(container) {
            if depth == 0 {
                return Some(text.finish());
            }
            depth -= 1;
        }
        if let Some(at) = caption {
            if depth < at {
                caption = None;
            }
            continue;
        }
        match token {
            Token::Text(raw) => text.push_text(raw),
            Token::Start { name, .. } => {
                if token.is_start(container) && CAPTIONS.iter().any(|c| token.has_class(c)) {
                    caption = Some(depth);
                    continue;
                }
                let name = name.to_ascii_lowercase();
                match name.as_str() {
                    "br" | "hr" => text.break_line(),
                    "strong" | "b" => text.push_open("[b]"),
                    "blockquote" => {
                        text.break_line();
                        text.push_open("[quote]");
                    }
                    "span" => {
                        let bold = is_bold_span(&token);
                        if bold {
                            text.push_open("[b]");
                        }
                        spans.push(bold);
                    }
                    block if BLOCKS.contains(&block) => text.break_line(),
                    _ => {}
                }
            }
            Token::End { name, .. } => {
                let name = name.to_ascii_lowercase();
                match name.as_str() {
                    "strong" | "b" => text.push_close("[/b]"),
                    "blockquote" => {
                        text.push_close("[/quote]");
                        text.break_line();
                    }
                    "span" if spans.pop() == Some(true) => text.push_close("[/b]"),
                    block if BLOCKS.contains(&block) => text.break_line(),
                    _ => {}
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(html: &str) -> Option<String> {
        let page = format!("<div class=\"content\">{html}</div><p>after</p>");
        let mut tokens = Tokens::new(&page);
        assert!(tokens.next().is_some_and(|t| t.has_class("content")));
        body_text(&mut tokens, "div")
    }

    #[test]
    fn breaks_bold_and_quotes_become_the_readers_text() {
        assert_eq!(
            body("attack B6\n from B7<br>\nCome &amp; see<br /><strong class=\"text-strong\">5 Rice</strong> <span style=\"font-weight: bold\">pass</span>").as_deref(),
            Some("attack B6 from B7\nCome & see\n[b]5 Rice[/b] [b]pass[/b]")
        );
        assert_eq!(
            body("<blockquote><div><cite>Mongooseh wrote:</cite>attack B6 from B7</div></blockquote>Brave.").as_deref(),
            Some("[quote]\nMongooseh wrote:\nattack B6 from B7\n[/quote]\nBrave.")
        );
        assert_eq!(
            body("<div class=\"quoteheader\"><div class=\"topslice_quote\"><a href=\"x\">Quote from: Xuande</a></div></div><blockquote class=\"bbc_standard_quote\">defend 4</blockquote><div class=\"quotefooter\"><div class=\"botslice_quote\"></div></div>A cautious start.").as_deref(),
            Some("[quote]defend 4[/quote]\nA cautious start.")
        );
    }

    #[test]
    fn typed_markup_stays_text() {
        assert_eq!(
            body("&lt;/div&gt;&lt;div class=&quot;post&quot;&gt;Top").as_deref(),
            Some("</div><div class=\"post\">Top")
        );
    }

    #[test]
    fn a_body_never_closed_is_none() {
        let page = "<div class=\"content\"><div>never closed";
        let mut tokens = Tokens::new(page);
        tokens.next();
        assert_eq!(body_text(&mut tokens, "div"), None);
    }
}
