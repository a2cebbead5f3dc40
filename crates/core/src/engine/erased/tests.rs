//! Tests of the erased layer, through the duel.

use super::*;
use serde_json::Value;

use crate::engine::duel::{Duel, DuelState};
use crate::game::{Actor, Seat, Viewer};
use crate::record::{DiceChoice, Session};

/// Sessions and games can be shared between threads and moved into async tasks: this fails
/// to compile if `DynSession` or `DynGame` stops being `Send + Sync`.
#[test]
fn sessions_and_games_are_send_and_sync() {
    fn shared<T: Send + Sync + ?Sized>() {}
    shared::<dyn DynSession>();
    shared::<Box<dyn DynSession>>();
    shared::<dyn DynGame>();
    shared::<Registry<()>>();
    let session = Erased::<Duel>::new()
        .new_session(None, 1, DiceChoice::Seeded)
        .unwrap();
    let seats = std::thread::spawn(move || session.seats()).join().unwrap();
    assert_eq!(seats.len(), 2);
    assert_eq!(seats[1].seat, Seat(1));
}

fn registry() -> Registry {
    let mut registry = Registry::new();
    registry.register::<Duel>(());
    registry
}

fn auto(text: &str) -> ActionInput {
    ActionInput::Auto(text.to_owned())
}

const S0: Actor = Actor::Seat(Seat(0));
const S1: Actor = Actor::Seat(Seat(1));

/// A duel after one whole round, seat 0 having focused with outside dice.
fn played() -> Box<dyn DynSession> {
    let registry = registry();
    let mut session = registry
        .game("duel")
        .unwrap()
        .new_session(None, 11, DiceChoice::Seeded)
        .unwrap();
    session
        .act(S0, &auto(r#"{"choose":"focus"}"#), DiceChoice::Seeded)
        .unwrap();
    // Seat 0: 3k1 rolls 2, 10+4, 1 = 14; seat 1: 9, 9.
    session
        .act(
            S1,
            &auto("strike"),
            DiceChoice::Outside(vec![2, 10, 4, 1, 9, 9]),
        )
        .unwrap();
    session
        .act(S1, &ActionInput::Text("focus".into()), DiceChoice::Seeded)
        .unwrap();
    session
}

#[test]
fn registry_lists_and_refuses_unknown_games() {
    let registry = registry();
    assert_eq!(registry.names(), vec!["duel"]);
    let error = registry.game("chess").err().unwrap();
    assert_eq!(
        error.to_string(),
        "there is no game named 'chess' (known games: duel)"
    );
    let mut twice = registry;
    twice.register::<Duel>(());
    assert_eq!(twice.names().len(), 1);
}

#[test]
fn default_config_round_trips_through_new_session() {
    let registry = registry();
    let game = registry.game("duel").unwrap();
    let config = game.default_config().unwrap();
    assert_eq!(config["first_to"], 3);
    let session = game
        .new_session(Some(&config.to_string()), 1, DiceChoice::Seeded)
        .unwrap();
    assert_eq!(session.game(), "duel");
    assert_eq!(session.steps(), 0);
    let error = game
        .new_session(Some("{\"first_to\": 0}"), 1, DiceChoice::Seeded)
        .err()
        .unwrap();
    assert!(
        matches!(error, ErasedError::Config { game: "duel", .. }),
        "{error}"
    );
    let error = game
        .new_session(Some("{\"firstto\": 2}"), 1, DiceChoice::Seeded)
        .err()
        .unwrap();
    assert!(error.to_string().contains("line 1 column"), "{error}");
}

#[test]
fn actions_as_json_or_text_and_their_events() {
    let session = played();
    assert_eq!(session.steps(), 3);
    let view = session.view(Viewer::GameMaster).unwrap();
    assert_eq!(view["wins"], serde_json::json!([1, 0]));
    assert_eq!(view["own"], serde_json::json!([null, "focus"]));
    let legal = session.legal_actions(S0).unwrap();
    assert_eq!(
        legal.iter().map(|a| a.text.as_str()).collect::<Vec<_>>(),
        vec!["strike", "focus"]
    );
    assert_eq!(legal[0].json, serde_json::json!({"choose": "strike"}));
    assert!(session.legal_actions(S1).unwrap().is_empty());
    let parsed = session.parse_action(S0, &auto("concede 1")).unwrap();
    assert_eq!(parsed.json, serde_json::json!({"concede": 1}));
}

#[test]
fn bad_actions_are_refused_and_change_nothing() {
    let mut session = played();
    let before = session.save().unwrap();
    let error = session
        .act(S0, &auto("dance"), DiceChoice::Seeded)
        .unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("not an action of duel: 'dance'"),
        "{error}"
    );
    let error = session
        .act(S0, &auto("{\"choose\":\"dance\"}"), DiceChoice::Seeded)
        .unwrap_err();
    assert!(error.to_string().contains("as JSON"), "{error}");
    assert!(
        matches!(error, ErasedError::Parse { game: "duel", .. }),
        "{error}"
    );
    // Seat 1 has sealed already.
    let error = session
        .act(S1, &auto("strike"), DiceChoice::Seeded)
        .unwrap_err();
    assert_eq!(
        error,
        ErasedError::NotYourTurn {
            actor: S1,
            acting: vec![S0, Actor::GameMaster],
            reason: "Player 2 cannot choose a stance now".into()
        }
    );
    // Too few outside dice: strike (2k1) against focus (3k1) rolls five dice at least.
    let error = session
        .act(S0, &auto("strike"), DiceChoice::Outside(vec![4, 2]))
        .unwrap_err();
    assert!(
        matches!(error, ErasedError::MoreDice { given: 2, more, .. } if more >= 3),
        "{error}"
    );
    assert!(error.is_dice() && !error.is_bad_record());
    // Too many, and one that is no d10 face.
    let error = session
        .act(
            S0,
            &auto("strike"),
            DiceChoice::Outside(vec![9, 9, 1, 1, 1, 5, 5, 5]),
        )
        .unwrap_err();
    assert!(
        matches!(error, ErasedError::UnusedDice { given: 8, used: 5 }),
        "{error}"
    );
    let error = session
        .act(
            S0,
            &auto("strike"),
            DiceChoice::Outside(vec![3, 11, 2, 2, 2]),
        )
        .unwrap_err();
    assert_eq!(
        error,
        ErasedError::BadDice {
            value: 11,
            sides: 10,
            position: 2
        }
    );
    assert_eq!(
        error.to_string(),
        "dice value 11, the 2nd value given, is out of range: that roll is a d10, which rolls 1 to 10"
    );
    assert_eq!(session.save().unwrap(), before);
}

#[test]
fn events_and_views_hide_the_sealed_stance() {
    let session = played();
    // Seat 1 has sealed "focus" in step 3.
    for viewer in [Viewer::Public, Viewer::Seat(Seat(0))] {
        let view = session.view(viewer).unwrap();
        assert_eq!(view["own"][1], Value::Null, "{viewer:?}: {view}");
        assert_eq!(view["sealed"], serde_json::json!([false, true]));
        assert!(
            !session
                .log(viewer)
                .unwrap()
                .iter()
                .any(|e| e.step == 3 && e.event.get("chose").is_some()),
            "{viewer:?} sees Player 2's choice"
        );
    }
    let own = session.log(Viewer::Seat(Seat(1))).unwrap();
    assert!(
        own.iter()
            .any(|e| e.step == 3 && e.event.get("chose").is_some())
    );
    assert!(session.log(Viewer::Public).unwrap().len() < own.len());
}

#[test]
fn undo_takes_back_the_last_action() {
    let mut session = played();
    session.undo().unwrap();
    assert_eq!(session.steps(), 2);
    assert_eq!(
        session.view(Viewer::GameMaster).unwrap()["own"],
        serde_json::json!([null, null])
    );
    session.undo().unwrap();
    session.undo().unwrap();
    assert_eq!(session.undo(), Err(ErasedError::NothingToUndo));
}

#[test]
fn saves_load_back_exactly() {
    let session = played();
    let save = session.save().unwrap();
    let registry = registry();
    let (loaded, ()) = registry.load(&save).unwrap();
    assert_eq!(loaded.save().unwrap(), save);
    let concrete = loaded.as_any().downcast_ref::<Session<Duel>>().unwrap();
    let original = session.as_any().downcast_ref::<Session<Duel>>().unwrap();
    assert_eq!(concrete.state(), original.state());
    // Whitespace does not matter.
    let compact: Value = serde_json::from_str(&save).unwrap();
    assert!(registry.load(&compact.to_string()).is_ok());
}

fn load_error(save: &str) -> ErasedError {
    registry().load(save).err().unwrap()
}

#[test]
fn truncated_and_corrupted_saves_are_refused() {
    let save = played().save().unwrap();
    let error = load_error(&save[..save.len() / 2]);
    assert!(matches!(error, ErasedError::SaveSyntax(_)), "{error}");
    assert!(error.to_string().contains("line"), "{error}");
    assert!(matches!(load_error(""), ErasedError::SaveSyntax(_)));
    assert!(matches!(load_error("[1, 2]"), ErasedError::SaveShape(_)));
    assert!(matches!(load_error("{}"), ErasedError::SaveShape(_)));
    let error = load_error(&save.replacen("\"pbp_save\": 1", "\"pbp_save\": 9", 1));
    assert_eq!(
        error,
        ErasedError::SaveFormat {
            found: 9,
            supported: 1
        }
    );
    let error = load_error(&save.replacen("\"game\": \"duel\"", "\"game\": \"chess\"", 1));
    assert!(matches!(error, ErasedError::UnknownGame { .. }), "{error}");
    let error = Erased::<Duel>::new()
        .load(&save.replacen("\"game\": \"duel\"", "\"game\": \"chess\"", 1))
        .err()
        .unwrap();
    assert!(matches!(error, ErasedError::WrongGame { .. }), "{error}");
}

/// Rewrites a save's record and, if `reseal`, its checksum, as a forger would.
fn tamper(save: &str, reseal: bool, edit: impl FnOnce(&mut Value)) -> String {
    let mut envelope: Value = serde_json::from_str(save).unwrap();
    edit(&mut envelope["record"]);
    if reseal {
        envelope["checksum"] = Value::String(checksum(&envelope["record"]));
    }
    envelope.to_string()
}

#[test]
fn tampered_saves_are_refused() {
    let save = played().save().unwrap();
    // A changed die, checksum not updated.
    let error = load_error(&tamper(&save, false, |r| {
        r["entries"][1]["draws"][0]["value"] = 7.into();
    }));
    assert!(matches!(error, ErasedError::Checksum { .. }), "{error}");
    // A forger who recomputes the checksum gets past it (it is not a signature) ...
    let forged = tamper(&save, true, |r| {
        r["entries"][2]["action"] = serde_json::json!({"choose": "strike"});
    });
    assert!(registry().load(&forged).is_ok(), "no dice in step 3");
    // ... but outside dice passed off as seeded ones fail the seed check.
    let forged = tamper(&save, true, |r| {
        r["entries"][1]["source"] = "seeded".into();
    });
    let error = load_error(&forged);
    assert!(
        matches!(error, ErasedError::Step { step: 2, .. }),
        "{error}"
    );
    // A step that cannot replay: seat 0 chooses twice.
    let error = load_error(&tamper(&save, true, |r| {
        r["entries"][1]["actor"] = serde_json::json!({"seat": 0});
    }));
    assert!(
        matches!(error, ErasedError::Step { step: 2, .. }),
        "{error}"
    );
    // Record fields.
    let error = load_error(&tamper(&save, true, |r| {
        r["seed"] = "eleven".into();
    }));
    assert!(matches!(error, ErasedError::RecordShape { .. }), "{error}");
    let error = load_error(&tamper(&save, true, |r| {
        r["format"] = 2.into();
    }));
    assert!(
        matches!(error, ErasedError::RecordFormat { found: 2, .. }),
        "{error}"
    );
    let error = load_error(&tamper(&save, true, |r| {
        r["game"] = "chess".into();
    }));
    assert!(matches!(error, ErasedError::WrongGame { .. }), "{error}");
}

/// A committed duel after one round rolled from the seed.
fn committed() -> (Box<dyn DynSession>, crate::engine::Secret) {
    let secret = crate::engine::Secret {
        seed: 2026,
        salt: crate::engine::Salt::from_bytes([7; 32]),
    };
    let mut session = registry()
        .game("duel")
        .unwrap()
        .start(None, &secret, DiceChoice::Seeded)
        .unwrap();
    session.act(S0, &auto("focus"), DiceChoice::Seeded).unwrap();
    session
        .act(S1, &auto("strike"), DiceChoice::Seeded)
        .unwrap();
    (session, secret)
}

#[test]
fn a_committed_save_carries_its_salt_and_commitment() {
    let (session, secret) = committed();
    assert_eq!(session.commitment(), Some(secret.commitment()));
    assert_eq!(session.secret(), Some(secret));
    let save = session.save().unwrap();
    assert!(save.contains(&secret.commitment().to_string()));
    let (loaded, ()) = registry().load(&save).unwrap();
    assert_eq!(loaded.commitment(), Some(secret.commitment()));
    assert_eq!(loaded.secret(), Some(secret));
    // An unsalted session (tests, simulations) has neither.
    assert_eq!(played().commitment(), None);
    assert_eq!(played().secret(), None);
}

#[test]
fn edited_seeded_dice_seeds_and_salts_are_refused_even_resealed() {
    use crate::engine::{Commitment, CommitmentError};
    let (session, secret) = committed();
    let save = session.save().unwrap();
    let record: Value = serde_json::from_str::<Value>(&save).unwrap()["record"].clone();
    assert_eq!(record["entries"][1]["source"], "seeded");
    let value = record["entries"][1]["draws"][0]["value"].as_u64().unwrap();
    // A seeded die changed, the checksum recomputed: refused at its step.
    let error = load_error(&tamper(&save, true, |r| {
        r["entries"][1]["draws"][0]["value"] = (value % 10 + 1).into();
    }));
    assert_eq!(
        error.to_string(),
        "step 2 of the record does not replay: its draws do not match the record's seed (the record was altered)"
    );
    // The seed changed: it no longer hashes to the commitment.
    let error = load_error(&tamper(&save, true, |r| {
        r["seed"] = 2027.into();
    }));
    assert!(
        matches!(
            error,
            ErasedError::Commitment(CommitmentError::Altered { .. })
        ),
        "{error}"
    );
    assert!(error.is_bad_record());
    assert!(!error.to_string().contains("2026"), "{error}");
    // The salt changed, or removed.
    let error = load_error(&tamper(&save, true, |r| {
        r["salt"] = "11".repeat(32).into();
    }));
    assert!(matches!(error, ErasedError::Commitment(_)), "{error}");
    let error = load_error(&tamper(&save, true, |r| {
        r.as_object_mut().unwrap().remove("salt");
    }));
    assert!(matches!(error, ErasedError::Commitment(_)), "{error}");
    // Seed and commitment both replaced: the seeded draws give it away.
    let forged_commitment = Commitment::of(2027, &secret.salt).to_string();
    let error = load_error(&tamper(&save, true, |r| {
        r["seed"] = 2027.into();
        r["commitment"] = forged_commitment.clone().into();
    }));
    assert!(
        matches!(error, ErasedError::Step { step: 2, .. }),
        "{error}"
    );
}

#[test]
fn saves_without_a_salt_still_load() {
    // A save written before commitments: no salt, no commitment, seed checked all the same.
    let save = played().save().unwrap();
    assert!(!save.contains("\"salt\"") && !save.contains("\"commitment\""));
    let (loaded, ()) = registry().load(&save).unwrap();
    assert_eq!(loaded.commitment(), None);
}

#[test]
fn no_truncation_or_changed_byte_loads_another_game() {
    let save = played().save().unwrap();
    let registry = registry();
    let original = played()
        .as_any()
        .downcast_ref::<Session<Duel>>()
        .unwrap()
        .record()
        .clone();
    let accepted = |text: &str| match registry.load(text) {
        Err(_) => false,
        Ok((session, ())) => {
            let record = session
                .as_any()
                .downcast_ref::<Session<Duel>>()
                .unwrap()
                .record();
            assert_eq!(*record, original, "an altered save loaded: {text}");
            true
        }
    };
    // Every prefix fails except those that only lose the final newline.
    for end in 0..save.len() {
        assert_eq!(
            accepted(&save[..end]),
            end + 1 == save.len(),
            "prefix of {end}"
        );
    }
    // Every single changed byte either fails or changes nothing of the record.
    let mut changed_and_loaded = 0;
    for at in 0..save.len() {
        for byte in [b' ', b'0', b'7', b'"', b'}', b'x', b'\n'] {
            let mut bytes = save.clone().into_bytes();
            if bytes[at] == byte {
                continue;
            }
            bytes[at] = byte;
            let Ok(text) = String::from_utf8(bytes) else {
                continue;
            };
            if accepted(&text) {
                changed_and_loaded += 1;
            }
        }
    }
    // Only changes of layout (spaces and newlines between tokens) load.
    assert!(changed_and_loaded > 0);
}

#[test]
fn simulate_counts_every_game() {
    let registry = registry();
    let calls = std::sync::atomic::AtomicU64::new(0);
    let progress = || {
        calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    };
    let control = crate::engine::sim::Control {
        threads: 2,
        stop: None,
        progress: &progress,
    };
    let summary = registry
        .game("duel")
        .unwrap()
        .simulate(
            None,
            20,
            3,
            crate::engine::sim::Bot::Random,
            false,
            &control,
        )
        .unwrap();
    assert_eq!(calls.into_inner(), 20);
    assert_eq!(summary.games, 20);
    assert_eq!(summary.finished, 20);
    assert_eq!(summary.wins.values().sum::<u64>() + summary.draws, 20);
}

#[test]
fn the_duel_state_is_reachable_through_any() {
    let session = played();
    let state: &DuelState = session
        .as_any()
        .downcast_ref::<Session<Duel>>()
        .unwrap()
        .state();
    assert_eq!(state.wins, [1, 0]);
}
