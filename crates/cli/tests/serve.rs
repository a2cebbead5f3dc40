//! `pbp serve`: it listens where told, creates its database, answers HTTP, and names a bad
//! address.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

/// Starts `pbp serve` with `extra` arguments on a database in `dir`; answers the child and
/// the address it listens on.
fn serve(dir: &std::path::Path, extra: &[&str]) -> (std::process::Child, String) {
    let db = dir.join("tables.sqlite");
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbp"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(&db)
        .args(extra)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_owned();
    (child, addr)
}

/// One HTTP/1.1 request's whole answer, head and body.
fn request(addr: &str, text: &str) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.write_all(text.as_bytes()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("pbp-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn serve_listens_and_answers() {
    let dir = scratch("serve");
    let db = dir.join("tables.sqlite");
    let (mut child, addr) = serve(&dir, &[]);
    let answer = request(
        &addr,
        "GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    let _ = child.kill();
    let _ = child.wait();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"warring-states\""), "{answer}");
    assert!(db.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A POST of a new duel table, with `auth` as extra header lines.
fn create(addr: &str, auth: &str) -> String {
    let body = r#"{"game":"duel"}"#;
    request(
        addr,
        &format!(
            "POST /api/tables HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{auth}\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        ),
    )
}

#[test]
fn serve_takes_a_creation_token_from_a_file_and_limits_tables_per_address() {
    let dir = scratch("serve-token");
    let token_file = dir.join("token");
    std::fs::write(&token_file, "tea-for-two\n").unwrap();
    let token_arg = format!("@{}", token_file.display());
    let (mut child, addr) = serve(&dir, &["--create-token", &token_arg, "--create-rate", "2"]);
    let info = request(
        &addr,
        "GET /api/server HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    let refused = create(&addr, "");
    let wrong = create(&addr, "Authorization: Bearer tea-for-one\r\n");
    let right = "Authorization: Bearer tea-for-two\r\n";
    let first = create(&addr, right);
    let second = create(&addr, right);
    let third = create(&addr, right);
    let _ = child.kill();
    let _ = child.wait();
    assert!(info.contains(r#""create_token":true"#), "{info}");
    assert!(info.contains(r#""tables_per_hour":2"#), "{info}");
    for answer in [&refused, &wrong] {
        assert!(answer.starts_with("HTTP/1.1 401"), "{answer}");
        assert!(answer.contains(r#""error":"unauthorized""#), "{answer}");
    }
    assert!(first.starts_with("HTTP/1.1 201"), "{first}");
    assert!(second.starts_with("HTTP/1.1 201"), "{second}");
    assert!(third.starts_with("HTTP/1.1 429"), "{third}");
    assert!(
        third.to_ascii_lowercase().contains("retry-after: "),
        "{third}"
    );
    assert!(!info.contains("tea-for-two") && !first.contains("tea-for-two"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn serve_refuses_an_empty_creation_token() {
    let dir = scratch("serve-empty-token");
    let token_file = dir.join("token");
    std::fs::write(&token_file, "\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_pbp"))
        .args(["serve", "--addr", "127.0.0.1:0", "--create-token"])
        .arg(format!("@{}", token_file.display()))
        .arg("--db")
        .arg(dir.join("x.sqlite"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the creation token is empty"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn serve_names_a_database_it_cannot_open_and_an_address_it_cannot_use() {
    let out = Command::new(env!("CARGO_BIN_EXE_pbp"))
        .args(["serve", "--db", "/nonexistent-dir/x.sqlite"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("pbp: cannot open the database"), "{err}");

    let db = std::env::temp_dir().join(format!("pbp-cli-serve-bad-{}.sqlite", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_pbp"))
        .args(["serve", "--addr", "not-an-address", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&db);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("pbp: cannot listen on not-an-address"),
        "{err}"
    );
}

#[test]
fn serve_answers_discord_only_when_signed_and_checks_its_options() {
    let dir = scratch("serve-discord");
    let token_file = dir.join("discord-token");
    std::fs::write(&token_file, "bot-token\n").unwrap();
    let token_arg = token_file.display().to_string();
    // The public key of the Ed25519 secret key of 32 bytes 0x5a (as the server tests' fake).
    let key = "0d7550754e0800a5d237eef5826035766b9b3e5a15868a940ab289958788e3b0";
    let out = Command::new(env!("CARGO_BIN_EXE_pbp"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--discord-public-key",
            "123",
        ])
        .args([
            "--discord-application-id",
            "1",
            "--discord-token-file",
            &token_arg,
        ])
        .arg("--db")
        .arg(dir.join("x.sqlite"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("64 hexadecimal digits"), "{err}");
    // The key without the rest: clap names what is missing.
    let out = Command::new(env!("CARGO_BIN_EXE_pbp"))
        .args(["serve", "--discord-public-key", key])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--discord-application-id"), "{err}");
    let (mut child, addr) = serve(
        &dir,
        &[
            "--discord-public-key",
            key,
            "--discord-application-id",
            "1",
            "--discord-token-file",
            &token_arg,
        ],
    );
    let body = r#"{"type":1}"#;
    let unsigned = request(
        &addr,
        &format!(
            "POST /discord/interactions HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        ),
    );
    let _ = child.kill();
    let _ = child.wait();
    assert!(unsigned.starts_with("HTTP/1.1 401"), "{unsigned}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A one-request HTTP server on loopback: it answers 200 with the request's own body and hands
/// the request's head and body back.
fn echo_once() -> (String, std::thread::JoinHandle<(String, String)>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let thread = std::thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        let mut reader = BufReader::new(stream);
        let mut head = String::new();
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).unwrap();
            if line == "\r\n" || line.is_empty() {
                break;
            }
            head.push_str(&line);
        }
        let length: usize = head
            .lines()
            .find_map(|l| {
                let (name, value) = l.split_once(':')?;
                name.eq_ignore_ascii_case("content-length")
                    .then(|| value.trim().parse().ok())?
            })
            .unwrap_or(0);
        let mut body = vec![0; length];
        reader.read_exact(&mut body).unwrap();
        let body = String::from_utf8(body).unwrap();
        let mut stream = reader.into_inner();
        write!(
            stream,
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
             Connection: close\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        (head, body)
    });
    (addr, thread)
}

#[test]
fn discord_register_sends_the_commands_to_the_guild_with_the_bot_token() {
    let dir = scratch("discord-register");
    let token_file = dir.join("discord-token");
    std::fs::write(&token_file, "bot-token-123\nsecond line ignored\n").unwrap();
    let (addr, fake) = echo_once();
    let out = Command::new(env!("CARGO_BIN_EXE_pbp"))
        .args(["discord", "register", "--discord-application-id", "77"])
        .arg("--discord-token-file")
        .arg(&token_file)
        .args(["--guild", "88", "--discord-api"])
        .arg(format!("http://{addr}/api/v10"))
        .output()
        .unwrap();
    let (head, body) = fake.join().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        stdout,
        "pbp discord: 13 commands registered in the server 88\n"
    );
    assert!(
        head.starts_with("PUT /api/v10/applications/77/guilds/88/commands HTTP/1.1"),
        "{head}"
    );
    assert!(
        head.contains("uthorization: Bot bot-token-123\r\n"),
        "{head}"
    );
    let commands: serde_json::Value = serde_json::from_str(&body).unwrap();
    let names: Vec<&str> = commands
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "roll", "odds", "start", "seat", "deadline", "close", "act", "orders", "me", "status",
            "map", "export", "gm"
        ]
    );
    // An empty token file is named, and nothing is sent.
    std::fs::write(&token_file, "\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_pbp"))
        .args(["discord", "register", "--discord-application-id", "77"])
        .arg("--discord-token-file")
        .arg(&token_file)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("must be the Discord bot token"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
