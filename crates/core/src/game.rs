//! The Game contract: the one trait every pbp game implements.
//!
//! A game is a pure state machine. Randomness enters only through the [`Dice`] source handed to
//! [`Game::setup`] and [`Game::apply`]; nothing reads a clock, a file or a global generator. The
//! frontends (CLI, wasm), the record, the simulator and the test harness are written once against
//! this trait.
//!
//! Who may act is told by [`Game::turn`]: one seat (alternating games), several at once
//! (simultaneous orders, real-time battles that start in any order), the game master (closing a
//! round, ruling on a case the rules leave open), or nobody because the game is over.

use std::collections::BTreeMap;
use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::dice::Dice;
use crate::engine::form::{ActionForm, Choice};
use crate::engine::names::NamesError;
use crate::engine::post::{PostPiece, PostText, each_line};

/// A player's seat at the table, numbered from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u16);

impl Seat {
    /// The seat as people call it when nobody named its player: `Player 1` for seat 0,
    /// counted from 1 as people count. Every default name in pbp is this one.
    ///
    /// ```
    /// use pbp_core::engine::Seat;
    /// assert_eq!(Seat(0).player_name(), "Player 1");
    /// assert_eq!(Seat::from_player_name("Player 12"), Some(Seat(11)));
    /// ```
    pub fn player_name(self) -> String {
        format!("Player {}", u32::from(self.0) + 1)
    }

    /// The seat that a default name ([`Seat::player_name`]) calls, if `name` is one.
    pub fn from_player_name(name: &str) -> Option<Seat> {
        let number: u32 = name.strip_prefix("Player ")?.parse().ok()?;
        let index = number.checked_sub(1)?;
        u16::try_from(index).ok().map(Seat)
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Who takes an action: a seat, or the game master (closing a round, forcing resolution, ruling).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Actor {
    /// A player.
    Seat(Seat),
    /// The game master.
    GameMaster,
}

impl Actor {
    /// The seat, if a player acts.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Actor::Seat(seat) => Some(seat),
            Actor::GameMaster => None,
        }
    }
}

/// Who looks at the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Viewer {
    /// A player, who sees what that seat may know.
    Seat(Seat),
    /// Anyone reading the forum thread.
    Public,
    /// The game master, who sees everything.
    GameMaster,
}

impl From<Actor> for Viewer {
    fn from(actor: Actor) -> Viewer {
        match actor {
            Actor::Seat(seat) => Viewer::Seat(seat),
            Actor::GameMaster => Viewer::GameMaster,
        }
    }
}

/// Who an event is meant for. The game master sees every event.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Audience {
    /// Everyone, the public included.
    Everyone,
    /// These seats (and the game master).
    Seats(Vec<Seat>),
    /// The game master alone.
    GameMaster,
}

impl Audience {
    /// An event for one seat alone.
    pub fn only(seat: Seat) -> Audience {
        Audience::Seats(vec![seat])
    }

    /// Whether `viewer` may see an event meant for this audience.
    ///
    /// ```
    /// use pbp_core::engine::{Audience, Seat, Viewer};
    /// let secret = Audience::only(Seat(1));
    /// assert!(secret.includes(Viewer::Seat(Seat(1))));
    /// assert!(secret.includes(Viewer::GameMaster));
    /// assert!(!secret.includes(Viewer::Seat(Seat(0))));
    /// assert!(!secret.includes(Viewer::Public));
    /// ```
    pub fn includes(&self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (_, Viewer::GameMaster) => true,
            (Audience::Everyone, _) => true,
            (Audience::Seats(seats), Viewer::Seat(seat)) => seats.contains(&seat),
            _ => false,
        }
    }
}

/// An event with its audience.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Visible<E> {
    /// Who may see it.
    pub audience: Audience,
    /// What happened.
    pub event: E,
}

impl<E> Visible<E> {
    /// An event everyone sees.
    pub fn public(event: E) -> Visible<E> {
        Visible {
            audience: Audience::Everyone,
            event,
        }
    }

    /// An event for the listed seats (and the game master).
    pub fn to(seats: Vec<Seat>, event: E) -> Visible<E> {
        Visible {
            audience: Audience::Seats(seats),
            event,
        }
    }

    /// An event for the game master alone.
    pub fn gm(event: E) -> Visible<E> {
        Visible {
            audience: Audience::GameMaster,
            event,
        }
    }
}

/// The end of a game: who won, the ranking and the scores.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winners (several for a team win or a shared first place; none for a draw).
    pub winners: Vec<Seat>,
    /// Places from first to last; seats tied for a place share it.
    pub ranking: Vec<Vec<Seat>>,
    /// Final scores, in units of `1 / score_denominator` points (Clan War's half glory points
    /// use a denominator of 2). Empty where a game has no score.
    pub scores: BTreeMap<Seat, i64>,
    /// What one score unit is worth: 1 for whole points.
    pub score_denominator: u32,
    /// A sentence saying why the game ended.
    pub reason: String,
}

impl Outcome {
    /// Each seat's result as a number, seat 0 first, for `seats` seats (OpenSpiel's `returns`):
    /// one point shared by the winners (1 to a lone winner, `1/k` to each of `k` winners sharing
    /// first place or a team's win), 0 to everyone else; a game with no winner (a draw) shares
    /// the point among all `seats`. The results always add up to 1, as a chess score does (1,
    /// ½, 0), so a search can read a seat's result as its share of the win.
    ///
    /// They are `f64` because that is what search and learning libraries take; each is 0, 1 or
    /// one division `1 / k`, which IEEE 754 rounds the same way on every platform, so the same
    /// outcome gives the same bits everywhere. No rule reads them.
    ///
    /// ```
    /// use pbp_core::engine::{Outcome, Seat};
    /// let won = Outcome { winners: vec![Seat(1)], ..Outcome::default() };
    /// assert_eq!(won.returns(3), vec![0.0, 1.0, 0.0]);
    /// let shared = Outcome { winners: vec![Seat(0), Seat(2)], ..Outcome::default() };
    /// assert_eq!(shared.returns(3), vec![0.5, 0.0, 0.5]);
    /// assert_eq!(Outcome::default().returns(2), vec![0.5, 0.5]);
    /// ```
    pub fn returns(&self, seats: u16) -> Vec<f64> {
        let won = |seat: u16| self.winners.contains(&Seat(seat));
        let winners = (0..seats).filter(|&seat| won(seat)).count();
        (0..seats)
            .map(|seat| match winners {
                0 => 1.0 / f64::from(seats),
                k if won(seat) => 1.0 / k as f64,
                _ => 0.0,
            })
            .collect()
    }
}

/// Whose move it is, or how the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Turn {
    /// These actors may act now, in any order (one for alternating games, several for
    /// simultaneous or real-time ones).
    Acting(Vec<Actor>),
    /// The game is over.
    Over(Outcome),
}

impl Turn {
    /// The actors who may act (empty when the game is over).
    pub fn actors(&self) -> &[Actor] {
        match self {
            Turn::Acting(actors) => actors,
            Turn::Over(_) => &[],
        }
    }

    /// The outcome, if the game is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        match self {
            Turn::Acting(_) => None,
            Turn::Over(outcome) => Some(outcome),
        }
    }
}

/// What one of the game master's actions is for, so that a frontend can offer it, or take it
/// when a turn's deadline passes, by its purpose and never by its text.
///
/// ```
/// use pbp_core::engine::duel::{Duel, DuelAction};
/// use pbp_core::engine::{Game, GameMasterRole, Seat};
///
/// let state = Duel::setup(&Default::default(), &mut pbp_core::SeededDice::new(1))?;
/// let concede = DuelAction::Concede(Seat(0));
/// assert_eq!(Duel::game_master_role(&state, &concede), GameMasterRole::Ruling);
/// # Ok::<(), pbp_core::engine::duel::DuelError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameMasterRole {
    /// Closes the turn as it stands: what was sent is resolved, and the seats that sent nothing
    /// count as having sent nothing (Warring States' `close`).
    CloseTurn,
    /// Stands in for an absent seat with a step that decides nothing for it: no orders, a pass,
    /// the end of its phase, a declined choice (Warring States' `no orders SEAT`, Clan War's
    /// `for CLAN pass`, Three Kingdoms' `end` for the player who must act).
    StandIn(Seat),
    /// Moves the game on to its next round or phase while players could still act in this one,
    /// deciding nothing for any seat (Clan War's `end round`: open battles are forced to an end
    /// and the round is scored). The bots take it when the game needs it
    /// ([`crate::engine::sim::random_action`]).
    Advance,
    /// Any other ruling: admitting, retiring or placing a player, conceding for a seat, ending
    /// the game. The bots never take one unless asked ([`crate::engine::sim::BotOptions`]).
    Ruling,
}

impl GameMasterRole {
    /// Whether the action moves the game on ([`GameMasterRole::CloseTurn`],
    /// [`GameMasterRole::Advance`]): the game master's part of play, which a bot playing the
    /// game master takes, as opposed to a stand-in or a ruling.
    ///
    /// ```
    /// use pbp_core::engine::{GameMasterRole, Seat};
    /// assert!(GameMasterRole::Advance.moves_on());
    /// assert!(GameMasterRole::CloseTurn.moves_on());
    /// assert!(!GameMasterRole::StandIn(Seat(0)).moves_on());
    /// assert!(!GameMasterRole::Ruling.moves_on());
    /// ```
    pub fn moves_on(self) -> bool {
        matches!(self, GameMasterRole::CloseTurn | GameMasterRole::Advance)
    }
}

/// The contract every pbp game implements.
///
/// All functions are associated functions over plain data: a game is its types. See
/// `crates/core/examples/duel.rs` for a complete small game.
pub trait Game: Sized + Clone + Copy + Debug + PartialEq + Default + Send + Sync + 'static {
    /// The game's name in the CLI and in save files (`"clan-war"`).
    const NAME: &'static str;
    /// The game's title as people write it, in pages, notices and `pbp games` ("Clan War",
    /// "Warring States"): never made from [`Game::NAME`].
    const TITLE: &'static str;
    /// The setup: players, map, options, house rules. `Default` is the seed's standard game.
    type Config: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// The whole game as plain data.
    type State: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// One decision of one actor.
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// Something that happened, for the log.
    type Event: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// What one viewer may see.
    type View: Clone + Debug + PartialEq + Serialize + Send + Sync;
    /// Why a setup or an action was refused. Messages must not reveal hidden information.
    type Error: std::error::Error
        + Clone
        + PartialEq
        + From<crate::error::DiceError>
        + Send
        + Sync
        + 'static;

    /// Starts a game.
    ///
    /// # Errors
    /// An invalid config, or the dice source's errors.
    fn setup(config: &Self::Config, dice: &mut dyn Dice) -> Result<Self::State, Self::Error>;

    /// Who may act now, or the outcome.
    fn turn(state: &Self::State) -> Turn;

    /// How many seats the game has as it stands: seats `0..count`, every seat that plays or has
    /// played (eliminated seats included). Frontends list seats (and their
    /// [`seat_label`](Game::seat_label)s) from it; a game that admits players later (Warring
    /// States) counts them once they joined.
    fn seat_count(state: &Self::State) -> u16;

    /// Every legal action of `actor` now, or, where amounts make that huge, a documented finite
    /// sample of them that a random player can draw from. Empty when `actor` may not act.
    fn legal_actions(state: &Self::State, actor: Actor) -> Vec<Self::Action>;

    /// Whether the game counts its legal actions and builds one of them by its place
    /// ([`Game::legal_action_count`], [`Game::legal_action_at`]) without building the list: the
    /// random bot ([`crate::engine::sim::random_action`]) then draws from the count and builds only the
    /// action it picked. Games whose lists are large and costly to build (one action per set of
    /// discards) set it; the bot's games are the same either way.
    const COUNTS_LEGAL_ACTIONS: bool = false;

    /// How many actions [`Game::legal_actions`] lists for `actor` now. A game that overrides it
    /// (and sets [`Game::COUNTS_LEGAL_ACTIONS`]) must answer the list's length; the random-play
    /// harness of `testing` checks it at every step.
    fn legal_action_count(state: &Self::State, actor: Actor) -> usize {
        Self::legal_actions(state, actor).len()
    }

    /// The action at `index` of [`Game::legal_actions`] for `actor` now (`None` past its end),
    /// built alone by a game that overrides it; the random-play harness checks it against the
    /// list.
    fn legal_action_at(state: &Self::State, actor: Actor, index: usize) -> Option<Self::Action> {
        Self::legal_actions(state, actor).into_iter().nth(index)
    }

    /// Applies `actor`'s `action`, drawing any randomness from `dice`.
    ///
    /// This is the one rollback of an action: on error `state` must be exactly as it was
    /// before, and nothing in core copies it first ([`Session`](crate::engine::Session) changes its
    /// state in place for a seeded step; only a step with outside dice, which a session may
    /// refuse after the game accepted it, takes a snapshot). So check everything before the
    /// first change, including what can only be known once dice are drawn (draw into locals,
    /// then write), or, where that is not clean, work on a copy and keep it on success. The
    /// contract checks of `pbp_core::engine::testing` verify it for every refusal they meet.
    ///
    /// # Errors
    /// An illegal action or a dice failure. On error `state` is exactly as it was before.
    fn apply(
        state: &mut Self::State,
        actor: Actor,
        action: &Self::Action,
        dice: &mut dyn Dice,
    ) -> Result<Vec<Visible<Self::Event>>, Self::Error>;

    /// What `viewer` may see of the game.
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;

    /// The form a page builds `actor`'s action with now ([`ActionForm`]): the kinds of action,
    /// their fields and the choices of each, so that no page reads action texts. The default is
    /// the list of [`Game::legal_actions`], each labelled by [`Game::format_action`]; a game
    /// whose actions are built from parts (an order sheet, an attack on a hex of the map) says
    /// so here. Empty when `actor` may not act.
    fn action_form(state: &Self::State, actor: Actor) -> ActionForm {
        ActionForm::pick(
            Self::legal_actions(state, actor)
                .iter()
                .filter_map(|a| Choice::action(Self::format_action(state, a), a))
                .collect(),
        )
    }

    /// Whether `apply` would accept `actor`'s `action` now, without changing `state`: the
    /// refusal `apply` would give. A page checks a row of a sheet with it as the player changes
    /// it. The default applies the action to a copy with seeded dice (a refusal that depends on
    /// the values rolled is the one these values give); a game with a cheaper check may say so
    /// here.
    ///
    /// # Errors
    /// The game's refusal, as [`Game::apply`] gives it.
    fn check_action(
        state: &Self::State,
        actor: Actor,
        action: &Self::Action,
    ) -> Result<(), Self::Error> {
        let mut copy = state.clone();
        Self::apply(&mut copy, actor, action, &mut crate::SeededDice::new(0)).map(|_| ())
    }

    /// Reads an action written in the game's own text form (an order post, `attack 3 from 5`).
    ///
    /// # Errors
    /// Text that is not an action of this game, with the reason.
    fn parse_action(
        state: &Self::State,
        actor: Actor,
        text: &str,
    ) -> Result<Self::Action, Self::Error>;

    /// Writes an action in the game's text form; [`Game::parse_action`] reads it back.
    fn format_action(state: &Self::State, action: &Self::Action) -> String;

    /// An upper bound on the actions in one game played with `config`, for the random-play
    /// harness ("games end within a bound").
    fn max_actions(config: &Self::Config) -> u64;

    /// Pieces of serialized JSON that must never appear in `viewer`'s view or in the events it
    /// may see, because they would reveal what it may not know (an enemy's hand, a hidden
    /// carrier, a sealed order). The random-play harness checks them at every step. Games without
    /// hidden information return nothing.
    fn secrets(state: &Self::State, viewer: Viewer) -> Vec<String> {
        let _ = (state, viewer);
        Vec::new()
    }

    /// A short name for a seat in summaries and statistics: its clan, faction or colour. The
    /// simulator groups win rates by it. Games without such names keep `Player N`, counted
    /// from 1 as people count (seat 0 is `Player 1`).
    fn seat_label(state: &Self::State, seat: Seat) -> String {
        let _ = state;
        seat.player_name()
    }

    /// A seat as people call it in what they read: the player's name where the config has one,
    /// with the seat's clan, faction, colour or team ("Plainsfox (Lion)"). Defaults to
    /// [`Game::seat_label`].
    fn seat_name(state: &Self::State, seat: Seat) -> String {
        Self::seat_label(state, seat)
    }

    /// Names the players at `config`'s seats, seat 0 first (`pbp new GAME --players Ann,Bo`,
    /// a hosted table's `players`), so that every text, post, picture, log line and refusal
    /// names a seat by its player, with its clan, colour, faction or team beside it where the
    /// game has one ("Ann (Red)", [`Game::seat_name`]). Frontends call it through
    /// [`crate::engine::names::named`], which checks the names first ([`crate::engine::names::check_names`]);
    /// a config without names keeps the game's own. The default refuses, for a game whose
    /// seats take no names (every game of the catalog takes them).
    ///
    /// # Errors
    /// [`NamesError::Count`] when `names` are not one per seat of `config`,
    /// [`NamesError::Unusable`] for a name the game cannot use.
    fn name_players(config: &mut Self::Config, names: &[String]) -> Result<(), NamesError> {
        let _ = (config, names);
        Err(NamesError::NotNamed { game: Self::TITLE })
    }

    /// The starting position of each seat of `config`, seat 0 first (a starting state, a home
    /// province, a side of the field, a place in the turn order), as the simulator's report by
    /// position names it. Empty (the default) when the game names none; then it cannot rotate
    /// seats either.
    fn seat_positions(config: &Self::Config) -> Vec<String> {
        let _ = config;
        Vec::new()
    }

    /// `config` with its seats rearranged, for simulations that tell seat, faction and position
    /// effects apart (`pbp simulate --rotate-seats`): with `n` seats, seat `i` of the result
    /// plays the faction (clan, colour and school, army, team: what [`Game::seat_label`] names)
    /// that seat `(i + faction_shift) % n` had in `config`, and starts in the position (see
    /// [`Game::seat_positions`]) that seat `(i + position_shift) % n` had. A game whose factions
    /// and positions are one (a clan's lands) rotates both by `faction_shift`. `None` (the
    /// default) when the game cannot rearrange its seats.
    fn rotate_seats(
        config: &Self::Config,
        faction_shift: usize,
        position_shift: usize,
    ) -> Option<Self::Config> {
        let _ = (config, faction_shift, position_shift);
        None
    }

    /// What the game master's `action` is for ([`GameMasterRole`]): frontends find the action
    /// that closes a turn, or that stands in for an absent seat, among the game master's
    /// [`legal_actions`](Game::legal_actions) by it, never by the action's text. The default
    /// calls every action a [`GameMasterRole::Ruling`]; a game whose game master closes turns
    /// or stands in for seats names those actions here. The random-play harness checks that a
    /// listed stand-in is for a seat that may act now.
    fn game_master_role(state: &Self::State, action: &Self::Action) -> GameMasterRole {
        let _ = (state, action);
        GameMasterRole::Ruling
    }

    /// Each seat's result once the game is over, seat 0 first ([`Game::seat_count`] of them),
    /// as numbers a search or a learning algorithm reads (OpenSpiel's `returns`); `None` while
    /// the game goes on. The default is [`Outcome::returns`] of [`Game::turn`]'s outcome: the
    /// winners share 1, the others get 0, and a draw shares 1 among every seat. A game whose
    /// results are not a share of the win overrides it, and its rules page says so; every
    /// pbp game keeps the default and documents it.
    fn returns(state: &Self::State) -> Option<Vec<f64>> {
        Self::turn(state)
            .outcome()
            .map(|outcome| outcome.returns(Self::seat_count(state)))
    }

    /// The game's own computer player: the action it would take for `actor` now, drawing any
    /// choice it randomises from `dice`. `None` means the game has no heuristic for this actor
    /// here, and the simulator falls back to a uniformly random legal action.
    ///
    /// # Errors
    /// The dice source's errors, or a state the heuristic cannot read.
    fn heuristic_action(
        state: &Self::State,
        actor: Actor,
        dice: &mut dyn Dice,
    ) -> Result<Option<Self::Action>, Self::Error> {
        let _ = (state, actor, dice);
        Ok(None)
    }

    /// The seats whose turns `actor` may also post, besides its own: none by default. A game
    /// whose players stand in for seats no one plays says which here (Scroll Race: a player's
    /// team's computer-played characters, "PNJ joués par leur équipe"); a forum thread's post by
    /// `actor` then plays whichever of them has the turn when its own seat does not.
    fn plays_for(state: &Self::State, actor: Actor) -> Vec<Seat> {
        let _ = (state, actor);
        Vec::new()
    }

    /// One turn made of two parts, for a game whose rules send part of a turn to the game
    /// master by private message: `public`, the action posted in the thread, and `private`, the
    /// part the game master received in private, joined into the turn's one action; `None`
    /// when they do not join (the default: no game of this kind). Scroll Race: the move posted
    /// on the topic and the Passe, Genjutsu or Fuinjutsu sent to the organizer ("Les actions
    /// sont données directement sur le topic du jeu à l'exception des techniques de passe, de
    /// genjutsu et de fuinjutsu").
    fn join_private(
        state: &Self::State,
        public: &Self::Action,
        private: &Self::Action,
    ) -> Option<Self::Action> {
        let _ = (state, public, private);
        None
    }

    /// What in a forum post by `actor` the game reads as actions: by default every non-blank
    /// line, each an action if [`Game::parse_action`] reads it and chatter otherwise
    /// ([`each_line`]). A game whose rules say which text counts (Warring States: bolded orders
    /// only, all of one post one order sheet) says so here. The post's quotes of other posts
    /// are already left out.
    fn post_pieces(actor: Actor, post: &PostText) -> Vec<PostPiece> {
        let _ = actor;
        each_line(post)
    }
}
