//! A small, tolerant scanner of a web page's HTML: tags, their attributes and the text between
//! them, entities decoded. It reads what a forum's page is made of, never builds a tree, and
//! never fails: whatever it does not recognise is text, an unterminated tag or comment ends the
//! page. Every byte is looked at a bounded number of times (no search starts again from a
//! place already passed), so its work is linear in the page's size.
//!
//! What a poster types reaches the page escaped (`<` as `&lt;`), so every tag this scanner sees
//! is the forum's own: that is what the HTML layouts rely on.

/// One piece of a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token<'a> {
    /// Text between tags, entities not yet decoded.
    Text(&'a str),
    /// An opening tag: its name, its raw attributes, and where it starts in the page.
    Start {
        /// The tag's name, as written (compare with [`Token::is_start`]).
        name: &'a str,
        /// What follows the name inside the tag, read by [`attribute`].
        attributes: &'a str,
        /// Its byte offset in the page.
        at: usize,
    },
    /// A closing tag.
    End {
        /// The tag's name, as written.
        name: &'a str,
        /// Its byte offset in the page.
        at: usize,
    },
}

impl<'a> Token<'a> {
    /// Whether this is an opening `name` tag.
    pub fn is_start(&self, tag: &str) -> bool {
        matches!(self, Token::Start { name, .. } if name.eq_ignore_ascii_case(tag))
    }

    /// Whether this is a closing `name` tag.
    pub fn is_end(&self, tag: &str) -> bool {
        matches!(self, Token::End { name, .. } if name.eq_ignore_ascii_case(tag))
    }

    /// The attributes of an opening tag (empty for the others).
    pub fn attributes(&self) -> &'a str {
        match self {
            Token::Start { attributes, .. } => attributes,
            _ => "",
        }
    }

    /// Whether this is an opening tag one of whose classes is `class`.
    pub fn has_class(&self, class: &str) -> bool {
        matches!(self, Token::Start { .. })
            && attribute(self.attributes(), "class")
                .is_some_and(|classes| classes.split_whitespace().any(|c| c == class))
    }
}

/// The tokens of a page, in order.
pub struct Tokens<'a> {
    page: &'a str,
    at: usize,
    /// After `<script>` or `<style>`: their text is code, skipped to their closing tag.
    raw: Option<&'static str>,
}

impl<'a> Tokens<'a> {
    /// Scans `page` from its start.
    pub fn new(page: &'a str) -> Tokens<'a> {
        Tokens {
            page,
            at: 0,
            raw: None,
        }
    }

    /// Where the scanner is, as a byte offset in the page.
    pub fn offset(&self) -> usize {
        self.at
    }

    /// Skips to the end of the page.
    fn finish(&mut self) {
        self.at = self.page.len();
    }
}

/// The offset of the first `needle` (ASCII, lowercase) in `hay` ignoring ASCII case.
fn find_ignoring_case(hay: &str, needle: &str) -> Option<usize> {
    let (hay, needle) = (hay.as_bytes(), needle.as_bytes());
    if needle.is_empty() || hay.len() < needle.len() {
        return None;
    }
    (0..=hay.len() - needle.len()).find(|&i| hay[i..i + needle.len()].eq_ignore_ascii_case(needle))
}

/// The offset of the `>` closing a tag that starts at `rest[0]`, quotes in attributes allowed.
fn tag_end(rest: &str) -> Option<usize> {
    let mut quote: Option<u8> = None;
    for (i, byte) in rest.bytes().enumerate() {
        match (quote, byte) {
            (Some(q), b) if b == q => quote = None,
            (Some(_), _) => {}
            (None, b'"' | b'\'') => quote = Some(byte),
            (None, b'>') => return Some(i),
            (None, _) => {}
        }
    }
    None
}

fn name_len(text: &str) -> usize {
    text.bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'-' || *b == b':')
        .count()
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        loop {
            let rest = self.page.get(self.at..).filter(|rest| !rest.is_empty())?;
            if let Some(tag) = self.raw.take() {
                match find_ignoring_case(rest, tag) {
                    Some(end) => self.at += end,
                    None => self.finish(),
                }
                continue;
            }
            if !rest.starts_with('<') {
                let len = rest.find('<').unwrap_or(rest.len());
                self.at += len;
                return Some(Token::Text(&rest[..len]));
            }
            let after = &rest[1..];
            if let Some(comment) = after.strip_prefix("!--") {
                match comment.find("-->") {
                    Some(end) => self.at += 4 + end + 3,
                    None => self.finish(),
                }
                continue;
            }
            let closing = after.starts_with('/');
            let name_at = 1 + usize::from(closing);
            let name = &rest[name_at..name_at + name_len(&rest[name_at..])];
            let declaration = after.starts_with('!') || after.starts_with('?');
            if name.is_empty() && !declaration {
                // A `<` that opens no tag is text, as a browser shows it.
                self.at += 1;
                return Some(Token::Text("<"));
            }
            let Some(end) = tag_end(rest) else {
                // A tag never closed: the page is cut short here.
                self.finish();
                return None;
            };
            let start = self.at;
            self.at += end + 1;
            if declaration {
                continue;
            }
            if closing {
                return Some(Token::End { name, at: start });
            }
            if name.eq_ignore_ascii_case("script") {
                self.raw = Some("</script");
            } else if name.eq_ignore_ascii_case("style") {
                self.raw = Some("</style");
            }
            let attributes = rest[name_at + name.len()..end].trim_end_matches('/');
            return Some(Token::Start {
                name,
                attributes,
                at: start,
            });
        }
    }
}

/// The value of attribute `wanted` in a tag's raw attributes, entities decoded.
pub fn attribute(attributes: &str, wanted: &str) -> Option<String> {
    let bytes = attributes.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        while i < bytes.len() && (bytes[i].is_ascii_whitespace() || bytes[i] == b'/') {
            i += 1;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() && !b"=/>".contains(&bytes[i]) {
            i += 1;
        }
        let name = &attributes[start..i];
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let mut value = None;
        if i < bytes.len() && bytes[i] == b'=' {
            i += 1;
            while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            let (from, to) = match bytes.get(i) {
                Some(&quote @ (b'"' | b'\'')) => {
                    let from = i + 1;
                    let to = attributes[from..]
                        .bytes()
                        .position(|b| b == quote)
                        .map_or(bytes.len(), |p| from + p);
                    i = (to + 1).min(bytes.len());
                    (from, to)
                }
                _ => {
                    let from = i;
                    while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
                        i += 1;
                    }
                    (from, i)
                }
            };
            value = Some(&attributes[from..to]);
        }
        if name.is_empty() && i == start {
            // Nothing readable here (a stray `=`): step over it.
            i += 1;
            continue;
        }
        if name.eq_ignore_ascii_case(wanted) {
            return Some(decode(value.unwrap_or("")));
        }
    }
    None
}

/// The named entities a forum's page uses; others are kept as written.
const ENTITIES: [(&str, char); 24] = [
    ("amp", '&'),
    ("lt", '<'),
    ("gt", '>'),
    ("quot", '"'),
    ("apos", '\''),
    ("nbsp", ' '),
    ("raquo", '»'),
    ("laquo", '«'),
    ("bull", '•'),
    ("hellip", '…'),
    ("mdash", '—'),
    ("ndash", '–'),
    ("lsquo", '‘'),
    ("rsquo", '’'),
    ("ldquo", '“'),
    ("rdquo", '”'),
    ("uarr", '↑'),
    ("rarr", '→'),
    ("larr", '←'),
    ("copy", '©'),
    ("eacute", 'é'),
    ("egrave", 'è'),
    ("agrave", 'à'),
    ("ccedil", 'ç'),
];

/// `text` with its character references decoded: named ones of [`ENTITIES`], and numeric ones
/// (`&#39;`, `&#x2192;`; a number that is no character reads as `�`). What is not a reference
/// is kept as written. Never longer than `text`: every reference is longer than the character
/// it names.
pub fn decode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        // A reference is short: look for its `;` in the next few bytes only, so that a page of
        // `&`s without one costs no more than its length.
        let reference = rest[1..]
            .bytes()
            .take(11)
            .position(|b| b == b';')
            .and_then(|end| Some((end, character(&rest[1..1 + end])?)));
        match reference {
            Some((end, c)) => {
                out.push(c);
                rest = &rest[end + 2..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn character(name: &str) -> Option<char> {
    if let Some(number) = name.strip_prefix('#') {
        let value = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse::<u32>().ok()?,
        };
        return Some(
            char::from_u32(value)
                .filter(|&c| c != '\0')
                .unwrap_or('\u{FFFD}'),
        );
    }
    ENTITIES
        .iter()
        .find(|(entity, _)| *entity == name)
        .map(|&(_, c)| c)
}

/// The line (from 1) of byte `offset` in `page`, for an error's message.
pub fn line_of(page: &str, offset: usize) -> usize {
    1 + page.as_bytes()[..offset.min(page.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_text_and_attributes_are_read() {
        let page =
            "<!DOCTYPE html><!-- x --><div id=\"p12\" class='post bg1'>a &lt;b&gt; <br/>c</div>";
        let tokens: Vec<Token<'_>> = Tokens::new(page).collect();
        assert_eq!(tokens.len(), 5);
        assert!(tokens[0].is_start("div"));
        assert_eq!(
            attribute(tokens[0].attributes(), "id").as_deref(),
            Some("p12")
        );
        assert!(tokens[0].has_class("post"));
        assert!(!tokens[0].has_class("bg"));
        assert_eq!(tokens[1], Token::Text("a &lt;b&gt; "));
        assert!(tokens[2].is_start("br"));
        assert!(tokens[4].is_end("div"));
    }

    #[test]
    fn scripts_comments_and_stray_brackets_are_no_tags() {
        let page = "<script>if (a<b) { x = '<div>'; }</script>1 < 2 <!-- <div> --> ok";
        let tokens: Vec<Token<'_>> = Tokens::new(page).collect();
        assert!(tokens[0].is_start("script"));
        assert!(tokens[1].is_end("script"));
        assert_eq!(tokens[2], Token::Text("1 "));
        assert_eq!(tokens[3], Token::Text("<"));
        assert!(!tokens.iter().any(|t| t.is_start("div")));
    }

    #[test]
    fn an_unterminated_tag_or_comment_ends_the_page() {
        assert_eq!(Tokens::new("text <div class=\"a").count(), 1);
        assert_eq!(Tokens::new("text <!-- never closed <div>").count(), 1);
        assert_eq!(Tokens::new("<div title=\"a > b\">x").count(), 2);
    }

    /// Pages built to cost the most: each is read in time linear in its size (a quadratic
    /// reading of these 1 MiB pages would not finish).
    #[test]
    fn the_work_is_bounded_by_the_page() {
        let size = 1 << 20;
        let ampersands = "&".repeat(size);
        assert_eq!(decode(&ampersands).len(), size);
        for unit in ["<a", "<a>", "</", "<!--", "<div class=\"", "&#", "<script>"] {
            let page = unit.repeat(size / unit.len());
            let mut tokens = 0usize;
            for token in Tokens::new(&page) {
                if let Token::Text(text) = token {
                    let _ = decode(text);
                }
                tokens += 1;
            }
            assert!(tokens <= page.len(), "{unit}");
        }
    }

    #[test]
    fn entities_are_decoded() {
        assert_eq!(
            decode("a &amp; b &raquo; &#39;c&#x27; &#0; &bogus; & &#99999999;"),
            "a & b » 'c' \u{FFFD} &bogus; & \u{FFFD}"
        );
    }
}
