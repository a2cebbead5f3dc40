//! [`DynSession`]: one game in progress, type-erased, implemented by [`Session<G>`].

use std::any::Any;

use serde_json::Value;

#[cfg(not(target_arch = "wasm32"))]
use super::GameMasterAction;
use super::error::step_error;
use super::fields::read_action_json;
use super::forms::{erase_event, to_json};
use super::{ActionInput, ErasedError, ErasedEvent, LegalAction, SeatInfo};
#[cfg(not(target_arch = "wasm32"))]
use crate::dice::Dice;
use crate::engine::chain::{ChainHash, chain_heads};
use crate::engine::commitment::{Commitment, Secret};
use crate::engine::form::ActionForm;
#[cfg(not(target_arch = "wasm32"))]
use crate::engine::post::{PostMark, PostPiece, PostText};
use crate::game::{Actor, Game, Seat, Turn, Viewer};
use crate::outside::DicePolicy;
use crate::outside::{OutsideStep, outside_steps};
use crate::record::{DiceChoice, RecordError, Session};

/// One game in progress, type-erased. Implemented by [`Session<G>`] for every [`Game`].
///
/// `Send + Sync`, so a session can live in a multi-threaded bot's shared state or move into an
/// async task.
pub trait DynSession: Send + Sync {
    /// The game's name.
    fn game(&self) -> &'static str;

    /// The game's title as people write it ([`Game::TITLE`]).
    fn title(&self) -> &'static str;

    /// The record's seed: the game master's secret. Show it to nobody else.
    fn seed(&self) -> u64;

    /// The commitment to the seed, to publish from the first post on (`None` for a save started
    /// before commitments).
    fn commitment(&self) -> Option<Commitment>;

    /// The seed and salt, for the game master to reveal at the end (`None` for a save started
    /// before commitments, which has a seed and no salt).
    fn secret(&self) -> Option<Secret>;

    /// Actions taken so far.
    fn steps(&self) -> usize;

    /// Who may act now, or the outcome.
    fn turn(&self) -> Turn;

    /// Each seat's result once the game is over, seat 0 first ([`Game::returns`]: by default
    /// the winners share 1 and a draw shares it among every seat); `None` while it goes on.
    fn returns(&self) -> Option<Vec<f64>>;

    /// Every seat of the game as it stands ([`Game::seat_count`]), each with its label
    /// ([`Game::seat_label`]: clan, faction, colour, team).
    fn seats(&self) -> Vec<SeatInfo>;

    /// The legal actions of `actor` now, in both forms.
    ///
    /// # Errors
    /// [`ErasedError::Serialize`] if an action cannot be written as JSON.
    fn legal_actions(&self, actor: Actor) -> Result<Vec<LegalAction>, ErasedError>;

    /// The form `actor` builds its action with now ([`Game::action_form`]).
    fn action_form(&self, actor: Actor) -> ActionForm;

    /// Reads `actor`'s action and answers whether the game would accept it now
    /// ([`Game::check_action`]), changing nothing.
    ///
    /// # Errors
    /// [`ErasedError::Parse`], or the game's refusal as [`DynSession::act`] gives it
    /// ([`ErasedError::Illegal`], [`ErasedError::NotYourTurn`]).
    fn check_action(&self, actor: Actor, input: &ActionInput) -> Result<(), ErasedError>;

    /// Reads an action (JSON or text) and returns it in both forms, without applying it.
    ///
    /// # Errors
    /// [`ErasedError::Parse`] when the input is not an action of this game.
    fn parse_action(&self, actor: Actor, input: &ActionInput) -> Result<LegalAction, ErasedError>;

    /// Applies `actor`'s action with seeded or outside dice, records it, and returns the step's
    /// events (every audience: filter them for the viewer). On error nothing changes.
    ///
    /// # Errors
    /// An input that is not an action, the game's refusal, or outside dice that do not fit.
    fn act(
        &mut self,
        actor: Actor,
        input: &ActionInput,
        dice: DiceChoice,
    ) -> Result<Vec<ErasedEvent>, ErasedError>;

    /// Marks the last step as read from the forum post `mark` names (kept in the save, so
    /// that a thread read again skips the post); `false`, and nothing marked, when no action
    /// was taken.
    ///
    /// Not in the browser's wasm, nor the two below: the page reads no threads (and its
    /// download has a size budget).
    #[cfg(not(target_arch = "wasm32"))]
    fn mark_last_step(&mut self, mark: PostMark) -> bool;

    /// What in a forum post by `actor` the game reads as actions ([`Game::post_pieces`]).
    #[cfg(not(target_arch = "wasm32"))]
    fn post_pieces(&self, actor: Actor, post: &PostText) -> Vec<PostPiece>;

    /// The seats whose turns `actor` may also post ([`Game::plays_for`]).
    #[cfg(not(target_arch = "wasm32"))]
    fn plays_for(&self, actor: Actor) -> Vec<Seat>;

    /// `actor`'s turn made of the action `public` posted in the thread and the part `private`
    /// sent to the game master ([`Game::join_private`]), in the game's text form; `None` when
    /// either is not an action of `actor`'s or they do not join.
    #[cfg(not(target_arch = "wasm32"))]
    fn join_private(&self, actor: Actor, public: &str, private: &str) -> Option<String>;

    /// Every recorded step read from a forum post, with its mark: the step (1 for the first
    /// action) and the [`PostMark`], in order.
    #[cfg(not(target_arch = "wasm32"))]
    fn post_marks(&self) -> Vec<(usize, PostMark)>;
    /// Whether the game takes outside dice (`"dice": "seeded"` in its config refuses them).
    fn dice_policy(&self) -> DicePolicy;

    /// Every step whose dice came from outside pbp, with the values it used.
    fn outside_steps(&self) -> Vec<OutsideStep>;

    /// The history chain's heads: head 0 (the setup), then one per action (see
    /// [`crate::engine::chain`]).
    ///
    /// # Errors
    /// [`ErasedError::Serialize`] if the record cannot be written as JSON.
    fn chain(&self) -> Result<Vec<ChainHash>, ErasedError>;

    /// What `viewer` may see, as JSON.
    ///
    /// # Errors
    /// [`ErasedError::Serialize`] if the view cannot be written as JSON.
    fn view(&self, viewer: Viewer) -> Result<Value, ErasedError>;

    /// The events `viewer` may see, in order.
    ///
    /// # Errors
    /// [`ErasedError::Serialize`] if an event cannot be written as JSON.
    fn log(&self, viewer: Viewer) -> Result<Vec<ErasedEvent>, ErasedError>;

    /// The events `viewer` may see of the steps after `after` (all of them, the setup's too,
    /// for `None`), in order: the end of [`DynSession::log`], without writing the earlier
    /// events as JSON (a live stream asks for the new events after every action).
    ///
    /// # Errors
    /// [`ErasedError::Serialize`] if an event cannot be written as JSON.
    fn log_after(
        &self,
        viewer: Viewer,
        after: Option<usize>,
    ) -> Result<Vec<ErasedEvent>, ErasedError>;

    /// Takes back the last action (a replay without it). On error nothing changes.
    ///
    /// # Errors
    /// [`ErasedError::NothingToUndo`] when no action was taken.
    fn undo(&mut self) -> Result<(), ErasedError>;

    /// The record as JSON.
    ///
    /// # Errors
    /// [`ErasedError::Serialize`] if the record cannot be written as JSON.
    fn record(&self) -> Result<Value, ErasedError>;

    /// The save file: the record in its envelope (see the [save module docs](crate::engine::save)), pretty-printed,
    /// ending with a newline.
    ///
    /// # Errors
    /// [`ErasedError::Serialize`] if the record cannot be written as JSON.
    fn save(&self) -> Result<String, ErasedError>;

    /// The record's entry of the last action (who acted, the action, its dice, its post mark),
    /// as JSON, or `None` before the first action: what a store appends after each action
    /// instead of writing the whole save again. A save with these entries appended to its
    /// record's `entries` (and its checksum written again) loads to the same game.
    ///
    /// # Errors
    /// [`ErasedError::Serialize`] if the entry cannot be written as JSON.
    fn last_entry(&self) -> Result<Option<Value>, ErasedError>;

    /// The game's own computer player's action for `actor` now ([`Game::heuristic_action`]),
    /// in both forms, drawing any choice it randomises from `dice`; `None` where the game has
    /// no heuristic for `actor` here. The session is not changed.
    ///
    /// # Errors
    /// [`ErasedError::Simulation`] when the heuristic fails (its dice or a state it cannot
    /// read), [`ErasedError::Serialize`] if the action cannot be written as JSON.
    ///
    /// Not in the browser's wasm: the page plays no bots, and every game's bot would add
    /// about 13 KiB to its gzipped download.
    #[cfg(not(target_arch = "wasm32"))]
    fn heuristic_action(
        &self,
        actor: Actor,
        dice: &mut dyn Dice,
    ) -> Result<Option<LegalAction>, ErasedError>;

    /// The game master's legal actions now, each with what it is for
    /// ([`Game::game_master_role`]): the action that closes the turn, the one that stands in
    /// for an absent seat, or another ruling. A frontend finds those actions by their role,
    /// never by their text.
    ///
    /// # Errors
    /// [`ErasedError::Serialize`] if an action cannot be written as JSON.
    ///
    /// Not in the browser's wasm: only the table server's turn workflow asks it, and the page's
    /// download is held to its budget.
    #[cfg(not(target_arch = "wasm32"))]
    fn game_master_actions(&self) -> Result<Vec<GameMasterAction>, ErasedError>;

    /// A copy of the session, to try something on (a frontend's step that must succeed as a
    /// whole).
    fn clone_box(&self) -> Box<dyn DynSession>;

    /// The concrete session, for a frontend that knows the game (a renderer downcasts it to
    /// [`Session<G>`]).
    fn as_any(&self) -> &dyn Any;
}

impl<G: Game> Session<G> {
    fn read_action(&self, actor: Actor, input: &ActionInput) -> Result<G::Action, ErasedError> {
        read_action::<G>(self.state(), actor, input)
    }
}

/// Reads `input` as an action of `actor` in `state`, the way [`DynSession::act`] does.
///
/// `Auto` text that is valid JSON is read as JSON first (its error reported as such); anything
/// else, BBCode order posts like "[b]...[/b]" included, is the game's text form, and, failing
/// that, the JSON string it would be quoted: a unit variant's JSON form (`"move-lord"`) sent as
/// a JSON request's `action` string ([`ActionInput::from_json_field`]) reads back as that
/// action, so every legal action's `json` is accepted where it is sent.
pub(crate) fn read_action<G: Game>(
    state: &G::State,
    actor: Actor,
    input: &ActionInput,
) -> Result<G::Action, ErasedError> {
    // Actions are read from JSON text, as the record's actions are, so that a build (the
    // browser's wasm above all) holds one reader per action type, not a second one for
    // `serde_json::Value`.
    // A field no action has is refused by its name (`fields.rs`).
    let from_json = |json: &str| read_action_json::<G::Action>(json);
    let from_text = |text: &str| G::parse_action(state, actor, text).map_err(|e| e.to_string());
    let result = match input {
        ActionInput::Json(value) => from_json(&value.to_string()),
        ActionInput::Text(text) => from_text(text),
        ActionInput::Auto(text) => match serde_json::from_str::<serde::de::IgnoredAny>(text) {
            Ok(_) => from_json(text).or_else(|json_error| from_text(text).map_err(|_| json_error)),
            Err(_) => from_text(text).or_else(|text_error| {
                serde_json::to_string(text)
                    .ok()
                    .and_then(|quoted| from_json(&quoted).ok())
                    .ok_or(text_error)
            }),
        },
    };
    result.map_err(|message| ErasedError::Parse {
        game: G::NAME,
        message,
    })
}

impl<G: Game> DynSession for Session<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn title(&self) -> &'static str {
        G::TITLE
    }

    fn seed(&self) -> u64 {
        self.record().seed
    }

    fn commitment(&self) -> Option<Commitment> {
        self.record().commitment
    }

    fn secret(&self) -> Option<Secret> {
        self.record().salt.map(|salt| Secret {
            seed: self.record().seed,
            salt,
        })
    }

    fn steps(&self) -> usize {
        self.record().entries.len()
    }

    fn turn(&self) -> Turn {
        G::turn(self.state())
    }

    fn returns(&self) -> Option<Vec<f64>> {
        G::returns(self.state())
    }

    fn seats(&self) -> Vec<SeatInfo> {
        (0..G::seat_count(self.state()))
            .map(|n| SeatInfo {
                seat: Seat(n),
                label: G::seat_label(self.state(), Seat(n)),
                name: G::seat_name(self.state(), Seat(n)),
            })
            .collect()
    }

    fn legal_actions(&self, actor: Actor) -> Result<Vec<LegalAction>, ErasedError> {
        G::legal_actions(self.state(), actor)
            .iter()
            .map(|action| {
                Ok(LegalAction {
                    text: G::format_action(self.state(), action),
                    json: to_json(action)?,
                })
            })
            .collect()
    }

    fn action_form(&self, actor: Actor) -> ActionForm {
        G::action_form(self.state(), actor)
    }

    fn check_action(&self, actor: Actor, input: &ActionInput) -> Result<(), ErasedError> {
        let action = self.read_action(actor, input)?;
        G::check_action(self.state(), actor, &action)
            .map_err(|e| step_error(RecordError::Game(e), actor, &G::turn(self.state())))
    }

    fn parse_action(&self, actor: Actor, input: &ActionInput) -> Result<LegalAction, ErasedError> {
        let action = self.read_action(actor, input)?;
        Ok(LegalAction {
            text: G::format_action(self.state(), &action),
            json: to_json(&action)?,
        })
    }

    fn act(
        &mut self,
        actor: Actor,
        input: &ActionInput,
        dice: DiceChoice,
    ) -> Result<Vec<ErasedEvent>, ErasedError> {
        let action = self.read_action(actor, input)?;
        if self.record().dice.is_seeded() && matches!(dice, DiceChoice::Outside(_)) {
            return Err(ErasedError::SeededOnly);
        }
        // The events are converted before the step is committed, so a serialization failure
        // cannot leave a half-done step; only the state is copied, not the record or the log.
        let turn = G::turn(self.state());
        self.act_checked(
            actor,
            action,
            dice,
            |e| step_error(e, actor, &turn),
            |events| {
                events
                    .iter()
                    .map(erase_event)
                    .collect::<Result<Vec<_>, _>>()
            },
        )
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn mark_last_step(&mut self, mark: PostMark) -> bool {
        Session::mark_last_step(self, mark)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn post_pieces(&self, actor: Actor, post: &PostText) -> Vec<PostPiece> {
        G::post_pieces(actor, post)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn plays_for(&self, actor: Actor) -> Vec<Seat> {
        G::plays_for(self.state(), actor)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn join_private(&self, actor: Actor, public: &str, private: &str) -> Option<String> {
        let public = G::parse_action(self.state(), actor, public).ok()?;
        let private = G::parse_action(self.state(), actor, private).ok()?;
        let joined = G::join_private(self.state(), &public, &private)?;
        Some(G::format_action(self.state(), &joined))
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn post_marks(&self) -> Vec<(usize, PostMark)> {
        self.record()
            .entries
            .iter()
            .enumerate()
            .filter_map(|(index, entry)| entry.post.clone().map(|mark| (index + 1, mark)))
            .collect()
    }

    fn dice_policy(&self) -> DicePolicy {
        self.record().dice
    }

    fn outside_steps(&self) -> Vec<OutsideStep> {
        outside_steps(self.record())
    }

    fn chain(&self) -> Result<Vec<ChainHash>, ErasedError> {
        chain_heads(self.record()).map_err(|e| ErasedError::Serialize(e.to_string()))
    }

    fn view(&self, viewer: Viewer) -> Result<Value, ErasedError> {
        to_json(&G::view(self.state(), viewer))
    }

    fn log(&self, viewer: Viewer) -> Result<Vec<ErasedEvent>, ErasedError> {
        self.log_for(viewer).map(erase_event).collect()
    }

    fn log_after(
        &self,
        viewer: Viewer,
        after: Option<usize>,
    ) -> Result<Vec<ErasedEvent>, ErasedError> {
        self.log_for_after(viewer, after).map(erase_event).collect()
    }

    fn undo(&mut self) -> Result<(), ErasedError> {
        Ok(Session::undo(self)?)
    }

    fn record(&self) -> Result<Value, ErasedError> {
        to_json(Session::record(self))
    }

    fn save(&self) -> Result<String, ErasedError> {
        crate::engine::save::save_session(self)
    }

    fn last_entry(&self) -> Result<Option<Value>, ErasedError> {
        Session::record(self)
            .entries
            .last()
            .map(to_json)
            .transpose()
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn heuristic_action(
        &self,
        actor: Actor,
        dice: &mut dyn Dice,
    ) -> Result<Option<LegalAction>, ErasedError> {
        let Some(action) = G::heuristic_action(self.state(), actor, dice)
            .map_err(|e| ErasedError::Simulation(e.to_string()))?
        else {
            return Ok(None);
        };
        Ok(Some(LegalAction {
            text: G::format_action(self.state(), &action),
            json: to_json(&action)?,
        }))
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn game_master_actions(&self) -> Result<Vec<GameMasterAction>, ErasedError> {
        let state = self.state();
        G::legal_actions(state, Actor::GameMaster)
            .iter()
            .map(|action| {
                Ok(GameMasterAction {
                    role: G::game_master_role(state, action),
                    action: LegalAction {
                        text: G::format_action(state, action),
                        json: to_json(action)?,
                    },
                })
            })
            .collect()
    }

    fn clone_box(&self) -> Box<dyn DynSession> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
