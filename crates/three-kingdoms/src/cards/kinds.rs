//! The words a card is made of: factions, rarities, card types, traits, Title classes, Tactic
//! timings, durations, whom an effect acts on, targets and cost scopes.

use serde::{Deserialize, Serialize};

/// The five factions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Faction {
    /// Wei 魏.
    Wei,
    /// Shu 蜀.
    Shu,
    /// Wu 吴.
    Wu,
    /// Han 汉.
    Han,
    /// Qun 群.
    Qun,
}

impl Faction {
    /// Every faction, in the seed's order.
    pub const ALL: [Faction; 5] = [
        Faction::Wei,
        Faction::Shu,
        Faction::Wu,
        Faction::Han,
        Faction::Qun,
    ];

    /// The lowercase name (`"wei"`).
    pub fn name(self) -> &'static str {
        match self {
            Faction::Wei => "wei",
            Faction::Shu => "shu",
            Faction::Wu => "wu",
            Faction::Han => "han",
            Faction::Qun => "qun",
        }
    }
}

impl std::fmt::Display for Faction {
    /// The name as people write it: `Wei`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Faction::Wei => "Wei",
            Faction::Shu => "Shu",
            Faction::Wu => "Wu",
            Faction::Han => "Han",
            Faction::Qun => "Qun",
        })
    }
}

/// Card rarity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rarity {
    /// Super rare.
    SR,
    /// Rare.
    R,
    /// Uncommon.
    UC,
    /// Common.
    C,
}

/// The card types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardType {
    /// 君主: the commander in chief.
    Lord,
    /// 武将: a frontline character.
    General,
    /// 谋臣: a support character in the Command.
    Adviser,
    /// 兵计: a one-shot effect.
    Tactic,
    /// 军谋: an effect lasting some turns.
    Strategy,
    /// 官位: a rank held by a character.
    Title,
    /// 援军: a permanent buff for a General.
    Reinforcement,
    /// 事迹: played before the match, lasting the whole game.
    Event,
}

impl CardType {
    /// Lords, Generals and Advisers.
    pub fn is_character(self) -> bool {
        matches!(self, CardType::Lord | CardType::General | CardType::Adviser)
    }
}

/// Character traits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Trait {
    /// 奇袭 (General): first strike.
    Assault,
    /// 拒守 (General): may be activated to become unattackable until its next turn.
    Defend,
    /// 令法 (Adviser): raises the Title budget by the Adviser's cost.
    Law,
    /// 伏兵 (Adviser): hides up to cost-many Generals at the start.
    Ambush,
    /// 施政 (Lord): Advisers cost 1 less.
    Politics,
    /// 先身 (Lord): moves freely, Generals cost 1 less to summon, always the Commander.
    War,
}

impl Trait {
    /// The trait's name as the rules and the renderers write it (`Assault`).
    pub fn name(self) -> &'static str {
        match self {
            Trait::Assault => "Assault",
            Trait::Defend => "Defend",
            Trait::Law => "Law",
            Trait::Ambush => "Ambush",
            Trait::Politics => "Politics",
            Trait::War => "War",
        }
    }
}

/// Military or political Title.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TitleClass {
    /// Reserved for Generals.
    Military,
    /// Reserved for Advisers.
    Political,
}

/// When a Tactic may be played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Timing {
    /// In its owner's Preparation Phase (the default).
    #[default]
    Preparation,
    /// In its owner's Combat Phase.
    Combat,
}

/// How long an effect lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Duration {
    /// Until the End Phase of the turn it was played in.
    EndOfTurn,
    /// Until the End Phase of its player's `n`-th own turn, counting the current one.
    Turns(u8),
    /// For the rest of the game (or, for Titles and passive abilities, while the source is active).
    Permanent,
}

/// Whose side a player-level effect acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Whom {
    /// The card's player.
    You,
    /// The other player.
    Opponent,
}

/// What a card or ability targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// The character holding the Title or the ability.
    Bearer,
    /// One of your Generals.
    OwnGeneral,
    /// One of the enemy's Generals.
    EnemyGeneral,
    /// Any General.
    AnyGeneral,
    /// One of your Generals or Advisers.
    OwnCharacter,
    /// One of the enemy's Generals or Advisers.
    EnemyCharacter,
    /// All your Generals.
    AllOwnGenerals,
    /// All the enemy's Generals.
    AllEnemyGenerals,
    /// No character: the effects are player-level only.
    Player,
}

impl Target {
    /// Whether the target is one chosen character.
    pub fn is_single(self) -> bool {
        matches!(
            self,
            Target::OwnGeneral
                | Target::EnemyGeneral
                | Target::AnyGeneral
                | Target::OwnCharacter
                | Target::EnemyCharacter
        )
    }
}

/// Which card costs a cost change applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CostScope {
    /// Summoning Generals (and Advisers where summoning them is allowed).
    Summon,
    /// Tactics.
    Tactic,
    /// Strategies.
    Strategy,
    /// Titles.
    Title,
    /// Reinforcements.
    Reinforcement,
    /// Every card paid with Resource points.
    Any,
}
