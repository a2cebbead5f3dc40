//! The turn workflow of simultaneous games, beside the game: drafts that a player may change
//! until marked ready, resolution when every seat to act is ready or when the turn closes (at
//! its deadline plus grace, or when the game master says so), the table's default for a seat
//! that sent nothing (the status every viewer sees is `status.rs`).
//!
//! A draft is not an action yet: it is checked against the rules when it is saved (on a copy
//! of the game, so an invalid order is refused at once) and kept, with its ready mark, beside
//! the table. Only the seat and the game master may read it. When the turn resolves, the drafts
//! are applied in seat order as the seats' actions, each committed like any other.
//!
//! Deadlines live in the store (the time each turn closes), and every instance's scheduler asks
//! it once a second which turns are due; an instance closes a turn only while it holds the
//! turn's lease in the store, and only after reading the table as stored and finding the turn
//! still due, so a turn closes once however many instances run.

use std::time::{SystemTime, UNIX_EPOCH};

use pbp_core::engine::erased::ActionInput;
use pbp_core::engine::{Actor, Audience, DiceChoice, Seat};
use pbp_frontend::EventLine;
use serde::Serialize;
use serde_json::Value;

use std::sync::Arc;

use super::status::{DeadlineAnswer, DraftAnswer, ReadyAnswer, ResolveAnswer, status};
use super::{Hub, Live, Role, acting, refused};
use crate::error::ApiError;
use crate::request::{ActRequest, DeadlineRequest, ReadyRequest};
use crate::store::outbox::Notice;
use crate::store::{AbsentDefault, BotPlay, Draft};

/// Seconds since the Unix epoch.
pub(crate) fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or_default()
}

/// The log with a line before each turn the computer player played for an absent seat (before
/// the first of its steps in a row for that seat), seen by everyone: "the bot played for Bo, who
/// sent nothing by the deadline". It names the player, never what the bot chose (its orders are
/// shown, or sealed, as the player's own would be).
pub(crate) fn with_bot_lines(live: &Live, lines: Vec<EventLine>) -> Vec<EventLine> {
    with_bot_lines_from(live, lines, 0)
}

/// [`with_bot_lines`] for the end of a log, the lines of the steps from `from` on: only the
/// bot's lines of those steps are added.
pub(crate) fn with_bot_lines_from(live: &Live, lines: Vec<EventLine>, from: u64) -> Vec<EventLine> {
    let turns: Vec<BotPlay> = live
        .turn
        .bot
        .iter()
        .enumerate()
        .filter(|&(i, play)| {
            i == 0 || {
                let before = live.turn.bot[i - 1];
                before.seat != play.seat || before.step + 1 != play.step
            }
        })
        .map(|(_, play)| *play)
        .filter(|play| play.step >= from)
        .collect();
    if turns.is_empty() {
        return lines;
    }
    let mut out = Vec::with_capacity(lines.len() + turns.len());
    let mut plays = turns.into_iter().peekable();
    for line in lines {
        while let Some(play) = plays.next_if(|play| play.step <= line.step as u64) {
            out.push(bot_line(live, play));
        }
        out.push(line);
    }
    out.extend(plays.map(|play| bot_line(live, play)));
    out
}

/// The server's own event of a log line: `{"bot_played": {"seat": N}}`.
#[derive(Serialize)]
struct BotPlayed {
    bot_played: BotSeat,
}

/// The seat the bot played for.
#[derive(Serialize)]
struct BotSeat {
    seat: u16,
}

/// The line the log shows before a turn the computer player played for an absent seat: the
/// server's own event ([`BotPlayed`]), seen by everyone.
fn bot_line(live: &Live, play: BotPlay) -> EventLine {
    let event = BotPlayed {
        bot_played: BotSeat { seat: play.seat },
    };
    EventLine {
        step: usize::try_from(play.step).unwrap_or(usize::MAX),
        audience: Audience::Everyone,
        event: serde_json::to_value(event).unwrap_or(Value::Null),
        text: format!(
            "the bot played for {}, who sent nothing by the deadline",
            player_name(live, play.seat)
        ),
    }
}

/// Keeps the turn state true after an action, `before` being who could act before it. When
/// a new turn began (a seat may act that could not), the drafts and the deadline belong to the
/// turn that ended and are dropped, and the answer is `true`. Otherwise the drafts of seats
/// that may no longer act are dropped.
pub(crate) fn after_act(live: &mut Live, before: &[Actor]) -> bool {
    let now = live.game.acting();
    let new_turn = now
        .iter()
        .any(|a| a.seat().is_some() && !before.contains(a));
    if new_turn || !now.iter().any(|a| a.seat().is_some()) {
        live.turn.drafts.clear();
        live.turn.deadline = None;
        return true;
    }
    live.turn
        .drafts
        .retain(|draft| now.contains(&Actor::Seat(Seat(draft.seat))));
    false
}

fn seat_of(actor: Actor) -> Result<u16, ApiError> {
    actor.seat().map(|s| s.0).ok_or_else(|| {
        ApiError::BadRequest(
            "drafts are for seats: the game master acts directly, or names a seat with 'as'".into(),
        )
    })
}

/// A seat as its players know it, as the notices and the stream name it
/// ([`crate::names::seat_called`]): the game's name where it names the table's player ("Ann
/// (Red)"), else the name the game master gave at the table.
fn player_name(live: &Live, seat: u16) -> String {
    let game = live.game.seat_name(seat);
    live.seats
        .get(usize::from(seat))
        .map_or(game.clone(), |stored| {
            crate::names::seat_called(&game, &stored.name)
        })
}

/// How long an instance holds a deadline's lease: long enough to close any turn, short enough
/// that a turn whose instance died closes soon after.
pub(crate) const LEASE_SECONDS: u64 = 30;

/// How many actions the computer player takes at most for one absent seat when a turn closes
/// (a seat's turn in these games is a handful of actions; the bound keeps a game that never
/// ends the seat's turn from holding the hub).
pub(crate) const BOT_ACTIONS: usize = 64;

impl Hub {
    /// Stores the turn state of the table in memory, from the version it was loaded at.
    fn save_turn(&mut self, id: &str) -> Result<(), ApiError> {
        let live = self.cached(id)?;
        let turn = live.turn.clone();
        let version = live.version;
        match self.store.set_turn(id, version, &turn) {
            Ok(()) => {
                self.cached(id)?.version = version + 1;
                Ok(())
            }
            Err(error) => Err(self.failed(id, error)),
        }
    }

    /// Saves (or replaces) a seat's draft after checking it against the rules on a copy.
    ///
    /// # Errors
    /// 404, 401, 403, 400 (the game master without `as`, or dice), 409 (stale step), 422 (the
    /// seat has nothing to do now, or the rules refuse the action).
    pub fn draft(
        &mut self,
        id: &str,
        token: Option<&str>,
        request: ActRequest,
    ) -> Result<DraftAnswer, ApiError> {
        self.retrying(|hub| hub.draft_once(id, token, &request))
    }

    fn draft_once(
        &mut self,
        id: &str,
        token: Option<&str>,
        request: &ActRequest,
    ) -> Result<DraftAnswer, ApiError> {
        let live = self.live(id)?;
        let role = live.role(token)?;
        let actor = acting(live, role, request.seat)?;
        let seat = seat_of(actor)?;
        if request.dice.is_some() {
            return Err(ApiError::BadRequest(
                "a draft takes no dice: it is rolled when the turn resolves".into(),
            ));
        }
        if let Some(expected) = request.expect_step
            && expected != live.game.steps()
        {
            return Err(ApiError::Stale {
                expected,
                found: live.game.steps(),
            });
        }
        if !live.game.may_act(actor) {
            return Err(ApiError::Refused {
                kind: "refused",
                message: format!("{} has nothing to send now", player_name(live, seat)),
            });
        }
        let parsed = live.game.trial(actor, &request.action).map_err(refused)?;
        live.turn.drafts.retain(|d| d.seat != seat);
        live.turn.drafts.push(Draft {
            seat,
            action: parsed.json.to_string(),
            ready: false,
        });
        live.turn.drafts.sort_by_key(|d| d.seat);
        self.save_turn(id)?;
        let live = self.cached(id)?;
        Ok(DraftAnswer {
            draft: parsed,
            ready: false,
            table: status(live, role),
        })
    }

    /// Marks a seat's draft ready (or not); when every seat to act is ready, the turn resolves.
    ///
    /// # Errors
    /// 404, 401, 403, 422 (no draft to mark), 503.
    pub fn ready(
        &mut self,
        id: &str,
        token: Option<&str>,
        request: ReadyRequest,
    ) -> Result<ReadyAnswer, ApiError> {
        let role = self.retrying(|hub| {
            let live = hub.live(id)?;
            let role = live.role(token)?;
            let seat = seat_of(acting(live, role, request.seat)?)?;
            let Some(draft) = live.turn.drafts.iter_mut().find(|d| d.seat == seat) else {
                let name = player_name(live, seat);
                return Err(ApiError::Refused {
                    kind: "refused",
                    message: format!("{name} has no draft to mark: save one first"),
                });
            };
            draft.ready = request.ready;
            hub.save_turn(id)?;
            Ok(role)
        })?;
        // The mark is stored; the resolution is tried on the table as stored (another
        // instance may have resolved the turn meanwhile).
        let resolved = self.retrying(|hub| {
            let live = hub.live(id)?;
            let everyone_ready = live
                .game
                .acting()
                .iter()
                .filter_map(|a| a.seat())
                .all(|s| live.turn.drafts.iter().any(|d| d.seat == s.0 && d.ready));
            if everyone_ready {
                hub.resolve(id, false)
            } else {
                Ok(false)
            }
        })?;
        let live = self.live(id)?;
        Ok(ReadyAnswer {
            ready: request.ready,
            resolved,
            step: live.game.steps(),
            table: status(live, role),
        })
    }

    /// Sets or clears the deadline of the turn (game master only).
    ///
    /// # Errors
    /// 404, 401, 403, 503.
    pub fn set_deadline(
        &mut self,
        id: &str,
        token: Option<&str>,
        request: DeadlineRequest,
    ) -> Result<DeadlineAnswer, ApiError> {
        let deadline = request.in_seconds.map(|s| now().saturating_add(s));
        self.retrying(|hub| {
            let live = hub.live(id)?;
            let role = game_master(live, token)?;
            live.turn.deadline = deadline;
            live.turn.grace = request.grace;
            hub.save_turn(id)?;
            let live = hub.cached(id)?;
            Ok(DeadlineAnswer {
                table: status(live, role),
            })
        })
    }

    /// Closes the turn now (game master only): as at the deadline.
    ///
    /// # Errors
    /// 404, 401, 403, 503.
    pub fn resolve_now(
        &mut self,
        id: &str,
        token: Option<&str>,
    ) -> Result<ResolveAnswer, ApiError> {
        let live = self.live(id)?;
        let role = game_master(live, token)?;
        let started = live.game.acting();
        // Tried again only while the turn it was asked for is the table's (another instance
        // may have resolved it, and the next turn is not this request's).
        let resolved = self.retrying(|hub| {
            let now = hub.live(id)?.game.acting();
            let moved_on = now
                .iter()
                .any(|a| a.seat().is_some() && !started.contains(a))
                || !now.iter().any(|a| a.seat().is_some());
            if moved_on && now != started {
                return Ok(true);
            }
            hub.resolve(id, true)
        })?;
        let live = self.live(id)?;
        Ok(ResolveAnswer {
            resolved,
            step: live.game.steps(),
            table: status(live, role),
        })
    }

    /// Applies the drafts (the ready ones, or when `closing` all of them) in seat order; when
    /// `closing`, then gives every seat still to act the table's default and closes the turn.
    /// Answers whether a new turn began (or the game ended).
    pub(crate) fn resolve(&mut self, id: &str, closing: bool) -> Result<bool, ApiError> {
        let live = self.live(id)?;
        let drafts: Vec<Draft> = live
            .turn
            .drafts
            .iter()
            .filter(|d| closing || d.ready)
            .cloned()
            .collect();
        for draft in drafts {
            let Ok(action) = serde_json::from_str::<Value>(&draft.action) else {
                continue;
            };
            if self.apply(id, Actor::Seat(Seat(draft.seat)), action, false)? {
                return Ok(true);
            }
        }
        if !closing {
            return Ok(false);
        }
        // The seats that sent nothing get the table's default: with the bot, the computer
        // player's turn for the seat; then (with either default, and for a seat the bot had
        // nothing for) the game master's stand-in for the seat where the game has one (no
        // orders, a pass), and last the game's close of the turn.
        let absent: Vec<u16> = self
            .live(id)?
            .game
            .acting()
            .iter()
            .filter_map(|a| a.seat().map(|s| s.0))
            .collect();
        if self.cached(id)?.turn.absent == AbsentDefault::Bot {
            for &seat in &absent {
                if self.bot_plays(id, seat)? {
                    return Ok(true);
                }
            }
        }
        for seat in absent {
            let Some(action) = self.cached(id)?.game.stand_in(seat) else {
                continue;
            };
            if self.apply(id, Actor::GameMaster, action, false)? {
                return Ok(true);
            }
        }
        if let Some(action) = self.cached(id)?.game.close()
            && self.apply(id, Actor::GameMaster, action, false)?
        {
            return Ok(true);
        }
        // The game has no way to close this turn: it waits, without its deadline.
        let live = self.cached(id)?;
        live.turn.deadline = None;
        self.save_turn(id)?;
        Ok(false)
    }

    /// The computer player plays `seat`'s turn: one action after another while the seat may
    /// act and its turn lasts ([`BOT_ACTIONS`] at most), each committed like the seat's own and
    /// marked in the turn state for the log. Answers whether a new turn began.
    fn bot_plays(&mut self, id: &str, seat: u16) -> Result<bool, ApiError> {
        let actor = Actor::Seat(Seat(seat));
        for _ in 0..BOT_ACTIONS {
            let live = self.cached(id)?;
            if !live.game.may_act(actor) {
                return Ok(false);
            }
            let Some(action) = live.game.bot_action(seat) else {
                return Ok(false);
            };
            let step = live.game.steps();
            if self.apply(id, actor, action, true)? {
                return Ok(true);
            }
            if self.cached(id)?.game.steps() == step {
                return Ok(false);
            }
        }
        Ok(false)
    }

    /// Applies and commits one action of a resolution (`by_bot`: the computer player's for the
    /// seat, marked so in the turn state). A draft the rules refuse now is dropped. Answers
    /// whether a new turn began.
    fn apply(
        &mut self,
        id: &str,
        actor: Actor,
        action: Value,
        by_bot: bool,
    ) -> Result<bool, ApiError> {
        let live = self.cached(id)?;
        if !live.game.may_act(actor) {
            return Ok(false);
        }
        let before = live.game.acting();
        let from_step = live.game.steps();
        let input = ActionInput::Json(action.clone());
        if live.game.act(actor, &input, DiceChoice::Seeded).is_err() {
            if let Some(seat) = actor.seat() {
                live.turn.drafts.retain(|d| d.seat != seat.0);
                self.save_turn(id)?;
            }
            return Ok(false);
        }
        if by_bot && let Some(seat) = actor.seat() {
            live.turn.bot.push(BotPlay {
                step: from_step + 1,
                seat: seat.0,
            });
        }
        self.commit(id, from_step, &before, actor, &action, false)?;
        let now = self.cached(id)?.game.acting();
        Ok(now
            .iter()
            .any(|a| a.seat().is_some() && !before.contains(a))
            || !now.iter().any(|a| a.seat().is_some()))
    }

    /// Closes the turn of every table whose deadline and grace have passed at `now`, as the
    /// store has them: each under its lease, and only if the table as stored is still due (a
    /// turn that another instance closed, or whose deadline moved, is left alone). Answers how
    /// many were closed.
    pub fn close_due(&mut self, now: u64) -> usize {
        let Ok(due) = self.store.due(now) else {
            return 0;
        };
        let mut closed = 0;
        for id in due {
            let owner = self.owner.clone();
            if !matches!(self.store.claim(&id, &owner, now, LEASE_SECONDS), Ok(true)) {
                continue;
            }
            let outcome = self.retrying(|hub| {
                let live = hub.live(&id)?;
                let closes = live
                    .turn
                    .deadline
                    .map(|d| d.saturating_add(live.turn.grace));
                if closes.is_none_or(|at| at > now) {
                    return Ok(false);
                }
                hub.resolve(&id, true)?;
                Ok(true)
            });
            let _ = self.store.release(&id, &owner);
            if matches!(outcome, Ok(true)) {
                closed += 1;
            }
        }
        closed
    }
}

/// The game master's role for `token`, or the refusal of anyone else: 401 for the public, 403
/// for a seat.
pub(crate) fn game_master(live: &Live, token: Option<&str>) -> Result<Role, ApiError> {
    match live.role(token)? {
        Role::GameMaster => Ok(Role::GameMaster),
        Role::Public => Err(ApiError::Unauthorized(
            "this is the game master's: send the game master's token".into(),
        )),
        Role::Seat(_) => Err(ApiError::Forbidden(
            "this is the game master's alone".into(),
        )),
    }
}

/// Whether the act just applied to `live` (`before`: who could act before it) only took seats
/// out of the turn (a game master's stand-in for a seat, Warring States' `no orders Ann`): the
/// seats to act now are fewer, and each could act before. A game master's other acts (Clan
/// War's `end round`, after which every seat may act as before) end a turn of the record.
fn stood_in(live: &Live, before: &[Actor]) -> bool {
    let now: Vec<Actor> = live
        .game
        .acting()
        .into_iter()
        .filter(|a| a.seat().is_some())
        .collect();
    let was = before.iter().filter(|a| a.seat().is_some()).count();
    now.len() < was && now.iter().all(|a| before.contains(a))
}

/// Whether the act just applied to `live` (`before`: who could act before it) ended a turn: a
/// seat may act that could not before, or the game is over (a turn that waits for the game
/// master to resolve it ends when the resolution opens the next one).
pub(crate) fn ends_turn(live: &Live, before: &[Actor]) -> bool {
    live.game.outcome().is_some()
        || live
            .game
            .acting()
            .iter()
            .any(|a| a.seat().is_some() && !before.contains(a))
}

/// The notices a venue adds to an act that ends a turn, written to the outbox in the act's own
/// transaction (so a committed turn's notice is never lost): called with the table's id, the
/// table after the act, and the step its turn began after. The webhooks register theirs
/// ([`HubHandle::set_turn_notices`]); the hub calls it only for a table that has a webhook.
pub(crate) type TurnNotices =
    Arc<dyn Fn(&str, &Live, u64) -> Result<Vec<Notice>, String> + Send + Sync>;

impl Hub {
    /// The notices of the act just applied to table `id` in memory (`before`: who could act
    /// before it; `ruling`: the game master's own act, which ends a turn too unless it only
    /// stood in for seats), and the
    /// turn's first step kept in its turn state: none unless the act ended a turn, a venue
    /// makes notices and the table has a webhook.
    pub(super) fn turn_notices(
        &mut self,
        id: &str,
        before: &[Actor],
        ruling: bool,
    ) -> Result<Vec<Notice>, ApiError> {
        let live = self.cached(id)?;
        let ruled = ruling && !stood_in(live, before);
        if !ruled && !ends_turn(live, before) {
            return Ok(Vec::new());
        }
        let began = live.turn.began;
        live.turn.began = live.game.steps();
        let Some(make) = self.turn_notices.clone() else {
            return Ok(Vec::new());
        };
        if !self.store.has_hooks(id)? {
            return Ok(Vec::new());
        }
        let live = self.cached(id)?;
        make(id, live, began).map_err(ApiError::Internal)
    }

    /// The signal told whenever this hub wrote a notice to the outbox.
    pub(crate) fn outbox_written(&self) -> Arc<tokio::sync::Notify> {
        Arc::clone(&self.outbox_written)
    }
}
