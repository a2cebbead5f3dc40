//! A client of the event stream for the tests: opens `GET /api/tables/{id}/events` and reads
//! its events on a thread of its own, so a test can wait for them with a deadline.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::Value;

/// One event as the stream sent it.
#[derive(Clone, Debug, PartialEq)]
pub struct SseEvent {
    /// `event:` (`message` when absent).
    pub name: String,
    /// `id:`, if it had one.
    pub id: Option<String>,
    /// `data:` (lines joined with newlines).
    pub data: String,
}

impl SseEvent {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.data).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.data))
    }
}

/// An open stream: its events as they come, and the comments (heartbeats) seen.
pub struct EventStream {
    pub events: mpsc::Receiver<SseEvent>,
    pub comments: mpsc::Receiver<String>,
    /// Every event received so far through [`EventStream::until`] and friends.
    pub seen: Vec<SseEvent>,
    socket: TcpStream,
}

/// What opening a stream answered when it was not a stream.
#[derive(Debug)]
pub struct Refused {
    pub status: u16,
    pub body: String,
}

impl Refused {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

/// Opens the stream of `table` at `base` with `token` (none: the public), resuming after
/// `last_id` if given. Plain HTTP/1.1 over a socket of its own, so that [`EventStream::close`]
/// can close it.
pub fn open(
    base: &str,
    table: &str,
    token: Option<&str>,
    last_id: Option<&str>,
) -> Result<EventStream, Refused> {
    let addr = base.strip_prefix("http://").expect("an http:// base");
    let mut socket = TcpStream::connect(addr).expect("the server is not reachable");
    let mut request = format!(
        "GET /api/tables/{table}/events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n"
    );
    if let Some(token) = token {
        request.push_str(&format!("Authorization: Bearer {token}\r\n"));
    }
    if let Some(id) = last_id {
        request.push_str(&format!("Last-Event-ID: {id}\r\n"));
    }
    request.push_str("\r\n");
    socket.write_all(request.as_bytes()).unwrap();
    let closer = socket.try_clone().unwrap();
    let mut reader = BufReader::new(socket);
    let mut status_line = String::new();
    reader.read_line(&mut status_line).unwrap();
    let status: u16 = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line: {status_line:?}"));
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        let line = line.trim_end().to_owned();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
        }
    }
    let header = |name: &str| {
        headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let chunked = header("transfer-encoding").is_some_and(|v| v.contains("chunked"));
    if status != 200 {
        let body = if chunked {
            let mut body = Vec::new();
            while let Some(chunk) = read_chunk(&mut reader) {
                body.extend(chunk);
            }
            body
        } else {
            let length: usize = header("content-length")
                .and_then(|v| v.parse().ok())
                .unwrap_or(0);
            let mut body = vec![0; length];
            reader.read_exact(&mut body).unwrap();
            body
        };
        return Err(Refused {
            status,
            body: String::from_utf8_lossy(&body).into_owned(),
        });
    }
    assert_eq!(header("content-type").as_deref(), Some("text/event-stream"));
    assert!(chunked, "a stream is sent in chunks");
    let (events_tx, events) = mpsc::channel();
    let (comments_tx, comments) = mpsc::channel();
    std::thread::spawn(move || {
        let mut pending = String::new();
        let mut name = None;
        let mut id = None;
        let mut data: Vec<String> = Vec::new();
        while let Some(chunk) = read_chunk(&mut reader) {
            pending.push_str(&String::from_utf8_lossy(&chunk));
            while let Some(end) = pending.find('\n') {
                let line: String = pending.drain(..=end).collect();
                let line = line.trim_end_matches(['\n', '\r']);
                if line.is_empty() {
                    if !data.is_empty() || name.is_some() {
                        let event = SseEvent {
                            name: name.take().unwrap_or_else(|| "message".to_owned()),
                            id: id.take(),
                            data: data.join("\n"),
                        };
                        data.clear();
                        if events_tx.send(event).is_err() {
                            return;
                        }
                    }
                    continue;
                }
                if let Some(comment) = line.strip_prefix(':') {
                    let _ = comments_tx.send(comment.trim().to_owned());
                    continue;
                }
                let (field, value) = line.split_once(':').unwrap_or((line, ""));
                let value = value.strip_prefix(' ').unwrap_or(value).to_owned();
                match field {
                    "event" => name = Some(value),
                    "id" => id = Some(value),
                    "data" => data.push(value),
                    _ => {}
                }
            }
        }
        let _ = events_tx.send(SseEvent {
            name: "(closed)".to_owned(),
            id: None,
            data: String::new(),
        });
    });
    Ok(EventStream {
        events,
        comments,
        seen: Vec::new(),
        socket: closer,
    })
}

/// One chunk of a chunked body, or `None` at its end (or the connection's).
fn read_chunk(reader: &mut BufReader<TcpStream>) -> Option<Vec<u8>> {
    let mut size = String::new();
    if reader.read_line(&mut size).ok()? == 0 {
        return None;
    }
    let size = usize::from_str_radix(size.trim().split(';').next()?, 16).ok()?;
    if size == 0 {
        return None;
    }
    let mut chunk = vec![0; size + 2];
    reader.read_exact(&mut chunk).ok()?;
    chunk.truncate(size);
    Some(chunk)
}

impl EventStream {
    /// Closes the connection.
    pub fn close(self) {
        let _ = self.socket.shutdown(std::net::Shutdown::Both);
    }

    /// Whether the server ended the stream (an event named `(closed)` was read).
    pub fn ended(&self) -> bool {
        self.seen.iter().any(|e| e.name == "(closed)")
    }

    /// Waits up to `within` for an event that `wanted` accepts, keeping every event read.
    pub fn until(
        &mut self,
        within: Duration,
        wanted: impl Fn(&SseEvent) -> bool,
    ) -> Option<SseEvent> {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.checked_duration_since(Instant::now())?;
            match self.events.recv_timeout(left) {
                Ok(event) => {
                    self.seen.push(event.clone());
                    if wanted(&event) {
                        return Some(event);
                    }
                }
                Err(_) => return None,
            }
        }
    }

    /// Reads what comes within `within` (until it is quiet that long).
    pub fn drain(&mut self, within: Duration) {
        while let Ok(event) = self.events.recv_timeout(within) {
            self.seen.push(event);
        }
    }

    /// The `log` events seen, as `(id, line)`.
    pub fn log(&self) -> Vec<(String, Value)> {
        self.seen
            .iter()
            .filter(|e| e.name == "log")
            .map(|e| (e.id.clone().expect("a log event has an id"), e.json()))
            .collect()
    }

    /// The id of the last `log` event seen.
    pub fn last_id(&self) -> Option<String> {
        self.log().last().map(|(id, _)| id.clone())
    }

    /// The last `status` seen.
    pub fn status(&self) -> Option<Value> {
        self.seen
            .iter()
            .rev()
            .find(|e| e.name == "status")
            .map(SseEvent::json)
    }

    /// Reads until the stream's log has `count` lines, or `within` passes; answers whether it
    /// did.
    pub fn until_log(&mut self, count: usize, within: Duration) -> bool {
        if self.log().len() >= count {
            return true;
        }
        let deadline = Instant::now() + within;
        while self.log().len() < count {
            let Some(left) = deadline.checked_duration_since(Instant::now()) else {
                return false;
            };
            match self.events.recv_timeout(left) {
                Ok(event) => self.seen.push(event),
                Err(_) => return false,
            }
        }
        true
    }
}
