//! The API's OpenAPI 3.1 document, `GET /api/openapi.json`: every route the router serves,
//! its request body and its answers, the live stream's events and the webhooks' notices. The
//! schemas are derived from the wire's own serde types (utoipa reads their serde attributes),
//! the answers of `pbp-core` and `pbp-frontend` described by `schemas.rs`; the routes are
//! listed here, once. tests/openapi.rs holds the running server's answers to this document,
//! and checks that every route the router serves is in it.

use std::borrow::Cow;

use utoipa::openapi::path::{HttpMethod, Operation, Parameter, ParameterIn};
use utoipa::openapi::request_body::RequestBody;
use utoipa::openapi::response::Response;
use utoipa::openapi::schema::{ArrayBuilder, Components, ComponentsBuilder, ObjectBuilder, Type};
use utoipa::openapi::{
    Content, Info, OpenApi, OpenApiBuilder, Paths, Ref, RefOr, Required, Schema, Tag,
};
use utoipa::{PartialSchema, ToSchema};

use crate::error::ErrorBody;
use crate::hub::create::Created;
use crate::hub::links::SeatLink;
use crate::hub::status::{DeadlineAnswer, DraftAnswer, ReadyAnswer, ResolveAnswer, TableStatus};
use crate::hub::view::schema::ViewSchema;
use crate::limits::ServerInfo;
use crate::request::webhook::WebhookBody;
use crate::request::{ActBody, CreateBody, DeadlineRequest, LinkRequest, ReadyRequest};
use crate::schemas::{ActReportSchema, LegalActionSchema, LogLineSchema, SaveSchema};
use crate::schemas::{ThreadReportSchema, TurnSchema};
use crate::stream::TurnEvent;
use crate::stream::{DeadlineEvent, LaggingEvent, OrdersEvent, OverEvent, StreamStatus};
use crate::thread::ThreadRequest;
use crate::webhooks::manage::{Hook, HookList, Removed};
use crate::webhooks::notice::TurnOpenedNotice;
use crate::webhooks::notice::{GameOverNotice, ReminderNotice, TurnClosedNotice};

/// A named schema and every schema it refers to.
fn named<T: ToSchema>(all: &mut Vec<(String, RefOr<Schema>)>) {
    all.push((T::name().into_owned(), T::schema()));
    T::schemas(all);
}

/// A reference to the named schema of `T`.
fn of<T: ToSchema>() -> RefOr<Schema> {
    RefOr::Ref(Ref::from_schema_name(T::name()))
}

/// An array of `T`.
fn list<T: ToSchema>() -> RefOr<Schema> {
    ArrayBuilder::new().items(of::<T>()).into()
}

/// Every schema of the document.
fn components() -> Components {
    let mut all = Vec::new();
    named::<ErrorBody>(&mut all);
    named::<ServerInfo>(&mut all);
    named::<CreateBody>(&mut all);
    named::<Created>(&mut all);
    named::<ViewSchema>(&mut all);
    named::<TableStatus>(&mut all);
    named::<LegalActionSchema>(&mut all);
    named::<LogLineSchema>(&mut all);
    named::<ActBody>(&mut all);
    named::<ActReportSchema>(&mut all);
    named::<TurnSchema>(&mut all);
    named::<DraftAnswer>(&mut all);
    named::<ReadyRequest>(&mut all);
    named::<ReadyAnswer>(&mut all);
    named::<DeadlineRequest>(&mut all);
    named::<DeadlineAnswer>(&mut all);
    named::<ResolveAnswer>(&mut all);
    named::<LinkRequest>(&mut all);
    named::<SeatLink>(&mut all);
    named::<SaveSchema>(&mut all);
    named::<WebhookBody>(&mut all);
    named::<Hook>(&mut all);
    named::<HookList>(&mut all);
    named::<Removed>(&mut all);
    named::<ThreadRequest>(&mut all);
    named::<ThreadReportSchema>(&mut all);
    named::<StreamStatus>(&mut all);
    named::<TurnEvent>(&mut all);
    named::<OverEvent>(&mut all);
    named::<DeadlineEvent>(&mut all);
    named::<OrdersEvent>(&mut all);
    named::<LaggingEvent>(&mut all);
    named::<TurnOpenedNotice>(&mut all);
    named::<TurnClosedNotice>(&mut all);
    named::<ReminderNotice>(&mut all);
    named::<GameOverNotice>(&mut all);
    ComponentsBuilder::new().schemas_from_iter(all).build()
}

/// One content type of an answer, with its schema (`None`: any body of that type).
type Body = (&'static str, Option<RefOr<Schema>>);

/// One route: its method, path, tag, summary, request body and answer.
struct Route {
    method: HttpMethod,
    path: &'static str,
    tag: &'static str,
    summary: &'static str,
    body: Option<RefOr<Schema>>,
    /// The answer's status, and its content types with their schema (`None`: any body of
    /// that type).
    answer: (&'static str, Vec<Body>),
}

const JSON: &str = "application/json";

/// A route answering JSON.
fn route(
    method: HttpMethod,
    path: &'static str,
    summary: &'static str,
    body: Option<RefOr<Schema>>,
    answer: (&'static str, RefOr<Schema>),
) -> Route {
    let tag = if path.starts_with("/api/tables/{id}/webhooks") {
        "webhooks"
    } else if path.starts_with("/discord") {
        "discord"
    } else if path.starts_with("/api/tables/{id}") {
        "tables"
    } else {
        "server"
    };
    Route {
        method,
        path,
        tag,
        summary,
        body,
        answer: (answer.0, vec![(JSON, Some(answer.1))]),
    }
}

/// A page or an asset of the hosting page.
fn page(path: &'static str, content_type: &'static str, summary: &'static str) -> Route {
    let string = ObjectBuilder::new().schema_type(Type::String).into();
    Route {
        method: HttpMethod::Get,
        path,
        tag: "pages",
        summary,
        body: None,
        answer: ("200", vec![(content_type, Some(string))]),
    }
}

/// What the live stream's route says of its events.
const EVENTS: &str = "A server-sent event stream (`text/event-stream`) of what the token's \
holder may see. Each event's `data:` is JSON following a schema of this document: `log` \
(`LogLine`, with `id: STEP.SUB`; send `Last-Event-ID` to resume after it), `status` \
(`StreamStatus`, the first event of every connection and the last of every change), `turn` \
(`TurnEvent`), `over` (`OverEvent`), `deadline` (`DeadlineEvent`), `orders` (`OrdersEvent`), \
and, before the stream ends, `lagging` (`LaggingEvent`) or `error` (`ErrorBody`).";

/// Every route the router serves.
#[allow(clippy::too_many_lines)] // One table of routes, read top to bottom.
fn routes() -> Vec<Route> {
    use HttpMethod::{Delete, Get, Post};
    let any: RefOr<Schema> = ObjectBuilder::new().into();
    vec![
        route(
            Get,
            "/api/openapi.json",
            "This document",
            None,
            ("200", any),
        ),
        route(
            Get,
            "/api/games",
            "The games the server hosts, by name",
            None,
            ("200", ArrayBuilder::new().items(String::schema()).into()),
        ),
        route(
            Get,
            "/api/server",
            "What the hosting page needs to know about creating tables",
            None,
            ("200", of::<ServerInfo>()),
        ),
        route(
            Post,
            "/api/tables",
            "Create a table (a new game or an imported save)",
            Some(of::<CreateBody>()),
            ("201", of::<Created>()),
        ),
        Route {
            method: Get,
            path: "/api/tables/{id}/view",
            tag: "tables",
            summary: "The token holder's view: `?format=json` (the default; `View`), `text`, \
                      `bbcode`, `svg` or `png`",
            body: None,
            answer: (
                "200",
                vec![
                    (JSON, Some(of::<ViewSchema>())),
                    ("text/plain", Some(String::schema())),
                    ("image/svg+xml", Some(String::schema())),
                    ("image/png", None),
                ],
            ),
        },
        route(
            Get,
            "/api/tables/{id}/legal",
            "The legal actions of the token's seat (`?as=N` for the game master)",
            None,
            ("200", list::<LegalActionSchema>()),
        ),
        route(
            Get,
            "/api/tables/{id}/form",
            "The form the token's seat builds its action from (`?as=N` for the game master): \
             the kinds of action, their fields and each field's choices",
            None,
            ("200", ObjectBuilder::new().into()),
        ),
        route(
            Post,
            "/api/tables/{id}/check",
            "Whether the game would take this action now, changing nothing: the action as \
             `{text, json}` (the text is the post it makes), or the game's refusal (422)",
            Some(of::<ActBody>()),
            (
                "200",
                ObjectBuilder::new()
                    .property("text", String::schema())
                    .required("text")
                    .property("json", ObjectBuilder::new())
                    .required("json")
                    .into(),
            ),
        ),
        route(
            Get,
            "/api/tables/{id}/log",
            "The log lines the token's holder may see",
            None,
            ("200", list::<LogLineSchema>()),
        ),
        route(
            Post,
            "/api/tables/{id}/act",
            "Act for the token's seat",
            Some(of::<ActBody>()),
            ("200", of::<ActReportSchema>()),
        ),
        route(
            Post,
            "/api/tables/{id}/draft",
            "Save a draft of the turn's orders",
            Some(of::<ActBody>()),
            ("200", of::<DraftAnswer>()),
        ),
        route(
            Post,
            "/api/tables/{id}/ready",
            "Mark the draft ready (or not)",
            Some(of::<ReadyRequest>()),
            ("200", of::<ReadyAnswer>()),
        ),
        route(
            Post,
            "/api/tables/{id}/deadline",
            "Set or clear the turn's deadline (game master)",
            Some(of::<DeadlineRequest>()),
            ("200", of::<DeadlineAnswer>()),
        ),
        route(
            Post,
            "/api/tables/{id}/resolve",
            "Close the turn now (game master)",
            None,
            ("200", of::<ResolveAnswer>()),
        ),
        route(
            Post,
            "/api/tables/{id}/seats/{seat}/link",
            "A new link for a seat (game master)",
            Some(of::<LinkRequest>()),
            ("200", of::<SeatLink>()),
        ),
        route(
            Get,
            "/api/tables/{id}/record",
            "The save file (game master)",
            None,
            ("200", of::<SaveSchema>()),
        ),
        route(
            Post,
            "/api/tables/{id}/thread",
            "Apply a forum thread (game master)",
            Some(of::<ThreadRequest>()),
            ("200", of::<ThreadReportSchema>()),
        ),
        route(
            Get,
            "/api/tables/{id}/webhooks",
            "The table's webhooks with their latest notices (game master)",
            None,
            ("200", of::<HookList>()),
        ),
        route(
            Post,
            "/api/tables/{id}/webhooks",
            "Add a webhook (game master); its secret is shown once",
            Some(of::<WebhookBody>()),
            ("201", of::<Hook>()),
        ),
        route(
            Delete,
            "/api/tables/{id}/webhooks/{hook}",
            "Remove a webhook and its pending notices (game master)",
            None,
            ("200", of::<Removed>()),
        ),
        Route {
            method: Get,
            path: "/api/tables/{id}/events",
            tag: "tables",
            summary: EVENTS,
            body: None,
            answer: ("200", vec![("text/event-stream", None)]),
        },
        route(
            Post,
            "/discord/interactions",
            "Discord's interactions (served when the server is given a Discord application): \
             the body is an interaction as Discord sends it, signed in `X-Signature-Ed25519` \
             over `X-Signature-Timestamp` and the body; the answer is an interaction response \
             (docs/DISCORD.md). A bad or missing signature answers 401.",
            Some(ObjectBuilder::new().into()),
            ("200", ObjectBuilder::new().into()),
        ),
        page("/", "text/html", "The hosting page: create a table"),
        page("/t/{id}", "text/html", "A table's page"),
        page(
            "/assets/index.js",
            "text/javascript",
            "The hosting page's script",
        ),
        page(
            "/assets/table.js",
            "text/javascript",
            "The table page's script",
        ),
        page(
            "/assets/live.js",
            "text/javascript",
            "The live stream's script",
        ),
        page(
            "/assets/links.js",
            "text/javascript",
            "The seats' links' script",
        ),
        page(
            "/assets/webhooks.js",
            "text/javascript",
            "The webhooks' script",
        ),
        page(
            "/assets/map.js",
            "text/javascript",
            "The map's script: drawn inline, a click on a place picks it in the order form",
        ),
        page(
            "/assets/form.js",
            "text/javascript",
            "The order form's script",
        ),
        page("/assets/table.css", "text/css", "The table page's style"),
        page("/assets/style.css", "text/css", "The pages' style"),
    ]
}

/// The path parameters of `path` (`{id}`, `{seat}`, `{hook}`).
fn parameters(path: &str) -> Vec<Parameter> {
    path.split('/')
        .filter_map(|part| part.strip_prefix('{')?.strip_suffix('}'))
        .map(|name| {
            Parameter::builder()
                .name(name)
                .parameter_in(ParameterIn::Path)
                .required(Required::True)
                .schema(Some(String::schema()))
                .build()
        })
        .collect()
}

/// The query parameters of `path`.
fn queries(path: &str) -> Vec<Parameter> {
    let query = |name: &str, description: &str| {
        Parameter::builder()
            .name(name)
            .parameter_in(ParameterIn::Query)
            .required(Required::False)
            .description(Some(description))
            .schema(Some(String::schema()))
            .build()
    };
    if path.ends_with("/view") {
        vec![query(
            "format",
            "`json` (the default), `text`, `bbcode`, `svg` or `png`",
        )]
    } else if path.ends_with("/legal") || path.ends_with("/form") {
        vec![query(
            "as",
            "The seat whose actions the game master asks for",
        )]
    } else {
        Vec::new()
    }
}

fn operation(route: Route) -> Operation {
    let (status, contents) = route.answer;
    let mut answer = Response::builder().description(route.summary);
    for (content_type, schema) in contents {
        answer = answer.content(content_type, Content::new(schema));
    }
    let answer = answer.build();
    let error = Response::builder()
        .description("An error: its kind and what to do, in words")
        .content(JSON, Content::new(Some(of::<ErrorBody>())))
        .build();
    let mut operation = Operation::builder()
        .tag(route.tag)
        .summary(Some(route.summary))
        .parameters(Some(parameters(route.path)))
        .parameters(Some(queries(route.path)))
        .response(status, answer);
    if route.tag != "pages" {
        operation = operation.response("default", error);
    }
    if let Some(body) = route.body {
        operation = operation.request_body(Some(
            RequestBody::builder()
                .content(JSON, Content::new(Some(body)))
                .required(Some(Required::True))
                .build(),
        ));
    }
    operation.build()
}

/// The webhooks' notices: what the server posts to a `json` webhook (the chat formats are
/// made from their texts).
fn notices() -> Paths {
    let mut paths = Paths::new();
    let kinds: [(&str, RefOr<Schema>); 4] = [
        ("turn_opened", of::<TurnOpenedNotice>()),
        ("turn_closed", of::<TurnClosedNotice>()),
        ("reminder", of::<ReminderNotice>()),
        ("game_over", of::<GameOverNotice>()),
    ];
    for (kind, schema) in kinds {
        let operation = Operation::builder()
            .summary(Some(Cow::Owned(format!(
                "A `{kind}` notice, signed in `X-Pbp-Signature`"
            ))))
            .request_body(Some(
                RequestBody::builder()
                    .content(JSON, Content::new(Some(schema)))
                    .required(Some(Required::True))
                    .build(),
            ))
            .response("2XX", Response::new("Received"))
            .build();
        paths.add_path_operation(kind, vec![HttpMethod::Post], operation);
    }
    paths
}

/// The document.
pub(crate) fn document() -> OpenApi {
    let mut paths = Paths::new();
    for route in routes() {
        let (path, method) = (route.path, route.method.clone());
        paths.add_path_operation(path, vec![method], operation(route));
    }
    let mut info = Info::new("pbp table server", env!("CARGO_PKG_VERSION"));
    info.description = Some(
        "The hosted table of pbp: every player acts for their own seat with a bearer token \
         (`Authorization: Bearer TOKEN`); see docs/SERVER.md."
            .to_owned(),
    );
    let tags = ["server", "tables", "webhooks", "discord", "pages"].map(Tag::new);
    OpenApiBuilder::new()
        .info(info)
        .paths(paths)
        .webhooks(Some(notices()))
        .components(Some(components()))
        .tags(Some(tags))
        .build()
}

/// The document as JSON text, made once.
pub(crate) fn document_json() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| document().to_json().unwrap_or_default())
}
