//! Draws `benches/history.csv` as a small SVG chart, `docs/dice-history.svg`: for each pool
//! (2k1, 3k2, 5k3, 10k5) a panel with one line per contender (pbp's `PreparedPool::roll`, its
//! batch `PreparedPool::roll_many` since issue 42, its full `Pool::roll`, the hand-written
//! rand 0.9 loop, rpg-dice-roller), each point the
//! contender's rate over the register-batch bare loop's in the same run (the bare loop is the
//! limit, 1.0), over the commits in the file's order.
//!
//! Run: `cargo run -p pbp-benches --example history_chart` (reads and writes the files named
//! above, from the workspace root or any folder in it), or with two paths, the CSV to read and
//! the SVG to write.
#![forbid(unsafe_code)]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The pools, one panel each.
const POOLS: [&str; 4] = ["2k1", "3k2", "5k3", "10k5"];
/// The contenders drawn, with their colours.
const LINES: [(&str, &str); 5] = [
    ("prepared", "#1f77b4"),
    ("roll_many", "#ff7f0e"),
    ("roll", "#2ca02c"),
    ("hand loop", "#d62728"),
    ("rpg-dice-roller", "#7f7f7f"),
];
/// The height of the ratio axis: the bare loop is 1.0 (`roll_many`, in bulk, goes past it).
const TOP: f64 = 2.0;
const PANEL_WIDTH: f64 = 300.0;
const PANEL_HEIGHT: f64 = 160.0;
const MARGIN: f64 = 40.0;

/// One row of the history.
struct Row {
    commit: String,
    date: String,
    pool: String,
    contender: String,
    ratio: f64,
}

fn parse(text: &str) -> Result<Vec<Row>, String> {
    let mut lines = text.lines();
    let header = lines.next().ok_or("the history is empty")?;
    if !header.starts_with("commit,date,contender,rate,ratio") {
        return Err(format!("unexpected header {header:?}"));
    }
    let mut rows = Vec::new();
    for (number, line) in lines.enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(',').collect();
        let bad = || format!("line {}: {line:?}", number + 2);
        if fields.len() < 5 {
            return Err(bad());
        }
        let (pool, contender) = fields[2].split_once(' ').ok_or_else(bad)?;
        rows.push(Row {
            commit: fields[0].to_string(),
            date: fields[1].to_string(),
            pool: pool.to_string(),
            contender: contender.to_string(),
            ratio: fields[4].parse().map_err(|_| bad())?,
        });
    }
    Ok(rows)
}

/// The commits in the order they first appear, each with its date.
fn commits(rows: &[Row]) -> Vec<(String, String)> {
    let mut seen: Vec<(String, String)> = Vec::new();
    for row in rows {
        if !seen.iter().any(|(commit, _)| *commit == row.commit) {
            seen.push((row.commit.clone(), row.date.clone()));
        }
    }
    seen
}

fn svg(rows: &[Row]) -> String {
    let commits = commits(rows);
    // Each panel has room on its left for the axis and below for the commits' labels.
    let (column, row) = (PANEL_WIDTH + 3.0 * MARGIN, PANEL_HEIGHT + 3.0 * MARGIN);
    let width = 2.0 * column;
    let height = 2.0 * row + 40.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(
        out,
        r#"<rect width="{width}" height="{height}" fill="white"/>"#
    );
    let _ = writeln!(
        out,
        r#"<text x="{}" y="16" text-anchor="middle" font-size="13">Dice throughput over the register-batch bare loop (1.0 = the limit), per commit</text>"#,
        width / 2.0
    );
    let step = if commits.len() > 1 {
        PANEL_WIDTH / (commits.len() - 1) as f64
    } else {
        0.0
    };
    for (panel, pool) in POOLS.iter().enumerate() {
        let left = (panel % 2) as f64 * column + 2.0 * MARGIN;
        let top = (panel / 2) as f64 * row + MARGIN + 10.0;
        let y = |ratio: f64| top + PANEL_HEIGHT * (1.0 - ratio.min(TOP) / TOP);
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" text-anchor="middle" font-size="12" font-weight="bold">{pool}</text>"#,
            left + PANEL_WIDTH / 2.0,
            top - 8.0
        );
        for tick in [0.0, 0.5, 1.0, 1.5, 2.0] {
            let _ = writeln!(
                out,
                r##"<line x1="{left}" y1="{0}" x2="{1}" y2="{0}" stroke="{2}"/><text x="{3}" y="{4}" text-anchor="end">{tick:.2}</text>"##,
                y(tick),
                left + PANEL_WIDTH,
                if tick == 1.0 { "#000" } else { "#ddd" },
                left - 4.0,
                y(tick) + 4.0
            );
        }
        for (index, (commit, date)) in commits.iter().enumerate() {
            let x = left + index as f64 * step;
            let _ = writeln!(
                out,
                r#"<text x="{x}" y="{0}" text-anchor="end" font-size="9" transform="rotate(-30 {x} {0})">{1} {2}</text>"#,
                top + PANEL_HEIGHT + 12.0,
                &commit[..commit.len().min(7)],
                &date[..date.len().min(10)]
            );
        }
        for (contender, colour) in LINES {
            let points: Vec<String> = commits
                .iter()
                .enumerate()
                .filter_map(|(index, (commit, _))| {
                    rows.iter()
                        .find(|r| {
                            r.commit == *commit && r.pool == *pool && r.contender == contender
                        })
                        .map(|r| format!("{:.1},{:.1}", left + index as f64 * step, y(r.ratio)))
                })
                .collect();
            if points.is_empty() {
                continue;
            }
            let _ = writeln!(
                out,
                r#"<polyline fill="none" stroke="{colour}" stroke-width="2" points="{}"/>"#,
                points.join(" ")
            );
            for point in &points {
                let (x, y) = point.split_once(',').expect("x,y");
                let _ = writeln!(
                    out,
                    r#"<circle cx="{x}" cy="{y}" r="2.5" fill="{colour}"/>"#
                );
            }
        }
    }
    for (index, (contender, colour)) in LINES.iter().enumerate() {
        let x = MARGIN + index as f64 * 125.0;
        let y = height - 12.0;
        let _ = writeln!(
            out,
            r#"<rect x="{x}" y="{}" width="12" height="4" fill="{colour}"/><text x="{}" y="{y}">{contender}</text>"#,
            y - 7.0,
            x + 16.0
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The workspace root: the nearest folder up from here that holds `benches/history.csv`.
fn root() -> PathBuf {
    let mut here = std::env::current_dir().expect("a current folder");
    loop {
        if here.join("benches/history.csv").is_file() {
            return here;
        }
        if !here.pop() {
            return PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (csv, out): (PathBuf, PathBuf) = match args.as_slice() {
        [csv, out] => (csv.into(), out.into()),
        [] => {
            let root = root();
            (
                root.join("benches/history.csv"),
                root.join("docs/dice-history.svg"),
            )
        }
        _ => {
            eprintln!("usage: history_chart [HISTORY.csv OUT.svg]");
            std::process::exit(2);
        }
    };
    let text = std::fs::read_to_string(&csv).unwrap_or_else(|error| fail(&csv, &error));
    let rows = parse(&text).unwrap_or_else(|error| {
        eprintln!("{}: {error}", csv.display());
        std::process::exit(1);
    });
    std::fs::write(&out, svg(&rows)).unwrap_or_else(|error| fail(&out, &error));
    println!(
        "{} rows of {} commits -> {}",
        rows.len(),
        commits(&rows).len(),
        out.display()
    );
}

fn fail(path: &Path, error: &std::io::Error) -> ! {
    eprintln!("{}: {error}", path.display());
    std::process::exit(1);
}
