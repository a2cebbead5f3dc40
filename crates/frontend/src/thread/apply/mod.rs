//! A thread applied to a table in thread order: each post's author matched to a seat, what the
//! game reads as actions applied (the forum's rolls fed to the actions that need dice), a
//! refused player's later posts held for the game master, and posts already applied (known by
//! the marks their steps keep in the save) skipped.

mod dice;
mod joined;

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use pbp_core::engine::post::{PostMark, PostPiece, body_digest, private_key};
use pbp_core::engine::{Actor, Seat, Turn};

use super::attempt::{Attempt, Roll, Trial};
use super::bbcode::post_text;
use super::layout::{Layout, read_thread};
use super::post::Post;
use super::private::Privates;
use super::report::{Outcome, PostReport, ThreadReport};
use super::seats::{Author, Seating};
use super::time::PostTime;
use crate::{Table, TableError};

/// How a thread is read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ThreadOptions {
    /// The thread's layout; `None` to recognise it.
    pub layout: Option<Layout>,
    /// The game master's forum names: their posts are the game master's actions.
    pub game_masters: Vec<String>,
    /// The forum dice roller's account names: their posts are read for rolls.
    pub rollers: Vec<String>,
    /// Whether the game is played with the forum's dice: actions that draw dice take the rolls
    /// posted in the thread, in order. Otherwise every roll comes from the table's seed and the
    /// forum's rolls are only listed.
    pub forum_dice: bool,
    /// Only show what would happen: the table is left as it was.
    pub check: bool,
    /// More forum names for seats, besides the players' names in the game (a hosted table's
    /// names, `pbp thread --player NAME=SEAT`).
    pub players: Vec<(String, Seat)>,
    /// Whether the rolls the forum's dice extension attached to a player's post (the `jsonl`
    /// layout's `rolls`) are forum dice. Off, a player's post never gives a die (a hosted table
    /// whose `dice` is `game-master`); a roll line typed in a post's text is never one.
    pub player_rolls: bool,
}

/// Reads the thread `bytes` and applies its posts to `table` in thread order (see the
/// [module docs](crate::thread)); with `options.check`, `table` is left as it was. Posts the
/// rules refuse are reported and the thread goes on; the table changes only by the posts
/// applied.
///
/// # Errors
/// A thread that cannot be read (too large, not UTF-8, of no known layout, a post over 1 MiB, a
/// bad line), or an author who matches several seats: then nothing is applied.
pub fn apply_thread(
    table: &mut Table,
    bytes: &[u8],
    options: &ThreadOptions,
) -> Result<ThreadReport, TableError> {
    let (layout, posts) = read_thread(bytes, options.layout)?;
    apply_posts(table, layout, &posts, options)
}

/// [`apply_thread`] for posts already read.
///
/// # Errors
/// An author who matches several seats: then nothing is applied.
pub fn apply_posts(
    table: &mut Table,
    layout: Layout,
    posts: &[Post],
    options: &ThreadOptions,
) -> Result<ThreadReport, TableError> {
    let seats = table.seats();
    let seating = Seating::new(&seats, &options.game_masters, &options.rollers)
        .with_players(&options.players);
    let authors = posts
        .iter()
        .map(|post| seating.author(&post.author, &seats))
        .collect::<Result<Vec<_>, _>>()?;
    let mut reading = Reading::new(table.clone(), options.forum_dice);
    reading.privates = Privates::read(posts, &authors, &seating, &seats);
    reading.authors.clone_from(&authors);
    reading.layout = layout;
    reading.player_rolls = options.player_rolls;
    let keys = post_keys(posts);
    reading.keys.clone_from(&keys);
    reading.last_applied = keys
        .iter()
        .rposition(|key| reading.applied.contains_key(key));
    for (index, post) in posts.iter().enumerate() {
        reading.also = seating.also_plays(&post.author);
        if let Author::Actor(actor @ Actor::Seat(_)) = authors[index] {
            // Every seat this post may play, for the private messages it may take.
            let mut seats: Vec<Seat> = actor.seat().into_iter().collect();
            seats.extend(&reading.also);
            seats.extend(reading.table.session().plays_for(actor));
            reading.may_play = seats;
        }
        reading.post(index, post, &keys[index], authors[index]);
    }
    let report = reading.finish(layout, options.check);
    if !options.check {
        *table = report.1;
    }
    Ok(report.0)
}

/// Each post's key ([`Post::key`]); a post known by its author and body alone gets the number of
/// the same text by the same author before it, so that two "pass" posts are two posts.
fn post_keys(posts: &[Post]) -> Vec<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    posts
        .iter()
        .map(|post| {
            let key = post.key();
            if post.id.is_some() || post.time.is_some() {
                return key;
            }
            let count = seen.entry(key.clone()).or_insert(0);
            *count += 1;
            if *count == 1 {
                key
            } else {
                format!("{key}#{count}")
            }
        })
        .collect()
}

/// A post read, held until the forum dice it needs are posted.
struct Pending {
    report: usize,
    actor: Actor,
    pieces: Vec<PostPiece>,
    mark: PostMark,
}

/// The state of one reading of a thread.
struct Reading {
    table: Table,
    forum_dice: bool,
    /// The layout: in a copied page, a line of a post that reads as a header is a forgery.
    layout: Layout,
    /// [`ThreadOptions::player_rolls`].
    player_rolls: bool,
    /// The posts applied before, by key: their marks.
    applied: BTreeMap<String, PostMark>,
    /// Every post's key, in thread order.
    keys: Vec<String>,
    used_rolls: BTreeSet<String>,
    newest: Option<(PostTime, String)>,
    queue: VecDeque<Roll>,
    blocked: BTreeMap<Actor, String>,
    pending: Vec<Pending>,
    seen: BTreeMap<String, usize>,
    reports: Vec<PostReport>,
    steps_before: usize,
    /// The place in this thread of the last post applied when it was read before: a post before
    /// it that was not applied then is older than a post applied, even where the forum gives
    /// no times.
    last_applied: Option<usize>,
    /// The seats the post being read may also play, given by `--player` (a name's own seat
    /// first is its author's).
    also: Vec<Seat>,
    /// Every seat the player's post being read may play (its own, `also`, the game's
    /// [`plays_for`](pbp_core::engine::Game::plays_for)).
    may_play: Vec<Seat>,
    /// The game master's private messages, joined to the turns posted just before them.
    privates: Privates,
    /// Each post's author.
    authors: Vec<Author>,
}

impl Reading {
    fn new(table: Table, forum_dice: bool) -> Reading {
        let marks = table.session().post_marks();
        let mut applied = BTreeMap::new();
        let mut used_rolls = BTreeSet::new();
        let mut newest: Option<(PostTime, String)> = None;
        for (_, mark) in marks {
            used_rolls.extend(mark.rolls.iter().cloned());
            if let Some(time) = mark.time.as_deref().and_then(PostTime::parse)
                && newest.as_ref().is_none_or(|(t, _)| time > *t)
            {
                newest = Some((time, mark.time.clone().unwrap_or_default()));
            }
            applied.insert(mark.post.clone(), mark);
        }
        Reading {
            steps_before: table.steps(),
            table,
            forum_dice,
            layout: Layout::Jsonl,
            player_rolls: false,
            applied,
            keys: Vec::new(),
            used_rolls,
            newest,
            queue: VecDeque::new(),
            blocked: BTreeMap::new(),
            pending: Vec::new(),
            seen: BTreeMap::new(),
            reports: Vec::new(),
            last_applied: None,
            also: Vec::new(),
            may_play: Vec::new(),
            privates: Privates::read(&[], &[], &Seating::new(&[], &[], &[]), &[]),
            authors: Vec::new(),
        }
    }

    fn name_of(&self, author: Author) -> Option<String> {
        match author {
            Author::Actor(Actor::GameMaster) => Some("game master".to_owned()),
            Author::Actor(actor) => Some(self.table.actor_name(actor)),
            Author::Roller => Some("dice roller".to_owned()),
            Author::Other => None,
        }
    }

    fn post(&mut self, index: usize, post: &Post, key: &str, author: Author) {
        let digest = body_digest(&post.body);
        let mut report = PostReport {
            number: index + 1,
            id: post.id.clone(),
            author: post.author.clone(),
            time: post.time.clone(),
            player: self.name_of(author),
            outcome: Outcome::Chatter,
            reason: None,
            actions: Vec::new(),
            chatter: Vec::new(),
            rolls: Vec::new(),
            not_dice: Vec::new(),
            forged: None,
        };
        if let Some(first) = self.seen.insert(key.to_owned(), index + 1) {
            report.outcome = Outcome::Duplicate;
            report.reason = Some(format!("it has the key of post {first} ({key}); not read"));
            self.reports.push(report);
            return;
        }
        let mut text = post_text(&post.body);
        report.forged = self.cut_forged(&mut text);
        let (text, rolls) = self.post_rolls(text, post, key, author, &mut report);
        report.rolls = rolls.iter().map(|r| r.values.clone()).collect();
        if let Some(mark) = self.applied.get(key) {
            if mark.body == digest {
                report.outcome = Outcome::AlreadyApplied;
                if matches!(author, Author::Actor(Actor::Seat(_))) {
                    let taken = mark.privates.clone();
                    self.private_after_applied(index, &taken);
                }
                self.queue_rolls(rolls);
            } else {
                report.outcome = Outcome::Edited;
                report.reason = Some(
                    "its text changed since it was applied; not applied again (the seed forbids editing orders: the game master decides)"
                        .to_owned(),
                );
            }
            self.reports.push(report);
            return;
        }
        if author == Author::Actor(Actor::GameMaster) && !self.privates.of(index).is_empty() {
            self.private_post(index, report);
            return;
        }
        let actor = match author {
            Author::Other => {
                report.outcome = Outcome::NotAPlayer;
                report.rolls.clear();
                report.not_dice.clear();
                report.forged = None;
                self.reports.push(report);
                return;
            }
            Author::Roller => {
                let used =
                    !rolls.is_empty() && rolls.iter().all(|r| self.used_rolls.contains(&r.key));
                report.outcome = if used {
                    Outcome::AlreadyApplied
                } else {
                    Outcome::Dice
                };
                report.chatter = text
                    .lines
                    .into_iter()
                    .map(|l| l.text)
                    .filter(|t| !t.is_empty())
                    .collect();
                if !self.forum_dice && !report.rolls.is_empty() {
                    report.reason = Some("the game rolls its own dice from its seed: these rolls are not used (read the thread with forum dice to use them)".to_owned());
                }
                self.reports.push(report);
                self.queue_rolls(rolls);
                self.retry_pending();
                return;
            }
            Author::Actor(own) => {
                let actor = self.standing_in(own);
                if actor != own {
                    report.player = Some(format!(
                        "{}, playing {}",
                        self.table.actor_name(own),
                        self.table.actor_name(actor)
                    ));
                }
                actor
            }
        };
        if let Some(reason) = self.blocked.get(&actor) {
            report.outcome = Outcome::Waiting;
            report.reason = Some(reason.clone());
            self.reports.push(report);
            return;
        }
        self.queue_rolls(rolls);
        self.retry_pending();
        let mut mark = PostMark {
            post: key.to_owned(),
            body: digest,
            time: post.time.clone(),
            rolls: Vec::new(),
            privates: Vec::new(),
        };
        let mut pieces = self.table.session().post_pieces(actor, &text);
        if let Some(seat) = actor.seat()
            && let Some(part) = self.privates.next_for(index, &[seat], &self.authors)
            && self.join_private(&mut pieces, actor, part, index + 1)
        {
            mark.privates
                .push(private_key(&self.keys[part.0], part.1 + 1));
        }
        self.reports.push(report);
        let pending = Pending {
            report: self.reports.len() - 1,
            actor,
            pieces,
            mark,
        };
        if let Some(earlier) = self.pending.iter().find(|p| p.actor == actor) {
            let number = self.reports[earlier.report].number;
            let report = &mut self.reports[pending.report];
            report.outcome = Outcome::WaitingForDice;
            report.reason = Some(format!(
                "waits for post {number}, which waits for forum dice"
            ));
            self.pending.push(pending);
            return;
        }
        let older = post
            .instant()
            .zip(self.newest.clone())
            .filter(|(time, (newest, _))| time < newest)
            .map(|(_, (_, text))| text)
            .or_else(|| {
                self.last_applied
                    .filter(|&last| index < last)
                    .map(|last| format!("post {}", last + 1))
            });
        if let Some(pending) = self.attempt(pending, older) {
            self.pending.push(pending);
        }
    }

    /// Who a post by `actor` plays: `actor` itself, unless its seat does not have the turn and
    /// one of the seats it may also play has (the game's [`plays_for`], a Scroll Race team's
    /// computer-played characters; or a seat `--player` gave its name too).
    ///
    /// [`plays_for`]: pbp_core::engine::Game::plays_for
    fn standing_in(&self, actor: Actor) -> Actor {
        let Turn::Acting(acting) = self.table.turn() else {
            return actor;
        };
        if acting.contains(&actor) || actor == Actor::GameMaster {
            return actor;
        }
        let mut seats = self.also.clone();
        seats.extend(self.table.session().plays_for(actor));
        seats
            .into_iter()
            .map(Actor::Seat)
            .find(|seat| acting.contains(seat))
            .unwrap_or(actor)
    }

    /// Tries a post; gives it back if it must wait for dice. A post older than one applied
    /// when the thread was read before (`older_than` that post's time, or its place in the
    /// thread where the forum gives no times) that would apply now is out of order: it is not
    /// applied.
    fn attempt(&mut self, pending: Pending, older_than: Option<String>) -> Option<Pending> {
        let trial = Trial {
            actor: pending.actor,
            mark: &pending.mark,
            forum_dice: self.forum_dice,
            queue: &self.queue,
        };
        let mut chatter = Vec::new();
        // The table itself, unless the post may hold two actions (the first kept only if the
        // second applies) or an attempt that applies must not be kept (out of order): a copy.
        let mut copy =
            (older_than.is_some() || !Trial::in_place(&pending.pieces)).then(|| self.table.clone());
        let work = match copy.as_mut() {
            Some(copy) => copy,
            None => &mut self.table,
        };
        let attempt = trial.run(work, &pending.pieces, &mut chatter);
        let report = &mut self.reports[pending.report];
        report.chatter = chatter;
        match attempt {
            Attempt::Applied { .. } if older_than.is_some() => {
                report.outcome = Outcome::OutOfOrder;
                report.reason = Some(format!(
                    "it is older than a post already applied ({}); not applied: the game master decides",
                    older_than.unwrap_or_default()
                ));
                let report = report.clone();
                self.block(pending.actor, &report);
            }
            Attempt::Applied {
                actions,
                rolls_used,
            } => {
                if let Some(table) = copy {
                    self.table = table;
                }
                for roll in self.queue.drain(..rolls_used) {
                    self.used_rolls.insert(roll.key);
                }
                report.outcome = Outcome::Applied;
                report.reason = None;
                report.actions = actions;
            }
            Attempt::Refused(reason) => {
                report.outcome = Outcome::Refused;
                report.reason = Some(reason);
                let prefix = format!("{} roll ", pending.mark.post);
                self.queue.retain(|roll| !roll.key.starts_with(&prefix));
                let report = report.clone();
                self.block(pending.actor, &report);
            }
            Attempt::NeedsDice(reason) => {
                report.outcome = Outcome::WaitingForDice;
                report.reason = Some(reason);
                return Some(pending);
            }
            Attempt::Nothing => report.outcome = Outcome::Chatter,
        }
        None
    }

    /// Tries again, in order, the posts waiting for dice.
    fn retry_pending(&mut self) {
        let waiting = std::mem::take(&mut self.pending);
        let mut still: Vec<Pending> = Vec::new();
        for pending in waiting {
            if self.blocked.contains_key(&pending.actor) {
                let reason = self.blocked.get(&pending.actor).cloned();
                let report = &mut self.reports[pending.report];
                report.outcome = Outcome::Waiting;
                report.reason = reason;
                continue;
            }
            if still.iter().any(|p| p.actor == pending.actor) {
                still.push(pending);
                continue;
            }
            if let Some(back) = self.attempt(pending, None) {
                still.push(back);
            }
        }
        self.pending = still;
    }

    fn block(&mut self, actor: Actor, report: &PostReport) {
        let reason = format!(
            "{}'s post {} was {}: the later posts wait for the game master",
            self.table.actor_name(actor),
            report.number,
            report.outcome.words()
        );
        self.blocked.entry(actor).or_insert(reason);
    }

    fn finish(self, layout: Layout, check: bool) -> (ThreadReport, Table) {
        let unused_rolls = if self.forum_dice {
            self.queue.iter().map(|r| r.values.clone()).collect()
        } else {
            Vec::new()
        };
        let hint = (!self.reports.is_empty()
            && self
                .reports
                .iter()
                .all(|r| r.outcome == Outcome::NotAPlayer))
        .then(|| {
            let names: Vec<String> = self.table.seats().into_iter().map(|s| s.name).collect();
            format!(
                "no author of this thread is a player, the game master (--gm) or the dice roller (--roller) of this table: the players are {}",
                names.join(", ")
            )
        });
        let report = ThreadReport {
            game: self.table.game(),
            layout,
            check,
            posts: self.reports,
            applied: self.table.steps() - self.steps_before,
            steps: self.table.steps(),
            unused_rolls,
            turn: self.table.describe_turn(),
            hint,
        };
        (report, self.table)
    }
}
