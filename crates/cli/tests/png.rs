//! `pbp show --format png`: the picture as PNG bytes on standard output, each viewer's own.

// Tests and their helpers unwrap, expect and panic: a failed test is their way to report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Scratch, ok, pbp, s};
use pbp_core::engine::erased::ActionInput;
use pbp_core::engine::{Actor, DiceChoice, Viewer};
use pbp_frontend::Table;

fn png(file: &str, viewer: &str) -> Vec<u8> {
    let out = pbp(&["show", file, "--as", viewer, "--format", "png"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

#[test]
fn show_writes_each_viewers_picture_as_png_bytes() {
    let dir = Scratch::new("png");
    let save = dir.path("race.json");
    let file = s(&save);
    ok(&["new", "scroll-race", "--seed", "40", "--out", file]);
    // A few of the bot's actions, so that each team has chosen its scroll's carrier.
    let mut table = Table::load(&std::fs::read_to_string(&save).unwrap()).unwrap();
    for _ in 0..6 {
        let Some(seat) = table.turn().actors().iter().find_map(|a| a.seat()) else {
            break;
        };
        let action = table.bot_action(seat).unwrap().unwrap();
        table
            .act(
                Actor::Seat(seat),
                &ActionInput::Json(action.json),
                DiceChoice::Seeded,
            )
            .unwrap();
    }
    std::fs::write(&save, table.save().unwrap()).unwrap();
    let public = png(file, "public");
    assert!(public.starts_with(b"\x89PNG\r\n\x1a\n"));
    // The same picture as the table's own, byte for byte: nothing but the PNG is written.
    let table = Table::load(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert!(public == table.png(Viewer::Public).unwrap());
    // A team sees its scroll's carrier; the public does not.
    let seat = png(file, "0");
    assert!(seat.starts_with(b"\x89PNG"));
    assert!(seat != public, "the seat's picture shows its carrier");
    assert!(seat == table.png(Viewer::Seat(pbp_core::engine::Seat(0))).unwrap());
    // A bad viewer is refused as for every other format.
    let out = pbp(&["show", file, "--as", "nobody", "--format", "png"]);
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
}
