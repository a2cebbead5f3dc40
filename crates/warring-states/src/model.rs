//! The game's data: config, players, generals, state, actions, events and views.

use std::collections::BTreeMap;

use pbp_core::{Coin, Outcome, Seat};
use serde::{Deserialize, Serialize};

use crate::map::{Map, MapSpec, StateId};

/// The twelve colours a player may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)] // The variants are the colours' own names.
pub enum Colour {
    Red,
    Yellow,
    Green,
    Cyan,
    Orange,
    Silver,
    Purple,
    White,
    Teal,
    Pink,
    Blue,
    Grey,
}

impl Colour {
    /// All twelve, in the seed's order.
    pub const ALL: [Colour; 12] = [
        Colour::Red,
        Colour::Yellow,
        Colour::Green,
        Colour::Cyan,
        Colour::Orange,
        Colour::Silver,
        Colour::Purple,
        Colour::White,
        Colour::Teal,
        Colour::Pink,
        Colour::Blue,
        Colour::Grey,
    ];

    /// The colour's name.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Yellow => "yellow",
            Colour::Green => "green",
            Colour::Cyan => "cyan",
            Colour::Orange => "orange",
            Colour::Silver => "silver",
            Colour::Purple => "purple",
            Colour::White => "white",
            Colour::Teal => "teal",
            Colour::Pink => "pink",
            Colour::Blue => "blue",
            Colour::Grey => "grey",
        }
    }

    /// The colour's name as a title: "Yellow".
    pub fn label(self) -> &'static str {
        match self {
            Colour::Red => "Red",
            Colour::Yellow => "Yellow",
            Colour::Green => "Green",
            Colour::Cyan => "Cyan",
            Colour::Orange => "Orange",
            Colour::Silver => "Silver",
            Colour::Purple => "Purple",
            Colour::White => "White",
            Colour::Teal => "Teal",
            Colour::Pink => "Pink",
            Colour::Blue => "Blue",
            Colour::Grey => "Grey",
        }
    }

    /// Reads a colour's name (case-insensitive; `gray` too).
    pub fn parse(text: &str) -> Option<Colour> {
        let t = text.trim().to_ascii_lowercase();
        if t == "gray" {
            return Some(Colour::Grey);
        }
        Colour::ALL.into_iter().find(|c| c.name() == t)
    }
}

/// A school of thought, chosen once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum School {
    /// +2 starting generals and cap; +5 rice from each KINGDOM-type state after the first.
    Legalist,
    /// Pillages 1 rice less.
    Taoist,
    /// Investing and recruiting cost 4 instead of 5.
    Confucian,
    /// +3 when defending with at least 1 rice; devastated states regrow 1 each turn.
    Mohist,
    /// +1 general a turn after the first; +2 cap; generals always have a trait.
    Militarist,
}

impl School {
    /// All five.
    pub const ALL: [School; 5] = [
        School::Legalist,
        School::Taoist,
        School::Confucian,
        School::Mohist,
        School::Militarist,
    ];

    /// The school's name.
    pub fn name(self) -> &'static str {
        match self {
            School::Legalist => "legalist",
            School::Taoist => "taoist",
            School::Confucian => "confucian",
            School::Mohist => "mohist",
            School::Militarist => "militarist",
        }
    }

    /// Reads a school's name (case-insensitive; `military` too).
    pub fn parse(text: &str) -> Option<School> {
        let t = text.trim().to_ascii_lowercase();
        if t == "military" {
            return Some(School::Militarist);
        }
        School::ALL.into_iter().find(|s| s.name() == t)
    }
}

/// A general's trait.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Trait {
    /// +2 skill when sent to conquer.
    Brave,
    /// +2 skill when sent to defend.
    Cautious,
    /// Dies only on two tails.
    Elusive,
    /// Pillages 1 rice less.
    Just,
}

impl Trait {
    /// The four traits.
    pub const ALL: [Trait; 4] = [Trait::Brave, Trait::Cautious, Trait::Elusive, Trait::Just];

    /// The trait's name.
    pub fn name(self) -> &'static str {
        match self {
            Trait::Brave => "Brave",
            Trait::Cautious => "Cautious",
            Trait::Elusive => "Elusive",
            Trait::Just => "Just",
        }
    }
}

/// A general's unique number.
pub type GeneralId = u32;

/// A general.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct General {
    /// Unique over the whole game.
    pub id: GeneralId,
    /// The general's name (not necessarily unique).
    pub name: String,
    /// The trait, if any.
    pub r#trait: Option<Trait>,
    /// Skill level, 1 to 3.
    pub skill: u8,
}

impl General {
    /// The bonus this general adds to a conquest (`attacking`) or a defence.
    pub fn bonus(&self, attacking: bool) -> u32 {
        let extra = match (self.r#trait, attacking) {
            (Some(Trait::Brave), true) | (Some(Trait::Cautious), false) => 2,
            _ => 0,
        };
        u32::from(self.skill) + extra
    }
}

/// How pillage rounds half of an odd output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rounding {
    /// The pillaged half is rounded up: 15 loses 8 and keeps 7 (so 1 can fall to 0).
    #[default]
    Up,
    /// The pillaged half is rounded down: 15 loses 7 and keeps 8.
    Down,
}

/// One player of the starting table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    /// The player's name.
    pub name: String,
    /// The starting state, by name (not the capital).
    pub state: String,
    /// The colour.
    pub colour: Colour,
    /// The school.
    pub school: School,
}

/// The numbers of the rules; `Default` is the seed's reading (see docs/rules/warring-states.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Rice each player starts with (10).
    pub starting_rice: u32,
    /// Extra rice per turn for a late joiner: `starting_rice + join_bonus * turn - join_bonus` (2).
    pub join_bonus: u32,
    /// Output of every state at the start (10).
    pub starting_output: u8,
    /// The most a state can yield (30).
    pub max_output: u8,
    /// Rice per +1 output before discounts (5; the seed says 4 once, and computes with 5).
    pub invest_base: u32,
    /// Rice to recruit a general before the Confucian discount (5).
    pub recruit_cost: u32,
    /// Most generals recruited in one turn (5).
    pub max_recruits: u32,
    /// General cap before bonuses (5).
    pub general_cap: u32,
    /// Defence of an independent state (10).
    pub independent_defence: u32,
    /// Defence of the independent capital (20).
    pub capital_defence: u32,
    /// Defence bonus against attacks across the river (5).
    pub river_bonus: u32,
    /// The Mohist defence bonus (3).
    pub mohist_bonus: u32,
    /// Rice per turn for a Kingdom (5).
    pub kingdom_bonus: u32,
    /// Legalist rice per KINGDOM-type state after the first (5).
    pub legalist_bonus: u32,
    /// States adjacent to the KINGDOM-type state needed to declare a Kingdom (4).
    pub kingdom_neighbours: u32,
    /// Other KINGDOM-type states needed with the capital for the Imperial victory (6).
    pub imperial_kingdoms: u32,
    /// The last turn in which players may join or rejoin (4: no joining once turn 5 begins).
    pub last_join_turn: u32,
    /// The game ends without a winner after this many turns (the seed has no limit; 100).
    pub turn_limit: u32,
    /// How pillage rounds.
    pub pillage_rounding: Rounding,
    /// A cap on one general's bonus (skill plus trait). `None` (the default) follows the
    /// mechanics, up to 3 + 2 = 5; `Some(3)` reads the seed's "up to +3 per General" literally.
    pub general_bonus_cap: Option<u32>,
    /// Whether an undefended player state is taken without a battle even where the river would
    /// give it a bonus (true: the seed's "walk in"); false makes the river bonus defend alone.
    pub river_defends_empty: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            starting_rice: 10,
            join_bonus: 2,
            starting_output: 10,
            max_output: 30,
            invest_base: 5,
            recruit_cost: 5,
            max_recruits: 5,
            general_cap: 5,
            independent_defence: 10,
            capital_defence: 20,
            river_bonus: 5,
            mohist_bonus: 3,
            kingdom_bonus: 5,
            legalist_bonus: 5,
            kingdom_neighbours: 4,
            imperial_kingdoms: 6,
            last_join_turn: 4,
            turn_limit: 100,
            pillage_rounding: Rounding::Up,
            general_bonus_cap: None,
            river_defends_empty: false,
        }
    }
}

/// The setup: the map, the starting players and the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WarringStatesConfig {
    /// The map (the default 70-state map, or a user's file).
    pub map: MapSpec,
    /// The players at the start, seat 0 first (up to 12).
    pub players: Vec<PlayerSpec>,
    /// The rules' numbers and options.
    pub rules: Rules,
}

impl Default for WarringStatesConfig {
    /// The standard map with four players.
    fn default() -> Self {
        let p = |name: &str, state: &str, colour, school| PlayerSpec {
            name: name.into(),
            state: state.into(),
            colour,
            school,
        };
        WarringStatesConfig {
            map: MapSpec::standard(),
            players: vec![
                p("Player 1", "Tang", Colour::Red, School::Legalist),
                p("Player 2", "Lai", Colour::Yellow, School::Confucian),
                p("Player 3", "Cheng", Colour::Green, School::Mohist),
                p("Player 4", "Liao", Colour::Cyan, School::Taoist),
            ],
            rules: Rules::default(),
        }
    }
}

/// A player (a seat) in the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The player's name.
    pub name: String,
    /// The colour.
    pub colour: Colour,
    /// The school.
    pub school: School,
    /// Rice in the treasury.
    pub rice: u32,
    /// The generals.
    pub generals: Vec<General>,
    /// The KINGDOM-type state the Kingdom was declared in, once declared.
    pub kingdom: Option<StateId>,
    /// Out of the game (may rejoin until joining closes).
    pub eliminated: bool,
    /// The turn the player (re)joined.
    pub joined: u32,
}

/// One order of an order sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Order {
    /// Rice (and up to three generals) for the defence of an own state.
    Defense {
        /// The state.
        state: StateId,
        /// Rice.
        rice: u32,
        /// Generals sent.
        generals: Vec<GeneralId>,
    },
    /// Rice invested in an own state: +1 output from next turn per investment cost.
    Invest {
        /// The state.
        state: StateId,
        /// Rice.
        rice: u32,
    },
    /// Rice (and up to three generals) for the conquest of a neighbouring state.
    Conquest {
        /// The target.
        state: StateId,
        /// Rice.
        rice: u32,
        /// Generals sent.
        generals: Vec<GeneralId>,
    },
    /// Recruit this many generals (they join in the turn summary).
    Recruit {
        /// How many.
        count: u32,
    },
    /// Dismiss a general.
    Dismiss {
        /// The general.
        general: GeneralId,
    },
    /// Declare a Kingdom around this KINGDOM-type state.
    DeclareKingdom {
        /// The state.
        state: StateId,
    },
}

/// One seat's orders for a turn, final once sent.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderSheet {
    /// The turn the orders are for: a sheet is refused in any other turn, so a repeated or
    /// late post can never be applied to the wrong turn.
    pub turn: u32,
    /// The orders in the order written.
    pub orders: Vec<Order>,
    /// Bolded lines of the post that are no order (a header such as "Orders for Turn 1:"),
    /// skipped and kept to be shown back to the player and the game master.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// A game master's admission of a player who joins late or rejoins after elimination.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JoinSpec {
    /// The seat: the next new seat, or an eliminated player's.
    pub seat: Seat,
    /// The player's name (a rejoining player may keep or change it).
    pub name: String,
    /// An independent state, not the capital.
    pub state: StateId,
    /// A colour never taken before in this game.
    pub colour: Colour,
    /// The school.
    pub school: School,
}

/// An action of Warring States.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WarringStatesAction {
    /// A seat sends its order sheet.
    Orders(OrderSheet),
    /// The game master admits a player.
    Join(JoinSpec),
    /// The game master closes the turn: seats that did not send orders give none.
    CloseTurn,
    /// The game master records "no orders" for an absent player: its sheet for this turn is
    /// sent, empty, and the turn resolves once every other player has sent theirs.
    NoOrders {
        /// The absent player's seat.
        seat: Seat,
    },
}

/// A sheet and its seat, as shown to those who may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedSheet {
    /// Whose.
    pub seat: Seat,
    /// The orders.
    pub sheet: OrderSheet,
    /// The names of the generals the orders name, as they were when the orders were sent, so
    /// the orders read by name even after a general has died or left (empty in saves made
    /// before it was added).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<(GeneralId, String)>,
}

/// A general taking part in a battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GeneralInBattle {
    /// The general.
    pub id: GeneralId,
    /// The name.
    pub name: String,
    /// The trait.
    pub r#trait: Option<Trait>,
    /// Skill level plus any trait bonus that applies.
    pub bonus: u32,
}

/// One side of a battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Force {
    /// Rice fighting (for a defence split among attackers: this battle's share).
    pub rice: u32,
    /// The d10.
    pub roll: u32,
    /// Generals and their bonuses.
    pub generals: Vec<GeneralInBattle>,
    /// The Mohist bonus applied.
    pub mohist: u32,
    /// The river bonus applied.
    pub river: u32,
    /// The total.
    pub total: u32,
}

/// A battle between one attacker and a state's defence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    /// The state attacked.
    pub target: StateId,
    /// Its holder (`None` for an independent state).
    pub defender: Option<Seat>,
    /// The attacker.
    pub attacker: Seat,
    /// The attack.
    pub attack: Force,
    /// The defence.
    pub defence: Force,
    /// Whether the attack came across the river.
    pub across_river: bool,
    /// Whether the attacker rolled strictly higher.
    pub attacker_won: bool,
}

/// Why a general joined a player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GainReason {
    /// A starting general.
    Start,
    /// Recruited for rice.
    Recruited,
    /// The random player's general at the start of a turn.
    TurnGift,
    /// A Militarist's general at the start of a turn.
    Militarist,
    /// A general dismissed by another player.
    Dismissed {
        /// Who dismissed it.
        from: Seat,
    },
    /// A general of an eliminated player.
    Inherited {
        /// The eliminated player.
        from: Seat,
    },
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WarringStatesEvent {
    /// A player joined (at the start, late, or again after elimination).
    Joined {
        /// The seat.
        seat: Seat,
        /// The name.
        name: String,
        /// The starting state.
        state: StateId,
        /// The colour.
        colour: Colour,
        /// The school.
        school: School,
        /// Starting rice.
        rice: u32,
    },
    /// A general joined a player.
    GeneralJoined {
        /// The player.
        seat: Seat,
        /// The general.
        general: General,
        /// Why.
        reason: GainReason,
    },
    /// A seat sent its orders (their content stays sealed).
    Submitted {
        /// The seat.
        seat: Seat,
    },
    /// A seat's own sealed orders, shown to that seat alone.
    Sealed(SealedSheet),
    /// The game master recorded "no orders" for an absent player.
    NoOrders {
        /// The absent player's seat.
        seat: Seat,
    },
    /// The game master closed the turn; these seats sent no orders.
    TurnClosed {
        /// Seats without orders.
        missing: Vec<Seat>,
    },
    /// Orders revealed at the turn's resolution.
    Revealed(SealedSheet),
    /// A general was dismissed; heads it joins a random player, tails it vanishes.
    Dismissed {
        /// The dismissing player.
        seat: Seat,
        /// The general.
        general: General,
        /// The toss.
        coin: Coin,
        /// The player it joined.
        joined: Option<Seat>,
    },
    /// Rice invested.
    Invested {
        /// The player.
        seat: Seat,
        /// The state.
        state: StateId,
        /// Rice spent.
        rice: u32,
        /// Output gained.
        gain: u8,
        /// The new output.
        output: u8,
    },
    /// A battle.
    Battle(Battle),
    /// A state changed hands.
    Conquered {
        /// The state.
        state: StateId,
        /// Its former holder (`None`: independent).
        from: Option<Seat>,
        /// The new holder.
        to: Seat,
        /// Whether it was taken without a battle (undefended).
        walkover: bool,
        /// The coin toss or pick that settled a tie of equal winning attacks.
        tie_break: Option<u32>,
        /// Output pillaged.
        pillage: u8,
        /// Output left.
        output: u8,
    },
    /// A general's fate after a failed attack or defence.
    GeneralFate {
        /// The player.
        seat: Seat,
        /// The general.
        general: GeneralId,
        /// The general's name.
        name: String,
        /// The tosses made.
        tosses: Vec<Coin>,
        /// Whether the general died.
        died: bool,
    },
    /// A player lost every state.
    Eliminated {
        /// The player.
        seat: Seat,
        /// The players who took its last states.
        by: Vec<Seat>,
    },
    /// A general left the game (dispersed or vanished).
    GeneralLost {
        /// The last master.
        seat: Seat,
        /// The general.
        general: GeneralId,
        /// The general's name.
        name: String,
    },
    /// Rice given back (a recruit that no longer fits under the cap).
    Refunded {
        /// The player.
        seat: Seat,
        /// Rice.
        rice: u32,
    },
    /// A Kingdom was declared.
    Kingdom {
        /// The player.
        seat: Seat,
        /// The KINGDOM-type state.
        state: StateId,
    },
    /// A Kingdom declared this turn was not proclaimed: after the battles the player no longer
    /// held the KINGDOM-type state and four states adjacent to it.
    KingdomFailed {
        /// The player.
        seat: Seat,
        /// The KINGDOM-type state named in the declaration.
        state: StateId,
    },
    /// A devastated Mohist state regrew.
    Regrew {
        /// The state.
        state: StateId,
    },
    /// Income for the next turn.
    Income {
        /// The player.
        seat: Seat,
        /// Rice gained.
        gained: u32,
        /// Rice now.
        rice: u32,
    },
    /// A new turn began.
    TurnBegan {
        /// Its number.
        turn: u32,
    },
    /// The game ended.
    GameOver(Outcome),
}

/// The whole game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WarringStatesState {
    /// The map.
    pub map: Map,
    /// The rules.
    pub rules: Rules,
    /// The current turn, from 1.
    pub turn: u32,
    /// Each state's holder (`None`: independent).
    pub holders: Vec<Option<Seat>>,
    /// Each state's rice output.
    pub output: Vec<u8>,
    /// The players by seat.
    pub players: Vec<Player>,
    /// This turn's sealed order sheets.
    pub sheets: BTreeMap<Seat, OrderSheet>,
    /// Colours taken so far (a colour is never taken twice).
    pub used_colours: Vec<Colour>,
    /// The next general's id.
    pub next_general: GeneralId,
    /// The outcome, once the game is over.
    pub outcome: Option<Outcome>,
}

/// What one viewer sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WarringStatesView {
    /// The map, which is public. It is the config's map, so it is left out of the view's JSON
    /// (an embedder reads it from the config); a view read back from JSON has an empty map.
    #[serde(skip)]
    pub map: Map,
    /// The turn.
    pub turn: u32,
    /// Each state's holder.
    pub holders: Vec<Option<Seat>>,
    /// Each state's output.
    pub output: Vec<u8>,
    /// The players (rice and generals are public: the revealed orders and outputs tell them).
    pub players: Vec<Player>,
    /// Seats that have sent this turn's orders.
    pub submitted: Vec<Seat>,
    /// The sealed sheets this viewer may read (its own; all for the game master).
    pub sheets: Vec<SealedSheet>,
    /// Seats still to send orders.
    pub waiting: Vec<Seat>,
    /// Whether players may still join.
    pub joining_open: bool,
    /// The outcome, once over.
    pub outcome: Option<Outcome>,
}

impl WarringStatesView {
    /// A seat's player, if the seat exists.
    pub fn player(&self, seat: Seat) -> Option<&Player> {
        self.players.get(usize::from(seat.0))
    }

    /// The states a seat holds, in map order.
    pub fn holdings(&self, seat: Seat) -> Vec<StateId> {
        self.holders
            .iter()
            .enumerate()
            .filter(|(_, h)| **h == Some(seat))
            .map(|(i, _)| i as StateId)
            .collect()
    }

    /// A state's rice output (0 for a devastated state or an unknown id).
    pub fn output_of(&self, state: StateId) -> u8 {
        self.output.get(usize::from(state)).copied().unwrap_or(0)
    }
}
