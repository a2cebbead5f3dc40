//! # pbp-wasm
//!
//! pbp for JavaScript: the games of [`pbp_frontend::catalog`] through the type-erased layer of
//! `pbp_core::engine::erased`, with nothing game-specific here, so every game added to the catalog is in
//! the browser too. The game master's page in `crates/wasm/www` is built on it (see `docs/WEB.md`).
//!
//! Each game is a cargo feature (named as the game, all on by default); the page's build
//! (`crates/wasm/build.sh`) makes one module without them (the duel and the dice panel) and one
//! a game. From JavaScript (after `wasm-bindgen --target web`; the page's modules are in
//! `pkg/MODULE/`):
//!
//! ```js
//! import init, { games, Session } from "./pkg/pbp_wasm.js";
//! await init();
//! games();                                     // [{name: "duel", default_config: {...}}]
//! const s = new Session("duel", undefined, 2026n);
//! s.legal("0");                                // [{text: "strike", json: {...}}, ...]
//! s.act("0", "focus");                         // {step: 1, action, events, turn}
//! s.act("1", '{"choose":"strike"}', "2,10,4,1,9,9");
//! s.view("public"); s.svg("1"); s.bbcode("public"); s.log("gm");
//! s.undo();
//! const file = s.save();                       // the CLI's save file, byte for byte
//! s.commitment;                               // the dice commitment to post (64 hex digits)
//! const again = Session.load(file, "duel.json");
//! ```
//!
//! The dice panel's calls:
//!
//! ```js
//! import { roll, odds } from "./pkg/pbp_wasm.js";
//! roll("5k3 h+2", 7n, 3);                      // [{total, dice: [{faces, value, kept}], expr}, ...]
//! odds("2k1");                                 // {expr, mean, min, max, percentiles, table, truncated}
//! odds("2k1 vs 3k2", "first-must-exceed");     // {first, second, comparison, win, lose, push, truncated}
//! ```
//!
//! Structured answers are plain JavaScript objects (parsed from the JSON the CLI prints); text
//! answers are strings; seeds are `BigInt`s (a `u64` does not fit a JavaScript number). Every
//! error is a JavaScript `Error` whose message is the CLI's.
//!
//! Viewers and actors are strings, as the CLI's `--as` reads them: a seat number (`"0"`), `"gm"`,
//! and for viewers `"public"`. Dice rolled elsewhere are a string of whole numbers separated by
//! commas or spaces (`"10,4,7"`); leaving them out draws from the game's seed.

mod table;

use serde_json::Value;
use wasm_bindgen::prelude::*;

pub use table::{Table, parse_dice};

fn js_error(message: String) -> JsError {
    JsError::new(&message)
}

fn to_js(value: Result<Value, String>) -> Result<JsValue, JsError> {
    let value = value.map_err(js_error)?;
    js_sys::JSON::parse(&value.to_string())
        .map_err(|_| js_error("cannot read the answer's JSON in JavaScript".to_owned()))
}

/// Every game with its default config: `[{name, default_config}]`, as `pbp games --json`.
///
/// # Errors
/// A default config that cannot be written as JSON.
#[wasm_bindgen]
pub fn games() -> Result<JsValue, JsError> {
    to_js(table::games(pbp_frontend::catalog::catalog()))
}

/// The name of the game a save file is for, after checking its envelope.
///
/// # Errors
/// Text that is not a pbp save, with the CLI's message.
#[wasm_bindgen(js_name = saveGame)]
pub fn save_game(save: &str) -> Result<String, JsError> {
    pbp_core::engine::erased::save_game(save).map_err(|e| js_error(e.to_string()))
}

/// Rolls `expr` (pbp's notation: `5k3 h+2`, `3d6`, `coin`, `75%`) `count` times (1 when left
/// out) from one seeded dice source: an array of `{total, dice: [{faces, value, kept}], expr,
/// ...}`, each as a line of `pbp roll EXPR --seed SEED --count COUNT --json`.
///
/// # Errors
/// A notation error (`cannot read the roll: at byte N: ...`, then the input and a caret under the
/// bad character), more than 10000 rolls, or a roll the dice limits refuse.
#[wasm_bindgen]
pub fn roll(expr: &str, seed: u64, count: Option<u32>) -> Result<JsValue, JsError> {
    to_js(pbp_frontend::dice::roll(expr, seed, count.unwrap_or(1)))
}

/// The exact odds of `text`, as `pbp odds TEXT --compare COMPARE --json`: for one roll its
/// distribution `{expr, mean, min, max, percentiles: {"5": .., "50": ..}, table: [{total,
/// chance}], truncated}`; for `A vs B` the contest `{first, second, comparison, win, lose, push,
/// truncated}`. `compare` is `highest-then-second` (the default) or `first-must-exceed`.
///
/// # Errors
/// A notation error naming its position, more than one `vs`, an unknown comparison, or a roll
/// too large for exact odds, with the CLI's messages.
#[wasm_bindgen]
pub fn odds(text: &str, compare: Option<String>) -> Result<JsValue, JsError> {
    to_js(pbp_frontend::dice::odds(text, compare.as_deref()))
}

/// One game in progress.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Session(Table);

#[wasm_bindgen]
impl Session {
    /// Starts `game` with `config` (JSON text; `undefined` for the default) and `seed`, the
    /// setup's dice from the seed or, with `dice`, rolled elsewhere.
    ///
    /// # Errors
    /// An unknown game, an invalid config, a refused setup, or dice that do not fit.
    #[wasm_bindgen(constructor)]
    pub fn new(
        game: &str,
        config: Option<String>,
        seed: u64,
        dice: Option<String>,
    ) -> Result<Session, JsError> {
        Table::new(game, config.as_deref(), seed, dice.as_deref())
            .map(Session)
            .map_err(js_error)
    }

    /// Loads a save file's text; `source` (a file name) starts the error messages as in the CLI.
    /// Every seeded roll is derived again from the seed and the seed must match the commitment,
    /// as in every `pbp` command.
    ///
    /// # Errors
    /// The save's problem: bad JSON with line and column, another format, an unknown game, a
    /// checksum mismatch, an altered seed or salt, a step that does not replay.
    pub fn load(save: &str, source: Option<String>) -> Result<Session, JsError> {
        Table::load(save, source.as_deref())
            .map(Session)
            .map_err(js_error)
    }

    /// The game's name.
    #[wasm_bindgen(getter)]
    pub fn game(&self) -> String {
        self.0.game().to_owned()
    }

    /// The game's title as people write it ("Warring States").
    #[wasm_bindgen(getter)]
    pub fn title(&self) -> String {
        self.0.title().to_owned()
    }

    /// The record's seed: the game master's secret (the page shows it in the game master's view
    /// alone).
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> u64 {
        self.0.seed()
    }

    /// The dice commitment to post from the first post on (64 lowercase hex digits), or
    /// `undefined` for a save started before commitments.
    #[wasm_bindgen(getter)]
    pub fn commitment(&self) -> Option<String> {
        self.0.commitment()
    }

    /// Actions taken so far.
    #[wasm_bindgen(getter)]
    pub fn steps(&self) -> usize {
        self.0.steps()
    }

    /// Who may act now (`{acting: [{seat: 0}, "game-master"]}`), or the outcome (`{over: {...}}`).
    ///
    /// # Errors
    /// A turn that cannot be written as JSON.
    pub fn turn(&self) -> Result<JsValue, JsError> {
        to_js(self.0.turn())
    }

    /// Who may act now, or how the game ended, in one line (`to act: seat 0, gm`).
    #[wasm_bindgen(js_name = describeTurn)]
    pub fn describe_turn(&self) -> String {
        self.0.describe_turn()
    }

    /// The seats this session shows so far: those who may act, were sent an event, or are named
    /// by the outcome. The contract has no seat count; other seats can still be named.
    ///
    /// # Errors
    /// A log that cannot be written as JSON.
    pub fn seats(&self) -> Result<Vec<u16>, JsError> {
        self.0.seats().map_err(js_error)
    }

    /// The players' names the game gives the seats it shows: `[{seat, name}]`, a clan, faction
    /// or colour, or `seat N` where the game has none.
    ///
    /// # Errors
    /// A log that cannot be written as JSON.
    pub fn players(&self) -> Result<JsValue, JsError> {
        to_js(self.0.players())
    }

    /// The legal actions of `actor`, each as `{text, json}`.
    ///
    /// # Errors
    /// An actor that is not a seat number or `gm`.
    pub fn legal(&self, actor: &str) -> Result<JsValue, JsError> {
        to_js(self.0.legal(actor))
    }

    /// The form `actor` builds its action with now: `{kinds: [{key, label, fields}]}`, each
    /// field `{key, label, input}` with an input of type `one`, `many`, `number`, `fixed` or
    /// `rows` (see `pbp_core::engine::form` for how the action's JSON is built from it).
    ///
    /// # Errors
    /// An actor that is not a seat number or `gm`.
    pub fn form(&self, actor: &str) -> Result<JsValue, JsError> {
        to_js(self.0.form(actor))
    }

    /// Checks `actor`'s action (JSON or text) as `act` would, changing nothing, and answers it
    /// as `{text, json}`: the text is the post it makes.
    ///
    /// # Errors
    /// Input that is not an action, or the game's refusal.
    pub fn check(&self, actor: &str, input: &str) -> Result<JsValue, JsError> {
        to_js(self.0.check(actor, input))
    }

    /// Reads an action (JSON or the game's text form) of `actor` without applying it, as
    /// `{text, json}`.
    ///
    /// # Errors
    /// Input that is not an action of the game.
    pub fn parse(&self, actor: &str, input: &str) -> Result<JsValue, JsError> {
        to_js(self.0.parse(actor, input))
    }

    /// Applies `actor`'s action (JSON or text) with the seed's dice or, with `dice`, values rolled
    /// elsewhere. Answers `{step, action, events, turn}` with the events the actor may see.
    ///
    /// # Errors
    /// Input that is not an action, the game's refusal, or dice that do not fit; nothing changes.
    pub fn act(
        &mut self,
        actor: &str,
        input: &str,
        dice: Option<String>,
    ) -> Result<JsValue, JsError> {
        to_js(self.0.act(actor, input, dice.as_deref()))
    }

    /// What `viewer` (a seat number, `public` or `gm`) may see: `{game, steps, turn, view}`.
    ///
    /// # Errors
    /// A viewer that is not a seat number, `public` or `gm`.
    pub fn view(&self, viewer: &str) -> Result<JsValue, JsError> {
        to_js(self.0.view(viewer))
    }

    /// The events `viewer` may see, each as `{step, audience, event, text}`.
    ///
    /// # Errors
    /// A viewer that is not a seat number, `public` or `gm`.
    pub fn log(&self, viewer: &str) -> Result<JsValue, JsError> {
        to_js(self.0.log(viewer))
    }

    /// The state as `viewer` sees it, as plain text.
    ///
    /// # Errors
    /// A viewer that is not a seat number, `public` or `gm`.
    pub fn text(&self, viewer: &str) -> Result<String, JsError> {
        self.0.text(viewer).map_err(js_error)
    }

    /// The map or field as `viewer` sees it, as an SVG document.
    ///
    /// # Errors
    /// A viewer that is not a seat number, `public` or `gm`.
    pub fn svg(&self, viewer: &str) -> Result<String, JsError> {
        self.0.svg(viewer).map_err(js_error)
    }

    /// A forum post for `viewer`, in BBCode: the state and the last action's events.
    ///
    /// # Errors
    /// A viewer that is not a seat number, `public` or `gm`.
    pub fn bbcode(&self, viewer: &str) -> Result<String, JsError> {
        self.0.bbcode(viewer).map_err(js_error)
    }

    /// A forum post for `viewer` covering every step after `after` (the whole game, the setup's
    /// events included, when `undefined`): the state and those steps' events, for a game master
    /// who posts once for several actions.
    ///
    /// # Errors
    /// A viewer that is not a seat number, `public` or `gm`.
    #[wasm_bindgen(js_name = bbcodeSince)]
    pub fn bbcode_since(&self, viewer: &str, after: Option<usize>) -> Result<String, JsError> {
        self.0.bbcode_since(viewer, after).map_err(js_error)
    }

    /// Takes back the last action; answers the step taken back.
    ///
    /// # Errors
    /// `there is no action to undo`.
    pub fn undo(&mut self) -> Result<usize, JsError> {
        self.0.undo().map_err(js_error)
    }

    /// The save file (the CLI's format, byte for byte).
    ///
    /// # Errors
    /// A record that cannot be written as JSON.
    pub fn save(&self) -> Result<String, JsError> {
        self.0.save().map_err(js_error)
    }
}

/// The workspace README's library example ("Use pbp as a library"), compiled and run as a doctest
/// as an embedder writes it: this crate depends on exactly what the README says the example
/// needs (pbp-core with `os-random`, pbp-frontend), and is never packaged, so it may read the
/// README from outside its folder.
#[cfg(all(doctest, not(target_arch = "wasm32")))]
#[doc = include_str!("../../../README.md")]
struct WorkspaceReadme;
