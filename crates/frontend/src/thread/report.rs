//! What reading a thread did, post by post: the report `pbp thread` prints (as text or JSON)
//! and the table server answers.

use std::fmt::Write as _;

use serde::Serialize;

use super::layout::Layout;

/// What became of one post.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// Its actions were applied.
    Applied,
    /// The rules refused one of its actions; nothing of it was applied, and the author's later
    /// posts wait for the game master.
    Refused,
    /// Its author's earlier post was refused or is out of order: it waits for the game master.
    Waiting,
    /// An action needs dice the forum's roller has not posted yet.
    WaitingForDice,
    /// Nothing in it is an action (its lines are listed as chatter).
    Chatter,
    /// Its author is no player, game master or dice roller of the table.
    NotAPlayer,
    /// A dice roller's post: its rolls are there for the actions that need dice.
    Dice,
    /// Applied when the thread was read before; skipped.
    AlreadyApplied,
    /// Applied before, and its body has changed since: reported, not applied again.
    Edited,
    /// Older than a post already applied: not applied (the game master decides).
    OutOfOrder,
    /// A second post with the key of an earlier one in this thread: not read.
    Duplicate,
}

impl Outcome {
    /// The outcome in the report's words.
    pub fn words(self) -> &'static str {
        match self {
            Outcome::Applied => "applied",
            Outcome::Refused => "refused",
            Outcome::Waiting => "waiting for the game master",
            Outcome::WaitingForDice => "waiting for dice",
            Outcome::Chatter => "chatter",
            Outcome::NotAPlayer => "not a player",
            Outcome::Dice => "dice",
            Outcome::AlreadyApplied => "already applied",
            Outcome::Edited => "edited",
            Outcome::OutOfOrder => "out of order",
            Outcome::Duplicate => "duplicate",
        }
    }
}

/// One action of a post that was applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AppliedAction {
    /// The step it became (1 for the game's first action).
    pub step: usize,
    /// The text of the post it was read from.
    pub posted: String,
    /// The action as pbp reads it, in the game's text form.
    pub action: String,
    /// The forum dice it used, if any.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<u32>,
    /// What happened, in the game's words.
    pub events: Vec<String>,
}

/// What became of one post.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PostReport {
    /// Its place in the thread, from 1.
    pub number: usize,
    /// The forum's id, where the layout has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Its author as posted.
    pub author: String,
    /// Its time as posted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
    /// Who the author is at the table: the seat's name ("Plainsfox (Lion)"), "game master" or
    /// "dice roller"; absent for others.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// What became of it.
    pub outcome: Outcome,
    /// Why, where the outcome needs a reason (the rules' refusal, the post it waits for).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Its actions that were applied.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<AppliedAction>,
    /// Its lines that are no action.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub chatter: Vec<String>,
    /// The forum rolls read in it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<Vec<u32>>,
    /// The rolls in it that are no forum dice (a roll line a player typed), each with why.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_dice: Vec<NotDice>,
    /// A line of it that reads as another post's header (`Post by Sensei » ...` typed in a
    /// copied page's post): neither it nor the lines after it were read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forged: Option<String>,
}

/// A roll in a post that pbp does not take as forum dice, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NotDice {
    /// Its values, in order.
    pub values: Vec<u32>,
    /// Why it is not used ("a roll typed in the post, not the forum's: not used").
    pub reason: String,
}

/// What reading a thread did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ThreadReport {
    /// The game.
    pub game: &'static str,
    /// The layout the thread was read in.
    pub layout: Layout,
    /// Whether this was a check only (nothing changed).
    pub check: bool,
    /// Every post, in thread order.
    pub posts: Vec<PostReport>,
    /// The steps applied from this thread now.
    pub applied: usize,
    /// The table's steps after it.
    pub steps: usize,
    /// Forum rolls read and not used by any action.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unused_rolls: Vec<Vec<u32>>,
    /// Who acts now, in words.
    pub turn: String,
    /// What to check when nothing of the thread could be read as the table's (no author is a
    /// player, the game master or the dice roller).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
}

fn values(roll: &[u32]) -> String {
    roll.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl PostReport {
    fn heading(&self) -> String {
        let author = self.author.trim();
        // "Plainsfox (Lion)" says who wrote it; "Sensei (game master)" needs both.
        let mut out = match &self.player {
            Some(player) if player.eq_ignore_ascii_case(author) => {
                format!("post {} by {author}", self.number)
            }
            Some(player) if player.to_lowercase().starts_with(&author.to_lowercase()) => {
                format!("post {} by {player}", self.number)
            }
            Some(player) => format!("post {} by {author} ({player})", self.number),
            None => format!("post {} by {author}", self.number),
        };
        let details: Vec<String> = [
            self.id.as_ref().map(|id| format!("id {id}")),
            self.time.clone(),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !details.is_empty() {
            let _ = write!(out, ", {}", details.join(", "));
        }
        out
    }

    fn write_text(&self, out: &mut String, check: bool) {
        // A check applies nothing: what would be applied says so.
        let outcome = match self.outcome {
            Outcome::Applied if check => "would apply",
            outcome => outcome.words(),
        };
        let _ = write!(out, "{}: {outcome}", self.heading());
        match &self.reason {
            Some(reason) => {
                let _ = writeln!(out, ": {reason}");
            }
            None => out.push('\n'),
        }
        for action in &self.actions {
            // An action of several lines (an order sheet) is indented under its step.
            let action_text = action.action.replace('\n', "\n    ");
            let _ = write!(out, "  step {}: {action_text}", action.step);
            if !action.dice.is_empty() {
                let _ = write!(out, " (forum dice {})", values(&action.dice));
            }
            out.push('\n');
            for event in &action.events {
                let _ = writeln!(out, "    {event}");
            }
        }
        for roll in &self.rolls {
            let _ = writeln!(out, "  roll: {}", values(roll));
        }
        for roll in &self.not_dice {
            let _ = writeln!(out, "  roll {}: {}", values(&roll.values), roll.reason);
        }
        if let Some(forged) = &self.forged {
            let _ = writeln!(
                out,
                "  forged header: '{forged}' reads as another post's header inside this post: it and the lines after it are not read"
            );
        }
        for line in &self.chatter {
            let _ = writeln!(out, "  chatter: {line}");
        }
    }
}

impl ThreadReport {
    /// The report as text, a paragraph per post and a summary at the end.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for post in &self.posts {
            post.write_text(&mut out, self.check);
        }
        for roll in &self.unused_rolls {
            let _ = writeln!(out, "unused forum roll: {}", values(roll));
        }
        let verb = if self.check { "would apply" } else { "applied" };
        let _ = writeln!(
            out,
            "{} posts read ({}): {verb} {} ({} steps in all){}",
            self.posts.len(),
            self.layout.name(),
            pbp_core::engine::words::counted(self.applied as u64, "step", "steps"),
            self.steps,
            if self.check {
                "; nothing was changed (--check)"
            } else {
                ""
            }
        );
        if let Some(hint) = &self.hint {
            let _ = writeln!(out, "hint: {hint}");
        }
        let _ = writeln!(out, "{}", self.turn);
        out
    }
}
