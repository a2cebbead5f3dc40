//! Discord's players at a table, against the fake of `discord.rs`: the interactions a user
//! makes with pbp's players' commands (`/act` and its autocomplete, `/me` and its buttons,
//! `/orders` and its modal), sent signed to a running server, and their answers read.

use serde_json::{Value, json};

use super::discord::commands::resolved;
use super::discord::{FakeDiscord, THREAD, interaction};

/// The channel `/start` is used in.
pub const CHANNEL: &str = "400000000000000004";
/// The game master's Discord user.
pub const GM: &str = "11";
/// Players' Discord users.
pub const ANN: &str = "21";
pub const BO: &str = "22";
pub const CY: &str = "23";
/// A user bound to no seat.
pub const DEE: &str = "24";

/// A user's view of the server: the fake that signs for them, and where pbp listens.
pub struct Discord<'a> {
    pub fake: &'a FakeDiscord,
    pub base: String,
    /// The thread the table is played in.
    pub thread: String,
}

/// A slash command's data.
pub fn slash(name: &str, options: Value) -> Value {
    json!({ "id": "9", "name": name, "type": 1, "options": options })
}

/// An answer's text and whether only its author sees it (a message, or a message updated).
pub fn said(answer: &Value) -> (String, bool) {
    assert!(answer["type"] == 4 || answer["type"] == 7, "{answer}");
    let data = &answer["data"];
    let ephemeral = data["flags"].as_u64().unwrap_or(0) & 64 != 0;
    (data["content"].as_str().unwrap().to_owned(), ephemeral)
}

/// An autocomplete answer's choices, by value (what is sent back when one is picked; each
/// choice's name is its value on one line).
pub fn choices(answer: &Value) -> Vec<String> {
    assert_eq!(answer["type"], 8, "{answer}");
    answer["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let value = c["value"].as_str().unwrap();
            let name = pbp_server::discord::interaction::choice_name(value);
            assert_eq!(c["name"], name.as_str(), "{c}");
            assert!((1..=100).contains(&name.chars().count()), "{c}");
            value.to_owned()
        })
        .collect()
}

impl<'a> Discord<'a> {
    /// Sends interaction `kind` with `data` from `user` in `channel`; answers its JSON.
    pub fn send_in(&self, channel: &str, kind: u8, user: &str, data: Value) -> Value {
        let mut body = interaction(kind, user, &format!("token-{user}"), data);
        body["channel_id"] = json!(channel);
        let answer = self.fake.send(&self.base, &body);
        assert_eq!(answer.status, 200, "{}", answer.body);
        answer.json()
    }

    /// Sends interaction `kind` with `data` from `user` in the table's thread.
    pub fn send(&self, kind: u8, user: &str, data: Value) -> Value {
        self.send_in(&self.thread.clone(), kind, user, data)
    }

    /// `/start game` by [`GM`] in [`CHANNEL`] with `players` (id, name) in seat order; waits
    /// for the thread to be made and bound (the fake's thread is [`THREAD`]).
    pub fn start(fake: &'a FakeDiscord, base: &str, game: &str, players: &[(&str, &str)]) -> Self {
        let mut options = vec![json!({ "name": "game", "type": 3, "value": game })];
        for (n, (id, _)) in players.iter().enumerate() {
            options.push(json!({ "name": format!("player{}", n + 1), "type": 6, "value": id }));
        }
        let mut data = slash("start", json!(options));
        data["resolved"] = resolved(players);
        let before = fake.calls().len();
        let discord = Discord {
            fake,
            base: base.to_owned(),
            thread: THREAD.to_owned(),
        };
        let answer = discord.send_in(CHANNEL, 2, GM, data);
        assert_eq!(answer["type"], 5, "{answer}");
        // The thread made, then the answer completed once the table is bound.
        let calls = fake.wait_for(before + 2);
        assert!(
            calls[before + 1].json()["content"]
                .as_str()
                .unwrap()
                .contains(&format!("<#{THREAD}>")),
            "{calls:?}"
        );
        discord
    }

    /// `/act action:TEXT` by `user`.
    pub fn act(&self, user: &str, text: &str) -> Value {
        self.send(
            2,
            user,
            slash(
                "act",
                json!([{ "name": "action", "type": 3, "value": text }]),
            ),
        )
    }

    /// `user` typing `typed` in `/act`'s action: the choices offered.
    pub fn typing(&self, user: &str, typed: &str) -> Value {
        self.send(
            4,
            user,
            slash(
                "act",
                json!([{ "name": "action", "type": 3, "value": typed, "focused": true }]),
            ),
        )
    }

    /// `/me` by `user`.
    pub fn me(&self, user: &str) -> Value {
        self.send(2, user, slash("me", json!([])))
    }

    /// `presser` pressing button `id` of a `/me` view that was shown to `shown_to`.
    pub fn press(&self, presser: &str, shown_to: &str, id: &str) -> Value {
        let mut body = interaction(
            3,
            presser,
            &format!("token-{presser}"),
            json!({ "custom_id": id, "component_type": 2 }),
        );
        body["channel_id"] = json!(self.thread);
        body["message"] = json!({
            "id": "800000000000000008",
            "flags": 64,
            "interaction_metadata": { "id": "9", "type": 2, "user": { "id": shown_to, "username": format!("player{shown_to}") } },
        });
        let answer = self.fake.send(&self.base, &body);
        assert_eq!(answer.status, 200, "{}", answer.body);
        answer.json()
    }

    /// `/orders` by `user`: the modal (or a refusal).
    pub fn orders(&self, user: &str) -> Value {
        self.send(2, user, slash("orders", json!([])))
    }

    /// `user` sending the orders modal with `text`.
    pub fn submit_orders(&self, user: &str, text: &str) -> Value {
        self.send(
            5,
            user,
            json!({
                "custom_id": "pbp:orders",
                "components": [{ "type": 1, "components": [
                    { "type": 4, "custom_id": "pbp:orders:text", "value": text },
                ] }],
            }),
        )
    }

    /// The contents of the thread's posts so far.
    pub fn posts(&self) -> Vec<String> {
        self.fake
            .messages(&self.thread)
            .into_iter()
            .map(|m| m.content)
            .collect()
    }

    /// Waits until a post of the thread holds `text` (or 60 s); answers the posts.
    pub fn wait_for_post(&self, text: &str) -> Vec<String> {
        self.fake
            .wait_for_messages(&self.thread, |m| m.iter().any(|m| m.content.contains(text)))
            .into_iter()
            .map(|m| m.content)
            .collect()
    }
}

/// The example of Discord's documented payload `name` (`tests/discord_fixtures/`).
pub fn fixture(name: &str) -> Value {
    let path = format!(
        "{}/tests/discord_fixtures/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// Whether `value` has only fields that `example` has, each of the same JSON type (an array's
/// items are held to the example's first).
pub fn conforms(value: &Value, example: &Value, at: &str) -> Result<(), String> {
    match (value, example) {
        (Value::Object(fields), Value::Object(documented)) => {
            fields
                .iter()
                .try_for_each(|(key, field)| match documented.get(key) {
                    Some(documented) => conforms(field, documented, &format!("{at}.{key}")),
                    None => Err(format!("{at}.{key} is not in Discord's shape")),
                })
        }
        (Value::Array(items), Value::Array(documented)) => match documented.first() {
            Some(first) => items
                .iter()
                .enumerate()
                .try_for_each(|(i, item)| conforms(item, first, &format!("{at}[{i}]"))),
            None => Ok(()),
        },
        (Value::String(_), Value::String(_))
        | (Value::Number(_), Value::Number(_))
        | (Value::Bool(_), Value::Bool(_))
        | (Value::Null, Value::Null) => Ok(()),
        _ => Err(format!("{at} is {value}, of another type than {example}")),
    }
}

/// Asserts that `value` has the shape and the kind of Discord's documented payload `name`.
pub fn assert_documented(value: &Value, name: &str) {
    let example = fixture(name);
    if let Err(mismatch) = conforms(value, &example, name) {
        panic!("{mismatch}\n{value:#}");
    }
    assert_eq!(value.get("type"), example.get("type"), "{value}");
}

/// Who plays each seat of each table, for the posts' mentions (`SeatMentions`), as the Discord
/// venue's bindings answer it.
#[derive(Default)]
pub struct SeatUsers(std::sync::Mutex<std::collections::BTreeMap<(String, u16), String>>);

impl SeatUsers {
    /// Notes that `user` plays `seat` of `table`.
    pub fn bind(&self, table: &str, seat: u16, user: &str) {
        self.0
            .lock()
            .unwrap()
            .insert((table.to_owned(), seat), user.to_owned());
    }
}

impl pbp_server::webhooks::SeatMentions for SeatUsers {
    fn user_of(&self, table: &str, seat: u16) -> Option<String> {
        self.0
            .lock()
            .unwrap()
            .get(&(table.to_owned(), seat))
            .cloned()
    }
}

/// The two threads of the secrecy twins ([`twins`]).
pub const TWIN_THREADS: [&str; 2] = ["710000000000000071", "720000000000000072"];

/// The secrecy twins' set-up: a server in `dir` that posts to `fake`, and two tables of `game`
/// from the same seed (7), each bound to its thread of [`TWIN_THREADS`] as `/start` binds
/// them, with `users` in seat order and reminders `remind_before` seconds before a deadline.
/// Answers the server, its hub and each thread's players' side, in the threads' order.
pub fn twins<'a>(
    fake: &'a FakeDiscord,
    dir: &std::path::Path,
    game: &str,
    users: &[&str],
    remind_before: u64,
) -> (super::Running, pbp_server::HubHandle, Vec<Discord<'a>>) {
    let seats = std::sync::Arc::new(SeatUsers::default());
    let hooks = pbp_server::WebhookOptions {
        allow_private: true,
        timeout: std::time::Duration::from_secs(5),
        retry_for: std::time::Duration::from_secs(60),
        first_backoff: std::time::Duration::from_millis(100),
        public_url: None,
    };
    let (server, hub) = super::start_posting(
        &dir.join("db.sqlite"),
        hooks,
        Some(fake.options()),
        seats.clone(),
    );
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let twins = TWIN_THREADS
        .iter()
        .map(|thread| {
            let table = super::import(&server.base, &super::save_of(game, None, 7, &[]));
            let binding = pbp_server::TableBinding {
                channel: (*thread).to_owned(),
                table: table.id.clone(),
                gm_token: table.gm.clone(),
                gm_user: GM.to_owned(),
            };
            let bound: Vec<String> = users.iter().map(|u| (*u).to_owned()).collect();
            runtime
                .block_on(hub.call(move |hub| Ok(hub.store().bind_table(&binding, &bound)?)))
                .unwrap();
            for (seat, user) in (0u16..).zip(users) {
                seats.bind(&table.id, seat, user);
            }
            super::bind_thread(&hub, &table.id, thread, remind_before);
            Discord {
                fake,
                base: server.base.clone(),
                thread: (*thread).to_owned(),
            }
        })
        .collect();
    (server, hub, twins)
}
