//! Every error answer is the documented `{"error": KIND, "message": TEXT}`, whoever made it
//! (a handler, axum's path and method routing, the body limit, the creation guard), with a test
//! per status; and table creation limited by a token and per-address limits.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{Answer, agent, create, get, post, start, start_with, temp_dir};
use pbp_server::CreateLimits;

/// Checks that `answer` is the documented error of `status` and `kind`.
fn documented(answer: &Answer, status: u16, kind: &str) {
    assert_eq!(answer.status, status, "{}", answer.body);
    assert!(
        answer.content_type.starts_with("application/json"),
        "{}: {}",
        answer.content_type,
        answer.body
    );
    let value = answer.json();
    assert_eq!(value["error"], kind, "{value}");
    let message = value["message"].as_str().unwrap();
    assert!(!message.is_empty(), "{value}");
    assert_eq!(value.as_object().unwrap().len(), 2, "{value}");
}

fn send(request: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> (Answer, Vec<String>) {
    let mut response = request.expect("the request failed");
    let headers = response
        .headers()
        .iter()
        .map(|(k, v)| format!("{}: {}", k, v.to_str().unwrap_or("")))
        .collect();
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let answer = Answer {
        status: response.status().as_u16(),
        body: response.body_mut().read_to_string().unwrap_or_default(),
        content_type,
    };
    (answer, headers)
}

/// A POST to `path` whose headers announce `length` bytes, of which only the headers are sent:
/// the answer the server gives on the headers alone.
fn announced(base: &str, path: &str, length: usize) -> Answer {
    use std::io::{Read, Write};
    let host = base.trim_start_matches("http://");
    let mut stream = std::net::TcpStream::connect(host).unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: {length}\r\nConnection: close\r\n\r\n{{"
    )
    .unwrap();
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let raw = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = raw.split_once("\r\n\r\n").expect("an HTTP answer");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let content_type = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("content-type: ")
                .map(str::to_owned)
        })
        .unwrap_or_default();
    Answer {
        status,
        body: body.to_owned(),
        content_type,
    }
}

#[test]
fn a_bad_path_is_400_json() {
    let dir = temp_dir("err-400");
    let server = start(&dir.join("db.sqlite"));
    // %FF decodes to a byte that is no UTF-8: axum's path extractor refuses it.
    let answer = get(&server.base, "/api/tables/%FF%FE/view", None);
    documented(&answer, 400, "bad_request");
    // A query that is not one either (of a table that exists: an unknown table is told
    // first, 404).
    let table = create(&server.base, r#"{"game":"duel"}"#);
    let answer = get(&server.base, &table.path("view?format=%FF"), None);
    documented(&answer, 400, "bad_request");
    let answer = get(&server.base, "/api/tables/abc/view?format=%FF", None);
    documented(&answer, 404, "not_found");
    // The event stream's route too (it is merged apart from the others: no request timeout).
    let answer = get(&server.base, "/api/tables/%FF%FE/events", None);
    documented(&answer, 400, "bad_request");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_unknown_route_is_404_json() {
    let dir = temp_dir("err-404");
    let server = start(&dir.join("db.sqlite"));
    for path in ["/api/nothing", "/api/tables/abc/dance", "/nowhere"] {
        let answer = get(&server.base, path, None);
        documented(&answer, 404, "not_found");
        assert!(answer.json()["message"].as_str().unwrap().contains(path));
    }
    // An unknown table is a 404 too, with its own words.
    let answer = get(&server.base, "/api/tables/ffffffffffffffff/view", None);
    documented(&answer, 404, "not_found");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_wrong_method_is_405_json_with_allow() {
    let dir = temp_dir("err-405");
    let server = start(&dir.join("db.sqlite"));
    let table = create(&server.base, r#"{"game":"duel"}"#);
    let answer = get(&server.base, &table.path("act"), None);
    documented(&answer, 405, "method_not_allowed");
    let (answer, headers) = send(agent().delete(format!("{}/api/tables", server.base)).call());
    documented(&answer, 405, "method_not_allowed");
    assert!(
        headers
            .iter()
            .any(|h| h.eq_ignore_ascii_case("allow: POST")),
        "{headers:?}"
    );
    // The event stream's route answers GET only (found by the server_router fuzz target: it
    // answered 405 with an empty body).
    let events = format!("{}{}", server.base, table.path("events"));
    let (answer, headers) = send(agent().delete(&events).call());
    documented(&answer, 405, "method_not_allowed");
    assert!(
        headers
            .iter()
            .any(|h| h.to_ascii_lowercase().starts_with("allow: get")),
        "{headers:?}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_body_over_the_limit_is_413_json() {
    let dir = temp_dir("err-413");
    let server = start(&dir.join("db.sqlite"));
    let table = create(&server.base, r#"{"game":"duel"}"#);
    // Sent with its Content-Length: tower-http's limit answers before any handler.
    let body = format!(r#"{{"action":"{}"}}"#, "x".repeat(70 * 1024));
    let answer = post(&server.base, &table.path("act"), Some(&table.gm), &body);
    documented(&answer, 413, "too_large");
    assert!(answer.body.contains("65536"), "{}", answer.body);
    // A new table announced at 17 MiB is refused on its headers, before the body is sent.
    let answer = announced(&server.base, "/api/tables", 17 * 1024 * 1024);
    documented(&answer, 413, "too_large");
    assert!(answer.body.contains("16777216"), "{}", answer.body);
    // Nothing was applied.
    assert_eq!(
        get(&server.base, &table.path("view"), None).json()["steps"],
        0
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_creation_token_is_asked_for_and_checked() {
    let dir = temp_dir("err-401");
    let server = start_with(
        &dir.join("db.sqlite"),
        CreateLimits {
            token: Some("open-sesame".into()),
            ..CreateLimits::default()
        },
    );
    let base = &server.base;
    // The hosting page learns that it must ask for the token.
    let info = get(base, "/api/server", None).json();
    assert_eq!(info["create_token"], true, "{info}");
    // The games by name and title, as the hosting page lists them.
    assert_eq!(
        info["games"][3],
        serde_json::json!({"name": "warring-states", "title": "Warring States"}),
        "{info}"
    );
    let body = r#"{"game":"duel"}"#;
    documented(&post(base, "/api/tables", None, body), 401, "unauthorized");
    documented(
        &post(base, "/api/tables", Some("guess"), body),
        401,
        "unauthorized",
    );
    let answer = post(base, "/api/tables", Some("open-sesame"), body);
    assert_eq!(answer.status, 201, "{}", answer.body);
    // The token is never in an answer.
    assert!(!answer.body.contains("open-sesame"));
    assert!(!get(base, "/api/server", None).body.contains("open-sesame"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn too_many_tables_from_one_address_is_429_with_retry_after() {
    let dir = temp_dir("err-429");
    let server = start_with(
        &dir.join("db.sqlite"),
        CreateLimits {
            token: None,
            tables_per_hour: 2,
            bytes_per_hour: 0,
        },
    );
    let base = &server.base;
    let info = get(base, "/api/server", None).json();
    assert_eq!(
        (
            info["create_token"].clone(),
            info["tables_per_hour"].clone()
        ),
        (false.into(), 2.into())
    );
    create(base, r#"{"game":"duel"}"#);
    create(base, r#"{"game":"duel"}"#);
    let (answer, headers) = send(
        agent()
            .post(format!("{base}/api/tables"))
            .header("Content-Type", "application/json")
            .send(r#"{"game":"duel"}"#),
    );
    documented(&answer, 429, "rate_limited");
    let retry: u64 = headers
        .iter()
        .find_map(|h| h.strip_prefix("retry-after: "))
        .expect("a Retry-After header")
        .parse()
        .unwrap();
    // Two an hour: the next one in half an hour at most.
    assert!((1..=1800).contains(&retry), "{retry}");
    assert!(
        answer.body.contains(&format!("{retry} s")),
        "{}",
        answer.body
    );
    // Acting on a table is not limited.
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn too_many_bytes_from_one_address_is_429() {
    let dir = temp_dir("err-429b");
    let server = start_with(
        &dir.join("db.sqlite"),
        CreateLimits {
            token: None,
            tables_per_hour: 0,
            bytes_per_hour: 100,
        },
    );
    let base = &server.base;
    let body = r#"{"game":"duel","players":["Ann","Bo"]}"#; // 39 bytes
    create(base, body);
    create(base, body);
    documented(&post(base, "/api/tables", None, body), 429, "rate_limited");
    // A body larger than the hourly allowance could never pass: 413.
    let long = format!(r#"{{"game":"duel","players":["{}","Bo"]}}"#, "A".repeat(70));
    documented(&post(base, "/api/tables", None, &long), 413, "too_large");
    let _ = std::fs::remove_dir_all(dir);
}
