//! Why a setup or an action was refused.

use pbp_core::{DeckError, DiceError, PoolError, engine::Seat};
use thiserror::Error;

use crate::cards::CardNo;
use crate::clan::{Clan, Strategy};
use crate::hex_label::HexLabel;

/// Why a Clan War setup or action was refused. Messages never reveal a hidden hand.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ClanWarError {
    /// The config cannot be played.
    #[error("invalid config: {0}")]
    Config(String),
    /// The map is invalid.
    #[error("invalid map: {0}")]
    Map(String),
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// Text that is not an action, with the reason.
    #[error("cannot read '{text}': {reason}")]
    Parse {
        /// The text (shortened).
        text: String,
        /// What was wrong and what to write instead.
        reason: String,
    },
    /// An action the rules do not allow now, and why (worded by the text module).
    #[error("{0}")]
    Illegal(Refusal),
    /// The dice source failed.
    #[error(transparent)]
    Dice(#[from] DiceError),
}

impl From<PoolError> for ClanWarError {
    fn from(e: PoolError) -> Self {
        match e {
            PoolError::Dice(d) => ClanWarError::Dice(d),
            other => ClanWarError::Illegal(Refusal::Pool(other)),
        }
    }
}

impl From<DeckError> for ClanWarError {
    fn from(e: DeckError) -> Self {
        match e {
            DeckError::Dice(d) => ClanWarError::Dice(d),
            other => ClanWarError::Illegal(Refusal::Deck(other)),
        }
    }
}

impl From<Refusal> for ClanWarError {
    fn from(refusal: Refusal) -> Self {
        ClanWarError::Illegal(refusal)
    }
}

/// A refusal of an action that breaks a rule.
pub(crate) fn illegal<T>(refusal: Refusal) -> Result<T, ClanWarError> {
    Err(ClanWarError::Illegal(refusal))
}

/// An open battle as a refusal names it to the player refused (never by its number, which no
/// player sees): the words are the text module's.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BattleName {
    /// The player's own attack on `hex` ("your attack on E4").
    Yours {
        /// The hex attacked.
        hex: HexLabel,
    },
    /// An attack on the player's hex ("Crab's attack on your E4").
    OnYours {
        /// The attacking clan.
        attacker: Clan,
        /// The hex attacked.
        hex: HexLabel,
    },
    /// Someone else's battle, or one listed to no one ("Crab's attack on E4").
    Other {
        /// The attacking clan.
        attacker: Clan,
        /// The hex attacked.
        hex: HexLabel,
    },
    /// A battle by its number, when no battle has it ("battle 3").
    Number(u32),
}

/// Why an action the rules do not allow now was refused. Its words are the text module's
/// (`Display`); none names a card in another player's hand.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refusal {
    /// A card number that is not in the deck.
    NoSuchCard,
    /// No player sits in that seat.
    NoSeat(Seat),
    /// The card is not in the acting player's hand.
    NotInHand(CardNo),
    /// The card is not in the opponent's hand.
    NotInTheirHand(CardNo),
    /// A Cunning take of a card that was not in the hand shown (whether the loser holds it now
    /// or not, which the refusal must not tell).
    NotShown(CardNo),
    /// No open battle has the number; the open battles, if any.
    NoBattle {
        /// The number asked for.
        number: u32,
        /// The battles that are open.
        open: Vec<BattleName>,
    },
    /// The player does not fight in the battle.
    NotIn(BattleName),
    /// No clan of that name plays.
    NoSuchClan(Clan),
    /// The game master acted for a retired player.
    ClanRetired(Clan),
    /// The game master retired a player already retired.
    AlreadyRetired(Clan),
    /// The game master tried, for an absent player, what chooses for it.
    NotForAbsent,
    /// The game master tried a player's action.
    PlayersFight,
    /// A player tried one of the game master's actions.
    GameMasterOnly,
    /// A player's action named the game master's (nested in an act for an absent player).
    OnlyGameMaster,
    /// The player has retired.
    NoLongerActive,
    /// A Cunning take with no card to take.
    NoTake(BattleName),
    /// A card taken from the Spirit Army.
    SpiritHasNoHand,
    /// A Cunning give with no card owed.
    OweNone(BattleName),
    /// A card given to the Spirit Army.
    SpiritTakesNone,
    /// A Tactical choice with none waiting.
    NoTactical(BattleName),
    /// The same strategy named twice after a win.
    SameStrategies,
    /// After a loss, a strategy the player already has.
    AlreadyHave(Strategy),
    /// After a win, not two strategies nor none.
    NameTwo,
    /// After a loss, not one strategy nor none.
    NameOne,
    /// A roll in a battle not at its roll.
    NotAtRoll(BattleName),
    /// A second roll.
    RolledAlready(BattleName),
    /// A pass out of turn.
    NotYourTurn(BattleName),
    /// A card played out of turn.
    NotYourTurnToPlay(BattleName),
    /// A play or a pass after card play ended.
    PlayOver(BattleName),
    /// Spells are cast only through Magic.
    SpellsOff,
    /// A Cunning give is owed and the play would leave too few cards.
    OwesGive,
    /// The side's play is used and no Ring allows another.
    PlayedAlready(BattleName),
    /// Discards with a card that grants none.
    NoDiscards(CardNo),
    /// Discards through a Ring that gives only +1k0.
    RingOnly(CardNo),
    /// A card that cannot be discarded (the card played, twice, or not in hand).
    BadDiscard(CardNo),
    /// A second attack in a round.
    AttackedAlready,
    /// A hex name not on the map (its first eight characters).
    NoSuchHex(String),
    /// An attack from a hex the player does not hold.
    NotYourHex(HexLabel),
    /// An attack on the player's own hex.
    AlreadyYours(HexLabel),
    /// An attack more than two hexes away.
    TooFar {
        /// The hex attacked.
        target: HexLabel,
        /// The hex attacked from.
        from: HexLabel,
        /// The distance between them.
        distance: u32,
    },
    /// An attack on a hex that attacks this round.
    TargetAttacking(HexLabel),
    /// An attack from a hex attacked this round.
    FromAttacked(HexLabel),
    /// The attacked hex's holder is not in the game.
    HolderGone,
    /// A Defensive choice with none waiting.
    NoDefensive,
    /// Another player's Defensive choice.
    NotYourDefensive,
    /// A Defensive target that is not a card the opponent played (or is nullified).
    NotNullifiable,
    /// Draws in a battle not at its draws.
    NotAtDraws(BattleName),
    /// A second draw or switch.
    DrewAlready(BattleName),
    /// A second switch in a round.
    AlreadySwitched,
    /// A switch from a strategy the player does not have.
    NotHeld(Strategy),
    /// A switch to a strategy the player has.
    AlreadyHeld(Strategy),
    /// A switch to another clan's strategy after a battle of no province of the player's clan.
    NotOwnProvince(Clan),
    /// Late sign-up is off.
    SignUpOff,
    /// Eight clans play already.
    TableFull,
    /// A sign-up the roster refuses (the config's reason).
    SignUp(String),
    /// A pool that cannot be rolled.
    Pool(PoolError),
    /// A deck that cannot be drawn from.
    Deck(DeckError),
}

impl std::error::Error for Refusal {}
