//! The event stream's load figure (docs/BENCHMARKS.md): one `pbp serve` on SQLite, many open
//! streams on many tables, acts posted as fast as a few connections can, and the time from an
//! act to its event on every stream of its table.
//!
//! ```text
//! cargo build --release -p pbp-cli
//! cargo build --release -p pbp-server --example stream_load
//! target/release/examples/stream_load --tables 500 --per-table 2 --seconds 15 --posters 32
//! ```
//!
//! It starts `target/release/pbp serve` (or `--pbp PATH`) on a fresh SQLite file on a free
//! loopback port, creates the duel tables (first to 255 rounds, so none ends), opens the
//! streams (one thread each, seat tokens), then posts `strike` for each table's seats in turn
//! from `--posters` keep-alive connections for `--seconds`. For every act and every stream of
//! its table it takes the time the act's line (`id: STEP.0`) arrived, from the act's answer
//! (the commit is acknowledged then) and from its request. It prints acts/s, the latency
//! percentiles, the events missing, and the server's resident memory (VmRSS) with the streams
//! open, idle and under load, with the machine's load average.

// A measuring tool: a failed unwrap or expect is how it reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

struct Args {
    pbp: String,
    tables: usize,
    per_table: usize,
    seconds: u64,
    posters: usize,
}

fn args() -> Args {
    let mut args = Args {
        pbp: "target/release/pbp".into(),
        tables: 500,
        per_table: 2,
        seconds: 15,
        posters: 32,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--pbp" => args.pbp = value,
            "--tables" => args.tables = value.parse().unwrap(),
            "--per-table" => args.per_table = value.parse().unwrap(),
            "--seconds" => args.seconds = value.parse().unwrap(),
            "--posters" => args.posters = value.parse().unwrap(),
            other => panic!("unknown flag {other}"),
        }
    }
    args
}

/// One HTTP/1.1 request on a keep-alive connection; answers the status and the body.
fn request(stream: &mut BufReader<TcpStream>, head: &str, body: &str) -> (u16, String) {
    stream.get_mut().write_all(head.as_bytes()).unwrap();
    stream.get_mut().write_all(body.as_bytes()).unwrap();
    let mut line = String::new();
    stream.read_line(&mut line).unwrap();
    let status = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    let mut length = 0;
    loop {
        line.clear();
        stream.read_line(&mut line).unwrap();
        if line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap();
        }
    }
    let mut body = vec![0; length];
    stream.read_exact(&mut body).unwrap();
    (status, String::from_utf8_lossy(&body).into_owned())
}

fn post(
    addr: &str,
    conn: &mut BufReader<TcpStream>,
    path: &str,
    token: Option<&str>,
    body: &str,
) -> (u16, String) {
    let auth = token.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    request(conn, &head, body)
}

fn connect(addr: &str) -> BufReader<TcpStream> {
    let socket = TcpStream::connect(addr).unwrap();
    socket.set_nodelay(true).unwrap();
    BufReader::new(socket)
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads one stream until `stop`; answers `(step, arrival)` of each log line `STEP.0`.
fn read_stream(
    addr: &str,
    table: &str,
    token: &str,
    stop: &AtomicBool,
    ready: &Mutex<usize>,
) -> Vec<(u64, Instant)> {
    let mut conn = connect(addr);
    conn.get_ref()
        .set_read_timeout(Some(Duration::from_millis(500)))
        .unwrap();
    let head = format!(
        "GET /api/tables/{table}/events HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\n\r\n"
    );
    conn.get_mut().write_all(head.as_bytes()).unwrap();
    let mut line = String::new();
    loop {
        line.clear();
        conn.read_line(&mut line).unwrap();
        if line.trim().is_empty() {
            break;
        }
    }
    *ready.lock().unwrap() += 1;
    let mut seen = Vec::new();
    let mut pending = Vec::new();
    let mut buffer = [0u8; 16 * 1024];
    while !stop.load(Ordering::Relaxed) {
        match conn.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => {
                let now = Instant::now();
                pending.extend_from_slice(&buffer[..n]);
                // Chunk sizes and event lines alike end with a newline: only `id:` lines matter.
                while let Some(end) = pending.iter().position(|&b| b == b'\n') {
                    let line: Vec<u8> = pending.drain(..=end).collect();
                    if let Some(id) = line.strip_prefix(b"id: ") {
                        let id = String::from_utf8_lossy(id);
                        if let Some(step) = id.trim().strip_suffix(".0") {
                            seen.push((step.parse().unwrap(), now));
                        }
                    }
                }
            }
            Err(_) => {}
        }
    }
    let _ = conn.get_ref().shutdown(std::net::Shutdown::Both);
    seen
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index]
}

#[expect(clippy::too_many_lines, reason = "one measuring run, start to finish")]
fn main() {
    let args = args();
    let dir = std::env::temp_dir().join(format!("pbp-stream-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut server = Command::new(&args.pbp)
        .args(["serve", "--db"])
        .arg(dir.join("load.sqlite"))
        .args([
            "--addr",
            "127.0.0.1:0",
            "--stream-limit",
            "100000",
            "--create-rate",
            "0",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .expect("pbp serve did not start (build it: cargo build --release -p pbp-cli)");
    let mut out = BufReader::new(server.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap()
        .to_owned();
    let pid = server.id();
    let load_before = load();
    let rss_start = rss_kib(pid);

    let mut conn = connect(&addr);
    let tables: Vec<(String, Vec<String>)> = (0..args.tables)
        .map(|_| {
            let (status, body) = post(
                &addr,
                &mut conn,
                "/api/tables",
                None,
                r#"{"game":"duel","config":{"first_to":255}}"#,
            );
            assert_eq!(status, 201, "{body}");
            let value: Value = serde_json::from_str(&body).unwrap();
            let tokens = value["seat_tokens"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_str().unwrap().to_owned())
                .collect();
            (value["id"].as_str().unwrap().to_owned(), tokens)
        })
        .collect();

    let stop = Arc::new(AtomicBool::new(false));
    let ready = Arc::new(Mutex::new(0usize));
    let mut readers = Vec::new();
    for (index, (id, tokens)) in tables.iter().enumerate() {
        for stream in 0..args.per_table {
            let (addr, id, token) = (
                addr.clone(),
                id.clone(),
                tokens[stream % tokens.len()].clone(),
            );
            let (stop, ready) = (Arc::clone(&stop), Arc::clone(&ready));
            readers.push((
                index,
                std::thread::Builder::new()
                    .stack_size(128 * 1024)
                    .spawn(move || read_stream(&addr, &id, &token, &stop, &ready))
                    .unwrap(),
            ));
        }
    }
    let streams = readers.len();
    while *ready.lock().unwrap() < streams {
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(500));
    let rss_idle = rss_kib(pid);

    // The acts: each poster its share of the tables, each table's seats in turn.
    let acts = Arc::new(Mutex::new(Vec::<(usize, u64, Instant, Instant)>::new()));
    let until = Instant::now() + Duration::from_secs(args.seconds);
    let started = Instant::now();
    let mut posters = Vec::new();
    for poster in 0..args.posters {
        let mine: Vec<(usize, String, Vec<String>)> = tables
            .iter()
            .enumerate()
            .filter(|(i, _)| i % args.posters == poster)
            .map(|(i, (id, tokens))| (i, id.clone(), tokens.clone()))
            .collect();
        let (addr, acts) = (addr.clone(), Arc::clone(&acts));
        posters.push(std::thread::spawn(move || {
            let mut conn = connect(&addr);
            let mut done = Vec::new();
            let mut turn = 0usize;
            while Instant::now() < until && !mine.is_empty() {
                let (index, id, tokens) = &mine[turn % mine.len()];
                let seat = (turn / mine.len()) % 2;
                turn += 1;
                let sent = Instant::now();
                let (status, body) = post(
                    &addr,
                    &mut conn,
                    &format!("/api/tables/{id}/act"),
                    Some(&tokens[seat]),
                    r#"{"action":"strike"}"#,
                );
                let answered = Instant::now();
                if status == 200 {
                    let value: Value = serde_json::from_str(&body).unwrap();
                    done.push((*index, value["step"].as_u64().unwrap(), sent, answered));
                }
            }
            acts.lock().unwrap().extend(done);
        }));
    }
    let mut rss_load = 0;
    while Instant::now() < until {
        std::thread::sleep(Duration::from_millis(250));
        rss_load = rss_load.max(rss_kib(pid));
    }
    for poster in posters {
        poster.join().unwrap();
    }
    let elapsed = started.elapsed().as_secs_f64();
    let load_after = load();
    std::thread::sleep(Duration::from_secs(2));
    stop.store(true, Ordering::Relaxed);

    let acts = acts.lock().unwrap().clone();
    let by_act: BTreeMap<(usize, u64), (Instant, Instant)> = acts
        .iter()
        .map(|&(table, step, sent, answered)| ((table, step), (sent, answered)))
        .collect();
    let mut from_answer = Vec::new();
    let mut from_request = Vec::new();
    let mut expected = 0usize;
    let mut arrived = 0usize;
    for (table, reader) in readers {
        let seen = reader.join().unwrap();
        let seen: BTreeMap<u64, Instant> = seen.into_iter().collect();
        for (&(t, step), &(sent, answered)) in &by_act {
            if t != table {
                continue;
            }
            expected += 1;
            if let Some(&at) = seen.get(&step) {
                arrived += 1;
                from_request.push(at.duration_since(sent).as_secs_f64() * 1000.0);
                // Negative when the event came before the act's own answer.
                let answer = if at >= answered {
                    at.duration_since(answered).as_secs_f64()
                } else {
                    -answered.duration_since(at).as_secs_f64()
                };
                from_answer.push(answer * 1000.0);
            }
        }
    }
    from_answer.sort_by(f64::total_cmp);
    from_request.sort_by(f64::total_cmp);
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "tables={} streams={streams} posters={} seconds={elapsed:.1} acts={} acts/s={:.0}",
        args.tables,
        args.posters,
        acts.len(),
        acts.len() as f64 / elapsed
    );
    println!(
        "events: {arrived} of {expected} (missing {})",
        expected - arrived
    );
    println!(
        "act answered -> event: p50={:.1}ms p99={:.1}ms max={:.1}ms",
        percentile(&from_answer, 0.5),
        percentile(&from_answer, 0.99),
        from_answer.last().copied().unwrap_or(f64::NAN)
    );
    println!(
        "act sent -> event: p50={:.1}ms p99={:.1}ms max={:.1}ms",
        percentile(&from_request, 0.5),
        percentile(&from_request, 0.99),
        from_request.last().copied().unwrap_or(f64::NAN)
    );
    println!(
        "server VmRSS: {} MiB at start, {} MiB with {streams} streams idle, {} MiB at most under load",
        rss_start / 1024,
        rss_idle / 1024,
        rss_load / 1024
    );
    println!("load average before: {load_before}; after: {load_after}");
}
