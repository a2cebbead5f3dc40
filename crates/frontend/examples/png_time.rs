//! The time of one PNG picture per game (docs/BENCHMARKS.md, "PNG pictures"): each game after
//! twelve of the bot's actions, its public picture drawn 20 times.
//!
//! ```sh
//! CARGO_TARGET_DIR=/tmp/pbp-png cargo run --release -p pbp-frontend --features png \
//!     --example png_time
//! # The memory of one picture: the peak of a run that draws one, less one that draws none.
//! /usr/bin/time -f %M /tmp/pbp-png/release/examples/png_time clan-war
//! /usr/bin/time -f %M /tmp/pbp-png/release/examples/png_time none
//! ```

use std::time::Instant;

use pbp_core::engine::erased::ActionInput;
use pbp_core::engine::{Actor, DiceChoice, Viewer};
use pbp_frontend::catalog::catalog;
use pbp_frontend::{Table, TableError};

fn played(game: &str) -> Result<Table, TableError> {
    let mut table = Table::new(game, None, 40, DiceChoice::Seeded)?;
    for _ in 0..12 {
        let Some(seat) = table.turn().actors().iter().find_map(|a| a.seat()) else {
            break;
        };
        let Some(action) = table.bot_action(seat)? else {
            break;
        };
        table.act(
            Actor::Seat(seat),
            &ActionInput::Json(action.json),
            DiceChoice::Seeded,
        )?;
    }
    Ok(table)
}

fn main() -> Result<(), TableError> {
    let only = std::env::args().nth(1);
    for game in catalog().names() {
        let table = played(game)?;
        match only.as_deref() {
            Some("none") => continue,
            Some(one) if one != game => continue,
            Some(_) => {
                let png = table.png(Viewer::Public)?;
                println!("{game}: one picture, {} bytes", png.len());
                continue;
            }
            None => {}
        }
        let svg = table.svg(Viewer::Public)?;
        let runs = 20;
        let start = Instant::now();
        let mut bytes = 0;
        for _ in 0..runs {
            bytes = pbp_frontend::svg_to_png(&svg)?.len();
        }
        let each = start.elapsed() / runs;
        println!(
            "{game}: {:.1} ms a picture, {bytes} bytes of PNG",
            each.as_secs_f64() * 1e3
        );
    }
    Ok(())
}
