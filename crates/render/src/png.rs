//! PNG pictures of the SVG renderings (feature `png`): forums show `[img]` pictures as PNG and
//! Discord and Slack show no SVG, so every game's map or field is drawn here as a PNG too.
//!
//! The SVG is drawn by resvg (pure Rust: usvg reads it, tiny-skia fills it) with the fonts in
//! this crate's `fonts/` folder only (their licences beside them), loaded into the renderer's
//! font database explicitly: no system font is ever looked up, so a picture is the same on
//! every machine. `sans-serif` (and text with no family) is DejaVu Sans, `serif` (and every
//! family the database does not know) DejaVu Serif; they cover Latin, Greek, Cyrillic,
//! Armenian, Georgian, Hebrew and Arabic (joined and written right to left) and the common
//! punctuation and symbols. A character they lack is drawn from the fallback fonts: Droid Sans
//! Fallback for Chinese and Japanese (the ideographs and kana), NanumSquare for Korean. A
//! character no shipped font has (an emoji, a script of South or South-East Asia) is drawn as
//! an empty box. No file or other image is ever read: an `<image>` in the SVG is left out.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, ImageHrefResolver, fontdb};

/// How many pixels a picture has per SVG unit, in each direction: the maps' 10- and 12-unit
/// labels stay readable where a forum or a chat shows the picture scaled down.
pub const PNG_SCALE: f32 = 1.5;

/// The largest picture drawn, in pixels per side (a larger one is refused, never allocated).
pub const MAX_PNG_SIDE: u32 = 8192;

/// Why an SVG could not be drawn as a PNG.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PngError {
    /// The SVG does not parse.
    #[error("the SVG cannot be read: {0}")]
    Svg(String),
    /// The picture would be empty or larger than [`MAX_PNG_SIDE`] on a side.
    #[error(
        "the picture would be {width} x {height} pixels; a side must be from 1 to {MAX_PNG_SIDE}"
    )]
    Size {
        /// Its width in pixels.
        width: u32,
        /// Its height in pixels.
        height: u32,
    },
    /// The PNG encoder failed.
    #[error("the PNG cannot be written: {0}")]
    Encode(String),
}

/// The fonts shipped with pbp: the regular, bold and italic faces of the two families the
/// SVGs name, then the fallbacks for the characters those lack, in the order the renderer
/// tries them (the ideographs from Droid Sans Fallback, Hangul from NanumSquare).
const FONTS: [&[u8]; 7] = [
    include_bytes!("../fonts/DejaVuSans.ttf"),
    include_bytes!("../fonts/DejaVuSans-Bold.ttf"),
    include_bytes!("../fonts/DejaVuSerif.ttf"),
    include_bytes!("../fonts/DejaVuSerif-Bold.ttf"),
    include_bytes!("../fonts/DejaVuSerif-Italic.ttf"),
    include_bytes!("../fonts/DroidSansFallbackFull.ttf"),
    include_bytes!("../fonts/NanumSquareR.ttf"),
];

/// The font database, built once per process from [`FONTS`] alone.
fn fonts() -> Arc<fontdb::Database> {
    static DATABASE: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    DATABASE
        .get_or_init(|| {
            let mut database = fontdb::Database::new();
            for font in FONTS {
                database.load_font_source(fontdb::Source::Binary(Arc::new(font)));
            }
            database.set_sans_serif_family("DejaVu Sans");
            database.set_serif_family("DejaVu Serif");
            database.set_monospace_family("DejaVu Sans");
            database.set_cursive_family("DejaVu Sans");
            database.set_fantasy_family("DejaVu Sans");
            Arc::new(database)
        })
        .clone()
}

/// The options every picture is read with: pbp's fonts, DejaVu Sans for text that names no
/// family, and no image loaded from a file or a data URL.
fn options() -> usvg::Options<'static> {
    usvg::Options {
        font_family: "DejaVu Sans".to_owned(),
        fontdb: fonts(),
        image_href_resolver: ImageHrefResolver {
            resolve_data: Box::new(|_, _, _| None),
            resolve_string: Box::new(|_, _| None),
        },
        ..usvg::Options::default()
    }
}

/// The SVG document `svg` (one of [`Render::svg`](crate::Render::svg)'s) drawn as a PNG at
/// [`PNG_SCALE`] pixels per unit, on the SVG's own background.
///
/// ```
/// let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">
/// <rect width="40" height="20" fill="#fff"/><text x="2" y="14" font-size="12">Ann</text></svg>"##;
/// let png = pbp_render::svg_to_png(svg).unwrap();
/// assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
/// ```
///
/// # Errors
/// [`PngError::Svg`] for a document that does not parse, [`PngError::Size`] for a picture
/// with no pixels or more than [`MAX_PNG_SIDE`] on a side.
pub fn svg_to_png(svg: &str) -> Result<Vec<u8>, PngError> {
    let tree = usvg::Tree::from_str(svg, &options()).map_err(|e| PngError::Svg(e.to_string()))?;
    let size = tree.size();
    let side = |units: f32| {
        let pixels = (units * PNG_SCALE).ceil();
        // Float to integer casts saturate; a NaN becomes 0, which the check below refuses.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let pixels = pixels as u32;
        pixels
    };
    let (width, height) = (side(size.width()), side(size.height()));
    if !(1..=MAX_PNG_SIDE).contains(&width) || !(1..=MAX_PNG_SIDE).contains(&height) {
        return Err(PngError::Size { width, height });
    }
    let mut pixmap = Pixmap::new(width, height).ok_or(PngError::Size { width, height })?;
    resvg::render(
        &tree,
        Transform::from_scale(PNG_SCALE, PNG_SCALE),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| PngError::Encode(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_database_holds_the_shipped_fonts_only() {
        let database = fonts();
        let mut families: Vec<String> = database
            .faces()
            .flat_map(|face| face.families.iter().map(|(name, _)| name.clone()))
            .collect();
        families.sort();
        families.dedup();
        assert_eq!(
            families,
            [
                "DejaVu Sans",
                "DejaVu Serif",
                "Droid Sans Fallback",
                "NanumSquare",
                "나눔스퀘어"
            ]
        );
        assert_eq!(database.len(), FONTS.len());
    }

    #[test]
    fn bad_documents_and_sizes_are_refused() {
        assert!(matches!(svg_to_png("not svg"), Err(PngError::Svg(_))));
        let huge = r#"<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="10"/>"#;
        let error = svg_to_png(huge).unwrap_err();
        assert_eq!(
            error,
            PngError::Size {
                width: 150_000,
                height: 15
            }
        );
        assert!(error.to_string().contains("150000 x 15 pixels"), "{error}");
    }

    #[test]
    fn text_is_drawn_and_no_file_is_read() {
        let svg = |body: &str| {
            format!(
                r##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="60" height="20"><rect width="60" height="20" fill="#ffffff"/>{body}</svg>"##
            )
        };
        let blank = svg_to_png(&svg("")).unwrap();
        let text = svg_to_png(&svg(
            r#"<text x="2" y="15" font-size="12" font-family="sans-serif">Ann</text>"#,
        ))
        .unwrap();
        assert_ne!(blank, text, "the text is drawn");
        // An unknown family falls back to the shipped serif face, never to a system font.
        let unknown = svg_to_png(&svg(
            r#"<text x="2" y="15" font-size="12" font-family="Comic Sans MS">Ann</text>"#,
        ))
        .unwrap();
        let serif = svg_to_png(&svg(
            r#"<text x="2" y="15" font-size="12" font-family="serif">Ann</text>"#,
        ))
        .unwrap();
        assert_eq!(serif, unknown);
        assert_ne!(text, serif);
        let image = svg_to_png(&svg(
            r#"<image href="/etc/hostname" width="60" height="20"/><image xlink:href="Cargo.toml" width="60" height="20"/>"#,
        ))
        .unwrap();
        assert_eq!(blank, image, "no image is read");
    }

    /// A name drawn in `family`, alone on a white picture.
    fn name_picture(family: &str, name: &str) -> Vec<u8> {
        svg_to_png(&format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="24"><rect width="120" height="24" fill="#ffffff"/><text x="2" y="17" font-size="14" font-family="{family}">{name}</text></svg>"##
        ))
        .unwrap()
    }

    #[test]
    fn names_in_other_scripts_are_drawn_not_boxed() {
        // A character no shipped font has is drawn as the main font's empty box, the same
        // for every such character: a name drawn with real glyphs differs from as many of
        // those (private-use characters) and from another name of its script.
        let names = [
            ("Chinese", "王小明", "李四"),
            ("Japanese", "さくら", "カタナ"),
            ("Korean", "김민준", "이서연"),
            ("Arabic", "ليلى", "مريم"),
            ("Hebrew", "דוד", "שרה"),
            ("Armenian", "Արամ", "Անի"),
            ("Georgian", "ნინო", "გიორგი"),
        ];
        for family in ["sans-serif", "serif"] {
            for (script, name, other) in names {
                let boxes: String = (0..name.chars().count())
                    .map(|i| char::from_u32(0xE000 + i as u32).unwrap())
                    .collect();
                let drawn = name_picture(family, name);
                assert_ne!(drawn, name_picture(family, &boxes), "{script} in {family}");
                assert_ne!(drawn, name_picture(family, other), "{script} in {family}");
            }
        }
        // The guard holds: two names of characters no font has are the same boxes.
        assert_eq!(
            name_picture("sans-serif", "\u{E000}\u{E001}"),
            name_picture("sans-serif", "\u{E005}\u{E006}")
        );
    }
}
