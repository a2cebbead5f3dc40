//! Every game's picture as a PNG ([`Table::png`]), compared with its golden image in
//! `tests/golden/png/` within a small tolerance: the pictures are decoded and compared pixel by
//! pixel, so a different PNG encoder or a rounding of anti-aliased edges does not fail, while
//! a moved label or a changed colour does. After an intended change of a picture (a legend's
//! words, a map's layout), bless every golden image with one command:
//!
//! ```sh
//! PBP_BLESS=1 cargo test -p pbp-frontend --features png --test png
//! ```
//!
//! and look at the new images before committing them. A failing comparison writes the picture
//! it drew into the test's scratch folder (named in its message) to look at.

// The helpers below are the tests' own: a failure is how they report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use pbp_core::engine::erased::ActionInput;
use pbp_core::engine::testing::golden::{self, BLESS, blessing};
use pbp_core::engine::{Actor, DiceChoice, GameMasterRole, Salt, Secret, Viewer};
use pbp_frontend::Table;
use pbp_frontend::catalog::catalog;
use resvg::tiny_skia::Pixmap;

/// A channel (red, green, blue or alpha, 0 to 255) may differ by this much and the pixel still
/// counts as the same.
const CHANNEL_TOLERANCE: u8 = 24;
/// At most this share of a picture's pixels (per ten thousand) may differ by more.
const PIXELS_PER_10000: usize = 20;
/// How many actions are played before the picture is drawn, so that it shows a game under way.
const STEPS: usize = 12;

fn secret() -> Secret {
    Secret {
        seed: 40,
        salt: Salt::from_bytes([4; 32]),
    }
}

/// `game` after up to [`STEPS`] actions: the bot's for the first seat that may act, or the
/// game master's closing of the turn (or ruling) when no seat may.
fn played(game: &str) -> Table {
    let mut table = Table::start(game, None, &secret(), DiceChoice::Seeded).unwrap();
    for _ in 0..STEPS {
        let seat = table.turn().actors().iter().find_map(|a| a.seat());
        let (actor, action) = match seat {
            Some(seat) => (Actor::Seat(seat), table.bot_action(seat).unwrap()),
            None => {
                let close = table.game_master_action(GameMasterRole::CloseTurn).unwrap();
                let action = match close {
                    Some(action) => Some(action),
                    None => table.game_master_action(GameMasterRole::Ruling).unwrap(),
                };
                (Actor::GameMaster, action)
            }
        };
        let Some(action) = action else { break };
        table
            .act(actor, &ActionInput::Json(action.json), DiceChoice::Seeded)
            .unwrap_or_else(|e| panic!("{game}: {e}"));
    }
    table
}

fn decode(png: &[u8], what: &str) -> Pixmap {
    Pixmap::decode_png(png).unwrap_or_else(|e| panic!("{what} is not a PNG: {e}"))
}

/// Where a picture that differs from its golden image is written to be looked at.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("png");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// How many pixels of `a` and `b` differ by more than [`CHANNEL_TOLERANCE`] in a channel, and
/// the largest difference of a channel; `None` when their sizes differ.
fn difference(a: &Pixmap, b: &Pixmap) -> Option<(usize, u8)> {
    if (a.width(), a.height()) != (b.width(), b.height()) {
        return None;
    }
    let mut differ = 0;
    let mut largest = 0;
    for (x, y) in a.data().chunks_exact(4).zip(b.data().chunks_exact(4)) {
        let most = x.iter().zip(y).map(|(p, q)| p.abs_diff(*q)).max().unwrap();
        largest = largest.max(most);
        if most > CHANNEL_TOLERANCE {
            differ += 1;
        }
    }
    Some((differ, largest))
}

/// Compares `png` with the golden image `name` (or writes it when blessing).
fn check(name: &str, png: &[u8]) -> Result<(), String> {
    let path = golden::path(env!("CARGO_MANIFEST_DIR"), &format!("png/{name}"));
    if blessing() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, png).unwrap();
        return Ok(());
    }
    let drawn = decode(png, "the picture drawn");
    let golden = std::fs::read(&path).map_err(|e| {
        format!(
            "cannot read the golden image {} ({e}); write it with {BLESS}=1",
            path.display()
        )
    })?;
    let golden = decode(&golden, &path.display().to_string());
    let pixels = drawn.data().len() / 4;
    let verdict = match difference(&drawn, &golden) {
        None => Some(format!(
            "is {} x {} pixels, the golden image {} x {}",
            drawn.width(),
            drawn.height(),
            golden.width(),
            golden.height()
        )),
        Some((differ, largest)) if differ * 10_000 > pixels * PIXELS_PER_10000 => Some(format!(
            "differs in {differ} of {pixels} pixels (a channel by up to {largest})"
        )),
        Some(_) => None,
    };
    let Some(verdict) = verdict else {
        return Ok(());
    };
    let kept = scratch(name);
    std::fs::write(&kept, png).unwrap();
    Err(format!(
        "{name} {verdict}: the picture drawn is {}; rerun with {BLESS}=1 if the change is \
         intended, and look at the new image",
        kept.display()
    ))
}

#[test]
fn every_games_picture_matches_its_golden_image() {
    let failures: Vec<String> = catalog()
        .names()
        .into_iter()
        .filter_map(|game| {
            let table = played(game);
            let png = table.png(Viewer::Public).unwrap();
            assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{game}");
            check(&format!("{game}.png"), &png).err()
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_comparison_sees_a_changed_picture_and_forgives_rounding() {
    let table = played("duel");
    let png = table.png(Viewer::Public).unwrap();
    let drawn = decode(&png, "the duel");
    assert_eq!(difference(&drawn, &drawn), Some((0, 0)));
    let mut rounded = drawn.clone();
    for byte in rounded.data_mut().iter_mut().step_by(7) {
        *byte = byte.saturating_sub(CHANNEL_TOLERANCE);
    }
    assert_eq!(difference(&drawn, &rounded).unwrap().0, 0);
    let mut changed = drawn.clone();
    for pixel in changed.data_mut().chunks_exact_mut(4).take(2000) {
        pixel.copy_from_slice(&[255, 0, 0, 255]);
    }
    let (differ, _) = difference(&drawn, &changed).unwrap();
    assert!(differ * 10_000 > (drawn.data().len() / 4) * PIXELS_PER_10000);
    let smaller = Pixmap::new(drawn.width() - 1, drawn.height()).unwrap();
    assert_eq!(difference(&drawn, &smaller), None);
}

#[test]
fn each_viewer_gets_the_picture_of_its_own_view() {
    for game in catalog().names() {
        let table = played(game);
        let seat = Viewer::Seat(table.seats()[0].seat);
        for viewer in [Viewer::Public, Viewer::GameMaster, seat] {
            let svg = table.svg(viewer).unwrap();
            let png = table.png(viewer).unwrap();
            assert_eq!(
                png,
                pbp_render::svg_to_png(&svg).unwrap(),
                "{game} {viewer:?}"
            );
        }
    }
}

#[test]
fn a_seats_secret_is_in_its_own_picture_only() {
    // Scroll Race: a team knows which of its characters carries its scroll; the public and the
    // other team do not, and the field rings the carrier only for those who know.
    let table = played("scroll-race");
    let seats = table.seats();
    let (first, last) = (seats[0].seat, seats[seats.len() - 1].seat);
    let public = table.png(Viewer::Public).unwrap();
    let mine = table.png(Viewer::Seat(first)).unwrap();
    let theirs = table.png(Viewer::Seat(last)).unwrap();
    assert!(mine != public, "the first team sees its carrier");
    assert!(mine != theirs, "each team sees its own carrier");
    assert!(table.png(Viewer::GameMaster).unwrap() != public);
    // The public's picture is the public's SVG, which names no carrier.
    assert!(!table.svg(Viewer::Public).unwrap().contains("(carrier)"));
    assert!(
        table
            .svg(Viewer::Seat(first))
            .unwrap()
            .contains("(carrier)")
    );
}
