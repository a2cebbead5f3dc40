//! The API's OpenAPI document (`GET /api/openapi.json`) holds the running server to it: every
//! route the router serves is in the document, and every documented route answers what the
//! document says (a documented status, the documented content type, and a JSON body valid
//! against the document's schema: the answers of success and of error, the live stream's
//! events and the webhooks' notices).

// Tests and their helpers unwrap, expect and panic: a failed test is their way to report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
#[path = "common/schema.rs"]
mod schema;

use std::collections::BTreeSet;
use std::time::Duration;

use common::receiver::Receiver;
use common::{Answer, get, post, start_hooked, temp_dir};
use pbp_server::WebhookOptions;
use serde_json::{Value, json};

/// The document, and the answers checked against it.
struct Checker {
    document: Value,
    checked: BTreeSet<(String, String)>,
}

impl Checker {
    /// The documented path of `path` (`/api/tables/ab12/view` is `/api/tables/{id}/view`).
    fn template(&self, path: &str) -> String {
        let path = path.split('?').next().unwrap();
        let parts: Vec<&str> = path.split('/').collect();
        self.document["paths"]
            .as_object()
            .unwrap()
            .keys()
            .find(|template| {
                let pattern: Vec<&str> = template.split('/').collect();
                pattern.len() == parts.len()
                    && pattern
                        .iter()
                        .zip(&parts)
                        .all(|(p, a)| p == a || (p.starts_with('{') && p.ends_with('}')))
            })
            .unwrap_or_else(|| panic!("{path} is not in the document"))
            .clone()
    }

    /// The documented response of `method path` for `status`: its own, or the default.
    fn response(&self, method: &str, template: &str, status: u16) -> &Value {
        let operation = &self.document["paths"][template][method];
        assert!(
            operation.is_object(),
            "{method} {template} is not in the document"
        );
        let responses = &operation["responses"];
        let own = &responses[status.to_string()];
        if own.is_object() {
            own
        } else {
            assert!(
                status >= 400 && responses["default"].is_object(),
                "{method} {template} answered {status}, which the document does not list"
            );
            &responses["default"]
        }
    }

    /// Checks one answer: its status is documented, its content type too, and a JSON body is
    /// valid against the documented schema.
    fn answer(&mut self, method: &str, path: &str, answer: &Answer) {
        let template = self.template(path);
        let response = self.response(method, &template, answer.status);
        let content = response["content"].as_object().unwrap();
        let media = answer.content_type.split(';').next().unwrap().trim();
        let documented = content
            .get(media)
            .unwrap_or_else(|| panic!("{method} {path}: {media} is not documented: {content:?}"));
        if media == "application/json" {
            let body: Value = serde_json::from_str(&answer.body)
                .unwrap_or_else(|e| panic!("{method} {path}: not JSON ({e}): {}", answer.body));
            self.valid(&documented["schema"], &body, &format!("{method} {path}"));
        }
        self.checked.insert((method.to_owned(), template.clone()));
    }

    /// Checks `value` against `schema`.
    fn valid(&self, schema: &Value, value: &Value, what: &str) {
        let errors = schema::validate(&self.document, schema, value);
        assert!(errors.is_empty(), "{what}: {errors:#?}\n{value:#}");
    }

    /// Checks `value` against the named schema.
    fn named(&self, name: &str, value: &Value, what: &str) {
        assert!(
            self.document["components"]["schemas"][name].is_object(),
            "no schema {name}"
        );
        let schema = json!({ "$ref": format!("#/components/schemas/{name}") });
        self.valid(&schema, value, what);
    }

    /// `GET`, checked.
    fn get(&mut self, base: &str, path: &str, token: Option<&str>) -> Answer {
        let answer = get(base, path, token);
        self.answer("get", path, &answer);
        answer
    }

    /// `POST`, checked.
    fn post(&mut self, base: &str, path: &str, token: Option<&str>, body: &str) -> Answer {
        let answer = post(base, path, token, body);
        self.answer("post", path, &answer);
        answer
    }
}

/// Every path the router is given in the server's source (`.route("PATH", ...)`).
fn routed_paths() -> BTreeSet<String> {
    let mut paths = BTreeSet::new();
    let mut stack = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src"
    ))];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for (at, _) in text.match_indices(".route(") {
                    let rest = text[at + 7..].trim_start();
                    if let Some(rest) = rest.strip_prefix('"') {
                        paths.insert(rest[..rest.find('"').unwrap()].to_owned());
                    }
                }
            }
        }
    }
    paths
}

#[test]
#[allow(clippy::too_many_lines)] // One walk through the whole API, in the order a table lives.
fn every_route_answers_what_the_document_says() {
    let dir = temp_dir("openapi");
    let options = WebhookOptions {
        allow_private: true,
        timeout: Duration::from_secs(2),
        retry_for: Duration::from_secs(60),
        first_backoff: Duration::from_millis(200),
        public_url: Some("https://pbp.example".into()),
    };
    let server = start_hooked(&dir.join("db.sqlite"), options);
    let base = &server.base;
    let document = get(base, "/api/openapi.json", None);
    assert_eq!(document.status, 200);
    let mut c = Checker {
        document: document.json(),
        checked: BTreeSet::new(),
    };
    assert_eq!(c.document["openapi"], "3.1.0");
    c.answer("get", "/api/openapi.json", &document);

    // Every route the router serves is documented, and nothing else is.
    let documented: BTreeSet<String> = c.document["paths"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    assert_eq!(routed_paths(), documented);

    c.get(base, "/api/games", None);
    c.get(base, "/api/server", None);
    for page in [
        "/",
        "/assets/index.js",
        "/assets/style.css",
        "/assets/table.css",
    ] {
        c.get(base, page, None);
    }
    for asset in [
        "table.js",
        "live.js",
        "links.js",
        "webhooks.js",
        "form.js",
        "map.js",
    ] {
        c.get(base, &format!("/assets/{asset}"), None);
    }
    // Errors are documented too.
    c.post(base, "/api/tables", None, r#"{"game":"chess"}"#);
    c.post(base, "/api/tables", None, "not json");
    let created = c.post(
        base,
        "/api/tables",
        None,
        r#"{"game":"duel","players":["Ann","Bo"]}"#,
    );
    assert_eq!(created.status, 201);
    let created = created.json();
    let id = created["id"].as_str().unwrap().to_owned();
    let gm = created["gm_token"].as_str().unwrap().to_owned();
    let ann = created["seat_tokens"][0].as_str().unwrap().to_owned();
    let bo = created["seat_tokens"][1].as_str().unwrap().to_owned();
    let path = |endpoint: &str| format!("/api/tables/{id}/{endpoint}");
    c.get(base, &format!("/t/{id}"), None);

    // A webhook that receives every notice, checked against the document's webhooks.
    let receiver = Receiver::start(0, Duration::ZERO);
    let hook = c.post(
        base,
        &path("webhooks"),
        Some(&gm),
        &json!({ "url": format!("{}/hook", receiver.base), "format": "json" }).to_string(),
    );
    assert_eq!(hook.status, 201, "{}", hook.body);
    c.post(
        base,
        &path("webhooks"),
        Some(&ann),
        r#"{"url":"x","format":"json"}"#,
    );

    let mut stream = common::sse::open(base, &id, Some(&ann), None).unwrap();
    for viewer in [None, Some(gm.as_str()), Some(ann.as_str())] {
        c.get(base, &path("view"), viewer);
        c.get(base, &path("log"), viewer);
    }
    for format in ["text", "bbcode", "svg"] {
        c.get(base, &path(&format!("view?format={format}")), Some(&ann));
    }
    c.get(base, &path("view"), Some("not-a-token"));
    c.get(base, "/api/tables/nothing/view", None);
    let legal = c.get(base, &path("legal"), Some(&ann)).json();
    c.get(base, &path("legal?as=1"), Some(&gm));
    c.get(base, &path("legal"), Some(&bo));
    let action = legal[0]["json"].to_string();
    c.get(base, &path("form"), Some(&ann));
    c.get(base, &path("form?as=1"), Some(&gm));
    let checked = c.post(
        base,
        &path("check"),
        Some(&ann),
        &format!(r#"{{"action":{action}}}"#),
    );
    assert_eq!(checked.status, 200, "{}", checked.body);

    // The turn workflow: a draft, marked ready (the turn resolves), a deadline, a resolution.
    let drafted = c.post(
        base,
        &path("draft"),
        Some(&ann),
        &format!(r#"{{"action":{action}}}"#),
    );
    assert_eq!(drafted.status, 200, "{}", drafted.body);
    c.post(base, &path("ready"), Some(&ann), "{}");
    c.post(
        base,
        &path("deadline"),
        Some(&gm),
        r#"{"in_seconds":3600,"grace":60}"#,
    );
    c.post(
        base,
        &path("deadline"),
        Some(&ann),
        r#"{"in_seconds":3600}"#,
    );
    c.post(base, &path("resolve"), Some(&gm), "");
    c.post(
        base,
        &path("act"),
        Some(&ann),
        &format!(r#"{{"action":{action}}}"#),
    );
    let legal = c.get(base, &path("legal"), Some(&bo)).json();
    let action = legal[0]["json"].to_string();
    c.post(base, &path("act"), Some(&bo), r#"{"action":"fly"}"#);
    c.post(
        base,
        &path("act"),
        Some(&bo),
        &format!(r#"{{"action":{action},"expect_step":0}}"#),
    );
    let acted = c.post(
        base,
        &path("act"),
        Some(&bo),
        &format!(r#"{{"action":{action}}}"#),
    );
    assert_eq!(acted.status, 200, "{}", acted.body);
    c.post(base, &path("seats/1/link"), Some(&gm), "");
    c.post(base, &path("seats/9/link"), Some(&gm), "");
    c.get(base, &path("record"), Some(&gm));
    c.get(base, &path("record"), None);
    c.post(
        base,
        &path("thread"),
        Some(&gm),
        &json!({ "posts": "", "layout": "jsonl", "check": true }).to_string(),
    );
    c.post(base, &path("thread"), Some(&ann), r#"{"posts":""}"#);
    // The game master ends the duel: the game is over.
    let rulings = c.get(base, &path("legal"), Some(&gm)).json();
    let concede = rulings
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["text"].as_str().unwrap().starts_with("concede"))
        .unwrap_or_else(|| panic!("no concession among {rulings}"));
    let over = c.post(
        base,
        &path("act"),
        Some(&gm),
        &json!({ "action": concede["json"] }).to_string(),
    );
    assert_eq!(over.status, 200, "{}", over.body);
    c.get(base, &path("view"), Some(&gm));

    // The live stream's events follow the schemas its route names.
    assert!(
        c.document["paths"]["/api/tables/{id}/events"]["get"]["summary"]
            .as_str()
            .unwrap()
            .contains("`TurnEvent`")
    );
    assert!(
        stream
            .until(Duration::from_secs(20), |e| e.name == "over")
            .is_some()
    );
    stream.drain(Duration::from_millis(300));
    let schema_of = |name: &str| match name {
        "log" => "LogLine",
        "status" => "StreamStatus",
        "turn" => "TurnEvent",
        "over" => "OverEvent",
        "deadline" => "DeadlineEvent",
        "orders" => "OrdersEvent",
        "lagging" => "LaggingEvent",
        "error" => "ErrorBody",
        other => panic!("an event the document does not name: {other}"),
    };
    let names: BTreeSet<&str> = stream.seen.iter().map(|e| e.name.as_str()).collect();
    for name in ["log", "status", "turn", "over", "deadline", "orders"] {
        assert!(names.contains(name), "no {name} event among {names:?}");
    }
    for event in &stream.seen {
        c.named(
            schema_of(&event.name),
            &event.json(),
            &format!("event {}", event.name),
        );
    }
    c.answer(
        "get",
        &path("events"),
        &Answer {
            status: 200,
            body: String::new(),
            content_type: "text/event-stream".into(),
        },
    );
    stream.close();
    let refused = common::sse::open(base, "nothing", None, None)
        .err()
        .unwrap();
    c.named("ErrorBody", &refused.json(), "a refused stream");

    // The webhook's notices follow the document's webhooks.
    let got = receiver.wait_for(Duration::from_secs(30), |got| {
        got.iter().any(|g| g.json()["event"] == "game_over")
    });
    let kinds: BTreeSet<String> = got
        .iter()
        .map(|g| g.json()["event"].as_str().unwrap().to_owned())
        .collect();
    assert!(
        kinds.contains("turn_closed") && kinds.contains("turn_opened"),
        "{kinds:?}"
    );
    for notice in &got {
        let value = notice.json();
        let kind = value["event"].as_str().unwrap();
        let schema = &c.document["webhooks"][kind]["post"]["requestBody"]["content"]["application/json"]
            ["schema"];
        c.valid(schema, &value, &format!("the {kind} notice"));
    }
    let hooks = c.get(base, &path("webhooks"), Some(&gm)).json();
    let hook_id = hooks["webhooks"][0]["id"].as_str().unwrap().to_owned();
    let removed = common::agent()
        .delete(format!("{base}{}", path(&format!("webhooks/{hook_id}"))))
        .header("Authorization", format!("Bearer {gm}"))
        .call()
        .unwrap();
    let removed = Answer {
        status: removed.status().as_u16(),
        content_type: removed.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_owned(),
        body: removed.into_body().read_to_string().unwrap(),
    };
    c.answer("delete", &path(&format!("webhooks/{hook_id}")), &removed);

    // Discord's interactions, on a server given a Discord application: a signed PING and an
    // unsigned request.
    let fake = common::discord::FakeDiscord::start(0);
    let discord = common::start_discord(&dir.join("discord.sqlite"), fake.options());
    let ping = json!({ "id": "1", "application_id": common::discord::APPLICATION, "type": 1,
        "token": "t", "version": 1 });
    let pong = fake.send(&discord.base, &ping);
    assert_eq!(pong.status, 200, "{}", pong.body);
    c.answer("post", "/discord/interactions", &pong);
    let unsigned = common::discord::post_signed(&discord.base, None, None, &ping.to_string());
    assert_eq!(unsigned.status, 401, "{}", unsigned.body);
    c.answer("post", "/discord/interactions", &unsigned);

    // Every documented operation was asked.
    let mut operations = BTreeSet::new();
    for (template, item) in c.document["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            if ["get", "post", "delete", "put", "patch"].contains(&method.as_str()) {
                operations.insert((method.clone(), template.clone()));
            }
        }
    }
    let missed: Vec<_> = operations.difference(&c.checked).collect();
    assert!(missed.is_empty(), "documented and never asked: {missed:?}");
}
