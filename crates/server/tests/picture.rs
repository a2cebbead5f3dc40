//! `GET /api/tables/{id}/view?format=png`: each viewer's own picture under the view's access
//! rules, its `ETag` and `304`, a new tag at every step; and the `[img]` line of the BBCode
//! posts when the server knows its public URL.

// Tests and their helpers unwrap, expect and panic: a failed test is their way to report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{agent, get, import, post, start, start_hooked, temp_dir};
use pbp_core::engine::erased::ActionInput;
use pbp_core::engine::{Actor, DiceChoice, Viewer};
use pbp_frontend::Table;
use pbp_server::WebhookOptions;

const PUBLIC: &str = "https://pbp.example.org/games";

/// A Scroll Race after a few of the bot's actions: each team has chosen its scroll's carrier,
/// which its own seats see and the public and the other team do not.
fn race() -> Table {
    let mut table = Table::new("scroll-race", None, 40, DiceChoice::Seeded).unwrap();
    for _ in 0..6 {
        let Some(seat) = table.turn().actors().iter().find_map(|a| a.seat()) else {
            break;
        };
        let action = table.bot_action(seat).unwrap().unwrap();
        table
            .act(
                Actor::Seat(seat),
                &ActionInput::Json(action.json),
                DiceChoice::Seeded,
            )
            .unwrap();
    }
    table
}

/// The picture's answer: status, `ETag`, content type and bytes.
fn picture(
    base: &str,
    id: &str,
    token: Option<&str>,
    tag: Option<&str>,
) -> (u16, String, String, Vec<u8>) {
    let mut request = agent().get(format!("{base}/api/tables/{id}/view?format=png"));
    if let Some(token) = token {
        request = request.header("Authorization", format!("Bearer {token}"));
    }
    if let Some(tag) = tag {
        request = request.header("If-None-Match", tag);
    }
    let mut response = request.call().unwrap();
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned()
    };
    let (tag, kind) = (header("etag"), header("content-type"));
    let body = response.body_mut().read_to_vec().unwrap_or_default();
    (response.status().as_u16(), tag, kind, body)
}

#[test]
fn each_viewer_gets_its_own_picture_with_a_tag_per_step() {
    let dir = temp_dir("picture");
    let server = start_hooked(
        &dir.join("pbp.sqlite"),
        WebhookOptions {
            public_url: Some(PUBLIC.to_owned()),
            ..WebhookOptions::default()
        },
    );
    let base = &server.base;
    let local = race();
    let table = import(base, &local.save().unwrap());

    // The public's picture: the table's own, byte for byte, with a tag.
    let (status, public_tag, kind, public) = picture(base, &table.id, None, None);
    assert_eq!((status, kind.as_str()), (200, "image/png"));
    assert!(public == local.png(Viewer::Public).unwrap());
    assert!(public_tag.starts_with("\"png-"), "{public_tag}");
    // Asked again with its tag: 304, no picture.
    let (status, tag, _, body) = picture(base, &table.id, None, Some(&public_tag));
    assert_eq!((status, tag.as_str()), (304, public_tag.as_str()));
    assert!(body.is_empty());

    // A seat's picture shows its team's carrier; the other team's shows theirs.
    let (first, last) = (&table.seats[0], &table.seats[table.seats.len() - 1]);
    let (status, first_tag, _, mine) = picture(base, &table.id, Some(first), None);
    assert_eq!(status, 200);
    assert!(mine == local.png(Viewer::Seat(pbp_core::engine::Seat(0))).unwrap());
    assert!(mine != public, "a seat sees its carrier");
    assert_ne!(first_tag, public_tag);
    let (_, _, _, theirs) = picture(base, &table.id, Some(last), None);
    assert!(theirs != mine && theirs != public);
    // The public's tag does not spare a seat its own picture.
    let (status, _, _, again) = picture(base, &table.id, Some(first), Some(&public_tag));
    assert_eq!(status, 200);
    assert!(again == mine);

    // The view's access rules: an unknown token is refused, a missing table is 404.
    let (status, _, _, _) = picture(base, &table.id, Some("not-a-token"), None);
    assert_eq!(status, 401);
    let (status, _, _, _) = picture(base, "no-such-table", None, None);
    assert_eq!(status, 404);

    // The next step has a picture of its own: the old tag gets the new picture.
    let seat = local.turn().actors().iter().find_map(|a| a.seat()).unwrap();
    let action = local.bot_action(seat).unwrap().unwrap();
    let body = serde_json::json!({ "action": action.json, "as": seat.0 }).to_string();
    let acted = post(base, &table.path("act"), Some(&table.gm), &body);
    assert_eq!(acted.status, 200, "{}", acted.body);
    let (status, tag, _, _) = picture(base, &table.id, None, Some(&public_tag));
    assert_eq!(status, 200);
    assert_ne!(tag, public_tag);

    // The BBCode post ends with the public picture of this step, for every viewer.
    for token in [None, Some(table.gm.as_str()), Some(first.as_str())] {
        let bbcode = get(base, &table.path("view?format=bbcode"), token);
        assert_eq!(bbcode.status, 200);
        let line = format!(
            "[img]{PUBLIC}/api/tables/{}/view?format=png&step={}[/img]",
            table.id,
            local.steps() + 1
        );
        assert!(bbcode.body.trim_end().ends_with(&line), "{}", bbcode.body);
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn without_a_public_url_posts_carry_no_picture() {
    let dir = temp_dir("no-picture");
    let server = start(&dir.join("pbp.sqlite"));
    let table = import(&server.base, &race().save().unwrap());
    let bbcode = get(&server.base, &table.path("view?format=bbcode"), None);
    assert_eq!(bbcode.status, 200);
    assert!(!bbcode.body.contains("[img]"), "{}", bbcode.body);
    // The picture itself is there all the same.
    let (status, _, kind, body) = picture(&server.base, &table.id, None, None);
    assert_eq!((status, kind.as_str()), (200, "image/png"));
    assert!(body.starts_with(b"\x89PNG"));
    let refused = get(&server.base, &table.path("view?format=gif"), None);
    assert_eq!(refused.status, 400);
    assert!(refused.body.contains("svg or png"), "{}", refused.body);
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
