//! `pbp serve`: it listens where told, creates its database, answers HTTP, and names a bad
//! address.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

#[test]
fn serve_listens_and_answers() {
    let dir = std::env::temp_dir().join(format!("pbp-cli-serve-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("tables.sqlite");
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbp"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(&db)
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
    let mut stream = TcpStream::connect(&addr).unwrap();
    stream
        .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"warring-states\""), "{answer}");
    assert!(db.exists());
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
