//! Commands as Discord sends them to pbp (`/start`, any command in a channel), and what the
//! Discord venue bound, for the tests of the commands.

use serde_json::{Value, json};

use super::{FakeDiscord, THREAD, interaction};

/// The users a command's user options name, as Discord resolves them: (id, display name).
pub fn resolved(users: &[(&str, &str)]) -> Value {
    let mut map = serde_json::Map::new();
    for (id, name) in users {
        map.insert(
            (*id).to_owned(),
            json!({ "id": id, "username": format!("user{id}"), "global_name": name, "discriminator": "0" }),
        );
    }
    json!({ "users": map })
}

/// The data of `/start game` with `players` (id, display name) in seat order.
pub fn start_data(game: &str, players: &[(&str, &str)]) -> Value {
    let mut options = vec![json!({ "name": "game", "type": 3, "value": game })];
    for (n, (id, _)) in players.iter().enumerate() {
        options.push(json!({ "name": format!("player{}", n + 1), "type": 6, "value": id }));
    }
    json!({ "id": "9", "name": "start", "type": 1, "options": options, "resolved": resolved(players) })
}

/// Command `name` with `options`, sent by `user` in `channel` (its token `token-{name}`).
pub fn command_in(user: &str, channel: &str, name: &str, options: Value) -> Value {
    let mut body = interaction(
        2,
        user,
        &format!("token-{name}"),
        json!({ "id": "9", "name": name, "type": 1, "options": options }),
    );
    body["channel_id"] = json!(channel);
    body
}

/// The table played in `channel`, as the Discord venue bound it (its game master's token
/// included, for the tests that act as the game master over HTTP).
pub fn binding_of(hub: &pbp_server::HubHandle, channel: &str) -> pbp_server::TableBinding {
    let channel = channel.to_owned();
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(hub.call(move |hub| Ok(hub.store().table_in(&channel).unwrap())))
        .unwrap()
        .expect("a table is played in the channel")
}

/// Starts `game` for `players` (id, display name) by `/start` from `gm` in `channel`, and
/// waits until its thread ([`THREAD`]) is made, bound and the answer completed.
pub fn start_table(
    fake: &FakeDiscord,
    base: &str,
    gm: &str,
    channel: &str,
    game: &str,
    players: &[(&str, &str)],
) {
    let before = fake.calls().len();
    let mut body = interaction(2, gm, "token-start", start_data(game, players));
    body["channel_id"] = json!(channel);
    let answer = fake.send(base, &body);
    assert_eq!(answer.json(), json!({ "type": 5, "data": { "flags": 0 } }));
    let calls = fake.wait_for(before + 2);
    let done = calls.last().unwrap();
    assert_eq!(done.method, "PATCH", "{calls:#?}");
    assert!(
        done.json()["content"]
            .as_str()
            .unwrap()
            .ends_with(&format!("in <#{THREAD}>")),
        "{done:?}"
    );
}
