//! The stream's producer against a client that reads nothing: bounded, then told to resume,
//! and the resumed stream goes on from there without a gap.

use std::time::Duration;

use axum::http::{HeaderMap, HeaderValue};
use futures_core::Stream;

use super::*;
use crate::SqliteStore;
use crate::request::{parse_act, parse_create};
use serde_json::{Value, json};

async fn table_with_rounds(hub: &HubHandle, rounds: usize) -> (String, String) {
    let request =
        parse_create(br#"{"game":"duel","config":{"first_to":200}}"#).expect("a create request");
    let created = hub.call(move |hub| hub.create(request)).await.unwrap();
    for _ in 0..rounds {
        for token in &created.seat_tokens {
            let token = token.clone();
            let id = created.id.clone();
            let act = parse_act(br#"{"action":"strike"}"#).unwrap();
            hub.call(move |hub| hub.act(&id, Some(&token), act))
                .await
                .unwrap();
        }
    }
    (created.id, created.seat_tokens[0].clone())
}

fn headers(token: &str, last: Option<&str>) -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert(
        header::AUTHORIZATION,
        HeaderValue::from_str(&format!("Bearer {token}")).unwrap(),
    );
    if let Some(last) = last {
        headers.insert("last-event-id", HeaderValue::from_str(last).unwrap());
    }
    headers
}

/// The events of a body, parsed from its text: `(event, id, data)`.
fn parse(text: &str) -> Vec<(String, Option<String>, String)> {
    text.split("\n\n")
        .filter(|block| !block.trim().is_empty() && !block.starts_with(':'))
        .map(|block| {
            let mut name = "message".to_owned();
            let mut id = None;
            let mut data = String::new();
            for line in block.lines() {
                if let Some(value) = line.strip_prefix("event: ") {
                    name = value.to_owned();
                } else if let Some(value) = line.strip_prefix("id: ") {
                    id = Some(value.to_owned());
                } else if let Some(value) = line.strip_prefix("data: ") {
                    data.push_str(value);
                }
            }
            (name, id, data)
        })
        .collect()
}

/// Reads a body's frames until `done` says so (or 10 seconds pass).
async fn read_until(body: axum::body::Body, done: impl Fn(&str) -> bool) -> String {
    let mut stream = body.into_data_stream();
    let mut text = String::new();
    let reading = async {
        while let Some(Ok(bytes)) =
            std::future::poll_fn(|cx| std::pin::Pin::new(&mut stream).poll_next(cx)).await
        {
            text.push_str(&String::from_utf8_lossy(&bytes));
            if done(&text) {
                break;
            }
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(10), reading).await;
    text
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_reads_nothing_is_bounded_then_told_to_resume_and_resumes_without_a_gap() {
    let hub = HubHandle::start(Box::new(SqliteStore::in_memory().unwrap())).unwrap();
    let (id, token) = table_with_rounds(&hub, 20).await;
    let limits = StreamLimits {
        buffer: 5,
        lag: Duration::from_millis(200),
        ..StreamLimits::default()
    };
    let (_close, closing) = watch::channel(false);
    let streams = Streams {
        hub: hub.clone(),
        limits,
        gate: Arc::new(Gate::default()),
        closing,
    };
    let stuck = open(streams.clone(), id.clone(), &headers(&token, None))
        .await
        .unwrap();
    // The client reads nothing for longer than the lag limit.
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(
        streams.gate.open.lock().unwrap().total,
        1,
        "the stream is open"
    );
    let text = read_until(stuck.into_body(), |_| false).await;
    let events = parse(&text);
    assert_eq!(
        events.len(),
        6,
        "five queued and the words to resume: {text}"
    );
    assert!(events[..5].iter().all(|(name, _, _)| name == "log"));
    let (name, _, words) = &events[5];
    assert_eq!(name, "lagging");
    let words: Value = serde_json::from_str(words).unwrap();
    assert_eq!(words["error"], "lagging");
    let resume = words["resume_after"].as_str().unwrap().to_owned();
    assert_eq!(
        Some(&resume),
        events[4].1.as_ref(),
        "resume from the last queued"
    );
    // The stream ended, and its place is free.
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(streams.gate.open.lock().unwrap().total, 0);

    // The resumed stream, read as it comes, goes on after that id to the end of the log.
    let log = hub
        .call({
            let (id, token) = (id.clone(), token.clone());
            move |hub| hub.log(&id, Some(&token))
        })
        .await
        .unwrap();
    let mut log = serde_json::to_value(&log)
        .unwrap()
        .as_array()
        .unwrap()
        .clone();
    // The log ends with the chain's head, which the stream does not carry (the view does).
    assert!(
        log.pop()
            .is_some_and(|last| last["event"].get("chain").is_some())
    );
    let resumed = open(streams.clone(), id.clone(), &headers(&token, Some(&resume)))
        .await
        .unwrap();
    let text = read_until(resumed.into_body(), |text| text.contains("event: status")).await;
    let mut lines: Vec<Value> = events[..5]
        .iter()
        .map(|(_, _, data)| serde_json::from_str(data).unwrap())
        .collect();
    lines.extend(
        parse(&text)
            .into_iter()
            .filter(|(name, _, _)| name == "log")
            .map(|(_, _, data)| serde_json::from_str::<Value>(&data).unwrap()),
    );
    assert_eq!(lines, log);
}

#[test]
fn an_event_id_is_step_dot_index() {
    let position = Position::parse("12.3").unwrap();
    assert_eq!(position, Position { step: 12, sub: 3 });
    assert_eq!(position.to_string(), "12.3");
    assert!(Position::parse("12.3").unwrap() < Position::parse("13.0").unwrap());
    assert!(Position::parse("12.10").unwrap() > Position::parse("12.9").unwrap());
    for bad in [
        "",
        "12",
        "12.",
        ".3",
        "a.b",
        "1.2.3",
        "+1.0",
        "1 .0",
        "99999999999999999999.0",
    ] {
        assert!(Position::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn status_changes_name_what_changed() {
    use crate::hub::status::{Orders, SeatStatus, TableStatus};
    let seat = |seat: u16, name: &str, orders| SeatStatus {
        link: true,
        name: name.into(),
        orders,
        seat,
        to_act: true,
    };
    let before = batch::StreamStatus {
        acting: vec!["Ann".into(), "Bo".into()],
        over: None,
        step: 1,
        table: TableStatus {
            absent: "no-orders",
            deadline: None,
            dice: "game-master",
            drafts: Vec::new(),
            grace: 0,
            seats: vec![seat(0, "Ann", Orders::None), seat(1, "Bo", Orders::Draft)],
            you: crate::hub::Role::Public,
        },
        your_turn: false,
    };
    assert_eq!(
        batch::changes(None, &before)
            .iter()
            .map(batch::StatusEvent::name)
            .collect::<Vec<_>>(),
        ["status"]
    );
    assert!(batch::changes(Some(&before), &before).is_empty());
    let mut ready = before.clone();
    ready.table.seats[1].orders = Orders::Ready;
    ready.table.deadline = Some(1_900_000_000);
    let changes = batch::changes(Some(&before), &ready);
    let names: Vec<&str> = changes.iter().map(batch::StatusEvent::name).collect();
    assert_eq!(names, ["deadline", "orders", "status"]);
    // The data as the JSON always had it: the same keys, in the same order.
    assert_eq!(
        changes[1].data(),
        r#"{"name":"Bo","orders":"ready","seat":1}"#
    );
    let status: serde_json::Value = serde_json::from_str(&changes[2].data()).unwrap();
    assert_eq!(status["table"]["you"], json!("public"));
    let mut over = ready.clone();
    over.step = 2;
    over.acting = Vec::new();
    over.over = Some(batch::Over {
        winners: vec!["Bo".into()],
        reason: "Bo won".into(),
    });
    let changes = batch::changes(Some(&ready), &over);
    assert_eq!(changes[0].name(), "over");
    assert_eq!(
        changes[0].data(),
        r#"{"outcome":{"reason":"Bo won","winners":["Bo"]},"step":2}"#
    );
}

/// A look after any position gives the lines of the whole log after it, numbered alike, with
/// the bot's lines too: the hub writes only the end of the log, so this is what pins that the
/// end it writes is the whole log's.
#[tokio::test]
async fn a_look_after_any_position_is_the_end_of_the_whole_log() {
    let hub = HubHandle::start(Box::new(SqliteStore::in_memory().unwrap())).unwrap();
    let (id, token) = table_with_rounds(&hub, 4).await;
    let batches = hub
        .call(move |hub| {
            // Bot lines at steps 2 and 3 (one turn of seat 0, so one line) and at step 5.
            hub.live(&id)?.turn.bot = vec![
                crate::store::BotPlay { step: 2, seat: 0 },
                crate::store::BotPlay { step: 3, seat: 0 },
                crate::store::BotPlay { step: 5, seat: 1 },
            ];
            let whole = batch::stream_batch(hub, &id, Some(&token), None, usize::MAX)?;
            let mut ends = Vec::new();
            for line in &whole.lines {
                let end =
                    batch::stream_batch(hub, &id, Some(&token), Some(line.position), usize::MAX)?;
                ends.push((line.position, end.lines));
            }
            Ok((whole.lines, ends))
        })
        .await
        .unwrap();
    let (whole, ends) = batches;
    assert!(whole.len() > 10, "{whole:?}");
    assert_eq!(
        whole
            .iter()
            .filter(|line| line.value["event"]["bot_played"].is_object())
            .count(),
        2,
        "{whole:?}"
    );
    for (at, end) in ends {
        let expected: Vec<_> = whole.iter().filter(|l| l.position > at).cloned().collect();
        assert_eq!(end, expected, "after {at}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_id_past_the_end_of_the_stream_is_refused_before_any_event() {
    let hub = HubHandle::start(Box::new(SqliteStore::in_memory().unwrap())).unwrap();
    let (id, token) = table_with_rounds(&hub, 2).await;
    let (_close, closing) = watch::channel(false);
    let streams = Streams {
        hub: hub.clone(),
        limits: StreamLimits::default(),
        gate: Arc::new(Gate::default()),
        closing,
    };
    // The last line this seat sees, as a stream sends it.
    let full = open(streams.clone(), id.clone(), &headers(&token, None))
        .await
        .unwrap();
    let text = read_until(full.into_body(), |t| t.contains("event: status")).await;
    let last = parse(&text)
        .iter()
        .filter_map(|(_, id, _)| id.clone())
        .next_back()
        .unwrap();
    let (step, sub) = last.split_once('.').unwrap();
    let step: u64 = step.parse().unwrap();
    let sub: u32 = sub.parse().unwrap();
    for future in [
        format!("{step}.{}", sub + 1),
        format!("{}.0", step + 1),
        "99.0".to_owned(),
    ] {
        let refused = open(streams.clone(), id.clone(), &headers(&token, Some(&future)))
            .await
            .err()
            .unwrap_or_else(|| panic!("{future} was accepted"));
        let response = refused.into_response();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{future}");
        let body = axum::body::to_bytes(response.into_body(), 4096)
            .await
            .unwrap();
        let words: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(words["error"], "bad_request", "{future}");
        let message = words["message"].as_str().unwrap();
        assert!(
            message.contains(&future) && message.contains("past the end"),
            "{message}"
        );
    }
    // The last id sent resumes with nothing missed: the status alone.
    let resumed = open(streams.clone(), id.clone(), &headers(&token, Some(&last)))
        .await
        .unwrap();
    let text = read_until(resumed.into_body(), |t| t.contains("event: status")).await;
    let events = parse(&text);
    assert_eq!(events.len(), 1, "{text}");
    assert_eq!(events[0].0, "status");
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(streams.gate.open.lock().unwrap().total, 0, "no stream kept");
}

#[test]
fn a_stream_behind_before_any_log_line_is_told_to_resume_without_an_id() {
    let words = serde_json::to_value(lagging(None)).unwrap();
    assert_eq!(words["error"], "lagging");
    assert_eq!(words["resume_after"], Value::Null);
    let message = words["message"].as_str().unwrap();
    assert!(
        message.contains("without Last-Event-ID") && !message.contains("Last-Event-ID: "),
        "{message}"
    );
    let words = serde_json::to_value(lagging(Some(Position { step: 3, sub: 1 }))).unwrap();
    assert_eq!(words["resume_after"], "3.1");
    assert!(
        words["message"]
            .as_str()
            .unwrap()
            .contains("Last-Event-ID: 3.1 ")
    );
}
