//! `pbp serve --public-url`: a turn's summary carries the table's public picture in each
//! webhook format (the JSON's `picture` and `[img]` line, a Discord embed's image, a Slack image
//! block), and that address answers the public's picture.

// Test code: a failed unwrap, expect or panic is how a test or benchmark reports.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::time::Duration;

use common::receiver::{Receiver, accepted};
use common::{agent, create, post, start_hooked, temp_dir};
use pbp_server::WebhookOptions;
use serde_json::json;

const PUBLIC: &str = "https://pbp.example.org";

#[test]
fn a_turns_summary_carries_the_public_picture_in_every_format() {
    let dir = temp_dir("hook-picture");
    let receiver = Receiver::start(0, Duration::ZERO);
    let options = WebhookOptions {
        allow_private: true,
        timeout: Duration::from_secs(2),
        public_url: Some(PUBLIC.to_owned()),
        ..WebhookOptions::default()
    };
    let server = start_hooked(&dir.join("db.sqlite"), options);
    let base = &server.base;
    let table = create(base, r#"{"game":"duel","players":["Al","Bo"]}"#);
    for format in ["json", "discord", "slack"] {
        let body = json!({ "url": format!("{}/{format}", receiver.base), "format": format });
        let added = post(
            base,
            &table.path("webhooks"),
            Some(&table.gm),
            &body.to_string(),
        );
        assert_eq!(added.status, 201, "{}", added.body);
    }
    for (seat, action) in [(0, "strike"), (1, "focus")] {
        let body = json!({ "action": action }).to_string();
        let acted = post(base, &table.path("act"), Some(&table.seats[seat]), &body);
        assert_eq!(acted.status, 200, "{}", acted.body);
    }
    // Each format gets the turn's summary and the next turn's opening.
    let got = receiver.wait_for(Duration::from_secs(30), |g| accepted(g).len() >= 6);
    let picture = format!("{PUBLIC}/api/tables/{}/view?format=png&step=2", table.id);
    let summary = |path: &str| {
        got.iter()
            .find(|g| g.path == path && g.event == "turn_closed")
            .unwrap_or_else(|| panic!("no summary at {path}: {got:#?}"))
            .json()
    };
    let own = summary("/json");
    assert_eq!(own["picture"], picture.as_str());
    let post_text = own["bbcode"].as_str().unwrap();
    assert!(
        post_text
            .trim_end()
            .ends_with(&format!("[img]{picture}[/img]")),
        "{post_text}"
    );
    let discord = summary("/discord");
    assert_eq!(discord["embeds"][0]["image"]["url"], picture.as_str());
    assert!(!discord["content"].as_str().unwrap().contains("[img]"));
    let slack = summary("/slack");
    let blocks = slack["blocks"].as_array().unwrap();
    let image = blocks.last().unwrap();
    assert_eq!(image["type"], "image");
    assert_eq!(image["image_url"], picture.as_str());
    // The opening of the next turn has no picture of its own.
    let opened = got
        .iter()
        .find(|g| g.path == "/json" && g.event == "turn_opened")
        .unwrap()
        .json();
    assert!(opened.get("picture").is_none());

    // The address, on this server, answers the public's picture: no token, no secret.
    let path = picture.strip_prefix(PUBLIC).unwrap();
    let mut response = agent().get(format!("{base}{path}")).call().unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let public = response.body_mut().read_to_vec().unwrap();
    assert!(public.starts_with(b"\x89PNG"));
    // The same picture as the view's own without a token (the `step` only names the address).
    let mut plain = agent()
        .get(format!("{base}/api/tables/{}/view?format=png", table.id))
        .call()
        .unwrap();
    assert!(plain.body_mut().read_to_vec().unwrap() == public);
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
