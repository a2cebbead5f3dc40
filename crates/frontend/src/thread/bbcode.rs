//! A post's BBCode read into its own text ([`PostText`]): quotes of other posts left out, bold
//! kept apart, every other known tag removed, unknown tags kept as text.
//!
//! One pass over the text with counters, no recursion and no stack: nesting of any depth and
//! tags never closed cost nothing more, and the text out is never longer than the text in.
//!
//! - `[quote]`, `[quote=NAME]`, `[quote="NAME" ...]` up to its `[/quote]` is left out (nested
//!   quotes count; a quote never closed runs to the end of the post). So are plain-text quotes
//!   of a copied page: a line ending in `NAME wrote:` (phpBB 3.3 adds `↑` and a date after it;
//!   French `NAME a écrit :`) and the lines after it up to the next blank line, and lines
//!   starting with `>`.
//! - `[b]`/`[strong]` mark bold text ([`PostLine::bold`]); a `[b]` never closed is bold to the end.
//! - Removed, their text kept: `i u s strike em color colour size font url email spoiler hide
//!   center left right justify code pre tt sup sub highlight indent`. Breaking the line: `* li
//!   list ul ol br hr p tr table h1 h2 h3`. Removed with their text: `img attachment youtube
//!   video media`.
//! - Any other `[...]` is kept as it stands, as the forum shows it.
//! - Inside a quote only quote tags count, and inside a hidden tag only those and hidden tags:
//!   what is left out never changes how the rest reads (a quoted `[b]` never closed does not
//!   make the poster's next line bold).

use pbp_core::engine::post::{PostLine, PostText};

/// What a tag does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Quote,
    Bold,
    Format,
    Break,
    Hidden,
}

fn kind(name: &str) -> Option<Kind> {
    Some(match name {
        "quote" => Kind::Quote,
        "b" | "strong" => Kind::Bold,
        "i" | "u" | "s" | "strike" | "em" | "color" | "colour" | "size" | "font" | "url"
        | "email" | "spoiler" | "hide" | "center" | "left" | "right" | "justify" | "code"
        | "pre" | "tt" | "sup" | "sub" | "highlight" | "indent" | "td" | "th" => Kind::Format,
        "*" | "li" | "list" | "ul" | "ol" | "br" | "br/" | "hr" | "p" | "tr" | "table" | "h1"
        | "h2" | "h3" => Kind::Break,
        "img" | "attachment" | "youtube" | "video" | "media" => Kind::Hidden,
        _ => return None,
    })
}

/// A tag at the start of `text`: its length in bytes, whether it closes, and its kind.
fn tag_at(text: &str) -> Option<(usize, bool, Kind)> {
    let end = text.bytes().take(120).position(|b| b == b']')?;
    let inner = &text[1..end];
    if inner.contains(['[', '\n']) {
        return None;
    }
    let (closing, inner) = match inner.strip_prefix('/') {
        Some(rest) => (true, rest),
        None => (false, inner),
    };
    let name = inner
        .split(['=', ' '])
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    kind(&name).map(|kind| (end + 1, closing, kind))
}

/// The state of the one pass.
#[derive(Default)]
struct Reader {
    lines: Vec<PostLine>,
    line: PostLine,
    quote: u32,
    bold: u32,
    hidden: u32,
}

impl Reader {
    fn push(&mut self, text: &str) {
        if self.quote > 0 || self.hidden > 0 {
            return;
        }
        for (n, part) in text.split('\n').enumerate() {
            if n > 0 {
                self.end_line();
            }
            self.line.text.push_str(part);
            if self.bold > 0 {
                self.line.bold.push_str(part);
            }
        }
    }

    fn end_line(&mut self) {
        let line = std::mem::take(&mut self.line);
        self.lines.push(PostLine {
            text: line.text.trim().to_owned(),
            bold: line.bold.split_whitespace().collect::<Vec<_>>().join(" "),
        });
    }

    fn tag(&mut self, closing: bool, kind: Kind) {
        // Inside a quote only quote tags count, inside a hidden tag only those and hidden
        // tags: the tags of text left out (a bold never closed, a stray `[/img]`) never change
        // how the poster's own text reads.
        if (self.quote > 0 && kind != Kind::Quote)
            || (self.hidden > 0 && !matches!(kind, Kind::Quote | Kind::Hidden))
        {
            return;
        }
        let count = match kind {
            Kind::Quote => {
                if self.quote == 0 && self.hidden == 0 && !self.line.text.trim().is_empty() {
                    self.end_line();
                }
                &mut self.quote
            }
            Kind::Bold => {
                if self.quote == 0 && self.hidden == 0 && !closing {
                    // Bold parts of one line are joined with a space.
                    self.line.bold.push(' ');
                }
                &mut self.bold
            }
            Kind::Hidden => &mut self.hidden,
            Kind::Break => {
                if self.quote == 0 && self.hidden == 0 {
                    self.end_line();
                }
                return;
            }
            Kind::Format => return,
        };
        *count = if closing {
            count.saturating_sub(1)
        } else {
            count.saturating_add(1)
        };
    }
}

/// Reads a post's body (BBCode, or the plain text of a copied page) into its own text.
///
/// ```
/// use pbp_frontend::thread::post_text;
/// let post = post_text("[quote=\"Lady Ayame\"][b]attack E4[/b][/quote]\n[b]hold E4[/b] [color=red]now[/color] [wave]");
/// let lines: Vec<_> = post.lines.iter().filter(|l| !l.text.is_empty()).collect();
/// assert_eq!(lines.len(), 1);
/// assert_eq!(lines[0].text, "hold E4 now [wave]");
/// assert_eq!(lines[0].bold, "hold E4");
/// ```
pub fn post_text(body: &str) -> PostText {
    let mut reader = Reader::default();
    let mut rest = body;
    while let Some(at) = rest.find('[') {
        reader.push(&rest[..at]);
        rest = &rest[at..];
        match tag_at(rest) {
            Some((len, closing, kind)) => {
                reader.tag(closing, kind);
                rest = &rest[len..];
            }
            None => {
                reader.push("[");
                rest = &rest[1..];
            }
        }
    }
    reader.push(rest);
    reader.end_line();
    PostText {
        lines: without_plain_quotes(reader.lines),
    }
}

/// Whether a line opens a plain-text quote: `NAME wrote:` (and what phpBB 3.3 writes after it)
/// or `NAME a écrit :`.
fn opens_quote(line: &str) -> bool {
    let lower = line.to_lowercase();
    ["wrote:", "a écrit :", "a écrit:"].iter().any(|mark| {
        lower.find(mark).is_some_and(|at| {
            let after = lower[at + mark.len()..].trim();
            let dated = after.starts_with('↑')
                || (after.contains(':') && after.chars().any(|c| c.is_ascii_digit()));
            at > 0 && at <= 100 && (after.is_empty() || dated)
        })
    })
}

fn without_plain_quotes(lines: Vec<PostLine>) -> Vec<PostLine> {
    let mut out = Vec::with_capacity(lines.len());
    let mut quoting = false;
    for line in lines {
        if quoting {
            quoting = !line.text.is_empty();
            continue;
        }
        if opens_quote(&line.text) {
            quoting = true;
        } else if !line.text.starts_with('>') {
            out.push(line);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(body: &str) -> Vec<String> {
        post_text(body)
            .lines
            .into_iter()
            .map(|l| l.text)
            .filter(|t| !t.is_empty())
            .collect()
    }

    #[test]
    fn quotes_of_any_depth_are_left_out() {
        let body = "[quote=A][quote=B]attack E4[/quote]pass[/quote]play 3\n[QUOTE]x";
        assert_eq!(texts(body), vec!["play 3"]);
    }

    #[test]
    fn the_tags_of_a_quote_do_not_reach_the_text_after_it() {
        // Found writing the thread_post fuzz target's quote property: a quote's unclosed [b]
        // made the poster's own next line bold (a Warring States order), a quote's [/img]
        // showed hidden text.
        let post = post_text("[quote][b]attack E4[/quote]\nchat");
        assert!(post.lines.iter().all(|l| l.bold.is_empty()), "{post:?}");
        assert_eq!(texts("[img]x[quote][/img][/quote] y[/img]z"), vec!["z"]);
        // A quote ends the line before it; the quote's [/b] does not close the poster's bold.
        assert_eq!(texts("[b]hold[quote][/b][/quote] E4"), vec!["hold", "E4"]);
        assert_eq!(
            post_text("[b]hold[quote][/b][/quote] E4").lines[1].bold,
            "E4"
        );
        // A quote inside hidden text does not end the line before it (the fuzz target's case).
        assert_eq!(
            post_text("A wrote:[img]\n[quote]x[/quote]\nC"),
            post_text("A wrote:[img]\n\nC")
        );
    }

    #[test]
    fn plain_quotes_of_a_copied_page_are_left_out() {
        let body = "Lady Ayame wrote: ↑ Thu Dec 03, 2026 10:15 am\nattack E4 from D3\n\npass\n> attack E5\nQuelqu'un a écrit :\nsprint n e\n\nsprint s";
        assert_eq!(texts(body), vec!["pass", "sprint s"]);
        assert_eq!(texts("I wrote: nothing"), vec!["I wrote: nothing"]);
    }

    #[test]
    fn known_tags_are_removed_and_unknown_kept() {
        let body = "[spoiler][color=#f00]attack[/color][/spoiler] [i]E4[/i] [dice]2d10[/dice] [img]x.png[/img]";
        assert_eq!(texts(body), vec!["attack E4 [dice]2d10[/dice]"]);
    }

    #[test]
    fn lists_break_lines_and_bold_is_kept_apart() {
        let post = post_text("[b][list][*]attack A[*]attack B[/list][/b]chat");
        let bold: Vec<&str> = post
            .lines
            .iter()
            .map(|l| l.bold.as_str())
            .filter(|b| !b.is_empty())
            .collect();
        assert_eq!(bold, vec!["attack A", "attack B"]);
    }

    #[test]
    fn deep_and_unclosed_tags_are_bounded() {
        let deep = "[b]".repeat(200_000) + "x" + &"[/quote]".repeat(100_000) + &"[".repeat(1000);
        let post = post_text(&deep);
        assert!(post.lines.iter().map(|l| l.text.len()).sum::<usize>() <= deep.len());
        assert_eq!(texts("[quote]never closed\nattack"), Vec::<String>::new());
        assert_eq!(texts("[b]bold never closed")[0], "bold never closed");
    }
}
