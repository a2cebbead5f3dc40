//! The errors of pbp-three-kingdoms.

use pbp_core::{DeckError, DiceError, engine::Seat};
use thiserror::Error;

use crate::army::ArmyProblem;

/// Why a card file, an army, a setup or an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ThreeKingdomsError {
    /// The card file is not a card file of this version.
    #[error("card file: {0}")]
    CardFile(String),
    /// A card is invalid.
    #[error("card {card}: field {field}: {reason}")]
    Card {
        /// The card's id (or its position in the file).
        card: String,
        /// The field at fault.
        field: &'static str,
        /// Why.
        reason: String,
    },
    /// An army file could not be read.
    #[error("army file: {0}")]
    ArmyFile(String),
    /// An army breaks the building rules.
    #[error("army {army} is not legal: {}", problems.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("; "))]
    Army {
        /// The army's name.
        army: String,
        /// Every violation.
        problems: Vec<ArmyProblem>,
    },
    /// The config cannot be played.
    #[error("invalid config: {0}")]
    Config(String),
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// This actor may not act now (the sentence says who and who acts now).
    #[error("{0}")]
    NotYourTurn(String),
    /// The action is not legal now, and why (worded by the text module).
    #[error("illegal action: {0}")]
    Illegal(Refusal),
    /// Text that is not an action.
    #[error("cannot read '{text}': {reason}")]
    Parse {
        /// The text (shortened).
        text: String,
        /// Why.
        reason: String,
    },
    /// The dice failed.
    #[error(transparent)]
    Dice(#[from] DiceError),
}

impl From<DeckError> for ThreeKingdomsError {
    fn from(e: DeckError) -> Self {
        match e {
            DeckError::Dice(d) => ThreeKingdomsError::Dice(d),
            other => ThreeKingdomsError::Illegal(Refusal::Deck(other)),
        }
    }
}

impl From<Refusal> for ThreeKingdomsError {
    fn from(refusal: Refusal) -> Self {
        ThreeKingdomsError::Illegal(refusal)
    }
}

/// Why an action the rules do not allow now was refused. Its words are the text module's
/// (`Display`); none names a hidden card.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refusal {
    /// An interception with no attack waiting for one.
    NoAttackWaiting,
    /// The attacker tried to intercept.
    OnlyDefenderIntercepts,
    /// A General named twice in one interception.
    InterceptsOnce,
    /// A General that may not intercept.
    CannotIntercept,
    /// A follow-up with none possible.
    NoFollowUp,
    /// The attacker tried to follow up.
    OnlyDefenderFollowsUp,
    /// The defender has an interception or a follow-up to decide first.
    DefenderFirst,
    /// The game master tried, for an absent player, something that chooses for them.
    GameMasterOnlyEnds,
    /// A discard for resources outside its phase.
    DiscardPhase,
    /// The card is not in the player's hand.
    NotInHand,
    /// No definition for the card.
    UnknownCard,
    /// A card of a type that is not played (a General or an Adviser).
    NotPlayable,
    /// A card played outside its phase.
    PlayPhase,
    /// Too few Resource points.
    NotEnoughResources,
    /// An ability used outside the Preparation Phase.
    AbilityPhase,
    /// The character is not in play.
    NotInPlay,
    /// The character is tapped or has used its ability.
    AbilitySpent,
    /// The character has no such ability.
    NoSuchAbility,
    /// The ability is passive.
    Passive,
    /// A target given to an ability that acts on its bearer.
    ActsOnBearer,
    /// A summon outside the Preparation Phase.
    SummonPhase,
    /// A card summoned that is not a General (or an Adviser under a Politics Lord's rule).
    OnlyGenerals,
    /// A revival outside the Preparation Phase.
    RevivePhase,
    /// A revival of what is not an Evacuated General in the discard pile.
    NotRevivable,
    /// The Commander waits in the discard pile.
    CommanderFirst,
    /// Too few Resource points for a revival, which costs double.
    ReviveCost,
    /// Defend activated outside the Preparation Phase.
    DefendPhase,
    /// The General is not in play.
    GeneralNotInPlay,
    /// A General that may not activate Defend.
    CannotDefend,
    /// The Lord moved outside the Preparation Phase.
    LordPhase,
    /// The Lord has already moved this phase.
    LordMoved,
    /// A Politics Lord without the 2 Resource points a move costs.
    LordCost,
    /// An attack outside the Combat Phase.
    AttackPhase,
    /// A character that cannot attack now.
    CannotAttack,
    /// A General that entered play this turn.
    Fresh,
    /// A character that has already declared its attack this Combat Phase (even if a card
    /// untapped it since).
    AttacksOnce,
    /// A character that cannot be attacked.
    CannotBeAttacked,
    /// The same character is already in play.
    AlreadyInPlay,
    /// A single-target card or ability with no target.
    ChooseTarget,
    /// A target the card or ability may not choose.
    BadTarget,
    /// A target given to a card that takes none.
    NoTarget,
    /// A deck could not be drawn from.
    Deck(DeckError),
}

impl std::error::Error for Refusal {}

impl ThreeKingdomsError {
    /// `seat` may not act now: named as players name it, with who acts now (nothing hidden:
    /// whose turn it is and who must answer an attack are on the table).
    pub(crate) fn not_your_turn(
        state: &crate::state::ThreeKingdomsState,
        seat: Seat,
    ) -> ThreeKingdomsError {
        use pbp_core::engine::Game;
        if seat.0 > 1 {
            return ThreeKingdomsError::NotYourTurn(format!(
                "player {} may not act: Three Kingdoms has two players",
                u32::from(seat.0) + 1
            ));
        }
        let name = crate::game::ThreeKingdoms::seat_name(state, seat);
        let now = match crate::engine::acting(state) {
            Some(s) => format!(
                ": {} acts now",
                crate::game::ThreeKingdoms::seat_name(state, s)
            ),
            None => String::new(),
        };
        ThreeKingdomsError::NotYourTurn(format!("{name} may not act now{now}"))
    }
}
