//! Malformed HTTP requests, sent as raw bytes: every 4xx answer carries the documented JSON.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use common::{create, start, temp_dir};

/// Sends `request` as it is and reads the whole answer (the connection closed after it).
fn raw(base: &str, request: &[u8]) -> (u16, String, String) {
    let addr = base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    stream.write_all(request).unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, head.to_owned(), body.to_owned())
}

/// The answer's JSON error kind, checked to be the documented form.
fn json_error(status: u16, head: &str, body: &str) -> String {
    assert!(
        head.to_ascii_lowercase()
            .contains("content-type: application/json"),
        "{status}: {head}"
    );
    let value: serde_json::Value =
        serde_json::from_str(body).unwrap_or_else(|e| panic!("{status} {e}: {head}\n{body}"));
    assert!(
        value["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{value}"
    );
    value["error"].as_str().unwrap().to_owned()
}

#[test]
fn requests_hyper_cannot_read_get_the_documented_json() {
    let dir = temp_dir("malformed");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(base, r#"{"game":"duel","players":["Al","Bo"]}"#);
    let id = &table.id;
    let close = "Host: a\r\nConnection: close\r\n";
    let cases: Vec<(&str, Vec<u8>, u16, &str)> = vec![
        (
            "a header line without a colon",
            format!("GET /api/tables/{id}/view HTTP/1.1\r\nBad Header\r\n{close}\r\n").into_bytes(),
            400,
            "bad_request",
        ),
        (
            "a method hyper does not read",
            format!("G(T /api/tables/{id}/view HTTP/1.1\r\n{close}\r\n").into_bytes(),
            400,
            "bad_request",
        ),
        (
            "a Content-Length that is not a number",
            format!("POST /api/tables/{id}/act HTTP/1.1\r\nContent-Length: abc\r\n{close}\r\n")
                .into_bytes(),
            400,
            "bad_request",
        ),
        (
            "two Content-Lengths",
            format!(
                "POST /api/tables/{id}/act HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n{close}\r\nhello"
            )
            .into_bytes(),
            400,
            "bad_request",
        ),
        (
            "an unknown version",
            format!("GET /api/tables/{id}/view HTTP/9.9\r\n{close}\r\n").into_bytes(),
            400,
            "bad_request",
        ),
        (
            "a control character in a header",
            format!("GET /api/tables/{id}/view HTTP/1.1\r\nAuthorization: Bearer \u{7f}\r\n{close}\r\n")
                .into_bytes(),
            400,
            "bad_request",
        ),
        (
            "a URL over hyper's limit",
            format!("GET /api/tables/{id}/{} HTTP/1.1\r\n{close}\r\n", "a".repeat(70_000)).into_bytes(),
            414,
            "too_large",
        ),
        (
            "not HTTP at all",
            b"\x16\x03\x01\x00\x05hello\r\n\r\n".to_vec(),
            400,
            "bad_request",
        ),
        (
            "a request line without a path",
            b"GET\r\n\r\n".to_vec(),
            400,
            "bad_request",
        ),
        (
            "a path that is not UTF-8",
            format!("GET /api/tables/%FF/view HTTP/1.1\r\n{close}\r\n").into_bytes(),
            400,
            "bad_request",
        ),
        (
            "a broken chunked body",
            format!(
                "POST /api/tables/{id}/act HTTP/1.1\r\nTransfer-Encoding: chunked\r\n{close}\r\nZZ\r\nxx\r\n0\r\n\r\n"
            )
            .into_bytes(),
            400,
            "bad_request",
        ),
    ];
    for (what, request, status, kind) in cases {
        let (got, head, body) = raw(base, &request);
        assert_eq!(got, status, "{what}: {head}\n{body}");
        assert_eq!(json_error(got, &head, &body), kind, "{what}");
    }
    // The server still answers after each of them.
    let view = common::get(base, &table.path("view"), None);
    assert_eq!(view.status, 200);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_table_and_the_token_are_checked_before_the_body() {
    let dir = temp_dir("malformed-order");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(base, r#"{"game":"duel","players":["Al","Bo"]}"#);
    let stranger = "0".repeat(64);
    for (path, body) in [
        ("act", "not json"),
        ("draft", "{"),
        ("ready", "[]"),
        ("deadline", "{\"in\":\"x\"}"),
        ("webhooks", "{\"url\":1}"),
        ("seats/x/link", ""),
        ("seats/0/link", "{\"nom\":1}"),
    ] {
        // No such table: 404, whatever the body.
        let missing = common::post(
            base,
            &format!("/api/tables/0123456789abcdef/{path}"),
            Some(&table.gm),
            body,
        );
        assert_eq!(missing.status, 404, "{path}: {}", missing.body);
        assert_eq!(missing.json()["error"], "not_found", "{path}");
        // A token the table does not know: 401, whatever the body.
        let unknown = common::post(base, &table.path(path), Some(&stranger), body);
        assert_eq!(unknown.status, 401, "{path}: {}", unknown.body);
        assert_eq!(unknown.json()["error"], "unauthorized", "{path}");
        // The table's own token: the body's fault, 400.
        let bad = common::post(base, &table.path(path), Some(&table.gm), body);
        assert_eq!(bad.status, 400, "{path}: {}", bad.body);
        assert_eq!(bad.json()["error"], "bad_request", "{path}");
    }
    for query in ["view?format=xml", "legal?as=x"] {
        let missing = common::get(base, &format!("/api/tables/0123456789abcdef/{query}"), None);
        assert_eq!(missing.status, 404, "{query}: {}", missing.body);
        let unknown = common::get(base, &table.path(query), Some(&stranger));
        assert_eq!(unknown.status, 401, "{query}: {}", unknown.body);
        let bad = common::get(base, &table.path(query), Some(&table.gm));
        assert_eq!(bad.status, 400, "{query}: {}", bad.body);
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_body_over_a_routes_limit_is_told_that_routes_limit() {
    let dir = temp_dir("malformed-limits");
    let server = start(&dir.join("db.sqlite"));
    let base = &server.base;
    let table = create(base, r#"{"game":"duel","players":["Al","Bo"]}"#);
    let id = &table.id;
    for (path, limit) in [
        ("act", pbp_server::request::MAX_ACT_BODY),
        ("thread", pbp_server::MAX_THREAD_BODY),
        ("webhooks", pbp_server::webhooks::request::MAX_WEBHOOK_BODY),
    ] {
        let request = format!(
            "POST /api/tables/{id}/{path} HTTP/1.1\r\nHost: a\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            limit + 1
        );
        let (status, head, body) = raw(base, request.as_bytes());
        assert_eq!(status, 413, "{path}: {head}\n{body}");
        assert_eq!(json_error(status, &head, &body), "too_large");
        assert!(
            body.contains(&format!("limit of {limit} bytes")),
            "{path}: {body}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}
