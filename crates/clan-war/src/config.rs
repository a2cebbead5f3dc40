//! The game's config: the players, the map, the rounds and every rules option the seed leaves
//! open.

use pbp_core::Reshuffle;
use serde::{Deserialize, Serialize};

use crate::clan::{Clan, Strategy};
use crate::map::MapSpec;

/// One player's setup: a clan and two strategies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    /// The Great Clan the player represents (one player per clan).
    pub clan: Clan,
    /// The player's two strategies (any two different ones).
    pub strategies: [Strategy; 2],
    /// The player's name on the forum.
    #[serde(default)]
    pub name: String,
}

/// Who gets the home-province bonus ("+1 to all your rolls").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HomeBonus {
    /// The seed's letter: only the attacker, when attacking from or attacking a province of its
    /// own clan.
    #[default]
    AttackerOnly,
    /// Also the defender, when the attacked hex is a province of its own clan.
    BothSides,
}

/// How long a Duelist loss stops the opponent's draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DuelistSpan {
    /// The seed's letter ("does not draw a card this round"): no normal end-of-battle draw for
    /// the rest of the round.
    #[default]
    Round,
    /// Only the draw at the end of this battle.
    Battle,
}

/// What happens when two attackers win the same hex in one round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Contested {
    /// First come, first served: the attack declared first takes the hex.
    #[default]
    FirstDeclared,
    /// Nobody takes it: the holder keeps it.
    Holder,
}

/// When a battle roll chooses its kept die: before or after the die modifiers ("+2 to your
/// highest die roll", Intrigue's "-2 to their highest die roll", Spiritual's "+1 bonus to your
/// second highest die roll"). They differ only when a modifier changes the order of the dice:
/// a Crab rolling 8 and 7 against Intrigue keeps the 7 (the 8 became 6) after the modifiers,
/// and the 6 before them. See docs/rules/clan-war.md, "The kept die and Intrigue's -2".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KeptDice {
    /// The seed's reading: each modifier goes to the die of its rank as rolled, and "the winner
    /// is the one with the highest result", so the kept die is the highest after the modifiers.
    #[default]
    AfterModifiers,
    /// The kept die is the highest as rolled, and the modifiers of the highest die go to it
    /// even when that leaves it below the die not kept (pbp's reading before issue 27).
    BeforeModifiers,
}

/// The options for every point the seed leaves open. `Default` is the documented reading.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Play with the 37 printed cards only, leaving out the 15 reconstructed blank slots.
    pub printed_cards_only: bool,
    /// Who gets the home-province bonus.
    pub home_bonus: HomeBonus,
    /// A Spell may be played as a battle card (and is cast); when false, only Magic casts Spells.
    pub spells_playable: bool,
    /// Cards played through a Ring also take their own effects (besides the Ring's `+1k0`).
    pub ring_cards_take_effect: bool,
    /// How long a Duelist loss stops the opponent's draws.
    pub duelist_span: DuelistSpan,
    /// Two attackers winning the same hex.
    pub contested: Contested,
    /// When the deck runs out: reshuffle the discards into it (default) or draw nothing more.
    pub reshuffle: Reshuffle,
    /// A force-resolved wash still counts as a battle engaged (0.5 glory each).
    pub wash_counts_as_engaged: bool,
    /// The game master may sign up late players (`join`).
    pub late_sign_up: bool,
    /// Every Blessing gives +1k0, Daikoku's (43) and Fukurokujin's (45) too, as if the line the
    /// other Blessings print had been lost from those two (default false: as printed).
    pub every_blessing_plus_one_k0: bool,
    /// When a roll chooses its kept die: after the die modifiers (default) or before them.
    pub kept_dice: KeptDice,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            printed_cards_only: false,
            home_bonus: HomeBonus::AttackerOnly,
            spells_playable: true,
            ring_cards_take_effect: true,
            duelist_span: DuelistSpan::Round,
            contested: Contested::FirstDeclared,
            reshuffle: Reshuffle::Discards,
            wash_counts_as_engaged: true,
            late_sign_up: true,
            every_blessing_plus_one_k0: false,
            kept_dice: KeptDice::AfterModifiers,
        }
    }
}

/// The setup of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ClanWarConfig {
    /// The players, seat 0 first (2 to 8, distinct clans).
    pub players: Vec<PlayerSetup>,
    /// The map; `None` plays the default map.
    pub map: Option<MapSpec>,
    /// Rounds (days) in the game; the seed's schedule, 5/17 to the resolution on 5/29 at 7pm,
    /// is twelve 24-hour rounds.
    pub rounds: u32,
    /// The options.
    pub options: Options,
}

impl Default for ClanWarConfig {
    /// The seed's table: Crab (Tactical, Warfare), Dragon (Defensive, Duelist), Lion (Honor,
    /// Intrigue), Mantis (Mobility, Warfare), Phoenix (Defensive, Magic); twelve rounds.
    fn default() -> Self {
        let p = |clan, a, b, name: &str| PlayerSetup {
            clan,
            strategies: [a, b],
            name: name.to_owned(),
        };
        use Strategy::*;
        ClanWarConfig {
            players: vec![
                p(Clan::Crab, Tactical, Warfare, "Mongooseh"),
                p(Clan::Dragon, Defensive, Duelist, "BegrudginglyGood"),
                p(Clan::Lion, Honor, Intrigue, "Plainsfox"),
                p(Clan::Mantis, Mobility, Warfare, "xX_Terei_Xx"),
                p(Clan::Phoenix, Defensive, Magic, "Paidi tou Selini"),
            ],
            map: None,
            rounds: 12,
            options: Options::default(),
        }
    }
}
