//! The JavaScript API in a real browser (headless Chromium through `wasm-bindgen-test-runner`):
//! values and errors as JavaScript sees them. Run with `crates/wasm/test.sh`.
#![cfg(target_arch = "wasm32")]
// Test code: a failed unwrap, expect or panic is how a test reports (wasm_bindgen_test
// functions are not #[test]s to clippy).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use pbp_wasm::{Session, games, odds, roll, save_game};
use serde_json::{Value, json};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// A JavaScript value as JSON, through the browser's own `JSON.stringify`.
fn json_of(value: JsValue) -> Value {
    let text: String = js_sys::JSON::stringify(&value).unwrap().into();
    serde_json::from_str(&text).unwrap()
}

/// The message of a JavaScript error, checking that it is an `Error`.
fn message<T: std::fmt::Debug>(result: Result<T, wasm_bindgen::JsError>) -> String {
    let value = JsValue::from(result.unwrap_err());
    let error: &js_sys::Error = value.dyn_ref().expect("a JavaScript Error");
    error.message().into()
}

fn duel() -> Session {
    Session::new("duel", None, 2026, None).unwrap()
}

#[wasm_bindgen_test]
fn games_are_javascript_objects() {
    let list = json_of(games().unwrap());
    assert_eq!(list[0]["name"], "duel");
    let default = <pbp_core::engine::duel::Duel as pbp_core::engine::Game>::Config::default();
    assert_eq!(
        list[0]["default_config"],
        serde_json::to_value(default).unwrap()
    );
    assert_eq!(list[0]["default_config"]["first_to"], 3);
}

#[wasm_bindgen_test]
fn a_duel_plays_through_the_javascript_api() {
    let mut s = duel();
    assert_eq!(s.game(), "duel");
    assert_eq!(s.steps(), 0);
    assert_eq!(s.describe_turn(), "to act: Player 1, Player 2, gm");
    assert_eq!(
        json_of(s.turn().unwrap()),
        json!({"acting": [{"seat": 0}, {"seat": 1}, "game-master"]})
    );
    assert_eq!(s.seats().unwrap(), vec![0, 1]);
    let legal = json_of(s.legal("0").unwrap());
    assert_eq!(
        legal,
        json!([
            {"text": "strike", "json": {"choose": "strike"}},
            {"text": "focus", "json": {"choose": "focus"}}
        ])
    );
    let gm = json_of(s.legal("gm").unwrap());
    assert_eq!(gm[0]["text"], "concede 0");
    let parsed = json_of(s.parse("gm", "concede 1").unwrap());
    assert_eq!(parsed["json"], json!({"concede": 1}));

    let first = json_of(s.act("0", "focus", None).unwrap());
    assert_eq!(first["step"], 1);
    assert_eq!(first["events"][1]["text"], "Player 1 chose focus");
    let second = json_of(
        s.act("1", r#"{"choose":"strike"}"#, Some("2,10,4,1,9,9".into()))
            .unwrap(),
    );
    assert_eq!(
        second["events"][2]["text"],
        "focus against strike: 14 to 9; Player 1 wins the round"
    );
    assert_eq!(s.steps(), 2);
    let view = json_of(s.view("public").unwrap());
    assert_eq!(view["game"], "duel");
    assert_eq!(view["view"]["wins"], json!([1, 0]));
    let svg = s.svg("public").unwrap();
    assert!(svg.starts_with("<svg") && svg.contains(">1<"), "{svg}");
    assert!(
        s.bbcode("public")
            .unwrap()
            .starts_with("[b]Duel[/b]: 1 - 0\n")
    );
    assert!(s.text("gm").unwrap().contains("1 - 0"));
    let log = json_of(s.log("public").unwrap());
    // Two sealed stances and the round; the mark of the step's outside dice is for those who
    // see the whole step (seat 1's sealed stance is in it), as the CLI's.
    assert_eq!(log.as_array().unwrap().len(), 3, "{log}");
    assert_eq!(log[0]["audience"], "everyone");
    let log = json_of(s.log("1").unwrap());
    assert_eq!(
        log.as_array().unwrap().last().unwrap()["text"],
        "rolled on the forum: 2, 10+4, 1, 9, 9"
    );
}

#[wasm_bindgen_test]
fn a_sealed_stance_is_hidden_from_the_other_seat_and_the_public() {
    let mut s = duel();
    s.act("1", "strike", None).unwrap();
    for viewer in ["0", "public"] {
        let view = json_of(s.view(viewer).unwrap());
        assert_eq!(view["view"]["own"][1], Value::Null, "{viewer}");
        assert_eq!(view["view"]["sealed"], json!([false, true]));
        let log = json_of(s.log(viewer).unwrap()).to_string();
        assert!(!log.contains("strike"), "{viewer} sees {log}");
        for shown in [
            s.text(viewer).unwrap(),
            s.svg(viewer).unwrap(),
            s.bbcode(viewer).unwrap(),
        ] {
            assert!(!shown.contains("strike"), "{viewer} sees {shown}");
        }
    }
    let own = json_of(s.log("1").unwrap()).to_string();
    assert!(own.contains("Player 2 chose strike"), "{own}");
}

#[wasm_bindgen_test]
fn errors_are_javascript_errors_with_the_cli_messages() {
    let list = json_of(games().unwrap());
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        message(Session::new("chess", None, 1, None)),
        format!(
            "there is no game named 'chess' (known games: {})",
            names.join(", ")
        )
    );
    assert!(
        message(Session::new(
            "duel",
            Some("{\"first_to\": 0}".into()),
            1,
            None
        ))
        .starts_with("the config is not valid for duel: "),
        "a refused setup"
    );
    let mut s = duel();
    s.act("1", "strike", None).unwrap();
    assert_eq!(
        message(s.act("1", "focus", None)),
        "Player 2 cannot do that: Player 2 cannot choose a stance now"
    );
    assert!(message(s.act("0", "dance", None)).starts_with("not an action of duel: 'dance'"));
    assert_eq!(
        message(s.act("0", "strike", Some("3,x".into()))),
        "invalid die value 'x': invalid digit found in string"
    );
    assert_eq!(
        message(s.legal("public")),
        "expected a seat number (0, 1, ...) or gm"
    );
    assert_eq!(
        message(s.view("nobody")),
        "expected a seat number (0, 1, ...), public or gm"
    );
    assert_eq!(s.steps(), 1, "refused actions change nothing");
    assert_eq!(s.undo().unwrap(), 1);
    assert_eq!(message(s.undo()), "there is no action to undo");
}

#[wasm_bindgen_test]
fn saves_round_trip_with_a_full_u64_seed() {
    let seed = u64::MAX - 6;
    let mut s = Session::new("duel", Some("{\"first_to\": 2}".into()), seed, None).unwrap();
    s.act("0", "focus", None).unwrap();
    s.act("1", "strike", None).unwrap();
    let save = s.save().unwrap();
    assert_eq!(save_game(&save).unwrap(), "duel");
    assert!(save.contains(&seed.to_string()), "the seed is exact");
    let loaded = Session::load(&save, Some("duel.json".into())).unwrap();
    assert_eq!(loaded.seed(), seed);
    assert_eq!(
        loaded.commitment().map(|c| c.len()),
        Some(64),
        "a commitment, salted in the browser"
    );
    assert_eq!(loaded.commitment(), s.commitment());
    assert_eq!(loaded.steps(), 2);
    assert_eq!(loaded.save().unwrap(), save);
    assert!(
        message(Session::load(
            &save[..save.len() / 2],
            Some("duel.json".into())
        ))
        .starts_with("duel.json: the save is not valid JSON: ")
    );
    let tampered = save.replacen("\"first_to\": 2", "\"first_to\": 4", 1);
    assert!(message(Session::load(&tampered, None)).starts_with("checksum mismatch"));
    assert!(message(save_game("[]")).starts_with("the save is not a pbp save"));
}

#[wasm_bindgen_test]
fn rolls_are_javascript_arrays_of_the_clis_lines() {
    let rolls = json_of(roll("5k3", u64::MAX, Some(2)).unwrap());
    let rolls = rolls.as_array().unwrap();
    assert_eq!(rolls.len(), 2);
    for one in rolls {
        assert_eq!(one["expr"], "5k3");
        let dice = one["dice"].as_array().unwrap();
        assert_eq!(dice.len(), 5);
        let kept: i64 = dice
            .iter()
            .filter(|d| d["kept"] == true)
            .map(|d| d["value"].as_i64().unwrap())
            .sum();
        assert_eq!(one["total"].as_i64().unwrap(), kept);
    }
    // The count defaults to one roll, the first of the seed's sequence.
    let single = json_of(roll("5k3", u64::MAX, None).unwrap());
    assert_eq!(single, json!([rolls[0].clone()]));
    assert_eq!(json_of(roll("100%", 1, None).unwrap())[0]["success"], true);
}

#[wasm_bindgen_test]
fn exact_odds_and_contests_are_javascript_objects() {
    let dist = json_of(odds("3d6", None).unwrap());
    assert_eq!(dist["expr"], "3d6");
    assert!((dist["mean"].as_f64().unwrap() - 10.5).abs() < 1e-9);
    assert_eq!(dist["percentiles"]["50"], 10);
    assert_eq!(dist["table"].as_array().unwrap().len(), 16);
    let contest = json_of(odds("2k1 vs 2k1", None).unwrap());
    assert_eq!(contest["comparison"], "highest-then-second");
    assert!((contest["win"].as_f64().unwrap() - 0.5).abs() < 1e-9);
    let defence = json_of(odds("1d10 vs 1d10", Some("first-must-exceed".into())).unwrap());
    assert!((defence["win"].as_f64().unwrap() - 0.45).abs() < 1e-9);
}

#[wasm_bindgen_test]
fn dice_errors_are_javascript_errors_naming_the_position() {
    assert_eq!(
        message(roll("2x1", 1, None)),
        "cannot read the roll: at byte 1: expected 'k', 'd' or '%', found 'x'\n  2x1\n   ^"
    );
    assert!(message(odds("2k1 vs 2k1 x", None)).starts_with("cannot read the roll: at byte 4: "));
    assert_eq!(
        message(odds("2k1 vs 2k1 vs 2k1", None)),
        "a contest has two sides: write one 'vs'"
    );
    assert_eq!(
        message(odds("2k1", Some("loudest".into()))),
        "invalid comparison 'loudest' (expected highest-then-second or first-must-exceed)"
    );
}

#[wasm_bindgen_test]
fn players_and_the_post_since_a_step() {
    let mut s = duel();
    assert_eq!(
        json_of(s.players().unwrap()),
        json!([{"seat": 0, "name": "Player 1"}, {"seat": 1, "name": "Player 2"}])
    );
    s.act("0", "focus", None).unwrap();
    s.act("1", "strike", Some("2 10 4 1 9 9".into())).unwrap();
    let round = "focus against strike: 14 to 9; Player 1 wins the round";
    // Every post ends with the dice commitment, the forum's dice of the steps it covers and the
    // chain's head, as the CLI's posts do.
    let commitment = format!("[i]dice commitment: {}[/i]\n", s.commitment().unwrap());
    let forum = "step 2: rolled on the forum: 2, 10+4, 1, 9, 9\n";
    // Step 2 holds seat 1's sealed stance: its forum dice are seat 1's and the game master's.
    assert_eq!(
        json_of(s.view("public").unwrap())["outside_dice"],
        json!([])
    );
    let view = json_of(s.view("1").unwrap());
    assert_eq!(view["chain"]["step"], 2);
    let head = view["chain"]["head"].as_str().unwrap().to_owned();
    assert_eq!(head.len(), 12, "{view}");
    assert_eq!(view["outside_dice"][0]["step"], 2, "{view}");
    assert_eq!(
        view["outside_dice"][0]["actor"],
        json!({"seat": 1}),
        "{view}"
    );
    assert_eq!(
        view["outside_dice"][0]["values"],
        json!([2, 10, 4, 1, 9, 9]),
        "{view}"
    );
    assert_eq!(
        s.bbcode_since("public", Some(0)).unwrap(),
        format!(
            "[b]Duel[/b]: 1 - 0\n[*] Player 1 sealed a stance\n[*] Player 2 sealed a stance\n[*] {round}\n{commitment}chain at step 2: {head}\n"
        )
    );
    assert!(
        s.bbcode_since("gm", Some(0))
            .unwrap()
            .ends_with(&format!("{forum}chain at step 2: {head}\n"))
    );
    let log = json_of(s.log("gm").unwrap());
    let texts: Vec<&str> = log
        .as_array()
        .unwrap()
        .iter()
        .map(|line| line["text"].as_str().unwrap())
        .collect();
    assert!(
        texts.contains(&"rolled on the forum: 2, 10+4, 1, 9, 9"),
        "{texts:?}"
    );
    assert_eq!(
        s.bbcode_since("public", Some(1)).unwrap(),
        s.bbcode("public").unwrap()
    );
    assert_eq!(
        message(s.bbcode_since("nobody", None)),
        "expected a seat number (0, 1, ...), public or gm"
    );
}

#[wasm_bindgen_test]
fn a_game_of_seeded_dice_only_refuses_the_forums_rolls() {
    let config = Some(r#"{"first_to": 2, "dice": "seeded"}"#.to_owned());
    let mut s = Session::new("duel", config, 7, None).unwrap();
    s.act("0", "focus", None).unwrap();
    let refused = message(s.act("1", "strike", Some("2 10 4 1 9 9".into())));
    assert!(refused.contains("seeded"), "{refused}");
    assert_eq!(s.steps(), 1, "the refused action changes nothing");
    assert!(s.save().unwrap().contains(r#""seeded""#));
}
