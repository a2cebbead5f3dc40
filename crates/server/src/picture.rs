//! The table's picture as a PNG: `GET .../view?format=png`, and the server's public URL
//! (`pbp serve --public-url`) that the webhooks' notices and the BBCode posts point their
//! picture at.
//!
//! The hub renders the viewer's SVG (cheap, and decided by the same access rules as every
//! view); the PNG is drawn from it outside the hub, on a blocking thread, so a picture never
//! holds up the tables' actions. Its `ETag` is the SHA-256 of that SVG, which holds the
//! viewer's view at this step and the step's chain head: it changes whenever the picture may,
//! and a client that sends it back in `If-None-Match` gets a `304` without a picture being
//! drawn. Drawn pictures are kept by that tag (per step and viewer, as the SVG is) in a small
//! cache shared by the process, so the many fetches of one table's picture (a forum page's
//! readers, a chat's preview) draw it once.

use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Mutex, OnceLock};

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use crate::error::ApiError;

/// How many pictures the cache keeps at most.
const CACHE_PICTURES: usize = 256;
/// How many bytes of pictures the cache keeps at most.
const CACHE_BYTES: usize = 64 * 1024 * 1024;

/// Drawn pictures by their tag, the oldest dropped first.
#[derive(Default)]
struct Cache {
    pictures: BTreeMap<String, Arc<Vec<u8>>>,
    order: VecDeque<String>,
    bytes: usize,
}

impl Cache {
    fn get(&self, tag: &str) -> Option<Arc<Vec<u8>>> {
        self.pictures.get(tag).cloned()
    }

    fn put(&mut self, tag: String, png: Arc<Vec<u8>>) {
        if self.pictures.contains_key(&tag) || png.len() > CACHE_BYTES {
            return;
        }
        self.bytes += png.len();
        self.order.push_back(tag.clone());
        self.pictures.insert(tag, png);
        while self.pictures.len() > CACHE_PICTURES || self.bytes > CACHE_BYTES {
            let Some(oldest) = self.order.pop_front() else {
                break;
            };
            if let Some(dropped) = self.pictures.remove(&oldest) {
                self.bytes -= dropped.len();
            }
        }
    }
}

fn cache() -> &'static Mutex<Cache> {
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    CACHE.get_or_init(Mutex::default)
}

/// The picture's entity tag: `"png-"` and the first 32 hex digits of the SHA-256 of its SVG.
pub(crate) fn etag(svg: &str) -> String {
    let digest = Sha256::digest(svg.as_bytes());
    let hex: String = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!("\"png-{hex}\"")
}

/// Whether an `If-None-Match` header names `tag` (or is `*`); weak tags match too.
pub(crate) fn matches(if_none_match: Option<&str>, tag: &str) -> bool {
    if_none_match.is_some_and(|value| {
        value
            .split(',')
            .map(str::trim)
            .any(|listed| listed == "*" || listed.strip_prefix("W/").unwrap_or(listed) == tag)
    })
}

/// The answer to `GET .../view?format=png` for the viewer whose SVG is `svg`: `304` when the
/// request's `If-None-Match` names its tag, else the PNG (from the cache, or drawn).
///
/// # Errors
/// A picture that cannot be drawn (a bug: the SVGs are the renderer's own), as a 500.
pub(crate) async fn answer(svg: String, headers: &HeaderMap) -> Result<Response, ApiError> {
    let tag = etag(&svg);
    let asked = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok());
    let tag_header = HeaderValue::from_str(&tag)
        .map_err(|e| ApiError::Internal(format!("the picture's tag: {e}")))?;
    // Every fetch asks again (the table moves on), and a `304` spares the picture.
    let cache_control = HeaderValue::from_static("no-cache");
    if matches(asked, &tag) {
        return Ok((
            StatusCode::NOT_MODIFIED,
            [
                (header::ETAG, tag_header),
                (header::CACHE_CONTROL, cache_control),
            ],
        )
            .into_response());
    }
    let png = png(svg).await?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("image/png")),
            (header::ETAG, tag_header),
            (header::CACHE_CONTROL, cache_control),
        ],
        png.as_ref().clone(),
    )
        .into_response())
}

/// The PNG of `svg`, from the cache or drawn on a blocking thread (and then kept); the
/// webhooks' Discord posts attach it too.
///
/// # Errors
/// A picture that cannot be drawn (a bug: the SVGs are the renderer's own).
pub(crate) async fn png(svg: String) -> Result<Arc<Vec<u8>>, ApiError> {
    let tag = etag(&svg);
    if let Some(png) = cache().lock().ok().and_then(|c| c.get(&tag)) {
        return Ok(png);
    }
    let drawn = tokio::task::spawn_blocking(move || draw(&svg))
        .await
        .map_err(|e| ApiError::Internal(format!("the picture was not drawn: {e}")))??;
    let drawn = Arc::new(drawn);
    if let Ok(mut cache) = cache().lock() {
        cache.put(tag, Arc::clone(&drawn));
    }
    Ok(drawn)
}

fn draw(svg: &str) -> Result<Vec<u8>, ApiError> {
    pbp_frontend::svg_to_png(svg).map_err(|e| ApiError::Internal(e.to_string()))
}

/// Reads `--public-url`: an `http` or `https` URL with a host and neither query nor fragment,
/// kept without its final `/`.
///
/// # Errors
/// What is wrong with it.
pub fn parse_public_url(text: &str) -> Result<String, String> {
    let url = url::Url::parse(text.trim())
        .map_err(|e| format!("the public URL '{text}' is not a URL: {e}"))?;
    if !matches!(url.scheme(), "http" | "https") || url.host().is_none() {
        return Err(format!(
            "the public URL '{text}' must be an http:// or https:// address with a host"
        ));
    }
    if url.query().is_some() || url.fragment().is_some() {
        return Err(format!(
            "the public URL '{text}' must have no query or fragment: the server adds its paths to it"
        ));
    }
    Ok(url.as_str().trim_end_matches('/').to_owned())
}

/// The address of table `id`'s public picture at `step`, under the server's public URL. The
/// route shows the table as it stands when fetched; `step` only makes each step's address its
/// own, so that a chat's or a forum's cache never shows an older picture for a newer notice.
pub(crate) fn public_picture(public_url: &str, id: &str, step: u64) -> String {
    format!("{public_url}/api/tables/{id}/view?format=png&step={step}")
}

/// `post` with its picture's line at the end: `[img]` and the table's public picture.
pub(crate) fn with_picture(mut post: String, picture: &str) -> String {
    if !post.is_empty() && !post.ends_with('\n') {
        post.push('\n');
    }
    post.push_str(&format!("[img]{picture}[/img]\n"));
    post
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_match_as_http_says() {
        let tag = etag("<svg/>");
        assert!(tag.starts_with("\"png-") && tag.len() == 38, "{tag}");
        assert_ne!(tag, etag("<svg></svg>"));
        assert!(matches(Some(&tag), &tag));
        assert!(matches(Some(&format!("\"x\", W/{tag}")), &tag));
        assert!(matches(Some("*"), &tag));
        assert!(!matches(Some("\"png-0\""), &tag));
        assert!(!matches(None, &tag));
    }

    #[test]
    fn the_cache_keeps_the_newest_within_its_bounds() {
        let mut cache = Cache::default();
        for n in 0..CACHE_PICTURES + 2 {
            cache.put(format!("t{n}"), Arc::new(vec![0; 10]));
        }
        assert_eq!(cache.pictures.len(), CACHE_PICTURES);
        assert!(cache.get("t0").is_none() && cache.get("t1").is_none());
        assert!(cache.get(&format!("t{}", CACHE_PICTURES + 1)).is_some());
        assert_eq!(cache.bytes, CACHE_PICTURES * 10);
        cache.put("huge".into(), Arc::new(vec![0; CACHE_BYTES + 1]));
        assert!(cache.get("huge").is_none());
    }

    #[test]
    fn public_urls_are_checked_and_pictures_placed() {
        assert_eq!(
            parse_public_url("https://pbp.example.org/games/").unwrap(),
            "https://pbp.example.org/games"
        );
        assert_eq!(
            parse_public_url("http://127.0.0.1:8080").unwrap(),
            "http://127.0.0.1:8080"
        );
        for bad in [
            "pbp.example.org",
            "ftp://x.org",
            "https://x.org/?a=1",
            "https://x.org/#top",
        ] {
            assert!(parse_public_url(bad).is_err(), "{bad}");
        }
        let url = public_picture("https://x.org", "abc", 7);
        assert_eq!(url, "https://x.org/api/tables/abc/view?format=png&step=7");
        assert_eq!(
            with_picture("[b]Turn 2[/b]".into(), &url),
            format!("[b]Turn 2[/b]\n[img]{url}[/img]\n")
        );
    }
}
