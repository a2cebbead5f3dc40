//! Why a setup or an action was refused.

use pbp_core::DiceError;
use thiserror::Error;

use crate::field::Square;
use crate::technique::Technique;

/// Why a setup or an action was refused. Messages name only what the actor already knows.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ScrollRaceError {
    /// The config cannot be played.
    #[error("invalid scroll race config: {0}")]
    Config(String),
    /// The field cannot be played.
    #[error("invalid field: {0}")]
    Field(String),
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// This actor may not act now.
    #[error("{0}")]
    NotYourTurn(Refusal),
    /// No character has this name or number.
    #[error("no character is called '{0}'")]
    UnknownCharacter(String),
    /// The character does not know the technique, or has used it up.
    #[error("{0}")]
    Technique(Refusal),
    /// The move cannot be made.
    #[error("illegal move: {0}")]
    Move(Refusal),
    /// The target or square of a technique is not allowed.
    #[error("illegal target: {0}")]
    Target(Refusal),
    /// A game master ruling that cannot be carried out.
    #[error("illegal ruling: {0}")]
    Ruling(Refusal),
    /// Text that is not an action.
    #[error("cannot read '{text}': {reason}")]
    Parse {
        /// The text, shortened.
        text: String,
        /// What was expected.
        reason: String,
    },
    /// The dice failed.
    #[error(transparent)]
    Dice(#[from] DiceError),
}

/// Why an action was refused, under the kind of refusal [`ScrollRaceError`] gives it. Its words
/// are the text module's (`Display`); each names only what the actor already knows.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refusal {
    /// A seat with no carrier to choose.
    NoCarrierToChoose {
        /// The seat, as players name it ("Red3 (Red)").
        who: String,
    },
    /// A seat that does not decide the carrier change.
    NotTheChanger {
        /// The seat, as players name it.
        who: String,
        /// The captain who decides it, as players name it.
        captain: String,
    },
    /// A seat with no carrier change to decide.
    NoChangeToDecide {
        /// The seat, as players name it.
        who: String,
        /// The captain who decides the change, while one is to be decided.
        captain: Option<String>,
    },
    /// Carriers are not chosen now.
    NotChoosingCarriers,
    /// A carrier change to the carrier itself.
    AlreadyCarrier,
    /// A carrier change while the scroll lies on the ground.
    ScrollOnGround,
    /// A player made a ruling.
    OnlyGameMasterRules,
    /// The game master tried to move or choose a carrier.
    GameMasterRules,
    /// Another character's turn (names as people read them).
    NotYourTurn {
        /// Who tried.
        who: String,
        /// Who plays now, if anyone.
        current: Option<String>,
    },
    /// A character that does not know a technique.
    DoesNotKnow {
        /// The character.
        name: String,
        /// The technique.
        technique: Technique,
    },
    /// A technique used up.
    NoUseLeft {
        /// The character.
        name: String,
        /// The technique.
        technique: Technique,
    },
    /// A rank 1 Sprint that turns.
    SprintStraight,
    /// A Sprint of the wrong shape for its rank.
    SprintShape {
        /// The Sprint's rank.
        rank: u8,
        /// Its long leg, in squares.
        long: usize,
    },
    /// A move off the field.
    LeavesField,
    /// A burnt character tried to move.
    BurntMove(String),
    /// A burnt character tried to jump (Fuuton).
    BurntJump(String),
    /// The square is off the field.
    OffField(Square),
    /// The square is a wall.
    Wall(Square),
    /// A character stands on the square.
    Taken(Square),
    /// A summon blocks the way.
    SummonBlocks(Square),
    /// The enemy scroll lies on the square.
    EnemyScroll(Square),
    /// The enemy zone, closed to all but the scroll carrier.
    EnemyZone(Square),
    /// A summon stands on the square.
    SummonOn(Square),
    /// No summon stands on the square.
    NoSummonOn(Square),
    /// A pass by a character that does not carry the scroll.
    NotCarrying(String),
    /// A pass inside the enemy zone.
    PassInEnemyZone,
    /// The character is not an enemy.
    NotAnEnemy(String),
    /// The character is not an ally.
    NotAnAlly(String),
    /// An ally out of reach of a pass of this rank.
    PassOutOfReach {
        /// The ally.
        name: String,
        /// The pass's rank.
        rank: u8,
    },
    /// A technique that is not an attack, used as one.
    NotAnAttack(Technique),
    /// A summon too strong for the attack.
    SummonTooStrong {
        /// The attack's rank.
        rank: u8,
        /// The attack.
        technique: Technique,
        /// The summon's rank.
        summon: u8,
    },
    /// A melee target square that is not adjacent.
    SquareNotAdjacent(Square),
    /// A character that is not adjacent.
    NotAdjacent(String),
    /// A ranged target square out of reach or sight.
    SquareOutOfSight(Square),
    /// An ally out of reach or sight.
    OutOfSight(String),
    /// A second Doton.
    DotonUp(String),
    /// Nobody carries the enemy scroll.
    NoEnemyCarrier,
    /// A square out of reach.
    OutOfReach(Square),
    /// A scroll lies on the square.
    ScrollOn(Square),
    /// The team already has a trap on the square.
    TrapOn(Square),
    /// A square not next to the ally.
    NotNextTo {
        /// The square.
        square: Square,
        /// The ally.
        name: String,
    },
    /// A Kujutsu below rank 3 that does not draw the ally towards its caster.
    KujutsuTowards(u8),
    /// A rank 3 Kujutsu into the enemy base.
    KujutsuIntoBase,
    /// An Iroujutsu on someone who is neither the caster nor an adjacent ally.
    NotYouNorAdjacentAlly(String),
    /// An Iroujutsu on a technique that is not spent or not of its rank.
    NotSpent {
        /// The character.
        name: String,
        /// The technique.
        technique: Technique,
        /// The Iroujutsu's rank.
        rank: u8,
    },
    /// A Fuuton landing off the field.
    LandingOffField,
    /// A skip with nobody taking a turn.
    NobodyPlaying,
    /// A placement on a square that cannot hold a character.
    CannotHold,
    /// A placement on a square that is not free.
    NotFree,
    /// A placement of a non-carrier in the enemy zone.
    OnlyCarrierInEnemyZone,
    /// A placement that would end the game.
    PlaceEndsGame,
    /// A scroll given while carriers are being chosen.
    StillChoosing,
    /// A winner that is not a team.
    NoSuchTeam,
}

impl std::error::Error for Refusal {}
