//! The contract types: a character's number, the actions (moves, techniques, rulings) and the
//! events they produce.

use serde::{Deserialize, Serialize};

use crate::field::{Dir, Square};
use crate::state::{Ending, Genjutsu, Sensing, Summon, Trap};
use crate::technique::Technique;

/// A character's number: 0-4 are team 0, 5-9 team 1. Character `n` is played from seat `n`.
pub type CharId = u8;

/// A move: one square, or a Sprint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Movement {
    /// One square orthogonally.
    Step(Dir),
    /// Sprint: `long` squares one way (2 at ranks 1-2, 3 at rank 3), then one square `short`
    /// (ranks 2 and 3 only), at right angles.
    Sprint {
        /// The long leg's direction.
        long: Dir,
        /// The short leg's direction.
        short: Option<Dir>,
    },
}

/// What an attack aims at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Target {
    /// A character.
    Character(CharId),
    /// A summon's square.
    Summon(Square),
}

/// A technique used in a turn, with its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Use {
    /// Passe: give the scroll to this ally.
    Pass(CharId),
    /// An offensive technique (Gôken, Suiken, Taijutsu, Katon, Raiton) on a target.
    Attack {
        /// Which one.
        technique: Technique,
        /// On what.
        target: Target,
    },
    /// Genjutsu.
    Genjutsu,
    /// Doton.
    Doton,
    /// Sensoriel.
    Sensory,
    /// Kuchiyose on a square.
    Kuchiyose(Square),
    /// Fuinjutsu on a square.
    Fuinjutsu(Square),
    /// Suiton on a square.
    Suiton(Square),
    /// Kujutsu: move an ally to a square next to it.
    Kujutsu {
        /// The ally.
        ally: CharId,
        /// Where to.
        to: Square,
    },
    /// Iroujutsu: restore a spent technique of a target (oneself or an adjacent ally).
    Iroujutsu {
        /// Whose.
        target: CharId,
        /// Which technique.
        technique: Technique,
    },
    /// Fuuton: jump over an adjacent enemy.
    Fuuton(CharId),
}

impl Use {
    /// The technique used.
    pub fn technique(&self) -> Technique {
        match self {
            Use::Pass(_) => Technique::Pass,
            Use::Attack { technique, .. } => *technique,
            Use::Genjutsu => Technique::Genjutsu,
            Use::Doton => Technique::Doton,
            Use::Sensory => Technique::Sensory,
            Use::Kuchiyose(_) => Technique::Kuchiyose,
            Use::Fuinjutsu(_) => Technique::Fuinjutsu,
            Use::Suiton(_) => Technique::Suiton,
            Use::Kujutsu { .. } => Technique::Kujutsu,
            Use::Iroujutsu { .. } => Technique::Iroujutsu,
            Use::Fuuton(_) => Technique::Fuuton,
        }
    }
}

/// A game master's ruling, for what the seed leaves to the organizer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ruling {
    /// The current character loses its turn (an absent player).
    Skip,
    /// Put a character on a free square.
    Place {
        /// Who.
        character: CharId,
        /// Where.
        square: Square,
    },
    /// Give a team's scroll to one of its characters (told to that team only).
    GiveScroll {
        /// To whom.
        character: CharId,
    },
    /// Remove every summon, trap and flood from a square.
    Clear(Square),
    /// End the game: a team wins, or a draw.
    End {
        /// The winning team, or `None` for a draw.
        winner: Option<u8>,
    },
}

/// One decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScrollRaceAction {
    /// A team's captain names its carrier (at the start), or changes it (the once-free change).
    Carrier(CharId),
    /// The non-starting team keeps its carrier.
    Keep,
    /// A character's turn: a move, then a technique; either may be missing (both missing: the
    /// character does nothing).
    Play {
        /// The move.
        movement: Option<Movement>,
        /// The technique, after the move.
        technique: Option<Use>,
    },
    /// A game master's ruling.
    Gm(Ruling),
}

/// Something that happened. Each is sent to an audience that may know it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScrollRaceEvent {
    /// A team chose its carrier (its team only).
    CarrierChosen {
        /// The team.
        team: u8,
        /// The carrier.
        carrier: CharId,
    },
    /// A team made its secret carrier decision (public; says nothing of it).
    CarrierDecided {
        /// The team.
        team: u8,
    },
    /// A new round begins.
    RoundStarted {
        /// Its number.
        round: u32,
    },
    /// A character moved along these squares (public).
    Moved {
        /// Who.
        character: CharId,
        /// The squares entered, in order.
        path: Vec<Square>,
    },
    /// A character slid one more square on a flood (public).
    Slid {
        /// Who.
        character: CharId,
        /// Where to.
        to: Square,
    },
    /// A trap was sprung and the character's turn ends (public: the trap is revealed).
    TrapSprung {
        /// The trap.
        trap: Trap,
        /// Who stepped on it.
        character: CharId,
    },
    /// The carrier entered the enemy zone, revealing itself (public).
    EnteredEnemyZone {
        /// Who.
        character: CharId,
    },
    /// A character picked up its team's scroll (public).
    PickedUp {
        /// The team.
        team: u8,
        /// The new carrier.
        carrier: CharId,
    },
    /// A character used a technique (public, or its team only for secret techniques).
    Used {
        /// Who.
        character: CharId,
        /// What.
        technique: Technique,
        /// At which rank.
        rank: u8,
    },
    /// A pass (its team only).
    Passed {
        /// The team.
        team: u8,
        /// The giver.
        from: CharId,
        /// The new carrier.
        carrier: CharId,
    },
    /// A pass was spotted: everyone learns the new carrier.
    PassSpotted {
        /// The team.
        team: u8,
        /// The giver.
        from: CharId,
        /// The new carrier.
        carrier: CharId,
    },
    /// A Genjutsu was cast (its team only).
    GenjutsuCast(Genjutsu),
    /// A Genjutsu cancelled an enemy technique (public: the Genjutsu is revealed).
    GenjutsuCancelled {
        /// The Genjutsu.
        genjutsu: Genjutsu,
        /// Whose technique.
        character: CharId,
        /// Which technique.
        technique: Technique,
    },
    /// A Genjutsu failed and is spent (its team only; says nothing of the enemy's technique).
    GenjutsuSpent(Genjutsu),
    /// A strike (public). `pushed` and `recoiled` say whether someone moved. When the scroll does
    /// not fall nothing says why.
    Struck {
        /// The attacker.
        attacker: CharId,
        /// The target.
        target: CharId,
        /// The technique.
        technique: Technique,
        /// The target was pushed back one square.
        pushed: bool,
        /// The striker recoiled one square (Suiken).
        recoiled: bool,
    },
    /// Doton blocked an attack (public).
    Blocked {
        /// The attacker.
        attacker: CharId,
        /// The shielded target.
        target: CharId,
    },
    /// A Doton was spent without blocking (public).
    ShieldBroken {
        /// The target.
        target: CharId,
    },
    /// A target is burnt (public).
    Burned {
        /// Who.
        target: CharId,
    },
    /// A target is paralysed (public).
    Paralysed {
        /// Who.
        target: CharId,
    },
    /// A ranged attack missed (public).
    Missed {
        /// The attacker.
        attacker: CharId,
        /// The target.
        target: CharId,
    },
    /// A scroll fell (public).
    ScrollDropped {
        /// Whose scroll.
        team: u8,
        /// Who dropped it.
        from: CharId,
        /// Where it lies.
        square: Square,
    },
    /// A summon appeared (public).
    Summoned(Summon),
    /// A summon was destroyed (public).
    SummonDestroyed {
        /// Its square.
        square: Square,
        /// By whom.
        by: CharId,
    },
    /// A summon vanished (public).
    SummonExpired {
        /// Its square.
        square: Square,
    },
    /// A trap or flood was laid (public for Suiton, its team only for Fuinjutsu).
    TrapSet(Trap),
    /// A Doton is raised (public).
    Shielded {
        /// Who.
        character: CharId,
        /// Its rank.
        rank: u8,
    },
    /// Sensoriel's names (its user only).
    Sensed(Sensing),
    /// Kujutsu moved an ally (public).
    Pulled {
        /// The caster.
        by: CharId,
        /// The ally.
        character: CharId,
        /// Where to.
        to: Square,
    },
    /// Iroujutsu restored a technique (the caster's team only).
    Restored {
        /// The caster.
        by: CharId,
        /// Whose.
        target: CharId,
        /// Which.
        technique: Technique,
    },
    /// Fuuton: a jump over an enemy (public).
    Jumped {
        /// Who.
        character: CharId,
        /// Over whom.
        over: CharId,
        /// Whether it worked.
        success: bool,
    },
    /// A technique found nothing to act on after an unforeseen stop (same audience as its use).
    Fizzled {
        /// Who.
        character: CharId,
        /// What.
        technique: Technique,
    },
    /// A character's turn ended (public).
    TurnEnded {
        /// Who.
        character: CharId,
    },
    /// A paralysed character lost its turn (public).
    TurnLost {
        /// Who.
        character: CharId,
    },
    /// The organizer skipped a character's turn (`gm skip`: its player is absent or late), which
    /// is not a paralysis (public).
    Skipped {
        /// Whose turn.
        character: CharId,
    },
    /// A character was placed by the organizer (public).
    Placed {
        /// Who.
        character: CharId,
        /// Where.
        square: Square,
    },
    /// The organizer gave a scroll to a character (that team only).
    ScrollGiven {
        /// The team.
        team: u8,
        /// The new carrier.
        carrier: CharId,
    },
    /// The organizer made a ruling about a team's scroll (public; says nothing of it).
    ScrollRuling {
        /// The team.
        team: u8,
    },
    /// The organizer cleared a square (public).
    Cleared(Square),
    /// The game is over (public).
    GameOver(Ending),
}
