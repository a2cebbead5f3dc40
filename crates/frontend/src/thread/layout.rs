//! The layouts pbp reads a thread in, and how it recognises one.

use serde::Serialize;

use super::jsonl;
use super::limits::thread_text;
use super::phpbb::PHPBB;
use super::phpbb_html;
use super::post::Post;
use super::smf::SMF;
use super::smf_html;
use crate::TableError;

/// How a thread is written down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Layout {
    /// One JSON object per post and line (see the `jsonl` module docs).
    Jsonl,
    /// A phpBB topic page (prosilver) as HTML: each post the forum's `<div id="p123"
    /// class="post">` element.
    #[serde(rename = "phpbb-html")]
    PhpbbHtml,
    /// A Simple Machines Forum print page as HTML: each post the forum's `postheader` and
    /// `postbody` elements.
    #[serde(rename = "smf-html")]
    SmfHtml,
    /// A phpBB topic page copied as text: `Post by NAME » DATE` headers.
    Phpbb,
    /// A Simple Machines Forum print page copied as text: `Post by: NAME on DATE` headers.
    Smf,
}

impl Layout {
    /// Every layout ([`detect`] tries a page's HTML before copied text).
    pub const ALL: [Layout; 5] = [
        Layout::Jsonl,
        Layout::Phpbb,
        Layout::Smf,
        Layout::PhpbbHtml,
        Layout::SmfHtml,
    ];

    /// The layout's name (`--layout NAME`).
    pub fn name(self) -> &'static str {
        match self {
            Layout::Jsonl => "jsonl",
            Layout::PhpbbHtml => phpbb_html::NAME,
            Layout::SmfHtml => smf_html::NAME,
            Layout::Phpbb => "phpbb",
            Layout::Smf => "smf",
        }
    }

    /// What pbp looks for to recognise it.
    pub fn looks_for(self) -> &'static str {
        match self {
            Layout::Jsonl => "a first line that opens a JSON object ('{')",
            Layout::PhpbbHtml => {
                "a phpBB topic page's HTML, posts '<div id=\"p123\" class=\"post ...\">'"
            }
            Layout::SmfHtml => "an SMF print page's HTML, posts '<div class=\"postheader\">'",
            Layout::Phpbb => "header lines 'Post by NAME » DATE' or 'by NAME » DATE'",
            Layout::Smf => "header lines 'Post by: NAME on DATE'",
        }
    }

    /// Reads a layout's name.
    ///
    /// # Errors
    /// [`TableError::ThreadLayout`] listing the layouts pbp knows.
    pub fn parse(name: &str) -> Result<Layout, TableError> {
        Layout::ALL
            .into_iter()
            .find(|layout| layout.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| {
                TableError::ThreadLayout(format!(
                    "'{}' is not a thread layout pbp knows: {}",
                    name.chars().take(40).collect::<String>(),
                    known()
                ))
            })
    }

    /// Whether `line` reads as a post's header in this layout (`jsonl` and the HTML layouts
    /// have none: their authors are the forum's field or element, which no poster types).
    pub(crate) fn reads_as_header(self, line: &str) -> bool {
        match self {
            Layout::Jsonl | Layout::PhpbbHtml | Layout::SmfHtml => false,
            Layout::Phpbb => (PHPBB.header)(line).is_some(),
            Layout::Smf => (SMF.header)(line).is_some(),
        }
    }

    fn looks_like(self, text: &str) -> bool {
        match self {
            Layout::Jsonl => jsonl::looks_like(text),
            // Only a document: a copied page opens with the forum's title, never with a
            // doctype, so markup a poster typed into a copied page is not taken for the page's.
            Layout::PhpbbHtml => html_document(text) && phpbb_html::looks_like(text),
            Layout::SmfHtml => html_document(text) && smf_html::looks_like(text),
            Layout::Phpbb => PHPBB.looks_like(text),
            Layout::Smf => SMF.looks_like(text),
        }
    }

    fn read(self, text: &str) -> Result<Vec<Post>, TableError> {
        match self {
            Layout::Jsonl => jsonl::read(text),
            Layout::PhpbbHtml => phpbb_html::read(text),
            Layout::SmfHtml => smf_html::read(text),
            Layout::Phpbb => PHPBB.read(text),
            Layout::Smf => SMF.read(text),
        }
    }
}

/// Whether `text` is a web page's HTML source rather than the page copied as text: an HTML
/// document's opening, or a first post header whose name or date is still in its tags
/// (`Post by: <strong>NAME</strong> on ...`). Both are the page's, never a post's text.
fn saved_as_html(text: &str, layout: Layout) -> bool {
    if matches!(layout, Layout::Jsonl | Layout::PhpbbHtml | Layout::SmfHtml) {
        return false;
    }
    if html_document(text) {
        return true;
    }
    let header = match layout {
        Layout::Jsonl | Layout::PhpbbHtml | Layout::SmfHtml => return false,
        Layout::Phpbb => PHPBB.header,
        Layout::Smf => SMF.header,
    };
    text.lines()
        .take(2_000)
        .find_map(header)
        .is_some_and(|(author, time)| author.contains('<') || time.contains('<'))
}

/// Whether `text` opens as an HTML document.
fn html_document(text: &str) -> bool {
    let head = text
        .trim_start()
        .chars()
        .take(64)
        .collect::<String>()
        .to_lowercase();
    head.starts_with("<!doctype html") || head.starts_with("<html")
}

/// The refusal of a page saved as HTML that is read as copied text: read it in the HTML layout
/// it is, or say which pages pbp reads as HTML.
fn html_refusal(text: &str, layout: Option<Layout>) -> TableError {
    let copied = layout.map_or_else(|| "forum's".to_owned(), |layout| layout.name().to_owned());
    let html = if phpbb_html::looks_like(text) {
        Some(Layout::PhpbbHtml)
    } else if smf_html::looks_like(text) {
        Some(Layout::SmfHtml)
    } else {
        None
    };
    TableError::ThreadLayout(match html {
        Some(html) => format!(
            "this is a page saved as HTML, not the {copied} page copied as text: read it with --layout {}",
            html.name()
        ),
        None => format!(
            "this is a page saved as HTML, but not one pbp reads as HTML (a phpBB topic page, whose posts are '<div id=\"p123\" class=\"post ...\">', or an SMF print page, whose posts are '<div class=\"postheader\">'); pbp reads the {copied} page copied as text: open it in the browser, select the page, copy, and save the text (or give the thread as jsonl)"
        ),
    })
}

fn known() -> String {
    Layout::ALL
        .iter()
        .map(|layout| format!("{} ({})", layout.name(), layout.looks_for()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The order pbp tries the layouts in to recognise one: a page's HTML before copied text (a
/// saved page can hold lines that read as a copied page's headers, never the reverse, since a
/// copied page never opens as an HTML document).
const DETECTION: [Layout; 5] = [
    Layout::Jsonl,
    Layout::PhpbbHtml,
    Layout::SmfHtml,
    Layout::Phpbb,
    Layout::Smf,
];

/// The layout of `text`: the first it looks like, a page's HTML tried before copied text (`jsonl`,
/// `phpbb-html`, `smf-html`, `phpbb`, `smf`).
///
/// # Errors
/// [`TableError::ThreadLayout`], saying which layouts pbp knows and what it looked for.
pub fn detect(text: &str) -> Result<Layout, TableError> {
    DETECTION
        .into_iter()
        .find(|layout| layout.looks_like(text))
        .ok_or_else(|| {
            TableError::ThreadLayout(format!(
                "pbp does not recognise the layout of this thread; it knows {}; name one with --layout",
                known()
            ))
        })
}

/// Reads a thread's bytes in `layout`, or in the layout pbp recognises, into its posts in thread
/// order.
///
/// ```
/// use pbp_frontend::thread::{Layout, read_thread};
/// let text = "Post by Plainsfox » Thu Dec 03, 2026 10:15 am\nattack E4 from D3\n";
/// let (layout, posts) = read_thread(text.as_bytes(), None)?;
/// assert_eq!(layout, Layout::Phpbb);
/// assert_eq!(posts[0].author, "Plainsfox");
/// assert_eq!(posts[0].body, "attack E4 from D3");
/// # Ok::<(), pbp_frontend::TableError>(())
/// ```
///
/// # Errors
/// A thread over 50 MiB, not UTF-8, of no layout pbp recognises, a post over 1 MiB, or a line
/// the layout cannot read: each its own [`TableError`] variant.
pub fn read_thread(
    bytes: &[u8],
    layout: Option<Layout>,
) -> Result<(Layout, Vec<Post>), TableError> {
    let text = thread_text(bytes)?;
    let layout = match layout {
        Some(layout) => layout,
        None if html_document(text) => detect(text).map_err(|_| html_refusal(text, None))?,
        None => detect(text)?,
    };
    if saved_as_html(text, layout) {
        return Err(html_refusal(text, Some(layout)));
    }
    Ok((layout, layout.read(text)?))
}
