//! Cards as data: the card file format, the effect primitives, and validation on load.
//!
//! A card file is JSON:
//!
//! ```json
//! { "format": "pbp-three-kingdoms-cards", "version": 1, "set": "starter", "cards": [ ... ] }
//! ```
//!
//! Each card has an `id` (lowercase letters, digits and `-`, unique), a `name`, a `type`
//! (`lord`, `general`, `adviser`, `tactic`, `strategy`, `title`, `reinforcement`, `event`), a
//! `rarity` (`SR`, `R`, `UC`, `C`), a `cost`, and the fields its type needs: `strength` and
//! `traits` for characters, `commander` for Generals, `strategist_ability` for Advisers, `timing`
//! for Tactics, `class` for Titles, `target` and `effects` for the rest. Effects are built only from
//! the primitives of [`Effect`]; a card has no free rules text. [`CardSet::from_json`] checks every
//! field and names the card and the field of the first problem.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::ThreeKingdomsError;

/// The `format` string of a card file.
pub const CARD_FORMAT: &str = "pbp-three-kingdoms-cards";
/// The card file version this build reads and writes.
pub const CARD_FORMAT_VERSION: u32 = 1;

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

/// The effect primitives. Every card effect is a list of these.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    /// Changes the target's Strength by `amount` for the duration.
    Strength {
        /// The change (negative lowers).
        amount: i32,
        /// How long.
        duration: Duration,
    },
    /// Deals `amount` damage to the target: at 0 Strength it becomes Vulnerable, and a Vulnerable
    /// target is Evacuated.
    Damage {
        /// Damage dealt.
        amount: u32,
    },
    /// A player draws `count` cards.
    Draw {
        /// Cards drawn.
        count: u8,
        /// Who draws.
        player: Whom,
    },
    /// A player discards `count` cards at random (drawn by the dice).
    Discard {
        /// Cards discarded.
        count: u8,
        /// Who discards.
        player: Whom,
    },
    /// The card's player gains Resource points.
    Resources {
        /// Points gained.
        amount: u8,
    },
    /// Changes a player's costs (never below 1).
    CostChange {
        /// The change (negative is cheaper).
        amount: i8,
        /// Which costs.
        cards: CostScope,
        /// Whose costs.
        player: Whom,
        /// How long.
        duration: Duration,
    },
    /// The target ignores enemy Tactics of printed cost up to `max_cost`.
    TacticImmunity {
        /// The highest printed cost ignored.
        max_cost: u8,
        /// How long.
        duration: Duration,
    },
    /// Taps the target.
    Tap,
    /// Untaps the target.
    Untap,
    /// Moves the target General to the other deployment zone.
    Move,
    /// The target cannot be attacked nor chosen by enemy cards.
    Protect {
        /// How long.
        duration: Duration,
    },
    /// The target gains a General trait (Assault or Defend).
    Grant {
        /// The trait.
        #[serde(rename = "trait")]
        grant: Trait,
        /// How long.
        duration: Duration,
    },
    /// The target becomes Alert again at full Strength.
    Rally,
}

impl Effect {
    /// Whether the effect acts on a character (rather than on a player).
    pub fn on_character(&self) -> bool {
        !matches!(
            self,
            Effect::Draw { .. }
                | Effect::Discard { .. }
                | Effect::Resources { .. }
                | Effect::CostChange { .. }
        )
    }

    /// Whether the effect can hold continuously (Titles, passive abilities, Events).
    pub fn is_continuous(&self) -> bool {
        matches!(
            self,
            Effect::Strength { .. }
                | Effect::CostChange { .. }
                | Effect::TacticImmunity { .. }
                | Effect::Protect { .. }
                | Effect::Grant { .. }
        )
    }

    /// The effect's duration, if it has one.
    pub fn duration(&self) -> Option<Duration> {
        match self {
            Effect::Strength { duration, .. }
            | Effect::CostChange { duration, .. }
            | Effect::TacticImmunity { duration, .. }
            | Effect::Protect { duration }
            | Effect::Grant { duration, .. } => Some(*duration),
            _ => None,
        }
    }
}

/// How a character's ability works.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AbilityKind {
    /// Holds while the character is in play and untapped.
    Passive,
    /// Used in its owner's Preparation Phase by tapping the character, once a turn.
    Activated,
}

/// A character's ability, built from effect primitives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ability {
    /// Passive or activated.
    pub kind: AbilityKind,
    /// What it targets.
    pub target: Target,
    /// What it does.
    pub effects: Vec<Effect>,
}

/// One card as written in a card file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    /// Unique id: lowercase letters, digits and `-`.
    pub id: String,
    /// The card's name.
    pub name: String,
    /// The character's epithet (characters only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub epithet: Option<String>,
    /// The faction; none for shared cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faction: Option<Faction>,
    /// Rarity.
    pub rarity: Rarity,
    /// The card type.
    #[serde(rename = "type")]
    pub card_type: CardType,
    /// The printed cost.
    pub cost: u8,
    /// Strength (characters only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strength: Option<u32>,
    /// Traits (characters only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub traits: Vec<Trait>,
    /// Whether a General may be the Commander.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub commander: bool,
    /// The character's ability.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ability: Option<Ability>,
    /// An Adviser's second ability as Strategist; having one makes it eligible as Strategist.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strategist_ability: Option<Ability>,
    /// When a Tactic is played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timing: Option<Timing>,
    /// A Title's class.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<TitleClass>,
    /// What a Tactic, Strategy, Reinforcement or Event targets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Target>,
    /// What a non-character card does (a Title's effects act on its bearer while held).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
}

impl CardDef {
    /// Whether the card has a trait printed.
    pub fn has_trait(&self, t: Trait) -> bool {
        self.traits.contains(&t)
    }

    /// The printed Strength (0 for non-characters).
    pub fn base_strength(&self) -> u32 {
        self.strength.unwrap_or(0)
    }

    /// The Tactic's timing (Preparation by default).
    pub fn tactic_timing(&self) -> Timing {
        self.timing.unwrap_or_default()
    }
}

/// A card file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardFile {
    /// Always [`CARD_FORMAT`].
    pub format: String,
    /// The format version, [`CARD_FORMAT_VERSION`].
    pub version: u32,
    /// The set's name.
    pub set: String,
    /// The cards.
    pub cards: Vec<CardDef>,
}

/// A validated set of cards, by id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardSet {
    cards: BTreeMap<String, CardDef>,
}

fn card_err(card: &str, field: &'static str, reason: impl Into<String>) -> ThreeKingdomsError {
    ThreeKingdomsError::Card {
        card: card.to_owned(),
        field,
        reason: reason.into(),
    }
}

/// The starter pool shipped with pbp.
pub const STARTER_CARDS: &str = include_str!("../data/starter-cards.json");

impl CardSet {
    /// The starter pool.
    ///
    /// # Panics
    /// Never in a released build: the embedded file is checked by the tests.
    pub fn starter() -> CardSet {
        // The embedded file is validated by a test; an invalid build falls back to empty.
        CardSet::from_json(STARTER_CARDS).unwrap_or_default()
    }

    /// Reads and validates a card file.
    ///
    /// # Errors
    /// [`ThreeKingdomsError::CardFile`] for a file that is not a card file of this version, and
    /// [`ThreeKingdomsError::Card`] naming the card and field of the first invalid card.
    pub fn from_json(text: &str) -> Result<CardSet, ThreeKingdomsError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| ThreeKingdomsError::CardFile(e.to_string()))?;
        let obj = value
            .as_object()
            .ok_or_else(|| ThreeKingdomsError::CardFile("a card file is a JSON object".into()))?;
        match obj.get("format").and_then(|f| f.as_str()) {
            Some(CARD_FORMAT) => {}
            _ => {
                return Err(ThreeKingdomsError::CardFile(format!(
                    "field format must be \"{CARD_FORMAT}\""
                )));
            }
        }
        match obj.get("version").and_then(|v| v.as_u64()) {
            Some(v) if v == u64::from(CARD_FORMAT_VERSION) => {}
            Some(v) => {
                return Err(ThreeKingdomsError::CardFile(format!(
                    "version {v} is not supported: this build reads version {CARD_FORMAT_VERSION}"
                )));
            }
            None => {
                return Err(ThreeKingdomsError::CardFile(
                    "field version is missing".into(),
                ));
            }
        }
        for key in obj.keys() {
            if !matches!(key.as_str(), "format" | "version" | "set" | "cards") {
                return Err(ThreeKingdomsError::CardFile(format!("unknown field {key}")));
            }
        }
        let cards = obj
            .get("cards")
            .and_then(|c| c.as_array())
            .ok_or_else(|| ThreeKingdomsError::CardFile("field cards must be a list".into()))?;
        let mut set = CardSet::default();
        for (i, raw) in cards.iter().enumerate() {
            let label = raw
                .get("id")
                .and_then(|v| v.as_str())
                .map(|s| s.chars().take(40).collect::<String>())
                .unwrap_or_else(|| format!("#{}", i + 1));
            // Read from text, as a config's extra cards are, so that a build holds one reader
            // of cards, not a second one for `serde_json::Value`.
            let card: CardDef = serde_json::from_str(&raw.to_string())
                .map_err(|e| card_err(&label, "card", e.to_string()))?;
            set.insert(card)?;
        }
        Ok(set)
    }

    /// Adds a card after validating it.
    ///
    /// # Errors
    /// [`ThreeKingdomsError::Card`] naming the field at fault, or a duplicate id.
    pub fn insert(&mut self, card: CardDef) -> Result<(), ThreeKingdomsError> {
        validate_card(&card)?;
        if self.cards.contains_key(&card.id) {
            return Err(card_err(&card.id, "id", "the id is used twice"));
        }
        self.cards.insert(card.id.clone(), card);
        Ok(())
    }

    /// Adds every card of `other` (validated) to this set.
    ///
    /// # Errors
    /// A duplicate id.
    pub fn extend(&mut self, other: &CardSet) -> Result<(), ThreeKingdomsError> {
        for card in other.cards.values() {
            self.insert(card.clone())?;
        }
        Ok(())
    }

    /// The card with this id.
    pub fn get(&self, id: &str) -> Option<&CardDef> {
        self.cards.get(id)
    }

    /// Every card, by id.
    pub fn iter(&self) -> impl Iterator<Item = &CardDef> {
        self.cards.values()
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Writes the set as a card file.
    pub fn to_json(&self, set: &str) -> String {
        let file = CardFile {
            format: CARD_FORMAT.into(),
            version: CARD_FORMAT_VERSION,
            set: set.into(),
            cards: self.cards.values().cloned().collect(),
        };
        serde_json::to_string_pretty(&file).unwrap_or_default()
    }
}

fn check_duration(card: &str, field: &'static str, d: Duration) -> Result<(), ThreeKingdomsError> {
    if let Duration::Turns(n) = d
        && !(1..=9).contains(&n)
    {
        return Err(card_err(card, field, "a duration is 1 to 9 turns"));
    }
    Ok(())
}

fn check_effect(card: &str, field: &'static str, e: &Effect) -> Result<(), ThreeKingdomsError> {
    let bad = |reason: &str| Err(card_err(card, field, reason.to_owned()));
    match e {
        Effect::Strength { amount, .. } if *amount == 0 || amount.abs() > 5000 => {
            return bad("a strength change is -5000 to 5000 and not 0");
        }
        Effect::Damage { amount } if !(1..=5000).contains(amount) => {
            return bad("damage is 1 to 5000");
        }
        Effect::Draw { count, .. } | Effect::Discard { count, .. } if !(1..=3).contains(count) => {
            return bad("a draw or discard is 1 to 3 cards");
        }
        Effect::Resources { amount } if !(1..=5).contains(amount) => {
            return bad("resources gained are 1 to 5");
        }
        Effect::CostChange { amount, .. } if *amount == 0 || amount.abs() > 3 => {
            return bad("a cost change is -3 to 3 and not 0");
        }
        Effect::TacticImmunity { max_cost, .. } if !(1..=5).contains(max_cost) => {
            return bad("tactic immunity covers costs 1 to 5");
        }
        Effect::Grant { grant, .. } if !matches!(grant, Trait::Assault | Trait::Defend) => {
            return bad("only assault and defend can be granted");
        }
        _ => {}
    }
    if let Some(d) = e.duration() {
        check_duration(card, field, d)?;
    }
    Ok(())
}

fn check_effects(
    card: &str,
    field: &'static str,
    target: Target,
    effects: &[Effect],
    continuous: bool,
) -> Result<(), ThreeKingdomsError> {
    if effects.is_empty() {
        return Err(card_err(card, field, "at least one effect is needed"));
    }
    for e in effects {
        check_effect(card, field, e)?;
        if e.on_character() && target == Target::Player {
            return Err(card_err(
                card,
                field,
                "a character effect needs a character target, not player",
            ));
        }
        if continuous {
            if !e.is_continuous() {
                return Err(card_err(
                    card,
                    field,
                    "only strength, cost_change, tactic_immunity, protect and grant can hold continuously",
                ));
            }
            if e.duration() != Some(Duration::Permanent) {
                return Err(card_err(
                    card,
                    field,
                    "a continuous effect has duration permanent",
                ));
            }
        }
    }
    Ok(())
}

fn check_ability(card: &str, field: &'static str, a: &Ability) -> Result<(), ThreeKingdomsError> {
    match a.kind {
        AbilityKind::Passive => {
            if !matches!(
                a.target,
                Target::Bearer | Target::AllOwnGenerals | Target::Player
            ) {
                return Err(card_err(
                    card,
                    field,
                    "a passive ability targets bearer, all_own_generals or player",
                ));
            }
            check_effects(card, field, a.target, &a.effects, true)
        }
        AbilityKind::Activated => check_effects(card, field, a.target, &a.effects, false),
    }
}

/// Checks one card; the error names the card and the field.
///
/// # Errors
/// [`ThreeKingdomsError::Card`] with the field at fault and why.
pub fn validate_card(c: &CardDef) -> Result<(), ThreeKingdomsError> {
    let id = c.id.as_str();
    if id.is_empty()
        || id.len() > 60
        || !id
            .chars()
            .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-')
    {
        return Err(card_err(
            id,
            "id",
            "an id is 1 to 60 lowercase letters, digits or -",
        ));
    }
    if c.name.trim().is_empty() || c.name.len() > 80 {
        return Err(card_err(id, "name", "a name is 1 to 80 characters"));
    }
    let t = c.card_type;
    let (lo, hi) = match t {
        CardType::Lord | CardType::General | CardType::Adviser => (1, 5),
        CardType::Title => (1, 3),
        CardType::Event => (0, 0),
        _ => (1, 5),
    };
    if !(lo..=hi).contains(&c.cost) {
        return Err(card_err(
            id,
            "cost",
            format!("a {t:?} costs {lo} to {hi}").to_lowercase(),
        ));
    }
    if t.is_character() {
        match c.strength {
            Some(s) if (1..=10000).contains(&s) => {}
            _ => {
                return Err(card_err(
                    id,
                    "strength",
                    "a character needs a strength of 1 to 10000",
                ));
            }
        }
        if c.faction.is_none() {
            return Err(card_err(id, "faction", "a character needs a faction"));
        }
        if !c.effects.is_empty() || c.target.is_some() {
            return Err(card_err(
                id,
                "effects",
                "a character acts through ability, not effects",
            ));
        }
        if let Some(a) = &c.ability {
            check_ability(id, "ability", a)?;
        }
    } else {
        if c.strength.is_some() {
            return Err(card_err(id, "strength", "only characters have strength"));
        }
        if !c.traits.is_empty() {
            return Err(card_err(id, "traits", "only characters have traits"));
        }
        if c.ability.is_some() {
            return Err(card_err(id, "ability", "only characters have abilities"));
        }
    }
    let mut sorted = c.traits.clone();
    sorted.sort();
    sorted.dedup();
    if sorted.len() != c.traits.len() {
        return Err(card_err(id, "traits", "a trait is listed twice"));
    }
    let allowed: &[Trait] = match t {
        CardType::Lord => &[Trait::Politics, Trait::War],
        CardType::General => &[Trait::Assault, Trait::Defend],
        CardType::Adviser => &[Trait::Law, Trait::Ambush],
        _ => &[],
    };
    if let Some(bad) = c.traits.iter().find(|tr| !allowed.contains(tr)) {
        return Err(card_err(
            id,
            "traits",
            format!("{bad:?} is not a trait of this card type").to_lowercase(),
        ));
    }
    if t == CardType::Lord
        && c.traits
            .iter()
            .filter(|tr| matches!(tr, Trait::Politics | Trait::War))
            .count()
            != 1
    {
        return Err(card_err(
            id,
            "traits",
            "a lord has exactly one of politics and war",
        ));
    }
    if c.commander && t != CardType::General {
        return Err(card_err(id, "commander", "only generals may be commander"));
    }
    if let Some(a) = &c.strategist_ability {
        if t != CardType::Adviser {
            return Err(card_err(
                id,
                "strategist_ability",
                "only advisers may be strategist",
            ));
        }
        check_ability(id, "strategist_ability", a)?;
    }
    if c.timing.is_some() && t != CardType::Tactic {
        return Err(card_err(id, "timing", "only tactics have a timing"));
    }
    if (t == CardType::Title) != c.class.is_some() {
        return Err(card_err(
            id,
            "class",
            "titles, and only titles, have a class",
        ));
    }
    match t {
        CardType::Lord | CardType::General | CardType::Adviser => {}
        CardType::Title => {
            if c.target.is_some() {
                return Err(card_err(id, "target", "a title always acts on its bearer"));
            }
            check_effects(id, "effects", Target::Bearer, &c.effects, true)?;
        }
        CardType::Tactic | CardType::Strategy | CardType::Reinforcement | CardType::Event => {
            let target = c
                .target
                .ok_or_else(|| card_err(id, "target", "this card type needs a target"))?;
            let ok = match t {
                CardType::Reinforcement => {
                    matches!(target, Target::OwnGeneral | Target::AnyGeneral)
                }
                CardType::Event => matches!(
                    target,
                    Target::AllOwnGenerals | Target::AllEnemyGenerals | Target::Player
                ),
                _ => target != Target::Bearer,
            };
            if !ok {
                return Err(card_err(
                    id,
                    "target",
                    format!("{target:?} is not a target for a {t:?}").to_lowercase(),
                ));
            }
            let continuous = t == CardType::Event;
            check_effects(id, "effects", target, &c.effects, continuous)?;
            if t == CardType::Reinforcement
                && c.effects
                    .iter()
                    .any(|e| e.duration().is_some_and(|d| d != Duration::Permanent))
            {
                return Err(card_err(
                    id,
                    "effects",
                    "a reinforcement's buffs are permanent",
                ));
            }
            if t == CardType::Strategy
                && c.effects
                    .iter()
                    .any(|e| e.duration() == Some(Duration::EndOfTurn))
            {
                return Err(card_err(
                    id,
                    "effects",
                    "a strategy lasts some turns: end_of_turn is for tactics",
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starter_pool_loads() {
        let set = CardSet::from_json(STARTER_CARDS).unwrap();
        assert!(set.len() > 80);
        let back = CardSet::from_json(&set.to_json("starter")).unwrap();
        assert_eq!(back, set);
    }

    fn one(card: &str) -> Result<CardSet, ThreeKingdomsError> {
        CardSet::from_json(&format!(
            "{{\"format\":\"{CARD_FORMAT}\",\"version\":1,\"set\":\"t\",\"cards\":[{card}]}}"
        ))
    }

    #[test]
    fn errors_name_the_card_and_the_field() {
        let e = one(r#"{"id":"x","name":"X","rarity":"C","type":"general","cost":6,"strength":1000,"faction":"wei"}"#)
            .unwrap_err();
        assert_eq!(
            e,
            ThreeKingdomsError::Card {
                card: "x".into(),
                field: "cost",
                reason: "a general costs 1 to 5".into()
            }
        );
        let e =
            one(r#"{"id":"y","name":"Y","rarity":"C","type":"general","cost":2,"faction":"wei"}"#)
                .unwrap_err();
        assert!(
            matches!(e, ThreeKingdomsError::Card { ref card, field: "strength", .. } if card == "y")
        );
        let e = one(r#"{"id":"z","name":"Z","rarity":"C","type":"tactic","cost":2,"target":"player","effects":[{"op":"damage","amount":100}]}"#)
            .unwrap_err();
        assert!(matches!(
            e,
            ThreeKingdomsError::Card {
                field: "effects",
                ..
            }
        ));
        let e =
            one(r#"{"id":"w","name":"W","rarity":"C","type":"tactic","cost":2,"colour":"red"}"#)
                .unwrap_err();
        assert!(e.to_string().contains("card w"), "{e}");
        assert!(e.to_string().contains("colour"), "{e}");
        let e = CardSet::from_json(
            r#"{"format":"pbp-three-kingdoms-cards","version":2,"set":"s","cards":[]}"#,
        )
        .unwrap_err();
        assert!(e.to_string().contains("version 2"));
        let e = one(r#"{"id":"v","name":"V","rarity":"C","type":"lord","cost":4,"strength":3000,"faction":"wu","traits":["war","politics"]}"#)
            .unwrap_err();
        assert!(matches!(
            e,
            ThreeKingdomsError::Card {
                field: "traits",
                ..
            }
        ));
    }

    #[test]
    fn events_cost_nothing() {
        let e = one(r#"{"id":"ev","name":"Ev","rarity":"C","type":"event","cost":1,"target":"player","effects":[{"op":"cost_change","amount":-1,"cards":"any","player":"you","duration":"permanent"}]}"#)
            .unwrap_err();
        assert!(matches!(e, ThreeKingdomsError::Card { field: "cost", .. }));
        let e = one(r#"{"id":"ev","name":"Ev","rarity":"C","type":"event","cost":0,"target":"player","effects":[{"op":"draw","count":1,"player":"you"}]}"#)
            .unwrap_err();
        assert!(
            matches!(
                e,
                ThreeKingdomsError::Card {
                    field: "effects",
                    ..
                }
            ),
            "{e}"
        );
    }

    #[test]
    fn duplicate_ids_are_refused() {
        let c = r#"{"id":"d","name":"D","rarity":"C","type":"tactic","cost":1,"target":"player","effects":[{"op":"draw","count":1,"player":"you"}]}"#;
        let e = one(&format!("{c},{c}")).unwrap_err();
        assert!(matches!(e, ThreeKingdomsError::Card { field: "id", .. }));
    }
}
