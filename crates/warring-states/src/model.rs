//! The game's contract types: generals, players, orders and sheets, actions and events.

use pbp_core::{
    Coin,
    engine::{Outcome, Seat},
};
use serde::{Deserialize, Serialize};

use crate::config::{Colour, School};
use crate::map::StateId;

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
